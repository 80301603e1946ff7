import CartoucheJobs
import Foundation
import Testing

@testable import CartoucheService

/// Every problem `type` the service can answer is in docs/SERVICE.md's error
/// table (with its status) and in the OpenAPI Problem schema's list (issue
/// #27 item 12: `unknown-font`, the glyph route's 404, was in neither). The
/// slugs are read from the service's sources (`slug: "…"`) and from the
/// JobError mapping, so a new one cannot be left out silently.
@Suite("problem types in the docs")
struct ProblemTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func slugsInSources() throws -> Set<String> {
        let folder = root.appendingPathComponent("Sources/CartoucheService")
        var slugs = Set<String>()
        let regex = try NSRegularExpression(pattern: #"slug: "([a-z-]+)""#)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { slugs.insert(String(text[range])) }
            }
        }
        for kind in JobError.Kind.allCases { slugs.insert(Problem(JobError(kind, detail: "x")).slug) }
        return slugs
    }

    @Test func everySlugHasATableRowWithItsStatus() throws {
        let slugs = try Self.slugsInSources()
        #expect(slugs.contains("unknown-font"))
        let service = try String(contentsOf: Self.root.appendingPathComponent("docs/SERVICE.md"), encoding: .utf8)
        let rows = service.split(separator: "\n").filter { $0.hasPrefix("| ") }
        for slug in slugs.sorted() {
            #expect(rows.contains { $0.contains("| `\(slug)` |") }, "docs/SERVICE.md has no error-table row for \(slug)")
        }
        #expect(rows.contains { $0.hasPrefix("| 404 | `unknown-font` |") })
    }

    @Test func everySlugIsInTheOpenAPIProblemType() throws {
        let slugs = try Self.slugsInSources()
        let document = OpenAPIDocument.json(fontNames: [], maxTextLength: 5_000)
        let marker = "https://cartouche.dev/problems/<slug>: "
        let start = try #require(document.range(of: marker))
        let list = document[start.upperBound...].prefix { $0 != "\"" }
        let listed = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(slugs.subtracting(listed).isEmpty, "missing from the OpenAPI Problem type: \(slugs.subtracting(listed).sorted())")
    }
}
