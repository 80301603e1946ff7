#!/usr/bin/env python3
"""orjson peer of the `compile` suite: the same circle features as
CompileSuite.swift, built as plain Python dicts and serialised with
`orjson.dumps(..., option=OPT_SORT_KEYS)` (our output is key-sorted too).

    orjson_compile.py [--count N] [--rounds R]     timings as JSON measurements
    orjson_compile.py --count N --verify OURS.json  checks our bytes parse to the same value
    orjson_compile.py --memory                      resident memory before/at peak of one dumps

Input numbers come from SplitMix64 seed 2024, drawn in the Swift suite's
order (latitude, longitude, radius, red, green, blue, opacity), with the same
floating-point operations, so both sides serialise identical doubles. Times
are thread CPU time (`time.thread_time`), as on the Swift side.
"""
import argparse
import json
import resource
import sys
import time

import orjson

MASK = (1 << 64) - 1
SEED = 2024


def features(count):
    """The GeoJSON FeatureCollection `compile` produces for the benchmark manager."""
    state = SEED

    def next_u64():
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def next_double(low, high):
        return low + float(next_u64() >> 11) / 9007199254740992.0 * (high - low)

    out = []
    append = out.append
    for i in range(count):
        latitude = next_double(-85, 85)
        longitude = next_double(-180, 180)
        radius = next_double(1, 20)
        red, green, blue = next_u64() % 256, next_u64() % 256, next_u64() % 256
        opacity = next_double(0, 1)
        append({
            "type": "Feature",
            "id": f"c{i}",
            "geometry": {"type": "Point", "coordinates": [longitude, latitude]},
            "properties": {
                "layerProperties.circle-radius": radius,
                "layerProperties.circle-color": f"rgba({red}, {green}, {blue}, 1)",
                "layerProperties.circle-opacity": opacity,
                "custom_data": {},
            },
        })
    return {"type": "FeatureCollection", "features": out}


def resident_bytes():
    with open("/proc/self/statm", encoding="ascii") as handle:
        return int(handle.read().split()[1]) * resource.getpagesize()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--verify")
    parser.add_argument("--memory", action="store_true")
    args = parser.parse_args()
    data = features(args.count)

    if args.verify:
        with open(args.verify, "rb") as handle:
            ours = handle.read()
        theirs = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
        if orjson.loads(ours) != data:
            sys.exit(f"orjson_compile: {args.verify} does not hold the same features")
        print(f"compile: same {args.count} features; ours {len(ours)} bytes, orjson {len(theirs)} bytes",
              file=sys.stderr)
        return

    if args.memory:
        before = resident_bytes()
        size = len(orjson.dumps(data, option=orjson.OPT_SORT_KEYS))
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux
        json.dump([{"suite": "compile-memory", "name": "orjson", "items": args.count, "output_bytes": size,
                    "rss_before_bytes": before, "peak_rss_bytes": peak}], sys.stdout)
        print()
        return

    seconds, size = [], 0
    for _ in range(args.rounds):
        start = time.thread_time()
        size = len(orjson.dumps(data, option=orjson.OPT_SORT_KEYS))
        seconds.append(time.thread_time() - start)
    json.dump([{"suite": "compile", "name": "orjson", "items": args.count, "seconds": seconds,
                "checksum": float(size)}], sys.stdout)
    print()


if __name__ == "__main__":
    main()
