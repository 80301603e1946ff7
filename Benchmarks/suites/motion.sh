# The `motion` suite, sourced by Benchmarks/run with BENCH, PY, WORK and REPS set.
# A 600-frame drive along route 101 of Examples/sf-stanford.scene.json (zoom
# 15-17, bearing from the course, pitch 45-60, the puck moving and the route
# trimmed behind it), placed alone per frame, one request per frame with
# `previous`, and as one scene of 600 cameras. Counts, not times: one run.
# MOTION_ARGS passes options to the benchmark (--frames N, --dump DIR).
"$BENCH" motion --rounds 1 --dump "$WORK" ${MOTION_ARGS:-} > "$WORK/motion.json"
"$PY" Benchmarks/peers/motion_report.py "$WORK/motion.json" Benchmarks/results/motion.json
