"""The solitaires' move panel is the generic step panel (bot/views.py, bot/steps.py).

Every Klondike and FreeCell action carries parts (engine/solitaire_notation.py):
`{"verb": "move", "cards": ["8H"], "from": "column 3", "to": "column 5"}`, or a
verb alone (`draw`, `auto`, `finish`, `undo`, `resign`). The generic panel asks for
the verb, then the card (the head of a moving run), then where it goes when the
card has more than one place; the list of every move beside it makes any move one
pick. Nothing here reads action text.

What is left is one thin item: panels drawn before the step panel carried
`parlour:sol:<kind>:<game>:...` custom ids. A click on one answers with the
current step panel instead of failing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.views import PlayerItem, open_panel, table_for

if TYPE_CHECKING:
    from bot.app import ParlourBot

REPLACED = "This panel has been replaced; here is the current one."


class OldPanelItem(
    PlayerItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"parlour:sol:(?P<kind>[a-z]+):(?P<game>\d+)(?::.*)?",
):
    """Any component of a panel drawn before the step panel: it opens the step panel."""

    def __init__(self, game_id: int, kind: str = "do") -> None:
        self.game_id = game_id
        custom_id = f"parlour:sol:{kind}:{game_id}"
        super().__init__(discord.ui.Button(label="Refresh", style=discord.ButtonStyle.secondary, custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OldPanelItem:
        return cls(int(match["game"]), match["kind"])

    async def run(self, interaction: discord.Interaction) -> None:
        table = table_for(interaction, self.game_id)
        assert table is not None  # interaction_check ran first
        await open_panel(interaction, table, note=REPLACED, edit=True)


def register_items(bot: ParlourBot) -> None:
    """Answer clicks on panels drawn before the step panel, before and after a restart."""
    bot.add_dynamic_items(OldPanelItem)
