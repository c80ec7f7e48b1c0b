"""The Parlour bot: create_bot(settings) builds it; setup_hook opens storage,
registers the persistent components, loads the cogs and resumes open games."""

from __future__ import annotations

import asyncio
import gc
import importlib.util
import logging
import multiprocessing
import random
import re
import sys
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import renderers
from bot.gamecog import GameCog, generated_cog
from bot.host import Host
from bot.lobby import Lobby
from bot.rules import RulesButton
from bot.settings import Settings
from bot.storage import Storage
from bot.table import Table, Tables
from bot.views import DYNAMIC_ITEMS, say
from engine import GAMES

log = logging.getLogger(__name__)

# Cogs beside the games': every game in engine.GAMES gets `cogs/<game>.py` if it has one
# (for commands of its own), else a cog generated from its facts (bot.gamecog.generated_cog).
COGS = ("cogs.leaderboard", "cogs.admin", "cogs.help")
SWITCH_INTERVAL = 0.001  # seconds
FULL_PASS_EVERY = 100  # middle-generation collections per full one (Python's default: 10)


class ParlourBot(commands.Bot):
    storage: Storage
    tables: Tables
    host: Host
    lobby: Lobby

    def __init__(
        self, settings: Settings, *, ai_executor: Executor | None = None, rng: random.Random | None = None
    ) -> None:
        # Only the events the bot reads: its servers and channels, and messages in them (to see
        # a table buried by chatter). Typing, reactions, DMs sent to it, voice and the rest of
        # the defaults would each be parsed for nothing, in busy servers many times a second.
        intents = discord.Intents(guilds=True, guild_messages=True)
        # Nothing the bot sends pings unless that message asks (the table's turn line and the
        # turn pings allow users): members' names and typed text may hold "@everyone" or "<@&role>".
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self._templates: list[re.Pattern[str]] = []  # every persistent component's custom id pattern
        self._ai_executor = ai_executor
        self._rng = rng

    async def setup_hook(self) -> None:
        # The render threads draw while the event loop answers; a short GIL switch interval
        # (5 ms by default) keeps the loop from waiting that long behind a drawing.
        sys.setswitchinterval(SWITCH_INTERVAL)
        self.storage = await Storage.open(self.settings.database)
        self.tables = Tables(self.storage, self._rng)
        self.host = Host(self, self.tables, self.storage, self._ai_executor)
        self.lobby = Lobby(self)
        self.add_dynamic_items(*DYNAMIC_ITEMS, RulesButton)
        self.tree.on_error = self.on_app_command_error
        await self.load_game_cogs()
        for name in COGS:
            await self.load_extension(name)
        await self.host.resume()
        if self.settings.warm_renderers:
            asyncio.get_running_loop().run_in_executor(self.host.render_pool, warm_then_freeze)
        if self.settings.sync_commands:
            await self.sync_commands()

    async def load_game_cogs(self) -> None:
        for name, game in sorted(GAMES.items()):
            if importlib.util.find_spec(f"cogs.{name}") is not None:
                await self.load_extension(f"cogs.{name}")
            else:
                await self.add_cog(generated_cog(game)(self))
            for alias in game.aliases:
                await self.add_cog(generated_cog(game, alias)(self))

    async def sync_commands(self) -> None:
        if self.settings.dev_guild:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        if hasattr(self, "host"):
            self.host.stop_all()
        await super().close()
        if self._ai_executor is not None:
            self._ai_executor.shutdown(wait=False, cancel_futures=True)
        if hasattr(self, "host"):
            self.host.render_pool.shutdown(wait=False, cancel_futures=True)
        if hasattr(self, "storage"):
            await self.storage.close()

    def game_cog(self, game: str) -> GameCog | None:
        for cog in self.cogs.values():
            if isinstance(cog, GameCog) and cog.game_name == game:
                return cog
        return None

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self._templates.extend(item.__discord_ui_compiled_template__ for item in items)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # Keep each member's user object: their DMs then never need a lookup.
        if hasattr(self, "host"):
            self.host.notifier.remember(interaction.user)
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        ours = interaction.type is discord.InteractionType.component and custom_id.startswith("parlour:")
        if ours and not any(t.fullmatch(custom_id) for t in self._templates):
            # a control from an older version of the bot, or a made-up one: say so, never stay silent
            await say(interaction, "That control no longer works; open a fresh one from the table.")

    async def on_message(self, message: discord.Message) -> None:
        # Count chatter under each table so a buried table is reposted below it.
        if message.author.id == getattr(self.user, "id", None):
            return
        for table in self.tables.in_channel(message.channel.id):
            table.buried += 1

    # A table whose channel or server the bot can no longer reach is called off (nobody wins or
    # loses, stakes come back), not left to its AI seats and turn timer, which would play it out
    # unseen and forfeit its members for turns they could not take.
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.call_off(self.tables.in_channel(channel.id), "The channel was deleted.")

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.call_off(self.tables.in_channel(payload.thread_id), "The thread was deleted.")

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        here = [t for t in self.tables.all() if t.guild_id == guild.id]
        await self.call_off(here, "Parlour was removed from the server.")

    async def call_off(self, tables: list[Table], why: str) -> None:
        for table in tables:  # each in a job of its own, tried again while the database refuses
            self.host.call_off_later(table, why)

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.CheckFailure) and interaction.response.is_done():
            return  # the check already said why
        if isinstance(error, app_commands.MissingPermissions):
            await say(interaction, "You need the Manage Server permission for that.")
        elif isinstance(error, app_commands.NoPrivateMessage):
            await say(interaction, "That works in a server channel, not in direct messages.")
        elif isinstance(error, app_commands.TransformerError):
            await say(interaction, f"I couldn't read “{error.value}” as {error.type.name.lower()}.")
        else:
            log.exception("command %s failed", interaction.command and interaction.command.name, exc_info=error)
            await say(interaction, "Something went wrong on my side; the game is unchanged. Please try again.")


def warm_then_freeze() -> None:
    """Warm the renderers, then leave everything made so far (fonts, sprites, palettes,
    rule tables, the library's own objects) out of the collector's full passes: tens of
    thousands of objects that live as long as the process and cost a full pass 50-90 ms,
    which would land on whichever move happened to trigger it. Only a bot that warms at
    start-up (a real one, not the tests' many bots in one process) freezes: frozen
    objects are never collected, so nothing that may become garbage should be alive yet.

    Full passes are also made rarer (one per FULL_PASS_EVERY middle-generation passes
    instead of 10): each still walks every object made since start-up, 15-40 ms in the
    bot bench (three in 200 moves at an 8-seat table, each landing on a move), while the young
    generations, where nearly all garbage dies, are collected as often as before."""
    warm_renderers()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_PASS_EVERY)


def warm_renderers() -> None:
    """Build every game's cached sprites and fonts once (runs in a render thread)."""
    for name in GAMES:
        warm = getattr(renderers.for_game(name), "warm", None)
        if warm is not None:
            warm()


def create_bot(
    settings: Settings, *, ai_executor: Executor | None = None, rng: random.Random | None = None
) -> ParlourBot:
    """The bot with its dependencies; AI search runs in worker processes unless told otherwise."""
    if ai_executor is None and settings.ai_workers > 0:
        context = multiprocessing.get_context("spawn")
        ai_executor = ProcessPoolExecutor(max_workers=settings.ai_workers, mp_context=context)
    return ParlourBot(settings, ai_executor=ai_executor, rng=rng)
