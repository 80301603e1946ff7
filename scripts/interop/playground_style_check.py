#!/usr/bin/env python3
"""Drives the playground page with a style of the user's (`GET /?style=URL`,
drawn by MapLibre GL JS under the callouts) and its projection switch, in
headless Debian chromium with software WebGL, through PyPI playwright. The
Swift test `Tests/CartoucheServiceTests/PlaygroundStyleBrowserTests.swift`
starts the real server, computes the expected values with the library, runs
this script and compares. Helpers (waiting, MOVE, page ↔ viewport points)
are playground_check.py's.

The style is served by this script from a second local port (another
origin, as a user's style would be): `style` from the job at `/style.json`,
every `{origin}` in it replaced by that server's origin, and `land` at
`/land.geojson`, both with `Access-Control-Allow-Origin: *`.

Job (JSON on stdin):
  {"url": "http://127.0.0.1:PORT/", "width": 1280, "height": 800,
   "style": {…}, "land": {…},                  # the style JSON and a GeoJSON its source names
   "fill": [r, g, b],                          # the land layer's colour, counted in a screenshot of the map
   "drag": {"from": [x, y], "by": [dx, dy]},   # a mouse drag (viewport point, page pixels)
   "wheel": {"at": [x, y], "deltaY": -250},
   "probes": [[lng, lat], …],                  # coordinates projected by the page's camera model and by MapLibre
   "globe": {"camera": {…}, "probes": [[lng, lat], …], "grab": [x, y], "to": [x, y], "wheelAt": [x, y], "zoomBy": 0.7},
   "globeDrag": {"from": [x, y], "by": [dx, dy]} or null,   # a real drag on the globe, when the service places globe scenes
   "noMapLibreURL": "http://127.0.0.1:PORT2/?style=…"}      # optional: a server without MapLibre GL JS

Result (JSON on stdout):
  {"styleNote": {"status", "text", "constrained"}, "styleMapShown", "fillPixels", "mapPixels",
   "cameras": {"initial"|"drag"|"wheel": {"page": camera, "maplibre": {center, zoom, bearing, pitch, padding},
                                          "projected": [[page x, y, maplibre x, y], …]}},
   "drag": {"before": MOVE, "after": MOVE, "from", "to", "liveBefore": the page's camera at the start}, "wheel": {"before", "after", "at"},
   "switch": {"immediate": maplibre projection right after choosing globe, "after": PROBLEM + {"projection", "maplibre", "select"}},
   "globeMath": {"project": [[x, y] or null, …], "unproject": [[lng, lat] or null, …], "pan": camera, "zoom": camera},
   "globeDrag": {"before": MOVE, "after": MOVE, "from", "to"} or null,
   "reload": {"before": {scene, example}, "after": {scene, example}, "url", "styleNote"},  # after Use style with the same URL
   "maplibreGlobe": [{"page": [x, y] or null, "maplibre": [x, y], "occluded"}, …],  # globe.probes on MapLibre's globe
   "noMapLibre": {"status", "text", "basemap"} or null, "styleRequests": [paths], "consoleErrors": [...], "seconds": t}
"""
import base64
import http.server
import json
import pathlib
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from maplibre_page import DECODE_PNG, require_setup  # noqa: E402
from playground_check import MOVE, MOVED, PROBLEM, TO_PAGE, open_page, settle, to_page, to_viewport, wait_until  # noqa: E402

TOOL = "playground_style_check"
# WebGL in software: MapLibre needs it.
LAUNCH_ARGS = ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"]

STYLE_SETTLED = "() => ['ready', 'error', 'absent'].includes(document.getElementById('style-note').dataset.status)"

# The page's camera beside MapLibre's, and probes projected by both.
CAMERAS = """
(probes) => {
  const map = styleMap.map;
  const { width, height } = state.good.scene.viewport;
  const live = makeProjection(liveCamera(), width, height, projectionType(state.scene));
  const c = map.getCenter(), p = map.getPadding();
  return {page: live.camera,
          maplibre: {center: [c.lng, c.lat], zoom: map.getZoom(), bearing: map.getBearing(), pitch: map.getPitch(),
                     padding: {top: p.top, left: p.left, bottom: p.bottom, right: p.right}},
          projected: probes.map((ll) => { const a = live.project(ll), b = map.project(ll); return a && [a[0], a[1], b.x, b.y]; })};
}
"""

