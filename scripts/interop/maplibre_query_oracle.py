#!/usr/bin/env python3
"""MapLibre GL JS oracle for Cartouche's tap queries.

Reads one JSON job on stdin, loads each scene's style into a real MapLibre GL
JS 5.3.0 map in Debian's chromium (PyPI playwright, software WebGL), sets the
camera, waits until the map is idle, and runs `map.queryRenderedFeatures` at
each point. Prints JSON on stdout.

With `"projection": "globe"` in the job, each style's root `projection` is
set to `{"type": "globe"}`. MapLibre constrains a `jumpTo` with the
projection of its last rendered frame, so the camera is then applied again
(twice, with a synchronous redraw after each) once the globe style has
rendered, and the map is left to load that camera's tiles before querying.

Job:
  {"width": 800, "height": 600, "projection": "mercator" | "globe" (optional),
   "scenes": [{"camera": {"center": [lng, lat], "zoom": z, "bearing": b, "pitch": p},
               "style": {<a complete style-spec v8 document>},
               "points": [[x, y], ...]}]}

Features are identified by their `fid` property (MapLibre drops string
feature ids from GeoJSON sources), layers by id.

Result:
  {"scenes": [{"camera": {the camera the map really has},
               "globe": transform.isGlobeRendering,
               "pitchScale": transform.maxPitchScaleFactor() (scales the query padding),
               "tiles": {sourceId: [[z, x, y, wrap], ...]} (the loaded tiles),
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
([scene, globe]) => new Promise((resolve) => {
  const map = window.map;
  window.styleErrors = [];
  const camera = {center: scene.camera.center, zoom: scene.camera.zoom,
                  bearing: scene.camera.bearing, pitch: scene.camera.pitch,
                  padding: {top: 0, left: 0, bottom: 0, right: 0}};
  map.once('idle', () => {
    if (!globe) { resolve(true); return; }
    for (let pass = 0; pass < 2; pass++) { map.jumpTo(camera); map.redraw(); }
    map.once('idle', () => resolve(true));
    map.triggerRepaint();
  });
  map.setStyle(globe ? Object.assign({}, scene.style, {projection: {type: 'globe'}}) : scene.style, {diff: false});
  map.jumpTo(camera);
})
"""

QUERY = """
(points) => {
  const map = window.map;
  const c = map.getCenter();
  const camera = {center: [c.lng, c.lat], zoom: map.getZoom(), bearing: map.getBearing(), pitch: map.getPitch()};
  const hits = points.map(([x, y]) =>
    map.queryRenderedFeatures([x, y]).map((f) => [f.layer.id, f.properties.fid]));
  // The loaded tiles of each source: [z, x, y, wrap].
  const tiles = {};
  const caches = map.style.sourceCaches || {};
  for (const id in caches) {
    tiles[id] = Object.values(caches[id]._tiles).map((t) =>
      [t.tileID.canonical.z, t.tileID.canonical.x, t.tileID.canonical.y, t.tileID.wrap]);
  }
  return {camera, globe: map.transform.isGlobeRendering, hits, errors: window.styleErrors,
          pitchScale: map.transform.maxPitchScaleFactor(), tiles};
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
            page.evaluate(LOAD_SCENE, [scene, job.get("projection") == "globe"])
            out.append(page.evaluate(QUERY, scene["points"]))
    json.dump({"scenes": out, "seconds": round(time.monotonic() - start, 3)}, sys.stdout)


if __name__ == "__main__":
    main()
