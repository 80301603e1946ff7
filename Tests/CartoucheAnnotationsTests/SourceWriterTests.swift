@testable import CartoucheAnnotations
import CartoucheTestSupport
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import Testing

/// The streaming path (`writeSourceData`) against the tree path
/// (`compile().source.json["data"]` through a compact `JSONWriter`): the same
/// bytes for every manager and the same error for every invalid one.
@Suite struct SourceWriterTests {
    /// The oracle: the existing compile, written the way the style is written.
    func treeBytes<K>(_ manager: AnnotationManager<K>, target: StyleTarget = .portable) throws -> [UInt8] {
        let source = try manager.compile(target: target).source.json
        let data = try #require(source.objectValue?["data"])
        var writer = JSONWriter()
        try writer.write(data)
        return writer.bytes
    }

    func expectSameBytes<K>(_ manager: AnnotationManager<K>, target: StyleTarget = .portable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let streamed = try manager.sourceDataBytes(target: target)
        let tree = try treeBytes(manager, target: target)
        #expect(streamed.count == tree.count, sourceLocation: sourceLocation)
        #expect(String(decoding: streamed, as: UTF8.self) == String(decoding: tree, as: UTF8.self), sourceLocation: sourceLocation)
    }

    /// Hand-written expectation for a tiny manager, independent of both paths.
    @Test func pointFeatureBytesByHand() throws {
        var a = PointAnnotation(id: "a\"1", coordinate: Coordinate(latitude: 48.5, longitude: -2.25), customData: ["z": 1, "b": [true, .null]])
        a.textField = "Hi"
        a.iconSize = 0.5
        a.image = StyleImage(name: "pin", width: 2, height: 2)
        let manager = PointAnnotationManager(id: "m", annotations: [a])
        let text = String(decoding: try manager.sourceDataBytes(), as: UTF8.self)
        #expect(text == #"{"features":[{"geometry":{"coordinates":[-2.25,48.5],"type":"Point"},"id":"a\"1","#
            + #""properties":{"custom_data":{"b":[true,null],"z":1},"id":"a\"1","layerProperties.icon-image":"pin","layerProperties.icon-size":0.5,"layerProperties.text-field":"Hi"},"#
            + #""type":"Feature"}],"type":"FeatureCollection"}"#)
    }

    /// The managers of the golden scenes.
    @Test func goldenScenesMatchTheTreePath() throws {
        var a = PointAnnotation(id: "louvre", coordinate: Coordinate(latitude: 48.8606, longitude: 2.3376), customData: ["rank": 1])
        a.textField = "Louvre"
        a.textColor = Fixtures.color("DarkRed")
        a.textOffset = StyleOffset(x: 0, y: 1.5)
        a.iconImage = "museum"
        a.iconSize = 0.5
        var b = PointAnnotation(id: "orsay", coordinate: Coordinate(latitude: 48.86, longitude: 2.3266))
        b.textField = "Orsay"
        b.textAnchor = .top
        try expectSameBytes(PointAnnotationManager(id: "museums", annotations: [a, b]))

        var c = CircleAnnotation(id: "c1", coordinate: Fixtures.paris)
        c.circleRadius = 10
        c.circleColor = Fixtures.color("rgba(0, 128, 255, 0.5)")
        c.circleStrokeWidth = 2
        try expectSameBytes(CircleAnnotationManager(id: "dots", annotations: [c, CircleAnnotation(id: "c2", coordinate: Fixtures.berlin)]))

        var route = PolylineAnnotation(id: "route", coordinates: [Fixtures.paris, Fixtures.berlin])
        route.lineColor = Fixtures.color("hsl(210, 100%, 40%)")
        route.lineWidth = 6
        route.lineJoin = .round
        try expectSameBytes(PolylineAnnotationManager(id: "routes", annotations: [route]))

        var zone = PolygonAnnotation(id: "zone", rings: [Fixtures.square(0, 0, size: 4), Fixtures.square(1, 1)])
        zone.fillColor = Fixtures.color("#0a0")
        zone.fillOutlineColor = Fixtures.color("black")
        try expectSameBytes(PolygonAnnotationManager(id: "zones", annotations: [zone]))

        try expectSameBytes(PointAnnotationManager(id: "shops", annotations: [
            PointAnnotation(id: "s1", coordinate: Fixtures.paris, customData: ["n": 2]),
            PointAnnotation(id: "s2", coordinate: Fixtures.berlin, customData: ["n": 5]),
        ], clusterOptions: ClusterOptions(clusterRadius: 40, clusterMaxZoom: 12)))
    }

