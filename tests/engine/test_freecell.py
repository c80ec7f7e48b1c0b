"""FreeCell: Microsoft deals, supermove limits, free cells, safe auto-moves, undo."""

from __future__ import annotations

import json
import random

import pytest

from engine import GAMES, IllegalAction, freecell_solver
from engine.cards import RANKS, standard_deck
from engine.freecell import GAME, FreeCellState, microsoft_deal
from engine.solitaire import OTHER_COLOUR, RANK

# The published layouts, row by row as the deal lays them (T = ten).
DEAL_1 = """
JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H
"""
DEAL_617 = """
7D AD 5C 3S 5S 8C 2D AH
TD 7S QD AC 6D 8H AS KH
TH QC 3H 9D 6S 8D 3D TC
KD 5H 9S 3C 8S 7H 4D JS
4C QS 9C 9H 7C 6H 2C 2S
4S TS 2H 5D JC 6C JH QH
JD KS KC 4H
"""
DEAL_11982 = """
AH AS 4H AC 2D 6S TS JS
3D 3H QS QC 8S 7H AD KS
KD 6H 5S 4D 9H JH 9S 3C
JC 5D 5C 8C 9D TD KH 7C
6C 2C TH QH 6D TC 4S 7S
JD 7D 8H 9C 2H QD 4C 5H
KC 8D 2S 3S
"""


def columns_from_rows(rows: str) -> list[list[str]]:
    cols: list[list[str]] = [[] for _ in range(8)]
    for line in rows.strip().splitlines():
        for i, card in enumerate(line.split()):
            cols[i].append(card.replace("T", "10"))
    return cols


