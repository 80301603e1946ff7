// A style of the user's under the callouts (`/?style=URL`), drawn by
// MapLibre GL JS, which this service serves from the folder it was given
// (`/playground/vendor/maplibre-gl.js` and `.css`; never bundled).
//
// * A style reloads the page (its policy comes with it); the scene as
//   edited is kept in `sessionStorage` across that reload.
// * The page loads MapLibre only with a style. When its files are not
//   installed the note under the map says so (the 404's detail) and the
//   Natural Earth basemap stays.
// * The map is the viewport's size in CSS pixels, scaled like the
//   picture and placed under it, with every MapLibre interaction off:
//   the playground's own camera model moves it, by `jumpTo` (centre,
//   zoom, bearing, pitch, padding) on every camera change, and
//   `setProjection` follows the projection switch. After each jump the
//   camera MapLibre reports is compared with the playground's; when
//   MapLibre's constraints moved it, the note says so.
// * Style errors (MapLibre's `error` events) and requests the page's
//   Content-Security-Policy blocked (other origins than the style's) are
//   shown in the note, never swallowed.

// MARK: style basemap (MapLibre GL JS, only with ?style=URL)

const styleMap = { url: null, status: 'off', map: null, styleLoaded: false, projection: null, size: null };

function setStyleNote(status, text) {
  const note = $('style-note');
  note.hidden = false;
  note.dataset.status = status;
  note.textContent = text;
}

/** Reloads the page with `?style=` (the policy that allows the style's origin comes with the page), or without it. */
function useStyle(text) {
  if (text === '') { keepScene(); location.assign('/'); return; }
  let url;
  try { url = new URL(text); } catch (error) { url = null; }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    showProblem(new Problem({ title: 'Not a style URL', detail: `${text}: give the http or https URL of a MapLibre/Mapbox style JSON` }));
    return;
  }
  keepScene();
  location.assign(`/?style=${encodeURIComponent(url.href)}`);
}

const SAVED_SCENE = 'cartouche-playground-scene';

/** The scene as edited survives the reload a style needs (this tab only), taken back by `takeSavedScene`. */
function keepScene() {
  if (state.scene) sessionStorage.setItem(SAVED_SCENE, JSON.stringify({ scene: state.scene, example: $('example').value }));
}

function takeSavedScene() {
  const text = sessionStorage.getItem(SAVED_SCENE);
  sessionStorage.removeItem(SAVED_SCENE);
  try { return text ? JSON.parse(text) : null; } catch (error) { return null; }
}

function loadStyleMap() {
  const url = new URLSearchParams(location.search).get('style');
  $('style-url').value = url || '';
  if (!url) return;
  styleMap.url = url;
  styleMap.status = 'loading';
  setStyleNote('loading', `Loading MapLibre GL JS for the style ${url}…`);
  document.addEventListener('securitypolicyviolation', (event) => {
    setStyleNote('error', `Blocked by the page's Content-Security-Policy (${event.effectiveDirective}): ${event.blockedURI}. `
      + `Only the style's own origin, ${new URL(url).origin}, may be fetched.`);
  });
  document.head.append(el('link', { rel: 'stylesheet', href: '/playground/vendor/maplibre-gl.css' }));
  const script = el('script', { src: '/playground/vendor/maplibre-gl.js' });
  script.addEventListener('load', () => { styleMap.status = 'loaded'; ensureStyleMap(); });
  script.addEventListener('error', async () => {
    // A script element does not expose the answer: ask again for the problem's detail.
    let detail = 'MapLibre GL JS could not be loaded';
    try { await call('GET', '/playground/vendor/maplibre-gl.js', undefined, 'text/javascript'); } catch (error) { detail = error.message; }
    styleMap.status = 'absent';
    setStyleNote('absent', `${detail}. The style is not drawn; the Natural Earth basemap stays.`);
    redrawLive();
  });
  document.head.append(script);
}

