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
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = pathlib.Path(__file__).resolve().parent / "maplibre_oracle.html"
MAPLIBRE = ROOT / ".cache" / "maplibre" / "maplibre-gl.js"
CHROMIUM = "/usr/bin/chromium"

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


def fail(message):
    print(f"maplibre_query_oracle: {message}", file=sys.stderr)
    sys.exit(2)


def main():
    start = time.monotonic()
    if not MAPLIBRE.is_file():
        fail(f"{MAPLIBRE} is missing: run scripts/setup")
    if not pathlib.Path(CHROMIUM).is_file():
        fail(f"{CHROMIUM} is missing: run scripts/setup")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        fail("playwright is not installed in this Python: run scripts/setup and use .venv-peers/bin/python")
    job = json.load(sys.stdin)
    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
                  "--allow-file-access-from-files"])
        try:
            page = browser.new_page(viewport={"width": int(job["width"]), "height": int(job["height"])},
                                    device_scale_factor=1)
            page.goto(PAGE.as_uri())
            page.wait_for_function("window.mapLoaded === true || window.oracleError !== null", timeout=30000)
            if page.evaluate("window.oracleError"):
                fail("MapLibre failed to start: " + page.evaluate("window.oracleError"))
            page.evaluate("window.map.on('error', (e) => window.styleErrors.push(String(e && e.error ? e.error.message : e)))")
            for scene in job["scenes"]:
                page.evaluate(LOAD_SCENE, scene)
                out.append(page.evaluate(QUERY, scene["points"]))
        finally:
            browser.close()
    json.dump({"scenes": out, "seconds": round(time.monotonic() - start, 3)}, sys.stdout)


if __name__ == "__main__":
    main()
