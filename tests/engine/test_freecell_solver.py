"""The FreeCell solver: its answers replay through the game and win."""

from __future__ import annotations

import gc
import time

import pytest

from engine import freecell_solver
from engine.freecell import GAME, microsoft_deal


def replay(state, moves):
    for text in moves:
        assert not state.over, "the solution goes on after the game was won"
        state.apply(0, text)
    return state


@pytest.mark.parametrize("deal", [1, 2, 3, 164, 617, 1000, 2198, 25017, 28677, 500_000, 999_999])
def test_solutions_replay_through_apply_and_win(deal):
    state = GAME.new(1, options={"deal": str(deal)})
    moves = freecell_solver.solve(state)
    assert moves, f"deal {deal} should be solved"
    replay(state, moves)
    assert state.won and state.outcome().scores == (1.0,)


def test_solving_from_the_middle_of_a_game_and_from_a_view():
    state = GAME.new(1, options={"deal": "617"})
    replay(state, freecell_solver.solve(state)[:12])
    state.apply(0, "undo")  # and take one back
    from_view = freecell_solver.solve(state.view(0))
    from_state = freecell_solver.solve(state)
    assert from_view == from_state and from_state
    replay(state, from_state)
    assert state.won


def test_a_position_needing_auto_first_starts_with_auto():
    # Deal 1 with its four aces swapped onto the tops of columns 1-4 (the last row).
    order = microsoft_deal(1)
    for i, ace in zip(range(48, 52), ("AS", "AH", "AD", "AC"), strict=True):
        j = order.index(ace)
        order[i], order[j] = order[j], order[i]
    state = GAME.new(1, deck=order)
    assert [col[-1] for col in state.tableau[:4]] == ["AS", "AH", "AD", "AC"]
    moves = freecell_solver.solve(state)
    assert moves and moves[0] == "auto"
    replay(state, moves)
    assert state.won


def test_deal_11982_is_not_solved_within_the_budget():
    # A small budget keeps the test quick; it must be used up, not proved exhausted.
    start = time.perf_counter()
    result = freecell_solver.search(GAME.new(1, options={"deal": "11982"}), budget=20_000)
    assert result.moves is None and not result.exhausted
    assert result.nodes >= 20_000
    assert time.perf_counter() - start < 60


def test_an_exhausted_search_proves_there_is_no_win():
    state = GAME.new(1, options={"deal": "1"})
    state.tableau = [
        ["AH", "QS"],
        ["AS", "QC"],
        ["AD", "10S"],
        ["AC", "10C"],
        ["2H", "8S"],
        ["2D", "8C"],
        ["3H", "6S"],
        ["3D", "6C"],
    ]
    state.cells = ["KS", "KH", "KD", "KC"]
    result = freecell_solver.search(state)
    assert result.moves is None and result.exhausted
    assert state.solvable() is False


def test_a_won_position_needs_no_moves():
    state = GAME.new(1, options={"deal": "5"})
    state.tableau = [[] for _ in range(8)]
    state.found = dict.fromkeys("SHDC", 13)
    assert freecell_solver.solve(state) == []


def test_card_codes_round_trip():
    for code in ("AC", "10H", "KS", "QD"):
        assert freecell_solver.card_code(freecell_solver.card_int(code)) == code


def test_most_deals_solve_quickly():
    """A sample of deals 1..1000: nearly all solve, in a small share of the budget."""
    solved, start = 0, time.perf_counter()
    deals = range(1, 1001, 25)
    for deal in deals:
        result = freecell_solver.search(GAME.new(1, options={"deal": str(deal)}), budget=30_000)
        solved += result.moves is not None
    assert solved >= 0.95 * len(deals)
    assert time.perf_counter() - start < 60


def _column(*codes):
    return bytes(freecell_solver.card_int(c) for c in codes)


