/// The playground's HTML (`GET /`): the layout and accessible labels only.
/// Behaviour is in ``PlaygroundScript`` and looks in ``PlaygroundStyle``,
/// served as files of their own so the page's Content-Security-Policy can
/// forbid every inline script and style.
///
/// Elements the browser test drives carry a `data-testid`.
enum PlaygroundPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cartouche playground</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/playground.css">
<script src="/playground.js" defer></script>
</head>
<body data-status="loading">
<header>
  <h1>Cartouche playground</h1>
  <p>Callouts placed and drawn by this server; drag, wheel or pinch to move the camera, click the map to query it.</p>
  <nav aria-label="Service"><a href="/openapi.json">API (OpenAPI)</a></nav>
</header>
<main>
  <aside id="controls" aria-label="Scene and camera">
    <section aria-labelledby="scene-heading">
      <h2 id="scene-heading">Scene</h2>
      <label for="example">Example</label>
      <select id="example" data-testid="example"></select>
      <label for="scene-file">Upload a scene file</label>
      <input type="file" id="scene-file" accept=".json,application/json" data-testid="scene-file">
      <label for="scene-text">Or paste a scene (JSON, format version 1)</label>
      <textarea id="scene-text" rows="5" spellcheck="false" data-testid="scene-text"
                placeholder='{"version": 1, "viewport": …, "camera": …}'></textarea>
      <div class="row">
        <button type="button" id="load-text" data-testid="load-text">Load pasted scene</button>
        <button type="button" id="edit-text">Copy current scene</button>
      </div>
    </section>
    <section aria-labelledby="camera-heading">
      <h2 id="camera-heading">Camera and mode</h2>
      <label for="camera">Camera</label>
      <select id="camera" data-testid="camera"></select>
      <p id="camera-note" class="note"></p>
      <div class="slider">
        <label for="zoom">Zoom</label>
        <input type="range" id="zoom" min="0" max="25.5" step="0.01" data-testid="zoom">
        <output id="zoom-value" for="zoom"></output>
      </div>
      <div class="slider">
        <label for="bearing">Bearing</label>
        <input type="range" id="bearing" min="0" max="360" step="0.1" data-testid="bearing">
        <output id="bearing-value" for="bearing"></output>
      </div>
      <div class="slider">
        <label for="pitch">Pitch</label>
        <input type="range" id="pitch" min="0" max="85" step="0.1" data-testid="pitch">
        <output id="pitch-value" for="pitch"></output>
      </div>
      <label for="projection">Projection</label>
      <select id="projection" data-testid="projection">
        <option value="mercator">Mercator</option>
        <option value="globe">Globe (a sphere below zoom 12)</option>
      </select>
      <label for="mode">Placement mode</label>
      <select id="mode" data-testid="mode">
        <option value="greedy">greedy (Mapbox's rules, first fit)</option>
        <option value="optimise">optimise (as many shown as possible)</option>
      </select>
      <label class="check"><input type="checkbox" id="ghosts" data-testid="ghosts"> Show rejected candidates</label>
    </section>
    <section aria-labelledby="basemap-heading">
      <h2 id="basemap-heading">Basemap</h2>
      <label for="style-url">Style URL (MapLibre or Mapbox style JSON)</label>
      <input type="url" id="style-url" data-testid="style-url" placeholder="https://…/style.json" spellcheck="false">
      <div class="row">
        <button type="button" id="use-style" data-testid="use-style">Use style</button>
        <button type="button" id="no-style">Natural Earth</button>
      </div>
      <p class="note">A style reloads the page with <code>?style=</code>: drawn by MapLibre GL JS on this page's camera; the page may then fetch from the style's origin only.</p>
    </section>
  </aside>
  <section id="stage" aria-label="Map">
    <div id="problem" role="alert" hidden data-testid="problem"></div>
    <div id="map" data-testid="map"><div id="style-map" data-testid="style-map" hidden></div></div>
    <p id="basemap-note" class="note" data-testid="basemap-note" data-status="loading"></p>
    <p id="style-note" class="note" data-testid="style-note" data-status="off" role="status" hidden></p>
  </section>
  <aside id="results" aria-label="Results">
    <section aria-labelledby="summary-heading">
      <h2 id="summary-heading">Placement</h2>
      <div id="summary" data-testid="summary" aria-live="polite"><p class="note">No scene drawn yet.</p></div>
    </section>
    <section aria-labelledby="hits-heading">
      <h2 id="hits-heading">Hits</h2>
      <p id="tap" data-testid="tap">Click the map to list what is there, top-most first.</p>
      <ol id="hits" data-testid="hits" aria-live="polite"></ol>
    </section>
  </aside>
</main>
</body>
</html>
"""#
}
