#!/usr/bin/env python3
"""Exact point-feature label placement with OR-Tools CP-SAT.

    cpsat_labels.py INSTANCES.json [--time-limit-small S] [--time-limit-large S] [--workers W]

INSTANCES.json comes from `cartouche-bench placement --dump-instances`. For
each instance this solves maximum independent set on the label candidates:
one Boolean per candidate (point x position), at most one per point, and no
two candidates whose interiors overlap. Prints a JSON list of measurements
(suite "placement", case "cpsat n=.. p=..") whose `info` holds the objective,
the proven bound (`BestObjectiveBound`) and the status (1 = OPTIMAL,
0 = FEASIBLE).

Conflicts are stated as cliques, which CP-SAT's relaxation handles far better
than pairwise constraints: boxes that share a point pairwise overlap, and
every maximal clique of overlapping axis-aligned boxes has a common point
(Helly), namely (max minX, max minY) of its members, which is also the low
corner of the intersection of two of them. So for every overlapping pair
(found with a grid sweep) the half-open boxes [minX, maxX) x [minY, maxY)
containing that pair's intersection corner form a clique constraint; together
they imply every pairwise conflict and nothing more.

The search starts from optimise mode's placement as a hint, which can only
help the objective; the bound is proven independently of it.
"""
import argparse
import json
import math
import sys
import time

from ortools.sat.python import cp_model

# (dx, dy) of a label's top-left corner from its point, in label widths and
# heights, in the order of Cartouche's anchor lists (CMSInstance.anchors).
FOUR = [(0, -1), (-1, -1), (0, 0), (-1, 0)]  # bottomLeft, bottomRight, topLeft, topRight
EIGHT = [(0, 0), (-0.5, 0), (-1, 0), (0, -0.5), (-1, -0.5), (0, -1), (-0.5, -1), (-1, -1)]
# ViewAnchor.all: topLeft, top, topRight, left, right, bottomLeft, bottom, bottomRight


def candidates(instance):
    """Yields (point index, position index, (minX, minY, maxX, maxY))."""
    w, h = instance["labelWidth"], instance["labelHeight"]
    offsets = FOUR if instance["positions"] == 4 else EIGHT
    for i, (x, y) in enumerate(instance["points"]):
        for k, (fx, fy) in enumerate(offsets):
            x0, y0 = x + fx * w, y + fy * h
            yield i, k, (x0, y0, x0 + w, y0 + h)


def overlapping_pairs(boxes, cell):
    """Pairs (a, b), a < b, of boxes whose interiors overlap, via a uniform grid."""
    grid = {}
    for v, (x0, y0, x1, y1) in enumerate(boxes):
        for cx in range(math.floor(x0 / cell), math.floor(x1 / cell) + 1):
            for cy in range(math.floor(y0 / cell), math.floor(y1 / cell) + 1):
                grid.setdefault((cx, cy), []).append(v)
    pairs = set()
    for members in grid.values():
        for ai in range(len(members)):
            a = members[ai]
            ax0, ay0, ax1, ay1 = boxes[a]
            for b in members[ai + 1:]:
                bx0, by0, bx1, by1 = boxes[b]
                if ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1:
                    pairs.add((a, b) if a < b else (b, a))
    return grid, pairs


def clique_constraints(boxes, owner, cell):
    grid, pairs = overlapping_pairs(boxes, cell)
    cliques = set()
    for a, b in pairs:
        if owner[a] == owner[b]:
            continue  # already covered by the point's at-most-one
        px = max(boxes[a][0], boxes[b][0])
        py = max(boxes[a][1], boxes[b][1])
        cell_members = grid.get((math.floor(px / cell), math.floor(py / cell)), [])
        clique = tuple(sorted(v for v in cell_members
                              if boxes[v][0] <= px < boxes[v][2] and boxes[v][1] <= py < boxes[v][3]))
        cliques.add(clique)
    return cliques, len(pairs)


def solve(instance, time_limit, workers):
    cands = list(candidates(instance))
    boxes = [c[2] for c in cands]
    owner = [c[0] for c in cands]
    model = cp_model.CpModel()
    x = [model.NewBoolVar(f"c{v}") for v in range(len(cands))]
    per_point = {}
    for v, (i, _, _) in enumerate(cands):
        per_point.setdefault(i, []).append(x[v])
    for vars_ in per_point.values():
        model.AddAtMostOne(vars_)
    cliques, pair_count = clique_constraints(boxes, owner, cell=max(instance["labelWidth"], instance["labelHeight"]))
    for clique in cliques:
        # Cliques spanning one point only are implied by its at-most-one.
        if len({owner[v] for v in clique}) > 1:
            model.AddAtMostOne(x[v] for v in clique)
    model.Maximize(sum(x))
    for v, (i, k, _) in enumerate(cands):
        model.AddHint(x[v], 1 if instance["optimiseChoice"][i] == k else 0)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = 1
    start = time.monotonic()
    status = solver.Solve(model)
    wall = time.monotonic() - start
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise SystemExit(f"cpsat: {instance['key']}: no solution ({solver.StatusName(status)})")
    # Check the solution independently of the model: no two chosen overlap.
    chosen = [v for v in range(len(cands)) if solver.Value(x[v])]
    points = [owner[v] for v in chosen]
    if len(set(points)) != len(points):
        raise SystemExit(f"cpsat: {instance['key']}: two labels for one point")
    _, bad = overlapping_pairs([boxes[v] for v in chosen], 30.0)
    if bad:
        raise SystemExit(f"cpsat: {instance['key']}: {len(bad)} overlapping labels")
    objective = len(chosen)
    bound = math.floor(solver.BestObjectiveBound() + 1e-6)
    return {
        "suite": "placement", "name": f"cpsat {instance['key']}", "items": 1, "seconds": [wall],
        "checksum": objective,
        "info": {"placed": objective, "bound": bound, "optimal": 1 if status == cp_model.OPTIMAL else 0,
                 "n": instance["n"], "positions": instance["positions"], "time_limit": time_limit,
                 "conflict_pairs": pair_count, "cliques": len(cliques)},
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("instances")
    parser.add_argument("--time-limit-small", type=float, default=20, help="seconds, n <= 1000")
    parser.add_argument("--time-limit-large", type=float, default=40, help="seconds, n > 1000")
    parser.add_argument("--workers", type=int, default=8, help="CP-SAT portfolio workers; its LP-based bound workers only run with enough of them")
    parser.add_argument("--only", help="instance key, e.g. 'n=1000 p=4'")
    args = parser.parse_args()
    with open(args.instances, encoding="utf-8") as handle:
        instances = json.load(handle)
    results = []
    for instance in instances:
        if args.only and instance["key"] != args.only:
            continue
        limit = args.time_limit_small if instance["n"] <= 1000 else args.time_limit_large
        r = solve(instance, limit, args.workers)
        print(f"cpsat {instance['key']}: {r['info']['placed']} / bound {r['info']['bound']}"
              f" {'OPTIMAL' if r['info']['optimal'] else 'FEASIBLE'} in {r['seconds'][0]:.1f} s", file=sys.stderr)
        results.append(r)
    json.dump(results, sys.stdout)
    print()


if __name__ == "__main__":
    main()
