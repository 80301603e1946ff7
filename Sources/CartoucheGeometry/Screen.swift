/// A point on screen, in points: origin at the viewport's top-left, y down.
public struct ScreenPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = ScreenPoint(x: 0, y: 0)
}

/// A width and height in screen points.
public struct ScreenSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle in screen points (y down). `minX`/`minY` is the
/// top-left corner. Width and height are never negative for rects built with
/// the initialisers below.
public struct ScreenRect: Hashable, Sendable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    @inlinable
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    @inlinable public var width: Double { maxX - minX }
    @inlinable public var height: Double { maxY - minY }
    @inlinable public var center: ScreenPoint { ScreenPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    /// True when the interiors overlap. Rects that only touch along an edge do
    /// not intersect, so callouts may sit flush against each other.
    @inlinable
    public func intersects(_ other: ScreenRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// True when `other` lies inside this rect (edges included).
    @inlinable
    public func contains(_ other: ScreenRect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// True when the point lies inside or on the border.
    @inlinable
    public func contains(_ p: ScreenPoint) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    /// The rect moved by (dx, dy).
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> ScreenRect {
        ScreenRect(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }

    /// The rect grown by `d` on every side (shrunk when negative).
    @inlinable
    public func insetBy(_ d: Double) -> ScreenRect {
        ScreenRect(minX: minX + d, minY: minY + d, maxX: maxX - d, maxY: maxY - d)
    }
}
