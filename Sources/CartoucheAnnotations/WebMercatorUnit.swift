import Foundation

/// Web Mercator in the unit square (x right from lng −180, y down from the
/// top edge at lat ≈ 85.05°), the space clustering works in. Multiplying by
/// 512 · 2^zoom gives pixels of 512-pixel tiles.
enum WebMercatorUnit {
    static func x(longitude: Double) -> Double { longitude / 360 + 0.5 }

    /// Clamped to [0, 1] so the poles stay finite.
    static func y(latitude: Double) -> Double {
        let s = sin(latitude * .pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
        return y.isNaN ? (latitude > 0 ? 0 : 1) : min(max(y, 0), 1)
    }

    static func longitude(x: Double) -> Double { (x - 0.5) * 360 }

    static func latitude(y: Double) -> Double {
        let y2 = (180 - y * 360) * .pi / 180
        return 360 * atan(exp(y2)) / .pi - 90
    }
}
