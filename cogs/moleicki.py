"""/moleicki: the shedding game of vectors, aargh cards and tableaux, for 2 to 8.

Beyond the shared commands (play, hand, resign, rules, board):

- `/moleicki start` seats up to seven invited members (player2 .. player8), `bots`
  AI seats and the starter, who sits last and so deals. `decks` picks the packs.
- `/moleicki deal` is the dealer's first move written for people: a preset with an
  optional hand size, or a custom layout such as `d / du du du` (rows from the
  furthest barrier to the base, each pile as u/d letters from the bottom card up).
  The same deal can be typed as `/moleicki play action:deal custom ...` or picked
  from the hand panel's select.
- `/moleicki krzywicka member:` (Manage Server) names the member the Magdalena
  Krzywicka rule applies to in this server; a game seats her with the engine's
  `krzywicka` option when she is at the table.
- The table message carries "Nein!" and "King king king nine" buttons while some
  seat may say them, so a Nein is one click from the table.
"""

from __future__ import annotations

import logging
import re
from typing import Literal

import discord
from discord import app_commands

from bot import words
from bot.app import ParlourBot
from bot.gamecog import GameCog
from bot.table import Table
from bot.views import say
from engine import IllegalAction

log = logging.getLogger(__name__)

KRZYWICKA_SETTING = "moleicki_krzywicka"
PRESETS = ("classic", "small", "tower", "double", "blind", "mini")
# Shown by the play autocomplete to a dealer who starts typing a custom deal.
CUSTOM_EXAMPLES = (
    "deal custom barrier d base du du du",
    "deal custom base du du du",
    "deal custom barrier d base du du",
    "deal custom base ddu ddu ddu",
    "deal custom barrier d d barrier du du base du du du",
    "deal custom barrier d barrier d d d base dddu dddu dddu dddu",
    "deal custom base du du",
    "deal custom base du",
)
_PILE = re.compile(r"^[ud]+$")
# Longer than any layout a pack of three decks could deal; refused, never cut short.
MAX_LAYOUT = 600
# The biggest hand any table could be dealt: three packs (165 cards) shared by two
# players, each keeping at least one tableau card.
MAX_HAND = 81


def layout_words(layout: str) -> str:
    """Deal notation rows for a layout typed by a dealer.

    Accepts the engine's own words (`barrier d base du du du`) or rows separated by
    `/` or `|`, furthest first, the last being the base (`d / du du du`); a single
    row is the base. Commas between piles are fine.
    """
    text = " ".join(layout.lower().replace(",", " ").split())
    if not text:
        raise IllegalAction("Give a layout like “d / du du du” (rows furthest first, the base last).")
    if "barrier" in text.split() or "base" in text.split():
        return text
    rows = [r.split() for r in re.split(r"[/|]", text)]
    if any(not r for r in rows):
        raise IllegalAction("Each row needs at least one pile, like “d” or “du”.")
    for pile in (p for r in rows for p in r):
        if not _PILE.match(pile):
            raise IllegalAction(
                f"“{pile}” isn't a pile: write letters u (face up) or d (face down), bottom card first."
            )
    return " ".join([*(f"barrier {' '.join(r)}" for r in rows[:-1]), f"base {' '.join(rows[-1])}"])


def deal_text(preset: str | None, hand: int | None, layout: str | None) -> str:
    """The engine's deal action for the /moleicki deal options."""
    extra = f" hand {hand}" if hand is not None else ""
    if layout and preset not in (None, "custom"):
        raise IllegalAction("Choose a preset or give a custom layout, not both.")
    if layout or preset == "custom":
        if not layout:
            raise IllegalAction("A custom deal needs a layout, like “d / du du du”.")
        return f"deal custom{extra} {layout_words(layout)}"
    return f"deal {preset or 'classic'}{extra}"


