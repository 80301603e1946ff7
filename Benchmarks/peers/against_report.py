#!/usr/bin/env python3
"""This tree against an older build, from the calls Benchmarks/against-bench kept.

    against_report.py REF DIR OUT.json

DIR holds NNNN-SUITE.new.json / NNNN-SUITE.old.json pairs (measurement lists
as cartouche-bench prints them), made alternately in one run. For every case
measured by both builds: the minimum round of each (the least disturbed one
on a shared machine), the spread of each ((max - min) / min over all rounds),
and new/old of the minima. A ratio counts as a change only outside the
larger of the two spreads; inside it, it is noise.
"""
import glob
import json
import os
import sys


def pooled(paths):
    cases = {}
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for m in json.load(handle):
                if m.get("seconds"):
                    cases.setdefault((m["suite"], m["name"]), []).extend(m["seconds"])
    return cases


def main() -> None:
    ref, directory, out_path = sys.argv[1], sys.argv[2], sys.argv[3]
    new_paths = sorted(glob.glob(os.path.join(directory, "*.new.json")))
    old_paths = [p[: -len(".new.json")] + ".old.json" for p in new_paths]
    pairs = [(n, o) for n, o in zip(new_paths, old_paths) if os.path.exists(o)]
    new, old = pooled(n for n, _ in pairs), pooled(o for _, o in pairs)
    rows = []
    print(f"against {ref}: {len(pairs)} alternated calls")
    print(f"{'suite':<16}{'case':<28}{'new min s':>11}{'old min s':>11}{'spread new':>11}{'spread old':>11}{'new/old':>9}  verdict")
    for key in sorted(new.keys() & old.keys()):
        a, b = new[key], old[key]
        ratio = min(a) / min(b)
        spread_new, spread_old = (max(a) - min(a)) / min(a), (max(b) - min(b)) / min(b)
        noise = max(spread_new, spread_old)
        verdict = "faster" if ratio < 1 - noise else "slower" if ratio > 1 + noise else "same within spread"
        rows.append({"suite": key[0], "case": key[1], "new_min_seconds": min(a), "old_min_seconds": min(b),
                     "new_rounds": len(a), "old_rounds": len(b), "spread_new": spread_new,
                     "spread_old": spread_old, "new_over_old": ratio, "verdict": verdict})
        print(f"{key[0]:<16}{key[1]:<28}{min(a):>11.4f}{min(b):>11.4f}{spread_new:>10.0%} {spread_old:>10.0%}"
              f"{ratio:>9.3f}  {verdict}")
    with open(out_path, "w", encoding="utf-8") as handle:
        json.dump({"against": ref, "calls": len(pairs), "cases": rows}, handle, indent=2, sort_keys=True)
        handle.write("\n")


if __name__ == "__main__":
    main()
