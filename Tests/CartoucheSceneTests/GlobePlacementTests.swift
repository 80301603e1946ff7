import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
import CartoucheQuery
import CartoucheTestSupport
import Foundation
import Testing

@testable import CartoucheScene

/// Placing under `projection` `globe` below zoom 12: callouts bound to the
/// sphere MapLibre draws, `horizon` for what it hides, and brute-force
/// checks of every shown anchor on seeded scenes.
@Suite("Globe placement")
struct GlobePlacementTests {
    static let viewport = ScreenSize(width: 800, height: 600)

    /// The screen point a shown callout is anchored at: its frame moved back
    /// by the anchor's own offset from the point.
    static func anchorPoint(_ placement: ViewAnnotationPlacement) -> ScreenPoint? {
        guard let frame = placement.frame, let anchor = placement.anchor else { return nil }
        let probe = anchor.frame(at: ScreenPoint(x: 0, y: 0), size: ScreenSize(width: frame.width, height: frame.height))
        return ScreenPoint(x: frame.minX - probe.minX, y: frame.minY - probe.minY)
    }

    static func cameraJSON(_ c: Camera) -> JSONValue {
        ["center": [.number(c.center.longitude), .number(c.center.latitude)], "zoom": .number(c.zoom),
         "bearing": .number(c.bearing), "pitch": .number(c.pitch),
         "padding": ["top": .number(c.padding.top), "left": .number(c.padding.left),
                     "bottom": .number(c.padding.bottom), "right": .number(c.padding.right)]]
    }

    static func positions(_ coordinates: [Coordinate]) -> JSONValue {
        .array(coordinates.map { [.number($0.longitude), .number($0.latitude)] })
    }

    /// A globe scene of callouts (id, GeoJSON geometry) for one camera.
    static func scene(_ camera: Camera, viewport: ScreenSize = viewport, callouts: [(String, JSONValue)],
                      size: Double = 24, options: JSONValue = [:], extra: [String: JSONValue] = [:]) throws -> SceneDocument {
        let annotations: [JSONValue] = callouts.map { id, feature in
            ["id": .string(id), "feature": feature, "size": ["width": .number(size), "height": .number(size / 2)],
             "variableAnchors": ["bottom", "top", "left", "right"]]
        }
        var json: [String: JSONValue] = [
            "version": 1, "viewport": ["width": .number(viewport.width), "height": .number(viewport.height)],
            "camera": cameraJSON(camera), "projection": ["type": "globe"], "options": options,
            "viewAnnotations": .array(annotations),
        ]
        json.merge(extra) { _, new in new }
        return try SceneDocument(jsonBytes: try JSONValue.object(json).jsonBytes())
    }

    @Test func aPointOnTheNearSideIsAnchoredWhereMapLibreProjectsIt() throws {
        let camera = Camera(center: Coordinate(latitude: 30, longitude: 10), zoom: 2.5, bearing: 20, pitch: 30)
        let near = Coordinate(latitude: 35, longitude: 14), far = Coordinate(latitude: -30, longitude: -170)
        let document = try Self.scene(camera, callouts: [
            ("near", ["type": "Point", "coordinates": [14, 35]]), ("far", ["type": "Point", "coordinates": [-170, -30]]),
        ])
        let frame = try #require(try document.place().frames.first)
        let globe = try #require(try Projection(camera: camera, viewport: Self.viewport, projection: .globe).globe)
        let shown = try #require(frame.result.placements.first { $0.id == "near" })
        let expected = try #require(globe.project(near))
        let anchor = try #require(Self.anchorPoint(shown))
        #expect(abs(anchor.x - expected.x) < 1e-9 && abs(anchor.y - expected.y) < 1e-9)
        // Mercator puts it elsewhere: the answer really is the globe's.
        let flat = try #require(try Projection(camera: camera, viewport: Self.viewport).project(near))
        #expect(hypot(flat.x - expected.x, flat.y - expected.y) > 1)
        #expect(globe.isOccluded(far))
        #expect(frame.result.placements.first { $0.id == "far" }?.hiddenReason == .horizon)
    }

