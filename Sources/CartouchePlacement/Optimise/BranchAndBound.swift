/// Branch and bound over "which candidate, or none" per variable of a small
/// component (the exact step of optimise mode, `ShownSet.solve`): mandatory
/// variables must get a candidate; maximise the optional ones that do.
/// Mandatory variables are branched first, fewest free candidates first (a
/// dead one prunes at once); optional ones after, in order, with the bound
/// "shown so far + still open ≤ best".
///
/// It runs once per hidden annotation of a dense tier (India z5 with
/// priorities: some 3,300 searches, most of them ended by the proof pass of
/// `run()` in about 150 nodes), so the candidates are bits: a component has
/// at most a few hundred, and the candidates blocked at a node are one bit
/// set (its parent's, or'ed with the conflicts of the candidate taken), so
/// a node costs a few word operations per variable instead of a pass over
/// every candidate.
struct BranchAndBound {
    /// 64-bit words per candidate bit set.
    private let words: Int
    /// Variable n's candidates: `candidateStart[n]..<candidateStart[n+1]`
    /// (local ids, in the order they are tried).
    private let candidateStart: [Int32]
    /// Per variable: its candidates as a bit set (`words` words from `words * n`).
    private var candidateMask: [UInt64]
    /// Per candidate: the candidates it conflicts with, as a bit set.
    private let conflictMask: [UInt64]
    private let isOptional: [Bool]
    private let mandatory: [Bool]
    private let maxNodes: Int
    private let optionalTotal: Int
    /// The most optional variables shown by an assignment found so far (or
    /// the caller's starting count).
    private(set) var best: Int
    private(set) var nodes = 0
    /// Nodes of both passes of `run()` (`nodes` counts the last one).
    private(set) var spent = 0
    /// No search ran out of nodes: `bestAssignment` (or the caller's
    /// starting point, when nil) is optimal.
    private(set) var complete = true
    /// Per variable: the local candidate of the best assignment found, or -1;
    /// nil when none beat `best`'s starting value.
    private(set) var bestAssignment: [Int]? = nil
    /// The blocked candidates at each depth of the search (`words` words a
    /// level): level d + 1 is level d with the conflicts of the d-th taken
    /// candidate added, so backtracking costs nothing.
    private var blocked: [UInt64]
    private var assignment: [Int]
    private var decided: [Bool]
    /// Branch on the optional variables first (the proof in `run()`).
    private var optionalFirst = false
    /// The variable branched on at each depth (`backjump(depth:first:)`).
    private var path: [Int] = []

    /// - Parameters:
    ///   - candidateStart: per variable, where its candidates start; one more entry at the end.
    ///   - conflictMask: per candidate, `words(for:)` words: the candidates it conflicts with.
    ///   - best: the number of optional variables shown now: only a better assignment is recorded.
    init(candidateStart: [Int32], conflictMask: [UInt64], isOptional: [Bool], mandatory: [Bool], best: Int, maxNodes: Int) {
        let variables = candidateStart.count - 1
        let count = Int(candidateStart[variables])
        words = Self.words(for: count)
        self.candidateStart = candidateStart
        self.conflictMask = conflictMask
        self.isOptional = isOptional
        self.mandatory = mandatory
        self.best = best
        self.maxNodes = maxNodes
        candidateMask = Array(repeating: 0, count: words * variables)
        for n in 0..<variables {
            for c in Int(candidateStart[n])..<Int(candidateStart[n + 1]) { candidateMask[words * n + c >> 6] |= 1 << UInt64(c & 63) }
        }
        blocked = Array(repeating: 0, count: words * (variables + 1))
        assignment = Array(repeating: -1, count: variables)
        decided = Array(repeating: false, count: variables)
        optionalTotal = isOptional.filter { $0 }.count
    }

    /// Words of a bit set over `count` candidates.
    static func words(for count: Int) -> Int { max(1, (count + 63) / 64) }

