// The basemap: `GET /playground/basemap.geojson` once, then every ring
// projected with the live camera into `<g id="playground-basemap">`
// under the service's drawing (one `path[data-name]` per feature). World
// copies one turn east and west are drawn too (low zooms show several),
// rings off the viewport are left out, and the group is clipped to the
// visible ground (below the horizon cut). A ring reaching behind the
// camera (pitched, with rings much larger than the view) is cut there.
// Without a basemap the note under the map says why (the 404's detail).
// On the globe (below zoom 12) it is drawn on the sphere: the globe's
// disc, then the rings, with vertices behind the horizon moved onto it.

// MARK: basemap

const basemap = { status: 'loading', features: [] };

/** Polygon rings as flat arrays [lng/360, mercatorY(lat), …] and as unit-sphere points [x, y, z, …], ready for any camera. */
function basemapFeatures(collection) {
  const features = [];
  for (const feature of collection.features || []) {
    const geometry = feature && feature.geometry;
    if (!geometry) continue;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
    const rings = [], spheres = [];
    for (const polygon of polygons) {
      for (const ring of polygon) {
        const flat = new Float64Array(ring.length * 2), sphere = new Float64Array(ring.length * 3);
        ring.forEach((p, i) => {
          flat[2 * i] = p[0] / 360; flat[2 * i + 1] = mercatorY(p[1]);
          sphere.set(surfacePoint(p), 3 * i);
        });
        rings.push(flat);
        spheres.push(sphere);
      }
    }
    const name = feature.properties && feature.properties.name;
    if (rings.length) features.push({ name: name === undefined || name === null ? '' : String(name), rings, spheres });
  }
  return features;
}

async function loadBasemap() {
  const note = $('basemap-note');
  try {
    const collection = await (await call('GET', '/playground/basemap.geojson', undefined, 'application/geo+json')).json();
    basemap.features = basemapFeatures(collection);
    basemap.status = 'ready';
    note.textContent = `Basemap: ${collection.attribution || `${basemap.features.length} features from /playground/basemap.geojson`}`;
  } catch (error) {
    basemap.status = 'absent';
    note.textContent = error instanceof Problem && error.body.status === 404
      ? error.body.detail : `No basemap: ${error.message}`;
  }
  note.dataset.status = basemap.status;
  redrawLive();
}

/**
 * The part of a ground ring ([dx, dy, …] in world points from the centre) in front of the camera, where the depth
 * `h[6]·dx + h[7]·dy + h[8]` is at least `minDepth` (Sutherland–Hodgman against that line). A ring that merely reaches
 * behind the camera — a large country seen pitched at a high zoom — is drawn cut, not dropped (it once was, and at
 * pitch 10–50° whole continents vanished).
 * - Complexity: O(ring length).
 */
function ringInFront(ring, h, minDepth) {
  const out = [];
  const n = ring.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const [ax, ay, bx, by] = [ring[2 * i], ring[2 * i + 1], ring[2 * j], ring[2 * j + 1]];
    const da = h[6] * ax + h[7] * ay + h[8] - minDepth, db = h[6] * bx + h[7] * by + h[8] - minDepth;
    if (da >= 0) out.push(ax, ay);
    if ((da >= 0) !== (db >= 0)) {
      const t = da / (da - db);
      out.push(ax + t * (bx - ax), ay + t * (by - ay));
    }
  }
  return out;
}

/** The rings of every feature projected with `projection`, as one path per feature, into `group`. */
function drawBasemap(group, projection) {
  if (projection.globe) { drawGlobeBasemap(group, projection); return; }
  const { width, height } = projection;
  const top = Math.max(projection.horizonY, 0);
  const paths = [];
  const cx = projection.camera.center[0] / 360;
  // Rings are cut where they pass behind the camera, at 1 % of the centre's depth: everything on screen is deeper
  // (the viewport's bottom edge is above 10 %, even at pitch 85° with the principal point at the top).
  const nearDepth = 0.01 * projection.h[8];
  for (const feature of basemap.features) {
    let d = '';
    for (const copy of [0, -1, 1]) {
      for (const ring of feature.rings) {
        const ground = new Float64Array(ring.length);
        for (let i = 0; i < ring.length; i += 2) {
          ground[i] = (ring[i] - cx + copy) * projection.worldSize;
          ground[i + 1] = (ring[i + 1] - projection.centerY) * projection.worldSize;
        }
        const front = ringInFront(ground, projection.h, nearDepth);
        let text = '', minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
        for (let i = 0; i < front.length; i += 2) {
          const p = projection.groundToScreen(front[i], front[i + 1]);
          text += `${i ? 'L' : 'M'}${p[0].toFixed(2)} ${p[1].toFixed(2)}`;
          minX = Math.min(minX, p[0]); maxX = Math.max(maxX, p[0]); minY = Math.min(minY, p[1]); maxY = Math.max(maxY, p[1]);
        }
        if (front.length < 6 || maxX < 0 || minX > width || maxY < top || minY > height) continue;
        d += text + 'Z';
      }
    }
    if (d) paths.push(svgElement('path', { d, 'data-name': feature.name }));
  }
  const rect = svgElement('rect', { x: '0', y: String(top), width: String(width), height: String(Math.max(height - top, 0)) });
  const clipPath = svgElement('clipPath', { id: 'playground-ground' }, rect);
  group.replaceChildren(clipPath, svgElement('g', { 'clip-path': 'url(#playground-ground)' }, ...paths));
  group.dataset.paths = String(paths.length);
}

/**
 * On the globe: its disc (the horizon circle), then every ring with the vertices the globe hides moved to the nearest
 * point of the horizon, so a country across the edge ends at the edge. A ring wholly hidden, or reaching behind the
 * camera, is left out.
 */
function drawGlobeBasemap(group, projection) {
  const { width, height } = projection;
  const paths = [];
  for (const feature of basemap.features) {
    let d = '';
    for (const ring of feature.spheres) {
      let text = '', seen = false, behind = false, minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
      for (let i = 0; i < ring.length; i += 3) {
        let p = [ring[i], ring[i + 1], ring[i + 2]];
        if (projection.occluded(p)) p = projection.horizonPoint(p); else seen = true;
        const s = projection.screenOf(p);
        if (!s) { behind = true; break; }
        text += `${i ? 'L' : 'M'}${s[0].toFixed(2)} ${s[1].toFixed(2)}`;
        minX = Math.min(minX, s[0]); maxX = Math.max(maxX, s[0]); minY = Math.min(minY, s[1]); maxY = Math.max(maxY, s[1]);
      }
      if (behind || !seen || maxX < 0 || minX > width || maxY < 0 || minY > height) continue;
      d += text + 'Z';
    }
    if (d) paths.push(svgElement('path', { d, 'data-name': feature.name }));
  }
  const outline = projection.outline(180).map((p, i) => `${i ? 'L' : 'M'}${p[0].toFixed(2)} ${p[1].toFixed(2)}`).join('');
  group.replaceChildren(svgElement('path', { class: 'globe', d: outline ? outline + 'Z' : '' }), svgElement('g', {}, ...paths));
  group.dataset.paths = String(paths.length);
}
