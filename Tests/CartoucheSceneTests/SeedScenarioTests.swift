import CartoucheCamera
import CartoucheGeometry
import CartouchePlacement
import Testing

@testable import CartoucheScene

@Suite("Seed scenario: route ETAs, parking tags, puck")
struct SeedScenarioTests {
    let seed: SeedScenario
    init() throws { seed = try SeedScenario() }

    func screenDistance(_ p: ScreenPoint, to line: [Coordinate], _ projection: Projection) -> Double {
        projection.screenPolylines(line).map { run in
            zip(run, run.dropFirst()).map { a, b in
                let vx = b.x - a.x, vy = b.y - a.y, l = vx * vx + vy * vy
                let t = l > 0 ? min(1, max(0, ((p.x - a.x) * vx + (p.y - a.y) * vy) / l)) : 0
                return ((a.x + t * vx - p.x) * (a.x + t * vx - p.x) + (a.y + t * vy - p.y) * (a.y + t * vy - p.y)).squareRoot()
            }.min() ?? .infinity
        }.min() ?? .infinity
    }

    @Test(arguments: [PlacementMode.greedy, .optimise])
    func overviewPutsEachEtaOnAnUnambiguousStretchOfItsRoute(mode: PlacementMode) throws {
        let viewport = ScreenSize(width: 800, height: 600)
        let camera = try seed.overviewCamera(viewport: viewport)
        let scene = ViewAnnotationScene(camera: camera, viewport: viewport, viewAnnotations: seed.viewAnnotations(),
                                        puck: seed.puck, mode: mode)
        let result = try ViewAnnotationPlacer.place(scene)
        let projection = try Projection(camera: camera, viewport: viewport)
        for (routeId, other) in [("route-101", "route-280"), ("route-280", "route-101")] {
            let p = try #require(result.placements.first { $0.id == "eta-\(routeId)" })
            #expect(p.isVisible, "\(p.id) hidden: \(String(describing: p.hiddenReason))")
            let anchor = try #require(p.anchorCoordinate.flatMap { projection.project($0) })
            // On its own route…
            #expect(screenDistance(anchor, to: seed.routes[routeId]!, projection) < 0.01)
            // …and clearly away from the other one (half the callout's larger side + 4).
            #expect(screenDistance(anchor, to: seed.routes[other]!, projection) >= 60)
            let frame = try #require(p.frame)
            #expect(projection.paddedRect.contains(frame))
        }
        // Both parking tags show (allowOverlap) although they overlap each other.
        let tags = result.placements.filter { $0.id.hasPrefix("parking") }
        #expect(tags.count == 2 && tags.allSatisfy(\.isVisible))
        // Callouts that do not allow overlap keep off each other and the puck.
        let etaFrames = result.placements.filter { $0.id.hasPrefix("eta") }.compactMap(\.frame)
        #expect(etaFrames.count == 2 && !etaFrames[0].intersects(etaFrames[1]))
    }

    @Test func driveModePlacesTheRouteEtaAheadAndOffThePuck() throws {
        let viewport = ScreenSize(width: 430, height: 932)
        let camera = seed.driveCamera()
        let scene = ViewAnnotationScene(camera: camera, viewport: viewport, viewAnnotations: seed.viewAnnotations(), puck: seed.puck)
        let result = try ViewAnnotationPlacer.place(scene)
        let projection = try Projection(camera: camera, viewport: viewport)
        let eta101 = try #require(result.placements.first { $0.id == "eta-route-101" })
        #expect(eta101.isVisible, "hidden: \(String(describing: eta101.hiddenReason))")
        let frame = try #require(eta101.frame)
        let puckPoint = try #require(projection.project(seed.puck.coordinate))
        let puckBox = ScreenRect(x: puckPoint.x - 24, y: puckPoint.y - 24, width: 48, height: 48)
        #expect(!frame.intersects(puckBox))
        // Pitch 49° > 45°: the anchor is chosen ahead of the puck, further from the camera.
        let anchor = try #require(eta101.anchorCoordinate.flatMap { projection.project($0) })
        #expect(anchor.y < puckPoint.y)
        // The other route is kilometres away, off screen at zoom 17.
        let eta280 = try #require(result.placements.first { $0.id == "eta-route-280" })
        #expect(eta280.hiddenReason == .offscreen)
    }