    /// Searches for an assignment that shows more optional variables than
    /// `best`; `bestAssignment` is the first one the search order meets.
    ///
    /// Most searches of a dense tier (a hidden annotation and the shown ones
    /// in its way) find none. The search order branches on the mandatory
    /// variables first, so it enumerates their placements before it tries
    /// the hidden one: to fail it spends up to `maxNodes`. So a proof runs
    /// first, branching on the optional variables first: taking a hidden
    /// annotation's candidate at the root leaves the mandatory variables
    /// few choices, and a dead end shows at once. Only when the proof finds
    /// a better assignment, or runs out of nodes, does the search proper
    /// run, so the answer is the one the search order gives either way.
    ///
    /// With one optional variable, hidden now (`best` 0), the proof is a
    /// feasibility search with that variable branched first, and it
    /// backjumps (`backjump(depth:first:)`) over at most 64 variables:
    /// the same answer, in fewer nodes where parts of the component do not
    /// compete. `backjumping` false runs the plain proof (tests compare the two).
    mutating func run(backjumping: Bool = true) {
        // Variables neither mandatory nor optional (hidden, lower rank) stay hidden.
        for n in decided.indices where !mandatory[n] && !isOptional[n] { decided[n] = true }
        let start = best
        optionalFirst = true
        if backjumping && optionalTotal == 1 && start == 0 && decided.count <= 64,
           let first = isOptional.firstIndex(of: true) {
            path = Array(repeating: -1, count: decided.count)
            _ = backjump(depth: 0, first: first)
        } else {
            go(depth: 0, shown: 0, open: optionalTotal)
        }
        spent = nodes
        guard bestAssignment != nil || !complete else { return }
        best = start
        bestAssignment = nil
        complete = true
        nodes = 0
        optionalFirst = false
        go(depth: 0, shown: 0, open: optionalTotal)
        spent += nodes
    }

    /// Whether the mandatory variables can all be placed, in one pass (no
    /// optional variable: the proof pass of `run()` would search the same
    /// tree): `bestAssignment` is one when they can, nil with `complete`
    /// when they cannot, nil without it when the nodes ran out. Start with
    /// `best` −1, so an assignment showing no optional variable counts.
    ///
    /// With every variable mandatory and at most 64 of them, the search
    /// backjumps (`backjump(depth:first:)`): the same tree in the same order, less
    /// the subtrees it proves hold no placement, so the same first
    /// placement. `backjumping` false runs the plain search (tests compare
    /// the two).
    mutating func runFeasibility(backjumping: Bool = true) {
        for n in decided.indices where !mandatory[n] && !isOptional[n] { decided[n] = true }
        optionalFirst = false
        if backjumping && optionalTotal == 0 && decided.count <= 64 {
            path = Array(repeating: -1, count: decided.count)
            _ = backjump(depth: 0, first: -1)
        } else {
            go(depth: 0, shown: 0, open: optionalTotal)
        }
        spent = nodes
    }

    /// Candidates of variable `n` not blocked at `level` (an offset into `blocked`).
    ///
    /// Only the words that hold `n`'s candidates (contiguous: one or two
    /// words for a label's 8 anchors) are counted; the others of its mask
    /// are zero. Counting all of them was over half of the branch and
    /// bound's time on 48-label neighbourhoods (8 words, and a popcount
    /// without the POPCNT instruction is a dozen).
    /// - Complexity: O(words spanned by n's candidates).
    @inline(__always) private func freeCount(_ n: Int, level: Int) -> Int {
        var free = 0
        let first = Int(candidateStart[n]) >> 6, last = (Int(candidateStart[n + 1]) - 1) >> 6
        for w in first..<max(first, last + 1) {
            free += (candidateMask[words * n + w] & ~blocked[level + w]).nonzeroBitCount
        }
        return free
    }

    @inline(__always) private func isBlocked(_ c: Int, level: Int) -> Bool {
        blocked[level + c >> 6] & (1 << UInt64(c & 63)) != 0
    }

    private mutating func go(depth: Int, shown: Int, open: Int) {
        nodes += 1
        if nodes > maxNodes { complete = false; return }
        if shown + open <= best { return }
        let level = words * depth
        // Most constrained mandatory variable (the first of the fewest), if any is left.
        var pick = -1, pickFree = Int.max
        for n in decided.indices where !decided[n] && mandatory[n] {
            let free = freeCount(n, level: level)
            if free == 0 { return }
            if free < pickFree { pick = n; pickFree = free }
        }
        if optionalFirst, let n = decided.indices.first(where: { !decided[$0] && isOptional[$0] }) {
            pick = n
        } else if pick < 0 {
            pick = decided.firstIndex(of: false) ?? -1
        }
        guard pick >= 0 else {
            // Every variable decided, and better than the best so far (the bound).
            best = shown
            bestAssignment = assignment
            return
        }
        decided[pick] = true
        let gain = isOptional[pick] ? 1 : 0
        let next = level + words
        for c in Int(candidateStart[pick])..<Int(candidateStart[pick + 1]) where !isBlocked(c, level: level) {
            assignment[pick] = c
            for w in 0..<words { blocked[next + w] = blocked[level + w] | conflictMask[words * c + w] }
            go(depth: depth + 1, shown: shown + gain, open: open - gain)
            assignment[pick] = -1
            if best == optionalTotal || !complete { break }
        }
        if isOptional[pick] && best < optionalTotal && complete {
            // Hidden: the next level blocks what this one does.
            for w in 0..<words { blocked[next + w] = blocked[level + w] }
            go(depth: depth + 1, shown: shown, open: open - 1)
        }
        decided[pick] = false
    }
}