class MoleickiCog(GameCog, group_name="moleicki", group_description="Moleicki: beat the pile, mind the vector."):
    game_name = "moleicki"
    table_buttons = (("Nein!", "nein"), ("King king king nine", "kkk9"))

    # -- starting ------------------------------------------------------------------------
    @app_commands.command(name="start", description="Start Moleicki for 2 to 8: invite members and add AI seats.")
    @app_commands.describe(
        player2="A member to invite",
        player3="Another member to invite",
        player4="Another member to invite",
        player5="Another member to invite",
        player6="Another member to invite",
        player7="Another member to invite",
        player8="Another member to invite",
        bots="AI seats (0-7); with nobody invited the default is 3",
        ai="How strong the AI seats play",
        decks="Packs in play: auto is one for up to 4 players, two for more",
        jokers="Jokers in play: auto is two per pack; fewer is fine",
        quarters="25 cards in play: auto is one per pack; fewer is fine",
        open="Seats anyone in this channel can take with the Join button",
    )
    @app_commands.guild_only()
    async def start(
        self,
        interaction: discord.Interaction,
        player2: discord.Member | None = None,
        player3: discord.Member | None = None,
        player4: discord.Member | None = None,
        player5: discord.Member | None = None,
        player6: discord.Member | None = None,
        player7: discord.Member | None = None,
        player8: discord.Member | None = None,
        bots: app_commands.Range[int, 0, 7] | None = None,
        ai: Literal["easy", "normal", "hard"] = "normal",
        decks: Literal["auto", "1", "2", "3"] = "auto",
        jokers: Literal["auto", "0", "1", "2", "3", "4", "5", "6"] = "auto",
        quarters: Literal["auto", "0", "1", "2", "3"] = "auto",
        open: app_commands.Range[int, 0, 7] = 0,
    ) -> None:
        invited: list[discord.abc.User] = [
            m for m in (player2, player3, player4, player5, player6, player7, player8) if m is not None
        ]
        if bots is None:
            bots = 0 if invited or open else 3
        options = {"decks": decks, "jokers": jokers, "quarters": quarters}
        krz_id = await self.krzywicka_member(interaction.guild_id or 0)
        seat = self.seat_in_line_up(interaction, invited, bots + open, krz_id)
        if seat is not None:
            options["krzywicka"] = str(seat)
        table = await self.start_game(interaction, invited=invited, bots=bots, ai=ai, options=options, open_seats=open)
        if table is not None and seat is not None and table.seats[seat].user_id != krz_id:
            log.warning("moleicki #%s: Krzywicka's seat %s does not hold member %s", table.id, seat, krz_id)

    async def krzywicka_member(self, guild_id: int) -> int | None:
        value = await self.bot.host.setting(guild_id, KRZYWICKA_SETTING, "")
        return int(value) if value.isdigit() else None

    @staticmethod
    def seat_in_line_up(
        interaction: discord.Interaction, invited: list[discord.abc.User], others: int, member_id: int | None
    ) -> int | None:
        """The seat `member_id` will take: invited members first in order, then the open and
        AI seats (`others`), then the starter last (GameCog.start_game seats them so)."""
        if member_id is None:
            return None
        ids = [m.id for m in invited]
        if member_id in ids:
            return ids.index(member_id)
        if member_id == interaction.user.id:
            return len(invited) + others
        return None

    # -- the Magdalena Krzywicka rule -----------------------------------------------------
    @app_commands.command(
        name="krzywicka", description="Name the member the Magdalena Krzywicka rule applies to (Manage Server)."
    )
    @app_commands.describe(member="Who the rule applies to in this server; leave empty to clear it.")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def krzywicka(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        guild_id = interaction.guild_id or 0
        await self.bot.host.set_setting(guild_id, KRZYWICKA_SETTING, str(member.id) if member else "")
        if member is None:
            text = "The Magdalena Krzywicka rule now applies to nobody in this server."
        else:
            text = (
                f"The Magdalena Krzywicka rule now applies to {member.mention}: in games that start from now "
                "on, she may open with a 3 only if nobody else can."
            )
        await say(interaction, text, allowed_mentions=discord.AllowedMentions.none())

    # -- the deal ------------------------------------------------------------------------
    @app_commands.command(
        name="deal", description="Deal the cards (the dealer's first move): a preset or your own layout."
    )
    @app_commands.describe(
        preset="A ready tableau; pick custom and give a layout for your own",
        hand="Cards in each hand (at least 4 per pack; presets use the least)",
        layout="Custom tableau rows, furthest first, the base last: e.g. d / du du du (u face up, d face down)",
    )
    async def deal(
        self,
        interaction: discord.Interaction,
        preset: Literal["classic", "small", "tower", "double", "blind", "mini", "custom"] | None = None,
        hand: app_commands.Range[int, 1, MAX_HAND] | None = None,
        layout: str | None = None,
    ) -> None:
        table = await self.require_table(interaction)
        if table is None or table.state is None:
            return
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        dealer = table.state.players - 1
        if table.state.view(None)["phase"] != "deal":
            await say(interaction, "The cards are already dealt.")
            return
        if seat != dealer:
            await say(interaction, f"Only the dealer, {words.shown(table.names[dealer])}, deals.")
            return
        if layout is not None and len(layout) > MAX_LAYOUT:
            await say(interaction, f"That layout is over {MAX_LAYOUT} characters; no pack could deal it.")
            return
        try:
            text = deal_text(preset, hand, layout)
        except IllegalAction as exc:
            await say(interaction, str(exc))
            return
        await self.act_and_answer(interaction, table, seat, text)

    # -- autocomplete: custom deals too ------------------------------------------------------
    def suggestions(self, table: Table, seat: int, current: str) -> list[tuple[str, str]]:
        """The shared suggestions, plus sample custom deals when the dealer types one."""
        state = table.state
        assert state is not None
        typed = " ".join(current.lower().split())
        out = dict(super().suggestions(table, seat, current))
        dealing = state.view(None)["phase"] == "deal" and seat == state.players - 1
        if dealing and ("custom" in typed or typed.startswith("deal c")):
            for example in CUSTOM_EXAMPLES:
                if example.startswith(typed) or typed in ("deal custom", "custom", "deal c", "deal cu"):
                    try:
                        ok = state.parse(seat, example)
                    except IllegalAction:
                        continue
                    out.setdefault(ok.text, f"Deal custom: {ok.text.removeprefix('deal custom ')}")
        return list(out.items())


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(MoleickiCog(bot))
