# The `motion` suite, sourced by Benchmarks/run with BENCH, PY, WORK and REPS set.
# Two drives along route 101 of Examples/sf-stanford.scene.json, 600 frames
# (`fast`) and 30 m a frame (`pace`, 1,744 frames) (zoom
# 15-17, bearing from the course, pitch 45-60, the puck moving and the route
# trimmed behind it), placed alone per frame, one request per frame with
# `previous`, and as one scene of all cameras. Counts, not times: one run.
# MOTION_ARGS passes options to the benchmark (--frames N; --from DIR scores
# the frames another build dumped in DIR instead of placing them).
"$BENCH" motion --rounds 1 --dump "$WORK" ${MOTION_ARGS:-} > "$WORK/motion.json"
"$PY" Benchmarks/peers/motion_report.py "$WORK/motion.json" Benchmarks/results/motion.json
