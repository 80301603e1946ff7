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
# The navigation drive of #29 over HTTP (zoom 14.5, pitch 50; `fast` 600
# frames at 87 m, `slow` 1,800 at 29 m), one `POST /v1/place` per frame with
# and without `previous`, judged on screen (box moves, anchor changes,
# flips, frames shown): Benchmarks/peers/motion_http.py. The server is
# $CARTOUCHE_BIN, else the release CLI, else the debug one (counts, not
# times, so a debug build serves as well).
CARTOUCHE_BIN=${CARTOUCHE_BIN:-}
if [ -z "$CARTOUCHE_BIN" ]; then
  for b in .build/release/cartouche .build/debug/cartouche; do [ -x "$b" ] && { CARTOUCHE_BIN=$b; break; }; done
fi
[ -n "$CARTOUCHE_BIN" ] || { swift build --product cartouche; CARTOUCHE_BIN=.build/debug/cartouche; }
"$PY" Benchmarks/peers/motion_http.py "$CARTOUCHE_BIN" Examples/sf-stanford.scene.json Benchmarks/results/motion-http.json ${MOTION_HTTP_ARGS:-}
