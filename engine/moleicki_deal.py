"""Moleicki's deal: the pack, the dealer's design (presets and custom) and dealing order.

A *design* is the hand size plus the tableau's rows. Rows are listed from the one
furthest from the player (the first barrier) to the base (last). A row is a list of
piles; a pile is a string of `u` (face up) and `d` (face down) from the bottom card
to the top card. The text's most common deal is the `classic` preset:

    barrier  d            one face-down card
    base     du du du     three piles, a face-down card under a face-up one

Deal notation (canonical text first):

    deal classic                    a preset with the smallest hand allowed
    deal classic hand 6             a preset with a bigger hand
    deal custom hand 5 barrier d base du du du
    deal custom hand 4 barrier d d barrier u base ddu ddu

Bounds: a hand of at least 4 cards per deck, a base row, at least one pile in every
row and one card in every pile, and everything must fit in the pack. Beyond that the
dealer is free: any number of barrier rows, piles and cards (the text only
recommends two barriers, three piles and three cards). Every player gets the same
design.

Dealing order (what `deck=` stacks): hands first, one card at a time round the seats
from seat 0; then the tableau one position at a time round the seats, by layer from
the bottom card up, and within a layer the base row first, then the barriers from
nearest to furthest, piles left to right. Whatever is left is the draw pile, drawn
from the front. `stacked_deck` builds such a list from per-seat layouts for tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import JOKER, QUARTER, standard_deck
from engine.core import is_number, quoted

HAND_PER_DECK = 4
JOKERS_PER_DECK = 2
QUARTERS_PER_DECK = 1

# Presets in the order offered; the first is the text's most common tableau.
PRESETS: dict[str, tuple[tuple[str, ...], ...]] = {
    "classic": (("d",), ("du", "du", "du")),
    "small": (("d",), ("du", "du")),
    "tower": (("ddu", "ddu", "ddu"),),
    "double": (("d", "d"), ("du", "du"), ("du", "du", "du")),
    "blind": (("d", "d", "d"),),
    "mini": (("du",),),
}
PRESET_NOTES: dict[str, str] = {
    "classic": "barrier d, base du du du (7 cards)",
    "small": "barrier d, base du du (5 cards)",
    "tower": "base ddu ddu ddu (9 cards)",
    "double": "barriers d d and du du, base du du du (12 cards)",
    "blind": "base d d d (3 cards, all blind)",
    "mini": "base du (2 cards)",
}


class DealError(ValueError):
    """A deal the bounds do not allow; the message is shown to the dealer."""


@dataclass(frozen=True, slots=True)
class Design:
    hand: int
    rows: tuple[tuple[str, ...], ...]  # furthest barrier first, base last
    preset: str | None = None

    @property
    def tableau_size(self) -> int:
        return sum(len(p) for row in self.rows for p in row)

    def text(self, decks: int) -> str:
        """Canonical deal notation."""
        if self.preset is not None:
            extra = "" if self.hand == HAND_PER_DECK * decks else f" hand {self.hand}"
            return f"deal {self.preset}{extra}"
        parts = [f"deal custom hand {self.hand}"]
        for row in self.rows[:-1]:
            parts.append("barrier " + " ".join(row))
        parts.append("base " + " ".join(self.rows[-1]))
        return " ".join(parts)

    def to_json(self) -> dict:
        return {"hand": self.hand, "rows": [list(r) for r in self.rows], "preset": self.preset}

    @classmethod
    def from_json(cls, d: dict) -> Design:
        return cls(d["hand"], tuple(tuple(r) for r in d["rows"]), d.get("preset"))


def build_deck(decks: int, jokers: int | None = None, quarters: int | None = None) -> list[str]:
    """The pack: 52 cards per deck plus the jokers and 25 cards (by default two jokers
    and one 25 per deck; the text allows fewer when extra cards are short)."""
    full: list[str] = []
    for _ in range(decks):
        full += standard_deck()
    jokers = JOKERS_PER_DECK * decks if jokers is None else jokers
    quarters = QUARTERS_PER_DECK * decks if quarters is None else quarters
    return full + [JOKER] * jokers + [QUARTER] * quarters


def deck_size(decks: int, extras: int | None = None) -> int:
    """Cards in the pack; `extras` is jokers plus 25s (default: three per deck)."""
    return 52 * decks + ((JOKERS_PER_DECK + QUARTERS_PER_DECK) * decks if extras is None else extras)


def check_design(design: Design, players: int, decks: int, extras: int | None = None) -> None:
    """Raise DealError with a sentence if the pack cannot deal the design."""
    least = HAND_PER_DECK * decks
    if design.hand < least:
        raise DealError(f"A hand needs at least {least} cards with {decks} deck{'s' if decks > 1 else ''}.")
    if not design.rows:
        raise DealError("Every tableau needs a base row.")
    for row in design.rows:
        if not row:
            raise DealError("Each row needs at least one pile, like “d” or “du”.")
        for pile in row:
            if not pile or set(pile) - {"u", "d"}:
                raise DealError("Each pile is one or more letters u (face up) or d (face down), bottom card first.")
    need = players * (design.hand + design.tableau_size)
    have = deck_size(decks, extras)
    if need > have:
        raise DealError(f"That deal needs {need} cards but the pack has {have}; use a smaller hand or tableau.")


def preset_design(name: str, decks: int, hand: int | None = None) -> Design:
    return Design(HAND_PER_DECK * decks if hand is None else hand, PRESETS[name], name)


def feasible_presets(players: int, decks: int, extras: int | None = None) -> list[Design]:
    """The presets (smallest hand) that fit this table, in the order offered."""
    found = []
    for name in PRESETS:
        d = preset_design(name, decks)
        try:
            check_design(d, players, decks, extras)
        except DealError:
            continue
        found.append(d)
    return found


_DEAL_HELP = "Write a deal like “deal classic”, “deal classic hand 6” or “deal custom hand 5 barrier d base du du du”."


def parse_design(tokens: list[str], decks: int) -> Design:
    """The design for tokens after `deal` (lower case); raises DealError."""
    if not tokens:
        raise DealError(_DEAL_HELP)
    name, rest = tokens[0], tokens[1:]
    hand: int | None = None
    if name in PRESETS:
        if rest:
            if len(rest) != 2 or rest[0] != "hand" or not is_number(rest[1]):
                raise DealError(_DEAL_HELP)
            hand = int(rest[1])
        return preset_design(name, decks, hand)
    if name != "custom":
        raise DealError(f"“{quoted(name, 12)}” isn't a deal; presets are {', '.join(PRESETS)}, or custom.")
    rows: list[list[str]] = []
    current: list[str] | None = None
    saw_base = False
    i = 0
    while i < len(rest):
        tok = rest[i]
        if tok == "hand":
            if i + 1 >= len(rest) or not is_number(rest[i + 1]):
                raise DealError("Give the hand size as a number, like “hand 5”.")
            hand = int(rest[i + 1])
            i += 2
            continue
        if tok in ("barrier", "base"):
            if saw_base:
                raise DealError("The base is the last row; list barriers before it.")
            current = []
            rows.append(current)
            saw_base = tok == "base"
        elif current is None:
            raise DealError(_DEAL_HELP)
        else:
            current.extend(p for p in tok.split(",") if p)
        i += 1
    if not saw_base:
        raise DealError("A custom deal needs a base row, like “base du du du”.")
    if any(not row for row in rows):
        raise DealError("Each row needs at least one pile, like “d” or “du”.")
    return Design(HAND_PER_DECK * decks if hand is None else hand, tuple(tuple(r) for r in rows), None)


def tableau_positions(rows: tuple[tuple[str, ...], ...]) -> list[tuple[int, int, int]]:
    """(row, pile, layer) in dealing order: by layer, base first, then barriers outwards."""
    order = []
    depth = max(len(p) for row in rows for p in row)
    row_order = list(range(len(rows) - 1, -1, -1))  # base is the last row
    for layer in range(depth):
        for r in row_order:
            for p, pile in enumerate(rows[r]):
                if layer < len(pile):
                    order.append((r, p, layer))
    return order


def deal(deck: list[str], players: int, design: Design) -> tuple[list[list[str]], list[list[list[list[str]]]]]:
    """Take hands and tableaux from the front of `deck` (mutated; the rest is the draw pile).

    A tableau pile is a list of cards bottom to top; a face-down card is stored with a
    leading `*` (engine-internal marking, never shown).
    """
    hands: list[list[str]] = [[] for _ in range(players)]
    for _ in range(design.hand):
        for seat in range(players):
            hands[seat].append(deck.pop(0))
    tableaux = [[[[] for _ in row] for row in design.rows] for _ in range(players)]
    for r, p, layer in tableau_positions(design.rows):
        face_up = design.rows[r][p][layer] == "u"
        for seat in range(players):
            card = deck.pop(0)
            tableaux[seat][r][p].append(card if face_up else "*" + card)
    return hands, tableaux


def stacked_deck(
    players: int,
    design: Design,
    hands: list[list[str]],
    tableaux: list[list[list[list[str]]]] | None = None,
    draw: list[str] | None = None,
) -> list[str]:
    """The `deck=` list that deals exactly these hands, tableaux and draw-pile front.

    tableaux[seat][row][pile] lists cards bottom to top (no face markings); missing
    seats or cards may be left out only at the very end of the list (the rest of the
    pack is shuffled in after whatever is given).
    """
    out: list[str] = []
    for i in range(design.hand):
        for seat in range(players):
            out.append(hands[seat][i])
    if tableaux is None:
        if draw:
            raise ValueError("give the tableaux too when stacking the draw pile")
        return out
    for r, p, layer in tableau_positions(design.rows):
        for seat in range(players):
            out.append(tableaux[seat][r][p][layer])
    return out + list(draw or [])
