#!/usr/bin/env python3
"""Runs the GL JS snippet of docs/CLIENTS.md, exactly as written there, in
MapLibre GL JS 5.3 (headless Debian chromium, PyPI playwright), on a
/v1/place answer, and reports where the markers it makes end up.

Job (JSON on stdin):
  {"width": 800, "height": 600, "answer": {<place response>}, "frame": 0}

Result (JSON on stdout):
  {"boxes": {"<id>": {"x", "y", "width", "height"}},   # each marker element, relative to the map
   "view": {"center", "zoom", "bearing", "pitch"}, "snippetLines": n, "errors": [...]}
"""
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from maplibre_page import clients_snippet, map_page, require_setup  # noqa: E402

TOOL = "clients_check"


def snippet():
    return clients_snippet(TOOL, "cartouche-snippet")


RUN = """
async ({code, answer, frame}) => {
  const errors = [];
  const define = new Function(code + '\\nreturn {showCallouts, cameraOf};');
  const {showCallouts, cameraOf} = define();
  const map = window.map;
  map.jumpTo(cameraOf(answer, frame));
  await new Promise((resolve) => { map.once('idle', resolve); map.triggerRepaint(); });
  const markers = showCallouts(maplibregl, map, answer, frame, (p) => {
    const element = document.createElement('div');
    element.dataset.id = p.id;
    element.style.background = 'rgba(52, 120, 246, 0.8)';
    return element;
  });
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const origin = map.getContainer().getBoundingClientRect();
  const boxes = {};
  for (const marker of markers) {
    const r = marker.getElement().getBoundingClientRect();
    boxes[marker.getElement().dataset.id] = {x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height};
  }
  const c = map.getCenter();
  return {boxes, errors, view: {center: [c.lng, c.lat], zoom: map.getZoom(), bearing: map.getBearing(), pitch: map.getPitch()}};
}
"""


def main():
    require_setup(TOOL)
    job = json.load(sys.stdin)
    code = snippet()
    with map_page(TOOL, job["width"], job["height"]) as page:
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        result = page.evaluate(RUN, {"code": code, "answer": job["answer"], "frame": job["frame"]})
    result["errors"] += errors
    result["snippetLines"] = code.count("\n")
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
