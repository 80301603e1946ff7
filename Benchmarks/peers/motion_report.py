"""Summarises the `motion` suite: per placing mode and callout, the motion
counts of MotionMetrics (toggles, flips, jumps), and writes them as JSON.

    motion_report.py MEASUREMENTS.json RESULTS.json
"""
import json
import sys

KEYS = ["shownFrames", "toggles", "onScreenToggles", "blinks", "anchorFlips", "oneFrameFlips", "jumps", "forcedJumps", "jumpDistance"]


def main() -> None:
    measurements = json.load(open(sys.argv[1]))
    modes = {}
    for m in measurements:
        callouts = {}
        for key, value in m["info"].items():
            if "." in key:
                callout, name = key.split(".", 1)
                callouts.setdefault(callout, {})[name] = value
        modes[m["name"]] = {
            "frames": m["info"]["frames"],
            "cpuSeconds": round(m["seconds"][0], 3),
            "shownTotal": m["checksum"],
            "callouts": callouts,
        }
    identical = measurements[0]["info"]["identicalFrames"]
    result = {"suite": "motion", "requestsEqualOneScene": f"{int(identical)} of {int(measurements[0]['info']['frames'])} frames", "modes": modes}
    with open(sys.argv[2], "w") as f:
        json.dump(result, f, indent=2, sort_keys=True)
        f.write("\n")
    print(f"motion: one request per frame with previous = one scene: {result['requestsEqualOneScene']} identical")
    print(f"{'mode':<10} {'callout':<16} " + " ".join(f"{k:>15}" for k in KEYS))
    for mode, r in modes.items():
        for callout, c in sorted(r["callouts"].items()):
            print(f"{mode:<10} {callout:<16} " + " ".join(f"{c.get(k, 0):>15g}" for k in KEYS))


if __name__ == "__main__":
    main()
