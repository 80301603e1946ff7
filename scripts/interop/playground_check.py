#!/usr/bin/env python3
"""Drives the playground page (`GET /` of a running `cartouche serve`) in
headless Debian chromium through PyPI playwright, and reports what a user
would see. The Swift test `Tests/CartoucheServiceTests/PlaygroundBrowserTests.swift`
starts the real server, computes the expected values with the library, runs
this script and compares.

Job (JSON on stdin):
  {"url": "http://127.0.0.1:PORT/", "width": 1280, "height": 800,
   "screenshot": "/tmp/…/initial.png",        # the page once the first example is drawn
   "zoom": 11.5,                              # the value the zoom slider is moved to
   "clicks": [[x, y], …],                     # viewport points (the SVG's user space) clicked after the zoom change
   "picture": "docs/images/playground.png",   # optional: a screenshot after the first click (for the README)
   "basemapName": "Test land",                # a basemap feature whose drawn path is reported
   "drag": {"from": [x, y], "by": [dx, dy]},  # a mouse drag from a viewport point by page pixels (after the keyboard step)
   "wheel": {"at": [x, y], "deltaY": -250},   # then the wheel at a viewport point
   "pinch": {"at": [x, y], "from": 80, "to": 120},  # then two touch points spread about a viewport point (page px apart)
   "pitchedDrag": {"from": [x, y], "by": [dx, dy]},  # after the callout click: the second camera, then a drag
   "upload": "Examples/mapbox-docs.scene.json",  # a scene file given to the file input
   "notJSON": "{oops",                         # pasted text that is not JSON
   "invalidScene": "{…}"}                     # pasted JSON that the service refuses

Result (JSON on stdout):
  {"initial": {"status", "renders", "texts": [SVG text contents], "summaryZoom", "example", "viewBox"},
   "basemap": {"status", "note", "paths", "firstPoint": [x, y] of the named feature's path, "camera"},
   "screenshot": {"path", "bytes", "pixels", "nonBackgroundPixels"},
   "afterZoom": {"status", "renders", "svgChanged", "summaryZoom", "sliderValue", "texts"},
   "clicks": [{"page": [px, py], "tap": [x, y], "tapText", "hits": [{"id", "kind", "layer"}]}],
   "picture": {"path", "bytes"} or null,
   "keyboard": {"tap", "tapText", "hits", "status"},          # after ArrowRight on the focused picture
   "drag": {"before": MOVE, "after": MOVE, "from": [x, y], "to": [x, y], "tapText"},  # viewport points
   "wheel": {"before": MOVE, "after": MOVE, "at": [x, y]},
   "pinch": {"before": MOVE, "after": MOVE, "at": [x, y]} or {"error"},
   "calloutClick": {"id", "page", "tap", "tapText", "hits", "status"},  # a click at the top-most drawn callout's centre
   "pitchedDrag": {"before": MOVE, "after": MOVE, "from", "to", "basemapClip": the ground clip's top y},
   MOVE = {"camera" (the picture's), "places", "queries", "renders", "status", "timing", "timingServer", "callouts": {id: [x, y]}}
   "upload": {"status", "renders", "viewBox", "example", "texts"},
   "notJSON": {"status", "title", "detail"}, "invalidScene": {"status", "title", "detail", "path", "pictureShown"},
   "consoleErrors": [...], "seconds": t}

Run with the venv made by scripts/setup:
  .venv-peers/bin/python scripts/interop/playground_check.py < job.json
"""
import base64
import contextlib
import json
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from maplibre_page import CHROMIUM, DECODE_PNG, fail, require_setup  # noqa: E402  (shared launch settings)

TOOL = "playground_check"
LAUNCH_ARGS = ["--no-sandbox"]
TIMEOUT_MS = 120000  # generous: CI runs this beside other browser tests on two cores

# Ready or failed, after at least `n` successful renders (or any failure).
SETTLED = """
(n) => {
  const b = document.body;
  return (b.dataset.status === 'ready' && Number(b.dataset.renders || 0) >= n) || b.dataset.status === 'error';
}
"""

OBSERVE = """
() => {
  const svg = document.querySelector('#map svg');
  const zoom = document.getElementById('summary-zoom');
  return {
    status: document.body.dataset.status,
    renders: Number(document.body.dataset.renders || 0),
    texts: svg ? [...svg.querySelectorAll('text')].map((t) => t.textContent) : [],
    svg: svg ? svg.outerHTML : '',
    viewBox: svg ? svg.getAttribute('viewBox') : null,
    summaryZoom: zoom ? Number(zoom.dataset.value) : null,
    sliderValue: Number(document.getElementById('zoom').value),
    example: document.getElementById('example').value,
  };
}
"""

