"""A FreeCell solver: best-first searches (greedy, weighted) and a depth-first one, safe auto-moves, taking turns.

`solve(position, budget)` returns the action texts (FreeCell notation, see
engine/freecell.py) that win from a position, or None when no win was found within
`budget` generated positions. `search` returns the same with its node count and
whether the whole reachable space was exhausted (a proof that no win exists).

The search models the game exactly as engine/freecell.py plays it, so the returned
texts replay through `State.apply`:

- moves are the game's own: a card to the foundations, a column's top card to the
  first empty free cell, a free cell's card to a column, and a run from column to
  column as one "supermove" of at most (free cells + 1) x 2^(empty columns) cards,
  counting one empty column fewer when the target is empty;
- after every move the safe auto-move runs to its fixed point (a card of rank r
  goes up when both foundations of the other colour reach r - 1; aces and twos
  always), just as the game does after each move. The closure is unique because
  foundations only grow, so the order of the sweep does not matter.

A card is the integer rank * 4 + suit (rank 1..13, suits in the Microsoft order
clubs, diamonds, hearts, spades). A column is a bytes object, one card a byte
(bytes hash, compare and search in C, and cache their hash: 15-20% faster than
tuples of ints); the cells are a tuple of ints, 0 an empty cell. The
transposition table keys on the columns as a sorted multiset and the cells as a
sorted tuple, since neither the order of columns nor of cells changes what can be
done. The heuristic counts cards still out, how deep the next card of each suit is
buried (and, for the best-first look-ahead search, the card after it), cards
sitting out of sequence, and occupied cells (see `_score`).

Issue 11, the cost of a position in the searches' own loops (the move generator is
engine/freecell_moves.py): a parent's foundations, cells and score terms are worked out
once for all its children, a column's share of the score is one lookup, open positions sit
in a bucket queue and carry their node (no list of every node). Over all of 1..32000 with
the same positions on every deal, CPU a position went 9.75 -> 8.26 us (11.1 -> 9.45 us on
the deals over 8,000 positions); callgrind counts 12% fewer instructions on three slow deals.
Measured since and not kept: the seen set holding each key's hash rather than the key (the same
instructions, 68,600 a position on three slow deals, and no difference the timing could see) and
the cells' record built from a per-card table (0.1% more instructions). The move generator,
half of what a position costs, is C where it was built (engine/_freecell.c, the same moves in
the same order): 3.8 us a position, CPU p99 over 1..32000 102 -> 47 ms, positions unchanged.
"""

from __future__ import annotations

import gc
import heapq
import random
import threading
from collections import deque
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from engine.cards import RANKS
from engine.freecell_moves import (
    CELLS_BASE,
    FOUND,
    FOUND_BY_KEY,
    FOUNDATION,
    Column,
    Columns,
    Move,
    Position,
    auto,
    children,
    column_info,
    found_info,
)

__all__ = ["DEFAULT_BUDGET", "Result", "evaluate", "search", "solve", "to_position"]

# Generated positions. The slowest deals of 1..32000 are won well inside it (4864 and
# 2928 at about 851,000 positions, 12-14 s of CPU; 19957 at 724,000); deal 11982 has no
# win and its search runs dry at about 294,000 (4.5 s). The bot asks with its own small
# budgets (engine/freecell.py), so this only sets what `solve` and `search` try by default.
DEFAULT_BUDGET = 1_500_000
SLICE = 500  # positions one strategy generates before the next takes a turn
CLASSIC_HEAD = 2000  # the classic search's turn, before the strategies take over
SUIT_ORDER = "CDHS"  # the Microsoft suit order; card = rank * 4 + suit index
CELL_NAMES = "abcd"


def card_int(code: str) -> int:
    """The solver's integer for a card code such as `10H`."""
    return (RANKS.index(code[:-1]) + 1) * 4 + SUIT_ORDER.index(code[-1])


def card_code(card: int) -> str:
    return RANKS[(card >> 2) - 1] + SUIT_ORDER[card & 3]


