"""Dickory: every example of the rule text on a stacked deck, plus the house rules."""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter

import pytest

from engine import GAMES, IllegalAction
from engine.dickory import MELDS_BY_TYPE, classify, pos, rank_order

DICKORY = GAMES["dickory"]
ALL_TYPES = ("single", "double", "triple", "quad", "run", "step", "bobtail")


# -- helpers ----------------------------------------------------------------


def deal(hand0, hand1, queue, draw=(), variant="classic", match="single", seed=0):
    """A new hand with both hands, the queue and the top of the draw pile stacked."""
    assert len(hand0) == len(hand1) == 11 and len(queue) == 6
    deck = [c for pair in zip(hand0, hand1, strict=True) for c in pair] + list(queue) + list(draw)
    return DICKORY.new(2, seed=seed, options={"variant": variant, "match": match}, deck=deck)


def texts(state, seat):
    return [a.text for a in state.legal_actions(seat)]


def plays_without_take(state, seat):
    return [t for t in texts(state, seat) if not t.startswith("take")]


def snapshot(state):
    return json.dumps(state.dump(), sort_keys=True)


def shrink_draw(state, keep):
    """The same position with all but `keep` draw cards moved to the discards."""
    data = state.dump()
    data["discards"] = data["discards"] + data["draw"][keep:]
    data["draw"] = data["draw"][:keep]
    return DICKORY.load(data)


def check_card_total(state):
    """Every one of the 48 cards is somewhere, exactly once."""
    d = state.dump()
    everything = Counter()
    for part in (*d["hands"], d["queue"], d["draw"], d["discards"], d["round_cards"]):
        everything.update(part)
    assert everything == Counter({r: 4 for r in range(1, 13)})


# Hands for the examples on the queue 4 12 5 7 11 2 (2 is highest; 3 is lowest).
QUEUE_2 = [4, 12, 5, 7, 11, 2]
LOW_HAND = [3, 3, 3, 1, 2, 6, 6, 8, 8, 5, 5]
HIGH_HAND = [2, 2, 2, 12, 1, 3, 6, 6, 8, 8, 5]
OTHER_HAND = [1, 1, 1, 12, 12, 9, 9, 10, 10, 11, 11]


# -- the queue sets the rank order --------------------------------------------


def queue_only(queue):
    """A new hand whose queue is `queue`; the hands are whatever cards are left."""
    rest = Counter({r: 4 for r in range(1, 13)}) - Counter(queue)
    return DICKORY.new(2, seed=1, deck=list(rest.elements())[:22] + list(queue))


