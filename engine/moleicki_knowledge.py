"""What the table knows in Moleicki, and resampling everything else (`determinize`).

Hidden from a seat: the other hands (except cards the whole table saw go into them:
picked-up piles and 25 gifts), the draw pile, and every face-down tableau card, its
own included. Public deductions kept when resampling:

- `known[s]`: cards seen going into hand s and not yet seen leaving it;
- `lacks[s]`: ranks the unseen part of hand s cannot hold (a seat left out of the
  opening race lacks the opening rank; a seat that picked up rather than beat lacks
  every rank above the top card); cleared when the seat draws unseen cards;
- during the opening race each racer holds at least one card of the opening rank.

Good discard piles, the bad discard pile and the centre pile were all seen when
played, so they are kept as they are.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.cards import rank
from engine.core import SmallRng
from engine.moleicki_tableau import bare, face_down_slots
from engine.moleicki_vectors import RANK_OF

if TYPE_CHECKING:
    from engine.moleicki import MoleickiState

_TRIES = 40


def unseen_part(hand: list[str], known: list[str]) -> list[str]:
    rest = list(hand)
    for c in known:
        if c in rest:
            rest.remove(c)
    return rest


def _kuhn(slot_lacks: list[frozenset[str]], cards: list[str]) -> list[int] | None:
    """Card index for each constrained slot (a bipartite matching), or None."""
    owner: list[int | None] = [None] * len(cards)

    def place(slot: int, seen: set[int]) -> bool:
        for j, c in enumerate(cards):
            if j in seen or rank(c) in slot_lacks[slot]:
                continue
            seen.add(j)
            if owner[j] is None or place(owner[j], seen):
                owner[j] = slot
                return True
        return False

    for slot in range(len(slot_lacks)):
        if not place(slot, set()):
            return None
    result = [0] * len(slot_lacks)
    for j, slot in enumerate(owner):
        if slot is not None:
            result[slot] = j
    return result


def _assign(
    pool: list[str],
    needs: dict[int, int],
    lacks: dict[int, frozenset[str]],
    requires: dict[int, str],
    rng: random.Random,
) -> tuple[dict[int, list[str]], list[str]] | None:
    """Deal pool cards to constrained hands (needs[s] cards each); the rest is returned."""
    pool = list(pool)
    rng.shuffle(pool)
    got: dict[int, list[str]] = {s: [] for s in needs}
    for s, r in requires.items():
        idx = next((i for i, c in enumerate(pool) if RANK_OF[c] == r), None)
        if idx is None:
            return None
        got[s].append(pool.pop(idx))
    order = sorted(needs, key=lambda s: -len(lacks.get(s, ())))
    for attempt in range(_TRIES):
        trial = list(pool)
        if attempt:  # the first try deals from the pool as shuffled above
            rng.shuffle(trial)
        out = {s: list(v) for s, v in got.items()}
        ok = True
        for s in order:
            want = needs[s] - len(out[s])
            bad = lacks.get(s, frozenset())
            take = []
            if want > 0:
                for i, c in enumerate(trial):
                    if RANK_OF[c] not in bad:
                        take.append(i)
                        if len(take) == want:
                            break
            if len(take) < want:
                ok = False
                break
            for i in reversed(take):
                out[s].append(trial.pop(i))
        if ok:
            return out, trial
    # Greedy kept failing: find an exact matching instead.
    slots = [s for s in order for _ in range(needs[s] - len(got[s]))]
    match = _kuhn([lacks.get(s, frozenset()) for s in slots], pool)
    if match is None:
        return None
    out = {s: list(v) for s, v in got.items()}
    for slot, j in enumerate(match):
        out[slots[slot]].append(pool[j])
    used = set(match)
    rest = [c for j, c in enumerate(pool) if j not in used]
    rng.shuffle(rest)
    return out, rest


def resample(state: MoleickiState, seat: int, rng: random.Random) -> MoleickiState:
    """A copy of state where everything hidden from `seat` is dealt again at random."""
    world = state.copy()
    world.reset_checks()  # hidden cards change below: nothing worked out for state holds
    world.rng = SmallRng(rng.getrandbits(64))  # cheap to make; play draws nothing from it
    if state.phase == "deal":
        rng.shuffle(world.deck)
        return world
    others = [s for s in range(state.players) if s != seat]
    pool: list[str] = []
    needs: dict[int, int] = {}
    for s in others:
        unseen = unseen_part(state.hands[s], state.known[s])
        pool += unseen
        needs[s] = len(unseen)
    pool += state.draw
    slots = [(s, slot) for s in range(state.players) for slot in face_down_slots(state.tabs[s])]
    pool += [bare(state.tabs[s][r][p][i]) for s, (r, p, i) in slots]
    lacks = {s: frozenset(state.lacks[s]) for s in others if state.lacks[s]}
    requires: dict[int, str] = {}
    if state.phase == "opening" and state.opening in ("3", "A", "8"):
        requires = {s: state.opening for s in state.race if s != seat}
    constrained = {s: n for s, n in needs.items() if s in lacks or s in requires}
    result = _assign(pool, constrained, lacks, requires, rng)
    if result is None:  # cannot happen for a consistent state; keep the world usable anyway
        raise RuntimeError("Moleicki determinize found no world consistent with the public record")
    got, rest = result
    for s in others:
        if s in got:
            dealt = got[s]
        else:
            dealt, rest = rest[: needs[s]], rest[needs[s] :]
        world.hands[s] = list(state.known[s]) + dealt
    n = len(state.draw)
    world.draw, rest = rest[:n], rest[n:]
    for (s, (r, p, i)), card in zip(slots, rest, strict=True):
        world.tabs[s][r][p][i] = "*" + card
    return world
