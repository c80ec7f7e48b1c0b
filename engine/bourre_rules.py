"""Bourré's card rules for the play of a trick: follow, trump, beat, and the cinch.

Pure functions over card codes, shared by the state (legal plays and refusals) and the AI.
A card's strength is its rank with the ace high; trump beats every other suit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.cards import RANKS, SUIT_SYMBOLS, SUITS, pretty

# Ace high: 2 is 0, ace is 12.
HIGH = {r: i for i, r in enumerate((*RANKS[1:], RANKS[0]))}
ALL_CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)

Trick = Sequence[tuple[int, str]]  # (seat, card) in play order


# Looked up per card, since these run for every card of every menu.
_CARD_HIGH = {c: HIGH[c[:-1]] for c in ALL_CARDS}
_SUIT_CARDS = {s: tuple(r + s for r in RANKS) for s in SUITS}


def _order_keys(trump: str | None) -> dict[str, int]:
    """Each card's place in hand order: suit (trump first when given, then ♠ ♥ ♦ ♣), then high first."""
    order = {s: i + 1 for i, s in enumerate(SUITS)}
    if trump:
        order[trump] = 0
    return {c: order[c[-1]] * 13 - _CARD_HIGH[c] for c in ALL_CARDS}


_ORDER_KEYS = {t: _order_keys(t) for t in (None, *SUITS)}


def high(card: str) -> int:
    return _CARD_HIGH[card]


def suit_cards(suit: str) -> tuple[str, ...]:
    return _SUIT_CARDS[suit]


def hand_order(cards: Iterable[str], trump: str | None = None) -> list[str]:
    """Cards by suit (trump first when given, then ♠ ♥ ♦ ♣), high cards first within a suit."""
    return sorted(cards, key=_ORDER_KEYS[trump or None].__getitem__)


def trick_winner(trick: Trick, trump: str) -> tuple[int, str]:
    """(seat, card) taking the trick so far: the highest trump, else the highest of the led suit."""
    led = trick[0][1][-1]
    best = trick[0]
    for entry in trick[1:]:
        card, top = entry[1], best[1]
        if card[-1] == top[-1]:
            if high(card) > high(top):
                best = entry
        elif card[-1] == trump or (top[-1] != trump and card[-1] == led and high(card) > high(top)):
            best = entry
    return best


def highest(cards: Iterable[str]) -> str:
    return max(cards, key=high)


def sure_trumps(hand: Sequence[str], trump: str, accounted: set[str]) -> int:
    """Trumps in `hand` above every trump the holder cannot account for."""
    mine = [c for c in hand if c[-1] == trump]
    if not mine:
        return 0
    bar = max((_CARD_HIGH[c] for c in _SUIT_CARDS[trump] if c not in accounted and c not in mine), default=-1)
    return sum(1 for c in mine if _CARD_HIGH[c] > bar)


def allowed(hand: Sequence[str], trick: Trick, trump: str, cinch: bool) -> list[str]:
    """The cards of `hand` that may be played to `trick` (empty: leading)."""
    trumps = [c for c in hand if c[-1] == trump]
    if not trick:
        return [highest(trumps)] if cinch and trumps else list(hand)
    led = trick[0][1][-1]
    follow = [c for c in hand if c[-1] == led]
    if follow:
        if led == trump and cinch:
            return [highest(follow)]
        trumped = led != trump and any(card[-1] == trump for _, card in trick)
        if trumped:
            return follow
        best = trick_winner(trick, trump)[1]
        beat = [c for c in follow if high(c) > high(best)]
        return beat or follow
    if trumps:
        if cinch:
            return [highest(trumps)]
        in_trick = [card for _, card in trick if card[-1] == trump]
        if in_trick:
            top = highest(in_trick)
            beat = [c for c in trumps if high(c) > high(top)]
            return beat or trumps
        return trumps
    return list(hand)


def refusal(card: str, hand: Sequence[str], trick: Trick, trump: str, cinch: bool) -> str | None:
    """Why `card` may not be played now, in one sentence from the holder's own knowledge; None if it may."""
    if card not in hand:
        return f"You don't have the {pretty(card)}."
    if card in allowed(hand, trick, trump, cinch):
        return None
    trumps = [c for c in hand if c[-1] == trump]
    t = SUIT_SYMBOLS[trump]
    if not trick:
        return f"You hold a cinch, so you must lead your highest trump, the {pretty(highest(trumps))}."
    led = trick[0][1][-1]
    follow = [c for c in hand if c[-1] == led]
    if follow:
        if card[-1] != led:
            return f"You must follow suit: play a {SUIT_SYMBOLS[led]} card."
        if led == trump and cinch:
            return f"You hold a cinch, so you must play your highest trump, the {pretty(highest(follow))}."
        best = trick_winner(trick, trump)[1]
        return f"You must beat the {pretty(best)} if you can."
    if card[-1] != trump:
        return f"You have no {SUIT_SYMBOLS[led]}, so you must play a trump ({t}) if you can."
    if cinch:
        return f"You hold a cinch, so you must trump with your highest trump, the {pretty(highest(trumps))}."
    top = highest(card for _, card in trick if card[-1] == trump)
    return f"You must beat the {pretty(top)} with a higher trump if you can."


def deductions(hand_card: str, trick: Trick, trump: str) -> set[str]:
    """Cards the table now knows the seat that played `hand_card` to `trick` does not hold."""
    if not trick:
        return set()
    led = trick[0][1][-1]
    out: set[str] = set()
    trump_in = [card for _, card in trick if card[-1] == trump]
    if hand_card[-1] != led:
        out.update(suit_cards(led))
        if hand_card[-1] != trump:
            out.update(suit_cards(trump))
        elif trump_in and high(hand_card) < high(highest(trump_in)):
            top = high(highest(trump_in))
            out.update(c for c in suit_cards(trump) if high(c) > top)
        return out
    if led == trump or not trump_in:
        best = trick_winner(trick, trump)[1]
        if high(hand_card) < high(best):
            out.update(c for c in suit_cards(led) if high(c) > high(best))
    return out
