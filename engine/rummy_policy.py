"""Rummy policy: the easy heuristic's habits, retuned for going out first (one-hand matches).

NOT a seat player: screened (bench/bench_rummy.py) and found no better than the normal seat's
ISMCTS, so the normal seat stays ISMCTS with rummy_ai.evaluate. Kept as the screen's subject.
The easy heuristic (engine/rummy_ai.heuristic) is the yardstick and keeps playing as it does;
`Style` names the habits where this policy differs; `EASY_STYLE` plays exactly as the heuristic.

Why these habits: in a one-hand match only going out first counts (deadwood does not), and a
meld laid down early only gives the others cards to lay off and spends the one meld a turn
allowed once rummy is gone; so nothing goes down before the whole hand can (rummy), and the
discard keeps the hand with the fewest cards lacking (live completers) and the most outs.

Screened at 4 seats against three heuristic seats, one-hand, policy seat = seed % 4, beaten
share of seeds 0..399 (the heuristic in that seat: 0.268):
- hold for rummy alone 0.340; the outs discard alone 0.273; both 0.380 (outs weight 0 / 0.05 /
  0.2 / 1: 0.345 / 0.380 / 0.388 / 0.393); feed 0.3 +0.008; take "expect" (outs 0.05, no feed) with margin
  -0.2 / 0 / 0.2 / 0.4 / 0.6: 0.195 / 0.352 / 0.390 / 0.400 / 0.380; all (this STYLE) 0.407.
- worse: melding when an opponent is down to 2 or 3 cards (0.295); taking any card one short of
  a meld with a loose card (0.360, 0.362 with a live completer); never taking (0.130: dead
  hands); taking only meld completers 0.380.
Against the normal seat on the same seeds 0..79: this STYLE 0.425, ISMCTS (300 iterations,
cut-off 4) 0.463; ISMCTS 600 iterations 0.450; others modelled by the heuristic, cut-off 8
0.438; lacking with 0.6 / 0.35 for one / more live completers 0.338; a flat Monte Carlo over
the discards (16 worlds, playouts by this policy and the heuristic) 0.375. At 2 seats this
STYLE beats the heuristic 0.640 (seeds 0..199; ISMCTS 0.635); against random at 4 seats 0.795.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import Action
from engine.rummy_ai import _completers, _discard_choice, _holding_for_rummy, lay_down, seen_by, wants
from engine.rummy_melds import CARDS, POINTS, RANK, SUIT, coverable, layoff_cards, melds_in

if TYPE_CHECKING:
    from engine.rummy import RummyState


@dataclass(frozen=True)
class Style:
    """The habits where the normal seat leaves the easy heuristic."""

    hold: str = "rummy"  # "easy": the heuristic's hold; "rummy": meld nothing until going out at once
    discard: str = "outs"  # "easy": the heuristic's; "outs": keep the hand closest to going out
    take: str = "expect"  # "easy": a card that fits; "expect": also one better than the average stock draw
    feed: float = 0.3  # weight against discards the next seat may take (fits the table, its known cards)
    danger: int = 0  # meld and lay off anyway when an opponent holds at most this many cards
    outs: float = 1.0  # weight of the cards that would let the kept hand go out at once
    one_out: float = 0.5  # a loose card's cost with one live completer (none: 1)
    two_outs: float = 0.4  # ... with two or more
    take_margin: float = 0.4  # take="expect": how much better than the average stock draw taking must be


STYLE = Style()
EASY_STYLE = Style(hold="easy", discard="easy", take="easy", feed=0.0)  # the heuristic


def policy(state: RummyState, seat: int, rng: random.Random, style: Style = STYLE) -> Action | None:
    from engine.rummy import discard_action, draw_action, rummy_action, take_action

    if state.phase == "over" or seat != state.turn:
        return None
    if state.phase == "draw":
        top = state.discard[-1] if state.discard else None
        if top is not None and _takes(state, seat, top, style):
            return take_action(top)
        return draw_action()
    if state._rummy_plan(seat) is not None:
        return rummy_action()
    if _melds_now(state, seat, style):
        down = lay_down(state, seat, rng)
        if down is not None:
            return down
    if style.discard == "easy":
        return discard_action(_discard_choice(state, seat, rng))
    return discard_action(_best_discard(state, seat, style, rng))


def _melds_now(state: RummyState, seat: int, style: Style) -> bool:
    """Whether to lay cards down this turn short of going out."""
    if style.hold == "easy":
        return not _holding_for_rummy(state, seat)
    if not state.fresh:
        return True  # rummy is gone: every card down is one fewer to cover later
    return any(len(h) <= style.danger for s, h in enumerate(state.hands) if s != seat)


# -- how near a hand is to going out ---------------------------------------------------


def _unseen(state: RummyState, seat: int) -> set[str]:
    """Cards `seat` might still draw or see discarded: not in its hand, the melds, the pile or known hands."""
    seen = seen_by(state, seat)
    return {c for c in CARDS if c not in seen}


def shortfall(hand: list[str], table: list[tuple[str, ...]], live: set[str], style: Style = STYLE) -> float:
    """About how many cards the hand lacks to go out: loose cards count 1, or less with live completers."""
    cover = coverable(hand, table)
    cost = 0.0
    for card in hand:
        if card in cover:
            continue
        outs = sum(1 for c in _completers(card, hand) if c in live)
        outs += sum(1 for m in table for c in layoff_cards(m) if c in live and _next_to(c, card))
        cost += 1.0 if outs == 0 else style.one_out if outs == 1 else style.two_outs
    return max(0.0, cost - 1.0)  # the last loose card is the final discard


def _next_to(fit: str, card: str) -> bool:
    """`fit` goes on a table meld and `card` would then follow it (same suit, next rank)."""
    return SUIT[fit] == SUIT[card] and abs(RANK[fit] - RANK[card]) == 1


def _outs(hand: list[str], table: list[tuple[str, ...]], live: set[str]) -> int:
    """Live cards that would let the hand go out at once (all covered but one to discard)."""
    n = 0
    for c in live:
        grown = [*hand, c]
        if len(grown) - len(coverable(grown, table)) <= 1:
            n += 1
    return n


def _best_discard(state: RummyState, seat: int, style: Style, rng: random.Random) -> str:
    hand = state.hands[seat]
    table = state._table()
    live = _unseen(state, seat)
    fits = {c for m in table for c in layoff_cards(m)}
    nxt = (seat + 1) % state.players
    their = state.known[nxt]

    def score(card: str) -> tuple[float, int, float]:
        rest = [c for c in hand if c != card]
        value = -shortfall(rest, table, live, style)
        if style.outs:
            value += style.outs * _outs(rest, table, live)
        if style.feed:
            feeds = card in fits or any(card in m for m in melds_in([*their, card]))
            value -= style.feed * feeds
        return (value, POINTS[card], rng.random())

    return max((c for c in hand if c != state.taken), key=score)


def _kept(
    hand: list[str], card: str, table: list[tuple[str, ...]], live: set[str], style: Style, taken: str | None = None
) -> float:
    """The hand's shortfall after drawing `card` and the best discard (not `taken`)."""
    grown = [*hand, card]
    live = live - {card}
    return min(shortfall([c for c in grown if c != d], table, live, style) for d in grown if d != taken)


def _takes(state: RummyState, seat: int, top: str, style: Style) -> bool:
    if style.take == "never":
        return False
    if style.take == "meld":  # only a card that completes a meld in hand
        return any(top in m for m in melds_in([*state.hands[seat], top]))
    if wants(state, seat, top) or style.take == "easy":
        return wants(state, seat, top)
    # "expect": also a card that leaves a better hand than the average stock draw, each kept at its best
    hand = state.hands[seat]
    table = state._table()
    live = _unseen(state, seat)
    after = _kept(hand, top, table, live, style, taken=top)
    stock = [c for c in live if c != top]
    drawn = sum(_kept(hand, c, table, live, style) for c in stock) / max(1, len(stock))
    return after < drawn - style.take_margin
