"""Skill ratings with openskill's Plackett-Luce model, ranked conservatively."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()


def conservative(mu: float, sigma: float) -> float:
    """The rating a leaderboard ranks by: one lucky game barely moves it."""
    return mu - 3 * sigma


def rate(
    places: list[int],
    priors: list[tuple[float, float] | None],
    sides: list[list[int]] | tuple[tuple[int, ...], ...] | None = None,
) -> list[tuple[float, float]]:
    """New (mu, sigma) per seat after a game; places 1 = first, ties allowed.

    With sides, each side is rated as a team (its place is its members' shared place),
    and every partner's own rating moves with the team's result.
    """
    teams = [list(side) for side in sides] if sides else [[seat] for seat in range(len(places))]
    ratings = [
        [_MODEL.rating() if priors[s] is None else _MODEL.rating(mu=priors[s][0], sigma=priors[s][1]) for s in team]
        for team in teams
    ]
    rated = _MODEL.rate(ratings, ranks=[float(min(places[s] for s in team)) for team in teams])
    out: list[tuple[float, float]] = [(0.0, 0.0)] * len(places)
    for team, new in zip(teams, rated, strict=True):
        for seat, rating in zip(team, new, strict=True):
            out[seat] = (rating.mu, rating.sigma)
    return out


def ranks(keys: Sequence[Hashable]) -> list[int]:
    """Competition ranks ("1, 1, 3") for rows already in board order: equal keys share a rank."""
    out: list[int] = []
    for i, key in enumerate(keys):
        out.append(out[-1] if i and key == keys[i - 1] else i + 1)
    return out