def deck_with(placed: dict[tuple[int, int], str]) -> list[str]:
    """A full deal order with given cards at (column, row), 0-based; the rest by rank.

    Filling by rank puts the aces and twos at the bottoms of the columns, so
    nothing goes up by itself unless a test wants it to.
    """
    rest = sorted((c for c in standard_deck() if c not in placed.values()), key=lambda c: RANK[c])
    order = []
    for i in range(52):
        spot = (i % 8, i // 8)
        order.append(placed[spot] if spot in placed else rest.pop(0))
    return order


def position(tableau, cells=(None, None, None, None), found=None) -> FreeCellState:
    """A constructed mid-game position (cards not shown count as already home)."""
    state = GAME.new(1, seed=0, options={"deal": "1"})
    state.tableau = [list(c) for c in tableau] + [[] for _ in range(8 - len(tableau))]
    state.cells = list(cells)
    state.found = {s: 0 for s in "SHDC"} | dict(found or {})
    return state


def dump_text(state) -> str:
    return json.dumps(state.dump(), sort_keys=True)


def without_counters(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "undos"}


# -- deals --------------------------------------------------------------------


def test_deal_1_matches_the_published_layout():
    state = GAME.new(1, seed=5, options={"deal": "1"})
    assert state.tableau == columns_from_rows(DEAL_1)
    assert state.tableau[0] == ["JD", "KD", "2S", "4C", "3S", "6D", "6S"]
    assert state.view(0)["deal"] == 1


def test_deal_617_matches_the_published_layout():
    state = GAME.new(1, options={"deal": "617"})
    assert state.tableau == columns_from_rows(DEAL_617)
    assert [len(c) for c in state.tableau] == [7, 7, 7, 7, 6, 6, 6, 6]


def test_deal_11982_matches_the_published_layout():
    assert GAME.new(1, options={"deal": "11982"}).tableau == columns_from_rows(DEAL_11982)


@pytest.mark.parametrize("deal", ["11982", "146692"])
def test_the_famous_unwinnable_deals_cannot_be_won(deal):
    # The solver's search runs dry (a few seconds for 11982): no line of play wins them.
    result = freecell_solver.search(GAME.new(1, options={"deal": deal}), budget=1_500_000)
    assert result.moves is None and result.exhausted


def test_microsoft_deal_is_a_permutation_of_the_deck():
    for n in (1, 2, 11982, 1_000_000):
        assert sorted(microsoft_deal(n)) == sorted(standard_deck())


def test_random_deal_comes_from_the_seed_and_is_shown():
    a, b = GAME.new(1, seed=42), GAME.new(1, seed=42)
    assert a.deal == b.deal and 1 <= a.deal <= 1_000_000
    assert a.tableau == GAME.new(1, options={"deal": str(a.deal)}).tableau
    assert a.view(None)["deal"] == a.deal


@pytest.mark.parametrize("bad", ["0", "1000001", "abc", "-5"])
def test_bad_deal_numbers_are_refused(bad):
    with pytest.raises(ValueError, match="deal"):
        GAME.new(1, options={"deal": bad})


def test_stacked_deck_deals_round_the_columns():
    deck = standard_deck()
    state = GAME.new(1, seed=1, deck=deck)
    assert state.tableau[0][:2] == [deck[0], deck[8]]
    assert state.tableau[7][0] == deck[7]
    assert state.view(0)["deal"] is None


def test_registered_as_a_solo_game():
    assert GAMES["freecell"] is GAME
    assert GAME.solo and GAME.min_players == GAME.max_players == 1


# -- the rule text's example: a 5-4-3 run onto a 6 -----------------------------


def run_example() -> FreeCellState:
    # Column 1 ends 5H 4S 3H; column 2 ends with the 6C.
    deck = deck_with({(0, 4): "5H", (0, 5): "4S", (0, 6): "3H", (1, 6): "6C"})
    return GAME.new(1, seed=0, deck=deck)


def test_a_run_moves_onto_a_six_through_the_free_cells():
    state = run_example()
    assert state.tableau[0][-3:] == ["5H", "4S", "3H"] and state.tableau[1][-1] == "6C"
    state.apply(0, "move 1 2")
    assert state.tableau[1][-4:] == ["6C", "5H", "4S", "3H"]
    assert state.moves == 1 and state.cells == [None] * 4


def test_the_same_run_is_refused_without_room():
    state = run_example()
    for src, cell in (("3", "a"), ("4", "b"), ("5", "c")):
        state.apply(0, f"move {src} {cell}")
    assert state.max_run() == 2
    before = dump_text(state)
    with pytest.raises(IllegalAction, match="move 2"):
        state.apply(0, "move 1 2")
    assert dump_text(state) == before
    state.apply(0, "undo")  # one cell free again: room for three
    state.apply(0, "move 1 2")
    assert state.tableau[1][-3:] == ["5H", "4S", "3H"]


# -- supermove limits -----------------------------------------------------------

RUN6 = ["KC", "9H", "8S", "7H", "6S", "5H", "4S"]  # a six-card run on top of the 9H
FILLER = [["QC", "QS"], ["JC"], ["JS"], ["10C", "QD"], ["KS", "QH"], ["KD", "10S"]]


def limit_position(free: int, empty: int, target: str = "10C") -> FreeCellState:
    cols = [RUN6, ["KH", target], *FILLER[: 6 - empty]]
    cells = ["2D", "2H", "3D", "3H"][: 4 - free] + [None] * free
    state = position(cols, cells, {"S": 1, "C": 1, "H": 1, "D": 1})
    assert sum(1 for c in state.tableau if not c) == empty
    return state


@pytest.mark.parametrize(
    ("free", "empty", "limit"),
    [(4, 0, 5), (1, 0, 2), (0, 0, 1), (0, 1, 2), (2, 1, 6), (1, 2, 8), (0, 2, 4)],
)
def test_run_limit_is_free_cells_plus_one_doubled_per_empty_column(free, empty, limit):
    state = limit_position(free, empty)
    assert state.max_run() == limit == state.view(0)["max_run"]
    # The whole 9H..4S run needs six cards moved onto the 10C.
    if limit >= 6:
        state.apply(0, "move 1 2")
        assert state.tableau[1][-6:] == RUN6[1:]
    else:
        before = dump_text(state)
        with pytest.raises(IllegalAction, match=f"you can move {limit}"):
            state.apply(0, "move 1 2")
        assert dump_text(state) == before


@pytest.mark.parametrize(("free", "empty", "limit"), [(4, 1, 5), (1, 1, 2), (0, 2, 2), (1, 2, 4), (0, 3, 4)])
def test_an_empty_target_column_does_not_count(free, empty, limit):
    state = limit_position(free, empty)
    assert state.max_run(to_empty=True) == limit == state.view(0)["max_run_empty"]
    target = next(str(i + 1) for i, c in enumerate(state.tableau) if not c)
    state.apply(0, f"move 1 {target}")  # as many as fit
    assert state.tableau[int(target) - 1] == RUN6[-limit:]


def test_any_card_or_part_of_a_run_may_fill_an_empty_column():
    state = limit_position(4, 1)
    state.apply(0, "move 4 8")  # a lone jack into the empty column
    assert state.tableau[7] == ["JC"]
    state = limit_position(4, 1)
    state.apply(0, "move 1 8 2")
    assert state.tableau[7] == ["5H", "4S"]
    with pytest.raises(IllegalAction):
        state.apply(0, "move 1 8 7")


def test_onto_a_non_empty_column_the_count_is_fixed():
    state = limit_position(4, 0, target="6C")
    state.apply(0, "move 1 2 2")  # 5H 4S onto the 6C: the count that fits
    assert state.tableau[1][-3:] == ["6C", "5H", "4S"]
    state = limit_position(4, 0, target="6C")
    with pytest.raises(IllegalAction, match="exactly 2"):
        state.apply(0, "move 1 2 3")


def test_building_must_alternate_colours_and_step_down_by_one():
    state = position([["9H", "8S"], ["9S"], ["10D"]])
    for bad in ("move 2 1", "move 1 3", "move 3 1"):
        with pytest.raises(IllegalAction, match=r"can't go onto|fits onto"):
            state.apply(0, bad)
    state.apply(0, "move 2 3")
    assert state.tableau[2] == ["10D", "9S"]


def test_the_jack_of_diamonds_goes_on_either_black_queen_only():
    # The rule text's example: J♦ on the Q♣ or the Q♠, never on a red queen.
    state = position([["QC"], ["QS"], ["JD"], ["QH"], ["QD"]])
    assert {"move 3 1", "move 3 2"} <= {a.text for a in state.legal_actions(0)}
    for bad in ("move 3 4", "move 3 5"):
        with pytest.raises(IllegalAction, match="fits onto the Q"):
            state.apply(0, bad)
    state.apply(0, "move 3 2")
    assert state.tableau[1] == ["QS", "JD"] and state.tableau[2] == []


def test_a_foundation_starts_with_its_ace_then_builds_up_in_suit():
    # The rule text's example: the A♣, then the 2♣, then the 3♣.
    state = position([["KD", "AC"], ["KH", "2C"], ["KS", "3C"], ["2H"]])
    for bad in ("move 2 f", "move 3 f", "move 4 f"):
        with pytest.raises(IllegalAction, match="can't go to its foundation yet"):
            state.apply(0, bad)
    state.apply(0, "move 1 f")
    assert state.found["C"] == 2  # the 2♣ follows by itself: a two is always safe
    state.apply(0, "move 3 f")  # the 3♣ isn't safe yet (red twos are out), so by hand
    assert state.found["C"] == 3 and state.tableau[2] == ["KS"]


# -- free cells ------------------------------------------------------------------


def test_free_cells_hold_one_card_each():
    state = GAME.new(1, options={"deal": "1"})
    state.apply(0, "move 1 a")
    assert state.cells[0] == "6S"
    with pytest.raises(IllegalAction, match="taken"):
        state.apply(0, "move 2 a")
    state.apply(0, "move 2 cell")  # "cell" means the first free one
    assert state.cells[1] == "9C"
    with pytest.raises(IllegalAction, match="already in a free cell"):
        state.apply(0, "move a c")
    state.apply(0, "move 3 cell")
    state.apply(0, "move 4 cell")
    assert None not in state.cells
    with pytest.raises(IllegalAction, match="full"):
        state.apply(0, "move 5 cell")


def test_a_free_cell_card_plays_back_to_a_column():
    state = position([["9H", "8S"], ["KC"], ["9D"]], cells=["8C", None, None, None])
    with pytest.raises(IllegalAction, match="can't go onto"):
        state.apply(0, "move a 2")
    state.apply(0, "move a 3")
    assert state.tableau[2] == ["9D", "8C"] and state.cells[0] is None
    state.apply(0, "move 1 a")
    state.apply(0, "move a 4")  # any card may fill an empty column
    assert state.tableau[3] == ["8S"]


# -- safe auto-moves --------------------------------------------------------------


def test_auto_moves_only_cards_nothing_can_still_need():
    # 3H is playable, but the black twos are out: a 2S could still want the 3H.
    state = position([["2S", "KD"], ["2C", "KS"], ["QH", "3H"], ["QD"]], found={"H": 2, "D": 2, "S": 1, "C": 1})
    assert state.view(0)["stuck"] is False
    state.apply(0, "move 4 cell")  # any move runs the auto-move
    assert state.tableau[2][-1] == "3H" and state.found["H"] == 2
    state.apply(0, "move 1 cell")  # 2S free: it goes up (twos are always safe)
    assert state.found["S"] == 2
    state.apply(0, "move 2 cell")  # 2C up too; now both black foundations hold 2
    assert state.found["C"] == 2 and state.found["H"] == 3  # ... and the 3H follows


@pytest.mark.parametrize("deal", [1, 617, 2024])
def test_auto_move_never_sends_up_a_card_still_needed(deal):
    """Replay a winning line and check every automatic move at the moment it happens."""
    state = GAME.new(1, options={"deal": str(deal)})
    checked = 0
    for text in freecell_solver.solve(state) or []:
        before = state.copy()
        state.apply(0, text)
        step = state.history[-1]
        first_auto = 0 if text == "auto" else 1  # the player's own move comes first
        for i, op in enumerate(step):
            if i >= first_auto and op[0] == "m" and op[2][0] == "f":
                suit, rank = op[2][1], before.found[op[2][1]] + 1
                in_play = [c for col in before.tableau for c in col] + [c for c in before.cells if c]
                needy = [c for c in in_play if c[-1] in OTHER_COLOUR[suit] and RANK[c] == rank - 1]
                assert rank <= 2 or not needy, f"{RANKS[rank - 1]}{suit} went up while {needy} needed it"
                checked += rank > 2
            before._run(op)
    assert state.won and checked >= 10


# -- undo, won, stuck, finish ------------------------------------------------------


def test_undo_restores_the_exact_previous_state_including_auto_moves():
    state = GAME.new(1, options={"deal": "1"})
    plan = freecell_solver.solve(state)
    assert plan
    for text in plan:
        before = state.dump()
        state.apply(0, text)
        if state.over:
            break
        snapshot = state.dump()
        state.apply(0, "undo")
        after = state.dump()
        assert after["undos"] == before["undos"] + 1
        assert without_counters(after) == without_counters(before)
        state = GAME.load(snapshot)  # carry on from the move
    assert state.won
    assert sum(1 for step in state.history if len(step) > 1) >= 5, "moves should set off auto-moves"


def test_undo_of_auto_is_one_step():
    state = position([["KS", "AH"], ["KD", "AS"], ["QD", "2S"]])
    before = state.dump()
    assert "auto" in [a.text for a in state.legal_actions(0)]
    state.apply(0, "auto")
    assert state.found["H"] == 1 and state.found["S"] == 2 and state.moves == 1
    assert "auto" not in [a.text for a in state.legal_actions(0)]
    state.apply(0, "undo")
    assert without_counters(state.dump()) == without_counters(before)


def test_won_position_is_over_with_a_win():
    found = dict.fromkeys("SHDC", 13) | {"S": 12}
    state = position([["KS"]], found=found)
    assert "finish" in [a.text for a in state.legal_actions(0)]
    events = state.apply(0, "move 1 f")
    assert state.won and state.over and state.to_move == ()
    assert any(e.kind == "win" for e in events)
    assert state.outcome().places == (1,) and state.outcome().scores == (1.0,)
    assert state.view(0)["won"] is True and state.legal_actions(0) == []


def deadlock() -> FreeCellState:
    """Cells full of kings, every column topped by a black card over a buried ace."""
    cells = ["KS", "KH", "KD", "KC"]
    tops = ["QS", "QC", "10S", "10C", "8S", "8C", "6S", "6C"]
    unders = ["AH", "AS", "AD", "AC", "2H", "2D", "3H", "3D"]
    return position([[u, t] for u, t in zip(unders, tops, strict=True)], cells)


def test_stuck_position_is_not_over_and_offers_undo():
    state = deadlock()
    view = state.view(0)
    assert view["stuck"] is True and view["over"] is False and not state.over
    assert [a.text for a in state.legal_actions(0)] == ["resign"]
    state.apply(0, "resign")
    assert state.over and state.outcome().scores == (0.0,)


def endgame(tableau, cells=(None, None, None, None), **found) -> FreeCellState:
    """A position where every card not shown is already on its foundation."""
    return position(tableau, cells, dict.fromkeys("SHDC", 13) | found)


def test_finish_sweeps_when_nothing_is_in_the_way():
    layout = ([["QS", "JS"], ["KS"], ["JH"], ["QH"]], ["KH", None, None, None])
    state = endgame(*layout, S=10, H=10)
    assert "finish" in [a.text for a in state.legal_actions(0)]
    events = state.apply(0, "finish")
    assert state.won and state.over and state.moves == 1 and state.hints == 0
    assert events[0].data["cards"] == ["JS", "JH", "QS", "QH", "KS", "KH"]
    with pytest.raises(IllegalAction, match="over"):  # finishing wins, and a won game is final
        state.apply(0, "undo")


def test_finish_uses_the_solver_when_a_sweep_is_not_enough_and_counts_a_hint():
    state = endgame([["QS", "KS"], ["KD"]], S=11, D=12)
    assert "finish" not in [a.text for a in state.legal_actions(0)]
    before = state.dump()
    state.apply(0, "finish")
    assert state.won and state.hints == 1 and state.moves == 1
    assert before["history"] == [] and len(state.history) == 1


def test_finish_is_refused_when_the_solver_finds_no_way():
    state = deadlock()
    before = dump_text(state)
    with pytest.raises(IllegalAction, match="No way to finish"):
        state.apply(0, "finish")
    assert dump_text(state) == before


# -- notation, rejection, hints ----------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("move 1 a", "move 1 a"),
        ("1 to a", "move 1 a"),
        ("1-a", "move 1 a"),
        ("1>cell", "move 1 a"),
        ("M 1 CELL B", "move 1 b"),
        ("1b", "move 1 b"),
        ("  move   1   c ", "move 1 c"),
        ("1\u2013a", "move 1 a"),  # an en dash, as phones type "--"
        ("1 \u2014 b", "move 1 b"),  # an em dash
    ],
)
def test_forgiving_parse(typed, canonical):
    state = GAME.new(1, options={"deal": "1"})
    assert state.parse(0, typed).text == canonical


