"""Snip Snap Snorem: every example of the rule text on a stacked deck, plus the house rules."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine import GAMES, IllegalAction
from engine.cards import rank, standard_deck
from tests import positions

SSS = GAMES["snip_snap_snorem"]


# -- helpers ----------------------------------------------------------------


def sizes(players):
    return [52 // players + (1 if seat < 52 % players else 0) for seat in range(players)]


def deal(players, **given):
    """A whole stacked deal: `s0=[...]`, `s1=[...]` start those hands; the rest is filled in
    deck order (so a test names every card of the ranks it cares about)."""
    hands = [list(given.get(f"s{seat}", [])) for seat in range(players)]
    used = {c for h in hands for c in h}
    rest = iter(c for c in standard_deck() if c not in used)
    for seat, want in enumerate(sizes(players)):
        assert len(hands[seat]) <= want
        hands[seat] += [next(rest) for _ in range(want - len(hands[seat]))]
    deck = [hands[i % players][i // players] for i in range(52)]
    return SSS.new(players, seed=0, deck=deck)


def position(hands, pile=(), turn=0, **fields):
    """A mid-game position; every card not in a hand or the pile is in finished ranks."""
    placed = [c for h in hands for c in h] + list(pile)
    done = [c for c in standard_deck() if c not in placed]
    data = {
        "players": len(hands),
        "options": {},
        "rng": 7,
        "hands": [list(h) for h in hands],
        "pile": list(pile),
        "done": done,
        "turn": turn,
        "last": None,
        "passes": [],
        "passed": [[] for _ in hands],
        "winner": None,
    }
    data.update(fields)
    return SSS.load(data)


def texts(state, seat):
    return [a.text for a in state.legal_actions(seat)]


def kinds(events):
    return [e.kind for e in events]


def snapshot(state):
    return json.dumps(state.dump(), sort_keys=True)


def check_total(state):
    d = state.dump()
    assert Counter(c for part in (*d["hands"], d["pile"], d["done"]) for c in part) == Counter(standard_deck())


# -- the deal -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "expected"),
    [(2, [26, 26]), (3, [18, 17, 17]), (5, [11, 11, 10, 10, 10]), (8, [7, 7, 7, 7, 6, 6, 6, 6])],
)
def test_every_card_is_dealt_one_at_a_time_some_get_one_more(players, expected):
    deck = standard_deck()
    random.Random(players).shuffle(deck)
    state = SSS.new(players, seed=3, deck=deck)
    v = state.view(None)
    assert v["hand_sizes"] == expected == sizes(players)
    for seat in range(players):
        assert sorted(state.view(seat)["hand"]) == sorted(deck[seat::players])
    assert v["dealer"] == players - 1 and v["to_move"] == [0] and v["rank"] is None and v["pile"] == []
    check_total(state)


# -- leading, snip, snap, snorem ----------------------------------------------------


def test_the_dealers_left_leads_any_card_and_the_rank_goes_round_to_snorem():
    state = deal(4, s0=["7H"], s1=["7S"], s2=["7D"], s3=["7C"])
    assert sorted(texts(state, 0)) == sorted(f"play {c.lower()}" for c in state.view(0)["hand"])
    names = []
    for seat, card in enumerate(["7h", "7s", "7d", "7c"]):
        assert state.to_move == (seat,)
        if seat:
            assert texts(state, seat) == [f"play {card}"]  # the only 7 it holds: it must play it
        events = state.apply(seat, f"play {card}")
        names.append(kinds(events)[0])
        assert events[0].data == {"seat": seat, "card": card.upper()}
    assert names == ["lead", "snip", "snap", "snorem"]
    assert events[0].text == "{p3} says Snorem with 7♣."
    v = state.view(None)
    assert v["pile"] == [] and v["rank"] is None and v["discards"] == 4
    # The Snorem leads the next rank (house rule 3): any card, no passing.
    assert v["to_move"] == [3] and len(texts(state, 3)) == 12
    check_total(state)


def test_the_rank_and_pile_show_the_cards_in_play_order():
    state = deal(4, s0=["QH"], s1=["QS"], s2=["QD"], s3=["QC"])
    state.apply(0, "play qh")
    state.apply(1, "play qs")
    v = state.view(None)
    assert v["rank"] == "Q" and v["pile"] == ["QH", "QS"] and v["last"] == 1


def test_a_player_without_the_rank_passes_and_is_skipped():
    state = deal(4, s0=["7H"], s2=["7S", "7D", "7C"])
    events = state.apply(0, "play 7h")
    assert kinds(events) == ["lead", "pass"]
    assert events[1].text == "{p1} passes."
    assert events[1].data == {"seat": 1, "card": "7H", "rank": "7"}
    v = state.view(None)
    assert v["to_move"] == [2] and v["passes"] == [1] and v["passed"][1] == ["7"]
    events = state.apply(2, "play 7s")
    # Seats 3, 0 and 1 hold no 7: play comes back to seat 2 (house rule 4).
    assert kinds(events) == ["snip", "pass", "pass", "pass"]
    assert state.view(None)["to_move"] == [2] and state.view(None)["passes"] == [3, 0, 1]
    assert texts(state, 2) == ["play 7d", "play 7c"]
    state.apply(2, "play 7d")
    events = state.apply(2, "play 7c")
    assert kinds(events) == ["snorem"] and state.to_move == (2,)


def test_one_player_with_all_four_plays_them_in_a_row_then_leads():
    state = deal(3, s0=["9H", "9S", "9D", "9C"])
    assert kinds(state.apply(0, "play 9h")) == ["lead", "pass", "pass"]
    assert kinds(state.apply(0, "play 9s")) == ["snip", "pass", "pass"]
    assert kinds(state.apply(0, "play 9d")) == ["snap", "pass", "pass"]
    assert kinds(state.apply(0, "play 9c")) == ["snorem"]
    assert state.to_move == (0,) and state.view(None)["rank"] is None


def test_passing_drawing_and_other_ranks_are_refused_with_a_sentence():
    state = deal(4, s0=["7H"], s1=["7S", "8S"], s2=["7D"], s3=["7C"])
    state.apply(0, "play 7h")
    before = snapshot(state)
    for said in ("pass", "draw", "snip", "play", "play 7s 7s"):
        with pytest.raises(IllegalAction, match=r"You hold a 7: you must play it\."):
            state.apply(1, said)
    with pytest.raises(IllegalAction, match=r"Play a 7: that is the rank being matched\."):
        state.apply(1, "play 8s")
    with pytest.raises(IllegalAction, match="don't have the 7♦"):
        state.apply(1, "play 7d")
    with pytest.raises(IllegalAction, match="isn't a card"):
        state.apply(1, "play 7x")
    with pytest.raises(IllegalAction, match="isn't your turn"):
        state.apply(2, "play 7d")
    assert snapshot(state) == before


def test_the_leader_cannot_pass_either():
    state = deal(2)
    with pytest.raises(IllegalAction, match="You lead: play any card"):
        state.apply(0, "pass")


# -- winning ------------------------------------------------------------------------


def test_playing_your_last_card_wins_at_once_even_mid_rank():
    state = position([["7H", "3S"], ["7S"], ["7D", "7C", "4S"]], pile=[], turn=0)
    state.apply(0, "play 7h")
    events = state.apply(1, "play 7s")
    assert kinds(events) == ["snip", "win"]
    assert events[-1].data == {"seat": 1, "card": "7S"}
    assert state.over and state.to_move == () and state.view(None)["winner"] == 1
    out = state.outcome()
    assert out.scores == (1.0, 0.0, 3.0)
    assert out.places == (2, 1, 3)
    assert out.reason == "{p1} ran out of cards first."
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(2, "play 7d")


def test_a_winning_snorem_still_completes_the_rank():
    # The fourth card always empties the pile into the finished ranks, even when it wins.
    state = position([["7H", "3S"], ["7S", "4S"], ["7D", "7C"]], pile=[], turn=0)
    state.apply(0, "play 7h")
    state.apply(1, "play 7s")
    state.apply(2, "play 7d")
    events = state.apply(2, "play 7c")  # the others pass; the Snorem is its last card
    assert kinds(events) == ["snorem", "win"]
    v = state.view(None)
    assert v["over"] and v["winner"] == 2
    assert v["pile"] == [] and v["rank"] is None
    assert v["discards"] == 52 - 2
    assert sum(v["hand_sizes"]) + len(v["pile"]) + v["discards"] == 52
    check_total(state)


def test_a_lead_can_be_the_winning_card_and_equal_counts_share_a_place():
    state = position([["KH"], ["KS", "2S"], ["KD", "2D"]], pile=[], turn=0)
    events = state.apply(0, "play kh")
    assert kinds(events) == ["lead", "win"]
    assert state.outcome().places == (1, 2, 2)


# -- notation and views ------------------------------------------------------------


def random_states(players, seeds=range(3), every=4):
    return positions.random_states(SSS, players, seeds, every)


@pytest.mark.parametrize("players", [2, 5, 8])
def test_every_listed_action_round_trips_and_has_parts(players):
    for state in random_states(players):
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        assert actions
        for a in actions:
            assert state.parse(seat, a.text).text == a.text
            assert a.text == "play " + a.parts["cards"][0].lower()
            assert a.parts["verb"] == "play" and a.label.startswith("Play ")


def test_forgiving_parse():
    state = deal(2, s0=["10H", "QS"])
    for said in ("PLAY 10H", "play th", "  play   T♥ ", "Play 10♥"):
        assert state.parse(0, said).text == "play 10h"
    assert state.parse(0, "play q♠").text == "play qs"


@pytest.mark.parametrize("players", [2, 8])
def test_views_differ_only_in_seat_and_hand_and_hide_every_hand(players):
    for state in random_states(players, seeds=range(2)):
        public = state.view(None)
        assert public["hand"] is None and public["seat"] is None and public["game"] == "snip_snap_snorem"
        shown = set(public["pile"])
        for seat in range(players):
            v = state.view(seat)
            assert {k: x for k, x in v.items() if k not in ("seat", "hand")} == {
                k: x for k, x in public.items() if k not in ("seat", "hand")
            }
            assert not shown & set(v["hand"])
            assert sorted(v["hand"]) == sorted(state.hidden_cards(seat))
        assert sum(public["hand_sizes"]) + len(public["pile"]) + public["discards"] == 52


def test_the_hand_is_sorted_by_rank():
    state = deal(2, s0=["KC", "2H", "AS", "10H", "AD"])
    ranks = [rank(c) for c in state.view(0)["hand"]]
    order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert ranks == sorted(ranks, key=order.index)


# -- determinize and the heuristic -----------------------------------------------------


def test_determinize_never_gives_a_seat_a_rank_it_passed_on():
    state = deal(4, s0=["7H", "8H"], s2=["7S", "7D", "7C"], s3=["8S", "8D", "8C"])
    state.apply(0, "play 7h")  # seats 1 pass on 7s
    assert state.view(None)["passed"] == [[], ["7"], [], []]
    rng = random.Random(5)
    changed = 0
    for _ in range(200):
        world = state.determinize(0, rng)
        assert world.view(0) == state.view(0) and world.view(None) == state.view(None)
        assert not any(rank(c) == "7" for c in world.hands[1])
        changed += world.hands[2] != state.hands[2]
        check_total(world)
    assert changed > 150


def test_heuristic_leads_the_rank_it_holds_most():
    state = position([["5H", "5S", "5D", "9H", "KH"], ["2S", "3S"], ["4S"]], turn=0)
    assert state.heuristic_action(0, random.Random(0)).text.startswith("play 5")
    # Equal counts: the rank the others are known to lack comes first.
    passed = [[], ["K"], ["K"]]
    state = position([["9H", "9S", "KH", "KS"], ["2S", "3S"], ["4S"]], turn=0, passed=passed)
    for seed in range(10):
        assert state.heuristic_action(0, random.Random(seed)).text.startswith("play k")
    assert state.heuristic_action(1, random.Random(0)) is None


def test_determinize_honours_passes_even_when_few_deals_fit():
    # Seat 1 passed on aces, so it can only hold the four kings; seat 2 (more passes, dealt
    # first) may hold either rank. Greedy random deals almost always give seat 2 a king.
    passed = [[], ["A"], ["2", "3", "4", "5", "6", "7", "8", "9", "10"]]
    hands = [["QS", "QH", "QD", "QC"], ["KS", "KH", "KD", "KC"], ["AS", "AH", "AD", "AC"]]
    state = position(hands, turn=0, passed=passed)
    for seed in range(20):
        world = state.determinize(0, random.Random(seed))
        assert sorted(world.hands[1]) == sorted(hands[1])
        assert sorted(world.hands[2]) == sorted(hands[2])
        assert world.view(0) == state.view(0) and world.view(None) == state.view(None)


def test_every_event_carries_seat_and_card():
    # The spec: events lead, snip, snap, snorem, pass, win; "data carries seat and card".
    state = deal(4, s0=["7H"], s2=["7S", "7D", "7C"])
    events = state.apply(0, "play 7h") + state.apply(2, "play 7s")
    events += state.apply(2, "play 7d") + state.apply(2, "play 7c")
    assert kinds(events) == ["lead", "pass", "snip", *["pass"] * 3, "snap", *["pass"] * 3, "snorem"]
    for event in events:
        assert isinstance(event.data["seat"], int) and event.data["card"] in standard_deck()
    assert [e.data["card"] for e in events if e.kind == "pass"] == ["7H", *["7S"] * 3, *["7D"] * 3]
