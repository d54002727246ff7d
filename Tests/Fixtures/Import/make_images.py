#!/usr/bin/env python3
"""Writes the tiny PNG (and one ICO) files the import fixtures use.

Run from anywhere: `python3 Tests/Fixtures/Import/make_images.py`. The output
is deterministic (plain zlib + struct, no Pillow), so running it again
changes nothing in git. The WordPress fixture's missing upload
(uploads/2017/05/old-banner.png) is deliberately NOT written.
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def png_bytes(width, height, pixel):
    """pixel(x, y) -> (r, g, b); an 8-bit RGB PNG."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter: none
        for x in range(width):
            rows.extend(pixel(x, y))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def ico_bytes(png):
    """An ICO holding one 16x16 PNG image (Vista-style ICO)."""
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(png), 6 + 16)
    return header + entry + png


def mix(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


# --- drawings -------------------------------------------------------------

ORANGE = (242, 120, 48)
WHITE = (250, 250, 247)
INK = (38, 42, 52)
TEAL = (32, 140, 150)
SKY = (170, 205, 235)
GRASS = (96, 150, 90)
PAPER = (246, 241, 230)


def tally_icon(x, y):
    # orange rounded square, four white strokes and a slash
    w = 120
    r = 24
    cx = min(max(x, r), w - 1 - r)
    cy = min(max(y, r), w - 1 - r)
    if (x - cx) ** 2 + (y - cy) ** 2 > r * r:
        return WHITE
    for i in range(4):
        sx = 30 + i * 16
        if sx <= x < sx + 7 and 28 <= y < 92:
            return WHITE
    if 22 <= x < 98 and abs((y - 88) + (x - 22) * 0.8) < 5:
        return WHITE
    return ORANGE


def widget(width, height, bars):
    def draw(x, y):
        if x < 4 or y < 4 or x >= width - 4 or y >= height - 4:
            return (225, 228, 232)
        if y < 24:
            return (248, 248, 250)
        # bar chart
        slot = (width - 16) // len(bars)
        i = (x - 8) // slot
        if 0 <= i < len(bars) and (x - 8) % slot < slot - 6:
            top = height - 10 - bars[i]
            if top <= y < height - 10:
                return ORANGE if i == len(bars) - 1 else TEAL
        return WHITE
    return draw


def desk(x, y):
    # a window with sky, a desk edge and a laptop
    if y > 110:
        return (120, 84, 60)
    if 70 <= x < 170 and 60 <= y < 108:
        return (60, 64, 72) if (x in (70, 169) or y in (60, 107)) else (200, 215, 230)
    return mix(SKY, WHITE, y / 110)


def menu_enum(x, y):
    # a macOS menu: title bar plus five rows, one highlighted
    if y < 18:
        return (236, 236, 236)
    row = (y - 18) // 20
    if row == 2:
        return (46, 110, 230)
    if (y - 18) % 20 == 0:
        return (220, 220, 220)
    if 12 <= x < 12 + 30 + row * 14 and 6 <= (y - 18) % 20 < 13:
        return (90, 90, 90)
    return WHITE


def chart(x, y):
    # a line chart on paper: a rising zigzag
    if y % 20 == 0 or x % 40 == 0:
        return (228, 222, 208)
    pts = [(0, 130), (60, 110), (120, 118), (180, 80), (240, 86), (300, 40), (320, 30)]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if x0 <= x <= x1:
            ly = y0 + (y1 - y0) * (x - x0) / (x1 - x0)
            if abs(y - ly) < 2.5:
                return TEAL
    return PAPER


def cover(x, y):
    # layered hills with a cairn
    w, h = 400, 200
    if 182 <= x < 218 and 84 <= y < 144:
        ring = (y - 84) // 12
        half = 6 + ring * 3
        if abs(x - 200) < half:
            return (120, 120, 112) if ring % 2 else (150, 148, 138)
    hill1 = 140 + 20 * ((x % 160) / 160 - 0.5) ** 2 * 4
    hill2 = 160 + 10 * (((x + 80) % 200) / 200 - 0.5) ** 2 * 4
    if y > hill2:
        return (70, 120, 70)
    if y > hill1:
        return GRASS
    return mix((250, 200, 150), SKY, y / h)


def figure_a(x, y):
    # a phone screenshot: status bar, list rows
    if y < 20:
        return INK
    if (y - 20) % 36 < 1:
        return (220, 220, 225)
    if 12 <= x < 40 and 8 <= (y - 20) % 36 < 28:
        return TEAL
    if 52 <= x < 150 and 12 <= (y - 20) % 36 < 18:
        return (80, 80, 90)
    return WHITE


def map_tile(x, y):
    # contour lines
    d = ((x - 90) ** 2 + (y - 70) ** 2) ** 0.5
    if int(d) % 14 == 0:
        return (150, 110, 70)
    if abs(x - y * 1.4 - 10) < 2:
        return (200, 60, 60)
    return (236, 232, 214)


def shot(x, y):
    # a Mac window screenshot, 300x200
    if y < 22:
        for i, c in enumerate([(255, 95, 87), (254, 188, 46), (40, 200, 64)]):
            if (x - 14 - i * 18) ** 2 + (y - 11) ** 2 <= 25:
                return c
        return (232, 232, 232)
    if x < 80:
        return (240, 240, 244) if (y - 22) // 24 != 1 else (210, 222, 245)
    if 96 <= x < 284 and 40 <= y < 180 and (y - 40) % 16 < 8:
        return (200, 200, 205) if (y - 40) // 16 % 3 else (120, 120, 130)
    return WHITE


def shelfie_icon(x, y):
    # three book spines on a shelf
    if y > 100:
        return (140, 96, 60)
    for i, (x0, w, h, c) in enumerate([(24, 18, 70, (200, 60, 60)), (46, 22, 80, (60, 120, 200)), (72, 16, 60, (230, 180, 50))]):
        if x0 <= x < x0 + w and 100 - h <= y <= 100:
            return c
    return (250, 244, 232)


def gallery(hue):
    def draw(x, y):
        return mix(hue, WHITE, ((x // 10 + y // 10) % 2) * 0.35)
    return draw


def favicon(x, y):
    return ORANGE if 3 <= x < 13 and 3 <= y < 13 and not (6 <= x < 8) else WHITE


IMAGES = [
    # Jekyll
    ("jekyll/assets/images/tally-icon.png", 120, 120, tally_icon),
    ("jekyll/assets/images/widget-small.png", 160, 90, widget(160, 90, [20, 34, 28, 50])),
    ("jekyll/assets/images/widget-medium.png", 320, 150, widget(320, 150, [30, 60, 45, 80, 70, 100])),
    ("jekyll/assets/images/desk.png", 240, 160, desk),
    ("jekyll/assets/images/menu-enum.png", 200, 120, menu_enum),
    # Hugo
    ("hugo/static/images/a.png", 180, 320, figure_a),
    ("hugo/static/images/ledger-chart.png", 320, 160, chart),
    ("hugo/static/images/cairn-map.png", 180, 140, map_tile),
    ("hugo/content/posts/my-bundle/cover.png", 400, 200, cover),
    # WordPress
    ("wordpress/uploads/2019/03/shot.png", 300, 200, shot),
    ("wordpress/uploads/2018/07/shelfie-icon.png", 120, 120, shelfie_icon),
    ("wordpress/uploads/2019/03/shelf-1.png", 150, 150, gallery((200, 60, 60))),
    ("wordpress/uploads/2019/03/shelf-2.png", 150, 150, gallery((60, 120, 200))),
]


def main():
    for rel, w, h, fn in IMAGES:
        path = os.path.join(HERE, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        data = png_bytes(w, h, fn)
        with open(path, "wb") as f:
            f.write(data)
        print(f"{rel}: {w}x{h}, {len(data)} bytes")
    ico = ico_bytes(png_bytes(16, 16, favicon))
    with open(os.path.join(HERE, "jekyll/favicon.ico"), "wb") as f:
        f.write(ico)
    print(f"jekyll/favicon.ico: 16x16, {len(ico)} bytes")


if __name__ == "__main__":
    main()
