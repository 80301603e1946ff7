import CHarfBuzz

/// The shaped items of one text and the work of turning them into lines.
struct ShapingState {
    /// A shaped item: its glyphs are `glyphs[glyphRange]`, in visual order.
    struct Run {
        var item: ShapingItem
        var glyphRange: Range<Int>
    }

    /// A piece of a run inside one line.
    private struct Segment {
        var item: ShapingItem
        var glyphs: Range<Int>  // into the line's glyph scratch array
    }

    let scalars: [UInt32]
    let stack: ResolvedFontStack
    let size: Double
    let spacing: Double
    private(set) var glyphs: [ShapedGlyph] = []
    private(set) var runs: [Run] = []
    /// Pixels per font unit of each stack face.
    private let scales: [Double]

    init(scalars: [UInt32], stack: ResolvedFontStack, style: TextStyle) {
        self.scalars = scalars
        self.stack = stack
        self.size = style.size
        self.spacing = style.letterSpacing * style.size
        self.scales = stack.faces.map { style.size / Double($0.unitsPerEm) }
    }

    func ascent(face: Int) -> Double { Double(stack.faces[face].ascender) * scales[face] }
    func descent(face: Int) -> Double { -Double(stack.faces[face].descender) * scales[face] }

    private func spacingApplies(_ item: ShapingItem) -> Bool {
        spacing != 0 && UnicodeClasses.allowsLetterSpacing(script: item.script)
    }

    /// Shapes every item once over the whole text.
    mutating func shapeItems(_ items: [ShapingItem]) {
        glyphs.reserveCapacity(scalars.count)
        runs.reserveCapacity(items.count)
        scalars.withUnsafeBufferPointer { text in
            for item in items {
                let start = glyphs.count
                HarfBuzzShaper.shape(text, range: item.start..<item.end, face: stack.faces[item.face],
                                     rightToLeft: item.isRTL, script: ScriptTable.hbScript(item.script), into: &glyphs)
                runs.append(Run(item: item, glyphRange: start..<glyphs.count))
            }
        }
    }

    /// The width each scalar adds to a line: a cluster's advances and its
    /// letter spacing are counted on the cluster's first scalar.
    func scalarAdvances() -> [Double] {
        var advances = [Double](repeating: 0, count: scalars.count)
        for run in runs {
            let scale = scales[run.item.face]
            let spaced = spacingApplies(run.item)
            var previousCluster: Int32 = -1
            for g in glyphs[run.glyphRange] {
                let cluster = Int(g.cluster)
                guard cluster >= 0, cluster < advances.count else { continue }
                advances[cluster] += Double(g.xAdvance) * scale
                if spaced && g.cluster != previousCluster { advances[cluster] += spacing }
                previousCluster = g.cluster
            }
        }
        return advances
    }

    /// Builds one line from the scalars in `range`: trims surrounding
    /// whitespace, takes (or reshapes) the glyphs of the runs inside it, orders
    /// the runs visually and positions the glyphs from x = 0.
    func layOutLine(_ range: Range<Int>, includeGlyphs: Bool) -> LaidOutLine {
        var start = range.lowerBound, end = range.upperBound
        while start < end && UnicodeClasses.isWhitespace(scalars[start]) { start += 1 }
        while end > start && UnicodeClasses.isWhitespace(scalars[end - 1]) { end -= 1 }
        guard start < end else { return LaidOutLine(range: start..<start, width: 0, faces: [], glyphs: []) }

        var lineGlyphs: [ShapedGlyph] = []
        var segments: [Segment] = []
        for run in runs where run.item.end > start && run.item.start < end {
            let lo = max(run.item.start, start), hi = min(run.item.end, end)
            let first = lineGlyphs.count
            if lo == run.item.start && hi == run.item.end {
                lineGlyphs.append(contentsOf: glyphs[run.glyphRange])
            } else if isSafeCut(run, at: lo) && isSafeCut(run, at: hi) {
                for g in glyphs[run.glyphRange] where Int(g.cluster) >= lo && Int(g.cluster) < hi {
                    lineGlyphs.append(g)
                }
            } else {
                scalars.withUnsafeBufferPointer { text in
                    HarfBuzzShaper.shape(text, range: lo..<hi, face: stack.faces[run.item.face],
                                         rightToLeft: run.item.isRTL, script: ScriptTable.hbScript(run.item.script),
                                         into: &lineGlyphs)
                }
            }
            var item = run.item
            item.start = lo
            item.end = hi
            segments.append(Segment(item: item, glyphs: first..<lineGlyphs.count))
        }

        var pen = 0.0
        var trailingSpacing = 0.0
        var faces: [Int] = []
        var positioned: [PositionedGlyph] = []
        if includeGlyphs { positioned.reserveCapacity(lineGlyphs.count) }
        for s in Self.visualOrder(segments.map(\.item.level)) {
            let segment = segments[s]
            let face = segment.item.face
            if !segment.glyphs.isEmpty && !faces.contains(face) { faces.append(face) }
            let scale = scales[face]
            let spaced = spacingApplies(segment.item)
            for i in segment.glyphs {
                let g = lineGlyphs[i]
                if includeGlyphs {
                    positioned.append(PositionedGlyph(
                        glyphID: g.id, faceIndex: face, cluster: Int(g.cluster),
                        x: pen + Double(g.xOffset) * scale, y: -Double(g.yOffset) * scale,
                        advance: Double(g.xAdvance) * scale))
                }
                pen += Double(g.xAdvance) * scale
                trailingSpacing = 0
                let endsCluster = i + 1 == segment.glyphs.upperBound || lineGlyphs[i + 1].cluster != g.cluster
                if spaced && endsCluster {
                    pen += spacing
                    trailingSpacing = spacing
                }
            }
        }
        return LaidOutLine(range: start..<end, width: pen - trailingSpacing, faces: faces, glyphs: positioned)
    }

    /// True when the text can be split before scalar `index` without reshaping
    /// `run`: at the run's ends, or at a cluster start HarfBuzz did not flag
    /// unsafe-to-break.
    private func isSafeCut(_ run: Run, at index: Int) -> Bool {
        if index <= run.item.start || index >= run.item.end { return true }
        for g in glyphs[run.glyphRange] where Int(g.cluster) == index {
            return !g.unsafeToBreak
        }
        return false  // `index` is inside a cluster
    }

    /// UAX #9 rule L2: from the highest level down to the lowest odd level,
    /// reverse every maximal sequence of runs at that level or higher.
    /// Returns run indices in visual (left-to-right) order.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}

/// HarfBuzz script of each ICU script code, computed once.
enum ScriptTable {
    private static let table: [hb_script_t] = (Int32(0)..<Int32(256)).map(UnicodeClasses.hbScript(icu:))

    static func hbScript(_ icu: Int32) -> hb_script_t {
        icu >= 0 && Int(icu) < table.count ? table[Int(icu)] : HB_SCRIPT_INVALID
    }
}
