import CartoucheJSON
import Testing

/// Reading a `/v1/place` answer in the corpus's checks.
enum PlaceAnswer {
    /// The placement of callout `id` in frame `frame`.
    static func placement(_ answer: JSONValue, id: String = "a", frame: Int = 0) throws -> [String: JSONValue] {
        let frames = try #require(answer.objectValue?["frames"]?.arrayValue)
        let placements = try #require(frames[frame].objectValue?["placements"]?.arrayValue)
        let found = placements.compactMap(\.objectValue).first { $0["id"]?.stringValue == id }
        return try #require(found, "no placement for \(id)")
    }

    /// The camera the answer says frame `frame` used.
    static func camera(_ answer: JSONValue, frame: Int = 0) throws -> [String: JSONValue] {
        let frames = try #require(answer.objectValue?["frames"]?.arrayValue)
        return try #require(frames[frame].objectValue?["camera"]?.objectValue)
    }

    /// Expects callout `id` shown, with a frame of finite numbers; returns the frame.
    @discardableResult
    static func expectShown(_ answer: JSONValue, id: String = "a", frame: Int = 0) throws -> (x: Double, y: Double, width: Double, height: Double) {
        let p = try placement(answer, id: id, frame: frame)
        #expect(p["visible"]?.boolValue == true, "\(id) should be shown: \(p)")
        let rect = try #require(p["frame"]?.objectValue)
        let x = try #require(rect["x"]?.numberValue), y = try #require(rect["y"]?.numberValue)
        let w = try #require(rect["width"]?.numberValue), h = try #require(rect["height"]?.numberValue)
        #expect(x.isFinite && y.isFinite && w.isFinite && h.isFinite)
        return (x, y, w, h)
    }

    /// Expects callout `id` hidden for `reason`.
    static func expectHidden(_ answer: JSONValue, id: String = "a", reason: String, frame: Int = 0) throws {
        let p = try placement(answer, id: id, frame: frame)
        #expect(p["visible"]?.boolValue == false)
        #expect(p["hiddenReason"]?.objectValue?["code"]?.stringValue == reason, "\(id): \(p)")
    }
}
