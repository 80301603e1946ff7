/// The 8-bit signed distance field of a flattened outline, in the encoding
/// of Mapbox glyph ranges (node-fontnik, sdf-glyph-foundry), which MapLibre
/// GL JS and the Mapbox SDKs draw with an edge threshold of 192/256:
///
/// - one sample per pixel, at the pixel's centre;
/// - the distance `d` to the outline in pixels, negative inside, is stored
///   as `255 − clamp(trunc(32·d + 64), 0, 255)`: the outline lies at 191.x,
///   a value drops by 32 per pixel outwards, and saturates 2 px inside
///   (255) and 6 px outside (0);
/// - rows from the top of the box down.
///
/// Inside means a non-zero winding number, the TrueType and CFF fill rule
/// (fontnik's ray casting uses even–odd, which differs only where contours
/// overlap).
enum SignedDistanceField {
    /// Pixels per 256ths of the encoding: distances saturate at 256 / 32 = 8 px in fontnik.
    static let scale = 32.0
    /// Where the outline sits before inversion (fontnik's cutoff 0.25 × 256).
    static let zero = 64.0
    /// Beyond this distance every sample saturates (outside at 191/32 < 6 px,
    /// inside at 64/32 = 2 px), so no pixel looks farther for a segment.
    static let reach = 6.0

    /// The field of `segments` (already in the box's pixel frame: x right,
    /// y up, the box's bottom-left corner at the origin) over `width` × `height` pixels.
    /// - Complexity: O(s·(2·reach + l)² + h·(s + w) + h·c log c) for s
    ///   segments of length l, an h×w box and c crossings per row: each
    ///   segment only visits the pixels within ``reach`` of it.
    static func render(_ segments: [OutlineSegment], width: Int, height: Int) -> [UInt8] {
        let count = width * height
        guard count > 0 else { return [] }
        var squared = [Double](repeating: reach * reach, count: count)
        var crossings = [[(x: Double, winding: Int)]](repeating: [], count: height)
        for s in segments {
            nearest(s, width: width, height: height, into: &squared)
            // Row centres y + 0.5 with y0 ≤ y < y1 (or y1 ≤ y < y0): each
            // crossing counted once where contours join.
            let low = min(s.y0, s.y1), high = max(s.y0, s.y1)
            guard high > low else { continue }
            let first = max(0, Int((low - 0.5).rounded(.up))), last = min(height - 1, Int((high - 0.5).rounded(.up)) - 1)
            guard first <= last else { continue }
            let winding = s.y1 > s.y0 ? 1 : -1
            let slope = (s.x1 - s.x0) / (s.y1 - s.y0)
            for row in first...last {
                crossings[row].append((s.x0 + (Double(row) + 0.5 - s.y0) * slope, winding))
            }
        }
        var bitmap = [UInt8](repeating: 0, count: count)
        for row in 0..<height {
            let hits = crossings[row].sorted { $0.x < $1.x }
            var next = 0, winding = 0
            let out = (height - 1 - row) * width
            for column in 0..<width {
                let centre = Double(column) + 0.5
                while next < hits.count, hits[next].x < centre {
                    winding += hits[next].winding
                    next += 1
                }
                var d = squared[row * width + column].squareRoot() * scale
                if winding != 0 { d = -d }
                d += zero
                let n = d >= 255 ? 255 : d <= 0 ? 0 : Int(d)  // truncation, as C's double-to-int
                bitmap[out + column] = UInt8(255 - n)
            }
        }
        return bitmap
    }

    /// Lowers the squared distances of the pixels within ``reach`` of `s` to their distance to it.
    private static func nearest(_ s: OutlineSegment, width: Int, height: Int, into squared: inout [Double]) {
        let columns = span(min(s.x0, s.x1), max(s.x0, s.x1), limit: width)
        let rows = span(min(s.y0, s.y1), max(s.y0, s.y1), limit: height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let dx = s.x1 - s.x0, dy = s.y1 - s.y0
        let lengthSquared = dx * dx + dy * dy
        let inverse = lengthSquared > 0 ? 1 / lengthSquared : 0
        for row in rows {
            let py = Double(row) + 0.5 - s.y0
            let base = row * width
            for column in columns {
                let px = Double(column) + 0.5 - s.x0
                let t = min(1, max(0, (px * dx + py * dy) * inverse))
                let ex = px - t * dx, ey = py - t * dy
                let d = ex * ex + ey * ey
                if d < squared[base + column] { squared[base + column] = d }
            }
        }
    }

    /// The pixel indices whose centres lie within ``reach`` of [low, high].
    private static func span(_ low: Double, _ high: Double, limit: Int) -> Range<Int> {
        let first = max(0, Int((low - reach - 0.5).rounded(.up)))
        let last = min(limit - 1, Int((high + reach - 0.5).rounded(.down)))
        return first <= last ? first..<(last + 1) : 0..<0
    }
}
