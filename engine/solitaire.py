"""Shared machinery for Parlour's one-player solitaires (Klondike and FreeCell).

Both games have a tableau of columns (card codes, bottom card first), four
foundations built up by suit from the ace, a forgiving move notation, safe
auto-moves, and an undo history. This module holds all of that once;
engine/klondike.py and engine/freecell.py add their own piles and rules.

Foundations are stored as the top rank per suit (0 when empty, 13 when complete):
the cards under the top are implied, so the foundations are a small dict.

Every change to the position is an *op*, a small JSON-safe list, and one player
action (with the automatic moves it sets off) is one *step*: a list of ops. Undo
runs a step's ops backwards, so it restores the exact previous position and the
history stays small in a dump. Ops:

    ["m", src, dst, n]   move the top n cards of pile src onto pile dst
    ["flip", col]        Klondike: turn up the top face-down card of a column
    ["draw", n]          Klondike: n cards from the stock to the waste, one by one
    ["recycle"]          Klondike: turn the waste over to become the stock again

Pile ids inside ops are the notation's: columns "1".."8", free cells "a".."d",
the waste "w", and a foundation "f" plus its suit ("fS").

Common notation (each game documents its own piles and verbs; reading and writing
it is engine/solitaire_notation.py, which also gives every action its parts):
    move <from> <to> [n]   also "3 to 7", "3-7", "3>f", "3f", "m 3 7"
    undo, auto, finish, resign, hint
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Any, ClassVar, NamedTuple

from engine.cards import RANKS, SUITS, standard_deck
from engine.core import Action, Event, IllegalAction, Outcome, State, dump_rng, is_number, load_rng
from engine.solitaire_notation import (
    ANY_SUIT,
    AUTO,
    FINISH,
    PLAIN_VERBS,
    PRETTY,
    RANK_NAMES,
    RESIGN,
    UNDO,
    VERBS,
    Command,
    is_card,
    move_entry,
    move_parts,
    pile_words,
    split_command,
)

__all__ = [
    "FINISH",
    "GOES_ON",
    "Command",
    "Legal",
    "Op",
    "SolitaireState",
    "builds_on",
    "card_at",
    "fits_foundation",
    "move_entry",
    "run_length",
    "safe_for_foundation",
    "split_command",
    "sweep_wins",
]

Op = list[Any]

RANK: dict[str, int] = {c: RANKS.index(c[:-1]) + 1 for c in standard_deck()}  # ace 1 .. king 13
RED: dict[str, bool] = {c: c[-1] in "HD" for c in standard_deck()}
# BUILDS_ON[card]: the two cards that may be built onto card in the tableau.
BUILDS_ON: dict[str, tuple[str, ...]] = {
    onto: tuple(c for c in standard_deck() if RANK[onto] == RANK[c] + 1 and RED[onto] != RED[c])
    for onto in standard_deck()
}
# GOES_ON[card]: the two cards card may be built onto (one rank higher, other colour).
GOES_ON: dict[str, tuple[str, ...]] = {
    card: tuple(onto for onto in standard_deck() if RANK[onto] == RANK[card] + 1 and RED[onto] != RED[card])
    for card in standard_deck()
}
COLUMN_IDS = tuple(str(i + 1) for i in range(8))  # column index -> its id in the notation
_COLUMN_INDEX = {pid: i for i, pid in enumerate(COLUMN_IDS)}
# The suits of the other colour: their foundations decide whether a card is safe.
OTHER_COLOUR = {"S": "HD", "C": "HD", "H": "SC", "D": "SC"}
_ONLY_SEAT = (0,)
_TEXT = attrgetter("text")


def card_at(suit: str, rank: int) -> str:
    return RANKS[rank - 1] + suit


def builds_on(card: str, onto: str) -> bool:
    """True if card may sit on `onto` in the tableau: one rank lower, other colour."""
    return RANK[onto] == RANK[card] + 1 and RED[onto] != RED[card]


def run_length(column: list[str], floor: int = 0) -> int:
    """How many cards at the top of column form a build, never reaching below floor."""
    n = len(column)
    if n <= floor:
        return 0
    k = 1
    upper = column[-1]
    while n - k > floor:
        lower = column[n - k - 1]
        if upper not in BUILDS_ON[lower]:
            break
        upper = lower
        k += 1
    return k


def fits_foundation(card: str, found: dict[str, int]) -> bool:
    return found[card[-1]] == RANK[card] - 1


def safe_for_foundation(card: str, found: dict[str, int]) -> bool:
    """The standard safe rule: nothing left in play could still want to go onto card.

    A card of rank r can only be needed as a resting place for an r-1 of the
    other colour; once both of those are on their foundations, card may go up.
    Aces and twos are always safe (nothing builds on them that a foundation
    doesn't take first).
    """
    if not fits_foundation(card, found):
        return False
    r = RANK[card]
    return r <= 2 or all(found[s] >= r - 1 for s in OTHER_COLOUR[card[-1]])


def sweep_wins(piles: list[list[str]], found: dict[str, int]) -> bool:
    """True if sending up whatever fits, again and again, empties every pile."""
    tops = [len(p) for p in piles]
    level = dict(found)
    progress = True
    while progress:
        progress = False
        for i, pile in enumerate(piles):
            while tops[i] and level[pile[tops[i] - 1][-1]] == RANK[pile[tops[i] - 1]] - 1:
                level[pile[tops[i] - 1][-1]] += 1
                tops[i] -= 1
                progress = True
    return not any(tops)


class Legal(NamedTuple):
    """Everything legal in one position, worked out once and kept until the position changes.

    `commands` maps each move's canonical text to its parsed Command so applying a
    listed move skips parsing; `actions` is the whole menu in legal_actions order.
    (A NamedTuple: one is built per position in random play, and a frozen dataclass
    costs several times as much to build.)
    """

    actions: list[Action]
    commands: dict[str, tuple[Action, Command]]  # moves, and the verbs in PLAIN_VERBS
    home: int  # how many of the moves go to a foundation
    moves: int  # how many moves (home ones included) there are


# -- the shared state ---------------------------------------------------------


class SolitaireState(State):
    """Tableau, foundations, undo history and counters shared by both solitaires.

    Subclasses provide their piles (`_take`/`_put`/`_top` for ids the base does
    not know, `_top_cards`), `_resolve_move`, `_can_finish`, `_stuck`, `hint`,
    and their own verbs through `game_verbs`, `_check_verb` and `_extra_execute`.
    """

    columns: ClassVar[int]
    auto_after_move: ClassVar[bool] = False  # FreeCell sends safe cards up after every move

    players: int
    options: dict[str, str]
    tableau: list[list[str]]
    found: dict[str, int]
    history: list[list[Op]]
    undos: int
    hints: int
    resigned: bool
    rng: random.Random
    _legal: Legal | None = None  # the legal moves of the current position, None until asked
    # _kept[i]: the Legal of the position before history[i] (None if never asked), so an
    # undo gets its moves back without working them out again (random play undoes often).
    _kept: list[Legal | None]
    _prior: Legal | None = None  # the Legal of the position an action being applied starts from

    # -- construction helpers -------------------------------------------------
    def _init_common(self, options: dict[str, str], rng: random.Random) -> None:
        self._news: list[Event] = []
        self.players = 1
        self.options = dict(options)
        self.tableau = [[] for _ in range(self.columns)]
        self.found = dict.fromkeys(SUITS, 0)
        self.history = []
        self.undos = 0
        self.hints = 0
        self.resigned = False
        self.rng = rng
        self._legal = None
        self._kept = []

    def _dump_common(self) -> dict[str, Any]:
        return {
            "options": dict(self.options),
            "tableau": [list(c) for c in self.tableau],
            "found": dict(self.found),
            "history": [[list(op) for op in step] for step in self.history],
            "undos": self.undos,
            "hints": self.hints,
            "resigned": self.resigned,
            "rng": dump_rng(self.rng),
        }

    def _load_common(self, data: dict[str, Any]) -> None:
        self._news: list[Event] = []
        self.players = 1
        self.options = dict(data["options"])
        self.tableau = [list(c) for c in data["tableau"]]
        self.found = {s: int(data["found"][s]) for s in SUITS}
        self.history = [[list(op) for op in step] for step in data["history"]]
        self.undos = int(data["undos"])
        self.hints = int(data["hints"])
        self.resigned = bool(data["resigned"])
        self.rng = load_rng(data["rng"])
        self._legal = None
        self._kept = [None] * len(self.history)

    def _copy_common(self, other: SolitaireState) -> None:
        other._news = []
        other.players = 1
        other.options = dict(self.options)
        other.tableau = [c[:] for c in self.tableau]
        other.found = dict(self.found)
        other.history = self.history[:]  # steps are never changed once recorded
        other.undos = self.undos
        other.hints = self.hints
        other.resigned = self.resigned
        # The solitaires draw from their RNG only while dealing, so a copy may share it;
        # copying a Mersenne Twister state costs more than the rest of the copy together.
        other.rng = self.rng
        other._legal = self._legal  # immutable once built, so the copy may share it
        other._kept = self._kept[:]

    def stats(self, seat: int) -> dict[str, int | float]:
        return {"hints": self.hints, "undos": self.undos}

    # -- turn structure -------------------------------------------------------
    @property
    def won(self) -> bool:
        found = self.found  # asked several times per action: the first suit usually settles it
        return found["S"] == 13 and found["H"] == 13 and found["D"] == 13 and found["C"] == 13

    @property
    def over(self) -> bool:
        # `won` written out: asked several times per action (random play, search), a call saved
        found = self.found
        return self.resigned or (found["S"] == 13 and found["H"] == 13 and found["D"] == 13 and found["C"] == 13)

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.over else _ONLY_SEAT

    @property
    def moves(self) -> int:
        """Moves standing on the board: each undo takes one back (as in PySolFC)."""
        return len(self.history)

    def outcome(self) -> Outcome:
        if self.won:
            return Outcome((1,), (1.0,), f"Won in {self.moves} moves.")
        if self.resigned:
            return Outcome((1,), (0.0,), "Resigned.")
        return Outcome((1,), (0.0,), "Not finished.")

    def hidden_cards(self, seat: int) -> list[str]:
        return []  # nothing is private to the one player (face-down cards are hidden from all)

    # -- piles ----------------------------------------------------------------
    def _column(self, pid: str) -> list[str] | None:
        i = _COLUMN_INDEX.get(pid, self.columns)
        return self.tableau[i] if i < self.columns else None

    def _top(self, pid: str) -> str | None:
        col = self._column(pid)
        if col is not None:
            return col[-1] if col else None
        raise KeyError(pid)

    def _take(self, pid: str, n: int) -> list[str]:
        if pid[0] == "f":
            suit = pid[1]
            self.found[suit] -= 1
            return [card_at(suit, self.found[suit] + 1)]
        col = self._column(pid)
        if col is None:
            raise KeyError(pid)
        taken = col[len(col) - n :]
        del col[len(col) - n :]
        return taken

    def _put(self, pid: str, cards: list[str]) -> None:
        if pid[0] == "f":
            self.found[pid[1]] += len(cards)
            return
        col = self._column(pid)
        if col is None:
            raise KeyError(pid)
        col.extend(cards)

    def _after_take(self, pid: str) -> list[Op]:
        """Ops the game performs by itself once cards leave pile pid (Klondike flips)."""
        return []

    # -- ops ------------------------------------------------------------------
    def _run(self, op: Op) -> None:
        if op[0] == "m":
            self._put(op[2], self._take(op[1], op[3]))
        else:
            self._run_extra(op)

    def _revert(self, op: Op) -> None:
        if op[0] == "m":
            self._put(op[1], self._take(op[2], op[3]))
        else:
            self._revert_extra(op)

    def _run_extra(self, op: Op) -> None:
        raise ValueError(f"unknown op {op!r}")

    def _revert_extra(self, op: Op) -> None:
        raise ValueError(f"unknown op {op!r}")

    def _do_move(self, src: str, dst: str, n: int) -> list[Op]:
        """Move n cards (dst "f" means the moving card's foundation); ops performed."""
        if dst == "f":
            top = self._top(src)
            assert top is not None
            dst = "f" + top[-1]
        op: Op = ["m", src, dst, n]
        self._run(op)
        return [op, *self._after_take(src)]

    def _undo_step(self) -> list[Op]:
        step = self.history.pop()
        for op in reversed(step):
            self._revert(op)
        return step

    # -- automatic moves ------------------------------------------------------
    def _top_cards(self) -> list[tuple[str, str]]:
        """(pile, card) for every pile whose top card may go to a foundation: columns
        first, then the game's own (cells, waste)."""
        return [(COLUMN_IDS[i], col[-1]) for i, col in enumerate(self.tableau) if col]

    def _safe_source(self) -> str | None:
        found = self.found
        for pid, card in self._top_cards():
            # fits_foundation first: it rules out nearly every card at the cost of one lookup
            if found[card[-1]] == RANK[card] - 1 and safe_for_foundation(card, found):
                return pid
        return None

    def _auto_ops(self) -> list[Op]:
        """Send every safe card up (the closure is unique: foundations only grow)."""
        ops: list[Op] = []
        while (pid := self._safe_source()) is not None:
            ops += self._do_move(pid, "f", 1)
        return ops

    def _sweep_ops(self) -> list[Op]:
        """Send up whatever fits, lowest rank first, until nothing does."""
        ops: list[Op] = []
        while True:
            best = None
            for pid, card in self._top_cards():
                if fits_foundation(card, self.found) and (best is None or RANK[card] < best[0]):
                    best = (RANK[card], pid)
            if best is None:
                return ops
            ops += self._do_move(best[1], "f", 1)

    def _can_finish(self) -> bool:
        raise NotImplementedError

    def _stuck(self) -> bool:
        raise NotImplementedError

    # -- parsing --------------------------------------------------------------
    game_verbs: ClassVar[dict[str, str]] = {}

    def parse(self, seat: int, text: str) -> Action:
        if self.over:
            raise IllegalAction("The game is over.")
        if seat != 0:  # as apply: the one seat is 0
            raise IllegalAction("You don't have a seat in this game.")
        hit = self._listed(text)
        if hit is not None:
            return hit[0]
        return self.action_for(self._command(text))

    def action_for(self, cmd: Command) -> Action:
        """The Action (label and parts) of a checked command: the listed one when it is listed."""
        hit = self.legal().commands.get(cmd.text)
        if hit is not None:
            return hit[0]
        if cmd.verb != "move":
            return Action(cmd.text, cmd.verb.capitalize(), {"verb": cmd.verb})
        card = self._moving_card(cmd.src, cmd.n)
        parts = move_parts(cmd.src, cmd.dst, card) if card else {"verb": "move"}
        return Action(cmd.text, self._label(cmd), parts)

    def _listed(self, text: str) -> tuple[Action, Command] | None:
        """The listed move whose canonical text is exactly `text` (no parsing needed)."""
        legal = self._legal
        return None if legal is None else legal.commands.get(text)

    def _command(self, text: str) -> Command:
        words = split_command(text)
        phrase = " ".join(words)
        verb = VERBS.get(phrase) or self.game_verbs.get(phrase)
        if verb:
            return self._check_verb(verb)
        if len(words) in (2, 3):
            n = None
            if len(words) == 3:
                if not is_number(words[2]) or int(words[2]) < 1:
                    raise IllegalAction("The card count must be a number, as in “move 3 7 2”.")
                n = int(words[2])
            src, dst = words[0], self._destination(words[1])
            if src.startswith(ANY_SUIT):
                return self._resolve_rank(src[1:], dst, n)
            if is_card(src):
                src, n = self._card_source(src, dst, n)
            return self._resolve_move(src, dst, n)
        raise IllegalAction(self._help())

    # -- cards named instead of piles ------------------------------------------
    def _face_down(self, column: int) -> int:
        """How many cards at the bottom of a column are face down (Klondike has some)."""
        return 0

    def _locate(self, card: str) -> tuple[str, int] | None:
        """(pile, cards from card to the top) for a card the player may pick up, else None.

        A face-down card is never found, so the answer tells nothing hidden.
        """
        for pid, top in self._top_cards():
            if top == card:
                return pid, 1
        for i, col in enumerate(self.tableau):
            if card in col:
                k = col.index(card)
                return (COLUMN_IDS[i], len(col) - k) if k >= self._face_down(i) else None
        return None

    def _card_source(self, card: str, dst: str, n: int | None) -> tuple[str, int]:
        where = self._locate(card)
        if where is None:
            raise IllegalAction(f"The {PRETTY[card]} isn't face up on a pile you can move it from.")
        pid, depth = where
        if dst == "f" and depth > 1:
            raise IllegalAction(f"Only a top card can go to its foundation, and the {PRETTY[card]} is covered.")
        if n is not None and n != depth:
            raise IllegalAction(f"Moving from the {PRETTY[card]} takes {depth} card{'s' if depth > 1 else ''}.")
        return pid, depth

    def _destination(self, word: str) -> str:
        """A pile id, or the column whose top is the card named (“7♥ on 8♠”)."""
        if word.startswith(ANY_SUIT):
            raise IllegalAction("Say which card to build on with its suit, as in “7♥ on 8♠”, or give a column number.")
        if not is_card(word):
            return word
        for pid, top in self._top_cards():
            if top == word and pid.isdigit():
                return pid
        raise IllegalAction(f"You can only build on the top card of a column, and the {PRETTY[word]} isn't one.")

    def _resolve_rank(self, rank: str, dst: str, n: int | None) -> Command:
        """A move for a rank named without its suit: accepted only when one card of it fits."""
        fits: list[tuple[str, Command]] = []
        for suit in SUITS:
            card = rank + suit
            where = self._locate(card)
            if where is None or (dst == "f" and where[1] > 1):
                continue
            try:
                fits.append((card, self._resolve_move(where[0], dst, where[1] if n is None else n)))
            except IllegalAction:
                continue
        name = RANK_NAMES.get(rank, rank)
        if not fits:
            raise IllegalAction(f"No {name} can go there now.")
        if len(fits) > 1:
            cards = [PRETTY[c] for c, _ in fits]
            listed = ", ".join(cards[:-1]) + " and " + cards[-1]
            raise IllegalAction(f"Which {name}? {listed} could go there: say the suit, as in “{cards[0]} to …”.")
        return fits[0][1]

    def _check_verb(self, verb: str) -> Command:
        if verb == "undo" and not self.history:
            raise IllegalAction("There is nothing to undo yet.")
        if verb == "auto" and self._safe_source() is None:
            raise IllegalAction("No card can safely go to the foundations now.")
        if verb == "finish" and not self._can_finish():
            raise IllegalAction(self._finish_refusal())
        return Command(verb, verb)

    def _finish_refusal(self) -> str:
        return "You can't finish yet."

    def _help(self) -> str:
        return "Write a move like “move 3 7” (column to column), “move 3 f”, or “undo”."

    def _resolve_move(self, src: str, dst: str, n: int | None) -> Command:
        raise NotImplementedError

    def _move_command(self, src: str, dst: str, n: int | None, counts: list[int] | str) -> Command:
        """Check an explicit count against the allowed ones; canonical text omits the default."""
        if isinstance(counts, str):
            raise IllegalAction(counts)
        default = max(counts)
        if n is None:
            n = default
        elif n not in counts:
            if len(counts) == 1:
                raise IllegalAction(f"That move takes exactly {default} card{'s' if default > 1 else ''}.")
            raise IllegalAction(f"You can move from 1 to {default} cards there.")
        text = f"move {src} {dst}" + (f" {n}" if n != default else "")
        return Command("move", text, src, dst, n)

    def _label(self, cmd: Command) -> str:
        if cmd.verb != "move":
            return cmd.verb.capitalize()
        card = self._moving_card(cmd.src, cmd.n)
        return f"{PRETTY[card]} to {pile_words(cmd.dst)}" if card else cmd.text

    def _moving_card(self, src: str, n: int) -> str | None:
        """The bottom card of the n cards leaving src."""
        col = self._column(src)
        if col is not None:
            return col[-n] if len(col) >= n else None
        return self._top(src)

    # -- applying -------------------------------------------------------------
    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """As State.apply, with the same refusals, asked the cheap way: seat 0 is the only
        seat, and it may act whenever the game is not over."""
        if self.over:
            raise IllegalAction("The game is over.")
        if seat != 0:
            raise IllegalAction("You don't have a seat in this game.")
        text = action.text if isinstance(action, Action) else str(action)
        if not text.strip():
            raise IllegalAction("Say what you want to do, for example one of your legal actions.")
        legal = self._legal  # a listed move needs no parsing
        hit = None if legal is None else legal.commands.get(text)
        return self._execute(hit[1] if hit is not None else self._command(text))

    def _apply(self, seat: int, text: str) -> list[Event]:
        hit = self._listed(text)
        return self._execute(hit[1] if hit is not None else self._command(text))

    def _execute(self, cmd: Command) -> list[Event]:
        self._news = []  # events the game's own reactions add (a Klondike card turned up)
        self._prior, self._legal = self._legal, None  # every verb but hint changes the position
        if cmd.verb == "move":  # the usual action, so asked first
            card = cmd.card or self._moving_card(cmd.src, cmd.n)  # a listed move knows its card
            ops = self._do_move(cmd.src, cmd.dst, cmd.n)
            event = Event("move", self._narrate(card or "", cmd), {"action": cmd.text, "card": card})
            auto = self._auto_ops() if self.auto_after_move else []
            events = self._record(ops + auto, event)
            if auto:
                cards = self._home_cards(auto)
                text = ", ".join(PRETTY[c] for c in cards) + (" go" if len(cards) > 1 else " goes") + " up."
                events.insert(1, Event("auto", text, {"cards": cards}))
            return events
        if cmd.verb == "undo":
            self._undo_step()
            self._legal = self._kept.pop()
            self.undos += 1
            return [Event("undo", "{p0} takes back a move.", {"moves": self.moves})]
        if cmd.verb == "resign":
            self.resigned = True
            return [Event("resign", "{p0} resigns.", {"moves": self.moves})]
        if cmd.verb == "hint":
            self._legal = self._prior  # a hint changes only the counters
            hint = self.hint()
            self.hints += 1
            said = f"try {hint.text}" if hint else "no useful move is left"
            return [Event("hint", "{p0} asks for a hint: " + said + ".", {"hint": hint.text if hint else None})]
        if cmd.verb == "auto":
            ops = self._auto_ops()
            cards = self._home_cards(ops)
            text = f"{{p0}} sends {len(cards)} card{'s' if len(cards) > 1 else ''} to the foundations."
            return self._record(ops, Event("auto", text, {"cards": cards}))
        if cmd.verb == "finish":
            ops = self._finish_ops()
            text = "{p0} sends every card home."
            return self._record(ops, Event("finish", text, {"cards": self._home_cards(ops)}))
        return self._extra_execute(cmd)

    def _home_cards(self, ops: list[Op]) -> list[str]:
        """The cards that ops (just performed) sent to the foundations, in order."""
        level = dict(self.found)
        cards = []
        for op in reversed(ops):
            if op[0] == "m" and op[2][0] == "f":
                suit = op[2][1]
                cards.append(card_at(suit, level[suit]))
                level[suit] -= 1
        return cards[::-1]

    def _finish_ops(self) -> list[Op]:
        return self._sweep_ops()

    def _extra_execute(self, cmd: Command) -> list[Event]:
        raise IllegalAction(self._help())

    def _narrate(self, card: str, cmd: Command) -> str:
        many = f" and {cmd.n - 1} more" if cmd.n > 1 else ""
        if cmd.dst == "f":
            return f"{{p0}} plays {PRETTY[card]} to its foundation."
        if cmd.dst.isdigit():
            col = self.tableau[int(cmd.dst) - 1]
            under = col[-cmd.n - 1] if len(col) > cmd.n else None
            where = f"onto {PRETTY[under]}" if under else f"to empty column {cmd.dst}"
            return f"{{p0}} moves {PRETTY[card]}{many} {where}."
        return f"{{p0}} puts {PRETTY[card]} in free cell {cmd.dst}."

    def _record(self, ops: list[Op], event: Event) -> list[Event]:
        """Keep ops as one undo step and add the win narration.

        Whether the game is stuck is not worked out here: it needs every move of the
        new position, and only the view (the picture's warning) asks for it.
        """
        self.history.append(ops)
        self._kept.append(self._prior)
        events = [event, *self._news]
        self._news = []
        if self.won:
            events.append(Event("win", f"{{p0}} wins in {self.moves} moves!", {"moves": self.moves}))
        return events

    def hint(self) -> Action | None:
        raise NotImplementedError

    # -- views ----------------------------------------------------------------
    def _view_common(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "foundations": dict(self.found),
            "moves": self.moves,
            "undos": self.undos,
            "hints": self.hints,
            "won": self.won,
            "resigned": self.resigned,
            "stuck": (not self.over) and self._stuck(),
            "over": self.over,
        }

    # -- legal actions -------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        """Moves home first, then the other moves, then the game's own verbs, then the shared ones."""
        if seat != 0 or self.over:
            return []
        return list(self.legal().actions)  # a copy: callers may change their list

    def legal(self) -> Legal:
        """The legal moves of this position, built on first use and kept until it changes.

        Only `_execute` changes the position, and it drops this; tests that build a
        position by assigning piles do so before anything asks.
        """
        legal = self._legal
        if legal is None:
            home, moves = self._move_entries()
            entries = home + moves
            verbs = self._verb_actions() + self._tail_actions(home)
            actions = [a for a, _ in entries]
            commands = dict(zip(map(_TEXT, actions), entries, strict=True))
            for a in verbs:  # verbs whose check has no side effect may skip parsing too
                if a.text in PLAIN_VERBS:
                    commands[a.text] = (a, PLAIN_VERBS[a.text])
            legal = self._legal = Legal(actions + verbs, commands, len(home), len(entries))
        return legal

    def _move_entries(self) -> tuple[list[tuple[Action, Command]], list[tuple[Action, Command]]]:
        """The legal moves as (moves to a foundation, every other move); see `move_entry`."""
        raise NotImplementedError

    def _verb_actions(self) -> list[Action]:
        """The game's own verbs that are legal now (Klondike's draw)."""
        return []

    def _first_empty(self) -> str | None:
        """The first empty column: moves name only this one, as every empty column is alike."""
        return next((str(i + 1) for i, c in enumerate(self.tableau) if not c), None)

    def _finish_listed(self, home: list[tuple[Action, Command]]) -> bool:
        return self._can_finish()

    def _tail_actions(self, home: list[tuple[Action, Command]]) -> list[Action]:
        out = []
        # auto starts by sending a card home, so with no home move it is not legal.
        if home and any(safe_for_foundation(cmd.card, self.found) for _, cmd in home):
            out.append(AUTO)
        if self._finish_listed(home):
            out.append(FINISH)
        if self.history:
            out.append(UNDO)
        out.append(RESIGN)
        return out
