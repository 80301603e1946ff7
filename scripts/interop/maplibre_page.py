"""The browser side shared by the MapLibre oracles: checks that setup has
run, starts Debian's chromium through PyPI playwright with software WebGL,
and opens `maplibre_oracle.html` (one MapLibre GL JS map filling a page of
the requested size, device scale factor 1) — ready for `page.evaluate`.
"""
import contextlib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = pathlib.Path(__file__).resolve().parent / "maplibre_oracle.html"
MAPLIBRE = ROOT / ".cache" / "maplibre" / "maplibre-gl.js"
CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
               "--allow-file-access-from-files"]


def fail(tool, message):
    print(f"{tool}: {message}", file=sys.stderr)
    sys.exit(2)


def clients_snippet(tool, tag):
    """The one ```js <tag> block of docs/CLIENTS.md, exactly as written there."""
    text = (ROOT / "docs" / "CLIENTS.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```js " + re.escape(tag) + r"\n(.*?)```", text, flags=re.S)
    if len(blocks) != 1:
        fail(tool, f"docs/CLIENTS.md must hold exactly one ```js {tag} block, found {len(blocks)}")
    return blocks[0]


def require_setup(tool, modules=("playwright",), maplibre=True):
    """Exits with advice when something scripts/setup installs is missing
    (`maplibre=False`: a page that gets MapLibre GL JS elsewhere, or none)."""
    if maplibre and not MAPLIBRE.is_file():
        fail(tool, f"{MAPLIBRE} is missing: run scripts/setup")
    if not pathlib.Path(CHROMIUM).is_file():
        fail(tool, f"{CHROMIUM} is missing: run scripts/setup")
    for module in modules:
        try:
            __import__(module)
        except ImportError:
            fail(tool, f"{module} is not installed in this Python: run scripts/setup and use .venv-peers/bin/python")


@contextlib.contextmanager
def map_page(tool, width, height):
    """Yields a playwright page whose map has loaded; closes the browser after."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            page = browser.new_page(viewport={"width": int(width), "height": int(height)}, device_scale_factor=1)
            page.goto(PAGE.as_uri())
            page.wait_for_function("window.mapLoaded === true || window.oracleError !== null", timeout=30000)
            error = page.evaluate("window.oracleError")
            if error:
                fail(tool, f"MapLibre failed to start: {error}")
            yield page
        finally:
            browser.close()


# A page function: a base64 PNG → {data (RGBA bytes), width, height}, decoded by the browser.
DECODE_PNG = """
(png) => new Promise((resolve) => {
  const image = new Image();
  image.onload = () => {
    const canvas = document.createElement('canvas');
    canvas.width = image.width; canvas.height = image.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    resolve({data: ctx.getImageData(0, 0, image.width, image.height).data, width: image.width, height: image.height});
  };
  image.src = 'data:image/png;base64,' + png;
})
"""


def resize_map(page, tool, width, height):
    """Resizes the page and its map to width × height; returns the map's [w, h]."""
    width, height = int(width), int(height)
    page.set_viewport_size({"width": width, "height": height})
    canvas = page.evaluate(
        "() => { window.map.resize(); const c = window.map.getContainer(); return [c.clientWidth, c.clientHeight]; }")
    if canvas != [width, height]:
        fail(tool, f"map container is {canvas}, expected {[width, height]}")
    return canvas
