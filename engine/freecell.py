"""FreeCell: eight columns, four free cells, every card face up.

One player. All 52 cards are dealt face up round eight columns (four of seven
cards, four of six). Build down in alternating colours in the tableau, park any
card in one of four free cells, and build the four foundations up by suit from the
ace. Any card or run may fill an empty column. A run moves as one "supermove" when
there is room to shuffle it through the free cells and empty columns: at most
(free cells + 1) x 2^(empty columns) cards, and the target column doesn't count
when it is the empty one. After every move, cards no other card can still need go
to the foundations by themselves (safe auto-move).

Deals are the classic Microsoft numbered deals (option `deal`, 1..1000000; blank
picks one at random); deal 11982 is the famous one that cannot be won.

Notation (lowercase, canonical first):
    move 3 7        column 3 to column 7, as many cards as fit (one run)
    move 3 7 2      exactly two cards (only a choice when column 7 is empty)
    move 3 f        top card of column 3 to its foundation
    move 3 a        top card of column 3 to free cell a (cells a..d)
    move a 5        the card in free cell a to column 5 (or `move a f`)
    auto            send every safe card up (listed only when one can go)
    finish          send everything up (listed when nothing but that is left)
    undo, hint, resign
Parsing is forgiving: "3 to 7", "3-7", "3>f", "3f", "m 3 7", "3 cell", "3 to free
cell", "3 to freecell b", trailing punctuation. A card may stand for its pile ("A♣ to
foundation", "8♥ on 9♠", "nine of hearts to column 5" moves the 9♥ and what is on
it); a rank without its suit is accepted only when just one such card fits.
"""

from __future__ import annotations

import random
from typing import Any

from engine import freecell_solver
from engine.cards import RANKS, pretty, stack_deck, standard_deck
from engine.core import Action, Game, IllegalAction, Option, is_number, quoted
from engine.solitaire import (
    BUILDS_ON,
    COLUMN_IDS,
    FINISH,
    GOES_ON,
    RANK,
    RED,
    Command,
    Op,
    SolitaireState,
    builds_on,
    move_entry,
    run_length,
    safe_for_foundation,
    sweep_wins,
)

__all__ = ["GAME", "FreeCell", "FreeCellState", "microsoft_deal"]

Entry = tuple[Action, Command]


DEAL_MAX = 1_000_000
CELLS = "abcd"
HINT_BUDGET = 20_000  # solver positions for a hint (about 0.1 s at worst with the C generator)
FINISH_BUDGET = 20_000  # and for `finish` when a plain sweep can't do it
_MS_SUITS = "CDHS"  # the Microsoft card numbering: rank * 4 + suit in this order


