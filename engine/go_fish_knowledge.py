"""Go Fish and Authors: cards as bits, and what the table knows about each hand.

A card is an int 0..51, `rank * 4 + suit` (ranks A..K, suits S H D C), so a hand is a
52-bit mask: a rank's four cards are one nibble, a hand-over is a mask operation and a
copy is free. The table's knowledge of each seat, kept in the state and updated by
every ask, hand-over, shown draw and book, is three facts per seat:

- `exact`: cards the table knows are in the hand (Authors hand-overs, shown draws);
- `floor`: per rank, how many cards of it the hand holds at least (a rank asked for,
  cards received, shown draws), a lower bound that only the hand's own moves lower;
- `void`: cards the hand is known not to hold (a "go fish" answer, a card asked for),
  forgotten when the seat draws a card nobody saw.

`sample_hands` deals the unseen cards into hands that honour all three; the state's
determinize uses it, so a search never sees more than the seat it plays for.
"""

from __future__ import annotations

import random

from engine.cards import RANKS, SUITS

RANK_COUNT = 13
ALL_CARDS = (1 << 52) - 1
CODES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
CODE_INDEX = {code: i for i, code in enumerate(CODES)}
RANK_MASKS: tuple[int, ...] = tuple(0xF << (4 * r) for r in range(RANK_COUNT))


def bit(card: int) -> int:
    return 1 << card


