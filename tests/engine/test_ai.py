"""The generic AI players: legal moves in every game, and search that plays well."""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar

import pytest

from engine import GAMES, Action, Event, Game, IllegalAction, Outcome, State
from engine.ai import (
    HARD,
    NORMAL,
    HeuristicPlayer,
    ISMCTSPlayer,
    RandomPlayer,
    evaluation,
    flat_choice,
    make_player,
    normal_iterations,
    register_evaluation,
    register_player,
    rewards,
)

FAST_PLAYERS = {
    "random": lambda seed: RandomPlayer(seed),
    "heuristic": lambda seed: HeuristicPlayer(seed),
    "ismcts": lambda seed: ISMCTSPlayer(iterations=25, seed=seed),
}


def positions(game, count=3):
    """A few seeded positions part-way through random games."""
    out = []
    for seed in range(count):
        state = game.new(game.max_players if not game.solo else 1, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 25)):
            if state.over:
                break
            seat = rng.choice(state.to_move)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.over:
            out.append(state)
    return out


@pytest.mark.parametrize("kind", sorted(FAST_PLAYERS))
@pytest.mark.parametrize("name", sorted(GAMES))
def test_players_choose_legal_actions_without_changing_the_state(name, kind):
    states = positions(GAMES[name])
    assert states
    for i, state in enumerate(states):
        before = json.dumps(state.dump(), sort_keys=True)
        for seat in state.to_move:
            action = FAST_PLAYERS[kind](i).choose(state, seat)
            assert action.text in {a.text for a in state.legal_actions(seat)}
        assert json.dumps(state.dump(), sort_keys=True) == before


def test_make_player_kinds():
    assert isinstance(make_player("random", 1), RandomPlayer)
    assert isinstance(make_player("easy"), HeuristicPlayer)
    assert isinstance(make_player("heuristic"), HeuristicPlayer)
    assert make_player("ismcts").iterations == 400
    normal, hard = make_player("Normal"), make_player("hard")
    assert (normal.iterations, normal.time_limit) == NORMAL
    assert (hard.iterations, hard.time_limit) == HARD
    assert hard.iterations > normal.iterations and hard.time_limit > normal.time_limit
    with pytest.raises(ValueError, match="unknown AI player"):
        make_player("grandmaster")


def test_ismcts_is_reproducible_from_its_seed():
    state = GAMES["dickory"].new(2, seed=4)
    first = [ISMCTSPlayer(iterations=60, seed=9).choose(state, 0).text for _ in range(2)]
    assert first[0] == first[1]


def test_ismcts_time_limit_stops_the_search():
    state = GAMES["dickory"].new(2, seed=4)
    player = ISMCTSPlayer(iterations=10**9, time_limit=0.05, seed=1)
    player.choose(state, 0)
    assert 0 < player.last_iterations < 10**9


def test_players_refuse_a_seat_that_cannot_move():
    state = GAMES["dickory"].new(2, seed=4)
    for player in (RandomPlayer(1), HeuristicPlayer(1), ISMCTSPlayer(iterations=5, seed=1)):
        with pytest.raises(ValueError, match="nothing to do"):
            player.choose(state, 1)


def play(game, players, seed, options=None):
    state = game.new(len(players), seed=seed, options=options)
    while not state.over:
        seat = state.to_move[0]
        state.apply(seat, players[seat].choose(state, seat))
    return state.outcome()


def test_ismcts_beats_random_at_dickory():
    wins = 0
    for seed in range(10):
        me = seed % 2
        players = {me: ISMCTSPlayer(iterations=100, seed=seed), 1 - me: RandomPlayer(seed + 100)}
        wins += play(GAMES["dickory"], players, seed).places[me] == 1
    assert wins >= 8


def test_heuristic_beats_random_at_dickory():
    wins = 0
    for seed in range(40):
        me = seed % 2
        players = {me: HeuristicPlayer(seed), 1 - me: RandomPlayer(seed + 100)}
        wins += play(GAMES["dickory"], players, seed, {"variant": "hickory"}).places[me] == 1
    assert wins >= 32


# -- a toy game where both seats may act at once ---------------------------------


