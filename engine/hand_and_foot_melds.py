"""Hand and Foot card facts: values, rank tokens, meld rules, piles and the opening reach.

A meld is a two-item list `[rank, cards]`: rank "A", "4".."K" or "wild", cards in the order
laid. Suits matter only for 3s (red 3s are bonus cards, black 3s never meld), so the notation
names ranks: `7`, `10`, `jk`; card codes (`7h`) are accepted too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.cards import JOKER, Deck, is_red, parse_card, rank

DECK = Deck(packs=5, jokers=10)
CARDS: tuple[str, ...] = tuple(DECK.cards())
NATURAL_RANKS: tuple[str, ...] = ("A", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
WILD = "wild"
PILE = 7
MINIMUMS = (50, 90, 120, 150)
PILE_BONUS = {"wild": 1500, "clean": 500, "dirty": 300}
RED_THREE_BONUS = 100
OUT_BONUS = 100
ASK_PENALTY = 100

# Token (lower case) -> rank; "3" means a black 3, the only 3 a hand can hold.
TOKEN_RANK = {r.lower(): r for r in NATURAL_RANKS} | {"2": "2", "jk": JOKER, "3": "3"}
TOKEN_ALIASES = {"t": "10", "joker": "jk", "jokers": "jk", "ace": "a", "1": "a", "11": "j", "12": "q", "13": "k"}
_ORDER = {r: i for i, r in enumerate(("3", *NATURAL_RANKS, "2", JOKER))}


class _PerCard(dict[str, Any]):
    """A card fact worked out once per card code (menus ask it of every card, every move)."""

    def __init__(self, fact: Callable[[str], Any]) -> None:
        super().__init__()
        self.fact = fact

    def __missing__(self, card: str) -> Any:
        out = self[card] = self.fact(card)
        return out


def card_rank(card: str) -> str:
    return rank(card)


def is_wild(card: str) -> bool:
    return card == JOKER or card[:-1] == "2"


def is_red_three(card: str) -> bool:
    return card[:-1] == "3" and is_red(card)


def value(card: str) -> int:
    r = rank(card)
    if r == JOKER:
        return 50
    if r in ("2", "A"):
        return 20
    if r in ("K", "Q", "J", "10", "9", "8"):
        return 10
    if r == "3":
        return 100 if is_red(card) else 5
    return 5


def total(cards: list[str] | tuple[str, ...]) -> int:
    return sum(value(c) for c in cards)


def token(card: str) -> str:
    """A card's notation token: its rank in lower case, `jk` for a joker."""
    return "jk" if card == JOKER else rank(card).lower()


RANK_OF = _PerCard(rank)  # card -> rank ("10", "2", "JK")
TOKEN_OF = _PerCard(token)  # card -> notation token ("10", "2", "jk")


def canonical_tokens(cards: list[str]) -> list[str]:
    """Naturals first (by rank), then 2s, then jokers."""
    return sorted((token(c) for c in cards), key=lambda t: _ORDER[TOKEN_RANK[t]])


_HAND_ORDER = _PerCard(lambda c: (_ORDER[rank(c)], c[-1]))


def sort_hand(cards: list[str]) -> list[str]:
    """By rank (black 3s first, then A, 4..K, 2s, jokers), then suit."""
    return sorted(cards, key=_HAND_ORDER.__getitem__)


def read_token(tok: str) -> tuple[str, str | None]:
    """("rank", R) for a rank token or ("card", code) for a card code; ValueError otherwise."""
    t = TOKEN_ALIASES.get(tok, tok)
    if t in TOKEN_RANK:
        return "rank", TOKEN_RANK[t]
    return "card", parse_card(tok)


def wild_limit(size: int) -> int:
    return 1 if size <= 5 else 2


def meld_ok(rank_: str, cards: list[str]) -> bool:
    """Whether `cards` (3..7 of them) form a legal meld of `rank_`."""
    n = len(cards)
    if not 3 <= n <= PILE:
        return False
    wilds = sum(1 for c in cards if is_wild(c))
    if rank_ == WILD:
        return wilds == n
    if any(not is_wild(c) and rank(c) != rank_ for c in cards):
        return False
    return wilds <= wild_limit(n)


