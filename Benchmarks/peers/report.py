#!/usr/bin/env python3
"""Summarises benchmark measurements: medians, throughput and target ratios.

    report.py SUITE OUT.json MEASUREMENTS.json...

Each input file holds a JSON list of measurements ({suite, name, items,
seconds[], checksum}) from cartouche-bench or a peer script. Rounds of the
same case are pooled across files and the median round is reported. Ratios
and their targets for each suite are declared in RATIOS below.
"""
import json
import statistics
import sys

# suite -> [(label, numerator case, denominator case, target text, passes(ratio))]
RATIOS = {
    "text": [
        ("cold / direct hb_shape", "cartouche cold", "hb_shape direct", "<= 1.3", lambda r: r <= 1.3),
        ("uncached / direct hb_shape", "cartouche uncached", "hb_shape direct", "(info)", None),
        ("uharfbuzz / cached", "uharfbuzz", "cartouche cached", ">= 20", lambda r: r >= 20),
        ("uharfbuzz / cached box", "uharfbuzz", "cartouche cached box", ">= 20", lambda r: r >= 20),
        ("uharfbuzz / direct hb_shape", "uharfbuzz", "hb_shape direct", "(info)", None),
    ],
    "query": [
        ("shapely query / cartouche query", "shapely query", "cartouche query", ">= 3", lambda r: r >= 3),
        ("shapely build / cartouche build", "shapely build", "cartouche build", "(info)", None),
    ],
    "placement-globe": [
        ("globe / mercator place", "globe place", "mercator place", "(info: the cost of the globe)", None),
        ("globe / mercator project", "globe project", "mercator project", "(info)", None),
    ],
    "compile": [
        ("stream / orjson", "cartouche stream", "orjson", "<= 1", lambda r: r <= 1),
        ("tree / orjson", "cartouche tree", "orjson", "(info)", None),
    ],
}


def pool(inputs, suites):
    """Cases of the given suites with their rounds pooled across files."""
    cases = {}
    for path in inputs:
        with open(path, encoding="utf-8") as handle:
            for m in json.load(handle):
                if m["suite"] not in suites:
                    continue
                case = cases.setdefault(m["name"], {"items": m["items"], "seconds": [], "checksum": m["checksum"],
                                                    "info": m.get("info") or {}})
                case["seconds"].extend(m["seconds"])
    return cases


# Placement targets: optimise within 1 % of the optimum and under 50 ms at
# n = 1000; greedy under 50 ms for 100k callouts; cost per callout at 100k at
# most 1.5 x the cost at 12.5k (linear growth, allowing for caches).
PLACEMENT_QUALITY_TARGET, PLACEMENT_TIME_TARGET_MS, SPEED_TARGET_MS, LINEARITY_TARGET = 0.99, 50, 50, 1.5


def percent(value, of):
    return f"{100 * value / of:.1f}" if of else "-"


