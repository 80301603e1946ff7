#!/usr/bin/env python3
"""Summary of a scripts/load run: a table on stdout and a JSON file.

Reads wrk's result (written by scripts/load.lua's done()), the server's
/metrics after the warm-up and after the run (their difference is what the
server answered during the run) and its resident memory at both moments. Exits 1 when
any request failed (socket error, timeout or non-2xx answer) or the memory grew
by 10% or more; 0 otherwise.
"""
import argparse
import json
import re
import sys

MAX_RSS_GROWTH = 0.10


def requests_by_status(metrics_text: str) -> dict:
    """cartouche_requests_total summed by status code (workload routes only), from the Prometheus text."""
    counts: dict = {}
    for line in metrics_text.splitlines():
        # The script's own /metrics polls are not part of the workload.
        if not line.startswith("cartouche_requests_total{") or 'route="/metrics"' in line:
            continue
        status = re.search(r'status="(\d+)"', line)
        value = line.rsplit(" ", 1)[-1]
        if status:
            counts[status.group(1)] = counts.get(status.group(1), 0) + int(float(value))
    return dict(sorted(counts.items()))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--result", required=True)
    ap.add_argument("--metrics-before", required=True, help="/metrics after the warm-up")
    ap.add_argument("--metrics", required=True, help="/metrics after the run")
    ap.add_argument("--rss-before", type=int, required=True, help="KiB")
    ap.add_argument("--rss-after", type=int, required=True, help="KiB")
    ap.add_argument("--json", required=True)
    ap.add_argument("--settings", nargs="*", default=[])
    ap.add_argument("--mix", required=True, help="index.txt of the request bodies")
    ap.add_argument("--allow-503", action="store_true",
                    help="503 answers (load shed by the budget or the queue) are reported, not failures")
    args = ap.parse_args()

    with open(args.result) as f:
        run = json.load(f)
    # The server's answers during the measured run only (warm-up excluded).
    with open(args.metrics_before) as f:
        before = requests_by_status(f.read())
    with open(args.metrics) as f:
        after = requests_by_status(f.read())
    by_status = {s: n - before.get(s, 0) for s, n in after.items() if n - before.get(s, 0)}
    mix: dict = {}
    with open(args.mix) as f:
        for line in f:
            weight, file, target = line.split()
            route = target.split("?")[0]
            mix[route] = mix.get(route, 0) + int(weight)
    total_weight = sum(mix.values())

    seconds = run["duration_us"] / 1e6
    errors = run["errors"]
    error_count = sum(errors.values())
    answered = sum(by_status.values())
    shed = by_status.get("503", 0)
    if args.allow_503:
        # wrk counts every non-2xx as an error; the 503s are load shed on purpose.
        error_count -= min(shed, errors.get("status", 0))
    growth = (args.rss_after - args.rss_before) / args.rss_before
    settings = dict(s.split("=", 1) for s in args.settings)
    summary = {
        "settings": settings,
        "mix": {route: round(w / total_weight, 3) for route, w in sorted(mix.items())},
        "requests": run["requests"],
        "seconds": round(seconds, 3),
        "requests_per_second": round(run["requests"] / seconds, 1),
        "latency_ms": {k: round(v / 1000, 3) for k, v in run["latency_us"].items()},
        "errors": {**errors, "total": error_count},
        "server_answers_by_status": by_status,
        "share_503_percent": round(100 * shed / answered, 2) if answered else 0.0,
        "rss_kib": {"before": args.rss_before, "after": args.rss_after, "growth_percent": round(growth * 100, 2)},
    }
    with open(args.json, "w") as f:
        json.dump(summary, f, indent=2, sort_keys=True)
        f.write("\n")

    lat = summary["latency_ms"]
    rows = [
        ("settings", ", ".join(f"{k} {v}" for k, v in settings.items())),
        ("mix", ", ".join(f"{r} {p:.0%}" for r, p in summary["mix"].items())),
        ("requests", f"{run['requests']} in {seconds:.1f} s"),
        ("throughput", f"{summary['requests_per_second']} requests/s"),
        ("latency", f"p50 {lat['p50']} ms, p90 {lat['p90']} ms, p99 {lat['p99']} ms, max {lat['max']} ms"),
        ("errors", f"{error_count} (connect {errors['connect']}, read {errors['read']}, write {errors['write']}, "
                   f"timeout {errors['timeout']}, non-2xx {errors['status']})"),
        ("server answers", ", ".join(f"{s}: {n}" for s, n in by_status.items())
                           + f" (503 share {summary['share_503_percent']}%)"),
        ("resident memory", f"{args.rss_before / 1024:.1f} MiB after warm-up → {args.rss_after / 1024:.1f} MiB "
                            f"after the run ({growth * 100:+.2f}%)"),
        ("summary", args.json),
    ]
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k.ljust(width)}  {v}")

    failures = []
    if error_count:
        failures.append(f"{error_count} failed requests")
    if growth >= MAX_RSS_GROWTH:
        failures.append(f"resident memory grew {growth * 100:.1f}% (limit {MAX_RSS_GROWTH * 100:.0f}%)")
    print("load: FAILED: " + "; ".join(failures) if failures else "load: OK (0 errors, memory growth under 10%)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
