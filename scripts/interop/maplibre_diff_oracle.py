#!/usr/bin/env python3
"""MapLibre GL JS oracle for `POST /v1/diff` / `cartouche diff`.

Reads one JSON job on stdin, loads the old style into MapLibre GL JS 5.3.0 in
Debian's chromium (PyPI playwright, software WebGL), applies the diff's
operations with docs/CLIENTS.md's `applyCartoucheDiff` snippet, run as
written there (`updateData`, `setPaintProperty`, `addLayer`, …), waits until the map is idle, and records what is rendered;
then loads the new style directly and records the same.

Job:
  {"width": 800, "height": 600, "camera": {"center": [lng, lat], "zoom": z},
   "old": {style}, "new": {style}, "operations": [diff operations]}

Result:
  {"before": {"features": [...], "layers": [...]} (the old style, loaded),
   "applied": {…the same, after the operations…}, "loaded": {…the new style, loaded…},
   "errors": [map errors], "warnings": [console warnings], "seconds": t}

`features` is `queryRenderedFeatures()` over the whole map, top-most first,
each `[layer id, properties]`; `layers` is `map.getStyle().layers`.

  .venv-peers/bin/python scripts/interop/maplibre_diff_oracle.py < job.json
"""
import json
import sys
import time

from maplibre_page import clients_snippet, map_page, require_setup

TOOL = "maplibre_diff_oracle"

IDLE = "() => new Promise((resolve) => { window.map.once('idle', resolve); window.map.triggerRepaint(); })"

LOAD = """
([style, camera]) => new Promise((resolve) => {
  window.map.once('idle', () => resolve(true));
  window.map.setStyle(style, {diff: false});
  window.map.jumpTo({center: camera.center, zoom: camera.zoom, bearing: 0, pitch: 0});
})
"""



def snippet():
    """docs/CLIENTS.md's `applyCartoucheDiff`, exactly as written there."""
    return clients_snippet(TOOL, "cartouche-diff-snippet")


# Runs the documented client function on the job's operations.
APPLY = "(operations) => { %s\n applyCartoucheDiff(window.map, {operations}); }"

RENDERED = """
() => ({
  features: window.map.queryRenderedFeatures().map((f) => [f.layer.id, f.properties]),
  layers: window.map.getStyle().layers,
})
"""


def settle(page):
    """Idle twice: updateData finishes on a worker after the first."""
    page.evaluate(IDLE)
    page.wait_for_timeout(200)
    page.evaluate(IDLE)


def main():
    start = time.monotonic()
    require_setup(TOOL)
    apply = APPLY % snippet()
    job = json.load(sys.stdin)
    with map_page(TOOL, job["width"], job["height"]) as page:
        warnings = []
        page.on("console", lambda m: warnings.append(m.text) if m.type in ("warning", "error") else None)
        page.evaluate("window.errors = []; window.map.on('error', (e) => window.errors.push(String(e && e.error ? e.error.message : e)))")
        page.evaluate(LOAD, [job["old"], job["camera"]])
        settle(page)
        before = page.evaluate(RENDERED)
        page.evaluate(apply, job["operations"])
        settle(page)
        applied = page.evaluate(RENDERED)
        page.evaluate(LOAD, [job["new"], job["camera"]])
        settle(page)
        loaded = page.evaluate(RENDERED)
        errors = page.evaluate("window.errors")
    json.dump({"before": before, "applied": applied, "loaded": loaded, "errors": errors, "warnings": warnings,
               "seconds": round(time.monotonic() - start, 3)}, sys.stdout)


if __name__ == "__main__":
    main()
