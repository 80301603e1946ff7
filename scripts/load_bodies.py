#!/usr/bin/env python3
"""Request bodies for scripts/load: one file per (route, example scene).

    load_bodies.py OPENAPI_JSON OUT_DIR

Writes OUT_DIR/index.txt with one "<weight> <file> <target>" line per body, in
a fixed order, which scripts/load.lua cycles through. By request count, half
the mix is POST /v1/place; the other half is split evenly between
POST /v1/compile and POST /v1/query when the server lists them in its
/openapi.json, else it is POST /v1/shape.
"""
import json
import pathlib
import sys


def main() -> None:
    openapi_path, out_dir = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    place_only = "--place-only" in sys.argv[3:]
    paths = json.loads(openapi_path.read_text())["paths"]
    has_compile_query = "/v1/compile" in paths and "/v1/query" in paths
    examples = sorted(pathlib.Path("Examples").glob("*.scene.json"))
    if not examples:
        sys.exit("load_bodies.py: no Examples/*.scene.json (run from the repository root)")
    index = []
    for scene_path in examples:
        name = scene_path.name.removesuffix(".scene.json")
        text = scene_path.read_text()
        scene = json.loads(text)

        def add(weight: int, route: str, target: str, body: str) -> None:
            file = f"{route}_{name}.json"
            (out_dir / file).write_text(body)
            index.append(f"{weight} {file} {target}")

        add(2, "place", "/v1/place", text)
        if place_only:
            continue
        if has_compile_query:
            add(1, "compile", "/v1/compile", text)
            # A tap in the middle of the viewport of the first camera.
            viewport = scene["viewport"]
            at = [viewport["width"] / 2, viewport["height"] / 2]
            add(1, "query", "/v1/query", json.dumps({"scene": scene, "frame": 0, "at": at}))
        else:
            # The scene's name, shaped as a label would be.
            shape = {"text": f"{name} — Cartouche load test", "font": ["Noto Sans Regular"], "size": 16, "maxWidth": 8}
            add(2, "shape", "/v1/shape", json.dumps(shape, ensure_ascii=False))
    (out_dir / "index.txt").write_text("\n".join(index) + "\n")


if __name__ == "__main__":
    main()
