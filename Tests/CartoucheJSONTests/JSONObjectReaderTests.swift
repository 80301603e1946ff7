import Testing

@testable import CartoucheJSON

@Suite struct JSONObjectReaderTests {
    let base = JSONPath(components: [.key("callouts"), .index(2)])

    @Test func readsTypedMembers() throws {
        let value: JSONValue = ["name": "eta", "size": 12, "ratio": 1.5, "bold": true, "note": nil]
        var reader = try JSONObjectReader(value, at: base)
        #expect(try reader.requiredString("name") == "eta")
        #expect(try reader.requiredInt("size") == 12)
        #expect(try reader.optionalNumber("ratio") == 1.5)
        #expect(try reader.optionalBool("bold") == true)
        #expect(try reader.optionalString("note") == nil)
        #expect(try reader.optionalString("absent") == nil)
        try reader.rejectUnknownMembers()
    }

    @Test func reportsMissingAndMistypedMembersWithPaths() throws {
        var reader = try JSONObjectReader(["size": "big", "n": 1.5], at: base)
        #expect(throws: JSONDecodingError(path: base, reason: #"missing required member "name""#)) {
            try reader.requiredString("name")
        }
        #expect(throws: JSONDecodingError(path: base.appending(key: "size"), reason: "expected a number, found a string")) {
            try reader.requiredNumber("size")
        }
        #expect(throws: JSONDecodingError(path: base.appending(key: "n"), reason: "expected an integer, found 1.5")) {
            try reader.requiredInt("n")
        }
        #expect(throws: JSONDecodingError(path: base, reason: "expected an object, found an array")) {
            try JSONObjectReader([1], at: base)
        }
    }

    /// JavaScript's safe integers are read; 2⁵³ is not, since 2⁵³ + 1 parses
    /// to the same double and would silently become another integer.
    @Test func readsSafeIntegersOnly() throws {
        let safe = 9_007_199_254_740_991.0
        #expect(try JSONValue.number(safe).decodeInt(at: base) == 9_007_199_254_740_991)
        #expect(try JSONValue.number(-safe).decodeInt(at: base) == -9_007_199_254_740_991)
        for unsafe in [safe + 1, -(safe + 1), 1e300] {
            let reason = "expected an integer from -9007199254740991 to 9007199254740991 (JavaScript's safe integers), found \(unsafe)"
            #expect(throws: JSONDecodingError(path: base, reason: reason)) {
                try JSONValue.number(unsafe).decodeInt(at: base)
            }
        }
        let parsed = try JSONParser().parse("9007199254740993")
        #expect(throws: JSONDecodingError.self) { try parsed.decodeInt(at: base) }
    }

    @Test func rejectsUnknownMembersNamingThem() throws {
        var reader = try JSONObjectReader(["name": "a", "colour": "red", "zoom": 3, "Size": 1], at: base)
        _ = try reader.requiredString("name")
        _ = try reader.optionalNumber("size")
        #expect(reader.unreadMembers == ["colour": "red", "zoom": 3, "Size": 1])
        do {
            try reader.rejectUnknownMembers()
            Issue.record("unknown members accepted")
        } catch {
            #expect(error.path == base.appending(key: "Size"))
            #expect(error.description == #"callouts[2].Size: unknown member (also unknown: "colour", "zoom"); allowed members are "name", "size""#)
        }
        let empty = try JSONObjectReader(["x": 1], at: .root)
        #expect(throws: JSONDecodingError(path: JSONPath(components: [.key("x")]), reason: "unknown member; this object takes no members")) {
            try empty.rejectUnknownMembers()
        }
    }

    enum Anchor: String, CaseIterable { case top, bottom, topLeft = "top-left" }

    @Test func readsArraysObjectsAndEnumCases() throws {
        let value: JSONValue = ["anchors": ["top", "top-left"], "size": ["w": 10], "anchor": "bottom"]
        var reader = try JSONObjectReader(value, at: base)
        let anchors = try reader.required("anchors") { value, path throws(JSONDecodingError) in
            try value.decodeArray(at: path) { element, path throws(JSONDecodingError) in try element.decodeCase(Anchor.self, at: path) }
        }
        #expect(anchors == [.top, .topLeft])
        #expect(try reader.requiredObject("size") == ["w": 10])
        #expect(try reader.requiredCase("anchor", as: Anchor.self) == .bottom)
        #expect(try reader.optionalCase("missing", as: Anchor.self) == nil)
        #expect(try reader.optionalArray("missing") == nil)
        try reader.rejectUnknownMembers()

        var bad = try JSONObjectReader(["anchors": ["top", "left"], "anchor": "Top"], at: base)
        #expect(throws: JSONDecodingError(
            path: base.appending(key: "anchor"), reason: #"unknown value "Top"; expected one of "top", "bottom", "top-left""#)
        ) {
            try bad.requiredCase("anchor", as: Anchor.self)
        }
        #expect(throws: JSONDecodingError(
            path: base.appending(key: "anchors").appending(index: 1),
            reason: #"unknown value "left"; expected one of "top", "bottom", "top-left""#)
        ) {
            try bad.requiredArray("anchors").enumerated().map { index, element throws(JSONDecodingError) in
                try element.decodeCase(Anchor.self, at: base.appending(key: "anchors").appending(index: index))
            }
        }
        #expect(throws: JSONDecodingError(path: base.appending(key: "anchors"), reason: "expected an object, found an array")) {
            try bad.requiredObject("anchors")
        }
    }

    @Test func rejectsNonFiniteNumbersBuiltInCode() {
        #expect(throws: JSONDecodingError(path: .root, reason: "expected a finite number, found nan")) {
            try JSONValue.number(.nan).decodeNumber(at: .root)
        }
    }

    @Test func pathsPrintUnambiguously() {
        #expect(JSONPath.root.description == "$")
        #expect(JSONPath(components: [.index(0), .key("a")]).description == "[0].a")
        let path = JSONPath(components: [.key("features"), .index(3), .key("geometry"), .key("coordinates"), .index(0), .index(2)])
        #expect(path.description == "features[3].geometry.coordinates[0][2]")
        let odd = JSONPath(components: [.key("properties"), .key("opening hours"), .key("a.b"), .key(""), .key("2x"), .key("snake_case-ok")])
        #expect(odd.description == #"properties["opening hours"]["a.b"][""]["2x"].snake_case-ok"#)
        #expect(JSONPath(components: [.key("b")]).prepending(JSONPath(components: [.key("a")])).description == "a.b")
    }
}
