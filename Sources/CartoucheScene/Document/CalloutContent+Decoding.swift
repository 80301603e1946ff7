import CartoucheGeometry
import CartoucheJSON
import CartoucheText

extension SceneDecoding {
    /// Callout content: `{"eta": {"title", "hint", "icon"}}` for the seed's
    /// ETA bubble, or the full box model `{"runs": [...], "padding", "icon",
    /// "tailSize", "lineHeightMultiple", "lineSpacing", "maxTextWidth"}`.
    /// Every text is held to `limits.maxTextLength` as it is read.
    static func content(_ v: JSONValue, _ p: JSONPath, limits: SceneLimits) throws(JSONDecodingError) -> CalloutContent {
        var r = try JSONObjectReader(v, at: p)
        if let eta = try r.optionalObject("eta") {
            var e = JSONObjectReader(members: eta, at: r.path(of: "eta"))
            let title = try e.requiredString("title")
            try limits.checkText(title, at: e.path(of: "title"))
            let hint = try e.optionalString("hint")
            if let hint { try limits.checkText(hint, at: e.path(of: "hint")) }
            let content = CalloutContent.eta(title: title, hint: hint, showsIcon: try e.optionalBool("icon") ?? true)
            try e.rejectUnknownMembers()
            try r.rejectUnknownMembers()
            return content
        }
        let runs = try r.required("runs") { v, p throws(JSONDecodingError) in
            try v.decodeArray(at: p) { v, p throws(JSONDecodingError) in try run(v, p, limits: limits) }
        }
        guard !runs.isEmpty else { throw JSONDecodingError(path: r.path(of: "runs"), reason: "must list at least one text run") }
        let defaults = CalloutContent(runs: runs)
        var icon: CalloutIcon? = nil
        if let i = try r.optionalObject("icon") {
            var ir = JSONObjectReader(members: i, at: r.path(of: "icon"))
            icon = CalloutIcon(width: try ir.required("width", nonNegative), height: try ir.required("height", nonNegative),
                               gap: try ir.optional("gap", nonNegative) ?? 0)
            try ir.rejectUnknownMembers()
        }
        let content = CalloutContent(
            runs: runs, padding: try r.optional("padding", insets) ?? defaults.padding, icon: icon,
            tailSize: try r.optional("tailSize", nonNegative) ?? defaults.tailSize,
            lineHeightMultiple: try r.optional("lineHeightMultiple", positive) ?? defaults.lineHeightMultiple,
            lineSpacing: try r.optional("lineSpacing", nonNegative) ?? defaults.lineSpacing,
            maxTextWidth: try r.optional("maxTextWidth", positive))
        try r.rejectUnknownMembers()
        // Every length is checked here, so every route refuses the same content (not only those that measure it).
        do { try content.validate() } catch {
            if case .invalidCalloutValue(let path, _, let reason) = error { throw JSONDecodingError(path: path.prepending(p), reason: reason) }
            throw JSONDecodingError(path: p, reason: "\(error)")
        }
        return content
    }

    static func run(_ v: JSONValue, _ p: JSONPath, limits: SceneLimits) throws(JSONDecodingError) -> CalloutTextRun {
        var r = try JSONObjectReader(v, at: p)
        let text = try r.requiredString("text")
        try limits.checkText(text, at: r.path(of: "text"))
        let font = try r.optional("font") { v, p throws(JSONDecodingError) in try v.decodeArray(at: p) { v, p throws(JSONDecodingError) in try v.decodeString(at: p) } }
        if let font, font.isEmpty { throw JSONDecodingError(path: r.path(of: "font"), reason: "a font stack needs at least one family") }
        let run = CalloutTextRun(text, font: font ?? ["Noto Sans Regular"], size: try r.optional("size", positive) ?? 12)
        try r.rejectUnknownMembers()
        return run
    }

    static func positive(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> Double {
        let x = try v.decodeNumber(at: p)
        guard x > 0 else { throw JSONDecodingError(path: p, reason: "must be > 0, got \(x)") }
        return x
    }
}
