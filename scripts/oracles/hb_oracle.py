#!/usr/bin/env python3
"""Independent HarfBuzz oracle for Cartouche's text tests.

Reads one JSON request on stdin:
    {"font": "/path/Font.ttf", "size": 16,
     "direction": "ltr" | "rtl", "script": "Latn",   # ISO 15924
     "strings": ["Hello", ...]}
shapes every string as one run with PyPI uharfbuzz (its own bundled
HarfBuzz, not Debian's), at scale = units-per-em, with the language left unset,
and prints one JSON object on stdout:
    {"harfbuzz": "15.0.0", "upem": 1000,
     "ascender": 1069, "descender": -293, "lineGap": 0,    # font units
     "results": [{"glyphs": [ids], "advances": [px], "total": px}, ...]}
Advances are font units x size / upem, in visual order.
"""
import json
import sys

import uharfbuzz as hb


def main() -> None:
    request = json.load(sys.stdin)
    with open(request["font"], "rb") as handle:
        face = hb.Face(handle.read())
    font = hb.Font(face)
    upem = face.upem
    font.scale = (upem, upem)
    scale = float(request["size"]) / upem
    results = []
    for text in request["strings"]:
        buf = hb.Buffer()
        buf.add_codepoints([ord(c) for c in text])
        buf.direction = request.get("direction", "ltr")
        buf.script = request.get("script", "Latn")
        hb.shape(font, buf)
        advances = [p.x_advance * scale for p in buf.glyph_positions]
        results.append({
            "glyphs": [i.codepoint for i in buf.glyph_infos],
            "advances": advances,
            "total": sum(p.x_advance for p in buf.glyph_positions) * scale,
        })
    extents = font.get_font_extents("ltr")
    json.dump({"harfbuzz": hb.version_string(), "upem": upem,
               "ascender": extents.ascender, "descender": extents.descender, "lineGap": extents.line_gap,
               "results": results}, sys.stdout)


if __name__ == "__main__":
    main()