def test_legal_actions_round_trip_and_stay_small():
    state = GAME.new(1, seed=11)
    rng = random.Random(11)
    for _ in range(200):
        actions = state.legal_actions(0)
        assert 1 <= len(actions) <= 80
        for a in actions:
            assert state.parse(0, a.text).text == a.text
        state.apply(0, rng.choice([a for a in actions if a.text != "resign"]).text)
        if state.over:
            break


@pytest.mark.parametrize("bad", ["move 9 1", "move 1 1", "move a 1", "move 1 w", "draw", "dance", "move 1 2 0", "x"])
def test_rejected_actions_leave_the_state_unchanged(bad):
    state = GAME.new(1, options={"deal": "617"})
    before = dump_text(state)
    with pytest.raises(IllegalAction):
        state.apply(0, bad)
    assert dump_text(state) == before


def test_hint_is_information_and_the_hint_action_is_counted():
    state = GAME.new(1, options={"deal": "617"})
    before = dump_text(state)
    hint = state.hint()
    assert hint is not None and dump_text(state) == before
    assert state.parse(0, hint.text).text == hint.text
    events = state.apply(0, "hint")
    assert state.hints == 1 and state.moves == 0 and events[0].data["hint"] == hint.text
    state.apply(0, hint.text)
    assert state.moves == 1


