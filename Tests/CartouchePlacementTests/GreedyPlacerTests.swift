import CartoucheGeometry
import Testing

@testable import CartouchePlacement

@Suite("Greedy placement")
struct GreedyPlacerTests {
    let env = PlacementEnvironment(viewport: ScreenSize(width: 400, height: 300), zoom: 10)
    let box = ScreenSize(width: 60, height: 20)

    @Test func higherPriorityWinsAndIsDrawnOnTop() throws {
        let items = [
            PlacementItem(id: "low", anchorPoints: [ScreenPoint(x: 200, y: 150)], size: box),
            PlacementItem(id: "high", anchorPoints: [ScreenPoint(x: 210, y: 150)], size: box, options: ViewAnnotationOptions(priority: 5)),
        ]
        let r = try GreedyPlacer.place(items, in: env)
        #expect(r.placements[1].frame == ScreenRect(x: 180, y: 140, width: 60, height: 20))
        #expect(r.placements[0].hiddenReason == .collision(with: "high"))
        #expect(r.drawOrder == [1])
        #expect(r.placements[1].zIndex == 0)
    }

    @Test func tiesGoToFewerAnchorsThenInputOrder() throws {
        let p = ScreenPoint(x: 200, y: 150)
        let items = [
            PlacementItem(id: "many", anchorPoints: [p], size: box,
                          options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.center), AnchorConfig(.top), AnchorConfig(.top, offsetY: -10)])),
            PlacementItem(id: "one-a", anchorPoints: [p], size: box),
            PlacementItem(id: "one-b", anchorPoints: [p], size: box),
        ]
        let r = try GreedyPlacer.place(items, in: env)
        #expect(r.placements[1].isVisible)
        #expect(r.placements[2].hiddenReason == .collision(with: "one-a"))
        // "many" falls back to its third anchor: hanging 10 pt below the point,
        // flush against one-a's bottom edge (y = 160), which is not an overlap.
        #expect(r.placements[0].anchor == AnchorConfig(.top, offsetY: -10))
        #expect(r.placements[0].frame == ScreenRect(x: 170, y: 160, width: 60, height: 20))
        // Placement order one-a, many; drawn bottom to top: many, one-a.
        #expect(r.drawOrder == [0, 1])
    }

    @Test func firstFittingAnchorWinsAndPreviousAnchorIsPreferred() throws {
        let item = PlacementItem(id: "a", anchorPoints: [ScreenPoint(x: 200, y: 150)], size: box,
                                 options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.top), AnchorConfig(.bottom), AnchorConfig(.left)]))
        #expect(try GreedyPlacer.place([item], in: env).placements[0].anchor == AnchorConfig(.top))
        let sticky = PlacementOptions(previousAnchors: ["a": AnchorConfig(.left)])
        #expect(try GreedyPlacer.place([item], in: env, options: sticky).placements[0].anchor == AnchorConfig(.left))
    }

    @Test func paddingPuckAndCullingRules() throws {
        var env = env
        env.padding = EdgeInsets(top: 50, left: 0, bottom: 0, right: 0)
        env.puck = ScreenRect(x: 300, y: 200, width: 40, height: 40)
        let items = [
            // Hangs into the top padding with its only anchor.
            PlacementItem(id: "pad", anchorPoints: [ScreenPoint(x: 100, y: 55)], size: box),
            // Same, but allowed into the padding.
            PlacementItem(id: "pad-ok", anchorPoints: [ScreenPoint(x: 300, y: 55)], size: box, options: ViewAnnotationOptions(ignoreCameraPadding: true)),
            PlacementItem(id: "puck", anchorPoints: [ScreenPoint(x: 320, y: 220)], size: box),
            PlacementItem(id: "puck-ok", anchorPoints: [ScreenPoint(x: 320, y: 250)], size: box, options: ViewAnnotationOptions(allowOverlapWithPuck: true)),
            PlacementItem(id: "off", anchorPoints: [ScreenPoint(x: 420, y: 100)], size: box),
            PlacementItem(id: "hidden", anchorPoints: [ScreenPoint(x: 100, y: 200)], size: box, options: ViewAnnotationOptions(visible: false)),
            PlacementItem(id: "zoomed", anchorPoints: [ScreenPoint(x: 100, y: 200)], size: box, options: ViewAnnotationOptions(minZoom: 12)),
            PlacementItem(id: "lost", anchorPoints: [], size: box, missingAnchorReason: .featureNotFound),
        ]
        let r = try GreedyPlacer.place(items, in: env)
        let reasons = r.placements.map(\.hiddenReason)
        #expect(reasons == [.padding, nil, .puck, nil, .offscreen, .notVisible, .zoom, .featureNotFound])
        // With a culling margin of 30 the anchor at x = 420 is kept, then fails
        // on padding since the frame leaves the viewport.
        env.cullingMargin = 30
        #expect(try GreedyPlacer.place([items[4]], in: env).placements[0].hiddenReason == .padding)
    }

    @Test func avoidRegionsLinesAndSymbols() throws {
        var env = env
        env.avoidRegions = [ScreenRect(x: 0, y: 0, width: 50, height: 50)]
        env.avoidLines = [ScreenPolyline(id: "route", points: [ScreenPoint(x: 0, y: 200), ScreenPoint(x: 400, y: 200)], halfWidth: 4)]
        env.symbols = [SymbolObstacle(id: "poi-1", box: ScreenRect(x: 300, y: 50, width: 20, height: 20))]
        let items = [
            PlacementItem(id: "r", anchorPoints: [ScreenPoint(x: 40, y: 40)], size: box),
            PlacementItem(id: "r-off", anchorPoints: [ScreenPoint(x: 40, y: 40)], size: box, options: ViewAnnotationOptions(enableAvoidRegions: false)),
            // Bottom edge 3 pt above the line's centre: inside its half width.
            PlacementItem(id: "l", anchorPoints: [ScreenPoint(x: 200, y: 197)], size: box, options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.bottom)])),
            // 4 pt away exactly: touching the drawn edge is allowed.
            PlacementItem(id: "l-ok", anchorPoints: [ScreenPoint(x: 300, y: 196)], size: box, options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.bottom)])),
            PlacementItem(id: "s", anchorPoints: [ScreenPoint(x: 310, y: 60)], size: box, options: ViewAnnotationOptions(enableSymbolLayerCollision: true)),
            PlacementItem(id: "s-off", anchorPoints: [ScreenPoint(x: 310, y: 100)], size: box),
        ]
        let r = try GreedyPlacer.place(items, in: env)
        #expect(r.placements.map(\.hiddenReason) == [.avoidRegion, nil, .avoidLayer("route"), nil, .collision(with: "poi-1"), nil])
    }

    @Test func allowOverlapIsAlwaysShownAndStillOccupiesSpace() throws {
        let p = ScreenPoint(x: 200, y: 150)
        let items = [
            PlacementItem(id: "a", anchorPoints: [p], size: box, options: ViewAnnotationOptions(priority: 2)),
            PlacementItem(id: "b", anchorPoints: [p], size: box, options: ViewAnnotationOptions(allowOverlap: true, priority: 1)),
            PlacementItem(id: "c", anchorPoints: [ScreenPoint(x: 200, y: 170)], size: box),
        ]
        let r = try GreedyPlacer.place(items, in: env)
        #expect(r.placements[1].isVisible)
        // "c" (20 pt lower) clears "a" but would overlap nothing else... except
        // nothing: frames touch at y = 160, so it fits.
        #expect(r.placements[2].isVisible)
        var moved = items
        moved[2].anchorPoints = [ScreenPoint(x: 200, y: 165)]
        moved[0].anchorPoints = [ScreenPoint(x: 100, y: 100)]
        // Now only "b" (allowOverlap) is in the way: it still blocks "c".
        #expect(try GreedyPlacer.place(moved, in: env).placements[2].hiddenReason == .collision(with: "b"))
    }

    @Test func collisionBoxesReplaceTheFrame() throws {
        // A 60×20 callout whose visible bubble is only its left 20×20.
        let boxes = [ScreenRect(x: 0, y: 0, width: 20, height: 20)]
        let items = [
            PlacementItem(id: "a", anchorPoints: [ScreenPoint(x: 100, y: 100)], size: box, options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.topLeft)], collisionBoxes: boxes)),
            PlacementItem(id: "b", anchorPoints: [ScreenPoint(x: 125, y: 100)], size: box, options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.topLeft)], collisionBoxes: boxes)),
        ]
        let r = try GreedyPlacer.place(items, in: env)
        let allShown = r.placements.allSatisfy(\.isVisible)
        #expect(allShown)
    }

    /// Two callouts flush on either side of one line: projection leaves
    /// them meeting by 1e-10 pt in some frames (route 280's ETA beside route
    /// 101's on their shared stretch). That is no collision, in either mode;
    /// a thousandth of a point is.
    @Test("boxes that meet by rounding do not collide; a real overlap does", arguments: [false, true])
    func roundingIsNoCollision(optimise: Bool) throws {
        func place(_ x: Double) throws -> PlacementResult {
            let items = [
                PlacementItem(id: "first", anchorPoints: [ScreenPoint(x: 200, y: 150)], size: box,
                              options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.left)], priority: 1)),
                PlacementItem(id: "beside", anchorPoints: [ScreenPoint(x: x, y: 150)], size: box, options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.right)])),
            ]
            return optimise ? try OptimisePlacer.place(items, in: env) : try GreedyPlacer.place(items, in: env)
        }
        let flush = try place(200 + 1e-10).placements.allSatisfy(\.isVisible)
        #expect(flush)
        let overlapping = try place(200 + 1e-3)
        #expect(overlapping.placements[1].hiddenReason == .collision(with: "first"))
    }

    @Test func cancellationStopsTheRun() {
        let items = (0..<1000).map { PlacementItem(id: "\($0)", anchorPoints: [ScreenPoint(x: 200, y: 150)], size: box) }
        // The first poll comes after 31 items, of which the first alone fits
        // (they all want the same spot): that count travels with the error.
        #expect(throws: PlacementCancelled(placedSoFar: 1)) {
            try GreedyPlacer.place(items, in: env, options: PlacementOptions(budget: PlacementBudget(shouldCancel: { true })))
        }
    }
}