/// Conflict-directed backjumping for the feasibility search (every variable
/// mandatory, or one optional variable branched first: `run()`'s proof for
/// a hidden label; issue #29): the nodes are those of `go`, but a failed subtree
/// returns the variables whose choices explain the failure, and a choice
/// that is not among them is not retried. The branch and bound alone
/// thrashes where a neighbourhood holds two parts that do not compete:
/// when one part has no placement it tries every placement of the other
/// before giving up (the Nile delta z7's hidden top labels whose relaxed
/// proof at 24 or 48 labels ran past 4,000 nodes).
extension BranchAndBound {
    /// The variables assigned above `depth` (a bit each) whose choice
    /// conflicts with some candidate of variable `n`: when every candidate
    /// of `n` is blocked, they are what blocks them.
    /// - Complexity: O(depth × words spanned by n's candidates).
    @inline(__always) private func blockers(of n: Int, depth: Int) -> UInt64 {
        var set: UInt64 = 0
        let first = Int(candidateStart[n]) >> 6, last = (Int(candidateStart[n + 1]) - 1) >> 6
        guard first <= last else { return 0 }
        for d in 0..<depth {
            let a = path[d], c = assignment[a]
            for w in first...last where conflictMask[words * c + w] & candidateMask[words * n + w] != 0 {
                set |= 1 << UInt64(a)
                break
            }
        }
        return set
    }

    /// The search of `go` for a placement of every variable (fewest free
    /// candidates first), returning, when the subtree holds none, a set of
    /// variables (a bit each) whose current choices alone leave none. A
    /// child whose set does not hold the variable just branched on failed
    /// whatever that variable takes: its set is this node's answer, and the
    /// variable's other candidates are skipped (they would fail the same
    /// way). Sound: an explanation is the blockers of a variable left
    /// without a candidate, or, at a node whose every branch failed, the
    /// union of the children's explanations less the variable branched on,
    /// with the blockers of its candidates not tried.
    /// Returns 0 once a placement was found or the nodes ran out.
    /// - Complexity: O(nodes × (variables × words spanned + depth)), at most
    ///   `maxNodes` nodes.
    private mutating func backjump(depth: Int, first: Int) -> UInt64 {
        nodes += 1
        if nodes > maxNodes { complete = false; return 0 }
        let level = words * depth
        var pick = -1, pickFree = Int.max
        for n in decided.indices where !decided[n] {
            let free = freeCount(n, level: level)
            if free == 0 { return blockers(of: n, depth: depth) }
            if free < pickFree { pick = n; pickFree = free }
        }
        if first >= 0 {
            pick = first
            pickFree = freeCount(first, level: level)
        }
        guard pick >= 0 else {
            best = 0
            bestAssignment = assignment
            return 0
        }
        decided[pick] = true
        defer { decided[pick] = false }
        path[depth] = pick
        let bit: UInt64 = 1 << UInt64(pick)
        // The candidates not tried are blocked by choices above.
        var why = pickFree == Int(candidateStart[pick + 1] - candidateStart[pick]) ? 0 : blockers(of: pick, depth: depth)
        let next = level + words
        for c in Int(candidateStart[pick])..<Int(candidateStart[pick + 1]) where !isBlocked(c, level: level) {
            assignment[pick] = c
            for w in 0..<words { blocked[next + w] = blocked[level + w] | conflictMask[words * c + w] }
            let failed = backjump(depth: depth + 1, first: -1)
            assignment[pick] = -1
            if bestAssignment != nil || !complete { return 0 }
            if failed & bit == 0 { return failed }
            why |= failed & ~bit
        }
        return why
    }
}
