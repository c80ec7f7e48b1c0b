"""Rummy's card logic, free of turn structure: melds, lay-offs, deadwood and going rummy.

Cards are strings in card notation (`10H`). A meld is a tuple of cards in canonical
order: a run low to high (ace low, never wrapping past the king), a set in suit order
S H D C. `rummy_plan` finds how a whole hand can be laid down in one go.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from engine.cards import RANKS, SUITS, standard_deck

__all__ = [
    "CARDS",
    "POINTS",
    "RANK",
    "SUIT",
    "canonical",
    "card_points",
    "classify",
    "coverable",
    "deadwood",
    "extended",
    "layoff_cards",
    "melds_in",
    "near_cards",
    "rummy_plan",
]

CARDS: tuple[str, ...] = tuple(standard_deck())
RANK: dict[str, int] = {c: RANKS.index(c[:-1]) + 1 for c in CARDS}  # ace 1 .. king 13
SUIT: dict[str, str] = {c: c[-1] for c in CARDS}
SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}
CARD_AT: dict[tuple[int, str], str] = {(RANK[c], SUIT[c]): c for c in CARDS}
POINTS: dict[str, int] = {c: min(RANK[c], 10) for c in CARDS}

Meld = tuple[str, ...]
# A step of a plan: ("meld", cards), ("layoff", (card,), meld index) or ("discard", (card,)).
Step = tuple


def card_points(card: str) -> int:
    """Deadwood value: ace 1, two to ten face value, court cards 10."""
    return POINTS[card]


def deadwood(cards: Iterable[str]) -> int:
    return sum(POINTS[c] for c in cards)


def canonical(cards: Iterable[str]) -> Meld:
    """Cards in meld order: by rank, then suit (a run low to high, a set S H D C)."""
    return tuple(sorted(cards, key=lambda c: (RANK[c], SUIT_ORDER[SUIT[c]])))


def classify(cards: Sequence[str]) -> str | None:
    """ "set", "run" or None for cards in any order."""
    n = len(cards)
    if n < 3 or len(set(cards)) != n:
        return None
    ranks = {RANK[c] for c in cards}
    if len(ranks) == 1:
        return "set" if n <= 4 else None
    if len({SUIT[c] for c in cards}) != 1 or len(ranks) != n:
        return None
    return "run" if max(ranks) - min(ranks) == n - 1 else None


def melds_in(hand: Iterable[str]) -> list[Meld]:
    """Every meld the cards hold: each sub-run of three or more, each set of three or four."""
    by_suit: dict[str, set[int]] = {}
    by_rank: dict[int, list[str]] = {}
    for c in hand:
        by_suit.setdefault(SUIT[c], set()).add(RANK[c])
        by_rank.setdefault(RANK[c], []).append(c)
    out: list[Meld] = []
    for r in sorted(by_rank):
        same = by_rank[r]
        if len(same) >= 3:
            same = sorted(same, key=lambda c: SUIT_ORDER[SUIT[c]])
            out.extend(combinations(same, 3))
            if len(same) == 4:
                out.append(tuple(same))
    for s in SUITS:
        ranks = by_suit.get(s)
        if not ranks or len(ranks) < 3:
            continue
        for lo in sorted(ranks):
            hi = lo
            while hi + 1 in ranks:
                hi += 1
                if hi - lo >= 2:
                    out.append(tuple(CARD_AT[(r, s)] for r in range(lo, hi + 1)))
    return out


def layoff_cards(meld: Sequence[str]) -> list[str]:
    """The cards that may be added to a meld on the table: the fourth of a set, or the
    card just below or just above a run."""
    first, last = meld[0], meld[-1]
    if RANK[first] == RANK[last]:
        if len(meld) >= 4:
            return []
        present = {SUIT[c] for c in meld}
        return [CARD_AT[(RANK[first], s)] for s in SUITS if s not in present]
    out = []
    s = SUIT[first]
    if RANK[first] > 1:
        out.append(CARD_AT[(RANK[first] - 1, s)])
    if RANK[last] < 13:
        out.append(CARD_AT[(RANK[last] + 1, s)])
    return out


def extended(meld: Sequence[str], card: str) -> Meld:
    """The meld with `card` laid off on it, in canonical order."""
    return canonical((*meld, card))


def near_cards(hand: Sequence[str]) -> set[str]:
    """Cards that sit in a meld or a near-meld of the hand: a pair of one rank, or two
    cards of one suit at most two ranks apart (one card short of a meld)."""
    near: set[str] = set()
    for a, b in combinations(hand, 2):
        ra, rb = RANK[a], RANK[b]
        if ra == rb or (SUIT[a] == SUIT[b] and abs(ra - rb) <= 2):
            near.add(a)
            near.add(b)
    return near


def _chain(card: str, table: Sequence[Sequence[str]], hand: set[str]) -> list[tuple[int, list[str]]]:
    """Ways to lay `card` off: (meld index, cards laid off in order, `card` last).

    A card beyond a run's end can go on once the cards between are laid off first, so
    the chain holds those (all from `hand`) nearest the run first.
    """
    out: list[tuple[int, list[str]]] = []
    r, s = RANK[card], SUIT[card]
    for i, meld in enumerate(table):
        first, last = meld[0], meld[-1]
        if RANK[first] == RANK[last]:
            if len(meld) < 4 and r == RANK[first] and card not in meld:
                out.append((i, [card]))
            continue
        if SUIT[first] != s:
            continue
        lo, hi = RANK[first], RANK[last]
        if r < lo:
            gap = [CARD_AT[(x, s)] for x in range(lo - 1, r, -1)]
        elif r > hi:
            gap = [CARD_AT[(x, s)] for x in range(hi + 1, r)]
        else:
            continue
        if all(g in hand for g in gap):
            out.append((i, [*gap, card]))
    return out


def coverable(hand: Sequence[str], table: Sequence[Sequence[str]]) -> set[str]:
    """Cards of `hand` that could leave it by a meld from the hand or a lay-off (chains included)."""
    cover: set[str] = set()
    for m in melds_in(hand):
        cover.update(m)
    held = set(hand)
    for c in hand:
        if c not in cover and _chain(c, table, held):
            cover.add(c)
    return cover


def rummy_plan(
    hand: Sequence[str], table: Sequence[Sequence[str]], taken: str | None, discard: bool = True
) -> list[Step] | None:
    """How to lay the whole hand down at once, or None if it cannot be done.

    Every card goes into a new meld, onto a meld on the table (`table`, lay-off chains
    allowed), or is the single final discard (not `taken`, and only if `discard`).
    Lay-offs onto melds made in the same go are never needed: they would only make a
    longer meld. The steps apply in order; lay-off indices refer to `table`.
    """
    cover = coverable(hand, table)
    loose = [c for c in hand if c not in cover]
    if len(loose) > (1 if discard else 0) or (loose and loose[0] == taken):
        return None
    memo: set[tuple] = set()
    ends = [tuple(m) for m in table]
    return _solve(frozenset(hand), ends, taken, discard, memo)


def _solve(
    hand: frozenset[str], table: list[Meld], taken: str | None, discard: bool, memo: set[tuple]
) -> list[Step] | None:
    if not hand:
        return []
    key = (hand, tuple(table), discard)
    if key in memo:
        return None
    card = min(hand, key=lambda c: (SUIT_ORDER[SUIT[c]], RANK[c]))
    held = set(hand)
    # A meld holding this card.
    for meld in melds_in(held):
        if card in meld:
            rest = _solve(hand.difference(meld), table, taken, discard, memo)
            if rest is not None:
                return [("meld", meld), *rest]
    # A lay-off (chain) ending with this card.
    for i, chain in _chain(card, table, held):
        grown = list(table)
        for c in chain:
            grown[i] = extended(grown[i], c)
        rest = _solve(hand.difference(chain), grown, taken, discard, memo)
        if rest is not None:
            return [*(("layoff", (c,), i) for c in chain), *rest]
    # The final discard.
    if discard and card != taken:
        rest = _solve(hand - {card}, table, taken, False, memo)
        if rest is not None:
            return [*rest, ("discard", (card,))]
    memo.add(key)
    return None
