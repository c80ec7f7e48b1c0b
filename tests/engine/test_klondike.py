"""Klondike: the deal, building, kings to empty columns, stock and passes, undo, hints."""

from __future__ import annotations

import json
import random

import pytest

from engine import GAMES, IllegalAction
from engine.cards import standard_deck
from engine.klondike import GAME, KlondikeState


def deal_index(col: int, row: int) -> int:
    """Where the card at (column, row), both 0-based, comes in the deal order."""
    return sum(7 - k for k in range(row)) + (col - row)


def deck_with(tops: dict[int, str] | None = None, stock: list[str] | None = None, under: dict | None = None):
    """A full deal order: tops[col] is column col+1's face-up card, stock the first
    cards drawn, under[(col, row)] a face-down card; the rest fill in by rank, high first."""
    placed = {deal_index(c, c): card for c, card in (tops or {}).items()}
    placed |= {deal_index(c, r): card for (c, r), card in (under or {}).items()}
    placed |= {28 + i: card for i, card in enumerate(stock or [])}
    used = set(placed.values())
    rest = [c for c in reversed(standard_deck()) if c not in used]
    return [placed[i] if i in placed else rest.pop(0) for i in range(52)]


def new(deck=None, seed=0, **options) -> KlondikeState:
    return GAME.new(1, seed=seed, options=options, deck=deck)


def position(tableau, down=None, stock=(), waste=(), found=None, **options) -> KlondikeState:
    """A constructed mid-game position (cards not shown count as home or elsewhere)."""
    state = new(**options)
    state.tableau = [list(c) for c in tableau] + [[] for _ in range(7 - len(tableau))]
    state.down = list(down or [0] * 7) + [0] * (7 - len(down or [0] * 7))
    state.stock, state.waste = list(stock), list(waste)
    state.found = dict.fromkeys("SHDC", 0) | dict(found or {})
    state.seen = {c for col, d in zip(state.tableau, state.down, strict=True) for c in col[d:]} | set(waste)
    return state


def dump_text(state) -> str:
    return json.dumps(state.dump(), sort_keys=True)


def comparable(data: dict) -> dict:
    """A dump without the counters an undo changes by design (undos, seen memory)."""
    return {k: v for k, v in data.items() if k not in ("undos", "seen")}


def texts(state) -> list[str]:
    return [a.text for a in state.legal_actions(0)]


def view_cards(view) -> set[str]:
    found: set[str] = set()

    def walk(x):
        if isinstance(x, str):
            found.add(x)
        elif isinstance(x, list | tuple):
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for y in x.values():
                walk(y)

    walk(view)
    return found


# -- the deal -------------------------------------------------------------------


