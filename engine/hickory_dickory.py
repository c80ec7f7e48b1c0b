"""Hickory Dickory: mice ride the minute hand of a cuckoo clock, jumping off to collect tiles.

The engine turns the clock itself; the seat that owes the pending decision is `to_move`. House data
(tiles, boards, quests, favors, chain) lives in engine/hickory_dickory_data.py, the menu entries that
recur (built once) in engine/hickory_dickory_notation.py; house rules are in docs/rules/hickory-dickory.md.

Action notation (Action.text is canonical and lowercase; M is scavenger|scurrier|spotter|scamp,
N a clock number 1-12, T a tile code such as rb or w, or a bonus favor id such as f9):

    stay / off N / leap N          a mouse on the minute hand (leap plays the F3 favor)
    out M / on M / leap M N        your inner-ring turn: act here, ride the hand, or leap (F3)
    off N                          a bumped mouse lands here, one back, or (Scurrier) ahead
    claim / act / favor F1 / done  a mouse entered an outer space
    spend T [T]                    pay a cost (done when the cost is optional)
    market T T / market T / market w
    return T                       the Spotter puts one searched tile back
    deliver T ...                  deliver any of the active mouse's items and bonus favors
    wild ITEM                      put a delivered wild on an empty hunt space
    leap N / done                  after the 12: leap to 1, 2 or 3
    scamp N / throw M / discard F  favor and token effects
    drop T M / move T A B          room for tiles; move trades between your mice at one number
    place M N                      the advanced setup (option start=choose)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.core import Action, Event, Game, IllegalAction, Option, Outcome, State, copy_rng, dump_rng, load_rng, quoted
from engine.core import normalise as _normalise
from engine.hickory_dickory_actions import ActionsMixin
from engine.hickory_dickory_ai import evaluate, heuristic
from engine.hickory_dickory_cat import CatMixin
from engine.hickory_dickory_clock import ClockMixin
from engine.hickory_dickory_data import (
    ACORNS,
    BAG_TILES,
    BOARDS,
    DATA_ORDER,
    FACE_UP_QUESTS,
    FAVOR_IDS,
    FIXED_TOKENS,
    HAND_SLOTS,
    HUNT_SPACES,
    LEARNING_TOKENS,
    MICE,
    MOON_SPACES,
    MOON_TOKENS,
    QUEST_IDS,
    QUESTS,
    SOLO_START_HOUR,
    SOLO_TARGET,
    START_HOUR,
    SUN_SPACES,
    SUN_TOKENS,
    data_sorted,
    tiles_words,
)
from engine.hickory_dickory_scoring import leaf_value
from engine.hickory_dickory_tick import TickMixin

PROMPTS = {
    "activate": "{who}: stay on the minute hand or jump off",
    "inner": "{who}: choose which mouse at {n} acts (move out or jump on)",
    "bumped": "{who}: bumped off, choose where to land",
    "entry": "{who} at {n}: claim the tile, act, play a favor or finish",
    "spend": "{who}: choose the tiles to spend",
    "market": "{who}: choose tiles from the market",
    "return": "{who}: choose a searched tile to put back",
    "deliver": "{who}: choose the items to deliver",
    "wild": "{p}: choose a hunt space for the wild",
    "leap": "{who}: leap to 1, 2 or 3, or stay",
    "scamp": "{p}: choose where the Scamp goes",
    "throw": "{p}: choose which mouse to throw to",
    "discard": "{p}: discard a favor card (two at most)",
    "overflow": "{p}: too many tiles, return or move one",
    "place": "{p}: place a mouse on the clock",
}


class Mouse:
    """Where one mouse is and the tiles on its card (newest last)."""

    __slots__ = ("number", "tiles", "where")

    def __init__(self, where: str, number: int | None, tiles: list[str]) -> None:
        self.where, self.number, self.tiles = where, number, tiles

    def copy(self) -> Mouse:
        return Mouse(self.where, self.number, list(self.tiles))


class HickoryDickory(Game):
    name = "hickory_dickory"
    title = "Hickory Dickory"
    min_players = 1
    max_players = 4
    options = (
        Option("layout", ("random", "learning"), "random", "learning: fixed tokens, hunt boards and decks"),
        Option("start", ("board", "choose"), "board", "choose: place your mice yourself (advanced setup)"),
    )
    private_keys = ("hand", "favors")
    # the view's hand is only the tiles a Spotter drew in a search (favors are on the picture)
    hand_label = "Tiles you drew"
    empty_hand = None

    @classmethod
    def part_words(cls, key: str, value: Any) -> str | None:
        """Tiles and favors by name in the move panel ("red spool"), never as card signs."""
        if key in ("cards", "tile", "favor") and value:
            codes = value if isinstance(value, list) else [value]
            return tiles_words([str(c) for c in codes])
        return None


class HickoryDickoryState(TickMixin, ClockMixin, CatMixin, ActionsMixin, State):
    game: ClassVar[type[Game]] = HickoryDickory
    FIELDS: ClassVar[tuple[str, ...]] = (
        "hour",
        "minute",
        "round_no",
        "tokens",
        "leaf",
        "bin",
        "wilds",
        "bag",
        "hand",
        "scaler",
        "weight",
        "scores",
        "boards",
        "filled",
        "quests",
        "quest_deck",
        "quest_discard",
        "favors",
        "favor_deck",
        "favor_discard",
        "paws",
        "marker",
        "stack",
        "activated",
        "pass_seats",
        "moved",
        "thrown",
        "step",
        "done",
        "returned",
        "log",
        "last_log",
    )
    # Fields added after games were stored: what a stored game without them starts with.
    LATER_FIELDS: ClassVar[dict[str, Any]] = {"log": [], "last_log": None}
    # parse answers from the menu legal_actions just listed (State.listed); `_settle`, which
    # ends every move and every test set-up, forgets it.

    # -- construction ---------------------------------------------------------------
    @classmethod
    def start(
        cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None
    ) -> HickoryDickoryState:
        s = cls.__new__(cls)
        s.players, s.options, s.rng = players, dict(options), rng
        learning = options.get("layout") == "learning"
        s.hour = SOLO_START_HOUR if players == 1 else START_HOUR
        s.minute, s.round_no = 12, 1
        s.tokens = cls._deal_tokens(rng, learning)
        s.bag = cls._fill_bag(rng, deck)
        s.bin = [s.bag.pop() for _ in range(4)]
        s.leaf = [s.bag.pop() for _ in range(11)] + [None]
        s.wilds = 10
        s.hand, s.scaler, s.weight, s.scores = [], [0] * players, 0, [0] * players
        if learning:
            s.boards = list(BOARDS[:players])
            s.favors = [[f"F{i + 1}"] for i in range(players)]
            s.favor_deck = list(
                reversed([a for a in ACORNS if a not in {f[0] for f in s.favors}] + list(FAVOR_IDS[4:]))
            )
            s.quest_deck = list(reversed(QUEST_IDS))
        else:
            s.boards = rng.sample(BOARDS, players)
            acorns = list(ACORNS)
            rng.shuffle(acorns)
            s.favors = [[acorns[i]] for i in range(players)]
            s.favor_deck = acorns[players:] + list(FAVOR_IDS[4:])
            rng.shuffle(s.favor_deck)
            s.quest_deck = list(QUEST_IDS)
            rng.shuffle(s.quest_deck)
        s.quests = [s.quest_deck.pop() for _ in range(FACE_UP_QUESTS)]
        s.quest_discard, s.favor_discard, s.returned = [], [], []
        s.filled = [[None] * 12 for _ in range(players)]
        s.paws, s.marker, s.stack = [], 0, []
        s.activated, s.pass_seats, s.moved, s.thrown = [], [], {}, []
        s.done = False
        s.log, s.last_log = [], None
        choose = options.get("start") == "choose"
        s.mice = [{m: Mouse("out" if m == "scamp" else "unplaced", None, []) for m in MICE} for _ in range(players)]
        events: list[Event] = []
        if choose:
            s.step = "place"
        else:
            for seat in range(players):
                s._board_start(seat)
            s.step = "next"
            if players == 1:
                s._place_paws(events)
        s._settle(events)
        return s

    @staticmethod
    def _deal_tokens(rng: random.Random, learning: bool) -> list[str]:
        tokens = dict(FIXED_TOKENS)
        if learning:
            tokens.update(LEARNING_TOKENS)
        else:
            sun, moon = list(SUN_TOKENS), list(MOON_TOKENS)
            rng.shuffle(sun)
            rng.shuffle(moon)
            tokens.update(zip(SUN_SPACES, sun, strict=True))
            tokens.update(zip(MOON_SPACES, moon, strict=True))
        return [tokens[n] for n in range(1, 13)]

    @staticmethod
    def _fill_bag(rng: random.Random, deck: list[str] | None) -> list[str]:
        """The bag as a list drawn from the end: stacked tiles on top, the rest shuffled below."""
        rest = list(BAG_TILES)
        top = [str(t).upper() for t in deck or []]
        for t in top:
            if t not in rest:
                raise ValueError(f"The stacked bag names {t} more often than the bag holds it.")
            rest.remove(t)
        rng.shuffle(rest)
        return rest + list(reversed(top))

    @property
    def hand_slots(self) -> int:
        return HAND_SLOTS[self.players]

    def spaces(self, seat: int) -> tuple[str, ...]:
        return HUNT_SPACES[self.boards[seat]]

    # -- copies and storage ---------------------------------------------------------------
    def copy(self) -> HickoryDickoryState:
        return self._copy(copy_rng(self.rng))

    def _copy(self, rng: random.Random) -> HickoryDickoryState:
        s = type(self).__new__(type(self))
        s.players, s.options, s.rng = self.players, self.options, rng
        s.hour, s.minute, s.round_no, s.wilds = self.hour, self.minute, self.round_no, self.wilds
        s.weight, s.marker, s.step, s.done = self.weight, self.marker, self.step, self.done
        s.tokens, s.boards = self.tokens, self.boards  # never change after the start
        s.leaf, s.bin, s.bag, s.hand = list(self.leaf), list(self.bin), list(self.bag), list(self.hand)
        s.scaler, s.scores, s.quests = list(self.scaler), list(self.scores), list(self.quests)
        s.filled = [list(f) for f in self.filled]
        s.favors = [list(f) for f in self.favors]
        s.quest_deck, s.quest_discard = list(self.quest_deck), list(self.quest_discard)
        s.favor_deck, s.favor_discard = list(self.favor_deck), list(self.favor_discard)
        s.paws, s.returned = list(self.paws), list(self.returned)
        s.log, s.last_log = list(self.log), self.last_log  # entries and a closed log never change
        s.stack = [{k: list(v) if isinstance(v, list) else v for k, v in f.items()} for f in self.stack]
        s.activated, s.pass_seats, s.thrown = list(self.activated), list(self.pass_seats), list(self.thrown)
        s.moved = {k: list(v) for k, v in self.moved.items()}
        s.mice = [{m: x.copy() for m, x in seat.items()} for seat in self.mice]
        return s

    def dump(self) -> dict[str, Any]:
        data = {k: getattr(self, k) for k in self.FIELDS}
        data = {k: _plain(v) for k, v in data.items()}
        data["hand"] = [[s, m] for s, m in self.hand]
        data["mice"] = [{m: [x.where, x.number, list(x.tiles)] for m, x in seat.items()} for seat in self.mice]
        data.update(players=self.players, options=dict(self.options), rng=dump_rng(self.rng))
        return data

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> HickoryDickoryState:
        s = cls.__new__(cls)
        s.players, s.options, s.rng = data["players"], dict(data["options"]), load_rng(data["rng"])
        for k in cls.FIELDS:
            setattr(s, k, _plain(data[k] if k in data else cls.LATER_FIELDS[k]))
        s.hand = [(seat, m) for seat, m in data["hand"]]
        s.mice = [{m: Mouse(w, n, list(t)) for m, (w, n, t) in seat.items()} for seat in data["mice"]]
        return s

    # -- turn structure ------------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        if self.done or not self.stack:
            return ()
        return (self.stack[-1]["seat"],)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        menu = self._frame_actions(self.stack[-1])
        self.remember_menu(seat, menu)
        return menu

    def parse(self, seat: int, text: str) -> Action:
        if seat not in self.to_move:
            raise IllegalAction("It isn't your turn.")
        listed = self.listed(seat, text)  # canonical texts from the menu just listed: no second enumeration
        if listed is not None:
            return listed
        words = _normalise(text).split()
        if not words:
            raise IllegalAction("Say what you want to do, for example one of your legal actions.")
        want = " ".join(words)
        tiles = sorted(words[1:], key=lambda w: DATA_ORDER.get(w.upper(), -1))
        alt = " ".join([words[0], *tiles])
        for a in self.legal_actions(seat):
            if a.text in (want, alt):
                return a
        kind = self.stack[-1]["kind"]
        raise IllegalAction(f"“{quoted(text, 60)}” isn't a legal move now ({self._prompt(kind)}).")

    def _apply(self, seat: int, text: str) -> list[Event]:
        action = self.parse(seat, text)
        events: list[Event] = []
        self._resolve(seat, action, events)
        self._settle(events)
        return events

    # -- information ------------------------------------------------------------------------------
    def _prompt(self, kind: str | None = None) -> str:
        if not self.stack:
            return "the game is over" if self.done else ""
        f = self.stack[-1]
        who = f"{{p{f['seat']}}}'s {f['mouse'].title()}" if f.get("mouse") else f"{{p{f['seat']}}}"
        return PROMPTS[kind or f["kind"]].format(who=who, p=f"{{p{f['seat']}}}", n=f.get("number") or self.minute)

    def view(self, seat: int | None) -> dict[str, Any]:
        top = self.stack[-1] if self.stack and not self.done else None
        n = self.players
        last_tick, acted = self.tick_record()
        return {
            "game": self.game.name,
            "players": n,
            "seat": seat,
            "hand": None if seat is None else data_sorted(self.hidden_cards(seat)),  # sorted, as every hand
            "hand_sizes": [len(f) for f in self.favors],
            "to_move": list(self.to_move),
            "dealer": n - 1,
            "hand_no": 1,
            "over": self.done,
            "hour": self.hour,
            "minute": self.minute,
            "round": self.round_no,
            "tokens": list(self.tokens),
            "leaf": list(self.leaf),
            "bin": list(self.bin),
            "wilds": self.wilds,
            "bag": len(self.bag),
            "hand_slots": self.hand_slots,
            "minute_hand": [{"seat": s, "mouse": m} for s, m in self.hand],
            "mice": [
                {
                    m: {
                        "where": x.where,
                        "number": self.minute if x.where == "hand" else x.number,
                        "tiles": list(x.tiles),
                    }
                    for m, x in self.mice[s].items()
                }
                for s in range(n)
            ],
            "scaler": list(self.scaler),
            "weight": leaf_value(self.weight),
            "scores": list(self.scores),
            "hunt": [
                {"board": self.boards[s], "spaces": list(self.spaces(s)), "filled": list(self.filled[s])}
                for s in range(n)
            ],
            "quests": [
                {"id": q, "items": list(QUESTS[q][0]), "points": QUESTS[q][1]} for q in self.quests if q is not None
            ],
            "favors": None if seat is None else list(self.favors[seat]),
            "favor_counts": [len(f) for f in self.favors],
            "paws": list(self.paws),
            "priority": self.priority_order(),
            "decision": top["kind"] if top else None,
            "active": {"seat": top["seat"], "mouse": top["mouse"]} if top and top.get("mouse") else None,
            "prompt": self._prompt() if top else ("The clock struck midnight." if self.done else ""),
            "won": (self.scores[0] >= SOLO_TARGET if self.done else None) if n == 1 else None,
            "last_tick": last_tick,
            "acted": acted,
        }

    def outcome(self) -> Outcome:
        if self.players == 1:
            won = self.scores[0] >= SOLO_TARGET
            return Outcome(
                (1,), (float(self.scores[0]),), f"{self.scores[0]} points: {'won' if won else 'short of 100'}."
            )
        key = [self.scores[s] * 100 + sum(x is not None for x in self.filled[s]) for s in range(self.players)]
        places = tuple(1 + sum(1 for k in key if k > mine) for mine in key)
        best = max(self.scores)
        return Outcome(places, tuple(float(x) for x in self.scores), f"Midnight: the best score is {best}.")

    def stats(self, seat: int) -> dict[str, int | float]:
        return {"score": self.scores[seat]}

    def hidden_cards(self, seat: int) -> list[str]:
        """Tiles a Spotter drew and has not yet sorted (the one put back stays secret)."""
        return [t for f in self.stack if f["kind"] == "return" and f["seat"] == seat for t in f["drawn"]]

    def determinize(self, seat: int, rng: random.Random) -> HickoryDickoryState:
        """Bag order, quest deck and the favors this seat cannot see are resampled."""
        s = self._copy(copy_rng(self.rng))
        rng.shuffle(s.bag)
        rng.shuffle(s.quest_deck)
        pool = list(s.favor_deck)
        for other in range(self.players):
            if other != seat:
                pool += s.favors[other]
        rng.shuffle(pool)
        for other in range(self.players):
            if other != seat:
                k = len(s.favors[other])
                s.favors[other], pool = pool[:k], pool[k:]
        s.favor_deck = pool
        for f in s.stack:  # another seat's Spotter draw is as unknown as the bag it came from
            if f["kind"] == "return" and f["seat"] != seat:
                s.bag += f["drawn"]
                rng.shuffle(s.bag)
                f["drawn"] = [s.bag.pop() for _ in f["drawn"]]
        return s

    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        return heuristic(self, seat, rng)

    def evaluate(self) -> list[float]:
        """Per-seat expected reward for ISMCTS playout cut-offs (engine.ai)."""
        return evaluate(self)


def _plain(value: Any) -> Any:
    """A JSON-safe deep copy of lists and dicts (tuples become lists)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


HickoryDickory.state_class = HickoryDickoryState
GAME = HickoryDickory
