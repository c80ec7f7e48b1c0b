"""Hickory Dickory scoring: deliveries, quests, the chain and hunt boards (pure functions)."""

from __future__ import annotations

from collections import Counter

from engine.hickory_dickory_data import (
    BONUS_FAVORS,
    CHAIN_POINTS,
    CHAIN_TOP,
    COLOURS,
    HUNT_COLUMNS,
    HUNT_ROWS,
    ITEMS,
    LINE_POINTS,
    QUESTS,
    RIGHT_CHAIN,
    SYMBOLS,
    WILD,
)


def as_item(code: str) -> str:
    """A delivered code as the item it stands for (a bonus favor is its printed item)."""
    return BONUS_FAVORS.get(code, code)


def is_item(code: str) -> bool:
    return code in ITEMS or code == WILD


def deliver_points(codes: list[str]) -> int:
    """One per item, plus the largest symbol group, plus the largest colour group (wilds join all)."""
    items = [as_item(c) for c in codes]
    wilds = items.count(WILD)
    real = [c for c in items if c != WILD]
    by_symbol = Counter(c[1] for c in real)
    by_colour = Counter(c[0] for c in real)
    symbol = max((by_symbol[s] for s in SYMBOLS), default=0) + wilds
    colour = max((by_colour[c] for c in COLOURS), default=0) + wilds
    return len(items) + symbol + colour if items else 0


def _fits(slot: str, item: str) -> bool:
    if item == WILD:
        return True
    return item[1] == slot[1] if slot[0] == "*" else item == slot


def completes(quest: str, codes: list[str]) -> bool:
    """Whether the delivered codes cover every slot of the quest (each code used once)."""
    slots = list(QUESTS[quest][0])
    items = [as_item(c) for c in codes]
    # Most specific slots first, wilds last: a small backtracking match is plenty for 4 slots.
    slots.sort(key=lambda s: s[0] == "*")
    return _match(slots, items)


def _match(slots: list[str], items: list[str]) -> bool:
    if not slots:
        return True
    slot, rest = slots[0], slots[1:]
    tried: set[str] = set()
    for i, item in enumerate(items):
        if item in tried or not _fits(slot, item):
            continue
        tried.add(item)
        if _match(rest, items[:i] + items[i + 1 :]):
            return True
    return False


def best_quest(face_up: list[str | None], codes: list[str]) -> int | None:
    """Index of the completed face-up quest worth most (leftmost on a tie), or None."""
    best: int | None = None
    for i, quest in enumerate(face_up):
        better = best is None or QUESTS[quest or "Q1"][1] > QUESTS[face_up[best] or "Q1"][1]
        if quest is not None and better and completes(quest, codes):
            best = i
    return best


def climb(position: int, steps: int, occupied: set[int]) -> tuple[int, int, bool]:
    """Move a scaler up: (new position, icon points, reached the leaf). Occupied spaces are skipped."""
    target = position + steps
    while target < CHAIN_TOP and target in occupied:
        target += 1
    points = sum(p for space, p in CHAIN_POINTS.items() if position < space <= min(target, CHAIN_TOP))
    if target >= CHAIN_TOP:
        return 0, points, True
    return target, points, False


def leaf_value(weight: int) -> int:
    return RIGHT_CHAIN[weight]


def next_weight(weight: int) -> int:
    return min(weight + 1, len(RIGHT_CHAIN) - 1)


def hunt_lines(filled: list[str | None]) -> int:
    """How many full rows and columns a hunt board has."""
    lines = HUNT_ROWS + HUNT_COLUMNS
    return sum(1 for line in lines if all(filled[i] is not None for i in line))


def hunt_points(filled: list[str | None]) -> int:
    return LINE_POINTS * hunt_lines(filled)
