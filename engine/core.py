"""The engine contract every Parlour game implements.

A game is a `Game` subclass (class-level facts: name, seats, options) whose
`new()` returns a `State`. The state changes only through `apply(seat, action)`,
which validates first and raises `IllegalAction` (a ValueError) with a sentence a
player can act on; a rejected action leaves the state exactly as it was.

Engines are pure: no chat-platform, imaging or database imports; synchronous, deterministic
from (seed, options, deck, actions). See ../shared/DESIGN.md for the full contract.
"""

from __future__ import annotations

import hashlib
import os
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

__all__ = [
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "Option",
    "Outcome",
    "SmallRng",
    "State",
    "copy_rng",
    "dump_rng",
    "is_number",
    "load_rng",
    "places_from_scores",
    "quoted",
    "readings",
]


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is shown to the player."""


@dataclass(frozen=True, slots=True)
class Action:
    """One atomic decision, identified by its canonical notation."""

    text: str
    label: str = ""  # optional friendlier wording for menus; text stays canonical
    # Structured parts beside the text, so a panel can build a move step by step by narrowing
    # legal_actions (verb, then cards, then a target) instead of parsing text. Keys by convention:
    # "verb" (str), "cards" (list of card codes), "to" (a seat, pile, meld or suit), "count" (int).
    parts: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: narration with `{p0}`-style seat placeholders."""

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": self.data}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        return cls(d["kind"], d["text"], dict(d.get("data", {})))

    def render(self, names: list[str] | tuple[str, ...]) -> str:
        """The narration with seat placeholders replaced by display names."""
        return self.text.format(**{f"p{i}": n for i, n in enumerate(names)})


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    places[seat] is 1 for the winner(s); equal places mean a tie. scores are the
    game's own points (or 1/0 for win/loss games), reason one line of narration.
    """

    places: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    sides: tuple[tuple[int, ...], ...] | None = None  # partnerships, each partner taking its side's place

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.places) if p == 1)


@dataclass(frozen=True, slots=True)
class Option:
    """A game option offered at start: a fixed set of choices with a default."""

    name: str
    choices: tuple[str, ...]
    default: str
    description: str


def places_from_scores(scores: list[float] | tuple[float, ...], high_wins: bool = True) -> tuple[int, ...]:
    """Competition ranking (1, 2, 2, 4) from scores."""
    key = [(-s if high_wins else s) for s in scores]
    return tuple(1 + sum(1 for other in key if other < mine) for mine in key)


_MASK64 = (1 << 64) - 1


class SmallRng(random.Random):
    """A random.Random whose whole state is one 64-bit int (splitmix64).

    A stored game carries its RNG; the Mersenne Twister's state is 2.5 KB of JSON per
    move, this one a single number. shuffle, choice and randrange all work through it.
    """

    def __init__(self, seed: Any = None) -> None:
        self._s = 0
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:  # random.Random's signature
        if a is None:
            a = int.from_bytes(os.urandom(8), "big")
        elif not isinstance(a, int):
            a = int.from_bytes(hashlib.sha256(repr(a).encode()).digest()[:8], "big")
        self._s = a & _MASK64
        self.gauss_next = None

    def _next(self) -> int:
        self._s = z = (self._s + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def random(self) -> float:
        return (self._next() >> 11) * (1.0 / (1 << 53))

    def getrandbits(self, k: int) -> int:
        if k <= 64:
            return self._next() >> (64 - k) if k else 0
        out, bits = 0, 0
        while bits < k:
            out, bits = (out << 64) | self._next(), bits + 64
        return out >> (bits - k)

    def getstate(self) -> Any:
        return self._s

    def setstate(self, state: Any) -> None:
        self._s = int(state) & _MASK64
        self.gauss_next = None


def copy_rng(rng: random.Random) -> random.Random:
    """An independent RNG in the same state (cheap for SmallRng, used by state copies)."""
    if type(rng) is SmallRng:
        twin = SmallRng.__new__(SmallRng)
        twin._s, twin.gauss_next = rng._s, None
        return twin
    twin = random.Random.__new__(type(rng), 0)
    twin.setstate(rng.getstate())
    return twin


def dump_rng(rng: random.Random) -> Any:
    """JSON for an RNG: one int for SmallRng; the full Mersenne Twister state otherwise."""
    if isinstance(rng, SmallRng):
        return rng.getstate()
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def load_rng(data: Any) -> random.Random:
    """The inverse of dump_rng; games stored before SmallRng keep their Mersenne Twister."""
    if isinstance(data, int):
        rng = SmallRng(0)
        rng.setstate(data)
        return rng
    mt = random.Random()
    mt.setstate((data[0], tuple(data[1]), data[2]))
    return mt


class Game:
    """Class-level description of a game; `new` and `load` make states."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    solo: ClassVar[bool] = False  # a one-seat game started at once, no lobby
    # Some actions search (a solitaire's hint or finish) and may take a while: the bot applies
    # this game's actions in a worker thread. Others' apply in microseconds, on the spot.
    searching: ClassVar[bool] = False
    # Verbs any seat may say out of turn ("nein"); an AI says them at once rather than racing.
    calls: ClassVar[frozenset[str]] = frozenset()
    # The cards it plays with (an engine.cards.Deck), for renderers and tools; None: standard.
    deck: ClassVar[Any] = None
    # View keys that belong to the viewing seat alone; the bot sends a seat's private picture
    # when one of them changed.
    private_keys: ClassVar[tuple[str, ...]] = ("hand",)
    # How the bot's line beside a private picture names the view's `hand`, and what it says
    # when the hand is empty (None: it says nothing of it). Items are named by `part_words`
    # ("cards") when it names them, else as cards.
    hand_label: ClassVar[str] = "Your hand"
    empty_hand: ClassVar[str | None] = "no cards"
    # A view key holding each seat's running net (Bourré's "chips"): the bot keeps every
    # member's total per server in a ledger, rewritten with the game's state so a hand is
    # never lost or counted twice. None: the game keeps no ledger.
    ledger: ClassVar[str | None] = None
    # The order the move panel asks for an action's parts (bot/steps.py); parts not named
    # come after, alphabetically. Go Fish asks whom before what.
    step_order: ClassVar[tuple[str, ...]] = ("verb", "cards", "to")
    # A view key holding what each seat has staked in a hand still being played (Bourré's
    # "staked", its share of the pot): a match called off mid-hand gives it back, so the
    # ledger still sums to zero. None: nothing is staked.
    ledger_stake: ClassVar[str | None] = None
    # (label, action text) buttons for the table message, shown while a seat may take them:
    # answers everyone should see asked (Hand and Foot's "May I go out?": Yes / No).
    table_buttons: ClassVar[tuple[tuple[str, str], ...]] = ()
    # Other names a variant goes by, each with its own command group: {"authors": ("Authors",
    # {"variant": "authors"})} gives `/authors start`, a Go Fish game with that option fixed.
    aliases: ClassVar[dict[str, tuple[str, dict[str, str]]]] = {}
    state_class: ClassVar[type[State]]

    @classmethod
    def part_words(cls, key: str, value: Any) -> str | None:
        """How a move panel names a part's value when card signs would not fit (a tile "RS"
        is a red spool, not R♠); None leaves it to the panel (cards with suit signs)."""
        return None

    @classmethod
    def resolve_options(cls, options: dict[str, Any] | None) -> dict[str, str]:
        """Fill defaults and reject unknown names or values with a clear sentence."""
        given = dict(options or {})
        resolved: dict[str, str] = {}
        for opt in cls.options:
            value = given.pop(opt.name, None)
            value = opt.default if value is None else str(value).strip().lower()
            if opt.choices and value not in opt.choices:
                raise ValueError(f"{cls.title} option {opt.name} must be one of: {', '.join(opt.choices)}.")
            resolved[opt.name] = value
        if given:
            raise ValueError(f"{cls.title} has no option named {', '.join(sorted(given))}.")
        return resolved

    @classmethod
    def check_players(cls, players: int) -> None:
        if not cls.min_players <= players <= cls.max_players:
            if cls.min_players == cls.max_players:
                count = "one player" if cls.min_players == 1 else f"exactly {cls.min_players} players"
                raise ValueError(f"{cls.title} is for {count}.")
            raise ValueError(f"{cls.title} is for {cls.min_players} to {cls.max_players} players.")

    @classmethod
    def new(
        cls,
        players: int,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        deck: list[str] | dict[str, list[str]] | None = None,
    ) -> State:
        """A new game; `deck` stacks it for tests: a list of cards, first dealt first, or
        for a game with several sources (a tile bag and cards) a dict of named lists."""
        cls.check_players(players)
        rng = SmallRng(seed)
        return cls.state_class.start(players, rng, cls.resolve_options(options), deck)

    @classmethod
    def load(cls, data: dict[str, Any]) -> State:
        return cls.state_class.from_dump(data)