def test_deal_rows_of_seven_then_six_and_so_on():
    deck = standard_deck()
    state = new(deck=deck)
    assert [len(c) for c in state.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert state.down == [0, 1, 2, 3, 4, 5, 6]
    assert state.tableau[0] == [deck[0]]
    assert state.tableau[1] == [deck[1], deck[7]]  # first row face down, second row's first card up
    assert state.tableau[6] == [deck[6], deck[12], deck[17], deck[21], deck[24], deck[26], deck[27]]
    assert len(state.stock) == 24
    state.apply(0, "draw")
    assert state.waste == [deck[28]]  # the stock's top is the next card of the deal


def test_registered_as_a_solo_game_with_options():
    assert GAMES["klondike"] is GAME and GAME.solo
    assert GAME.min_players == GAME.max_players == 1
    with pytest.raises(ValueError):
        new(draw="2")
    with pytest.raises(ValueError):
        new(passes="2")


def test_view_never_shows_a_face_down_card_or_the_stock():
    for seed in range(5):
        state = new(seed=seed, draw="3" if seed % 2 else "1")
        rng = random.Random(seed)
        for _ in range(250):
            if state.over:
                break
            view = state.view(0)
            hidden = {c for col, d in zip(state.tableau, state.down, strict=True) for c in col[:d]}
            hidden |= set(state.stock)
            assert not view_cards(view) & hidden
            assert view_cards(view) >= {c for col, d in zip(state.tableau, state.down, strict=True) for c in col[d:]}
            assert view["stock"] == len(state.stock)
            for col, shown in zip(state.tableau, view["tableau"], strict=True):
                assert len(col) == len(shown)
            state.apply(0, rng.choice([a.text for a in state.legal_actions(0) if a.text != "resign"]))


# -- the rule text's examples ------------------------------------------------------


def test_jack_of_diamonds_goes_on_either_black_queen_and_moves_with_it():
    state = new(deck_with(tops={0: "QC", 1: "JD", 2: "QS", 3: "KH"}))
    assert {"move 2 1", "move 2 3"} <= set(texts(state))
    state.apply(0, "move 2 1")
    assert state.tableau[0] == ["QC", "JD"]
    state.apply(0, "move 1 4")  # the Q♣ and J♦ together onto the K♥
    assert state.tableau[3][-3:] == ["KH", "QC", "JD"] and state.tableau[0] == []


def test_building_needs_the_other_colour_and_one_rank_higher():
    state = new(deck_with(tops={0: "QC", 1: "JS", 2: "QH", 3: "10D"}))
    before = dump_text(state)
    for bad in ("move 2 1", "move 4 3", "move 1 3"):
        with pytest.raises(IllegalAction, match=r"alternating|fits"):
            state.apply(0, bad)
    assert dump_text(state) == before


def test_only_a_king_or_a_king_headed_run_fills_an_empty_column():
    state = new(deck_with(tops={0: "5H", 1: "6S", 2: "9C", 3: "KD", 4: "QS"}))
    state.apply(0, "move 1 2")  # column 1 is now empty
    assert state.tableau[0] == []
    with pytest.raises(IllegalAction, match="Only a king"):
        state.apply(0, "move 3 1")
    state.apply(0, "move 5 4")  # Q♠ onto K♦, then the pair into the space
    state.apply(0, "move 4 1")
    assert state.tableau[0] == ["KD", "QS"]
    assert state.down[3] == 2 and state.tableau[3][-1] is not None  # a new card turned up


def test_a_revealed_ace_starts_its_foundation_then_the_two():
    state = new(deck_with(tops={0: "AS", 1: "3S", 2: "2S"}))
    with pytest.raises(IllegalAction, match="foundation yet"):
        state.apply(0, "move 2 f")
    state.apply(0, "move 1 f")
    state.apply(0, "move 3 f")
    state.apply(0, "move 2 f")
    assert state.found["S"] == 3 and state.view(0)["foundations"]["S"] == 3


def test_a_drawn_card_plays_at_once_to_the_tableau_or_a_foundation():
    state = new(deck_with(tops={0: "6S"}, stock=["5H", "AD"]))
    state.apply(0, "draw")
    state.apply(0, "move w 1")
    assert state.tableau[0] == ["6S", "5H"]
    state.apply(0, "draw")
    state.apply(0, "w>f")
    assert state.found["D"] == 1 and state.waste == []


def test_turning_the_waste_over_keeps_its_order():
    state = new(deck_with(stock=["2C", "3C", "4C"]))
    for _ in range(24):
        state.apply(0, "draw")
    assert state.stock == [] and len(state.waste) == 24
    assert [a.label for a in state.legal_actions(0) if a.text == "draw"] == ["Turn the waste over"]
    state.apply(0, "draw")  # turns the waste over, drawing nothing
    assert state.waste == [] and len(state.stock) == 24
    state.apply(0, "draw")
    assert state.waste == ["2C"]


def test_draw_three_turns_three_and_only_the_top_plays():
    state = new(deck_with(tops={0: "4S"}, stock=["3H", "2C", "9D", "KC"]), draw="3")
    state.apply(0, "draw")
    assert state.waste == ["3H", "2C", "9D"]
    view = state.view(0)
    assert view["waste"] == ["3H", "2C", "9D"] and view["draw"] == 3  # fanned, top last
    with pytest.raises(IllegalAction):
        state.apply(0, "move w 1")  # the 3♥ is covered by the 9♦
    stocked = len(state.stock)
    state.apply(0, "draw")
    assert len(state.stock) == stocked - 3


def test_draw_three_takes_what_is_left_at_the_end():
    state = position([["KS"]], down=[0], stock=["9D", "2C"], waste=["5H"], draw="3")
    state.apply(0, "draw")  # only two left: the 2♣ (the stock's top) then the 9♦
    assert state.stock == [] and state.waste == ["5H", "2C", "9D"]
    one = new(draw="1")
    one.apply(0, "draw")
    one.apply(0, "draw")
    assert one.view(0)["waste"] == one.waste[-1:] and one.view(0)["waste_count"] == 2


def test_three_passes_allow_two_turns_of_the_waste():
    state = new(passes="3")
    assert state.view(0)["passes_left"] == 2
    for expected_left in (1, 0):
        for _ in range(24):
            state.apply(0, "draw")
        state.apply(0, "draw")  # turn over
        assert state.view(0)["passes_left"] == expected_left
    for _ in range(24):
        state.apply(0, "draw")
    assert "draw" not in texts(state)
    before = dump_text(state)
    with pytest.raises(IllegalAction, match="passes"):
        state.apply(0, "draw")
    assert dump_text(state) == before


def test_one_pass_means_no_turning_over():
    state = new(passes="1")
    assert state.view(0)["passes_left"] == 0
    for _ in range(24):
        state.apply(0, "draw")
    with pytest.raises(IllegalAction, match="passes"):
        state.apply(0, "draw")
    assert new().view(0)["passes_left"] is None


# -- undo --------------------------------------------------------------------------


def test_undo_returns_the_exact_previous_state_for_every_kind_of_step():
    state = new(deck_with(tops={0: "AS", 1: "KD", 2: "2S"}, stock=["AH", "QC"]))
    steps = ["move 1 f", "move 3 f", "draw", "move w f", "draw", "move w 2", "move 2 1", "auto"]
    for text in steps:
        if text == "auto" and "auto" not in texts(state):
            continue
        before = state.dump()
        state.apply(0, text)
        after_move = state.dump()
        state.apply(0, "undo")
        undone = state.dump()
        assert undone["undos"] == before["undos"] + 1
        assert comparable(undone) == comparable(before), text
        state = GAME.load(after_move)
    # the waste turned over, and back
    for _ in range(len(state.stock)):
        state.apply(0, "draw")
    before = state.dump()
    state.apply(0, "draw")
    state.apply(0, "undo")
    assert comparable(state.dump()) == comparable(before)


def test_a_turned_up_card_goes_face_down_again_on_undo():
    state = new(deck_with(tops={1: "QH", 2: "KS"}))
    before = state.dump()
    events = state.apply(0, "move 2 3")
    assert state.down[1] == 0 and any(e.kind == "flip" for e in events)
    state.apply(0, "undo")
    assert state.down[1] == 1 and state.view(0)["tableau"][1] == [None, "QH"]
    assert comparable(state.dump()) == comparable(before)
    assert state.moves == 0 and state.undos == 1


def test_moves_count_what_stands_and_undos_are_counted_apart():
    state = new()
    state.apply(0, "draw")
    state.apply(0, "draw")
    state.apply(0, "undo")
    view = state.view(0)
    assert (view["moves"], view["undos"], view["hints"]) == (1, 1, 0)


# -- automatic moves, finishing, winning, stuck --------------------------------------


def test_auto_sends_up_only_safe_cards():
    # 3H fits its foundation, but a black two is still out and could need it.
    found = {"H": 2, "D": 2, "S": 1, "C": 2}
    state = position([["3H"], ["2S", "KD"], ["KC"]], down=[0, 0, 0], found=found)
    assert "auto" not in texts(state)
    assert "move 1 f" in texts(state)  # the player may still send it up by hand
    state = position([["3H"], ["2S"], ["KC"]], down=[0, 0, 0], found=found)
    state.apply(0, "auto")
    assert state.found["S"] == 2 and state.found["H"] == 3 and state.moves == 1


def test_auto_also_takes_the_waste_and_turns_up_cards():
    state = position([["4C", "AS"]], down=[1], waste=["AD"], found={})
    before = state.dump()
    events = state.apply(0, "auto")
    assert state.found["S"] == 1 and state.found["D"] == 1 and state.down[0] == 0
    assert [e.kind for e in events][:2] == ["auto", "flip"]
    assert state.moves == 1  # one step, however many cards went up
    state.apply(0, "undo")
    assert comparable(state.dump()) == comparable(before) and state.down[0] == 1


def test_finish_once_everything_is_face_up_and_the_stock_is_empty():
    found = dict.fromkeys("SHDC", 13) | {"S": 9, "H": 10}
    state = position([["KS", "QH", "JS"], ["KH", "QS"], ["JH", "10S"]], down=[0, 0, 0], found=found)
    assert "finish" in texts(state) and state.view(0)["can_finish"]
    state.apply(0, "finish")
    assert state.won and state.over and state.to_move == ()
    assert state.outcome().places == (1,) and state.outcome().scores == (1.0,)


def test_finish_is_refused_while_cards_are_face_down_or_in_the_stock():
    state = new()
    assert "finish" not in texts(state)
    with pytest.raises(IllegalAction, match="face up"):
        state.apply(0, "finish")


def test_winning_move_ends_the_game():
    state = position([["KC"]], down=[0], found=dict.fromkeys("SHDC", 13) | {"C": 12})
    events = state.apply(0, "1f")
    assert state.won and events[-1].kind == "win" and state.legal_actions(0) == []


def test_stuck_is_shown_but_the_game_goes_on():
    state = position([["5S"], ["5C"]], down=[0, 0], waste=["9H"], passes="1")
    view = state.view(0)
    assert view["stuck"] is True and view["over"] is False
    assert texts(state) == ["resign"]
    state.apply(0, "resign")
    assert state.over and state.outcome().scores == (0.0,)


def test_not_stuck_while_the_stock_may_hold_something():
    state = position([["5S"], ["5C"]], down=[0, 0], stock=["9H", "2D"])
    assert state.view(0)["stuck"] is False and state.hint().text == "draw"


def test_stuck_when_a_known_stock_has_nothing_to_play():
    state = position([["5S"], ["5C"]], down=[0, 0], stock=["9H", "2D"])
    state.seen |= {"9H", "2D"}  # the player has been through it already
    assert state.view(0)["stuck"] is True and "draw" in texts(state)


# -- notation and rejection -----------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("move 2 1", "move 2 1"),
        ("2 to 1", "move 2 1"),
        ("2-1", "move 2 1"),
        ("2 > 1", "move 2 1"),
        ("21", "move 2 1"),
        ("Move 2 1 1", "move 2 1"),
        ("m 2 onto 1", "move 2 1"),
        ("d", "draw"),
        ("Stock", "draw"),
        ("3 F", "move 3 f"),
        ("3>home", "move 3 f"),
        ("3f", "move 3 f"),
        ("Give up", "resign"),
    ],
)
def test_forgiving_parse(typed, canonical):
    state = new(deck_with(tops={0: "7C", 1: "6H", 2: "AS"}))
    assert state.parse(0, typed).text == canonical


