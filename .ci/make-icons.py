#!/usr/bin/env python3
"""Draws the page's icons, public/icons/icon-192.png and icon-512.png and public/favicon.ico, from the
shapes of public/icons/icon.svg (a rounded square, an eye, its iris and pupil), with the standard
library alone. Run it by hand when the icon changes and commit what it writes."""
import math, os, struct, zlib

NAVY, WHITE, AMBER = (0x12, 0x26, 0x3A), (0xF4, 0xF1, 0xE8), (0xE0, 0xA5, 0x26)
SAMPLES = 4  # per axis: edges are smoothed by 16 samples a pixel


def colour_at(x, y):
    """The icon's colour at (x, y) in its 512 × 512 box, or None outside the rounded square."""
    corner = 96
    cx, cy = min(max(x, corner), 512 - corner), min(max(y, corner), 512 - corner)
    if (x - cx) ** 2 + (y - cy) ** 2 > corner ** 2:
        return None
    distance = math.hypot(x - 256, y - 256)
    if distance <= 32:
        return NAVY
    if distance <= 72:
        return AMBER
    # The eye: inside both circles of radius 230 centred 150 above and below the middle.
    if math.hypot(x - 256, y - 406) <= 230 and math.hypot(x - 256, y - 106) <= 230:
        return WHITE
    return NAVY


def pixels(size):
    rows = []
    for row in range(size):
        line = bytearray([0])  # PNG filter: none
        for column in range(size):
            red = green = blue = covered = 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    colour = colour_at((column + (sx + 0.5) / SAMPLES) * 512 / size, (row + (sy + 0.5) / SAMPLES) * 512 / size)
                    if colour:
                        red, green, blue, covered = red + colour[0], green + colour[1], blue + colour[2], covered + 1
            alpha = round(255 * covered / SAMPLES ** 2)
            line += bytes([red // covered, green // covered, blue // covered, alpha] if covered else [0, 0, 0, 0])
        rows.append(bytes(line))
    return b"".join(rows)


def png(size):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels(size), 9)) + chunk(b"IEND", b"")


def ico(image, size):
    """An ICO holding one PNG image (allowed since Windows Vista, read by every browser)."""
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(image), 22) + image


public = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "public")
for size in (192, 512):
    with open(os.path.join(public, "icons", f"icon-{size}.png"), "wb") as file:
        file.write(png(size))
with open(os.path.join(public, "favicon.ico"), "wb") as file:
    file.write(ico(png(32), 32))
