"""AI players for every game, built only on the State API.

A player has `choose(state, seat) -> Action`; it never changes the state it is given.

- RandomPlayer: a uniformly random legal action.
- HeuristicPlayer: the game's own `heuristic_action`, or random if it has none.
- ISMCTSPlayer: single-observer information-set Monte Carlo tree search (Cowling,
  Powley and Whitehouse 2012). Each iteration samples a world the chooser cannot tell
  apart from the real one (`determinize`), walks one shared tree choosing among the
  actions available in that world by UCB with availability counts, adds one node,
  plays the game out with the heuristic (or at random) and credits every node's
  mover with a reward from the final places: 1 for first, 0 for last, linear between.

Evaluation and cut-off: a game whose playouts are long may give its states an
`evaluate() -> list[float]` method: each seat's expected reward on the same scale (1
first, 0 last). Search then looks only `cutoff` moves past the root (the tree grows
that deep at most; a heuristic playout fills the rest) and scores the position
reached with the evaluation, so an iteration costs a few moves instead of a game.
It asks about finished positions too: there the evaluation must agree with the
places, and may order seats the places leave tied (who came closest). Games without
one keep full playouts. While an engine's State cannot carry the method itself, its
AI module may `register_evaluation` for the game's name instead: `engine/<game>_ai.py`
is imported the first time search asks about the game, so registering there suffices.
It may also name the game's own cut-off (say, a whole hand of a trick game), which a
player built without an explicit `cutoff` uses, and a `prior`: progressive bias towards
the move the heuristic would make at the root. That move is tried first and its UCB value
gets `prior / (1 + visits)` more, so a few hundred noisy iterations overturn the
heuristic only where the search really finds better (games whose heuristic knows more
than a short search sees: memory of asks, a partner's needs). With `others="heuristic"`
the other seats' moves inside the tree are the heuristic's, not searched: a single-
observer tree otherwise lets them learn the searcher's hand, which is the same in every
sampled world (they would ask exactly for what it holds).
`standing` turns per-seat strengths (say, minus the cards left) into such rewards.

`make_player(kind, seed, game)` builds one by name: random, heuristic, ismcts, and the
difficulty levels easy (heuristic), normal (ISMCTS, NORMAL iterations within 1 s)
and hard (HARD iterations within 2.5 s). A game whose search is cheap may register more
normal iterations (`iterations=`); both levels then scale by that count over NORMAL[0].
A game whose own search plays better than ISMCTS (Bourré solves its tricks exactly in
sampled worlds) registers a player for its normal and hard seats (`register_player`).
Several of those are flat Monte Carlo searches over a few candidate moves; `flat_choice`
is their shared loop (sampled worlds, common random numbers, a safety time cap).
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core import Action, State

__all__ = [
    "FlatChoice",
    "FlatSearchPlayer",
    "HeuristicPlayer",
    "ISMCTSPlayer",
    "Player",
    "RandomPlayer",
    "evaluation",
    "flat_choice",
    "make_player",
    "normal_iterations",
    "register_evaluation",
    "register_player",
    "rewards",
    "standing",
]

ROLLOUT_CAP = 400  # moves; a playout still running after this scores as a draw
CUTOFF = 8  # moves past the root (tree and playout) before the evaluation scores a position
# Iteration caps of the seat AIs; the wall-clock budget bounds them on slow positions.
NORMAL = (300, 1.0)
HARD = (1000, 2.5)

Evaluation = Callable[[State], list[float]]
_EVALUATIONS: dict[str, Evaluation] = {}
_CUTOFFS: dict[str, int | Callable[[State], int]] = {}
_PRIORS: dict[str, float | Callable[[State], float]] = {}
_ITERATIONS: dict[str, int] = {}  # a game's normal-seat iterations, where not NORMAL[0]
_MODELLED: set[str] = set()  # games whose other seats move by the heuristic inside the tree
_LOOKED_FOR: set[str] = set()  # games whose AI module was already looked for
_PLAYERS: dict[str, Callable[[str, int | None], Player]] = {}  # a game's own normal and hard seats


def register_evaluation(
    game: str,
    evaluate: Evaluation | None,
    cutoff: int | Callable[[State], int] | None = None,
    prior: float | Callable[[State], float] | None = None,
    others: str = "search",
    iterations: int | None = None,
) -> None:
    """Give game `game` (its Game.name) a position evaluation for playout cut-offs, and
    optionally the cut-off (moves past the root) and the heuristic prior that suit it;
    None removes them. A game may register a prior with no evaluation (full playouts), and
    a prior or a cut-off may be a function of the root position (say, a lean only at two
    seats, or a longer look-ahead at four).
    `others` is "search" or "heuristic": how the other seats' moves inside the tree are chosen.
    `iterations` is the normal seat's count for this game where its search is cheap enough
    to do more than NORMAL[0] well inside the 1 s budget (the hard seat scales alike)."""
    if others not in ("search", "heuristic"):
        raise ValueError(f"others must be 'search' or 'heuristic', not {others!r}")
    if iterations is not None and iterations < 1:
        raise ValueError(f"iterations must be positive, not {iterations}")
    _CUTOFFS.pop(game, None)
    _PRIORS.pop(game, None)
    _ITERATIONS.pop(game, None)
    _MODELLED.discard(game)
    if iterations is not None:
        _ITERATIONS[game] = iterations
    if others == "heuristic":
        _MODELLED.add(game)
    if prior is not None:
        _PRIORS[game] = prior
    if evaluate is None:
        _EVALUATIONS.pop(game, None)
        return
    _EVALUATIONS[game] = evaluate
    if cutoff is not None:
        _CUTOFFS[game] = cutoff


def register_player(game: str, factory: Callable[[str, int | None], Player] | None) -> None:
    """Give game `game` its own normal and hard seat player: `factory(kind, seed)`, kind
    "normal" or "hard", within the same time budgets (NORMAL, HARD); None removes it."""
    if factory is None:
        _PLAYERS.pop(game, None)
    else:
        _PLAYERS[game] = factory


def normal_iterations(name: str) -> int:
    """The normal seat's iterations a move for game `name` (its registered count, else NORMAL[0])."""
    _look_for_ai_module(name)
    return _ITERATIONS.get(name, NORMAL[0])


