"""FreeCell positions as the solver sees them: its moves, the safe auto-moves and what it caches.

A card is the integer rank * 4 + suit (see engine/freecell_solver.py); a column is a bytes
object, one card a byte, bottom first; the cells are a tuple of four ints, 0 an empty cell;
the foundations a tuple of four ranks. `children` lists every move from a position with the
position it leads to, in a fixed order the searches depend on (their tie-breaks and so
their lines): free cells first, then columns, each in index order (see `children`).

This is the solver's inner loop. What it needs of a column (its run, the run's moves) is
worked out once per search and kept in `Columns`; what it needs of a set of foundations
once for all in FOUND. Sets of cards are ints with bit `card` set, so most tests are one `&`.
Issue 11: with the score's per-column cache (freecell_solver `_Scores`) this took the CPU per
generated position from 13-14 us to 9-10 us on the slow deals (the 24 least slow of the 320
slowest of 1..32000, one process, old and new in turn on a shared machine: ratio 0.64-0.77,
median 0.70; instructions counted by callgrind 0.55-0.6), and by 12-28% on deals 1..300.
The tests hold the plain generator this replaced as an oracle for its moves and their order.

`children` is engine/_freecell.c where `pip install` built it (setup.py), else `py_children`
here: the same moves in the same order, so every search keeps its lines, at half the CPU a
position over a whole search (issue 11: 7.6 -> 3.8 us on the deals at the 99th percentile).
The C one also shares equal new columns and cells through `Columns.interned`.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress, repeat
from operator import and_, itemgetter

FOUNDATION = 12  # destination code for the foundations in a recorded move
CELLS_BASE = 8  # pile codes 0..7 are columns, 8..11 free cells

Column = bytes  # a column's cards bottom first, one byte each: cheap to hash, compare and search
Position = tuple[tuple[Column, ...], tuple[int, ...], tuple[int, ...]]
Move = tuple[int, int, int]  # (source pile, destination pile, cards)

_RED = [False] * 56
for _c in range(4, 56):
    _RED[_c] = (_c & 3) in (1, 2)
# _OTHER[s]: the two suits of the other colour, whose foundations decide safety.
_OTHER = ((1, 2), (0, 3), (0, 3), (1, 2))
# _ONTO[c]: the columns' top cards that c may be built onto (one rank higher, other colour),
# the lower first; a king's are 0 and 1, which no column holds.
_ONTO: list[tuple[int, int]] = [(0, 1)] * 56
for _c in range(4, 52):
    _a, _b = (((_c >> 2) + 1) * 4 + s for s in range(4) if _RED[_c] != (s in (1, 2)))
    _ONTO[_c] = (_a, _b)
_BYTE = [bytes((_c,)) for _c in range(56)]  # a card as a one-card column
_BIT = [1 << _c for _c in range(56)]  # a card as a bit of a set of cards (an int)
NO_COLUMN = 8  # what `children` finds for a card no column's top card takes


def _safe_limits(found: list[int] | tuple[int, ...]) -> list[int]:
    """Per suit, the highest rank the safe rule lets go up now (at least 2)."""
    return [max(2, min(found[a], found[b]) + 1) for a, b in _OTHER]


def auto(cols: list[Column], cells: list[int], found: list[int], columns: Columns | None = None) -> bool:
    """Send every safe card up, in place; True if anything moved.

    Each pass looks only for the few cards the safe rule sends up now (one a suit at most),
    among the cells and the columns' top cards; foundations only grow, so a card safe at
    the start of a pass stays safe through it, and passes repeat until one moves nothing."""
    moved = False
    if columns is None:
        tops = [col[-1] if col else 0 for col in cols]
    else:  # the records hold the top cards (and will serve the child's expansion too)
        tops = list(map(_top, map(columns.__getitem__, cols)))
    while True:
        key = tuple(found)
        safe_cards = (FOUND.get(key) or found_info(key))[6]
        went = False
        for c in safe_cards:
            if c in cells:
                cells[cells.index(c)] = 0
            elif c in tops:
                i = tops.index(c)
                col = cols[i] = cols[i][:-1]
                tops[i] = col[-1] if col else 0
            else:
                continue
            found[c & 3] += 1
            went = True
        if not went:
            return moved
        moved = True


def column_info(col: Column) -> tuple[int, int, int]:
    """(run length at the top, cards above a break, cards above a lower card)."""
    n = len(col)
    if not n:
        return 0, 0, 0
    run = 1
    while run < n:
        upper, lower = col[n - run], col[n - run - 1]
        if (lower >> 2) != (upper >> 2) + 1 or _RED[lower] == _RED[upper]:
            break
        run += 1
    breaks = 0
    for k in range(1, n):
        below, c = col[k - 1], col[k]
        if (below >> 2) != (c >> 2) + 1 or _RED[below] == _RED[c]:
            breaks = n - k
            break
    above_lower = 0
    low = 99
    for c in col:
        if (c >> 2) > low:
            above_lower += 1
        else:
            low = c >> 2
    return run, breaks, above_lower


# What a search keeps per column (bytes), since the same column recurs in countless positions:
# a tuple (run, breaks, above_lower, top card, 1 << top card, the column without its top, the
# bit of the card under the top, by k = 0..13 the bits of every card the top k cards of the
# run may go onto, the run's moves, the bits the top card may go onto). A run move is (cards,
# the two cards it may go onto, their bits, the union of those, what stays, what moves, the
# bit of the card it uncovers), for 1..run cards. A bit is 1 << card (0 for no card), so "is
# any of these cards a top card / ready to go up" is one `&` of ints. An empty column's
# record is all zeros.
RunMove = tuple[int, int, int, int, int, int, Column, Column, int]
ColumnRecord = tuple[int, int, int, int, int, Column, int, tuple[int, ...], tuple[RunMove, ...], int]
_MAX_RUN = 13
_EMPTY_RECORD: ColumnRecord = (0, 0, 0, 0, 0, b"", 0, (0,) * (_MAX_RUN + 1), (), 0)
_top, _top_bit, _top_onto = itemgetter(3), itemgetter(4), itemgetter(9)


def _column_record(col: Column) -> ColumnRecord:
    if not col:
        return _EMPTY_RECORD
    run, breaks, above_lower = column_info(col)
    n = len(col)
    moves: list[RunMove] = []
    onto = [0]
    for d in range(run):
        a, b = _ONTO[col[n - 1 - d]]
        abit, bbit = _BIT[a], _BIT[b]
        onto.append(onto[-1] | abit | bbit)
        rest = col[: n - 1 - d]
        moves.append((d + 1, a, b, abit, bbit, abit | bbit, rest, col[n - 1 - d :], _BIT[rest[-1]] if rest else 0))
    onto += [onto[-1]] * (_MAX_RUN + 1 - len(onto))
    top = col[-1]
    return run, breaks, above_lower, top, _BIT[top], col[:-1], moves[0][8], tuple(onto), tuple(moves), onto[1]


class Columns(dict):
    """A search's column records by column, each made the first time it is asked for; and
    what `children` needs to know of the free cells, by cells (see _cells_info)."""

    __slots__ = ("cells", "interned")

    def __init__(self) -> None:
        super().__init__()
        self.cells: dict[tuple[int, ...], CellsInfo] = {}
        # The C generator's columns and cells, each kept once (engine/_freecell.c).
        self.interned: dict[object, object] = {}

    def __missing__(self, col: Column) -> ColumnRecord:
        record = self[col] = _column_record(col)
        return record


# A free cell's card as `children` reads it: (cell, card, its bit, the two cards it may go
# onto and their bits, the cells once it has left).
CellCard = tuple[int, int, int, int, int, int, int, tuple[int, ...]]
CellsInfo = tuple[int, int, int, int, tuple[CellCard, ...]]


def _cells_info(cells: tuple[int, ...], table: dict[tuple[int, ...], CellsInfo]) -> CellsInfo:
    """(free cells, the first free one or -1, the bits of the cells' cards, the bits of the
    cards they may go onto, each card's CellCard), kept in `table`: a search meets few
    arrangements of the cells."""
    free = cells.count(0)
    bits = onto = 0
    cards: list[CellCard] = []
    for ci, c in enumerate(cells):
        if c:
            a, b = _ONTO[c]
            bits |= _BIT[c]
            onto |= _BIT[a] | _BIT[b]
            left = list(cells)
            left[ci] = 0
            cards.append((ci, c, _BIT[c], a, b, _BIT[a], _BIT[b], tuple(left)))
    info = table[cells] = (free, cells.index(0) if free else -1, bits, onto, tuple(cards))
    return info


# Per foundations (a tuple, shared by every position that has them): (bits of the cards that
# may go up, bits of those the safe rule sends up, the next card each foundation needs, the
# card after it, the foundations as one small int, the cards still out, the cards the safe
# rule sends up now). At most 14^4 of
# them, so one table for every search; FOUND_BY_KEY finds them again by the int.
FoundInfo = tuple[int, int, tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...]]
FOUND: dict[tuple[int, ...], FoundInfo] = {}
FOUND_BY_KEY: dict[int, FoundInfo] = {}


def found_info(found: tuple[int, ...]) -> FoundInfo:
    info = FOUND.get(found)
    if info is None:
        limits = _safe_limits(found)
        up = safe = 0
        needed: list[int] = []
        later: list[int] = []
        safe_cards: list[int] = []
        for s, rank in enumerate(found):
            if rank < 13:
                card = (rank + 1) * 4 + s
                up |= _BIT[card]
                if rank + 1 <= limits[s]:
                    safe |= _BIT[card]
                    safe_cards.append(card)
                needed.append(card)
                if rank < 12:
                    later.append(card + 4)
        key = found[0] | found[1] << 4 | found[2] << 8 | found[3] << 12
        info = (up, safe, tuple(needed), tuple(later), key, 52 - sum(found), tuple(safe_cards))
        FOUND[found] = FOUND_BY_KEY[key] = info
    return info


def py_children(
    cols: tuple[Column, ...],
    cells: tuple[int, ...],
    found: tuple[int, ...],
    columns: Columns,
    back: Move | None = None,
    whole_runs: bool = False,
) -> list[tuple[Move, tuple[Column, ...], tuple[int, ...], tuple[int, ...]]]:
    """(move, columns, cells, foundations) for every move, auto-moves applied.

    `back` is the move that reached this position from its parent when no card went
    up with it: the move that takes it back leads to the parent, which the search has
    already seen, so it is not generated (it would only be built to be thrown away).

    The parent is closed under auto-moves, so a child needs the auto sweep only
    when a card went up (foundations grew) or a column's new top card is safe;
    a move out of a free cell or onto a column exposes nothing new. This is the
    search's inner loop, so it is written out flat, and most columns find nothing to
    do: one `&` of the column's bits (see ColumnRecord) with this position's rules each
    kind of move out before any list is built.
    """
    out: list[tuple[Move, tuple[Column, ...], tuple[int, ...], tuple[int, ...]]] = []
    up, safe, _, _, _, _, _ = FOUND.get(found) or found_info(found)
    free, first_cell, cell_bits, cell_onto, cell_cards = columns.cells.get(cells) or _cells_info(cells, columns.cells)
    records = list(map(columns.__getitem__, cols))
    tops_bits = sum(map(_top_bit, records))  # the cards are distinct: the sum is their union
    tops: list[int] | None = None  # the top cards (0 for an empty column), listed when a move needs them
    empties = cols.count(b"")
    limit = (free + 1) << empties
    limit_empty = (free + 1) << (empties - 1) if empties else 0
    first_empty = cols.index(b"") if empties else -1
    reach = limit if limit < _MAX_RUN else _MAX_RUN  # how many of a run's cards may move at once
    undo: Move | None = None  # the move (as generated here) that would undo `back`
    if back is not None:
        src, dst, count = back
        if src >= CELLS_BASE:  # back to a free cell: the first empty one, as moves name it
            undo = (dst, CELLS_BASE + first_cell, 1)
        elif not cols[src]:  # back to a column it emptied: the first empty column
            undo = (dst, first_empty, count)
        else:
            undo = (dst, src, count)

    if cell_bits & up or cell_onto & tops_bits or (free < 4 and first_empty >= 0):
        tops = list(map(_top, records))
        for ci, c, cbit, a, b, abit, bbit, tcells in cell_cards:
            if cbit & up:
                ncells = list(tcells)
                nfound = list(found)
                nfound[c & 3] += 1
                ncols = list(cols)
                auto(ncols, ncells, nfound, columns)
                out.append(((CELLS_BASE + ci, FOUNDATION, 1), tuple(ncols), tuple(ncells), tuple(nfound)))
            if (abit | bbit) & tops_bits:
                ja = tops.index(a) if abit & tops_bits else NO_COLUMN
                jb = tops.index(b) if bbit & tops_bits else NO_COLUMN
                targets = [j for j in ((ja, jb) if ja < jb else (jb, ja)) if j != NO_COLUMN]
            elif first_empty < 0:
                continue
            else:
                targets = []
            if first_empty >= 0:
                targets.append(first_empty)
            for j in targets:
                if (CELLS_BASE + ci, j, 1) == undo:
                    continue
                ncols = list(cols)
                ncols[j] = cols[j] + _BYTE[c]
                out.append(((CELLS_BASE + ci, j, 1), tuple(ncols), tcells, found))

    to_cell = CELLS_BASE + first_cell
    if first_cell < 0 and first_empty < 0 and not tops_bits & up:
        # No card can go to a cell, an empty column or the foundations: only the columns
        # whose run has a card that fits on a top card can move, and they are few.
        visit: Iterable[int] = compress(range(8), map(and_, map(_top_onto, records), repeat(tops_bits)))
    else:
        visit = range(8)
    for i in visit:
        record = records[i]
        top_bit = record[4]
        if not top_bit:
            continue
        if top_bit & up:
            top = record[3]
            ncols = list(cols)
            ncols[i] = record[5]
            nfound = list(found)
            nfound[top & 3] += 1
            ncells = list(cells)
            auto(ncols, ncells, nfound, columns)
            out.append(((i, FOUNDATION, 1), tuple(ncols), tuple(ncells), tuple(nfound)))
        if record[7][reach] & tops_bits:
            run = record[0]
            for count, a, b, abit, bbit, onto, rest, moving, below in record[8]:
                if count > limit:
                    break
                if not onto & tops_bits:  # most cards of a run fit nowhere
                    continue
                if whole_runs and count < run and not below & up:
                    continue  # part of a run: worth it only to send the card it uncovers up
                if tops is None:
                    tops = list(map(_top, records))
                ja = tops.index(a) if abit & tops_bits else NO_COLUMN
                jb = tops.index(b) if bbit & tops_bits else NO_COLUMN
                for j in (ja, jb) if ja < jb else (jb, ja):  # in column order, as moves are listed
                    if j == NO_COLUMN:
                        continue
                    move = (i, j, count)
                    if move == undo:
                        continue
                    ncols = list(cols)
                    ncols[i] = rest
                    ncols[j] = cols[j] + moving
                    if below & safe:
                        ncells, nfound = list(cells), list(found)
                        auto(ncols, ncells, nfound, columns)
                        out.append((move, tuple(ncols), tuple(ncells), tuple(nfound)))
                    else:
                        out.append((move, tuple(ncols), cells, found))
        if first_empty >= 0:
            run = record[0]
            count = run if run < limit_empty else limit_empty
            _, _, _, _, _, _, rest, moving, below = record[8][count - 1]
            move = (i, first_empty, count)
            if rest and move != undo:  # moving a whole column into an empty one changes nothing
                ncols = list(cols)
                ncols[i] = rest
                ncols[first_empty] = moving
                if below & safe:
                    ncells, nfound = list(cells), list(found)
                    auto(ncols, ncells, nfound, columns)
                    out.append((move, tuple(ncols), tuple(ncells), tuple(nfound)))
                else:
                    out.append((move, tuple(ncols), cells, found))
        if first_cell >= 0:
            move = (i, to_cell, 1)
            if move != undo:
                ncols = list(cols)
                ncols[i] = record[5]
                ncells = list(cells)
                ncells[first_cell] = record[3]
                if record[6] & safe:
                    nfound = list(found)
                    auto(ncols, ncells, nfound, columns)
                    out.append((move, tuple(ncols), tuple(ncells), tuple(nfound)))
                else:
                    out.append((move, tuple(ncols), tuple(ncells), found))
    return out


try:  # the same generator in C, built by `pip install` where there is a compiler (setup.py)
    from engine._freecell import children as c_children
except ImportError:  # pragma: no cover - only where the build found no compiler
    c_children = None
# The generator the solver uses: C where it was built (twice as quick a position), else Python.
children = c_children or py_children