    @Test func animatedCameraKeepsAnchorsStable() throws {
        let viewport = ScreenSize(width: 800, height: 600)
        let start = try seed.overviewCamera(viewport: viewport)
        let cameras = (0..<30).map { k in
            Camera(center: start.center, zoom: start.zoom + Double(k) * 0.01, bearing: Double(k) * 0.5, pitch: 0)
        }
        let scene = ViewAnnotationScene(camera: start, viewport: viewport, viewAnnotations: seed.viewAnnotations(), puck: seed.puck)
        let frames = try ViewAnnotationPlacer.placeSequence(scene, cameras: cameras)
        var changes = 0
        for (a, b) in zip(frames, frames.dropFirst()) {
            for (p, q) in zip(a.placements, b.placements) where p.anchor != q.anchor { changes += 1 }
        }
        // Small camera steps: the anchors do not jump between frames.
        #expect(changes == 0)
    }
}

@Suite("View annotation binding")
struct BindingTests {
    let viewport = ScreenSize(width: 400, height: 300)
    let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 4)

    @Test func pointAnchorCoordinateIsTheGivenCoordinate() throws {
        let c = Coordinate(latitude: 1, longitude: 2)
        let va = ViewAnnotation(id: "a", annotatedFeature: .geometry(.point(Point(c))), size: ScreenSize(width: 20, height: 10))
        let r = try ViewAnnotationPlacer.place(ViewAnnotationScene(camera: camera, viewport: viewport, viewAnnotations: [va]))
        #expect(r.placements[0].anchorCoordinate == c)
        let p = try #require(try Projection(camera: camera, viewport: viewport).project(c))
        #expect(r.placements[0].frame == ScreenRect(x: p.x - 10, y: p.y - 5, width: 20, height: 10))
    }

    @Test func layerFeatureBindingResolvesOrReportsNotFound() throws {
        let line = Geometry.lineString(LineString([Position(Coordinate(latitude: 0, longitude: -5)), Position(Coordinate(latitude: 0, longitude: 5))]))
        let layers = ["routes": [LayerFeature(id: "r1", geometry: line)]]
        let vas = [
            ViewAnnotation(id: "ok", annotatedFeature: .layerFeature(layerId: "routes", featureId: "r1"), size: ScreenSize(width: 20, height: 10)),
            ViewAnnotation(id: "any", annotatedFeature: .layerFeature(layerId: "routes", featureId: nil), size: ScreenSize(width: 20, height: 10), options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.top)])),
            ViewAnnotation(id: "no-feature", annotatedFeature: .layerFeature(layerId: "routes", featureId: "r9"), size: ScreenSize(width: 20, height: 10)),
            ViewAnnotation(id: "no-layer", annotatedFeature: .layerFeature(layerId: "nope", featureId: nil), size: ScreenSize(width: 20, height: 10)),
        ]
        let r = try ViewAnnotationPlacer.place(ViewAnnotationScene(camera: camera, viewport: viewport, viewAnnotations: vas, layers: layers))
        #expect(r.placements[0].isVisible && r.placements[1].isVisible)
        // The middle of the visible part of a line through the centre: the centre.
        let a = try #require(r.placements[0].anchorCoordinate)
        #expect(abs(a.latitude) < 1e-9 && abs(a.longitude) < 1e-9)
        #expect(r.placements[2].hiddenReason == .featureNotFound)
        #expect(r.placements[3].hiddenReason == .featureNotFound)
    }

    @Test func invalidInputIsRejectedWithTheAnnotationNamed() {
        let p = Geometry.point(Point(Coordinate(latitude: 0, longitude: 0)))
        let bad: [(ViewAnnotation, SceneError)] = [
            (ViewAnnotation(id: "w", annotatedFeature: .geometry(p), size: ScreenSize(width: -1, height: 5)), .invalidSize(id: "w", width: -1, height: 5)),
            (ViewAnnotation(id: "e", annotatedFeature: .geometry(p), size: ScreenSize(width: 1, height: 5), options: ViewAnnotationOptions(variableAnchors: [])), .emptyVariableAnchors(id: "e")),
            (ViewAnnotation(id: "z", annotatedFeature: .geometry(p), size: ScreenSize(width: 1, height: 5), options: ViewAnnotationOptions(minZoom: 5, maxZoom: 2)), .invalidZoomRange(id: "z", minZoom: 5, maxZoom: 2)),
        ]
        for (va, expected) in bad {
            #expect(throws: expected) { try ViewAnnotationPlacer.place(ViewAnnotationScene(camera: camera, viewport: viewport, viewAnnotations: [va])) }
        }
        let dup = ViewAnnotation(id: "d", annotatedFeature: .geometry(p), size: ScreenSize(width: 1, height: 1))
        #expect(throws: SceneError.duplicateViewAnnotationId("d")) {
            try ViewAnnotationPlacer.place(ViewAnnotationScene(camera: camera, viewport: viewport, viewAnnotations: [dup, dup]))
        }
    }
}
