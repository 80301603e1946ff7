import CartoucheTestSupport
import CartoucheGeometry
import Testing

@testable import CartoucheCamera

@Suite("Visible segments")
struct VisibleSegmentTests {
    let viewport = ScreenSize(width: 800, height: 600)

    /// The point at parameter t of the straight Mercator segment a→b.
    func along(_ a: Coordinate, _ b: Coordinate, _ t: Double) -> Coordinate {
        let ya = WebMercator.normalizedY(latitude: a.latitude), yb = WebMercator.normalizedY(latitude: b.latitude)
        return Coordinate(latitude: WebMercator.latitude(normalizedY: ya + (yb - ya) * t),
                          longitude: a.longitude + (b.longitude - a.longitude) * t)
    }

    @Test func wholeSegmentOnScreenIsReturnedAsIs() throws {
        let p = try Projection(camera: Camera(center: Coordinate(latitude: 37.6, longitude: -122.4), zoom: 12), viewport: viewport)
        let a = Coordinate(latitude: 37.61, longitude: -122.41), b = Coordinate(latitude: 37.59, longitude: -122.38)
        let s = try #require(p.visibleSegment(from: a, to: b))
        let pa = try #require(p.project(a)), pb = try #require(p.project(b))
        #expect(s.t0 == 0 && s.t1 == 1)
        #expect(abs(s.start.x - pa.x) < 1e-6 && abs(s.start.y - pa.y) < 1e-6)
        #expect(abs(s.end.x - pb.x) < 1e-6 && abs(s.end.y - pb.y) < 1e-6)
    }

    /// Against a bisection oracle built on `project`: on seeded pitched
    /// cameras, the visible interval's ends are where `project` starts and
    /// stops answering along the segment.
    @Test func endsAgreeWithBisectionOnProject() throws {
        var rng = SplitMix64(seed: 2024)
        var checked = 0
        for _ in 0..<400 {
            let center = Coordinate(latitude: rng.double(in: -60...60), longitude: rng.double(in: -180...180))
            let camera = Camera(center: center, zoom: rng.double(in: 3...17), bearing: rng.double(in: 0...360), pitch: rng.double(in: 40...85))
            let p = try Projection(camera: camera, viewport: viewport)
            // Within ±80° so that `project` (nearest world copy per point) and the
            // segment (one copy throughout) speak of the same copy.
            let span = min(80, 360 / WebMercator.worldSize(zoom: camera.zoom) * 4000)
            let a = Coordinate(latitude: max(-80, min(80, center.latitude + rng.double(in: -span...span))), longitude: center.longitude + rng.double(in: -span...span))
            let b = Coordinate(latitude: max(-80, min(80, center.latitude + rng.double(in: -span...span))), longitude: center.longitude + rng.double(in: -span...span))
            let visible = { (t: Double) in p.project(along(a, b, t)) != nil }
            guard let s = p.visibleSegment(from: a, to: b) else {
                // Then no sampled point is visible either.
                let any = (0...200).contains { visible(Double($0) / 200) }
                #expect(!any)
                continue
            }
            #expect(visible(min(1, s.t0 + 1e-7)) && visible(max(0, s.t1 - 1e-7)))
            if s.t0 > 1e-6 { #expect(!visible(s.t0 - 1e-6)) }
            if s.t1 < 1 - 1e-6 { #expect(!visible(s.t1 + 1e-6)) }
            let mid = try #require(p.project(along(a, b, (s.t0 + s.t1) / 2)))
            #expect(mid.x.isFinite && mid.y.isFinite)
            checked += 1
        }
        #expect(checked > 100)
    }
}
