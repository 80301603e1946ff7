#!/usr/bin/env python3
"""What the lexicographic priority contract allows at the lowest zoom of a
zoom-range scene (#30): the exact lexicographic optimum of minZoom, with
minZooms restricted to integers, for the N highest-priority labels of a view.

    zoom_lex_bound.py SCENE.json [--top N] [--time-limit S]

SCENE.json is a zoom-range scene of `peers/zoom_views.py` (cities, 8 anchors,
priority by population). The labels are taken in priority order; label i
gets the lowest integer minZoom m in [Z0, Z1] for which labels 1..i, each
with the minZoom fixed before and any anchor, plus label i at m, admit an
anchor per label with no two shown boxes colliding at any zoom of their
common active range [max(m_i, m_j), Z1] (the pair's exact open collision
interval of zooms, as `ZoomConflict`, tolerance 0.5e-6 pt). That is the
contract of optimise mode on integer minZooms: a higher label never gets a
higher minZoom so that a lower one can have a lower one, anchors free.
Feasibility is monotone in m (raising a minZoom removes conflicts), so m is
found by binary search below the first fit of the current anchors, each
test a CP-SAT model of the labels connected to label i by a possible
conflict (the others keep their anchors: none of theirs can conflict).

Why the top N is exact: neither the contract's minZooms of the first N
labels nor per-frame greedy's choices among them depend on the labels after
them (lower labels can always be hidden; greedy goes in priority order). So
the counts shown at each integer zoom among the top N are those of the whole
view restricted to these labels. Prints JSON: per integer zoom, the labels
among the top N shown by the lexicographic optimum and by per-frame greedy.
"""
import argparse
import json
import math
import os
import sys
import time

import numpy as np
from ortools.sat.python import cp_model

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from zoom_views import load_scene, per_frame  # noqa: E402

TOL = 0.5e-6


def load(path, top):
    labels, z0, z1 = load_scene(path)
    return labels[:top], z0, z1


def axis(ai, bi, aj, bj, d):
    """Open scale interval with lower < d*s < upper (numpy, elementwise)."""
    lower, upper = ai - bj + TOL, bi - aj - TOL
    with np.errstate(divide="ignore", invalid="ignore"):
        lo = np.where(d > 0, np.maximum(0, lower / d), np.where(d < 0, np.maximum(0, upper / d), 0.0))
        hi = np.where(d > 0, upper / d, np.where(d < 0, lower / d, np.inf))
    zero_ok = (lower < 0) & (0 < upper)
    ok = (lower < upper) & np.where(d == 0, zero_ok, lo < hi)
    return lo, hi, ok


def conflicts(labels, z0, z1):
    """{(i, j): 8x8 array of the highest zoom (exclusive) of each anchor pair's
    collision interval meeting [.., z1]; -inf where none}, i < j."""
    boxes = np.array([l["boxes"] for l in labels])  # n x 8 x 4
    ext = np.abs(boxes).max(axis=(1, 2))
    xs = np.array([l["x"] for l in labels])
    ys = np.array([l["y"] for l in labels])
    s0 = 512 * 2 ** z0
    out = {}
    for i in range(len(labels)):
        near = np.nonzero((np.abs(xs[i + 1:] - xs[i]) * s0 < ext[i] + ext[i + 1:])
                          & (np.abs(ys[i + 1:] - ys[i]) * s0 < ext[i] + ext[i + 1:]))[0] + i + 1
        for j in near:
            a = boxes[i][:, None, :]
            b = boxes[j][None, :, :]
            dx, dy = xs[j] - xs[i], ys[j] - ys[i]
            lx, hx, okx = axis(a[..., 0], a[..., 2], b[..., 0], b[..., 2], np.full((8, 8), dx))
            ly, hy, oky = axis(a[..., 1], a[..., 3], b[..., 1], b[..., 3], np.full((8, 8), dy))
            lo, hi = np.maximum(lx, ly), np.minimum(hx, hy)
            ok = okx & oky & (lo < hi)
            with np.errstate(divide="ignore"):
                zlo, zhi = np.log2(lo / 512), np.log2(hi / 512)
            # Collides on some zoom of [M, z1] iff zlo < z1 and M < zhi.
            live = ok & (zlo < z1) & (zhi > z0)
            if live.any():
                out[(i, j)] = np.where(live, zhi, -np.inf)
    return out


