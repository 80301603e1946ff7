import CartoucheJSON
import CartoucheScene
import CartoucheTestSupport
import Foundation
import Testing

@testable import CartoucheJobs
@testable import CartoucheService

/// Seeded mutations of an example scene: whatever the bytes, every job
/// answers (never crashes), and a refusal is a 4xx problem, never an
/// internal error.
@Suite("compile, query and render jobs on mutated scenes")
struct JobRobustnessTests {
    static let alphabet = Array(#"{}[],:"-.0123456789eE truefalsn"#.utf8)

    /// One mutation: truncate, overwrite one byte, or delete a short range.
    static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var out = bytes
        let at = Int(rng.next() % UInt64(out.count))
        switch rng.next() % 3 {
        case 0: out.removeSubrange(at...)
        case 1: out[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
        default: out.removeSubrange(at..<min(out.count, at + 1 + Int(rng.next() % 12)))
        }
        return out
    }

    static func check<T>(_ result: Result<T, JobError>, _ job: String, _ index: Int) -> Bool {
        guard case .failure(let error) = result else { return true }
        let problem = Problem(error)
        let ok = !problem.isInternal && (400..<500).contains(Int(problem.status.code))
        #expect(ok, "\(job) mutation \(index): \(problem.status.code) \(problem.detail)")
        return false
    }

    @Test("300 seeded mutations of sf-stanford: success or a 4xx problem from every job")
    func mutations() throws {
        let scene = try Shared.example("sf-stanford.scene.json")
        let engine = try Shared.engine.get()
        let limits = SceneLimits(maxAnnotations: 1_000, maxTextLength: 5_000)
        var rng = SplitMix64(seed: 2026)
        var succeeded = 0, refused = 0
        for i in 0..<300 {
            var body = Self.mutate(scene, &rng)
            if i % 2 == 1 { body = Self.mutate(body, &rng) }
            let compiled = Self.check(CompileJob.run(body, options: CompileOptions(), limits: limits), "compile", i)
            let query = Array(#"{"scene":"#.utf8) + body + Array(#","at":[400,300],"radius":5}"#.utf8)
            let queried = Self.check(QueryJob.run(query, limits: limits, text: engine), "query", i)
            let rendered = Self.check(RenderJob.run(body, options: RenderOptions(), limits: limits, text: engine), "render", i)
            for answered in [compiled, queried, rendered] { if answered { succeeded += 1 } else { refused += 1 } }
        }
        // Both outcomes must occur, or the mutations test nothing.
        #expect(succeeded > 0)
        #expect(refused > 0)
    }
}
