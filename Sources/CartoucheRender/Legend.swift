import CartouchePlacement

extension Drawing {
    /// A small box in a corner explaining the picture: optional title, then
    /// colour swatches with labels.
    public struct Legend: Hashable, Sendable {
        public struct Entry: Hashable, Sendable {
            public var color: RenderColor
            public var label: String
            /// Drawn as a dashed outline swatch (like ghosts) instead of a filled one.
            public var dashed: Bool

            public init(color: RenderColor, label: String, dashed: Bool = false) {
                self.color = color
                self.label = label
                self.dashed = dashed
            }
        }

        public var title: String?
        public var entries: [Entry]
        /// Width of the box. Text is not measured here, so the caller (who has the
        /// shaped text metrics) sizes it; the default fits short labels at 11 pt.
        public var width: Double

        public init(title: String? = nil, entries: [Entry], width: Double = 150) {
            self.title = title
            self.entries = entries
            self.width = width
        }

        /// Entries for every reason that occurs among `ghosts`, in a fixed order.
        public static func ghostEntries(for ghosts: [Ghost]) -> [Entry] {
            let order = ["collision", "puck", "padding", "avoidRegion", "avoidLayer", "offscreen", "zoom", "notVisible", "featureNotFound"]
            var firstByCode: [String: HiddenReason] = [:]
            for ghost in ghosts where firstByCode[ghost.reason.code] == nil {
                firstByCode[ghost.reason.code] = ghost.reason
            }
            return order.compactMap { code in
                firstByCode[code].map { Entry(color: Ghost.color(for: $0), label: "rejected: \(code)", dashed: true) }
            }
        }
    }
}
