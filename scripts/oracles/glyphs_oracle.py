"""Independent checks of a Mapbox glyph range (.pbf) made by Cartouche.

Input (JSON on stdin): {"pbf": base64, "fonts": [font file paths of the
resolved stack, in fallback order], "range": "0-255"}.
Output (JSON on stdout): the decoded fields and, per glyph, what FreeType
(freetype-py, its own bundled FreeType) and a NumPy re-implementation of
node-fontnik's SDF say about it.

The protocol buffer is decoded by hand here (wire types 0 and 2), not with
Cartouche's writer, so a wrong tag, zig-zag or length shows up.
"""
import base64
import json
import sys

import freetype
import numpy as np


def varint(buf, i):
    shift = value = 0
    while True:
        b = buf[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return value, i


def fields(buf):
    """(field number, wire type, value) of every field of one message."""
    i, out = 0, []
    while i < len(buf):
        key, i = varint(buf, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = varint(buf, i)
        elif wire == 2:
            length, i = varint(buf, i)
            value = bytes(buf[i:i + length])
            i += length
        else:
            raise ValueError(f"unexpected wire type {wire} for field {number}")
        out.append((number, wire, value))
    return out


def zigzag(n):
    return (n >> 1) ^ -(n & 1)


def decode(pbf):
    top = fields(pbf)
    assert [f[0] for f in top] == [1], f"glyphs message holds fields {[f[0] for f in top]}"
    stack = fields(top[0][2])
    name = [v for n, w, v in stack if n == 1]
    rng = [v for n, w, v in stack if n == 2]
    glyphs = []
    for n, w, v in stack:
        if n != 3:
            continue
        g = {"order": [f[0] for f in fields(v)]}
        for number, wire, value in fields(v):
            key = {1: "id", 2: "bitmap", 3: "width", 4: "height", 5: "left", 6: "top", 7: "advance"}[number]
            g[key] = zigzag(value) if number in (5, 6) else value
        glyphs.append(g)
    return {"name": [x.decode() for x in name], "range": [x.decode() for x in rng], "glyphs": glyphs}


def flatten(outline, steps=24):
    """Closed rings of points, curves cut uniformly (fine enough at 24 px)."""
    rings, ring = [], []

    def move_to(a, ctx):
        if ring:
            rings.append(list(ring))
            ring.clear()
        ring.append((a.x / 64, a.y / 64))

    def line_to(a, ctx):
        ring.append((a.x / 64, a.y / 64))

    def conic_to(c, a, ctx):
        p0, p1, p2 = ring[-1], (c.x / 64, c.y / 64), (a.x / 64, a.y / 64)
        for k in range(1, steps + 1):
            t = k / steps
            u = 1 - t
            ring.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))

    def cubic_to(c1, c2, a, ctx):
        p0, p1, p2, p3 = ring[-1], (c1.x / 64, c1.y / 64), (c2.x / 64, c2.y / 64), (a.x / 64, a.y / 64)
        for k in range(1, steps + 1):
            t = k / steps
            u = 1 - t
            ring.append(tuple(u ** 3 * p0[j] + 3 * u * u * t * p1[j] + 3 * u * t * t * p2[j] + t ** 3 * p3[j] for j in (0, 1)))

    outline.decompose(None, move_to=move_to, line_to=line_to, conic_to=conic_to, cubic_to=cubic_to)
    if ring:
        rings.append(list(ring))
    return [r + [r[0]] for r in rings if len(r) > 1]


def fontnik_sdf(rings, left, bottom, width, height, buffer=3, radius=8, cutoff=0.25):
    """node-fontnik's RenderSDF over the given rings, vectorised."""
    w, h = width + 2 * buffer, height + 2 * buffer
    segs = []
    for r in rings:
        for (x0, y0), (x1, y1) in zip(r, r[1:]):
            segs.append((x0 - left + buffer, y0 - bottom + buffer, x1 - left + buffer, y1 - bottom + buffer))
    s = np.array(segs)
    ys, xs = np.mgrid[0:h, 0:w]
    px = (xs + 0.5).reshape(-1, 1)
    py = (ys + 0.5).reshape(-1, 1)
    ax, ay, bx, by = s[:, 0], s[:, 1], s[:, 2], s[:, 3]
    dx, dy = bx - ax, by - ay
    l2 = dx * dx + dy * dy
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(l2 > 0, ((px - ax) * dx + (py - ay) * dy) / l2, 0)
    t = np.clip(t, 0, 1)
    d2 = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2
    d = np.sqrt(np.min(np.where(d2 < radius * radius, d2, np.inf), axis=1)) * (256 / radius)
    # Even-odd ray casting, as fontnik's PolyContainsPoint.
    cond = (ay > py) != (by > py)
    with np.errstate(divide="ignore", invalid="ignore"):
        xint = dx * (py - ay) / (by - ay) + ax
    inside = (np.sum(cond & (px < xint), axis=1) % 2) == 1
    d = np.where(inside, -d, d) + cutoff * 256
    n = np.clip(np.where(np.isfinite(d), np.trunc(np.clip(d, -1e6, 1e6)), np.where(d > 0, 255, 0)), 0, 255)
    field = (255 - n).reshape(h, w)[::-1]  # rows from the top
    return field.astype(np.uint8)


