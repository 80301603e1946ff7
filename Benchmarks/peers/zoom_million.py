#!/usr/bin/env python3
"""Zoom-range scale benchmark (#30 item 4): one `cartouche place` of a million
point labels over zooms 0-16.

    zoom_million.py scene --n 1000000 --seed 30 --out SCENE.json
    zoom_million.py run --cartouche BIN --work DIR [--n N] [--rounds R] [--jobs 1,2] > OUT.json

The scene (seeded, so every run places the same one): N labels around 3,000
towns spread over the inhabited latitudes (-55..70, all longitudes); each
town draws a Zipf-like share of the labels, normally distributed around it
(sigma 0.02-0.5 degrees), so labels are dense at zoom 16 in towns and sparse
between them, as real point data is. Each label: a 12 px text box of a
random 3-18 character name (7 px per character) plus 4 px padding, 8
anchors 4 px from the point, a random priority. Sizes are given, not
measured: the benchmark times placement, not shaping.

`run` writes the scene once, then places it R times per `--jobs` value,
alternating, with `/usr/bin/time -v` when present (wall time and peak
resident memory of the process, JSON reading and writing included), and
checks that every answer is byte-identical (sha256). Reported: n, zoom
range, scene bytes, shown, coverage, pair tests, and per jobs value the
median seconds and the largest peak RSS.
"""
import argparse
import hashlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time

ANCHORS = [
    ("bottom-left", 4, 4), ("top-left", 4, -4), ("bottom-right", -4, 4), ("top-right", -4, -4),
    ("left", 4, 0), ("bottom", 0, 4), ("right", -4, 0), ("top", 0, -4),
]
TOWNS = 3000
ZOOM_MIN, ZOOM_MAX = 0, 16


def labels(n, seed):
    """Yields (lng, lat, width, height, priority) for n labels."""
    rng = random.Random(seed)
    towns = [(rng.uniform(-180, 180), rng.uniform(-55, 70), rng.uniform(0.02, 0.5)) for _ in range(TOWNS)]
    weights = [1 / (k + 1) for k in range(TOWNS)]
    picks = rng.choices(range(TOWNS), weights=weights, k=n)
    priorities = list(range(n))
    rng.shuffle(priorities)
    for i in range(n):
        lng0, lat0, sigma = towns[picks[i]]
        lng = max(-179.999999, min(179.999999, rng.gauss(lng0, sigma)))
        lat = max(-80.0, min(80.0, rng.gauss(lat0, sigma)))
        width = 7 * rng.randint(3, 18) + 8
        yield round(lng, 6), round(lat, 6), width, 24, priorities[i]


def write_scene(path, n, seed):
    anchors = json.dumps([{"anchor": a, "offsetX": x, "offsetY": y} for a, x, y in ANCHORS], separators=(",", ":"))
    with open(path, "w", encoding="utf-8") as f:
        f.write('{"version":1,"zoomRange":{"min":%d,"max":%d},"viewAnnotations":[' % (ZOOM_MIN, ZOOM_MAX))
        for i, (lng, lat, w, h, p) in enumerate(labels(n, seed)):
            if i:
                f.write(",")
            f.write('{"id":"l%d","feature":{"type":"Point","coordinates":[%r,%r]},"size":{"width":%d,"height":%d},'
                    '"priority":%d,"variableAnchors":%s}' % (i, lng, lat, w, h, p, anchors))
        f.write("]}")


def place(cartouche, scene, jobs, out):
    command = [cartouche, "place", scene, "--jobs", str(jobs)]
    timed = os.path.exists("/usr/bin/time")
    if timed:
        command = ["/usr/bin/time", "-v"] + command
    start = time.perf_counter()
    with open(out, "wb") as f:
        run = subprocess.run(command, stdout=f, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"zoom_million: place exited with {run.returncode}: {run.stderr[-2000:]}")
    rss = None
    if timed:
        match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr)
        rss = int(match.group(1)) * 1024 if match else None
    digest = hashlib.sha256()
    with open(out, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return seconds, rss, digest.hexdigest()


def command_scene(args):
    write_scene(args.out, args.n, args.seed)


def command_run(args):
    os.makedirs(args.work, exist_ok=True)
    scene = os.path.join(args.work, f"million-{args.n}.scene.json")
    write_scene(scene, args.n, args.seed)
    jobs = [int(j) for j in args.jobs.split(",")]
    runs = {j: [] for j in jobs}
    digests = set()
    out = os.path.join(args.work, "million.answer.json")
    for _ in range(args.rounds):
        for j in jobs:
            seconds, rss, digest = place(args.cartouche, scene, j, out)
            runs[j].append((seconds, rss))
            digests.add(digest)
    with open(out, "rb") as f:
        stats = json.loads(f.read())["stats"]
    result = {"n": args.n, "seed": args.seed, "zoomRange": [ZOOM_MIN, ZOOM_MAX], "sceneBytes": os.path.getsize(scene),
              "shown": stats["shown"], "coverage": round(stats["coverage"], 2), "pairTests": stats["pairTests"],
              "identicalAnswers": len(digests) == 1, "sha256": sorted(digests),
              "jobs": {str(j): {"seconds": round(statistics.median(s for s, _ in r), 2),
                                "peakRSSMB": max((m or 0) for _, m in r) // (1 << 20)} for j, r in runs.items()}}
    print(f"zooms: {args.n:,} labels z{ZOOM_MIN}-{ZOOM_MAX}: {result['shown']:,} shown; "
          + "; ".join(f"--jobs {j}: {v['seconds']} s, {v['peakRSSMB']} MB" for j, v in result["jobs"].items())
          + f"; answers identical: {result['identicalAnswers']}", file=sys.stderr)
    print(json.dumps(result, indent=1, sort_keys=True))


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    scene = sub.add_parser("scene")
    scene.add_argument("--n", type=int, default=1_000_000)
    scene.add_argument("--seed", type=int, default=30)
    scene.add_argument("--out", required=True)
    run = sub.add_parser("run")
    run.add_argument("--cartouche", required=True)
    run.add_argument("--work", required=True)
    run.add_argument("--n", type=int, default=1_000_000)
    run.add_argument("--seed", type=int, default=30)
    run.add_argument("--rounds", type=int, default=1)
    run.add_argument("--jobs", default="1,2")
    args = parser.parse_args()
    command_scene(args) if args.command == "scene" else command_run(args)


if __name__ == "__main__":
    main()
