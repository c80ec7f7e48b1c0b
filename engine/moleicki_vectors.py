"""Moleicki's card orders: the eight vectors, aargh cards, matching and straights.

Pure functions over card codes (engine.cards notation). A *vector* decides which
ordinary card beats which; it is named by a short token:

    up  down  middle  antimiddle  into  out  north  south

Ordinary ranks are 3..9, J, Q, K, A. The aargh cards (2, 10, joker `JK`, twenty-five
`25`) sit outside every order. In the loops (north, south) the 8 is the junction and
is outside the order too.

`strength(card, vector)` is a number, higher beats lower; cards of equal strength
are "equivalent". `group(card, vector)` says which cards count as the same rank for
matching and tying: in middle and antimiddle the equivalent pairs (7&9, 6&J, ...) are
one rank, everywhere else only the face value counts.
"""

from __future__ import annotations

from engine.cards import JOKER, QUARTER, RANKS, SUITS, rank

VECTORS: tuple[str, ...] = ("up", "down", "middle", "antimiddle", "into", "out", "north", "south")
VECTOR_TITLES: dict[str, str] = {
    "up": "Up",
    "down": "Down",
    "middle": "Middle",
    "antimiddle": "Anti-middle",
    "into": "Into the page",
    "out": "Out of the page",
    "north": "North loop",
    "south": "South loop",
}
_VECTOR_ALIASES: dict[str, str] = {
    "anti": "antimiddle",
    "anti-middle": "antimiddle",
    "antimiddle": "antimiddle",
    "into-the-page": "into",
    "intothepage": "into",
    "in": "into",
    "out-of-the-page": "out",
    "outofthepage": "out",
    "north-loop": "north",
    "northloop": "north",
    "south-loop": "south",
    "southloop": "south",
}

AARGH_RANKS = frozenset({"2", "10", JOKER, QUARTER})
ORDINARY_RANKS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "A")
LOOPS = frozenset({"north", "south"})
EIGHT_RULE = frozenset({"up", "down"})  # the eight rule and straights live here only
MERGED_PAIRS = frozenset({"middle", "antimiddle"})  # equivalent ranks match and tie

# Each vector from high to low; a tuple groups equivalent ranks. The south loop is the
# north loop reversed (the source leaves its J out, surely by accident: see the docs).
_HIGH_TO_LOW: dict[str, tuple[tuple[str, ...], ...]] = {
    "up": (("A",), ("K",), ("Q",), ("J",), ("9",), ("8",), ("7",), ("6",), ("5",), ("4",), ("3",)),
    "down": (("3",), ("4",), ("5",), ("6",), ("7",), ("8",), ("9",), ("J",), ("Q",), ("K",), ("A",)),
    "middle": (("8",), ("7", "9"), ("6", "J"), ("5", "Q"), ("4", "K"), ("3", "A")),
    "antimiddle": (("3", "A"), ("4", "K"), ("5", "Q"), ("6", "J"), ("7", "9"), ("8",)),
    "into": (("6", "J"), ("7", "9"), ("8",), ("3", "A"), ("K", "4"), ("Q", "5")),
    "out": (("Q", "5"), ("K", "4"), ("3", "A"), ("8",), ("7", "9"), ("6", "J")),
    "north": (("9",), ("J",), ("Q",), ("K",), ("A",), ("3",), ("4",), ("5",), ("6",), ("7",)),
    "south": (("7",), ("6",), ("5",), ("4",), ("3",), ("A",), ("K",), ("Q",), ("J",), ("9",)),
}

