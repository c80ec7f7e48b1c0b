"""Hickory Dickory heuristic player: jump off where the tile or action serves the hunt board or a
quest, deliver big, return relics, and keep tiles that fill the board."""

from __future__ import annotations

import math
import random
from typing import Any

from engine.core import Action
from engine.hickory_dickory_data import (
    BONUS_FAVORS,
    HUNT_COLUMNS,
    HUNT_ROWS,
    MICE,
    QUESTS,
    RELICS,
    SOLO_START_HOUR,
    WILD,
)
from engine.hickory_dickory_scoring import completes, deliver_points, is_item

TOKEN_VALUE = {
    "climb3": 2.5,
    "climb2market": 2.5,
    "climb1search2": 2.0,
    "search1": 1.5,
    "favor": 1.0,
    "market": 1.0,
    "scamp": 1.0,
}


def tile_value(state: Any, seat: int, code: str) -> float:
    """How much a seat wants a tile: hunt board gaps and relics most, any other item a little."""
    if code in RELICS or code == WILD:
        return 3.0
    if code in BONUS_FAVORS:
        return 1.5
    wanted = any(s == code and f is None for s, f in zip(state.spaces(seat), state.filled[seat], strict=True))
    in_quest = any(q is not None and (code in QUESTS[q][0] or "*" + code[1] in QUESTS[q][0]) for q in state.quests)
    return 1.0 + 2.0 * wanted + 0.5 * in_quest


def spot_value(state: Any, seat: int, mouse: str, number: int) -> float:
    """What entering the outer space at a number is worth to this mouse."""
    tiles = state.mice[seat][mouse].tiles
    value = 0.0
    leaf = state.leaf[number - 1]
    if leaf is not None:
        value += tile_value(state, seat, leaf)
    token = state.tokens[number - 1]
    if token == "deliver":
        items = [t for t in tiles if is_item(t)]
        if state.players == 1:
            value += solo_delivery(state, seat, items)
        else:
            value += deliver_points(items) / 2 if len(items) >= 3 else 0.0
    elif token == "cuckoo":
        value += 6.0 * sum(t in RELICS for t in tiles)
    else:
        value += TOKEN_VALUE.get(token, 0.0)
    return value


# Solo play (no rival to race): a mouse rides the minute hand towards the best space ahead this
# round rather than acting wherever it stands, and delivers for hunt spaces and quests.
RIDE_AHEAD = 6  # ticks a rider looks ahead
RIDE_DISCOUNT = 0.6  # a space ahead is worth this share of the same space now (the ride may be cut short)


def solo_delivery(state: Any, seat: int, items: list[str]) -> float:
    """A solo delivery's worth beyond keeping the items (they score as a delivery at the end anyway):
    the hunt spaces it fills, the best quest it completes, and the room it frees."""
    if len(items) < 2:
        return 0.0
    open_spaces = [s for s, f in zip(state.spaces(seat), state.filled[seat], strict=True) if f is None]
    fills = 0
    for t in items:
        if t in open_spaces:
            open_spaces.remove(t)
            fills += 1
    quest = max((QUESTS[q][1] for q in state.quests if q and completes(q, items)), default=0)
    return 0.5 * deliver_points(items) + 2.5 * fills + quest + 0.5 * len(items)


def ride_value(state: Any, seat: int, mouse: str) -> float:
    """The best uncovered space a rider could still jump off at in the next ticks, discounted."""
    best, n = 0.0, state.minute
    for _ in range(RIDE_AHEAD):
        n = n % 12 + 1
        if n in state.paws:
            continue
        best = max(best, spot_value(state, seat, mouse, n))
        if n == 12:
            break
    return best * RIDE_DISCOUNT


def heuristic(state: Any, seat: int, rng: random.Random) -> Action | None:
    actions = state.legal_actions(seat)
    if not actions:
        return None
    frame = state.stack[-1]
    return max(actions, key=lambda a: (score(state, seat, frame, a), rng.random()))


