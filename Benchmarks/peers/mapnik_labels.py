#!/usr/bin/env python3
"""Mapnik's label placement on the Christensen-Marks-Shieber instances.

    mapnik_labels.py INSTANCES.json [--rounds N]

INSTANCES.json comes from `cartouche-bench placement --dump-instances`.
Prints a JSON list of measurements (suite "placement", case
"mapnik n=.. p=..", one time per round: `render_with_detector` alone, thread
CPU time) with the number of placed points in `info`.

Setup, chosen so Mapnik's collision boxes are exactly the benchmark's labels
(verified on every run, see `placed_points`):
- a ShieldSymbolizer whose image is a 30x7 SVG and whose text is empty: the
  shield's box is then the image alone, centred on the text's base point
  (`unlock-image="false"`, the default);
- `placement-type="simple"` with the model's directions in Cartouche's
  anchor order, and `dx="15" dy="3.5"`: each direction moves the base point
  by (+-15, +-3.5) (or one of them for N/S/E/W), putting the point exactly
  at the box's corner or edge midpoint;
- the map is W x H pixels and zoomed to the box (0, 0, W, H) in an identity
  projection, with y flipped (Mapnik's y grows up, screen y down), so map
  units are pixels;
- `allow-overlap="false"`, no margin or minimum distance; labels may leave
  the map (`avoid-edges` off), as in the benchmark.
Mapnik inserts each shield's box into the detector twice (once for the image,
once as the label's box); identical boxes are counted once.
"""
import argparse
import json
import os
import sys
import tempfile
import time

import mapnik

# Mapnik directions in Cartouche's anchor order (see CMSInstance.anchors):
# bottomLeft puts the label up and right of the point (NE), and so on.
DIRECTIONS = {4: "NE,NW,SE,SW", 8: "SE,S,SW,E,W,NE,N,NW"}


def build_map(instance, svg_path):
    w, h = instance["width"], instance["height"]
    lw, lh = instance["labelWidth"], instance["labelHeight"]
    # repr() round-trips doubles exactly; y is flipped into Mapnik's y-up space.
    rows = "".join(f"{x!r},{(h - y)!r}\n" for x, y in instance["points"])
    srs = "+proj=longlat +datum=WGS84 +no_defs"
    xml = f"""<Map srs="{srs}" background-color="white">
  <Style name="labels"><Rule>
    <ShieldSymbolizer file="{svg_path}" face-name="DejaVu Sans Book" size="10" fill="black"
      placement-type="simple" placements="{DIRECTIONS[instance['positions']]}"
      dx="{lw / 2}" dy="{lh / 2}" allow-overlap="false" unlock-image="false">''</ShieldSymbolizer>
  </Rule></Style>
  <Layer name="points" srs="{srs}"><StyleName>labels</StyleName>
    <Datasource>
      <Parameter name="type">csv</Parameter>
      <Parameter name="inline">x,y
{rows}</Parameter>
    </Datasource>
  </Layer>
</Map>"""
    m = mapnik.Map(int(w), int(h))
    mapnik.load_map_from_string(m, xml)
    m.zoom_to_box(mapnik.Box2d(0, 0, w, h))
    return m


def render(m):
    image = mapnik.Image(m.width, m.height)
    detector = mapnik.LabelCollisionDetector(m)
    start = time.thread_time()
    mapnik.render_with_detector(m, image, detector)
    return time.thread_time() - start, detector.boxes()


def placed_points(instance, boxes):
    """Distinct placed points; raises unless every box is a label of the model
    with its point at the expected corner or edge midpoint."""
    lw, lh = instance["labelWidth"], instance["labelHeight"]
    if instance["positions"] == 4:
        offsets = [(0, lh), (lw, lh), (0, 0), (lw, 0)]
    else:
        offsets = [(0, 0), (lw / 2, 0), (lw, 0), (0, lh / 2), (lw, lh / 2), (0, lh), (lw / 2, lh), (lw, lh)]
    # Index the points by rounded position to find a box's owner quickly.
    index = {}
    for i, (x, y) in enumerate(instance["points"]):
        index.setdefault((round(x), round(y)), []).append(i)
    unique = {(b.minx, b.miny, b.maxx, b.maxy) for b in boxes}
    owners = set()
    for x0, y0, x1, y1 in unique:
        if abs(x1 - x0 - lw) > 1e-6 or abs(y1 - y0 - lh) > 1e-6:
            raise SystemExit(f"mapnik: {instance['key']}: box {x1 - x0}x{y1 - y0} is not a label")
        found = None
        for dx, dy in offsets:
            px, py = x0 + dx, y0 + dy
            for i in index.get((round(px), round(py)), []):
                qx, qy = instance["points"][i]
                if abs(qx - px) < 1e-6 and abs(qy - py) < 1e-6:
                    found = i
        if found is None:
            raise SystemExit(f"mapnik: {instance['key']}: box {(x0, y0, x1, y1)} has no point at a label position")
        if found in owners:
            raise SystemExit(f"mapnik: {instance['key']}: point {found} has two labels")
        owners.add(found)
    return len(owners)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("instances")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with open(args.instances, encoding="utf-8") as handle:
        instances = json.load(handle)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for instance in instances:
            svg_path = os.path.join(tmp, f"label-{instance['key'].replace(' ', '-')}.svg")
            with open(svg_path, "w", encoding="utf-8") as svg:
                svg.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{instance["labelWidth"]:g}" '
                          f'height="{instance["labelHeight"]:g}"><rect width="100%" height="100%" fill="#c33"/></svg>')
            m = build_map(instance, svg_path)
            seconds, placed = [], None
            for _ in range(args.rounds):
                elapsed, boxes = render(m)
                seconds.append(elapsed)
                count = placed_points(instance, boxes)
                if placed is not None and count != placed:
                    raise SystemExit(f"mapnik: {instance['key']}: placed {count} then {placed}")
                placed = count
            results.append({"suite": "placement", "name": f"mapnik {instance['key']}", "items": 1,
                            "seconds": seconds, "checksum": placed,
                            "info": {"placed": placed, "n": instance["n"], "positions": instance["positions"]}})
    json.dump(results, sys.stdout)
    print()


if __name__ == "__main__":
    main()
