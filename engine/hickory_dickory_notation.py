"""Hickory Dickory's menu entries that recur: built once, then shared by every menu that lists them.

A random or searching player asks for a menu every move, and most entries (stay, jump off at a
number, end a mouse's turn, a trade between two mice) are the same few dozen actions over and
over. Actions are frozen and their parts are never changed once listed, so one object per
distinct entry serves every menu. Each builder's arguments decide its text, label and parts.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core import Action
from engine.hickory_dickory_data import FAVOR_EFFECTS, TOKEN_NAMES, tile_words


def act(text: str, label: str, **parts: Any) -> Action:
    return Action(text, label, parts)


STAY = act("stay", "Stay on the minute hand", verb="stay")
END_TURN = act("done", "End this mouse's turn", verb="done")
STAY_AT_12 = act("done", "Stay at the 12", verb="done")


@cache
def off(n: int) -> Action:
    return act(f"off {n}", f"Jump off at {n}", verb="off", number=n)


@cache
def leap_favor(n: int) -> Action:
    """The minute hand's mouse plays the leap favor."""
    return act(f"leap {n}", f"Play the leap favor: leap to {n}", verb="leap", number=n)


@cache
def leap_from_12(n: int) -> Action:
    return act(f"leap {n}", f"Leap to {n}", verb="leap", number=n)


@cache
def move_out(mouse: str, minute: int) -> Action:
    return act(f"out {mouse}", f"{mouse.title()}: move out and act at {minute}", verb="out", mouse=mouse)


@cache
def jump_on(mouse: str) -> Action:
    return act(f"on {mouse}", f"{mouse.title()}: jump on the minute hand", verb="on", mouse=mouse)


@cache
def leap_inner(mouse: str, n: int) -> Action:
    return act(f"leap {mouse} {n}", f"{mouse.title()}: play the leap favor to {n}", verb="leap", mouse=mouse, number=n)


@cache
def claim(tile: str) -> Action:
    return act("claim", f"Claim the {tile_words(tile)} tile", verb="claim")


@cache
def act_at(n: int, token: str) -> Action:
    return act("act", f"Act at {n}: {TOKEN_NAMES[token]}", verb="act")


@cache
def play_favor(fav: str) -> Action:
    name, x = FAVOR_EFFECTS[fav]
    what = f"{name} {x}" if x else name
    return act(f"favor {fav.lower()}", f"Play favor {fav} ({what})", verb="favor", favor=fav)


@cache
def trade(tile: str, a: str, b: str) -> Action:
    return act(
        f"move {tile.lower()} {a} {b}",
        f"Move the {tile_words(tile)} from the {a.title()} to the {b.title()}",
        verb="move",
        tile=tile,
        mouse=a,
        to=b,
    )


@cache
def scamp_to(n: int) -> Action:
    return act(f"scamp {n}", f"Send the Scamp to {n}", verb="scamp", number=n)
