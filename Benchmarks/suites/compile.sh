# The `compile` suite, sourced by Benchmarks/run with BENCH, PY, WORK and REPS set.
# 1,000,000 circle annotations with 3 properties each to GeoJSON bytes: our
# streaming compile (and the JSONValue tree path) against orjson serialising
# the same features from Python dicts. First checks on 1,000 features that
# both sides produce the same JSON value, then alternates ours and orjson REPS
# times, then measures peak memory of one compile per side in fresh processes.
COUNT=${COUNT:-1000000}
"$BENCH" compile --count 1000 --dump "$WORK/compile-sample.json"
"$PY" Benchmarks/peers/orjson_compile.py --count 1000 --verify "$WORK/compile-sample.json"
rm -f "$WORK"/compile-swift-*.json "$WORK"/compile-peer-*.json "$WORK"/compile-memory-*.json
for i in $(seq 1 "$REPS"); do
  # The slow tree path only in the first repetition: it is context, not the target.
  if [ "$i" = 1 ]; then tree=""; else tree="--stream-only"; fi
  "$BENCH" compile --count "$COUNT" --rounds 3 $tree > "$WORK/compile-swift-$i.json"
  "$PY" Benchmarks/peers/orjson_compile.py --count "$COUNT" --rounds 3 > "$WORK/compile-peer-$i.json"
done
"$BENCH" compile --count "$COUNT" --memory > "$WORK/compile-memory-swift.json"
"$PY" Benchmarks/peers/orjson_compile.py --count "$COUNT" --memory > "$WORK/compile-memory-peer.json"
"$PY" Benchmarks/peers/report.py compile Benchmarks/results/compile.json "$WORK"/compile-swift-*.json \
  "$WORK"/compile-peer-*.json "$WORK"/compile-memory-*.json