class State:
    """A position plus everything needed to continue it (including the RNG).

    Subclasses implement the underscored hooks and the abstract methods; `apply`
    does the checks common to every game first.
    """

    game: ClassVar[type[Game]]
    players: int
    options: dict[str, str]

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> State:
        raise NotImplementedError

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> State:
        raise NotImplementedError

    def dump(self) -> dict[str, Any]:
        raise NotImplementedError

    def copy(self) -> State:
        raise NotImplementedError

    # -- turn structure -------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        raise NotImplementedError

    @property
    def over(self) -> bool:
        return not self.to_move

    @property
    def turn_seats(self) -> tuple[int, ...]:
        """Seats whose turn it is: `to_move` less seats that may only make a call now.

        Turn timers and "your move" alerts follow these; calls are open to `to_move`.
        """
        return self.to_move

    def race_words(self) -> str | None:
        """While seats race to move first and who may move is itself hidden (Moleicki's
        opening: only holders of a 3 may open), what the table is told instead of naming
        them, e.g. "Race to open: the first 3 played opens."; None otherwise."""
        return None

    @property
    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        """Partnerships as tuples of seats, or None when every seat plays for itself."""
        return None

    def is_call(self, action: Action | str) -> bool:
        text = action.text if isinstance(action, Action) else action
        verb = text.split(maxsplit=1)[0] if text.strip() else ""
        return verb in self.game.calls

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Validate and apply; raises IllegalAction and changes nothing if illegal."""
        if self.over:
            raise IllegalAction("The game is over.")
        if not 0 <= seat < self.players:
            raise IllegalAction("You don't have a seat in this game.")
        if seat not in self.to_move:
            raise IllegalAction("It isn't your turn.")
        text = action.text if isinstance(action, Action) else str(action)
        if not text.strip():
            raise IllegalAction("Say what you want to do, for example one of your legal actions.")
        return self._apply(seat, text)

    def _apply(self, seat: int, text: str) -> list[Event]:
        raise NotImplementedError

    def parse(self, seat: int, text: str) -> Action:
        """The canonical Action for `text` if it is legal now for seat (forgiving parse).

        The default matches against legal_actions after normalising spacing and case;
        games with large action spaces override it.
        """
        want = normalise(text)
        for a in self.legal_actions(seat):
            if normalise(a.text) == want:
                return a
        raise IllegalAction(f"“{quoted(text, 60)}” isn't a legal move for you now.")

    # -- the menu just listed -------------------------------------------------
    # A game whose parse would enumerate its moves a second time may keep the menu
    # legal_actions just listed (remember_menu) and answer its canonical texts from it
    # (listed). Whatever changes the state forgets it first (forget_menu); copies and
    # loaded states start without one.
    _menu: tuple[int, tuple[Action, ...]] | None = None

    def remember_menu(self, seat: int, actions: list[Action]) -> None:
        self._menu = (seat, tuple(actions))  # a copy: callers may change their list

    def listed(self, seat: int, text: str) -> Action | None:
        """The action `text` names in the menu just listed for seat, if any (canonical texts only)."""
        menu = self._menu
        if menu is None or menu[0] != seat:
            return None
        for action in menu[1]:
            if action.text == text:
                return action
        return None

    def forget_menu(self) -> None:
        self._menu = None

    # -- information ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def outcome(self) -> Outcome:
        raise NotImplementedError

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A copy consistent with what `seat` knows, hidden cards resampled."""
        raise NotImplementedError

    def stats(self, seat: int) -> dict[str, int | float]:
        """A seat's own figures worth keeping with its result (hints taken, undos), if any."""
        return {}

    def private_view(self, seat: int) -> dict[str, Any]:
        """The keys of view(seat) named in the game's `private_keys`, alone. The bot asks for
        them after every move for every member at the table; an engine whose full view is
        costly may answer more cheaply, with the same values."""
        view = self.view(seat)
        return {key: view.get(key) for key in self.game.private_keys}

    def hidden_cards(self, seat: int) -> list[str]:
        """Cards `seat` holds that others may not see (used by leak checks)."""
        return []

    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        """A game's hand-written AI move, or None to let engine.ai fall back to random."""
        return None


