import CartoucheJSON
import Foundation
import Testing

/// Compares `value`, written by the real `JSONWriter` (pretty, keys sorted),
/// with `Golden/<name>.json` byte for byte. `CARTOUCHE_UPDATE_GOLDEN=1`
/// rewrites the file instead — only when the old file holds the same JSON
/// value, so a rewrite can change formatting but never content unnoticed;
/// `CARTOUCHE_UPDATE_GOLDEN=force` rewrites regardless (review the diff).
func expectGolden(_ value: JSONValue, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden").appendingPathComponent("\(name).json")
    let actual = try value.jsonString(style: .pretty) + "\n"
    switch ProcessInfo.processInfo.environment["CARTOUCHE_UPDATE_GOLDEN"] {
    case "force":
        try actual.write(to: url, atomically: true, encoding: .utf8)
        return
    case "1":
        let old = try JSONParser().parse(Array(try String(contentsOf: url, encoding: .utf8).utf8))
        #expect(old == value, "golden \(name).json holds a different value; not rewritten", sourceLocation: sourceLocation)
        if old == value { try actual.write(to: url, atomically: true, encoding: .utf8) }
        return
    default:
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "golden \(name).json differs", sourceLocation: sourceLocation)
    }
}
