"""The result banner every game's last picture carries, and its words for alt text.

The bot adds `final` to a view once a game has ended for any reason (a win, a resign,
a forfeit, a cancel); a renderer draws it across its table with `final_banner`.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderers.draw import CREAM, GOLD, Color, clean, drawable, ellipsize, text, text_size

_BANNER_BG: Color = (10, 14, 12, 246)


def final_of(view: dict[str, Any]) -> dict[str, Any] | None:
    """The view's `final` result (added by the bot once a game has ended for any
    reason: a win, a resign, a forfeit, a cancel), tidied; None while it runs.

    Shape: {"headline": str, "lines": [str, ...], "places": [int per seat] | None}.
    """
    final = view.get("final")
    if not isinstance(final, dict):
        return None
    drawn = _drawn_names(view)
    lines = [drawn(str(x)) for x in final.get("lines") or [] if str(x).strip()]
    places = final.get("places")
    return {
        "headline": drawn(str(final.get("headline") or "Game over")),
        "lines": lines,
        "places": [int(p) for p in places] if isinstance(places, list) else None,
    }


def _drawn_names(view: dict[str, Any]) -> Any:
    """A function putting each seat name in a sentence as the face can draw it ("Player 2"
    for a name all emoji), as `drawable` does for the seats: the banner named no one."""
    raw = [str(n) for n in view.get("names") or []]
    swap = {r: d for r, d in zip(raw, drawable(view).get("names") or [], strict=False) if r and r != d}
    order = sorted(swap, key=len, reverse=True)

    def drawn(sentence: str) -> str:
        for name in order:
            sentence = sentence.replace(name, swap[name])
        return sentence

    return drawn


def final_winners(final: dict[str, Any]) -> set[int]:
    """Seats placed first in a `final` result (none if places are unknown)."""
    places = final.get("places") or []
    return {seat for seat, place in enumerate(places) if place == 1}


def banner_height(final: dict[str, Any], width: int) -> int:
    """Height of `final_banner` for this result on a canvas `width` px wide."""
    return 86 + 34 * len(_standing_rows(final, width))


def _standing_rows(final: dict[str, Any], width: int) -> list[tuple[str, ...]]:
    """The standings two to a row when there are more than three, so eight players fit in four
    short rows (more to a row reads too small once a phone shrinks the picture). A pair is two
    columns, each line in its own half: joined by spaces, "3 books 2. Eve" ran together."""
    rows: list[tuple[str, ...]] = []
    pairs = len(final["lines"]) > 3
    half = width / 2 - 40
    for i, line in enumerate(final["lines"]):
        last = rows[-1] if rows else ()
        fits = all(text_size(clean(x), 26)[0] <= half for x in (*last, line))
        if pairs and i % 2 == 1 and len(last) == 1 and fits:
            rows[-1] = (*last, line)
        else:
            rows.append((line,))
    return rows[:5]


def final_banner(canvas: Image.Image, final: dict[str, Any], cy: int, colour: Color = GOLD) -> tuple[int, int]:
    """A dark band across the canvas centred near `cy`: the headline in big letters and
    the standings under it. Kept inside the canvas; returns its (top, bottom)."""
    w = canvas.width
    rows = _standing_rows(final, w)
    h = banner_height(final, w)
    y0 = max(0, min(canvas.height - h, cy - h // 2))
    y1 = y0 + h
    canvas.alpha_composite(Image.new("RGBA", (w, h), _BANNER_BG), (0, y0))
    d = ImageDraw.Draw(canvas)
    d.line(((0, y0), (w, y0)), fill=colour, width=3)
    d.line(((0, y1 - 1), (w, y1 - 1)), fill=colour, width=3)
    size = 46
    headline = clean(final["headline"])
    while size > 28 and text_size(headline, size, True)[0] > w - 40:
        size -= 4
    text(
        d,
        (w / 2, y0 + 44),
        ellipsize(headline, size, w - 40, True),
        size,
        colour,
        bold=True,
        anchor="mm",
        shadow=(0, 0, 0),
    )
    for i, row in enumerate(rows):
        y = y0 + 98 + 34 * i
        if len(row) == 1:
            text(d, (w / 2, y), ellipsize(clean(row[0]), 26, w - 40), 26, CREAM, anchor="mm")
            continue
        for j, line in enumerate(row):  # each in its own half, clear of the other
            text(d, (w / 4 + j * w / 2, y), clean(line), 26, CREAM, anchor="mm")
    return y0, y1


def final_alt(final: dict[str, Any]) -> str:
    """The result in words for alt text: the headline, then the standings."""
    out = final["headline"].rstrip(".") + "."
    if final["lines"]:
        out += " " + "; ".join(final["lines"]) + "."
    return out
