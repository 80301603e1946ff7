// The camera model under `"projection": {"type": "globe"}` below zoom
// 12: the sphere MapLibre GL JS 5.3 draws, ported from `CartoucheCamera`'s
// `GlobeProjection` (project, occlusion) and `GlobeProjection+Unproject`
// (the ray through a pixel meets the unit sphere), so the page and the
// service agree on where every coordinate is drawn. From zoom 12 the
// globe preset is Web Mercator (camera.js's `Projection`).
//
// * `panCamera`: a drag moves the centre as MapLibre's globe pan does, by
//   the pointer's step at the globe's degrees per pixel, keeping the
//   globe's size on screen (its zoom changes by log2(cos(new latitude) /
//   cos(old latitude))). Not "the grabbed coordinate stays under the
//   pointer": near the limb that has solutions far away (a 150 px drag
//   once jumped to latitude 77.5° and zoom 0), and none off the globe.
// * `zoomAround` (the wheel) and `placeAt` (a pinch, after its zoom
//   change): the zoom as given, then the centre moved so the coordinate
//   under the cursor stays there, in whichever model the new zoom is drawn with.

// MARK: globe (MapLibre GL JS 5.3's sphere below zoom 12, as CartoucheCamera's GlobeProjection)

const GLOBE_MERCATOR_ZOOM = 12;
const rotateVecX = (p, t) => [p[0], p[1] * Math.cos(t) - p[2] * Math.sin(t), p[1] * Math.sin(t) + p[2] * Math.cos(t)];
const rotateVecY = (p, t) => [p[2] * Math.sin(t) + p[0] * Math.cos(t), p[1], p[2] * Math.cos(t) - p[0] * Math.sin(t)];
const rotateVecZ = (p, t) => [p[0] * Math.cos(t) - p[1] * Math.sin(t), p[0] * Math.sin(t) + p[1] * Math.cos(t), p[2]];
function rotatedY(m, t) { const s = Math.sin(t), c = Math.cos(t); return multiply(m, [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1]); }

/** [lng, lat] on the unit sphere (MapLibre's angularCoordinatesToSurfaceVector). */
function surfacePoint(lngLat) {
  const lng = lngLat[0] * RADIANS, lat = lngLat[1] * RADIANS, c = Math.cos(lat);
  return [Math.sin(lng) * c, Math.sin(lat), Math.cos(lng) * c];
}

/** The scene's projection type: 'mercator' (the default) or 'globe'. */
function projectionType(scene) { return (scene && scene.projection && scene.projection.type) || 'mercator'; }

/** The camera model the service uses for `camera` under `type`: the sphere below zoom 12 on the globe, else Web Mercator. */
function makeProjection(camera, width, height, type) {
  return type === 'globe' && Number(camera.zoom) < GLOBE_MERCATOR_ZOOM
    ? new GlobeProjection(camera, width, height) : new Projection(camera, width, height);
}

class GlobeProjection {
  constructor(camera, width, height) {
    const c = fullCamera(camera);
    this.camera = c;
    this.width = width;
    this.height = height;
    this.globe = true;
    this.horizonY = -Infinity;  // no horizon cut: the sphere hides what is behind it
    this.worldSize = TILE_SIZE * Math.pow(2, c.zoom);
    const lat = c.center[1] * RADIANS, lng = c.center[0] * RADIANS, pitch = c.pitch * RADIANS, bearing = c.bearing * RADIANS;
    const radius = this.worldSize / (2 * Math.PI) / Math.cos(lat);
    this.radius = radius;
    const cx = Math.min(Math.max((c.padding.left + width - c.padding.right) / 2, 0), width);
    const cy = Math.min(Math.max((c.padding.top + height - c.padding.bottom) / 2, 0), height);
    const toCenter = 0.5 / Math.tan(FIELD_OF_VIEW / 2) * height;
    // The perspective's depth row only sets depth, which the screen position drops.
    const f = 1 / Math.tan(FIELD_OF_VIEW / 2);
    const perspective = [f * height / width, 0, 0, 0, 0, f, 0, 0, -2 * (cx - width / 2) / width, 2 * (cy - height / 2) / height, 0, -1, 0, 0, 0, 0];
    let m = translated(perspective, 0, 0, -toCenter);
    m = rotatedX(m, -pitch);
    m = rotatedZ(m, bearing);
    m = translated(m, 0, 0, -radius);
    m = rotatedX(m, lat);
    m = rotatedY(m, -lng);
    this.m = scaled(m, radius, radius, radius);
    this.focal = [perspective[0], perspective[5]];
    this.principal = [perspective[8], perspective[9]];
    // The camera at (0, −sin(pitch)·r, cos(pitch)·r + 1) where the centre is (0, 0, 1), r = toCenter / radius.
    const r = toCenter / radius;
    const o = Math.sin(pitch) * r, a = Math.cos(pitch) * r + 1;
    const length = Math.sqrt(o * o + a * a);
    this.cameraDistance = length;
    const local = (v) => rotateVecZ(rotateVecX(v, pitch), -bearing);
    const global = (v) => rotateVecY(rotateVecX(v, -lat), lng);
    // The unit direction to the camera, in the globe's frame; the horizon plane n·p = 1/d, scaled by 1/4 as MapLibre does.
    this.normal = rotateVecY(rotateVecX(rotateVecZ([0, -o / length, a / length], -bearing), -lat), lng);
    this.plane = [...this.normal.map((v) => v * 0.25), 0.25 * -(1 / length)];
    this.axes = [global(local([1, 0, 0])), global(local([0, 1, 0])), global(local([0, 0, 1]))];
    const above = local([0, 0, r]);
    this.eye = global([above[0], above[1], above[2] + 1]);
  }

