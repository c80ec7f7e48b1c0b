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
    return "".join(_shown_pieces(text, names))


def _shown_pieces(text: str, names: list[str]) -> list[str]:
    """`shown_names(text, names)` in pieces that may be cut between, never inside: a
    name's escaped form whole, every other character alone."""
    risky = sorted({n for n in names if n and shown(n) != n}, key=len, reverse=True)
    if not risky:
        return list(text)
    pattern = re.compile("|".join(re.escape(n) for n in risky))
    pieces: list[str] = []
    at = 0
    for match in pattern.finditer(text):
        pieces += text[at : match.start()]
        pieces.append(shown(match[0]))
        at = match.end()
    return pieces + list(text[at:])


def shown_cut(name: str, limit: int) -> str:
    """`shown(name)` in at most `limit` characters. A long name is cut before it is
    escaped, so no escape is split ("\\*" into "\\"), and ends in "…" to say so."""
    whole = shown(name)
    if len(whole) <= limit:
        return whole
    for end in range(len(name) - 1, -1, -1):
        cut = shown(name[:end].rstrip()) + "…"
        if len(cut) <= limit:
            return cut
    return "…"[:limit]


def shown_tail(text: str, names: list[str], limit: int) -> str:
    """The end of `shown_names(text, names)` in at most `limit` characters (a log keeps
    its latest lines). Cut between escapes and names, never inside one; a cut text
    starts with "…", and at a whole line when one fits."""
    pieces = _shown_pieces(text, names)
    if sum(map(len, pieces)) <= limit:
        return "".join(pieces)
    kept: list[str] = []
    room = limit - 1  # for the "…"
    for piece in reversed(pieces):
        if len(piece) > room:
            break
        kept.append(piece)
        room -= len(piece)
    tail = "".join(reversed(kept))
    # dropping a part line and its newline frees room for "…\n"
    return "…\n" + tail.split("\n", 1)[1] if "\n" in tail else "…" + tail
