import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
import Foundation

@testable import CartoucheScene

/// The seed scenario from `Examples/sf-stanford.geojson`: two alternative
/// routes from San Francisco to the Stanford Shopping Center, two parking
/// price tags, and the puck on US-101.
struct SeedScenario {
    var routes: [String: [Coordinate]] = [:]
    var etas: [String: String] = [:]
    var parking: [(id: String, coordinate: Coordinate)] = []
    var puck: Puck

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    init() throws {
        let url = SeedScenario.repositoryRoot.appendingPathComponent("Examples/sf-stanford.geojson")
        let collection = try FeatureCollection(jsonBytes: [UInt8](try Data(contentsOf: url)))
        var puck: Puck? = nil
        for f in collection.features {
            guard case .string(let id)? = f.id, let geometry = f.geometry else { continue }
            let role = f.properties?["role"]?.stringValue
            switch (role, geometry) {
            case ("route", .lineString(let l)):
                routes[id] = l.positions.map(\.coordinate)
                etas[id] = f.properties?["eta"]?.stringValue
            case ("price", .point(let p)):
                parking.append((id, p.coordinate))
            case ("puck", .point(let p)):
                puck = Puck(coordinate: p.coordinate, bearing: f.properties?["bearing"]?.numberValue ?? 0)
            default:
                continue
            }
        }
        guard let puck, routes.count == 2, parking.count == 2 else { throw ScenarioError.incomplete }
        self.puck = puck
    }

    enum ScenarioError: Error { case incomplete }

    /// The ETA callout of the seed (bold 16-pt title, 12-pt hint, padding 10, tail 8).
    static let etaSize = ScreenSize(width: 112, height: 66)
    static let priceSize = ScreenSize(width: 76, height: 36)

    func viewAnnotations() -> [ViewAnnotation] {
        var out = routes.keys.sorted().map { id in
            ViewAnnotation(id: "eta-\(id)", annotatedFeature: .geometry(.lineString(LineString(routes[id]!.map { Position($0) }))),
                           size: SeedScenario.etaSize, options: ViewAnnotationOptions(variableAnchors: BoxAnchor.all.map { AnchorConfig($0) }))
        }
        out += parking.map { p in
            ViewAnnotation(id: p.id, annotatedFeature: .geometry(.point(Point(p.coordinate))),
                           size: SeedScenario.priceSize, options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.bottom)], allowOverlap: true))
        }
        return out
    }

    func overviewCamera(viewport: ScreenSize) throws -> Camera {
        try Camera.fitting(routes.values.flatMap { $0 }, viewport: viewport,
                           padding: EdgeInsets(top: 70, left: 70, bottom: 70, right: 70))
    }

    func driveCamera() -> Camera {
        Camera(center: puck.coordinate, zoom: 17, bearing: puck.bearing, pitch: 49,
               padding: EdgeInsets(top: 80, left: 0, bottom: 180, right: 0))
    }
}
