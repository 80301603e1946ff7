"""Latencies of the service's connection handling, each beside the same
request without the feature (the `service` suite of Benchmarks/run).

The tests assert what must hold on any machine (ConnectionTests,
ConcurrencyTests); how fast it happens depends on the machine, so it is
measured here, on a release build, in one run:

- 100-continue: the same >1 MB /v1/place body sent with `Expect: 100-continue`
  (curl's default above 1 MB) and without (`Expect:` emptied). The feature's
  cost is the ratio; without the server's 100, curl would wait a second.
- 413 on a declared length: a body over the limit, refused from its headers
  with Expect, against the same body uploaded whole and then refused.
- Budget: a heavy scene (the dense one below) on a 200 ms budget, time to its
  answer (`finished: false`, or 503 if not even greedy's floor was ready),
  against the same scene with no budget (the full solve).
- Disconnect: a client that hangs up during a long solve; time from the close
  to the pool slot being free again, against the solve's natural length.
- /healthz under load: probes while both slots and the waiting line hold
  heavy requests, against probes of an idle server.

Usage: service_latency.py --cartouche BIN --rounds N OUT.json
Prints a table and writes the figures to OUT.json.
"""

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request


def point_scene(count, mode, seed=7):
    """The tests' scene: `count` 60x30 callouts at random on a 1000x800 screen."""
    rng = random.Random(seed)
    annotations = []
    for i in range(count):
        lon, lat = (rng.random() - 0.5) * 0.6, (rng.random() - 0.5) * 0.45
        annotations.append({"id": f"p{i}", "feature": {"type": "Point", "coordinates": [lon, lat]},
                            "size": {"width": 60, "height": 30},
                            "variableAnchors": ["top", "bottom", "left", "right"]})
    return json.dumps({"version": 1, "viewport": {"width": 1000, "height": 800},
                       "camera": {"center": [0, 0], "zoom": 10}, "options": {"mode": mode},
                       "viewAnnotations": annotations}).encode()


def dense_scene(count, seed=77):
    """ConnectionTests' slow scene: `count` 160x60 callouts with nine anchors on 1920x1080, optimise mode."""
    rng = random.Random(seed)
    anchors = ["center", "top", "bottom", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right"]
    annotations = []
    for i in range(count):
        lon, lat = (rng.random() - 0.5) * 1.3, (rng.random() - 0.5) * 0.72
        annotations.append({"id": f"c{i}", "feature": {"type": "Point", "coordinates": [lon, lat]},
                            "size": {"width": 160, "height": 60}, "variableAnchors": anchors})
    return json.dumps({"version": 1, "viewport": {"width": 1920, "height": 1080},
                       "camera": {"center": [0, 0], "zoom": 10}, "options": {"mode": "optimise"},
                       "viewAnnotations": annotations}).encode()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A `cartouche serve` of its own, with `flags`, on a free port."""

    def __init__(self, binary, *flags):
        self.port = free_port()
        self.process = subprocess.Popen([binary, "serve", "--port", str(self.port), "--no-examples",
                                         "--log-level", "error", *flags],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url("/healthz"), timeout=1).read()
                return
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.05)
        self.close()
        raise RuntimeError("cartouche serve did not answer /healthz in 60 s")

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()


def curl(url, body_path, *extra):
    """curl's status, seconds from start to the end, and bytes uploaded."""
    out = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code} %{time_total} %{size_upload}",
                          "-H", "Content-Type: application/json", "--data-binary", f"@{body_path}", *extra, url],
                         capture_output=True, text=True, check=False).stdout.split()
    return int(out[0]), float(out[1]), int(float(out[2]))


def post(url, body, timeout=600):
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def probe_status(server):
    """The status of a tiny job that needs a pool slot (503 while none is free)."""
    return post(server.url("/v1/shape"), b'{"text":"probe"}', timeout=30)


def pool_full(server, running, waiting):
    """Whether /metrics shows the pool holding `running` jobs with `waiting` in line (a scrape takes no slot)."""
    text = urllib.request.urlopen(server.url("/metrics"), timeout=30).read().decode()
    return (f'cartouche_heavy_jobs{{state="running"}} {running}' in text
            and f'cartouche_heavy_jobs{{state="waiting"}} {waiting}' in text)


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def summary(values, target=None):
    out = {"min": min(values), "median": statistics.median(values), "max": max(values), "n": len(values)}
    if target is not None:
        out["target"] = target
    return out


def expect_continue(binary, rounds, work):
    body = os.path.join(work, "expect.json")
    with open(body, "wb") as f:
        f.write(point_scene(9_000, "greedy"))
    size = os.path.getsize(body)
    with Server(binary, "--max-body-bytes", str(8 << 20)) as server:
        url = server.url("/v1/place")
        curl(url, body)  # warm-up
        with_expect, without = [], []
        for _ in range(rounds):  # alternated, so both see the same moments of the machine
            status, seconds, _ = curl(url, body)
            assert status == 200, status
            with_expect.append(seconds)
            status, seconds, _ = curl(url, body, "-H", "Expect:")
            assert status == 200, status
            without.append(seconds)
    with Server(binary, "--max-body-bytes", str(1 << 20)) as server:
        url = server.url("/v1/place")
        refused_headers, refused_body = [], []
        for _ in range(rounds):
            status, seconds, uploaded = curl(url, body)
            assert status == 413 and uploaded == 0, (status, uploaded)
            refused_headers.append(seconds)
            status, seconds, _ = curl(url, body, "-H", "Expect:")
            assert status == 413, status
            refused_body.append(seconds)
    return {
        "bodyBytes": size,
        "placeWithExpect": summary(with_expect), "placeWithoutExpect": summary(without),
        "expectRatio": statistics.median(with_expect) / statistics.median(without),
        "expectRatioTarget": 1.1,
        "refusedOnHeaders": summary(refused_headers, target=0.1), "refusedAfterBody": summary(refused_body),
    }


