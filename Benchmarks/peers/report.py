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
    "compile": [
        ("stream / orjson", "cartouche stream", "orjson", "<= 1", lambda r: r <= 1),
        ("tree / orjson", "cartouche tree", "orjson", "(info)", None),
    ],
}


def main() -> None:
    suite, out_path, inputs = sys.argv[1], sys.argv[2], sys.argv[3:]
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
