import CartoucheJSON
import Foundation

extension SeedRouteScene {
    /// The seed's route colour: blue when the route's feature state says
    /// `selected`, grey otherwise.
    public static let expressionColor: JSONValue = ["case", ["boolean", ["feature-state", "selected"], false], "#57A9FB", "#999999"]
    /// The seed's route width: 2 px at zoom 10 growing to 8 px at zoom 16.
    public static let expressionWidth: JSONValue = ["interpolate", ["linear"], ["zoom"], 10, 2, 16, 8]

    /// `Examples/sf-stanford.scene.json` with its routes manager styled by
    /// expressions (`lineColor`, `lineWidth`; the routes' own colours and
    /// widths removed, since they would win over the manager's) and its first
    /// route selected through the scene's `featureState`.
    public static func expressionStyled(
        lineColor: JSONValue = expressionColor, lineWidth: JSONValue = expressionWidth
    ) throws -> [UInt8] {
        let url = PythonOracle.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json")
        guard var scene = try JSONParser().parse(Array(Data(contentsOf: url))).objectValue,
              var managers = scene["managers"]?.arrayValue, !managers.isEmpty,
              var routes = managers[0].objectValue,
              var properties = routes["properties"]?.objectValue
        else { throw PythonOracle.Failure(description: "Examples/sf-stanford.scene.json has no styled first manager") }
        properties["line-color"] = lineColor
        properties["line-width"] = lineWidth
        routes["properties"] = .object(properties)
        var annotations = (routes["annotations"]?.arrayValue ?? []).compactMap { $0.objectValue }
        for i in annotations.indices {
            var own = annotations[i]["properties"]?.objectValue ?? [:]
            own["line-color"] = nil
            own["line-width"] = nil
            annotations[i]["properties"] = .object(own)
        }
        guard let first = annotations.first?["id"]?.stringValue else {
            throw PythonOracle.Failure(description: "the routes manager has no annotations")
        }
        routes["annotations"] = .array(annotations.map(JSONValue.object))
        managers[0] = .object(routes)
        scene["managers"] = .array(managers)
        scene["featureState"] = ["routes": .object([first: ["selected": true]])]
        return try JSONValue.object(scene).jsonBytes()
    }
}
