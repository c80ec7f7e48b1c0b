"""One player's Moleicki tableau: which cards may be played, turned up or played blind.

A tableau is rows (furthest barrier first, base last) of piles, each pile a list of
cards bottom to top. Face-down cards are stored with a leading `*` and nobody, the
owner included, may see them until they are turned up or played blind.

Piles are numbered 1, 2, ... in reading order over all rows (the furthest barrier's
piles first, the base's last); `flip N` and `blind N` use these numbers and so does
the view's row/pile layout.

Order of play: only the first row that still has cards is open. Within it every
face-up top card must go before any face-down card is played blind; a face-down top
card resting on other cards may be turned up by its owner at any time, turn or not;
a face-down card alone in its pile can only be played blind.
"""

from __future__ import annotations

Tableau = list[list[list[str]]]


def down(card: str) -> bool:
    return card.startswith("*")


def bare(card: str) -> str:
    return card[1:] if card.startswith("*") else card


def count(tab: Tableau) -> int:
    return sum(len(p) for row in tab for p in row)


def copy_tableau(tab: Tableau) -> Tableau:
    return [[list(p) for p in row] for row in tab]


def open_row(tab: Tableau) -> int | None:
    """Index of the first row that still has cards (barriers before the base)."""
    for r, row in enumerate(tab):
        if any(row):
            return r
    return None


def pile_number(tab: Tableau, r: int, p: int) -> int:
    return sum(len(row) for row in tab[:r]) + p + 1


def locate(tab: Tableau, number: int) -> tuple[int, int] | None:
    """(row, pile) for a 1-based pile number, or None."""
    n = number - 1
    for r, row in enumerate(tab):
        if n < len(row):
            return (r, n) if n >= 0 else None
        n -= len(row)
    return None


def face_up_tops(tab: Tableau) -> list[tuple[int, int, str]]:
    """(row, pile, card) for every face-up top card in the open row."""
    r = open_row(tab)
    if r is None:
        return []
    return [(r, p, pile[-1]) for p, pile in enumerate(tab[r]) if pile and not down(pile[-1])]


def flippable(tab: Tableau) -> list[int]:
    """Pile numbers whose top card is face down and rests on another card."""
    return [
        pile_number(tab, r, p)
        for r, row in enumerate(tab)
        for p, pile in enumerate(row)
        if len(pile) >= 2 and down(pile[-1])
    ]


def can_flip(tab: Tableau) -> bool:
    """Whether any pile's top card is face down and rests on another card (cheap: asked
    for every seat whenever the seats to move are worked out)."""
    for row in tab:
        for p in row:
            if len(p) > 1 and p[-1][0] == "*":
                return True
    return False


def blind_piles(tab: Tableau) -> list[int]:
    """Pile numbers that may be played blind now: lone face-down cards in the open row,
    once that row has no face-up top card left."""
    if face_up_tops(tab):
        return []
    r = open_row(tab)
    if r is None:
        return []
    return [pile_number(tab, r, p) for p, pile in enumerate(tab[r]) if len(pile) == 1 and down(pile[0])]


def take_face_up(tab: Tableau, card: str) -> bool:
    """Remove a playable face-up top card equal to `card`; False if there is none."""
    for r, p, top in face_up_tops(tab):
        if top == card:
            tab[r][p].pop()
            return True
    return False


def face_down_slots(tab: Tableau) -> list[tuple[int, int, int]]:
    """(row, pile, index) of every face-down card, for resampling hidden cards."""
    return [(r, p, i) for r, row in enumerate(tab) for p, pile in enumerate(row) for i, c in enumerate(pile) if down(c)]


def public_rows(tab: Tableau) -> list[list[list[str | None]]]:
    """Rows of piles as the table sees them: face-down cards are None."""
    return [[[None if down(c) else c for c in pile] for pile in row] for row in tab]
