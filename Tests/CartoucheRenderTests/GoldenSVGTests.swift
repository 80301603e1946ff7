import CartoucheTestSupport
import Testing
@testable import CartoucheRender

/// The sample drawing, byte for byte. Reviewed by eye (rendered with
/// rsvg-convert and headless Chromium); every number can be re-derived by
/// hand: e.g. the main ETA's 116×60 frame (62,100)-(178,160) keeps 8 all
/// round for the tail, so its body is (70,108)-(170,152) and the tail runs
/// from (128, 152) to its anchor (120, 160) and back to (112, 152); the pin's
/// tangent points lie r·√(d²−r²)/d = 8.33 either side of the tip's x.
@Suite struct GoldenSVGTests {
    @Test func sampleDrawingMatchesTheGolden() throws {
        let svg = try SVGRenderer().render(SampleDrawing.make())
        #expect(svg == Self.golden)
        if let difference = firstDifferentLine(got: svg, want: Self.golden) { Issue.record(Comment(rawValue: difference)) }
    }

    static let golden = """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="400" height="260" viewBox="0 0 400 260" font-family="'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans Devanagari', 'Droid Sans Fallback', sans-serif" xml:space="preserve">
    <defs><filter id="cartouche-shadow" x="-20%" y="-20%" width="140%" height="160%"><feGaussianBlur in="SourceAlpha" stdDeviation="2"/><feOffset dy="1.5" result="blur"/><feComponentTransfer><feFuncA type="linear" slope="0.3"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs>
    <rect width="400" height="260" fill="#f5f3ef"/>
    <g id="areas">
    <path data-id="park" d="M30 30L150 22 172 112 40 120ZM80 55L120 55 112 88 86 86Z" fill-rule="evenodd" fill="#7cc47f" fill-opacity="0.35" stroke="#4e9a51" stroke-width="1.5"/>
    <circle data-id="stop" cx="330" cy="62" r="7" fill="#f5a524" fill-opacity="0.9" stroke="#ffffff" stroke-width="2"/>
    </g>
    <g id="routes">
    <g data-id="alt"><path d="M30 210L110 186 215 196 370 128" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/><path d="M30 210L110 186 215 196 370 128" fill="none" stroke="#8fa6c8" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/></g>
    <g data-id="main"><path d="M30 210L120 160 230 150 370 128" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/><path d="M30 210L120 160 230 150 370 128" fill="none" stroke="#3478f6" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></g>
    </g>
    <g id="symbols">
    <g data-id="cafe">
    <path d="M262 100L253.67 87.75A10.08 10.08 0 0 1 262 72A10.08 10.08 0 0 1 270.33 87.75Z" fill="#e5484d" stroke="#ffffff" stroke-width="1.5" stroke-linejoin="round"/>
    <circle cx="262" cy="82.08" r="4.03" fill="#ffffff"/>
    <text x="272" y="92" font-size="12" fill="#ffffff" stroke="#ffffff" stroke-width="4" stroke-linejoin="round">Café &lt;Ω&gt; &amp; &quot;Bar&quot;</text>
    <text x="272" y="92" font-size="12" fill="#1f2328">Café &lt;Ω&gt; &amp; &quot;Bar&quot;</text>
    </g>
    </g>
    <g id="ghosts">
    <rect class="ghost" data-id="eta-main" data-reason="collision" x="62" y="160" width="116" height="60" fill="none" stroke="#f08c00" stroke-width="1" stroke-dasharray="4 3"/>
    <text x="65" y="170" font-size="9" fill="#ffffff" stroke="#ffffff" stroke-width="3" stroke-linejoin="round">collision: eta-alt</text>
    <text x="65" y="170" font-size="9" fill="#f08c00">collision: eta-alt</text>
    <rect class="ghost" data-id="eta-main" data-reason="padding" x="4" y="130" width="116" height="60" fill="none" stroke="#d63a3a" stroke-width="1" stroke-dasharray="4 3"/>
    </g>
    <g id="callouts">
    <g data-id="eta-alt" class="callout">
    <path d="M231 204L285 204A8 8 0 0 1 293 212L293 234A8 8 0 0 1 285 242L231 242A8 8 0 0 1 223 234L223 212L215 196Z" fill="#ffffff" stroke="#d0d4da" stroke-width="0.5" stroke-linejoin="round" filter="url(#cartouche-shadow)"/>
    <text x="233" y="229" font-size="16" font-weight="bold" fill="#1f2328">+4 min</text>
    </g>
    <g data-id="eta-main" class="callout">
    <path d="M78 108L162 108A8 8 0 0 1 170 116L170 144A8 8 0 0 1 162 152L128 152L120 160L112 152L78 152A8 8 0 0 1 70 144L70 116A8 8 0 0 1 78 108Z" fill="#3478f6" filter="url(#cartouche-shadow)"/>
    <rect x="80" y="118" width="24" height="24" rx="6" fill="#dce8fd"/>
    <text x="109" y="136" font-size="16" font-weight="bold" fill="#ffffff">12 min</text>
    </g>
    </g>
    <g id="overlays">
    <g class="puck">
    <path d="M30 210L43.31 181.45A31.5 31.5 0 0 1 61.38 212.75Z" fill="#1a73e8" fill-opacity="0.3"/>
    <circle cx="30" cy="210" r="10" fill="#ffffff" filter="url(#cartouche-shadow)"/>
    <circle cx="30" cy="210" r="7" fill="#1a73e8"/>
    </g>
    <rect class="padding" x="12" y="12" width="376" height="236" fill="none" stroke="#9aa0a6" stroke-width="1" stroke-dasharray="6 4"/>
    </g>
    <g id="cartouche-legend">
    <rect x="260" y="10" width="130" height="40" rx="6" fill="#ffffff" fill-opacity="0.92" stroke="#d0d4da" stroke-width="0.5"/>
    <rect x="268" y="18" width="14" height="8" fill="none" stroke="#f08c00" stroke-width="1" stroke-dasharray="3 2"/>
    <text x="288" y="26" font-size="11" fill="#1f2328">rejected: collision</text>
    <rect x="268" y="34" width="14" height="8" fill="none" stroke="#d63a3a" stroke-width="1" stroke-dasharray="3 2"/>
    <text x="288" y="42" font-size="11" fill="#1f2328">rejected: padding</text>
    </g>
    <g id="cartouche-caption">
    <text x="10" y="250" font-size="11" fill="#ffffff" stroke="#ffffff" stroke-width="4" stroke-linejoin="round">2 placed · 2 candidates rejected</text>
    <text x="10" y="250" font-size="11" fill="#6b7280">2 placed · 2 candidates rejected</text>
    </g>
    </svg>

    """
}
