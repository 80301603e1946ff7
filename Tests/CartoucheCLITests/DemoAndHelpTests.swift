import ArgumentParser
import CartoucheJSON
import CartoucheJobs
import CartoucheRender
import CartoucheScene
import CartoucheText
import Foundation
import Testing

@testable import CartoucheCommands

@Suite("demo, --help and messages")
struct DemoAndHelpTests {
    @Test("demo writes, per scene, what the library gives: placement, style, one picture per camera, taps")
    func demoOutputs() throws {
        let examples = temporaryPath("examples")
        let out = temporaryPath("demo")
        defer { for p in [examples, out] { try? FileManager.default.removeItem(atPath: p) } }
        try FileManager.default.createDirectory(atPath: examples, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: exampleScene, toPath: examples + "/sf.scene.json")
        #expect(exitStatus(try DemoCommand.parse(["--examples", examples, "--out", out])) == 0)

        let document = try SceneDocument(jsonBytes: try readBytes(exampleScene))
        let engine = try Shared.engine.get()
        let placed = try document.place(text: engine)
        #expect(try readBytes(out + "/sf.place.json") == (try placed.jsonBytes(style: .pretty)))
        #expect(try readBytes(out + "/sf.style.json") == (try document.styleDocument().json.jsonBytes(style: .pretty)))
        for i in placed.frames.indices {
            let svg = try SVGRenderer().render(try document.drawing(frame: i, text: engine, options: .init(ghosts: true)))
            #expect(try readBytes(out + "/sf-\(i).svg") == Array(svg.utf8), "camera \(i)")
        }
        let shown = placed.frames.reduce(0) { $0 + $1.result.placements.filter { $0.frame != nil }.count }
        let taps = try #require(try JSONParser().parse(try readBytes(out + "/sf.query.json")).arrayValue)
        #expect(taps.count == shown)
        #expect(!FileManager.default.fileExists(atPath: out + "/sf-\(placed.frames.count).svg"))
    }

    @Test("demo on a folder without scenes is a usage error")
    func demoWithoutScenes() throws {
        let examples = temporaryPath("empty")
        defer { try? FileManager.default.removeItem(atPath: examples) }
        try FileManager.default.createDirectory(atPath: examples, withIntermediateDirectories: true)
        #expect(exitStatus(try DemoCommand.parse(["--examples", examples, "--out", temporaryPath("unused")])) == 2)
    }

    @Test("--help lists the values of choice options and says each default once")
    func help() {
        let compile = CompileCommand.helpMessage(columns: 400)
        #expect(compile.contains("values: style, fragment"))
        #expect(compile.contains("values: portable, mapbox"))
        #expect(QueryCommand.helpMessage(columns: 400).contains("values: honoured, maplibre"))
        let place = PlaceCommand.helpMessage(columns: 400)
        #expect(place.contains("values: skip, fail"))
        #expect(place.contains("(default: core count)"))
        #expect(!place.contains("core count). (default"))
        let render = RenderCommand.helpMessage(columns: 400)
        #expect(!render.contains("(default 0)"))
        #expect(render.contains("Camera index. (default: 0)"))
    }

    @Test("a place --batch with a bad --on-error value is a usage error naming the values")
    func badChoice() {
        do {
            _ = try PlaceCommand.parse(["--batch", "--on-error", "ignore"])
            Issue.record("--on-error ignore must be refused")
        } catch {
            #expect(PlaceCommand.exitCode(for: error) == .validationFailure)
            #expect(PlaceCommand.message(for: error).contains("'skip'"))
        }
    }

    @Test("the progress line separates the percentage from the count")
    func progressLine() {
        #expect(ProgressBar.line(done: 1008, bytesRead: 50, totalBytes: 100, seconds: 5)
                == "[##########..........]  50%  1008 scenes  201.6/s  ETA 5s")
        #expect(ProgressBar.line(done: 10, bytesRead: 0, totalBytes: nil, seconds: 4) == "10 scenes  2.5/s")
    }

    @Test("an error message names its JSON path once")
    func pathOnce() {
        #expect(JobError(.invalidValue, detail: "managers[0].x: not a number", path: "managers[0].x").detailNamingPath
                == "managers[0].x: not a number")
        #expect(JobError(.textTooLong, detail: "the text is too long", path: "viewAnnotations[0].content.eta.title").detailNamingPath
                == "the text is too long at viewAnnotations[0].content.eta.title")
        #expect(JobError(.invalidJSON, detail: "bad", line: 1, column: 2).detailNamingPath == "bad")
    }
}

@Suite("shape's choice flags")
struct ShapeChoiceTests {
    @Test("each choice enum has the text engine's spellings, so the request body decodes")
    func spellings() throws {
        let command = try ShapeCommand.parse(["Hi", "--anchor", "top-left", "--justify", "right", "--transform", "uppercase"])
        let request = try ShapeRequest(json: try JSONParser().parse(try command.requestBody()))
        #expect(request.style.anchor == .topLeft && request.style.justify == .right && request.style.transform == .uppercase)
        #expect(ShapeCommand.helpMessage(columns: 400).contains("values: center, top, bottom, left, right, top-left"))
    }
}
