"""A palette PNG written by us: deflated by ISA-L, a large picture in bands that are
remembered, and the bands still to write in two halves at once.

Mapping a table onto its palette and deflating it are most of a render. Deflate is the
larger part, and Intel's ISA-L (the `isal` package) does it about four times as fast as
zlib at level 1 with files of the same size, so pictures are written here rather than by
Pillow (which deflates with zlib). Where `isal` has no wheel, zlib does the same job.

A large picture is cut into bands of BAND_ROWS rows, each deflated on its own and ended
on a full flush (as pigz does), so the bands' streams join into one. A move changes about
half the bands of an 8-seat table, so each band's stream is remembered under checksums of
its pixels: a band seen before is not mapped or deflated again. The bands still to write
are split between a helper thread and the calling thread (mapping and deflating run in C
without the GIL). The pixels are the ones `Image.quantize` and Pillow's PNG writer give;
only the file's bytes differ, and they do not depend on what was remembered.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from PIL import Image

try:
    from isal import isal_zlib as deflate
except ImportError:  # no isal wheel for this platform: zlib writes the same stream, slower
    deflate = zlib  # type: ignore[no-redef]

# ISA-L's checksums are two to three times as quick as zlib's (the same values)
_crc32, _adler32 = deflate.crc32, deflate.adler32

__all__ = ["BANDS_FROM", "BAND_ROWS", "adler32_combine", "palette_png"]

BANDS_FROM = 400_000  # pixels: below this, one band is as quick (a thread hop costs ~0.1 ms)
BAND_ROWS = 32  # rows a remembered band holds: a changed seat panel touches only its own bands
REMEMBERED = 8192  # bands kept (about 2 KB each): some 200 large pictures' worth
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-png")
_ADLER_BASE = 65521

BandKey = tuple[Any, ...]
Band = tuple[bytes, int, int]  # its deflate stream (ending on a full flush), the adler32 and length of its raw rows
_bands: OrderedDict[BandKey, Band] = OrderedDict()
_bands_lock = threading.Lock()
_palette_ids: dict[bytes, int] = {}


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _rows(img: Image.Image, box: tuple[int, int, int, int], ref: Image.Image) -> bytes:
    """The box mapped onto `ref`'s palette, as PNG rows: each after its filter byte (0: none)."""
    part = img if box == (0, 0, *img.size) else img.crop(box)
    if part.mode != "RGB":
        part = part.convert("RGB")
    mapped = part.quantize(palette=ref, dither=Image.Dither.NONE)
    rows = Image.new("P", (mapped.width + 1, mapped.height), 0)  # column 0: the filter bytes
    rows.paste(mapped, (1, 0))
    return rows.tobytes()


def _deflated(raw: bytes | memoryview, level: int, last: bool) -> bytes:
    packer = deflate.compressobj(min(level, 3), deflate.DEFLATED, -15)  # ISA-L's levels are 0-3
    return packer.compress(raw) + packer.flush(deflate.Z_FINISH if last else deflate.Z_FULL_FLUSH)


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The adler32 of two byte strings joined, from each one's (zlib's adler32_combine)."""
    rem = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = rem * sum1 % _ADLER_BASE
    sum1 += (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 += (first >> 16) + (second >> 16) + _ADLER_BASE - rem
    return sum1 % _ADLER_BASE | (sum2 % _ADLER_BASE) << 16


def _file(w: int, h: int, ref: Image.Image, body: bytes, checksum: int) -> bytes:
    stream = b"\x78\x01" + body + struct.pack(">I", checksum)
    palette = bytes(ref.getpalette() or [0, 0, 0])
    header = struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)  # 8-bit palette, no interlace
    return (
        _SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"PLTE", palette) + _chunk(b"IDAT", stream) + _chunk(b"IEND", b"")
    )


def palette_png(img: Image.Image, ref: Image.Image, level: int = 1) -> bytes:
    """`img` (RGB or opaque RGBA) mapped onto `ref`'s palette without dithering, as PNG bytes;
    from BANDS_FROM pixels up, in remembered bands, two halves of the new ones at once."""
    w, h = img.size
    if w * h < BANDS_FROM or h < 2:
        raw = _rows(img, (0, 0, w, h), ref)
        return _file(w, h, ref, _deflated(raw, level, True), _adler32(raw))
    spans = [(y, min(y + BAND_ROWS, h)) for y in range(0, h, BAND_ROWS)]
    keys = _band_keys(img, spans, ref, level)
    with _bands_lock:
        bands: list[Band | None] = [_bands.get(k) for k in keys]
    todo = [i for i, band in enumerate(bands) if band is None]
    if todo:
        half = len(todo) // 2
        top = _POOL.submit(_write_bands, img, spans, todo[:half], ref, level) if half else None
        made = _write_bands(img, spans, todo[half:], ref, level)
        if top is not None:
            made.update(top.result())
        for i, band in made.items():
            bands[i] = band
    with _bands_lock:
        for key, band in zip(keys, bands, strict=True):
            _bands[key] = band  # type: ignore[assignment]  # every band is written by now
            _bands.move_to_end(key)  # the least recently used go first
        while len(_bands) > REMEMBERED:
            _bands.popitem(last=False)
    body, checksum = _joined([b for b in bands if b is not None], level)
    return _file(w, h, ref, body, checksum)


def _band_keys(img: Image.Image, spans: list[tuple[int, int]], ref: Image.Image, level: int) -> list[BandKey]:
    """What a band's stream depends on: its pixels (two checksums and the size), the
    palette, the level and the deflater."""
    palette = bytes(ref.getpalette() or [0, 0, 0])
    with _bands_lock:
        palette_id = _palette_ids.setdefault(palette, len(_palette_ids))
    data = memoryview(img.tobytes())
    stride = img.width * len(img.getbands())
    common = (img.mode, img.width, palette_id, level, deflate.__name__)
    keys = []
    for y0, y1 in spans:
        pixels = data[y0 * stride : y1 * stride]
        keys.append((*common, y1 - y0, _crc32(pixels), _adler32(pixels)))
    return keys


def _write_bands(
    img: Image.Image, spans: list[tuple[int, int]], todo: list[int], ref: Image.Image, level: int
) -> dict[int, Band]:
    """Map and deflate the bands `todo`, a run of neighbours at a time."""
    made: dict[int, Band] = {}
    stride = img.width + 1
    for run in _runs(todo):
        y0, y1 = spans[run[0]][0], spans[run[-1]][1]
        raw = memoryview(_rows(img, (0, y0, img.width, y1), ref))
        for i in run:
            a, b = (spans[i][0] - y0) * stride, (spans[i][1] - y0) * stride
            made[i] = (_deflated(raw[a:b], level, False), _adler32(raw[a:b]), b - a)
    return made


def _runs(indices: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for i in indices:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def _joined(bands: list[Band], level: int) -> tuple[bytes, int]:
    """The bands' streams as one deflate stream (closed by an empty last block), and the
    adler32 of all their raw rows."""
    checksum = 1
    for _, adler, length in bands:
        checksum = adler32_combine(checksum, adler, length)
    return b"".join(b[0] for b in bands) + _deflated(b"", level, True), checksum
