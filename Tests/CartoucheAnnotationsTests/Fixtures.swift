import CartoucheAnnotations
import CartoucheGeometry
import CartoucheStyle

/// Small hand-made inputs shared by the tests.
enum Fixtures {
    static let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
    static let berlin = Coordinate(latitude: 52.52, longitude: 13.405)

    static func square(_ lng: Double, _ lat: Double, size: Double = 1) -> [Coordinate] {
        [
            Coordinate(latitude: lat, longitude: lng), Coordinate(latitude: lat, longitude: lng + size),
            Coordinate(latitude: lat + size, longitude: lng + size), Coordinate(latitude: lat, longitude: lng),
        ]
    }

    static func color(_ css: String) -> StyleColor {
        (try? StyleColor(parsing: css)) ?? .black
    }
}