@pytest.mark.parametrize(
    ("queue", "highest", "order"),
    [
        ([11, 9, 4, 2, 10, 7], 7, [8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7]),
        ([4, 10, 2, 2, 12, 10], 10, [11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
        (QUEUE_2, 2, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2]),
    ],
)
def test_rightmost_queue_card_is_highest(queue, highest, order):
    view = queue_only(queue).view(None)
    assert view["queue"] == queue
    assert view["highest"] == highest
    assert view["order"] == order == rank_order(highest)


@pytest.mark.parametrize(
    ("kind", "lowest", "highest"),
    [
        ("single", (3,), (2,)),
        ("double", (3, 3), (2, 2)),
        ("triple", (3, 3, 3), (2, 2, 2)),
        ("quad", (3, 3, 3, 3), (2, 2, 2, 2)),
        ("run", (1, 2, 3), (12, 1, 2)),
    ],
)
def test_lowest_and_highest_meld_of_each_type_with_2_highest(kind, lowest, highest):
    ranked = sorted(MELDS_BY_TYPE[kind], key=lambda md: pos(md.key, 2))
    assert ranked[0].cards == lowest
    assert ranked[-1].cards == highest
    # "Play a meld with a rank of 4 or higher to beat these."
    assert ranked[1].key == 4


@pytest.mark.parametrize("lead", ["3", "3 3", "3 3 3", "1 2 3"])
def test_lowest_melds_are_beaten_by_every_meld_of_their_type(lead):
    state = deal(LOW_HAND, OTHER_HAND, QUEUE_2)
    state.apply(0, f"play {lead}")
    kind = classify([int(x) for x in lead.split()]).type
    held = [md.text for md in MELDS_BY_TYPE[kind] if all(OTHER_HAND.count(r) >= n for r, n in md.need)]
    assert held, "the test hand must hold some melds of this type"
    beats = plays_without_take(state, 1)
    assert beats[-1] == "pass"
    assert sorted(t.removeprefix("play ") for t in beats[:-1]) == sorted(held)


@pytest.mark.parametrize("lead", ["2", "2 2", "2 2 2", "12 1 2"])
def test_highest_melds_cannot_be_beaten_while_the_queue_stands(lead):
    state = deal(HIGH_HAND, OTHER_HAND, QUEUE_2)
    state.apply(0, f"play {lead}")
    assert plays_without_take(state, 1) == ["pass"]
    kind = classify([int(x) for x in lead.split()]).type
    for md in MELDS_BY_TYPE[kind]:
        with pytest.raises(IllegalAction):
            state.parse(1, f"play {md.text}")


EQUAL_HAND0 = [3, 3, 1, 2, 6, 6, 8, 8, 9, 9, 10]
EQUAL_HAND1 = [3, 3, 4, 4, 1, 2, 6, 7, 8, 9, 10]


@pytest.mark.parametrize(("lead", "next_up"), [("3", "4"), ("3 3", "4 4"), ("1 2 3", "2 3 4")])
def test_a_meld_of_equal_rank_does_not_beat_and_rank_4_does(lead, next_up):
    # "Play a meld with a rank of 4 or higher to beat these" (queue 4 12 5 7 11 2).
    state = deal(EQUAL_HAND0, EQUAL_HAND1, QUEUE_2)
    state.apply(0, f"play {lead}")
    with pytest.raises(IllegalAction, match="doesn't beat"):
        state.parse(1, f"play {lead}")
    assert f"play {lead}" not in texts(state, 1)
    assert state.parse(1, f"play {next_up}").text == f"play {next_up}"


def test_deal_order_of_a_stacked_deck():
    deck = [str(r) for r in range(1, 13) for _ in range(4)]
    random.Random(4).shuffle(deck)
    state = DICKORY.new(2, seed=9, deck=deck)
    ranks = [int(c) for c in deck]
    # One card at a time from seat 0; then six face up, left to right; the rest is the draw pile.
    assert sorted(state.view(0)["hand"]) == sorted(ranks[0:22:2])
    assert sorted(state.view(1)["hand"]) == sorted(ranks[1:22:2])
    view = state.view(None)
    assert view["queue"] == ranks[22:28] and view["highest"] == ranks[27]
    assert state.dump()["draw"] == ranks[28:] and view["draw_pile"] == 20
    # The last seat deals; the non-dealer leads.
    assert (view["dealer"], view["leader"], view["to_move"], view["hand_no"]) == (1, 0, [0], 1)


def test_runs_go_round_the_clock_and_rank_by_their_last_card():
    assert classify([12, 1, 2]).cards == (12, 1, 2)
    assert classify([1, 12, 11]).cards == (11, 12, 1)
    assert classify([3, 1, 2]).cards == (1, 2, 3)
    assert classify([12, 2, 4]) is None
    assert classify([1, 2, 3, 4]).type == "bobtail"
    assert classify([5, 6]).type == "step"
    # With 2 highest, 1-2-3 is the lowest run although it holds the highest card.
    state = deal(LOW_HAND, [2, 3, 4, 9, 9, 10, 10, 11, 12, 12, 1], QUEUE_2)
    state.apply(0, "play 1 2 3")
    assert "play 2 3 4" in texts(state, 1)
    assert "play 10 11 12" in texts(state, 1)


# -- taking from the queue ------------------------------------------------------

TAKE_HAND0 = [2, 2, 1, 1, 8, 8, 10, 10, 12, 12, 6]
TAKE_HAND1 = [3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 9]


def test_taking_2_and_11_turns_the_clock_to_7():
    state = deal(TAKE_HAND0, TAKE_HAND1, QUEUE_2, draw=[9, 10, 11])
    state.apply(0, "play 2 2")
    assert plays_without_take(state, 1) == ["pass"]  # 2-2 is unbeatable while 2 is highest
    after_two = sorted(t for t in texts(state, 1) if t.startswith("take 2 "))
    assert after_two == [f"take 2 play {r} {r}" for r in (3, 4, 5, 6, 7)]
    events = state.apply(1, "take 2 play 3 3")
    assert [e.kind for e in events] == ["take"]
    assert events[0].text == "{p1} takes 2 from the queue and plays 3 3."
    assert events[0].data["taken"] == [11, 2]
    view = state.view(None)
    assert view["queue"] == [4, 12, 5, 7]
    assert view["order"] == [8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7]
    assert view["known"] == [[], [11, 2]]
    assert view["hand_sizes"] == [9, 11]
    assert view["meld"] == {"cards": [3, 3], "type": "double", "seat": 1}
    assert view["round_type"] == "double"
    check_card_total(state)


def test_a_take_must_be_followed_by_a_beat():
    hand1 = [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]  # no pairs at all
    hand0 = [2, 2, 1, 1, 8, 8, 10, 10, 12, 12, 6]
    state = deal(hand0, hand1, QUEUE_2)
    state.apply(0, "play 2 2")
    before = snapshot(state)
    # Taking 2 and 11 makes 11-11, but 2-2 still outranks it with 7 highest.
    with pytest.raises(IllegalAction, match="doesn't beat 2 2 while 7 is the highest rank after taking"):
        state.apply(1, "take 2 play 11 11")
    with pytest.raises(IllegalAction, match="After taking you must beat"):
        state.apply(1, "take 2")
    with pytest.raises(IllegalAction, match="can't take from the queue and then pass"):
        state.apply(1, "take 1 pass")
    assert snapshot(state) == before
    takes = {t.split()[1] for t in texts(state, 1) if t.startswith("take")}
    assert takes == {"4"}  # only with 12 highest do 5-5, 7-7 or 11-11 outrank 2-2
    for t in texts(state, 1):
        if t.startswith("take"):
            state.parse(1, t)


def test_the_leftmost_queue_card_is_never_taken():
    state = deal(TAKE_HAND0, TAKE_HAND1, QUEUE_2)
    state.apply(0, "play 2 2")
    assert max(int(t.split()[1]) for t in texts(state, 1) if t.startswith("take")) <= 5
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="at most 5 cards"):
        state.apply(1, "take 6 play 3 3")
    assert snapshot(state) == before