def evaluation(state: State) -> Evaluation | None:
    """The state's own `evaluate` method, else one registered for its game, else None."""
    name = getattr(state.game, "name", "")
    _look_for_ai_module(name)  # even beside an own evaluate: it may register a cut-off or prior
    own = getattr(type(state), "evaluate", None)
    return own if own is not None else _EVALUATIONS.get(name)


def _look_for_ai_module(name: str) -> None:
    """Import engine/<name>_ai.py once, if there is one: it registers on import."""
    if name in _LOOKED_FOR:
        return
    _LOOKED_FOR.add(name)
    try:
        importlib.import_module(f"engine.{name}_ai")
    except ModuleNotFoundError as exc:
        if exc.name != f"engine.{name}_ai":
            raise


def standing(strength: list[float], spread: float) -> list[float]:
    """Expected place rewards from per-seat strengths (higher is better).

    The reward of a place is the share of the other seats finished ahead of, so each
    seat's value is its mean chance of finishing ahead of each other seat, taken as a
    logistic of the strength gap: a gap of `spread` is about 73 to 27.
    """
    n = len(strength)
    if n == 1:
        return [0.5]
    out = []
    for s, mine in enumerate(strength):
        gaps = (max(-40.0, min(40.0, (other - mine) / spread)) for o, other in enumerate(strength) if o != s)
        ahead = sum(1.0 / (1.0 + math.exp(gap)) for gap in gaps)
        out.append(ahead / (n - 1))
    return out


@dataclass(frozen=True)
class FlatChoice:
    """What `flat_choice` found: the best candidate's index, the worlds it judged them in,
    and whether the time limit cut the worlds short."""

    best: int
    worlds: int
    capped: bool


def flat_choice(
    worlds: Iterable[State],
    candidates: int,
    judge: Callable[[State, int, int], float],
    rng: random.Random,
    time_limit: float | None,
) -> FlatChoice:
    """Flat Monte Carlo: every candidate judged in every world, the best mean reward wins.

    `judge(world, i, seed)` is candidate i's reward in `world` (which it must not change:
    copy first); all candidates of one world get the same `seed` (common random numbers,
    so they meet the same stock and playout noise and their gaps are the moves' own).
    Ties go to the earlier candidate. The work is a fixed count, so a seed replays the same
    choice; `time_limit` (seconds) is only a safety cap, checked between worlds.
    """
    totals = [0.0] * candidates
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    judged, capped = 0, False
    for world in worlds:
        if deadline is not None and time.perf_counter() > deadline:
            capped = True
            break
        seed = rng.getrandbits(64)
        for i in range(candidates):
            totals[i] += judge(world, i, seed)
        judged += 1
    best = max(range(candidates), key=lambda i: (totals[i], -i))
    return FlatChoice(best, judged, capped)


class FlatSearchPlayer:
    """Base of the games' flat Monte Carlo seats (`choose` is theirs): a seeded random
    source, the safety time limit, and what the last search did, for benchmarks."""

    def __init__(self, seed: int | None = None, time_limit: float | None = NORMAL[1]) -> None:
        self.rng = random.Random(seed)
        self.time_limit = time_limit
        self.capped = 0  # choices the time limit cut short (it should not bite)
        self.last_worlds = 0  # worlds the last searched choice used

    def flat(self, worlds: Iterable[State], candidates: int, judge: Callable[[State, int, int], float]) -> int:
        """The best candidate's index by `flat_choice`, noting its worlds and any cap."""
        found = flat_choice(worlds, candidates, judge, self.rng, self.time_limit)
        self.capped += found.capped
        self.last_worlds = found.worlds
        return found.best


