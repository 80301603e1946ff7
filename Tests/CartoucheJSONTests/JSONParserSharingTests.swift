import Testing

@testable import CartoucheJSON

/// Large documents share identical small containers (`JSONRecentContainers`):
/// invisible but for memory, so every value must still be the one its bytes
/// say — repeated ones, distinct ones that collide in the 1,024-slot table,
/// ones that differ only in whitespace or key order, and containers over the
/// length limit.
@Suite struct JSONParserSharingTests {
    @Test("a document over 64 KiB parses every repeated, colliding and near-identical container to its own value")
    func sharedContainersKeepTheirValues() throws {
        let anchors = #"[{"anchor":"top-left","offsetX":4,"offsetY":-4},{"anchor":"bottom","offsetX":0,"offsetY":4}]"#
        let long = "[" + (0..<200).map(String.init).joined(separator: ",") + "]"  // over 512 bytes: never shared
        var items: [String] = []
        var expected: [JSONValue] = []
        for i in 0..<3000 {
            // Distinct small containers (3,000 of them: many share a slot), repeated ones, and near twins.
            let spacing = i % 3 == 0 ? " " : ""
            items.append(#"{"id":\#(i),"at":[\#(i),\#(-i)],"anchors":\#(anchors),"pad":{"a":1,\#(spacing)"b":2},"swap":{"\#(i % 2 == 0 ? "x\":1,\"y" : "y\":2,\"x")":\#(i % 2 == 0 ? 2 : 1)},"long":\#(long)}"#)
            let anchorsValue: JSONValue = [["anchor": "top-left", "offsetX": 4, "offsetY": -4], ["anchor": "bottom", "offsetX": 0, "offsetY": 4]]
            expected.append(["id": .number(Double(i)), "at": [.number(Double(i)), .number(Double(-i))], "anchors": anchorsValue,
                             "pad": ["a": 1, "b": 2], "swap": i % 2 == 0 ? ["x": 1, "y": 2] : ["y": 2, "x": 1],
                             "long": .array((0..<200).map { .number(Double($0)) })])
        }
        let text = "[" + items.joined(separator: ",") + "]"
        try #require(text.utf8.count >= JSONRecentContainers.minimumDocumentLength)
        let parsed = try #require(try JSONParser().parse(text).arrayValue)
        try #require(parsed.count == expected.count)
        for (i, (got, want)) in zip(parsed, expected).enumerated() {
            #expect(got == want, "item \(i)")
        }
    }
}
