import CartoucheGeometry

/// The outcome for one view annotation.
public struct Placement: Hashable, Sendable {
    public var id: String
    /// Position of the annotation in the input.
    public var itemIndex: Int
    /// The frame in screen points, when shown.
    public var frame: ScreenRect?
    /// The anchor option chosen, when shown.
    public var anchor: AnchorConfig?
    /// Which of the item's anchor points was used, when shown.
    public var anchorPointIndex: Int?
    /// Stacking position among shown annotations: 0 is drawn first (bottom).
    public var zIndex: Int?
    /// Why it is hidden; nil when shown.
    public var hiddenReason: HiddenReason?

    public var isVisible: Bool { frame != nil }
}

/// A candidate (anchor point × anchor option) the placement tried and
/// rejected, with why. Kept for pictures and debugging ("ghosts").
public struct RejectedCandidate: Hashable, Sendable {
    public var itemIndex: Int
    public var anchorPointIndex: Int
    public var anchor: AnchorConfig
    public var frame: ScreenRect
    public var reason: HiddenReason
}

/// The outcome of a placement run.
public struct PlacementResult: Hashable, Sendable {
    /// One entry per input item, in input order.
    public var placements: [Placement]
    /// Indices of shown items from bottom to top (the order to draw them in).
    public var drawOrder: [Int]
    /// Rejected candidates, when requested in the options.
    public var rejected: [RejectedCandidate]
    /// How many candidate frames were tested (a measure of the work done).
    /// Greedy mode does not count the candidates it rules out together
    /// because their anchor point lies inside a shown annotation.
    public var candidateTests: Int
    /// The mode that produced the result.
    public var method: PlacementMode = .greedy
    /// False when the caller's budget (`shouldCancel`) stopped optimise mode's
    /// search early: the result is still valid and at least as good as greedy
    /// mode's, only possibly less good than a full run. Always true in greedy
    /// mode, and true when the search ran its full (bounded) course, which
    /// does not by itself prove the result optimal.
    public var finished = true
    /// Optimise mode: the connected groups of a tier's competing
    /// annotations that needed a local search. The others ended at once,
    /// their first free candidates provably optimal (every member fits
    /// them, or none of the hidden ones competes with another member).
    /// 0 in greedy mode.
    public var searchedComponents = 0
    /// Optimise mode: the highest tiers whose count was decided exactly
    /// (each hidden member's insertion proved impossible, or every member
    /// shown), before the local search takes over. 0 in greedy mode.
    public var exactTiers = 0

    /// Number of shown annotations.
    public var placedCount: Int { drawOrder.count }
}

/// How the solver chooses among legal candidates: asked for in a scene's
/// `options.mode` (`--mode`, `?mode=`), and said by every result (`method`).
/// The raw values are those spellings.
public enum PlacementMode: String, Hashable, Sendable, CaseIterable {
    /// Mapbox-compatible first fit in placement order.
    case greedy
    /// The lexicographic priority contract, as many shown as possible within it.
    case optimise
}

/// Knobs of a placement run that are not part of the scene.
public struct PlacementOptions: Sendable {
    /// The anchor chosen for each id in the previous frame; tried first while it
    /// still fits so callouts do not jump between frames.
    public var previousAnchors: [String: AnchorConfig]
    /// Record every rejected candidate in the result.
    public var recordRejected: Bool
    /// Side of a collision-grid cell in points; nil picks one from the sizes.
    public var gridCellSize: Double?
    /// When to give up (`shouldCancel`: the run throws
    /// ``PlacementCancelled``) and when optimise mode's search should end
    /// early with the best valid answer so far (`shouldStopSearch`, the
    /// result then says `finished == false`). Greedy mode polls only the
    /// first.
    public var budget: PlacementBudget

    public init(
        previousAnchors: [String: AnchorConfig] = [:],
        recordRejected: Bool = false,
        gridCellSize: Double? = nil,
        budget: PlacementBudget = .unlimited
    ) {
        self.previousAnchors = previousAnchors
        self.recordRejected = recordRejected
        self.gridCellSize = gridCellSize
        self.budget = budget
    }

    /// The budget's hard check (the solver's loops poll it).
    var shouldCancel: (@Sendable () -> Bool)? { budget.shouldCancel }

    /// What optimise mode's search polls: the soft deadline or the hard one.
    var searchShouldStop: (@Sendable () -> Bool)? {
        switch (budget.shouldStopSearch, budget.shouldCancel) {
        case let (soft?, hard?): { soft() || hard() }
        case let (soft?, nil): soft
        case let (nil, hard): hard
        }
    }
}