class Player(Protocol):
    def choose(self, state: State, seat: int) -> Action: ...


def _need_turn(state: State, seat: int) -> list[Action]:
    actions = state.legal_actions(seat)
    if not actions:
        raise ValueError(f"seat {seat} has nothing to do in this position")
    return actions


def _other_mover(state: State, rng: random.Random) -> int:
    """Whose action to simulate when several seats may act (the first valid one wins)."""
    movers = state.to_move
    return movers[0] if len(movers) == 1 else rng.choice(movers)


class RandomPlayer:
    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(_need_turn(state, seat))


class HeuristicPlayer:
    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        actions = _need_turn(state, seat)
        action = state.heuristic_action(seat, self.rng)
        return action if action is not None else self.rng.choice(actions)


class PolicyPlayer:
    """A seat playing a game's rule-based policy, no search: `policy(state, seat, rng, style)`
    names its move (None only where the seat has nothing to do); `rng` settles what the
    policy has no rule for."""

    def __init__(
        self, policy: Callable[[Any, int, random.Random, Any], Action | None], style: Any, seed: int | None = None
    ) -> None:
        self.policy = policy
        self.style = style
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        action = self.policy(state, seat, self.rng, self.style)
        if action is None:
            raise ValueError(f"seat {seat} has nothing to do in this position")
        return action


def rewards(state: State) -> list[float]:
    """Per-seat reward of a position: from the places once over, 0.5 each before that."""
    n = state.players
    if not state.over:
        return [0.5] * n
    places = state.outcome().places
    if n == 1:
        return [1.0 if places[0] == 1 else 0.0]
    worst = max(places)
    if worst == 1:  # everyone tied
        return [0.5] * n
    return [(worst - p) / (worst - 1) for p in places]