def cards_of(mask: int) -> list[int]:
    """The cards in `mask`, lowest first (rank order, then suit)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def codes_of(mask: int) -> list[str]:
    return [CODES[c] for c in cards_of(mask)]


def mask_of(codes: list[str]) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << CODE_INDEX[code]
    return mask


def rank_count(hand: int, rank: int) -> int:
    return ((hand >> (4 * rank)) & 0xF).bit_count()


def ranks_held(hand: int) -> list[int]:
    return [r for r in range(RANK_COUNT) if hand & RANK_MASKS[r]]


class Knowledge:
    """What the whole table knows about every hand (see the module docstring)."""

    __slots__ = ("exact", "floor", "void")

    def __init__(self, players: int) -> None:
        self.exact = [0] * players
        self.void = [0] * players
        self.floor = [[0] * RANK_COUNT for _ in range(players)]

    def copy(self) -> Knowledge:
        k = Knowledge.__new__(Knowledge)
        k.exact = self.exact[:]
        k.void = self.void[:]
        k.floor = [f[:] for f in self.floor]
        return k

    def dump(self) -> dict[str, list]:
        return {
            "exact": [codes_of(m) for m in self.exact],
            "void": [codes_of(m) for m in self.void],
            "floor": self.floor,
        }

    @classmethod
    def load(cls, data: dict[str, list]) -> Knowledge:
        k = cls.__new__(cls)
        k.exact = [mask_of(c) for c in data["exact"]]
        k.void = [mask_of(c) for c in data["void"]]
        k.floor = [list(f) for f in data["floor"]]
        return k

    # -- updates, one per public event ------------------------------------------
    def asked(self, seat: int, rank: int, card: int | None) -> None:
        """The asker holds the rank; in Authors it also lacks the card it named."""
        if self.floor[seat][rank] < 1:
            self.floor[seat][rank] = 1
        if card is not None:
            self.void[seat] |= bit(card)

    def denied(self, seat: int, wanted: int) -> None:
        """The seat said "go fish": it holds none of the `wanted` cards."""
        self.void[seat] |= wanted

    def handed(self, giver: int, taker: int, rank: int, given: int, public: int) -> None:
        """`given` (a mask of one rank) moved; `public` is the part whose identity all saw."""
        n = given.bit_count()
        self.floor[taker][rank] += n  # on top of the one it showed by asking
        self.exact[taker] |= (self.exact[giver] & given) | public
        self.void[taker] &= ~given
        self.exact[giver] &= ~given
        self._lower(giver, rank, n)
        self.void[giver] |= given

    def drew(self, seat: int, card: int | None) -> None:
        """A draw: a shown card becomes exact; an unseen one voids what we knew it lacked."""
        if card is None:
            self.void[seat] = 0
            return
        self.exact[seat] |= bit(card)
        self.floor[seat][card >> 2] += 1
        self.void[seat] &= ~bit(card)

    def laid(self, seat: int, rank: int, cards: int) -> None:
        self.exact[seat] &= ~cards
        self._lower(seat, rank, cards.bit_count())

    def _lower(self, seat: int, rank: int, gone: int) -> None:
        """`gone` cards of the rank left the hand; the exact cards still in it still count."""
        self.floor[seat][rank] = max(self.floor[seat][rank] - gone, rank_count(self.exact[seat], rank))

    # -- reading ----------------------------------------------------------------
    def known_ranks(self, seat: int) -> list[int]:
        return [r for r, n in enumerate(self.floor[seat]) if n]

    def consistent(self, seat: int, hand: int) -> bool:
        """Whether `hand` agrees with everything known about `seat` (a test and debug aid)."""
        if self.exact[seat] & ~hand or self.void[seat] & hand:
            return False
        return all(rank_count(hand, r) >= n for r, n in enumerate(self.floor[seat]))


def sample_hands(
    know: Knowledge, pool: int, sizes: dict[int, int], rng: random.Random
) -> tuple[dict[int, int], list[int]] | None:
    """Deal the `pool` cards: each seat in `sizes` gets its exact cards plus hidden ones.

    `sizes[seat]` is the seat's hand size. Returns (hands, stock) with the stock the
    pool cards left over in random order, or None if no deal fits (a bug upstream).
    A random greedy deal almost always fits; the tight late-game cases fall back to a
    matching that finds a fit whenever one exists.
    """
    cards = cards_of(pool)
    rng.shuffle(cards)
    slots: list[tuple[int, int]] = []  # (seat, allowed mask), the most demanding first
    for seat, size in sizes.items():
        exact = know.exact[seat]
        allowed = pool & ~know.void[seat]
        for r, n in enumerate(know.floor[seat]):
            need = n - rank_count(exact, r)
            slots.extend([(seat, allowed & RANK_MASKS[r])] * max(need, 0))
        free = size - exact.bit_count() - sum(max(n - rank_count(exact, r), 0) for r, n in enumerate(know.floor[seat]))
        slots.extend([(seat, allowed)] * free)
    chosen = _greedy(slots, cards) or _matching(slots, cards, rng)
    if chosen is None:
        return None
    hands = {seat: know.exact[seat] for seat in sizes}
    used = 0
    for (seat, _), card in zip(slots, chosen, strict=True):
        hands[seat] |= bit(card)
        used |= bit(card)
    return hands, [c for c in cards if not used & bit(c)]


def _greedy(slots: list[tuple[int, int]], cards: list[int]) -> list[int] | None:
    taken = 0
    out = []
    for _, allowed in slots:
        for c in cards:
            b = 1 << c
            if allowed & b and not taken & b:
                taken |= b
                out.append(c)
                break
        else:
            return None
    return out


def _matching(slots: list[tuple[int, int]], cards: list[int], rng: random.Random) -> list[int] | None:
    """Kuhn's augmenting paths: a card for every slot, if the slots can all be filled."""
    owner: dict[int, int] = {}  # card -> slot

    def place(slot: int, seen: set[int]) -> bool:
        allowed = slots[slot][1]
        for c in cards:
            if allowed & (1 << c) and c not in seen:
                seen.add(c)
                if c not in owner or place(owner[c], seen):
                    owner[c] = slot
                    return True
        return False

    order = list(range(len(slots)))
    rng.shuffle(order)
    for slot in order:
        if not place(slot, set()):
            return None
    chosen = [0] * len(slots)
    for c, slot in owner.items():
        chosen[slot] = c
    return chosen
