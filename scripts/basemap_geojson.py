#!/usr/bin/env python3
"""Converts Natural Earth's 1:110m countries shapefile (public domain, as
shipped in the geopandas 0.14.4 wheel under
`geopandas/datasets/naturalearth_lowres/`) to the GeoJSON the playground
draws as its basemap (`GET /playground/basemap.geojson`).

  python basemap_geojson.py SHAPEFILE_BASE OUT.geojson

SHAPEFILE_BASE is the path without extension (`…/naturalearth_lowres`).
Needs PyPI `pyshp` (importable as `shapefile`; `scripts/setup` puts its
wheel on PYTHONPATH). Coordinates are rounded to 4 decimals (about 11 m,
far below what 1:110m resolves), only each country's `name` is kept, and
the features are written in the shapefile's order with sorted keys, so the
file is byte-identical on every run. Written to OUT.geojson.tmp and renamed,
so an interrupted run never leaves half a file.
"""
import json
import os
import sys

import shapefile  # PyPI pyshp


def rounded(value):
    """Rounds coordinates (nested lists) to 4 decimals; -0.0 becomes 0."""
    if isinstance(value, (list, tuple)):
        return [rounded(v) for v in value]
    r = round(float(value), 4)
    return 0.0 if r == 0 else r


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: basemap_geojson.py SHAPEFILE_BASE OUT.geojson")
    base, out = sys.argv[1], sys.argv[2]
    # The .cpg says ISO-8859-1 (e.g. "Côte d'Ivoire"); pyshp 2.3 does not read .cpg files.
    reader = shapefile.Reader(base, encoding="latin-1")
    fields = [f[0] for f in reader.fields[1:]]
    if "name" not in fields:
        sys.exit(f"{base}: no 'name' field (fields: {fields})")
    features = []
    for record in reader.iterShapeRecords():
        geometry = record.shape.__geo_interface__
        if geometry["type"] not in ("Polygon", "MultiPolygon"):
            sys.exit(f"{base}: unexpected {geometry['type']} for {record.record['name']}")
        features.append({
            "type": "Feature",
            "properties": {"name": record.record["name"]},
            "geometry": {"type": geometry["type"], "coordinates": rounded(geometry["coordinates"])},
        })
    collection = {
        "type": "FeatureCollection",
        "attribution": "Made with Natural Earth (public domain), 1:110m admin 0 countries, via the geopandas 0.14.4 wheel",
        "features": features,
    }
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(collection, f, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    os.replace(tmp, out)
    print(f"basemap: {len(features)} countries, {os.path.getsize(out)} bytes in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