def report_placement(out_path, inputs):
    cases = pool(inputs, {"placement", "placement-speed"})
    summary = {"suite": "placement", "quality": [], "speed": [], "linearity": [], "targets": []}

    def case(name):
        return cases.get(name)

    def ms(c):
        return 1000 * statistics.median(c["seconds"]) if c and c["seconds"] else float("nan")

    print("suite placement: Christensen-Marks-Shieber instances (792x612, labels 30x7)")
    print(f"{'n':>5} {'model':>5} {'greedy':>7} {'ms':>6} {'optimise':>9} {'ms':>6} {'cp-sat':>7} {'bound':>6} "
          f"{'status':>9} {'mapnik':>7} {'ms':>6}  {'% of bound: greedy / optimise / mapnik':>40}  {'opt % best':>10}")
    keys = sorted({name.split(" ", 1)[1] for name in cases if name.startswith("optimise n=") and "p=" in name},
                  key=lambda k: (int(k.split()[1][2:]), int(k.split()[0][2:])))
    for key in keys:
        n, positions = int(key.split()[0][2:]), int(key.split()[1][2:])
        greedy, optimise = case(f"greedy {key}"), case(f"optimise {key}")
        cpsat, mapnik_ = case(f"cpsat {key}"), case(f"mapnik {key}")
        row = {"n": n, "positions": positions,
               "greedy_placed": greedy["info"]["placed"], "greedy_ms": ms(greedy),
               "optimise_placed": optimise["info"]["placed"], "optimise_ms": ms(optimise),
               "optimise_rounds": len(optimise["seconds"])}
        bound = best = None
        if cpsat:
            bound = cpsat["info"]["bound"]
            best = max(cpsat["info"]["placed"], row["optimise_placed"], row["greedy_placed"])
            row.update({"cpsat_objective": cpsat["info"]["placed"], "cpsat_bound": bound,
                        "cpsat_status": "OPTIMAL" if cpsat["info"]["optimal"] else "FEASIBLE",
                        "cpsat_seconds": cpsat["seconds"][0], "cpsat_time_limit": cpsat["info"]["time_limit"]})
        if mapnik_:
            row.update({"mapnik_placed": mapnik_["info"]["placed"], "mapnik_ms": ms(mapnik_),
                        "mapnik_rounds": len(mapnik_["seconds"])})
        for who in ("greedy", "optimise", "mapnik"):
            if bound and f"{who}_placed" in row:
                row[f"{who}_fraction_of_bound"] = row[f"{who}_placed"] / bound
        if best:
            row["optimise_fraction_of_best_known"] = row["optimise_placed"] / best
        summary["quality"].append(row)
        pct = " / ".join(percent(row.get(f"{w}_placed", 0), bound) if f"{w}_placed" in row else "-"
                         for w in ("greedy", "optimise", "mapnik"))
        print(f"{n:>5} {positions:>5} {row['greedy_placed']:>7.0f} {row['greedy_ms']:>6.2f} "
              f"{row['optimise_placed']:>9.0f} {row['optimise_ms']:>6.2f} "
              f"{row.get('cpsat_objective', float('nan')):>7.0f} {bound if bound is not None else float('nan'):>6.0f} "
              f"{row.get('cpsat_status', '-'):>9} {row.get('mapnik_placed', float('nan')):>7.0f} "
              f"{row.get('mapnik_ms', float('nan')):>6.2f}  {pct:>40}  {percent(row['optimise_placed'], best) if best else '-':>10}")
        if n == 1000 and bound:
            fraction = row["optimise_fraction_of_bound"]
            summary["targets"].append({"target": f"optimise >= 99% of optimum, n=1000 p={positions}",
                                       "value": fraction, "verdict": "met" if fraction >= PLACEMENT_QUALITY_TARGET else "NOT met"})
            summary["targets"].append({"target": f"optimise < 50 ms, n=1000 p={positions}", "value": row["optimise_ms"],
                                       "verdict": "met" if row["optimise_ms"] < PLACEMENT_TIME_TARGET_MS else "NOT met"})

    speed_names = [name for name in cases if name.split(" ")[0] in ("greedy", "optimise") and "p=" not in name]
    if speed_names:
        print()
        print("speed: ETA callouts, 9 anchors, 1920x1080")
        print(f"{'mode':<9}{'n':>8}{'rounds':>7}{'ms':>10}{'us/callout':>11}{'placed':>8}{'tests':>10}{'tests/s':>12}")
        by_mode = {}
        for name in sorted(speed_names, key=lambda s: (s.split()[0], int(s.split()[1][2:]))):
            c = cases[name]
            mode, n = name.split()[0], int(name.split()[1][2:])
            t = ms(c)
            tests = c["info"]["candidate_tests"]
            row = {"mode": mode, "n": n, "rounds": len(c["seconds"]), "ms": t, "us_per_callout": 1000 * t / n,
                   "placed": c["info"]["placed"], "candidate_tests": tests, "tests_per_second": tests / (t / 1000)}
            summary["speed"].append(row)
            by_mode.setdefault(mode, []).append(row)
            print(f"{mode:<9}{n:>8}{row['rounds']:>7}{t:>10.2f}{row['us_per_callout']:>11.3f}{row['placed']:>8.0f}"
                  f"{tests:>10.0f}{row['tests_per_second']:>12.3g}")
            if mode == "greedy" and n == 100_000:
                summary["targets"].append({"target": "greedy < 50 ms, 100k callouts", "value": t,
                                           "verdict": "met" if t < SPEED_TARGET_MS else "NOT met"})
        print()
        for mode, rows in by_mode.items():
            rows.sort(key=lambda r: r["n"])
            if len(rows) < 2:
                continue
            growth = rows[-1]["us_per_callout"] / rows[0]["us_per_callout"]
            summary["linearity"].append({"mode": mode, "from_n": rows[0]["n"], "to_n": rows[-1]["n"],
                                         "cost_per_callout_ratio": growth})
            summary["targets"].append({"target": f"{mode}: cost per callout n={rows[-1]['n']} / n={rows[0]['n']} <= {LINEARITY_TARGET}",
                                       "value": growth, "verdict": "met" if growth <= LINEARITY_TARGET else "NOT met"})
    print()
    for t in summary["targets"]:
        print(f"{t['target']:<60}{t['value']:>10.3f}  {t['verdict']}")
    with open(out_path, "w", encoding="utf-8") as handle:
        json.dump(summary, handle, indent=2, sort_keys=True)
        handle.write("\n")


