import CartoucheGeometry

extension TextJustify {
    /// Fraction of the spare width placed left of a line, for a box anchored at `anchor`.
    func factor(for anchor: BoxAnchor) -> Double {
        switch self {
        case .left: 0
        case .center: 0.5
        case .right: 1
        case .auto: anchor.horizontalAlign
        }
    }
}

/// The style-spec layout properties that decide the shape and box of a label.
///
/// Lengths follow the style spec: `size` in pixels, the others in ems (multiples
/// of `size`). Defaults are the spec's defaults.
public struct TextStyle: Hashable, Sendable {
    /// `text-font`: family names tried in order, e.g. `["Open Sans Regular", "Arial Unicode MS Regular"]`.
    public var font: [String]
    /// `text-size` in pixels; finite and greater than zero.
    public var size: Double
    /// `text-max-width` in ems; lines are broken to stay within it where the text allows.
    public var maxWidth: Double
    /// `text-line-height` in ems.
    public var lineHeight: Double
    /// `text-letter-spacing` in ems, added after each character cluster
    /// except inside cursive-joining scripts (Arabic, Syriac, N'Ko, Mongolian,
    /// Mandaic, Adlam, Hanifi Rohingya) and the headline-joined Devanagari,
    /// Bengali and Gurmukhi. Mapbox GL exempts Arabic only.
    public var letterSpacing: Double
    public var justify: TextJustify
    public var anchor: BoxAnchor
    public var transform: TextTransform
    /// `text-offset` in ems, x right and y down.
    public var offsetX: Double
    public var offsetY: Double
    /// `text-radial-offset` in ems; when non-zero it replaces `text-offset`, as in Mapbox GL.
    public var radialOffset: Double

    public init(
        font: [String] = ["Noto Sans Regular"],
        size: Double = 16,
        maxWidth: Double = 10,
        lineHeight: Double = 1.2,
        letterSpacing: Double = 0,
        justify: TextJustify = .center,
        anchor: BoxAnchor = .center,
        transform: TextTransform = .none,
        offsetX: Double = 0,
        offsetY: Double = 0,
        radialOffset: Double = 0
    ) {
        self.font = font
        self.size = size
        self.maxWidth = maxWidth
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
        self.justify = justify
        self.anchor = anchor
        self.transform = transform
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.radialOffset = radialOffset
    }

    /// The largest `text-size` accepted, in pixels: far beyond any map label,
    /// small enough that every derived length stays exact in a `Double`.
    public static let maximumSize: Double = 10_000
    /// The largest |`text-line-height`| and |`text-letter-spacing`|, in ems:
    /// far beyond any real style, and small enough that a text of any
    /// allowed length and size lays out to finite numbers.
    public static let maximumEms: Double = 1_000

    /// Checks every numeric property.
    /// - Throws: `TextError.invalidValue` naming the first bad property.
    public func validate() throws(TextError) {
        guard size.isFinite, size > 0, size <= Self.maximumSize else {
            throw .invalidValue(field: "text-size", value: size,
                                reason: "must be a finite number greater than 0 and at most \(Self.maximumSize)")
        }
        guard maxWidth.isFinite, maxWidth > 0 else {
            throw .invalidValue(field: "text-max-width", value: maxWidth, reason: "must be a finite number of ems greater than 0")
        }
        guard lineHeight.isFinite, lineHeight >= 0, lineHeight <= Self.maximumEms else {
            throw .invalidValue(field: "text-line-height", value: lineHeight, reason: "must be a number of ems from 0 to \(Self.maximumEms)")
        }
        guard letterSpacing.isFinite, letterSpacing.magnitude <= Self.maximumEms else {
            throw .invalidValue(field: "text-letter-spacing", value: letterSpacing,
                                reason: "must be a number of ems from -\(Self.maximumEms) to \(Self.maximumEms)")
        }
        try Self.requireFinite("text-offset[0]", offsetX)
        try Self.requireFinite("text-offset[1]", offsetY)
        try Self.requireFinite("text-radial-offset", radialOffset)
    }

    private static func requireFinite(_ field: String, _ value: Double) throws(TextError) {
        guard value.isFinite else { throw .invalidValue(field: field, value: value, reason: "must be a finite number of ems") }
    }

    /// The offset of the box from the anchor point in pixels (x right, y down).
    ///
    /// Mirrors Mapbox GL's `evaluateRadialOffset`: a non-zero radial offset
    /// moves the box away from the anchor in the direction of `anchor` (by
    /// offset/√2 on both axes for corners; negative values count as 0) and
    /// takes back Mapbox's assumed 7/24-em gap between the em-box edge and the
    /// baseline on the vertical axis; otherwise `text-offset` applies.
    public var offsetInPixels: (x: Double, y: Double) {
        guard radialOffset != 0 else { return (offsetX * size, offsetY * size) }
        let radial = max(0, radialOffset)
        let baselineOffset = 7.0 / 24.0
        let hypotenuse = radial / 2.0.squareRoot()
        var x = 0.0, y = 0.0
        switch anchor {
        case .topRight, .topLeft: y = hypotenuse - baselineOffset
        case .bottomRight, .bottomLeft: y = -hypotenuse + baselineOffset
        case .bottom: y = -radial + baselineOffset
        case .top: y = radial - baselineOffset
        case .center, .left, .right: break
        }
        switch anchor {
        case .topRight, .bottomRight: x = -hypotenuse
        case .topLeft, .bottomLeft: x = hypotenuse
        case .left: x = radial
        case .right: x = -radial
        case .center, .top, .bottom: break
        }
        return (x * size, y * size)
    }
}