def test_the_leader_must_play_and_cannot_take_or_pass():
    state = deal(TAKE_HAND0, TAKE_HAND1, QUEUE_2)
    assert "pass" not in texts(state, 0)
    assert all(t.startswith("play ") for t in texts(state, 0))
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="must play a meld"):
        state.apply(0, "pass")
    with pytest.raises(IllegalAction, match="without taking"):
        state.apply(0, "take 1 play 2 2")
    with pytest.raises(IllegalAction, match="don't have 3 3"):
        state.apply(0, "play 3 3")
    with pytest.raises(IllegalAction, match="isn't your turn"):
        state.apply(1, "play 3 3")
    assert snapshot(state) == before


# -- passing and refilling -----------------------------------------------------


def test_pass_discards_the_rightmost_card_and_refills_on_the_left():
    state = deal(TAKE_HAND0, TAKE_HAND1, QUEUE_2, draw=[9, 10, 11])
    state.apply(0, "play 2 2")
    state.apply(1, "take 2 play 3 3")
    events = state.apply(0, "pass")
    assert [e.kind for e in events] == ["pass", "refill", "round_end"]
    assert events[0].data["discarded"] == 7
    view = state.view(None)
    # The three drawn cards are laid one by one to the left of 4 12 5.
    assert view["queue"] == [11, 10, 9, 4, 12, 5]
    assert view["highest"] == 5
    assert view["draw_pile"] == 48 - 22 - 6 - 3
    assert view["discards"] == 5  # the 7 plus 2 2 and 3 3 from the round
    assert view["meld"] is None and view["round_type"] is None
    assert view["leader"] == 1 and view["to_move"] == [1]  # who played the last meld leads
    check_card_total(state)


def test_pass_with_a_short_draw_pile_adds_what_is_left():
    state = deal(TAKE_HAND0, TAKE_HAND1, QUEUE_2, draw=[9, 10])
    state.apply(0, "play 2 2")
    state.apply(1, "take 2 play 3 3")
    state = shrink_draw(state, 2)
    events = state.apply(0, "pass")
    assert events[1].text == "2 cards from the draw pile join the queue."
    assert state.view(None)["queue"] == [10, 9, 4, 12, 5]
    assert state.view(None)["draw_pile"] == 0
    # With the draw pile empty a pass only discards.
    state.apply(1, "play 4 4")
    events = state.apply(0, "pass")
    assert [e.kind for e in events] == ["pass", "round_end"]
    assert state.view(None)["queue"] == [10, 9, 4, 12]
    check_card_total(state)