def to_position(source: Any) -> Position:
    """A solver position from a FreeCell State or a mapping shaped like its view.

    The mapping needs `tableau` (columns of card codes, bottom first), `cells` (four
    codes or None) and `foundations` (suit letter -> top rank, 0 when empty).
    """
    if isinstance(source, Mapping):
        tableau, cells, found = source["tableau"], source["cells"], source["foundations"]
    else:
        tableau, cells, found = source.tableau, source.cells, source.found
    if len(tableau) != 8 or len(cells) != 4:
        raise ValueError("a FreeCell position has eight columns and four free cells")
    cols = tuple(bytes(card_int(c) for c in col) for col in tableau)
    cell_ints = tuple(card_int(c) if c else 0 for c in cells)
    return cols, cell_ints, tuple(int(found.get(s, 0)) for s in SUIT_ORDER)


@dataclass(frozen=True, slots=True)
class Result:
    moves: list[str] | None  # action texts that win, or None
    nodes: int  # positions generated
    exhausted: bool  # True when every reachable position was tried (no win exists)


@dataclass(frozen=True, slots=True)
class Strategy:
    """Weights of the heuristic and how one search breaks ties."""

    out: int = 5  # per card not yet on a foundation
    buried: int = 2  # per card above the next card a foundation needs
    disorder: int = 2  # per card that must move before the column can be cleared
    cell: int = 1  # per occupied free cell
    empty: int = 1  # bonus per empty column
    low_rank: bool = False  # disorder = cards above a lower card, not above a break
    depth: float = 0  # per move made so far (0: pure greedy best-first)
    seed: int = 0  # 0: ties go to the oldest position; else they are broken at random
    whole_runs: bool = False  # move part of a run onto a column only when that sends a card up
    after: int = 0  # per card above the card after the next one each foundation needs
    turn: int = SLICE  # positions it generates at a time when searches take turns
    depth_first: bool = False  # a depth-first search (`_DepthFirst`, which ignores `depth`), not best-first


