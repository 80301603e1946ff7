"""Schemathesis hooks for Cartouche (scripts/schemathesis loads them).

The OpenAPI document states every rule JSON Schema can state. A few rules
relate one member to another in ways JSON Schema cannot (an id that must
name another member, one number of a pair at most the other, a query
parameter that depends on another); the document lists them in the 422 and
400 descriptions, and the service enforces them. So that schemathesis's
"schema-valid request accepted" check tests everything else, this hook
brings each generated *positive* request in line with exactly those rules,
and nothing more. Negative requests (meant to break the schema) go out as
generated.

Each repair below names the rule it satisfies.
"""
import schemathesis
from schemathesis import GenerationMode

SCENE_OPERATIONS = {"/v1/place", "/v1/compile", "/v1/render"}


@schemathesis.hook
def map_case(context, case):
    meta = case.meta
    if meta is None or meta.generation.mode != GenerationMode.POSITIVE:
        return case
    path = case.operation.path
    if path in SCENE_OPERATIONS and isinstance(case.body, dict):
        repair_scene(case.body)
    if path == "/v1/query" and isinstance(case.body, dict):
        request = case.body
        if isinstance(request.get("scene"), dict):
            repair_scene(request["scene"])
            # A frame index names a camera of the scene.
            frame = request.get("frame")
            if isinstance(frame, (int, float)) and not isinstance(frame, bool) and frame >= camera_count(request["scene"]):
                request["frame"] = 0
        # rect: minX ≤ maxX and minY ≤ maxY.
        rect = request.get("rect")
        if isinstance(rect, list) and len(rect) == 4:
            request["rect"] = [min(rect[0], rect[2]), min(rect[1], rect[3]), max(rect[0], rect[2]), max(rect[1], rect[3])]
    if path == "/v1/render" and isinstance(case.query, dict) and isinstance(case.body, dict):
        # A frame index names a camera of the scene.
        frame = case.query.get("frame")
        if frame is not None and int(frame) >= camera_count(case.body):
            case.query["frame"] = 0
    if path == "/v1/compile" and isinstance(case.query, dict):
        # name, glyphs, sprite, background and slots apply to output=style only.
        if case.query.get("output") == "fragment":
            for name in ("name", "glyphs", "sprite", "background", "slots"):
                case.query.pop(name, None)
        if isinstance(case.body, dict):
            repair_slots(case.query, [case.body])
    if path == "/v1/diff" and isinstance(case.body, dict):
        scenes = [case.body[side] for side in ("old", "new") if isinstance(case.body.get(side), dict)]
        for scene in scenes:
            repair_scene(scene)
        query = case.query if isinstance(case.query, dict) else {}
        repair_slots(query, scenes)
        # Without ?target= both scenes must name the same options.target.
        if not query.get("target") and len(scenes) == 2:
            old_options = scenes[0].get("options")
            target = old_options.get("target") if isinstance(old_options, dict) else None
            if not isinstance(scenes[1].get("options"), dict):
                scenes[1]["options"] = {}
            if target is None:
                scenes[1]["options"].pop("target", None)
            else:
                scenes[1]["options"]["target"] = target
    return case


def repair_slots(query, scenes):
    """Layer ids are unique in a style: slot markers are named by the slots,
    which must not reuse a manager's (or the background's) id."""
    if not query.get("slots"):
        return
    taken = {"background"} | {m.get("id") for scene in scenes for m in scene.get("managers") or [] if isinstance(m, dict)}
    count = len(query["slots"].split(","))
    names = [f"slot-{i}" for i in range(count + len(taken))]
    query["slots"] = ",".join([n for n in names if n not in taken][:count])


def camera_count(scene):
    cameras = scene.get("cameras")
    return len(cameras) if isinstance(cameras, list) and scene.get("camera") is None else 1


def cameras_of(scene):
    if isinstance(scene.get("camera"), dict):
        return [scene["camera"]]
    return [c for c in scene.get("cameras") or [] if isinstance(c, dict)]