@pytest.mark.parametrize(
    ("hearts_home", "whole_runs", "expected"),
    [
        (0, False, [(0, 1, 2), (0, 2, 1), (0, 7, 3)]),  # every part of the run that fits somewhere
        (0, True, [(0, 7, 3)]),  # only the whole run 9H 8S 7H onto 10C
        (8, True, [(0, 1, 2), (0, 7, 3)]),  # 8S 7H onto 9D uncovers 9H, which can go up onto 8H
    ],
)
def test_whole_runs_keeps_a_partial_run_move_only_when_it_uncovers_a_card_for_the_foundations(
    hearts_home, whole_runs, expected
):
    columns = (
        _column("KC", "9H", "8S", "7H"),
        _column("9D"),
        _column("8C"),
        _column("QS"),
        _column("QH"),
        _column("JS"),
        _column("JH"),
        _column("10C"),
    )
    found = (0, 0, hearts_home, 0)
    children = freecell_solver._children(columns, (0, 0, 0, 0), found, freecell_solver._Columns(), None, whole_runs)
    onto_columns = sorted(move for move, *_ in children if move[0] == 0 and move[1] < freecell_solver.CELLS_BASE)
    assert onto_columns == expected


@pytest.mark.parametrize("enabled", [True, False])
def test_a_search_leaves_the_garbage_collector_as_it_found_it(enabled):
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        assert freecell_solver.solve(GAME.new(1, options={"deal": "2"}))
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()


@pytest.mark.parametrize("deal", [4978, 6523])
def test_the_look_ahead_searches_win_what_the_old_rotation_found_slow(deal):
    # Past the classic head these took the old rotation 132,718 and 44,978 positions.
    state = GAME.new(1, options={"deal": str(deal)})
    result = freecell_solver.search(state, budget=5_000)
    assert result.moves and result.nodes > freecell_solver.CLASSIC_HEAD
    replay(state, result.moves)
    assert state.won


def test_after_weighs_the_cards_above_the_card_after_the_next_one_a_foundation_needs():
    # Aces are home. 2C is free and 3C lies under two cards; 2D lies under 3D, which is free.
    columns = (_column("2C"), _column("3C", "KH", "QS"), _column("2D", "3D"), b"", b"", b"", b"", b"")
    cells, found = (0, 0, 0, 0), (1, 1, 1, 1)
    plain = freecell_solver.Strategy()
    looking = freecell_solver.Strategy(after=3)
    difference = freecell_solver._score(
        columns, cells, found, freecell_solver._Scores(looking)
    ) - freecell_solver._score(columns, cells, found, freecell_solver._Scores(plain))
    assert difference == 3 * 2  # the two cards on 3C; nothing sits on 3D


def test_the_classic_head_still_wins_the_bot_tests_short_deal_in_31_moves():
    # The bot and render tests replay the classic head's lines: this one must stay short and inside the head.
    result = freecell_solver.search(GAME.new(1, options={"deal": "386"}))
    assert len(result.moves) == 31 and result.nodes < freecell_solver.CLASSIC_HEAD


DEPTH_FIRST = freecell_solver.Strategy(depth_first=True, cell=3, empty=5, whole_runs=True)


def _start(state):
    """The position a search starts from: the deal with its safe cards sent up (in `state` too)."""
    cols, cells, found = (list(part) for part in freecell_solver.to_position(state))
    if freecell_solver._auto(cols, cells, found):
        state.apply(0, "auto")
    return tuple(cols), tuple(cells), tuple(found)


@pytest.mark.parametrize("deal", [6885, 8341, 9542])
def test_the_depth_first_search_alone_wins_deals_both_look_ahead_searches_lose_in_16000(deal):
    state = GAME.new(1, options={"deal": str(deal)})
    search = freecell_solver._DepthFirst(_start(state), DEPTH_FIRST)
    moves = search.advance(1_000)
    assert isinstance(moves, list) and search.generated <= 1_000 + 60  # one expansion may overshoot
    replay(state, moves)
    assert state.won


