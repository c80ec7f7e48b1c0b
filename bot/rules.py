"""Rules for players: a one-screen quick start, and the full page a click away.

Each game's page is docs/rules/<game>.md, in player words. Its "## Quick start" section
(or its first section) is what `/<game> rules` shows; the **Full rules** button sends the
whole page as embed pages split at its sections.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import discord

from bot.replies import reply
from engine import GAMES, Game

log = logging.getLogger(__name__)

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"
EMBED_LIMIT = 4000
MESSAGE_EMBEDS_LIMIT = 5800  # Discord allows 6000 characters of embeds per message


_PAGES: dict[str, Path] = {}


def register(game: str, path: Path) -> None:
    """A rules page kept outside docs/rules (a test's throwaway game)."""
    _PAGES[game] = path


def rules_path(game: str) -> Path:
    """docs/rules/<game>.md, or with hyphens for underscores (jack-change-it.md), as the specs name them."""
    if game in _PAGES:
        return _PAGES[game]
    plain = RULES_DIR / f"{game}.md"
    return plain if plain.is_file() else RULES_DIR / f"{game.replace('_', '-')}.md"


def rules_text(game: str) -> str | None:
    path = rules_path(game)
    return path.read_text(encoding="utf-8") if path.is_file() else None


def sections(text: str) -> list[str]:
    return [part.strip() for part in re.split(r"\n(?=## )", text.strip()) if part.strip()]


def quick_start(text: str, variant: str | None = None) -> str:
    """The page's quick start section (a variant's own, "## Quick start: Authors", when asked
    for and there), or its opening section, without the page title."""
    parts = sections(text)
    chosen = None
    if variant:
        chosen = next((p for p in parts if p.lower().startswith(f"## quick start: {variant.lower()}")), None)
    chosen = chosen or next((p for p in parts if p.lower().startswith("## quick start")), None)
    if chosen is None:
        chosen = next((p for p in parts if not p.startswith("# ")), parts[0] if parts else "")
        lead = parts[0] if parts and parts[0].startswith("# ") else ""
        body = lead.split("\n", 1)[1].strip() if "\n" in lead else ""
        chosen = body or chosen
    return re.sub(r"^## [^\n]*\n", "", chosen).strip()[:EMBED_LIMIT]


def rule_pages(text: str, size: int = EMBED_LIMIT) -> list[str]:
    """The rules split at its `##` sections into pages no longer than `size` characters."""
    pages = [""]
    for section in sections(text):
        while len(section) > size:  # a section too long on its own is cut at a line break
            cut = section.rfind("\n", 0, size)
            cut = cut if cut > 0 else size
            pages.append(section[:cut])
            section = section[cut:].lstrip("\n")
        if pages[-1] and len(pages[-1]) + 2 + len(section) > size:
            pages.append(section)
        else:
            pages[-1] = f"{pages[-1]}\n\n{section}" if pages[-1] else section
    return [p for p in pages if p]


async def send_quick_start(
    interaction: discord.Interaction, game: type[Game], *, group: str | None = None, title: str | None = None
) -> None:
    """The quick start, titled and footed for the command group asked (`/authors` shares Go Fish's page)."""
    text = rules_text(game.name)
    title, group = title or game.title, group or game.name
    if text is None:
        await reply(interaction, f"The {title} rules are missing; please tell the bot's owner.")
        return
    variant = title if title != game.title else None
    embed = discord.Embed(title=f"{title}: quick start", description=quick_start(text, variant))
    embed.set_footer(text=f"/{group} play to move · /{group} hand for your cards and moves")
    view = discord.ui.View(timeout=None)
    view.add_item(RulesButton(game.name))
    await reply(interaction, embed=embed, view=view)


async def send_full_rules(interaction: discord.Interaction, game: type[Game]) -> None:
    text = rules_text(game.name) or ""
    embeds = [
        discord.Embed(title=f"{game.title}: the rules" if i == 0 else None, description=page)
        for i, page in enumerate(rule_pages(text))
    ]
    batches: list[list[discord.Embed]] = [[]]
    for embed in embeds:
        if batches[-1] and sum(len(e) for e in batches[-1]) + len(embed) > MESSAGE_EMBEDS_LIMIT:
            batches.append([])
        batches[-1].append(embed)
    for batch in batches:
        await reply(interaction, embeds=batch)


class RulesButton(discord.ui.DynamicItem[discord.ui.Button], template=r"parlour:rules:(?P<game>[a-z_]+)"):
    """Full rules, for anyone who clicks (they are public knowledge)."""

    def __init__(self, game: str) -> None:
        self.game = game
        super().__init__(
            discord.ui.Button(
                label="Full rules", emoji="📖", style=discord.ButtonStyle.secondary, custom_id=f"parlour:rules:{game}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulesButton:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        game = GAMES.get(self.game)
        if game is None:
            await reply(interaction, "I don't know that game any more.")
            return
        try:
            await send_full_rules(interaction, game)
        except discord.HTTPException as exc:  # every click gets an answer, even when Discord stumbles
            log.warning("could not send the %s rules (%s)", game.name, exc.status)
            await reply(interaction, "Discord didn't take the rules just now; please try the button again.")
