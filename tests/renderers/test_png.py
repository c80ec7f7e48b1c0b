"""The palette PNG writer: the same pixels as Pillow's own quantize, a valid file, with ISA-L or zlib."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image, ImageChops, ImageDraw

from renderers import draw, png
from renderers.png import palette_png


def scene(width: int, height: int, mode: str, seed: int) -> Image.Image:
    """Felt with random boxes and lines in many colours, so every band holds detail."""
    rng = random.Random(seed)
    img = draw.felt(width, height).convert(mode)
    d = ImageDraw.Draw(img)
    for _ in range(60):
        x, y = rng.randrange(width), rng.randrange(height)
        colour = tuple(rng.randrange(256) for _ in range(3)) + ((255,) if mode == "RGBA" else ())
        d.rectangle((x, y, x + rng.randrange(4, 200), y + rng.randrange(4, 120)), fill=colour)
        d.line((x, y, rng.randrange(width), rng.randrange(height)), fill=colour, width=3)
    return img


def reference(img: Image.Image) -> Image.Image:
    keep = draw.named_colours()
    return draw._learn(img.convert("RGB").reduce(2), keep)


@pytest.mark.parametrize(("width", "height", "mode"), [(960, 1304, "RGBA"), (961, 777, "RGB"), (40, 3, "RGB")])
def test_two_bands_give_the_pixels_of_one_quantize(width, height, mode):
    img = scene(width, height, mode, seed=width + height)
    ref = reference(img)
    data = palette_png(img, ref)
    decoded = Image.open(io.BytesIO(data))
    decoded.load()  # a broken stream, checksum or chunk fails here
    assert decoded.mode == "P" and decoded.size == img.size
    expected = img.convert("RGB").quantize(palette=ref, dither=Image.Dither.NONE)
    assert ImageChops.difference(decoded.convert("RGB"), expected.convert("RGB")).getbbox() is None


def test_an_rgba_picture_is_mapped_by_its_colours_whatever_its_alpha():
    img = scene(300, 200, "RGBA", seed=4)
    alpha = Image.linear_gradient("L").resize(img.size)  # 0 to 255 down the picture
    img.putalpha(alpha)
    ref = reference(img)
    decoded = Image.open(io.BytesIO(palette_png(img, ref)))
    expected = img.convert("RGB").quantize(palette=ref, dither=Image.Dither.NONE)
    assert decoded.tobytes() == expected.tobytes()


def test_every_palette_picture_is_written_by_palette_png():
    img = scene(960, 1000, "RGBA", seed=1)
    sheet = scene(300, 300, "RGB", seed=2)
    keep = list(dict.fromkeys([*draw.named_colours(), *draw.felt_shades()]))[:128]
    for picture in (img, img.crop((0, 0, 100, 100))):  # two bands, and one
        learnt = draw._palette(picture, keep, "test.two-bands", lambda: sheet)
        assert draw.to_png(picture, key="test.two-bands", source=lambda: sheet) == palette_png(picture, learnt)


@pytest.mark.parametrize("size", [(960, 1000), (300, 200)])
def test_zlib_writes_the_same_pixels_where_isal_is_missing(monkeypatch, size):
    img = scene(*size, "RGB", seed=3)
    ref = reference(img)
    with_isal = palette_png(img, ref)
    monkeypatch.setattr(png, "deflate", zlib)
    with_zlib = palette_png(img, ref)
    a, b = Image.open(io.BytesIO(with_isal)), Image.open(io.BytesIO(with_zlib))
    assert a.tobytes() == b.tobytes() and a.getpalette() == b.getpalette()


def test_isal_does_the_deflating():
    assert png.deflate.__name__ == "isal.isal_zlib"  # a dependency on the machines we run on


def test_a_pillow_without_the_internal_conversion_still_gets_the_same_pixels(monkeypatch):
    img = scene(300, 200, "RGBA", seed=5)
    ref = reference(img)
    expected = Image.open(io.BytesIO(palette_png(img, ref))).tobytes()

    def gone(band, ref):
        raise AttributeError("no such internal call")

    monkeypatch.setattr(png, "_by_core", gone)
    assert Image.open(io.BytesIO(palette_png(img, ref))).tobytes() == expected


def _stream(data: bytes) -> bytes:
    """The zlib stream of a PNG: its IDAT chunks joined."""
    out, i = b"", 8
    while i < len(data):
        (n,) = struct.unpack(">I", data[i : i + 4])
        if data[i + 4 : i + 8] == b"IDAT":
            out += data[i + 8 : i + 8 + n]
        i += 12 + n
    return out


@pytest.mark.parametrize("size", [(960, 1000), (300, 200)])  # two bands, and one
def test_the_rows_are_deflated_in_one_stateless_call(size):
    """ISA-L's streaming compressor (`compressobj`) now and then wrote other bytes for the same
    rows (a repeat of the first row not found, after what its fresh buffers happened to hold);
    its one-call deflate reads only the rows. So a picture's file is the one-call stream of its
    rows, whatever thread, band or heap wrote it: the same view gives the same bytes."""
    img = scene(*size, "RGB", seed=6)
    ref = reference(img)
    decoded = Image.open(io.BytesIO(palette_png(img, ref)))
    rows = Image.new("P", (decoded.width + 1, decoded.height), 0)
    rows.paste(decoded, (1, 0))
    raw = rows.tobytes()
    one_call = b"\x78\x01" + png.deflate.compress(raw, 1, -15) + struct.pack(">I", zlib.adler32(raw))
    assert _stream(palette_png(img, ref)) == one_call
