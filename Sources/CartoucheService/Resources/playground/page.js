// The playground's behaviour (`GET /playground.js`), vanilla JavaScript
// with no dependencies. It only talks to this service (and, with
// `?style=URL`, MapLibre GL JS talks to the style's origin):
//
// * `GET /v1/examples` fills the scene picker;
// * every change posts the scene to `/v1/place` (the summary, the
//   camera the controls show and the answer's times, from `Server-Timing`)
//   and `/v1/render` (the SVG picture);
// * dragging the map pans, the wheel and a two-finger pinch zoom about the
//   cursor (camera.js); each camera change re-places and re-renders, at
//   most one request pair per 120 ms while the camera moves, and an answer
//   older than the one on screen is dropped. Between answers the last
//   picture follows the camera (an SVG transform) and the basemap
//   (basemap.js) is re-projected at once;
// * the projection switch (Mercator / Globe) edits the scene's
//   `projection`; below zoom 12 on the globe the camera model is globe.js's;
// * with `?style=URL` the style is drawn by MapLibre GL JS under the
//   picture, on the same camera (style-map.js);
// * a click (a press and release without a drag) on the picture is
//   converted to the viewport's pixel coordinates through the SVG's
//   `getScreenCTM()` (the picture is scaled to the page) and posted to
//   `/v1/query`; the hits are listed.
//
// A fitted camera (`{"fit": …}`) becomes, on its first edit, the explicit
// camera the fit resolved to (centre, zoom, bearing, pitch, padding from the
// last `/v1/place` answer), which then takes the edit.
//
// `body[data-status]` (`loading`, `busy`, `ready`, `error`),
// `body[data-renders]` (pictures shown so far), `body[data-places]`
// (`/v1/place` requests sent) and `body[data-queries]` (`/v1/query`
// requests sent) let tests wait for the page without sleeping.

// MARK: page

const SVG_NS = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

// state.scene is the scene the controls edit and the requests send;
// state.good is the last scene that rendered, with its /v1/place answer.
// A failed render puts the good scene back, so one bad edit never leaves
// the page without a picture.
// state.sent numbers the place/render pairs; state.shown is the pair on screen.
const state = {
  scene: null, frame: 0, good: null, generation: 0, renders: 0, timer: 0, sent: 0, shown: 0,
  examples: new Map(), converted: new Set(), gesture: null, pointers: new Map(),
};

/** A problem answered by the service (RFC 9457), or one made up here. */
class Problem extends Error {
  constructor(body) {
    super(body.detail || body.title || 'request failed');
    this.body = body;
  }
}

async function call(method, path, body, accept) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? { Accept: accept } : { 'Content-Type': 'application/json', Accept: accept },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new Problem({ title: 'Service unreachable', detail: `${path}: ${error.message}` });
  }
  if (response.ok) return response;
  const type = response.headers.get('Content-Type') || '';
  if (type.startsWith('application/problem+json')) throw new Problem(await response.json());
  throw new Problem({ title: response.statusText || 'Error', status: response.status, detail: `${path} answered ${response.status}` });
}

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

