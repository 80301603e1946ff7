import Testing

@testable import CartouchePlacement

/// The feasibility search of the split insertion (`BranchAndBound.runFeasibility`,
/// issue #29) backjumps: against a brute-force enumeration of every
/// assignment it answers the same (a placement exactly when one exists,
/// and then the one the plain search finds first), in no more nodes.
@Suite("Optimise placement: backjumping feasibility search")
struct BranchAndBoundBackjumpTests {
    /// A seeded instance: `variables` variables of 1–`maxCandidates`
    /// candidates each (contiguous local ids), candidates of different
    /// variables conflicting with probability `density`.
    struct Instance {
        var candidateStart: [Int32] = [0]
        var conflicts: [[Bool]] = []

        init(seed: UInt64, variables: Int, maxCandidates: Int, density: Double) {
            var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
            var owner: [Int] = []
            for n in 0..<variables {
                for _ in 0..<rng.int(1...maxCandidates) { owner.append(n) }
                candidateStart.append(Int32(owner.count))
            }
            conflicts = Array(repeating: Array(repeating: false, count: owner.count), count: owner.count)
            for a in owner.indices {
                for b in (a + 1)..<max(a + 1, owner.count) where owner[a] != owner[b] && rng.chance(density) {
                    conflicts[a][b] = true
                    conflicts[b][a] = true
                }
            }
        }

        var variables: Int { candidateStart.count - 1 }

        var masks: [UInt64] {
            let count = conflicts.count, words = BranchAndBound.words(for: count)
            var masks = [UInt64](repeating: 0, count: words * count)
            for a in 0..<count {
                for b in 0..<count where conflicts[a][b] { masks[words * a + b >> 6] |= 1 << UInt64(b & 63) }
            }
            return masks
        }

        func search(backjumping: Bool, maxNodes: Int = 1_000_000) -> BranchAndBound {
            var search = BranchAndBound(
                candidateStart: candidateStart, conflictMask: masks, isOptional: Array(repeating: false, count: variables),
                mandatory: Array(repeating: true, count: variables), best: -1, maxNodes: maxNodes)
            search.runFeasibility(backjumping: backjumping)
            return search
        }

        /// `run()` with variable 0 optional and hidden (`best` 0), the rest
        /// mandatory: the exact step's question for a hidden label.
        func insertion(backjumping: Bool) -> BranchAndBound {
            var search = BranchAndBound(
                candidateStart: candidateStart, conflictMask: masks, isOptional: [true] + Array(repeating: false, count: variables - 1),
                mandatory: [false] + Array(repeating: true, count: variables - 1), best: 0, maxNodes: 1_000_000)
            search.run(backjumping: backjumping)
            return search
        }

        /// Every assignment, one candidate per variable: whether one has no two conflicting.
        func bruteForceFeasible() -> Bool {
            var choice: [Int] = []
            func extend(_ n: Int) -> Bool {
                if n == variables { return true }
                for c in Int(candidateStart[n])..<Int(candidateStart[n + 1]) where !choice.contains(where: { conflicts[$0][c] }) {
                    choice.append(c)
                    if extend(n + 1) { return true }
                    choice.removeLast()
                }
                return false
            }
            return extend(0)
        }

        func isPlacement(_ assignment: [Int]) -> Bool {
            for (n, c) in assignment.enumerated() {
                guard Int(candidateStart[n]) <= c && c < Int(candidateStart[n + 1]) else { return false }
                for d in assignment[(n + 1)...] where conflicts[c][d] { return false }
            }
            return true
        }
    }

    @Test(arguments: 0..<400)
    func agreesWithBruteForceAndThePlainSearch(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed))
        let instance = Instance(
            seed: UInt64(seed), variables: rng.int(1...9), maxCandidates: rng.int(1...4), density: rng.double(0.05...0.45))
        Self.expectSameAnswer(instance, jumping: instance.search(backjumping: true),
                              plain: instance.search(backjumping: false), seed: seed)
    }

    /// Both searches finished; the backjumping one found a placement exactly
    /// when brute force says there is one, the same first placement as the
    /// plain search (only subtrees without a placement are skipped), a real
    /// placement, in no more nodes.
    static func expectSameAnswer(_ instance: Instance, jumping: BranchAndBound, plain: BranchAndBound, seed: Int) {
        #expect(jumping.complete && plain.complete, "seed \(seed)")
        let feasible = instance.bruteForceFeasible()
        #expect((jumping.bestAssignment != nil) == feasible, "seed \(seed): brute force says \(feasible)")
        #expect(jumping.bestAssignment == plain.bestAssignment, "seed \(seed)")
        if let found = jumping.bestAssignment { #expect(instance.isPlacement(found), "seed \(seed): \(found)") }
        #expect(jumping.spent <= plain.spent, "seed \(seed): \(jumping.spent) nodes, plain \(plain.spent)")
    }

    /// The proof pass of `run()` for a hidden label (one optional variable)
    /// backjumps too: the same answer as the plain proof and search, which
    /// shows the label exactly when brute force can, in no more nodes.
    @Test(arguments: 0..<400)
    func theInsertionProofAgreesWithBruteForceAndThePlainSearch(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 1_000)
        let instance = Instance(
            seed: UInt64(seed) &+ 1_000, variables: rng.int(2...9), maxCandidates: rng.int(1...4), density: rng.double(0.05...0.45))
        Self.expectSameAnswer(instance, jumping: instance.insertion(backjumping: true),
                              plain: instance.insertion(backjumping: false), seed: seed)
    }

    /// Two parts that do not compete: ten free variables of two candidates
    /// (the most constrained, so branched first) and four variables sharing
    /// three candidates' worth of room (a pigeonhole). The plain search
    /// proves the pigeonhole once per placement of the ten (2¹⁰ of them);
    /// backjumping proves it once, since no choice of the ten is in its way.
    @Test func aPigeonholeBesideFreeVariablesIsProvedOnce() throws {
        var instance = Instance(seed: 0, variables: 0, maxCandidates: 1, density: 0)
        var owner: [Int] = []
        for n in 0..<10 { owner += [n, n] }
        for n in 10..<14 { owner += [n, n, n] }
        instance.candidateStart = [0]
        for n in 0..<14 { instance.candidateStart.append(Int32(owner.lastIndex(of: n)! + 1)) }
        instance.conflicts = Array(repeating: Array(repeating: false, count: owner.count), count: owner.count)
        // The four share three slots: slot k of one conflicts with slot k of another.
        for a in 20..<owner.count {
            for b in 20..<owner.count where owner[a] != owner[b] && (a - 20) % 3 == (b - 20) % 3 {
                instance.conflicts[a][b] = true
            }
        }
        #expect(!instance.bruteForceFeasible())
        let jumping = instance.search(backjumping: true, maxNodes: 4_000)
        #expect(jumping.complete)
        #expect(jumping.bestAssignment == nil)
        #expect(jumping.spent < 100, "\(jumping.spent) nodes")
        let plain = instance.search(backjumping: false, maxNodes: 4_000)
        #expect(!plain.complete)
    }
}
