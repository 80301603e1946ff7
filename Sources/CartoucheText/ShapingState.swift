import CHarfBuzz

/// The shaped items of one text and the work of turning them into lines.
struct ShapingState {
    /// A shaped item: its glyphs are `glyphs[glyphRange]`, in visual order.
    struct Run {
        var item: ShapingItem
        var glyphRange: Range<Int>
    }

    /// A piece of a run inside one line; its glyphs are in `glyphs` or, when
    /// the piece had to be reshaped, in the line's scratch array.
    private struct Segment {
        var item: ShapingItem
        var glyphs: Range<Int>
        var reshaped: Bool
    }

    let scalars: [UInt32]
    let stack: ResolvedFontStack
    let size: Double
    let spacing: Double
    private(set) var glyphs: [ShapedGlyph] = []
    private(set) var runs: [Run] = []

    init(scalars: [UInt32], stack: ResolvedFontStack, style: TextStyle) {
        self.scalars = scalars
        self.stack = stack
        self.size = style.size
        self.spacing = style.letterSpacing * style.size
    }

    @inline(__always)
    func scale(_ face: Int) -> Double { size * stack.inverseUnitsPerEm[face] }

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
                HarfBuzzShaper.shape(text, range: item.start..<item.end, font: stack.fonts[item.face],
                                     rightToLeft: item.isRTL, script: ScriptTable.hbScript(item.script), into: &glyphs)
                runs.append(Run(item: item, glyphRange: start..<glyphs.count))
            }
        }
    }

    /// Takes the glyphs of `item`, already shaped over the whole text (by
    /// `SingleRunLayout`), as the text's only run instead of shaping it again.
    mutating func adoptSingleRun(_ item: ShapingItem, glyphs shaped: [ShapedGlyph]) {
        glyphs = shaped
        runs = [Run(item: item, glyphRange: 0..<shaped.count)]
    }

    /// True when the text must be broken into lines: it holds a mandatory
    /// break, or its width without surrounding whitespace exceeds `maxWidth`.
    /// Allocation-free, so the common one-line label skips the line breaker.
    func needsLineBreaking(maxWidth: Double) -> Bool {
        var inkStart = -1, inkEnd = 0
        for (i, c) in scalars.enumerated() {
            if UnicodeClasses.isMandatoryBreak(c) { return true }
            if !UnicodeClasses.isWhitespace(c) {
                if inkStart < 0 { inkStart = i }
                inkEnd = i + 1
            }
        }
        guard inkStart >= 0 else { return false }
        var width = 0.0
        for run in runs where run.item.end > inkStart && run.item.start < inkEnd {
            let scale = scale(run.item.face)
            let spaced = spacingApplies(run.item)
            var previousCluster: Int32 = -1
            for g in glyphs[run.glyphRange] where Int(g.cluster) >= inkStart && Int(g.cluster) < inkEnd {
                width += Double(g.xAdvance) * scale
                if spaced && g.cluster != previousCluster { width += spacing }
                previousCluster = g.cluster
            }
        }
        return width > maxWidth
    }

    /// The width each scalar adds to a line: a cluster's advances and its
    /// letter spacing are counted on the cluster's first scalar.
    func scalarAdvances() -> [Double] {
        var advances = [Double](repeating: 0, count: scalars.count)
        for run in runs {
            let scale = scale(run.item.face)
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
        guard start < end else { return LaidOutLine(range: start..<start, width: 0, faces: FaceSet(), glyphs: []) }

        var pen = 0.0
        var trailingSpacing = 0.0
        var faces = FaceSet()
        var positioned: [PositionedGlyph] = []
        var scratch: [ShapedGlyph] = []
        func place(_ item: ShapingItem, _ range: Range<Int>, reshaped: Bool) {
            let source = reshaped ? scratch : glyphs
            let face = item.face
            if !range.isEmpty { faces.insert(face) }
            let scale = scale(face)
            let spaced = spacingApplies(item)
            for i in range {
                let g = source[i]
                if includeGlyphs {
                    positioned.append(PositionedGlyph(
                        glyphID: g.id, faceIndex: face, cluster: Int(g.cluster),
                        x: pen + Double(g.xOffset) * scale, y: -Double(g.yOffset) * scale,
                        advance: Double(g.xAdvance) * scale))
                }
                pen += Double(g.xAdvance) * scale
                trailingSpacing = 0
                let endsCluster = i + 1 == range.upperBound || source[i + 1].cluster != g.cluster
                if spaced && endsCluster {
                    pen += spacing
                    trailingSpacing = spacing
                }
            }
        }

        if start == 0 && end == scalars.count && !runs.contains(where: { $0.item.isRTL }) {
            // The whole text on one left-to-right line (most labels): the
            // runs are already in visual order and need no cutting.
            for run in runs { place(run.item, run.glyphRange, reshaped: false) }
            return LaidOutLine(range: start..<end, width: pen - trailingSpacing, faces: faces, glyphs: positioned)
        }

        var segments: [Segment] = []
        var hasOddLevel = false
        for run in runs where run.item.end > start && run.item.start < end {
            let lo = max(run.item.start, start), hi = min(run.item.end, end)
            var item = run.item
            item.start = lo
            item.end = hi
            hasOddLevel = hasOddLevel || item.isRTL
            if lo == run.item.start && hi == run.item.end {
                segments.append(Segment(item: item, glyphs: run.glyphRange, reshaped: false))
            } else if isSafeCut(run, at: lo) && isSafeCut(run, at: hi) {
                // Clusters are monotonic within a run, so the piece is contiguous:
                // its first and last glyphs bound it (found without collecting the ones between).
                let isInside = { (g: Int) in Int(self.glyphs[g].cluster) >= lo && Int(self.glyphs[g].cluster) < hi }
                let firstInside = run.glyphRange.first(where: isInside), lastInside = run.glyphRange.last(where: isInside)
                let slice = (firstInside ?? run.glyphRange.lowerBound)..<((lastInside ?? run.glyphRange.lowerBound - 1) + 1)
                segments.append(Segment(item: item, glyphs: slice, reshaped: false))
            } else {
                let first = scratch.count
                scalars.withUnsafeBufferPointer { text in
                    HarfBuzzShaper.shape(text, range: lo..<hi, font: stack.fonts[run.item.face],
                                         rightToLeft: run.item.isRTL, script: ScriptTable.hbScript(run.item.script),
                                         into: &scratch)
                }
                segments.append(Segment(item: item, glyphs: first..<scratch.count, reshaped: true))
            }
        }
        if hasOddLevel {
            for s in Self.visualOrder(segments.map(\.item.level)) {
                place(segments[s].item, segments[s].glyphs, reshaped: segments[s].reshaped)
            }
        } else {
            // All left-to-right: logical order is visual order.
            for segment in segments { place(segment.item, segment.glyphs, reshaped: segment.reshaped) }
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
