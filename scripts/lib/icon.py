#!/usr/bin/env python3
"""Draws the page's icon, a carrom board seen from above (its frame, its four pockets, the
base lines' circles, the Queen on the centre circle with a ring of men), as PNG files of the
sizes given: `python3 scripts/lib/icon.py crates/ui/web 192 512`. Maskable: the board keeps
clear of the outer fifth, where a phone's mask may cut."""
import math
import struct
import sys
import zlib

FRAME = (92, 52, 28)
BOARD = (236, 212, 160)
LINE = (120, 70, 40)
POCKET = (24, 16, 12)
QUEEN = (196, 30, 40)
BLACK = (40, 34, 30)
WHITE = (250, 244, 228)
BACK = (27, 21, 18)


def colour_at(u, v):
    """The colour at (u, v), both in -1..1 from the icon's centre."""
    r = math.hypot(u, v)
    board, frame = 0.62, 0.74
    if max(abs(u), abs(v)) > frame:
        return BACK
    if max(abs(u), abs(v)) > board:
        return FRAME
    for cu in (-1, 1):
        for cv in (-1, 1):
            if math.hypot(u - cu * 0.55, v - cv * 0.55) < 0.065:
                return POCKET
    men = [(0.0, 0.0, QUEEN)]
    for k in range(6):
        a = math.pi / 6 + k * math.pi / 3
        men.append((0.12 * math.cos(a), 0.12 * math.sin(a), WHITE if k % 2 else BLACK))
    for mu, mv, c in men:
        if math.hypot(u - mu, v - mv) < 0.052:
            return c
    if abs(r - 0.24) < 0.008 or abs(r - 0.07) < 0.006 and r > 0.06:
        return LINE
    for side in range(4):
        x, y = (u, v) if side < 2 else (v, u)
        y = y if side % 2 else -y
        if 0.40 < y < 0.46 and abs(x) < 0.36 and (abs(y - 0.40) < 0.006 or abs(y - 0.46) < 0.006):
            return LINE
    return BOARD


def png(size):
    rows = []
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            # Four samples a pixel, for smooth edges.
            acc = [0, 0, 0]
            for du, dv in ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)):
                c = colour_at((i + du) / size * 2 - 1, (j + dv) / size * 2 - 1)
                acc = [a + b for a, b in zip(acc, c)]
            row += bytes(a // 4 for a in acc)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    head = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


if __name__ == "__main__":
    out = sys.argv[1]
    for s in map(int, sys.argv[2:]):
        with open(f"{out}/icon-{s}.png", "wb") as f:
            f.write(png(s))
