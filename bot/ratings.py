"""Skill ratings with openskill's Plackett-Luce model, ranked conservatively."""

from __future__ import annotations

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()


def conservative(mu: float, sigma: float) -> float:
    """The rating a leaderboard ranks by: one lucky game barely moves it."""
    return mu - 3 * sigma


def rate(places: list[int], priors: list[tuple[float, float] | None]) -> list[tuple[float, float]]:
    """New (mu, sigma) per seat after a game; places 1 = first, ties allowed."""
    teams = [[_MODEL.rating() if prior is None else _MODEL.rating(mu=prior[0], sigma=prior[1])] for prior in priors]
    rated = _MODEL.rate(teams, ranks=[float(p) for p in places])
    return [(team[0].mu, team[0].sigma) for team in rated]
