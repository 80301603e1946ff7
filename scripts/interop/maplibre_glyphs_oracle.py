#!/usr/bin/env python3
"""MapLibre GL JS drawing text with Cartouche's own glyph ranges.

Loads a compiled style whose `glyphs` URL points at a running Cartouche
service (`GET /v1/glyphs/{fontstack}/{range}.pbf`) into MapLibre GL JS 5.3.0
in Debian's chromium (PyPI playwright, software WebGL), waits until the map
is idle, records every glyph request MapLibre made and its status, takes a
screenshot and counts, in a box around each label's projected coordinate,
the pixels close to that label's text colour.

Job (JSON on stdin):
  {"width": 640, "height": 480, "camera": {"center": [lng, lat], "zoom": z},
   "style": {<a complete style>}, "screenshot": "/tmp/…/glyphs.png",
   "labels": [{"coordinate": [lng, lat], "color": [r, g, b], "box": [half width, half height]}, …]}

Result (JSON on stdout):
  {"errors": [map errors], "glyphRequests": [{"url", "status"}],
   "labels": [{"projected": [x, y], "textPixels": n}], "textPixelsOutside": n,
   "screenshot": path, "seconds": t}

Run with the venv made by scripts/setup:
  .venv-peers/bin/python scripts/interop/maplibre_glyphs_oracle.py < job.json
"""
import base64
import json
import sys
import time

from maplibre_page import DECODE_PNG, map_page, require_setup

LOAD = """
(job) => new Promise((resolve) => {
  window.styleErrors = [];
  const map = window.map;
  map.on('error', (e) => window.styleErrors.push(String(e && e.error ? e.error.message : e)));
  map.once('idle', () => resolve(true));
  map.setStyle(job.style, {diff: false});
  map.jumpTo({center: job.camera.center, zoom: job.camera.zoom, bearing: 0, pitch: 0});
})
"""

PROJECT = """
(coordinates) => coordinates.map((c) => { const p = window.map.project(c); return [p.x, p.y]; })
"""

COUNT = """
async ([png, labels]) => {
  const image = await (""" + DECODE_PNG + """)(png);
  const data = image.data;
  // Anti-aliased text: count pixels nearer its colour than to anything else drawn here.
  const near = (i, [r, g, b]) => Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 150;
  const inside = new Uint8Array(image.width * image.height);
  const counts = labels.map((label) => {
    const [x0, y0] = [Math.round(label.projected[0] - label.box[0]), Math.round(label.projected[1] - label.box[1])];
    const [x1, y1] = [Math.round(label.projected[0] + label.box[0]), Math.round(label.projected[1] + label.box[1])];
    let n = 0;
    for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(image.width, x1); x++) {
        inside[y * image.width + x] = 1;
        if (near((y * image.width + x) * 4, label.color)) n++;
      }
    }
    return n;
  });
  let outside = 0;
  for (let p = 0; p < image.width * image.height; p++) {
    if (!inside[p] && labels.some((label) => near(p * 4, label.color))) outside++;
  }
  return {counts, outside};
}
"""


def main():
    start = time.monotonic()
    require_setup("maplibre_glyphs_oracle")
    job = json.load(sys.stdin)
    requests = []
    with map_page("maplibre_glyphs_oracle", job["width"], job["height"]) as page:
        page.on("response", lambda r: requests.append({"url": r.url, "status": r.status}) if ".pbf" in r.url else None)
        page.on("requestfailed", lambda r: requests.append({"url": r.url, "status": 0}) if ".pbf" in r.url else None)
        page.evaluate(LOAD, job)
        projected = page.evaluate(PROJECT, [label["coordinate"] for label in job["labels"]])
        errors = page.evaluate("window.styleErrors")
        png = page.screenshot(path=job["screenshot"], type="png")
        labels = [dict(label, projected=p) for label, p in zip(job["labels"], projected)]
        counted = page.evaluate(COUNT, [base64.b64encode(png).decode("ascii"), labels])
    json.dump({"errors": errors, "glyphRequests": requests,
               "labels": [{"projected": p, "textPixels": n} for p, n in zip(projected, counted["counts"])],
               "textPixelsOutside": counted["outside"], "screenshot": job["screenshot"],
               "seconds": round(time.monotonic() - start, 3)}, sys.stdout)


if __name__ == "__main__":
    main()