# Viewport point (the SVG's user space) → page pixels, through the SVG's CTM.
TO_PAGE = """
([x, y]) => {
  const svg = document.querySelector('#map svg');
  const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
  return [p.x, p.y];
}
"""

HITS = """
() => {
  const tap = document.getElementById('tap');
  return {
    tap: tap.dataset.x === undefined ? null : [Number(tap.dataset.x), Number(tap.dataset.y)],
    tapText: tap.textContent,
    hits: [...document.querySelectorAll('#hits [data-testid=hit]')].map((li) =>
      ({id: li.dataset.id, kind: li.dataset.kind, layer: li.dataset.layer === '' ? null : li.dataset.layer})),
    status: document.body.dataset.status,
  };
}
"""

# The picture's camera, the requests sent, and where each drawn callout's box centre is (viewport units).
MOVE = """
() => {
  const svg = document.querySelector('#map svg');
  const inverse = svg.getScreenCTM().inverse();
  const callouts = {};
  for (const g of svg.querySelectorAll('#playground-content g.callout[data-id]')) {
    const r = g.getBoundingClientRect();
    const p = new DOMPoint(r.x + r.width / 2, r.y + r.height / 2).matrixTransform(inverse);
    callouts[g.dataset.id] = [p.x, p.y];
  }
  const timing = document.getElementById('timing');
  return {camera: JSON.parse(svg.dataset.camera), places: Number(document.body.dataset.places || 0),
          queries: Number(document.body.dataset.queries || 0),
          renders: Number(document.body.dataset.renders || 0), status: document.body.dataset.status,
          timing: timing ? timing.textContent : null, timingServer: timing ? Number(timing.dataset.value) : null,
          transform: svg.querySelector('#playground-content').getAttribute('transform'), callouts};
}
"""

BASEMAP = """
(name) => {
  const note = document.getElementById('basemap-note');
  const group = document.querySelector('#map svg #playground-basemap');
  const path = group ? [...group.querySelectorAll('path')].find((p) => p.dataset.name === name) : null;
  const first = path ? /^M(-?[0-9.]+) (-?[0-9.]+)/.exec(path.getAttribute('d')) : null;
  return {status: note.dataset.status, note: note.textContent, paths: group ? group.querySelectorAll('path').length : 0,
          firstPoint: first ? [Number(first[1]), Number(first[2])] : null,
          camera: JSON.parse(document.querySelector('#map svg').dataset.camera)};
}
"""

# Ready after a place request beyond `n` was sent (the page is ready only once the latest one is answered).
MOVED = """
(n) => {
  const b = document.body;
  return (b.dataset.status === 'ready' && Number(b.dataset.places || 0) > n) || b.dataset.status === 'error';
}
"""

PROBLEM = """
() => {
  const box = document.getElementById('problem');
  const text = (id) => { const e = box.querySelector(`[data-testid=${id}]`); return e ? e.textContent : null; };
  return {status: document.body.dataset.status, shown: !box.hidden, title: text('problem-title'),
          detail: text('problem-detail'), path: text('problem-path'),
          pictureShown: document.querySelector('#map svg') !== null};
}
"""

# Pixels that differ from the most common colour (the map's background).
COUNT_PIXELS = """
async (png) => {
  const image = await (""" + DECODE_PNG + """)(png);
  const data = image.data;
  const counts = new Map();
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  let background = 0, most = -1;
  for (const [key, n] of counts) if (n > most) { most = n; background = key; }
  const [r0, g0, b0] = [background >> 16, (background >> 8) & 255, background & 255];
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i] - r0) + Math.abs(data[i + 1] - g0) + Math.abs(data[i + 2] - b0) > 24) count++;
  }
  return {count, pixels: image.width * image.height};
}
"""


def wait_until(page, predicate, arg=None):
    """Polls `predicate` in the page. (Playwright's wait_for_function evaluates
    strings with eval, which the page's Content-Security-Policy rightly forbids;
    page.evaluate goes through the debugging protocol and is not affected.)"""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(predicate, arg):
        if time.monotonic() > deadline:
            fail(TOOL, f"timed out waiting for {predicate.strip()} (arg {arg}); page status "
                       f"{page.evaluate('() => document.body.dataset.status')}")
        page.wait_for_timeout(50)


def settle(page, renders):
    wait_until(page, SETTLED, renders)


def paste(page, text):
    """Pastes `text` into the scene box, loads it and waits for the outcome."""
    page.fill("#scene-text", text)
    page.evaluate("() => { document.body.dataset.status = 'loading'; }")
    page.click("#load-text")
    wait_until(page, "() => document.body.dataset.status === 'ready' || document.body.dataset.status === 'error'")
    return page.evaluate(PROBLEM)


