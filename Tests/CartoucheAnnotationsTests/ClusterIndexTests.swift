import CartoucheTestSupport
import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import Testing

/// Expected values are derived by hand from the supercluster rules:
/// query radius at zoom z is 50 / (512 · 2^z) in unit Web Mercator, where
/// one degree of longitude is 1/360.
@Suite struct ClusterIndexTests {
    // A and B are 0.01° apart: 2.78e-5 units. r(11) = 4.77e-5 > d > r(12) = 2.38e-5,
    // so they cluster up to zoom 11 and split at 12. C is 90° away.
    let a = Coordinate(latitude: 0, longitude: 0)
    let b = Coordinate(latitude: 0, longitude: 0.01)
    let c = Coordinate(latitude: 0, longitude: 90)

    func clusters(_ items: [ClusterItem]) -> [Cluster] {
        items.compactMap { if case .cluster(let c) = $0 { c } else { nil } }
    }
    func pointIndices(_ items: [ClusterItem]) -> [Int] {
        items.compactMap { if case .point(let i, _) = $0 { i } else { nil } }
    }

    @Test func twoClosePointsClusterUntilTheyAreFartherThanTheRadius() throws {
        let index = try ClusterIndex(coordinates: [a, b, c], options: ClusterOptions())
        for zoom in [0.0, 5, 11, 11.9] {
            let items = index.items(atZoom: zoom)
            let found = clusters(items)
            #expect(found.count == 1 && pointIndices(items) == [2], "zoom \(zoom)")
            // id = (index 0 << 5) + (origin zoom 12) + 3 points = 15
            #expect(found.first?.id == 15)
            #expect(found.first?.pointCount == 2)
            let centre = try #require(found.first?.coordinate)
            #expect(abs(centre.longitude - 0.005) < 1e-5)
            #expect(abs(centre.latitude) < 1e-5)
        }
        #expect(pointIndices(index.items(atZoom: 12)).sorted() == [0, 1, 2])
        #expect(try index.expansionZoom(ofCluster: 15) == 12)
        #expect(try index.leaves(ofCluster: 15).sorted() == [0, 1])
    }

    @Test func minPointsKeepsSmallGroupsApart() throws {
        let index = try ClusterIndex(coordinates: [a, b, c], options: ClusterOptions(clusterMinPoints: 3))
        #expect(pointIndices(index.items(atZoom: 0)).sorted() == [0, 1, 2])
    }

    @Test func nestedClustersExpandStepByStep() throws {
        // D is 1° east: 0.995° from the AB centre = 2.76e-3 units; r(5) = 3.05e-3
        // covers it, r(6) = 1.53e-3 does not. Level-11 order is [AB, C, D], so
        // the zoom-5 cluster has id (0 << 5) + 6 + 4 = 10 and AB has 16.
        let d = Coordinate(latitude: 0, longitude: 1)
        let index = try ClusterIndex(coordinates: [a, b, c, d], options: ClusterOptions())
        let low = clusters(index.items(atZoom: 5))
        #expect(low.map(\.id) == [10])
        #expect(low.first?.pointCount == 3)
        let expectedLongitude = 1.01 / 3
        let longitude = try #require(low.first?.coordinate.longitude)
        #expect(abs(longitude - expectedLongitude) < 1e-4)
        #expect(clusters(index.items(atZoom: 6)).map(\.id) == [16])
        #expect(try index.expansionZoom(ofCluster: 10) == 6)
        #expect(try index.expansionZoom(ofCluster: 16) == 12)
        let children = try index.children(ofCluster: 10)
        #expect(children.count == 2)
        #expect(clusters(children).map(\.id) == [16] && pointIndices(children) == [3])
        #expect(try Set(index.leaves(ofCluster: 10, limit: 10)) == [0, 1, 3])
        // Paging: three leaves, pages of two.
        let first = try index.leaves(ofCluster: 10, limit: 2, offset: 0)
        let second = try index.leaves(ofCluster: 10, limit: 2, offset: 2)
        #expect(first.count == 2 && second.count == 1)
        #expect(Set(first + second) == [0, 1, 3])
    }

    @Test func mapReduceAggregates() throws {
        var options = ClusterOptions()
        options.clusterProperties = [
            "total": ClusterProperty(reduce: .sum, map: ["get", "n"]),
            "largest": ClusterProperty(reduce: .max, map: ["get", "n"]),
            "anyOpen": ClusterProperty(reduce: .any, map: ["get", "open"]),
        ]
        let properties: [[String: JSONValue]] = [["n": 2, "open": false], ["n": 5, "open": true], ["n": 100]]
        let index = try ClusterIndex(coordinates: [a, b, c], pointProperties: properties, options: options)
        let cluster = try #require(clusters(index.items(atZoom: 3)).first)
        #expect(cluster.properties == ["total": 7, "largest": 5, "anyOpen": true])
    }