def single_card_queue(draw_left=None):
    """Seat 1 takes five cards, leaving the queue a lone 7, then seat 0 passes."""
    hand0 = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]
    hand1 = [8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 6]
    state = deal(hand0, hand1, [7, 1, 2, 3, 4, 5], draw=[6, 6, 7, 7, 8])
    state.apply(0, "play 1")
    # Taking 5 cards leaves 7 highest, under which 6 outranks 1.
    assert "play 6" not in texts(state, 1)
    state.apply(1, "take 5 play 6")
    assert state.view(None)["queue"] == [7]
    if draw_left is not None:
        state = shrink_draw(state, draw_left)
    return state


def test_a_lone_queue_card_is_not_discarded_and_five_join_behind_it():
    state = single_card_queue()
    assert not [t for t in texts(state, 0) if t.startswith("take")]  # nothing can be taken
    events = state.apply(0, "pass")
    assert events[0].data["discarded"] is None
    assert state.view(None)["queue"] == [8, 7, 7, 6, 6, 7]
    assert state.view(None)["highest"] == 7
    check_card_total(state)


def test_a_lone_queue_card_takes_all_that_is_left_of_a_short_draw_pile():
    state = single_card_queue(draw_left=2)
    events = state.apply(0, "pass")
    assert events[0].data["discarded"] is None
    assert state.view(None)["queue"] == [6, 6, 7]  # both cards, behind the 7
    assert state.view(None)["highest"] == 7 and state.view(None)["draw_pile"] == 0
    check_card_total(state)


def test_a_lone_queue_card_with_an_empty_draw_pile_stays_alone():
    state = single_card_queue(draw_left=0)
    events = state.apply(0, "pass")
    assert [e.kind for e in events] == ["pass", "round_end"]
    assert state.view(None)["queue"] == [7]
    state.apply(1, "play 8 8")
    with pytest.raises(IllegalAction, match="only one card"):
        state.apply(0, "take 1 play 2 2")
    check_card_total(state)


# -- going out and matches ---------------------------------------------------

OUT_HAND0 = [3, 3, 3, 3, 4, 4, 4, 4, 6, 6, 6]
OUT_HAND1 = [1, 1, 2, 2, 5, 5, 7, 7, 8, 9, 10]
OUT_QUEUE = [1, 8, 9, 10, 11, 12]


def test_emptying_your_hand_wins_at_once():
    state = deal(OUT_HAND0, OUT_HAND1, OUT_QUEUE)
    state.apply(0, "play 3 3 3 3")
    assert texts(state, 1) == ["pass"]
    state.apply(1, "pass")
    state.apply(0, "play 4 4 4 4")
    state.apply(1, "pass")
    events = state.apply(0, "play 6 6 6")
    assert [e.kind for e in events] == ["play", "hand_end", "game_end"]
    assert state.over and state.to_move == ()
    assert state.legal_actions(0) == state.legal_actions(1) == []
    outcome = state.outcome()
    assert outcome.places == (1, 2) and outcome.scores == (1.0, 0.0) and outcome.winners == (0,)
    view = state.view(0)
    assert view["over"] and view["winner"] == 0 and view["scores"] == [1, 0] and view["hand"] == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply(1, "pass")


