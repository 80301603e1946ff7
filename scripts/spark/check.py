#!/usr/bin/env python3
"""Runs Examples/spark/place_scenes.py in Spark local mode and compares it
with the single-process `cartouche place --batch` on the same NDJSON.

Job (JSON on stdin):
  {"cartouche": "/prefix/bin/cartouche",   # an installed copy (scripts/install layout)
   "input": ["<line>", ...],               # NDJSON lines, bad and blank ones included
   "partitions": 4, "master": "local[2]", "workdir": "/tmp/..."}

Result (JSON on stdout):
  {"single": {"placed": [...answer lines...], "errors": [...reports...], "status": N},
   "spark": {"placed": [...], "errors": [...], "partitions": N, "seconds": t},
   "placedEqual": bool, "errorsEqual": bool}
Run with the venv made by scripts/setup: .venv-spark/bin/python scripts/spark/check.py < job.json
"""
import json
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
JOB = ROOT / "Examples" / "spark" / "place_scenes.py"


def read_parts(folder):
    lines = []
    for part in sorted(pathlib.Path(folder).glob("part-*")):
        lines += [line for line in part.read_text(encoding="utf-8").splitlines() if line]
    return lines


def line_number(text):
    if text.startswith('{"line":'):
        return int(text[len('{"line":'):].split(",", 1)[0])
    return int(text.split(":", 1)[0].split(" ", 1)[1])


def main():
    job = json.load(sys.stdin)
    work = pathlib.Path(job["workdir"])
    work.mkdir(parents=True, exist_ok=True)
    source = work / "scenes.ndjson"
    source.write_text("\n".join(job["input"]) + "\n", encoding="utf-8")

    single = subprocess.run([job["cartouche"], "place", "--batch", str(source), "--jobs", "1"],
                            capture_output=True, text=True)
    single_errors = [l for l in single.stderr.splitlines() if l.startswith("line ")]

    output = work / "spark-out"
    start = time.monotonic()
    spark = subprocess.run([sys.executable, str(JOB), str(source), str(output),
                            "--cartouche", job["cartouche"], "--partitions", str(job["partitions"]),
                            "--master", job["master"]], capture_output=True, text=True)
    seconds = time.monotonic() - start
    if spark.returncode != 0:
        print(f"spark job failed ({spark.returncode}): {spark.stderr[-3000:]}", file=sys.stderr)
        sys.exit(2)
    placed = sorted(read_parts(output / "placed"), key=line_number)
    errors = sorted(read_parts(output / "errors"), key=line_number)
    single_placed = single.stdout.splitlines()
    json.dump({
        "single": {"placed": single_placed, "errors": single_errors, "status": single.returncode},
        "spark": {"placed": placed, "errors": errors, "seconds": seconds,
                  "partitions": len(list((output / "placed").glob("part-*")))},
        "placedEqual": placed == single_placed,
        "errorsEqual": errors == sorted(single_errors, key=line_number),
    }, sys.stdout)


if __name__ == "__main__":
    main()