def fits(rank_: str, meld_cards: list[str], adding: list[str]) -> bool:
    """Whether `adding` may join an incomplete meld (the result must be a legal meld)."""
    return len(meld_cards) < PILE and meld_ok(rank_, meld_cards + adding)


def takes_a_wild(rank_: str, meld_cards: list[str]) -> bool:
    """fits(rank_, meld_cards, [a wild]) for a natural rank, without building the longer meld."""
    n = len(meld_cards) + 1
    if not 3 <= n <= PILE:
        return False
    wilds = 1
    for c in meld_cards:
        r = c[:-1]  # a joker aside, the rank
        if r == "2" or c == JOKER:
            wilds += 1
        elif r != rank_:
            return False
    return wilds <= wild_limit(n)


def pile_kind(meld: list) -> str | None:
    """ "wild", "clean" or "dirty" for a complete pile, None for an incomplete meld."""
    r, cards = meld
    if len(cards) < PILE:
        return None
    if r == WILD:
        return "wild"
    return "dirty" if any(is_wild(c) for c in cards) else "clean"


def pile_counts(melds: list[list]) -> Counter:
    return Counter(k for k in (pile_kind(m) for m in melds) if k)


def piles_done(melds: list[list]) -> bool:
    """Two clean piles, two dirty (extra clean ones stand in) and one wild pile."""
    c = pile_counts(melds)
    return c["clean"] >= 2 and c["clean"] + c["dirty"] >= 4 and c["wild"] >= 1


def meld_points(melds: list[list]) -> int:
    """Card values of the melds plus the pile bonuses."""
    pts = 0
    for m in melds:
        pts += total(m[1])
        kind = pile_kind(m)
        if kind:
            pts += PILE_BONUS[kind]
    return pts


def incomplete(melds: list[list], rank_: str) -> list | None:
    for m in melds:
        if m[0] == rank_ and len(m[1]) < PILE:
            return m
    return None


def opening_reach(hand: list[str], staged: list[list]) -> tuple[int, int]:
    """A value the hand can surely reach with the staged melds, and how many hand cards that uses.

    Greedy and constructive (so a lower bound): naturals onto staged melds, threes and more of a
    rank, pairs with one wild each (jokers first), three or more wilds as the wild meld, then the
    wilds left onto the natural melds while their wild limit allows. Every step is a listed
    action, so a player can always follow it.
    """
    reach = sum(total(m[1]) for m in staged)
    used = 0
    nat = Counter(rank(c) for c in hand if not is_wild(c) and rank(c) != "3")
    wilds = sorted((c for c in hand if is_wild(c)), key=value, reverse=True)
    pairs: list[str] = []
    # The plan's incomplete natural melds as [size, wilds], for the wilds left at the end.
    sizes = {m[0]: [len(m[1]), sum(map(is_wild, m[1]))] for m in staged if m[0] != WILD and len(m[1]) < PILE}
    for r, n in nat.items():
        open_meld = incomplete(staged, r)
        room = PILE - len(open_meld[1]) if open_meld else 0
        take = min(n, room)
        if take:
            sizes[r][0] += take
        n -= take
        if n >= 3:
            sizes[r] = [min(n, PILE), 0]
        if n >= 3 or take:
            take += min(n, PILE) if n >= 3 else 0
        elif n == 2:
            pairs.append(r)
        reach += take * value(r + "S")
        used += take
    for r in sorted(pairs, key=lambda r: -value(r + "S")):
        if not wilds:
            break
        w = wilds.pop(0)
        sizes[r] = [3, 1]
        reach += 2 * value(r + "S") + value(w)
        used += 3
    wild_meld = incomplete(staged, WILD)
    room = PILE - len(wild_meld[1]) if wild_meld else PILE if len(wilds) >= 3 else 0
    for w in wilds[:room] + _wilds_onto(sizes, wilds[room:]):
        reach += value(w)
        used += 1
    return reach, used


def _wilds_onto(sizes: dict[str, list[int]], wilds: list[str]) -> list[str]:
    """The wilds (best first) that fit onto the natural melds [size, wilds] within the limits."""
    out: list[str] = []
    for size_wilds in sizes.values():
        while len(out) < len(wilds) and size_wilds[0] < PILE and size_wilds[1] < wild_limit(size_wilds[0] + 1):
            size_wilds[0] += 1
            size_wilds[1] += 1
            out.append(wilds[len(out)])
    return out
