"""Go Fish and Authors: cards as bits, and what the table knows about each hand.

A card is an int 0..51, `rank * 4 + suit` (ranks A..K, suits S H D C), so a hand is a
52-bit mask: a rank's four cards are one nibble, a hand-over is a mask operation and a
copy is free. The table's knowledge of each seat, kept in the state and updated by
every ask, hand-over, shown draw and book, is three facts per seat:

- `exact`: cards the table knows are in the hand (Authors hand-overs, shown draws);
- `floor`: per rank, how many cards of it the hand holds at least (a rank asked for,
  cards received, shown draws), a lower bound that only the hand's own moves lower;
- `void`: cards the hand is known not to hold (a "go fish" answer, a card asked for,
  a rank handed over whole), forgotten when the seat draws a card nobody saw;
- `lapsed`: what those voids still say after such draws: a list of (cards, draws),
  the hand holds at most `draws` of `cards`, since it has drawn only that many unseen
  cards since it was known to hold none of them (a good player's "they said go fish
  to sevens last round and have drawn once since: one seven at most");
- `tells`: the same kind of list, of what a seat's asks suggest rather than prove: a
  player with a good memory takes a hit it knows of first, so a seat asking for anything
  else likely holds none of the ranks the table knows in other hands. Dropped for good
  (`trusting`) once the seat shows it ignores known hits; only sampling weighs them.

Beside what the whole table knows, `seen[o][s]` holds what seat `o` alone knows is in
hand `s`: a Go Fish giver saw which suits it handed over (the table saw only the rank
and count), and follows them as they move on whole, until they go into a book.

`sample_hands` deals the unseen cards into hands that honour all of it; the state's
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
LAPSE_LIMIT = 6  # unseen draws after which a lapsed void says too little to keep


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

    __slots__ = ("asking", "exact", "floor", "lapsed", "seen", "tells", "trusting", "void")

    def __init__(self, players: int) -> None:
        self.exact = [0] * players
        self.void = [0] * players
        self.floor = [[0] * RANK_COUNT for _ in range(players)]
        self.lapsed: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        self.tells: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        self.trusting = [True] * players
        self.seen = [[0] * players for _ in range(players)]  # seen[o][s]: o's own knowledge of s
        self.asking: tuple[int, int, int | None] | None = None  # the ask being answered

    def copy(self) -> Knowledge:
        k = Knowledge.__new__(Knowledge)
        k.exact = self.exact[:]
        k.void = self.void[:]
        k.floor = [f[:] for f in self.floor]
        k.lapsed = [lapsed[:] for lapsed in self.lapsed]  # of tuples, never mutated
        k.tells = [tells[:] for tells in self.tells]
        k.trusting = self.trusting[:]
        k.seen = [row[:] for row in self.seen]
        k.asking = None
        return k

    def dump(self) -> dict[str, list]:
        return {
            "exact": [codes_of(m) for m in self.exact],
            "void": [codes_of(m) for m in self.void],
            "floor": self.floor,
            "lapsed": [[[codes_of(m), n] for m, n in lapsed] for lapsed in self.lapsed],
            "tells": [[[codes_of(m), n] for m, n in tells] for tells in self.tells],
            "trusting": self.trusting,
            "seen": [[codes_of(m) for m in row] for row in self.seen],
        }

    @classmethod
    def load(cls, data: dict[str, list]) -> Knowledge:
        k = cls.__new__(cls)
        k.exact = [mask_of(c) for c in data["exact"]]
        k.void = [mask_of(c) for c in data["void"]]
        k.floor = [list(f) for f in data["floor"]]
        # Games saved before lapsed voids were kept simply remember less.
        none = [[] for _ in k.exact]
        k.lapsed = [[(mask_of(c), n) for c, n in lapsed] for lapsed in data.get("lapsed", none)]
        k.tells = [[(mask_of(c), n) for c, n in tells] for tells in data.get("tells", none)]
        k.trusting = list(data.get("trusting", [True] * len(k.exact)))
        k.seen = [[mask_of(c) for c in row] for row in data.get("seen", [[[]] * len(k.exact)] * len(k.exact))]
        k.asking = None
        return k

    # -- updates, one per public event ------------------------------------------
    def asked(self, seat: int, rank: int, card: int | None) -> None:
        """The asker holds the rank; in Authors it also lacks the card it named."""
        self.asking = (seat, rank, card)  # what it tells is read once the answer names the target
        if self.floor[seat][rank] < 1:
            self.floor[seat][rank] = 1
        if card is not None:
            self.void[seat] |= bit(card)

    def _answered(self, target: int) -> None:
        if self.asking is not None:
            seat, rank, card = self.asking
            self.asking = None
            if self.trusting[seat]:
                self._tell(seat, target, rank, card)

    def _tell(self, seat: int, target: int, rank: int, card: int | None) -> None:
        """What an ask suggests of a player who takes the hits it knows of first."""
        rank_mask = RANK_MASKS[rank]
        if any(m & rank_mask for m, n in self.tells[seat] if not n):  # it held what we thought it lacked
            self.trusting[seat] = False
            self.tells[seat] = []
            return
        if (card is None and self.floor[target][rank]) or (card is not None and self.exact[target] & bit(card)):
            return  # a known hit itself: it says nothing of the others
        others = 0
        for o, floor in enumerate(self.floor):
            if o != seat:
                if card is None:
                    others |= sum(RANK_MASKS[r] for r, n in enumerate(floor) if n)
                else:
                    others |= self.exact[o]
        lacking = 0
        for r in range(RANK_COUNT):
            if others & RANK_MASKS[r] and r != rank:
                lacking |= RANK_MASKS[r]
        if lacking:
            tells = self.tells[seat]
            if tells and tells[-1][1] == 0:
                tells[-1] = (tells[-1][0] | lacking, 0)
            else:
                tells.append((lacking, 0))

    def denied(self, seat: int, wanted: int) -> None:
        """The seat said "go fish": it holds none of the `wanted` cards."""
        self._answered(seat)
        self._void(seat, wanted)

    def handed(self, giver: int, taker: int, rank: int, given: int, public: int) -> None:
        """`given` (a mask of one rank) moved; `public` is the part whose identity all saw.

        A hand-over nobody saw card by card is a Go Fish one, of every card of the rank
        the giver held, so the giver then holds none of the rank.
        """
        self._answered(giver)
        for row in self.seen:  # whatever a seat knew of the giver's cards of the rank moves with them
            moved = row[giver] & given
            if moved:
                row[giver] ^= moved
                row[taker] |= moved
        self.seen[giver][taker] |= given  # the giver saw its own cards go
        n = given.bit_count()
        self.floor[taker][rank] += n  # on top of the one it showed by asking
        self.exact[taker] |= (self.exact[giver] & given) | public
        self.void[taker] &= ~given
        # The taker's lapsed voids may have let it hold these cards; counting them
        # against the draws would need to know which: forget the rank there instead.
        self._unlapse(taker, RANK_MASKS[rank])
        self.exact[giver] &= ~given
        self._lower(giver, rank, n)
        self._void(giver, given if public else RANK_MASKS[rank])

    def drew(self, seat: int, card: int | None, not_drawn: int = 0) -> None:
        """A draw: a shown card becomes exact; an unseen one lapses what we knew it lacked.

        `not_drawn` is what an unseen draw is known not to be (an Authors go-fish draw of
        anything but the card asked for, which would have been shown): the seat still
        lacks it.
        """
        if card is None:
            self.void[seat] = 0
            self.lapsed[seat] = [(m, n + 1) for m, n in self.lapsed[seat] if n < LAPSE_LIMIT]
            self.tells[seat] = [(m, n + 1) for m, n in self.tells[seat] if n < LAPSE_LIMIT]
            if not_drawn:
                self._void(seat, not_drawn)
            return
        self.exact[seat] |= bit(card)
        self.floor[seat][card >> 2] += 1
        self.void[seat] &= ~bit(card)
        self._unlapse(seat, bit(card))

    def laid(self, seat: int, rank: int, cards: int) -> None:
        self.exact[seat] &= ~cards
        for row in self.seen:
            row[seat] &= ~cards
        self._lower(seat, rank, cards.bit_count())

    def _void(self, seat: int, cards: int) -> None:
        self.void[seat] |= cards
        lapsed = self.lapsed[seat]
        if lapsed and lapsed[-1][1] == 0:  # the newest entry is still a strict void: widen it
            lapsed[-1] = (lapsed[-1][0] | cards, 0)
        else:
            lapsed.append((cards, 0))

    def _unlapse(self, seat: int, cards: int) -> None:
        """Drop `cards` from the seat's lapsed voids (a weaker, still true, statement)."""
        if any(m & cards for m, _ in self.lapsed[seat]):
            self.lapsed[seat] = [(m & ~cards, n) for m, n in self.lapsed[seat] if m & ~cards]
        if any(m & cards for m, _ in self.tells[seat]):
            self.tells[seat] = [(m & ~cards, n) for m, n in self.tells[seat] if m & ~cards]

    def _lower(self, seat: int, rank: int, gone: int) -> None:
        """`gone` cards of the rank left the hand; the exact cards still in it still count."""
        self.floor[seat][rank] = max(self.floor[seat][rank] - gone, rank_count(self.exact[seat], rank))

    # -- reading ----------------------------------------------------------------
    def for_seat(self, seat: int) -> Knowledge:
        """What `seat` knows: the table's knowledge plus the cards it saw go into other hands."""
        if not any(self.seen[seat]):
            return self
        k = self.copy()
        for other, cards in enumerate(self.seen[seat]):
            if other != seat:
                k.exact[other] |= cards
        return k

    def known_ranks(self, seat: int) -> list[int]:
        return [r for r, n in enumerate(self.floor[seat]) if n]

    def consistent(self, seat: int, hand: int) -> bool:
        """Whether `hand` agrees with everything known about `seat` (a test and debug aid)."""
        if self.exact[seat] & ~hand or self.void[seat] & hand:
            return False
        if any((hand & m).bit_count() > n for m, n in self.lapsed[seat]):
            return False
        return all(rank_count(hand, r) >= n for r, n in enumerate(self.floor[seat]))