@pytest.mark.parametrize(
    "bad", ["move 8 1", "move 1 1", "move w 1", "move 1 a", "move s 1", "move 2 1 3", "jump", "move 1 cell"]
)
def test_rejected_actions_leave_the_state_unchanged(bad):
    state = new(deck_with(tops={0: "7C", 1: "6H"}))
    before = dump_text(state)
    with pytest.raises(IllegalAction):
        state.apply(0, bad)
    assert dump_text(state) == before


def test_legal_actions_round_trip_and_stay_small():
    for seed in range(3):
        state = new(seed=seed, draw="3")
        rng = random.Random(seed)
        for _ in range(300):
            actions = state.legal_actions(0)
            assert 1 <= len(actions) <= 40
            for a in actions:
                assert state.parse(0, a.text).text == a.text
            state.apply(0, rng.choice([a for a in actions if a.text != "resign"]).text)
            if state.over:
                break


# -- hidden information: determinize and hints ----------------------------------------


def unseen(state) -> list[str]:
    face_down = [c for col, d in zip(state.tableau, state.down, strict=True) for c in col[:d]]
    return sorted(c for c in state.stock + face_down if c not in state.seen)


def test_determinize_reshuffles_only_unseen_cards():
    state = new(seed=8)
    for _ in range(5):
        state.apply(0, "draw")
    state.apply(0, "undo")  # the last drawn card is back on the stock, but it was seen
    world = state.determinize(0, random.Random(1))
    assert world.view(0) == state.view(0)
    assert world.stock[-1] == state.stock[-1]  # a seen card stays where it is
    assert unseen(world) == unseen(state)
    worlds = [state.determinize(0, random.Random(i)).stock for i in range(5)]
    assert any(w != state.stock for w in worlds)


