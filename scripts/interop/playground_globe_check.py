#!/usr/bin/env python3
"""Drives the playground page (`GET /` of a running `cartouche serve` with
Natural Earth's basemap) through what once broke it, in headless Debian
chromium through PyPI playwright, and reports what a user would see. The
Swift test `Tests/CartoucheServiceTests/PlaygroundGlobeBrowserTests.swift`
starts the server, runs this script and compares with the camera model.

Steps: the example `pitchExample` at camera `pitchCamera` (a view much
smaller than the countries), the pitch slider moved to each of `pitches` (land must stay drawn: rings
reaching behind the camera were dropped); the projection switched to the
globe (the service's opaque disc once covered the land); the example
`globeExample` and mouse drags by each of `drags` page pixels from the
picture's centre; a click on the top-most callout (hits listed), then a click in the
blank band beside or above the picture (the old hits must go).

Job (JSON on stdin):
  {"url": "http://127.0.0.1:PORT/", "width": 1280, "height": 800,
   "pitchExample": "mapbox-docs", "pitchCamera": 1, "pitches": [10, 30, 50],   # pitchCamera: its index (default 0)
   "globeExample": "world-globe", "drags": [[150, 0], [0, -80]]}

Result (JSON on stdout):
  {"pitched": [{"pitch", "camera", "paths", "land"}],      # land: pixels of the basemap's land colour
   "globe": {"camera", "paths", "land", "serviceGlobeHidden"},
   "drags": [{"by": [dx, dy], "scale": page px per viewport point, "before": camera, "after": camera}],
   "click": {"hits", "tapText"}, "band": {"at": page [x, y], "hits", "count", "tapText"},
   "consoleErrors": [...], "seconds": t}

Run with the venv made by scripts/setup:
  .venv-peers/bin/python scripts/interop/playground_globe_check.py < job.json
"""
import base64
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from maplibre_page import DECODE_PNG, fail  # noqa: E402
from playground_check import MOVE, MOVED, OBSERVE, TO_PAGE, load_page, session, settle, to_page, wait_until  # noqa: E402

TOOL = "playground_globe_check"

# Pixels of the basemap's land fill (#ece8df in playground.css), exactly.
LAND_PIXELS = """
async (png) => {
  const image = await (""" + DECODE_PNG + """)(png);
  const data = image.data;
  let land = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] === 0xec && data[i + 1] === 0xe8 && data[i + 2] === 0xdf) land++;
  return land;
}
"""

BASEMAP_STATE = """
() => {
  const svg = document.querySelector('#map svg');
  const group = svg.querySelector('#playground-basemap');
  const globe = svg.querySelector('#playground-service-globe');
  return {camera: JSON.parse(svg.dataset.camera), paths: group ? group.querySelectorAll('path[data-name]').length : 0,
          serviceGlobeHidden: globe ? globe.getAttribute('visibility') === 'hidden' : null};
}
"""


def land(page):
    """Land-coloured pixels over the drawn map only (the viewport's rectangle on the page)."""
    width, height = [float(v) for v in page.evaluate(OBSERVE)["viewBox"].split()[2:]]
    (x0, y0), (x1, y1) = page.evaluate(TO_PAGE, [0, 0]), page.evaluate(TO_PAGE, [width, height])
    png = page.screenshot(type="png", clip={"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0})
    return page.evaluate(LAND_PIXELS, base64.b64encode(png).decode("ascii"))


def snapshot(page):
    state = page.evaluate(BASEMAP_STATE)
    state["land"] = land(page)
    return state


def choose_example(page, name):
    renders = page.evaluate(OBSERVE)["renders"]
    page.select_option("#example", name)
    settle(page, renders + 1)


def main():
    with session(TOOL) as (job, result, page):
        load_page(page, job["url"])
        choose_example(page, job["pitchExample"])
        if job.get("pitchCamera"):
            renders = page.evaluate(OBSERVE)["renders"]
            page.select_option("#camera", str(job["pitchCamera"]))
            settle(page, renders + 1)
        result["pitched"] = []
        for pitch in job["pitches"]:
            renders = page.evaluate(OBSERVE)["renders"]
            page.locator("#pitch").evaluate(
                "(el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', {bubbles: true})); }", pitch)
            settle(page, renders + 1)
            result["pitched"].append({"pitch": pitch, **snapshot(page)})

        renders = page.evaluate(OBSERVE)["renders"]
        page.select_option("#projection", "globe")
        settle(page, renders + 1)
        result["globe"] = snapshot(page)

        choose_example(page, job["globeExample"])
        result["drags"] = []
        width, height = [float(v) for v in page.evaluate(OBSERVE)["viewBox"].split()[2:]]
        for dx, dy in job["drags"]:
            before = page.evaluate(MOVE)
            sx, sy = to_page(page, [width / 2, height / 2])
            page.mouse.move(sx, sy)
            page.mouse.down()
            page.mouse.move(sx + dx, sy + dy, steps=15)
            page.mouse.up()
            wait_until(page, MOVED, before["places"])
            # Page pixels per viewport point (the picture is scaled to fit the page).
            scale = page.evaluate("() => document.querySelector('#map svg').getScreenCTM().a")
            result["drags"].append({"by": [dx, dy], "scale": scale, "before": before["camera"],
                                    "after": page.evaluate(MOVE)["camera"]})

        hits = "() => ({hits: document.querySelectorAll('#hits [data-testid=hit]').length, " \
               "count: document.getElementById('hits').dataset.count, tapText: document.getElementById('tap').textContent})"
        # A click on the top-most drawn callout: hits listed.
        callouts = [c for c in page.evaluate(MOVE)["callouts"].values()
                    if 20 < c[0] < width - 20 and 20 < c[1] < height - 20]
        if not callouts:
            fail(TOOL, "no callout drawn inside the picture after the drags")
        page.evaluate("() => { delete document.getElementById('hits').dataset.count; }")
        cx, cy = to_page(page, callouts[-1])
        page.mouse.click(cx, cy)
        wait_until(page, "() => document.getElementById('hits').dataset.count !== undefined"
                         " || document.body.dataset.status === 'error'")
        result["click"] = page.evaluate(hits)
        # The blank band: inside the map's box, outside the picture (beside it or above it, whichever is wider).
        band = page.evaluate("""() => {
          const m = document.getElementById('map').getBoundingClientRect();
          const s = document.querySelector('#map svg').getBoundingClientRect();
          return s.left - m.left > s.top - m.top ? [(m.left + s.left) / 2, (s.top + s.bottom) / 2]
                                                 : [(s.left + s.right) / 2, (m.top + s.top) / 2];
        }""")
        page.evaluate("() => { delete document.getElementById('hits').dataset.count; }")
        page.mouse.click(band[0], band[1])
        # A page that ignores the click never answers: give it 5 s, then report what is listed.
        deadline = time.monotonic() + 5
        while page.evaluate("() => document.getElementById('hits').dataset.count === undefined") and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        result["band"] = {"at": band, **page.evaluate(hits)}


if __name__ == "__main__":
    main()