    @Test func linesAndPolygonsBehindTheGlobeAreHiddenWithHorizonAndVisibleOnesAnchorOnTheNearSide() throws {
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 1.5)
        let document = try Self.scene(camera, callouts: [
            ("behind-line", ["type": "LineString", "coordinates": [[170, 10], [190, -10]]]),
            ("behind-polygon", ["type": "Polygon", "coordinates": [[[160, -5], [175, -5], [175, 5], [160, 5], [160, -5]]]]),
            // From the near side over the horizon (90° east) to the far side.
            ("over-line", ["type": "LineString", "coordinates": [[40, 0], [150, 0]]]),
            ("over-polygon", ["type": "Polygon", "coordinates": [[[-60, -20], [-120, -20], [-120, 20], [-60, 20], [-60, -20]]]]),
            ("multipoint", ["type": "MultiPoint", "coordinates": [[179, 0], [-179, 1]]]),
        ], options: ["cullingMargin": 400])
        let placements = try #require(try document.place().frames.first).result.placements
        let byId = Dictionary(uniqueKeysWithValues: placements.map { ($0.id, $0) })
        for id in ["behind-line", "behind-polygon", "multipoint"] { #expect(byId[id]?.hiddenReason == .horizon, "\(id)") }
        let globe = try #require(try Projection(camera: camera, viewport: Self.viewport, projection: .globe).globe)
        for id in ["over-line", "over-polygon"] {
            let p = try #require(byId[id])
            #expect(p.isVisible, "\(id): \(String(describing: p.hiddenReason))")
            let coordinate = try #require(p.anchorCoordinate)
            #expect(!globe.isOccluded(coordinate), "\(id) anchored behind the globe at \(coordinate)")
            #expect(abs(coordinate.latitude) <= 20.0001)
            #expect(id == "over-line" ? (coordinate.longitude > 39.99 && coordinate.longitude < 90)
                                      : (coordinate.longitude < -59.99 && coordinate.longitude > -90), "\(id): \(coordinate)")
        }
    }

    @Test func thePuckAndAvoidLinesAreObstaclesOnTheNearSideOnly() throws {
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 2)
        func reason(_ extra: [String: JSONValue]) throws -> HiddenReason? {
            let document = try Self.scene(camera, callouts: [("a", ["type": "Point", "coordinates": [0, 0]])], extra: extra)
            return try #require(try document.place().frames.first).result.placements[0].hiddenReason
        }
        #expect(try reason(["puck": ["coordinate": [0, 0]]]) == .puck)
        #expect(try reason(["puck": ["coordinate": [180, 0]]]) == nil)
        #expect(try reason(["avoidLines": [["id": "road", "coordinates": [[-10, 0], [10, 0]], "width": 4]]]) == .avoidLayer("road"))
        #expect(try reason(["avoidLines": [["id": "road", "coordinates": [[170, 0], [190, 0]], "width": 4]]]) == nil)
    }

    @Test func aCalloutPlacedOnTheGlobeIsTheOneATapAtItsFrameHits() throws {
        let document = try Self.scene(Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 4),
                                      callouts: [("a", ["type": "Point", "coordinates": [0, 0]])])
        let placed = try #require(try document.place().frames.first?.result.placements.first)
        let frame = try #require(placed.frame)
        let middle = ScreenPoint(x: (frame.minX + frame.maxX) / 2, y: (frame.minY + frame.maxY) / 2)
        #expect(try document.queryIndex().query(at: middle).map(\.id) == ["a"])
        #expect(try document.queryIndex().query(at: ScreenPoint(x: frame.maxX + 5, y: frame.maxY + 5)).isEmpty)
    }
}

// MARK: - Brute force on seeded scenes

extension GlobePlacementTests {
    /// What a seeded scene holds: each callout's geometry by id.
    enum Shape { case point(Coordinate), line([Coordinate]), polygon([Coordinate]) }

    static func randomCamera(_ random: inout SplitMix64, index: Int) -> Camera {
        let pitch = index % 5 == 4 ? random.double(in: 60...85) : random.double(in: 0...60)
        return Camera(
            center: Coordinate(latitude: random.double(in: -75...75), longitude: random.double(in: -180...180)),
            zoom: random.double(in: 0...11.9), bearing: random.double(in: 0...360), pitch: pitch,
            padding: EdgeInsets(top: random.double(in: 0...100), left: random.double(in: 0...150),
                                bottom: random.double(in: 0...100), right: random.double(in: 0...150)))
    }

