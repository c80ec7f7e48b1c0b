"""Hand and Foot AI: the heuristic player, the position evaluation and determinization.

Heuristic (spec): meld toward piles, pick up to open or to fill a pile, ask only when going
out is possible, answer "yes" unless holding over 100 points. Two partnership refinements on
top, both from public information and the answerer's own hand only:
- a discard is weighed by how likely the next player (an opponent) can pick the pile up with
  it (`pickup_risk`: certain when the table saw two such cards go into that hand, otherwise
  the chance of a pair among the unseen copies) times what the pile would give them;
- in the match's last hand the answer to "may I go out?" is whether going out now leaves the
  side ahead by the table's estimate (`out_margin`), whatever the answerer holds; in earlier
  hands "yes" also when the opponents are ready to go out themselves (both in their feet with
  their piles done), since waiting would only let them.
ISMCTS searches worlds where every unseen card (other hands' unseen cards, every foot, the
stock but its known bottom) is resampled; search worlds end with the current hand and score
it with `evaluate`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.ai import Player, register_player
from engine.core import Action
from engine.hand_and_foot_melds import (
    PILE,
    WILD,
    incomplete,
    is_wild,
    meld_points,
    opening_reach,
    pile_counts,
    piles_done,
    sort_hand,
    token,
    total,
    value,
)

if TYPE_CHECKING:
    from engine.hand_and_foot import HandAndFootState

ANSWER_LIMIT = 100  # the partner says no while holding more than this (but see _answer)
UNSEEN_VALUE = 11  # mean points of a card nobody at the table has seen (red 3s are laid at once)
COPIES = {"2": 20, "jk": 10}  # of each wild in five packs; each natural rank has 20
PRIOR = 60  # points of estimate a search world credits the heuristic's root move
# Search worlds deal the partner a random hand, mostly one that can't go out (the answerer's
# worlds) or that answers at random (the asker's), so search alone misjudges "ask" and the answer:
# there it leans hard on the heuristic's rules (an AI asks only when it can go out).
GOING_OUT_PRIOR = 600


def resample(state: HandAndFootState, seat: int, rng: random.Random, world: HandAndFootState) -> HandAndFootState:
    """Deal every card `seat` cannot see afresh into `world` (a copy of state), keeping sizes."""
    pool: list[str] = []
    unseen: dict[int, int] = {}
    for s in range(4):
        if s == seat:
            continue
        hidden = state.hidden_cards(s)
        unseen[s] = len(hidden)
        pool += hidden
    for f in state.feet:
        pool += f
    free = len(state.stock) - state.bottom
    pool += state.stock[:free]
    rng.shuffle(pool)
    at = 0
    for s, n in unseen.items():
        world.hands[s] = sort_hand(state.known[s] + pool[at : at + n])
        at += n
    for s in range(4):
        n = len(state.feet[s])
        world.feet[s] = pool[at : at + n]
        at += n
    world.stock = pool[at : at + free] + state.stock[free:]
    return world


def evaluate(state: HandAndFootState) -> list[float]:
    """Each seat's expected reward: a logistic of the sides' estimated score difference.

    The estimate counts melded points and pile bonuses, part of the bonus an unfinished
    meld is on its way to (so nearly finished piles are worth something before the seventh
    card), red 3s, and what the held cards are likely worth (feet are unknown: left out).
    """
    est = [float(x) for x in state.scores]
    if not state.over:
        for side in (0, 1):
            est[side] += meld_points(state.melds[side]) + 100 * state.red_threes[side]
            est[side] += sum(_progress(m) for m in state.melds[side])
            for s in (side, side + 2):
                est[side] += _hand_potential(state.hands[s], state.melds[side])
        # Progressive bias: a search world credits the heuristic's root move a little, so noisy
        # look-aheads only overrule it when the search sees a clear difference.
        if state.prior is not None and state.first == state.prior:
            est[state.prior[0] % 2] += GOING_OUT_PRIOR if state.prior[1] in ("ask", "yes", "no") else PRIOR
    d = est[0] - est[1]
    if state.over and d == 0:
        p = 0.5
    elif state.over:
        p = 1.0 if d > 0 else 0.0
    else:
        p = 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, -d / 600.0))))
    return [p, 1.0 - p, p, 1.0 - p]


def _hand_potential(hand: list[str], melds: list[list]) -> float:
    """What held cards are likely worth: meldable ones most of their value, loose ones a loss.

    Counting meldable cards nearly as melded keeps the search from preferring to discard early
    (which only brings the partner's melds inside its look-ahead) over melding now.
    """
    open_ranks = {m[0] for m in melds if len(m[1]) < PILE}
    counts = Counter(c[:-1] for c in hand if not is_wild(c))
    pot = 0.0
    for c in hand:
        v = value(c)
        if is_wild(c):
            pot += 0.7 * v
        elif c[:-1] == "3":
            pot -= v
        elif c[:-1] in open_ranks or counts[c[:-1]] >= 3:
            pot += 0.7 * v
        elif counts[c[:-1]] == 2:
            pot += 0.2 * v
        else:
            pot -= 0.3 * v
    return pot


def _progress(meld: list) -> float:
    """A share of the pile bonus an unfinished meld is heading for."""
    r, cards = meld
    n = len(cards)
    if n >= PILE:
        return 0.0
    bonus = 1500 if r == WILD else 300 if any(is_wild(c) for c in cards) else 500
    return bonus * 0.6 * (n / PILE) ** 2


def candidates(state: HandAndFootState, seat: int, actions: list[Action]) -> list[Action]:
    """A search world's moves in a turn: the heuristic's choice and the two cheapest discards."""
    pick = _choose(state, seat, actions, state.rng)
    if state.permission == "yes":
        return [pick]  # told yes, the asker goes out the heuristic's way rather than trying discards
    out = [pick]
    discards = sorted(
        (a for a in actions if a.parts["verb"] == "discard"),
        key=_keeping(state, seat),
    )
    out += [a for a in discards[:2] if a is not pick]
    return out


def heuristic(state: HandAndFootState, seat: int, rng: random.Random) -> Action | None:
    actions = state.full_actions(seat)
    if not actions:
        return None
    return _choose(state, seat, actions, rng)


MeldStep = Callable[["HandAndFootState", int, list[Action]], "Action | None"]


def _meld_step(state: HandAndFootState, seat: int, melds: list[Action]) -> Action | None:
    """The easy player's melding: its opening until the side has opened, then its meld choice."""
    return _opening_meld(state, seat, melds) if not state.opened[seat % 2] else _meld_choice(state, seat, melds)


def _choose(
    state: HandAndFootState, seat: int, actions: list[Action], rng: random.Random, meld_step: MeldStep = _meld_step
) -> Action:
    """A turn: answer, draw, meld what the partner allowed, ask to go out, then `meld_step`'s
    melding (the normal seat's policy brings its own), then end the turn."""
    by = {a.text: a for a in actions}
    if state.phase == "answer":
        return by[_answer(state, seat)]
    if state.phase == "draw":
        return by.get("pickup") or by.get("draw") or by["end"]
    melds = [a for a in actions if a.parts["verb"] == "meld"]
    if state.permission == "yes":
        if melds:
            return max(melds, key=lambda a: _addition_first(a))
    elif "ask" in by and _ready_to_ask(state, seat):
        return by["ask"]
    return meld_step(state, seat, melds) or turn_end(state, seat, actions, by, rng)


def turn_end(
    state: HandAndFootState, seat: int, actions: list[Action], by: dict[str, Action], rng: random.Random
) -> Action:
    """Nothing more to meld: take back a staged opening that fell short, end the meld step, or
    throw the card least worth keeping."""
    if state.staged and "takeback" in by:
        return by["takeback"]
    if "end" in by:
        return by["end"]
    discards = [a for a in actions if a.parts["verb"] == "discard"]
    if discards:
        return min(discards, key=_keeping(state, seat))
    return rng.choice(actions)


def _addition_first(a: Action) -> tuple[int, int]:
    return (len(a.parts["cards"]) == 1, -len(a.parts["cards"]))


def _ready_to_ask(state: HandAndFootState, seat: int) -> bool:
    """Ask when the piles are done and at most one card would be left after melding."""
    side_melds = state.melds[seat % 2]
    if not piles_done(side_melds):
        return False
    open_ranks = {m[0] for m in side_melds if len(m[1]) < PILE}
    stuck = [c for c in state.hands[seat] if not is_wild(c) and c[:-1] not in open_ranks]
    ranks = Counter(c[:-1] for c in stuck)
    return sum(n for n in ranks.values() if n < 3) <= 1


def _opening_meld(state: HandAndFootState, seat: int, melds: list[Action]) -> Action | None:
    """Follow the opening plan of opening_reach, in its order, when it reaches the minimum."""
    reach, _ = opening_reach(state.hands[seat], state.staged)
    if reach < state.minimum or not melds:
        return None
    staged_ranks = {m[0] for m in state.staged if len(m[1]) < PILE}

    def order(a: Action) -> tuple[int, int]:
        cards = a.parts["cards"]
        wilds = sum(1 for c in cards if c in ("2", "JK"))
        nat = cards[0] if wilds < len(cards) else None
        if nat and len(cards) == 1 and nat in staged_ranks:
            return (0, 0)
        if nat and wilds == 0:
            return (1, 0)
        if nat and "to" not in a.parts:
            return (2, -value(nat.upper() + "S") * 10 - (50 if "JK" in cards else 20))
        if wilds == len(cards):  # the wild meld, then wilds left onto the plan's melds (opening_reach)
            return (3, 0) if "to" not in a.parts else (4, int(cards[0] != "JK"))
        return (9, 0)

    best = min(melds, key=order)
    return best if order(best)[0] < 9 else None


def _meld_choice(state: HandAndFootState, seat: int, melds: list[Action]) -> Action | None:
    """An opened side: naturals onto melds and new melds; wilds to the wild meld or to finish piles."""
    side_melds = state.melds[seat % 2]
    counts = pile_counts(side_melds)
    want_wild = counts["wild"] < 1 or incomplete(side_melds, WILD) is not None
    best, best_score = None, 0
    for a in melds:
        cards = a.parts["cards"]
        wild_only = all(c in ("2", "JK") for c in cards)
        if not wild_only:
            target = incomplete(side_melds, cards[0])
            size = len(target[1]) if target else 0
            score = (
                20 + size
                if len(cards) == 1
                else (15 if len(cards) == 3 and not any(c in ("2", "JK") for c in cards) else 5)
            )
        elif "to" in a.parts:
            target = incomplete(side_melds, a.parts["to"])
            size = len(target[1]) if target else 0
            score = 12 if size >= 5 and not want_wild else 0
        else:
            score = 14 if want_wild else 0
        if score > best_score:
            best, best_score = a, score
    return best


def _keeping(state: HandAndFootState, seat: int) -> Callable[[Action], int]:
    """A discard's keep score (lower is thrown first), with the table's seen cards counted once."""
    seen = seen_tokens(state, seat)
    return lambda a: _keep_score(state, seat, a.parts["cards"][0], seen)


def _keep_score(state: HandAndFootState, seat: int, tok: str, seen: Counter) -> int:
    """How much a card is worth keeping (the lowest is discarded)."""
    if tok == "3":
        return -100
    if tok in ("2", "JK"):
        return 1000 + value("JK" if tok == "JK" else "2S")
    r = tok.upper()
    same = sum(1 for c in state.hands[seat] if c[:-1] == r)
    open_meld = incomplete(state.melds[seat % 2], r)
    gift = 40 + 25 * min(PILE, len(state.discard) + 1)  # what a pickup hands the opponents
    return same * 30 + (60 if open_meld else 0) + value(r + "S") + round(pickup_risk(state, seat, tok, seen) * gift)


def seen_tokens(state: HandAndFootState, seat: int) -> Counter:
    """Cards `seat` has seen, by notation token: its hand, the discard pile, every meld, the cards
    the table saw go into other hands."""
    seen = Counter(token(c) for c in state.hands[seat])
    seen.update(token(c) for c in state.discard)
    seen.update(token(c) for side in state.melds for m in side for c in m[1])
    seen.update(token(c) for m in state.staged for c in m[1])
    seen.update(token(c) for s in range(4) if s != seat for c in state.known[s])
    return seen


def pickup_risk(state: HandAndFootState, seat: int, tok: str, seen: Counter | None = None) -> float:
    """The chance, from what `seat` may know, that the next player can pick up a discarded `tok`.

    Certain when the table saw two such cards go into that hand (a pickup); otherwise the
    binomial chance that its unseen cards hold the pair it still lacks, out of the copies
    neither `seat`'s hand, the melds, the discard pile nor anyone's known cards account for.
    """
    tok = tok.lower()  # a rank as in an action's parts ("K", "JK") or a notation token ("k", "jk")
    if tok == "3":
        return 0.0  # a black 3 on top blocks the pile
    nxt = (seat + 1) % 4
    have = sum(1 for c in state.known[nxt] if token(c) == tok)
    if have >= 2:
        return 1.0
    seen = seen_tokens(state, seat) if seen is None else seen
    unseen_copies = max(0, COPIES.get(tok, 20) - seen[tok])
    hidden = len(state.hands[nxt]) - len(state.known[nxt])
    pool = sum(len(state.hands[s]) - len(state.known[s]) for s in range(4) if s != seat)
    pool += sum(len(f) for f in state.feet) + len(state.stock)
    if pool <= 0 or hidden <= 0:
        return 0.0
    p = min(1.0, unseen_copies / pool)
    need = 2 - have
    miss = sum(math.comb(hidden, k) * p**k * (1 - p) ** (hidden - k) for k in range(need))
    return 1.0 - miss


def _answer(state: HandAndFootState, seat: int) -> str:
    """The partner's answer to "may I go out?" (see the module docstring)."""
    if state.hand_no >= state.max_hands:
        return "yes" if out_margin(state, seat) > 0 else "no"
    side = 1 - seat % 2
    opponents_ready = piles_done(state.melds[side]) and state.in_foot[side] and state.in_foot[side + 2]
    if opponents_ready:
        return "yes"
    return "no" if total(state.hands[seat]) > ANSWER_LIMIT else "yes"


def out_margin(state: HandAndFootState, seat: int) -> float:
    """The match score by which `seat`'s side would lead if its partner went out now, as the
    table can estimate it: both sides' melds, piles and red 3s; the answerer's own hand counted
    exactly, the asker's cards as gone; the opponents' held cards and untouched feet counted at
    their known values, unseen cards at UNSEEN_VALUE each."""
    ours, theirs = seat % 2, 1 - seat % 2
    est = [float(x) for x in state.scores]
    for side in (ours, theirs):
        est[side] += meld_points(state.melds[side]) + 100 * state.red_threes[side]
    est[ours] += 100 - total(state.hands[seat])
    for s in (theirs, theirs + 2):
        known = state.known[s]
        est[theirs] -= total(known) + UNSEEN_VALUE * (len(state.hands[s]) - len(known) + len(state.feet[s]))
    return est[ours] - est[theirs]


def seat_player(kind: str, seed: int | None) -> Player:
    """The normal and hard seats: their own policy (engine/hand_and_foot_policy.py)."""
    from engine.hand_and_foot_policy import seat_player as own  # it builds on this module

    return own(kind, seed)


register_player("hand_and_foot", seat_player)