  /** Whether the globe hides the unit-sphere point `p` (MapLibre's isLocationOccluded; no margin). */
  occluded(p) { const q = this.plane; return !(q[0] * p[0] + q[1] * p[1] + q[2] * p[2] + q[3] >= 0); }

  /** Screen point of a unit-sphere point, occluded or not; null behind the camera. */
  screenOf(p) {
    const m = this.m;
    const w = m[3] * p[0] + m[7] * p[1] + m[11] * p[2] + m[15];
    if (!(w > 0)) return null;
    return [((m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12]) / w * 0.5 + 0.5) * this.width,
            (-0.5 * ((m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13]) / w) + 0.5) * this.height];
  }

  /** Screen point of [lng, lat], or null when the globe hides it or it is behind the camera. */
  project(lngLat) {
    const p = surfacePoint(lngLat);
    return this.occluded(p) ? null : this.screenOf(p);
  }

  /** [lng, lat] on the globe drawn at a screen point (the ray's first meeting with the sphere), or null off the globe. */
  unproject(point) {
    const ndcX = point[0] / this.width * 2 - 1, ndcY = -(point[1] / this.height * 2 - 1);
    const e = [(ndcX + this.principal[0]) / this.focal[0], (ndcY + this.principal[1]) / this.focal[1], -1];
    const [ax, ay, az] = this.axes;
    let d = [0, 1, 2].map((i) => ax[i] * e[0] + ay[i] * e[1] + az[i] * e[2]);
    const length = Math.hypot(d[0], d[1], d[2]);
    d = d.map((v) => v / length);
    const c = this.eye;
    const b = c[0] * d[0] + c[1] * d[1] + c[2] * d[2];
    const discriminant = b * b - (c[0] * c[0] + c[1] * c[1] + c[2] * c[2] - 1);
    if (!(discriminant >= 0)) return null;
    const t = -b - Math.sqrt(discriminant);
    if (!(t > 0)) return null;
    const [x, y, z] = [c[0] + t * d[0], c[1] + t * d[1], c[2] + t * d[2]];
    return [Math.hypot(x, z) > 1e-12 ? Math.atan2(x, z) / RADIANS : 0, Math.asin(Math.min(Math.max(y, -1), 1)) / RADIANS];
  }

  /** The point of the horizon circle nearest the unit-sphere point `p` (where the visible globe ends toward it). */
  horizonPoint(p) {
    const n = this.normal, d = this.cameraDistance;
    const along = n[0] * p[0] + n[1] * p[1] + n[2] * p[2];
    const q = [p[0] - along * n[0], p[1] - along * n[1], p[2] - along * n[2]];
    const length = Math.hypot(q[0], q[1], q[2]) || 1;
    const rh = Math.sqrt(Math.max(1 - 1 / (d * d), 0));
    return [0, 1, 2].map((i) => n[i] / d + rh * q[i] / length);
  }

  /** The horizon circle (the globe's outline on screen) as `count` screen points. */
  outline(count) {
    const n = this.normal;
    const seed = Math.abs(n[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
    const u = [n[1] * seed[2] - n[2] * seed[1], n[2] * seed[0] - n[0] * seed[2], n[0] * seed[1] - n[1] * seed[0]];
    // u and v = n × u are perpendicular to n and of one length: cos·u + sin·v goes round a circle.
    const v = [n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]];
    const points = [];
    for (let i = 0; i < count; i++) {
      const t = 2 * Math.PI * i / count;
      const p = this.horizonPoint([0, 1, 2].map((k) => Math.cos(t) * u[k] + Math.sin(t) * v[k]));
      const s = this.screenOf(p);
      if (s) points.push(s);
    }
    return points;
  }
}

/**
 * The centre (zoom from `zoomFor(center)`) at which `lngLat` is drawn at `point` on the globe, by Newton's method
 * from `camera`'s centre; null when no centre near it does (the point is off the globe, or would be hidden).
 */