class Grab(Game):
    """Both seats race to say a number; the first to say 3 wins, 1 or 2 just passes time."""

    name = "grab"
    title = "Grab"
    min_players = 2
    max_players = 2


class GrabState(State):
    game: ClassVar[type[Game]] = Grab

    @classmethod
    def start(cls, players, rng, options, deck):
        s = cls()
        s.players, s.options, s.ticks, s.won = players, options, 0, None
        return s

    def copy(self):
        s = GrabState()
        s.players, s.options, s.ticks, s.won = self.players, self.options, self.ticks, self.won
        return s

    def dump(self) -> dict[str, Any]:
        return {"ticks": self.ticks, "won": self.won}

    @property
    def to_move(self):
        return () if self.won is not None or self.ticks >= 6 else (0, 1)

    def legal_actions(self, seat):
        return [Action(str(n)) for n in (1, 2, 3)] if seat in self.to_move else []

    def _apply(self, seat, text):
        if text not in ("1", "2", "3"):
            raise IllegalAction("Say 1, 2 or 3.")
        self.ticks += 1
        if text == "3":
            self.won = seat
        return [Event("say", f"{{p{seat}}} says {text}.")]

    def outcome(self):
        if self.won is None:
            return Outcome((1, 1), (0.0, 0.0), "Nobody grabbed.")
        return Outcome(tuple(1 if s == self.won else 2 for s in range(2)), (0.0, 0.0), "Grabbed.")


Grab.state_class = GrabState


@pytest.mark.parametrize("seat", [0, 1])
def test_players_choose_for_the_seat_asked_when_several_may_move(seat):
    state = Grab.new(2, seed=0)
    assert state.to_move == (0, 1)
    for player in (RandomPlayer(1), HeuristicPlayer(1), ISMCTSPlayer(iterations=100, seed=1)):
        assert player.choose(state, seat).text in {"1", "2", "3"}
    # Search finds the winning grab for either seat.
    assert ISMCTSPlayer(iterations=100, seed=1).choose(state, seat).text == "3"


def test_rewards_are_linear_in_places():
    state = Grab.new(2)
    assert rewards(state) == [0.5, 0.5]
    state.apply(1, "3")
    assert rewards(state) == [0.0, 1.0]
    tie = Grab.new(2)
    for _ in range(6):
        tie.apply(0, "1")
    assert rewards(tie) == [0.5, 0.5]


# -- evaluation and cut-off ------------------------------------------------------


class Race(Game):
    """Each turn the mover steps 1 or 2 towards 12; first home wins. Long enough that a
    cut-off matters, simple enough that the right move is obvious."""

    name = "race"
    title = "Race"
    min_players = 2
    max_players = 2


class RaceState(State):
    game: ClassVar[type[Game]] = Race

    @classmethod
    def start(cls, players, rng, options, deck):
        s = cls()
        s.players, s.options, s.pos, s.turn = players, options, [0, 0], 0
        return s

    def copy(self):
        s = type(self)()
        s.players, s.options, s.pos, s.turn = self.players, self.options, list(self.pos), self.turn
        return s

    def dump(self) -> dict[str, Any]:
        return {"pos": self.pos, "turn": self.turn}

    @property
    def to_move(self):
        return () if max(self.pos) >= 12 else (self.turn,)

    def legal_actions(self, seat):
        return [Action("1"), Action("2")] if seat in self.to_move else []

    def _apply(self, seat, text):
        if text not in ("1", "2"):
            raise IllegalAction("Step 1 or 2.")
        self.pos[seat] += int(text)
        self.turn = 1 - seat
        return [Event("step", f"{{p{seat}}} steps {text}.")]

    def outcome(self):
        first = 0 if self.pos[0] >= 12 else 1
        return Outcome(tuple(1 if s == first else 2 for s in range(2)), (0.0, 0.0), "Home.")


class ScoredRaceState(RaceState):
    """The same race with an evaluation: the seat further ahead is likelier to win."""

    evaluated = 0

    def evaluate(self):
        ScoredRaceState.evaluated += 1
        return lead(self)


