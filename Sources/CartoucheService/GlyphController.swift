import CartoucheJobs
import CartoucheText
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /v1/glyphs/{fontstack}/{range}.pbf`: Mapbox glyph ranges (SDF,
/// 24 px, 3 px buffer) made from the fonts the service measures text with,
/// so a style compiled here can point its `glyphs` at the service
/// (`http://host:port/v1/glyphs/{fontstack}/{range}.pbf`).
///
/// Answers are made once in the heavy-work pool and kept in the bounded
/// ``GlyphCache``; they carry `Cache-Control` (the fonts only change with a
/// restart) and a strong `ETag`, and an `If-None-Match` that names it is
/// answered `304`.
struct GlyphController {
    let state: ServiceState

    static let contentType = "application/x-protobuf"
    /// A day: renderers and CDNs may keep a range that long without asking again.
    static let cacheControl = "public, max-age=86400"

    func register(on router: Router<ServiceRequestContext>) {
        router.get(RouterPath(ServiceRoute.glyphs.path)) { request, context in
            try await self.glyphs(request, fontstack: context.parameters.get("fontstack"), range: context.parameters.get("range"))
        }
    }

    func glyphs(_ request: Request, fontstack rawStack: String?, range rawRange: String?) async throws(Problem) -> Response {
        _ = try Problem.mapping { () throws(JobError) in try ParameterReader(request.parameterPairs, allowed: []) }
        guard let rawRange, let range = try? GlyphRange(parsing: rawRange) else {
            throw Problem.invalidGlyphParameter("range", GlyphError.invalidRange(rawRange ?? "").description)
        }
        guard let fontstack = rawStack?.removingPercentEncoding else {
            throw Problem.invalidGlyphParameter("fontstack", "the font stack \"\(rawStack ?? "")\" is not valid percent-encoded UTF-8")
        }
        let key = "\(range.start)/\(fontstack)"
        let entry: GlyphCache.Entry
        if let cached = state.glyphCache.entry(key) {
            state.metrics.recordGlyphCache(hit: true)
            entry = cached
        } else {
            state.metrics.recordGlyphCache(hit: false)
            entry = try await make(fontstack: fontstack, range: range)
            state.glyphCache.insert(entry, for: key)
        }
        var headers: HTTPFields = [.contentType: Self.contentType, .cacheControl: Self.cacheControl, .eTag: entry.etag]
        headers[SceneController.warningCountField] = "\(entry.warnings.count)"
        if !entry.warnings.isEmpty { headers[SceneController.warningsField] = SceneController.warningsHeader(entry.warnings) }
        if let match = request.headers[.ifNoneMatch],
           match == "*" || match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == entry.etag }) {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: entry.body)))
    }

    /// Resolves the stack (an unknown one is a 404 naming it) and makes the range in the heavy-work pool.
    private func make(fontstack: String, range: GlyphRange) async throws(Problem) -> GlyphCache.Entry {
        let generator = GlyphRangeGenerator(registry: state.text.registry)
        let stack: ResolvedFontStack
        do { stack = try generator.resolve(fontstack) } catch {
            switch error {
            case .unknownFontStack, .emptyFontStack:
                throw Problem(slug: "unknown-font", title: "Not Found", status: .notFound, detail: error.description, parameter: "fontstack")
            default:
                throw Problem.invalidGlyphParameter("fontstack", error.description)
            }
        }
        let warnings = stack.unknownNames.map {
            "font stack: \"\($0)\" is not a known font; its code points come from the rest of the stack and the bundled fallbacks"
        }
        let body = try await state.runHeavy { () -> Result<[UInt8], JobError> in
            do {
                return .success(GlyphPBF.encode(fontstack: fontstack, range: range, glyphs: try generator.glyphs(of: stack, in: range)))
            } catch {
                return .failure(JobError(.internalFailure, detail: "\(error)"))
            }
        }
        return GlyphCache.Entry(body: body, warnings: warnings)
    }
}

extension Problem {
    static func invalidGlyphParameter(_ name: String, _ detail: String) -> Problem {
        Problem(slug: "invalid-parameter", title: "Bad Request", status: .badRequest, detail: detail, parameter: name)
    }
}