# Greedy best-first search either wins quickly or wanders in a bad region for a
# long time; which region depends on the heuristic, on how ties are broken and on
# which moves it may make. So several searches take turns: the classic one (pure
# greedy, ties to the oldest) alone for CLASSIC_HEAD positions, which wins about 80%
# of deals (and keeps the lines the tests and pictures replay, deal 86 among them);
# then (since the LOOKAHEAD searches below, only for deals they have not won) this
# rotation: three searches in turn, SLICE positions each. What the slow deals need is
# searches that wander apart, not one good one: a weighted A* (depth 1, a card out
# 4, cells and empty columns 3 and 5) breaks ties at random; a second one (out 5)
# moves part of a run only to send the card under it up (`whole_runs`: fewer
# moves, so a different and often shorter path); the third is the classic greedy
# search with that same pruning. Chosen by simulating schedules from each search's
# own position count on the 349 slowest deals of every 8th deal of 1..32000 (the
# searches are independent, so a schedule's cost follows from them). On every 8th deal
# the 99th percentile went from 19,377 positions (275 ms) with the old three weighted
# searches (the first with a 5,000 head start) to 17,031 (184 ms, columns as bytes and
# the collector paused counting too); bench/out/solver.json has deals 1..32000.
CLASSIC = Strategy()
STRATEGIES = (
    Strategy(out=4, cell=3, empty=5, seed=3, depth=1),
    Strategy(depth=1, cell=3, empty=5, seed=5, whole_runs=True),
    Strategy(whole_runs=True),
)
# After the classic head, up to LOOKAHEAD_UNTIL positions in all, two searches take turns:
# a best-first one that also counts the cards above the card after the next one each
# foundation needs (`after`: looking one card further ahead is what the rotation's
# searches lacked), the rotation's second search with that term; and a depth-first one
# (see "Issue 11" below). History: the second was at first the rotation's first search
# with `after`, taking 500 positions a turn. Alone after the head, the first won 202 of the 210
# deals of every 32nd of 1..32000 that the head does not win, 201 within 8,000 positions
# (the rotation took more than 8,000 on 29); the second wins most of the rest. Deals not
# won by LOOKAHEAD_UNTIL get the rotation from scratch, exactly as before (so they take
# 18,000 positions more than they did: the slowest, 4864, 850,919). Measured on the 320
# slowest deals of 1..32000 (under the rotation) and every 32nd deal, one job: deals over
# 100 ms of CPU 343 -> 212 of 1,308 (the 320: all -> 201; every 32nd: 35 -> 19 of 1,000);
# deals over 10,000 positions 338 -> 198. Over all of 1..32000 (bench/out/solver.json):
# p95 81 -> 60 ms, p99 222 -> 203 ms (19,303 -> 15,978 positions), deals over 100 ms
# 1,120 -> 838, CPU in all 798 -> 693 s: the 99th percentile now falls in this stage.
# Tried for issue 11 and measured worse in CPU (history: commits 89aadff..1b4d35e): one
# search with an open list per heuristic over a shared seen set, the lists picking in turn
# (Röger and Helmert's alternation). It costs about the better list's own count in
# positions, but 10-15% more CPU a position; on every 8th deal of 3..32000 (3,951) the
# deals over 100 ms went 110 -> 115 and p99 238 -> 285 ms with these two heuristics as
# the lists, 105 -> 114 (of the 845 the head does not win) with the second and the
# rotation's first. Handing the classic head's open positions to the lists fell into its
# traps (4978: 3,144 -> 150,546 positions). Weights tried alone on the slow deals (after
# 2-4, buried 3, depth 0 or 2, other seeds) fail on the same deals as these: correlated,
# so adding them to the rotation only dilutes it.
# Issue 11, a second kind of search: the look-ahead stage's second search is now depth-first
# (`_DepthFirst`, fc-solve's soft DFS) in place of the weighted best-first one. Alone from the
# start, within 8,000 positions, it wins about 200 of the 320 slowest deals of 1..32000 (about
# 130 within 2,000), most of which both look-ahead searches lose within 16,000; but it fails on
# some deals best-first finds easy, so the two take turns, 2,000 positions each. Schedules were
# simulated from each search's own counts on those 320 and on every 32nd deal (1,000): of the
# latter, 28 needed more than 7,500 positions with the old pair (bench_solver), 14 with this
# one (simulated). Tried in the same simulation and no better: other weights and tie-break seeds
# for the depth-first search, restarting it with a new seed every 500-3,000 positions, a third
# search beside these two (the old second, another depth-first one), other turns (500-3,000),
# a shorter classic head (1,000-1,750). The simulation's sample flattered it (its differences
# are a few deals): on every 32nd deal from 17, never used to choose, positions p99 went
# 15,914 -> 10,978 and deals over 7,500 positions 34 -> 19. All of 1..32000 (one job,
# bench/out/solver.json): positions p99 15,978 -> 11,952, p95 5,517 -> 4,923, mean solved
# 2,003 -> 1,815 (CPU p99 102-114 ms after the work a position was made cheaper, see the
# module docstring).
# Tuned again for issue 11's p99 (`bench/bench_solver.py --alone 18000`, three samples of 4,000
# deals: every 8th from 1, 5 and 3, about 860 a sample not won by the head), and nothing beat this
# pair on all three: its positions p99 is 10,640 / 12,262 / 11,751 (11,285 over the 12,000), the
# alternatives' from 2% lower to 7% higher there. Tried: the depth-first search
# ordering children with `after` (1, 2; with buried 3) or without whole_runs; the best-first one
# with tie-break seeds 0 and 7, after 2, no whole_runs, depth 0; either search first; turns of
# 500-3,000 and growing ones (1,000, 2,000, 4,000); a third search (weights above, or "dives"
# below) from the start or only past 6,000-10,000 positions. "Dives": a depth-first search that
# follows only the best child and leaves the others in a queue by score for the next dive to start
# from (the best), or 2-3 children a dive, or a first-in-first-out queue. Alone it wins the most
# within 2,000 positions (about 645 of 862 against 586 for the depth-first search) and, taking
# turns first, cuts p95 by 3-4%, but it loses on the same deals as the others: the tail stays. A
# pair that looked 15% better on the first sample (dives and the best-first search, tie-break seeds 5
# and 7: p99 9,058) was no better on the second (12,275) and worse on the third (14,146): a
# sample's p99 is its 40th slowest deal, and a new seed alone moves it 5-10%.
LOOKAHEAD = (
    Strategy(depth=1, cell=3, empty=5, seed=5, whole_runs=True, after=1, turn=2000),
    Strategy(depth_first=True, cell=3, empty=5, whole_runs=True, turn=2000),
)
LOOKAHEAD_UNTIL = 20_000
# Deals not won WIDEN_AT positions into the rotation (well past the 99th percentile) get
# two more searches in it, the old first two: the three above share a blind spot on a
# few deals (2198 and 2928 among 1..3619 were not won in 1,000,000 positions by them).
WIDEN_AT = 48_000
LATE_STRATEGIES = (
    Strategy(depth=1, cell=3, empty=5),
    Strategy(low_rank=True, seed=2, depth=1, cell=3, empty=5),
)
# The stages after the classic head: (strategies, until this many positions in all, whether
# the searches of the stage before keep their turns).
SCHEDULE: tuple[tuple[tuple[Strategy, ...], int, bool], ...] = (
    (LOOKAHEAD, LOOKAHEAD_UNTIL, False),
    (STRATEGIES, LOOKAHEAD_UNTIL + WIDEN_AT, False),
    (LATE_STRATEGIES, DEFAULT_BUDGET, True),
)
# The weights `evaluate` scores a position with (a hint's best guess when no win is found).
EVALUATION = Strategy(depth=1, cell=3, empty=5)


