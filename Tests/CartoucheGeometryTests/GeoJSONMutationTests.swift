import CartoucheTestSupport
import CartoucheJSON
import Testing

@testable import CartoucheGeometry

/// Seeded structural mutations of a valid FeatureCollection: every mutant must
/// either decode (and then survive an encode/decode round trip unchanged) or
/// be rejected with an error whose path names a value that really exists in
/// the mutant. Nothing may crash.
@Suite struct GeoJSONMutationTests {
    static let base = """
        {"type":"FeatureCollection","bbox":[-10,-10,10,10],"name":"fixture","features":[
        {"type":"Feature","id":1,"geometry":{"type":"Point","coordinates":[1,2]},"properties":{"a":1}},
        {"type":"Feature","id":"b","geometry":{"type":"LineString","coordinates":[[0,0],[1,1,5]]},"properties":null},
        {"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]},"properties":{}},
        {"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[{"type":"MultiPoint","coordinates":[[2,2]]}]},"properties":{}},
        {"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[2,0],[2,2],[0,0]]]]},"properties":{}},
        {"type":"Feature","geometry":{"type":"MultiLineString","coordinates":[[[0,0],[3,3]]]},"properties":{}}
        ]}
        """

    /// Every path to a value inside `value`, the root included.
    static func allPaths(_ value: JSONValue, at path: JSONPath = .root) -> [JSONPath] {
        var paths = [path]
        switch value {
        case .array(let elements):
            for (index, element) in elements.enumerated() { paths += allPaths(element, at: path.appending(index: index)) }
        case .object(let members):
            for name in JSONWriter.sortedKeys(members) {
                if let member = members[name] { paths += allPaths(member, at: path.appending(key: name)) }
            }
        default:
            break
        }
        return paths
    }

    /// The value at `path`, or nil when the path leads nowhere.
    static func resolve(_ path: JSONPath, in value: JSONValue) -> JSONValue? {
        var current = value
        for component in path.components {
            switch (component, current) {
            case (.index(let index), .array(let elements)) where elements.indices.contains(index):
                current = elements[index]
            case (.key(let name), .object(let members)):
                guard let member = members[name] else { return nil }
                current = member
            default:
                return nil
            }
        }
        return current
    }

    /// `value` with the value at `path` replaced by `replacement` (or removed when nil).
    static func replacing(_ path: ArraySlice<JSONPath.Component>, in value: JSONValue, with replacement: JSONValue?) -> JSONValue? {
        guard let first = path.first else { return replacement }
        switch (first, value) {
        case (.index(let index), .array(var elements)):
            if let replaced = replacing(path.dropFirst(), in: elements[index], with: replacement) {
                elements[index] = replaced
            } else {
                elements.remove(at: index)
            }
            return .array(elements)
        case (.key(let name), .object(var members)):
            members[name] = members[name].flatMap { replacing(path.dropFirst(), in: $0, with: replacement) }
            return .object(members)
        default:
            return value
        }
    }

    @Test func mutantsDecodeOrFailAtARealPath() throws {
        let original = try JSONParser().parse(Self.base)
        _ = try FeatureCollection(json: original)  // the base itself is valid
        let paths = Self.allPaths(original).filter { !$0.isRoot }
        let replacements: [JSONValue?] = [
            nil, .null, true, 0, -0.5, 95, -200, 600, 1e300, "Point", "Feature", "", [], [:], [1], [1, 2, 3, 4],
            [[0, 0]], ["x": 1], ["type": "Point", "coordinates": [0, 0]],
        ]
        var random = SplitMix64(seed: 7946_0001)
        var accepted = 0
        var rejected = 0
        for _ in 0..<3_000 {
            var mutant = original
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let path = paths[Int.random(in: 0..<paths.count, using: &random)]
                guard Self.resolve(path, in: mutant) != nil else { continue }
                let replacement = replacements[Int.random(in: 0..<replacements.count, using: &random)]
                mutant = Self.replacing(path.components[...], in: mutant, with: replacement) ?? mutant
            }
            let collection: FeatureCollection
            do {
                collection = try FeatureCollection(json: mutant)
            } catch {
                rejected += 1
                #expect(Self.resolve(error.path, in: mutant) != nil, "error at a path that does not exist: \(error)")
                #expect(!error.reason.isEmpty)
                continue
            }
            accepted += 1
            let again = try FeatureCollection(jsonBytes: try collection.jsonBytes())
            #expect(again == collection)
        }
        // Both outcomes must be exercised for the invariant to mean anything.
        #expect(accepted > 100)
        #expect(rejected > 1_000)
    }
}
