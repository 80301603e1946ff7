#!/usr/bin/env python3
"""Two builds of `cartouche` on the same zoom-range scenes, alternating: the
same-run ratio for a change to optimise mode (#30).

    zoom_compare.py --base BIN --new BIN [--rounds R] SCENE.json ... > OUT.json

SCENE.json: zoom-range scenes written by `peers/zoom_views.py run` (e.g.
.cache/bench/zooms/world.optimise.scene.json). Per scene, the builds take
turns (base, new, base, new, ...) for R rounds each; per build the median
wall time of `cartouche place SCENE` (process start and JSON included) and,
from its last answer, what `zoom_views.py` reports: labels shown per integer
zoom against per-frame greedy placement at that zoom (the same peer,
computed once), coverage (the sum over integer zooms, as a share of
per-frame's), the worst integer zoom's share, and overlaps at every 0.25
zoom and at the exact minZoom of 100 labels (must be 0). Also whether the
two answers are the same bytes.
"""
import argparse
import hashlib
import json
import math
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from zoom_views import ANCHORS, load_scene, overlaps, per_frame  # noqa: E402

ANCHOR_NAMES = [a for a, _, _ in ANCHORS]


def run(binary, path):
    start = time.perf_counter()
    out = subprocess.run([binary, "place", path], capture_output=True, check=True).stdout
    return time.perf_counter() - start, out


def judge(labels, z0, z1, frames, raw):
    answer = json.loads(raw)
    ours = {p["id"]: (p["minZoom"], ANCHOR_NAMES.index(p["anchor"]["anchor"]))
            for p in answer["placements"] if p["visible"]}
    steps = [z0 + 0.25 * k for k in range(int((z1 - z0) * 4) + 1)]
    starts = sorted({m for m, _ in ours.values()})
    checks = sorted(set(steps) | set(starts[:: max(1, len(starts) // 100)]))
    per_zoom = []
    for z in range(int(math.ceil(z0)), int(z1) + 1):
        shown = sum(1 for m, _ in ours.values() if m <= z)
        per_zoom.append({"zoom": z, "ours": shown, "perFrame": frames[z]})
    total = sum(z["ours"] for z in per_zoom) / sum(z["perFrame"] for z in per_zoom)
    worst = min((z["ours"] / z["perFrame"], z["zoom"]) for z in per_zoom if z["perFrame"])
    return {"shown": len(ours), "coverageShare": round(total, 4), "worstZoomShare": round(worst[0], 4),
            "worstZoom": worst[1], "overlaps": sum(overlaps(labels, ours, z) for z in checks),
            "zoomsChecked": len(checks), "perZoom": per_zoom, "stats": answer.get("stats"),
            "sha256": hashlib.sha256(raw).hexdigest()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--new", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("scenes", nargs="+")
    args = parser.parse_args()
    results = []
    for path in args.scenes:
        labels, z0, z1 = load_scene(path)
        frames = {z: len(per_frame(labels, float(z))) for z in range(int(math.ceil(z0)), int(z1) + 1)}
        times = {"base": [], "new": []}
        last = {}
        for _ in range(args.rounds):
            for key in ("base", "new"):
                seconds, last[key] = run(getattr(args, key), path)
                times[key].append(seconds)
        entry = {"scene": os.path.basename(path), "labels": len(labels), "zoomRange": [z0, z1],
                 "sameBytes": last["base"] == last["new"]}
        for key in ("base", "new"):
            entry[key] = {"seconds": round(statistics.median(times[key]), 3),
                          "allSeconds": [round(t, 3) for t in times[key]], **judge(labels, z0, z1, frames, last[key])}
        entry["timeRatio"] = round(entry["new"]["seconds"] / entry["base"]["seconds"], 3)
        results.append(entry)
        print(f"{entry['scene']}: " + "; ".join(
            f"{k} {entry[k]['seconds']} s, coverage {100 * entry[k]['coverageShare']:.2f} %, worst "
            f"z{entry[k]['worstZoom']} {100 * entry[k]['worstZoomShare']:.1f} %, overlaps {entry[k]['overlaps']}"
            for k in ("base", "new")) + f"; time ratio {entry['timeRatio']}", file=sys.stderr)
    print(json.dumps(results, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