def test_a_hint_without_a_solution_never_leads_back_to_an_earlier_position(monkeypatch):
    # With the solver out of its depth, the best-looking move on deal 1 once led back to
    # where the game had been (and then round that circle for ever).
    monkeypatch.setattr(freecell_solver, "solve", lambda *args, **kwargs: None)
    state = GAME.new(1, options={"deal": "1"})

    def shape(s: FreeCellState) -> tuple:
        return tuple(map(tuple, s.tableau)), tuple(sorted(c for c in s.cells if c)), tuple(s.found.values())

    been = {shape(state)}
    for _ in range(25):
        hint = state.hint()
        if hint is None:
            break
        state.apply(0, hint.text)
        assert shape(state) not in been, hint.text
        been.add(shape(state))


def test_solvable_reports_a_known_winnable_deal():
    assert GAME.new(1, options={"deal": "1"}).solvable() is True


def test_view_keys_and_json():
    state = GAME.new(1, options={"deal": "1"})
    view = state.view(None)
    json.dumps(view)
    for key in (
        "game",
        "tableau",
        "foundations",
        "cells",
        "deal",
        "moves",
        "undos",
        "hints",
        "won",
        "stuck",
        "over",
        "max_run",
    ):
        assert key in view
    assert view["cells"] == [None] * 4 and view["foundations"] == {"S": 0, "H": 0, "D": 0, "C": 0}