/** Makes the map once MapLibre is loaded and a picture gives the viewport; sizes it to the picture on screen. */
function ensureStyleMap() {
  const picture = $('map').querySelector('svg');
  if (!picture || !state.good || styleMap.status === 'off' || styleMap.status === 'absent' || styleMap.status === 'loading') return;
  const { width, height } = state.good.scene.viewport;
  const container = $('style-map');
  if (!styleMap.map) {
    const camera = liveCamera();
    container.style.width = `${width}px`;
    container.style.height = `${height}px`;
    container.hidden = false;
    styleMap.size = [width, height];
    const map = new maplibregl.Map({
      container, style: styleMap.url, interactive: false, attributionControl: false, fadeDuration: 0,
      center: camera.center, zoom: camera.zoom, bearing: camera.bearing, pitch: camera.pitch,
      minZoom: ZOOM_RANGE[0], maxZoom: ZOOM_RANGE[1], maxPitch: 85,
    });
    styleMap.map = map;
    map.on('error', (event) => setStyleNote('error', `The style could not be drawn: ${(event.error && event.error.message) || event.type}`));
    map.on('style.load', () => { styleMap.styleLoaded = true; styleMap.projection = null; redrawLive(); });
    map.on('load', () => {
      styleMap.status = 'ready';
      const sources = Object.values(map.getStyle().sources || {});
      const credits = sources.map((s) => s.attribution).filter(Boolean)
        .map((html) => new DOMParser().parseFromString(html, 'text/html').body.textContent.trim());
      const name = map.getStyle().name;
      setStyleNote('ready', `Basemap: ${name ? `“${name}”, ` : ''}${styleMap.url}, drawn by MapLibre GL JS ${maplibregl.getVersion()} `
        + `on the playground's camera${credits.length ? `. ${[...new Set(credits)].join('; ')}` : ''}`);
      redrawLive();
    });
  } else if (styleMap.size[0] !== width || styleMap.size[1] !== height) {
    container.style.width = `${width}px`;
    container.style.height = `${height}px`;
    styleMap.size = [width, height];
    styleMap.map.resize();
  }
  fitStyleMap();
}

/** Puts the map exactly under the picture as shown: same place, scaled like it (the picture may be shrunk to fit). */
function fitStyleMap() {
  const picture = $('map').querySelector('svg');
  if (!picture || !styleMap.map) return;
  const box = picture.getBoundingClientRect(), frame = $('map').getBoundingClientRect();
  const container = $('style-map');
  container.style.left = `${box.left - frame.left}px`;
  container.style.top = `${box.top - frame.top}px`;
  container.style.transform = `scale(${box.width / styleMap.size[0]})`;
}

/** Moves the map to the playground's camera (and projection); the note says when MapLibre would not go there. */
function syncStyleMap(projection) {
  const map = styleMap.map;
  if (!map) return;
  const type = projectionType(state.scene);
  // The projection is the style's: it can only be set once the style is in (jumps work before).
  if (styleMap.styleLoaded && styleMap.projection !== type) {
    map.setProjection({ type });
    styleMap.projection = type;
  }
  const c = projection.camera;
  map.jumpTo({ center: c.center, zoom: c.zoom, bearing: c.bearing, pitch: c.pitch, padding: c.padding });
  const center = map.getCenter();
  const off = Math.abs(map.getZoom() - c.zoom) > 1e-9 || Math.abs(center.lat - c.center[1]) > 1e-6
    || Math.abs(wrapLongitude(center.lng - c.center[0])) > 1e-6;
  const note = $('style-note');
  if (styleMap.status === 'ready' && off !== (note.dataset.constrained === 'true')) {
    note.dataset.constrained = String(off);
    if (off) note.textContent += ` (MapLibre constrains this camera to zoom ${map.getZoom().toFixed(3)}: the style is not exactly under the callouts here.)`;
    else note.textContent = note.textContent.replace(/ \(MapLibre constrains .*$/, '');
  }
}
