#!/usr/bin/env python3
"""MapLibre GL JS oracle for compiled annotation styles.

Loads one complete style into MapLibre GL JS 5.3.0 in Debian's chromium
(PyPI playwright, software WebGL), registers the style's images, waits until
the map is idle, screenshots it and runs `map.queryRenderedFeatures` at the
projected position of each probe coordinate. Prints JSON on stdout.

Job:
  {"width": 640, "height": 480,
   "camera": {"center": [lng, lat], "zoom": z},   # or null: open on the style's own root camera
                                                  # (a fresh map made from the style alone)
   "style": {<a complete style-spec v8 document>},
   "images": [{"name": n, "width": w, "height": h, "pixelRatio": r, "sdf": false}],
   "glyphFont": "Fonts/NotoSans-Regular.ttf", "glyphChars": "0123456789",
   "screenshot": "/tmp/…/map.png",
   "probes": [[lng, lat], ...]}

Glyphs: the style's `glyphs` URL must use the `cartouche://` scheme. Every
font stack is answered with SDF glyphs of `glyphChars` rendered from
`glyphFont` with FreeType (PyPI freetype-py) at 24 px, with the 3 px border
and the 8 px distance range of Mapbox's glyph PBFs; other code points and
ranges are empty. Images are solid opaque rectangles of the declared size.

Features are identified by `feature.id`: MapLibre drops string feature ids
from GeoJSON sources, so the compiled sources promote the annotation id
property (`"promoteId": "id"`); clusters by `properties.cluster`.

Result:
  {"errors": [map error messages],
   "projected": [[x, y], ...],
   "hits": [[{"layer": id, "id": feature id or null, "cluster": bool,
              "properties": {…the feature's properties as MapLibre returns them}}, ...], ...],  # per probe, top-most first
   "console": {"load": ["warning: …", …], "query": […]},      # console warnings and errors (page and
                                                               # its workers) while loading, then while querying
   "nonBackgroundPixels": n, "pixels": n, "screenshot": path, "seconds": t,
   "view": {"center": [lng, lat], "zoom", "bearing", "pitch",    # the camera the map shows,
            "projection": map.getProjection() (null when unset),
            "globeRendering": bool}}                           # drawn on the sphere

Run with the venv made by scripts/setup:
  .venv-peers/bin/python scripts/interop/maplibre_style_oracle.py < job.json
"""
import base64
import json
import math
import sys
import time

from maplibre_page import DECODE_PNG, ROOT, fail as page_fail, map_page, require_setup

GLYPH_SIZE = 24      # px, as in Mapbox glyph PBFs
GLYPH_BORDER = 3     # px around each bitmap
SDF_RADIUS = 8.0     # px of distance encoded
SDF_CUTOFF = 0.25    # fraction of the range inside the edge


def fail(message):
    page_fail("maplibre_style_oracle", message)


# MARK: Glyph PBFs

def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def field_varint(number, value):
    return varint(number << 3) + varint(value)


def field_sint(number, value):
    return field_varint(number, (value << 1) ^ (value >> 63))  # zigzag


def field_bytes(number, data):
    return varint((number << 3) | 2) + varint(len(data)) + data


def sdf(coverage, width, height):
    """Signed distance field of a coverage bitmap, with the border added.

    Brute force within SDF_RADIUS: for each output pixel, the distance to the
    nearest pixel centre on the other side of the edge (inside = coverage
    >= 128), encoded as 255 - 255 * (d / radius + cutoff) like TinySDF and
    node-fontnik (d > 0 outside).
    """
    b = GLYPH_BORDER
    w, h = width + 2 * b, height + 2 * b

    def inside(x, y):
        x, y = x - b, y - b
        return 0 <= x < width and 0 <= y < height and coverage[y * width + x] >= 128

    grid = [[inside(x, y) for x in range(w)] for y in range(h)]
    r = int(math.ceil(SDF_RADIUS))
    out = bytearray(w * h)
    for y in range(h):
        for x in range(w):
            here = grid[y][x]
            best = SDF_RADIUS
            for dy in range(-r, r + 1):
                yy = y + dy
                for dx in range(-r, r + 1):
                    xx = x + dx
                    other = grid[yy][xx] if 0 <= yy < h and 0 <= xx < w else False
                    if other != here:
                        d = math.hypot(dx, dy) - 0.5
                        if d < best:
                            best = d
            signed = -best if here else best
            out[y * w + x] = max(0, min(255, round(255 - 255 * (signed / SDF_RADIUS + SDF_CUTOFF))))
    return bytes(out)


def glyph_pbf(font_path, chars, start, end):
    """One glyph range PBF (`glyphs { stacks { name range glyphs… } }`)."""
    import freetype
    face = freetype.Face(str(font_path))
    face.set_pixel_sizes(0, GLYPH_SIZE)
    glyphs = b""
    for code in sorted({ord(c) for c in chars if start <= ord(c) <= end}):
        face.load_char(chr(code), freetype.FT_LOAD_RENDER)
        slot = face.glyph
        bitmap = slot.bitmap
        width, height = bitmap.width, bitmap.rows
        coverage = []
        for row in range(height):
            offset = row * bitmap.pitch
            coverage.extend(bitmap.buffer[offset:offset + width])
        message = field_varint(1, code)
        if width and height:
            message += field_bytes(2, sdf(coverage, width, height))
        message += field_varint(3, width) + field_varint(4, height)
        # `top` relative to the 24 px em box top, as node-fontnik writes it.
        message += field_sint(5, slot.bitmap_left) + field_sint(6, slot.bitmap_top - GLYPH_SIZE)
        message += field_varint(7, round(slot.advance.x / 64))
        glyphs += field_bytes(3, message)
    stack = field_bytes(1, b"cartouche") + field_bytes(2, f"{start}-{end}".encode()) + glyphs
    return field_bytes(1, stack)


