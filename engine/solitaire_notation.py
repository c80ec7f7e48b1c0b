"""The solitaires' move notation: reading what a player types, and writing moves.

Reading is forgiving and pure: `split_command` turns "3 to 7", "3-7", "A♣ to
foundation", "ace of clubs home" or "3f" into pile ids and card codes, and `VERBS`
names the words for the shared verbs. Checking a move against a position is the
state's job (engine/solitaire.py). Writing is canonical: `move_entry` gives a move's
text (`move <from> <to> [n]`, the count only when it is not the default), its label
("8♥ to column 5") and its structured parts for the step panel:

    {"verb": "move", "cards": ["8H"], "from": "column 3", "to": "column 5"}

`cards` holds the card that moves, or the head of a moving run (the card that lands
on the target); `from` and `to` name piles as players do: "column 3", "free cell a",
"waste", "foundation". Verbs carry only their verb: {"verb": "draw"}.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.cards import RANKS, pretty, standard_deck
from engine.core import Action

PRETTY: dict[str, str] = {c: pretty(c) for c in standard_deck()}

VERBS = {
    "undo": "undo",
    "u": "undo",
    "z": "undo",
    "back": "undo",
    "takeback": "undo",
    "auto": "auto",
    "autoplay": "auto",
    "finish": "finish",
    "done": "finish",
    "resign": "resign",
    "forfeit": "resign",
    "quit": "resign",
    "give up": "resign",
    "hint": "hint",
    "?": "hint",
}
_MOVE_WORDS = {"move", "mv", "m", "put", "play"}
_FILLER = {"to", "onto", "on", "from", "the", "column", "col", "pile", "cards", "card", "of"}
_PILE_WORDS = {
    "waste": "w",
    "foundation": "f",
    "foundations": "f",
    "home": "f",
    "found": "f",
    "fd": "f",
    "cell": "cell",
    "freecell": "cell",
    "fc": "cell",
    "free": "cell",
    "freecells": "cell",
}
_SEPARATORS = re.compile(r"->|=>|→|>|-|–|—|,|:|/|;")
_WORDS_IN_RANK_ORDER = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen")
_RANK_WORDS = dict(zip((*_WORDS_IN_RANK_ORDER, "king"), RANKS, strict=True))
_SUIT_WORDS = {"club": "C", "diamond": "D", "heart": "H", "spade": "S"}
_SYMBOL_SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
# "ace of clubs", "10 of ♥", "q of spades": a card named in words becomes its code first.
_CARD_PHRASE = re.compile(
    r"\b(" + "|".join(_RANK_WORDS) + r"|10|[2-9]|[ajqk])\s+of\s+(clubs?|diamonds?|hearts?|spades?|[♣♦♥♠♧♢♡♤])",
    re.IGNORECASE,
)
_CARD_TOKEN = re.compile(r"(10|[2-9ajqkt])([cdhs♣♦♥♠♧♢♡♤])")
# "A ♥", "10 ♣": a rank, a space, then a suit symbol is one card ("A♥").
_SPACED_CARD = re.compile(r"\b(10|[2-9ajqkt])\s+([♣♦♥♠♧♢♡♤])", re.IGNORECASE)
_SYMBOLS = "♣♦♥♠♧♢♡♤"
ANY_SUIT = "*"  # a token "*A" stands for a rank named without its suit ("ace to foundation")


RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
_CARD_CODES = frozenset(standard_deck())


def is_card(token: str) -> bool:
    return token in _CARD_CODES


def _card_phrase(match: re.Match[str]) -> str:
    rank = _RANK_WORDS.get(match[1].lower(), match[1].upper())
    suit = _SYMBOL_SUITS.get(match[2]) or _SUIT_WORDS[match[2].lower().rstrip("s")]
    return rank + suit


def card_token(word: str) -> str | None:
    """The card code a typed word names ("a♣", "10h", "th"), or None if it names no card."""
    m = _CARD_TOKEN.fullmatch(word.lower())
    if m is None:
        return None
    rank = {"t": "10"}.get(m[1], m[1].upper())
    return rank + _SYMBOL_SUITS.get(m[2], m[2].upper())


def split_command(text: str) -> list[str]:
    """Lower-cased words with separators and filler removed ("3 to 7" -> ["3", "7"]).

    Piles come out as the notation's ids ("1".."8", "a".."d", "w", "f", "cell"); a
    card named in a command of several words comes out as its code ("AC"), and a
    rank named alone as ANY_SUIT plus the rank ("*A"). A one-word command keeps the
    old shorthand where every character is a pile ("3f", "a5"), unless it carries a
    suit symbol.
    """
    text = text.strip()
    text = text.rstrip(".!") if text.rstrip(".!") else text
    if len(text) > 1 and text.endswith("?"):
        text = text[:-1]
    text = _SPACED_CARD.sub(r"\1\2", _CARD_PHRASE.sub(_card_phrase, text))
    text = re.sub(r"free\s+cells?", "freecell", text, flags=re.IGNORECASE)
    words = [w for w in _SEPARATORS.sub(" ", text).split() if w.lower() not in _FILLER]
    if words and words[0].lower() in _MOVE_WORDS:
        words = words[1:]
    shorthand = len(words) == 1 and 2 <= len(words[0]) <= 3 and words[0].lower() not in _PILE_WORDS
    if shorthand and not any(c in _SYMBOLS for c in words[0]):
        words = list(words[0].lower())  # "3f", "a5", "37": every pile is one character
        if len(words) == 3 and not words[2].isdigit():
            words = [words[0], words[1] + words[2]]
    several = len(words) > 1
    out = []
    for i, raw in enumerate(words):
        w = raw.lower()
        w = _PILE_WORDS.get(w, w)
        # "cell a" names the cell; a lone "cell" means the first free one.
        if w == "cell" and i + 1 < len(words) and words[i + 1].lower() in ("a", "b", "c", "d"):
            continue
        if several and len(w) > 1 and not w.isdigit() and w != "cell":
            if (card := card_token(w)) is not None:
                w = card
            elif w in _RANK_WORDS:
                w = ANY_SUIT + _RANK_WORDS[w]
        out.append(w)
    return out


@dataclass(frozen=True, slots=True)
class Command:
    """A parsed, validated action: verb, piles, card count and canonical text."""

    verb: str
    text: str
    src: str = ""
    dst: str = ""
    n: int = 0
    card: str = ""  # the lowest of the moving cards, when known


AUTO = Action("auto", "Auto: send safe cards home", {"verb": "auto"})
FINISH = Action("finish", "Finish: send every card home", {"verb": "finish"})
UNDO = Action("undo", "Undo", {"verb": "undo"})
RESIGN = Action("resign", "Resign", {"verb": "resign"})
HINT = Action("hint", "Hint", {"verb": "hint"})
PLAIN_VERBS = {verb: Command(verb, verb) for verb in ("undo", "resign", "draw")}

# (src, dst, n, default count, moving card) -> the move's Action and Command. The
# label depends only on these, so each distinct move is formatted once per process.
_MOVE_CACHE: dict[tuple[str, str, int, int, str], tuple[Action, Command]] = {}


def move_entry(src: str, dst: str, n: int, default: int, card: str) -> tuple[Action, Command]:
    """The Action and Command for moving n cards (the lowest being `card`) from src to dst."""
    key = (src, dst, n, default, card)
    hit = _MOVE_CACHE.get(key)
    if hit is None:
        text = f"move {src} {dst}" + (f" {n}" if n != default else "")
        action = Action(text, f"{PRETTY[card]} to {pile_words(dst)}", move_parts(src, dst, card))
        hit = _MOVE_CACHE[key] = (action, Command("move", text, src, dst, n, card))
    return hit


def pile_words(pid: str) -> str:
    """A pile as players name it: "column 3", "free cell a", "waste", "foundation"."""
    if pid[0] == "f":
        return "foundation"
    if pid == "w":
        return "waste"
    return f"column {pid}" if pid.isdigit() else f"free cell {pid}"


def move_parts(src: str, dst: str, card: str) -> dict[str, Any]:
    """The structured parts of a move: the card that moves (the head of a moved run) and
    the piles it leaves and reaches, so a panel can ask for the card, then the target."""
    return {"verb": "move", "cards": [card], "from": pile_words(src), "to": pile_words(dst)}
