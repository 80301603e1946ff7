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
    with open(out_path, "w", encoding="utf-8") as handle:
        json.dump(summary, handle, indent=2, sort_keys=True)
        handle.write("\n")


if __name__ == "__main__":
    main()
