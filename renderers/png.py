"""A palette PNG encoded in two halves at once.

Mapping a large table onto its palette and deflating it are most of a render, and both
run in C without the GIL. So the picture is cut into a top and a bottom band: a helper
thread maps and deflates the top while the calling thread does the bottom, and the two
deflate streams are joined into one (the top ends on a full flush, as pigz does). The
pixels are the ones `Image.quantize` and Pillow's PNG writer give; only the file's
bytes differ.
"""

from __future__ import annotations

import struct
import zlib
from concurrent.futures import ThreadPoolExecutor

from PIL import Image

__all__ = ["BANDS_FROM", "palette_png"]

BANDS_FROM = 400_000  # pixels: below this, one band is as quick (a thread hop costs ~0.1 ms)
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-png")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _band(
    img: Image.Image, box: tuple[int, int, int, int], ref: Image.Image, level: int, last: bool
) -> tuple[bytes, bytes]:
    """The band deflated, and its raw rows (each after its filter byte, 0: none) for the checksum."""
    band = img.crop(box)
    if band.mode != "RGB":
        band = band.convert("RGB")
    mapped = band.quantize(palette=ref, dither=Image.Dither.NONE)
    rows = Image.new("P", (mapped.width + 1, mapped.height), 0)  # column 0: the filter bytes
    rows.paste(mapped, (1, 0))
    raw = rows.tobytes()
    packer = zlib.compressobj(level, zlib.DEFLATED, -15)
    return packer.compress(raw) + packer.flush(zlib.Z_FINISH if last else zlib.Z_FULL_FLUSH), raw


def palette_png(img: Image.Image, ref: Image.Image, level: int = 1) -> bytes:
    """`img` (RGB or opaque RGBA) mapped onto `ref`'s palette without dithering, as PNG bytes."""
    w, h = img.size
    cut = h // 2
    top = _POOL.submit(_band, img, (0, 0, w, cut), ref, level, False)
    bottom, raw_bottom = _band(img, (0, cut, w, h), ref, level, True)
    head, raw_top = top.result()
    checksum = zlib.adler32(raw_bottom, zlib.adler32(raw_top))
    stream = b"\x78\x01" + head + bottom + struct.pack(">I", checksum)
    palette = bytes(ref.getpalette() or [0, 0, 0])
    header = struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)  # 8-bit palette, no interlace
    return (
        _SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"PLTE", palette) + _chunk(b"IDAT", stream) + _chunk(b"IEND", b"")
    )
