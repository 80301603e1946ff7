#!/usr/bin/env python3
"""Peer for the `query` suite: shapely 2 STRtree over the same 100,000 shapes,
bulk-queried with the same 1,000,000 points (predicate "intersects").

Shapes arrive as exact descriptions; shapely needs areas, so circles become
`Point.buffer(r)` and lines `LineString.buffer(half_width)` (polygonal, 16
segments per quarter circle), boxes `box()`, polygons keep their holes.
Build and query times are thread CPU time, as on the Swift side.

    shapely_query.py SHAPES.json --rounds N   → JSON measurements on stdout
"""
import json
import sys
import time

import numpy as np
import shapely
from shapely import STRtree


def main() -> None:
    path = sys.argv[1]
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 3
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    geoms = []
    for s in data["shapes"]:
        if "box" in s:
            geoms.append(shapely.box(*s["box"]))
        elif "circle" in s:
            x, y, r = s["circle"]
            geoms.append(shapely.Point(x, y).buffer(r, quad_segs=16))
        elif "line" in s:
            geoms.append(shapely.LineString(s["line"]).buffer(s["half"], quad_segs=16))
        else:
            rings = s["polygon"]
            geoms.append(shapely.Polygon(rings[0], rings[1:]))
    geoms = np.array(geoms, dtype=object)
    pts = shapely.points(np.array(data["points"], dtype=float))
    build = {"suite": "query", "name": "shapely build", "items": len(geoms), "seconds": [], "checksum": float(len(geoms))}
    query = {"suite": "query", "name": "shapely query", "items": len(pts), "seconds": [], "checksum": 0.0}
    for _ in range(rounds):
        start = time.thread_time()
        tree = STRtree(geoms)
        tree.query(pts[:1])  # STRtree builds lazily: force it inside the build timing
        build["seconds"].append(time.thread_time() - start)
        start = time.thread_time()
        hits = tree.query(pts, predicate="intersects")
        query["seconds"].append(time.thread_time() - start)
        query["checksum"] = float(hits.shape[1])
    json.dump([build, query], sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
