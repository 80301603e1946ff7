/// The playground's style sheet (`GET /playground.css`): three columns —
/// controls, the map, results — that fit a 1280×800 window without
/// scrolling the map out of view. System fonts only (nothing is fetched).
enum PlaygroundStyle {
    static let source = #"""
:root {
  --ink: #1d2430; --muted: #5b6676; --line: #d5dbe3; --panel: #f5f7fa; --accent: #1f6feb; --bad: #b42318;
  font: 14px/1.4 system-ui, "Noto Sans", sans-serif; color: var(--ink);
}
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { display: flex; flex-direction: column; }
header { display: flex; align-items: baseline; gap: 16px; padding: 8px 16px; border-bottom: 1px solid var(--line); }
header h1 { font-size: 18px; margin: 0; }
header p { margin: 0; color: var(--muted); flex: 1; }
main { flex: 1; min-height: 0; display: grid; grid-template-columns: 300px minmax(0, 1fr) 270px; }
aside { overflow-y: auto; padding: 8px 14px; background: var(--panel); }
#controls { border-right: 1px solid var(--line); }
#results { border-left: 1px solid var(--line); }
h2 { font-size: 13px; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); margin: 12px 0 6px; }
label { display: block; margin: 8px 0 2px; font-weight: 600; }
label.check { font-weight: normal; }
select, textarea, input[type=file], input[type=url] { width: 100%; font: inherit; }
textarea { font: 12px/1.3 ui-monospace, "Noto Sans Mono", monospace; resize: vertical; }
.row { display: flex; gap: 6px; margin-top: 6px; }
.row button { flex: 1; white-space: nowrap; font-size: 13px; }
button { font: inherit; padding: 4px 8px; border: 1px solid var(--line); border-radius: 4px; background: white; cursor: pointer; }
button:focus-visible, select:focus-visible, input:focus-visible, textarea:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.slider { display: grid; grid-template-columns: 64px 1fr 56px; align-items: center; gap: 6px; }
.slider label { margin: 4px 0; }
.slider output { font-variant-numeric: tabular-nums; text-align: right; }
.note { color: var(--muted); margin: 4px 0; font-size: 12px; }
#stage { display: flex; flex-direction: column; min-width: 0; min-height: 0; padding: 8px; }
#map { flex: 1; min-height: 0; display: flex; align-items: center; justify-content: center; position: relative; }
/* A style's map (MapLibre GL JS): the viewport's size, placed and scaled by the script exactly under the picture,
   never taking the pointer (the picture's gestures move it). The id outweighs MapLibre's own .maplibregl-map. */
#style-map { position: absolute; left: 0; top: 0; transform-origin: 0 0; pointer-events: none; }
#map svg { position: relative; }
/* The picture keeps its size (the viewport's) and only shrinks to fit, aspect kept, so the
   element is exactly the viewport: nothing drawn outside it shows. */
#map svg { display: block; max-width: 100%; max-height: 100%; width: auto; height: auto; cursor: crosshair; touch-action: none; user-select: none; }
#map svg:active { cursor: grabbing; }
/* The basemap: light land over the service's background, under everything the service drew. */
#playground-basemap path { fill: #ece8df; fill-rule: evenodd; stroke: #c9c1b1; stroke-width: 0.75; stroke-linejoin: round; }
#basemap-note { margin: 4px 0 0; }
#basemap-note[data-status=absent], #style-note[data-status=absent], #style-note[data-status=error] { color: var(--bad); }
#style-note { margin: 2px 0 0; }
/* The globe's disc, under the land. */
#playground-basemap path.globe { fill: #f4f7fa; stroke: #b9c3cf; stroke-width: 1; }
#map svg:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
body[data-status=busy] #map svg { opacity: 0.85; }
#problem { border: 1px solid var(--bad); color: var(--bad); background: #fff4f2; padding: 8px 10px; margin-bottom: 8px; border-radius: 4px; }
#problem strong { display: block; }
#problem code { color: var(--ink); }
#summary dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 0; }
#summary dt { color: var(--muted); }
#summary dd { margin: 0; font-variant-numeric: tabular-nums; }
#summary ul, #hits { margin: 4px 0; padding-left: 20px; }
#hits li { margin: 2px 0; }
#hits .kind { color: var(--muted); }
"""#
}
