"""Moleicki action notation: forgiving text to a Command, and canonical text back.

Canonical texts (lower case, single spaces):

    deal classic | deal small hand 6 | deal custom hand 5 barrier d base du du du
    play 7h            play 7h 7d         play 3s 4h 5c 6d (a straight, low to high)
    play jk            play 25            play 10h           play 2c
    vector north       (after a joker or a 25; "vector up" keeps up)
    give 2 to 3        (after a 25: good discard pile 2 to seat 3)
    next 2             (after beating an 8 in up or down: seat 2 plays next)
    nein               pickup             flip 4             blind 3
    done               (stop matching your own card after drawing)
    kkk9               ("King king king nine")

Seats are numbered from 0 as in the engine; piles (good discards and tableau piles)
from 1 as shown. The forgiving reader accepts any case and spacing, commas, `t` for
ten, suit symbols, cards in any order, a bare list of cards as a play, and words
like "pick up", "take", "pass", "choose 3", "king king king nine".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.cards import CardError, parse_card, pretty
from engine.core import Action, IllegalAction, is_number, quoted
from engine.moleicki_deal import PRESET_NOTES, DealError, Design, parse_design
from engine.moleicki_vectors import CARDS, VECTOR_TITLES, VECTORS, parse_vector

SYNTAX_HELP = "Write a move like “play 7h 7d”, “pickup”, “nein”, “vector up”, “give 1 to 2” or “flip 3”."

_PICKUP = {"pickup", "pick", "take", "pick-up", "pickup pile", "pick up", "pick up pile", "take pile"}
_DONE = {"done", "pass", "end", "stop", "no"}
_KKK9 = {"kkk9", "k k k 9", "king king king nine", "kingkingkingnine", "king king king 9"}
_NEIN = {"nein", "nein!", "nine"}


@dataclass(frozen=True, slots=True)
class Command:
    """A parsed action: `verb` plus its arguments (cards, number, seat, vector, design)."""

    verb: str
    cards: tuple[str, ...] = ()
    number: int | None = None
    seat: int | None = None
    vector: str | None = None
    design: Design | None = None


def _number(tok: str, what: str) -> int:
    tok = tok.lstrip("#")
    if not is_number(tok):
        raise IllegalAction(f"“{quoted(tok, 12)}” isn't a {what} number.")
    return int(tok)


def parse_command(text: str, decks: int) -> Command:
    """Read forgiving text; raises IllegalAction with a sentence if it is not a move at all."""
    raw = text.strip().lower().replace(",", " ").replace("!", " ").replace(".", " ")
    tokens = raw.split()
    if not tokens:
        raise IllegalAction(SYNTAX_HELP)
    joined = " ".join(tokens)
    if joined in _PICKUP:
        return Command("pickup")
    if joined in _NEIN:
        return Command("nein")
    if joined in _DONE:
        return Command("done")
    if joined in _KKK9:
        return Command("kkk9")
    verb, rest = tokens[0], tokens[1:]
    if verb == "deal":
        try:
            return Command("deal", design=parse_design(rest, decks))
        except DealError as exc:
            raise IllegalAction(str(exc)) from None
    if verb in ("vector", "vec", "call", "change"):
        v = parse_vector(" ".join(rest)) if rest else None
        if v is None:
            raise IllegalAction(f"Name a vector: {', '.join(VECTORS)}.")
        return Command("vector", vector=v)
    if verb == "give":
        nums = [t for t in rest if t not in ("to", "pile", "seat")]
        if len(nums) != 2:
            raise IllegalAction("Write a gift like “give 2 to 3” (good discard pile 2 to seat 3).")
        return Command("give", number=_number(nums[0], "pile"), seat=_number(nums[1], "seat"))
    if verb in ("next", "choose"):
        nums = [t for t in rest if t != "seat"]
        if len(nums) != 1:
            raise IllegalAction("Write who plays next like “next 2”.")
        return Command("next", seat=_number(nums[0], "seat"))
    if verb in ("flip", "turn", "blind"):
        nums = [t for t in rest if t not in ("pile", "up")]
        if len(nums) != 1:
            raise IllegalAction(f"Write it like “{'blind' if verb == 'blind' else 'flip'} 2” with a pile number.")
        return Command("blind" if verb == "blind" else "flip", number=_number(nums[0], "pile"))
    cards_text = rest if verb in ("play", "p") else tokens
    if not cards_text:
        raise IllegalAction("Name the cards to play, like “play 7h 7d”.")
    try:
        cards = tuple(parse_card(t) for t in cards_text)
    except CardError as exc:
        if cards_text is tokens:
            raise IllegalAction(SYNTAX_HELP) from None
        raise IllegalAction(str(exc)) from None
    return Command("play", cards=cards)


def format_command(cmd: Command, decks: int) -> str:
    """Canonical text; a play's cards must already be in canonical order."""
    v = cmd.verb
    if v == "play":
        return "play " + " ".join(c.lower() for c in cmd.cards)
    if v == "deal":
        assert cmd.design is not None
        return cmd.design.text(decks)
    if v == "vector":
        return f"vector {cmd.vector}"
    if v == "give":
        return f"give {cmd.number} to {cmd.seat}"
    if v == "next":
        return f"next {cmd.seat}"
    if v in ("flip", "blind"):
        return f"{v} {cmd.number}"
    return v