def solve(source: Any, budget: int = DEFAULT_BUDGET) -> list[str] | None:
    """Action texts that win from `source` (a State or view-like mapping), or None."""
    return search(source, budget).moves


def evaluate(source: Any) -> int:
    """The heuristic of EVALUATION for a position (lower is closer to a win)."""
    cols, cells, found = to_position(source)
    return _score(cols, cells, found, _Scores(EVALUATION))


def search(source: Any, budget: int = DEFAULT_BUDGET) -> Result:
    """Run the strategies side by side, SLICE positions each in turn, within `budget` in all."""
    cols, cells, found = to_position(source)
    lcols, lcells, lfound = list(cols), list(cells), list(found)
    prefix = ["auto"] if auto(lcols, lcells, lfound) else []
    start = (tuple(lcols), tuple(lcells), tuple(lfound))
    if sum(lfound) == 52:
        return Result(prefix, 1, False)
    with _gc_paused():
        return _run(start, budget, prefix)


def _run(start: Position, budget: int, prefix: list[str]) -> Result:
    """The classic search's head start, then each stage of SCHEDULE in turn: its searches
    take SLICE positions each in turn until the stage's share of the budget is spent."""
    columns = Columns()  # column records do not depend on the strategy: one table for every search here
    classic = _Search(start, CLASSIC, columns)
    outcome = classic.advance(min(CLASSIC_HEAD, budget))
    used = classic.generated - 1
    if outcome is False:  # the whole space was searched: no strategy can do better
        return Result(None, used, True)
    if outcome is not None:
        return Result(prefix + outcome, used, False)
    rotation: list[_Searcher] = []
    for strategies, until, keep in SCHEDULE:
        rotation = (rotation if keep else []) + [_searcher(start, strategy, columns) for strategy in strategies]
        result, used = _rotate(rotation, used, min(budget, until), prefix)
        if result is not None:
            return result
    return Result(None, used, False)


def _searcher(start: Position, strategy: Strategy, columns: Columns) -> _Searcher:
    return _DepthFirst(start, strategy, columns) if strategy.depth_first else _Search(start, strategy, columns)


def _rotate(rotation: list[_Searcher], used: int, stop: int, prefix: list[str]) -> tuple[Result | None, int]:
    """Advance the searches SLICE positions each in turn until `used` reaches `stop`: the
    result once one wins (or an unpruned one proves there is no win), and the positions used."""
    while used < stop:
        live = [one for one in rotation if not one.done]
        if not live:
            break
        for one in live:
            before = one.generated
            outcome = one.advance(min(one.strategy.turn, stop - used))
            used += one.generated - before
            if outcome is False:
                if not one.strategy.whole_runs:
                    return Result(None, used, True), used
                one.done = True  # its pruned space holds no win; the others go on
            elif outcome is not None:
                return Result(prefix + outcome, used, False), used
            if used >= stop:
                break
    return None, used


