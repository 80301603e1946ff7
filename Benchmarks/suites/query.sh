# The `query` suite, sourced by Benchmarks/run with BENCH, PY, WORK and REPS set.
# Alternates Cartouche's hit index with shapely's STRtree on the same shapes
# and points, REPS times, then reports medians and the throughput ratio.
"$BENCH" query --dump "$WORK/query-shapes.json"
rm -f "$WORK"/query-swift-*.json "$WORK"/query-peer-*.json
for i in $(seq 1 "$REPS"); do
  "$BENCH" query --rounds 1 > "$WORK/query-swift-$i.json"
  "$PY" Benchmarks/peers/shapely_query.py "$WORK/query-shapes.json" --rounds 1 > "$WORK/query-peer-$i.json"
done
"$PY" Benchmarks/peers/report.py query Benchmarks/results/query.json "$WORK"/query-swift-*.json "$WORK"/query-peer-*.json
