#!/usr/bin/env python3
"""uharfbuzz peer for the `text` benchmark suite.

    uharfbuzz_text.py CORPUS.json [--rounds N]

CORPUS.json is what `cartouche-bench text --dump-corpus` writes: a list of
{"text", "font"} (font = file name in Fonts/). Every round shapes every label
the way a Python program would with PyPI uharfbuzz: a new Buffer, add_str,
guess_segment_properties, shape with the label's font at scale = upem, and the
sum of advances in px at 16 px. Prints a JSON list with one measurement in the
same format as cartouche-bench. Times are thread CPU seconds, as there.
"""
import json
import os
import sys
import time

import uharfbuzz as hb

SIZE = 16.0


def main() -> None:
    corpus_path = sys.argv[1]
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 3
    fonts_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Fonts")
    with open(corpus_path, encoding="utf-8") as handle:
        corpus = json.load(handle)
    fonts = {}
    for entry in corpus:
        if entry["font"] not in fonts:
            with open(os.path.join(fonts_dir, entry["font"]), "rb") as handle:
                face = hb.Face(handle.read())
            font = hb.Font(face)
            font.scale = (face.upem, face.upem)
            fonts[entry["font"]] = (font, SIZE / face.upem)
    labels = [(entry["text"], *fonts[entry["font"]]) for entry in corpus]

    def shape_all() -> float:
        total = 0.0
        for text, font, scale in labels:
            buf = hb.Buffer()
            buf.add_str(text)
            buf.guess_segment_properties()
            hb.shape(font, buf)
            total += sum(p.x_advance for p in buf.glyph_positions) * scale
        return total

    shape_all()  # warm-up
    seconds = []
    checksum = 0.0
    for _ in range(rounds):
        start = time.thread_time()
        checksum = shape_all()
        seconds.append(time.thread_time() - start)
    json.dump([{"suite": "text", "name": "uharfbuzz", "items": len(labels), "seconds": seconds,
                "checksum": checksum}], sys.stdout)
    print()


if __name__ == "__main__":
    main()
