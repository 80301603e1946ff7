import CartoucheGeometry
import CartouchePlacement
import Testing
@testable import CartoucheRender

/// Bubble outlines checked against hand-computed vertices. The common case:
/// a 100×50 frame, tail 8, corner radius 8, anchor point (200, 100); most
/// tests keep room for the tail on its side only (`.tailSides`), the
/// `allSides…` ones use the seed's margin all round.
@Suite struct CalloutBubbleTests {
    let point = ScreenPoint(x: 200, y: 100)
    let size = ScreenSize(width: 100, height: 50)

    func p(_ x: Double, _ y: Double) -> ScreenPoint { ScreenPoint(x: x, y: y) }

    func bubble(_ config: AnchorConfig, room: TailRoom = .tailSides) -> CalloutBubble {
        CalloutBubble(
            frame: config.frame(at: point, size: size), anchorPoint: point, anchor: config.anchor,
            tailSize: 8, cornerRadius: 8, room: room)
    }

    @Test func topAnchorOutlineHasTheTailOnTheTopEdge() throws {
        let b = bubble(AnchorConfig(.top))
        // Frame (150,100)-(250,150); the top 8 points are the tail's.
        #expect(b.body == ScreenRect(minX: 150, minY: 108, maxX: 250, maxY: 150))
        #expect(b.commands == [
            .move(to: p(158, 108)),
            .line(to: p(192, 108)), .line(to: p(200, 100)), .line(to: p(208, 108)),
            .line(to: p(242, 108)), .arc(radius: 8, to: p(250, 116)),
            .line(to: p(250, 142)), .arc(radius: 8, to: p(242, 150)),
            .line(to: p(158, 150)), .arc(radius: 8, to: p(150, 142)),
            .line(to: p(150, 116)), .arc(radius: 8, to: p(158, 108)),
            .close,
        ])
    }

    @Test func bottomRightAnchorOutlineCutsTheCornerSquare() throws {
        let b = bubble(AnchorConfig(.bottomRight))
        // Frame (100,50)-(200,100); body loses 8 on the right and bottom.
        #expect(b.body == ScreenRect(minX: 100, minY: 50, maxX: 192, maxY: 92))
        #expect(b.commands == [
            .move(to: p(108, 50)),
            .line(to: p(184, 50)), .arc(radius: 8, to: p(192, 58)),
            .line(to: p(192, 84)), .line(to: p(200, 100)), .line(to: p(184, 92)),
            .line(to: p(108, 92)), .arc(radius: 8, to: p(100, 84)),
            .line(to: p(100, 58)), .arc(radius: 8, to: p(108, 50)),
            .close,
        ])
    }

    @Test func topLeftAnchorOutlineStartsAfterTheTail() throws {
        let b = bubble(AnchorConfig(.topLeft))
        // Frame (200,100)-(300,150); body (208,108)-(300,150).
        #expect(b.commands == [
            .move(to: p(216, 108)),
            .line(to: p(292, 108)), .arc(radius: 8, to: p(300, 116)),
            .line(to: p(300, 142)), .arc(radius: 8, to: p(292, 150)),
            .line(to: p(216, 150)), .arc(radius: 8, to: p(208, 142)),
            .line(to: p(208, 116)), .line(to: p(200, 100)),
            .close,
        ])
    }

    /// For each anchor: where the body is and where the base of the tail
    /// lies, by hand from the frame table.
    @Test(arguments: [
        // anchor, body, tail base start, tail base end
        (BoxAnchor.top, ScreenRect(minX: 150, minY: 108, maxX: 250, maxY: 150), ScreenPoint(x: 192, y: 108), ScreenPoint(x: 208, y: 108)),
        (.bottom, ScreenRect(minX: 150, minY: 50, maxX: 250, maxY: 92), ScreenPoint(x: 208, y: 92), ScreenPoint(x: 192, y: 92)),
        (.left, ScreenRect(minX: 208, minY: 75, maxX: 300, maxY: 125), ScreenPoint(x: 208, y: 108), ScreenPoint(x: 208, y: 92)),
        (.right, ScreenRect(minX: 100, minY: 75, maxX: 192, maxY: 125), ScreenPoint(x: 192, y: 92), ScreenPoint(x: 192, y: 108)),
        (.topLeft, ScreenRect(minX: 208, minY: 108, maxX: 300, maxY: 150), ScreenPoint(x: 208, y: 116), ScreenPoint(x: 216, y: 108)),
        (.topRight, ScreenRect(minX: 100, minY: 108, maxX: 192, maxY: 150), ScreenPoint(x: 184, y: 108), ScreenPoint(x: 192, y: 116)),
        (.bottomLeft, ScreenRect(minX: 208, minY: 50, maxX: 300, maxY: 92), ScreenPoint(x: 216, y: 92), ScreenPoint(x: 208, y: 84)),
        (.bottomRight, ScreenRect(minX: 100, minY: 50, maxX: 192, maxY: 92), ScreenPoint(x: 192, y: 84), ScreenPoint(x: 184, y: 92)),
    ])
    func tailTipIsTheAnchorPoint(anchor: BoxAnchor, body: ScreenRect, baseStart: ScreenPoint, baseEnd: ScreenPoint) throws {
        let b = bubble(AnchorConfig(anchor))
        #expect(b.body == body)
        let tail = try #require(b.tail)
        #expect(tail.tip == point)
        #expect(tail.baseStart == baseStart)
        #expect(tail.baseEnd == baseEnd)
        // The tail is spliced into the outline as base → tip → base.
        let lines = b.commands.compactMap { if case .line(let q) = $0 { q } else { nil } }
        let tip = try #require(lines.firstIndex(of: point))
        #expect(tip > 0)
        if tip + 1 < lines.count { #expect(lines[tip + 1] == baseEnd) }
        #expect(lines[tip - 1] == baseStart)
        #expect(b.commands.first == .move(to: anchor == .topLeft ? baseEnd : ScreenPoint(x: body.minX + 8, y: body.minY)))
        #expect(b.commands.last == .close)
    }

    @Test func centerAnchorHasNoTail() {
        let b = bubble(AnchorConfig(.center))
        #expect(b.tail == nil)
        #expect(b.body == ScreenRect(minX: 150, minY: 75, maxX: 250, maxY: 125))
        #expect(b.commands.count == 10)  // move, 4 × (line + arc), close
        #expect(!b.commands.contains(.line(to: point)))
    }

    @Test func offsetTopTailStillPointsAtTheAnchor() throws {
        // +x right 30, +y up −5 (so 5 down): frame (180,105)-(280,155).
        let b = bubble(AnchorConfig(.top, offsetX: 30, offsetY: -5))
        #expect(b.body == ScreenRect(minX: 180, minY: 113, maxX: 280, maxY: 155))
        let tail = try #require(b.tail)
        #expect(tail == .init(baseStart: p(192, 113), tip: point, baseEnd: p(208, 113)))
    }

    @Test func offsetBaseIsClampedToTheStraightPartOfTheEdge() throws {
        // Frame (195,100)-(295,150): the point is left of where the base may go
        // (195 + radius 8 + half-base 8 = 211), so the base stops there.
        let b = bubble(AnchorConfig(.top, offsetX: 45))
        let tail = try #require(b.tail)
        #expect(tail == .init(baseStart: p(203, 108), tip: point, baseEnd: p(219, 108)))
        #expect(tail.baseStart.x >= b.body.minX + b.cornerRadius)
    }

    @Test func offsetLeftTailClampsAlongTheVerticalEdge() throws {
        // Moved up 20: frame (200,55)-(300,105), body (208,55)-(300,105).
        // The base centre clamps to 105 − 8 − 8 = 89.
        let b = bubble(AnchorConfig(.left, offsetY: 20))
        let tail = try #require(b.tail)
        #expect(tail == .init(baseStart: p(208, 97), tip: point, baseEnd: p(208, 81)))
    }

    @Test func offsetCornerTailStillPointsAtTheAnchor() throws {
        // 10 right and 10 down: frame (210,110)-(310,160), body (218,118)-(310,160).
        let b = bubble(AnchorConfig(.topLeft, offsetX: 10, offsetY: -10))
        let tail = try #require(b.tail)
        #expect(tail == .init(baseStart: p(218, 126), tip: point, baseEnd: p(226, 118)))
    }

    @Test func bubbleMovedOverItsPointDropsTheTail() {
        // 30 up: the body (150,78)-(250,120) covers the point, nothing to point across.
        let b = bubble(AnchorConfig(.top, offsetY: 30))
        #expect(b.tail == nil)
        #expect(b.body == ScreenRect(minX: 150, minY: 78, maxX: 250, maxY: 120))
        #expect(b.commands.count == 10)
    }

    @Test func narrowBodyGetsANarrowerTail() throws {
        // A 24-wide `.top` bubble: straight part 24 − 2·8 = 8, so half-base 4.
        let frame = AnchorConfig(.top).frame(at: point, size: ScreenSize(width: 24, height: 40))
        let b = CalloutBubble(frame: frame, anchorPoint: point, anchor: .top, room: .tailSides)
        let tail = try #require(b.tail)
        #expect(tail == .init(baseStart: p(196, 108), tip: point, baseEnd: p(204, 108)))
    }

    @Test func tinyFrameShrinksTailAndRadiusWithoutBreaking() {
        // 10×6 frame: the tail may take at most half the height (3) and the
        // radius at most half the remaining body height (1.5); the straight
        // part of the bottom edge (7) still holds a base of half-width 3.
        let frame = AnchorConfig(.bottom).frame(at: point, size: ScreenSize(width: 10, height: 6))
        let b = CalloutBubble(frame: frame, anchorPoint: point, anchor: .bottom, room: .tailSides)
        #expect(b.body == ScreenRect(minX: 195, minY: 94, maxX: 205, maxY: 97))
        #expect(b.cornerRadius == 1.5)
        #expect(b.tail == .init(baseStart: p(203, 97), tip: point, baseEnd: p(197, 97)))
    }

    // MARK: Room for the tail on every side (the seed's ETA callout)

    @Test func allSidesTopOutlineInsetsTheBodyAllRound() {
        let b = bubble(AnchorConfig(.top), room: .allSides)
        // Frame (150,100)-(250,150) inset by 8 everywhere.
        #expect(b.body == ScreenRect(minX: 158, minY: 108, maxX: 242, maxY: 142))
        #expect(b.commands == [
            .move(to: p(166, 108)),
            .line(to: p(192, 108)), .line(to: p(200, 100)), .line(to: p(208, 108)),
            .line(to: p(234, 108)), .arc(radius: 8, to: p(242, 116)),
            .line(to: p(242, 134)), .arc(radius: 8, to: p(234, 142)),
            .line(to: p(166, 142)), .arc(radius: 8, to: p(158, 134)),
            .line(to: p(158, 116)), .arc(radius: 8, to: p(166, 108)),
            .close,
        ])
    }

    @Test func allSidesTopLeftOutline() {
        let b = bubble(AnchorConfig(.topLeft), room: .allSides)
        // Frame (200,100)-(300,150); body (208,108)-(292,142).
        #expect(b.commands == [
            .move(to: p(216, 108)),
            .line(to: p(284, 108)), .arc(radius: 8, to: p(292, 116)),
            .line(to: p(292, 134)), .arc(radius: 8, to: p(284, 142)),
            .line(to: p(216, 142)), .arc(radius: 8, to: p(208, 134)),
            .line(to: p(208, 116)), .line(to: p(200, 100)),
            .close,
        ])
    }

    @Test func allSidesCenterIsInsetWithoutTail() {
        let b = bubble(AnchorConfig(.center), room: .allSides)
        #expect(b.tail == nil)
        #expect(b.body == ScreenRect(minX: 158, minY: 83, maxX: 242, maxY: 117))
    }

    @Test(arguments: [
        (BoxAnchor.top, ScreenRect(minX: 158, minY: 108, maxX: 242, maxY: 142), ScreenPoint(x: 192, y: 108), ScreenPoint(x: 208, y: 108)),
        (.bottom, ScreenRect(minX: 158, minY: 58, maxX: 242, maxY: 92), ScreenPoint(x: 208, y: 92), ScreenPoint(x: 192, y: 92)),
        (.left, ScreenRect(minX: 208, minY: 83, maxX: 292, maxY: 117), ScreenPoint(x: 208, y: 108), ScreenPoint(x: 208, y: 92)),
        (.right, ScreenRect(minX: 108, minY: 83, maxX: 192, maxY: 117), ScreenPoint(x: 192, y: 92), ScreenPoint(x: 192, y: 108)),
        (.topLeft, ScreenRect(minX: 208, minY: 108, maxX: 292, maxY: 142), ScreenPoint(x: 208, y: 116), ScreenPoint(x: 216, y: 108)),
        (.topRight, ScreenRect(minX: 108, minY: 108, maxX: 192, maxY: 142), ScreenPoint(x: 184, y: 108), ScreenPoint(x: 192, y: 116)),
        (.bottomLeft, ScreenRect(minX: 208, minY: 58, maxX: 292, maxY: 92), ScreenPoint(x: 216, y: 92), ScreenPoint(x: 208, y: 84)),
        (.bottomRight, ScreenRect(minX: 108, minY: 58, maxX: 192, maxY: 92), ScreenPoint(x: 192, y: 84), ScreenPoint(x: 184, y: 92)),
    ])
    func allSidesTailTipIsTheAnchorPoint(anchor: BoxAnchor, body: ScreenRect, baseStart: ScreenPoint, baseEnd: ScreenPoint) throws {
        let b = bubble(AnchorConfig(anchor), room: .allSides)
        #expect(b.body == body)
        #expect(b.tail == .init(baseStart: baseStart, tip: point, baseEnd: baseEnd))
    }

    @Test func styleChoosesTheRoom() {
        let frame = AnchorConfig(.bottom).frame(at: point, size: size)
        var style = RenderStyle.callout
        #expect(Drawing.Callout(frame: frame, anchorPoint: point, anchor: .bottom, style: style).bubble.body
            == ScreenRect(minX: 158, minY: 58, maxX: 242, maxY: 92))
        style.tailRoom = .tailSides
        #expect(Drawing.Callout(frame: frame, anchorPoint: point, anchor: .bottom, style: style).bubble.body
            == ScreenRect(minX: 150, minY: 50, maxX: 250, maxY: 92))
    }
}
