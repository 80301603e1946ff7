import CartoucheGeometry
import CartoucheJSON

/// One paragraph of callout text in its own font and size, e.g. a bold title
/// or a small grey hint. Each run starts on a new line and wraps within the
/// callout's `maxTextWidth`.
public struct CalloutTextRun: Hashable, Sendable {
    public var text: String
    /// Font stack, as for `text-font`.
    public var font: [String]
    /// Font size in points.
    public var size: Double

    public init(_ text: String, font: [String] = ["Noto Sans Regular"], size: Double = 12) {
        self.text = text
        self.font = font
        self.size = size
    }
}

/// An icon drawn left of the callout text.
public struct CalloutIcon: Hashable, Sendable {
    public var width: Double
    public var height: Double
    /// Space between the icon and the text, in points.
    public var gap: Double

    public init(width: Double, height: Double, gap: Double) {
        self.width = width
        self.height = height
        self.gap = gap
    }
}

/// The content of a view-annotation callout bubble, measured from shaped text.
///
/// Lines follow UIKit's paragraph model, which the callouts this replaces were
/// built with: a line is `lineHeightMultiple ×` the natural line height of its
/// run's font (ascender + descender + line gap), and `lineSpacing` points
/// separate consecutive lines. Icon and text block are centred vertically
/// inside the padding; the tail goes on the side facing the anchor point, with room kept for it on every side.
public struct CalloutContent: Hashable, Sendable {
    public var runs: [CalloutTextRun]
    public var padding: EdgeInsets
    public var icon: CalloutIcon?
    /// Height of the tail (pointer) below the bubble, in points.
    public var tailSize: Double
    public var lineHeightMultiple: Double
    /// Extra points between lines.
    public var lineSpacing: Double
    /// Widest a text line may be before wrapping, in points; `nil` never wraps.
    public var maxTextWidth: Double?

    public init(runs: [CalloutTextRun], padding: EdgeInsets = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10),
                icon: CalloutIcon? = nil, tailSize: Double = 8, lineHeightMultiple: Double = 1,
                lineSpacing: Double = 0, maxTextWidth: Double? = nil) {
        self.runs = runs
        self.padding = padding
        self.icon = icon
        self.tailSize = tailSize
        self.lineHeightMultiple = lineHeightMultiple
        self.lineSpacing = lineSpacing
        self.maxTextWidth = maxTextWidth
    }

    /// The seed app's ETA callout: padding 10, tail 8, a 24×24 icon 5 pt left
    /// of the text, a bold 16-pt title and an optional 12-pt hint line, line
    /// height ×1.11 and line spacing 4.
    public static func eta(title: String, hint: String? = nil, showsIcon: Bool = true) -> CalloutContent {
        var runs = [CalloutTextRun(title, font: ["Noto Sans Bold"], size: 16)]
        if let hint { runs.append(CalloutTextRun(hint, font: ["Noto Sans Regular"], size: 12)) }
        return CalloutContent(
            runs: runs, padding: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10),
            icon: showsIcon ? CalloutIcon(width: 24, height: 24, gap: 5) : nil,
            tailSize: 8, lineHeightMultiple: 1.11, lineSpacing: 4)
    }

    /// The largest padding, tail, icon or line spacing accepted, in points:
    /// far beyond any screen, small enough that every sum stays finite.
    public static let maximumLength: Double = 1_000_000
    /// The largest `lineHeightMultiple` accepted: a callout's line height in
    /// ems stays within ``TextStyle/maximumEms`` for any font.
    public static let maximumLineHeightMultiple: Double = 100

    /// Checks every length.
    /// - Throws: `TextError.invalidCalloutValue` at the member's path.
    public func validate() throws(TextError) {
        let root = JSONPath.root
        let pad = root.appending(key: "padding"), icon = root.appending(key: "icon")
        let nonNegative: [(JSONPath, Double)] = [
            (pad.appending(key: "top"), padding.top), (pad.appending(key: "left"), padding.left),
            (pad.appending(key: "bottom"), padding.bottom), (pad.appending(key: "right"), padding.right),
            (root.appending(key: "tailSize"), tailSize), (root.appending(key: "lineSpacing"), lineSpacing),
            (icon.appending(key: "width"), self.icon?.width ?? 0), (icon.appending(key: "height"), self.icon?.height ?? 0),
            (icon.appending(key: "gap"), self.icon?.gap ?? 0),
        ]
        for (path, value) in nonNegative where !(value.isFinite && value >= 0 && value <= Self.maximumLength) {
            throw .invalidCalloutValue(path: path, value: value, reason: "must be a number of points from 0 to \(Self.maximumLength)")
        }
        guard lineHeightMultiple.isFinite, lineHeightMultiple > 0, lineHeightMultiple <= Self.maximumLineHeightMultiple else {
            throw .invalidCalloutValue(path: root.appending(key: "lineHeightMultiple"), value: lineHeightMultiple,
                                       reason: "must be a number greater than 0 and at most \(Self.maximumLineHeightMultiple)")
        }
        if let maxTextWidth, !(maxTextWidth.isFinite && maxTextWidth > 0) {
            throw .invalidCalloutValue(path: root.appending(key: "maxTextWidth"), value: maxTextWidth,
                                       reason: "must be a finite number of points greater than 0")
        }
        for (i, run) in runs.enumerated() where !(run.size.isFinite && run.size > 0 && run.size <= TextStyle.maximumSize) {
            throw .invalidCalloutValue(path: root.appending(key: "runs").appending(index: i).appending(key: "size"), value: run.size,
                                       reason: "must be a finite number greater than 0 and at most \(TextStyle.maximumSize)")
        }
    }
}