def score(state: Any, seat: int, frame: dict[str, Any], a: Action) -> float:
    p = a.parts
    verb = p["verb"]
    mouse = frame.get("mouse")
    if verb == "move":
        return -1.0
    if verb in ("off", "scamp") or (verb == "leap" and frame["kind"] in ("activate", "leap")):
        who = "scamp" if verb == "scamp" else mouse
        cost = 1.0 if verb == "leap" and frame["kind"] == "activate" else 0.0
        return spot_value(state, seat, who, p["number"]) - cost
    if verb == "stay":
        front = state.hand and state.hand[0] == (seat, mouse)
        if state.players == 1:
            return ride_value(state, seat, mouse)
        return 0.5 - (1.5 if front and state._hand_used() >= state.hand_slots - 1 else 0.0)
    if verb in ("out", "on", "leap", "place"):
        n = p.get("number", state.minute)
        value = spot_value(state, seat, p["mouse"], n)
        on = ride_value(state, seat, p["mouse"]) - 0.5 if state.players == 1 else 1.0
        return {"out": value, "on": on, "leap": value - 1.0, "place": value}[verb]
    if verb == "claim":
        return 3.0
    if verb == "act":
        return 2.0
    if verb == "favor":
        return 0.5
    if verb == "done":
        return 0.0 if frame["kind"] != "spend" else -1.0
    if verb == "spend":
        return 2.0 - sum(tile_value(state, seat, c) for c in p["cards"])
    if verb == "market":
        return sum(tile_value(state, seat, c) for c in p["cards"])
    if verb in ("return", "drop"):
        return -tile_value(state, seat, p["tile"])
    if verb == "deliver":
        cards = p["cards"]
        quest = max((QUESTS[q][1] for q in state.quests if q and completes(q, cards)), default=0)
        return deliver_points(cards) + quest
    if verb == "wild":
        return _line_progress(state, seat, p["tile"])
    if verb == "discard":
        return -1.0 if p["favor"] in BONUS_FAVORS else 0.0
    if verb == "throw":
        return len(state.mice[seat][p["mouse"]].tiles) if p["mouse"] in MICE else 0.0
    return 0.0


def _line_progress(state: Any, seat: int, code: str) -> float:
    spaces, filled = state.spaces(seat), state.filled[seat]
    best = 0.0
    for i, s in enumerate(spaces):
        if s == code and filled[i] is None:
            lines = [line for line in HUNT_ROWS + HUNT_COLUMNS if i in line]
            best = max(best, sum(filled[j] is not None for line in lines for j in line))
    return best


TEMPERATURE = 6.0  # points: how sharply a lead turns into a chance of winning
# Solo search compares positions a few moves apart, whose worth differs by a few points: as a share
# of 120 points (the old reward) a point moved the reward by under 0.01, lost in the search's
# exploration. Solo rewards are a logistic of worth against a par line that grows through the game.
SOLO_PAR = 65.0  # points at midnight the par line aims at
SOLO_SPREAD = 8.0  # points: how sharply being above par turns into reward


def worth(state: Any, seat: int) -> float:
    """Points banked plus a share of what the seat holds: items on cards, relics, hunt lines, chain."""
    items = [t for m in MICE for t in state.mice[seat][m].tiles if is_item(t)]
    relics = sum(t in RELICS for m in MICE for t in state.mice[seat][m].tiles)
    filled = state.filled[seat]
    near_lines = sum(sum(filled[i] is not None for i in line) / len(line) for line in HUNT_ROWS + HUNT_COLUMNS)
    held = deliver_points(items) * 0.7 + relics * 4.0 + near_lines * 1.5 + state.scaler[seat] * 0.4
    return state.scores[seat] + (0.0 if state.done else held)


def evaluate(state: Any) -> list[float]:
    """Each seat's expected reward: a softmax over worth (places once the game is over);
    solo, a logistic of worth against par."""
    n = state.players
    if n == 1:
        return [_solo_reward(state)]
    values = [worth(state, s) for s in range(n)]
    if state.done:
        places = state.outcome().places
        worst = max(places)
        return [0.5] * n if worst == 1 else [(worst - p) / (worst - 1) for p in places]
    best = max(values)
    weights = [math.exp((v - best) / TEMPERATURE) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def _solo_reward(state: Any) -> float:
    """A logistic of worth against par: par is SOLO_PAR times the share of the solo game's ticks gone."""
    ticks = (state.hour - SOLO_START_HOUR) * 12 + state.minute % 12
    par = SOLO_PAR * min(1.0, ticks / ((12 - SOLO_START_HOUR) * 12))
    return 1.0 / (1.0 + math.exp(-(worth(state, 0) - par) / SOLO_SPREAD))
