#!/usr/bin/env python3
"""MapLibre GL JS oracle for Cartouche's globe camera (projection `globe`).

Reads one JSON job on stdin, runs it in a real MapLibre GL JS 5.3.0 map with
`map.setProjection({type: "globe"})` inside Debian's chromium (software
WebGL, through PyPI playwright) and prints the results as JSON on stdout.

Job:
  {"viewports": [{"width": 800, "height": 600, "cases": [
      {"camera": {"center": [lng, lat], "zoom": z, "bearing": b, "pitch": p,
                  "padding": {"top": t, "left": l, "bottom": b, "right": r}},
       "project": [[lng, lat], ...],
       "unproject": [[x, y], ...]}],        # optional: screen points for map.unproject
    "fits": [{"bounds": [west, south, east, north], "bearing": b,
              "padding": {"top": t, ...}}]}]}  # optional: map.cameraForBounds on the globe

Each longitude is first moved by a multiple of 360 to the world copy nearest
the map's actual centre (Cartouche's Mercator projects that copy; on the
sphere it changes nothing).

Result:
  {"viewports": [{"width", "height", "canvas": [w, h], "cases": [
      {"actual": {camera as the map reports it},
       "globeness": g,                      # transform's transition state (0 = Mercator)
       "globeRendering": bool,              # transform.isGlobeRendering
       "project": [[x, y], ...],            # map.project (null for non-finite values)
       "occluded": [bool, ...],             # map.transform.isLocationOccluded
       "unproject": [[lng, lat], ...],      # map.unproject
       "onSurface": [bool, ...]}],          # transform.isPointOnMapSurface (globe cameras only, else [])
    "fits": [{"center": [lng, lat], "zoom": z, "bearing": b, "globeRendering": bool} or null]}],
   "projection": name, "seconds": t}

MapLibre evaluates the globe-to-Mercator transition when a frame renders and
constrains a `jumpTo` with the projection state of the last rendered frame.
Each camera is therefore applied twice, with a synchronous `map.redraw()`
after each jumpTo: the answer is the steady state at that camera.

The fits run on a map showing the globe (zoom 1 over [0, 0], no padding,
rendered twice), since MapLibre fits with its globe camera helper only while
its last frame was drawn on the sphere; `globeRendering` reports that state.

Run with the venv made by scripts/setup:
  .venv-peers/bin/python scripts/interop/maplibre_globe_oracle.py < job.json
"""
import json
import sys
import time

from maplibre_page import fail as page_fail, map_page, require_setup, resize_map

SET_GLOBE = """
() => new Promise((resolve) => {
  const map = window.map;
  map.setProjection({type: 'globe'});
  map.redraw();
  resolve(map.style.projection ? map.style.projection.name : null);
})
"""

RUN_CASES = """
(cases) => {
  const map = window.map;
  const out = [];
  for (const c of cases) {
    const camera = {center: c.camera.center, zoom: c.camera.zoom, bearing: c.camera.bearing,
                    pitch: c.camera.pitch, padding: c.camera.padding};
    for (let pass = 0; pass < 2; pass++) { map.jumpTo(camera); map.redraw(); }
    const center = map.getCenter();
    const padding = map.getPadding();
    const actual = {center: [center.lng, center.lat], zoom: map.getZoom(), bearing: map.getBearing(),
                    pitch: map.getPitch(),
                    padding: {top: padding.top, left: padding.left, bottom: padding.bottom, right: padding.right}};
    const finite = (v) => Number.isFinite(v) ? v : null;
    // The world copy nearest the centre, as Cartouche projects (it only matters for Mercator).
    const near = c.project.map(([lng, lat]) => [lng - 360 * Math.round((lng - center.lng) / 360), lat]);
    const project = near.map(([lng, lat]) => { const s = map.project([lng, lat]); return [finite(s.x), finite(s.y)]; });
    const occluded = near.map(([lng, lat]) => map.transform.isLocationOccluded(new maplibregl.LngLat(lng, lat)));
    const taps = c.unproject || [];
    const unproject = taps.map(([x, y]) => { const g = map.unproject([x, y]); return [finite(g.lng), finite(g.lat)]; });
    // Whether the ray through the pixel meets the sphere (globe only; Mercator's test differs).
    const onSurface = map.transform.isGlobeRendering
      ? taps.map(([x, y]) => map.transform.isPointOnMapSurface(new maplibregl.Point(x, y))) : [];
    out.push({actual, globeness: map.transform._globeness, globeRendering: map.transform.isGlobeRendering,
              project, occluded, unproject, onSurface});
  }
  return out;
}
"""

# map.cameraForBounds with the map's own padding at zero (MapLibre adds it to
# the requested one) and the default maxZoom 22, from a settled globe view.
RUN_FITS = """
(fits) => {
  const map = window.map;
  const start = {center: [0, 0], zoom: 1, bearing: 0, pitch: 0, padding: {top: 0, left: 0, bottom: 0, right: 0}};
  for (let pass = 0; pass < 2; pass++) { map.jumpTo(start); map.redraw(); }
  return fits.map((f) => {
    const [w, s, e, n] = f.bounds;
    const c = map.cameraForBounds([[w, s], [e, n]], {padding: f.padding, bearing: f.bearing});
    if (!c) return null;
    const center = maplibregl.LngLat.convert(c.center);
    return {center: [center.lng, center.lat], zoom: c.zoom, bearing: c.bearing,
            globeRendering: map.transform.isGlobeRendering};
  });
}
"""

TOOL = "maplibre_globe_oracle"


def main():
    start = time.monotonic()
    require_setup(TOOL)
    job = json.load(sys.stdin)
    first = job["viewports"][0]
    with map_page(TOOL, first["width"], first["height"]) as page:
        name = page.evaluate(SET_GLOBE)
        if name != "globe":
            page_fail(TOOL, f"map.setProjection({{type: 'globe'}}) left the projection {name!r}")
        results = []
        for viewport in job["viewports"]:
            canvas = resize_map(page, TOOL, viewport["width"], viewport["height"])
            cases = page.evaluate(RUN_CASES, viewport["cases"])
            fits = page.evaluate(RUN_FITS, viewport.get("fits", []))
            results.append({"width": canvas[0], "height": canvas[1], "canvas": canvas, "cases": cases, "fits": fits})
    json.dump({"viewports": results, "projection": name, "seconds": round(time.monotonic() - start, 3)}, sys.stdout)


if __name__ == "__main__":
    main()