def to_page(page, point):
    """A viewport point's page pixel, rounded: Chromium may round input coordinates, so the test aims at whole pixels."""
    x, y = page.evaluate(TO_PAGE, [float(point[0]), float(point[1])])
    return round(x), round(y)


def to_viewport(page, point):
    return page.evaluate("""([x, y]) => {
      const p = new DOMPoint(x, y).matrixTransform(document.querySelector('#map svg').getScreenCTM().inverse());
      return [p.x, p.y];
    }""", [float(point[0]), float(point[1])])


def gestures(page, job, result):
    """Drag, wheel and pinch on the map, then a click at the top-most drawn callout."""
    before = page.evaluate(MOVE)
    sx, sy = to_page(page, job["drag"]["from"])
    ex, ey = sx + job["drag"]["by"][0], sy + job["drag"]["by"][1]
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(ex, ey, steps=12)
    page.mouse.up()
    wait_until(page, MOVED, before["places"])
    result["drag"] = {"before": before, "after": page.evaluate(MOVE), "from": to_viewport(page, [sx, sy]),
                      "to": to_viewport(page, [ex, ey]),
                      "tapText": page.evaluate("() => document.getElementById('tap').textContent")}

    before = page.evaluate(MOVE)
    wx, wy = to_page(page, job["wheel"]["at"])
    page.mouse.move(wx, wy)
    page.mouse.wheel(0, job["wheel"]["deltaY"])
    wait_until(page, MOVED, before["places"])
    result["wheel"] = {"before": before, "after": page.evaluate(MOVE), "at": to_viewport(page, [wx, wy])}

    before = page.evaluate(MOVE)
    px, py = to_page(page, job["pinch"]["at"])
    half0, half1 = round(job["pinch"]["from"] / 2), round(job["pinch"]["to"] / 2)
    cdp = page.context.new_cdp_session(page)
    touch = lambda kind, half: cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if half is None else [
        {"x": px - half, "y": py, "id": 1}, {"x": px + half, "y": py, "id": 2}]})
    touch("touchStart", half0)
    for i in range(1, 9):
        touch("touchMove", round(half0 + (half1 - half0) * i / 8))
    touch("touchEnd", None)
    wait_until(page, MOVED, before["places"])
    result["pinch"] = {"before": before, "after": page.evaluate(MOVE), "at": to_viewport(page, [px, py])}

    # The top-most drawn callout (last in drawing order) whose centre is on the picture.
    moved = page.evaluate(MOVE)
    width, height = [float(v) for v in page.evaluate(OBSERVE)["viewBox"].split()[2:]]
    inside = [(i, c) for i, c in moved["callouts"].items() if 20 < c[0] < width - 20 and 20 < c[1] < height - 20]
    if not inside:
        fail(TOOL, f"no callout drawn inside the picture after the gestures: {moved['callouts']}")
    callout_id, centre = inside[-1]
    page.evaluate("() => { delete document.getElementById('hits').dataset.count; }")
    cx, cy = to_page(page, centre)
    page.mouse.click(cx, cy)
    wait_until(page, "() => document.getElementById('hits').dataset.count !== undefined"
                     " || document.body.dataset.status === 'error'")
    observed = page.evaluate(HITS)
    observed.update({"id": callout_id, "page": [cx, cy], "camera": moved["camera"]})
    result["calloutClick"] = observed

    # The second camera (pitched and turned), then the same drag on it.
    if job.get("pitchedDrag"):
        renders = page.evaluate(OBSERVE)["renders"]
        page.select_option("#camera", "1")
        settle(page, renders + 1)
        before = page.evaluate(MOVE)
        sx, sy = to_page(page, job["pitchedDrag"]["from"])
        ex, ey = sx + job["pitchedDrag"]["by"][0], sy + job["pitchedDrag"]["by"][1]
        page.mouse.move(sx, sy)
        page.mouse.down()
        page.mouse.move(ex, ey, steps=12)
        page.mouse.up()
        wait_until(page, MOVED, before["places"])
        result["pitchedDrag"] = {"before": before, "after": page.evaluate(MOVE), "from": to_viewport(page, [sx, sy]),
                                 "to": to_viewport(page, [ex, ey]),
                                 "basemapClip": page.evaluate(
                                     "() => document.querySelector('#playground-ground rect').getAttribute('y')")}


def load_page(page, url):
    """Opens the playground at `url`, waits for its first picture and for the basemap's answer; returns OBSERVE."""
    page.goto(url)
    settle(page, 1)
    initial = page.evaluate(OBSERVE)
    wait_until(page, "() => document.getElementById('basemap-note').dataset.status !== 'loading'")
    return initial