SUIT_SIGNS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c"})
FILLERS = ("i will ", "i'll ", "i ", "let me ", "please ", "ok ", "okay ")
SYNONYMS = {"skip": "pass", "pass turn": "pass", "no move": "pass", "i pass": "pass"}


def is_number(tok: str) -> bool:
    """Digits int() reads: "²" passes isdigit but int() refuses it, as it does 5,000 digits."""
    return tok.isdecimal() and len(tok) <= 18


def quoted(text: str, limit: int = 16) -> str:
    """What a player typed, fit to quote back in a refusal: printable characters only
    (no NUL or escape codes reach the chat) and short (a 5,000-character paste is not)."""
    shown = "".join(c for c in " ".join(text.split()) if c.isprintable())
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def readings(text: str) -> list[str]:
    """What a person may have meant by `text`, most literal first.

    Players type "pass!", "I pass", "skip" or "play 2."; engines parse the canonical
    words. Each reading is tried in turn and the first legal one wins, so a reading
    never changes a text that was already legal.
    """
    out = [text]
    plain = " ".join(text.translate(SUIT_SIGNS).lower().replace(",", " ").split())
    plain = plain.strip(".!?;: ")
    out.append(plain)
    for filler in FILLERS:
        if plain.startswith(filler):
            plain = plain[len(filler) :].strip()
            out.append(plain)
    if plain in SYNONYMS:
        out.append(SYNONYMS[plain])
    # A blank text has no reading but itself, so the game refuses it in its own words.
    return list(dict.fromkeys(r for r in out if r)) or [text]


def normalise(text: str) -> str:
    """Lower case, single spaces, suit signs as letters, 't' accepted for ten in card-ish tokens."""
    tokens = text.translate(SUIT_SIGNS).lower().replace(",", " ").split()
    return " ".join("10" + t[1:] if len(t) == 2 and t[0] == "t" and t[1] in "shdc" else t for t in tokens)