    /// Callouts around the centre (a few viewports across, so some cross the
    /// horizon at low zoom) and some anywhere on Earth.
    static func randomShapes(around camera: Camera, _ random: inout SplitMix64) -> [(String, Shape)] {
        let span = min(120, 360 / WebMercator.worldSize(zoom: camera.zoom) * 1600)
        func near() -> Coordinate {
            Coordinate(latitude: min(max(camera.center.latitude + random.double(in: -span...span) / 2, -85), 85),
                       longitude: camera.center.longitude + random.double(in: -span...span))
        }
        var shapes: [(String, Shape)] = []
        for i in 0..<24 {
            shapes.append(("p\(i)", .point(i % 4 == 3 ? Coordinate(latitude: random.double(in: -90...90), longitude: random.double(in: -180...180)) : near())))
        }
        for i in 0..<6 { shapes.append(("l\(i)", .line((0..<(2 + i % 3)).map { _ in near() }))) }
        for i in 0..<4 {
            let c = near(), r = span / 6
            let ring = (0..<5).map { k in
                Coordinate(latitude: min(max(c.latitude + r * sin(Double(k) * 1.3), -85), 85), longitude: c.longitude + r * cos(Double(k) * 1.3))
            }
            shapes.append(("g\(i)", .polygon(ring + [ring[0]])))
        }
        return shapes
    }

    static func feature(_ shape: Shape) -> JSONValue {
        switch shape {
        case .point(let c): ["type": "Point", "coordinates": [.number(c.longitude), .number(c.latitude)]]
        case .line(let l): ["type": "LineString", "coordinates": positions(l)]
        case .polygon(let r): ["type": "Polygon", "coordinates": [positions(r)]]
        }
    }

    /// Distance on screen from `p` to the near-side part of the line as the
    /// sphere shows it, sampled finely enough that samples are under a
    /// point apart.
    static func screenDistance(_ p: ScreenPoint, to line: [Coordinate], _ globe: GlobeProjection) -> Double {
        var best = Double.infinity
        for k in line.indices.dropFirst() {
            let a = line[k - 1], b = line[k]
            let ya = WebMercator.normalizedY(latitude: a.latitude), yb = WebMercator.normalizedY(latitude: b.latitude)
            let length = hypot((b.longitude - a.longitude) / 360, yb - ya) * 2 * Double.pi * globe.radius
            let count = max(2, min(200_000, Int(length.rounded(.up)) * 2))
            var previous: ScreenPoint? = nil
            for s in 0...count {
                let t = Double(s) / Double(count)
                let c = Coordinate(latitude: WebMercator.latitude(normalizedY: ya + (yb - ya) * t),
                                   longitude: a.longitude + (b.longitude - a.longitude) * t)
                let q = globe.project(c)
                if let q, let previous {
                    let dx = q.x - previous.x, dy = q.y - previous.y, l = dx * dx + dy * dy
                    let u = l > 0 ? min(1, max(0, ((p.x - previous.x) * dx + (p.y - previous.y) * dy) / l)) : 0
                    best = min(best, hypot(p.x - previous.x - u * dx, p.y - previous.y - u * dy))
                }
                previous = q
            }
        }
        return best
    }

    /// Even–odd containment in Mercator (longitudes of `c` tried at each world copy).
    static func mercatorContains(_ ring: [Coordinate], _ c: Coordinate) -> Bool {
        let py = WebMercator.normalizedY(latitude: c.latitude)
        return (-2...2).contains { shift in
            let px = c.longitude + 360 * Double(shift)
            var inside = false
            for k in ring.indices.dropFirst() {
                let a = ring[k - 1], b = ring[k]
                let ay = WebMercator.normalizedY(latitude: a.latitude), by = WebMercator.normalizedY(latitude: b.latitude)
                if (ay > py) != (by > py) && px < (b.longitude - a.longitude) * (py - ay) / (by - ay) + a.longitude { inside.toggle() }
            }
            return inside
        }
    }

    /// Fine samples of the Mercator-straight line, for checking `horizon`.
    static func samples(_ line: [Coordinate], perSegment: Int = 64) -> [Coordinate] {
        var out: [Coordinate] = []
        for k in line.indices.dropFirst() {
            let a = line[k - 1], b = line[k]
            let ya = WebMercator.normalizedY(latitude: a.latitude), yb = WebMercator.normalizedY(latitude: b.latitude)
            for s in 0...perSegment {
                let t = Double(s) / Double(perSegment)
                out.append(Coordinate(latitude: WebMercator.latitude(normalizedY: ya + (yb - ya) * t),
                                      longitude: a.longitude + (b.longitude - a.longitude) * t))
            }
        }
        return out
    }

