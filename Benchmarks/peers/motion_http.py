"""The navigation drive of the `motion` suite (issue #29), over HTTP: what a
navigation client sees, one `POST /v1/place` per frame.

    motion_http.py CARTOUCHE_BINARY SCENE.json RESULTS.json [--frames FAST SLOW]

Starts `cartouche serve` on a free local port, then drives route 101 of the
scene (Examples/sf-stanford.scene.json) three times: `fast` (600 frames,
about 87 m a frame) and `slow` (1,800 frames, about 29 m a frame) at zoom
14.5 and pitch 50, and `zoom 15-17` (600 frames, zoom 15 -> 17 -> 15 and
pitch 45-60 as the in-process drive). Each frame is a camera on the puck, with the scene's navigation
padding (top 80, bottom 180), bearing the course smoothed over a look-ahead
of 1/100 of the route, and its own `puck` and `lineTrim` (the driven part
of route 101 trimmed). Every frame is placed in greedy and in optimise mode,
alone (no `previous`) and with `previous` = the last answer's frame pasted as
is, and as one scene of all cameras (the frames with `previous` must equal
its frames: `requestsEqualOneScene`), and judged from the answers alone,
per callout:

- `boxMovesOver40`: consecutive shown frames whose box origin moved more
  than 40 pt on screen;
- `medianMove`: the median of those moves (points);
- `anchorChanges`, `oneFrameFlips` (A, B, A over three shown frames);
- `toggles` (shown <-> hidden), `unforcedToggles` (toggles although placing
  each of the two frames alone shows it);
- `shownFrames`, `hiddenWhereAloneShown` (frames placed alone show it, this
  run does not).

Counts, not times: the server may be a debug build.
"""
import http.client
import json
import math
import signal
import socket
import statistics
import subprocess
import sys
import time

ROUTE = ("routes", "route-101", "eta-route-101")


def mercator(lon, lat):
    return (180 + lon) / 360, (180 - (180 / math.pi) * math.log(math.tan(math.pi / 4 + lat * math.pi / 360))) / 360


def inverse(x, y):
    lon = x * 360 - 180
    lat = 360 / math.pi * math.atan(math.exp((180 - y * 360) * math.pi / 180)) - 90
    return lon, lat


def route_line(scene):
    manager = next(m for m in scene["managers"] if m["id"] == ROUTE[0])
    feature = next(a for a in manager["annotations"] if a["id"] == ROUTE[1])
    return [tuple(p[:2]) for p in feature["geometry"]["coordinates"]]


def ground_metres(line):
    total = 0.0
    for (a, b) in zip(line, line[1:]):
        (ax, ay), (bx, by) = mercator(*a), mercator(*b)
        total += math.hypot(bx - ax, by - ay) * 40_075_016.686 * math.cos((a[1] + b[1]) / 2 * math.pi / 180)
    return total