def sample_hands(
    know: Knowledge, pool: int, sizes: dict[int, int], below: int, rng: random.Random
) -> tuple[dict[int, int], list[int]] | None:
    """Deal the `pool` cards: each seat in `sizes` gets its exact cards plus hidden ones.

    `sizes[seat]` is the seat's hand size; no hand may reach `below` cards of a rank (a
    book would have been laid). Returns (hands, stock), the stock being the pool cards
    left over in random order, or None if no deal fits (a bug upstream). A random greedy
    deal almost always fits; tight late-game positions fall back to a max-flow that finds
    a fit whenever one exists (of the hard facts: it sets the lapsed voids aside).
    """
    cards = cards_of(pool)
    rng.shuffle(cards)
    plans = [_plan(know, seat, size, pool, below) for seat, size in sizes.items()]
    stock = len(cards) - sum(plan.free + sum(plan.need) for plan in plans)
    hidden = None
    for attempt in range(7):
        if attempt == 3:  # the tells may be wrong: weigh only what is known
            plans = [_plan(know, plan.seat, sizes[plan.seat], pool, below, tells=False) for plan in plans]
        rng.shuffle(plans)
        hidden = _greedy(plans, cards, stock, rng)
        if hidden is not None:
            break
        rng.shuffle(cards)
    if hidden is None:
        hidden = _flow(plans, cards)
        if hidden is None:
            return None
    hands = {}
    used = 0
    for plan, mask in zip(plans, hidden, strict=True):
        hands[plan.seat] = know.exact[plan.seat] | mask
        used |= mask
    return hands, [c for c in cards if not used & bit(c)]


