import CartoucheJSON
import CartouchePlacement
import CartoucheScene
import Testing

/// A spent budget is one error from the solver to the scene's caller: the
/// solver's `PlacementCancelled`, with its count, inside
/// `SceneError.cancelled(_:)`.
@Suite("Scene cancellation: the solver's error, carried unchanged")
struct SceneCancellationTests {
    /// `count` callouts of 60×20 at one point, in both modes' scene.
    static func crowd(_ count: Int, mode: String) throws -> SceneDocument {
        let callouts = (0..<count).map { i in
            #"{"id": "c\#(i)", "feature": {"type": "Point", "coordinates": [0, 0]}, "size": {"width": 60, "height": 20}}"#
        }.joined(separator: ",")
        let text = #"""
        {"version": 1, "viewport": {"width": 400, "height": 300}, "camera": {"center": [0, 0], "zoom": 10},
         "options": {"mode": "\#(mode)"}, "viewAnnotations": [\#(callouts)]}
        """#
        return try SceneDocument(json: JSONParser().parse(Array(text.utf8)))
    }

    @Test("greedy: the first poll's count (one callout fits the spot the other 30 want) reaches the scene's caller")
    func greedyCountTravels() throws {
        let scene = try Self.crowd(100, mode: "greedy")
        #expect(throws: SceneError.cancelled(PlacementCancelled(placedSoFar: 1))) {
            try scene.place(budget: PlacementBudget(shouldCancel: { true }))
        }
    }

    @Test("optimise: a cancel before any answer is the same error, and its sentence is the one every route says")
    func optimiseSameError() throws {
        let scene = try Self.crowd(100, mode: "optimise")
        do throws(SceneError) {
            _ = try scene.place(budget: PlacementBudget(shouldCancel: { true }))
            Issue.record("a budget that always says stop still placed the scene")
        } catch {
            guard case .cancelled(let stop) = error else {
                Issue.record("expected cancelled, got \(error)")
                return
            }
            #expect(error.description == "placement cancelled: the time budget ran out")
            #expect(error.description == stop.description)
        }
    }

    @Test("a budget that never fires places as no budget does")
    func quietBudgetChangesNothing() throws {
        let scene = try Self.crowd(100, mode: "greedy")
        let quiet = try scene.place(budget: PlacementBudget(shouldCancel: { false }, shouldStopSearch: { false }))
        #expect(quiet == (try scene.place()))
        #expect(quiet.placedCount == 1)
    }
}
