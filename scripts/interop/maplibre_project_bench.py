#!/usr/bin/env python3
"""Peer timing: how fast MapLibre GL JS 5.3.0 projects 100k coordinates.

Same camera, viewport and seeded-uniform point box as Cartouche's camera
benchmark (Paris, zoom 12, bearing 30, pitch 60, 1280×800, padding
40/20/80/20), timed inside the page with performance.now() so browser start-up
is excluded. Prints medians of 21 runs for map.project and map.unproject.

  .venv-peers/bin/python scripts/interop/maplibre_project_bench.py
"""
import json
import pathlib
import sys

from playwright.sync_api import sync_playwright

PAGE = pathlib.Path(__file__).resolve().parent / "maplibre_oracle.html"

BENCH = """
() => {
  const map = window.map;
  map.jumpTo({center: [2.3522, 48.8566], zoom: 12, bearing: 30, pitch: 60,
              padding: {top: 40, left: 20, bottom: 80, right: 20}});
  // Seeded LCG so every run uses the same points.
  let s = 1;
  const rand = () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 4294967296; };
  const n = 100000;
  const coords = [], points = [];
  for (let i = 0; i < n; i++) {
    coords.push([2.1 + 0.5 * rand(), 48.7 + 0.3 * rand()]);
    points.push([1280 * rand(), 800 * rand()]);
  }
  const project = [], unproject = [];
  let sink = 0;
  for (let r = 0; r < 21; r++) {
    let t = performance.now();
    for (let i = 0; i < n; i++) sink += map.project(coords[i]).x;
    project.push(performance.now() - t);
    t = performance.now();
    for (let i = 0; i < n; i++) sink += map.unproject(points[i]).lat;
    unproject.push(performance.now() - t);
  }
  const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {n, projectMs: median(project), unprojectMs: median(unproject), sink};
}
"""


def main():
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
                  "--allow-file-access-from-files"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800}, device_scale_factor=1)
            page.goto(PAGE.as_uri())
            page.wait_for_function("window.mapLoaded === true || window.oracleError !== null", timeout=30000)
            if page.evaluate("window.oracleError"):
                sys.exit(f"MapLibre failed to start: {page.evaluate('window.oracleError')}")
            result = page.evaluate(BENCH)
        finally:
            browser.close()
    result.pop("sink", None)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
