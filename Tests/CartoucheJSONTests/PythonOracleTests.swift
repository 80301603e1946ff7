import CartoucheTestSupport
import Foundation
import Testing

@testable import CartoucheJSON

/// Differential tests against CPython's `json` module, an independent RFC 8259
/// implementation, configured to be as strict as ours: duplicate keys, NaN /
/// Infinity literals and numbers overflowing to ±inf are rejected, and so are
/// strings holding lone surrogates (Python accepts `"\ud800"`, Swift strings
/// cannot hold it). Both sides reduce accepted documents to the same
/// canonical text (doubles as bit patterns, strings as code points, object
/// members sorted), so "accepted with the same value" is checked exactly.
@Suite struct PythonOracleTests {
    /// Canonical text of a value, matching `canon` in the Python script.
    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .null: return "n"
        case .bool(let flag): return flag ? "t" : "f"
        case .number(let number): return "d\(number.bitPattern)"
        case .string(let text): return "s" + text.unicodeScalars.map { String($0.value) }.joined(separator: ",") + ";"
        case .array(let elements): return "[" + elements.map(canonical).joined() + "]"
        case .object(let members):
            let names = members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            return "{" + names.map { canonical(.string($0)) + canonical(members[$0] ?? .null) }.joined() + "}"
        }
    }

    static let pythonScript = #"""
        import json, struct, sys

        class Reject(Exception):
            pass

        def pairs(items):
            members = {}
            for key, value in items:
                if key in members:
                    raise Reject()
                members[key] = value
            return members

        def number(text):
            value = float(text)
            if value in (float("inf"), float("-inf")):
                raise Reject()
            return value

        def constant(text):
            raise Reject()

        def canon(v):
            if v is None: return "n"
            if v is True: return "t"
            if v is False: return "f"
            if isinstance(v, float): return "d%d" % struct.unpack("<Q", struct.pack("<d", v))[0]
            if isinstance(v, str):
                if any(0xD800 <= ord(c) <= 0xDFFF for c in v):
                    raise Reject()
                return "s" + ",".join(str(ord(c)) for c in v) + ";"
            if isinstance(v, list): return "[" + "".join(canon(x) for x in v) + "]"
            return "{" + "".join(canon(k) + canon(v[k]) for k in sorted(v)) + "}"

        with open(sys.argv[1]) as cases:
            for line in cases:
                try:
                    text = bytes.fromhex(line.strip()).decode("utf-8")
                    value = json.loads(text, object_pairs_hook=pairs, parse_float=number,
                                       parse_int=number, parse_constant=constant)
                    print("A" + canon(value))
                except (Reject, ValueError, RecursionError):
                    print("R")
        """#

    /// Runs the Python oracle over `cases`; one "A<canonical>" or "R" per case.
    static func pythonVerdicts(_ cases: [[UInt8]]) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cartouche-json-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("cases.txt")
        let hex = cases.map { bytes in bytes.map { String(format: "%02x", $0) }.joined() }.joined(separator: "\n")
        try Data((hex + "\n").utf8).write(to: input)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", pythonScript, input.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    static func ourVerdict(_ bytes: [UInt8]) -> String {
        guard let value = try? JSONParser().parse(bytes) else { return "R" }
        return "A" + canonical(value)
    }

    /// Random values exercising every writer path: all double magnitudes,
    /// escapes, U+2028/2029, non-ASCII and astral scalars, nesting.
    static func randomValue(depth: Int, using random: inout SplitMix64) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &random) {
        case 0: return Bool.random(using: &random) ? .null : .bool(Bool.random(using: &random))
        case 1:
            let bits = random.next()
            let number = Double(bitPattern: bits)
            if number.isFinite && Bool.random(using: &random) { return .number(number) }
            return .number(Double(Int64.random(in: -100_000...100_000, using: &random)) / 64)
        case 2, 3:
            let pool: [Unicode.Scalar] = ["a", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "\u{7F}", "é", "\u{2028}", "\u{2029}", "€", "😀", "𝄞", " "]
            let scalars = (0..<Int.random(in: 0...8, using: &random)).map { _ in pool[Int.random(in: 0..<pool.count, using: &random)] }
            return .string(String(String.UnicodeScalarView(scalars)))
        case 4:
            return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        default:
            var members: [String: JSONValue] = [:]
            for index in 0..<Int.random(in: 0...4, using: &random) {
                members[["k", "é", "😀", "a\u{2028}", ""][index % 5] + "\(index)"] = randomValue(depth: depth + 1, using: &random)
            }
            return .object(members)
        }
    }

    @Test func pythonReadsOurOutputAsTheSameValues() throws {
        var random = SplitMix64(seed: 8259)
        var values: [JSONValue] = []
        var documents: [[UInt8]] = []
        for index in 0..<1_000 {
            let value = Self.randomValue(depth: 0, using: &random)
            values.append(value)
            documents.append(try value.jsonBytes(style: index % 2 == 0 ? .compact : .pretty))
        }
        let verdicts = try Self.pythonVerdicts(documents)
        try #require(verdicts.count == documents.count)
        var mismatches = 0
        for index in documents.indices where verdicts[index] != "A" + Self.canonical(values[index]) {
            mismatches += 1
            if mismatches <= 3 {
                Issue.record("Python disagrees on \(String(decoding: documents[index], as: UTF8.self)): \(verdicts[index])")
            }
        }
        #expect(mismatches == 0)
    }

    @Test func seededMutationsAreJudgedLikePython() throws {
        var random = SplitMix64(seed: 0xF022)
        let seeds: [String] = [
            #"{"a": [1, -2.5e-3, 0, true, false, null], "b": {"c": "d\u00e9\n"}, "e": ""}"#,
            #"[0.1, 1e308, 123456789012345678901234567890, -0, 5e-324, "\ud83d\ude00", "x\/y"]"#,
            #"{"k": {"k": {"k": [[], {}, [{}]]}}, "n": -12.75E+2}"#,
            "\"tab\\tnl\\nquote\\\"bs\\\\ \u{E9}\u{20AC}\u{1F600}\"",
        ]
        let alphabet = Array(#"{}[],:"\/ 0123456789.eE+-tfnrulsaxbu"#.utf8)
            + [0x00, 0x09, 0x0A, 0x1F, 0x7F, 0x80, 0xA9, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]
        var cases: [[UInt8]] = seeds.map { Array($0.utf8) }
        while cases.count < 6_000 {
            var bytes = Array(seeds[Int.random(in: 0..<seeds.count, using: &random)].utf8)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0...bytes.count, using: &random)
                let byte = alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where position < bytes.count: bytes.remove(at: position)
                case 1 where position < bytes.count: bytes[position] = byte
                case 2 where position < bytes.count:
                    let end = min(bytes.count, position + Int.random(in: 1...6, using: &random))
                    bytes.insert(contentsOf: bytes[position..<end], at: position)
                default: bytes.insert(byte, at: position)
                }
            }
            cases.append(bytes)
        }
        let verdicts = try Self.pythonVerdicts(cases)
        try #require(verdicts.count == cases.count)
        var accepted = 0
        var mismatches = 0
        for index in cases.indices {
            let ours = Self.ourVerdict(cases[index])
            if ours != "R" { accepted += 1 }
            if ours != verdicts[index] {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record("disagreement on \(cases[index]) (\(String(decoding: cases[index], as: UTF8.self).debugDescription)): ours \(ours.prefix(80)), Python \(verdicts[index].prefix(80))")
                }
            }
        }
        #expect(mismatches == 0)
        // The mutations must exercise both outcomes to mean anything.
        #expect(accepted > 300)
        #expect(cases.count - accepted > 3_000)
    }
}
