"""Tiny Relay's pictures: plain, but real PNGs drawn from the view."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw


def _png(lines: list[str]) -> bytes:
    image = Image.new("RGB", (360, 40 + 24 * len(lines)), (20, 80, 50))
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((16, 16 + 24 * i), line, fill=(255, 255, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def render_table(view: dict[str, Any]) -> bytes:
    return _png([alt_text(view)])


def render_hand(view: dict[str, Any]) -> bytes:
    return _png(["Your cards: " + " ".join(view.get("hand") or [])])


def alt_text(view: dict[str, Any]) -> str:
    names = view.get("names") or [f"seat {i}" for i in range(view["players"])]
    counts = ", ".join(f"{n} holds {c}" for n, c in zip(names, view["hand_sizes"], strict=False))
    final = view.get("final")
    return f"Tiny Relay: {counts}." + (f" {final['headline']}" if final else "")
