import CartoucheJSON
import CartoucheTestSupport
import CartoucheText
import Foundation
import Testing

@testable import CartoucheScene

/// docs/CLIENTS.md's GL JS snippet, extracted from the document and run as
/// written in MapLibre GL JS 5.3 (`scripts/interop/clients_check.py`): each
/// marker it makes lands on the answer's frame within 0.5 px.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the MapLibre browser test"))
struct ClientSnippetTests {
    static let script = "scripts/interop/clients_check.py"

    @Test("the documented Marker snippet puts every shown callout on its frame, for both sf-stanford cameras",
          arguments: [0, 1])
    func markersLandOnFrames(frame: Int) async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "run scripts/setup; missing: \(missing.joined(separator: ", "))")
        let url = SeedScenario.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json")
        let scene = try SceneDocument(jsonBytes: Array(try Data(contentsOf: url)))
        let response = try scene.place(text: try TextLayoutEngine(registry: FontRegistry()))
        let answer = try JSONParser().parse(try response.jsonBytes())
        let job: JSONValue = ["width": .number(scene.viewport.width), "height": .number(scene.viewport.height),
                              "answer": answer, "frame": .number(Double(frame))]
        let output = try await PythonOracle.runOffThePool(script: Self.script, input: Data(try job.jsonBytes()))
        let result = try #require(try JSONParser().parse(Array(output)).objectValue)
        #expect(result["errors"] == [], "\(result["errors"] ?? .null)")
        let boxes = try #require(result["boxes"]?.objectValue)
        let shown = response.frames[frame].result.placements.filter(\.isVisible)
        #expect(!shown.isEmpty)
        #expect(boxes.count == shown.count, "markers for \(boxes.keys.sorted()), shown \(shown.map(\.id))")
        for placement in shown {
            let expected = try #require(placement.frame)
            let box = try #require(boxes[placement.id]?.objectValue, "no marker for \(placement.id)")
            let got = ["x", "y", "width", "height"].map { box[$0]?.numberValue ?? .nan }
            let want = [expected.minX, expected.minY, expected.width, expected.height]
            for (g, w) in zip(got, want) {
                #expect(abs(g - w) <= 0.5, "\(placement.id) (\(placement.anchor?.anchor.rawValue ?? "?")): marker \(got), frame \(want)")
            }
        }
    }
}
