#!/usr/bin/env node
// Records what MapLibre GL JS's own clustering (its bundled supercluster)
// produces for a few seeded point sets, as the oracle for ClusterIndexTests.
//
//   scripts/setup            # puts .cache/maplibre/maplibre-gl.js in place
//   node scripts/oracles/supercluster-fixture.js > Tests/CartoucheAnnotationsTests/Fixtures/supercluster.json
//
// The class is taken out of the worker chunk of the bundle at run time;
// nothing of MapLibre is copied into the repository. Options are passed the
// way MapLibre's GeoJSON source does: extent 8192, radius × 8192/512.
"use strict";
const fs = require("fs");
const path = require("path");

function loadSupercluster() {
  const file = path.join(__dirname, "../../.cache/maplibre/maplibre-gl.js");
  const src = fs.readFileSync(file, "utf8");
  const modules = {};
  const start = src.indexOf('define("shared"');
  const end = src.indexOf("//\n// Our custom intro");
  new Function("define", src.slice(start, end))((name, deps, factory) => { modules[name] = factory; });
  globalThis.self = globalThis;
  const shared = {};
  modules.shared(shared);
  // The worker chunk keeps the clustering class (minified name P) private;
  // expose it just before the chunk's closing return.
  const worker = modules.worker.toString();
  const cut = worker.lastIndexOf("return e.i(self)");
  if (cut < 0 || !/class P\{constructor\(e\)\{this\.options=/.test(worker)) throw new Error("unexpected bundle layout");
  new Function("return (" + worker.slice(0, cut) + "globalThis.__Supercluster=P;" + worker.slice(cut) + ")")()(shared);
  return globalThis.__Supercluster;
}

// SplitMix64, the same generator as the Swift tests, so point sets are reproducible.
function splitmix(seed) {
  let state = BigInt(seed);
  const mask = (1n << 64n) - 1n;
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & mask;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    z = z ^ (z >> 31n);
    return Number(z >> 11n) / 2 ** 53;
  };
}

function scenario(Supercluster, name, seed, count, box, options) {
  const next = splitmix(seed);
  const points = [];
  for (let i = 0; i < count; i++) {
    const lng = box[0] + next() * (box[2] - box[0]);
    const lat = box[1] + next() * (box[3] - box[1]);
    points.push([lng, lat, Math.floor(next() * 10)]);
  }
  const features = points.map(([lng, lat, n], index) => ({
    type: "Feature", properties: { index, n }, geometry: { type: "Point", coordinates: [lng, lat] },
  }));
  const index = new Supercluster({
    radius: options.radius * (8192 / 512), extent: 8192, maxZoom: options.maxZoom, minPoints: options.minPoints,
    map: (p) => ({ total: p.n, largest: p.n }),
    reduce: (a, b) => { a.total = a.total + b.total; a.largest = Math.max(a.largest, b.largest); },
  }).load(features);

  const zooms = [];
  for (let z = 0; z <= options.maxZoom + 1; z++) {
    const items = index.getClusters([-180, -90, 180, 90], z).map((f) => {
      const p = f.properties;
      if (!p.cluster) return { point: p.index };
      return {
        cluster: p.cluster_id, count: p.point_count, abbreviated: String(p.point_count_abbreviated),
        lng: f.geometry.coordinates[0], lat: f.geometry.coordinates[1],
        total: p.total, largest: p.largest,
        expansionZoom: index.getClusterExpansionZoom(p.cluster_id),
        children: index.getChildren(p.cluster_id).map((c) => c.properties.cluster ? { cluster: c.properties.cluster_id } : { point: c.properties.index }),
        leaves: index.getLeaves(p.cluster_id, Infinity).map((l) => l.properties.index),
      };
    });
    zooms.push(items);
  }
  return { name, options, points, zooms };
}

const Supercluster = loadSupercluster();
const scenarios = [
  scenario(Supercluster, "defaults-europe", 7, 300, [-10, 35, 30, 60], { radius: 50, maxZoom: 14, minPoints: 2 }),
  scenario(Supercluster, "dense-minpoints-3", 11, 250, [2.2, 48.8, 2.5, 48.95], { radius: 40, maxZoom: 16, minPoints: 3 }),
  scenario(Supercluster, "world-radius-80", 3, 200, [-180, -80, 180, 80], { radius: 80, maxZoom: 8, minPoints: 2 }),
];
process.stdout.write(JSON.stringify({ generator: "scripts/oracles/supercluster-fixture.js", maplibre: "5.3.0", scenarios }) + "\n");