_gc_lock = threading.Lock()
_gc_holders = 0  # searches running now (the bot may run several in threads)
_gc_was_enabled = False


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while searches run, and restore it after the last.

    A search allocates millions of small tuples and no cycles; the collector would keep
    walking the growing heap and seen set for nothing (10-15% of the time on the slow deals).
    """
    global _gc_holders, _gc_was_enabled
    with _gc_lock:
        if _gc_holders == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_holders += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_holders -= 1
            if _gc_holders == 0 and _gc_was_enabled:
                gc.enable()


# A position's place in a search's tree: (its parent's node, the move from the parent), the
# root's (None, None). A position holds its node (in its open entry, its children's nodes):
# the winning line is read back from the last node, and a line that dies is freed with it.
Node = tuple[Any, Any]
ROOT: Node = (None, None)


class _Searcher:
    """What both kinds of search hold: the start, the weights, the positions seen (each is
    generated once) and the per-search tables of column records and score shares."""

    def __init__(self, start: Position, strategy: Strategy, columns: Columns | None = None) -> None:
        self.start = start
        self.strategy = strategy
        self.done = False  # set when a pruned search ran out of positions
        self.seen = {_key(start[0], start[1])}
        self.columns = Columns() if columns is None else columns
        self.scores = _Scores(strategy)
        # With a seed ties are broken at random, so searches wander apart from the classic one.
        self.rng = random.Random(strategy.seed) if strategy.seed else None

    @property
    def generated(self) -> int:
        return len(self.seen)


class _Search(_Searcher):
    """One greedy best-first search that can be advanced a slice at a time."""

    def __init__(self, start: Position, strategy: Strategy, columns: Columns | None = None) -> None:
        super().__init__(start, strategy, columns)
        # The open positions, by score (a bucket queue: scores are a few hundred small ints, so
        # one bucket a score and a small heap of the scores that have one; it pops the same
        # order as one heap of (score, tie-break) entries did, a little cheaper: about 1.5%
        # fewer instructions on the slow deals, a heap compares tuples). With no seed the oldest
        # node wins a tie (the first search then plays exactly as the solver always has, so
        # its lines stay the same): a bucket is a FIFO deque. A seed breaks ties at random so
        # the other searches wander apart from it: a bucket is a heap by that random number.
        # A bucket's entries are (tie-break or 0, node (see Node), columns, cells, foundations,
        # depth, the move that reached the position when it can be taken straight back (see
        # `children`), else None): the position laid out flat, one tuple fewer a position.
        first = (0, ROOT, *start, 0, None)
        self.buckets: dict[Any, Any] = {0: [first] if self.rng else deque([first])}
        self.open_scores: list[Any] = [0]  # a heap of the keys of `buckets`

    def advance(self, limit: int) -> list[str] | bool | None:
        """Generate up to `limit` more positions: the winning texts, False if the space
        is exhausted, None if neither yet."""
        seen, columns, strategy = self.seen, self.columns, self.strategy
        buckets, open_scores = self.buckets, self.open_scores
        scores, w_out, w_cell = self.scores, strategy.out, strategy.cell
        found_get, bucket_get = FOUND.get, buckets.get
        rng, whole_runs = self.rng, strategy.whole_runs
        heappop, heappush = heapq.heappop, heapq.heappush
        take, put, new_bucket = (heappop, heappush, list) if rng else (deque.popleft, deque.append, deque)
        size = len(seen)
        stop = size + limit
        while open_scores:
            best = open_scores[0]
            bucket = buckets[best]
            _, parent, pcols, pcells, pfound, depth, back = take(bucket)
            if not bucket:
                heappop(open_scores)
                del buckets[best]
            depth += 1
            cost = depth * strategy.depth
            # `_score` written out: most children keep the parent's foundations and cells, so
            # those terms (and the cells' part of the key) are worked out once a parent.
            _, _, _, _, pkey, pout, _ = found_get(pfound) or found_info(pfound)
            pout *= w_out
            pshares = scores[pkey].__getitem__
            pcell = (4 - pcells.count(0)) * w_cell
            psorted = sorted(pcells)
            for move, ccols, ccells, cfound in children(pcols, pcells, pfound, columns, back, whole_runs):
                # as _key: column and cell order don't matter
                key = (*sorted(ccols), *(psorted if ccells is pcells else sorted(ccells)))
                seen.add(key)  # one hash, where `key in seen` first would take two
                if len(seen) == size:
                    continue
                size += 1
                node = (parent, move)
                if cfound is pfound:
                    out, shares = pout, pshares
                    undo = move  # a move that sent no card up can be undone
                else:
                    if sum(cfound) == 52:
                        return _replay(node, self.start)
                    _, _, _, _, fkey, out, _ = found_get(cfound) or found_info(cfound)
                    out *= w_out
                    shares = scores[fkey].__getitem__
                    undo = None
                cell = pcell if ccells is pcells else (4 - ccells.count(0)) * w_cell
                score = out + sum(map(shares, ccols)) + cell + cost
                bucket = bucket_get(score)
                if bucket is None:
                    bucket = buckets[score] = new_bucket()
                    heappush(open_scores, score)
                put(bucket, (rng.random() if rng else 0, node, ccols, ccells, cfound, depth, undo))
            if size >= stop:
                return None
        return False


# The order a depth-first search tries a position's children in, by the kind of move (after
# fc-solve's move tests): a card up first, then building onto a column, a run from another
# column before a free cell's card, then filling an empty column, and parking a card in a
# free cell last. Building from a column first won a few more of the slow deals than from a
# free cell first (simulated on the deals the classic head does not win: of every 32nd deal,
# 16 rather than 19 over 7,500 positions with the look-ahead search beside it); the other
# orders tried (empty columns before building, free cells before empty columns, all kinds
# but the foundations alike) did worse.
_KIND_UP, _KIND_BUILD, _KIND_FROM_CELL, _KIND_TO_EMPTY, _KIND_TO_CELL = range(5)


class _DepthFirst(_Searcher):
    """A depth-first search over the same moves, advanced a slice at a time like `_Search`.

    fc-solve's "soft DFS": the newest position is expanded first, its children tried in
    order of the kind of move (see _KIND_UP) and, within a kind, the best score first. It
    follows one line until it runs dry and only then backs up, where a best-first search
    jumps to whichever open position scores best; so the two get lost on different deals.
    Each position is generated once (the seen set), so with nothing pruned a search that
    runs dry has tried every reachable position.
    """

    def __init__(self, start: Position, strategy: Strategy, columns: Columns | None = None) -> None:
        super().__init__(start, strategy, columns)
        self.made = 1  # positions made (the tie-break: the newest first)
        # Positions still to expand, the next on top: (kind of move, score, tie-break, node,
        # columns, cells, foundations, undoable move), as sorted among their siblings.
        self.stack: list[tuple[Any, ...]] = [(0, 0, 0, ROOT, *start, None)]

    def advance(self, limit: int) -> list[str] | bool | None:
        """As `_Search.advance`: the winning texts, False when no position is left, else None."""
        seen, columns, stack, strategy = self.seen, self.columns, self.stack, self.strategy
        scores, w_out, w_cell = self.scores, strategy.out, strategy.cell
        found_get = FOUND.get
        rng, whole_runs = self.rng, strategy.whole_runs
        size = len(seen)
        made = self.made
        stop = size + limit
        while stack:
            _, _, _, parent, pcols, pcells, pfound, back = stack.pop()
            # `_score` written out, as in _Search.advance
            _, _, _, _, pkey, pout, _ = found_get(pfound) or found_info(pfound)
            pout *= w_out
            pshares = scores[pkey].__getitem__
            pcell = (4 - pcells.count(0)) * w_cell
            psorted = sorted(pcells)
            fresh = []
            for move, ccols, ccells, cfound in children(pcols, pcells, pfound, columns, back, whole_runs):
                key = (*sorted(ccols), *(psorted if ccells is pcells else sorted(ccells)))  # as _key
                seen.add(key)
                if len(seen) == size:
                    continue
                size += 1
                made += 1
                node = (parent, move)
                src, dst, _ = move
                if cfound is not pfound:  # a card went up, by the move or the auto-moves after it
                    if sum(cfound) == 52:
                        return _replay(node, self.start)
                    kind = _KIND_UP
                    _, _, _, _, fkey, out, _ = found_get(cfound) or found_info(cfound)
                    out *= w_out
                    shares = scores[fkey].__getitem__
                    undo = None
                else:
                    if dst >= CELLS_BASE:
                        kind = _KIND_TO_CELL
                    elif not pcols[dst]:
                        kind = _KIND_TO_EMPTY
                    else:
                        kind = _KIND_FROM_CELL if src >= CELLS_BASE else _KIND_BUILD
                    out, shares = pout, pshares
                    undo = move  # as in _Search
                cell = pcell if ccells is pcells else (4 - ccells.count(0)) * w_cell
                score = out + sum(map(shares, ccols)) + cell
                # Ties go to the newest child, or at random with a seed.
                tie = rng.random() if rng else -made
                fresh.append((kind, score, tie, node, ccols, ccells, cfound, undo))
            fresh.sort(reverse=True)  # the best child last, so it is popped first
            stack.extend(fresh)
            if size >= stop:
                self.made = made
                return None
        return False


def _key(cols: tuple[Column, ...], cells: tuple[int, ...]) -> tuple:
    return (*sorted(cols), *sorted(cells))


class _FoundShares(dict):
    """Each column's share of a search's score under one set of foundations (their key in
    FOUND_BY_KEY), by column: its disorder and the cards above the cards those foundations
    need next, weighted. Made the first time a column is asked for."""

    __slots__ = ("later_needed", "needed", "scores")

    def __init__(self, key: int, scores: _Scores) -> None:
        super().__init__()
        _, _, self.needed, self.later_needed, _, _, _ = FOUND_BY_KEY[key]
        self.scores = scores

    def __missing__(self, col: Column) -> int:
        scores = self.scores
        w = scores.strategy
        disorder = scores.disorders.get(col)
        if disorder is None:
            _, breaks, above_lower = column_info(col)
            # An empty column's share is its bonus (it has no disorder and buries nothing).
            disorder = scores.disorders[col] = (above_lower if w.low_rank else breaks) * w.disorder if col else -w.empty
        top = len(col) - 1
        buried = later = 0
        for card in self.needed:
            at = col.find(card)
            if at >= 0:
                buried += top - at
        if w.after:
            for card in self.later_needed:
                at = col.find(card)
                if at >= 0:
                    later += top - at
        share = self[col] = disorder + buried * w.buried + later * w.after
        return share


class _Scores(dict):
    """A search's column shares (_FoundShares) by foundations key, each made the first time
    it is asked for; and each column's disorder term, by column.

    A column's share depends only on the column and the foundations, and few pairs of them
    recur endlessly (about 42,000 pairs in 2.2 million columns scored on the slow deals), so
    scoring a position is eight lookups in its foundations' table rather than a search of
    every column. (Keyed by foundations first: a child mostly keeps its parent's, so the
    table is found once a parent and each column is one lookup, not two.)"""

    __slots__ = ("disorders", "strategy")

    def __init__(self, strategy: Strategy) -> None:
        super().__init__()
        self.strategy = strategy
        self.disorders: dict[Column, int] = {}

    def __missing__(self, key: int) -> _FoundShares:
        shares = self[key] = _FoundShares(key, self)
        return shares


def _score(cols: tuple[Column, ...], cells: tuple[int, ...], found: tuple[int, ...], scores: _Scores) -> int:
    """Lower is better: an estimate of the work left, not a bound. It weighs (by `scores`'
    strategy) the cards still out, how many cards lie above the next card each foundation
    needs (and, with `after`, above the card after it), the cards out of sequence in each
    column (see column_info), occupied cells and, as a bonus, empty columns."""
    w = scores.strategy
    _, _, _, _, key, out, _ = FOUND.get(found) or found_info(found)
    return out * w.out + sum(map(scores[key].__getitem__, cols)) + (4 - cells.count(0)) * w.cell


def _replay(node: Node, start: Position) -> list[str]:
    """The winning moves as action texts, from the root to `node`."""
    moves: list[Move] = []
    while node[0] is not None:
        node, move = node
        moves.append(move)
    moves.reverse()
    texts = []
    lcols, lcells, lfound = list(start[0]), list(start[1]), list(start[2])
    for src, dst, count in moves:
        texts.append(_text(src, dst, count, lcols))
        _play(lcols, lcells, lfound, src, dst, count)
        auto(lcols, lcells, lfound)
    return texts


def _pile(code: int) -> str:
    return str(code + 1) if code < CELLS_BASE else CELL_NAMES[code - CELLS_BASE]


def _text(src: int, dst: int, count: int, cols: list[Column]) -> str:
    if dst == FOUNDATION:
        return f"move {_pile(src)} f"
    text = f"move {_pile(src)} {_pile(dst)}"
    # To an empty column the count is a choice, so say it; elsewhere it is implied.
    return f"{text} {count}" if dst < CELLS_BASE and not cols[dst] else text


def _play(cols: list[Column], cells: list[int], found: list[int], src: int, dst: int, count: int) -> None:
    if src >= CELLS_BASE:
        moving: Column = bytes((cells[src - CELLS_BASE],))
        cells[src - CELLS_BASE] = 0
    else:
        moving = cols[src][len(cols[src]) - count :]
        cols[src] = cols[src][: len(cols[src]) - count]
    if dst == FOUNDATION:
        found[moving[0] & 3] += 1
    elif dst >= CELLS_BASE:
        cells[dst - CELLS_BASE] = moving[0]
    else:
        cols[dst] = cols[dst] + moving
