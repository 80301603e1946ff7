import CartoucheGeometry
import CartouchePlacement

/// A point-feature labelling instance of Christensen, Marks and Shieber (1995):
/// n points uniform in a 792×612 region, every label 30×7, the point at one of
/// the label's corners (4-position model) or at a corner or edge midpoint
/// (8-position model). Labels may leave the region, as in the paper, so every
/// item sets `ignoreCameraPadding`; two labels conflict when their interiors
/// overlap. The same definition as `OptimisePlacerTests.cms(n:positions:seed:)`,
/// so a seed gives the same points as in the tests.
struct CMSInstance {
    static let region = ScreenSize(width: 792, height: 612)
    static let label = ScreenSize(width: 30, height: 7)
    /// The instances the quality benchmark runs: n = 250…1500 in both models.
    static let standard: [CMSInstance] = [4, 8].flatMap { positions in
        [250, 500, 750, 1000, 1250, 1500].map { CMSInstance(n: $0, positions: positions) }
    }

    var n: Int
    var positions: Int
    /// The tests' convention, so instance (n, positions) matches theirs.
    var seed: UInt64 { UInt64(n * 10 + positions) }
    var key: String { "n=\(n) p=\(positions)" }

    var anchors: [AnchorConfig] {
        positions == 4
            ? [BoxAnchor.bottomLeft, .bottomRight, .topLeft, .topRight].map { AnchorConfig($0) }
            : BoxAnchor.all.map { AnchorConfig($0) }
    }

    /// The points, x then y per draw, in the region (screen coordinates, y down).
    func points() -> [ScreenPoint] {
        var rng = BenchRandom(seed: seed)
        return (0..<n).map { _ in
            let x = rng.double(0...Self.region.width)
            let y = rng.double(0...Self.region.height)
            return ScreenPoint(x: x, y: y)
        }
    }

    func items() -> [PlacementItem] {
        let anchors = self.anchors
        return points().enumerated().map { i, p in
            PlacementItem(id: "p\(i)", anchorPoints: [p], size: Self.label, options: ViewAnnotationOptions(variableAnchors: anchors, ignoreCameraPadding: true))
        }
    }

    var environment: PlacementEnvironment { PlacementEnvironment(viewport: Self.region) }
}
