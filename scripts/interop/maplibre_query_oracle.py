#!/usr/bin/env python3
"""MapLibre GL JS oracle for Cartouche's tap queries.

Reads one JSON job on stdin, loads each scene's style into a real MapLibre GL
JS 5.3.0 map in Debian's chromium (PyPI playwright, software WebGL), sets the
camera, waits until the map is idle, and runs `map.queryRenderedFeatures` at
each point. Prints JSON on stdout.

Job:
  {"width": 800, "height": 600,
   "scenes": [{"camera": {"center": [lng, lat], "zoom": z, "bearing": b, "pitch": p},
               "style": {<a complete style-spec v8 document>},
               "points": [[x, y], ...]}]}

Features are identified by their `fid` property (MapLibre drops string
feature ids from GeoJSON sources), layers by id.

Result:
  {"scenes": [{"camera": {the camera the map really has},
               "errors": [style errors],
               "hits": [[[layerId, fid], ...], ...]}],   # per point, top-most first
   "seconds": t}

Run with the venv made by scripts/setup:
  .venv-peers/bin/python scripts/interop/maplibre_query_oracle.py < job.json
"""
import json
import sys
import time

from maplibre_page import map_page, require_setup

# Loads a style and camera, then resolves once the map is idle.
LOAD_SCENE = """
(scene) => new Promise((resolve) => {
  const map = window.map;
  window.styleErrors = [];
  map.once('idle', () => resolve(true));
  map.setStyle(scene.style, {diff: false});
  map.jumpTo({center: scene.camera.center, zoom: scene.camera.zoom,
              bearing: scene.camera.bearing, pitch: scene.camera.pitch,
              padding: {top: 0, left: 0, bottom: 0, right: 0}});
})
"""

QUERY = """
(points) => {
  const map = window.map;
  const c = map.getCenter();
  const camera = {center: [c.lng, c.lat], zoom: map.getZoom(), bearing: map.getBearing(), pitch: map.getPitch()};
  const hits = points.map(([x, y]) =>
    map.queryRenderedFeatures([x, y]).map((f) => [f.layer.id, f.properties.fid]));
  return {camera, hits, errors: window.styleErrors};
}
"""


def main():
    start = time.monotonic()
    require_setup("maplibre_query_oracle")
    job = json.load(sys.stdin)
    out = []
    with map_page("maplibre_query_oracle", job["width"], job["height"]) as page:
        page.evaluate("window.map.on('error', (e) => window.styleErrors.push(String(e && e.error ? e.error.message : e)))")
        for scene in job["scenes"]:
            page.evaluate(LOAD_SCENE, scene)
            out.append(page.evaluate(QUERY, scene["points"]))
    json.dump({"scenes": out, "seconds": round(time.monotonic() - start, 3)}, sys.stdout)


if __name__ == "__main__":
    main()
