"""Klondike: the classic patience with seven columns, a stock and a waste.

One player. Twenty-eight cards are dealt to seven columns (column n gets n cards,
only the top one face up); the other 24 form the stock. Build down in alternating
colours in the tableau, move face-up runs as a unit, fill an empty column only
with a king or a run headed by one, and build the four foundations up by suit
from the ace. Turn the stock onto the waste one or three cards at a time
(option `draw`); only the waste's top card plays. When the stock runs out the
waste is turned over to make it again, as often as option `passes` allows.
A face-down card left on top of a column turns up by itself.

Notation (lowercase, canonical first):
    draw          turn cards from the stock onto the waste; when the stock is
                  empty, turn the waste over to start the next pass
    move w 4      the waste's top card to column 4 (`move w f`: to its foundation)
    move 3 7      column 3 to column 7, as many cards as fit (one run)
    move 3 7 2    the same, saying the card count (it must be the one that fits)
    move 3 f      the top card of column 3 to its foundation
    auto          send every safe card up (listed only when one can go)
    finish        send everything up (once every card is face up and the stock
                  and waste are empty)
    undo, hint, resign
Parsing is forgiving: "3 to 7", "3-7", "w>f", "3f", "d", "stock", "deal", "flip" or
"turn over" for draw, trailing punctuation. A face-up card may stand for its pile
("A♣ to foundation", "ace of clubs home", "6♥ on 7♣", "7h to column 3"); a rank
without its suit ("ace home") is accepted only when just one such card fits.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.cards import pretty, stack_deck, standard_deck
from engine.core import Action, Event, Game, IllegalAction, Option, quoted
from engine.solitaire import (
    BUILDS_ON,
    COLUMN_IDS,
    GOES_ON,
    RANK,
    RED,
    Command,
    Op,
    SolitaireState,
    builds_on,
    card_at,
    fits_foundation,
    move_entry,
    run_length,
    safe_for_foundation,
)

__all__ = ["GAME", "Klondike", "KlondikeState"]

Entry = tuple[Action, Command]


COLUMNS = 7
KING = 13
KINGS = tuple(card_at(suit, KING) for suit in "SHDC")
_INDEX = {COLUMN_IDS[i]: i for i in range(COLUMNS)}  # a column's id -> its index
DRAW = Action("draw", "Draw", {"verb": "draw"})
# The same action once the stock is empty; the panel names its verb as players say it.
TURN_OVER = Action("draw", "Turn the waste over", {"verb": "turn over"})


class Klondike(Game):
    name = "klondike"
    title = "Klondike"
    min_players = 1
    max_players = 1
    solo = True
    options = (
        Option("draw", ("1", "3"), "1", "Cards turned from the stock at a time."),
        Option("passes", ("unlimited", "3", "1"), "unlimited", "Passes through the stock allowed."),
    )


class KlondikeState(SolitaireState):
    game = Klondike
    columns = COLUMNS
    game_verbs: ClassVar[dict[str, str]] = {
        "draw": "draw",
        "d": "draw",
        "stock": "draw",
        "s": "draw",
        "deal": "draw",
        "turn": "draw",
        "recycle": "draw",
        "redeal": "draw",
        "flip": "draw",
        "turn over": "draw",
        "next": "draw",
    }

    down: list[int]  # face-down cards at the bottom of each column
    stock: list[str]  # top card last
    waste: list[str]  # top card last
    recycles: int  # times the waste has been turned over
    seen: set[str]  # cards the player has seen face up (memory survives an undo)
    # The columns' part of the legal moves (see `_column_entries`), None until asked and
    # whenever a column or foundation changes: drawing and turning the waste over keep it.
    _tableau_moves: tuple[list[Entry], list[Entry], dict[str, int], int] | None = None

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> KlondikeState:
        self = cls()
        self._init_common(options, rng)
        order = stack_deck(standard_deck(), deck, rng)
        dealt = 0
        for row in range(COLUMNS):  # a row of seven, then six from column 2, ...
            for col in range(row, COLUMNS):
                self.tableau[col].append(order[dealt])
                dealt += 1
        self.down = list(range(COLUMNS))
        self.stock = order[dealt:][::-1]  # the next card to deal is the stock's top
        self.waste = []
        self.recycles = 0
        self.seen = {col[-1] for col in self.tableau}
        return self

    @property
    def draw_count(self) -> int:
        return int(self.options["draw"])

    @property
    def passes(self) -> int | None:
        value = self.options["passes"]
        return None if value == "unlimited" else int(value)

    @property
    def passes_left(self) -> int | None:
        """How many more times the waste may be turned over (None: no limit)."""
        return None if self.passes is None else self.passes - 1 - self.recycles

    def dump(self) -> dict[str, Any]:
        return {
            **self._dump_common(),
            "down": list(self.down),
            "stock": list(self.stock),
            "waste": list(self.waste),
            "recycles": self.recycles,
            "seen": sorted(self.seen),
        }

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> KlondikeState:
        self = cls()
        self._load_common(data)
        self.down = [int(d) for d in data["down"]]
        self.stock = list(data["stock"])
        self.waste = list(data["waste"])
        self.recycles = int(data["recycles"])
        self.seen = set(data["seen"])
        return self

    def copy(self) -> KlondikeState:
        other = KlondikeState()
        self._copy_common(other)
        other.down = self.down[:]
        other.stock = self.stock[:]
        other.waste = self.waste[:]
        other.recycles = self.recycles
        other.seen = set(self.seen)
        return other

    def determinize(self, seat: int, rng: random.Random) -> KlondikeState:
        """Shuffle the never-seen cards among the places that hold them.

        Face-down tableau cards and stock cards the player has not seen are
        interchangeable to them; a card once seen (turned up and then undone, or
        drawn and recycled) stays where the player knows it is.
        """
        world = self.copy()
        places: list[tuple[list[str], int]] = []
        for col, down in zip(world.tableau, world.down, strict=True):
            places += [(col, i) for i in range(down) if col[i] not in self.seen]
        places += [(world.stock, i) for i, c in enumerate(world.stock) if c not in self.seen]
        cards = [pile[i] for pile, i in places]
        rng.shuffle(cards)
        for (pile, i), card in zip(places, cards, strict=True):
            pile[i] = card
        return world

    # -- piles ----------------------------------------------------------------
    def _top(self, pid: str) -> str | None:
        if pid == "w":
            return self.waste[-1] if self.waste else None
        col = self._column(pid)
        if col is not None:
            return col[-1] if len(col) > self.down[int(pid) - 1] else None
        return super()._top(pid)

    def _take(self, pid: str, n: int) -> list[str]:
        if pid == "w":
            return [self.waste.pop()]
        self._tableau_moves = None
        i = _INDEX.get(pid)
        if i is None:
            return super()._take(pid, n)
        col = self.tableau[i]  # written out for columns: every move takes from one
        taken = col[-n:]
        del col[-n:]
        return taken

    def _put(self, pid: str, cards: list[str]) -> None:
        if pid == "w":
            self.waste.extend(cards)
            return
        self._tableau_moves = None
        i = _INDEX.get(pid)
        if i is None:
            super()._put(pid, cards)
        else:
            self.tableau[i].extend(cards)

    def _face_down(self, column: int) -> int:
        return self.down[column]

    def _top_cards(self) -> list[tuple[str, str]]:
        tops = [(COLUMN_IDS[i], col[-1]) for i, col in enumerate(self.tableau) if len(col) > self.down[i]]
        if self.waste:
            tops.append(("w", self.waste[-1]))
        return tops

    def _after_take(self, pid: str) -> list[Op]:
        """Turn up a face-down card left on top of a column (as PySolFC does)."""
        i = _INDEX.get(pid)
        if i is None:
            return []
        col = self.tableau[i]
        if col and self.down[i] == len(col):
            op: Op = ["flip", pid]
            self._run(op)
            self._news.append(Event("flip", f"{pretty(col[-1])} is turned up.", {"card": col[-1]}))
            return [op]
        return []

    def _run_extra(self, op: Op) -> None:
        if op[0] == "flip":
            self._tableau_moves = None
            i = int(op[1]) - 1
            self.down[i] -= 1
            self.seen.add(self.tableau[i][self.down[i]])
        elif op[0] == "draw":
            for _ in range(op[1]):
                self.waste.append(self.stock.pop())
                self.seen.add(self.waste[-1])
        elif op[0] == "recycle":
            self.stock, self.waste = self.waste[::-1], []
            self.recycles += 1
        else:
            super()._run_extra(op)

    def _revert_extra(self, op: Op) -> None:
        if op[0] == "flip":
            self._tableau_moves = None
            self.down[int(op[1]) - 1] += 1
        elif op[0] == "draw":
            for _ in range(op[1]):
                self.stock.append(self.waste.pop())
        elif op[0] == "recycle":
            self.waste, self.stock = self.stock[::-1], []
            self.recycles -= 1
        else:
            super()._revert_extra(op)

    # -- moves ----------------------------------------------------------------
    def _help(self) -> str:
        return "Write a move like “draw”, “move w 4”, “move 3 7” or “move 3 f”, or “undo”."

    def _resolve_move(self, src: str, dst: str, n: int | None) -> Command:
        if src == "s":
            raise IllegalAction("Use “draw” to turn cards from the stock.")
        if src != "w" and self._column(src) is None:
            raise IllegalAction(f"There is no pile “{quoted(src, 12)}”: columns are 1-7 and the waste is w.")
        if dst in ("cell", "a", "b", "c", "d"):
            raise IllegalAction("Klondike has no free cells.")
        if dst != "f" and self._column(dst) is None:
            raise IllegalAction(f"There is no pile “{quoted(dst, 12)}”: use a column 1-7 or f for the foundations.")
        return self._move_command(src, dst, n, self._counts(src, dst))

    def _counts(self, src: str, dst: str) -> list[int] | str:
        if src == dst:
            return "Pick two different piles."
        if src == "w":
            return self._single(self.waste[-1], dst) if self.waste else "The waste is empty."
        i = int(src) - 1
        col = self.tableau[i]
        if not col:
            return f"Column {src} is empty."
        if dst == "f":
            return self._single(col[-1], dst)
        run = run_length(col, self.down[i])
        target = self.tableau[int(dst) - 1]
        if not target:
            if RANK[col[-run]] == KING:
                return [run]
            return "Only a king, or a run headed by a king, can fill an empty column."
        onto = target[-1]
        depth = RANK[onto] - 1 - RANK[col[-1]]
        if depth < 0 or depth >= run or RED[col[-1 - depth]] == RED[onto]:
            return f"Nothing face up in column {src} fits onto the {pretty(onto)}."
        return [depth + 1]

    def _single(self, card: str, dst: str) -> list[int] | str:
        if dst == "f":
            if fits_foundation(card, self.found):
                return [1]
            return f"The {pretty(card)} can't go to its foundation yet."
        target = self.tableau[int(dst) - 1]
        if not target:
            return [1] if RANK[card] == KING else "Only a king can fill an empty column."
        if builds_on(card, target[-1]):
            return [1]
        return f"The {pretty(card)} can't go onto the {pretty(target[-1])}: build down in alternating colours."

    def _draw_problem(self) -> str | None:
        if self.stock:
            return None
        if not self.waste:
            return "The stock and the waste are both empty."
        if self.passes_left is not None and self.passes_left <= 0:
            return f"You have used all your passes through the stock ({self.passes})."
        return None

    def _check_verb(self, verb: str) -> Command:
        if verb == "draw":
            problem = self._draw_problem()
            if problem:
                raise IllegalAction(problem)
            return Command("draw", "draw")
        return super()._check_verb(verb)

    def _extra_execute(self, cmd: Command) -> list[Event]:
        if cmd.verb != "draw":
            return super()._extra_execute(cmd)
        if self.stock:
            op: Op = ["draw", min(self.draw_count, len(self.stock))]
            self._run(op)
            event = Event("draw", f"{{p0}} turns up {pretty(self.waste[-1])}.", {"waste": self.waste[-3:]})
        else:
            op = ["recycle"]
            self._run(op)
            event = Event("recycle", "{p0} turns the waste over.", {"pass": self.recycles + 1})
        return self._record([op], event)

    def _move_entries(self) -> tuple[list[Entry], list[Entry]]:
        """Every legal move, in menu order: from the waste first, then from each column.

        The hot path of random play, so it works on ranks and colours directly
        instead of asking `_counts` (which also words the refusals).
        """
        cached = self._tableau_moves
        if cached is None:
            cached = self._tableau_moves = self._column_entries()
        home, moves, top_at, first_empty = cached
        if not self.waste:
            return home, moves
        card = self.waste[-1]
        targets = [j for j in map(top_at.get, GOES_ON[card]) if j is not None]
        if first_empty >= 0 and RANK[card] == KING:
            targets.append(first_empty)
        if len(targets) > 1:
            targets.sort()
        if self.found[card[-1]] == RANK[card] - 1:
            home = [move_entry("w", "f", 1, 1, card), *home]
        return home, [move_entry("w", COLUMN_IDS[j], 1, 1, card) for j in targets] + moves

    def _column_entries(self) -> tuple[list[Entry], list[Entry], dict[str, int], int]:
        """The moves from the columns (home ones, others), each face-up top's column, and
        the first empty column: kept while only the stock and waste change."""
        tableau, down, found = self.tableau, self.down, self.found
        home: list[Entry] = []
        moves: list[Entry] = []
        top_at: dict[str, int] = {}  # a face-up column top -> the column
        first_empty = -1
        for j, col in enumerate(tableau):
            if not col:
                if first_empty < 0:
                    first_empty = j
            elif len(col) > down[j]:
                top_at[col[-1]] = j
        for i, col in enumerate(tableau):
            floor = down[i]
            n = len(col)
            if n <= floor:
                continue
            src, top = COLUMN_IDS[i], col[-1]
            if found[top[-1]] == RANK[top] - 1:
                home.append(move_entry(src, "f", 1, 1, top))
            # Walk down the face-up run: each of its cards may go onto a column top it
            # builds on (never column i's own: that top is lower). Targets go in column
            # order; a top fits at most one depth, so (column, depth) pairs sort by column.
            targets: list[tuple[int, int]] = []
            card, d = top, 0
            while True:
                for onto in GOES_ON[card]:
                    j = top_at.get(onto)
                    if j is not None:
                        targets.append((j, d))
                if n - d - 1 <= floor or card not in BUILDS_ON[col[n - d - 2]]:
                    break
                d += 1
                card = col[n - d - 1]
            # a king already at the bottom gains nothing from moving to an empty column
            if first_empty >= 0 and d + 1 != n and RANK[card] == KING:
                targets.append((first_empty, d))
            if len(targets) > 1:
                targets.sort()
            for j, k in targets:
                moves.append(move_entry(src, COLUMN_IDS[j], k + 1, k + 1, col[n - k - 1]))
        return home, moves, top_at, first_empty

    def _verb_actions(self) -> list[Action]:
        if self._draw_problem() is None:
            return [DRAW if self.stock else TURN_OVER]
        return []

    # -- finishing, hints and stuck -------------------------------------------
    def _can_finish(self) -> bool:
        # cheapest refusal first: some card is face down in nearly every position
        return not any(self.down) and not self.stock and not self.waste and not self.won

    def _finish_refusal(self) -> str:
        return "You can finish once every card is face up and the stock and waste are empty."

    def _playable_cards(self) -> set[str]:
        """Every card that could be played from the waste now: the foundations' next
        cards, what builds on a face-up column top, and kings if a column is empty."""
        wanted = {card_at(suit, top + 1) for suit, top in self.found.items() if top < KING}
        for i, col in enumerate(self.tableau):
            if not col:
                wanted.update(KINGS)
            elif len(col) > self.down[i]:
                wanted.update(BUILDS_ON[col[-1]])
        return wanted

    def _draw_value(self) -> int:
        """Worth drawing if an unseen card may come up or a known one will play."""
        seen = self.seen
        if any(c not in seen for c in self.stock):
            return 10
        wanted = self._playable_cards()
        if self.draw_count == 1:  # every card comes up in turn: this pass, then (if allowed) the next
            if not wanted.isdisjoint(self.stock):
                return 10
            again = self.passes is None or self.passes - 1 - self.recycles > 0
            return 10 if again and not wanted.isdisjoint(self.waste) else 0
        stock, waste, recycles = self.stock[:], self.waste[:], self.recycles
        draw, passes = self.draw_count, self.passes
        turned = 0
        for _ in range(200):
            if stock:
                for _ in range(min(draw, len(stock))):
                    waste.append(stock.pop())
                if waste[-1] in wanted:
                    return 10
            elif waste and (passes is None or passes - 1 - recycles > 0) and turned < 2:
                stock, waste, recycles, turned = waste[::-1], [], recycles + 1, turned + 1
            else:
                break
        return 0

    def _move_value(self, cmd: Command) -> int:
        """How useful a move looks, judged on face-up cards and counts only."""
        if cmd.src == "w":
            card = self.waste[-1]
            if cmd.dst == "f":
                return 80 + (30 if safe_for_foundation(card, self.found) else 0)
            return 45
        i = int(cmd.src) - 1
        col, down = self.tableau[i], self.down[i]
        reveals = down > 0 and len(col) - cmd.n == down
        if cmd.dst == "f":
            safe = safe_for_foundation(col[-1], self.found)
            return 60 + (30 if safe else 0) + (40 + down if reveals else 0)
        if reveals:
            return 50 + 2 * down
        return self._follow_up(cmd)

    def _follow_up(self, cmd: Command) -> int:
        """Value of a column-to-column move that turns nothing up: what it makes possible next.

        Worked out from the position as it stands (the move turns no card over, so
        nothing hidden is looked at): the card it uncovers, or the column it empties.
        """
        tableau, down = self.tableau, self.down
        i, target, n = int(cmd.src) - 1, int(cmd.dst) - 1, cmd.n
        col = tableau[i]
        if n == len(col):
            kings = any(down[j] and RANK[c[down[j]]] == KING for j, c in enumerate(tableau) if j != i)
            waste_king = bool(self.waste) and RANK[self.waste[-1]] == KING
            return 20 if kings or waste_king else 0
        exposed = col[-n - 1]
        if fits_foundation(exposed, self.found):
            return 30
        if self.waste and builds_on(self.waste[-1], exposed):
            return 25
        for j, other in enumerate(tableau):
            if j == i or not down[j]:
                continue
            run = run_length(other, down[j])
            head = other[-run]
            # the target's run grows by the moved cards, which then form its top
            top = col[-1] if j == target else other[-1]
            if j == target:
                run += n
            depth = RANK[exposed] - 1 - RANK[top]
            if depth + 1 == run and RED[head] != RED[exposed]:
                return 35  # a run that sits on face-down cards can now move here
        return 0

    def _scored_moves(self) -> list[tuple[int, Action]]:
        scored = []
        for action in self.legal_actions(0):
            verb = action.text.split()[0]
            if verb == "finish":
                scored.append((1000, action))
            elif verb == "draw":
                scored.append((self._draw_value(), action))
            elif verb == "move":
                scored.append((self._move_value(self.legal().commands[action.text][1]), action))
        return [(s, a) for s, a in scored if s > 0]

    def hint(self) -> Action | None:
        """The most useful-looking move, judged only on what the player can see."""
        if self.over:
            return None
        scored = self._scored_moves()
        return max(scored, key=lambda sa: sa[0])[1] if scored else None

    def _stuck(self) -> bool:
        """No move can make progress (only shuffling runs or cycling a known stock).

        The same answer as "no move scores above zero" in `_scored_moves`, asked
        cheapest first so the usual position is settled without trying a move.
        """
        legal = self.legal()
        if legal.home or self._can_finish():
            return False
        moves = [cmd for _, cmd in legal.commands.values() if cmd.verb == "move"]
        if any(cmd.src == "w" for cmd in moves):
            return False  # a waste card onto the tableau always scores
        for cmd in moves:
            i = int(cmd.src) - 1
            if self.down[i] and len(self.tableau[i]) - cmd.n == self.down[i]:
                return False  # it turns a card up
        if self._draw_problem() is None and self._draw_value() > 0:
            return False
        return not any(self._follow_up(cmd) > 0 for cmd in moves)

    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        return self.hint()

    # -- information ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        shown = 3 if self.draw_count == 3 else 1
        return {
            **self._view_common(),
            "tableau": [[None] * d + col[d:] for col, d in zip(self.tableau, self.down, strict=True)],
            "stock": len(self.stock),
            "waste": self.waste[-shown:],
            "waste_count": len(self.waste),
            "draw": self.draw_count,
            "passes": self.options["passes"],
            "passes_left": self.passes_left,
            "pass": self.recycles + 1,
            "can_finish": self._can_finish(),
        }


Klondike.state_class = KlondikeState
GAME = Klondike