def budget(binary, rounds, work):
    scene = dense_scene(5_000)
    body = os.path.join(work, "budget.json")
    with open(body, "wb") as f:
        f.write(scene)
    answered, full = [], []
    with Server(binary, "--request-timeout-ms", "200", "--max-body-bytes", str(64 << 20)) as tight, \
            Server(binary, "--request-timeout-ms", "600000", "--max-body-bytes", str(64 << 20)) as free:
        for _ in range(rounds):
            # A budget answer: 200 with `finished: false` once greedy's floor
            # exists (the search stops at three quarters of the budget), 503
            # before that.
            status, seconds, _ = curl(tight.url("/v1/place"), body)
            assert status in (200, 503), status
            answered.append(seconds)
            status, seconds, _ = curl(free.url("/v1/place"), body)
            assert status == 200, status
            full.append(seconds)
    return {"budgetSeconds": 0.2, "answeredAt": summary(answered, target=0.3), "fullSolve": summary(full)}


def disconnect(binary, rounds, count):
    scene = dense_scene(count)
    freed, natural = [], []
    flags = ("--max-concurrent-jobs", "1", "--max-queued-jobs", "0", "--request-timeout-ms", "3600000",
             "--max-body-bytes", str(64 << 20))
    with Server(binary, *flags) as server:
        natural.append(timed(lambda: post(server.url("/v1/place"), scene, timeout=3600))[0])
        for _ in range(rounds):
            client = socket.create_connection(("127.0.0.1", server.port))
            client.sendall(b"POST /v1/place HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                           + f"Content-Length: {len(scene)}\r\n\r\n".encode() + scene)
            deadline = time.monotonic() + 300
            while not pool_full(server, 1, 0):
                if time.monotonic() > deadline:
                    raise RuntimeError("the slow scene never took the slot")
                time.sleep(0.01)
            time.sleep(0.5)  # into the solver
            client.close()
            closed = time.perf_counter()
            while not pool_full(server, 0, 0):
                time.sleep(0.001)
            freed.append(time.perf_counter() - closed)
    return {"callouts": count, "slotFreedAfterClose": summary(freed, target=0.1), "naturalSolve": summary(natural)}


def health_under_load(binary, rounds):
    scene = point_scene(4_000, "optimise")
    flags = ("--max-concurrent-jobs", "2", "--max-queued-jobs", "2", "--request-timeout-ms", "3600000",
             "--max-body-bytes", str(64 << 20))
    with Server(binary, *flags) as server:
        idle = [timed(lambda: post(server.url("/healthz"), None))[0] for _ in range(rounds * 5)]
        busy = []
        for _ in range(rounds):
            heavy = [threading.Thread(target=post, args=(server.url("/v1/place"), scene, 3600)) for _ in range(4)]
            for thread in heavy:
                thread.start()
            while not pool_full(server, 2, 2):
                time.sleep(0.01)
            for _ in range(5):
                busy.append(timed(lambda: urllib.request.urlopen(server.url("/healthz"), timeout=60).read())[0])
            for thread in heavy:
                thread.join()
    return {"idle": summary(idle), "busy": summary(busy, target=1.0)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cartouche", required=True)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--disconnect-callouts", type=int, default=5_000)
    parser.add_argument("out")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        results = {
            "expectContinue": expect_continue(args.cartouche, args.rounds, work),
            "budget": budget(args.cartouche, args.rounds, work),
            "disconnect": disconnect(args.cartouche, args.rounds, args.disconnect_callouts),
            "healthUnderLoad": health_under_load(args.cartouche, args.rounds),
        }
    with open(args.out, "w") as f:
        json.dump(results, f, indent=2, sort_keys=True)
    ms = lambda s: f"{s * 1000:.1f} ms"
    e, b, d, h = results["expectContinue"], results["budget"], results["disconnect"], results["healthUnderLoad"]
    rows = [
        ("place, 1.3 MB body, with Expect: 100-continue", ms(e["placeWithExpect"]["median"]),
         f"without Expect {ms(e['placeWithoutExpect']['median'])}", f"ratio {e['expectRatio']:.2f} (target <= 1.10)"),
        ("413 from the declared length, with Expect", ms(e["refusedOnHeaders"]["median"]),
         f"after the whole body {ms(e['refusedAfterBody']['median'])}", "target <= 100 ms"),
        ("answer on a 200 ms budget (5,000 dense callouts, optimise)", ms(b["answeredAt"]["median"]),
         f"full solve {ms(b['fullSolve']['median'])}", "target <= 300 ms"),
        (f"disconnect -> slot free ({d['callouts']:,} callouts)", ms(d["slotFreedAfterClose"]["median"]),
         f"natural solve {ms(d['naturalSolve']['median'])}", "target <= 100 ms"),
        ("/healthz with both slots and the line full (max)", ms(h["busy"]["max"]),
         f"idle max {ms(h['idle']['max'])}", "target <= 1000 ms"),
    ]
    print(f"{'service':52} {'median':>10}  {'beside it':28} target")
    for name, value, beside, target in rows:
        print(f"{name:52} {value:>10}  {beside:28} {target}")


if __name__ == "__main__":
    sys.exit(main())
