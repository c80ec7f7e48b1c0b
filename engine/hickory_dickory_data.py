"""Hickory Dickory house data: the components the rule text describes but never lists.

Normative source: shared/specs/hickory-dickory-data.md. Codes here are the notation used by
actions and views. This module holds constants only (it must not define GAME).
"""

from __future__ import annotations

COLOURS = "RYGBP"  # red, yellow, green, blue, purple
SYMBOLS = "BFST"  # button, feather, spool, thimble
COLOUR_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}
SYMBOL_NAMES = {"B": "button", "F": "feather", "S": "spool", "T": "thimble"}

ITEMS = tuple(c + s for c in COLOURS for s in SYMBOLS)  # 20 item codes in data order
ITEM_COPIES = 4
WILD = "W"
WILDS = 10
RELICS = ("CROWN", "SCEPTER", "GOBLET")
FAVOR_IDS = tuple(f"F{i}" for i in range(1, 14))

# Canonical order of every tile list: items, the wild, relics, then bonus favor ids.
DATA_ORDER = {code: i for i, code in enumerate((*ITEMS, WILD, *RELICS, *FAVOR_IDS))}
BAG_TILES = tuple(code for code in ITEMS for _ in range(ITEM_COPIES)) + RELICS  # 83 tiles

MICE = ("scavenger", "scurrier", "spotter", "scamp")
STORAGE = {"scavenger": 5, "scurrier": 3, "spotter": 3, "scamp": 2}
HAND_SPACES = {"scavenger": 2, "scurrier": 1, "spotter": 1, "scamp": 1}

# Minute hand spaces by seat count: blockers for 3 and 2 players, both in the solo game.
HAND_SLOTS = {1: 2, 2: 4, 3: 6, 4: 8}

# Action space tokens. Fixed numbers, then the sun (2-5) and moon (7-10) groups.
FIXED_TOKENS = {1: "scamp", 6: "deliver", 11: "deliver", 12: "cuckoo"}
SUN_SPACES = (2, 3, 4, 5)
MOON_SPACES = (7, 8, 9, 10)
SUN_TOKENS = ("climb3", "search1", "favor", "market")
MOON_TOKENS = ("climb2market", "climb2market", "climb1search2", "climb1search2")
LEARNING_TOKENS = {
    2: "climb3",
    3: "search1",
    4: "favor",
    5: "market",
    7: "climb2market",
    8: "climb1search2",
    9: "climb2market",
    10: "climb1search2",
}
TOKEN_NAMES = {
    "scamp": "spend 1 to gain or teleport your Scamp",
    "deliver": "deliver",
    "cuckoo": "return relics, then leap to 1, 2 or 3",
    "climb3": "climb 3",
    "search1": "search 1",
    "favor": "draw a favor card",
    "market": "spend 1 to visit the market",
    "climb2market": "climb 2, then may spend 2 to visit the market",
    "climb1search2": "climb 1, then may spend 1 to search 2",
}

# Hunt boards A-D: start numbers (scurrier, scavenger, spotter) and a 3 x 4 grid row by row.
BOARDS = "ABCD"
BOARD_STARTS = {"A": (3, 5, 8), "B": (4, 7, 10), "C": (2, 6, 9), "D": (5, 8, 11)}


def board_spaces(board: str) -> tuple[str, ...]:
    """The 12 item codes of a hunt board, row by row (3 rows of 4)."""
    k = BOARDS.index(board)
    return tuple(COLOURS[(k + c) % 5] + SYMBOLS[(k + r) % 4] for r in range(3) for c in range(4))


HUNT_SPACES = {b: board_spaces(b) for b in BOARDS}
HUNT_ROWS = tuple(tuple(range(r * 4, r * 4 + 4)) for r in range(3))
HUNT_COLUMNS = tuple(tuple(c + 4 * r for r in range(3)) for c in range(4))
LINE_POINTS = 5

# Chain: pinecone 0 holds any number of scalers; 1-9 one each; 10 is the leaf.
CHAIN_TOP = 10
CHAIN_POINTS = {3: 1, 6: 1, 9: 2}
RIGHT_CHAIN = (9, 7, 6, 5, 4)  # leaf values from the bottom; the last is never covered

# Quests: "*X" is a rainbow slot (any colour with symbol X).
QUESTS = {
    "Q1": (("PB", "PF", "*F", "*S"), 7),
    "Q2": (("*B", "*F", "*F"), 5),
    "Q3": (("*S", "*S", "*T"), 5),
    "Q4": (("*T", "*T", "*B"), 5),
    "Q5": (("*B", "*S", "*T"), 5),
    "Q6": (("*F", "*S", "*T"), 5),
    "Q7": (("RB", "RF", "*S", "*T"), 7),
    "Q8": (("YF", "YS", "*T", "*B"), 7),
    "Q9": (("GS", "GT", "*B", "*F"), 7),
    "Q10": (("BT", "BB", "*F", "*S"), 7),
    "Q11": (("*F", "*F", "*S"), 5),
    "Q12": (("PS", "PT", "*B", "*F"), 7),
}
QUEST_IDS = tuple(QUESTS)
FACE_UP_QUESTS = 2

# Favor cards. Acorns are dealt one per seat at the start.
ACORNS = ("F1", "F2", "F3", "F4")
FAVOR_EFFECTS = {
    "F1": ("climb", 2),
    "F2": ("search", 1),
    "F3": ("leap", 0),
    "F4": ("market", 0),
    "F5": ("climb", 3),
    "F6": ("search", 2),
    "F7": ("throw", 0),
    "F8": ("scamp", 0),
}
BONUS_FAVORS = {"F9": "RF", "F10": "YS", "F11": "GT", "F12": "BB", "F13": "PF"}
FAVOR_LIMIT = 2

# Cat die: ten faces 2-11 (1 and 12 are never covered).
CAT_DIE = tuple(range(2, 12))

RELIC_POINTS = 5
START_HOUR = 7
SOLO_START_HOUR = 6
SOLO_TARGET = 100


def data_sorted(codes: list[str] | tuple[str, ...]) -> list[str]:
    """Tile codes and favor ids in canonical data order."""
    return sorted(codes, key=DATA_ORDER.__getitem__)


def tile_words(code: str) -> str:
    """A tile or favor as players say it: "RS" is a red spool, "F10" a bonus favor (a yellow spool)."""
    code = code.upper()
    if len(code) == 2 and code[0] in COLOURS and code[1] in SYMBOLS:
        return f"{COLOUR_NAMES[code[0]]} {SYMBOL_NAMES[code[1]]}"
    if code == WILD:
        return "wild"
    if code in RELICS:
        return code.lower()
    if code in BONUS_FAVORS:
        return f"bonus favor ({tile_words(BONUS_FAVORS[code])})"
    if code in FAVOR_EFFECTS:
        effect, n = FAVOR_EFFECTS[code]
        return f"favor {code}: {effect}{f' {n}' if n else ''}"
    return code


def tiles_words(codes: list[str] | tuple[str, ...]) -> str:
    """Several tiles in words: "red spool, yellow feather"."""
    return ", ".join(tile_words(c) for c in codes)