# Pixels within 12 of `rgb` in each channel (the style's land colour).
COUNT_COLOUR = """
async ([png, rgb]) => {
  const image = await (""" + DECODE_PNG + """)(png);
  let count = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    if (Math.abs(image.data[i] - rgb[0]) <= 12 && Math.abs(image.data[i + 1] - rgb[1]) <= 12 && Math.abs(image.data[i + 2] - rgb[2]) <= 12) count++;
  }
  return {count, pixels: image.width * image.height};
}
"""

# MapLibre itself on the globe camera: its map.project and occlusion beside the page's GlobeProjection (then back in step).
MAPLIBRE_GLOBE = """
(job) => {
  const map = styleMap.map;
  const { width, height } = state.good.scene.viewport;
  const c = fullCamera(job.camera);
  map.setProjection({type: 'globe'});
  map.jumpTo({center: c.center, zoom: c.zoom, bearing: c.bearing, pitch: c.pitch, padding: c.padding});
  map.redraw();  // MapLibre takes the globe's state from the frame it draws
  const g = new GlobeProjection(c, width, height);
  const rows = job.probes.map((ll) => {
    const m = map.project(ll);
    return {page: g.project(ll), maplibre: [m.x, m.y], occluded: map.transform.isLocationOccluded({lng: ll[0], lat: ll[1]})};
  });
  styleMap.projection = null;  // the page's camera and projection again
  redrawLive();
  return rows;
}
"""

GLOBE_MATH = """
(job) => {
  const { width, height } = state.good.scene.viewport;
  const g = new GlobeProjection(job.camera, width, height);
  const grabbed = g.unproject(job.grab);
  const wheeled = g.unproject(job.wheelAt);
  return {project: job.probes.map((ll) => g.project(ll)), unproject: job.probes.map((ll) => { const p = g.project(ll); return p && g.unproject(p); }),
          grabbed, pan: panCamera(job.camera, grabbed, job.grab, job.to, width, height, 'globe'),
          wheeled, zoom: zoomAround(job.camera, fullCamera(job.camera).zoom + job.zoomBy, job.wheelAt, width, height, 'globe'),
          viewport: [width, height]};
}
"""


def serve_style(style, land, requests):
    """The style's own origin: a second local HTTP server on a free port, in a thread."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the standard library's name)
            requests.append(self.path)
            origin = f"http://127.0.0.1:{self.server.server_address[1]}"
            bodies = {"/style.json": json.dumps(style).replace("{origin}", origin), "/land.geojson": json.dumps(land)}
            body = bodies.get(self.path.split("?")[0])
            self.send_response(200 if body is not None else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Access-Control-Allow-Origin", "*")
            self.end_headers()
            self.wfile.write((body or "{}").encode())

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def drag(page, spec):
    before = page.evaluate(MOVE)
    live = page.evaluate("() => liveCamera()")  # the camera the gesture starts from
    sx, sy = to_page(page, spec["from"])
    ex, ey = sx + spec["by"][0], sy + spec["by"][1]
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(ex, ey, steps=12)
    page.mouse.up()
    wait_until(page, MOVED, before["places"])
    return {"before": before, "after": page.evaluate(MOVE), "from": to_viewport(page, [sx, sy]), "to": to_viewport(page, [ex, ey]),
            "liveBefore": live}


def choose_projection(page, value):
    """Chooses a projection as a user would; returns MapLibre's projection right after (the switch is synchronous)."""
    page.evaluate("() => { document.body.dataset.status = 'loading'; }")
    return page.evaluate("""(value) => {
      const select = document.getElementById('projection');
      select.value = value;
      select.dispatchEvent(new Event('change', {bubbles: true}));
      const p = styleMap.map.getProjection();
      return p ? p.type : null;
    }""", value)


def after_switch(page):
    wait_until(page, "() => document.body.dataset.status === 'ready' || document.body.dataset.status === 'error'")
    observed = page.evaluate(PROBLEM)
    observed.update(page.evaluate("""() => ({projection: projectionType(state.scene), select: document.getElementById('projection').value,
                                              maplibre: (styleMap.map.getProjection() || {}).type || null})"""))
    return observed


