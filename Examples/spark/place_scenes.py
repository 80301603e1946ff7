#!/usr/bin/env python3
"""Places NDJSON scenes on Apache Spark with `cartouche place --batch`.

Each input line is one scene (the scene format of docs/SCENE_FORMAT.md), as
for `cartouche place --batch`. The job reads the lines from any path Spark
reads (local files, HDFS, S3, GCS, ...), keys each by its global line number,
pipes every partition through one `cartouche place --batch -` process, and
writes two outputs:

  OUTPUT/placed/   one line per placed scene, exactly what the single-process
                   `cartouche place --batch` writes for it:
                   {"line": N, "result": <place response>}  (N = 1-based input line)
  OUTPUT/errors/   one line per bad scene, exactly what it reports on stderr:
                   line N: <detail> at <path>

so sorting `placed` by N gives, byte for byte, the single-process output of
the whole file. Blank lines are skipped, as there.

The binary and the fonts travel with the job as one archive made by
`scripts/install` (bin/cartouche and share/cartouche/Fonts):

    scripts/install /tmp/cartouche-dist
    tar -C /tmp/cartouche-dist -czf cartouche.tar.gz bin share
    spark-submit --master yarn --deploy-mode cluster \\
        --archives cartouche.tar.gz#cartouche \\
        Examples/spark/place_scenes.py hdfs:///scenes/2026-11-24/ hdfs:///placed/2026-11-24/

On each executor the archive is unpacked as ./cartouche, and the binary finds
its fonts next to itself (cartouche fonts reports "installed"). Options:

  --cartouche PATH   the binary (default ./cartouche/bin/cartouche, the archive layout)
  --partitions N     minimum number of input partitions (default: Spark's)
  --jobs N           scenes each process places at once (default 1: one core per task;
                     raise it with spark.task.cpus)
  --timeout-ms MS    time budget per scene, passed to cartouche
"""
import argparse
import json
import re
import subprocess
import threading

BAD_LINE = re.compile(r"^line (\d+): (.*)$")


def place_partition(rows, cartouche, jobs, timeout_ms):
    """Runs one `cartouche place --batch -` over a partition's (text, index)
    rows and yields ("placed", N, answer) and ("error", N, report) with N the
    global 1-based line number."""
    rows = list(rows)
    if not rows:
        return
    command = [cartouche, "place", "--batch", "-", "--jobs", str(jobs), "--on-error", "skip"]
    if timeout_ms:
        command += ["--timeout-ms", str(timeout_ms)]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)

    def feed():
        for text, _ in rows:
            process.stdin.write(text.encode("utf-8") + b"\n")
        process.stdin.close()

    errors = []
    collect = threading.Thread(target=lambda: errors.extend(process.stderr.read().decode("utf-8").splitlines()))
    writer = threading.Thread(target=feed)
    collect.start()
    writer.start()
    # Within the process, line k is the partition's k-th row.
    for raw in process.stdout:
        local = json.loads(raw)["line"]
        number = rows[local - 1][1] + 1
        # Rewrite only the line number: the result bytes stay cartouche's own.
        prefix = b'{"line":' + str(local).encode() + b","
        if not raw.startswith(prefix):
            raise RuntimeError(f"unexpected answer line from cartouche: {raw[:80]!r}")
        yield ("placed", number, b'{"line":' + str(number).encode() + b"," + raw[len(prefix):].rstrip(b"\n"))
    writer.join()
    collect.join()
    status = process.wait()
    # 0: all placed; 3: some lines were bad and skipped (reported on stderr).
    if status not in (0, 3):
        raise RuntimeError(f"cartouche exited with {status}: {' | '.join(errors[-5:])}")
    for report in errors:
        match = BAD_LINE.match(report)
        if match:
            number = rows[int(match.group(1)) - 1][1] + 1
            yield ("error", number, f"line {number}: {match.group(2)}".encode("utf-8"))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--cartouche", default="./cartouche/bin/cartouche")
    parser.add_argument("--partitions", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout-ms", type=int, default=None)
    parser.add_argument("--master", default=None, help="only for local runs; spark-submit sets it otherwise")
    args = parser.parse_args()

    from pyspark.sql import SparkSession
    builder = SparkSession.builder.appName("cartouche-place")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    lines = spark.sparkContext.textFile(args.input, minPartitions=args.partitions)
    cartouche, jobs, timeout_ms = args.cartouche, args.jobs, args.timeout_ms
    results = lines.zipWithIndex().mapPartitions(lambda rows: place_partition(rows, cartouche, jobs, timeout_ms))
    results.cache()
    for kind in ("placed", "error"):
        (results.filter(lambda r, kind=kind: r[0] == kind)
                .sortBy(lambda r: r[1])
                .map(lambda r: r[2].decode("utf-8"))
                .saveAsTextFile(f"{args.output}/{'placed' if kind == 'placed' else 'errors'}"))
    spark.stop()


if __name__ == "__main__":
    main()
