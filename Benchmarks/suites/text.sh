# The `text` suite, sourced by Benchmarks/run with BENCH, PY, WORK and REPS set.
# Alternates the Swift benchmark (direct hb_shape loop, Cartouche cold, cached
# and uncached) with the uharfbuzz peer, REPS times, then reports medians.
"$BENCH" text --dump-corpus "$WORK/text-corpus.json"
rm -f "$WORK"/text-swift-*.json "$WORK"/text-peer-*.json
for i in $(seq 1 "$REPS"); do
  "$BENCH" text --rounds 3 > "$WORK/text-swift-$i.json"
  "$PY" Benchmarks/peers/uharfbuzz_text.py "$WORK/text-corpus.json" --rounds 3 > "$WORK/text-peer-$i.json"
done
"$PY" Benchmarks/peers/report.py text Benchmarks/results/text.json "$WORK"/text-swift-*.json "$WORK"/text-peer-*.json
