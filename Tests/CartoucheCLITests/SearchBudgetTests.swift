import CartoucheJSON
import CartoucheTestSupport
import CartoucheJobs
import Foundation
import Testing

/// Optimise mode on a budget: past the search deadline the answer is still
/// a valid placement, at least greedy's, and says it stopped early.
@Suite("the search deadline")
struct SearchBudgetTests {
    /// A dense optimise scene: 400 callouts of one priority each on 8 anchors,
    /// more than fit, so the search has work to cut short.
    static func denseScene(mode: String) -> [UInt8] {
        var random = SplitMix64(seed: 0x5EA2C4)
        var members: [String] = []
        for i in 0..<400 {
            let lon = random.double(in: -0.15...0.15), lat = random.double(in: -0.1...0.1)
            members.append(#"{"id":"c\#(i)","priority":\#(400 - i),"feature":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"size":{"width":48,"height":18},"variableAnchors":["top-left","top","top-right","left","right","bottom-left","bottom","bottom-right"]}"#)
        }
        return Array(#"{"version":1,"viewport":{"width":800,"height":600},"camera":{"center":[0,0],"zoom":10},"options":{"mode":"\#(mode)"},"viewAnnotations":[\#(members.joined(separator: ","))]}"#.utf8)
    }

    /// `stats` of the answer's only frame, and the ids shown.
    func frame(_ outcome: PlaceOutcome) throws -> (stats: [String: JSONValue], placed: Int) {
        let root = try #require(try JSONParser().parse(outcome.body).objectValue)
        let frame = try #require(root["frames"]?.arrayValue?.first?.objectValue)
        return (try #require(frame["stats"]?.objectValue), outcome.placed)
    }

    @Test("past the search deadline: 200 with finished false, no fewer shown than greedy; with time to spare: finished true")
    func stopsWithAnAnswer() throws {
        let engine = try Shared.engine.get()
        let greedy = try PlaceJob.run(Self.denseScene(mode: "greedy"), limits: .unlimited, text: engine).get()
        let stopped = try PlaceJob.run(Self.denseScene(mode: "optimise"), limits: .unlimited, text: engine,
                                       budget: .init(shouldCancel: { false }, shouldStopSearch: { true })).get()
        let full = try PlaceJob.run(Self.denseScene(mode: "optimise"), limits: .unlimited, text: engine).get()
        let (stoppedStats, stoppedCount) = try frame(stopped)
        let (fullStats, fullCount) = try frame(full)
        #expect(stoppedStats["finished"] == false && stoppedStats["method"] == "optimise")
        #expect(fullStats["finished"] == true)
        #expect(stoppedCount >= greedy.placed)
        #expect(fullCount > greedy.placed, "the scene leaves the search something to gain")
        #expect(fullCount >= stoppedCount)
    }

    @Test("the search deadline is three quarters of the budget")
    func split() {
        let start = ContinuousClock.now
        let deadline = start.advanced(by: .milliseconds(2_000))
        #expect(SearchBudget.searchDeadline(start: start, deadline: deadline) == start.advanced(by: .milliseconds(1_500)))
    }
}
