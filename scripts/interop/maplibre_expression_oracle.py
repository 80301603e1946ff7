"""Evaluates style-spec property expressions with MapLibre GL JS's own
evaluator, in headless chromium: the reference `ExpressionAgreementTests`
compare Cartouche's evaluator with.

MapLibre GL JS does not export its style-spec package, so each expression is
set on a layer of an empty map (`map.addLayer`, which validates it as the
style spec does) and evaluated through the property's parsed value, the
object the renderer itself evaluates: `PropertyValue.expression.evaluate(
{zoom}, feature, featureState)`. That path includes MapLibre's handling of a
property's expression (its type coercions, the default on an evaluation
error or null, enum checks).

stdin:  {"cases": [{"layerType": "line", "group": "paint", "key": "line-width",
                    "expression": [...], "contexts": [{"zoom": 12,
                    "properties": {...}, "id": 7 | null, "geometryType": "LineString",
                    "state": {...}}]}]}
stdout: {"results": [{"accepted": bool, "errors": [str], "values": [value | {"error": str}]}]}
        values: numbers, strings, booleans, arrays, {"color": [r, g, b, a]} (0…1,
        not premultiplied), {"image": name}, {"formatted": text}, {"number": "Infinity"}
        (or "-Infinity", "NaN": JSON has no such numbers).
"""
import json
import sys

from maplibre_page import map_page, require_setup

TOOL = "maplibre_expression_oracle"

EVALUATE = """
(cases) => {
  const types = {Point: 1, LineString: 2, Polygon: 3};
  const errors = [];
  window.map.on('error', (e) => errors.push(String(e && e.error ? e.error.message : e)));
  // text-field needs a glyphs URL to validate; nothing is drawn, so nothing is fetched.
  window.map.setGlyphs('http://127.0.0.1:9/{fontstack}/{range}.pbf');
  if (!window.map.getSource('s')) {
    window.map.addSource('s', {type: 'geojson', data: {type: 'FeatureCollection', features: []}});
  }
  function plain(v) {
    if (v === null || v === undefined) return null;
    // JSON has no infinities: they travel as {"number": "Infinity"}.
    if (typeof v === 'number' && !Number.isFinite(v)) return {number: String(v)};
    if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
    if (Array.isArray(v)) return v.map(plain);
    if (v.constructor && v.constructor.name && 'r' in v && 'g' in v && 'b' in v && 'a' in v) return {color: v.rgb};
    if ('sections' in v) return {formatted: v.sections.map((s) => s.text).join('')};
    if ('name' in v && 'available' in v) return {image: v.name};
    if ('values' in v && Array.isArray(v.values)) return v.values;
    return {object: JSON.parse(JSON.stringify(v))};
  }
  return cases.map((c, i) => {
    errors.length = 0;
    window.oracleError = null;
    const id = 'case-' + i;
    const layer = {id, type: c.layerType, source: 's'};
    layer[c.group] = {[c.key]: c.expression};
    window.map.addLayer(layer);
    const styleLayer = window.map.getLayer(id);
    if (!styleLayer) return {accepted: false, errors: errors.slice(), values: []};
    const property = c.group === 'paint'
      ? styleLayer._transitionablePaint._values[c.key].value
      : styleLayer._unevaluatedLayout._values[c.key];
    const values = c.contexts.map((x) => {
      const feature = {type: types[x.geometryType] || 1, properties: x.properties || {}};
      if (x.id !== null && x.id !== undefined) feature.id = x.id;
      try {
        return plain(property.expression.evaluate({zoom: x.zoom}, feature, x.state || {}, undefined, []));
      } catch (e) {
        return {error: String(e && e.message ? e.message : e)};
      }
    });
    window.map.removeLayer(id);
    return {accepted: true, errors: errors.slice(), values};
  });
}
"""


def main():
    require_setup(TOOL)
    request = json.load(sys.stdin)
    with map_page(TOOL, 64, 64) as page:
        results = page.evaluate(EVALUATE, request["cases"])
    json.dump({"results": results}, sys.stdout)


if __name__ == "__main__":
    main()
