import CartoucheGeometry
import CartouchePlacement

/// What a client remembers of the answer it got for the previous tick, sent
/// back with the next scene (`previous`) so that hysteresis holds across
/// separate requests exactly as it does between the cameras of one scene: the
/// first frame is placed as if `previous` were the frame before it.
public struct PreviousFrame: Hashable, Sendable {
    /// One callout's state in the previous answer.
    public struct Entry: Hashable, Sendable {
        /// Whether it was shown. A hidden callout carries nothing forward, as
        /// between frames of one scene.
        public var shown: Bool
        /// The anchor it had, when shown: tried first while it still fits.
        public var anchor: AnchorConfig?
        /// The geographic point it was anchored to, when shown: a callout on
        /// a line or polygon keeps it while it is still a legal anchor point.
        public var anchorCoordinate: Coordinate?

        public init(shown: Bool, anchor: AnchorConfig? = nil, anchorCoordinate: Coordinate? = nil) {
            self.shown = shown
            self.anchor = anchor
            self.anchorCoordinate = anchorCoordinate
        }
    }

    /// By view annotation id; callouts not listed start afresh.
    public var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// The previous answer as the placer reads a previous frame: the listed
    /// callouts that were shown, with their anchors and anchor points.
    ///
    /// - Parameter order: the scene's view annotation ids, so the result
    ///   lists them in scene order like a placed frame.
    func result(inOrder order: [String]) -> ViewAnnotationResult {
        var placements: [ViewAnnotationPlacement] = []
        for id in order {
            guard let e = entries[id] else { continue }
            placements.append(ViewAnnotationPlacement(
                id: id, visible: e.shown, anchor: e.shown ? e.anchor : nil,
                anchorCoordinate: e.shown ? e.anchorCoordinate : nil))
        }
        return ViewAnnotationResult(
            placements: placements, drawOrder: placements.filter(\.visible).map(\.id), rejected: [], candidateTests: 0)
    }
}

extension PreviousFrame {
    /// The previous frame a placed frame makes for the next request: what a
    /// client would send back as `previous`.
    public init(_ result: ViewAnnotationResult) {
        var entries: [String: Entry] = [:]
        for p in result.placements {
            entries[p.id] = Entry(shown: p.visible, anchor: p.anchor, anchorCoordinate: p.anchorCoordinate)
        }
        self.init(entries: entries)
    }
}
