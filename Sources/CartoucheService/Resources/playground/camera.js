// The camera model the page moves with: MapLibre's Web Mercator
// transform (512-point tiles, the 36.87° field of view, padding moving
// the principal point), the same construction as `CartoucheCamera`'s
// `Projection`, reduced to the ground plane (z = 0), where screen x/y
// do not depend on the clip planes.
//
// * `setLocationAtPoint(camera, lngLat, point)` is MapLibre's: it moves
//   the centre along the ground so that `lngLat` is drawn at `point`.
//   Exact at any bearing and pitch, because the ground moves rigidly
//   with the centre. A drag keeps the grabbed coordinate under the
//   pointer; the wheel and a pinch change the zoom and then keep the
//   coordinate under the cursor (the pinch's midpoint) fixed.
// * `affineBetween(a, b)`: the screen affinity taking camera `a`'s
//   picture to camera `b`'s (exact without pitch), with which the last
//   answer's drawing follows the camera until the next answer arrives.

// MARK: camera model (MapLibre's Web Mercator transform on the ground plane)

const TILE_SIZE = 512;
const MAX_LATITUDE = 85.051128779806604;
const FIELD_OF_VIEW = 2 * Math.atan(0.5 / 1.5);
const ZOOM_RANGE = [0, 25.5];
const RADIANS = Math.PI / 180;

const mercatorX = (longitude) => (180 + longitude) / 360;
function mercatorY(latitude) {
  const lat = Math.min(Math.max(latitude, -MAX_LATITUDE), MAX_LATITUDE);
  return (180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + lat * Math.PI / 360))) / 360;
}
const latitudeOf = (y) => 360 / Math.PI * Math.atan(Math.exp((180 - y * 360) * RADIANS)) - 90;
function wrapLongitude(value) {
  if (value > -180 && value <= 180) return value;
  const shifted = ((((value + 180) % 360) + 360) % 360) - 180;
  return shifted === -180 ? 180 : shifted;
}

/** A scene camera (`center`, `zoom`, optional `bearing`, `pitch`, `padding`) with every default filled in, bearing wrapped. */
function fullCamera(c) {
  const p = c.padding || {};
  return {
    center: [Number(c.center[0]), Number(c.center[1])], zoom: Number(c.zoom),
    bearing: wrapLongitude(Number(c.bearing || 0)), pitch: Number(c.pitch || 0),  // bearing in (-180, 180], as the service answers it
    padding: { top: Number(p.top || 0), left: Number(p.left || 0), bottom: Number(p.bottom || 0), right: Number(p.right || 0) },
  };
}

// 4×4 matrices, column-major, post-multiplied as gl-matrix does.
function multiply(a, b) {
  const m = new Array(16).fill(0);
  for (let column = 0; column < 4; column++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + row] * b[column * 4 + k];
      m[column * 4 + row] = sum;
    }
  }
  return m;
}
const scaled = (m, x, y, z) => multiply(m, [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1]);
const translated = (m, x, y, z) => multiply(m, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1]);
function rotatedX(m, t) { const s = Math.sin(t), c = Math.cos(t); return multiply(m, [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1]); }
function rotatedZ(m, t) { const s = Math.sin(t), c = Math.cos(t); return multiply(m, [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]); }
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** One camera looking at a viewport: ground offsets from the centre (world points) ↔ screen points. */
class Projection {
  constructor(camera, width, height) {
    const c = fullCamera(camera);
    this.camera = c;
    this.width = width;
    this.height = height;
    this.worldSize = TILE_SIZE * Math.pow(2, c.zoom);
    const cx = Math.min(Math.max((c.padding.left + width - c.padding.right) / 2, 0), width);
    const cy = Math.min(Math.max((c.padding.top + height - c.padding.bottom) / 2, 0), height);
    const toCenter = 0.5 / Math.tan(FIELD_OF_VIEW / 2) * height;
    this.horizonY = cy - toCenter * Math.min(0.85 * Math.tan((90 - c.pitch) * RADIANS), Math.tan((89.25 - c.pitch) * RADIANS));
    this.centerX = mercatorX(c.center[0]);
    this.centerY = mercatorY(c.center[1]);
    // The perspective's depth row only sets depth, which the ground mapping drops.
    const f = 1 / Math.tan(FIELD_OF_VIEW / 2);
    const perspective = [f * height / width, 0, 0, 0, 0, f, 0, 0, -2 * (cx - width / 2) / width, 2 * (cy - height / 2) / height, 0, -1, 0, 0, 0, 0];
    let view = scaled(perspective, 1, -1, 1);
    view = translated(view, 0, 0, -toCenter);
    view = rotatedX(view, c.pitch * RADIANS);
    view = rotatedZ(view, -c.bearing * RADIANS);
    const e = multiply(translated(scaled(IDENTITY, width / 2, -height / 2, 1), 1, -1, 0), view);
    const h = [e[0], e[4], e[12], e[1], e[5], e[13], e[3], e[7], e[15]];
    this.h = h;
    // The inverse by the adjugate.
    const a = [h[4] * h[8] - h[5] * h[7], h[2] * h[7] - h[1] * h[8], h[1] * h[5] - h[2] * h[4],
               h[5] * h[6] - h[3] * h[8], h[0] * h[8] - h[2] * h[6], h[2] * h[3] - h[0] * h[5],
               h[3] * h[7] - h[4] * h[6], h[1] * h[6] - h[0] * h[7], h[0] * h[4] - h[1] * h[3]];
    const det = 1 / (h[0] * a[0] + h[1] * a[3] + h[2] * a[6]);
    this.inverse = a.map((v) => v * det);
  }

