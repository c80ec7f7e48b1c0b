"""A palette PNG written by us: deflated by ISA-L, a large picture mapped in two halves at once.

Mapping a table onto its palette and deflating it are most of a render. Intel's ISA-L (the
`isal` package) deflates about four times as fast as zlib at level 1 with files of the same
size, so pictures are written here rather than by Pillow (which deflates with zlib). Where
`isal` has no wheel, zlib does the same job. Mapping runs in C without the GIL, so a large
picture is cut into a top and a bottom band: a helper thread maps the top while the calling
thread maps the bottom. The rows are then deflated in one stateless call: ISA-L's streaming
compressor (`compressobj`) sometimes gave other bytes for the same rows (a match it found at
other times missed, depending on what its fresh buffers held), while the one-call deflate
reads only the rows given, so a picture's file is a function of its pixels. The pixels are
the ones `Image.quantize` and Pillow's PNG writer give; only the file's bytes differ.
"""

from __future__ import annotations

import struct
import zlib
from concurrent.futures import ThreadPoolExecutor

from PIL import Image

try:
    from isal import isal_zlib as deflate
except ImportError:  # no isal wheel for this platform: zlib writes the same stream, slower
    deflate = zlib  # type: ignore[no-redef]

__all__ = ["BANDS_FROM", "mapped", "palette_png", "rows_png"]

BANDS_FROM = 400_000  # pixels: below this, one band is as quick (a thread hop costs ~0.1 ms)
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-png")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _rows(img: Image.Image, box: tuple[int, int, int, int], ref: Image.Image) -> bytes:
    """The band's rows on `ref`'s palette, each after its filter byte (0: none)."""
    band = img if box == (0, 0, *img.size) else img.crop(box)
    indexed = band if band.mode == "P" else mapped(band, ref)
    rows = Image.new("P", (indexed.width + 1, indexed.height), 0)  # column 0: the filter bytes
    rows.paste(indexed, (1, 0))
    return rows.tobytes()


def mapped(band: Image.Image, ref: Image.Image) -> Image.Image:
    """`band` on `ref`'s palette, each pixel its nearest colour, no dithering: `Image.quantize`.

    `quantize` takes only RGB, but the C conversion under it reads an RGBA pixel's colour the
    same way and ignores its alpha, so an RGBA canvas is mapped as it is: copying 1.25 million
    pixels to RGB first was about 1 ms of an 8-seat Moleicki table. That conversion is Pillow's
    own internal call, so a Pillow that changes it gets the public route instead of a failure.
    """
    if band.mode in ("RGB", "RGBA"):
        ref.load()
        try:
            return _by_core(band, ref)
        except (AttributeError, TypeError, ValueError):
            pass
    return band.convert("RGB").quantize(palette=ref, dither=Image.Dither.NONE)


def _by_core(band: Image.Image, ref: Image.Image) -> Image.Image:
    return band._new(band.im.convert("P", Image.Dither.NONE, ref.im))


def palette_png(img: Image.Image, ref: Image.Image, level: int = 1) -> bytes:
    """`img` (RGB or opaque RGBA) mapped onto `ref`'s palette without dithering, as PNG bytes;
    from BANDS_FROM pixels up, mapped in two bands at once. A `P` image is taken as already
    mapped onto `ref`'s palette."""
    w, h = img.size
    if w * h < BANDS_FROM or h < 2:
        raw = _rows(img, (0, 0, w, h), ref)
    else:
        cut = h // 2
        top = _POOL.submit(_rows, img, (0, 0, w, cut), ref)
        bottom = _rows(img, (0, cut, w, h), ref)
        raw = top.result() + bottom
    return rows_png(raw, (w, h), ref, level)


def rows_png(raw: bytes, size: tuple[int, int], ref: Image.Image, level: int = 1) -> bytes:
    """PNG bytes of `raw`: a `size` picture's rows on `ref`'s palette, each after its filter
    byte (0), e.g. the bytes of a `P` image one column wider whose first column is 0."""
    w, h = size
    # one stateless call, never compressobj: see the module's docstring (ISA-L's levels are 0-3)
    body = deflate.compress(raw, min(level, 3), -15)
    checksum = deflate.adler32(raw)  # ISA-L's: the same value, three times as quick
    stream = b"\x78\x01" + body + struct.pack(">I", checksum)
    palette = bytes(ref.getpalette() or [0, 0, 0])
    header = struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)  # 8-bit palette, no interlace
    return (
        _SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"PLTE", palette) + _chunk(b"IDAT", stream) + _chunk(b"IEND", b"")
    )
