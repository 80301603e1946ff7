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
        /// Its box on screen, when shown (the answer's `frame`): the motion
        /// contract keeps the next box as near it as the rules allow. Only
        /// the origin counts.
        public var frame: ScreenRect?

        public init(shown: Bool, anchor: AnchorConfig? = nil, anchorCoordinate: Coordinate? = nil, frame: ScreenRect? = nil) {
            self.shown = shown
            self.anchor = anchor
            self.anchorCoordinate = anchorCoordinate
            self.frame = frame
        }
    }

    /// Part of `previous` that no longer applies to the scene and was left
    /// out (an id the scene no longer has, an anchor the callout no longer
    /// offers): a navigation client drops and changes callouts between
    /// ticks, and its next request must still be answered.
    public struct Ignored: Hashable, Sendable {
        /// The view annotation id named.
        public var id: String
        /// Where in the scene, e.g. `previous.eta.anchor`.
        public var path: String
        public var reason: String

        public init(id: String, path: String, reason: String) {
            self.id = id
            self.path = path
            self.reason = reason
        }
    }

    /// By view annotation id; callouts not listed start afresh.
    public var entries: [String: Entry]
    /// What was left out, in document order (answers carry each as a
    /// `previous-ignored` warning).
    public var ignored: [Ignored]

    public init(entries: [String: Entry] = [:], ignored: [Ignored] = []) {
        self.entries = entries
        self.ignored = ignored
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
                id: id, isVisible: e.shown, frame: e.shown ? e.frame : nil, anchor: e.shown ? e.anchor : nil,
                anchorCoordinate: e.shown ? e.anchorCoordinate : nil))
        }
        return ViewAnnotationResult(
            placements: placements, drawOrder: placements.filter(\.isVisible).map(\.id), rejected: [], candidateTests: 0)
    }
}

extension PreviousFrame {
    /// The previous frame a placed frame makes for the next request: what a
    /// client would send back as `previous`.
    public init(_ result: ViewAnnotationResult) {
        var entries: [String: Entry] = [:]
        for p in result.placements {
            entries[p.id] = Entry(shown: p.isVisible, anchor: p.anchor, anchorCoordinate: p.anchorCoordinate, frame: p.frame)
        }
        self.init(entries: entries)
    }
}