# STRENGTH[vector][rank] -> 0 for the lowest step upwards; ranks missing are not in order.
STRENGTH: dict[str, dict[str, int]] = {
    v: {r: len(steps) - 1 - i for i, step in enumerate(steps) for r in step} for v, steps in _HIGH_TO_LOW.items()
}
# Low-to-high rank sequences where straights are allowed (10 is simply absent).
SEQUENCE: dict[str, tuple[str, ...]] = {v: tuple(step[0] for step in reversed(_HIGH_TO_LOW[v])) for v in EIGHT_RULE}
# Straights found by a bit per face: SEQUENCE_BIT[vector][face] is the face's bit in the
# sequence (0 for faces outside it), and STRAIGHT_ENDS[mask] the indices in the sequence
# where four faces in a row end, for the faces a hand has (up and down have 11 faces each).
SEQUENCE_BIT: dict[str, dict[str, int]] = {
    v: {**dict.fromkeys((*RANKS, JOKER, QUARTER), 0), **{f: 1 << i for i, f in enumerate(seq)}}
    for v, seq in SEQUENCE.items()
}
STRAIGHT_ENDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(3, 11) if mask >> (i - 3) & 0b1111 == 0b1111) for mask in range(1 << 11)
)
_FACE_ORDER = {r: i for i, r in enumerate(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))}
_SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}


# The same facts per card code, looked up instead of computed: search and random play
# ask them millions of times. Codes outside the pack fall back to the functions below.
CARDS: tuple[str, ...] = (*(r + s for s in SUITS for r in RANKS), JOKER, QUARTER)
RANK_OF: dict[str, str] = {c: rank(c) for c in CARDS}
CARD_SET = frozenset(CARDS)
AARGH_CARDS = frozenset(c for c in CARDS if RANK_OF[c] in AARGH_RANKS)
# Strength per card in each vector (None: aargh card, or the junction in the loops).
CARD_STRENGTH: dict[str, dict[str, int | None]] = {v: {c: STRENGTH[v].get(RANK_OF[c]) for c in CARDS} for v in VECTORS}


def parse_vector(text: str) -> str | None:
    """The vector token for forgiving text ("Anti-middle", "north loop"), or None."""
    t = text.strip().lower().replace(" ", "-")
    if t in VECTORS:
        return t
    t = _VECTOR_ALIASES.get(t, t)
    if t in VECTORS:
        return t
    t = t.replace("-loop", "").replace("-the-page", "").replace("-of", "")
    return t if t in VECTORS else None


def is_aargh(card: str) -> bool:
    return card in AARGH_CARDS or (card not in RANK_OF and rank(card) in AARGH_RANKS)


def is_junction(card: str, vector: str) -> bool:
    """An 8 in the north or south loop."""
    return vector in LOOPS and rank(card) == "8"


def strength(card: str, vector: str) -> int:
    """How high an ordinary card stands in `vector` (higher beats lower)."""
    return STRENGTH[vector][rank(card)]


def group(card: str, vector: str) -> str:
    """The matching key: equal keys may be played together and tie each other."""
    key = GROUP[vector].get(card)
    if key is not None:
        return key
    return _group(card, vector)


def _group(card: str, vector: str) -> str:
    r = rank(card)
    if vector in MERGED_PAIRS and r in STRENGTH[vector]:
        return f"s{STRENGTH[vector][r]}"
    return r


def beats(card: str, top: str, vector: str) -> bool:
    """Whether ordinary `card` is strictly higher than ordinary `top` in `vector`."""
    table = CARD_STRENGTH[vector]
    if card in table and top in table:
        a, b = table[card], table[top]
        return a is not None and b is not None and a > b
    table = STRENGTH[vector]
    a, b = table.get(rank(card)), table.get(rank(top))
    return a is not None and b is not None and a > b


def ties(card: str, top: str, vector: str) -> bool:
    return group(card, vector) == group(top, vector)


def sort_key(card: str, vector: str) -> tuple[int, int, int]:
    """Canonical order for a set of cards: low to high in the vector, aargh last."""
    key = SORT_KEY[vector].get(card)
    if key is not None:
        return key
    return _sort_key(card, vector)


def _sort_key(card: str, vector: str) -> tuple[int, int, int]:
    r = rank(card)
    s = STRENGTH[vector].get(r)
    if s is None:
        s = 50 if r == "8" else 100 + _FACE_ORDER.get(r, 20)
    suit = _SUIT_ORDER.get(card[-1], 9) if card not in (JOKER, QUARTER) else 9
    return (s, _FACE_ORDER.get(r, 20), suit)


def sort_for(cards: list[str], vector: str) -> list[str]:
    try:
        return sorted(cards, key=SORT_KEY[vector].__getitem__)
    except KeyError:
        return sorted(cards, key=lambda c: sort_key(c, vector))