    struct Tally { var points = 0, lines = 0, polygons = 0, horizon = 0, offscreenOccluded = 0 }

    @Test func seededGlobeScenesAnchorEveryShownCalloutOnTheVisibleNearSide() throws {
        var random = SplitMix64(seed: 0x610B_E5EE_D)
        var tally = Tally()
        for index in 0..<48 {
            let camera = Self.randomCamera(&random, index: index)
            let shapes = Self.randomShapes(around: camera, &random)
            let options: JSONValue = ["cullingMargin": .number(index % 3 == 0 ? 200 : 0)]
            let document = try Self.scene(camera, callouts: shapes.map { ($0.0, Self.feature($0.1)) }, size: 16, options: options)
            let frame = try #require(try document.place().frames.first)
            let projection = try Projection(camera: camera, viewport: Self.viewport, projection: .globe)
            let globe = try #require(projection.globe)
            let padded = camera.padding.paddedRect(in: Self.viewport)
            let cells = GlobeProjection.lineGridCells(zoom: camera.zoom)
            for ((id, shape), placement) in zip(shapes, frame.result.placements) {
                #expect(placement.id == id)
                guard placement.isVisible else {
                    try Self.checkHidden(shape, placement, globe, &tally)
                    continue
                }
                let coordinate = try #require(placement.anchorCoordinate)
                let point = try #require(Self.anchorPoint(placement))
                #expect(!globe.isOccluded(coordinate), "\(id) anchored behind the globe at \(coordinate) with \(camera)")
                // The coordinate reported is the one drawn at the anchor point.
                let back = try #require(globe.project(coordinate), "\(id): \(coordinate) with \(camera)")
                #expect(hypot(back.x - point.x, back.y - point.y) < 1e-6 * max(1, globe.radius / 1000), "\(id)")
                switch shape {
                case .point:
                    tally.points += 1
                case .line(let line):
                    tally.lines += 1
                    #expect(padded.insetBy(-1e-6).contains(point), "\(id) anchored outside the visible part at \(point)")
                    // Chords between MapLibre's grid vertices stray from the
                    // line on the sphere by at most their sagitta (radius · θ²/8,
                    // θ ≤ a cell's diagonal, 2π·√2/cells at the equator).
                    let latitude = min(abs(coordinate.latitude), 85) * Double.pi / 180
                    let tolerance = globe.radius * Double.pi * Double.pi / (cells * cells * cos(latitude)) + 0.5
                    let distance = Self.screenDistance(point, to: line, globe)
                    #expect(distance <= tolerance, "\(id): \(point) is \(distance) px off its line (tolerance \(tolerance)) with \(camera)")
                case .polygon(let ring):
                    tally.polygons += 1
                    #expect(padded.insetBy(-1e-6).contains(point), "\(id) anchored outside the visible part at \(point)")
                    #expect(Self.mercatorContains(ring, coordinate), "\(id): \(coordinate) at \(point) outside its polygon \(ring) with \(camera)")
                }
            }
        }
        print("globe brute force: \(tally.points) points, \(tally.lines) lines, \(tally.polygons) polygons shown; "
              + "\(tally.horizon) hidden by the horizon, \(tally.offscreenOccluded) partly behind it and offscreen")
        #expect(tally.points >= 150 && tally.lines >= 100 && tally.polygons >= 40 && tally.horizon >= 200)
    }

    /// A hidden callout says `horizon` exactly when the globe hides all of it.
    static func checkHidden(_ shape: Shape, _ placement: ViewAnnotationPlacement, _ globe: GlobeProjection, _ tally: inout Tally) throws {
        let everything: [Coordinate]
        switch shape {
        case .point(let c): everything = [c]
        case .line(let l): everything = samples(l)
        case .polygon(let r): everything = samples(r)
        }
        let hidden = everything.allSatisfy(globe.isOccluded)
        if placement.hiddenReason == .horizon {
            tally.horizon += 1
            #expect(hidden, "\(placement.id) hidden by the horizon but partly on the near side")
        } else if hidden {
            Issue.record("\(placement.id) is entirely behind the globe but hidden with \(String(describing: placement.hiddenReason))")
        } else if !everything.allSatisfy({ !globe.isOccluded($0) }) {
            tally.offscreenOccluded += 1
        }
    }
}