def lead(state: RaceState) -> list[float]:
    if state.over:
        return rewards(state)
    ahead = (state.pos[0] - state.pos[1]) / 24
    return [0.5 + ahead, 0.5 - ahead]


Race.state_class = RaceState


def tree_depth(node) -> int:
    return max((1 + tree_depth(child) for child in node.children.values()), default=0)


def test_games_without_an_evaluation_keep_full_playouts():
    state = Race.new(2, seed=0)
    assert evaluation(state) is None
    player = ISMCTSPlayer(iterations=300, seed=2, cutoff=2)
    assert player.choose(state, 0).text == "2"
    assert tree_depth(player.last_root) > 2  # the horizon applies only with an evaluation


def test_an_evaluation_cuts_search_at_the_horizon_and_still_finds_the_best_step():
    state = ScoredRaceState.start(2, random.Random(0), {}, None)
    assert evaluation(state) is ScoredRaceState.evaluate
    ScoredRaceState.evaluated = 0
    player = ISMCTSPlayer(iterations=200, seed=2, cutoff=3)
    assert player.choose(state, 0).text == "2"
    assert player.last_iterations == 200 and ScoredRaceState.evaluated == 200
    assert tree_depth(player.last_root) <= 3


def test_a_registered_evaluation_serves_a_game_whose_states_lack_one():
    calls = []

    def counted(state):
        calls.append(1)
        return lead(state)

    register_evaluation("race", counted)
    try:
        state = Race.new(2, seed=0)
        assert evaluation(state) is counted
        ISMCTSPlayer(iterations=50, seed=1, cutoff=2).choose(state, 0)
        assert len(calls) == 50
    finally:
        register_evaluation("race", None)


class HintedRaceState(ScoredRaceState):
    """The race with a heuristic that always steps 1: a poor move the prior leans towards."""

    def heuristic_action(self, seat, rng):
        return Action("1")


def test_a_prior_leans_the_search_towards_the_heuristic_move():
    state = HintedRaceState.start(2, random.Random(0), {}, None)
    plain = ISMCTSPlayer(iterations=60, seed=3, cutoff=3, prior=0.0)
    assert plain.choose(state, 0).text == "2"
    leaning = ISMCTSPlayer(iterations=60, seed=3, cutoff=3, prior=5.0)
    assert leaning.choose(state, 0).text == "1"
    visits = {text: child.visits for (_, text), child in leaning.last_root.children.items()}
    assert visits["1"] > visits["2"]


def test_search_overturns_a_small_prior_when_the_heuristic_is_wrong():
    state = HintedRaceState.start(2, random.Random(0), {}, None)
    player = ISMCTSPlayer(iterations=400, seed=3, cutoff=3, prior=0.05)
    assert player.choose(state, 0).text == "2"


def test_a_registered_prior_serves_players_built_without_one():
    register_evaluation("race", lead, cutoff=3, prior=5.0)
    try:
        state = HintedRaceState.start(2, random.Random(0), {}, None)
        assert ISMCTSPlayer(iterations=60, seed=3).choose(state, 0).text == "1"
    finally:
        register_evaluation("race", None)
    assert ISMCTSPlayer(iterations=60, seed=3).choose(state, 0).text == "2"


class PeekRaceState(HintedRaceState):
    """The hinted race where the heuristic of seat 1 always steps 2: a modelled opponent."""

    def heuristic_action(self, seat, rng):
        return Action("1" if seat == 0 else "2")


def test_other_seats_may_move_by_the_heuristic_inside_the_tree():
    register_evaluation("race", lead, cutoff=6, others="heuristic")
    try:
        state = PeekRaceState.start(2, random.Random(0), {}, None)
        player = ISMCTSPlayer(iterations=100, seed=3)
        assert player.choose(state, 0).text == "2"
        movers = set()
        stack = [player.last_root]
        while stack:
            node = stack.pop()
            movers.update(mover for mover, _ in node.children)
            stack.extend(node.children.values())
        assert movers == {0}, "only the searcher's own moves are nodes of the tree"
    finally:
        register_evaluation("race", None)
    with pytest.raises(ValueError):
        register_evaluation("race", lead, others="telepathy")


