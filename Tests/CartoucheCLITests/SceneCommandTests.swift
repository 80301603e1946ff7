import ArgumentParser
import CartoucheGeometry
import CartoucheJSON
import CartoucheJobs
import CartoucheQuery
import CartoucheRender
import CartoucheScene
import Foundation
import Testing

@testable import CartoucheCommands

/// Runs a parsed command in-process and returns the exit status it ends
/// with, mapped as `CommandLine.runCartouche` maps it: 0 when `run()`
/// returns, a thrown `ExitCode` as is, usage errors 2, anything else 1.
func exitStatus<C: ParsableCommand>(_ command: C) -> Int32 {
    var command = command
    do {
        try command.run()
        return 0
    } catch let code as ExitCode {
        return code.rawValue
    } catch {
        return C.exitCode(for: error) == .validationFailure ? ExitStatus.usage.rawValue : ExitStatus.internalFailure.rawValue
    }
}

/// The error `parse` throws (`ExitCode.success` when it throws none, which fails the callers' checks).
func parseError(_ parse: () throws -> some ParsableCommand) -> any Error {
    do { _ = try parse() } catch { return error }
    return ExitCode.success
}

/// A fresh path in the temporary folder (nothing there yet).
func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-cli-\(UUID().uuidString)-\(name)").path
}

func readBytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

let exampleScene = Shared.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json").path
let badScene = #"{"version":1,"viewport":{"width":-1,"height":1},"camera":{"center":[0,0],"zoom":1}}"#

@Suite("compile, query, render in-process")
struct SceneCommandTests {
    @Test("compile -o writes the library's style; --output fragment --target mapbox --pretty the pretty Mapbox fragment")
    func compile() throws {
        let document = try SceneDocument(jsonBytes: try readBytes(exampleScene))
        let out = temporaryPath("style.json")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(exitStatus(try CompileCommand.parse([exampleScene, "-o", out])) == 0)
        #expect(try readBytes(out) == (try document.styleDocument().json.jsonBytes()))

        #expect(exitStatus(try CompileCommand.parse([exampleScene, "--output", "fragment", "--target", "mapbox", "--pretty", "-o", out])) == 0)
        #expect(try readBytes(out) == (try document.compile(target: .mapbox).fragment.json.jsonBytes(style: .pretty)))
    }

    @Test("compile failures: a bad flag exits 2, a bad scene 4, and -o is left as it was")
    func compileFailures() throws {
        let out = temporaryPath("kept.json")
        defer { try? FileManager.default.removeItem(atPath: out) }
        // A value outside the choice set is refused by the parser: a usage error (exit 2).
        #expect(CompileCommand.exitCode(for: parseError { try CompileCommand.parse([exampleScene, "--target", "maplibre", "-o", out]) })
                == .validationFailure)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(exitStatus(try CompileCommand.parse([exampleScene, "--output", "fragment", "--glyphs", "x", "-o", out])) == 2)