class _Plan:
    """What one seat's hidden cards must be: `need[r]` of rank r, `free` more, within `room[r]`,
    and at most `left` of each (`cards`, `left`) in `caps` (its lapsed voids)."""

    __slots__ = ("allowed", "caps", "free", "need", "room", "seat")

    def __init__(
        self, seat: int, allowed: int, need: list[int], free: int, room: list[int], caps: list[tuple[int, int]]
    ) -> None:
        self.seat, self.allowed, self.need, self.free, self.room = seat, allowed, need, free, room
        self.caps = caps


def _plan(know: Knowledge, seat: int, size: int, pool: int, below: int, tells: bool = True) -> _Plan:
    exact = know.exact[seat]
    held = [rank_count(exact, r) for r in range(RANK_COUNT)]
    need = [max(n - h, 0) for n, h in zip(know.floor[seat], held, strict=True)]
    free = size - exact.bit_count() - sum(need)
    caps = [(m & pool, n) for m, n in know.lapsed[seat] if n and (m & pool).bit_count() > n]
    if tells:
        caps += [(m & pool, n) for m, n in know.tells[seat] if (m & pool).bit_count() > n]
    return _Plan(seat, pool & ~know.void[seat], need, free, [below - 1 - h for h in held], caps)


def _fits(caps: list[list[int]], b: int) -> bool:
    return all(left > 0 for m, left in caps if m & b)


