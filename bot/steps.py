"""Building a move step by step from the structured parts of the legal actions.

Every legal action carries `parts` ({"verb": "play", "cards": ["7H", "7D"], "to": 2});
a panel asks for one part at a time (the verb, then the cards one by one, then a
target) and keeps only the actions that still fit. Nothing here reads action text,
so one panel serves every game. An action without parts is read as its first word
(the verb) and the rest.

Targets: an int `to` is a seat (shown by name); any other value is shown as written.

A path is the list of choices made so far, each an index into the options of its
step, or DONE when the cards chosen so far are the whole move.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine import Action

DONE = "x"
CARDS = "cards"
FIRST_KEYS = ("verb", CARDS, "to")


@dataclass(frozen=True, slots=True)
class Step:
    """What the panel asks next: which `key`, among `options` (the path token to add, a label)."""

    key: str
    options: list[tuple[str, str]]
    remaining: list[Action]
    chosen: list[str] = field(default_factory=list)  # words for the choices so far
    done: Action | None = None  # with the cards chosen so far, this action is complete
    can_finish: bool = False  # the cards chosen so far make a whole move (DONE continues)


def parts_of(action: Action) -> dict[str, Any]:
    if action.parts:
        return action.parts
    verb, _, rest = action.text.partition(" ")
    return {"verb": verb, "rest": rest} if rest else {"verb": verb}


def key_order(actions: list[Action], first: tuple[str, ...] = FIRST_KEYS) -> list[str]:
    """The parts to ask for, in order: `first` (the game's Game.step_order), then the rest."""
    keys: set[str] = set()
    for a in actions:
        keys.update(parts_of(a))
    return [k for k in first if k in keys] + sorted(keys - set(first))


def token(value: Any) -> str:
    """A part's value as one comparable token (lists become their words joined)."""
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return "" if value is None else str(value)


def plain(key: str, value: Any) -> str:
    return token(value)


def walk(
    actions: list[Action], path: list[str], describe: Any = plain, order: tuple[str, ...] = FIRST_KEYS
) -> Step | Action | None:
    """The next Step, the chosen Action once the path pins one down, or None if the path no
    longer fits. `order` is the game's step order; whoever walks a panel's path must use the
    one that drew it."""
    remaining = list(actions)
    if not remaining:
        return None
    chosen: list[str] = []
    pos = 0
    keys = key_order(remaining, order)
    for i, key in enumerate(keys):
        if len(remaining) == 1:
            return remaining[0]
        if key == CARDS:
            result = _cards(remaining, path, pos, chosen, describe)
            if isinstance(result, Step) or result is None:
                return result
            remaining, pos = result
            if len(remaining) == 1 and "verb" in keys[i + 1 :]:
                # The card picked can go only one way, and the panel has not said which (a
                # card-first order): name the move and wait for a click rather than make it.
                if pos >= len(path):
                    action = remaining[0]
                    return Step("move", [("0", action.label or action.text)], remaining, chosen)
                return remaining[0] if path[pos] == "0" else None
            continue
        raw = {token(parts_of(a).get(key)): parts_of(a).get(key) for a in reversed(remaining)}
        values = list(dict.fromkeys(token(parts_of(a).get(key)) for a in remaining))
        if len(values) == 1:
            continue
        if pos >= len(path):
            labels = [(str(i), describe(key, raw[v])) for i, v in enumerate(values)]
            return Step(key, labels, remaining, chosen)
        pick = _index(path[pos], len(values))
        if pick is None:
            return None
        pos += 1
        chosen.append(describe(key, raw[values[pick]]))
        remaining = [a for a in remaining if token(parts_of(a).get(key)) == values[pick]]
    if len(remaining) == 1:
        return remaining[0]
    if pos < len(path):  # several actions alike in every part: the last choice names one
        pick = _index(path[pos], len(remaining))
        return None if pick is None else remaining[pick]
    return Step("move", [(str(i), a.label or a.text) for i, a in enumerate(remaining)], remaining, chosen)


def _cards(
    remaining: list[Action], path: list[str], pos: int, chosen: list[str], describe: Any
) -> Step | tuple[list[Action], int] | None:
    """Choose cards one at a time, in any order, until the move is complete."""
    picked: Counter[str] = Counter()
    universe = sorted({c for a in remaining for c in _cards_of(a)}, key=_card_key)
    while True:
        exact = [a for a in remaining if Counter(_cards_of(a)) == picked]
        more = sorted(
            {c for a in remaining for c in (Counter(_cards_of(a)) - picked).elements()},
            key=_card_key,
        )
        if not more:
            return exact, pos
        if pos >= len(path):
            options = [(str(universe.index(c)), describe(CARDS, c)) for c in more]
            done = exact[0] if len(exact) == 1 else None
            return Step(CARDS, options, remaining, chosen, done, bool(exact) and bool(picked))
        if path[pos] == DONE:
            return (exact, pos + 1) if exact else None
        pick = _index(path[pos], len(universe))
        if pick is None or universe[pick] not in more:
            return None
        card = universe[pick]
        pos += 1
        picked[card] += 1
        chosen.append(describe(CARDS, card))
        remaining = [a for a in remaining if not (picked - Counter(_cards_of(a)))]


def _cards_of(action: Action) -> list[str]:
    return [str(c) for c in parts_of(action).get(CARDS) or []]


def _card_key(card: str) -> tuple[int, str]:
    head = card[:-1] if len(card) > 1 and card[-1].isalpha() and not card.isdigit() else card
    order = {"A": 1, "J": 11, "Q": 12, "K": 13}
    rank = int(head) if head.isdigit() else order.get(head.upper(), 99)
    return rank, card


def _index(text: str, size: int) -> int | None:
    if not text.isdigit():
        return None
    i = int(text)
    return i if 0 <= i < size else None
