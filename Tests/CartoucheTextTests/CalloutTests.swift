import CartoucheJSON
import CartoucheGeometry
import Testing

@testable import CartoucheText

@Suite("Callout boxes")
struct CalloutTests {
    // From hb-shape on the bundled fonts (upem 1000):
    // "12 min" in Noto Sans Bold: 572+572+260+982+305+657 = 3348 units → 53.568 pt at 16 pt.
    // "Fastest route" in Noto Sans Regular: 519+561+479+361+564+479+361+260+393+605+618+361+564 = 6125 units → 73.5 pt at 12 pt.
    // Both faces' hhea: ascender 1069, descender −293, line gap 0 → natural line height 1.362 em.
    let titleWidth = 3348.0 * 16 / 1000
    let hintWidth = 6125.0 * 12 / 1000
    let titleLine = 1.362 * 16 * 1.11
    let hintLine = 1.362 * 12 * 1.11

    @Test("the seed ETA callout: padding 10, 24×24 icon 5 pt from the text, bold 16 title, 12 hint, ×1.11, spacing 4, tail 8")
    func etaCallout() throws {
        let layout = try makeEngine().measure(.eta(title: "12 min", hint: "Fastest route"))
        let textHeight = titleLine + 4 + hintLine
        #expect(abs(layout.size.width - (8 + 10 + 24 + 5 + hintWidth + 10 + 8)) < 1e-9)
        #expect(abs(layout.size.height - (8 + 10 + textHeight + 10 + 8)) < 1e-9)
        #expect(abs(layout.bubble.height - (10 + textHeight + 10)) < 1e-9)
        #expect(layout.lines.map(\.run) == [0, 1])
        #expect(abs(layout.lines[0].frame.width - titleWidth) < 1e-9)
        #expect(abs(layout.lines[1].frame.minY - (10 + titleLine + 4)) < 1e-9)
        let icon = try #require(layout.iconFrame)
        #expect(icon == ScreenRect(x: 10, y: 10 + (textHeight - 24) / 2, width: 24, height: 24))
        #expect(abs(layout.textFrame.minX - 39) < 1e-9)
    }

    @Test("without a hint the title line (24.19 pt) just outgrows the 24-pt icon, which is centred on it")
    func titleOnly() throws {
        let layout = try makeEngine().measure(.eta(title: "12 min"))
        #expect(abs(layout.size.height - (8 + 10 + titleLine + 10 + 8)) < 1e-9)
        #expect(abs(layout.size.width - (8 + 10 + 24 + 5 + titleWidth + 10 + 8)) < 1e-9)
        #expect(abs(layout.textFrame.minY - 10) < 1e-9)
        #expect(abs((layout.iconFrame?.minY ?? 0) - (10 + (titleLine - 24) / 2)) < 1e-9)
    }

    @Test("a small title is centred on the taller icon, which sets the height")
    func iconSetsHeight() throws {
        var content = CalloutContent.eta(title: "12 min")
        content.runs[0].size = 10  // line 1.362 × 10 × 1.11 = 15.12 pt
        let layout = try makeEngine().measure(content)
        #expect(abs(layout.size.height - (8 + 10 + 24 + 10 + 8)) < 1e-9)
        #expect(abs(layout.textFrame.minY - (10 + (24 - 1.362 * 10 * 1.11) / 2)) < 1e-9)
    }

    @Test("runs wrap within maxTextWidth and line spacing separates every line")
    func wrapping() throws {
        var content = CalloutContent.eta(title: "12 min", hint: "Fastest route")
        content.icon = nil
        content.maxTextWidth = 60  // the hint (73.5 pt) wraps to "Fastest" / "route"
        let layout = try makeEngine().measure(content)
        #expect(layout.lines.map(\.run) == [0, 1, 1])
        #expect(abs(layout.textFrame.height - (titleLine + 4 + hintLine + 4 + hintLine)) < 1e-9)
        #expect(layout.lines.allSatisfy { $0.frame.width <= 60 })
    }

    @Test("the largest finite maxTextWidth over a small run size lays out as no limit (schemathesis found it overflowing to inf)")
    func hugeMaxTextWidth() throws {
        var content = CalloutContent.eta(title: "12 min", hint: "Fastest route")
        content.runs[1].size = 0.5
        content.maxTextWidth = .greatestFiniteMagnitude
        let layout = try makeEngine().measure(content)
        #expect(layout.lines.map(\.run) == [0, 1])
        var unlimited = content
        unlimited.maxTextWidth = nil
        #expect(try makeEngine().measure(unlimited).size == layout.size)
    }

    @Test("a view annotation is sized explicitly or from content")
    func sizing() throws {
        let engine = try makeEngine()
        let explicit = ScreenSize(width: 120, height: 40)
        #expect(try ViewAnnotationSizing.explicit(explicit).resolve(with: engine) == explicit)
        let measured = try ViewAnnotationSizing.content(.eta(title: "12 min")).resolve(with: engine)
        #expect(abs(measured.height - (8 + 10 + titleLine + 10 + 8)) < 1e-9)
        #expect(throws: TextError.invalidValue(field: "size.width", value: -1,
                                               reason: "must be a finite number of points, 0 or more")) {
            try ViewAnnotationSizing.explicit(ScreenSize(width: -1, height: 4)).resolve(with: engine)
        }
    }

    @Test("bad callout lengths are errors naming the field")
    func invalidContent() throws {
        let engine = try makeEngine()
        var content = CalloutContent.eta(title: "x")
        content.padding = EdgeInsets(top: .nan)
        #expect { try engine.measure(content) } throws: { error in
            guard case .invalidCalloutValue(let path, _, _)? = error as? TextError else { return false }
            return path == JSONPath.root.appending(key: "padding").appending(key: "top")
        }
        content = .eta(title: "x")
        content.runs[0].size = 0
        #expect { try engine.measure(content) } throws: { error in
            guard case .invalidCalloutValue(let path, _, _)? = error as? TextError else { return false }
            return path == JSONPath.root.appending(key: "runs").appending(index: 0).appending(key: "size")
        }
    }
}