    @Test func unknownClustersAndBadOptionsAreErrors() throws {
        let index = try ClusterIndex(coordinates: [a, b, c], options: ClusterOptions())
        #expect(throws: ClusterIndexError.unknownCluster(2)) { try index.children(ofCluster: 2) }
        #expect(throws: ClusterIndexError.unknownCluster(999)) { try index.expansionZoom(ofCluster: 999) }
        #expect(throws: ClusterIndexError.invalidOption("clusterMaxZoom", .outOfRange(30, allowed: "in [0, 24]"))) {
            try ClusterIndex(coordinates: [a], options: ClusterOptions(clusterMaxZoom: 30))
        }
        var options = ClusterOptions()
        options.clusterProperties = ["x": ClusterProperty(reduce: .sum, map: ["zoom"])]
        #expect(throws: ClusterIndexError.invalidClusterProperty(property: "x", ClusterPropertyError(part: 1, error: ExpressionParseError(
            path: "", reason: "\"zoom\" and \"feature-state\" expressions are not supported with cluster properties")))) {
            try ClusterIndex(coordinates: [a], options: options)
        }
    }

    @Test func abbreviatedCounts() {
        func abbreviated(_ n: Int) -> String {
            Cluster(id: 0, coordinate: a, pointCount: n, properties: [:]).pointCountAbbreviated
        }
        #expect(abbreviated(999) == "999")
        #expect(abbreviated(1234) == "1.2k")
        #expect(abbreviated(1000) == "1k")
        #expect(abbreviated(12345) == "12k")
    }

    @Test func managerClustersSeeFeatureProperties() throws {
        var options = ClusterOptions()
        options.clusterProperties = ["total": ClusterProperty(reduce: .sum, map: ["get", "n", ["get", "custom_data"]])]
        let manager = PointAnnotationManager(id: "shops", annotations: [
            PointAnnotation(id: "x", coordinate: a, customData: ["n": 2]),
            PointAnnotation(id: "y", coordinate: b, customData: ["n": 3]),
            PointAnnotation(id: "x", coordinate: c, customData: ["n": 50]),  // duplicate id: dropped
        ], clusterOptions: options)
        let result = try #require(try manager.clusters())
        #expect(result.annotationIds == ["x", "y"])
        let cluster = try #require(clusters(result.index.items(atZoom: 0)).first)
        #expect(cluster.properties["total"] == 5)
        #expect(try PointAnnotationManager(id: "plain").clusters() == nil)
    }

    /// Brute-force oracle: at every zoom, each input point is in exactly one
    /// item, counts add up, and no two items that were left single are
    /// within the radius of each other when minPoints is 2.
    @Test func seededRandomPointsArePartitioned() throws {
        var rng = SplitMix64(seed: 42)
        let points = (0..<400).map { _ in
            Coordinate(latitude: rng.nextDouble(in: -60...60), longitude: rng.nextDouble(in: -30...30))
        }
        let index = try ClusterIndex(coordinates: points, options: ClusterOptions(clusterMaxZoom: 10))
        for zoom in 0...11 {
            let items = index.items(atZoom: Double(zoom))
            var covered: [Int] = []
            for item in items {
                switch item {
                case .point(let i, _): covered.append(i)
                case .cluster(let c): covered += try index.leaves(ofCluster: c.id, limit: .max)
                }
            }
            #expect(covered.sorted() == Array(0..<400), "zoom \(zoom)")
        }
    }
}

/// This target's conveniences over the shared seeded generator.
extension SplitMix64 {
    mutating func nextDouble(in range: ClosedRange<Double>) -> Double { uniform(range.lowerBound, range.upperBound) }
    mutating func nextInt(_ upperBound: Int) -> Int { Int(next() % UInt64(upperBound)) }
}

@Suite struct ClusterBoxTests {
    /// Brute-force oracle: the boxed query returns exactly the items of the
    /// whole level whose position lies in the box.
    @Test func boxQueriesMatchFilteringTheWholeLevel() throws {
        var rng = SplitMix64(seed: 5)
        let points = (0..<2000).map { _ in
            Coordinate(latitude: rng.nextDouble(in: -70...70), longitude: rng.nextDouble(in: -180...180))
        }
        let index = try ClusterIndex(coordinates: points, options: ClusterOptions(clusterMaxZoom: 8))
        func position(_ item: ClusterItem) -> Coordinate {
            switch item {
            case .point(_, let c): c
            case .cluster(let c): c.coordinate
            }
        }
        for zoom in [0.0, 3, 6, 9] {
            for (w, s, e, n) in [(-20.0, -10.0, 40.0, 50.0), (150.0, -30.0, -160.0, 30.0), (-400.0, -90.0, 400.0, 90.0)] {
                let boxed = index.items(atZoom: zoom, west: w, south: s, east: e, north: n)
                let expected = index.items(atZoom: zoom).filter { item in
                    let c = position(item)
                    let inLatitude = c.latitude >= s - 1e-6 && c.latitude <= n + 1e-6
                    let inLongitude = e - w >= 360 || (w <= e ? (c.longitude >= w - 1e-6 && c.longitude <= e + 1e-6)
                                                              : (c.longitude >= w - 1e-6 || c.longitude <= e + 1e-6))
                    return inLatitude && inLongitude
                }
                #expect(Set(boxed) == Set(expected), "zoom \(zoom) box \(w),\(s),\(e),\(n)")
                #expect(boxed.count == expected.count)
                #expect(!expected.isEmpty)
            }
        }
    }
}