/// A measured callout. Frames are in points relative to the bubble's top-left corner.
public struct CalloutLayout: Hashable, Sendable {
    /// The size a view annotation needs: the bubble with room for the tail on
    /// every side (`tailSize` around it), so every anchor fits.
    public var size: ScreenSize
    /// The bubble without the tail, at the origin; in the view's frame it sits
    /// `tailSize` in from the top-left corner.
    public var bubble: ScreenRect
    public var iconFrame: ScreenRect?
    /// The text block (all lines).
    public var textFrame: ScreenRect
    public var lines: [CalloutLine]
    /// Code points of the runs that no face covers, in run then text order
    /// (`ShapedText.missingCodePoints`): measured as `.notdef` boxes.
    public var missingCodePoints: [Unicode.Scalar]

    public init(size: ScreenSize, bubble: ScreenRect, iconFrame: ScreenRect?, textFrame: ScreenRect, lines: [CalloutLine],
                missingCodePoints: [Unicode.Scalar] = []) {
        self.size = size
        self.bubble = bubble
        self.iconFrame = iconFrame
        self.textFrame = textFrame
        self.lines = lines
        self.missingCodePoints = missingCodePoints
    }
}

/// One line of callout text.
public struct CalloutLine: Hashable, Sendable {
    /// Index of the run in `CalloutContent.runs`.
    public var run: Int
    public var frame: ScreenRect
    public var baseline: Double
    /// Unicode-scalar offsets of the line in the run's text (after `text-transform`).
    public var scalarRange: Range<Int>

    public init(run: Int, frame: ScreenRect, baseline: Double, scalarRange: Range<Int>) {
        self.run = run
        self.frame = frame
        self.baseline = baseline
        self.scalarRange = scalarRange
    }
}

/// How a view annotation gets its size: given explicitly, or measured from content.
public enum ViewAnnotationSizing: Hashable, Sendable {
    case explicit(ScreenSize)
    /// Boxed, so a scene of a million size-given callouts stays compact.
    indirect case content(CalloutContent)
    /// Content measured with the fonts: the content itself (a picture draws
    /// its runs) and its layout (the size the solver places, where each run
    /// went). What measuring a `.content` sizing gives, so the measured
    /// scene carries both and needs no side table.
    indirect case measured(CalloutContent, CalloutLayout)