function solveGlobeCenter(camera, lngLat, point, width, height, zoomFor) {
  const base = fullCamera(camera);
  const at = (center) => ({ ...base, center, zoom: zoomFor(center) });
  const target = surfacePoint(lngLat);
  const residual = (center) => {
    const p = new GlobeProjection(at(center), width, height).screenOf(target);
    return p && [p[0] - point[0], p[1] - point[1]];
  };
  let center = base.center;
  let r = residual(center);
  for (let i = 0; i < 40 && r; i++) {
    if (Math.hypot(r[0], r[1]) < 1e-9) break;
    const h = 1e-7;
    const rx = residual([center[0] + h, center[1]]), ry = residual([center[0], Math.min(center[1] + h, MAX_LATITUDE)]);
    if (!rx || !ry) return null;
    const j = [(rx[0] - r[0]) / h, (rx[1] - r[1]) / h, (ry[0] - r[0]) / h, (ry[1] - r[1]) / h];
    const det = j[0] * j[3] - j[2] * j[1];
    if (!(Math.abs(det) > 0)) return null;
    let step = [-(j[3] * r[0] - j[2] * r[1]) / det, -(-j[1] * r[0] + j[0] * r[1]) / det];
    // A damped step: never more than 30° at once, halved until the miss shrinks.
    const largest = Math.max(Math.abs(step[0]), Math.abs(step[1]));
    if (largest > 30) step = step.map((v) => v * 30 / largest);
    let next = null;
    for (let k = 0; k < 30; k++, step = step.map((v) => v / 2)) {
      const candidate = [center[0] + step[0], Math.min(Math.max(center[1] + step[1], -MAX_LATITUDE), MAX_LATITUDE)];
      const rc = residual(candidate);
      if (rc && Math.hypot(rc[0], rc[1]) < Math.hypot(r[0], r[1])) { next = [candidate, rc]; break; }
    }
    if (!next) break;
    [center, r] = next;
  }
  if (!r || Math.hypot(r[0], r[1]) > 1e-6) return null;
  const result = at([wrapLongitude(center[0]), center[1]]);
  return new GlobeProjection(result, width, height).occluded(target) ? null : result;
}

/**
 * A drag from viewport point `from` to `to`. Under Web Mercator `camera` moves so the coordinate grabbed at the start,
 * `lngLat`, is drawn at `to` (exact: the ground moves rigidly). On the globe it is MapLibre GL JS 5.3's pan
 * (`computeGlobePanCenter`): the centre moves by the pointer's step at the globe's degrees per pixel, the longitude
 * faster away from the equator (by 1/cos of the latitude, capped at 60° when zoomed out), and the zoom changes by
 * log2(cos(new latitude) / cos(old latitude)) so the globe keeps its size on screen (down to zoom 0 near the poles).
 * A step moves the camera by its own length whatever is under the pointer — even off the globe.
 */
function panCamera(camera, lngLat, from, to, width, height, type) {
  const c = fullCamera(camera);
  if (!(type === 'globe' && c.zoom < GLOBE_MERCATOR_ZOOM)) return lngLat ? setLocationAtPoint(c, lngLat, to, width, height) : c;
  const bearing = c.bearing * RADIANS;
  // The step in the map's frame (MapLibre's panDelta.rotate(-bearing)).
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const [x, y] = [dx * Math.cos(bearing) + dy * Math.sin(bearing), -dx * Math.sin(bearing) + dy * Math.cos(bearing)];
  const lat = c.center[1];
  const zoomAtEquator = c.zoom + Math.log2(1 / Math.cos(lat * RADIANS));
  const blend = Math.min(Math.max((zoomAtEquator - 7) / (3 - 7), 0), 1);
  const lngSpeed = (1 - blend) / Math.cos(lat * RADIANS) + blend / Math.cos(Math.min(Math.abs(lat), 60) * RADIANS);
  const degreesPerPixel = 360 * Math.cos(lat * RADIANS) / (TILE_SIZE * Math.pow(2, c.zoom));
  const newLat = Math.min(Math.max(lat + y * degreesPerPixel, -MAX_LATITUDE), MAX_LATITUDE);
  const zoom = c.zoom + Math.log2(Math.cos(newLat * RADIANS) / Math.cos(lat * RADIANS));
  return { ...c, center: [wrapLongitude(c.center[0] - x * degreesPerPixel * lngSpeed), newLat],
           zoom: Math.min(Math.max(zoom, ZOOM_RANGE[0]), ZOOM_RANGE[1]) };
}

/** `camera` moved so `lngLat` is drawn at `point`, its zoom kept (after a zoom change). */
function placeAt(camera, lngLat, point, width, height, type) {
  const c = fullCamera(camera);
  if (!(type === 'globe' && c.zoom < GLOBE_MERCATOR_ZOOM)) return setLocationAtPoint(c, lngLat, point, width, height);
  return solveGlobeCenter(c, lngLat, point, width, height, () => c.zoom) || c;
}

/** `camera` at `zoom` (clamped to the scene format's range), keeping the coordinate at `point` there (the wheel). */
function zoomAround(camera, zoom, point, width, height, type) {
  const at = makeProjection(camera, width, height, type).unproject(point);
  const next = { ...fullCamera(camera), zoom: Math.min(Math.max(zoom, ZOOM_RANGE[0]), ZOOM_RANGE[1]) };
  return at ? placeAt(next, at, point, width, height, type) : next;
}