def test_after_a_full_pass_the_stock_is_known():
    state = new(seed=2)
    for _ in range(25):
        state.apply(0, "draw")
    world = state.determinize(0, random.Random(3))
    assert world.stock == state.stock
    assert [c[:d] for c, d in zip(world.tableau, world.down, strict=True)] != [
        c[:d] for c, d in zip(state.tableau, state.down, strict=True)
    ]


@pytest.mark.parametrize("seed", range(4))
def test_hints_use_only_what_the_player_knows(seed):
    state = new(seed=seed)
    rng = random.Random(seed)
    for _ in range(60):
        if state.over:
            break
        hint = state.hint()
        for i in range(3):
            world = state.determinize(0, random.Random(i))
            assert world.hint() == hint
            assert world.view(0)["stuck"] == state.view(0)["stuck"]
        state.apply(0, rng.choice([a.text for a in state.legal_actions(0) if a.text != "resign"]))


def test_hint_is_information_and_asking_is_counted():
    state = new(deck_with(tops={0: "AS", 1: "KH", 2: "QC", 3: "9D", 4: "5C", 5: "JH", 6: "7S"}))
    before = dump_text(state)
    assert state.hint().text == "move 1 f"
    assert dump_text(state) == before
    events = state.apply(0, "hint")
    assert state.hints == 1 and state.moves == 0 and events[0].data["hint"] == "move 1 f"
    assert state.view(0)["hints"] == 1


