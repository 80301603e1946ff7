import HTTPTypes
import Hummingbird

/// `GET /` (the playground page), its script and style sheet, its basemap,
/// MapLibre GL JS for a style of the user's and `GET /v1/examples` (the
/// scenes its picker offers). All cheap and never queued behind heavy work:
/// the page, basemap, MapLibre files and examples are bytes made at start-up.
struct PlaygroundController {
    let assets: PlaygroundAssets
    let examples: ExampleCatalog
    let basemap: PlaygroundBasemap?
    let mapLibre: PlaygroundMapLibre?
    /// `PREFIX/share/cartouche` of an installed copy (for the 404s' advice), nil in a build.
    let installedShare: String?

    /// The page may only load its own script, style sheet and the service's
    /// answers: no third-party code, no inline script, no framing.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    func register(on router: Router<ServiceRequestContext>) {
        router.get(RouterPath(ServiceRoute.playground.path)) { request, _ in
            // `?style=URL` draws that style under the callouts; the policy then allows its origin (and nothing else).
            let styles = request.parameterPairs.filter { $0.name == "style" }
            guard styles.count < 2 else {
                return Problem(slug: "invalid-parameter", title: "Bad Request", status: .badRequest,
                               detail: "style is given \(styles.count) times; give it once", parameter: "style")
                    .response(requestPath: request.uri.path)
            }
            guard let text = styles.first?.value else { return Self.asset(assets.html, type: "text/html; charset=utf-8") }
            do throws(Problem) {
                let style = try PlaygroundStyleURL(text)
                return Self.asset(assets.html, type: "text/html; charset=utf-8", policy: style.contentSecurityPolicy)
            } catch {
                return error.response(requestPath: request.uri.path)
            }
        }
        router.get(RouterPath(ServiceRoute.playgroundScript.path)) { _, _ in
            Self.asset(assets.script, type: "text/javascript; charset=utf-8")
        }
        router.get(RouterPath(ServiceRoute.playgroundStyle.path)) { _, _ in
            Self.asset(assets.style, type: "text/css; charset=utf-8")
        }
        router.get(RouterPath(ServiceRoute.examples.path)) { _, _ in jsonResponse(examples.responseBody) }
        router.get(RouterPath(ServiceRoute.playgroundBasemap.path)) { request, _ in
            guard let basemap else { return PlaygroundBasemap.notInstalled(installedShare: installedShare).response(requestPath: request.uri.path) }
            var headers = HTTPFields()
            headers[.contentType] = "application/geo+json"
            headers[.xContentTypeOptions] = "nosniff"
            headers[.cacheControl] = "no-cache"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: basemap.body)))
        }
        for (route, type) in [(ServiceRoute.playgroundMapLibreScript, "text/javascript; charset=utf-8"),
                              (.playgroundMapLibreStyle, "text/css; charset=utf-8")] {
            router.get(RouterPath(route.path)) { request, _ in
                guard let mapLibre else { return PlaygroundMapLibre.notInstalled(installedShare: installedShare).response(requestPath: request.uri.path) }
                var headers = HTTPFields()
                headers[.contentType] = type
                headers[.xContentTypeOptions] = "nosniff"
                headers[.cacheControl] = "no-cache"
                let body = route == .playgroundMapLibreScript ? mapLibre.script : mapLibre.style
                return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
            }
        }
    }

    static func asset(_ text: String, type: String, policy: String = contentSecurityPolicy) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.contentSecurityPolicy] = policy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "no-referrer"
        // Served from the install: a new build is a new page, so always revalidate.
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

extension HTTPField.Name {
    // A constant, valid token: the initializer only fails for invalid names.
    static let referrerPolicy = HTTPField.Name("Referrer-Policy") ?? .via
}
