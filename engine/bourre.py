"""Bourré: a Louisiana gambling game of five tricks for 2-8 players, played for chips.

Every seat antes into the pot and gets five cards; the dealer's fifth card is turned up and
names trump. In turn from the dealer's left each seat folds or stays in; a seat that stays
in may swap any of its cards for fresh ones from the stock. The seats still in play five
tricks (follow suit, else trump; beat the best card when you can), and the one with the
most tricks takes the pot. A tie leaves the pot for the next hand; a seat that stayed in
and took no trick went bourré and pays the whole pot into the next one.

Action notation (Action.text is canonical and lowercase):

    play            declare: stay in (then exchange)
    pass            declare: fold
    discard 7h      exchange: put a card out (one a listed action; the parser takes several)
    draw            exchange: take as many replacements as were discarded (none: stand pat)
    play 10h        trick: play a card

Parsing is forgiving: case, `t` for ten, suit symbols (♠♥♦♣), commas, extra spaces, and
"fold" / "stay" for pass / play. House rules are in docs/rules/bourre.md; the card rules of a
trick live in engine/bourre_rules.py and the AI in engine/bourre_ai.py.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.bourre_rules import ALL_CARDS, allowed, deductions, hand_order, refusal, sure_trumps, trick_winner
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, CardError, deal_greedy, deal_to_fit, parse_card, pretty, stack_deck
from engine.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    Outcome,
    SmallRng,
    State,
    copy_rng,
    dump_rng,
    load_rng,
    places_from_scores,
    readings,
)

HAND_SIZE = 5
TRICKS = 5
_DEAL_TRIES = 30  # shuffles determinize tries before it deals by exact matching
_LIKELY_TRIES = 12  # of those, how many look for a world where every seat in holds trump (see _likely)
_SYNTAX_HELP = "Write a move like “play”, “pass”, “discard 7h”, “draw” or “play 10h”."
_SYNONYMS = {"fold": "pass", "stay": "play", "stay in": "play", "in": "play", "out": "pass"}


# -- actions ------------------------------------------------------------------


def declare_action(verb: str) -> Action:
    return Action(verb, "Stay in" if verb == "play" else "Fold", {"verb": verb})


def discard_action(cards: list[str]) -> Action:
    words = " ".join(c.lower() for c in cards)
    label = "Discard " + " ".join(pretty(c) for c in cards)
    return Action(f"discard {words}", label, {"verb": "discard", "cards": list(cards)})


def draw_action(count: int) -> Action:
    label = "Stand pat" if count == 0 else f"Draw {count} replacement{'s' if count != 1 else ''}"
    return Action("draw", label, {"verb": "draw", "count": count})


def play_action(card: str) -> Action:
    return Action(f"play {card.lower()}", f"Play {pretty(card)}", {"verb": "play", "cards": [card]})


# Every menu entry is one of a fixed few, so each is built once and shared (Action is frozen).
_DECLARE = {verb: declare_action(verb) for verb in ("play", "pass")}
_PLAY = {card: play_action(card) for card in ALL_CARDS}
_DISCARD_ONE = {card: discard_action([card]) for card in ALL_CARDS}
_DRAW = [draw_action(count) for count in range(HAND_SIZE + 1)]  # an exchange is at most a hand


def parse_text(text: str) -> tuple[str, list[str]]:
    """(verb, cards) for `text`, whatever the position; IllegalAction if unreadable."""
    plain = " ".join(text.replace(",", " ").split()).lower()
    plain = _SYNONYMS.get(plain, plain)
    tokens = plain.split()
    if not tokens:
        raise IllegalAction(_SYNTAX_HELP)
    verb, rest = tokens[0], tokens[1:]
    if verb not in ("play", "pass", "discard", "draw"):
        raise IllegalAction(_SYNTAX_HELP)
    if verb in ("pass", "draw") and rest:
        raise IllegalAction(f"Just say “{verb}”.")
    try:
        cards = [parse_card(t) for t in rest]
    except CardError as exc:
        raise IllegalAction(str(exc)) from None
    if verb == "play" and len(cards) > 1:
        raise IllegalAction("Play one card at a time, like “play 10h”.")
    if verb == "discard" and not cards:
        raise IllegalAction("Say which card you discard, like “discard 7h”.")
    if len(set(cards)) != len(cards):
        raise IllegalAction("Name each card once.")
    return verb, cards


# -- the game -----------------------------------------------------------------


class Bourre(Game):
    name = "bourre"
    title = "Bourré"
    min_players = 2
    max_players = 8
    ledger = "chips"
    ledger_stake = "staked"
    options = (
        Option("ante", ("1", "2", "5"), "1", "Chips each seat pays into the pot at the start of a hand."),
        Option("hands", ("1", "5", "10", "20"), "10", "Hands to play (the match goes on until a pot is won cleanly)."),
    )


# -- the state ----------------------------------------------------------------


class BourreState(State):
    game: ClassVar[type[Game]] = Bourre

    rng: random.Random
    hand_no: int
    dealer: int
    chips: list[int]
    pot: int
    staked: list[int]  # what each seat has in the pot now (given back if the match is called off)
    dues: list[int]  # what each seat pays into the pot at the next deal
    hands: list[list[str]]
    stock: list[str]  # stock[0] is drawn next
    discards: list[str]  # the face-down discard pile
    trump_card: str
    phase: str  # declare / discard / trick / over
    turn: int | None
    declared: list[str | None]
    drew: list[int]
    exchange: list[str]  # the cards the seat exchanging now has set aside
    known: list[list[str]]  # per seat: its own cards in the discard pile (forgotten at a reshuffle)
    public: list[str]  # cards everyone knows are in the discard pile (a discarded upcard)
    trick: list[tuple[int, str]]
    last_trick: list[tuple[int, str]] | None
    plays: list[list[str]]  # per seat: the cards it played to tricks this hand
    tricks: list[int]
    excluded: list[set[str]]  # public deductions: cards each seat is known not to hold
    # parse and apply answer from the menu legal_actions just listed (State.listed); apply
    # forgets it before changing anything.

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> State:
        s = cls.__new__(cls)
        s.players = players
        s.options = dict(options)
        s.rng = rng
        s.hand_no = 0
        s.dealer = players - 1
        s.chips = [0] * players
        s.pot = 0
        s.staked = [0] * players
        s.dues = [int(options["ante"])] * players
        s.last_trick = None
        s._deal(deck)
        return s

    def _deal(self, deck: list[str] | None) -> list[Event]:
        """Collect the antes (and bourré payments), deal five each and turn up trump."""
        n = self.players
        events: list[Event] = []
        self.hand_no += 1
        if self.hand_no > 1:
            self.dealer = (self.dealer + 1) % n
        for seat, due in enumerate(self.dues):
            self.chips[seat] -= due
            self.pot += due
            self.staked[seat] += due
        events.append(Event("ante", f"Hand {self.hand_no}: the pot is {self.pot}.", {"dues": self.dues[:]}))
        self.dues = [0] * n
        order = stack_deck(ALL_CARDS, deck, self.rng)
        self.hands = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):  # one at a time from the dealer's left; the dealer's last card is the upcard
            self.hands[(self.dealer + 1 + i) % n].append(order[i])
        self.trump_card = order[HAND_SIZE * n - 1]
        self.stock = order[HAND_SIZE * n :]
        self.discards = []
        self.phase = "declare"
        self.turn = (self.dealer + 1) % n
        self.declared = [None] * n
        self.drew = [0] * n
        self.exchange = []
        self.known = [[] for _ in range(n)]
        self.public = []
        self.trick = []
        self.plays = [[] for _ in range(n)]
        self.tricks = [0] * n
        self.excluded = [set() for _ in range(n)]
        up = self.trump_card
        text = f"{{p{self.dealer}}} deals; the {pretty(up)} is turned up: {SUIT_NAMES[up[-1]]} are trump."
        events.append(Event("deal", text, {"dealer": self.dealer, "trump_card": up, "hand_no": self.hand_no}))
        return events

    def copy(self) -> BourreState:
        return self._copy(copy_rng(self.rng))

    def _copy(self, rng: random.Random) -> BourreState:
        s = BourreState.__new__(BourreState)
        s.players = self.players
        s.options = self.options
        s.rng = rng
        s.hand_no = self.hand_no
        s.dealer = self.dealer
        s.chips = self.chips[:]
        s.pot = self.pot
        s.staked = self.staked[:]
        s.dues = self.dues[:]
        s.hands = [h[:] for h in self.hands]
        s.stock = self.stock[:]
        s.discards = self.discards[:]
        s.trump_card = self.trump_card
        s.phase = self.phase
        s.turn = self.turn
        s.declared = self.declared[:]
        s.drew = self.drew[:]
        s.exchange = self.exchange[:]
        s.known = [k[:] for k in self.known]
        s.public = self.public[:]
        s.trick = self.trick[:]
        s.last_trick = self.last_trick
        s.plays = [p[:] for p in self.plays]
        s.tricks = self.tricks[:]
        s.excluded = [set(x) for x in self.excluded]
        return s

    def dump(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": dict(self.options),
            "rng": dump_rng(self.rng),
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "chips": self.chips[:],
            "pot": self.pot,
            "staked": self.staked[:],
            "dues": self.dues[:],
            "hands": [h[:] for h in self.hands],
            "stock": self.stock[:],
            "discards": self.discards[:],
            "trump_card": self.trump_card,
            "phase": self.phase,
            "turn": self.turn,
            "declared": self.declared[:],
            "drew": self.drew[:],
            "exchange": self.exchange[:],
            "known": [k[:] for k in self.known],
            "public": self.public[:],
            "trick": [[s, c] for s, c in self.trick],
            "last_trick": None if self.last_trick is None else [[s, c] for s, c in self.last_trick],
            "plays": [p[:] for p in self.plays],
            "tricks": self.tricks[:],
            "excluded": [sorted(x) for x in self.excluded],
        }

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> BourreState:
        s = cls.__new__(cls)
        s.players = data["players"]
        s.options = dict(data["options"])
        s.rng = load_rng(data["rng"])
        s.hand_no = data["hand_no"]
        s.dealer = data["dealer"]
        s.chips = list(data["chips"])
        s.pot = data["pot"]
        # games stored before the stakes were kept: nobody's share of their pot is known
        s.staked = list(data.get("staked", [0] * s.players))
        s.dues = list(data["dues"])
        s.hands = [list(h) for h in data["hands"]]
        s.stock = list(data["stock"])
        s.discards = list(data["discards"])
        s.trump_card = data["trump_card"]
        s.phase = data["phase"]
        s.turn = data["turn"]
        s.declared = list(data["declared"])
        s.drew = list(data["drew"])
        s.exchange = list(data["exchange"])
        s.known = [list(k) for k in data["known"]]
        s.public = list(data["public"])
        s.trick = [(t[0], t[1]) for t in data["trick"]]
        last = data["last_trick"]
        s.last_trick = None if last is None else [(t[0], t[1]) for t in last]
        s.plays = [list(p) for p in data["plays"]]
        s.tricks = list(data["tricks"])
        s.excluded = [set(x) for x in data["excluded"]]
        return s

    # -- turn structure -------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    @property
    def over(self) -> bool:
        return self.turn is None  # as State.over (no seat to move), without building to_move

    @property
    def trump(self) -> str:
        return self.trump_card[-1]

    @property
    def upcard_held(self) -> bool:
        """The dealer still holds the turned-up card (everyone knows where it is)."""
        return self.trump_card in self.hands[self.dealer]

    def in_play(self, seat: int) -> bool:
        return self.declared[seat] == "play"

    def _next_player(self, seat: int) -> int:
        """The next seat to the left still in the hand."""
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if self.in_play(nxt):
                return nxt
        return seat

    def accounted(self, seat: int) -> set[str]:
        """Cards `seat` can place outside every other hand: its own, played, or in the pile to its knowledge."""
        return {*self.hands[seat], *(c for p in self.plays for c in p), *self.known[seat], *self.public}

    def cinch(self, seat: int) -> bool:
        """Tricks won plus sure trumps reach three, judged from the seat's own knowledge."""
        hand, trump = self.hands[seat], self.trump
        if self.tricks[seat] + sum(1 for c in hand if c[-1] == trump) < 3:
            return False  # even every trump held being sure would not reach three
        sure = sure_trumps(hand, trump, self.accounted(seat))
        return self.tricks[seat] + sure >= 3

    def legal_actions(self, seat: int) -> list[Action]:
        if self.turn is None or seat != self.turn:
            return []
        if self.phase == "declare":
            menu = [_DECLARE[v] for v in ("play", "pass") if self._declare_problem(seat, v) is None]
        elif self.phase == "discard":
            hand = hand_order(self.hands[seat], self.trump)
            menu = [_DISCARD_ONE[c] for c in hand]
            menu.append(_DRAW[len(self.exchange)])
        else:
            cards = allowed(self.hands[seat], self.trick, self.trump, self.cinch(seat))
            menu = [_PLAY[c] for c in hand_order(cards, self.trump)]
        self.remember_menu(seat, menu)
        return menu

    def parse(self, seat: int, text: str) -> Action:
        """The canonical action for `text`, with a sentence saying why if it is illegal now."""
        if self.turn is None:
            raise IllegalAction("The game is over.")
        if seat != self.turn:
            raise IllegalAction("It isn't your turn.")
        listed = self.listed(seat, text)
        if listed is not None:
            return listed
        verb, cards = self._read(text)
        problem = self._problem(seat, verb, cards)
        if problem:
            raise IllegalAction(problem)
        if verb in ("pass", "play") and not cards:
            return declare_action(verb)
        if verb == "draw":
            return draw_action(len(self.exchange))
        if verb == "discard":
            return discard_action(hand_order(cards, self.trump))
        return play_action(cards[0])

    def _read(self, text: str) -> tuple[str, list[str]]:
        """The first reading of `text` that parses (so "I fold." works), else the first error."""
        first: IllegalAction | None = None
        for reading in readings(text):
            try:
                return parse_text(reading)
            except IllegalAction as exc:
                first = first or exc
        assert first is not None
        raise first

    def _problem(self, seat: int, verb: str, cards: list[str]) -> str | None:
        """Why the move is illegal for seat now, or None if it is legal."""
        if self.phase == "declare":
            if cards or verb not in ("play", "pass"):
                return "First say whether you stay in (“play”) or fold (“pass”)."
            return self._declare_problem(seat, verb)
        if self.phase == "discard":
            if verb == "draw":
                return None
            if verb != "discard":
                return "Discard the cards you want to swap (“discard 7h”), then say “draw”."
            missing = [c for c in cards if c not in self.hands[seat]]
            return f"You don't have the {pretty(missing[0])}." if missing else None
        if verb != "play":
            return "The exchange is over: play a card to the trick, like “play 10h”."
        if not cards:
            return "Say which card you play, like “play 10h”."
        return refusal(cards[0], self.hands[seat], self.trick, self.trump, self.cinch(seat))

    def _declare_problem(self, seat: int, verb: str) -> str | None:
        if verb == "pass" and seat == self.dealer and self.trump_card[:-1] == "A":
            return "The upcard is an ace, so the dealer must play."
        return None

    # -- applying actions ------------------------------------------------------
    def _apply(self, seat: int, text: str) -> list[Event]:
        listed = self.listed(seat, text)
        if listed is not None:  # a move from the menu just listed: legal, and its parts say what it is
            verb, cards = listed.parts["verb"], listed.parts.get("cards", [])
        else:
            verb, cards = self._read(text)
            problem = self._problem(seat, verb, cards)
            if problem:
                raise IllegalAction(problem)
        self.forget_menu()
        if self.phase == "declare":
            return self._declare(seat, verb)
        if verb == "discard":
            return self._discard(seat, cards)
        if verb == "draw":
            return self._draw(seat)
        return self._play(seat, cards[0])

    def _declare(self, seat: int, verb: str) -> list[Event]:
        self.declared[seat] = verb
        p = f"{{p{seat}}}"
        if verb == "play":
            self.phase = "discard"
            return [Event("declare", f"{p} stays in.", {"seat": seat, "declared": verb})]
        hand = self.hands[seat]
        self.discards.extend(hand)
        self.known[seat].extend(hand)
        if self.trump_card in hand:
            self.public.append(self.trump_card)
        self.hands[seat] = []
        events = [Event("declare", f"{p} folds.", {"seat": seat, "declared": verb})]
        return events + self._after_declaring(seat)

    def _discard(self, seat: int, cards: list[str]) -> list[Event]:
        hand = self.hands[seat]
        events = []
        for c in cards:
            hand.remove(c)
            self.exchange.append(c)
            if c == self.trump_card:
                text = f"{{p{seat}}} discards the upcard, the {pretty(c)}."
                events.append(Event("discard", text, {"seat": seat, "card": c}))
        hidden = len(cards) - len(events)
        if hidden:
            text = f"{{p{seat}}} discards {hidden} card{'s' if hidden != 1 else ''}."
            events.append(Event("discard", text, {"seat": seat, "count": hidden}))
        return events

    def _draw(self, seat: int) -> list[Event]:
        want = len(self.exchange)
        events: list[Event] = []
        got = self.stock[:want]
        del self.stock[:want]
        if len(got) < want:  # the stock ran short: the pile, less this exchange, becomes the stock
            self.stock = self.discards
            self.rng.shuffle(self.stock)
            self.discards = []
            self.known = [[] for _ in range(self.players)]
            self.public = []
            text = "The stock runs out: the discard pile is shuffled into a new stock."
            events.append(Event("reshuffle", text, {"count": len(self.stock)}))
            more = want - len(got)
            got += self.stock[:more]
            del self.stock[:more]
        self.hands[seat].extend(got)
        self.discards.extend(self.exchange)
        self.known[seat].extend(self.exchange)
        if self.trump_card in self.exchange:
            self.public.append(self.trump_card)
        self.exchange = []
        self.drew[seat] = len(got)
        self.phase = "declare"
        p = f"{{p{seat}}}"
        text = f"{p} stands pat." if not got else f"{p} draws {len(got)} card{'s' if len(got) != 1 else ''}."
        events.append(Event("draw", text, {"seat": seat, "count": len(got)}))
        return events + self._after_declaring(seat)

    def _after_declaring(self, seat: int) -> list[Event]:
        """Move the declaration on from `seat`, or settle the pot or start the tricks."""
        if seat != self.dealer:
            nxt = (seat + 1) % self.players
            if nxt == self.dealer and not any(self.in_play(s) for s in range(self.players)):
                # house rule 2: everyone else folded, so the dealer takes the pot without declaring
                return self._award(nxt, "Everyone else folded: {p} takes the pot.")
            self.turn = nxt
            return []
        playing = [s for s in range(self.players) if self.in_play(s)]
        if len(playing) == 1:
            return self._award(playing[0], "Everyone else folded: {p} takes the pot.")
        self.phase = "trick"
        self.turn = self._next_player(self.dealer)
        return [Event("tricks", f"{len(playing)} players stay in; {{p{self.turn}}} leads.", {"playing": playing})]

    def _play(self, seat: int, card: str) -> list[Event]:
        self.excluded[seat] |= deductions(card, self.trick, self.trump)
        self.hands[seat].remove(card)
        self.plays[seat].append(card)
        self.trick.append((seat, card))
        p = f"{{p{seat}}}"
        events = [Event("play", f"{p} plays the {pretty(card)}.", {"seat": seat, "card": card})]
        nxt = self._next_player(seat)
        if nxt != self.trick[0][0]:
            self.turn = nxt
            return events
        winner = trick_winner(self.trick, self.trump)[0]
        self.tricks[winner] += 1
        self.last_trick = self.trick
        self.trick = []
        text = f"{{p{winner}}} takes the trick ({self.tricks[winner]} so far)."
        events.append(Event("trick", text, {"seat": winner, "cards": [c for _, c in self.last_trick]}))
        if sum(self.tricks) < TRICKS:
            self.turn = winner
            return events
        return events + self._settle()

    def _settle(self) -> list[Event]:
        """The five tricks are played: the most tricks takes the pot; a tie leaves it."""
        playing = [s for s in range(self.players) if self.in_play(s)]
        most = max(self.tricks)
        top = [s for s in playing if self.tricks[s] == most]
        bourre = [s for s in playing if self.tricks[s] == 0]
        pot = self.pot
        events: list[Event] = []
        for s in bourre:
            events.append(Event("bourre", f"{{p{s}}} took no trick: bourré! They pay {pot} next hand.", {"seat": s}))
        if len(top) == 1:
            return events + self._award(top[0], "{p} takes the pot with " + f"{most} tricks.", bourre, pot)
        return events + self._end_hand(None, top, bourre, pot)

    def _award(self, winner: int, text: str, bourre: list[int] | None = None, pot: int | None = None) -> list[Event]:
        pot = self.pot if pot is None else pot
        self.chips[winner] += self.pot
        self.pot = 0
        self.staked = [0] * self.players
        events = [Event("pot", text.replace("{p}", f"{{p{winner}}}") + f" (+{pot})", {"seat": winner, "pot": pot})]
        return events + self._end_hand(winner, [], bourre or [], pot)

    def _end_hand(self, winner: int | None, tied: list[int], bourre: list[int], pot: int) -> list[Event]:
        ante = int(self.options["ante"])
        self.dues = [0 if s in tied else pot if s in bourre else ante for s in range(self.players)]
        data = {
            "hand_no": self.hand_no,
            "winner": winner,
            "pot": pot,
            "tied": tied,
            "bourre": bourre,
            "tricks": self.tricks[:],
            "chips": self.chips[:],
        }
        if winner is None:
            names = " and ".join(f"{{p{s}}}" for s in tied)
            text = f"Hand {self.hand_no}: {names} tie for most tricks; the pot of {pot} stays."
        else:
            text = f"Hand {self.hand_no}: {{p{winner}}} wins {pot}."
        events = [Event("hand_end", text, data)]
        clean = winner is not None and not bourre
        if clean and self.hand_no >= int(self.options["hands"]):
            self.phase = "over"
            self.turn = None
            self.dues = [0] * self.players
            return [*events, Event("game_end", self.outcome().reason, {"chips": self.chips[:]})]
        return events + self._deal(None)

    # -- information ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "bourre",
            "players": self.players,
            "seat": seat,
            "hand": None if seat is None else hand_order(self.hands[seat], self.trump),
            "hand_sizes": [len(h) for h in self.hands],
            "to_move": list(self.to_move),
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "hands": int(self.options["hands"]),
            "over": self.turn is None,
            "trump": self.trump,
            "trump_card": self.trump_card,
            "upcard_held": self.upcard_held,
            "phase": self.phase,
            "declared": self.declared[:],
            "drew": self.drew[:],
            "exchanging": len(self.exchange),
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "last_trick": None if self.last_trick is None else [{"seat": s, "card": c} for s, c in self.last_trick],
            "tricks": self.tricks[:],
            "pot": self.pot,
            "staked": self.staked[:],
            "chips": self.chips[:],
            "dues": self.dues[:],
            "stock": len(self.stock),
            "discards": len(self.discards),
        }

    def hidden_cards(self, seat: int) -> list[str]:
        """The hand, less the upcard the dealer holds in plain sight."""
        return hand_order([c for c in self.hands[seat] if c != self.trump_card], self.trump)

    def outcome(self) -> Outcome:
        if self.turn is not None:
            raise ValueError("The game is not over yet.")
        scores = tuple(float(c) for c in self.chips)
        best = max(range(self.players), key=lambda s: self.chips[s])
        reason = f"After {self.hand_no} hands {{p{best}}} is up {self.chips[best]} chips."
        return Outcome(places_from_scores(scores), scores, reason)

    def determinize(self, seat: int, rng: random.Random) -> BourreState:
        """Unseen cards dealt afresh to the other hands, the stock and the pile, honouring the deductions."""
        world = self._copy(SmallRng(rng.getrandbits(64)))  # later shuffles must not be foreseen
        known = self.accounted(seat) | {self.trump_card}
        if seat == self.turn:
            known |= set(self.exchange)
        pool = [c for c in ALL_CARDS if c not in known]
        fixed = self.trump_card if self.upcard_held and seat != self.dealer else None
        wants: list[tuple[int, int]] = []  # (other seat, cards to deal it)
        for o in range(self.players):
            if o != seat:
                wants.append((o, len(self.hands[o]) - (1 if o == self.dealer and fixed else 0)))
        wants.sort(key=lambda w: -len(self.excluded[w[0]]))
        fits = [(o, n, self.excluded[o]) for o, n in wants]
        dealt = None
        for attempt in range(_DEAL_TRIES):
            rng.shuffle(pool)
            trial = deal_greedy(pool, fits)
            if trial is not None:
                dealt = trial
                if attempt >= _LIKELY_TRIES or self._likely(trial[0], fixed):
                    break
        if dealt is None:  # greedy draws can get stuck where few deals fit: match exactly instead
            dealt = deal_to_fit(pool, fits)
        hands, rest = dealt
        for o, cards in hands.items():
            world.hands[o] = cards + ([fixed] if o == self.dealer and fixed else [])
        if self.exchange and seat != self.turn:  # a discarded upcard stays where everyone saw it go
            up = [c for c in self.exchange if c == self.trump_card]
            k = len(self.exchange) - len(up)
            world.exchange, rest = up + rest[:k], rest[k:]
        mine = set(self.known[seat]) | set(self.public)
        pile = [c for c in self.discards if c in mine]
        unseen = len(self.discards) - len(pile)
        world.discards = pile + rest[:unseen]
        world.stock = rest[unseen:]
        # What the others swapped away is theirs to know: in this world they remember only
        # the part this seat saw too (a search that asks them what is still out must not
        # learn the real discards through them).
        world.known = [k[:] if o == seat else [c for c in k if c in mine] for o, k in enumerate(self.known)]
        return world

    def _likely(self, hands: dict[int, list[str]], fixed: str | None) -> bool:
        """Whether every other seat that stayed in got a hand worth staying in with.

        Not a certainty, a lean: a player declares in the open, and few stay in without two
        trumps or a high one, so determinize tries a few shuffles for such worlds first.
        """
        for o, cards in hands.items():
            if not self.in_play(o):
                continue
            held = [*cards, *self.plays[o], *([fixed] if o == self.dealer and fixed else [])]
            trumps = [c for c in held if c[-1] == self.trump]
            if len(trumps) < 2 and not any(c[:-1] in ("A", "K") for c in trumps):
                return False
        return True

    # -- AI ---------------------------------------------------------------------
    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        from engine.bourre_ai import heuristic

        return heuristic(self, seat, rng)

    def evaluate(self) -> list[float]:
        from engine.bourre_ai import evaluate

        return evaluate(self)


Bourre.state_class = BourreState
GAME = Bourre

__all__ = ["GAME", "SUIT_SYMBOLS", "Bourre", "BourreState"]