def cameras(line, count, varying=False):
    """The drive's camera members, evenly spread over the route's length:
    zoom 14.5 and pitch 50, or with `varying` the in-process drive's zoom
    15 -> 17 -> 15 and pitch 45-60 (three cycles)."""
    xy = [mercator(*p) for p in line]
    cumulative = [0.0]
    for a, b in zip(xy, xy[1:]):
        cumulative.append(cumulative[-1] + math.hypot(b[0] - a[0], b[1] - a[1]))
    total = cumulative[-1]

    def point(s):
        s = min(max(0.0, s), total)
        k = 1
        while k < len(xy) - 1 and cumulative[k] < s:
            k += 1
        seg = cumulative[k] - cumulative[k - 1]
        t = (s - cumulative[k - 1]) / seg if seg > 0 else 0
        return xy[k - 1][0] + (xy[k][0] - xy[k - 1][0]) * t, xy[k - 1][1] + (xy[k][1] - xy[k - 1][1]) * t

    look = total / 100
    out = []
    for f in range(count):
        s = f / (count - 1) * total
        here = point(s)
        if s + look <= total:
            ahead = point(s + look)
            dx, dy = ahead[0] - here[0], ahead[1] - here[1]
        else:
            behind = point(s - look)
            dx, dy = here[0] - behind[0], here[1] - behind[1]
        course = math.degrees(math.atan2(dx, -dy))
        lon, lat = inverse(*here)
        phase = 2 * math.pi * f / count
        zoom, pitch = (16 - math.cos(phase), 52.5 - 7.5 * math.cos(3 * phase)) if varying else (14.5, 50)
        out.append({
            "center": [lon, lat], "zoom": zoom, "bearing": course, "pitch": pitch,
            "padding": {"top": 80, "bottom": 180, "left": 0, "right": 0},
            "puck": {"coordinate": [lon, lat], "bearing": course},
            "lineTrim": {ROUTE[2]: [0, s / total]},
        })
    return out


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(binary):
    port = free_port()
    proc = subprocess.Popen([binary, "serve", "--port", str(port), "--no-examples", "--request-timeout-ms", "120000",
                             "--log-level", "error"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(600):
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            c.request("GET", "/healthz")
            if c.getresponse().status == 200:
                return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("motion_http: the server did not start")


def one_scene(port, base, cams):
    """Every camera in one request: the frames one request per frame with
    `previous` must equal."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    scene = dict(base, cameras=cams)
    conn.request("POST", "/v1/place", body=json.dumps(scene), headers={"Content-Type": "application/json"})
    r = conn.getresponse()
    body = r.read()
    if r.status != 200:
        raise SystemExit(f"motion_http: {r.status} {body[:300]!r}")
    return json.loads(body)["frames"]


def drive(port, base, cams, with_previous):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    frames = []
    for cam in cams:
        scene = dict(base)
        scene["camera"] = cam
        if with_previous and frames:
            scene["previous"] = frames[-1]
        conn.request("POST", "/v1/place", body=json.dumps(scene), headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        body = r.read()
        if r.status != 200:
            raise SystemExit(f"motion_http: {r.status} {body[:300]!r}")
        frames.append(json.loads(body)["frames"][0])
    return frames


def states(frames, cid):
    out = []
    for fr in frames:
        p = next((p for p in fr["placements"] if p["id"] == cid), None)
        if p is None or not p["visible"]:
            out.append(None)
        else:
            a = p["anchor"]
            out.append(((a["anchor"], a.get("offsetX", 0), a.get("offsetY", 0)), (p["frame"]["x"], p["frame"]["y"])))
    return out


def metrics(seq, alone):
    moves = []
    c = {"boxMovesOver40": 0, "anchorChanges": 0, "oneFrameFlips": 0, "toggles": 0, "unforcedToggles": 0,
         "shownFrames": sum(s is not None for s in seq),
         "hiddenWhereAloneShown": sum(1 for s, a in zip(seq, alone) if s is None and a is not None)}
    for f in range(1, len(seq)):
        was, now = seq[f - 1], seq[f]
        if (was is None) != (now is None):
            c["toggles"] += 1
            if alone[f - 1] is not None and alone[f] is not None:
                c["unforcedToggles"] += 1
        if was is None or now is None:
            continue
        move = math.hypot(now[1][0] - was[1][0], now[1][1] - was[1][1])
        moves.append(move)
        if move > 40:
            c["boxMovesOver40"] += 1
        if was[0] != now[0]:
            c["anchorChanges"] += 1
            if f >= 2 and seq[f - 2] is not None and seq[f - 2][0] == now[0]:
                c["oneFrameFlips"] += 1
    c["medianMove"] = round(statistics.median(moves), 2) if moves else 0
    return c


def main():
    binary, scene_path, results = sys.argv[1:4]
    counts = {"fast": 600, "slow": 1800, "zoom 15-17": 600}
    if "--frames" in sys.argv:
        i = sys.argv.index("--frames")
        counts = {"fast": int(sys.argv[i + 1]), "slow": int(sys.argv[i + 2]), "zoom 15-17": int(sys.argv[i + 1])}
    scene = json.load(open(scene_path))
    for k in ("cameras", "camera", "puck"):
        scene.pop(k, None)
    line = route_line(scene)
    metres = ground_metres(line)
    proc, port = serve(binary)
    # Stopped from outside: still stop the server (the `finally` below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    out = {"suite": "motion-http", "drives": {}}
    try:
        for label, count in counts.items():
            varying = label.startswith("zoom")
            cams = cameras(line, count, varying)
            d = out["drives"].setdefault(label, {"frames": count, "metresPerFrame": round(metres / (count - 1), 1), "modes": {},
                                                 "camera": "zoom 15-17, pitch 45-60" if varying else "zoom 14.5, pitch 50"})
            for mode in ("greedy", "optimise"):
                base = dict(scene, options=dict(scene.get("options", {}), mode=mode))
                alone = drive(port, base, cams, with_previous=False)
                withp = drive(port, base, cams, with_previous=True)
                ids = sorted({p["id"] for fr in alone for p in fr["placements"]})
                whole = one_scene(port, base, cams)
                same = sum(1 for a, b in zip(withp, whole) if a["placements"] == b["placements"])
                d[f"{mode}RequestsEqualOneScene"] = f"{same} of {len(cams)} frames"
                for run, frames in (("no previous", alone), ("previous", withp)):
                    d["modes"][f"{mode}/{run}"] = {cid: metrics(states(frames, cid), states(alone, cid)) for cid in ids}
                print(f"motion-http {label} {mode}: done", file=sys.stderr, flush=True)
    finally:
        proc.terminate()
        proc.wait()
    with open(results, "w") as f:
        json.dump(out, f, indent=2, sort_keys=True)
        f.write("\n")
    keys = ["boxMovesOver40", "medianMove", "anchorChanges", "oneFrameFlips", "toggles", "unforcedToggles", "shownFrames",
            "hiddenWhereAloneShown"]
    for label, d in out["drives"].items():
        print(f"motion over HTTP, {label} ({d['frames']} frames, {d['metresPerFrame']} m a frame, {d['camera']}); "
              f"requests with previous = one scene: greedy {d['greedyRequestsEqualOneScene']}, "
              f"optimise {d['optimiseRequestsEqualOneScene']}")
        print(f"{'mode':<22} {'callout':<16} " + " ".join(f"{k[:14]:>14}" for k in keys))
        for mode, callouts in d["modes"].items():
            for cid, c in callouts.items():
                print(f"{mode:<22} {cid:<16} " + " ".join(f"{c[k]:>14g}" for k in keys))


if __name__ == "__main__":
    main()
