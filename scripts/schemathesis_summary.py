"""Reads the NDJSON report of a schemathesis run (scripts/schemathesis) and
prints, per operation, the test cases sent (by phase: coverage, the
deterministic boundary cases of every member; fuzzing, --max-examples
generated ones) and the failed ones, then a closing 'N passed, N failed' line
counting operations. Exits 1 when any case failed a check."""
import collections
import glob
import json
import sys

folder = sys.argv[1]
reports = sorted(glob.glob(f"{folder}/ndjson-*.ndjson"))
if not reports:
    sys.exit(f"schemathesis: no report in {folder}")

cases = collections.Counter()
by_phase = collections.defaultdict(collections.Counter)
failed = collections.defaultdict(set)
checks = collections.Counter()
for line in open(reports[-1]):
    event = json.loads(line)
    finished = event.get("ScenarioFinished")
    if not finished or "recorder" not in finished:
        continue
    recorder = finished["recorder"]
    label = recorder["label"]
    for case_id, results in recorder.get("checks", {}).items():
        cases[label] += 1
        by_phase[label][finished.get("phase", "?")] += 1
        for result in results:
            checks[result["status"]] += 1
            if result["status"] == "failure":
                failed[label].add(case_id)
    cases[label] += 0

width = max(map(len, cases), default=10)
for label in sorted(cases, key=lambda l: (l.split()[1], l.split()[0])):
    phases = ", ".join(f"{phase} {count}" for phase, count in sorted(by_phase[label].items()))
    print(f"schemathesis: {label:<{width}}  {cases[label]:5d} cases ({phases})  {len(failed[label])} failed")
total_failed = sum(len(v) for v in failed.values())
print(f"schemathesis: {len(cases)} operations, {sum(cases.values())} cases, {checks['success']} checks passed, {total_failed} cases failed")
bad_operations = sum(1 for label in cases if failed[label])
print(f"schemathesis: {len(cases) - bad_operations} passed, {bad_operations} failed")
sys.exit(1 if total_failed else 0)