def test_the_depth_first_search_goes_down_the_best_kind_of_move_first():
    # 3H can go up (hearts are on the two) but not by the safe rule: the black twos are still out.
    # Every other move builds, fills the empty column or takes a free cell, and must wait.
    columns = (
        _column("KC", "3H"),
        _column("9D", "8C"),
        _column("QS", "7H"),
        _column("QH"),
        _column("JS"),
        _column("JH"),
        _column("10C", "9H"),
        b"",
    )
    start = (columns, (0, 0, 0, 0), (1, 1, 2, 1))
    search = freecell_solver._DepthFirst(start, DEPTH_FIRST)
    assert search.advance(1) is None  # the root is expanded, its children wait on the stack
    index = search.stack[-1][0]
    assert search.nodes[index][1] == (0, freecell_solver.FOUNDATION, 1)


def test_a_depth_first_search_that_runs_dry_has_tried_everything():
    state = GAME.new(1, options={"deal": "1"})
    state.tableau = [["AH", "QS"], ["AS", "QC"], ["AD", "10S"], ["AC", "10C"], ["2H", "8S"], ["2D", "8C"]]
    state.tableau += [["3H", "6S"], ["3D", "6C"]]
    state.cells = ["KS", "KH", "KD", "KC"]
    search = freecell_solver._DepthFirst(_start(state), freecell_solver.Strategy(depth_first=True))
    assert search.advance(10_000) is False
    best_first = freecell_solver._Search(_start(state), freecell_solver.CLASSIC)
    assert best_first.advance(10_000) is False
    assert search.generated == best_first.generated  # the same reachable positions, each once


class _Scripted:
    """A stand-in search for `_rotate`: it wins on its `wins_on`-th turn (never if 0)."""

    def __init__(self, name, turn, wins_on=0):
        self.strategy = freecell_solver.Strategy(turn=turn)
        self.name, self.wins_on, self.turns, self.generated, self.done = name, wins_on, 0, 1, False

    def advance(self, limit):
        self.turns += 1
        self.generated += limit
        return [f"{self.name} wins"] if self.turns == self.wins_on else None


def test_the_rotation_returns_the_first_win_and_counts_every_search_s_positions():
    first, second, third = (
        _Scripted("first", 300, wins_on=3),
        _Scripted("second", 200, wins_on=2),
        _Scripted("third", 100),
    )
    result, used = freecell_solver._rotate([first, second, third], 1_000, 10_000, ["auto"])
    # Round one: 300 + 200 + 100; round two: first 300, then second wins before third's turn.
    assert result.moves == ["auto", "second wins"] and not result.exhausted
    assert used == result.nodes == 1_000 + 600 + 300 + 200
    assert (first.turns, second.turns, third.turns) == (2, 2, 1)


def test_the_rotation_stops_at_its_share_of_the_budget():
    first, second = _Scripted("first", 300), _Scripted("second", 200)
    result, used = freecell_solver._rotate([first, second], 1_000, 2_250, [])
    assert result is None and used == 2_250  # 300 + 200 + 300 + 200 + the last 250 to the first
    assert first.generated - 1 == 850 and second.generated - 1 == 400


@pytest.mark.parametrize("budget", [3_000, 5_000, 9_000])
def test_a_search_keeps_to_its_budget(budget):
    # Past the classic head and into the look-ahead searches' turns; one expansion may overshoot.
    result = freecell_solver.search(GAME.new(1, options={"deal": "11982"}), budget=budget)
    assert result.moves is None and not result.exhausted
    assert budget <= result.nodes <= budget + 60


def test_the_look_ahead_stage_returns_the_depth_first_search_s_line_when_it_wins_first():
    # Deal 9542: the classic head and the best-first look-ahead search lose it; the depth-first one wins in 445.
    state = GAME.new(1, options={"deal": "9542"})
    result = freecell_solver.search(state, budget=10_000)
    replay(state, result.moves)
    alone = freecell_solver._DepthFirst(_start(GAME.new(1, options={"deal": "9542"})), freecell_solver.LOOKAHEAD[1])
    assert result.moves == ["auto", *alone.advance(1_000)]  # the deal starts with a safe card to send up
    assert result.nodes > freecell_solver.CLASSIC_HEAD + freecell_solver.LOOKAHEAD[0].turn
    assert state.won