def test_hint_prefers_turning_up_a_card_to_shuffling_runs():
    state = new(deck_with(tops={0: "8D", 1: "7S", 2: "8H", 6: "KD"}))
    # 7♠ may go on the 8♦ or the 8♥; either turns up column 2's face-down card.
    assert state.hint().text in ("move 2 1", "move 2 3")
    state.apply(0, "move 2 1")
    assert state.hint().text != "move 1 3"  # moving the 7♠ on to the 8♥ gains nothing


def test_hint_turns_up_a_card_before_playing_the_waste_to_the_tableau():
    # The 6♥ (waste) fits on the 7♣; the 6♦ on column 2 fits too and uncovers a card.
    state = position([["7C"], ["QS", "6D"]], down=[0, 1], waste=["6H"], stock=["KD"])
    assert {"move w 1", "move 2 1"} <= set(texts(state))
    assert state.hint().text == "move 2 1"
    state.seen.add("KD")  # nothing to hope for from the stock: still the card to turn up first
    assert state.hint().text == "move 2 1"


def test_a_card_named_with_a_space_before_its_suit():
    state = position([["7C"], ["QS", "6D"], ["AH"], ["JC"]], down=[0, 1, 0, 0], waste=["10H"])
    assert state.parse(0, "6 ♦ on 7 ♣").text == "move 2 1"
    assert state.parse(0, "A ♥ home").text == "move 3 f"
    assert state.parse(0, "10 ♥ to 4").text == "move w 4"


def test_heuristic_player_finishes_games():
    won = 0
    for seed in range(6):
        state = new(seed=seed)
        for _ in range(600):
            if state.over:
                break
            action = state.heuristic_action(0, random.Random(0))
            if action is None:
                break
            state.apply(0, action.text)
        won += state.won
    assert won >= 1


def test_dump_load_round_trip_and_copy():
    state = new(seed=4, draw="3", passes="3")
    for text in ("draw", "draw", "undo", "hint"):
        state.apply(0, text)
    again = GAME.load(json.loads(json.dumps(state.dump())))
    assert again.dump() == state.dump() and again.view(0) == state.view(0)
    assert state.copy().dump() == state.dump()


# -- natural move text ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("A♠ to foundation", "move 3 f"),
        ("a♠ home", "move 3 f"),
        ("ace of spades to the foundation.", "move 3 f"),
        ("as f", "move 3 f"),
        ("6♥ on 7♣", "move 2 1"),
        ("6h to column 1!", "move 2 1"),
        ("six of hearts onto seven of clubs", "move 2 1"),
        ("move 2 to column 1", "move 2 1"),
        ("flip", "draw"),
        ("turn over", "draw"),
        ("deal", "draw"),
        ("Draw.", "draw"),
        ("next", "draw"),
        ("undo!", "undo"),
    ],
)
def test_natural_move_text(typed, canonical):
    state = new(deck_with(tops={0: "7C", 1: "6H", 2: "AS"}))
    if canonical == "undo":
        state.apply(0, "draw")
    assert state.parse(0, typed).text == canonical
    assert state.parse(0, canonical).text == canonical


def test_a_rank_without_its_suit_is_refused_when_two_cards_fit():
    state = position([["AS"], ["AH"], ["9C"]])
    with pytest.raises(IllegalAction, match=r"Which ace\? A♠ and A♥ could go there: say the suit"):
        state.parse(0, "ace to foundation")
    assert state.parse(0, "ace of hearts to foundation").text == "move 2 f"
    assert position([["AS"], ["9C"]]).parse(0, "ace home").text == "move 1 f"  # the only ace: no suit needed
    with pytest.raises(IllegalAction, match="No king can go there now"):
        state.parse(0, "king to 3")