def repair_scene(scene):
    annotations = [va for va in scene.get("viewAnnotations") or [] if isinstance(va, dict)]
    managers = [m for m in scene.get("managers") or [] if isinstance(m, dict)]
    # View annotation ids are unique; so are manager ids.
    for items in (annotations, managers):
        seen = set()
        for i, item in enumerate(items):
            if item.get("id") in seen:
                item["id"] = f"{item['id']}#{i}"
            seen.add(item["id"])
    callout_ids = {va["id"] for va in annotations}
    polylines = {m["id"] for m in managers if m.get("type") == "polyline"}
    # avoidLayers name polyline managers of the scene.
    if isinstance(scene.get("avoidLayers"), list):
        scene["avoidLayers"] = [i for i in scene["avoidLayers"] if i in polylines]
    for va in annotations:
        # minZoom ≤ maxZoom; a lineTrim's start ≤ its end.
        low, high = va.get("minZoom"), va.get("maxZoom")
        low = 0 if low is None else low
        high = 22 if high is None else high
        if low > high:
            va["minZoom"], va["maxZoom"] = high, low
        if isinstance(va.get("lineTrim"), list):
            va["lineTrim"] = sorted(va["lineTrim"])
        feature = va.get("feature")
        if isinstance(feature, dict) and "type" in feature:
            close_rings(feature)
    for manager in managers:
        # A manager's slot names a slot of the base style, and its
        # layerPosition one of the base style's layers (or an index within them).
        manager.pop("slot", None)
        manager.pop("layerPosition", None)
        # Layer ids are unique in a style: "background" is the background's.
        if manager.get("id") == "background":
            manager["id"] = "background-manager"
        # Style-spec values are checked against the style spec, key by key:
        # the document lists each manager type's keys, not each value's type.
        manager.pop("properties", None)
        for annotation in manager.get("annotations") or []:
            if isinstance(annotation, dict):
                annotation.pop("properties", None)
                if isinstance(annotation.get("geometry"), dict):
                    close_rings(annotation["geometry"])
    viewport = scene.get("viewport") or {}
    for camera in cameras_of(scene):
        # A lineTrim's keys name view annotations or polyline managers; start ≤ end.
        trims = camera.get("lineTrim")
        if isinstance(trims, dict):
            camera["lineTrim"] = {k: sorted(v) for k, v in trims.items() if k in callout_ids | polylines and isinstance(v, list)}
        # A camera's padding fits in the viewport.
        for holder in (camera, camera.get("fit") if isinstance(camera.get("fit"), dict) else {}):
            padding = holder.get("padding")
            if isinstance(padding, dict) and not padding_fits(padding, viewport):
                holder["padding"] = {}
    # A fit camera needs something to fit: a puck always is.
    if any(isinstance(c.get("fit"), dict) for c in cameras_of(scene)) and scene.get("puck") is None:
        scene["puck"] = {"coordinate": [0, 0]}
    # A zoom range's min ≤ its max.
    zooms = scene.get("zoomRange")
    if isinstance(zooms, dict) and isinstance(zooms.get("min"), (int, float)) and isinstance(zooms.get("max"), (int, float)):
        if zooms["min"] > zooms["max"]:
            zooms["min"], zooms["max"] = zooms["max"], zooms["min"]
    # In a zoom-range scene a callout's box reaches at most 10^9 points from
    # its point (size, padding, offsets and collision boxes together; text
    # sizes and line heights scale the measured content).
    if isinstance(zooms, dict):
        for va in annotations:
            for member, limit in (("size", 1e6), ("variableAnchors", 1e6), ("collisionBoxes", 1e6), ("content", 1e2)):
                if member in va:
                    va[member] = clamp_numbers(va[member], limit)
    repair_previous(scene, annotations)
    repair_feature_state(scene, managers)


def clamp_numbers(value, limit):
    """`value` with every number's magnitude at most `limit` (sign kept)."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return max(-limit, min(limit, value))
    if isinstance(value, list):
        return [clamp_numbers(v, limit) for v in value]
    if isinstance(value, dict):
        return {k: clamp_numbers(v, limit) for k, v in value.items()}
    return value


def repair_feature_state(scene, managers):
    """featureState names managers of the scene, then their annotations."""
    state = scene.get("featureState")
    if not isinstance(state, dict):
        return
    ids = {m["id"]: {a.get("id") for a in m.get("annotations") or [] if isinstance(a, dict)} for m in managers}
    scene["featureState"] = {
        manager: {k: v for k, v in entries.items() if k in ids[manager]}
        for manager, entries in state.items() if manager in ids and isinstance(entries, dict)
    }


def padding_fits(padding, viewport):
    def side(name):
        value = padding.get(name)
        return 0 if value is None else value

    width, height = viewport.get("width", 0), viewport.get("height", 0)
    return side("left") + side("right") <= width and side("top") + side("bottom") <= height


def close_rings(geometry):
    """Polygon rings are closed: the last position equals the first."""
    kind = geometry.get("type")
    if kind == "Polygon":
        polygons = [geometry.get("coordinates")]
    elif kind == "MultiPolygon":
        polygons = geometry.get("coordinates") or []
    elif kind == "GeometryCollection":
        for member in geometry.get("geometries") or []:
            if isinstance(member, dict):
                close_rings(member)
        return
    else:
        return
    for rings in polygons:
        for ring in rings or []:
            if isinstance(ring, list) and ring:
                ring[-1] = list(ring[0])


def repair_previous(scene, annotations):
    """previous names view annotations of the scene, each once, and a shown
    one an anchor it offers."""
    previous = scene.get("previous")
    if not isinstance(previous, dict):
        return
    offered = {}
    for va in annotations:
        anchors = va.get("variableAnchors") or ["center"]
        offered[va["id"]] = anchors[0]

    frames = previous.get("frames")
    if isinstance(frames, list):
        frame_list = [f for f in frames if isinstance(f, dict)]
    elif isinstance(previous.get("placements"), list):
        frame_list = [previous]
    else:
        kept = {}
        for key, entry in previous.items():
            if key in offered and isinstance(entry, dict):
                if entry.get("shown") is not False:
                    entry["anchor"] = offered[key]
                kept[key] = entry
        scene["previous"] = kept
        return
    for frame in frame_list:
        seen, placements = set(), []
        for placement in frame.get("placements") or []:
            if isinstance(placement, dict) and placement.get("id") in offered and placement["id"] not in seen:
                seen.add(placement["id"])
                if placement.get("visible") is not False:
                    placement["anchor"] = offered[placement["id"]]
                placements.append(placement)
        frame["placements"] = placements