_LABELS = {
    "pickup": "Pick up the pile",
    "nein": "Say “Nein!”",
    "done": "Done adding cards",
    "kkk9": "Proclaim “King king king nine!”",
}


def label(text: str) -> str:
    """Friendlier menu wording for a canonical action text (the text stays the action)."""
    if text in _LABELS:
        return _LABELS[text]
    verb, *rest = text.split()
    if verb == "play":
        return "Play " + " ".join(pretty(parse_card(c)) for c in rest)
    if verb == "vector":
        return f"Call the vector: {VECTOR_TITLES[rest[0]]}"
    if verb == "give":
        return f"Give good discard pile {rest[0]} to seat {rest[2]}"
    if verb == "next":
        return f"Seat {rest[0]} plays next"
    if verb == "flip":
        return f"Turn up tableau pile {rest[0]}"
    if verb == "blind":
        return f"Play tableau pile {rest[0]} blind"
    if verb == "deal" and rest and rest[0] in PRESET_NOTES:
        extra = f", hand {rest[2]}" if len(rest) > 2 else ""
        return f"Deal {rest[0]}: {PRESET_NOTES[rest[0]]}{extra}"
    return text


# -- remembered per text: legal_actions and apply meet the same few texts again and again
PLAY = Command("play")  # what apply needs of a listed play beside its plan
_ACTIONS: dict[str, Action] = {}
_COMMANDS: dict[tuple[str, int], Command] = {}
_MEMO_CAP = 200_000  # distinct texts remembered; plenty for any run, bounded for long-lived bots


def action_for(text: str) -> Action:
    """The Action for a canonical text, made once (Actions are immutable)."""
    a = _ACTIONS.get(text)
    if a is None:
        if len(_ACTIONS) >= _MEMO_CAP:
            _ACTIONS.clear()
        a = _ACTIONS[text] = Action(text, label(text), action_parts(text))
    return a


def action_parts(text: str) -> dict[str, Any]:
    """A canonical text's parts for the step panel: the verb, then cards (codes as the hand
    shows them), a seat `to`, a tableau or discard `pile`, a `vector` or a `deal`."""
    verb, *rest = text.split()
    if verb == "play":
        return {"verb": verb, "cards": [c.upper() for c in rest]}
    if verb == "next":
        return {"verb": verb, "to": int(rest[0])}
    if verb == "give":
        return {"verb": verb, "pile": int(rest[0]), "to": int(rest[2])}
    if verb in ("flip", "blind"):
        return {"verb": verb, "pile": int(rest[0])}
    if verb == "vector":
        return {"verb": verb, "vector": rest[0]}
    if verb == "deal":
        return {"verb": verb, "deal": " ".join(rest)}
    return {"verb": verb}


VERB_WORDS = {
    "play": "Play cards",
    "pickup": "Pick up the pile",
    "nein": "Say “Nein!”",
    "done": "Done adding cards",
    "kkk9": "King king king nine!",
    "next": "Choose who plays next",
    "give": "Give a good discard pile",
    "vector": "Call the vector",
    "flip": "Turn up a tableau card",
    "blind": "Play a tableau pile blind",
    "deal": "Deal",
}


def part_words(key: str, value: Any) -> str | None:
    """The step panel's words for a part (Moleicki's Game.part_words)."""
    if key == "verb":
        return VERB_WORDS.get(str(value))
    if key == "vector":
        return VECTOR_TITLES.get(str(value), str(value))
    if key == "pile":
        return f"Pile {value}"
    if key == "deal":
        words = label(f"deal {value}")
        return words[5:].capitalize() if words.startswith("Deal ") else words
    return None


def actions_for(texts: Iterable[str]) -> list[Action]:
    """action_for of each text (the menu of every position: remembered ones looked up in line)."""
    try:
        return list(map(_ACTIONS.__getitem__, texts))
    except KeyError:
        return [action_for(t) for t in texts]


def play_text(cards: list[str]) -> str:
    if len(cards) == 1:
        text = PLAY_ONE.get(cards[0])
        if text is not None:
            return text
    return "play " + " ".join(cards).lower()


PLAY_ONE = {c: "play " + c.lower() for c in CARDS}  # most plays are one card


def command_for(text: str, decks: int) -> Command:
    """parse_command for a canonical text listed by legal_actions, remembered."""
    key = (text, decks)
    cmd = _COMMANDS.get(key)
    if cmd is None:
        if len(_COMMANDS) >= _MEMO_CAP:
            _COMMANDS.clear()
        cmd = _COMMANDS[key] = parse_command(text, decks)
    return cmd