  /** Screen point of a ground offset (world points from the centre); null behind the camera. */
  groundToScreen(dx, dy) {
    const h = this.h;
    const depth = h[6] * dx + h[7] * dy + h[8];
    if (!(depth > 0)) return null;
    return [(h[0] * dx + h[1] * dy + h[2]) / depth, (h[3] * dx + h[4] * dy + h[5]) / depth];
  }

  /** World-point offset of a coordinate from the centre, on the world copy nearest the centre. */
  offset(lngLat) {
    let turns = (lngLat[0] - this.camera.center[0]) / 360;
    turns -= Math.floor(turns + 0.5);
    if (turns === -0.5) turns = 0.5;
    return [turns * this.worldSize, (mercatorY(lngLat[1]) - this.centerY) * this.worldSize];
  }

  /** Screen point of [lng, lat], or null off the visible ground (behind the camera, past the horizon cut). */
  project(lngLat) {
    const [dx, dy] = this.offset(lngLat);
    const point = this.groundToScreen(dx, dy);
    return point && point[1] > this.horizonY ? point : null;
  }

  /** [lng, lat] (longitude continuous from the centre's) drawn at a screen point, or null above the horizon cut. */
  unproject(point) {
    if (!(point[1] > this.horizonY)) return null;
    const i = this.inverse;
    const w = i[6] * point[0] + i[7] * point[1] + i[8];
    if (!(w > 0)) return null;
    const dx = (i[0] * point[0] + i[1] * point[1] + i[2]) / w;
    const dy = (i[3] * point[0] + i[4] * point[1] + i[5]) / w;
    return [this.camera.center[0] + dx / this.worldSize * 360, latitudeOf(this.centerY + dy / this.worldSize)];
  }
}

/** `camera` moved along the ground so that `lngLat` is drawn at `point` (MapLibre's setLocationAtPoint). */
function setLocationAtPoint(camera, lngLat, point, width, height) {
  const projection = new Projection(camera, width, height);
  const under = projection.unproject(point);
  if (!under) return fullCamera(camera);
  const [ax, ay] = projection.offset(under);
  const [lx, ly] = projection.offset(lngLat);
  const x = projection.centerX + (lx - ax) / projection.worldSize;
  const y = Math.min(Math.max(projection.centerY + (ly - ay) / projection.worldSize, 0), 1);
  return { ...projection.camera, center: [wrapLongitude(x * 360 - 180), latitudeOf(y)] };
}

/** The SVG transform taking projection `a`'s picture to `b`'s, fitted on three points near a's centre; null when they are off the ground or globe. */
function affineBetween(a, b) {
  const [w, h] = [a.width, a.height];
  const base = [w / 2, Math.max(h / 2, a.horizonY + 1)];
  // On the globe only the pixels near the centre are sure to be on it (at zoom 0 its radius is 81 px).
  const step = a.globe ? 10 : 100;
  const p = [base, [base[0] + step, base[1]], [base[0], base[1] + step]];
  const q = p.map((point) => { const at = a.unproject(point); return at && b.project(at); });
  if (q.some((point) => !point)) return null;
  const [ma, mb] = [(q[1][0] - q[0][0]) / step, (q[1][1] - q[0][1]) / step];
  const [mc, md] = [(q[2][0] - q[0][0]) / step, (q[2][1] - q[0][1]) / step];
  const me = q[0][0] - ma * base[0] - mc * base[1];
  const mf = q[0][1] - mb * base[0] - md * base[1];
  return [ma, mb, mc, md, me, mf];
}
