# The `zooms` suite, sourced by Benchmarks/run with PY, WORK and REPS set.
# needs: cli (Benchmarks/run builds the cartouche CLI instead of cartouche-bench)
#
# Real cities placed once per zoom range (`cartouche place` of a zoom-range
# scene, greedy and optimise) against per-frame greedy placement at every
# 0.25 zoom: labels shown per integer zoom, coverage, pops, jumps, overlaps
# (checked at every 0.25 zoom and at every answer's minZoom) and time.
# ZOOMS_VIEWS=europe,india,world picks views; CARTOUCHE_BUILD_PATH the build folder.
ZOOMS_BUILD=${CARTOUCHE_BUILD_PATH:-.build}
swift build -c release --product cartouche --build-path "$ZOOMS_BUILD"
ZOOMS_WORK="$WORK/zooms"
mkdir -p "$ZOOMS_WORK"
"$PY" Benchmarks/peers/zoom_views.py run --cartouche "$ZOOMS_BUILD/release/cartouche" --work "$ZOOMS_WORK" \
  --rounds "$REPS" --views "${ZOOMS_VIEWS:-}" > Benchmarks/results/zooms.json