def test_best_of_three_alternates_dealers_until_two_wins():
    state = deal(OUT_HAND0, OUT_HAND1, OUT_QUEUE, match="best-of-3", seed=5)
    assert (state.view(None)["dealer"], state.view(None)["leader"]) == (1, 0)
    for text, seat in [("play 3 3 3 3", 0), ("pass", 1), ("play 4 4 4 4", 0), ("pass", 1)]:
        state.apply(seat, text)
    events = state.apply(0, "play 6 6 6")
    assert [e.kind for e in events] == ["play", "hand_end"]
    assert events[1].text == "{p0} empties their hand and wins hand 1 (1–0); {p0} deals hand 2 and {p1} leads."
    view = state.view(None)
    assert (view["hand_no"], view["dealer"], view["leader"], view["to_move"]) == (2, 0, 1, [1])
    assert view["scores"] == [1, 0] and not view["over"] and view["hand_sizes"] == [11, 11]
    assert view["queue"] == events[1].data["queue"] and len(view["queue"]) == 6
    check_card_total(state)
    rng = random.Random(3)
    dealers = [1, 0]
    while not state.over:
        seat = state.to_move[0]
        for e in state.apply(seat, state.heuristic_action(seat, rng)):
            if e.kind == "hand_end" and not state.over:
                dealers.append(state.view(None)["dealer"])
    assert dealers == [1, 0, 1][: len(dealers)]
    scores = state.view(None)["scores"]
    assert max(scores) == 2 and sum(scores) == len(dealers)
    outcome = state.outcome()
    assert outcome.scores == tuple(float(s) for s in scores)
    assert outcome.places[scores.index(2)] == 1
    assert "won the match 2–" in outcome.reason


# -- Hickory -------------------------------------------------------------------

HICK_HAND0 = [5, 1, 1, 2, 8, 8, 9, 9, 10, 11, 12]
HICK_HAND1 = [4, 5, 6, 7, 3, 3, 10, 10, 12, 12, 1]
HICK_QUEUE = [2, 11, 4, 6, 7, 9]


def hickory(hand0=HICK_HAND0, hand1=HICK_HAND1, queue=HICK_QUEUE):
    return deal(hand0, hand1, queue, variant="hickory")


def test_hickory_single_grows_to_double_or_step():
    state = hickory()
    state.apply(0, "play 5")
    adds = [t for t in texts(state, 1) if t.startswith("add")]
    assert adds == ["add 4", "add 5", "add 6"]
    events = state.apply(1, "add 6")
    assert events[0].kind == "add" and events[0].text == "{p1} adds 6, making the step 5 6."
    view = state.view(None)
    assert view["meld"] == {"cards": [5, 6], "type": "step", "seat": 1}
    assert view["round_type"] == "single"


def test_hickory_next_player_answers_the_meld_as_it_now_stands():
    state = hickory()
    state.apply(0, "play 5")
    state.apply(1, "add 6")
    # Seat 0 now faces the step 5 6 (9 highest): beat it with a higher step (only 8 9 is
    # higher: 10 11, 11 12, 12 1 and 1 2 end low in this order) or make it a run.
    assert plays_without_take(state, 0) == ["play 8 9", "pass"]  # no 4 or 7 to add
    with pytest.raises(IllegalAction, match="Beat the step 5 6 with a step"):
        state.parse(0, "play 1")
    assert "take 2 add 7" in texts(state, 0)  # taking 7 and 9 brings a 7
    state.apply(0, "take 2 add 7")
    assert state.view(None)["meld"] == {"cards": [5, 6, 7], "type": "run", "seat": 0}
    # Run to bobtail at either end.
    assert [t for t in texts(state, 1) if t.startswith("add")] == ["add 4"]
    state.apply(1, "add 4")
    assert state.view(None)["meld"] == {"cards": [4, 5, 6, 7], "type": "bobtail", "seat": 1}
    assert [t for t in texts(state, 0) if "add" in t] == []
    with pytest.raises(IllegalAction, match="can't be added to the bobtail"):
        state.parse(0, "add 8")
    # The adder played last, so after a pass the adder leads.
    state.apply(0, "pass")
    assert state.to_move == (1,)


def test_hickory_sets_grow_single_double_triple_quad_and_stop():
    hand0 = [3, 3, 1, 1, 8, 8, 9, 9, 10, 11, 12]
    hand1 = [3, 3, 4, 5, 6, 7, 10, 10, 12, 12, 1]
    state = hickory(hand0, hand1, [2, 11, 4, 6, 7, 9])
    state.apply(0, "play 3")
    for seat, kind, size in [(1, "double", 2), (0, "triple", 3), (1, "quad", 4)]:
        assert "add 3" in texts(state, seat)
        state.apply(seat, "add 3")
        assert state.view(None)["meld"] == {"cards": [3] * size, "type": kind, "seat": seat}
    assert [t for t in texts(state, 0) if "add" in t] == []
    with pytest.raises(IllegalAction, match="can't be added to the quad 3 3 3 3"):
        state.parse(0, "add 3")
    assert texts(state, 0) == ["pass"]  # no quad beats it, even after taking
    state.apply(0, "pass")
    assert state.to_move == (1,)  # the last adder leads
    check_card_total(state)


