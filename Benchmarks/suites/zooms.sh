# The `zooms` suite, sourced by Benchmarks/run with PY, WORK and REPS set.
# needs: cli (Benchmarks/run builds the cartouche CLI instead of cartouche-bench)
#
# Real cities placed once per zoom range (`cartouche place` of a zoom-range
# scene, greedy and optimise) against per-frame greedy placement at every
# 0.25 zoom: labels shown per integer zoom, coverage, pops, jumps, overlaps
# (checked at every 0.25 zoom and at every answer's minZoom) and time; and
# Tippecanoe --drop-densest-as-needed on the same cities (peers/zoom_tippecanoe.py):
# per integer zoom the cities its tiles keep and the label overlaps left.
# ZOOMS_VIEWS=europe,india,world picks views; CARTOUCHE_BUILD_PATH the build folder.
ZOOMS_BUILD=${CARTOUCHE_BUILD_PATH:-.build}
swift build -c release --product cartouche --build-path "$ZOOMS_BUILD"
ZOOMS_WORK="$WORK/zooms"
mkdir -p "$ZOOMS_WORK"
"$PY" Benchmarks/peers/zoom_views.py run --cartouche "$ZOOMS_BUILD/release/cartouche" --work "$ZOOMS_WORK" \
  --rounds "$REPS" --views "${ZOOMS_VIEWS:-}" > Benchmarks/results/zooms.json
# Scale (#30 item 4): one `cartouche place` of 1,000,000 seeded point labels
# over zooms 0-16 (peers/zoom_million.py), wall time and peak RSS
# (/usr/bin/time -v) with --jobs 1 and 2, answers compared byte for byte.
# ZOOMS_MILLION=N changes the count; ZOOMS_MILLION=0 skips it.
if [ "${ZOOMS_MILLION:-1000000}" != 0 ]; then
  "$PY" Benchmarks/peers/zoom_million.py run --cartouche "$ZOOMS_BUILD/release/cartouche" --work "$ZOOMS_WORK" \
    --n "${ZOOMS_MILLION:-1000000}" --rounds 1 --jobs 1,2 > Benchmarks/results/zooms-million.json
fi
# MapLibre GL JS itself over a zoom-in sweep (peers/zoom_maplibre.py): the
# European cities as one symbol layer with its own collision, z3 -> 8 by 0.1
# at a fixed centre; pops and re-appearances counted with queryRenderedFeatures.
"$PY" Benchmarks/peers/zoom_maplibre.py run --cartouche "$ZOOMS_BUILD/release/cartouche" --work "$ZOOMS_WORK" \
  > Benchmarks/results/zooms-maplibre.json
