"""Small helpers for sentences players read."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """ "1 win", "2 wins", "1 match", "3 matches" (give `many` for irregular words)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"
