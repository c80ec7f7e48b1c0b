"""Standard playing cards as short strings, and dealing helpers.

A card is its notation: rank then suit (`10H`, `QS`, `AD`), `JK` for a joker and
`25` for Moleicki's twenty-five-cent card. Strings keep states JSON-safe and cheap
to copy. Games with their own decks (Dickory ranks 1..12) use plain rank strings.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass

from engine.core import quoted

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKER = "JK"
QUARTER = "25"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED_SUITS = frozenset("HD")

_RANK_ALIASES = {"T": "10", "1": "A", "11": "J", "12": "Q", "13": "K"}
_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}


class CardError(ValueError):
    """Text that is not a card in our notation."""


@dataclass(frozen=True, slots=True)
class Deck:
    """What a game plays with, declared once: ranks, suits, packs, jokers and extras.

    `faces` tells the renderers how to draw the cards: "french" (the usual faces),
    "spanish" (oros, copas, espadas, bastos for D, H, S, C; sota, caballo, rey for J,
    Q, K) or "numbers" (plain numbered cards, no suits).
    """

    ranks: tuple[str, ...] = RANKS
    suits: tuple[str, ...] = SUITS
    packs: int = 1
    jokers: int = 0
    extras: tuple[str, ...] = ()
    faces: str = "french"

    def cards(self) -> list[str]:
        """Every card of the deck in a fixed order (suit by suit, rank by rank, pack by pack)."""
        one = [r + s for s in self.suits for r in self.ranks] if self.suits else list(self.ranks)
        return one * self.packs + [JOKER] * self.jokers + list(self.extras)


STANDARD_DECK = Deck()
SPANISH_DECK = Deck(ranks=("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"), faces="spanish")


def standard_deck(jokers: int = 0, quarters: int = 0) -> list[str]:
    """A fresh 52-card pack in a fixed order, plus any jokers and 25 cards."""
    return [r + s for s in SUITS for r in RANKS] + [JOKER] * jokers + [QUARTER] * quarters


def parse_card(text: str) -> str:
    """The canonical code for a card written forgivingly (`th`, `10h`, `Qs`, `jk`)."""
    t = text.strip().upper().replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")
    if t in (JOKER, "JOKER"):
        return JOKER
    if t == QUARTER:
        return QUARTER
    if len(t) < 2:
        raise CardError(f"“{quoted(text)}” isn't a card; write rank then suit, like 10H or QS.")
    rank, suit = t[:-1], t[-1]
    rank = _RANK_ALIASES.get(rank, rank)
    if rank not in _RANK_INDEX or suit not in SUITS:
        raise CardError(f"“{quoted(text)}” isn't a card; write rank then suit, like 10H or QS.")
    return rank + suit


def parse_cards(text: str) -> list[str]:
    return [parse_card(tok) for tok in text.replace(",", " ").split()]


def rank(card: str) -> str:
    """The rank part (`10` of `10H`); jokers and 25 are their own rank."""
    return card if card in (JOKER, QUARTER) else card[:-1]


def suit(card: str) -> str | None:
    return None if card in (JOKER, QUARTER) else card[-1]


def rank_index(card: str) -> int:
    """0 for an ace up to 12 for a king (ace low)."""
    return _RANK_INDEX[rank(card)]


def is_red(card: str) -> bool:
    return suit(card) in RED_SUITS


def pretty(card: str) -> str:
    """`10♥` for display; jokers and 25 unchanged."""
    shown = _PRETTY.get(card)
    if shown is None:
        s = suit(card)
        shown = card if s is None else rank(card) + SUIT_SYMBOLS[s]
        if len(_PRETTY) < 1024:
            _PRETTY[card] = shown
    return shown


_PRETTY: dict[str, str] = {}  # event text asks for the same few dozen cards over and over (bounded)


def sort_cards(cards: Iterable[str], key_rank: dict[str, int] | None = None) -> list[str]:
    """Cards by rank (ace low unless key_rank says otherwise), then suit."""
    order = key_rank or _RANK_INDEX
    suit_order = {s: i for i, s in enumerate(SUITS)}
    return sorted(cards, key=lambda c: (order.get(rank(c), 99), suit_order.get(suit(c) or "", 9)))


def stack_deck(full: Sequence[str], stacked: Sequence[str] | None, rng: random.Random) -> list[str]:
    """The dealing order: `stacked` first (as given), the rest of `full` shuffled.

    With no stacked cards the whole deck is shuffled with the state's RNG. Stacked
    cards must all be in the deck (as a multiset), so tests cannot deal a fifth ace.
    """
    if not stacked:
        deck = list(full)
        rng.shuffle(deck)
        return deck
    stacked = [str(c).strip().upper() for c in stacked]
    remaining = Counter(full)
    remaining.subtract(Counter(stacked))
    extra = [c for c, n in remaining.items() if n < 0]
    if extra:
        raise ValueError(f"the stacked deck has cards this game's pack does not: {', '.join(sorted(extra))}")
    rest: list[str] = []
    for c in full:
        if remaining[c] > 0:
            rest.append(c)
            remaining[c] -= 1
    rng.shuffle(rest)
    return list(stacked) + rest


def deal_round(deck: list[str], players: int, per_player: int) -> list[list[str]]:
    """Deal one card at a time round the seats from seat 0, taking from the front."""
    hands: list[list[str]] = [[] for _ in range(players)]
    for _ in range(per_player):
        for seat in range(players):
            hands[seat].append(deck.pop(0))
    return hands


def deal_greedy(
    pool: Sequence[str], wants: Sequence[tuple[int, int, Container[str]]], key: Callable[[str], str] | None = None
) -> tuple[dict[int, list[str]], list[str]] | None:
    """Each (seat, count, lacks) in turn takes the first cards of `pool` not in what it lacks
    (with `key`, the card's key is looked up there: its rank, say). A seat may come more than
    once: its cards follow in that order. Returns the hands and the cards left over, or None
    when a seat is left short: `determinize` shuffles and tries again, then uses deal_to_fit.
    It runs once a search iteration, so the test is a set lookup, not a call, where it can be."""
    left = list(pool)
    hands: dict[int, list[str]] = {}
    for seat, count, lacks in wants:
        if key is None:
            got = [c for c in left if c not in lacks][:count]
        else:
            got = [c for c in left if key(c) not in lacks][:count]
        if len(got) < count:
            return None
        for c in got:
            left.remove(c)
        hands.setdefault(seat, []).extend(got)
    return hands, left


def deal_to_fit(
    pool: Sequence[str], wants: Sequence[tuple[int, int, Container[str]]], key: Callable[[str], str] | None = None
) -> tuple[dict[int, list[str]], list[str]]:
    """Cards of `pool` for each (seat, count, lacks) so that no seat gets a card it lacks (as in
    deal_greedy), and the cards left over. Exact (augmenting paths), for the positions where a
    few random deals all get stuck; `determinize` keeps the true deal, so one always exists
    there. Raises ValueError when no deal fits."""
    keyed = [c if key is None else key(c) for c in pool]
    slots = [(seat, lacks) for seat, count, lacks in wants for _ in range(count)]
    holder: list[int | None] = [None] * len(slots)  # slot -> index in pool of its card

    def place(i: int, seen: set[int]) -> bool:
        for j, (_, lacks) in enumerate(slots):
            if j in seen or keyed[i] in lacks:
                continue
            seen.add(j)
            k = holder[j]
            if k is None or place(k, seen):
                holder[j] = i
                return True
        return False

    for i in range(len(pool)):
        if None not in holder:
            break
        place(i, set())
    if None in holder:
        raise ValueError("no deal fits what the seats are known to lack")
    hands: dict[int, list[str]] = {seat: [] for seat, _, _ in wants}
    for j, (seat, _) in enumerate(slots):
        hands[seat].append(pool[holder[j]])  # type: ignore[index]
    placed = set(holder)
    return hands, [c for i, c in enumerate(pool) if i not in placed]
