# The `service` suite, sourced by Benchmarks/run with PY, WORK and REPS set.
# needs: cli (Benchmarks/run builds the cartouche CLI instead of cartouche-bench)
#
# The latencies the tests do not assert (ConnectionTests, ConcurrencyTests
# check what happens, never how fast): 100-continue against the same body
# without Expect, a 413 from the declared length against one after the body,
# a 200 ms budget's 503 against the full solve, a hang-up's freed pool slot
# against the solve's natural length, and /healthz with the pool full against
# an idle server. Each pair alternates in one run on a release build.
# SERVICE_DISCONNECT_CALLOUTS sizes the hang-up's scene (default 5,000
# of 160x60 with nine anchors on 1920x1080, as ConnectionTests).
SERVICE_BUILD=${CARTOUCHE_BUILD_PATH:-.build}
swift build -c release --product cartouche --build-path "$SERVICE_BUILD"
"$PY" Benchmarks/peers/service_latency.py --cartouche "$SERVICE_BUILD/release/cartouche" --rounds "$REPS" \
  --disconnect-callouts "${SERVICE_DISCONNECT_CALLOUTS:-5000}" Benchmarks/results/service.json