    /// The size in points.
    /// - Throws: `TextError` for an invalid explicit size or content.
    public func resolve(with engine: TextLayoutEngine) throws(TextError) -> ScreenSize {
        switch self {
        case let .explicit(size):
            for (field, value) in [("size.width", size.width), ("size.height", size.height)]
            where !(value.isFinite && value >= 0) {
                throw .invalidValue(field: field, value: value, reason: "must be a finite number of points, 0 or more")
            }
            return size
        case let .content(content):
            return try engine.measure(content).size
        case let .measured(_, layout):
            return layout.size
        }
    }
}

extension TextLayoutEngine {
    /// Lays out a callout's runs and sizes its bubble.
    /// - Throws: `TextError` for invalid lengths, unknown fonts or text over the limit.
    public func measure(_ content: CalloutContent) throws(TextError) -> CalloutLayout {
        try content.validate()
        var shapedRuns: [(run: Int, text: ShapedText)] = []
        for (i, run) in content.runs.enumerated() {
            // A run's own errors (font stack, text length) say which run.
            do {
                let primary = try registry.resolve(run.font).primary
                let scale = run.size / Double(primary.unitsPerEm)
                let natural = Double(primary.ascender - primary.descender + primary.lineGap) * scale
                let style = TextStyle(
                    font: run.font, size: run.size,
                    // Kept a normal number: a tiny width over a large size would round to 0,
                    // and a huge one over a small size overflow to infinity; 10¹² ems
                    // is wider than any text of allowed length, so it never wraps.
                    maxWidth: min(max((content.maxTextWidth ?? 1e12) / run.size, .leastNormalMagnitude), 1e12),
                    lineHeight: natural * content.lineHeightMultiple / run.size,
                    justify: .left, anchor: .topLeft)
                shapedRuns.append((i, try layout(run.text, style: style)))
            } catch {
                throw .inCalloutRun(index: i, error)
            }
        }

        var lines: [CalloutLine] = []
        var y = 0.0
        var textWidth = 0.0
        for (run, shaped) in shapedRuns {
            for line in shaped.lines {
                if !lines.isEmpty { y += content.lineSpacing }
                let top = line.bounds.minY - shaped.bounds.minY
                let frame = ScreenRect(x: 0, y: y, width: line.bounds.width, height: line.bounds.height)
                lines.append(CalloutLine(run: run, frame: frame, baseline: y + (line.baseline - shaped.bounds.minY - top),
                                         scalarRange: line.scalarRange))
                y += line.bounds.height
                textWidth = max(textWidth, line.bounds.width)
            }
        }
        let textHeight = y
        let iconWidth = content.icon.map { $0.width + $0.gap } ?? 0
        let contentHeight = max(textHeight, content.icon?.height ?? 0)
        let padding = content.padding
        let bubble = ScreenRect(x: 0, y: 0, width: padding.left + iconWidth + textWidth + padding.right,
                                height: padding.top + contentHeight + padding.bottom)
        let textOrigin = ScreenPoint(x: padding.left + iconWidth, y: padding.top + (contentHeight - textHeight) / 2)
        let iconFrame = content.icon.map {
            ScreenRect(x: padding.left, y: padding.top + (contentHeight - $0.height) / 2, width: $0.width, height: $0.height)
        }
        let placed = lines.map { line in
            CalloutLine(run: line.run,
                        frame: ScreenRect(x: line.frame.minX + textOrigin.x, y: line.frame.minY + textOrigin.y,
                                          width: line.frame.width, height: line.frame.height),
                        baseline: line.baseline + textOrigin.y, scalarRange: line.scalarRange)
        }
        // The frame keeps room for the tail on every side, as the seed app's
        // ETA view does: the solver may pick any of the 8 anchors, and the tail
        // goes on the side facing the anchor point (see CartoucheRender's
        // CalloutBubble). The bubble sits `tailSize` in from the frame's edges.
        return CalloutLayout(
            size: ScreenSize(width: bubble.width + 2 * content.tailSize, height: bubble.height + 2 * content.tailSize),
            bubble: bubble, iconFrame: iconFrame,
            textFrame: ScreenRect(x: textOrigin.x, y: textOrigin.y, width: textWidth, height: textHeight),
            lines: placed, missingCodePoints: shapedRuns.flatMap(\.text.missingCodePoints))
    }
}