class _Node:
    """A tree node: the action that led here, who took it, and its statistics."""

    __slots__ = ("avail", "children", "hint", "mover", "parent", "prior", "reward", "text", "visits")

    def __init__(self, parent: _Node | None, text: str, mover: int) -> None:
        self.parent = parent
        self.text = text
        self.mover = mover
        self.children: dict[tuple[int, str], _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.hint = ""  # the heuristic's move among the children (root only), and its bias
        self.prior = 0.0


class ISMCTSPlayer:
    def __init__(
        self,
        iterations: int = 400,
        time_limit: float | None = None,
        seed: int | None = None,
        c: float = 0.7,
        cutoff: int | None = None,
        prior: float | None = None,
        scaled: bool = False,
    ) -> None:
        self.iterations = iterations
        self.scaled = scaled  # True: `iterations` is scaled by the game's normal count over NORMAL[0]
        self.prior = prior  # None: the game's registered prior, else none
        self.time_limit = time_limit
        self.c = c
        self.cutoff = cutoff  # None: the game's registered cut-off, else CUTOFF
        self.rng = random.Random(seed)
        self.last_iterations = 0  # how many iterations the last choice ran (for benchmarks)
        self.last_root: _Node | None = None  # the last search tree (for benchmarks and tests)
        self._modelled = False  # this search's other seats move by the heuristic (see register_evaluation)

    def choose(self, state: State, seat: int) -> Action:
        actions = _need_turn(state, seat)
        if len(actions) == 1:
            self.last_iterations, self.last_root = 0, None
            return actions[0]
        root = _Node(None, "", seat)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        hint = state.heuristic_action(seat, random.Random(0))
        heuristic = hint is not None
        evaluate = evaluation(state)
        prior = self._prior(state)
        if hint is not None and prior > 0 and any(a.text == hint.text for a in actions):
            root.hint, root.prior = hint.text, prior
        self._modelled = heuristic and getattr(state.game, "name", "") in _MODELLED
        cap = self._cap(state)
        done = 0
        while done < cap and (deadline is None or time.perf_counter() < deadline):
            self._iterate(root, state, seat, actions, heuristic, evaluate)
            done += 1
        self.last_iterations = done
        self.last_root = root
        by_text = {a.text: a for a in actions}
        ranked = sorted(
            (ch for (mover, text), ch in root.children.items() if mover == seat and text in by_text),
            key=lambda ch: (ch.visits, ch.reward),
            reverse=True,
        )
        return by_text[ranked[0].text] if ranked else self.rng.choice(actions)

    def _world(self, state: State, seat: int) -> State:
        try:
            return state.determinize(seat, self.rng)
        except NotImplementedError:  # a game with nothing hidden
            return state.copy()

    def _iterate(
        self,
        root: _Node,
        state: State,
        seat: int,
        mine: list[Action],
        heuristic: bool,
        evaluate: Evaluation | None,
    ) -> None:
        world = self._world(state, seat)
        horizon = ROLLOUT_CAP if evaluate is None else self._cutoff(state)
        node, depth = self._descend(root, world, seat, mine, horizon)
        self._playout(world, heuristic, horizon - depth)
        # Backpropagation: each node is credited from the view of the seat that moved into it.
        result = rewards(world) if evaluate is None else evaluate(world)
        walk: _Node | None = node
        while walk is not None:
            walk.visits += 1
            walk.reward += result[walk.mover]
            walk = walk.parent

    def _cap(self, state: State) -> int:
        if not self.scaled:
            return self.iterations
        return max(1, round(self.iterations * normal_iterations(getattr(state.game, "name", "")) / NORMAL[0]))

    def _prior(self, state: State) -> float:
        if self.prior is not None:
            return self.prior
        evaluation(state)  # imports the game's AI module, which registers its prior
        prior = _PRIORS.get(getattr(state.game, "name", ""), 0.0)
        return prior(state) if callable(prior) else prior

    def _cutoff(self, state: State) -> int:
        if self.cutoff is not None:
            return self.cutoff
        cutoff = _CUTOFFS.get(getattr(state.game, "name", ""), CUTOFF)
        return cutoff(state) if callable(cutoff) else cutoff

    def _descend(self, root: _Node, world: State, seat: int, mine: list[Action], horizon: int) -> tuple[_Node, int]:
        """Selection and expansion over the actions available in this world, at most
        `horizon` moves deep; returns the node reached and its depth. At the root the
        actions are `mine`: a seat's choices depend only on what it knows, so every
        world sampled for it offers the same ones."""
        rng = self.rng
        node, depth = root, 0
        while not world.over and depth < horizon:
            if node is root:
                mover, legal = seat, mine
            else:
                mover = _other_mover(world, rng)
                if self._modelled and mover != seat:  # modelled, not searched: the node stays
                    world.apply(mover, world.heuristic_action(mover, rng) or rng.choice(world.legal_actions(mover)))
                    depth += 1
                    continue
                legal = world.legal_actions(mover)
            if not legal:
                break
            children = node.children
            untried: list[Action] = []
            present: list[_Node] = []
            for a in legal:
                child = children.get((mover, a.text))
                if child is None:
                    untried.append(a)
                else:
                    present.append(child)
            depth += 1
            if untried:
                action = next((a for a in untried if a.text == node.hint), None) or rng.choice(untried)
                node = children[(mover, action.text)] = _Node(node, action.text, mover)
                world.apply(mover, action)
                break
            best, best_value = present[0], -1.0
            for child in present:
                child.avail += 1
                value = child.reward / child.visits + self.c * math.sqrt(math.log(child.avail) / child.visits)
                if child.text == node.hint and child.mover == seat:
                    value += node.prior / (1 + child.visits)
                if value > best_value:
                    best, best_value = child, value
            node = best
            world.apply(mover, node.text)
        return node, depth

    def _playout(self, world: State, heuristic: bool, moves: int) -> None:
        """Play on with the heuristic (or at random) for up to `moves` moves."""
        rng = self.rng
        for _ in range(moves):
            if world.over:
                return
            mover = _other_mover(world, rng)
            action = world.heuristic_action(mover, rng) if heuristic else None
            if action is None:
                action = rng.choice(world.legal_actions(mover))
            world.apply(mover, action)


def make_player(kind: str, seed: int | None = None, game: str | None = None) -> Player:
    """A player by name: random, heuristic, ismcts, or easy / normal / hard; for `game`
    (its name) a normal or hard seat is the game's registered player where it has one."""
    kind = kind.strip().lower()
    if game is not None and kind in ("normal", "hard"):
        _look_for_ai_module(game)
        if game in _PLAYERS:
            return _PLAYERS[game](kind, seed)
    if kind == "random":
        return RandomPlayer(seed)
    if kind in ("heuristic", "easy"):
        return HeuristicPlayer(seed)
    if kind == "ismcts":
        return ISMCTSPlayer(seed=seed)
    # Seat AIs think within a wall-clock budget too, so games with long playouts
    # (Moleicki at eight seats) still move briskly.
    if kind == "normal":
        return ISMCTSPlayer(iterations=NORMAL[0], time_limit=NORMAL[1], seed=seed, scaled=True)
    if kind == "hard":
        return ISMCTSPlayer(iterations=HARD[0], time_limit=HARD[1], seed=seed, scaled=True)
    raise ValueError(f"unknown AI player kind {kind!r}: use random, heuristic, ismcts, easy, normal or hard")