def test_dump_load_and_determinize_are_exact_copies():
    state = GAME.new(1, seed=3)
    state.apply(0, state.legal_actions(0)[0].text)
    again = GAME.load(json.loads(json.dumps(state.dump())))
    assert again.dump() == state.dump()
    assert state.determinize(0, random.Random(1)).dump() == state.dump()
    assert state.copy().dump() == state.dump()


# -- natural move text ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("2 to free cell", "move 2 a"),
        ("2 to freecell", "move 2 a"),
        ("2 to cell", "move 2 a"),
        ("2 to free cell c.", "move 2 c"),
        ("column 2 to free cell b", "move 2 b"),
        ("8♥ on 9♠", "move 2 1"),
        ("eight of hearts to column 1", "move 2 1"),
        ("8h 1", "move 2 1"),
        ("A♦ to foundation", "move 3 f"),
        ("ace of diamonds home", "move 3 f"),
        ("K♣ to free cell", None),
        ("8♥ to an empty column", None),
        ("9♠ to 5", "move 1 5"),
        ("A ♦ home", "move 3 f"),
        ("8 ♥ on 9 ♠", "move 2 1"),
    ],
)
def test_natural_move_text(typed, canonical):
    state = position([["9S"], ["8H"], ["KC", "AD"], ["AH"]])
    if canonical is None:
        with pytest.raises(IllegalAction):
            state.parse(0, typed)
        return
    assert state.parse(0, typed).text == canonical
    assert state.parse(0, canonical).text == canonical


