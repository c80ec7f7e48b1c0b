"""Hand and Foot notation: the actions' canonical texts, labels and parts, and a forgiving parser.

Ranks are tokens (`a 4 .. 10 j q k 2 jk 3`), naturals first, then 2s, then jokers; card codes
(`7h`) and suit symbols are read too. engine/hand_and_foot.py checks the moves against the rules.
"""

from __future__ import annotations

from typing import Any

from engine.cards import JOKER
from engine.core import Action, IllegalAction, normalise, quoted
from engine.hand_and_foot_melds import NATURAL_RANKS, WILD, read_token

HELP = "Write a move like “draw”, “pickup”, “meld 7 7 2”, “meld 2 on 7”, “discard 7”, “ask” or “end”."
PLAIN = ("draw", "pickup", "takeback", "ask", "yes", "no", "end")
_LABELS = {
    "draw": "Draw two from the stock",
    "pickup": "Pick up the discard pile",
    "takeback": "Take back your staged melds",
    "ask": "Ask your partner: may I go out?",
    "yes": "Yes, you may go out",
    "no": "No, don't go out",
    "end": "End the hand",
}


def show(tok: str) -> str:
    return "joker" if tok == "jk" else tok.upper()


def rank_name(rank_: str) -> str:
    return "wild" if rank_ == WILD else rank_ + "s"


# -- actions ------------------------------------------------------------------

_ACTIONS: dict[str, Action] = {}


def plain_action(verb: str) -> Action:
    a = _ACTIONS.get(verb)
    if a is None:
        a = _ACTIONS[verb] = Action(verb, _LABELS[verb], {"verb": verb})
    return a


def meld_action(tokens: list[str], on: str | None) -> Action:
    """`meld 7 7 2` or, for wilds alone onto a natural meld, `meld 2 on 7`."""
    text = "meld " + " ".join(tokens) + (f" on {on.lower()}" if on else "")
    a = _ACTIONS.get(text)
    if a is None:
        cards = [t.upper() for t in tokens]
        shown = " ".join(show(t) for t in tokens)
        parts: dict[str, Any] = {"verb": "meld", "cards": cards}
        if on:
            parts["to"] = on
        a = _ACTIONS[text] = Action(text, f"Meld {shown}" + (f" on the {on}s" if on else ""), parts)
    return a


def discard_action(tok: str) -> Action:
    text = f"discard {tok}"
    a = _ACTIONS.get(text)
    if a is None:
        a = _ACTIONS[text] = Action(text, f"Discard {show(tok)}", {"verb": "discard", "cards": [tok.upper()]})
    return a


# Menu entries by rank, built once: a menu lists them for every hand, every move.
# Per natural rank: (add one, add a 2 onto it, add a joker onto it, three, two and a 2, two and a joker).
RANK_MELDS = {
    r: (
        meld_action([r.lower()], None),
        meld_action(["2"], r),
        meld_action(["jk"], r),
        meld_action([r.lower()] * 3, None),
        meld_action([r.lower()] * 2 + ["2"], None),
        meld_action([r.lower()] * 2 + ["jk"], None),
    )
    for r in NATURAL_RANKS
}
WILD_ADDS = (meld_action(["2"], None), meld_action(["jk"], None))  # onto the incomplete wild meld
DISCARDS = {t: discard_action(t) for t in ("a", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "2", "jk", "3")}
WILD_STARTS = tuple(meld_action(["2"] * k2 + ["jk"] * (3 - k2), None) for k2 in range(4))  # by number of 2s


def parse_text(text: str) -> tuple[str, list[tuple[str, str]], str | None]:
    """(verb, card specs, `on` rank) from forgiving text; each spec is ("rank"|"card", value)."""
    tokens = normalise(text).split()
    if not tokens:
        raise IllegalAction(HELP)
    verb, rest = tokens[0], tokens[1:]
    if verb == "pick" and rest[:1] == ["up"]:
        verb, rest = "pickup", rest[1:]
    if verb == "take" and rest[:1] == ["back"]:
        verb, rest = "takeback", rest[1:]
    if verb in PLAIN:
        if rest:
            raise IllegalAction(f"“{verb}” takes nothing more: just say “{verb}”.")
        return verb, [], None
    if verb not in ("meld", "discard"):
        raise IllegalAction(HELP)
    on = None
    for word in ("on", "onto", "to"):
        if word in rest:
            i = rest.index(word)
            if i != len(rest) - 2:
                raise IllegalAction("Name the meld last, like “meld 2 on 7”.")
            kind, target = _read(rest[-1])
            on = target if kind == "rank" else (target[:-1] if target != JOKER else JOKER)
            if on not in NATURAL_RANKS:
                raise IllegalAction("Wilds go onto a meld of naturals (A, 4 to K), like “meld 2 on 7”.")
            rest = rest[:i]
    specs = [_read(t) for t in rest]
    if verb == "discard" and len(specs) != 1:
        raise IllegalAction("Discard exactly one card, like “discard 7”.")
    if verb == "meld" and not specs:
        raise IllegalAction("Say which cards to meld, like “meld 7 7 2” or “meld 2 on 7”.")
    return verb, specs, on


def _read(tok: str) -> tuple[str, str]:
    try:
        kind, val = read_token(tok)
    except ValueError:
        raise IllegalAction(f"“{quoted(tok, 12)}” isn't a card: use ranks like 7, 10, k, a, 2 or jk.") from None
    assert val is not None
    return kind, val