function svgElement(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

function setStatus(status) { document.body.dataset.status = status; }

/** A request with its round trip and the server's own time (`Server-Timing: app;dur=…`), in ms. */
async function timedCall(method, path, body, accept, read) {
  const started = performance.now();
  const response = await call(method, path, body, accept);
  const value = await read(response);
  const match = /(?:^|,)\s*app;dur=([0-9.]+)/.exec(response.headers.get('Server-Timing') || '');
  return { value, roundTrip: performance.now() - started, server: match ? Number(match[1]) : null };
}

// MARK: problems

function showProblem(error) {
  const body = error instanceof Problem ? error.body : { title: 'Error', detail: String(error && error.message || error) };
  const box = $('problem');
  box.replaceChildren(el('strong', { 'data-testid': 'problem-title' }, body.title || 'Error'));
  box.append(el('span', { 'data-testid': 'problem-detail' }, body.detail || ''));
  if (body.path) box.append(' ', el('span', {}, 'at ', el('code', { 'data-testid': 'problem-path' }, body.path)));
  if (body.line) box.append(` (line ${body.line}, column ${body.column})`);
  box.hidden = false;
}

function clearProblem() { $('problem').hidden = true; $('problem').replaceChildren(); }

// MARK: cameras

function cameras(scene) { return Array.isArray(scene.cameras) ? scene.cameras : [scene.camera]; }

function setCamera(scene, index, camera) {
  if (Array.isArray(scene.cameras)) scene.cameras[index] = camera; else scene.camera = camera;
}

function isFit(camera) { return camera !== null && typeof camera === 'object' && 'fit' in camera; }

/** The camera the page is at now: the scene's, or for a fitted camera the one the last answer resolved it to. */
function liveCamera() {
  const spec = cameras(state.scene)[state.frame];
  return fullCamera(isFit(spec) ? state.good.placed.frames[state.frame].camera : spec);
}

/** Makes `camera` the current frame's (a fitted camera becomes explicit), follows it on screen and re-places. */
function applyCamera(camera) {
  if (isFit(cameras(state.scene)[state.frame])) state.converted.add(state.frame);
  const c = fullCamera(camera);
  setCamera(state.scene, state.frame, { center: c.center, zoom: c.zoom, bearing: c.bearing, pitch: c.pitch, padding: c.padding });
  $('zoom').value = String(c.zoom);
  $('zoom-value').textContent = c.zoom.toFixed(2);
  redrawLive();
  scheduleRender();
}

/** Applies one control's edit to the current camera, making a fitted camera explicit first. */
function editCamera(field, value) {
  if (!state.scene || !state.good) return;
  applyCamera({ ...liveCamera(), [field]: value });
}

function fillCameraPicker() {
  const list = cameras(state.scene);
  $('camera').replaceChildren(...list.map((c, i) =>
    el('option', { value: String(i) }, `${i + 1}: ${isFit(c) ? 'fitted' : `zoom ${Number(c.zoom).toFixed(2)}`}`)));
  $('camera').value = String(state.frame);
  $('camera').disabled = list.length < 2;
}

function syncControls() {
  const camera = liveCamera();
  const bearing = ((camera.bearing % 360) + 360) % 360;
  $('zoom').value = String(camera.zoom);
  $('bearing').value = String(bearing);
  $('pitch').value = String(camera.pitch);
  $('zoom-value').textContent = camera.zoom.toFixed(2);
  $('bearing-value').textContent = `${bearing.toFixed(1)}°`;
  $('pitch-value').textContent = `${camera.pitch.toFixed(1)}°`;
  $('mode').value = (state.good.scene.options && state.good.scene.options.mode) || 'greedy';
  $('projection').value = projectionType(state.scene);
  const spec = cameras(state.good.scene)[state.frame];
  $('camera-note').textContent = isFit(spec)
    ? 'Fitted to the annotations: the first edit turns it into the explicit camera the fit chose.'
    : state.converted.has(state.frame) ? 'Was fitted to the annotations; now the explicit camera the fit chose, with your edits.' : '';
}

function setControlsEnabled(enabled) {
  for (const id of ['zoom', 'bearing', 'pitch', 'mode', 'projection', 'ghosts', 'edit-text']) $(id).disabled = !enabled;
  if (!enabled) $('camera').disabled = true;
}

// MARK: rendering

/** Re-places within 120 ms: changes in between join the same request (a throttle, so a long drag still re-places as it goes). */
function scheduleRender() {
  state.generation += 1;  // queries answered for the earlier scene are now stale
  setStatus('busy');
  if (!state.timer) state.timer = setTimeout(render, 120);
}

async function render() {
  clearTimeout(state.timer);
  state.timer = 0;
  state.generation += 1;
  const sequence = ++state.sent;
  const scene = structuredClone(state.scene);
  const frame = state.frame;
  const ghosts = $('ghosts').checked;
  document.body.dataset.places = String(state.sent);
  setStatus('busy');
  // Only the latest request's outcome settles the page; an older answer is still shown if it is newer than the picture.
  const latest = () => sequence === state.sent && !state.timer;
  try {
    const [placed, svg] = await Promise.all([
      timedCall('POST', '/v1/place', scene, 'application/json', (r) => r.json()),
      timedCall('POST', `/v1/render?frame=${frame}&ghosts=${ghosts}&caption=false`, scene, 'image/svg+xml', (r) => r.text()),
    ]);
    if (sequence < state.shown || state.frame !== frame) return;
    state.shown = sequence;
    state.good = { scene, placed: placed.value, timing: { place: placed, render: svg } };
    state.loadingScene = false;
    showPicture(svg.value);
    showSummary();
    setControlsEnabled(true);
    fillCameraPicker();
    syncControls();
    clearProblem();
    clearHits('Click the map to list what is there, top-most first.');
    state.renders += 1;
    document.body.dataset.renders = String(state.renders);
    if (latest()) setStatus('ready');
  } catch (error) {
    if (!latest()) return;
    showProblem(error);
    if (state.good) {
      // Back to the scene on screen, so the controls match the picture.
      state.scene = structuredClone(state.good.scene);
      state.loadingScene = false;
      state.frame = Math.min(state.frame, cameras(state.scene).length - 1);
      fillCameraPicker();
      syncControls();
      redrawLive();
    }
    setStatus('error');
  }
}

function showPicture(text) {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = parsed.documentElement;
  if (svg.nodeName !== 'svg') throw new Problem({ title: 'Bad picture', detail: '/v1/render did not answer an SVG document' });
  const picture = document.importNode(svg, true);
  picture.setAttribute('role', 'img');
  picture.setAttribute('aria-label',
    'The scene as placed. Drag to pan, wheel or pinch to zoom, click to query what is under the pointer; or, from the keyboard, '
    + 'arrow keys move the query point (Shift: further) and Enter queries it.');
  picture.setAttribute('tabindex', '0');
  picture.setAttribute('data-testid', 'picture');
  // The camera this picture was made for: the preview transform starts from it.
  picture.dataset.camera = JSON.stringify(state.good.placed.frames[state.frame].camera);
  picture.addEventListener('keydown', onPictureKey);
  // Layers: the service's background, its globe (the disc and graticule, on the globe), the basemap, then everything
  // else the service drew (moved as one while the camera moves). The service's globe is opaque: over the basemap it
  // would hide the land, so it lies under it (and steps aside while the page draws its own, live disc).
  const background = [...picture.children].find((node) => node.localName === 'rect');
  if (background) background.setAttribute('id', 'playground-background');
  const globe = [...picture.children].find((node) => node.localName === 'g' && node.getAttribute('id') === 'globe');
  if (globe) globe.setAttribute('id', 'playground-service-globe');
  const content = svgElement('g', { id: 'playground-content' });
  for (const node of [...picture.childNodes]) {
    if (node !== background && node !== globe && node.localName !== 'defs') content.append(node);
  }
  const under = svgElement('g', { id: 'playground-basemap', 'data-testid': 'basemap' });
  picture.append(under, content);
  if (globe) picture.insertBefore(globe, under);
  if (background) picture.insertBefore(background, globe || under);
  const old = $('map').querySelector('svg');
  if (old) old.replaceWith(picture); else $('map').append(picture);
  ensureStyleMap();
  redrawLive();
}

/**
 * Re-projects the basemap for the live camera (in the scene's projection), moves the last answer's drawing to it and
 * the style's map with it. With a style drawn the service's background and the Natural Earth basemap step aside.
 */
function redrawLive() {
  const picture = $('map').querySelector('svg');
  if (!picture || !state.good || !state.scene) return;
  const { width, height } = state.good.scene.viewport;
  const type = projectionType(state.scene);
  const live = makeProjection(liveCamera(), width, height, type);
  const styled = styleMap.status === 'ready';
  const under = picture.querySelector('#playground-basemap');
  const drawsBasemap = basemap.status === 'ready' && !styled;
  if (drawsBasemap) drawBasemap(under, live); else under.replaceChildren();
  $('basemap-note').hidden = styled;  // the style's note says what is drawn instead
  const background = picture.querySelector('#playground-background');
  if (background) background.setAttribute('visibility', styled ? 'hidden' : 'visible');
  // The page's globe basemap draws its own disc for the live camera; the service's is only needed without it.
  const serviceGlobe = picture.querySelector('#playground-service-globe');
  if (serviceGlobe) serviceGlobe.setAttribute('visibility', styled || (drawsBasemap && live.globe) ? 'hidden' : 'visible');
  const content = picture.querySelector('#playground-content');
  const shownCamera = fullCamera(JSON.parse(picture.dataset.camera));
  const shownType = projectionType(state.good.scene);
  // The same camera draws the picture as it is (an affinity fitted through unproject/project is only nearly the identity).
  const same = JSON.stringify(shownCamera) === JSON.stringify(live.camera) && shownType === type;
  const affine = same ? null : affineBetween(makeProjection(shownCamera, width, height, shownType), live);
  for (const moved of [content, serviceGlobe]) {
    if (!moved) continue;
    if (affine) moved.setAttribute('transform', `matrix(${affine.join(' ')})`);
    else moved.removeAttribute('transform');
  }
  syncStyleMap(live);
}

function showSummary() {
  const frame = state.good.placed.frames[state.frame];
  const camera = frame.camera;
  const shown = frame.placements.filter((p) => p.visible);
  const hidden = frame.placements.filter((p) => !p.visible);
  const byReason = new Map();
  for (const p of hidden) {
    const code = p.hiddenReason ? p.hiddenReason.code : 'hidden';
    byReason.set(code, (byReason.get(code) || 0) + 1);
  }
  const spec = cameras(state.good.scene)[state.frame];
  const row = (label, value, id, raw) => {
    const dd = el('dd', id ? { id, 'data-testid': id } : {}, value);
    if (raw !== undefined) dd.dataset.value = String(raw);
    return [el('dt', {}, label), dd];
  };
  const list = el('dl', {},
    ...row('Camera', `${state.frame + 1} of ${cameras(state.good.scene).length}${isFit(spec) ? ' (fitted)' : ''}`),
    ...row('Zoom', camera.zoom.toFixed(3), 'summary-zoom', camera.zoom),
    ...row('Bearing', `${camera.bearing.toFixed(1)}°`, 'summary-bearing', camera.bearing),
    ...row('Pitch', `${camera.pitch.toFixed(1)}°`, 'summary-pitch', camera.pitch),
    ...row('Centre', `${camera.center[0].toFixed(5)}, ${camera.center[1].toFixed(5)}`, 'summary-center', JSON.stringify(camera.center)),
    ...row('Shown', String(shown.length), 'summary-shown', shown.length),
    ...row('Hidden', hidden.length ? `${hidden.length} (${[...byReason].map(([c, n]) => `${n} ${c}`).join(', ')})` : '0',
      'summary-hidden', hidden.length),
    ...row('Answer', timingText(state.good.timing), 'timing', state.good.timing.place.server),
  );
  // Callouts merely off screen are the least interesting: list the others first.
  const listed = [...hidden].sort((a, b) => (a.hiddenReason && a.hiddenReason.code === 'offscreen') - (b.hiddenReason && b.hiddenReason.code === 'offscreen'));
  const items = listed.slice(0, 50).map((p) => {
    const reason = p.hiddenReason ? p.hiddenReason.code + (p.hiddenReason.with ? ` (${p.hiddenReason.with})` : '') : 'hidden';
    return el('li', { 'data-id': p.id }, el('strong', {}, p.id), `: ${reason}`);
  });
  if (hidden.length > items.length) items.push(el('li', {}, `… and ${hidden.length - items.length} more`));
  $('summary').replaceChildren(list, el('ul', { id: 'hidden-list', 'aria-label': 'Hidden callouts and why' }, ...items));
}

/** "place 12 ms (server 8.1 ms), render …": each request's round trip and the server's share. */
function timingText(timing) {
  const one = (name, t) => `${name} ${Math.round(t.roundTrip)} ms` + (t.server === null ? '' : ` (server ${t.server.toFixed(1)} ms)`);
  return `${one('place', timing.place)}, ${one('render', timing.render)}`;
}

// MARK: queries

function clearHits(message) {
  $('tap').textContent = message;
  delete $('tap').dataset.x;
  delete $('tap').dataset.y;
  $('hits').replaceChildren();
  delete $('hits').dataset.count;
}

/** Keyboard queries: a query point (the last tap, else the viewport's centre) moved by the arrow keys. */
function onPictureKey(event) {
  if (!state.good) return;
  const svg = event.currentTarget;
  const { width, height } = state.good.scene.viewport;
  const step = event.shiftKey ? 50 : 10;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const tap = $('tap').dataset;
  let x = tap.x === undefined ? width / 2 : Number(tap.x);
  let y = tap.y === undefined ? height / 2 : Number(tap.y);
  if (event.key in moves) {
    x = Math.min(width, Math.max(0, x + moves[event.key][0]));
    y = Math.min(height, Math.max(0, y + moves[event.key][1]));
    query(svg, x, y);
  } else if (event.key === 'Enter' || event.key === ' ') {
    query(svg, x, y);
  } else {
    return;
  }
  event.preventDefault();
}

/** A click in the blank bands around the picture: not on the map, so no hits (the old ones go, with the tap mark). */
function outsideViewport(svg, x, y) {
  const old = svg && svg.querySelector('#playground-tap');
  if (old) old.remove();
  clearHits(`(${x.toFixed(1)}, ${y.toFixed(1)}) is outside the map's ${viewportSize().join('×')} viewport: nothing to query there.`);
  $('hits').dataset.count = '0';
}

function markTap(svg, x, y) {
  const old = svg.querySelector('#playground-tap');
  if (old) old.remove();
  const mark = document.createElementNS(SVG_NS, 'g');
  mark.setAttribute('id', 'playground-tap');
  mark.setAttribute('pointer-events', 'none');
  for (const [r, colour, widthValue] of [[9, 'white', 4], [9, '#e0245e', 2], [1.5, '#e0245e', 3]]) {
    const circle = document.createElementNS(SVG_NS, 'circle');
    circle.setAttribute('cx', String(x));
    circle.setAttribute('cy', String(y));
    circle.setAttribute('r', String(r));
    circle.setAttribute('fill', 'none');
    circle.setAttribute('stroke', colour);
    circle.setAttribute('stroke-width', String(widthValue));
    mark.append(circle);
  }
  svg.append(mark);
}

async function query(svg, x, y) {
  document.body.dataset.queries = String(Number(document.body.dataset.queries || 0) + 1);
  markTap(svg, x, y);
  const generation = state.generation;
  const tap = $('tap');
  tap.textContent = `Querying (${x.toFixed(1)}, ${y.toFixed(1)})…`;
  $('hits').replaceChildren();
  delete $('hits').dataset.count;
  setStatus('busy');
  try {
    const response = await call('POST', '/v1/query', { scene: state.good.scene, frame: state.frame, at: [x, y], radius: 0 }, 'application/json');
    const answer = await response.json();
    if (generation !== state.generation) return;
    const hits = answer.hits || [];
    tap.textContent = `At (${x.toFixed(1)}, ${y.toFixed(1)}): ${hits.length === 0 ? 'nothing here' : `${hits.length} hit${hits.length === 1 ? '' : 's'}`}`;
    tap.dataset.x = String(x);
    tap.dataset.y = String(y);
    $('hits').replaceChildren(...hits.map((hit) => el('li',
      { 'data-testid': 'hit', 'data-id': hit.id, 'data-kind': hit.kind, 'data-layer': hit.layer === null || hit.layer === undefined ? '' : hit.layer },
      el('strong', {}, hit.id), ' ', el('span', { class: 'kind' }, hit.kind + (hit.layer ? ` in ${hit.layer}` : '')))));
    $('hits').dataset.count = String(hits.length);
    clearProblem();
    setStatus(state.timer || state.shown < state.sent ? 'busy' : 'ready');
  } catch (error) {
    if (generation !== state.generation) return;
    showProblem(error);
    tap.textContent = 'The query failed.';
    setStatus('error');
  }
}

// MARK: loading scenes

function loadScene(scene) {
  if (scene === null || typeof scene !== 'object' || Array.isArray(scene)) {
    showProblem(new Problem({ title: 'Not a scene', detail: 'a scene is a JSON object: {"version": 1, "viewport": …, "camera": …}' }));
    setStatus('error');
    return;
  }
  state.scene = structuredClone(scene);
  state.frame = 0;
  state.converted = new Set();
  state.loadingScene = true;  // no gestures until the new scene is drawn
  setControlsEnabled(false);
  render();
}

function loadText(text, origin) {
  let scene;
  try {
    scene = JSON.parse(text);
  } catch (error) {
    showProblem(new Problem({ title: 'Not JSON', detail: `${origin}: ${error.message}` }));
    setStatus('error');
    return;
  }
  $('example').value = '';
  loadScene(scene);
}

async function loadExamples() {
  let examples = [];
  try {
    examples = (await (await call('GET', '/v1/examples', undefined, 'application/json')).json()).examples;
  } catch (error) {
    showProblem(error);
  }
  state.examples = new Map(examples.map((e) => [e.name, e.scene]));
  const picker = $('example');
  picker.replaceChildren(el('option', { value: '' }, examples.length ? '(pasted or uploaded scene)' : '(no examples loaded: paste or upload a scene)'),
    ...examples.map((e) => el('option', { value: e.name }, e.name)));
  const saved = takeSavedScene();
  if (saved) {
    picker.value = state.examples.has(saved.example) ? saved.example : '';
    loadScene(saved.scene);
    return;
  }
  if (examples.length === 0) {
    setStatus('ready');
    return;
  }
  const first = state.examples.has('sf-stanford') ? 'sf-stanford' : examples[0].name;
  picker.value = first;
  loadScene(state.examples.get(first));
}

function start() {
  setControlsEnabled(false);
  $('example').addEventListener('change', (e) => {
    const scene = state.examples.get(e.target.value);
    if (scene) loadScene(scene);
  });
  $('load-text').addEventListener('click', () => loadText($('scene-text').value, 'the pasted scene'));
  $('edit-text').addEventListener('click', () => { if (state.good) $('scene-text').value = JSON.stringify(state.good.scene, null, 1); });
  $('scene-file').addEventListener('change', async (e) => {
    const file = e.target.files && e.target.files[0];
    if (!file) return;
    const text = await file.text();
    e.target.value = '';  // choosing the same file again is a change too
    $('scene-text').value = text;
    loadText(text, file.name);
  });
  for (const field of ['zoom', 'bearing', 'pitch']) {
    $(field).addEventListener('input', (e) => {
      const value = Number(e.target.value);
      $(`${field}-value`).textContent = field === 'zoom' ? value.toFixed(2) : `${value.toFixed(1)}°`;
      editCamera(field, value);
    });
  }
  $('camera').addEventListener('change', (e) => {
    state.frame = Number(e.target.value);
    state.loadingScene = true;  // the picture on screen is another camera's
    render();
  });
  $('mode').addEventListener('change', (e) => {
    if (!state.scene) return;
    state.scene.options = { ...(state.scene.options || {}), mode: e.target.value };
    render();
  });
  $('ghosts').addEventListener('change', () => { if (state.scene) render(); });
  $('projection').addEventListener('change', (e) => {
    if (!state.scene) return;
    // Mercator is the format's default: the member is left out rather than spelled.
    if (e.target.value === 'globe') state.scene.projection = { type: 'globe' }; else delete state.scene.projection;
    redrawLive();
    render();
  });
  $('use-style').addEventListener('click', () => useStyle($('style-url').value.trim()));
  $('no-style').addEventListener('click', () => useStyle(''));
  new ResizeObserver(() => fitStyleMap()).observe($('map'));
  const map = $('map');
  map.addEventListener('pointerdown', onPointerDown);
  map.addEventListener('pointermove', onPointerMove);
  map.addEventListener('pointerup', onPointerUp);
  map.addEventListener('pointercancel', onPointerUp);
  map.addEventListener('wheel', onWheel, { passive: false });
  loadBasemap();
  loadStyleMap();
  loadExamples();
}