def test_hickory_steps_and_bobtails_can_be_led_but_not_in_classic():
    state = hickory()
    assert "play 8 9" in texts(state, 0) and "play 8 9 10 11" in texts(state, 0)
    state = deal(HICK_HAND0, HICK_HAND1, HICK_QUEUE)
    assert "play 8 9" not in texts(state, 0)
    with pytest.raises(IllegalAction, match="aren't a meld in classic"):
        state.apply(0, "play 8 9")
    state.apply(0, "play 5")
    with pytest.raises(IllegalAction, match="only allowed in the Hickory"):
        state.apply(1, "add 5")


# -- notation --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("PLAY 2 12 1", "play 12 1 2"),
        ("  play   7  7 ", "play 7 7"),
        ("7 7", "play 7 7"),
        ("play 3-2-1", "play 1 2 3"),
        ("Take 2, then play 3 3", "take 2 play 3 3"),
        ("take 2 and play 3-3", "take 2 play 3 3"),
        (" Pass ", "pass"),
        # DESIGN.md promises 10/T; suits on cards are ignored, as the rule text says.
        ("play t T", "play 10 10"),
        ("play 7h 7♠", "play 7 7"),
        ("play 10S 11h 12d", "play 10 11 12"),
        ("take 1 play Th", "take 1 play 10"),
        ("play 7 7.", "play 7 7"),
        ("pass!", "pass"),
    ],
)
def test_forgiving_parse(typed, canonical):
    from engine.dickory import parse_move

    assert parse_move(typed).text == canonical


def test_parse_returns_the_canonical_legal_action():
    state = deal(LOW_HAND, OTHER_HAND, QUEUE_2)
    assert state.parse(0, "play 2 1 3").text == "play 1 2 3"
    state.apply(0, "play 3 2 1")
    assert state.view(None)["meld"]["cards"] == [1, 2, 3]
    assert state.parse(1, "PLAY 1 11 12").text == "play 11 12 1"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("play 13", "numbered 1 to 12"),
        ("play 7 9", "isn't a meld"),
        ("play 1 1 1 1 1", "isn't a meld"),
        ("take play 3 3", "how many cards"),
        ("take 0 play 3 3", "at least one"),
        ("frobnicate the wombat", "Write a move like"),
        ("add 3 4", "exactly one card"),
    ],
)
def test_unreadable_actions_are_refused_with_a_sentence(typed, message):
    state = deal(LOW_HAND, OTHER_HAND, QUEUE_2)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=message):
        state.apply(0, typed)
    assert snapshot(state) == before


def candidate_texts():
    melds = [md.text for t in ALL_TYPES for md in MELDS_BY_TYPE[t]]
    out = ["pass"]
    for take in range(7):
        prefix = f"take {take} " if take else ""
        out += [f"{prefix}play {m}" for m in melds] + [f"{prefix}add {r}" for r in range(1, 13)]
    return out


@pytest.mark.parametrize("variant", ["classic", "hickory"])
def test_legal_actions_are_exactly_what_parse_accepts(variant):
    candidates = candidate_texts()
    rng = random.Random(11)
    for seed in range(4):
        state = DICKORY.new(2, seed=seed, options={"variant": variant})
        while not state.over:
            seat = state.to_move[0]
            legal = texts(state, seat)
            assert len(legal) == len(set(legal))
            accepted = []
            for text in candidates:
                with contextlib.suppress(IllegalAction):
                    accepted.append(state.parse(seat, text).text)
            assert sorted(accepted) == sorted(legal)
            for text in legal:
                assert state.parse(seat, text).text == text
            state.apply(seat, rng.choice(legal))


def test_illegal_actions_leave_the_dump_unchanged():
    state = deal(TAKE_HAND0, TAKE_HAND1, QUEUE_2)
    state.apply(0, "play 2 2")
    before = snapshot(state)
    for bad in ["play 3", "play 9 9", "take 1 play 9 9", "take 5 play 12 12", "add 2", "play 2 2 2"]:
        with pytest.raises(IllegalAction):
            state.apply(1, bad)
        assert snapshot(state) == before
    with pytest.raises(IllegalAction):
        state.apply(0, "pass")
    assert snapshot(state) == before


