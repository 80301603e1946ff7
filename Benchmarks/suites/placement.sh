# The `placement` suite, sourced by Benchmarks/run with BENCH, PY, WORK and REPS set.
# Quality: the Christensen-Marks-Shieber instances, greedy and optimise mode
# (ours, timed) against Mapnik (timed, alternating with ours REPS times) and
# the CP-SAT optimum (solved once per run, time-limited; CPSAT_SMALL and
# CPSAT_LARGE set the limits in seconds for n <= 1000 and n > 1000).
# Speed: 12.5k-100k ETA callouts in 1920x1080, greedy and optimise.
"$BENCH" placement --dump-instances "$WORK/placement-instances.json"
rm -f "$WORK"/placement-swift-*.json "$WORK"/placement-mapnik-*.json "$WORK"/placement-speed-*.json
"$PY" Benchmarks/peers/cpsat_labels.py "$WORK/placement-instances.json" \
  --time-limit-small "${CPSAT_SMALL:-20}" --time-limit-large "${CPSAT_LARGE:-40}" > "$WORK/placement-cpsat.json"
for i in $(seq 1 "$REPS"); do
  "$BENCH" placement --rounds 3 > "$WORK/placement-swift-$i.json"
  "$PY" Benchmarks/peers/mapnik_labels.py "$WORK/placement-instances.json" --rounds 3 > "$WORK/placement-mapnik-$i.json"
done
for i in $(seq 1 "${SPEED_REPS:-3}"); do
  "$BENCH" placement-speed --rounds 1 ${SPEED_ARGS:-} > "$WORK/placement-speed-$i.json"
done
"$PY" Benchmarks/peers/report.py placement Benchmarks/results/placement.json \
  "$WORK/placement-cpsat.json" "$WORK"/placement-swift-*.json "$WORK"/placement-mapnik-*.json "$WORK"/placement-speed-*.json
