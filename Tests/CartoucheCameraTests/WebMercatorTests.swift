import CartoucheCamera
import Foundation
import Testing

@Suite struct WebMercatorTests {
    @Test func worldSizeDoublesPerZoomLevel() {
        #expect(WebMercator.worldSize(zoom: 0) == 512)
        #expect(WebMercator.worldSize(zoom: 1) == 1024)
        #expect(WebMercator.worldSize(zoom: 10.5) == 512 * 1024 * 2.0.squareRoot())
    }

    @Test func longitudeMapsLinearly() {
        #expect(WebMercator.normalizedX(longitude: -180) == 0)
        #expect(WebMercator.normalizedX(longitude: 0) == 0.5)
        #expect(WebMercator.normalizedX(longitude: 90) == 0.75)
        #expect(WebMercator.longitude(normalizedX: 0.25) == -90)
    }

    /// Oracle: y = 1/2 − asinh(tan φ) / 2π, the textbook form (different
    /// from the log-tan expression the code uses).
    @Test(arguments: [-80.0, -45, -10, 0, 1e-7, 33.3, 45, 60, 85])
    func latitudeMatchesAsinhForm(latitude: Double) {
        let expected = 0.5 - asinh(tan(latitude * .pi / 180)) / (2 * .pi)
        let y = WebMercator.normalizedY(latitude: latitude)
        #expect(abs(y - expected) < 1e-14)
        #expect(abs(WebMercator.latitude(normalizedY: y) - latitude) < 1e-11)
    }

    @Test func latitudeIsClampedToTheSquare() {
        #expect(abs(WebMercator.normalizedY(latitude: WebMercator.maxLatitude)) < 1e-14)
        #expect(abs(WebMercator.normalizedY(latitude: -WebMercator.maxLatitude) - 1) < 1e-14)
        #expect(WebMercator.normalizedY(latitude: 89.9) == WebMercator.normalizedY(latitude: WebMercator.maxLatitude))
        #expect(WebMercator.normalizedY(latitude: -90) == WebMercator.normalizedY(latitude: -WebMercator.maxLatitude))
    }

    /// Known values: 40 075 016.686 m / 512 = 78 271.517 m per point at zoom 0
    /// on the equator; cos 60° halves it; each zoom level halves it.
    @Test func metersPerPointKnownValues() {
        #expect(abs(WebMercator.metersPerPoint(atLatitude: 0, zoom: 0) - 78_271.516_964) < 1e-5)
        #expect(abs(WebMercator.metersPerPoint(atLatitude: 60, zoom: 0) - 39_135.758_482) < 1e-5)
        #expect(abs(WebMercator.metersPerPoint(atLatitude: -60, zoom: 10) - 38.218_514_143) < 1e-8)
        #expect(abs(WebMercator.metersPerPoint(atLatitude: 0, zoom: 20) - 0.074_645_535) < 1e-8)
    }

    @Test(arguments: [
        (0.0, 0.0), (180, 180), (-180, 180), (190, -170), (-190, 170), (540, 180), (-540, 180),
        (359.5, -0.5), (720.25, 0.25), (-179.999, -179.999),
    ])
    func wrapsLongitudeIntoHalfOpenRange(input: Double, expected: Double) {
        #expect(abs(WebMercator.wrapLongitude(input) - expected) < 1e-9)
    }
}
