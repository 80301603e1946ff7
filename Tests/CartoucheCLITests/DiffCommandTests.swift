import ArgumentParser
import CartoucheJSON
import CartoucheJobs
import Foundation
import Testing

@testable import CartoucheCommands

/// `cartouche diff OLD NEW`: `POST /v1/diff`'s answer from two files;
/// problems name the file they are in.
@Suite struct DiffCommandTests {
    static let old = #"{"version": 1, "viewport": {"width": 400, "height": 300}, "camera": {"center": [2, 48], "zoom": 5}, "managers": [{"id": "dots", "type": "circle", "annotations": [{"id": "a", "geometry": {"type": "Point", "coordinates": [2, 48]}}, {"id": "b", "geometry": {"type": "Point", "coordinates": [3, 48]}}]}]}"#
    static let new = old.replacingOccurrences(of: "[3, 48]", with: "[3, 47]")

    func write(_ text: String, _ name: String) throws -> String {
        let path = temporaryPath(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func answersAsTheJob() throws {
        let (oldPath, newPath, out) = (try write(Self.old, "old.json"), try write(Self.new, "new.json"), temporaryPath("diff.json"))
        defer { for p in [oldPath, newPath, out] { try? FileManager.default.removeItem(atPath: p) } }
        #expect(exitStatus(try DiffCommand.parse([oldPath, newPath, "-o", out])) == 0)
        let expected: JSONValue = ["operations": [["op": "updateData", "source": "dots",
                                                   "diff": ["update": [["id": "b", "newGeometry": ["type": "Point", "coordinates": [3, 47]]]]]]]]
        #expect(try JSONParser().parse(try readBytes(out)) == expected)
    }

    @Test func problemsNameTheirFile() throws {
        let broken = Self.new.replacingOccurrences(of: #""zoom": 5"#, with: #""zoom": "5""#)
        let (oldPath, newPath) = (try write(Self.old, "old.json"), try write(broken, "new.json"))
        defer { for p in [oldPath, newPath] { try? FileManager.default.removeItem(atPath: p) } }
        let command = try DiffCommand.parse([oldPath, newPath])
        guard case .failure(let failure) = command.outcome(old: Array(Self.old.utf8), new: Array(broken.utf8)) else {
            Issue.record("a bad new scene was accepted"); return
        }
        #expect(failure.file == newPath)
        #expect(failure.problem.path == "camera.zoom")
        #expect(exitStatus(command) == 4)
        #expect(throws: (any Error).self) { try DiffCommand.parse(["-", "-"]) }
        #expect(exitStatus(try DiffCommand.parse([oldPath, oldPath, "--target", "mapbox", "--background", "nonsense"])) == 2)
    }
}