def run(labels, z0, z1, time_limit):
    n = len(labels)
    pairs = conflicts(labels, z0, z1)
    adj = [[] for _ in range(n)]
    for (i, j), hi in pairs.items():
        adj[i].append((j, hi))
        adj[j].append((i, hi.T))
    m = [None] * n  # integer minZoom, None hidden
    anchor = [None] * n
    solves = 0

    def hi_of(i, j):
        return pairs[(i, j)] if i < j else pairs[(j, i)].T

    def first_fit(i):
        """Lowest integer minZoom of label i with the current anchors, and its anchor."""
        best = (math.inf, None)
        for a in range(8):
            z = z0
            for j, hi in adj[i]:
                if j < i and m[j] is not None:
                    h = hi[a, anchor[j]]
                    if h > m[j] and h > z:
                        z = math.ceil(h)
            if z <= z1 and z < best[0]:
                best = (int(z), a)
        return best

    def feasible(i, z):
        """Anchors for labels 1..i-1 (minZooms fixed) and label i at z, or None."""
        nonlocal solves
        mm = lambda k: z if k == i else m[k]  # noqa: E731
        comp, stack = {i}, [i]
        while stack:
            k = stack.pop()
            for j, hi in adj[k]:
                if j <= i and j not in comp and (j == i or m[j] is not None):
                    if (hi > max(mm(k), mm(j))).any():
                        comp.add(j)
                        stack.append(j)
        model = cp_model.CpModel()
        x = {k: [model.NewBoolVar(f"x{k}_{a}") for a in range(8)] for k in comp}
        for k in comp:
            model.AddExactlyOne(x[k])
            if k != i:
                model.AddHint(x[k][anchor[k]], 1)
        for k in comp:
            for j, _ in adj[k]:
                if j in comp and j > k:
                    hi = hi_of(k, j)
                    bad = hi > max(mm(k), mm(j))
                    for a, b in zip(*np.nonzero(bad)):
                        model.AddBoolOr([x[k][a].Not(), x[j][b].Not()])
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = time_limit
        solver.parameters.num_workers = 1
        status = solver.Solve(model)
        solves += 1
        if status == cp_model.INFEASIBLE:
            return None
        if status != cp_model.OPTIMAL and status != cp_model.FEASIBLE:
            raise RuntimeError(f"label {i}: CP-SAT status {solver.StatusName(status)} at z{z}")
        return {k: next(a for a in range(8) if solver.Value(x[k][a])) for k in comp}

    for i in range(n):
        zg, ag = first_fit(i)
        lo, hi = z0, (zg - 1 if zg != math.inf else z1)
        found, sol = None, None
        while lo <= hi:  # smallest feasible integer in [lo, hi]
            mid = (lo + hi) // 2
            s = feasible(i, mid)
            if s is not None:
                found, sol, hi = mid, s, mid - 1
            else:
                lo = mid + 1
        if found is not None:
            m[i] = found
            for k, a in sol.items():
                anchor[k] = a
        elif zg != math.inf:
            m[i], anchor[i] = zg, ag
    return m, solves


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("scene")
    parser.add_argument("--top", type=int, default=1000)
    parser.add_argument("--time-limit", type=float, default=60)
    args = parser.parse_args()
    labels, z0, z1 = load(args.scene, args.top)
    start = time.perf_counter()
    m, solves = run(labels, z0, z1, args.time_limit)
    seconds = time.perf_counter() - start
    per_zoom = []
    for z in range(int(math.ceil(z0)), int(z1) + 1):
        frame = per_frame(labels, z)
        per_zoom.append({"zoom": z, "lexicographic": sum(1 for v in m if v is not None and v <= z), "perFrame": len(frame)})
    print(json.dumps({"scene": os.path.basename(args.scene), "top": len(labels), "zoomRange": [z0, z1],
                      "seconds": round(seconds, 1), "solves": solves, "perZoom": per_zoom,
                      "minZoom": {labels[i]["id"]: m[i] for i in range(len(labels))}}, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