def _take(caps: list[list[int]], b: int) -> None:
    for cap in caps:
        if cap[0] & b:
            cap[1] -= 1


def _greedy(plans: list[_Plan], cards: list[int], stock: int, rng: random.Random) -> list[int] | None:
    """A random deal: needed ranks first, then each card, hardest to place first, to a seat
    (or the stock) that may take it, chosen in proportion to the room it has left."""
    taken = 0
    masks = [0] * len(plans)
    rooms = [plan.room[:] for plan in plans]
    caps = [[[m, n] for m, n in plan.caps] for plan in plans]
    for i, plan in enumerate(plans):
        room = rooms[i]
        for r, n in enumerate(plan.need):
            for c in cards:
                if not n:
                    break
                b = 1 << c
                if c >> 2 == r and plan.allowed & b and not taken & b and _fits(caps[i], b):
                    masks[i] |= b
                    taken |= b
                    room[r] -= 1
                    _take(caps[i], b)
                    n -= 1
            if n:
                return None
    free = [plan.free for plan in plans]
    rest = [c for c in cards if not taken & (1 << c)]
    eligible = {c: [i for i, plan in enumerate(plans) if plan.allowed & (1 << c)] for c in rest}
    rest.sort(key=lambda c: len(eligible[c]))  # stable: the shuffle breaks ties
    for c in rest:
        r = c >> 2
        b = 1 << c
        weights = [free[i] if rooms[i][r] > 0 and _fits(caps[i], b) else 0 for i in eligible[c]]
        total = sum(weights) + stock
        if not total:
            return None
        pick = rng.random() * total
        if pick < stock:
            stock -= 1
            continue
        pick -= stock
        i = next(i for i, w in zip(eligible[c], weights, strict=True) if w and (pick := pick - w) < 0)
        masks[i] |= b
        free[i] -= 1
        rooms[i][r] -= 1
        _take(caps[i], b)
    return masks if not any(free) else None


def _flow(plans: list[_Plan], cards: list[int]) -> list[int] | None:
    """An exact deal by max-flow: source -> (seat needs, seat free) -> (seat, rank) -> card -> sink.

    It honours everything but the lapsed voids, which only the greedy deal weighs: a
    fallback for tight positions, where those say little anyway."""
    cap: dict[tuple, dict[tuple, int]] = {}

    def edge(a: tuple, b: tuple, c: int) -> None:
        if c > 0:
            cap.setdefault(a, {})[b] = cap.get(a, {}).get(b, 0) + c
            cap.setdefault(b, {}).setdefault(a, 0)

    src, sink = ("src",), ("sink",)
    total = 0
    for i, plan in enumerate(plans):
        edge(src, ("free", i), plan.free)
        total += plan.free + sum(plan.need)
        for r in range(RANK_COUNT):
            edge(src, ("need", i, r), plan.need[r])
            edge(("need", i, r), ("in", i, r), plan.need[r])
            edge(("free", i), ("in", i, r), RANK_COUNT * 4)
            edge(("in", i, r), ("out", i, r), plan.room[r])
            for c in cards:
                if c >> 2 == r and plan.allowed & (1 << c):
                    edge(("out", i, r), ("card", c), 1)
    for c in cards:
        edge(("card", c), sink, 1)

    def push(node: tuple, seen: set) -> bool:
        if node == sink:
            return True
        seen.add(node)
        for nxt, c in cap[node].items():
            if c > 0 and nxt not in seen and push(nxt, seen):
                cap[node][nxt] -= 1
                cap[nxt][node] += 1
                return True
        return False

    flow = 0
    while flow < total and src in cap and push(src, set()):
        flow += 1
    if flow < total:
        return None
    out = [0] * len(plans)
    for c in cards:
        for node, back in cap[("card", c)].items():
            if node[0] == "out" and back > 0:  # one unit of flow went out -> card c
                out[node[1]] |= 1 << c
    return out