@contextlib.contextmanager
def session(tool):
    """The job (JSON on stdin), the result and a page of the job's size: yielded, then the browser
    closed and the result written to stdout with the seconds taken."""
    start = time.monotonic()
    require_setup(tool, maplibre=False)
    from playwright.sync_api import sync_playwright
    job = json.load(sys.stdin)
    result = {"consoleErrors": []}
    with sync_playwright() as p:
        browser, page = open_page(p, job, result)
        try:
            yield job, result, page
        finally:
            browser.close()
    result["seconds"] = round(time.monotonic() - start, 3)
    json.dump(result, sys.stdout)


def open_page(p, job, result, args=LAUNCH_ARGS):
    """Chromium and a page of the job's size whose script errors and CSP
    violations are collected in `result["consoleErrors"]`. Chromium logs every
    4xx answer as "Failed to load resource": the steps that expect one (a bad
    scene's place and render) check the page instead, so those are left out.
    `args`: chromium's flags (a page drawing WebGL needs SwiftShader)."""
    browser = p.chromium.launch(executable_path=CHROMIUM, args=args)
    try:
        page = browser.new_page(viewport={"width": job["width"], "height": job["height"]}, device_scale_factor=1)
    except Exception:
        browser.close()
        raise
    page.on("console", lambda m: m.type == "error" and not m.text.startswith("Failed to load resource")
            and result["consoleErrors"].append(m.text))
    page.on("pageerror", lambda e: result["consoleErrors"].append(str(e)))
    return browser, page


def main():
    with session(TOOL) as (job, result, page):
        initial = load_page(page, job["url"])
        result["initial"] = {k: initial[k] for k in ("status", "renders", "texts", "summaryZoom", "example", "viewBox")}
        result["basemap"] = page.evaluate(BASEMAP, job.get("basemapName", ""))

        png = page.screenshot(path=job["screenshot"], type="png")
        # Counted over the drawn map only (the viewport's rectangle on the page), so the
        # page's own panels cannot make a blank map look drawn.
        (x0, y0), (x1, y1) = (page.evaluate(TO_PAGE, [0, 0]),
                              page.evaluate(TO_PAGE, [float(v) for v in initial["viewBox"].split()[2:]]))
        clip = {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0}
        map_png = page.screenshot(type="png", clip=clip)
        counted = page.evaluate(COUNT_PIXELS, base64.b64encode(map_png).decode("ascii"))
        result["screenshot"] = {"path": job["screenshot"], "bytes": len(png), "mapClip": clip,
                                "pixels": counted["pixels"], "nonBackgroundPixels": counted["count"]}

        # Move the zoom slider as a user would (an input event), then wait for the new picture.
        page.locator("#zoom").evaluate(
            "(el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', {bubbles: true})); }", job["zoom"])
        settle(page, initial["renders"] + 1)
        after = page.evaluate(OBSERVE)
        result["afterZoom"] = {k: after[k] for k in ("status", "renders", "summaryZoom", "sliderValue", "texts")}
        result["afterZoom"]["svgChanged"] = after["svg"] != initial["svg"]

        result["clicks"] = []
        result["picture"] = None
        for i, point in enumerate(job["clicks"]):
            px, py = page.evaluate(TO_PAGE, point)
            page.evaluate("() => { delete document.getElementById('hits').dataset.count; }")
            page.mouse.click(px, py)
            wait_until(page, "() => document.getElementById('hits').dataset.count !== undefined"
                             " || document.body.dataset.status === 'error'")
            observed = page.evaluate(HITS)
            observed["page"] = [px, py]
            result["clicks"].append(observed)
            if i == 0 and job.get("picture"):
                picture = page.screenshot(path=job["picture"], type="png")
                result["picture"] = {"path": job["picture"], "bytes": len(picture)}

        # The keyboard: focus the picture, move the query point one step right (a query).
        page.evaluate("() => { delete document.getElementById('hits').dataset.count; }")
        page.focus("#map svg")
        page.keyboard.press("ArrowRight")
        wait_until(page, "() => document.getElementById('hits').dataset.count !== undefined"
                         " || document.body.dataset.status === 'error'")
        result["keyboard"] = page.evaluate(HITS)

        gestures(page, job, result)

        # Upload a scene file through the file input.
        before = page.evaluate(OBSERVE)["renders"]
        page.set_input_files("#scene-file", job["upload"])
        settle(page, before + 1)
        uploaded = page.evaluate(OBSERVE)
        result["upload"] = {k: uploaded[k] for k in ("status", "renders", "viewBox", "example", "texts")}

        result["notJSON"] = paste(page, job["notJSON"])
        result["invalidScene"] = paste(page, job["invalidScene"])


if __name__ == "__main__":
    main()
