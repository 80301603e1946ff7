# The `placement-globe` suite, sourced by Benchmarks/run with BENCH, PY, WORK and REPS set.
# The cost of the globe: 100,000 point callouts placed under projection globe
# at zoom 3 and under Mercator at the same camera, alternating in each run.
rm -f "$WORK"/placement-globe-*.json
for i in $(seq 1 "$REPS"); do
  "$BENCH" placement-globe --rounds 1 > "$WORK/placement-globe-$i.json"
done
"$PY" Benchmarks/peers/report.py placement-globe Benchmarks/results/placement-globe.json "$WORK"/placement-globe-*.json