# MARK: Browser

SETUP = """
(job) => {
  const pbf = Uint8Array.from(atob(job.glyphs), (c) => c.charCodeAt(0));
  maplibregl.addProtocol('cartouche', async (params) => {
    const range = params.url.split('/').pop();
    return {data: range === '0-255.pbf' ? pbf.slice().buffer : new ArrayBuffer(0)};
  });
  const images = new Map(job.images.map((i) => [i.name, i]));
  window.missingImages = [];
  window.onMissingImage = (e) => {
    const image = images.get(e.id);
    if (!image) { window.missingImages.push(e.id); return; }
    const w = Math.round(image.width * 1), h = Math.round(image.height * 1);
    const data = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) { data.set([200, 30, 60, 255], i * 4); }
    window.map.addImage(e.id, {width: w, height: h, data}, {pixelRatio: image.pixelRatio, sdf: image.sdf});
  };
  window.map.on('styleimagemissing', window.onMissingImage);
}
"""

LOAD = """
(job) => new Promise((resolve) => {
  window.styleErrors = [];
  if (!job.camera) {
    // The style alone: a new map given only the style, as an app would load it.
    const container = window.map.getContainer();
    window.map.remove();
    window.map = new maplibregl.Map({container, style: job.style, attributionControl: false, fadeDuration: 0});
    window.map.on('error', (e) => window.styleErrors.push(String(e && e.error ? e.error.message : e)));
    window.map.on('styleimagemissing', window.onMissingImage);
    window.map.once('idle', () => resolve(true));
    return;
  }
  const map = window.map;
  map.once('idle', () => resolve(true));
  map.setStyle(job.style, {diff: false});
  map.jumpTo({center: job.camera.center, zoom: job.camera.zoom, bearing: 0, pitch: 0});
})
"""

QUERY = """
(probes) => {
  const map = window.map;
  const projected = probes.map((c) => { const p = map.project(c); return [p.x, p.y]; });
  const hits = projected.map((p) => map.queryRenderedFeatures(p).map((f) => (
    {layer: f.layer.id, id: f.id === undefined ? null : f.id, cluster: f.properties.cluster === true,
     properties: f.properties})));
  const c = map.getCenter();
  const view = {center: [c.lng, c.lat], zoom: map.getZoom(), bearing: map.getBearing(), pitch: map.getPitch(),
                projection: map.getProjection() || null, globeRendering: map.transform.isGlobeRendering === true};
  return {projected, hits, view, errors: window.styleErrors.concat(window.missingImages.map((n) => 'missing image ' + n))};
}
"""

COUNT_PIXELS = """
async (png) => {
  const image = await (""" + DECODE_PNG + """)(png);
  const data = image.data;
  const [r0, g0, b0] = [data[0], data[1], data[2]];  // a corner: the background
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i] - r0) + Math.abs(data[i + 1] - g0) + Math.abs(data[i + 2] - b0) > 24) count++;
  }
  return {count, pixels: image.width * image.height};
}
"""


def main():
    start = time.monotonic()
    require_setup("maplibre_style_oracle", modules=("playwright", "freetype"))
    job = json.load(sys.stdin)
    pbf = glyph_pbf(ROOT / job["glyphFont"], job["glyphChars"], 0, 255)
    console = []

    def record(message):
        if message.type in ("warning", "error"):
            console.append(f"{message.type}: {message.text}")

    def watch_worker(worker):
        # MapLibre lays out tiles in web workers; their warnings are the load-time ones.
        try:
            worker.on("console", record)
        except Exception:  # playwright versions whose workers have no console event
            pass

    with map_page("maplibre_style_oracle", job["width"], job["height"]) as page:
        page.on("console", record)
        page.on("worker", watch_worker)
        for worker in page.workers:
            watch_worker(worker)
        page.evaluate("window.map.on('error', (e) => window.styleErrors.push(String(e && e.error ? e.error.message : e)))")
        page.evaluate(SETUP, {"glyphs": base64.b64encode(pbf).decode("ascii"), "images": job["images"]})
        page.evaluate(LOAD, job)
        at_load = list(console)
        result = page.evaluate(QUERY, job["probes"])
        result["console"] = {"load": at_load, "query": console[len(at_load):]}
        png = page.screenshot(path=job["screenshot"], type="png")
        counted = page.evaluate(COUNT_PIXELS, base64.b64encode(png).decode("ascii"))
    result.update({"nonBackgroundPixels": counted["count"], "pixels": counted["pixels"],
                   "screenshot": job["screenshot"], "glyphBytes": len(pbf),
                   "seconds": round(time.monotonic() - start, 3)})
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
