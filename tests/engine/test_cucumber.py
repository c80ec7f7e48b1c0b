"""Cucumber: the rule text's examples and the spec's house rules on stacked decks."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine import GAMES, IllegalAction
from engine.cards import standard_deck
from engine.cucumber import PLAY, VALUE, _matching, read_card

CUCUMBER = GAMES["cucumber"]

# -- a scripted hand ------------------------------------------------------------
# The leader holds the six top spades and leads them; every follower holds six low
# cards of its own suit and, unable to head, sheds them lowest first. So the leader
# takes tricks 1-6 and keeps leading, and the seventh trick is exactly the `finals`
# (one card per active seat, in play order from the leader). Followers' finals must be
# 8s or 9s so they never head a spade (nor are forced out early).
HIGH = ["AS", "KS", "QS", "JS", "10S", "9S"]
LOWS = [[f"{r}{s}" for r in "234567"] for s in "HDCS"]


def scripted_hands(finals):
    return [[*HIGH, finals[0]]] + [[*LOWS[j], f] for j, f in enumerate(finals[1:])]


def chunk(finals, last=False):
    """One hand's 52-card chunk (only the dealt prefix when `last`)."""
    hands = scripted_hands(finals)
    a = len(hands)
    dealt = [hands[i % a][i // a] for i in range(7 * a)]
    if last:
        return dealt
    return dealt + [c for c in standard_deck() if c not in dealt]


def stacked_match(players, hands, heading="higher", seed=0):
    deck = []
    for k, finals in enumerate(hands):
        deck += chunk(finals, last=k == len(hands) - 1)
    return CUCUMBER.new(players, seed=seed, options={"heading": heading}, deck=deck)


def play_scripted_hand(state, finals):
    """Play one scripted hand; returns the events of its last play."""
    leader = state.to_move[0]
    order = [
        (leader + i) % state.players for i in range(state.players) if not state.eliminated[(leader + i) % state.players]
    ]
    script = dict(zip(order, scripted_hands(finals), strict=True))
    hand_no = state.hand_no
    events = []
    for trick in range(7):
        for seat in order:
            assert state.to_move == (seat,)
            events = state.apply(seat, f"play {script[seat][trick]}")
    assert state.over or state.hand_no == hand_no + 1
    return events


def new(players, hands, heading="higher"):
    """A first hand dealt from explicit hands (in order from seat 0, which leads)."""
    a = len(hands)
    deck = [hands[i % a][i // a] for i in range(7 * a)]
    return CUCUMBER.new(players, seed=1, options={"heading": heading}, deck=deck)


def texts(state, seat):
    return [a.text for a in state.legal_actions(seat)]


def snapshot(state):
    return json.dumps(state.dump(), sort_keys=True)


def kinds(events):
    return [e.kind for e in events]


# -- the deal -----------------------------------------------------------------


def test_seven_cards_each_one_at_a_time_from_left_of_the_dealer_and_the_stub_unused():
    deck = standard_deck()
    state = CUCUMBER.new(3, seed=5, deck=deck)
    view = state.view(None)
    assert view["dealer"] == 2 and view["hand_no"] == 1 and view["to_move"] == [0]
    assert view["hand_sizes"] == [7, 7, 7]
    for seat in range(3):
        assert sorted(state.view(seat)["hand"]) == sorted(deck[seat:21:3])
    dealt = {c for s in range(3) for c in state.hands[s]}
    assert not dealt & set(deck[21:])  # the stub takes no part


def test_hand_is_sorted_high_to_low():
    state = new(2, [["2C", "AS", "10H", "KD", "3S", "QC", "JH"], ["4C", "5C", "6C", "7C", "8C", "9C", "10C"]])
    assert state.view(0)["hand"] == ["AS", "KD", "QC", "JH", "10H", "3S", "2C"]


def test_several_hands_can_be_stacked_and_a_short_last_chunk_is_a_prefix():
    first = chunk(["AH", "8H"])
    second = ["2C", "3C"]  # hand 2: its leader (seat 1) gets 2C first, then seat 0 gets 3C
    state = CUCUMBER.new(2, seed=3, deck=first + second)
    play_scripted_hand(state, ["AH", "8H"])
    assert state.hand_no == 2 and state.dealer == 0 and state.to_move == (1,)
    assert "2C" in state.hands[1] and "3C" in state.hands[0]
    assert sum(len(h) for h in state.hands) == 14


def test_a_bad_stacked_chunk_fails_at_the_start():
    with pytest.raises(ValueError, match="AS"):
        CUCUMBER.new(2, seed=1, deck=[*chunk(["AH", "8H"]), "AS", "AS"])


# -- leading and heading ------------------------------------------------------

HANDS_3 = [
    ["5C", "AS", "KS", "QS", "2S", "3S", "4S"],
    ["JD", "10D", "9D", "3D", "3H", "2H", "4D"],
    ["QD", "KD", "8C", "7C", "6C", "2C", "AD"],
]


def test_the_leader_may_lead_any_card():
    state = new(3, HANDS_3)
    assert sorted(texts(state, 0)) == sorted(f"play {c.lower()}" for c in HANDS_3[0])
    assert texts(state, 1) == [] and texts(state, 2) == []


def test_a_follower_who_can_head_must_and_chooses_which_higher_card():
    state = new(3, HANDS_3)
    state.apply(0, "play 5c")
    assert texts(state, 1) == ["play jd", "play 10d", "play 9d"]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=re.escape("You hold a card higher than the 5: you must head the trick.")):
        state.apply(1, "play 2h")
    assert snapshot(state) == before
    state.apply(1, "play 9d")
    assert state.to_move == (2,)


def test_heading_is_against_the_highest_card_in_play_not_the_lead():
    state = new(3, HANDS_3)
    state.apply(0, "play 5c")
    state.apply(1, "play jd")
    assert texts(state, 2) == ["play ad", "play kd", "play qd"]


def test_a_follower_who_cannot_head_plays_one_of_their_lowest_cards():
    state = new(3, HANDS_3)
    state.apply(0, "play as")
    assert texts(state, 1) == ["play 2h"]
    with pytest.raises(IllegalAction, match=re.escape("You can't head the A, so you must play your lowest card: 2♥.")):
        state.apply(1, "play 3d")
    state.apply(1, "play 2h")
    assert texts(state, 2) == ["play 2c"]


def test_several_lowest_cards_of_one_rank_are_all_legal():
    state = new(2, [["KC", "2S", "3S", "4S", "5S", "6S", "7S"], ["3H", "3D", "8H", "9H", "10H", "JH", "QH"]])
    state.apply(0, "play kc")
    assert texts(state, 1) == ["play 3h", "play 3d"]
    with pytest.raises(IllegalAction, match="lowest card: 3♥ or 3♦"):
        state.apply(1, "play 8h")


def test_the_highest_card_takes_the_trick_and_its_player_leads_next():
    state = new(3, HANDS_3)
    state.apply(0, "play 5c")
    state.apply(1, "play 9d")
    events = state.apply(2, "play kd")
    assert kinds(events) == ["play", "trick"]
    assert events[-1].data["winner"] == 2 and events[-1].data["cards"] == ["5C", "9D", "KD"]
    assert state.to_move == (2,)
    assert state.view(None)["trick"] == []


def test_among_equal_highest_cards_the_last_played_takes_the_trick():
    hands = [
        ["9H", "AS", "KS", "QS", "JS", "10S", "8S"],
        ["9D", "QD", "KD", "AD", "JD", "10D", "8D"],
        ["2C", "3C", "4C", "5C", "6C", "7C", "8C"],
    ]
    state = new(3, hands, heading="equal")
    state.apply(0, "play 9h")
    assert "play 9d" in texts(state, 1)  # an equal card heads in the equal mode
    state.apply(1, "play 9d")
    events = state.apply(2, "play 2c")
    assert events[-1].data["winner"] == 1


def test_in_the_higher_mode_an_equal_card_does_not_head_but_still_takes_as_the_later_card():
    state = stacked_match(2, [["9C", "9H"]])
    events = play_scripted_hand(state, ["9C", "9H"])  # seat 1 cannot head the 9C: its 9H is its lowest
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data["cards"] == ["9C", "9H"] and trick.data["winner"] == 1
    assert state.scores == [0, 9]


def test_completed_tricks_stay_on_view_for_the_rest_of_the_hand():
    state = new(3, HANDS_3)
    for seat, card in ((0, "5c"), (1, "9d"), (2, "kd"), (2, "2c"), (0, "3s")):
        state.apply(seat, f"play {card}")
    view = state.view(None)
    assert view["played"] == [[{"seat": 0, "card": "5C"}, {"seat": 1, "card": "9D"}, {"seat": 2, "card": "KD"}]]
    assert view["trick"] == [{"seat": 2, "card": "2C"}, {"seat": 0, "card": "3S"}]
    assert view["trick_no"] == 2


# -- scoring the seventh trick ---------------------------------------------------


@pytest.mark.parametrize(("card", "value"), [("AH", 14), ("KH", 13), ("QH", 12), ("JH", 11), ("10H", 10)])
def test_the_taker_of_the_last_trick_scores_its_card(card, value):
    state = stacked_match(2, [[card, "8H"]])
    events = play_scripted_hand(state, [card, "8H"])
    end = next(e for e in events if e.kind == "hand_end")
    assert end.data["taker"] == 0 and end.data["penalty"] == value
    assert state.scores == [value, 0]


@pytest.mark.parametrize(("card", "value"), [("9H", 9), ("8H", 8)])
def test_number_cards_score_their_face_value(card, value):
    state = stacked_match(2, [["2D", card]])  # the 2 is led; the follower must head it
    play_scripted_hand(state, ["2D", card])
    assert state.scores == [0, value]


def test_others_who_played_the_taking_rank_lose_its_value_but_not_below_zero():
    state = stacked_match(3, [["2C", "9H", "9D"]])
    events = play_scripted_hand(state, ["2C", "9H", "9D"])
    end = next(e for e in events if e.kind == "hand_end")
    assert end.data["taker"] == 2 and end.data["relieved"] == [1]
    assert state.scores == [0, 0, 9]


def test_a_relieved_player_loses_the_value_from_their_score():
    # Hand 1: seat 0 takes with the K (13); hand 2: seat 1 leads and takes with the 10.
    # Hand 3 (seat 2 leads 2C): seat 0 heads with 9H, seat 1 can't head and plays 9D last.
    hands = [["KH", "8H", "8D"], ["10D", "8H", "8C"], ["2C", "9H", "9D"]]
    state = stacked_match(3, hands)
    play_scripted_hand(state, hands[0])
    play_scripted_hand(state, hands[1])
    assert state.scores == [13, 10, 0]
    events = play_scripted_hand(state, hands[2])
    end = next(e for e in events if e.kind == "hand_end")
    assert end.data["taker"] == 1 and end.data["relieved"] == [0]
    assert state.scores == [4, 19, 0]
    assert "{p0} also played a 9: 9 off." in end.text


def test_exactly_21_is_not_over():
    hands = [["10H", "8H"], ["10D", "8D"], ["JH", "8C"]]
    state = stacked_match(2, hands)
    for finals in hands:
        events = play_scripted_hand(state, finals)
    assert state.scores == [21, 10]
    assert state.cucumbers == [0, 0]
    assert "cucumber" not in kinds(events)


def test_over_21_earns_a_cucumber_and_the_highest_other_score_after_this_hand():
    # Hand 1: seat 0 takes 14. Hand 2 (leader 1): seat 2 takes with a 9. Hand 3 (leader 2):
    # seat 2 leads 9C, seat 0 plays 9H and takes (23); seat 2 is relieved to 0 first.
    hands = [["AH", "8H", "8D"], ["2C", "9D", "8C"], ["9C", "9H", "8H"]]
    state = stacked_match(3, hands)
    play_scripted_hand(state, hands[0])
    play_scripted_hand(state, hands[1])
    assert state.scores == [14, 0, 9]
    events = play_scripted_hand(state, hands[2])
    assert kinds(events)[-3:] == ["hand_end", "cucumber", "deal"]
    assert state.cucumbers == [1, 0, 0]
    assert state.scores == [0, 0, 0]  # reset to the others' best after seat 2's 9 came off


def test_the_reset_takes_the_highest_other_active_score():
    hands = [["AH", "8H", "8D"], ["QD", "8C", "8H"], ["2C", "9H", "8C"]]
    state = stacked_match(3, hands)
    for finals in hands:
        play_scripted_hand(state, finals)
    # Hand 3 (leader 2): seat 0 heads the 2 with a 9 and takes: 14 + 9 = 23.
    assert state.cucumbers == [1, 0, 0]
    assert state.scores == [12, 12, 0]


def test_over_21_with_a_cucumber_eliminates_and_the_last_player_wins():
    hands = [["AH", "8H"], ["2D", "9H"], ["AH", "8H"], ["2D", "9H"]]
    state = stacked_match(2, hands)
    play_scripted_hand(state, hands[0])
    events = play_scripted_hand(state, hands[1])
    assert "cucumber" in kinds(events) and state.scores == [0, 0]
    play_scripted_hand(state, hands[2])
    events = play_scripted_hand(state, hands[3])
    assert kinds(events)[-4:] == ["trick", "hand_end", "eliminated", "game_end"]
    assert state.over and state.to_move == ()
    assert state.eliminated == [True, False]
    outcome = state.outcome()
    assert outcome.places == (2, 1)
    assert outcome.scores == (23.0, 0.0)
    assert outcome.reason == "{p1} is the last player without two cucumbers."
    with pytest.raises(IllegalAction, match=re.escape("The game is over.")):
        state.apply(1, "play 2h")


def eliminate_seat_1(later=()):
    """Three seats; seat 1 gets a cucumber in hand 2 and goes out in hand 5; then `later` hands."""
    hands = [
        ["2C", "9H", "8H"],  # leader 0: seat 1 heads and takes 9
        ["AH", "8H", "8D"],  # leader 1: 23, a cucumber, reset to 0
        ["2C", "8H", "9H"],  # leader 2: seat 1 plays last and takes 9
        ["2C", "9H", "8H"],  # leader 0: seat 1 takes 9 (18)
        ["AH", "8H", "8D"],  # leader 1: 32 with a cucumber: out
        *later,
    ]
    state = stacked_match(3, hands)
    events = []
    for finals in hands:
        events = play_scripted_hand(state, finals)
    return state, events


def test_eliminated_seats_are_skipped_for_dealing_and_turns_but_stay_in_every_list():
    state, events = eliminate_seat_1()
    assert kinds(events)[-3:] == ["hand_end", "eliminated", "deal"]
    view = state.view(None)
    assert view["eliminated"] == [False, True, False]
    assert view["out_order"] == [1]
    assert view["dealer"] == 2 and view["to_move"] == [0]  # the deal passed over seat 1
    assert view["hand_sizes"] == [7, 0, 7]
    assert len(view["scores"]) == len(view["cucumbers"]) == 3
    assert state.view(1)["hand"] == [] and state.legal_actions(1) == []
    state.apply(0, state.legal_actions(0)[0])
    assert state.to_move == (2,)


def test_the_reset_ignores_eliminated_seats():
    # Hand 6 (seats 0 and 2): seat 0 takes 14; hand 7 (seat 2 leads): seat 0 heads and takes 9.
    state, events = eliminate_seat_1(later=[["AH", "8H"], ["2C", "9H"]])
    assert "cucumber" in kinds(events)
    assert state.scores == [0, 32, 0]  # seat 2's 0, not the eliminated seat's 32


def test_places_rank_the_eliminated_in_reverse_order_of_going_out():
    state, _ = eliminate_seat_1()
    rng = random.Random(4)
    while not state.over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    places = state.outcome().places
    survivor = 0 if places[0] == 1 else 2
    assert places[1] == 3 and places[2 - survivor] == 2


def test_the_deal_passes_left_and_the_player_left_of_the_dealer_leads():
    state = stacked_match(3, [["AH", "8H", "8D"]])
    events = play_scripted_hand(state, ["AH", "8H", "8D"])
    assert kinds(events)[-2:] == ["hand_end", "deal"]
    assert events[-1].data == {"dealer": 0, "leader": 1, "hand_no": 2}
    assert state.view(None)["played"] == [] and state.view(None)["last_hand"]["taker"] == 0
    assert [len(h) for h in state.hands] == [7, 7, 7]


# -- the equal heading option and rules we leave out -----------------------------


def test_equal_mode_an_equal_card_heads_and_must_be_played():
    hands = [["JH", "2S", "3S", "4S", "5S", "6S", "7S"], ["JD", "2H", "3H", "4H", "5H", "6H", "7H"]]
    state = new(2, hands, heading="equal")
    state.apply(0, "play jh")
    assert texts(state, 1) == ["play jd"]
    with pytest.raises(IllegalAction, match="as high as the J or higher: you must head"):
        state.apply(1, "play 2h")


def test_a_led_ace_does_not_force_lowest_cards():
    # The Danish "ace led: everyone plays their lowest" rule is not in our text.
    hands = [["AH", "2S", "3S", "4S", "5S", "6S", "7S"], ["AD", "2H", "3H", "4H", "5H", "6H", "7H"]]
    state = new(2, hands, heading="equal")
    state.apply(0, "play ah")
    assert texts(state, 1) == ["play ad"]


# -- notation -------------------------------------------------------------------


def test_every_listed_action_round_trips_and_carries_parts():
    state = new(3, HANDS_3)
    for action in state.legal_actions(0):
        assert state.parse(0, action.text).text == action.text
        card = action.parts["cards"][0]
        assert action.parts == {"verb": "play", "cards": [card]}
        assert action.text == f"play {card.lower()}"
    assert PLAY["10H"].label == "Play 10♥"


@pytest.mark.parametrize("text", ["play 10h", "PLAY 10H", "play th", "play T♥", "10h", "  play  10 h ", "play 10♥,"])
def test_parsing_is_forgiving(text):
    state = new(2, [["10H", "2S", "3S", "4S", "5S", "6S", "7S"], ["AD", "2H", "3H", "4H", "5H", "6H", "7H"]])
    assert state.parse(0, text).text == "play 10h"
    assert read_card(text) == "10H"


@pytest.mark.parametrize(
    ("seat", "text", "message"),
    [
        (0, "play kd", "You don't hold K♦."),
        (0, "draw", "isn't a card"),
        (0, "play", "Say which card to play"),
        (0, "play 2s 3s", "Play exactly one card"),
        (1, "play 2h", "It isn't your turn."),
        (5, "play 2h", "You don't have a seat"),
        (0, "", "Say what you want to do"),
    ],
)
def test_illegal_actions_explain_and_change_nothing(seat, text, message):
    state = new(2, [["10H", "2S", "3S", "4S", "5S", "6S", "7S"], ["AD", "2H", "3H", "4H", "5H", "6H", "7H"]])
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=message):
        state.apply(seat, text)
    assert snapshot(state) == before


# -- views, dumps and copies ------------------------------------------------------


def random_states(players, seed, every=5):
    state = CUCUMBER.new(players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.over:
        if step % every == 0:
            yield state
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    yield state


@pytest.mark.parametrize("players", [2, 4, 7])
def test_views_differ_only_by_seat_and_hand_and_show_no_hidden_card(players):
    for state in random_states(players, seed=players):
        public = state.view(None)
        assert public["hand"] is None and public["seat"] is None
        for seat in range(players):
            mine = state.view(seat)
            assert {k: v for k, v in mine.items() if k not in ("seat", "hand")} == {
                k: v for k, v in public.items() if k not in ("seat", "hand")
            }
            assert mine["seat"] == seat and mine["hand"] == state.hidden_cards(seat)
        held = {c for h in state.hands for c in h}
        shown = {p["card"] for trick in (public["trick"], *public["played"]) for p in trick}
        assert not held & shown
        json.dumps(public)


def test_dump_load_and_copy_are_exact_and_independent():
    for state in random_states(3, seed=11, every=9):
        again = CUCUMBER.load(json.loads(json.dumps(state.dump())))
        assert again.dump() == state.dump()
        twin = state.copy()
        assert twin.dump() == state.dump()
        if not twin.over:
            seat = twin.to_move[0]
            twin.apply(seat, twin.legal_actions(seat)[0])
            assert twin.dump() != state.dump()


def test_the_same_seed_and_moves_give_the_same_match():
    a = [s.dump() for s in random_states(4, seed=3, every=50)]
    b = [s.dump() for s in random_states(4, seed=3, every=50)]
    assert a == b


# -- determinize -------------------------------------------------------------------

DEDUCE = [
    ["10S", "AS", "KS", "QS", "JS", "3C", "2C"],
    ["4H", "5H", "6H", "7H", "8H", "9H", "10H"],
    ["KD", "2D", "3D", "4D", "5D", "6D", "7D"],
]


def test_determinize_keeps_the_deductions_and_resamples_hidden_cards():
    state = new(3, DEDUCE)
    state.apply(0, "play 10s")
    state.apply(1, "play 4h")  # could not head the 10: holds nothing above 10 or below 4
    state.apply(2, "play kd")
    assert state.deductions() == {1: (4, 10)}
    seen = set(state.hands[0]) | {"10S", "4H", "KD"}
    differs = 0
    for i in range(60):
        world = state.determinize(0, random.Random(i))
        assert world.view(0) == state.view(0) and world.view(None) == state.view(None)
        assert all(4 <= VALUE[c] <= 10 for c in world.hands[1])
        cards = world.hands[1] + world.hands[2]
        assert len(set(cards)) == 12 and not set(cards) & seen
        differs += world.hands[1] != state.hands[1] or world.hands[2] != state.hands[2]
    assert differs > 50


def test_determinize_in_the_equal_mode_excludes_the_rank_not_headed():
    hands = [DEDUCE[0], ["3H", "4H", "5H", "6H", "7H", "8H", "9H"], DEDUCE[2]]
    state = new(3, hands, heading="equal")
    state.apply(0, "play 10s")
    state.apply(1, "play 3h")
    assert state.deductions() == {1: (3, 9)}
    for i in range(30):
        world = state.determinize(2, random.Random(i))
        assert all(3 <= VALUE[c] <= 9 for c in world.hands[1])


def test_determinize_always_finds_a_deal_when_the_deductions_are_tight():
    # Seat 2 fails to head a 4: it holds 2s and 3s only, and seat 0 sees that exactly six
    # such cards are unseen, so every world must give seat 2 all of them.
    hands = [
        ["3S", "AS", "KS", "QS", "4S", "4D", "4C"],
        ["4H", "5H", "6H", "7H", "8H", "9H", "10H"],
        ["2D", "2C", "2H", "3D", "3C", "3H", "2S"],
    ]
    state = new(3, hands)
    for seat, card in ((0, "3s"), (1, "4h"), (2, "2d")):
        state.apply(seat, f"play {card}")
    assert state.deductions() == {2: (2, 4)}
    for i in range(40):
        world = state.determinize(0, random.Random(i))
        assert sorted(world.hands[2]) == sorted(state.hands[2])


def test_the_matching_fallback_finds_a_deal_random_draws_can_miss():
    pool = ["2C", "4C", "5C", "8C"]
    need = {1: 2, 2: 2}
    fits = {1: (2, 5), 2: (4, 8)}
    for i in range(20):
        out = _matching(pool[:], need, fits, random.Random(i))
        assert "2C" in out[1] and "8C" in out[2]
        assert sorted(out[1] + out[2]) == sorted(pool)


def test_determinize_does_not_foresee_stacked_later_hands():
    state = stacked_match(2, [["AH", "8H"], ["2D", "9H"]])
    assert state.stacked
    world = state.determinize(0, random.Random(1))
    assert world.stacked == ()


# -- the heuristic -------------------------------------------------------------------


def test_heuristic_leads_high_heads_high_and_keeps_the_low_card():
    state = new(3, HANDS_3)
    rng = random.Random(0)
    assert state.heuristic_action(0, rng).text == "play as"
    state.apply(0, "play 5c")
    assert state.heuristic_action(1, rng).text == "play jd"
    assert state.heuristic_action(2, rng) is None
    state.apply(1, "play jd")
    state.apply(2, "play kd")
    state.apply(2, "play 2c")
    state.apply(0, "play 3s")
    state.apply(1, "play 10d")
    state.apply(1, "play 3h")  # seat 1 took with the 10 and leads
    state.apply(2, "play qd")
    state.apply(0, "play ks")
    state.apply(0, "play 4s")
    assert state.heuristic_action(1, rng).text == "play 9d"


@pytest.mark.parametrize("players", [3, 6])
def test_random_matches_in_the_equal_mode_end_and_keep_every_card_accounted_for(players):
    state = CUCUMBER.new(players, seed=players, options={"heading": "equal"})
    rng = random.Random(players)
    while not state.over:
        held = [c for h in state.hands for c in h]
        on_table = [c for t in (*state.played, state.trick) for _, c in t]
        assert len(set(held + on_table)) == len(held + on_table) == 7 * (players - len(state.out_order))
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        assert state.parse(seat, action.text) is action
        state.apply(seat, action)
    places = state.outcome().places
    assert sorted(places) == list(range(1, players + 1))