    /// Seeded random managers of all four kinds, with random subsets of
    /// properties set, custom data, images, duplicate ids and odd strings.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomManagersMatchTheTreePath(seed: UInt64) throws {
        var g = SplitMix64(seed: seed)
        let count = 40
        var points: [PointAnnotation] = [], circles: [CircleAnnotation] = []
        var lines: [PolylineAnnotation] = [], polygons: [PolygonAnnotation] = []
        for i in 0..<count {
            let id = g.chance(0.1) ? "dup" : "id-\(i)\(g.chance(0.2) ? "\u{2028}é\n" : "")"
            let c = Coordinate(latitude: g.double(in: -85...85), longitude: g.double(in: -180...180))
            var custom: [String: JSONValue] = [:]
            if g.chance(0.5) { custom["n"] = .number(g.double(in: -1e6...1e6)) }
            if g.chance(0.3) { custom["tags"] = ["a", .number(Double(i)), ["k": .bool(g.chance(0.5))]] }
            var p = PointAnnotation(id: id, coordinate: c, customData: custom)
            if g.chance(0.5) { p.textField = "label \(i)" }
            if g.chance(0.5) { p.iconSize = g.double(in: 0...3) }
            if g.chance(0.3) { p.textColor = StyleColor(red: g.double(in: 0...1), green: 0.5, blue: g.double(in: 0...1), alpha: 1) }
            if g.chance(0.3) { p.textOffset = StyleOffset(x: g.double(in: -2...2), y: 1.25) }
            if g.chance(0.3) { p.iconImage = "icon-\(i % 3)" }
            if g.chance(0.2) { p.symbolSortKey = Double(i) }
            if g.chance(0.2) {
                p.image = StyleImage(name: "img-\(i % 2)", width: 1, height: 1, pixelRatio: 2)
            }
            points.append(p)
            var circle = CircleAnnotation(id: id, coordinate: c, customData: custom)
            if g.chance(0.6) { circle.circleRadius = Pixels(g.double(in: 0...30)) }
            if g.chance(0.6) { circle.circleOpacity = g.double(in: 0...1) }
            if g.chance(0.6) { circle.circleColor = StyleColor(red: 1, green: g.double(in: 0...1), blue: 0, alpha: g.double(in: 0...1)) }
            circles.append(circle)
            let d = g.double(in: 0.01...2)
            var line = PolylineAnnotation(id: id, coordinates: [c, Coordinate(latitude: c.latitude + d / 2, longitude: c.longitude + d)])
            if g.chance(0.5) { line.lineWidth = Pixels(g.double(in: 0...10)) }
            lines.append(line)
            var polygon = PolygonAnnotation(id: id, rings: [Fixtures.square(c.longitude, c.latitude, size: d)], customData: custom)
            if g.chance(0.5) { polygon.fillOpacity = g.double(in: 0...1) }
            polygons.append(polygon)
        }
        try expectSameBytes(PointAnnotationManager(id: "p", annotations: points))
        try expectSameBytes(PointAnnotationManager(id: "p", annotations: points), target: .mapbox)
        try expectSameBytes(CircleAnnotationManager(id: "c", annotations: circles))
        try expectSameBytes(PolylineAnnotationManager(id: "l", annotations: lines))
        try expectSameBytes(PolygonAnnotationManager(id: "f", annotations: polygons))
        // The type-erased manager writes the same bytes.
        var erased = JSONWriter()
        try AnyAnnotationManager.polygon(PolygonAnnotationManager(id: "f", annotations: polygons)).writeSourceData(to: &erased)
        #expect(erased.bytes == (try treeBytes(PolygonAnnotationManager(id: "f", annotations: polygons))))
        // Same warnings too.
        let manager = PointAnnotationManager(id: "p", annotations: points)
        var writer = JSONWriter()
        #expect(try manager.writeSourceData(to: &writer) == manager.compile().warnings)
    }

    /// The geometry's bytes (what the streaming compile writes) are the
    /// bytes of its tree (what `compile()` builds) for every kind and shape:
    /// the two spellings `AnnotationGeometry` derives from each type's one
    /// description.
    @Test func geometryBytesAreGeometryJSON() throws {
        func expectGeometry<A: LayerAnnotation>(_ annotation: A, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            var bytes = JSONRawBuffer()
            try annotation.geometry.write(to: &bytes)
            var tree = JSONWriter()
            try tree.write(annotation.geometryJSON)
            let written = bytes.withBytes { String(decoding: $0, as: UTF8.self) }
            #expect(written == String(decoding: tree.bytes, as: UTF8.self), sourceLocation: sourceLocation)
            #expect(written == expected, sourceLocation: sourceLocation)
        }
        try expectGeometry(PointAnnotation(id: "p", coordinate: Coordinate(latitude: -33.868_820_123_456_78, longitude: 151.209_295)),
                           #"{"coordinates":[151.209295,-33.86882012345678],"type":"Point"}"#)
        try expectGeometry(CircleAnnotation(id: "c", coordinate: Coordinate(latitude: -0.0, longitude: 1e-7)),
                           #"{"coordinates":[1e-7,-0],"type":"Point"}"#)
        try expectGeometry(PolylineAnnotation(id: "l", coordinates: [Fixtures.paris, Coordinate(latitude: 52.5, longitude: 13)]),
                           #"{"coordinates":[[2.3522,48.8566],[13,52.5]],"type":"LineString"}"#)
        try expectGeometry(PolygonAnnotation(id: "z", rings: [Fixtures.square(0, 0, size: 4), Fixtures.square(1, 1)]),
                           #"{"coordinates":[[[0,0],[4,0],[4,4],[0,0]],[[1,1],[2,1],[2,2],[1,1]]],"type":"Polygon"}"#)
    }

    /// Invalid input: the same error from both paths, in the same order of checks.
    @Test func sameErrorsAsCompile() throws {
        func expectSameError(_ manager: PointAnnotationManager, target: StyleTarget = .portable, sourceLocation: SourceLocation = #_sourceLocation) {
            var treeError: AnnotationError?, streamError: AnnotationError?
            do { _ = try manager.compile(target: target) } catch { treeError = error }
            do { _ = try manager.sourceDataBytes(target: target) } catch { streamError = error }
            #expect(treeError != nil, sourceLocation: sourceLocation)
            #expect(treeError == streamError, sourceLocation: sourceLocation)
        }
        let ok = PointAnnotation(id: "ok", coordinate: Fixtures.paris)
        // Two invalid properties: compile names the first in descriptor order
        // (icon-size comes before text-opacity there, and after it by key).
        var twoBad = PointAnnotation(id: "bad", coordinate: Fixtures.paris)
        twoBad.textOpacity = 2
        twoBad.iconSize = -1
        expectSameError(PointAnnotationManager(id: "m", annotations: [ok, twoBad]))
        // Invalid property and a Mapbox-only / layer-only value together.
        var restricted = PointAnnotation(id: "r", coordinate: Fixtures.paris)
        restricted.textLineHeight = Ems(2)
        expectSameError(PointAnnotationManager(id: "m", annotations: [restricted]))
        restricted.iconSize = -.infinity
        expectSameError(PointAnnotationManager(id: "m", annotations: [restricted]))
        // Two properties the target lacks: compile names the first in
        // descriptor order (text-line-height), not in key order (symbol-z-offset).
        var twoRestricted = PointAnnotation(id: "r2", coordinate: Fixtures.paris)
        twoRestricted.textLineHeight = Ems(2)
        twoRestricted.symbolZOffset = 1
        expectSameError(PointAnnotationManager(id: "m", annotations: [ok, twoRestricted]))
        // Circles (the benchmark's kind): radius comes before opacity in
        // descriptor order and after it by key.
        var badCircle = CircleAnnotation(id: "c", coordinate: Fixtures.paris)
        badCircle.circleOpacity = 2
        badCircle.circleRadius = Pixels(-1)
        let circles = CircleAnnotationManager(id: "c", annotations: [CircleAnnotation(id: "ok", coordinate: Fixtures.paris), badCircle])
        var treeError: AnnotationError?, streamError: AnnotationError?
        do { _ = try circles.compile() } catch { treeError = error }
        do { _ = try circles.sourceDataBytes() } catch { streamError = error }
        #expect(treeError == .invalidProperty(manager: "c", annotation: "c", property: "circle-radius", problem: .outOfRange(-1, allowed: ">= 0")))
        #expect(streamError == treeError)
        // Geometry, custom data, image, manager-level problems.
        expectSameError(PointAnnotationManager(id: "m", annotations: [PointAnnotation(id: "g", coordinate: Coordinate(latitude: 91, longitude: 0))]))
        expectSameError(PointAnnotationManager(id: "m", annotations: [PointAnnotation(id: "n", coordinate: Fixtures.paris, customData: ["x": [.number(.nan)]])]))
        expectSameError(PointAnnotationManager(id: "m", annotations: [
            PointAnnotation(id: "i", coordinate: Fixtures.paris, image: StyleImage(name: "x", width: 0, height: 1)),
        ]))
        var manager = PointAnnotationManager(id: "m", annotations: [ok])
        manager.textOpacity = -1
        expectSameError(manager)
        expectSameError(PointAnnotationManager(id: "", annotations: [ok]))
    }

    /// Into a pretty writer the streamed features come out as the tree path
    /// written pretty (the raw feature buffers are re-read, not pasted).
    @Test func prettyWriterGetsPrettyFeatures() throws {
        var a = PointAnnotation(id: "a", coordinate: Fixtures.paris, customData: ["n": [1, 2]])
        a.textField = "A"
        a.textOffset = StyleOffset(x: 0, y: 1.5)
        let manager = PointAnnotationManager(id: "m", annotations: [a, PointAnnotation(id: "b", coordinate: Fixtures.berlin)])
        var streamed = JSONWriter(style: .pretty)
        try manager.writeSourceData(to: &streamed)
        let tree = try #require(try manager.compile().source.json.objectValue?["data"])
        #expect(String(decoding: streamed.bytes, as: UTF8.self) == (try tree.jsonString(style: .pretty)))
    }

    /// Promoted ids: the streaming path writes the same bytes as the tree
    /// path, with the id property between `custom_data` and the `layerProperties.*` members.
    @Test func promotedIdsMatchTheTreePath() throws {
        var a = CircleAnnotation(id: "c\"1", coordinate: Fixtures.paris, customData: ["k": "v"])
        a.circleRadius = 4
        var manager = CircleAnnotationManager(id: "dots", annotations: [a, CircleAnnotation(id: "c2", coordinate: Fixtures.berlin), a])
        #expect(manager.promoteIds, "promoted ids are the default")
        try expectSameBytes(manager)
        let text = String(decoding: try manager.sourceDataBytes(), as: UTF8.self)
        #expect(text.contains(#""properties":{"custom_data":{"k":"v"},"id":"c\"1","layerProperties.circle-radius":4}"#))
        #expect(try manager.compile().source.json.objectValue?["promoteId"] == "id")
        manager.promoteIds = false
        #expect(try manager.compile().source.json.objectValue?["promoteId"] == nil)
        #expect(!String(decoding: try manager.sourceDataBytes(), as: UTF8.self).contains(#""id":"c2","layerProperties."#))
    }

    /// The bucketed duplicate finder against a plain dictionary of first
    /// positions, on seeded ids with many repeats (few distinct ids, long
    /// and non-ASCII ids, one id repeated everywhere).
    @Test(arguments: [(0, 1), (1, 2), (2, 10), (3, 1_000), (4, 5_000), (5, 20_000)] as [(UInt64, Int)])
    func duplicateFinderAgreesWithADictionary(seed: UInt64, count: Int) {
        var random = SplitMix64(seed: seed)
        let distinct = max(1, count / Int(random.next() % 4 + 1))
        let prefixes = ["", "c", "annotation-with-a-long-identifier-", "é😀", "c\u{0}"]
        var annotations: [CircleAnnotation] = []
        for index in 0..<count {
            let id = index % 97 == 5 ? "same" : prefixes[Int(random.next() % 5)] + String(random.next() % UInt64(distinct))
            annotations.append(CircleAnnotation(id: id, coordinate: Fixtures.paris))
        }
        var first: [String: Int] = [:]
        var expected: [DuplicateIds.Duplicate] = []
        for (position, annotation) in annotations.enumerated() {
            if let kept = first[annotation.id] {
                expected.append(.init(dropped: position, kept: kept))
            } else {
                first[annotation.id] = position
            }
        }
        #expect(DuplicateIds.find(in: annotations) == expected)
        if count > 100 { #expect(!expected.isEmpty) }
    }
}

extension SplitMix64 {
    mutating func double(in range: ClosedRange<Double>) -> Double { nextDouble(in: range) }
    mutating func chance(_ p: Double) -> Bool { nextDouble(in: 0...1) < p }
}

@Suite struct ColorSpellingTests {
    /// Every opaque and transparent channel combination along the cube's
    /// edges and a seeded sample inside, against `StyleColor.styleJSON`.
    @Test func fastSpellingMatchesStyleJSON() {
        var g = SplitMix64(seed: 11)
        var colors: [StyleColor] = []
        for v in 0...255 {
            let c = Double(v) / 255
            colors += [StyleColor(red: c, green: 0, blue: 1), StyleColor(red: 1, green: c, blue: 0, alpha: 0), StyleColor(red: c, green: c, blue: c)]
        }
        for _ in 0..<2000 {
            colors.append(StyleColor(red: g.double(in: 0...1), green: g.double(in: 0...1), blue: g.double(in: 0...1),
                                     alpha: g.chance(0.2) ? g.double(in: 0...1) : 1))
        }
        for color in colors {
            #expect(color.fastStyleJSON == color.styleJSON)
        }
        #expect(StyleColor(red: 1, green: 0.5, blue: 0).fastStyleJSON == "rgba(255, 128, 0, 1)")
    }

    /// Channels at and beside every half-way point k + ½ of the 0–255
    /// scale, where rounding half away from zero (the fast spelling's
    /// truncate-and-compare) could part from `rounded()`.
    @Test func halfWayChannelsRoundAsStyleJSON() {
        var colors: [StyleColor] = []
        for k in 0..<255 {
            let half = (Double(k) + 0.5) / 255
            for c in [half, half.nextUp, half.nextDown, half.nextUp.nextUp, half.nextDown.nextDown] {
                colors.append(StyleColor(red: c, green: 1 - c, blue: c / 2))
            }
        }
        for color in colors {
            #expect(color.fastStyleJSON == color.styleJSON)
        }
        #expect(StyleColor(red: 0.5 / 255, green: 254.5 / 255, blue: 0).fastStyleJSON == StyleColor(red: 0.5 / 255, green: 254.5 / 255, blue: 0).styleJSON)
    }

}
