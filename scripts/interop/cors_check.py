#!/usr/bin/env python3
"""A web page on another origin calls a running `cartouche serve` with fetch,
as a web map that taps through /v1/query does. Serves a blank page from a
second local port (so its origin differs from the service's), opens it in
headless Debian chromium through PyPI playwright, and runs fetch() there.

Job (JSON on stdin):
  {"service": "http://127.0.0.1:PORT", "pagePort": PAGEPORT, "scene": {...}, "tap": [x, y]}
  (the test chooses the page's port, so it can allow that origin when starting the service)

Result (JSON on stdout):
  {"pageOrigin": "http://127.0.0.1:PAGEPORT",
   "place": {"ok", "status", "frames", "requestId"},   # POST /v1/place
   "query": {"ok", "status", "hits"},                  # POST /v1/query at `tap`
   "problem": {"ok", "status", "type"},                # a bad scene: the 422 problem is readable too
  each call is {"error": "TypeError: Failed to fetch"} instead when the browser refuses it
  (the page's origin not allowed).
The Swift test `CORSBrowserTests` starts the service twice (the page's origin
allowed, then not) and compares.
"""
import http.server
import json
import pathlib
import socketserver
import sys
import threading

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from maplibre_page import CHROMIUM, fail  # noqa: E402

TOOL = "cors_check"


class BlankPage(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (http.server's naming)
        body = b"<!doctype html><title>another origin</title><p>a web map elsewhere</p>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


CALLS = """
async ({service, scene, tap}) => {
  const out = {};
  const json = {'Content-Type': 'application/json'};
  try {
    const r = await fetch(service + '/v1/place', {method: 'POST', headers: json, body: JSON.stringify(scene)});
    const body = await r.json();
    out.place = {ok: r.ok, status: r.status, frames: body.frames.length, requestId: r.headers.get('X-Request-Id')};
  } catch (e) { out.place = {error: String(e)}; }
  try {
    const r = await fetch(service + '/v1/query', {method: 'POST', headers: {...json, 'X-Request-Id': 'tap-1'},
                                                  body: JSON.stringify({scene, at: tap})});
    const body = await r.json();
    out.query = {ok: r.ok, status: r.status, hits: body.hits.map((h) => h.id), requestId: r.headers.get('X-Request-Id')};
  } catch (e) { out.query = {error: String(e)}; }
  try {
    const r = await fetch(service + '/v1/place', {method: 'POST', headers: json, body: '{"version": 1}'});
    const body = await r.json();
    out.problem = {ok: r.ok, status: r.status, type: body.type};
  } catch (e) { out.problem = {error: String(e)}; }
  return out;
}
"""


def main():
    job = json.load(sys.stdin)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        fail(TOOL, "playwright is not installed: run scripts/setup and use .venv-peers/bin/python")
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.TCPServer(("127.0.0.1", int(job["pagePort"])), BlankPage) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        origin = f"http://127.0.0.1:{server.server_address[1]}"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page()
            page.goto(origin + "/")
            result = page.evaluate(CALLS, {"service": job["service"], "scene": job["scene"], "tap": job["tap"]})
            browser.close()
        server.shutdown()
    result["pageOrigin"] = origin
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
