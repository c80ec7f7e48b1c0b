"""Helpers for the Moleicki tests: stacked deals and hand-built positions.

`dealt(...)` plays a real deal from a stacked deck; `position(...)` builds a mid-game
position directly (every card not placed goes to the bad discard so the pack still
adds up), for rules that need a particular table.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine import IllegalAction
from engine.moleicki import GAME
from engine.moleicki_deal import build_deck, preset_design, stacked_deck
from engine.moleicki_tableau import bare


def dealt(players, hands, tableaux=None, draw=None, preset="classic", options=None, seed=0, hand=None):
    """A game dealt with a preset from a stacked deck (hands, tableaux, draw front)."""
    options = dict(options or {})
    state = GAME.new(players, seed=seed, options=options)
    decks = state.decks
    design = preset_design(preset, decks, hand)
    if tableaux is None and draw:
        tableaux = filler_tableaux(players, design, decks, [*(c for h in hands for c in h), *draw])
    deck = stacked_deck(players, design, hands, tableaux, draw)
    state = GAME.new(players, seed=seed, options=options, deck=deck)
    state.apply(players - 1, design.text(decks))
    return state


def filler_tableaux(players, design, decks, used):
    """Tableaux of cards nobody asked for, so a stacked draw pile lands where it should."""
    spare = Counter(build_deck(decks))
    spare.subtract(Counter(used))
    pool = [c for c in build_deck(decks) if spare[c] > 0 and not spare.subtract({c: 1})]
    return [[[[pool.pop() for _ in pile] for pile in row] for row in design.rows] for _ in range(players)]


def position(
    hands,
    tabs=None,
    pile=(),
    draw=(),
    vector="up",
    current=0,
    direction=1,
    decks=None,
    good=(),
    base=0,
    options=None,
):
    """A mid-game position: seat `current` to play onto `pile` in `vector`.

    tabs[seat] is a list of rows (furthest first) of piles of cards bottom to top, a
    face-down card written with a leading `*`; good is a list of good discard piles.
    """
    players = len(hands)
    options = dict(options or {}) | ({} if decks is None else {"decks": str(decks)})
    state = GAME.new(players, seed=3, options=options)
    state.apply(players - 1, "deal mini")
    state.hands = [list(h) for h in hands]
    tabs = list(tabs or []) + [[] for _ in range(players - len(tabs or []))]
    state.tabs = [[[list(p) for p in row] for row in t] for t in tabs]
    state.pile, state.base = list(pile), base
    state.draw = list(draw)
    state.good, state.good_marker = [list(g) for g in good], [None] * len(good)
    state.known = [[] for _ in hands]
    state.lacks = [[] for _ in hands]
    state.phase, state.opening, state.race, state.follow = "play", "3", [], []
    state.vector, state.direction = vector, direction
    state.debts, state.punched = [], []
    state.start_turn(current)
    used = Counter()
    for h in state.hands:
        used.update(h)
    for t in state.tabs:
        for row in t:
            for p in row:
                used.update(bare(c) for c in p)
    used.update(state.pile)
    used.update(state.draw)
    for g in state.good:
        used.update(g)
    rest = Counter(build_deck(state.decks, state.jokers, state.quarters))
    rest.subtract(used)
    assert all(n >= 0 for n in rest.values()), f"more cards than the pack has: {-rest}"
    state.bad = sorted(rest.elements())
    return state


def snapshot(state):
    return json.dumps(state.dump(), sort_keys=True)


def refused(state, seat, text, fragment=""):
    """Applying text must raise IllegalAction (with fragment in the message) and change nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, text)
    assert snapshot(state) == before
    assert fragment.lower() in str(info.value).lower(), str(info.value)
    return str(info.value)


def texts(state, seat):
    return [a.text for a in state.legal_actions(seat)]


def kinds(events):
    return [e.kind for e in events]


def secret_cards(state) -> set[str]:
    """Every card a spectator may not know: hand cards not publicly seen going in, and
    every face-down tableau card (bot and renderer leak checks share this)."""
    out = set()
    for seat in range(state.players):
        known = list(state.view(None)["known"][seat])
        for c in state.hands[seat]:
            if c in known:
                known.remove(c)
            else:
                out.add(c)
        out |= {bare(c) for row in state.tabs[seat] for p in row for c in p if c.startswith("*")}
    return out
