#!/usr/bin/env node
// Times MapLibre GL JS's own clustering (its bundled supercluster) on the
// same points as scripts/bench/annotations (SplitMix64 seed 9), with the
// options MapLibre passes for clusterRadius 50, clusterMaxZoom 14.
//
//   node scripts/oracles/supercluster-bench.js [points] [runs]
"use strict";
const path = require("path");
const fs = require("fs");
const file = path.join(__dirname, "supercluster-fixture.js");
const src = fs.readFileSync(file, "utf8").replace(/const Supercluster = loadSupercluster\(\);[\s\S]*$/, "module.exports = { loadSupercluster, splitmix };");
const m = new module.constructor();
m.paths = module.paths;
m._compile(src, file);
const Supercluster = m.exports.loadSupercluster();
const count = Number(process.argv[2] || 1e6);
const runs = Number(process.argv[3] || 3);
const next = m.exports.splitmix(9);
const features = [];
for (let i = 0; i < count; i++) {
  const lat = -60 + next() * 120;
  const lng = -180 + next() * 360;
  features.push({ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [lng, lat] } });
}
const seconds = [];
for (let run = 1; run <= runs; run++) {
  const t = process.hrtime.bigint();
  new Supercluster({ radius: 50 * 16, extent: 8192, maxZoom: 14, minPoints: 2 }).load(features);
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  seconds.push(s);
  console.log(`supercluster (MapLibre 5.3.0) ${count} points, run ${run}: ${s} s`);
}
console.log(`supercluster (MapLibre 5.3.0) ${count} points, median: ${seconds.sort((a, b) => a - b)[Math.floor(runs / 2)]} s`);
