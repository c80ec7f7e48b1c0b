"""Bourré's table reading: worlds dealt as the other seats' declarations suggest (read_world)."""

from __future__ import annotations

import random

from engine import GAMES
from engine.ai import make_player
from engine.bourre_search import PIMCPlayer, ReadingISMCTS, TablePlayer, read_world, stay_weight
from tests.engine.test_bourre_ai import FOUR, deal

BOURRE = GAMES["bourre"]


def cards_of(world):
    return [*(c for h in world.hands for c in h), *world.stock, *world.discards, *world.exchange]


def test_a_stay_weight_needs_kept_cards_a_sensible_player_keeps():
    assert stay_weight(["AS", "2H", "3H", "4D", "5C"], 4, "S") == 1 / 5  # only the ace could be the kept card
    assert stay_weight(["2S", "2H", "3H", "4D", "5C"], 4, "S") == 0.0  # one low trump: a sensible player folds
    assert stay_weight(["2S", "3S", "KH", "4D", "5C"], 2, "S") == 1 / 10  # kept exactly 2S 3S KH
    assert stay_weight(["2S", "3S", "4H", "4D", "5C"], 2, "S") == 0.0  # three kept cards, only two keepable


def test_read_worlds_keep_what_the_seat_sees_and_every_card_once():
    s = deal(FOUR)
    s.apply(0, "play")
    s.apply(0, "discard qd")
    s.apply(0, "draw")
    s.apply(1, "pass")
    rng = random.Random(3)
    for _ in range(30):
        w = read_world(s, 2, rng)
        assert w.view(2) == s.view(2)
        assert sorted(cards_of(w)) == sorted(cards_of(s))
        assert "2S" in w.hands[3]  # the dealer keeps the upcard in sight


def test_a_seat_that_stayed_in_gets_trumps_and_one_that_folded_gets_none_to_speak_of():
    s = deal(FOUR)
    s.apply(0, "play")
    s.apply(0, "discard qd")
    s.apply(0, "discard qh")
    s.apply(0, "draw")  # kept three cards: a sensible player keeps trumps and high plain cards
    s.apply(1, "pass")
    rng = random.Random(5)
    strong = 0
    for _ in range(100):
        w = read_world(s, 2, rng)
        trumps = [c for c in w.hands[0] if c[-1] == "S"]
        strong += len(trumps) >= 2 or any(c[:-1] in ("A", "K") for c in trumps)
        # The pile holds seat 1's folded hand (a trump at most) and seat 0's two low plain swaps.
        assert sum(1 for c in w.discards if c[-1] == "S") <= 1
    assert strong >= 95  # an even deal gives seat 0 such a hand about a third of the time


def declared():
    """FOUR dealt and declared: seats 0, 1 and the dealer (3) stay in and keep their cards, seat 2 folds."""
    s = deal(FOUR)
    for seat in (0, 1):
        s.apply(seat, "play")
        s.apply(seat, "draw")
    s.apply(2, "pass")
    s.apply(3, "play")
    s.apply(3, "draw")
    return s


def test_read_worlds_honour_the_public_deductions():
    s = declared()
    s.apply(0, "play as")
    s.apply(1, "play js")  # seat 1 follows: no deduction yet
    s.apply(3, "play 2s")
    rng = random.Random(7)
    for _ in range(30):
        w = read_world(s, 0, rng)
        assert not set(w.hands[1]) & s.excluded[1] and not set(w.hands[3]) & s.excluded[3]
        assert w.view(0) == s.view(0)


def test_the_reading_players_repeat_themselves_under_a_seed():
    s = deal(FOUR)
    s.apply(0, "play")
    s.apply(0, "draw")
    one = ReadingISMCTS(iterations=40, seed=2, modelled=True).choose(s, 1).text
    assert one == ReadingISMCTS(iterations=40, seed=2, modelled=True).choose(s, 1).text
    player = PIMCPlayer(seed=1, time_limit=None, iterations=30, read=True, modelled=True)
    state = BOURRE.new(4, seed=4, options={"hands": "1"})
    while not state.over:
        seat = state.to_move[0]
        action = player.choose(state, seat) if seat == 0 else state.heuristic_action(seat, random.Random(seat))
        state.apply(seat, action)


def test_the_normal_seat_reads_and_plays_out_worlds_at_bigger_tables_only():
    normal = make_player("normal", seed=1, game="bourre")
    assert isinstance(normal, TablePlayer) and normal.crowd.read and normal.crowd.rollout
    assert not normal.read and not normal.rollout  # two seats: the solved worlds, as before
    state = BOURRE.new(4, seed=3, options={"hands": "1"})
    kinds = set()
    while not state.over:
        seat = state.to_move[0]
        if seat == 1:
            action = normal.choose(state, seat)
            kinds.add(normal.last_kind)
        else:
            action = state.heuristic_action(seat, random.Random(seat))
        state.apply(seat, action)
    assert "ismcts" not in kinds and "pimc" in kinds


def test_a_played_out_world_judges_a_card_by_the_easy_players_play_after_it():
    # Seat 0 leads into seats that stayed in; in every world the rest is the easy player's,
    # so the choice repeats under a seed and is a legal card.
    s = declared()
    one = PIMCPlayer(seed=4, time_limit=None, read=True, rollout=True, most_seats=8, worlds=16)
    two = PIMCPlayer(seed=4, time_limit=None, read=True, rollout=True, most_seats=8, worlds=16)
    card = one.choose(s, 0).text
    assert card == two.choose(s, 0).text and one.last_kind == "pimc"
    assert card in {a.text for a in s.legal_actions(0)}