def straight_order(cards: list[str], vector: str) -> list[str] | None:
    """The cards low to high if they form a straight in `vector`, else None.

    A straight is exactly four ordinary cards of four consecutive ranks in the up or
    down sequence (10 is not in the sequence, so 9 and J are neighbours).
    """
    if vector not in SEQUENCE or len(cards) != 4:
        return None
    seq = SEQUENCE[vector]
    index = {r: i for i, r in enumerate(seq)}
    try:
        ordered = sorted(cards, key=lambda c: index[rank(c)])
    except KeyError:
        return None
    first = index[rank(ordered[0])]
    if [index[rank(c)] for c in ordered] != list(range(first, first + 4)):
        return None
    return ordered


def is_match(cards: list[str], vector: str) -> bool:
    """One or more ordinary cards that may be played together (same matching key)."""
    if not cards:
        return False
    keys = GROUP[vector]
    if CARD_SET.issuperset(cards):
        # An aargh card's key is its own rank, which no ordinary card shares.
        if cards[0] in AARGH_CARDS:
            return False
        return len(set(map(keys.__getitem__, cards))) == 1
    if any(is_aargh(c) for c in cards):
        return False
    key = group(cards[0], vector)
    return all((keys.get(c) or _group(c, vector)) == key for c in cards)


def straights_in(cards: list[str], vector: str) -> list[list[str]]:
    """One straight (low to high) for every run of four ranks present in `cards`."""
    if vector not in SEQUENCE:
        return []
    by_rank: dict[str, str] = {}
    for c in sort_for(cards, vector):
        by_rank.setdefault(rank(c), c)
    seq = SEQUENCE[vector]
    found = []
    for i in range(len(seq) - 3):
        window = seq[i : i + 4]
        if all(r in by_rank for r in window):
            found.append([by_rank[r] for r in window])
    return found


GROUP: dict[str, dict[str, str]] = {v: {c: _group(c, v) for c in CARDS} for v in VECTORS}
_VERDICTS: dict[tuple[str, str | None, bool], dict[str, str | None]] = {}
_ONE_PER_FACE = tuple({RANK_OF[c]: c for c in CARDS}.values())


def verdicts(vector: str, top: str | None, window: bool) -> dict[str, str | None]:
    """Per card code, what a play led by that card makes of `top` (None: a blank pile) in
    `vector`: "aargh", "junction", "tie" (the same matching key), "beat" (stronger), or None
    (no play). In a window, adding to one's own play, only a tie counts. Made once each."""
    table = _VERDICTS.get((vector, top, window))
    if table is None:
        # Every card of a face meets the top alike: judge one card per face.
        by_face = {RANK_OF[c]: _verdict(c, top, vector, window) for c in _ONE_PER_FACE}
        table = _VERDICTS[(vector, top, window)] = {c: by_face[RANK_OF[c]] for c in CARDS}
    return table


def _verdict(card: str, top: str | None, vector: str, window: bool) -> str | None:
    face = RANK_OF[card]
    if face in AARGH_RANKS or (face == "8" and vector in LOOPS):
        return None if window else ("aargh" if face in AARGH_RANKS else "junction")
    if top is None:
        return None if window else "beat"
    if GROUP[vector][card] == GROUP[vector][top]:
        return "tie"
    return None if window or not beats(card, top, vector) else "beat"


SORT_KEY: dict[str, dict[str, tuple[int, int, int]]] = {v: {c: _sort_key(c, v) for c in CARDS} for v in VECTORS}
# RANKS_ABOVE[vector][top] -> the ordinary ranks that beat `top` in `vector`.
RANKS_ABOVE: dict[str, dict[str, frozenset[str]]] = {
    v: {t: frozenset(r for r in ORDINARY_RANKS if beats(r + "S", t, v)) for t in CARDS} for v in VECTORS
}
# BEATEN_BY[vector][top] -> every ordinary card code that beats `top` in `vector`.
BEATEN_BY: dict[str, dict[str, frozenset[str]]] = {
    v: {t: frozenset(c for c in CARDS if c not in AARGH_CARDS and beats(c, t, v)) for t in CARDS} for v in VECTORS
}
