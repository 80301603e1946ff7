// Pointer Events on `#map`: one pointer drags (pans), two pinch (zoom
// about their midpoint, panning with it), the wheel zooms about the
// cursor; a press and release that moved less than 4 px is a click,
// which queries. Each change goes through `applyCamera` (re-place,
// re-draw the basemap, move the last picture until the next answer), in
// the scene's projection (globe.js on the globe below zoom 12).

// MARK: gestures

/** A pointer's position in the viewport's pixels (the SVG's user space), or null without a picture. */
function viewportPoint(event) {
  const svg = $('map').querySelector('svg');
  const matrix = svg && svg.getScreenCTM();
  if (!matrix) return null;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  return [p.x, p.y];
}

const canMove = () => state.good !== null && state.scene !== null && !state.loadingScene;
const viewportSize = () => [state.good.scene.viewport.width, state.good.scene.viewport.height];

/** Starts a drag at the one pointer down, or a pinch when there are two. */
function beginGesture() {
  const points = [...state.pointers.values()];
  const [width, height] = viewportSize();
  const projection = makeProjection(liveCamera(), width, height, projectionType(state.scene));
  const moved = state.gesture !== null && state.gesture.moved;
  if (points.length === 1) {
    state.gesture = { kind: 'drag', start: points[0].client, at: projection.unproject(points[0].point), last: points[0].point, moved };
  } else if (points.length === 2) {
    const mid = [(points[0].point[0] + points[1].point[0]) / 2, (points[0].point[1] + points[1].point[1]) / 2];
    state.gesture = { kind: 'pinch', distance: Math.hypot(points[0].point[0] - points[1].point[0], points[0].point[1] - points[1].point[1]),
                      zoom: projection.camera.zoom, at: projection.unproject(mid), moved: true };
  } else {
    state.gesture = null;
  }
}

function onPointerDown(event) {
  if (!canMove() || event.button > 0) return;
  const point = viewportPoint(event);
  if (!point) return;
  try { $('map').setPointerCapture(event.pointerId); } catch (error) { /* a synthetic pointer cannot be captured */ }
  state.pointers.set(event.pointerId, { client: [event.clientX, event.clientY], point });
  beginGesture();
}

function onPointerMove(event) {
  const pointer = state.pointers.get(event.pointerId);
  const gesture = state.gesture;
  if (!pointer || !gesture || !canMove()) return;
  pointer.client = [event.clientX, event.clientY];
  pointer.point = viewportPoint(event) || pointer.point;
  const [width, height] = viewportSize();
  if (gesture.kind === 'drag') {
    // A few pixels of jitter are still a click.
    if (!gesture.moved && Math.hypot(pointer.client[0] - gesture.start[0], pointer.client[1] - gesture.start[1]) < 4) return;
    gesture.moved = true;
    applyCamera(panCamera(liveCamera(), gesture.at, gesture.last, pointer.point, width, height, projectionType(state.scene)));
    gesture.last = pointer.point;
  } else {
    const [a, b] = [...state.pointers.values()];
    const distance = Math.hypot(a.point[0] - b.point[0], a.point[1] - b.point[1]);
    const mid = [(a.point[0] + b.point[0]) / 2, (a.point[1] + b.point[1]) / 2];
    if (!(gesture.distance > 0) || !(distance > 0)) return;
    const zoom = Math.min(Math.max(gesture.zoom + Math.log2(distance / gesture.distance), ZOOM_RANGE[0]), ZOOM_RANGE[1]);
    const camera = { ...liveCamera(), zoom };
    applyCamera(gesture.at ? placeAt(camera, gesture.at, mid, width, height, projectionType(state.scene)) : camera);
  }
  event.preventDefault();
}

function onPointerUp(event) {
  const pointer = state.pointers.get(event.pointerId);
  if (!pointer) return;
  state.pointers.delete(event.pointerId);
  const gesture = state.gesture;
  if (event.type === 'pointerup' && gesture && gesture.kind === 'drag' && !gesture.moved && state.pointers.size === 0) {
    const [width, height] = viewportSize();
    const [x, y] = pointer.point;
    const svg = $('map').querySelector('svg');
    if (x >= 0 && y >= 0 && x <= width && y <= height) query(svg, x, y);
    else outsideViewport(svg, x, y);  // the blank bands beside or above the picture
  }
  if (state.pointers.size === 0) state.gesture = null;
  else beginGesture();  // the finger left on the map pans on from where it is
}

/** The wheel zooms about the cursor: 500 pixels of wheel (a line is 40) are one zoom level. */
function onWheel(event) {
  if (!canMove()) return;
  const point = viewportPoint(event);
  if (!point) return;
  event.preventDefault();
  const unit = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? 800 : 1;
  const [width, height] = viewportSize();
  const camera = liveCamera();
  applyCamera(zoomAround(camera, camera.zoom - event.deltaY * unit / 500, point, width, height, projectionType(state.scene)));
}
