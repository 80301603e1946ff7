"""Summarises the `motion` suite: per drive, placing mode and callout, the
motion counts of MotionMetrics (toggles, flips, jumps), and writes them as JSON.

    motion_report.py MEASUREMENTS.json RESULTS.json

Measurement names are `DRIVE/MODE` (drives `fast` and `pace`; modes `alone`,
`requests`, `one scene`, and the last two again in optimise mode).
"""
import json
import sys

KEYS = ["shownFrames", "toggles", "onScreenToggles", "blinks", "anchorFlips", "oneFrameFlips", "jumps", "forcedJumps",
        "unforcedJumps", "jumpDistance", "moves", "boxTravel"]


def main() -> None:
    measurements = json.load(open(sys.argv[1]))
    drives = {}
    for m in measurements:
        drive, mode = m["name"].split("/", 1)
        callouts = {}
        for key, value in m["info"].items():
            if "." in key:
                callout, name = key.split(".", 1)
                callouts.setdefault(callout, {})[name] = value
        entry = drives.setdefault(drive, {
            "frames": m["info"]["frames"],
            "requestsEqualOneScene": f"{int(m['info']['identicalFrames'])} of {int(m['info']['frames'])} frames",
            "optimiseRequestsEqualOneScene":
                f"{int(m['info'].get('identicalOptimiseFrames', 0))} of {int(m['info']['frames'])} frames",
            "modes": {},
        })
        entry["modes"][mode] = {"cpuSeconds": round(m["seconds"][0], 3), "shownTotal": m["checksum"], "callouts": callouts}
    result = {"suite": "motion", "drives": drives}
    with open(sys.argv[2], "w") as f:
        json.dump(result, f, indent=2, sort_keys=True)
        f.write("\n")
    for drive, d in drives.items():
        print(f"motion {drive} ({int(d['frames'])} frames): one request per frame with previous = one scene: "
              f"{d['requestsEqualOneScene']} identical (optimise mode: {d['optimiseRequestsEqualOneScene']})")
        print(f"{'mode':<18} {'callout':<16} " + " ".join(f"{k[:13]:>13}" for k in KEYS))
        for mode, r in d["modes"].items():
            for callout, c in sorted(r["callouts"].items()):
                print(f"{mode:<18} {callout:<16} " + " ".join(f"{c.get(k, 0):>13g}" for k in KEYS))


if __name__ == "__main__":
    main()
