/// The winding of a linear ring on a plain longitude/latitude plane
/// (x = longitude east, y = latitude north).
public enum RingOrientation: Hashable, Sendable {
    /// Positive signed area: the RFC 7946 winding for outer rings.
    case counterclockwise
    /// Negative signed area: the RFC 7946 winding for holes.
    case clockwise
    /// Zero area (collinear or repeated positions); no winding.
    case degenerate

    /// The orientation of `ring` from its ``Polygon/signedArea(ofRing:)``.
    public init(ring: [Position]) {
        let area = Polygon.signedArea(ofRing: ring)
        self = area > 0 ? .counterclockwise : area < 0 ? .clockwise : .degenerate
    }
}

extension Polygon {
    /// The shoelace (signed) area of a ring in square degrees on the
    /// longitude/latitude plane: positive when counterclockwise. The ring may
    /// be closed or not (a closing edge is implied). Coordinates are taken
    /// relative to the first position so large longitudes do not cancel
    /// digits. Only the sign is meaningful for orientation; the magnitude is
    /// not a ground area.
    ///
    /// - Complexity: O(n) in the ring's length.
    public static func signedArea(ofRing ring: [Position]) -> Double {
        guard ring.count >= 3 else { return 0 }
        let origin = ring[0].coordinate
        var twiceArea = 0.0
        var previousX = 0.0
        var previousY = 0.0
        for index in 1..<ring.count {
            let x = ring[index].longitude - origin.longitude
            let y = ring[index].latitude - origin.latitude
            twiceArea += previousX * y - x * previousY
            previousX = x
            previousY = y
        }
        // The closing edge back to the origin (0, 0) contributes nothing.
        return twiceArea / 2
    }

    /// True when the outer ring is counterclockwise and every hole clockwise,
    /// as RFC 7946 §3.1.6 recommends (degenerate rings do not follow it).
    public var followsRightHandRule: Bool {
        RingOrientation(ring: outerRing) == .counterclockwise
            && innerRings.allSatisfy { RingOrientation(ring: $0) == .clockwise }
    }

    /// This polygon with rings reversed where needed so it follows the
    /// right-hand rule. Degenerate rings are left as they are.
    public func rewoundToRightHandRule() -> Polygon {
        func rewound(_ ring: [Position], to wanted: RingOrientation) -> [Position] {
            let orientation = RingOrientation(ring: ring)
            return orientation == .degenerate || orientation == wanted ? ring : ring.reversed()
        }
        return Polygon(
            outerRing: rewound(outerRing, to: .counterclockwise),
            innerRings: innerRings.map { rewound($0, to: .clockwise) })
    }
}