def test_a_card_named_is_found_only_where_the_player_can_see_it():
    # 7C sits face down under 5D; 9H is in the stock: both get the same refusal.
    state = position([["7C", "5D"], ["6S"]], down=[1, 0], stock=["9H"])
    with pytest.raises(IllegalAction) as down:
        state.parse(0, "7♣ to 2")
    with pytest.raises(IllegalAction) as stock:
        state.parse(0, "9♥ to 2")
    assert str(down.value) == str(stock.value).replace("9♥", "7♣")
    assert "isn't face up" in str(down.value)


def test_a_covered_card_cannot_go_home_and_a_count_must_agree():
    state = position([["2S", "9H", "8S"], ["10C"], []], found={"S": 1})
    with pytest.raises(IllegalAction, match="Only a top card can go to its foundation"):
        state.parse(0, "2♠ to foundation")
    assert state.parse(0, "9h on 10c").text == "move 1 2"
    with pytest.raises(IllegalAction, match="takes 2 cards"):
        state.parse(0, "9h on 10c 1")
    with pytest.raises(IllegalAction, match="only build on the top card of a column"):
        state.parse(0, "8s on 9h")


# -- the legal-move cache ---------------------------------------------------------------


@pytest.mark.parametrize("draw", ["1", "3"])
def test_cached_legal_moves_match_a_fresh_state_after_every_action(draw):
    """A state rebuilt from its dump has no cache: both must list the same moves and stuck flag."""
    state = new(seed=4, draw=draw)
    rng = random.Random(4)
    for _ in range(300):
        if state.over:
            break
        fresh = GAME.load(json.loads(json.dumps(state.dump())))
        listed = [(a.text, a.label) for a in state.legal_actions(0)]
        assert listed == [(a.text, a.label) for a in fresh.legal_actions(0)]
        assert state.view(0) == fresh.view(0)
        state.apply(0, rng.choice([t for t, _ in listed if t != "resign"]))


def test_a_copy_moves_on_without_touching_the_original():
    state = new(seed=6)
    before = [a.text for a in state.legal_actions(0)]
    other = state.copy()
    other.apply(0, "draw")
    assert [a.text for a in state.legal_actions(0)] == before
    assert not state.waste and other.waste


# -- structured parts: what the step panel reads ----------------------------------------------
def test_every_move_names_its_card_and_its_piles_as_players_do():
    state = position([["QS", "JD"], ["AH"], []], down=[0, 0, 0], stock=["2C"], waste=["KC"])
    parts = {a.text: a.parts for a in state.legal_actions(0)}
    assert parts["move w 3"] == {"verb": "move", "cards": ["KC"], "from": "waste", "to": "column 3"}
    assert parts["move 2 f"] == {"verb": "move", "cards": ["AH"], "from": "column 2", "to": "foundation"}
    assert parts["draw"] == {"verb": "draw"} and parts["undo" if "undo" in parts else "resign"]["verb"]


def test_with_the_stock_empty_the_draw_is_named_turn_over():
    state = position([["QS"]], down=[0], stock=[], waste=["2C", "3C"])
    [draw] = [a for a in state.legal_actions(0) if a.text == "draw"]
    assert draw.parts == {"verb": "turn over"} and draw.label == "Turn the waste over"


def test_a_card_and_a_target_pin_down_exactly_one_move():
    for seed in range(5):
        state = new(seed=seed, draw="3")
        rng = random.Random(seed)
        for _ in range(60):
            actions = state.legal_actions(0)
            moves = [a for a in actions if a.parts["verb"] == "move"]
            keys = [(a.parts["cards"][0], a.parts["to"]) for a in moves]
            assert len(keys) == len(set(keys))
            state.apply(0, rng.choice([a for a in actions if a.text != "resign"]))
            if state.over:
                break


BLANK = "Say what you want to do, for example one of your legal actions."


def test_apply_refuses_a_wrong_seat_a_blank_text_and_a_finished_game_changing_nothing():
    state = GAME.new(1, seed=3)
    before = json.dumps(state.dump(), sort_keys=True)
    for seat, text, message in ((1, "draw", "You don't have a seat in this game."), (0, "  ", BLANK)):
        with pytest.raises(IllegalAction) as refused:
            state.apply(seat, text)
        assert str(refused.value) == message
    assert json.dumps(state.dump(), sort_keys=True) == before
    state.apply(0, "resign")
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "draw")
    assert str(refused.value) == "The game is over."
