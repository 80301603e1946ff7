#!/usr/bin/env node
// Validates style JSON with MapLibre GL JS's own style-spec validator.
//
//   scripts/setup     # puts .cache/maplibre/maplibre-gl.js in place
//   node scripts/oracles/validate-style.js FILE.json ...
//
// A file with "version" is validated as a style document; a fragment
// ({"sources", "layers"}) is wrapped into a minimal v8 document first
// (our fragment-only keys "beforeId" and "images" are removed). Prints one
// line per problem and exits 1 if any file has problems.
"use strict";
const fs = require("fs");
const path = require("path");

function loadValidator() {
  const src = fs.readFileSync(path.join(__dirname, "../../.cache/maplibre/maplibre-gl.js"), "utf8");
  const modules = {};
  const start = src.indexOf('define("shared"');
  const end = src.indexOf("//\n// Our custom intro");
  new Function("define", src.slice(start, end))((name, deps, factory) => { modules[name] = factory; });
  globalThis.self = globalThis;
  const shared = {};
  modules.shared(shared);
  // The shared chunk exports the style validator (validateStyle) as `y`;
  // check it is the one by its attached per-part validators.
  const validate = shared.y;
  if (typeof validate !== "function" || typeof validate.layer !== "function") throw new Error("unexpected bundle layout");
  return validate;
}

const validate = loadValidator();
let failed = false;
for (const file of process.argv.slice(2)) {
  const json = JSON.parse(fs.readFileSync(file, "utf8"));
  if (Array.isArray(json) || !json.layers) {
    console.log(`${path.basename(file)}: skipped (not a style or fragment)`);
    continue;
  }
  let style = json;
  if (!("version" in json)) {
    style = {
      version: 8, glyphs: "https://example.com/{fontstack}/{range}.pbf", sources: json.sources,
      layers: json.layers.map(({ beforeId, ...layer }) => layer),
    };
  }
  const errors = validate(style);
  for (const e of errors) {
    failed = true;
    console.log(`${path.basename(file)}: ${e.message}`);
  }
  if (!errors.length) console.log(`${path.basename(file)}: valid`);
}
process.exit(failed ? 1 : 0);
