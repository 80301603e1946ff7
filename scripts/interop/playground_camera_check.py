#!/usr/bin/env python3
"""Runs the playground's own camera models — the JavaScript in
`Sources/CartoucheService/Resources/playground/camera.js` (Web Mercator) and
`globe.js` (the globe below zoom 12), exactly as the service serves them —
in headless Debian chromium through PyPI playwright, and reports where they
draw coordinates and what they find under screen points. The Swift test
`Tests/CartoucheCameraTests/PlaygroundCameraParityTests.swift` compares the
answers with `CartoucheCamera`'s `Projection` on the same cameras, so the
page's port cannot drift from the service's camera.

Job (JSON on stdin):
  {"scripts": ["/abs/path/camera.js", "/abs/path/globe.js"],
   "cases": [{"camera": {"center": [lng, lat], "zoom", "bearing", "pitch",
                         "padding": {"top", "left", "bottom", "right"}},
              "width": 800, "height": 600, "projection": "mercator" | "globe",
              "project": [[lng, lat], …], "unproject": [[x, y], …],
              "pan": {"lngLat": [lng, lat], "from": [x, y], "point": [x, y]} (optional: a drag
                     step from `from` to `point` that grabbed `lngLat`)}]}

Result (JSON on stdout):
  {"cases": [{"project": [[x, y] | null, …], "unproject": [[lng, lat] | null, …],
              "pan": {"center": [lng, lat], "zoom"} | null}], "seconds": t}

Run with the venv made by scripts/setup:
  .venv-peers/bin/python scripts/interop/playground_camera_check.py < job.json
"""
import json
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from maplibre_page import CHROMIUM, LAUNCH_ARGS, fail, require_setup  # noqa: E402

TOOL = "playground_camera_check"

EVALUATE = """
(cases) => cases.map((c) => {
  const projection = makeProjection(c.camera, c.width, c.height, c.projection);
  const pair = (p) => (p ? [p[0], p[1]] : null);
  let pan = null;
  if (c.pan) {
    const moved = panCamera(c.camera, c.pan.lngLat, c.pan.from, c.pan.point, c.width, c.height, c.projection);
    pan = moved ? {center: [moved.center[0], moved.center[1]], zoom: moved.zoom} : null;
  }
  return {
    project: c.project.map((lngLat) => pair(projection.project(lngLat))),
    unproject: c.unproject.map((point) => pair(projection.unproject(point))),
    pan,
  };
})
"""


def main():
    require_setup(TOOL, maplibre=False)
    job = json.load(sys.stdin)
    source = "'use strict';\n" + "".join(pathlib.Path(path).read_text(encoding="utf-8") for path in job["scripts"])
    # Top-level const/class declarations of a classic script are global bindings: the evaluated function sees them.
    source += "\nwindow.cameraModelsLoaded = true;\n"
    from playwright.sync_api import sync_playwright
    started = time.monotonic()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            page = browser.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_content("<!doctype html><title>camera models</title>")
            page.add_script_tag(content=source)
            if errors or not page.evaluate("window.cameraModelsLoaded === true"):
                fail(TOOL, f"the camera scripts did not load: {errors}")
            cases = page.evaluate(EVALUATE, job["cases"])
        finally:
            browser.close()
    json.dump({"cases": cases, "seconds": round(time.monotonic() - started, 3)}, sys.stdout)


if __name__ == "__main__":
    main()
