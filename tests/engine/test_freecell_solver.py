"""The FreeCell solver: its answers replay through the game and win."""

from __future__ import annotations

import gc
import random

import pytest

from engine import freecell_moves, freecell_solver
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
    result = freecell_solver.search(GAME.new(1, options={"deal": "11982"}), budget=20_000)
    assert result.moves is None and not result.exhausted
    assert result.nodes >= 20_000


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
    """A sample of deals 1..1000: nearly all solve within a small node budget (the solver's
    speed is bench/bench_solver.py's)."""
    solved = 0
    deals = range(1, 1001, 25)
    for deal in deals:
        result = freecell_solver.search(GAME.new(1, options={"deal": str(deal)}), budget=30_000)
        solved += result.moves is not None
    assert solved >= 0.95 * len(deals)


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
    children = freecell_moves.children(columns, (0, 0, 0, 0), found, freecell_moves.Columns(), None, whole_runs)
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
    if freecell_moves.auto(cols, cells, found):
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
    _, move = search.stack[-1][3]  # the next position's node: (its parent's, the move to it)
    assert move == (0, freecell_solver.FOUNDATION, 1)


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


# Plain references for the tuned inner loop (engine/freecell_moves.py, `_score`): the move
# generator, auto sweep and heuristic as they read before they were tuned for speed. The
# searches' tie-breaks depend on the exact list and order of children, so the tuned code must
# give the same children, in the same order, with the same scores.
def _reference_auto(cols, cells, found):
    again = True
    while again:
        again = False
        limit = [max(2, min(found[a], found[b]) + 1) for a, b in ((1, 2), (0, 3), (0, 3), (1, 2))]
        for i, c in enumerate(cells):
            if c and found[c & 3] == (c >> 2) - 1 and (c >> 2) <= limit[c & 3]:
                found[c & 3], cells[i], again = found[c & 3] + 1, 0, True
        for i, col in enumerate(cols):
            while col and found[col[-1] & 3] == (col[-1] >> 2) - 1 and (col[-1] >> 2) <= limit[col[-1] & 3]:
                found[col[-1] & 3] += 1
                col, again = col[:-1], True
            cols[i] = col


def _reference_onto(card):
    """The top cards `card` may be built onto, the lower first (none for a king)."""
    red = (card & 3) in (1, 2)
    return [((card >> 2) + 1) * 4 + s for s in range(4) if red != (s in (1, 2))] if card >> 2 < 13 else []


def _reference_run(col):
    run = 1 if col else 0
    while run < len(col):
        upper, lower = col[-run], col[-run - 1]
        if lower >> 2 != (upper >> 2) + 1 or ((lower & 3) in (1, 2)) == ((upper & 3) in (1, 2)):
            break
        run += 1
    return run


def _reference_children(cols, cells, found, back, whole_runs):
    moves = []  # (move, columns, cells, foundations) before the auto sweep
    free, empties = cells.count(0), cols.count(b"")
    limit, limit_empty = (free + 1) << empties, (free + 1) << (empties - 1) if empties else 0
    first_empty = cols.index(b"") if empties else -1
    first_cell = cells.index(0) if free else -1
    where = {col[-1]: j for j, col in enumerate(cols) if col}

    def child(move, changes, new_cells=cells, new_found=found):
        ncols = list(cols)
        for j, col in changes:
            ncols[j] = col
        moves.append((move, ncols, list(new_cells), list(new_found)))

    for ci, c in enumerate(cells):
        if not c:
            continue
        emptied = [0 if k == ci else x for k, x in enumerate(cells)]
        if found[c & 3] == (c >> 2) - 1:
            child(
                (freecell_solver.CELLS_BASE + ci, freecell_solver.FOUNDATION, 1),
                [],
                emptied,
                [f + (s == c & 3) for s, f in enumerate(found)],
            )
        targets = sorted(where[t] for t in _reference_onto(c) if t in where)
        for j in targets + ([first_empty] if empties else []):
            child((freecell_solver.CELLS_BASE + ci, j, 1), [(j, cols[j] + bytes((c,)))], emptied)
    for i, col in enumerate(cols):
        if not col:
            continue
        n, top, run = len(col), col[-1], _reference_run(col)
        if found[top & 3] == (top >> 2) - 1:
            child(
                (i, freecell_solver.FOUNDATION, 1),
                [(i, col[:-1])],
                cells,
                [f + (s == top & 3) for s, f in enumerate(found)],
            )
        for d in range(min(run, limit)):
            below = col[n - 2 - d] if d + 1 < n else 0
            if whole_runs and d + 1 < run and found[below & 3] != (below >> 2) - 1:
                continue
            targets = sorted(where[t] for t in _reference_onto(col[n - 1 - d]) if t in where)
            for j in targets:
                child((i, j, d + 1), [(i, col[: n - 1 - d]), (j, cols[j] + col[n - 1 - d :])])
        count = min(run, limit_empty)
        if empties and count < n:
            child((i, first_empty, count), [(i, col[: n - count]), (first_empty, col[n - count :])])
        if free:
            to_cell = [top if k == first_cell else x for k, x in enumerate(cells)]
            child((i, freecell_solver.CELLS_BASE + first_cell, 1), [(i, col[:-1])], to_cell)
    undo = None
    if back is not None:
        src, dst, count = back
        if src >= freecell_solver.CELLS_BASE:
            undo = (dst, freecell_solver.CELLS_BASE + first_cell, 1)
        else:
            undo = (dst, src if cols[src] else first_empty, count)
    out = []
    for move, ncols, ncells, nfound in moves:
        if move != undo:
            _reference_auto(ncols, ncells, nfound)
            out.append((move, tuple(ncols), tuple(ncells), tuple(nfound)))
    return out


