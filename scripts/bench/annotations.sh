#!/usr/bin/env bash
# Benchmarks the annotation emit path (release build) and, when node and the
# MapLibre bundle from scripts/setup are present, MapLibre's own clustering
# on the same points. Alternates ours and theirs, since the machine is shared.
#
#   scripts/bench/annotations.sh [points] [runs]
set -euo pipefail
cd "$(dirname "$0")/annotations"
points=${1:-1000000}
runs=${2:-3}
swift build -c release -q
bin=$(swift build -c release --show-bin-path)/AnnotationsBench
"$bin" compile "$points" "$runs"
"$bin" cluster "$points" "$runs"
if command -v node >/dev/null && [ -f ../../../.cache/maplibre/maplibre-gl.js ]; then
  node ../../oracles/supercluster-bench.js "$points" "$runs"
  "$bin" cluster "$points" "$runs"
fi
