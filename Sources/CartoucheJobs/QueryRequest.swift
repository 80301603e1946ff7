import CartoucheGeometry
import CartoucheJSON
import CartoucheQuery
import CartoucheScene

/// The question of `POST /v1/query` (and `cartouche query`): where to tap,
/// for which camera, how polygon holes count and how taps on the globe are answered. The scene itself is read
/// apart (see ``QueryJob``), under the same limits as every scene.
///
/// Members: `scene` (required), exactly one of `at: [x, y]`,
/// `rect: [minX, minY, maxX, maxY]`, `near: [longitude, latitude]`,
/// `taps: [[x, y], …]`; optional `radius` (px, ≥ 0; not with `rect`),
/// `frame` (camera index, default 0), `holes` (`honoured` | `maplibre`),
/// `globeTaps` (`drawn` | `maplibre`), and `leafLimit` / `leafOffset` (whole
/// numbers ≥ 0, default 10 and 0: which of a cluster hit's leaves it lists,
/// as `getClusterLeaves(clusterId, limit, offset)`).
public struct QueryRequest: Hashable, Sendable {
    public enum Target: Hashable, Sendable {
        /// One screen point.
        case point(ScreenPoint)
        /// Everything meeting a screen rectangle.
        case rect(ScreenRect)
        /// Where a coordinate is drawn.
        case near(Coordinate)
        /// Many screen points against one index.
        case taps([ScreenPoint])
    }

    public var frame: Int
    public var target: Target
    /// Tap radius in points (0 for `rect`).
    public var radius: Double
    public var holes: SceneQueryIndex.HoleRule
    public var globeTaps: SceneQueryIndex.GlobeTapRule
    /// Which leaves cluster hits list.
    public var leaves: ClusterLeafPage

    public init(frame: Int = 0, target: Target, radius: Double = 0, holes: SceneQueryIndex.HoleRule = .honoured,
                globeTaps: SceneQueryIndex.GlobeTapRule = .drawn, leaves: ClusterLeafPage = ClusterLeafPage()) {
        self.frame = frame
        self.target = target
        self.radius = radius
        self.holes = holes
        self.globeTaps = globeTaps
        self.leaves = leaves
    }

    /// The members that choose the target; exactly one must be given.
    static let targetMembers = ["at", "rect", "near", "taps"]

    /// Decodes every member but `scene` (which must be present) strictly:
    /// unknown members and wrong types are errors at their path.
    public init(json: JSONValue) throws(JSONDecodingError) {
        var r = try JSONObjectReader(json, at: .root)
        _ = try r.required("scene")
        // A null member is an absent one, as everywhere in a request.
        let given = Self.targetMembers.filter { r.value($0).map { !$0.isNull } ?? false }
        guard given.count == 1 else {
            if given.isEmpty {
                throw JSONDecodingError(path: .root, reason: "give one of \(Self.joinedTargets) (none is given)")
            }
            throw JSONDecodingError(
                path: r.path(of: given[1]), reason: "\(given[0]) and \(given[1]) are both given; give exactly one of \(Self.joinedTargets)")
        }
        frame = try r.optionalInt("frame") ?? 0
        if frame < 0 { throw JSONDecodingError(path: r.path(of: "frame"), reason: "a camera index must be ≥ 0, found \(frame)") }
        radius = try r.optionalNumber("radius") ?? 0
        if radius < 0 { throw JSONDecodingError(path: r.path(of: "radius"), reason: "must be ≥ 0, found \(radius)") }
        holes = try Self.choice(&r, "holes", SceneQueryIndex.HoleRule.allCases.map { ($0.rawValue, $0) }) ?? .honoured
        globeTaps = try Self.choice(&r, "globeTaps", SceneQueryIndex.GlobeTapRule.allCases.map { ($0.rawValue, $0) }) ?? .drawn
        leaves = ClusterLeafPage()
        for (member, keyPath) in [("leafLimit", \ClusterLeafPage.limit), ("leafOffset", \ClusterLeafPage.offset)] {
            guard let n = try r.optionalInt(member) else { continue }
            if n < 0 { throw JSONDecodingError(path: r.path(of: member), reason: "must be a whole number ≥ 0, found \(n)") }
            leaves[keyPath: keyPath] = n
        }
        switch given[0] {
        case "at":
            target = .point(try Self.point(try r.required("at"), at: r.path(of: "at")))
        case "rect":
            target = .rect(try Self.rect(try r.required("rect"), at: r.path(of: "rect")))
            if let radius = r.members["radius"], !radius.isNull {
                throw JSONDecodingError(path: r.path(of: "radius"), reason: "a radius applies to at, near and taps, not to rect")
            }
        case "near":
            let path = r.path(of: "near")
            let (longitude, latitude) = try Self.pair(try r.required("near"), at: path, names: "[longitude, latitude]")
            target = .near(try Coordinate(latitude: latitude, longitude: longitude).validated(path: path))
        default:
            let path = r.path(of: "taps")
            target = .taps(try r.required("taps").decodeArray(at: path) { v, p throws(JSONDecodingError) in try Self.point(v, at: p) })
        }
        try r.rejectUnknownMembers()
    }

    /// A member that takes one of a few strings: nil when absent, an error
    /// at its path naming the allowed values otherwise.
    private static func choice<Value>(_ r: inout JSONObjectReader, _ member: String,
                                      _ values: [(String, Value)]) throws(JSONDecodingError) -> Value? {
        guard let given = try r.optionalString(member) else { return nil }
        guard let match = values.first(where: { $0.0 == given }) else {
            let allowed = values.map { "\"\($0.0)\"" }.joined(separator: " or ")
            throw JSONDecodingError(path: r.path(of: member), reason: "expected \(allowed), found \"\(given)\"")
        }
        return match.1
    }

    private static var joinedTargets: String { targetMembers.joined(separator: ", ") }

    /// `[x, y]` in screen points.
    static func point(_ value: JSONValue, at path: JSONPath) throws(JSONDecodingError) -> ScreenPoint {
        let (x, y) = try pair(value, at: path, names: "[x, y]")
        return ScreenPoint(x: x, y: y)
    }

    /// `[minX, minY, maxX, maxY]` with min ≤ max.
    static func rect(_ value: JSONValue, at path: JSONPath) throws(JSONDecodingError) -> ScreenRect {
        let n = try numbers(value, at: path, count: 4, names: "[minX, minY, maxX, maxY]")
        guard n[0] <= n[2], n[1] <= n[3] else {
            throw JSONDecodingError(path: path, reason: "minX must be ≤ maxX and minY ≤ maxY, found [\(n[0]), \(n[1]), \(n[2]), \(n[3])]")
        }
        return ScreenRect(minX: n[0], minY: n[1], maxX: n[2], maxY: n[3])
    }

    static func pair(_ value: JSONValue, at path: JSONPath, names: String) throws(JSONDecodingError) -> (Double, Double) {
        let n = try numbers(value, at: path, count: 2, names: names)
        return (n[0], n[1])
    }

    static func numbers(_ value: JSONValue, at path: JSONPath, count: Int, names: String) throws(JSONDecodingError) -> [Double] {
        let elements = try value.decodeArray(at: path)
        guard elements.count == count else {
            throw JSONDecodingError(path: path, reason: "expected \(count) numbers \(names), found \(elements.count) elements")
        }
        var numbers: [Double] = []
        for (i, element) in elements.enumerated() { numbers.append(try element.decodeNumber(at: path.appending(index: i))) }
        return numbers
    }
}
