import Foundation

/// `Examples/sf-stanford.scene.json` with the seed example's route styling
/// (Mapbox's dynamic-view-annotations sample) on its polyline manager
/// `routes`: `slot: middle`, a white `line-border-width` 2, and a
/// `line-trim-offset` hiding the first 30 % of each route (the stretch
/// already driven). Mapbox-only, so such a scene needs the `mapbox` target.
public enum SeedRouteScene {
    /// The trim the styled routes get, as `line-trim-offset`.
    public static let trim = [0.0, 0.3]

    /// The scene as JSON bytes.
    /// - Parameters:
    ///   - styled: false leaves the routes as the example has them (the
    ///     portable variant).
    ///   - slot: false styles the routes without the slot (the Mapbox-only
    ///     properties alone).
    ///   - target: written as `options.target` when given.
    public static func bytes(styled: Bool = true, slot: Bool = true, target: String? = nil) throws -> Data {
        let url = PythonOracle.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json")
        guard var scene = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
              var managers = scene["managers"] as? [[String: Any]],
              let index = managers.firstIndex(where: { $0["id"] as? String == "routes" }),
              var properties = managers[index]["properties"] as? [String: Any]
        else { throw PythonOracle.Failure(description: "Examples/sf-stanford.scene.json has no routes manager") }
        if styled {
            if slot { managers[index]["slot"] = "middle" }
            properties["line-border-width"] = 2
            properties["line-border-color"] = "#ffffff"
            properties["line-trim-offset"] = trim
            managers[index]["properties"] = properties
            scene["managers"] = managers
        }
        if let target {
            var options = scene["options"] as? [String: Any] ?? [:]
            options["target"] = target
            scene["options"] = options
        }
        return try JSONSerialization.data(withJSONObject: scene, options: [.sortedKeys])
    }
}