def test_a_rank_without_its_suit_must_be_unambiguous():
    state = position([["9S"], ["8H"], ["KC", "AD"], ["AH"]])
    with pytest.raises(IllegalAction, match=r"Which ace\? A♥ and A♦ could go there"):
        state.parse(0, "ace to foundation")
    assert state.parse(0, "eight to 1").text == "move 2 1"
    with pytest.raises(IllegalAction, match="No queen can go there now"):
        state.parse(0, "queen to 1")


def test_a_card_named_as_a_source_carries_its_run():
    state = position([["10S", "9H", "8C"], ["JD"], []], cells=("2C", None, None, None))
    assert state.parse(0, "10♠ on J♦").text == "move 1 2"
    assert state.parse(0, "9♥ to 3").text == "move 1 3 2"  # the 9♥ and what is on it
    assert state.parse(0, "8♣ to 3").text == "move 1 3 1"
    assert state.parse(0, "2♣ to 3").text == "move a 3"
    with pytest.raises(IllegalAction, match="only build on the top card"):
        state.parse(0, "9h on 10s")


# -- the legal-move cache ---------------------------------------------------------------


def test_cached_legal_moves_match_a_fresh_state_after_every_action():
    """A state rebuilt from its dump has no cache: both must list the same moves and stuck flag."""
    state = GAME.new(1, options={"deal": "27"})
    rng = random.Random(27)
    for _ in range(300):
        if state.over:
            break
        fresh = GAME.load(json.loads(json.dumps(state.dump())))
        listed = [(a.text, a.label) for a in state.legal_actions(0)]
        assert listed == [(a.text, a.label) for a in fresh.legal_actions(0)]
        assert state.view(0) == fresh.view(0)
        choices = [t for t, _ in listed if t not in ("resign", "finish")]
        state.apply(0, rng.choice(choices))


