"""Moleicki: views, hidden cards, determinize, notation, dump/load, heuristic and the turn limit."""

from __future__ import annotations

import json
import random

import pytest
from test_moleicki_support import dealt, position, refused, snapshot, texts

from engine import IllegalAction
from engine.moleicki import GAME, TURN_LIMIT
from engine.moleicki_tableau import bare

HANDS4 = [["3S", "7S", "9S", "KS"], ["4H", "5H", "6H", "JH"], ["3D", "JD", "QD", "KD"], ["4C", "5C", "6C", "QC"]]


def all_cards_in(view):
    return json.dumps(view)


def test_views_hide_other_hands_and_every_face_down_card():
    state = dealt(4, HANDS4)
    for seat in range(4):
        view = state.view(seat)
        assert view["hand"] == state.hidden_cards(seat)
        text = all_cards_in(view)
        for other in range(4):
            if other != seat:
                for c in state.hands[other]:
                    assert f'"{c}"' not in text
        for rows in view["tableaux"]:
            for row in rows:
                for pile in row:
                    assert all(c is None for c in pile[:-1])  # base bottoms are face down
        own_down = [bare(c) for row in state.tabs[seat] for p in row for c in p if c.startswith("*")]
        for c in own_down:
            assert f'"{c}"' not in text  # face-down cards are unknown to their owner too
    public = state.view(None)
    assert public["hand"] is None and public["seat"] is None
    assert public["hands"] == [4, 4, 4, 4]


def test_view_has_every_documented_key():
    state = dealt(4, HANDS4)
    view = state.view(1)
    for key in [
        "game",
        "players",
        "seat",
        "phase",
        "dealer",
        "vector",
        "direction",
        "to_move",
        "pile",
        "good_discards",
        "bad_discard",
        "draw_pile",
        "hands",
        "hand",
        "tableaux",
        "nein_owed",
        "punched",
        "last_play",
        "over",
        "winner",
        "reason",
    ]:
        assert key in view
    assert view["game"] == "moleicki" and view["dealer"] == 3 and view["direction"] is None
    json.dumps(view)


def test_picked_up_cards_are_public_knowledge():
    state = position([["4D", "5D", "6D"], ["KC", "AC"]], pile=["QS", "KS"])
    state.apply(0, "pickup")
    assert state.view(1)["known"][0] == ["QS", "KS"]
    state.apply(1, "play kc")
    state.apply(0, "play ks")  # a tie with a known card: it leaves the known list
    assert state.view(1)["known"][0] == ["QS"]


def test_hidden_cards_leave_out_the_cards_the_table_saw_go_in():
    # common-card-games: hidden_cards is the hand less the cards the table saw go in.
    state = position([["4D", "5D", "6D"], ["KC", "AC"]], pile=["QS", "KS"])
    state.apply(0, "pickup")
    assert sorted(state.hands[0]) == ["4D", "5D", "6D", "KS", "QS"]
    assert sorted(state.hidden_cards(0)) == ["4D", "5D", "6D"]
    assert state.view(0)["hand"] != state.hidden_cards(0)


def test_views_carry_the_shared_card_game_keys():
    state = dealt(4, HANDS4)
    for seat in (None, 2):
        view = state.view(seat)
        assert view["hand_sizes"] == view["hands"] == [4, 4, 4, 4]
        assert view["hand_no"] == 1 and view["dealer"] == 3 and view["game"] == "moleicki"
    assert {k: v for k, v in state.view(2).items() if k not in ("seat", "hand")} == {
        k: v for k, v in state.view(None).items() if k not in ("seat", "hand")
    }


def test_determinize_keeps_the_view_and_resamples_hidden_cards():
    state = dealt(4, HANDS4)
    view = state.view(0)
    seen_differs = False
    for i in range(20):
        world = state.determinize(0, random.Random(i))
        assert world.view(0) == view and world.view(None) == state.view(None)
        assert world.hands[0] == state.hands[0]
        if world.hands[1] != state.hands[1] or world.draw != state.draw:
            seen_differs = True
        # the race is public: racers still hold a 3 and the others still don't
        for s in range(1, 4):
            has3 = any(c[:-1] == "3" for c in world.hands[s])
            assert has3 == (s in state.race)
    assert seen_differs