def coverage(face, left, top, width, height, buffer=3):
    """FreeType's anti-aliased coverage, unhinted, placed on the field's pixel grid."""
    face.glyph.render(freetype.FT_RENDER_MODE_NORMAL)
    bm = face.glyph.bitmap
    out = np.zeros((height + 2 * buffer, width + 2 * buffer), dtype=np.uint8)
    if bm.rows == 0 or bm.width == 0:
        return out, 0
    src = np.array(bm.buffer, dtype=np.uint8).reshape(bm.rows, bm.pitch)[:, :bm.width]
    ox = face.glyph.bitmap_left - left + buffer
    oy = top - face.glyph.bitmap_top + buffer
    misplaced = 0
    for r in range(bm.rows):
        for c in range(bm.width):
            y, x = oy + r, ox + c
            if 0 <= y < out.shape[0] and 0 <= x < out.shape[1]:
                out[y, x] = src[r, c]
            elif src[r, c] >= 128:
                misplaced += 1
    return out, misplaced


def main():
    request = json.load(sys.stdin)
    decoded = decode(base64.b64decode(request["pbf"]))
    first, last = (int(x) for x in request["range"].split("-"))
    faces = [freetype.Face(path) for path in request["fonts"]]
    for f in faces:
        f.set_char_size(24 * 64)
    expected_ids, checks = [], []
    by_id = {g["id"]: g for g in decoded["glyphs"]}
    for cp in range(first, last + 1):
        face = next((f for f in faces if f.get_char_index(cp)), None)
        if face is None:
            continue
        expected_ids.append(cp)
        g = by_id.get(cp)
        if g is None:
            continue
        face.load_char(cp, freetype.FT_LOAD_NO_HINTING)
        ascender = face.size.ascender // 64
        advance = int(face.glyph.metrics.horiAdvance / 64)
        bbox = face.glyph.outline.get_bbox()
        box = [round(v / 64 + (1e-9 if v > 0 else -1e-9)) for v in (bbox.xMin, bbox.yMin, bbox.xMax, bbox.yMax)]
        check = {"id": cp, "face": faces.index(face), "advance": advance, "ascender": ascender}
        if face.glyph.outline.n_contours > 0 and box[2] > box[0] and box[3] > box[1]:
            left, bottom, right, top = box
            check.update(width=right - left, height=top - bottom, left=left, top=top - ascender)
            ours = np.frombuffer(g.get("bitmap", b""), dtype=np.uint8)
            if ours.size == (right - left + 6) * (top - bottom + 6):
                ours = ours.reshape(top - bottom + 6, right - left + 6)
                ref = fontnik_sdf(flatten(face.glyph.outline), left, bottom, right - left, top - bottom)
                diff = np.abs(ours.astype(int) - ref.astype(int))
                check.update(fieldPixels=int(diff.size), fontnikMaxDiff=int(diff.max()),
                             fontnikWithin8=int(np.sum(diff <= 8)), fontnikEdgeAgree=int(np.sum((ours >= 192) == (ref >= 192))))
                cov, misplaced = coverage(face, left, top, right - left, top - bottom)
                check.update(coverageAgree=int(np.sum((ours >= 192) == (cov >= 128))), coverageMisplaced=misplaced)
        else:
            check.update(width=0, height=0, left=0, top=-ascender)
        checks.append(check)
    json.dump({"name": decoded["name"], "range": decoded["range"], "glyphs": [
        {k: v for k, v in g.items() if k != "bitmap"} | {"bitmapLength": len(g.get("bitmap", b""))} for g in decoded["glyphs"]
    ], "expectedIds": expected_ids, "checks": checks}, sys.stdout)


if __name__ == "__main__":
    main()
