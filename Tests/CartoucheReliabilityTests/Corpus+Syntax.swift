import CartoucheJSON

/// Bodies that are not JSON: every one is a 400 `invalid-json` with the line
/// and column of the first bad character (columns count Unicode scalars).
extension HostileCorpus {
    /// A one-line body `prefix + bad + suffix` whose error is at the first character of `bad`.
    static func syntax(_ name: String, _ prefix: String, _ bad: String, _ suffix: String = "", detail: String,
                       routes: [CorpusRoute] = CorpusRoute.sceneRoutes) -> HostileCase {
        HostileCase(name: name, family: .syntax, request: HostileRequest(prefix + bad + suffix), routes: routes,
                    expected: .syntax(detail, line: 1, column: prefix.unicodeScalars.count + 1))
    }

    /// The same, for bodies that are raw bytes (invalid UTF-8, control characters, a BOM).
    static func syntaxBytes(_ name: String, _ prefix: String, _ bad: [UInt8], _ suffix: String, detail: String) -> HostileCase {
        let bytes = Array(prefix.utf8) + bad + Array(suffix.utf8)
        return HostileCase(name: name, family: .syntax, request: HostileRequest(bytes: { bytes }),
                           expected: .syntax(detail, line: 1, column: prefix.unicodeScalars.count + 1))
    }

    static let syntaxCases: [HostileCase] = {
        let head = #"{"version":1,"viewport":{"width":"#
        let calloutsHead = #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":4},"viewAnnotations":[{"id":""#
        return [
            HostileCase(name: "empty body", family: .syntax, request: HostileRequest(""), routes: CorpusRoute.sceneRoutes + [.shape],
                        expected: .syntax("unexpected end of input", line: 1, column: 1)),
            HostileCase(name: "only whitespace", family: .syntax, request: HostileRequest("  \n\t "),
                        expected: .syntax("unexpected end of input", line: 2, column: 3)),
            syntax("NaN literal", head, "NaN", #","height":300}}"#, detail: "unexpected character 'N'"),
            syntax("Infinity literal", head, "Infinity", #","height":300}}"#, detail: "unexpected character 'I'"),
            syntax("-Infinity literal", head + "-", "Infinity", #","height":300}}"#, detail: "invalid number"),
            syntax("1e400 overflows a double", head, "1e400", #","height":300}}"#, detail: "too large to represent as a double"),
            syntax("-1e400 as a longitude", #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":["#,
                   "-1e400", ",0],\"zoom\":4}}", detail: "too large to represent as a double"),
            syntax("trailing garbage", SceneJSON.scene(), "garbage", detail: "unexpected content after the top-level value"),
            syntax("two documents", SceneJSON.scene(), SceneJSON.scene(), detail: "unexpected content after the top-level value"),
            syntax("trailing comma", #"{"version":1,"viewport":{"width":400,"height":300}"#, ",}",
                   detail: "trailing comma"),
            syntax("a comment", "{", "/* scene */", #""version":1}"#, detail: "unexpected character '/'"),
            syntax("single quotes", #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":4},"viewAnnotations":[{"id":"#,
                   "'a'", "}]}", detail: "unexpected character '''"),
            syntax("leading zero", head, "0400", #","height":300}}"#, detail: "invalid number"),
            syntax("invalid escape", calloutsHead + "a", #"\x41"#, #""}]}"#, detail: "invalid escape"),
            syntax("lone high surrogate \\ud800", calloutsHead, #"\ud800"#, #""}]}"#, detail: #"lone UTF-16 surrogate \uD800"#,
                   routes: CorpusRoute.sceneRoutes + [.shape]),
            syntax("lone low surrogate \\udc00", calloutsHead + "x", #"\udc00"#, #""}]}"#, detail: #"lone UTF-16 surrogate \uDC00"#),
            syntax("high surrogate before a non-surrogate", calloutsHead, #"\ud800\u0041"#, #""}]}"#, detail: "lone UTF-16 surrogate"),
            syntaxBytes("invalid UTF-8 (0xFF) in a string", calloutsHead, [0xFF], #""}]}"#, detail: "invalid UTF-8"),
            syntaxBytes("overlong UTF-8 (0xC0 0xAF)", calloutsHead, [0xC0, 0xAF], #""}]}"#, detail: "invalid UTF-8"),
            syntaxBytes("raw control character in a string", calloutsHead, [0x01], #""}]}"#, detail: "unescaped control character 0x01"),
            syntaxBytes("byte-order mark", "", [0xEF, 0xBB, 0xBF], SceneJSON.scene(), detail: "unexpected character 0xEF"),
            syntax("duplicate key", #"{"version":1,"#, #""version":1"#, "}", detail: "duplicate object key at version"),
            syntax("truncated document", #"{"version":1,"viewport":{"#, "", detail: "unexpected end of input"),
            // 100,000 `[`: refused at the 513th, long before any stack could overflow.
            HostileCase(name: "arrays nested 100,000 deep", family: .syntax,
                        request: HostileRequest(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)),
                        expected: .syntax("nested deeper than 512 levels", line: 1, column: 513)),
            HostileCase(name: "objects nested 600 deep inside customData", family: .syntax,
                        request: HostileRequest(deepCustomData(depth: 600)),
                        expected: .syntax("nested deeper than 512 levels", line: 1, column: deepCustomDataErrorColumn)),
        ]
    }()

    /// A scene whose circle annotation's customData nests `depth` objects.
    static func deepCustomData(depth: Int) -> String {
        deepCustomDataPrefix + String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth) + "}]}]}"
    }

    static let deepCustomDataPrefix =
        #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":4},"managers":[{"id":"m","type":"circle","annotations":[{"id":"c","geometry":{"type":"Point","coordinates":[0,0]},"customData":"#

    /// The prefix leaves 5 containers open (scene, managers, manager,
    /// annotations, annotation), so the 513th container is customData's 508th
    /// object, after 507 whole `{"a":` openers.
    static var deepCustomDataErrorColumn: Int {
        deepCustomDataPrefix.unicodeScalars.count + (512 - 5) * #"{"a":"#.count + 1
    }
}