def microsoft_deal(number: int) -> list[str]:
    """The deck order (first dealt first) of Microsoft FreeCell deal `number`.

    The classic generator: seed = number, and each draw sets
    seed = (seed * 214013 + 2531011) mod 2^31 and yields seed >> 16. Cards are
    numbered 0..51 as rank * 4 + suit (ace first; clubs, diamonds, hearts, spades).
    Each draw picks index draw mod (cards left); that card is dealt and the last
    remaining card takes its place. Dealing round the eight columns in that order
    gives the familiar layout.
    """
    seed = number
    deck = list(range(52))
    order = []
    for left in range(52, 0, -1):
        seed = (seed * 214013 + 2531011) & 0x7FFFFFFF
        j = (seed >> 16) % left
        card = deck[j]
        order.append(RANKS[card // 4] + _MS_SUITS[card % 4])
        deck[j] = deck[left - 1]
    return order


def _parse_deal(text: str) -> int | None:
    text = text.strip().lstrip("#")
    if not text:
        return None
    if not is_number(text) or not 1 <= int(text) <= DEAL_MAX:
        raise ValueError(f"FreeCell deal must be a number from 1 to {DEAL_MAX}, or blank for a random one.")
    return int(text)


class FreeCell(Game):
    name = "freecell"
    title = "FreeCell"
    min_players = 1
    max_players = 1
    solo = True
    searching = True  # hint and finish run the solver
    options = (Option("deal", (), "", f"Microsoft deal number 1..{DEAL_MAX}; blank for a random deal."),)


class FreeCellState(SolitaireState):
    game = FreeCell
    columns = 8
    auto_after_move = True

    cells: list[str | None]
    deal: int | None  # None for a stacked test deck

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> FreeCellState:
        self = cls()
        self._init_common(options, rng)
        wanted = _parse_deal(options.get("deal", ""))
        if deck:
            self.deal = None
            order = stack_deck(standard_deck(), deck, rng)
        else:
            self.deal = wanted if wanted is not None else rng.randint(1, DEAL_MAX)
            order = microsoft_deal(self.deal)
        for i, card in enumerate(order):
            self.tableau[i % 8].append(card)
        self.cells = [None] * 4
        return self

    def dump(self) -> dict[str, Any]:
        return {**self._dump_common(), "cells": list(self.cells), "deal": self.deal}

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> FreeCellState:
        self = cls()
        self._load_common(data)
        self.cells = list(data["cells"])
        self.deal = data["deal"]
        return self

    def copy(self) -> FreeCellState:
        other = FreeCellState()
        self._copy_common(other)
        other.cells = self.cells[:]
        other.deal = self.deal
        return other

    def determinize(self, seat: int, rng: random.Random) -> FreeCellState:
        return self.copy()  # nothing is hidden in FreeCell

    # -- piles ----------------------------------------------------------------
    def _top(self, pid: str) -> str | None:
        if pid in CELLS:
            return self.cells[CELLS.index(pid)]
        return super()._top(pid)

    def _take(self, pid: str, n: int) -> list[str]:
        if pid in CELLS:
            i = CELLS.index(pid)
            card = self.cells[i]
            assert card is not None
            self.cells[i] = None
            return [card]
        return super()._take(pid, n)

    def _put(self, pid: str, cards: list[str]) -> None:
        if pid in CELLS:
            self.cells[CELLS.index(pid)] = cards[0]
        else:
            super()._put(pid, cards)

    def _top_cards(self) -> list[tuple[str, str]]:
        tops = super()._top_cards()
        tops += [(CELLS[k], card) for k, card in enumerate(self.cells) if card is not None]
        return tops

    def _safe_source(self) -> str | None:
        """As the base's, columns then cells, without building the list of tops: it runs
        after every move (the safe auto-move), so it is on the hot path of random play."""
        found = self.found
        for i, col in enumerate(self.tableau):
            if col and found[col[-1][-1]] == RANK[col[-1]] - 1 and safe_for_foundation(col[-1], found):
                return COLUMN_IDS[i]
        for k, card in enumerate(self.cells):
            if card is not None and found[card[-1]] == RANK[card] - 1 and safe_for_foundation(card, found):
                return CELLS[k]
        return None

    def max_run(self, to_empty: bool = False) -> int:
        """The most cards one move may carry: (free cells + 1) x 2^(empty columns).

        An empty target column can't hold cards in transit, so it doesn't count.
        """
        free = self.cells.count(None)
        empty = sum(1 for c in self.tableau if not c) - (1 if to_empty else 0)
        return (free + 1) << max(empty, 0)

    # -- moves ----------------------------------------------------------------
    def _resolve_move(self, src: str, dst: str, n: int | None) -> Command:
        if src not in CELLS and self._column(src) is None:
            raise IllegalAction(f"There is no pile “{quoted(src, 12)}”: columns are 1-8 and free cells a-d.")
        if dst == "cell":
            if None not in self.cells:
                raise IllegalAction("All four free cells are full.")
            dst = CELLS[self.cells.index(None)]
        if dst != "f" and dst not in CELLS and self._column(dst) is None:
            raise IllegalAction(f"There is no pile “{quoted(dst, 12)}”: use a column 1-8, a free cell a-d, or f.")
        return self._move_command(src, dst, n, self._counts(src, dst))

    def _counts(self, src: str, dst: str) -> list[int] | str:
        """The card counts that may move from src to dst, or why none may."""
        if src == dst:
            return "Pick two different piles."
        if src in CELLS:
            card = self.cells[CELLS.index(src)]
            if card is None:
                return f"Free cell {src} is empty."
            if dst in CELLS:
                return f"The {pretty(card)} is already in a free cell."
            return self._single(card, dst)
        col = self.tableau[int(src) - 1]
        if not col:
            return f"Column {src} is empty."
        if dst in CELLS:
            if self.cells[CELLS.index(dst)] is not None:
                return f"Free cell {dst} is taken."
            return [1]
        if dst == "f":
            return self._single(col[-1], dst)
        return self._run_counts(col, src, self.tableau[int(dst) - 1])

    def _single(self, card: str, dst: str) -> list[int] | str:
        if dst == "f":
            if self.found[card[-1]] == RANK[card] - 1:
                return [1]
            return f"The {pretty(card)} can't go to its foundation yet."
        target = self.tableau[int(dst) - 1]
        if not target or builds_on(card, target[-1]):
            return [1]
        return f"The {pretty(card)} can't go onto the {pretty(target[-1])}: build down in alternating colours."

    def _run_counts(self, col: list[str], src: str, target: list[str]) -> list[int] | str:
        run = run_length(col)
        if not target:
            return list(range(1, min(run, self.max_run(to_empty=True)) + 1))
        top, onto = col[-1], target[-1]
        depth = RANK[onto] - 1 - RANK[top]
        if depth < 0 or depth >= run or RED[col[-1 - depth]] == RED[onto]:
            return f"Nothing movable in column {src} fits onto the {pretty(onto)}."
        limit = self.max_run()
        if depth + 1 > limit:
            free, empty = self.cells.count(None), sum(1 for c in self.tableau if not c)
            return (
                f"That needs {depth + 1} cards to move at once, but with {free} free cell{'s' * (free != 1)} "
                f"and {empty} empty column{'s' * (empty != 1)} you can move {limit}."
            )
        return [depth + 1]

    def _move_entries(self) -> tuple[list[Entry], list[Entry]]:
        """Every legal move, in menu order: from the cells first, then from each column.

        This is the hot path of random play and search, so it works on tops and ranks
        directly instead of asking `_counts` (which also words the refusals).
        """
        tableau, cells, found = self.tableau, self.cells, self.found
        home: list[Entry] = []
        moves: list[Entry] = []
        top_at: dict[str, int] = {}  # a column's top card -> the column
        empties, first_empty = 0, ""
        for j, col in enumerate(tableau):
            if col:
                top_at[col[-1]] = j
            else:
                empties += 1
                first_empty = first_empty or COLUMN_IDS[j]
        free = cells.count(None)
        first_cell = CELLS[cells.index(None)] if free else None
        limit = (free + 1) << empties
        limit_empty = (free + 1) << (empties - 1) if empties else 0
        for k, card in enumerate(cells):
            if card is None:
                continue
            src = CELLS[k]
            if found[card[-1]] == RANK[card] - 1:
                home.append(move_entry(src, "f", 1, 1, card))
            targets = [j for j in map(top_at.get, GOES_ON[card]) if j is not None]
            if len(targets) > 1:
                targets.sort()
            for j in targets:
                moves.append(move_entry(src, COLUMN_IDS[j], 1, 1, card))
            if first_empty:
                moves.append(move_entry(src, first_empty, 1, 1, card))
        for i, col in enumerate(tableau):
            n = len(col)
            if not n:
                continue
            src, top = COLUMN_IDS[i], col[-1]
            if found[top[-1]] == RANK[top] - 1:
                home.append(move_entry(src, "f", 1, 1, top))
            # Walk down the run (no deeper than a move may carry): each card may go onto a
            # column top it builds on (never column i's own: that top is lower). A top fits
            # at most one depth, so (column, depth) pairs sort into column order.
            targets: list[tuple[int, int]] = []
            card, d = top, 0
            while True:
                for onto in GOES_ON[card]:
                    j = top_at.get(onto)
                    if j is not None:
                        targets.append((j, d))
                if d + 1 >= limit or d + 1 >= n or card not in BUILDS_ON[col[n - d - 2]]:
                    break
                d += 1
                card = col[n - d - 1]
            if targets:
                if len(targets) > 1:
                    targets.sort()
                for j, k in targets:
                    moves.append(move_entry(src, COLUMN_IDS[j], k + 1, k + 1, col[n - k - 1]))
            if first_empty:
                most = min(d + 1, limit_empty)  # the run as far as walked: limit_empty < limit
                for k in range(1, most + 1):
                    if k != n:  # a whole column into an empty one changes nothing
                        moves.append(move_entry(src, first_empty, k, most, col[-k]))
            if first_cell:
                moves.append(move_entry(src, first_cell, 1, 1, top))
        return home, moves

    def _stuck(self) -> bool:
        """No move at all (a card that can go home is a move, so auto is covered)."""
        return not self.legal().moves

    # -- finishing, hints and the solver --------------------------------------
    def _finish_listed(self, home: list[Entry]) -> bool:
        return bool(home) and self._can_finish()  # a sweep starts with a card that can go home

    def _can_finish(self) -> bool:
        found = self.found
        tops = [col[-1] for col in self.tableau if col] + [c for c in self.cells if c]
        if not any(found[c[-1]] == RANK[c] - 1 for c in tops):
            return not tops  # nothing can start the sweep (the usual case, so it is asked first)
        return sweep_wins([*self.tableau, *([c] for c in self.cells if c)], self.found)

    def _check_verb(self, verb: str) -> Command:
        if verb == "finish":
            # `_plan` lives only between this check and `_finish_ops` in one apply.
            self._plan = None if self._can_finish() else freecell_solver.solve(self, FINISH_BUDGET)
            if not self._can_finish() and self._plan is None:
                raise IllegalAction("No way to finish was found from here: keep playing, or undo.")
            return Command("finish", "finish")
        return super()._check_verb(verb)

    def _finish_ops(self) -> list[Op]:
        plan, self._plan = getattr(self, "_plan", None), None
        if plan is None:
            return self._sweep_ops()
        # The solver plays the rest: the player had help, so it counts as a hint.
        self.hints += 1
        ops: list[Op] = []
        for text in plan:
            cmd = self._command(text)
            if cmd.verb == "auto":
                ops += self._auto_ops()
            else:
                ops += self._do_move(cmd.src, cmd.dst, cmd.n) + self._auto_ops()
        return ops

    def hint(self) -> Action | None:
        """The solver's next move (or a best guess if it finds no win); None if stuck."""
        if self.over:
            return None
        if self._can_finish():
            return FINISH
        plan = freecell_solver.solve(self, HINT_BUDGET)
        if plan:
            cmd = self._command(plan[0])
            return self.action_for(cmd)
        # No win found within the budget: the best-looking move that reaches a position
        # this game has not stood in yet (a move back would only go round in circles).
        visited = self._visited()
        best: tuple[int, Action] | None = None
        for action in self.legal_actions(0):
            if action.text.startswith("move"):
                trial = self.copy()
                trial.apply(0, action.text)
                if trial._shape() in visited:
                    continue
                score = freecell_solver.evaluate(trial)
                if best is None or score < best[0]:
                    best = (score, action)
        return best[1] if best else None

    def _shape(self) -> tuple[Any, ...]:
        """The position as play sees it: which free cell holds a card makes no difference."""
        cells = tuple(sorted(c for c in self.cells if c))
        return tuple(map(tuple, self.tableau)), cells, tuple(self.found.values())

    def _visited(self) -> set[tuple[Any, ...]]:
        """Every position this game has stood in, the current one included."""
        trial = self.copy()  # its own piles and history list, so undoing leaves self alone
        seen = {trial._shape()}
        while trial.history:
            trial._undo_step()
            seen.add(trial._shape())
        return seen

    def solvable(self, budget: int = freecell_solver.DEFAULT_BUDGET) -> bool | None:
        """True if the solver wins from here, False if it proved it can't, None if unsure."""
        result = freecell_solver.search(self, budget)
        if result.moves is not None:
            return True
        return False if result.exhausted else None

    # -- information ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        has_empty = any(not c for c in self.tableau)
        return {
            **self._view_common(),
            "deal": self.deal,
            "tableau": [list(c) for c in self.tableau],
            "cells": list(self.cells),
            "max_run": self.max_run(),
            "max_run_empty": self.max_run(to_empty=True) if has_empty else 0,
        }


FreeCell.state_class = FreeCellState
GAME = FreeCell