def main() -> None:
    suite, out_path, inputs = sys.argv[1], sys.argv[2], sys.argv[3:]
    if suite == "placement":
        report_placement(out_path, inputs)
        return
    cases = {}
    for path in inputs:
        with open(path, encoding="utf-8") as handle:
            for m in json.load(handle):
                if m["suite"] != suite:
                    continue
                case = cases.setdefault(m["name"], {"items": m["items"], "seconds": [], "checksum": m["checksum"]})
                case["seconds"].extend(m["seconds"])
    summary = {"suite": suite, "cases": {}, "ratios": []}
    print(f"suite {suite}")
    print(f"{'case':<22}{'rounds':>7}{'items':>8}{'median s':>11}{'us/item':>10}{'items/s':>12}")
    for name, case in cases.items():
        median = statistics.median(case["seconds"])
        per_item = median / case["items"]
        summary["cases"][name] = {"items": case["items"], "rounds": len(case["seconds"]), "median_seconds": median,
                                  "microseconds_per_item": per_item * 1e6, "items_per_second": 1 / per_item,
                                  "checksum": case["checksum"]}
        print(f"{name:<22}{len(case['seconds']):>7}{case['items']:>8}{median:>11.4f}{per_item * 1e6:>10.3f}"
              f"{1 / per_item:>12.0f}")
    print()
    print(f"{'ratio':<30}{'value':>8}  target")
    for label, numerator, denominator, target, passes in RATIOS.get(suite, []):
        if numerator not in summary["cases"] or denominator not in summary["cases"]:
            continue
        ratio = summary["cases"][numerator]["median_seconds"] / summary["cases"][denominator]["median_seconds"]
        verdict = "" if passes is None else ("met" if passes(ratio) else "NOT met")
        summary["ratios"].append({"ratio": label, "value": ratio, "target": target, "verdict": verdict})
        print(f"{label:<30}{ratio:>8.2f}  {target} {verdict}")
    if suite == "compile":
        report_compile_memory(inputs, summary)
    with open(out_path, "w", encoding="utf-8") as handle:
        json.dump(summary, handle, indent=2, sort_keys=True)
        handle.write("\n")


def report_compile_memory(inputs, summary):
    """Peak RSS of one compile per side (`--memory` runs), against the output size."""
    rows = [m for path in inputs for m in json.load(open(path, encoding="utf-8")) if m["suite"] == "compile-memory"]
    if not rows:
        return
    print()
    print(f"{'memory':<18}{'output MB':>10}{'before MB':>10}{'peak MB':>9}{'peak-before':>12}{'peak/out':>9}{'(peak-before)/out':>18}")
    summary["memory"] = {}
    for m in rows:
        out, before, peak = m["output_bytes"], m["rss_before_bytes"], m["peak_rss_bytes"]
        summary["memory"][m["name"]] = {**m, "peak_over_output": peak / out, "growth_over_output": (peak - before) / out}
        print(f"{m['name']:<18}{out / 1e6:>10.1f}{before / 1e6:>10.1f}{peak / 1e6:>9.1f}{(peak - before) / 1e6:>12.1f}"
              f"{peak / out:>9.2f}{(peak - before) / out:>18.2f}")
    print("target: peak memory of our compile < 3x output size")


if __name__ == "__main__":
    main()