        let scene = temporaryPath("bad.scene.json")
        defer { try? FileManager.default.removeItem(atPath: scene) }
        try Data(badScene.utf8).write(to: URL(fileURLWithPath: scene))
        try Data("previous".utf8).write(to: URL(fileURLWithPath: out))
        #expect(exitStatus(try CompileCommand.parse([scene, "-o", out])) == 4)
        #expect(try readBytes(out) == Array("previous".utf8))
    }

    @Test("a choice flag outside its set is a usage error listing the values; the job reads the flags as the parameters")
    func sameProblems() throws {
        do {
            _ = try CompileCommand.parse(["-", "--target", "maplibre"])
            Issue.record("--target maplibre must be refused")
        } catch {
            let message = CompileCommand.message(for: error)
            #expect(message.contains("maplibre") && message.contains("'portable'") && message.contains("'mapbox'"))
            #expect(CompileCommand.exitCode(for: error) == .validationFailure)
        }
        let command = try CompileCommand.parse(["-", "--target", "mapbox", "--output", "fragment"])
        #expect(command.parameters.map(\.value) == ["fragment", "mapbox"])
        do {
            _ = try CompileOptions(parameters: [("target", "maplibre")])
            Issue.record("a bad target must fail")
        } catch {
            #expect(error.parameter == "target")
            #expect(error.detail == #"target: must be portable or mapbox, got "maplibre""#)
        }
    }

    @Test("query --at a shown callout's centre lists it, as /v1/query answers")
    func queryAt() throws {
        let document = try SceneDocument(jsonBytes: try readBytes(exampleScene))
        let engine = try Shared.engine.get()
        let placement = try #require(try document.place(text: engine).frames[1].result.placements.first { $0.frame != nil })
        let c = try #require(placement.frame).center
        let out = temporaryPath("hits.json")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(exitStatus(try QueryCommand.parse([exampleScene, "--at", "\(c.x),\(c.y)", "--frame", "1", "-o", out])) == 0)
        let hits = try document.queryIndex(frame: 1, text: engine).query(at: c)
        let expected: JSONValue = ["frame": 1, "hits": .array(hits.map { h in
            ["distance": .number(h.distance), "id": .string(h.id), "kind": .string(h.kind.rawValue), "layer": h.layerId.map(JSONValue.string) ?? .null]
        })]
        #expect(try readBytes(out) == (try expected.jsonBytes()))
        #expect(hits.contains { $0.id == placement.id })
    }

    @Test("query --taps reads X,Y and [X, Y] lines; one answer per tap")
    func queryTaps() throws {
        let taps = temporaryPath("taps.txt")
        let out = temporaryPath("taps.json")
        defer { for p in [taps, out] { try? FileManager.default.removeItem(atPath: p) } }
        try Data("10,20\n\n[30.5, 40]\n 50 , 60 \n".utf8).write(to: URL(fileURLWithPath: taps))
        #expect(exitStatus(try QueryCommand.parse([exampleScene, "--taps", taps, "--radius", "3", "-o", out])) == 0)
        let answer = try JSONParser().parse(try readBytes(out))
        let ats = answer.objectValue?["taps"]?.arrayValue?.compactMap { $0.objectValue?["at"] }
        #expect(ats == [[10, 20], [30.5, 40], [50, 60]])

        try Data("10,20\nten,20\n".utf8).write(to: URL(fileURLWithPath: taps))
        #expect(exitStatus(try QueryCommand.parse([exampleScene, "--taps", taps])) == 2)
    }

    @Test("query --globe-taps maplibre answers as the library's MapLibre mode, where it differs from what is drawn")
    func queryGlobeTaps() throws {
        let scene = Shared.repositoryRoot.appendingPathComponent("Examples/world-globe.scene.json").path
        let document = try SceneDocument(jsonBytes: try readBytes(scene))
        let engine = try Shared.engine.get()
        let drawn = try document.queryIndex(frame: 0, text: engine)
        let like = try document.queryIndex(frame: 0, text: engine, globeTaps: .likeMapLibreQuery)
        let grid = stride(from: 0.0, through: document.viewport.width, by: 8).flatMap { x in
            stride(from: 0.0, through: document.viewport.height, by: 8).map { ScreenPoint(x: x, y: $0) }
        }
        let differing = grid.filter { drawn.query(at: $0).map(\.id) != like.query(at: $0).map(\.id) }
        try #require(!differing.isEmpty, "some tap must differ between the modes")
        let taps = temporaryPath("globe-taps.txt"), out = temporaryPath("globe-taps.json")
        defer { for p in [taps, out] { try? FileManager.default.removeItem(atPath: p) } }
        try Data(differing.map { "\($0.x),\($0.y)" }.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: taps))
        for (flag, index) in [("maplibre", like), ("drawn", drawn)] {
            #expect(exitStatus(try QueryCommand.parse([scene, "--taps", taps, "--globe-taps", flag, "-o", out])) == 0)
            let answers = try JSONParser().parse(try readBytes(out)).objectValue?["taps"]?.arrayValue ?? []
            let ids = answers.map { ($0.objectValue?["hits"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue } }
            #expect(ids == differing.map { index.query(at: $0).map(\.id) }, "--globe-taps \(flag)")
        }
    }

    @Test("query usage: exactly one target; flag values checked by the request decoder exit 2, scene problems 4")
    func queryFailures() throws {
        #expect(throws: (any Error).self) { try QueryCommand.parse([exampleScene, "--at", "1,2", "--rect", "0,0,1,1"]) }
        #expect(throws: (any Error).self) { try QueryCommand.parse([exampleScene]) }
        #expect(exitStatus(try QueryCommand.parse([exampleScene, "--at", "1"])) == 2)
        #expect(exitStatus(try QueryCommand.parse([exampleScene, "--at", "1,2", "--frame", "7"])) == 2)
        #expect(exitStatus(try QueryCommand.parse([exampleScene, "--rect", "5,0,1,1"])) == 2)
        #expect(QueryCommand.exitCode(for: parseError { try QueryCommand.parse([exampleScene, "--at", "1,2", "--holes", "some"]) })
                == .validationFailure)
        #expect(QueryCommand.exitCode(for: parseError { try QueryCommand.parse([exampleScene, "--at", "1,2", "--globe-taps", "sky"]) })
                == .validationFailure)
        let scene = temporaryPath("bad.scene.json")
        defer { try? FileManager.default.removeItem(atPath: scene) }
        try Data(badScene.utf8).write(to: URL(fileURLWithPath: scene))
        #expect(exitStatus(try QueryCommand.parse([scene, "--at", "1,2"])) == 4)
    }

    @Test("render -o writes SVGRenderer's picture; a frame past the cameras exits 2 and writes nothing")
    func render() throws {
        let document = try SceneDocument(jsonBytes: try readBytes(exampleScene))
        let engine = try Shared.engine.get()
        let out = temporaryPath("scene.svg")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(exitStatus(try RenderCommand.parse([exampleScene, "--frame", "1", "--ghosts", "--no-caption", "-o", out])) == 0)
        let expected = try SVGRenderer().renderBytes(
            try document.drawing(frame: 1, text: engine, options: .init(ghosts: true, caption: false)))
        #expect(try readBytes(out) == expected)
        try FileManager.default.removeItem(atPath: out)
        #expect(exitStatus(try RenderCommand.parse([exampleScene, "--frame", "2", "-o", out])) == 2)
        #expect(exitStatus(try RenderCommand.parse([exampleScene, "--frame", "x", "-o", out])) == 2)
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
