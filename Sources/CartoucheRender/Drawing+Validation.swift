import CartoucheGeometry

extension Drawing {
    /// Checks everything the SVG writer relies on: finite numbers,
    /// non-negative sizes, opacities in 0…1, unique non-empty layer ids
    /// outside the renderer's reserved `cartouche-` prefix.
    ///
    /// Field paths in errors read like `layers[1] "routes" / [3] polyline "r1" / points[2].x`.
    /// - Complexity: O(n) in the number of points and primitives.
    public func validate() throws(RenderError) {
        try Check.size(size.width, "size.width")
        try Check.size(size.height, "size.height")
        var seen = Set<String>()
        for (index, layer) in layers.enumerated() {
            guard !layer.id.isEmpty else { throw .emptyLayerID(index: index) }
            guard !layer.id.hasPrefix(SVGRenderer.reservedIDPrefix) else { throw .reservedLayerID(layer.id) }
            guard seen.insert(layer.id).inserted else { throw .duplicateLayerID(layer.id) }
            for (k, primitive) in layer.primitives.enumerated() {
                do {
                    try primitive.validate()
                } catch {
                    throw error.prefixingField(with: "layers[\(index)] \"\(layer.id)\" / [\(k)] ")
                }
            }
        }
        if let legend { try Check.size(legend.width, "legend.width") }
    }
}

/// Checks of single values; `field` is only turned into a string on failure.
enum Check {
    static func finite(_ v: Double, _ field: @autoclosure () -> String) throws(RenderError) {
        guard v.isFinite else { throw .nonFiniteNumber(field: field()) }
    }

    static func size(_ v: Double, _ field: @autoclosure () -> String) throws(RenderError) {
        try finite(v, field())
        guard v >= 0 else { throw .outOfRange(field: field(), value: v, expected: "≥ 0") }
    }

    static func opacity(_ v: Double, _ field: @autoclosure () -> String) throws(RenderError) {
        try finite(v, field())
        guard (0...1).contains(v) else { throw .outOfRange(field: field(), value: v, expected: "0…1") }
    }

    static func point(_ p: ScreenPoint, _ field: @autoclosure () -> String) throws(RenderError) {
        try finite(p.x, field() + ".x")
        try finite(p.y, field() + ".y")
    }

    static func rect(_ r: ScreenRect, _ field: @autoclosure () -> String) throws(RenderError) {
        try finite(r.minX, field() + ".minX")
        try finite(r.minY, field() + ".minY")
        try finite(r.maxX, field() + ".maxX")
        try finite(r.maxY, field() + ".maxY")
        guard r.maxX >= r.minX, r.maxY >= r.minY else {
            throw .outOfRange(field: field() + ".width/height", value: min(r.width, r.height), expected: "≥ 0")
        }
    }

    static func points(_ ps: [ScreenPoint], _ field: @autoclosure () -> String) throws(RenderError) {
        for (i, p) in ps.enumerated() where !(p.x.isFinite && p.y.isFinite) {
            try point(p, field() + "[\(i)]")
        }
    }

    static func text(_ s: Drawing.TextStyle, _ field: @autoclosure () -> String) throws(RenderError) {
        try size(s.size, field() + ".size")
        try size(s.haloWidth, field() + ".haloWidth")
    }

    static func fill(_ s: Drawing.FillStyle, _ field: @autoclosure () -> String) throws(RenderError) {
        try opacity(s.opacity, field() + ".opacity")
        try opacity(s.strokeOpacity, field() + ".strokeOpacity")
        try size(s.strokeWidth, field() + ".strokeWidth")
    }
}

extension RenderError {
    /// The same error with `prefix` in front of its field path.
    func prefixingField(with prefix: String) -> RenderError {
        switch self {
        case .nonFiniteNumber(let field): .nonFiniteNumber(field: prefix + field)
        case .outOfRange(let field, let value, let expected): .outOfRange(field: prefix + field, value: value, expected: expected)
        default: self
        }
    }
}

extension Drawing.Primitive {
    /// Field paths in the errors start at the primitive ("polyline \"r1\" / …");
    /// the drawing puts the layer and position in front. Paths are autoclosures
    /// over local functions, so nothing is allocated unless a check fails.
    func validate() throws(RenderError) {
        switch self {
        case .polyline(let line):
            func at(_ f: String) -> String { "polyline \(quoted(line.id)) / \(f)" }
            try Check.points(line.points, at("points"))
            try Check.size(line.style.width, at("style.width"))
            try Check.size(line.style.casingWidth, at("style.casingWidth"))
            try Check.opacity(line.style.opacity, at("style.opacity"))
            for (i, d) in line.style.dash.enumerated() { try Check.size(d, at("style.dash[\(i)]")) }
        case .polygon(let polygon):
            func at(_ f: String) -> String { "polygon \(quoted(polygon.id)) / \(f)" }
            for (i, ring) in polygon.rings.enumerated() { try Check.points(ring, at("rings[\(i)]")) }
            try Check.fill(polygon.style, at("style"))
        case .circle(let circle):
            func at(_ f: String) -> String { "circle \(quoted(circle.id)) / \(f)" }
            try Check.point(circle.center, at("center"))
            try Check.size(circle.radius, at("radius"))
            try Check.fill(circle.style, at("style"))
        case .symbol(let symbol):
            func at(_ f: String) -> String { "symbol \(quoted(symbol.id)) / \(f)" }
            try Check.point(symbol.point, at("point"))
            switch symbol.icon {
            case .pin(let height, _): try Check.size(height, at("icon.height"))
            case .dot(let radius, _): try Check.size(radius, at("icon.radius"))
            case .none: break
            }
            if let label = symbol.label {
                try Check.point(label.position, at("label.position"))
                try Check.text(label.style, at("label.style"))
            }
            if let box = symbol.labelBox { try Check.rect(box, at("labelBox")) }
        case .callout(let callout):
            func at(_ f: String) -> String { "callout \(quoted(callout.id)) / \(f)" }
            try Check.rect(callout.frame, at("frame"))
            try Check.point(callout.anchorPoint, at("anchorPoint"))
            try Check.size(callout.style.tailSize, at("style.tailSize"))
            try Check.size(callout.style.cornerRadius, at("style.cornerRadius"))
            try Check.size(callout.style.strokeWidth, at("style.strokeWidth"))
            for (i, line) in callout.lines.enumerated() {
                try Check.point(line.baseline, at("lines[\(i)].baseline"))
                try Check.text(line.style, at("lines[\(i)].style"))
            }
            if let icon = callout.icon { try Check.rect(icon.box, at("icon.box")) }
        case .puck(let puck):
            try Check.point(puck.center, "puck / center")
            try Check.size(puck.radius, "puck / radius")
            if let bearing = puck.bearing { try Check.finite(bearing, "puck / bearing") }
        case .padding(let padding):
            try Check.rect(padding.rect, "padding / rect")
        case .ghost(let ghost):
            try Check.rect(ghost.frame, "ghost \(quoted(ghost.id)) / frame")
        }
    }
}

private func quoted(_ id: String?) -> String {
    id.map { "\"\($0)\"" } ?? "(no id)"
}