def _reference_score(cols, cells, found, w):
    disorder = 0
    for col in cols:
        breaks = next((len(col) - k for k in range(1, len(col)) if _reference_run(col[k - 1 : k + 1]) < 2), 0)
        lows = [min(c >> 2 for c in col[:k]) for k in range(1, len(col))]
        above_lower = sum(1 for k, c in enumerate(col[1:]) if c >> 2 > lows[k])
        disorder += above_lower if w.low_rank else breaks

    def above(card):
        col = next((col for col in cols if card in col), b"")
        return len(col) - 1 - col.index(card) if col else 0

    buried = sum(above((rank + 1) * 4 + s) for s, rank in enumerate(found) if rank < 13)
    later = sum(above((rank + 2) * 4 + s) for s, rank in enumerate(found) if rank < 12)
    return (
        (52 - sum(found)) * w.out
        + buried * w.buried
        + later * w.after
        + disorder * w.disorder
        + (4 - cells.count(0)) * w.cell
        - cols.count(b"") * w.empty
    )


def _positions(deal, count):
    """The first `count` positions a breadth-first walk of the reference moves meets from a
    deal, each with the move that reached it when no card went up (else None)."""
    cols, cells, found = _start(GAME.new(1, options={"deal": str(deal)}))
    queue, seen, out = [((cols, cells, found), None)], {(cols, cells)}, []
    while queue and len(out) < count:
        position, back = queue.pop(0)
        out.append((position, back))
        for move, *child in _reference_children(*position, back, False):
            if (child[0], child[1]) not in seen:
                seen.add((child[0], child[1]))
                queue.append((tuple(child), move if child[2] == position[2] else None))
    return out


GENERATORS = {"python": freecell_moves.py_children, "c": freecell_moves.c_children}


def test_the_c_generator_was_built_and_is_the_one_the_solver_uses():
    # `pip install -e .` compiles engine/_freecell.c (setup.py); the machines we install on have a compiler.
    assert freecell_moves.c_children is not None, "engine/_freecell.c was not built: pip install -e . needs gcc"
    assert freecell_solver.children is freecell_moves.c_children


@pytest.mark.parametrize("generator", GENERATORS)
@pytest.mark.parametrize("deal", [1, 617, 4864, 9542])
def test_children_lists_the_same_moves_in_the_same_order_as_the_plain_generator(deal, generator):
    children = GENERATORS[generator]
    positions = _positions(deal, 400)
    for whole_runs in (False, True):
        columns = freecell_moves.Columns()  # one cache across the walk, as a search keeps it
        for (cols, cells, found), back in positions:
            expected = _reference_children(cols, cells, found, back, whole_runs)
            assert children(cols, cells, found, columns, back, whole_runs) == expected


@pytest.mark.parametrize("deal", [3, 4864, 11982])
def test_both_generators_keep_the_parent_s_cells_and_foundations_exactly_when_they_did_not_change(deal):
    # The searches test `cfound is pfound` to know that no card went up (and `ccells is pcells`).
    for (cols, cells, found), back in _positions(deal, 300):
        for whole_runs in (False, True):
            listed = [
                GENERATORS[name](cols, cells, found, freecell_moves.Columns(), back, whole_runs)
                for name in ("python", "c")
            ]
            for (move, _, pcells, pfound), (_, _, ccells, cfound) in zip(*listed, strict=True):
                assert (cfound is found) == (pfound is found) == (pfound == found), move
                assert (ccells is cells) == (pcells is cells), move


def test_the_c_generator_shares_equal_columns_and_cells_between_children():
    (cols, cells, found), back = _positions(617, 60)[-1]
    columns = freecell_moves.Columns()
    first = freecell_moves.c_children(cols, cells, found, columns, back)
    again = freecell_moves.c_children(cols, cells, found, columns, back)
    assert first == again
    for (_, ccols, ccells, _), (_, acols, acells, _) in zip(first, again, strict=True):
        assert all(x is y for x, y in zip(ccols, acols, strict=True))
        assert ccells is acells or ccells is cells


