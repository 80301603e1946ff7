import CartoucheGeometry
import Testing

@testable import CartouchePlacement

@Suite("Greedy placement against the reference rules")
struct ReferenceAgreementTests {
    static func randomScene(seed: UInt64) -> ([PlacementItem], PlacementEnvironment, [String: AnchorConfig]) {
        var rng = SplitMix64(seed: seed)
        let w = rng.double(200...900), h = rng.double(200...700)
        var env = PlacementEnvironment(viewport: ScreenSize(width: w, height: h), zoom: rng.double(0...22))
        if rng.chance(0.5) {
            env.padding = EdgeInsets(top: rng.double(0...60), left: rng.double(0...60),
                                          bottom: rng.double(0...60), right: rng.double(0...60))
        }
        if rng.chance(0.6) { env.puck = ScreenRect(x: rng.double(0...w), y: rng.double(0...h), width: 30, height: 30) }
        if rng.chance(0.5) { env.cullingMargin = rng.double(0...80) }
        for _ in 0..<rng.int(0...3) {
            env.avoidRegions.append(ScreenRect(x: rng.double(0...w), y: rng.double(0...h), width: rng.double(5...120), height: rng.double(5...80)))
        }
        for k in 0..<rng.int(0...2) {
            let pts = (0..<rng.int(2...5)).map { _ in ScreenPoint(x: rng.double(-50...w + 50), y: rng.double(-50...h + 50)) }
            env.avoidLines.append(ScreenPolyline(id: "line-\(k)", points: pts, halfWidth: rng.double(0...6)))
        }
        for k in 0..<rng.int(0...10) {
            env.symbols.append(SymbolObstacle(id: "sym-\(k)", box: ScreenRect(x: rng.double(0...w), y: rng.double(0...h), width: 16, height: 16)))
        }
        var items: [PlacementItem] = []
        var previous: [String: AnchorConfig] = [:]
        for i in 0..<rng.int(1...120) {
            let anchors = rng.chance(0.3) ? [AnchorConfig(.center)]
                : Array(BoxAnchor.allCases.shuffled(using: &rng).prefix(rng.int(1...9)))
                    .map { AnchorConfig($0, offsetX: rng.chance(0.3) ? rng.double(-10...10) : 0, offsetY: rng.chance(0.3) ? rng.double(-10...10) : 0) }
            let points = (0..<(rng.chance(0.2) ? rng.int(0...4) : 1)).map { _ in
                ScreenPoint(x: rng.double(-100...w + 100), y: rng.double(-100...h + 100))
            }
            let size = ScreenSize(width: rng.double(10...120), height: rng.double(8...60))
            var item = PlacementItem(
                id: "v\(i)", anchorPoints: points, size: size, options: ViewAnnotationOptions(variableAnchors: anchors, allowOverlap: rng.chance(0.1), allowOverlapWithPuck: rng.chance(0.2), ignoreCameraPadding: rng.chance(0.2), visible: rng.chance(0.95), priority: rng.int(0...3), selected: rng.chance(0.05), minZoom: rng.chance(0.1) ? rng.double(0...22) : 0, maxZoom: rng.chance(0.1) ? rng.double(0...22) : 22, enableAvoidRegions: rng.chance(0.7), enableSymbolLayerCollision: rng.chance(0.4)))
            if rng.chance(0.2) {
                item.collisionBoxes = [ScreenRect(x: 0, y: 0, width: size.width / 2, height: size.height),
                                       ScreenRect(x: size.width / 2, y: size.height / 2, width: size.width / 2, height: size.height / 2)]
            }
            if rng.chance(0.2), let a = anchors.last { previous[item.id] = a }
            items.append(item)
        }
        return (items, env, previous)
    }

    @Test(arguments: 0..<300)
    func greedyEqualsReference(seed: Int) throws {
        let (items, env, previous) = Self.randomScene(seed: UInt64(seed))
        let ours = try GreedyPlacer.place(items, in: env, options: PlacementOptions(previousAnchors: previous))
        let reference = ReferencePlacer.place(items, env, previous: previous)
        for (i, expected) in reference.enumerated() {
            let got = ours.placements[i]
            #expect(got.frame == expected.frame, "item \(items[i].id)")
            #expect(got.anchor == expected.anchor, "item \(items[i].id)")
            #expect(got.hiddenReason == expected.reason, "item \(items[i].id)")
        }
    }

    /// Independent invariants of any valid placement, checked pairwise.
    @Test(arguments: 0..<100)
    func placementInvariantsHold(seed: Int) throws {
        let (items, env, _) = Self.randomScene(seed: UInt64(1000 + seed))
        let r = try GreedyPlacer.place(items, in: env)
        let order = placementOrder(items)
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        let shown = r.placements.filter(\.isVisible)
        #expect(Set(r.drawOrder) == Set(shown.map(\.itemIndex)))
        for p in shown {
            let item = items[p.itemIndex]
            let f = try #require(p.frame)
            #expect(abs(f.width - item.size.width) < 1e-9 && abs(f.height - item.size.height) < 1e-9)
            if !item.ignoreCameraPadding { #expect(env.paddedRect.contains(f)) }
            let rects = item.collisionRects(for: f)
            if let puck = env.puck, !item.allowOverlapWithPuck {
                let hitsPuck = rects.contains { $0.intersects(puck) }
                #expect(!hitsPuck)
            }
            // No shown non-overlapping annotation overlaps one placed before it.
            guard !item.allowOverlap else { continue }
            for q in shown where rank[q.itemIndex]! < rank[p.itemIndex]! {
                let other = items[q.itemIndex].collisionRects(for: q.frame!)
                let overlap = rects.contains { a in other.contains { a.intersects($0) } }
                #expect(!overlap, "\(item.id) overlaps \(items[q.itemIndex].id)")
            }
        }
        // Every hidden one is hidden for a reason that is true of its first candidate.
        for p in r.placements where !p.isVisible { #expect(p.hiddenReason != nil) }
    }
}