# -- information -----------------------------------------------------------------

VIEW_KEYS = {
    "game", "variant", "match", "players", "seat", "queue", "highest", "order", "meld", "round_type",
    "leader", "to_move", "hand_sizes", "known", "draw_pile", "discards", "scores", "hand_no", "dealer",
    "over", "winner",
}  # fmt: skip


def test_views_show_a_hand_only_to_its_owner():
    state = deal(TAKE_HAND0, TAKE_HAND1, QUEUE_2)
    assert set(state.view(None)) == VIEW_KEYS | {"hand"}
    assert state.view(None)["hand"] is None
    # A seat's view is the public view with only "seat" and "hand" filled in.
    for seat in (0, 1):
        view = state.view(seat)
        assert set(view) == VIEW_KEYS | {"hand"}
        assert {k: v for k, v in view.items() if k not in ("seat", "hand")} == {
            k: v for k, v in state.view(None).items() if k not in ("seat", "hand")
        }
    assert state.view(0)["hand"] == [6, 8, 8, 10, 10, 12, 12, 1, 1, 2, 2]  # low to high, 2 highest
    assert state.view(1)["hand"] == [3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 9]
    assert state.view(1)["seat"] == 1 and state.view(None)["seat"] is None
    # Everything seat 1 sees is the same whatever seat 0 holds.
    for i in range(20):
        world = state.determinize(1, random.Random(i))
        assert world.view(1) == state.view(1)
        assert world.view(None) == state.view(None)


def test_determinize_keeps_taken_cards_and_counts():
    state = deal(TAKE_HAND0, TAKE_HAND1, QUEUE_2, draw=[9, 10, 11])
    state.apply(0, "play 2 2")
    state.apply(1, "take 2 play 3 3")
    hands_seen = set()
    for i in range(30):
        world = state.determinize(0, random.Random(i))
        check_card_total(world)
        d = world.dump()
        assert d["hands"][0] == state.dump()["hands"][0]
        assert 11 in d["hands"][1] and 2 in d["hands"][1]  # taken in public view
        assert len(d["hands"][1]) == 11 and len(d["draw"]) == len(state.dump()["draw"])
        assert world.view(0) == state.view(0)
        hands_seen.add(tuple(d["hands"][1]))
    assert len(hands_seen) > 20  # resampled, not copied


def test_known_cards_shrink_when_played():
    state = deal(TAKE_HAND0, TAKE_HAND1, QUEUE_2)
    state.apply(0, "play 2 2")
    state.apply(1, "take 2 play 3 3")
    state.apply(0, "pass")
    state.apply(1, "play 11")
    assert state.view(None)["known"] == [[], [2]]
    # 5 is highest now, so 6 is the lowest rank.
    assert state.hidden_cards(1) == ["6", "6", "7", "7", "9", "4", "4", "5", "5"]


def test_dump_load_round_trip_and_copy_independence():
    state = deal(TAKE_HAND0, TAKE_HAND1, QUEUE_2, match="best-of-3", variant="hickory")
    state.apply(0, "play 2 2")
    again = DICKORY.load(json.loads(json.dumps(state.dump())))
    assert again.dump() == state.dump()
    twin = state.copy()
    twin.apply(1, "pass")
    assert again.dump() == state.dump() != twin.dump()


def test_heuristic_moves_are_legal_and_games_end():
    for variant in ("classic", "hickory"):
        for seed in range(20):
            state = DICKORY.new(2, seed=seed, options={"variant": variant})
            rng = random.Random(seed)
            steps = 0
            while not state.over:
                seat = state.to_move[0]
                action = state.heuristic_action(seat, rng)
                assert action.text in texts(state, seat)
                state.apply(seat, action)
                steps += 1
            assert steps < 300


def test_heuristic_takes_the_win():
    state = deal(OUT_HAND0, OUT_HAND1, OUT_QUEUE)
    for text, seat in [("play 3 3 3 3", 0), ("pass", 1), ("play 4 4 4 4", 0), ("pass", 1)]:
        state.apply(seat, text)
    assert state.heuristic_action(0, random.Random(1)).text == "play 6 6 6"