def _random_position(rng):
    """A position no walk from a deal meets soon: foundations part built, cards in the cells,
    empty columns, long runs (each card laid, when it can be, on one it fits), auto-moves done
    or not."""
    found = [rng.choice((0, 0, rng.randint(0, 13))) for _ in range(4)]
    pool = [rank * 4 + s for s in range(4) for rank in range(found[s] + 1, 14)]
    rng.shuffle(pool)
    cells = [pool.pop() if pool and rng.random() < 0.5 else 0 for _ in range(4)]
    live = rng.sample(range(8), rng.choice((8, 8, 7, 6, 5, 1)))
    cols, runs = [[] for _ in range(8)], rng.random()
    for card in pool:
        fits = [i for i in live if cols[i] and (cols[i][-1] >> 2) == (card >> 2) + 1]
        fits = [i for i in fits if freecell_moves._RED[cols[i][-1]] != freecell_moves._RED[card]]
        cols[rng.choice(fits) if fits and rng.random() < runs else rng.choice(live)].append(card)
    cols, found = [bytes(col) for col in cols], list(found)
    if rng.random() < 0.7:
        freecell_moves.auto(cols, cells, found)
    return tuple(cols), tuple(cells), tuple(found)


def test_both_generators_agree_on_random_positions_and_a_few_moves_on():
    """Beyond the walks above: cells held, columns empty, long runs, a foundation near done."""
    rng = random.Random(11)
    for _ in range(300):
        (cols, cells, found), back, whole_runs = _random_position(rng), None, rng.random() < 0.5
        for _ in range(4):
            listed = [
                GENERATORS[name](cols, cells, found, freecell_moves.Columns(), back, whole_runs)
                for name in ("python", "c")
            ]
            assert listed[0] == listed[1], (cols, cells, found, back, whole_runs)
            for (move, _, pcells, pfound), (_, _, ccells, cfound) in zip(*listed, strict=True):
                assert (cfound is found) == (pfound is found) and (ccells is cells) == (pcells is cells), move
            if not listed[0]:
                break
            move, cols, cells, child_found = rng.choice(listed[0])
            back, found = (move if child_found is found else None), child_found


@pytest.mark.parametrize(
    ("cols", "cells", "found", "error"),
    [
        ((b"",) * 7, (0, 0, 0, 0), (0, 0, 0, 0), TypeError),
        ((b"",) * 7 + ("AS",), (0, 0, 0, 0), (0, 0, 0, 0), TypeError),
        ((b"\x02",) + (b"",) * 7, (0, 0, 0, 0), (0, 0, 0, 0), ValueError),
        ((b"",) * 8, (0, 0, 0), (0, 0, 0, 0), TypeError),
        ((b"",) * 8, (0, 0, 0, 99), (0, 0, 0, 0), ValueError),
        ((b"",) * 8, (0, 0, 0, 0), (0, 0, 0, 14), ValueError),
        ((b"\x04" * 60,) + (b"",) * 7, (0, 0, 0, 0), (0, 0, 0, 0), TypeError),
        ((b"",) * 8, (0, 2, 0, 0), (0, 0, 0, 0), ValueError),  # 1-3 are no card
    ],
)
def test_the_c_generator_refuses_what_is_not_a_position(cols, cells, found, error):
    with pytest.raises(error):
        freecell_moves.c_children(cols, cells, found, freecell_moves.Columns())


@pytest.mark.parametrize("deal", [1, 4864])
def test_the_score_matches_the_plain_heuristic_for_every_search_s_weights(deal):
    positions = _positions(deal, 300)
    weights = {freecell_solver.CLASSIC, freecell_solver.EVALUATION, *freecell_solver.STRATEGIES}
    weights |= {*freecell_solver.LOOKAHEAD, *freecell_solver.LATE_STRATEGIES}
    for w in weights:
        scores = freecell_solver._Scores(w)
        for (cols, cells, found), _ in positions:
            assert freecell_solver._score(cols, cells, found, scores) == _reference_score(cols, cells, found, w)


def test_the_c_generator_takes_the_move_back_as_a_list_too():
    (cols, cells, found), back = next((p, b) for p, b in _positions(617, 80) if b is not None)
    columns = freecell_moves.Columns()
    expected = freecell_moves.py_children(cols, cells, found, columns, back)
    assert freecell_moves.c_children(cols, cells, found, columns, list(back)) == expected
    with pytest.raises(TypeError):
        freecell_moves.c_children(cols, cells, found, columns, (1, 2))