def style_run(page, job, result):
    """Everything on the page opened with ?style=: camera agreement, the switch, the globe's math."""
    settle(page, 1)
    wait_until(page, STYLE_SETTLED)
    result["styleNote"] = page.evaluate("""() => { const n = document.getElementById('style-note');
      return {status: n.dataset.status, text: n.textContent, constrained: n.dataset.constrained || null}; }""")
    if result["styleNote"]["status"] != "ready":
        return
    result["styleMapShown"] = page.evaluate("() => !document.getElementById('style-map').hidden")
    # Let MapLibre finish drawing, then count the style's land colour over the map's rectangle.
    page.evaluate("() => new Promise((resolve) => { if (styleMap.map.loaded()) resolve(); else styleMap.map.once('idle', resolve); })")
    (x0, y0), (x1, y1) = (page.evaluate(TO_PAGE, [0, 0]),
                          page.evaluate(TO_PAGE, [float(v) for v in page.evaluate("() => [state.good.scene.viewport.width, state.good.scene.viewport.height]")]))
    png = page.screenshot(type="png", clip={"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0})
    counted = page.evaluate(COUNT_COLOUR, [base64.b64encode(png).decode("ascii"), job["fill"]])
    result["fillPixels"], result["mapPixels"] = counted["count"], counted["pixels"]

    result["cameras"] = {"initial": page.evaluate(CAMERAS, job["probes"])}
    result["drag"] = drag(page, job["drag"])
    result["cameras"]["drag"] = page.evaluate(CAMERAS, job["probes"])
    before = page.evaluate(MOVE)
    wx, wy = to_page(page, job["wheel"]["at"])
    page.mouse.move(wx, wy)
    page.mouse.wheel(0, job["wheel"]["deltaY"])
    wait_until(page, MOVED, before["places"])
    result["wheel"] = {"before": before, "after": page.evaluate(MOVE), "at": to_viewport(page, [wx, wy])}
    result["cameras"]["wheel"] = page.evaluate(CAMERAS, job["probes"])

    result["globeMath"] = page.evaluate(GLOBE_MATH, job["globe"])
    immediate = choose_projection(page, "globe")
    result["switch"] = {"immediate": immediate, "after": after_switch(page)}
    result["globeDrag"] = None
    if job.get("globeDrag") and result["switch"]["after"]["status"] == "ready":
        result["globeDrag"] = drag(page, job["globeDrag"])
        result["cameras"]["globeDrag"] = page.evaluate(CAMERAS, job["probes"])

    # The style field: the page reloads with ?style=, the scene as edited kept.
    before = page.evaluate("() => ({scene: state.scene, example: document.getElementById('example').value})")
    page.fill("#style-url", result["styleURL"])
    with page.expect_navigation():
        page.click("#use-style")
    settle(page, 1)
    wait_until(page, STYLE_SETTLED)
    result["reload"] = {"before": before, "url": page.evaluate("() => location.href"),
                        "after": page.evaluate("() => ({scene: state.good.scene, example: document.getElementById('example').value})"),
                        "styleNote": page.evaluate("() => document.getElementById('style-note').dataset.status")}
    result["maplibreGlobe"] = page.evaluate(MAPLIBRE_GLOBE, job["globe"])


def main():
    start = time.monotonic()
    require_setup(TOOL, maplibre=False)
    from playwright.sync_api import sync_playwright
    job = json.load(sys.stdin)
    requests = []
    server = serve_style(job["style"], job["land"], requests)
    style_url = f"http://127.0.0.1:{server.server_address[1]}/style.json"
    result = {"consoleErrors": [], "styleRequests": requests, "styleURL": style_url}
    try:
        with sync_playwright() as p:
            browser, page = open_page(p, job, result, args=LAUNCH_ARGS)
            try:
                page.goto(job["url"] + "?style=" + urllib.parse.quote(style_url, safe=""))
                style_run(page, job, result)
                result["noMapLibre"] = None
                if job.get("noMapLibreURL"):
                    page.goto(job["noMapLibreURL"])
                    settle(page, 1)
                    wait_until(page, STYLE_SETTLED)
                    result["noMapLibre"] = page.evaluate("""() => { const n = document.getElementById('style-note');
                      return {status: n.dataset.status, text: n.textContent,
                              basemap: document.getElementById('basemap-note').dataset.status,
                              basemapPaths: document.querySelectorAll('#playground-basemap path').length}; }""")
            finally:
                browser.close()
    finally:
        server.shutdown()
    result["seconds"] = round(time.monotonic() - start, 3)
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
