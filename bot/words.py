"""Small helpers for sentences players read."""

from __future__ import annotations

import re

import discord


def plural(n: int, word: str, many: str | None = None) -> str:
    """ "1 win", "2 wins", "1 match", "3 matches" (give `many` for irregular words)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def shown(name: str) -> str:
    """A member's display name made safe for Discord markdown: `**x**`, `||x||`, `# x`
    show as typed, and `@everyone`, `<@id>`, `<#id>` stay text (never a ping or a link)."""
    escaped = discord.utils.escape_mentions(discord.utils.escape_markdown(name))
    return escaped.replace("<", "\\<")


def shown_names(text: str, names: list[str]) -> str:
    """`text` with every seat name in it made safe as `shown` does, in one pass (so a
    name inside another's escaped form is not escaped twice)."""
    risky = sorted({n for n in names if n and shown(n) != n}, key=len, reverse=True)
    if not risky:
        return text
    pattern = re.compile("|".join(re.escape(n) for n in risky))
    return pattern.sub(lambda m: shown(m[0]), text)
