import CartoucheJSON
import Foundation
import Testing

/// A test-only deterministic JSON printer: object keys sorted, two-space
/// indentation, integral numbers without a fraction, other numbers in
/// Swift's shortest round-trip form. The real writer replaces it at merge.
enum CanonicalJSON {
    static func print(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: "", into: &out)
        return out + "\n"
    }

    private static func write(_ value: JSONValue, indent: String, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n):
            if n == n.rounded(), abs(n) < 1e15 { out += String(Int64(n)) } else { out += "\(n)" }
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            // Short arrays of scalars (coordinates, expressions) stay on one line.
            if items.count <= 6, items.allSatisfy(isScalar) {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += ", " }
                    write(item, indent: indent, into: &out)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += indent + "  "
                write(item, indent: indent + "  ", into: &out)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let object):
            guard !object.isEmpty else { out += "{}"; return }
            out += "{\n"
            let keys = object.keys.sorted()
            for (i, key) in keys.enumerated() {
                out += indent + "  "
                writeString(key, into: &out)
                out += ": "
                write(object[key]!, indent: indent + "  ", into: &out)
                out += i == keys.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    private static func isScalar(_ v: JSONValue) -> Bool {
        switch v {
        case .array(let items): items.count <= 3 && items.allSatisfy { if case .array = $0 { false } else if case .object = $0 { false } else { true } }
        case .object: false
        default: true
        }
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// Compares `value` with `Golden/<name>.json`. With CARTOUCHE_UPDATE_GOLDEN=1
/// the file is (re)written instead; review the diff before committing.
func expectGolden(_ value: JSONValue, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden").appendingPathComponent("\(name).json")
    let actual = CanonicalJSON.print(value)
    if ProcessInfo.processInfo.environment["CARTOUCHE_UPDATE_GOLDEN"] == "1" {
        try actual.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "golden \(name).json differs", sourceLocation: sourceLocation)
}