def test_a_copy_moves_on_without_touching_the_original():
    state = GAME.new(1, options={"deal": "5"})
    before = [a.text for a in state.legal_actions(0)]
    dumped = dump_text(state)
    other = state.copy()
    other.apply(0, "move 1 a")
    assert [a.text for a in state.legal_actions(0)] == before and dump_text(state) == dumped
    assert other.cells[0] is not None and state.cells[0] is None


# -- structured parts: what the step panel reads ----------------------------------------------
def test_every_move_names_its_card_and_its_piles_as_players_do():
    state = position([["KC", "9S", "8H"], ["3C"], ["10D"]], cells=("AS", None, None, None))
    parts = {a.text: a.parts for a in state.legal_actions(0)}
    assert parts["move 1 3"] == {"verb": "move", "cards": ["9S"], "from": "column 1", "to": "column 3"}
    assert parts["move a f"] == {"verb": "move", "cards": ["AS"], "from": "free cell a", "to": "foundation"}
    assert parts["move 2 b"] == {"verb": "move", "cards": ["3C"], "from": "column 2", "to": "free cell b"}
    # to an empty column every count is a move of its own, told apart by the run's head card
    assert parts["move 1 4 1"]["cards"] == ["8H"] and parts["move 1 4"]["cards"] == ["9S"]
    assert parts["resign"] == {"verb": "resign"}


def test_a_card_and_a_target_pin_down_exactly_one_move():
    for deal in (1, 617, 11982):
        state = GAME.new(1, options={"deal": str(deal)})
        rng = random.Random(deal)
        for _ in range(40):
            actions = state.legal_actions(0)
            moves = [a for a in actions if a.parts["verb"] == "move"]
            keys = [(a.parts["cards"][0], a.parts["to"]) for a in moves]
            assert len(keys) == len(set(keys))
            assert all(a.parts.get("verb") for a in actions)
            state.apply(0, rng.choice([a for a in actions if a.text != "resign"]))
            if state.over:
                break


def test_a_typed_move_comes_back_with_the_listed_parts():
    state = position([["9S", "8H"], ["3C"], ["10D"]])
    assert state.parse(0, "9♠ on 10♦").parts == {
        "verb": "move",
        "cards": ["9S"],
        "from": "column 1",
        "to": "column 3",
    }
    assert state.parse(0, "hint").parts == {"verb": "hint"}


BLANK = "Say what you want to do, for example one of your legal actions."


def test_apply_refuses_a_wrong_seat_a_blank_text_and_a_finished_game_changing_nothing():
    state = GAME.new(1, options={"deal": "7"})
    before = dump_text(state)
    for seat, text, message in ((-1, "move 1 a", "You don't have a seat in this game."), (0, "", BLANK)):
        with pytest.raises(IllegalAction) as refused:
            state.apply(seat, text)
        assert str(refused.value) == message
    assert dump_text(state) == before
    state.apply(0, "resign")
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "move 1 a")
    assert str(refused.value) == "The game is over."
