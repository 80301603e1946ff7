#!/usr/bin/env python3
"""MapLibre GL JS oracle for Cartouche's camera model.

Reads one JSON job on stdin, runs it in a real MapLibre GL JS 5.3.0 map inside
Debian's chromium (driven by PyPI playwright, software WebGL) and prints the
results as JSON on stdout.

Job:
  {"viewports": [{"width": 800, "height": 600, "cases": [
      {"camera": {"center": [lng, lat], "zoom": z, "bearing": b, "pitch": p,
                  "padding": {"top": t, "left": l, "bottom": b, "right": r}},
       "project": [[lng, lat], ...],        # coordinates for map.project
       "unproject": [[x, y], ...]}],        # screen points for map.unproject
    "fits": [{"bounds": [west, south, east, north], "bearing": b,
              "padding": {"top": t, ...}}]}]}  # optional: map.cameraForBounds

Result:
  {"viewports": [{"width", "height", "canvas": [w, h], "cases": [
      {"actual": {camera as the map really has it after jumpTo},
       "constrained": bool,                 # MapLibre changed the camera
       "nearZ": n, "farZ": f,               # the transform's clip planes
       "project": [[x, y], ...], "unproject": [[lng, lat], ...]}],
      "fits": [{"center": [lng, lat], "zoom": z, "bearing": b} or null]}],
   "constrained": n, "seconds": t}

`map.project` uses a longitude as given; Cartouche projects the world copy
nearest the camera centre, so before projecting, each longitude is moved by a
multiple of 360 to the copy nearest the map's actual centre.

Run with the venv made by scripts/setup:  .venv-peers/bin/python scripts/interop/maplibre_oracle.py < job.json
"""
import json
import sys
import time

from maplibre_page import fail as page_fail, map_page, require_setup

# Runs inside the page: applies every camera of one viewport and measures.
RUN_CASES = """
(cases) => {
  const map = window.map;
  const out = [];
  for (const c of cases) {
    map.jumpTo({center: c.camera.center, zoom: c.camera.zoom, bearing: c.camera.bearing,
                pitch: c.camera.pitch, padding: c.camera.padding});
    const center = map.getCenter();
    const padding = map.getPadding();
    const actual = {center: [center.lng, center.lat], zoom: map.getZoom(), bearing: map.getBearing(),
                    pitch: map.getPitch(),
                    padding: {top: padding.top, left: padding.left, bottom: padding.bottom, right: padding.right}};
    const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
    const wrapped = (d) => { let x = ((d + 180) % 360 + 360) % 360 - 180; return x; };
    const p = c.camera.padding;
    const constrained = !(close(wrapped(actual.center[0] - c.camera.center[0]), 0) && close(actual.center[1], c.camera.center[1])
      && close(actual.zoom, c.camera.zoom) && close(wrapped(actual.bearing - c.camera.bearing), 0)
      && close(actual.pitch, c.camera.pitch) && close(padding.top, p.top) && close(padding.left, p.left)
      && close(padding.bottom, p.bottom) && close(padding.right, p.right));
    const projected = c.project.map(([lng, lat]) => {
      const near = lng - 360 * Math.round((lng - center.lng) / 360);
      const s = map.project([near, lat]);
      return [s.x, s.y];
    });
    const unprojected = c.unproject.map(([x, y]) => {
      const g = map.unproject([x, y]);
      return [g.lng, g.lat];
    });
    // Clip planes: transform getters (not public API), read to check we build the same matrices.
    out.push({actual, constrained, project: projected, unproject: unprojected,
              nearZ: map.transform.nearZ, farZ: map.transform.farZ});
  }
  return out;
}
"""


# Runs inside the page: map.cameraForBounds with the map's own padding at zero
# (MapLibre adds the map's padding to the requested one) and the default maxZoom 22.
RUN_FITS = """
(fits) => {
  const map = window.map;
  map.jumpTo({center: [0, 0], zoom: 1, bearing: 0, pitch: 0, padding: {top: 0, left: 0, bottom: 0, right: 0}});
  return fits.map((f) => {
    const [w, s, e, n] = f.bounds;
    const c = map.cameraForBounds([[w, s], [e, n]], {padding: f.padding, bearing: f.bearing});
    if (!c) return null;
    const center = maplibregl.LngLat.convert(c.center);
    return {center: [center.lng, center.lat], zoom: c.zoom, bearing: c.bearing};
  });
}
"""


def fail(message):
    page_fail("maplibre_oracle", message)


def main():
    start = time.monotonic()
    require_setup("maplibre_oracle")
    job = json.load(sys.stdin)
    results = []
    constrained = 0
    first = job["viewports"][0]
    with map_page("maplibre_oracle", first["width"], first["height"]) as page:
        # One page for every viewport: it is resized for each.
        for viewport in job["viewports"]:
            width, height = int(viewport["width"]), int(viewport["height"])
            page.set_viewport_size({"width": width, "height": height})
            canvas = page.evaluate(
                "([w, h]) => { window.map.resize(); const c = window.map.getContainer();"
                " return [c.clientWidth, c.clientHeight]; }", [width, height])
            if canvas != [width, height]:
                fail(f"map container is {canvas}, expected {[width, height]}")
            cases = page.evaluate(RUN_CASES, viewport["cases"])
            constrained += sum(1 for c in cases if c["constrained"])
            fits = page.evaluate(RUN_FITS, viewport.get("fits", []))
            results.append({"width": width, "height": height, "canvas": canvas, "cases": cases, "fits": fits})
    json.dump({"viewports": results, "constrained": constrained,
               "seconds": round(time.monotonic() - start, 3)}, sys.stdout)


if __name__ == "__main__":
    main()