def test_determinize_honours_known_cards_and_what_a_pickup_revealed():
    state = position([["4D", "5D", "6D"], ["KC", "AC", "QC"], ["QH", "5H", "6H"]], pile=["JS"], draw=["2S"])
    state.apply(0, "pickup")  # seat 0 held nothing above J
    for i in range(20):
        world = state.determinize(1, random.Random(i))
        assert "JS" in world.hands[0]
        unseen = list(world.hands[0])
        unseen.remove("JS")
        assert all(c[:-1] not in ("Q", "K", "A") for c in unseen)
        assert world.view(1) == state.view(1)


def test_determinize_before_the_deal_shuffles_the_pack():
    state = GAME.new(3, seed=1)
    world = state.determinize(0, random.Random(5))
    assert world.deck != state.deck and sorted(world.deck) == sorted(state.deck)
    assert world.view(0) == state.view(0)


def test_dump_load_round_trip_and_copy_independence():
    state = dealt(4, HANDS4)
    state.apply(0, "play 3s")
    data = json.loads(json.dumps(state.dump()))
    again = GAME.load(data)
    assert again.dump() == state.dump()
    twin = state.copy()
    twin.apply(1, "play 4h")
    assert snapshot(state) == json.dumps(GAME.load(data).dump(), sort_keys=True)


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("PLAY 7D 7H", "play 7h 7d"),
        ("7d, 7h", "play 7h 7d"),
        ("p 7h 7d", "play 7h 7d"),
    ],
)
def test_plays_parse_forgivingly(written, canonical):
    state = position([["7H", "7D", "4D", "5D"], ["4C"]], pile=["5S"])
    assert state.parse(0, written).text == canonical


def test_ten_joker_and_quarter_notation():
    state = position([["10H", "JK", "25", "4D"], ["4C"]], pile=["5S"])
    assert state.parse(0, "play th").text == "play 10h"
    assert state.parse(0, "play Joker").text == "play jk"
    assert state.parse(0, "25").text == "play 25"
    assert {"play 10h", "play jk", "play 25"} <= set(texts(state, 0))


@pytest.mark.parametrize(
    ("written", "fragment"),
    [
        ("frobnicate the wombat", "write a move"),
        ("play 7x", "isn't a card"),
        ("give 1", "give 2 to 3"),
        ("vector sideways", "name a vector"),
        ("flip", "pile number"),
        ("play 9h", "don't have"),
    ],
)
def test_bad_text_is_refused_with_a_sentence_and_changes_nothing(written, fragment):
    state = position([["7H", "7D", "4D", "5D"], ["4C"]], pile=["5S"])
    refused(state, 0, written, fragment)


def test_every_legal_action_round_trips_through_parse():
    rng = random.Random(4)
    for seed in range(6):
        state = GAME.new(3 + seed % 4, seed=seed)
        for _ in range(300):
            if state.over:
                break
            seat = rng.choice(state.to_move)
            for action in state.legal_actions(seat):
                assert state.parse(seat, action.text).text == action.text
            state.apply(seat, rng.choice(state.legal_actions(seat)).text)


def test_seats_not_to_move_have_no_actions_and_are_refused():
    state = dealt(4, HANDS4)
    assert texts(state, 1) == [] and texts(state, 3) == []
    with pytest.raises(IllegalAction):
        state.parse(1, "play 4h")


def test_heuristic_plays_every_part_of_the_game_to_the_end():
    for players in (2, 4, 8):
        for seed in range(3):
            state = GAME.new(players, seed=seed)
            rng = random.Random(seed)
            steps = 0
            while not state.over:
                seat = rng.choice(state.to_move)
                action = state.heuristic_action(seat, rng)
                assert action is not None and state.parse(seat, action.text).text == action.text
                state.apply(seat, action.text)
                steps += 1
            assert steps < 4000 and min(state.outcome().places) == 1