def test_a_game_may_give_its_normal_seat_more_iterations():
    state = HintedRaceState.start(2, random.Random(0), {}, None)
    assert normal_iterations("race") == NORMAL[0]
    register_evaluation("race", lead, iterations=3 * NORMAL[0])
    try:
        assert normal_iterations("race") == 3 * NORMAL[0]
        normal = make_player("normal", seed=1)
        normal.time_limit = None  # the count alone decides, whatever the machine's load
        normal.choose(state, 0)
        assert normal.last_iterations == 3 * NORMAL[0]
        hard = make_player("hard", seed=1)
        hard.time_limit = None
        hard.choose(state, 0)
        assert hard.last_iterations == 3 * HARD[0]
        fixed = ISMCTSPlayer(iterations=50, seed=1)  # an explicit count is kept as given
        fixed.choose(state, 0)
        assert fixed.last_iterations == 50
    finally:
        register_evaluation("race", None)
    assert normal_iterations("race") == NORMAL[0]
    with pytest.raises(ValueError):
        register_evaluation("race", lead, iterations=0)


def test_a_registered_prior_may_depend_on_the_position():
    state = HintedRaceState.start(2, random.Random(0), {}, None)
    register_evaluation("race", lead, cutoff=3, prior=lambda s: 5.0 if s.players == 2 else 0.0)
    try:
        assert ISMCTSPlayer(iterations=60, seed=3).choose(state, 0).text == "1"
    finally:
        register_evaluation("race", None)
    register_evaluation("race", lead, cutoff=3, prior=lambda s: 0.0)
    try:
        assert ISMCTSPlayer(iterations=60, seed=3).choose(state, 0).text == "2"
    finally:
        register_evaluation("race", None)


def test_a_game_may_register_its_own_normal_and_hard_seats():
    made: list[tuple[str, int | None]] = []

    def own(kind: str, seed: int | None) -> HeuristicPlayer:
        made.append((kind, seed))
        return HeuristicPlayer(seed)

    register_player("race", own)
    try:
        assert isinstance(make_player("normal", seed=4, game="race"), HeuristicPlayer)
        assert isinstance(make_player("hard", seed=5, game="race"), HeuristicPlayer)
        assert isinstance(make_player("normal", seed=6), ISMCTSPlayer)  # no game named: ISMCTS
        assert isinstance(make_player("easy", seed=7, game="race"), HeuristicPlayer)
        assert isinstance(make_player("ismcts", seed=8, game="race"), ISMCTSPlayer)  # by name: kept
        assert made == [("normal", 4), ("hard", 5)]
    finally:
        register_player("race", None)
    assert isinstance(make_player("normal", seed=4, game="race"), ISMCTSPlayer)


def test_flat_choice_judges_every_candidate_in_every_world_with_one_seed_per_world():
    seen: list[tuple[str, int, int]] = []

    def judge(world, i, seed):
        seen.append((world, i, seed))
        return {0: 0.2, 1: 0.9, 2: 0.5}[i] + (0.5 if world == "b" and i == 2 else 0.0)

    found = flat_choice(iter(["a", "b", "c"]), 3, judge, random.Random(1), None)
    # candidate 1 scores 2.7 over the three worlds, candidate 2 only 2.0
    assert (found.best, found.worlds, found.capped) == (1, 3, False)
    assert [(w, i) for w, i, _ in seen] == [(w, i) for w in "abc" for i in range(3)]
    seeds = [{s for w2, _, s in seen if w2 == w} for w in "abc"]
    assert all(len(s) == 1 for s in seeds) and len(set.union(*seeds)) == 3  # common within, fresh across


def test_flat_choice_breaks_ties_towards_the_earlier_candidate_and_stops_at_its_time_limit():
    found = flat_choice(iter(range(5)), 4, lambda w, i, s: 1.0 if i in (2, 3) else 0.0, random.Random(0), None)
    assert found.best == 2
    capped = flat_choice(iter(range(5)), 2, lambda w, i, s: float(i), random.Random(0), -1.0)  # already past
    assert (capped.worlds, capped.capped, capped.best) == (0, True, 0)
