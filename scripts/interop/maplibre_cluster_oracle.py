#!/usr/bin/env python3
"""MapLibre GL JS oracle for clustered GeoJSON sources (clusterProperties
aggregates and getClusterLeaves paging).

Reads one JSON job on stdin, loads the style into MapLibre GL JS 5.3.0 in
Debian's chromium (PyPI playwright, software WebGL), and for each camera
waits until the map is idle, lists the clusters `queryRenderedFeatures`
finds on the cluster layer (whole viewport), and pages each cluster's
leaves with `source.getClusterLeaves(clusterId, limit, offset)`.

Job:
  {"width": 800, "height": 600, "style": {<a complete style-spec v8 document>},
   "source": "pts", "layer": "pts-cluster-circle",
   "cameras": [{"center": [lng, lat], "zoom": z}],
   "pages": [[limit, offset], ...]}

Result:
  {"cameras": [{"zoom": z, "clusters": [{"properties": {...}, "pages": [[leaf id, ...], ...]}]}],
   "errors": [style errors], "warnings": [console warnings], "seconds": t}

Clusters come sorted by cluster_id, each once (a cluster cut into several
tiles is reported once). A leaf's id is its `properties.id` (the compiled
source's promoteId). Properties are as queryRenderedFeatures reports them:
null aggregates are absent (vector-tile encoding drops them).

  .venv-peers/bin/python scripts/interop/maplibre_cluster_oracle.py < job.json
"""
import json
import sys
import time

from maplibre_page import map_page, require_setup

LOAD = """
(style) => new Promise((resolve) => {
  window.styleErrors = [];
  window.map.once('idle', () => resolve(true));
  window.map.setStyle(style, {diff: false});
})
"""

CLUSTERS = """
async ([camera, source, layer, pages]) => {
  const map = window.map;
  map.jumpTo({center: camera.center, zoom: camera.zoom, bearing: 0, pitch: 0});
  await new Promise((resolve) => { map.once('idle', resolve); map.triggerRepaint(); });
  const seen = new Map();
  for (const f of map.queryRenderedFeatures({layers: [layer]})) {
    if (!seen.has(f.properties.cluster_id)) seen.set(f.properties.cluster_id, f.properties);
  }
  const ids = [...seen.keys()].sort((a, b) => a - b);
  const clusters = [];
  for (const id of ids) {
    const out = [];
    for (const [limit, offset] of pages) {
      const leaves = await map.getSource(source).getClusterLeaves(id, limit, offset);
      out.push(leaves.map((f) => f.properties.id));
    }
    clusters.push({properties: seen.get(id), pages: out});
  }
  return {zoom: map.getZoom(), clusters};
}
"""


def main():
    start = time.monotonic()
    require_setup("maplibre_cluster_oracle")
    job = json.load(sys.stdin)
    with map_page("maplibre_cluster_oracle", job["width"], job["height"]) as page:
        warnings = []
        page.on("console", lambda m: warnings.append(m.text) if m.type in ("warning", "error") else None)
        page.evaluate("window.map.on('error', (e) => window.styleErrors.push(String(e && e.error ? e.error.message : e)))")
        page.evaluate(LOAD, job["style"])
        cameras = [page.evaluate(CLUSTERS, [camera, job["source"], job["layer"], job["pages"]]) for camera in job["cameras"]]
        errors = page.evaluate("window.styleErrors")
    json.dump({"cameras": cameras, "errors": errors, "warnings": warnings,
               "seconds": round(time.monotonic() - start, 3)}, sys.stdout)


if __name__ == "__main__":
    main()
