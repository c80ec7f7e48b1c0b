"""Moleicki: a shedding game of eight vectors, aargh cards and a tableau, for 2 to 8.

Summary (docs/rules/moleicki.md has the rules in full, with every house rule): the
dealer designs the deal; whoever holds a 3 races to open; each player then beats
the top of the centre pile in the current *vector* (card order) or picks it up.
Aargh cards (2, 10, joker, 25) reset, clear, re-vector or give away piles; 9s must
be answered with "Nein"; the draw pile keeps hands at three; once it is gone, empty
hands play on from the tableau. First to shed every card wins.

Module map: moleicki_vectors (orders, matching, straights), moleicki_deal (pack,
designs, dealing order), moleicki_notation (parse/format), moleicki_tableau (tableau
access), moleicki_play (turn mechanics), moleicki_knowledge (determinize),
moleicki_moves (the legal-move lists), moleicki_ai (heuristic player). This module:
the Game, the State, the view.

Action notation (Action.text is canonical; seats count from 0, piles from 1):

    deal classic                  dealer's first action; presets classic, small, tower,
    deal small hand 6             double, blind, mini (smallest hand unless `hand N`)
    deal custom hand 5 barrier d base du du du
                                  rows furthest first; a pile is u/d letters bottom->top;
                                  any shape the pack can deal
    play 3s                       open, beat, tie, or match (any number of one rank)
    play 7h 9d                    in middle/antimiddle equivalent cards go together
    play 3s 4h 5c 6d              a straight of four (up/down only), low to high
    play 2h | play 10c 10d | play jk  an aargh card, alone or with others of its rank
    vector north                  after a joker or 25: the new (or same) vector
    give 2 to 3                   after a 25: good discard pile 2 goes to seat 3
    next 2                        after beating an 8 in up/down: who plays next
    nein                          once for each 9 you played (or for 4+ nines, everyone)
    pickup                        take the centre pile (only if nothing you see beats it)
    flip 4                        turn up the face-down top card of tableau pile 4, any time
    blind 3                       play tableau pile 3's lone face-down card unseen
    done                          stop adding cards that match your own last play
    kkk9                          "King king king nine": wins with exactly K K K 9
                                  in hand and an empty tableau, any time

Tableau cards that are face up are played by naming them (`play 7h`), from the hand
first; a play may run on from the last hand card into the tableau.

View (`view(seat)`, JSON-safe; `view(None)` is the public view):

    game "moleicki"; players; seat (viewer or None); dealer (last seat); decks;
    krzywicka (seat or None)
    phase        "deal" | "opening" | "follow" | "play" | "over"
    design       {"hand", "rows", "preset", "text"} once dealt, else None
    opening      rank that may open ("3", "A", "8", or "any"); opener (seat or None)
    vector       token (up, down, middle, antimiddle, into, out, north, south);
                 vector_title its display name
    direction    +1 (to the left, seat+1), -1 (to the right) or None before the follow-up
    to_move      seats that may act now (several in races, Nein and matching windows,
                 and anyone who may proclaim kkk9 or turn up a tableau card); the
                 State's `turn` is the same less the seats there only for those calls
    current      whose turn it is (None in races); pending what that seat must do:
                 play | tied | eight | again | vector | give | next
    follow       seats that may follow up the opening (phase "follow")
    window       seat that may still add cards matching its own last play, or None
    pile         centre pile, bottom to top (all of it); pile_base: cards below this
                 index lie under a reset (2, joker, junction); top: the card to beat
                 or None when the pile is blank
    good_discards [{"top": card, "size": n}] in pile-number order (an empty pile has
                 its 10 as top and size 0); bad_discard count; quarters_left (25s)
    draw_pile    count; hands and hand_sizes: per-seat hand sizes; hand_no: 1 (one deal)
    hand         the viewer's own cards, sorted low to high in the vector (None in the
                 public view)
    known        per seat, cards the whole table saw go into that hand (picked-up
                 piles, gifts) and has not seen leave it
    tableaux     per seat, rows (barriers first, base last) of piles of cards bottom
                 to top; face-down cards are null for everyone, the owner included
    tableau_sizes per seat card counts
    nein_owed    seats that must still say Nein; nein_counts per seat
    punched      seats punched when the last four-nines deadline passed
    last_play    {"seat", "cards", "kind"} or None (kind: beat, tie, extend, aargh,
                 junction, blind-miss)
    over, winner (None only if the turn limit left a shared first place), reason

Event kinds: deal, opening, open, follow, play (data: seat, cards, kind, straight),
draw (count; the cards only under data["private"]), reset, clear, quarter, vector,
give, merge, burn, eight, next, nein, penalty, punch, pickup, stuck, flip, blind,
miss, done, proclaim, win, limit.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.cards import rank, stack_deck
from engine.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    Outcome,
    State,
    copy_rng,
    dump_rng,
    load_rng,
    places_from_scores,
)
from engine.moleicki_ai import heuristic
from engine.moleicki_deal import (
    JOKERS_PER_DECK,
    QUARTERS_PER_DECK,
    DealError,
    Design,
    build_deck,
    check_design,
    deal,
)
from engine.moleicki_knowledge import resample, unseen_part
from engine.moleicki_moves import MoveLists
from engine.moleicki_notation import (
    PLAY,
    Command,
    action_for,
    command_for,
    format_command,
    parse_command,
    part_words,
)
from engine.moleicki_play import Listed, Plan, PlayRules
from engine.moleicki_tableau import can_flip, count, public_rows
from engine.moleicki_vectors import (
    CARDS,
    VECTOR_TITLES,
    sort_for,
)

PLAYING = ("play", "tied", "eight", "again")
# House rule: a game still going after this many turns ends; fewest cards left wins.
# Real games never come near it; it only bounds the long tail of random play.
TURN_LIMIT = 2000
OPENINGS = (("3", "up"), ("A", "down"), ("8", "middle"))
KINGS_AND_NINES = frozenset(c for c in CARDS if rank(c) in ("K", "9"))


class Moleicki(Game):
    name = "moleicki"
    title = "Moleicki"
    min_players = 2
    # The text sets no limit but finds the game unwieldy around eight, and the table
    # picture has room for eight seats.
    max_players = 8
    # Calls anyone may make out of turn, at once rather than raced. Turning up a tableau
    # card ("flip") is open out of turn too, but it is no call: nobody waits for it.
    calls: ClassVar[frozenset[str]] = frozenset({"nein", "kkk9"})
    out_of_turn: ClassVar[frozenset[str]] = frozenset({"nein", "kkk9", "flip"})
    options = (
        Option("decks", ("auto", "1", "2", "3"), "auto", "Packs in play: auto is one for up to 4 players, two for 5+."),
        Option(
            "krzywicka",
            ("none", "0", "1", "2", "3", "4", "5", "6", "7"),
            "none",
            "Magdalena Krzywicka's seat: she may open with a 3 only if nobody else can.",
        ),
        Option(
            "jokers",
            ("auto", "0", "1", "2", "3", "4", "5", "6"),
            "auto",
            "Jokers: auto is two per pack; fewer is fine.",
        ),
        Option("quarters", ("auto", "0", "1", "2", "3"), "auto", "25 cards: auto is one per pack; fewer is fine."),
    )

    @classmethod
    def part_words(cls, key: str, value: Any) -> str | None:
        return part_words(key, value)


class MoleickiState(MoveLists, PlayRules, State):
    game: ClassVar[type[Game]] = Moleicki

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> State:
        s = cls.__new__(cls)
        s.players = players
        s.options = dict(options)
        s.decks = (1 if players <= 4 else 2) if options["decks"] == "auto" else int(options["decks"])
        s.krz = None if options["krzywicka"] == "none" else int(options["krzywicka"])
        if s.krz is not None and s.krz >= players:
            raise ValueError(f"Krzywicka's seat must be one of 0 to {players - 1}.")
        s.jokers = _extra_count(options["jokers"], JOKERS_PER_DECK * s.decks, "jokers", s.decks)
        s.quarters = _extra_count(options["quarters"], QUARTERS_PER_DECK * s.decks, "25 cards", s.decks)
        s.rng = rng
        s.deck = stack_deck(build_deck(s.decks, s.jokers, s.quarters), deck, rng)
        s.design = None
        s.hands = [[] for _ in range(players)]
        s.known = [[] for _ in range(players)]
        s.lacks = [[] for _ in range(players)]
        s.tabs = [[] for _ in range(players)]
        s.draw = []
        s.pile, s.base = [], 0
        s.good, s.good_marker, s.bad = [], [], []
        s.quarters_out = 0
        s.vector, s.direction = "up", None
        s.phase = "deal"
        s.opening, s.race, s.follow, s.opener = None, [], [], None
        s.opening_turn = False
        s.current, s.pending, s.top_mine = None, "play", False
        s.eights_beaten, s.after_quarter, s.window = 0, False, None
        s.debts, s.punched, s.last_play = [], [], None
        s.winner, s.reason, s.places = None, "", None
        s.turns = 0
        s.reset_checks()
        return s

    _FIELDS: ClassVar[tuple[str, ...]] = (
        "players",
        "decks",
        "jokers",
        "quarters",
        "krz",
        "deck",
        "hands",
        "known",
        "lacks",
        "tabs",
        "draw",
        "pile",
        "base",
        "good",
        "good_marker",
        "bad",
        "quarters_out",
        "vector",
        "direction",
        "phase",
        "opening",
        "race",
        "follow",
        "opener",
        "opening_turn",
        "current",
        "pending",
        "top_mine",
        "eights_beaten",
        "after_quarter",
        "window",
        "debts",
        "punched",
        "last_play",
        "winner",
        "reason",
        "places",
        "turns",
    )

    def dump(self) -> dict[str, Any]:
        d = {f: getattr(self, f) for f in self._FIELDS}
        d = _json_copy(d)
        d["options"] = dict(self.options)
        d["design"] = None if self.design is None else self.design.to_json()
        d["rng"] = dump_rng(self.rng)
        return d

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> State:
        s = cls.__new__(cls)
        # Games saved before the jokers/quarters options had the full pack.
        data = {"jokers": JOKERS_PER_DECK * data["decks"], "quarters": QUARTERS_PER_DECK * data["decks"], **data}
        for f in cls._FIELDS:
            setattr(s, f, _json_copy(data[f]))
        s.options = dict(data["options"])
        s.design = None if data["design"] is None else Design.from_json(data["design"])
        s.rng = load_rng(data["rng"])
        s.reset_checks()
        return s

    def reset_checks(self) -> None:
        """Forget the moves `legal_actions` checked: call after changing the state other
        than through `apply` (tests setting up positions, determinization)."""
        self._version = getattr(self, "_version", 0) + 1
        self._checked: tuple[int, int, dict[str, Any]] | None = None
        self._to_move: tuple[int, tuple[int, ...]] | None = None
        self._flips: list[bool] | None = None

    def copy(self) -> MoleickiState:
        s = self.__class__.__new__(self.__class__)
        s.__dict__.update(self.__dict__)
        s.options = dict(self.options)
        s.deck, s.draw, s.pile, s.bad = list(self.deck), list(self.draw), list(self.pile), list(self.bad)
        s.hands = [list(h) for h in self.hands]
        s.known = [list(h) for h in self.known]
        s.lacks = [list(h) for h in self.lacks]
        s.tabs = [[[list(p) for p in row] for row in t] for t in self.tabs]
        s.good, s.good_marker = [list(g) for g in self.good], list(self.good_marker)
        s.race, s.follow = list(self.race), list(self.follow)
        s.debts, s.punched = [list(d) for d in self.debts], list(self.punched)
        s.places = None if self.places is None else list(self.places)
        s.last_play = None if self.last_play is None else {**self.last_play, "cards": list(self.last_play["cards"])}
        s.rng = copy_rng(self.rng)
        s._checked = None  # its plans hold lists the copy must not share
        return s

    # -- turn structure -------------------------------------------------------
    @property
    def extras(self) -> int:
        """Jokers and 25 cards in the pack."""
        return self.jokers + self.quarters

    @property
    def dealer(self) -> int:
        return self.players - 1

    @property
    def turn_seats(self) -> tuple[int, ...]:
        return self.turn

    def race_words(self) -> str | None:
        """Who may open shows who holds an opening card, so the table is not told."""
        if self.phase != "opening":
            return None
        what = "any card" if self.opening == "any" else f"the first {self.opening}"
        return f"Race to open: {what} played opens."

    @property
    def turn(self) -> tuple[int, ...]:
        """Seats whose turn it is: the dealer, the racers, the followers, or the seat to
        play (with the seat still free to add matching cards). Seats that may only make
        a call (Nein, King king king nine) or turn up a tableau card are not here."""
        phase = self.phase
        if phase != "play":  # the common phase first
            if phase == "over":
                return ()
            if phase == "deal":
                return (self.dealer,)
            if phase == "opening":
                return tuple(sorted(self.race))
            if phase == "follow":
                return tuple(sorted(self.follow))
        current, window = self.current, self.window
        if window is None or window == current:
            return (current,)
        return (current, window) if current < window else (window, current)

    @property
    def to_move(self) -> tuple[int, ...]:
        cached = self._to_move
        if cached is not None and cached[0] == self._version:
            return cached[1]
        phase = self.phase
        if phase == "over":
            return ()
        moving = self.turn
        if None in moving:  # no seat to play (never in a real game)
            moving = ()
        hands = self.hands
        # Seats acting out of turn are rare: look for them only when checks that run in C
        # say there may be some (a debt, a card to turn up, four cards all kings and nines).
        if self.debts or (
            phase != "deal"
            and (
                True in (self._flips or self.flips())
                or (4 in map(len, hands) and any(map(KINGS_AND_NINES.issuperset, filter(None, hands))))
            )
        ):
            moving = self._with_calls(moving)
        self._to_move = (self._version, moving)
        return moving

    def _with_calls(self, turn: tuple[int, ...]) -> tuple[int, ...]:
        """The seats whose turn it is (sorted) and those who may act out of turn, sorted."""
        extra = {d[1] for d in self.debts if d[2] > 0}
        if self.phase != "deal":
            flips, hands = self.flips(), self.hands
            if True in flips:
                extra.update(s for s, f in enumerate(flips) if f)
            if 4 in map(len, hands):
                extra.update(s for s, h in enumerate(hands) if len(h) == 4 and self.kkk9_ok(s))
        return turn if extra.issubset(turn) else tuple(sorted(extra.union(turn)))

    def _may_call(self, seat: int) -> bool:
        """Whether seat may act out of turn now: owes a Nein, may proclaim, may turn a card up."""
        if not 0 <= seat < self.players:  # a seat of -1 would index the last hand
            return False
        if any(d[1] == seat and d[2] > 0 for d in self.debts):
            return True
        if self.phase == "deal":
            return False
        return self.flips()[seat] or (len(self.hands[seat]) == 4 and self.kkk9_ok(seat))

    def flips(self) -> list[bool]:
        """Per seat, whether a tableau card may be turned up now (asked for every seat at
        every move, so kept until a tableau changes: see `tableau_changed`)."""
        flips = self._flips
        if flips is None:
            flips = self._flips = [can_flip(t) for t in self.tabs]
        return flips

    def tableau_changed(self) -> None:
        self._flips = None

    def _may_act(self, seat: int) -> bool:
        """`seat in self.to_move`, without working out every other seat."""
        return self.phase != "over" and (seat in self.turn or self._may_call(seat))

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def kkk9_ok(self, seat: int) -> bool:
        hand = self.hands[seat]
        return (
            len(hand) == 4
            and KINGS_AND_NINES.issuperset(hand)  # cheap: most four-card hands fail here
            and self.phase != "deal"
            and count(self.tabs[seat]) == 0
            and sorted(rank(c) for c in hand) == ["9", "K", "K", "K"]
        )

    # -- applying actions -------------------------------------------------------
    def parse(self, seat: int, text: str) -> Action:
        if self.over:
            raise IllegalAction("The game is over.")
        if not self._may_act(seat):
            raise IllegalAction("It isn't your turn.")
        canonical = self._check(seat, text)[1]
        return action_for(canonical)

    def _play_ctx(self, seat: int) -> str:
        if self.phase == "opening" and seat in self.race:
            return "race"
        if self.phase == "follow" and seat in self.follow:
            return "turn"
        if self.phase == "play" and seat == self.current and self.pending in PLAYING:
            return "turn"
        if self.phase == "play" and seat == self.window:
            return "window"
        if self.phase == "deal":
            raise IllegalAction("The dealer deals first.")
        if seat == self.current:
            raise IllegalAction(_PENDING_HELP[self.pending])
        raise IllegalAction("It isn't your turn to play a card.")

    def _check(self, seat: int, text: str) -> tuple[Command, str, Any]:
        """Validate completely; returns the command, its canonical text and any plan."""
        cmd = parse_command(text, self.decks)
        verb = cmd.verb
        extra: Any = None
        if verb == "nein":
            if not self.owed(seat):
                raise IllegalAction("You don't owe a “Nein” now.")
        elif verb == "kkk9":
            if not self.kkk9_ok(seat):
                raise IllegalAction("“King king king nine” wins only with K K K 9 in hand and no tableau left.")
        elif verb == "deal":
            if self.phase != "deal" or seat != self.dealer:
                raise IllegalAction("Only the dealer deals, before the game starts.")
            try:
                check_design(cmd.design, self.players, self.decks, self.extras)
            except DealError as exc:
                raise IllegalAction(str(exc)) from None
        elif verb == "play":
            ctx = self._play_ctx(seat)
            extra = (ctx, self.check_play(seat, list(cmd.cards), ctx))
            cmd = Command("play", tuple(extra[1].cards))
        elif verb == "flip":
            if self.phase == "deal":
                raise IllegalAction("The dealer deals first.")
            self.check_flip(seat, cmd.number)
        elif verb in ("blind", "pickup"):
            ctx = self._play_ctx(seat)
            if verb == "pickup":
                if ctx != "turn":
                    raise IllegalAction("You can't pick up the pile now.")
                if not self.may_pick_up(seat):
                    raise IllegalAction(self._no_pickup_reason(seat))
            elif ctx != "turn" or self.phase != "play":
                raise IllegalAction("You can play a tableau card blind only on your own turn.")
            else:
                self.check_blind(seat, cmd.number)
        elif verb == "done":
            if seat != self.window:
                raise IllegalAction("You have nothing to finish.")
        else:
            self._check_choice(seat, cmd)
        return cmd, format_command(cmd, self.decks), extra

    def _no_pickup_reason(self, seat: int) -> str:
        if self.top() is None or self.pending == "again":
            return "There's nothing to pick up: play any card."
        if self.must_play_tableau_unseen(seat):
            return "You must play from your tableau: turn up a face-down card or play one blind."
        return "You can pick up only when nothing you can see beats the top card (aargh cards aside)."

    def _check_choice(self, seat: int, cmd: Command) -> None:
        want = {"vector": "vector", "give": "give", "next": "next"}[cmd.verb]
        if self.phase != "play" or seat != self.current or self.pending != want:
            raise IllegalAction(
                _PENDING_HELP[self.pending] if seat == self.current and self.phase == "play" else "Not now."
            )
        if cmd.verb == "give":
            if not 1 <= cmd.number <= len(self.good):
                raise IllegalAction(f"Pick a good discard pile from 1 to {len(self.good)}.")
            if not 0 <= cmd.seat < self.players:
                raise IllegalAction(f"Seats run from 0 to {self.players - 1}.")
        if cmd.verb == "next" and (cmd.seat == seat or not 0 <= cmd.seat < self.players):
            raise IllegalAction("Choose another player's seat to go next.")

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """As State.apply, with the cheap `_may_act` in place of working out `to_move`. A move
        `legal_actions` just listed for the seat in this position skips those checks: the
        seat could act when it was listed, and nothing has changed since."""
        text = action.text if isinstance(action, Action) else str(action)
        checked = self._checked
        if checked is not None and checked[0] == self._version and checked[1] == seat and text in checked[2]:
            return self._apply_listed(seat, text, checked[2][text])
        if self.phase == "over":
            raise IllegalAction("The game is over.")
        if not 0 <= seat < self.players:
            raise IllegalAction("You don't have a seat in this game.")
        if seat not in self.turn and not self._may_call(seat):  # _may_act, phase checked above
            raise IllegalAction("It isn't your turn.")
        if not text.strip():
            raise IllegalAction("Say what you want to do, for example one of your legal actions.")
        return self._apply(seat, text)

    def _apply(self, seat: int, text: str) -> list[Event]:
        checked = self._checked
        if checked is not None and checked[0] == self._version and checked[1] == seat and text in checked[2]:
            return self._apply_listed(seat, text, checked[2][text])
        cmd, _, extra = self._check(seat, text)
        return self._carry_out(seat, cmd, extra)

    def _apply_listed(self, seat: int, text: str, move: Listed | None) -> list[Event]:
        """Apply a move `legal_actions` listed (and so checked) in this very position."""
        if move is None:  # a listed move other than a play: no plan
            return self._carry_out(seat, command_for(text, self.decks), None)
        return self._carry_out(seat, PLAY, (move[0], Plan.of(move)))

    def _carry_out(self, seat: int, cmd: Command, extra: Any) -> list[Event]:
        self._version += 1
        self._checked = None
        events = self._execute(seat, cmd, extra)
        if self.turns >= TURN_LIMIT and self.phase != "over":
            self._end_by_limit(events)
        return events

    def _end_by_limit(self, ev: list[Event]) -> None:
        left = [self.cards_left(s) for s in range(self.players)]
        self.places = list(places_from_scores(left, high_wins=False))
        firsts = [s for s in range(self.players) if self.places[s] == 1]
        self.winner = firsts[0] if len(firsts) == 1 else None
        names = " and ".join(f"{{p{s}}}" for s in firsts)
        self.reason = f"The game reached {TURN_LIMIT} turns; {names} had the fewest cards left."
        self.phase, self.window = "over", None
        ev.append(Event("limit", self.reason, {"places": list(self.places)}))

    def _execute(self, seat: int, cmd: Command, extra: Any) -> list[Event]:
        verb = cmd.verb
        if verb == "play":  # the common case first (the verbs below are exclusive)
            if extra[0] == "turn" and self.phase == "play":  # as _take_turn on one's own turn
                self.window = None
                return self.do_play(seat, extra[1])
            return self._take_turn(seat, extra[0]) + self.do_play(seat, extra[1])
        if verb == "nein":
            return self.do_nein(seat)
        if verb == "kkk9":
            ev: list[Event] = [Event("proclaim", f"{{p{seat}}}: “King king king nine!”", {"seat": seat})]
            self._win(seat, "proclaims King king king nine", ev)
            return ev
        if verb == "deal":
            return self._do_deal(cmd.design)
        if verb == "done":
            self.window = None
            return [Event("done", f"{{p{seat}}} is done.", {"seat": seat})]
        if verb == "flip":  # turning a card up is no play: it leaves turns and windows alone
            return self.do_flip(seat, cmd.number)
        if verb in ("vector", "give", "next"):
            if verb == "vector":
                return self.do_vector(seat, cmd.vector)
            if verb == "give":
                return self.do_give(seat, cmd.number, cmd.seat)
            self.start_turn(cmd.seat)
            return [Event("next", f"{{p{seat}}} sends the play to {{p{cmd.seat}}}.", {"seat": cmd.seat})]
        ev = self._take_turn(seat, extra[0] if extra else "turn")
        if verb == "play":
            return ev + self.do_play(seat, extra[1])
        if verb == "pickup":
            return ev + self.do_pickup(seat)
        return ev + self.do_blind(seat, cmd.number)

    def _take_turn(self, seat: int, ctx: str) -> list[Event]:
        """Whoever acts in a race or window becomes the player whose turn it is."""
        if ctx == "race":
            self.phase, self.opener, self.opening_turn = "play", seat, True
            self.start_turn(seat)
            return [Event("open", f"{{p{seat}}} opens the game.", {"seat": seat})]
        if self.phase == "follow":
            n = self.players
            self.direction = 1 if seat == (self.opener + 1) % n else -1
            self.phase, self.follow = "play", []
            self.start_turn(seat)
            side = "left" if self.direction == 1 else "right"
            return [Event("follow", f"{{p{seat}}} follows up; play goes to the {side}.", {"direction": self.direction})]
        if ctx == "window":
            self.current, self.pending, self.top_mine, self.window = seat, "play", True, None
            self.eights_beaten = 0
            return []
        self.window = None  # the next player acting closes the previous player's window
        return []

    def _do_deal(self, design: Design) -> list[Event]:
        self.design = design
        self.hands, self.tabs = deal(self.deck, self.players, design)
        self.tableau_changed()
        self.draw, self.deck = self.deck, []
        ev = [Event("deal", f"{{p{self.dealer}}} deals: {design.text(self.decks)[5:]}.", {"design": design.to_json()})]
        tens = 4 * self.decks
        for s, hand in enumerate(self.hands):
            if sum(1 for c in hand if rank(c) == "10") == tens:
                self._win(s, f"was dealt all {tens} tens", ev)
                return ev
        return ev + self._start_opening()

    def _start_opening(self) -> list[Event]:
        n = self.players
        faces = [set(map(rank, hand)) for hand in self.hands]
        holders = {r: [s for s in range(n) if r in faces[s]] for r, _ in OPENINGS}
        barred: set[str] = set()
        for r, vector in OPENINGS:
            if holders[r]:
                race = holders[r]
                if r == "3" and self.krz is not None and len(race) > 1:
                    race = [s for s in race if s != self.krz] or race
                self.opening, self.race, self.vector = r, race, vector
                for s in range(n):
                    unknown_krz = r == "3" and s == self.krz and s not in race
                    lack = set(barred) | (set() if s in race or unknown_krz else {r})
                    self.lacks[s] = sorted(lack)
                break
            barred.add(r)
        else:
            self.opening, self.race, self.vector = "any", [0], "up"
            self.lacks = [sorted(barred) for _ in range(n)]
        self.phase = "opening"
        what = {"any": "any card", "3": "a 3"}.get(self.opening, f"an {self.opening}")
        return [
            Event(
                "opening",
                f"Whoever is first to play {what} opens ({VECTOR_TITLES[self.vector]} vector).",
                {"rank": self.opening},
            )
        ]

    # -- information ----------------------------------------------------------
    def _good_view(self) -> list[dict[str, Any]]:
        return [
            {"top": m if m is not None else g[-1], "size": len(g)}
            for g, m in zip(self.good, self.good_marker, strict=True)
        ]

    def view(self, seat: int | None) -> dict[str, Any]:
        top = self.top()
        return {
            "game": "moleicki",
            "players": self.players,
            "seat": seat,
            "dealer": self.dealer,
            "decks": self.decks,
            "krzywicka": self.krz,
            "phase": self.phase,
            "design": None if self.design is None else {**self.design.to_json(), "text": self.design.text(self.decks)},
            "opening": self.opening,
            "opener": self.opener,
            "vector": self.vector,
            "vector_title": VECTOR_TITLES[self.vector],
            "direction": self.direction,
            "to_move": list(self.to_move),
            "current": self.current,
            "pending": self.pending if self.current is not None else None,
            "follow": list(self.follow),
            "window": self.window,
            "pile": list(self.pile),
            "pile_base": self.base,
            "top": top,
            "good_discards": self._good_view(),
            "bad_discard": len(self.bad),
            "quarters_left": self.quarters - self.quarters_out,
            "draw_pile": len(self.draw),
            "hands": [len(h) for h in self.hands],
            "hand_sizes": [len(h) for h in self.hands],  # the shared card-game key; `hands` is the same
            "hand_no": 1,  # a game is a single deal
            "hand": None if seat is None else sort_for(list(self.hands[seat]), self.vector),
            "known": [sort_for(list(k), self.vector) for k in self.known],
            "tableaux": [public_rows(t) for t in self.tabs],
            "tableau_sizes": [count(t) for t in self.tabs],
            "nein_owed": [s for s in range(self.players) if self.owed(s)],
            "nein_counts": [self.owed(s) for s in range(self.players)],
            "punched": list(self.punched),
            "last_play": None if self.last_play is None else {**self.last_play, "cards": list(self.last_play["cards"])},
            "over": self.phase == "over",
            "winner": self.winner,
            "reason": self.reason,
        }

    def private_view(self, seat: int) -> dict[str, Any]:
        return {"hand": sort_for(list(self.hands[seat]), self.vector)}  # the bot asks every move, every member

    def hidden_cards(self, seat: int) -> list[str]:
        """The seat's hand less the cards the table saw go in (`known`), as every card game's."""
        return sort_for(unseen_part(self.hands[seat], self.known[seat]), self.vector)

    def outcome(self) -> Outcome:
        if self.places is not None:
            places = tuple(self.places)
        else:
            places = tuple(1 if s == self.winner else 2 for s in range(self.players))
        scores = tuple(1.0 if p == 1 else 0.0 for p in places)
        return Outcome(places, scores, self.reason)

    def determinize(self, seat: int, rng: random.Random) -> State:
        return resample(self, seat, rng)

    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        return heuristic(self, seat, rng)


_PENDING_HELP = {
    "vector": "Call the vector first, like “vector up” (keeping the same vector is fine).",
    "give": "Give a good discard pile first, like “give 1 to 2”.",
    "next": "Say who plays next first, like “next 2”.",
    "play": "Play a card or pick up the pile.",
    "tied": "You tied, so now beat the card.",
    "eight": "Beat your 8, or pick up the pile.",
    "again": "Play any card onto the blank pile.",
}


def _extra_count(choice: str, full: int, what: str, decks: int) -> int:
    """How many jokers or 25 cards are in play: the full number, or fewer if asked."""
    if choice == "auto":
        return full
    n = int(choice)
    if n > full:
        packs = f"{decks} pack{'s' if decks > 1 else ''}"
        raise ValueError(f"With {packs} there are at most {full} {what}; choose {full} or fewer.")
    return n


def _json_copy(x: Any) -> Any:
    if isinstance(x, list):
        return [_json_copy(v) for v in x]
    if isinstance(x, dict):
        return {k: _json_copy(v) for k, v in x.items()}
    return x


MoleickiState.game = Moleicki
Moleicki.state_class = MoleickiState
GAME = Moleicki
