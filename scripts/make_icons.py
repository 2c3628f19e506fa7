"""Draw the Tapis icons, a red heart card on green felt, with the standard library only.

Writes icons/icon.svg and the PNGs the manifest and iOS ask for. The shapes are polygons shared
by the SVG and the rasteriser, so every icon is the same picture. Run it after changing the
design and commit its output: `python3 scripts/make_icons.py`.
"""
import math
import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "icons"
PNG_SIZES = {"icon-192.png": 192, "icon-512.png": 512, "icon-180.png": 180}
FELT = (0x1F, 0x5F, 0x3F)
EDGE = (0xC8, 0xC8, 0xC0)
CARD = (0xFB, 0xF8, 0xF0)
HEART = (0xC6, 0x28, 0x28)
SUBROWS = 4  # vertical samples per pixel; horizontal coverage is exact


def rounded_rect(cx, cy, w, h, r, steps=12):
    """A rounded rectangle in unit coordinates (0..1), as a list of points."""
    pts = []
    corners = ((cx + w / 2 - r, cy - h / 2 + r, -90), (cx + w / 2 - r, cy + h / 2 - r, 0),
               (cx - w / 2 + r, cy + h / 2 - r, 90), (cx - w / 2 + r, cy - h / 2 + r, 180))
    for ox, oy, start in corners:
        for i in range(steps + 1):
            a = math.radians(start + 90 * i / steps)
            pts.append((ox + r * math.cos(a), oy + r * math.sin(a)))
    return pts


def heart(cx, cy, size, steps=120):
    """The classic parametric heart, `size` wide, centred on (cx, cy)."""
    pts = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * size / 32, cy - (y + 2.5) * size / 32))
    return pts


LAYERS = (
    (EDGE, rounded_rect(0.5, 0.5, 0.46, 0.64, 0.06)),
    (CARD, rounded_rect(0.5, 0.5, 0.44, 0.62, 0.05)),
    (HEART, heart(0.5, 0.5, 0.30)),
)


def coverage(poly, size):
    """Fraction of each pixel inside the polygon (even-odd rule), row by row."""
    pts = [(x * size, y * size) for x, y in poly]
    edges = list(zip(pts, pts[1:] + pts[:1]))
    rows = []
    for py in range(size):
        row = [0.0] * size
        for sub in range(SUBROWS):
            y = py + (sub + 0.5) / SUBROWS
            xs = sorted(x0 + (y - y0) * (x1 - x0) / (y1 - y0)
                        for (x0, y0), (x1, y1) in edges if (y0 <= y) != (y1 <= y))
            for left, right in zip(xs[::2], xs[1::2]):
                _add_span(row, max(left, 0.0), min(right, float(size)), 1 / SUBROWS)
        rows.append(row)
    return rows


def _add_span(row, left, right, weight):
    first, last = int(left), int(right)
    if first == last:
        if first < len(row):
            row[first] += (right - left) * weight
        return
    row[first] += (first + 1 - left) * weight
    for px in range(first + 1, last):
        row[px] += weight
    if last < len(row):
        row[last] += (right - last) * weight


def render(size):
    pixels = [[FELT] * size for _ in range(size)]
    for colour, poly in LAYERS:
        for py, row in enumerate(coverage(poly, size)):
            line = pixels[py]
            for px, a in enumerate(row):
                if a > 0:
                    a = min(a, 1.0)
                    line[px] = tuple(round(c * a + b * (1 - a)) for c, b in zip(colour, line[px]))
    return pixels


def png(pixels):
    """An 8-bit RGB PNG; every row uses filter 0, which zlib compresses well enough here."""
    height, width = len(pixels), len(pixels[0])
    raw = b"".join(b"\0" + bytes(c for px in row for c in px) for row in pixels)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def svg():
    def hexcolour(rgb):
        return "#{:02x}{:02x}{:02x}".format(*rgb)

    def path(poly):
        return "M" + " ".join(f"{x * 512:.1f},{y * 512:.1f}" for x, y in poly) + "Z"

    shapes = "".join(f'<path fill="{hexcolour(c)}" d="{path(p)}"/>' for c, p in LAYERS)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
            f'<rect width="512" height="512" fill="{hexcolour(FELT)}"/>{shapes}</svg>\n')


def main():
    ICONS.mkdir(exist_ok=True)
    (ICONS / "icon.svg").write_text(svg(), encoding="utf-8")
    for name, size in PNG_SIZES.items():
        (ICONS / name).write_bytes(png(render(size)))


if __name__ == "__main__":
    main()