def test_heuristic_says_nein_opens_and_picks_up_only_when_forced():
    state = dealt(4, HANDS4)
    assert state.heuristic_action(2, random.Random(1)).text == "play 3d"
    state = position([["9S", "4D", "5D", "6D"], ["JS", "4C", "5C"]], pile=["7S"])
    state.apply(0, "play 9s")
    assert state.heuristic_action(0, random.Random(1)).text == "nein"
    state = position([["9S", "QS", "2H", "4D"], ["4C"]], pile=["7S"])
    assert state.heuristic_action(0, random.Random(1)).text == "play 9s"  # cheapest beat, aargh kept
    state = position([["2H", "4D", "5D"], ["4C"]], pile=["AS"])
    assert state.heuristic_action(0, random.Random(1)).text == "play 2h"  # stuck: use the aargh
    state = position([["4D", "5D"], ["4C"]], pile=["AS"])
    assert state.heuristic_action(0, random.Random(1)).text == "pickup"


def test_turn_limit_ends_a_runaway_game_with_fewest_cards_winning():
    state = position([["4D", "5D", "6D"], ["QS"]], pile=["3S"])
    state.turns = TURN_LIMIT - 1
    state.apply(0, "play 4d")
    assert state.over and state.winner == 1 and "fewest cards" in state.outcome().reason
    assert state.outcome().places == (2, 1)


def test_rejected_actions_leave_the_state_unchanged_throughout_a_game():
    rng = random.Random(9)
    state = GAME.new(4, seed=9)
    refusals = 0
    for _ in range(200):
        if state.over:
            break
        seat = rng.choice(state.to_move)
        listed = texts(state, seat)
        for text in ("pickup", "nein", "kkk9", "play 25", "flip 1", "blind 1", "done", "next 1", "give 1 to 1"):
            if text not in listed:
                before = snapshot(state)
                with pytest.raises(IllegalAction):
                    state.apply(seat, text)
                assert snapshot(state) == before
                refusals += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)).text)
    assert refusals > 500


def test_actions_carry_friendly_labels():
    state = position([["7H", "7D", "2S", "4D"], ["4C"]], pile=["5S"])
    labels = {a.text: a.label for a in state.legal_actions(0)}
    assert labels["play 7h 7d"] == "Play 7♥ 7♦"
    assert state.parse(0, "7d 7h").label == "Play 7♥ 7♦"


def test_options_are_checked():
    with pytest.raises(ValueError, match="Krzywicka"):
        GAME.new(3, seed=1, options={"krzywicka": "5"})
    with pytest.raises(ValueError, match="krzywicka"):
        GAME.new(3, seed=1, options={"krzywicka": "9"})
    with pytest.raises(ValueError, match="decks"):
        GAME.new(3, seed=1, options={"decks": "4"})


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 5), (5, 6)])
def test_seats_out_of_turn_may_only_make_calls(players, seed):
    """`turn` is `to_move` less the seats there only for a call (Nein, King king king
    nine) or to turn up a tableau card; the first two are the game's `calls`, which an AI
    makes at once and members get time for, while a flip is free to take or leave."""
    assert set(GAME.calls) == {"nein", "kkk9"} and set(GAME.out_of_turn) == GAME.calls | {"flip"}
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    state.apply(players - 1, "deal custom base ddu ddu dd")
    extra_seen = 0
    for _ in range(1500):
        if state.over:
            break
        assert set(state.turn) <= set(state.to_move) and state.turn
        for seat in set(state.to_move) - set(state.turn):
            extra_seen += 1
            assert {a.text.split()[0] for a in state.legal_actions(seat)} <= GAME.out_of_turn
        assert state.turn_seats == state.turn
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert extra_seen
