import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartoucheScene
import CartoucheTestSupport
import Foundation
import Testing

/// The seed's route styling (a feature-state `case` for the colour, a zoom
/// `interpolate` for the width) on the example's polyline manager, through
/// the executable: every command takes it, and a bad expression exits 4 with
/// its exact path, said once.
@Suite("expressions through the executable", .serialized)
struct ExpressionCommandTests {
    static let color = SeedRouteScene.expressionColor
    static let width = SeedRouteScene.expressionWidth

    /// The example scene with the routes manager styled by expressions and
    /// its first route selected.
    static func scene(lineColor: JSONValue = color) throws -> String {
        String(decoding: try SeedRouteScene.expressionStyled(lineColor: lineColor), as: UTF8.self)
    }

    @Test("place, compile, query and render take the seed's route styling; compile emits it verbatim")
    func seedStyling() throws {
        let text = try Self.scene()
        let document = try SceneDocument(jsonBytes: Array(text.utf8))
        let place = try Executable.run(["place", "-"], stdin: text)
        #expect(place.status == 0, "\(place.stderr)")
        #expect(place.stdout.trimmingCharacters(in: .newlines) == (try document.place(text: try Shared.engine.get()).jsonString()))

        let compile = try Executable.run(["compile", "-"], stdin: text)
        #expect(compile.status == 0, "\(compile.stderr)")
        let layers = try #require(try JSONParser().parse(compile.stdout).objectValue?["layers"]?.arrayValue)
        let routes = try #require(layers.first { $0.objectValue?["id"] == "routes" }?.objectValue)
        #expect(routes["paint"]?.objectValue?["line-color"] == Self.color)
        #expect(routes["paint"]?.objectValue?["line-width"] == Self.width)

        // A tap on the selected route's first vertex hits it.
        guard case .polyline(let manager) = document.managers[0] else { Issue.record("not a polyline manager"); return }
        let camera = try document.resolve(document.cameras[0])
        let projection = try Projection(camera: camera, viewport: document.viewport)
        let vertex = try #require(projection.project(manager.annotations[0].coordinates[0]))
        let query = try Executable.run(["query", "-", "--at", "\(vertex.x),\(vertex.y)"], stdin: text)
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout.contains(#""id":"\#(manager.annotations[0].id)""#), "\(query.stdout)")

        let render = try Executable.run(["render", "-"], stdin: text)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.lowercased().contains("#57a9fb"), "the selected route is drawn in its feature-state colour")
        #expect(render.stdout.lowercased().contains("#999999"))
    }

    @Test("a bad expression exits 4 from every command with its exact path, said once", arguments: ["place", "compile", "query", "render"])
    func badExpression(command: String) throws {
        let text = try Self.scene(lineColor: ["case", ["bogus", 1], "red", "blue"])
        let arguments = command == "query" ? [command, "-", "--at", "1,1"] : [command, "-"]
        let run = try Executable.run(arguments, stdin: text)
        #expect(run.status == 4)
        let path = "managers[0].properties.line-color[1][0]"
        #expect(run.stderr.hasPrefix("-: \(path): unsupported operator \"bogus\""), "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "line-color").count == 2, "the path once: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test("a bad constant value, and a property the target refuses, say their path once")
    func pathOnce() throws {
        let run = try Executable.run(["compile", "-"], stdin: try Self.scene(lineColor: 7))
        #expect(run.status == 4)
        #expect(run.stderr == "-: managers[0].properties.line-color: expected a color string, found a number\n", "\(run.stderr)")

        // Found when compiling, not decoding: the same form.
        var scene = try #require(try JSONParser().parse(try Self.scene()).objectValue)
        var managers = try #require(scene["managers"]?.arrayValue)
        var routes = try #require(managers[0].objectValue)
        var properties = try #require(routes["properties"]?.objectValue)
        properties["line-border-color"] = "red"
        routes["properties"] = .object(properties)
        managers[0] = .object(routes)
        scene["managers"] = .array(managers)
        let border = try Executable.run(["compile", "-"], stdin: String(decoding: try JSONValue.object(scene).jsonBytes(), as: UTF8.self))
        #expect(border.status == 4)
        #expect(border.stderr.hasPrefix("-: managers[0].properties.line-border-color: "), "\(border.stderr)")
        #expect(border.stderr.components(separatedBy: "line-border-color").count == 2, "the path once: \(border.stderr)")
    }
}
