"""A seeded fault-injection fuzz harness: the real bot in SimCord, driven hard.

`run_fuzz(db_path, seed=..., steps=...)` plays four games (or `games`: any registered) through Discord at once
(slash commands, hand panels, table buttons, autocomplete) with junk text, stale and
forged panels, non-players, DMs, bursts of simultaneous clicks, Discord 500 and 429
errors on chosen REST routes, clean restarts and crashes between an interaction and
its answer. After every step, once the bot is idle, it checks what must always hold
and counts each breach in a column of `FuzzResult`; `FuzzResult.bad()` lists the
columns that must stay zero. Each breach is kept as a `Finding` (step, what, detail)
so a failing run can be reproduced from its seed. The checks and the result live in
tests/bot/fuzz_checks.py.

SimCord has fault injection (`Env.inject_error`, one shot per fault here). Two things
it has no public verb for are built from its own pieces: a burst (several
INTERACTION_CREATE events emitted before one settle) and a crash (the bot generation
detached without settling, its SQLite connection closed as a dying process's would
be, a new bot attached on the same file).
"""

from __future__ import annotations

import json
import logging
import random
import re
import sqlite3
import string
from typing import Any

import discord
import simcord
from simcord import interactions as sim_interactions
from simcord._runtime import _attach_bot
from simcord.actors import _find_component, _resolve_visible_command
from simcord.backend.errors import BackendError, SetupError
from simcord.components import walk_components
from simcord.enums import ComponentType, InteractionType
from simcord.results import InteractionResult, to_discord_message

from bot.app import create_bot
from bot.host import AI_RACE_DELAY
from bot.settings import Settings
from engine import GAMES
from tests.bot.fuzz_checks import ErrorLog, FuzzChecks, FuzzResult, excerpt
from tests.bot.helpers import click_now, short_options

GAME_NAMES = ("dickory", "moleicki", "klondike", "freecell")  # CI's run; the long run may take every game
PANEL_ID = re.compile(r"parlour:(?:act|sol:[a-z]+):(\d+):(\d+)")


def new_bot(db_path: str, seed: int) -> discord.Client:
    settings = Settings(token="simcord", database=db_path, ai_workers=0, warm_renderers=False)
    return create_bot(settings, rng=random.Random(seed))


async def close_bot_storage(bot: Any) -> None:
    """What a dying process does to its files: the SQLite connection goes, uncommitted work rolls back."""
    if hasattr(bot, "host"):
        bot.host.render_pool.shutdown(wait=False, cancel_futures=True)
    if hasattr(bot, "storage"):
        await bot.storage.close()


def junk(rng: random.Random) -> str:
    choices = [
        lambda: "".join(rng.choice(string.printable) for _ in range(rng.randint(1, 40))),
        lambda: "play " + " ".join(str(rng.randint(-3, 99)) for _ in range(rng.randint(1, 6))),
        lambda: rng.choice(["move 9 z", "deal custom base uuuu", "nein nein", "kkk9 2", "play JK JK JK", "undo 3"]),
        lambda: "🂡" * rng.randint(1, 80),
        lambda: "x" * 300,
        lambda: rng.choice(["", " ", "'; DROP TABLE games; --", "<@1> @everyone", "\n\n", "ｐｌａｙ　７"]),
    ]
    return rng.choice(choices)()


# -- the harness -------------------------------------------------------------------------
class Fuzzer(FuzzChecks):
    def __init__(self, env: simcord.Env, db_path: str, seed: int, games: tuple[str, ...] = GAME_NAMES) -> None:
        self.env, self.db_path, self.seed, self.games = env, db_path, seed, games
        self.rng = random.Random(seed)
        self.result = FuzzResult(seed=seed)
        self.db = sqlite3.connect(db_path, isolation_level=None)
        self.errors = ErrorLog()
        self.error_cursor = 0
        self.seen_interactions: set[int] = set()
        self.cut: set[int] = set()  # interactions cut off by a crash, and forged ones: no answer owed
        self.seen_text: dict[int, str] = {}  # message id -> public text already checked
        self.panels: list[tuple[int, int, Any, Any]] = []  # (game, version, actor, panel message)
        self.timer_since: dict[int, dict[int, int]] = {}  # guild -> game -> version when the timer changed
        self.step = 0
        self.op = ""
        self.reported: set[tuple[Any, ...]] = set()
        self.generation = 0

    # -- world ---------------------------------------------------------------------
    def build_world(self) -> None:
        env = self.env
        self.guild = env.create_guild(name="Parlour Fuzz")
        self.other_guild = env.create_guild(name="Elsewhere")
        self.channels = [self.guild.create_text_channel("games"), self.guild.create_text_channel("more-games")]
        self.far_channel = self.other_guild.create_text_channel("far")
        users = [env.create_user(n) for n in ("alice", "bob", "carol", "dave", "erin")]
        self.members = [self.guild.add_member(u) for u in users]
        self.far_members = [self.other_guild.add_member(u) for u in users[:2]]
        mods = self.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
        self.admin = self.guild.add_member(env.create_user("admin"), roles=[mods])
        # A server that lets everyone reach /parlour in its integration settings: the bot
        # itself must still refuse members without Manage Server.
        command = env.backend.find_command("parlour", self.guild.id)
        assert command is not None, "the /parlour group is not synced"
        self.guild.set_command_permissions(int(command["id"]), {self.members[2]: True})
        self.by_id = {m.id: m for m in self.members}

    @property
    def bot(self) -> Any:
        return self.env.bot

    def tables(self) -> list[Any]:
        return sorted(self.bot.tables.all(), key=lambda t: t.id)

    def active(self) -> list[Any]:
        return [t for t in self.tables() if t.active]

    def channel_of(self, table: Any) -> Any:
        return next(c for c in self.channels if c.id == table.channel_id)

    def table_message(self, table: Any) -> discord.Message | None:
        if table.message_id is None:
            return None
        try:
            stored = self.env.backend.get_message(table.channel_id, table.message_id)
        except BackendError:
            return None
        return to_discord_message(self.env, stored)

    def human_turns(self) -> list[tuple[Any, int]]:
        return [
            (t, s)
            for t in self.active()
            for s in t.waiting_on()
            if not t.seats[s].autoplay and t.seats[s].user_id in self.by_id
        ]

    def choose_action(self, table: Any, seat: int) -> str:
        legal = [a.text for a in table.state.legal_actions(seat)]
        if self.rng.random() < 0.7:
            action = table.state.heuristic_action(seat, random.Random(self.rng.random()))
            if action is not None:
                return action.text
        calm = [a for a in legal if a != "resign"] or legal
        return self.rng.choice(calm)

    # -- driving ---------------------------------------------------------------------
    async def run(self, steps: int) -> FuzzResult:
        root = logging.getLogger()
        root.addHandler(self.errors)
        try:
            self.build_world()
            for self.step in range(steps):
                await self.one_step()
            await self.finish()
        finally:
            root.removeHandler(self.errors)
            self.db.close()
        self.result.steps = steps
        return self.result

    OPS = (
        ("start", 10),
        ("move", 30),
        ("panel_move", 18),
        ("poke_panel", 6),
        ("junk", 5),
        ("autocomplete", 4),
        ("stale", 5),
        ("non_player", 4),
        ("dm", 2),
        ("burst", 5),
        ("forged", 3),
        ("permissions", 2),
        ("admin", 2),
        ("misc", 3),
        ("wait", 6),
        ("restart", 2),
        ("crash", 2),
    )

    async def one_step(self) -> None:
        names, weights = zip(*self.OPS, strict=True)
        op = self.rng.choices(names, weights)[0]
        if op in ("move", "panel_move", "burst", "crash") and not self.human_turns():
            op = "start"
        self.result.ops[op] = self.result.ops.get(op, 0) + 1
        self.op = op
        faults = self.inject_faults() if op not in ("restart", "crash") else []
        before = len(self.result.findings)
        try:
            await getattr(self, f"op_{op}")()
        except TimeoutError as exc:
            self.result.add("settle_timeouts", self.step, f"{op}: the bot did not settle", excerpt(exc, 3))
        except (SetupError, BackendError):
            pass  # the world moved (a message or button gone): a real user could not do this now
        fired = [f for f in faults if f not in self.env.backend.faults]
        for f in faults:
            if f in self.env.backend.faults:
                self.env.backend.faults.remove(f)
        await self.check()
        self.result.faults_injected += len(fired)
        if fired and len(self.result.findings) == before:
            self.result.faults_survived += len(fired)

    def inject_faults(self) -> list[dict[str, Any]]:
        if self.rng.random() > 0.3:
            return []
        channel = self.rng.choice(self.channels)
        dm = self.rng.choice(self.members).user.dm_channel.id
        routes = {
            "table edit": ("PATCH", f"/channels/{channel.id}/messages/*"),
            "channel post": ("POST", f"/channels/{channel.id}/messages"),
            "reply": ("POST", "/interactions/*/callback"),
            "followup": ("POST", "/webhooks/*/*"),
            "edit reply": ("PATCH", "/webhooks/*/*/messages/*"),
            "dm": ("POST", f"/channels/{dm}/messages"),
        }
        out = []
        for kind in self.rng.sample(sorted(routes), self.rng.choice((1, 1, 2))):
            method, path = routes[kind]
            status = self.rng.choice((500, 429))
            self.env.inject_error(method, path, status=status, message=f"injected {status} on {kind}", times=1)
            out.append(self.env.backend.faults[-1])
        return out

    # -- operations ----------------------------------------------------------------------
    async def op_start(self) -> None:
        rng = self.rng
        game = rng.choice(self.games)
        channel = rng.choice(self.channels)
        starter, *others = rng.sample(self.members, len(self.members))
        if game == "dickory":
            if rng.random() < 0.5:
                await starter.slash(
                    channel, "dickory start", opponent=others[0], variant=rng.choice(["classic", "hickory"])
                )
                await self.answer_lobby(channel)
            else:
                await starter.slash(channel, "dickory start", ai="easy")
        elif game == "moleicki":
            invited = {f"player{i + 2}": m for i, m in enumerate(others[: rng.randint(0, 2)])}
            bots = rng.randint(0 if invited else 1, 3 - len(invited))
            await starter.slash(channel, "moleicki start", bots=bots, ai="easy", **invited)
            await self.answer_lobby(channel)
        elif game == "klondike":
            await starter.slash(channel, "klondike start", draw=rng.choice(["1", "3"]))
        elif game == "freecell":
            await starter.slash(channel, "freecell start", deal=rng.randint(1, 32000))
        else:
            await self.start_any(GAMES[game], channel, starter, others)

    async def start_any(self, game: Any, channel: Any, starter: Any, others: list[Any]) -> None:
        """Any other registered game from its facts alone: its shortest match, up to two
        members invited, easy AI seats to make up (or fill out) the table."""
        options = short_options(game)
        if game.max_players == 1:
            await starter.slash(channel, f"{game.name} start", **options)
            return
        invited = others[: self.rng.randint(0, min(2, game.max_players - 1))]
        names = ["opponent"] if game.max_players == 2 else [f"player{i}" for i in range(2, game.max_players + 1)]
        least = max(0, game.min_players - 1 - len(invited))
        bots = self.rng.randint(least, max(least, min(3, game.max_players - 1 - len(invited))))
        await starter.slash(
            channel, f"{game.name} start", **dict(zip(names, invited, strict=False)), bots=bots, ai="easy", **options
        )
        await self.answer_lobby(channel)

    async def answer_lobby(self, channel: Any) -> None:
        """Invited members mostly accept at once; some decline, some leave it to expire."""
        for table in [t for t in self.tables() if t.status == "lobby" and t.channel_id == channel.id]:
            for seat in table.seats:
                if seat.accepted or seat.user_id not in self.by_id or table.status != "lobby":
                    continue
                roll = self.rng.random()
                if roll < 0.1:
                    continue
                choice = "decline" if roll < 0.15 else "accept"
                message = self.table_message(table)
                if message is not None:
                    await self.by_id[seat.user_id].click(message, custom_id=f"parlour:lobby:{table.id}:{choice}")

    async def op_move(self) -> None:
        table, seat = self.rng.choice(self.human_turns())
        member = self.by_id[table.seats[seat].user_id]
        await member.slash(self.channel_of(table), f"{table.game.name} play", action=self.choose_action(table, seat))

    async def open_panel(self, table: Any, member: Any) -> Any:
        message = self.table_message(table)
        if message is None:
            return None
        result = await member.click(message, custom_id=f"parlour:hand:{table.id}")
        if result.response is not None and result.response.components:
            self.panels = [*self.panels[-40:], (table.id, table.version, member, result.response)]
        return result.response

    async def op_panel_move(self) -> None:
        table, seat = self.rng.choice(self.human_turns())
        member = self.by_id[table.seats[seat].user_id]
        text = self.choose_action(table, seat)
        panel = await self.open_panel(table, member)
        if panel is None:
            return
        for select in selects(panel):
            if text in [o["value"] for o in select.get("options") or []]:
                await member.select(panel, [text], custom_id=select["custom_id"])
                return
        await member.slash(self.channel_of(table), f"{table.game.name} play", action=text)

    async def op_poke_panel(self) -> None:
        """Any button or select option of a fresh panel, as a curious player would."""
        turns = self.human_turns()
        if not turns:
            return
        table, seat = self.rng.choice(turns)
        member = self.by_id[table.seats[seat].user_id]
        panel = await self.open_panel(table, member)
        if panel is not None:
            await self.poke(member, panel)

    async def poke(self, member: Any, message: Any) -> None:
        items = [c for c in walk_components(message.components) if c.get("custom_id") and not c.get("disabled")]
        if not items:
            return
        item = self.rng.choice(items)
        if item["type"] == ComponentType.BUTTON:
            await member.click(message, custom_id=item["custom_id"])
        elif item.get("options"):
            await member.select(message, [self.rng.choice(item["options"])["value"]], custom_id=item["custom_id"])

    async def op_junk(self) -> None:
        tables = self.active()
        member = self.rng.choice(self.members)
        channel = self.channel_of(self.rng.choice(tables)) if tables else self.channels[0]
        await member.slash(channel, f"{self.rng.choice(GAME_NAMES)} play", action=junk(self.rng))

    async def op_autocomplete(self) -> None:
        member = self.rng.choice(self.members)
        typed = self.rng.choice(["", "p", "play ", "move 1", "deal c", "dr", junk(self.rng)[:90]])
        await member.autocomplete(
            self.rng.choice(self.channels), f"{self.rng.choice(GAME_NAMES)} play", "action", typed
        )

    async def op_stale(self) -> None:
        """A select on a panel still showing an older position must not act. (A panel the
        bot redrew in place is current again: its custom ids say which move it shows.)"""
        stale = []
        for _game, _version, member, panel in self.panels:
            for select in selects(panel):
                drawn = PANEL_ID.match(select["custom_id"])
                table = self.bot.tables.get(int(drawn[1])) if drawn else None
                if table is not None and table.active and int(drawn[2]) < table.version:
                    stale += [(table, int(drawn[2]), member, panel, select, o["value"]) for o in select["options"]]
        if not stale:
            return
        table, version, member, panel, select, value = self.rng.choice(stale)
        mark = self.log_mark(table.id)
        await member.select(panel, [value], custom_id=select["custom_id"])
        acted = self.human_actions_since(table.id, mark, table.seat_of(member.id))
        if acted:
            what = f"game {table.id}: {select['custom_id']} (move {version}) acted at move {version + len(acted)}"
            self.result.add("stale_acted", self.step, what, str(acted))

    async def op_non_player(self) -> None:
        tables = self.active()
        if not tables:
            return
        table = self.rng.choice(tables)
        outsiders = [m for m in self.members if table.seat_of(m.id) is None]
        message = self.table_message(table)
        if not outsiders or message is None:
            return
        member = self.rng.choice(outsiders)
        if self.rng.random() < 0.5:
            await self.poke(member, message)
        else:
            await member.slash(self.channel_of(table), f"{table.game.name} play", action="pass")

    async def op_dm(self) -> None:
        user = self.rng.choice(self.members).user
        game = self.rng.choice(GAME_NAMES)
        name, options = self.rng.choice(
            [(f"{game} play", {"action": "pass"}), (f"{game} hand", {}), ("leaderboard", {"game": game})]
        )
        await user.slash(name, **options)

    async def op_burst(self) -> None:
        """Several clicks at the same moment: the same pick twice, plus other members' clicks."""
        table, seat = self.rng.choice(self.human_turns())
        member = self.by_id[table.seats[seat].user_id]
        panel = await self.open_panel(table, member)
        text = self.choose_action(table, seat)
        if panel is None or not table.active:
            return
        picks = [(s["custom_id"], text) for s in selects(panel) if text in [o["value"] for o in s.get("options") or []]]
        mark = self.log_mark(table.id)
        records, typed = [], 0
        message = self.table_message(table)
        for _ in range(self.rng.randint(2, 4)):
            roll = self.rng.random()
            if picks and roll < 0.5:
                records.append(self.emit_component(member, panel, picks[0][0], [text]))
            elif roll < 0.75:
                other = self.rng.choice(self.members)
                if message is not None:
                    records.append(self.emit_component(other, message, f"parlour:hand:{table.id}"))
            else:
                records.append(self.emit_slash(member, self.channel_of(table), f"{table.game.name} play", action=text))
                typed += 1  # a typed /play is a move of its own, with no panel version to check
        self.result.bursts += 1
        await self.env.settle()
        mine = self.human_actions_since(table.id, mark, seat)
        if len(mine) > typed + 1:
            self.result.add(
                "double_moves", self.step, f"game {table.id}: one burst applied {len(mine)} moves", str(mine)
            )

    async def op_forged(self) -> None:
        """A panel's custom id replayed from another server or channel must not act."""
        turns = [(t, s) for t, s in self.human_turns() if t.seats[s].user_id in {m.id for m in self.far_members}]
        if not turns:
            return
        table, seat = self.rng.choice(turns)
        text = self.choose_action(table, seat)
        user_id = table.seats[seat].user_id
        if self.rng.random() < 0.5:
            member = next(m for m in self.far_members if m.id == user_id)
            channel = self.far_channel
        else:
            member = self.by_id[user_id]
            channel = next(c for c in self.channels if c.id != table.channel_id)
        bait = await member.send(channel, "look at this")
        custom_id = f"parlour:act:{table.id}:{table.version}:0"  # the solitaires use the same panel
        mark = self.log_mark(table.id)
        # Discord may refuse such a click or deliver it; either way it is not counted unanswered.
        self.cut.add(self.emit_component(member, bait, custom_id, [text], forged=True).id)
        await self.env.settle()
        acted = self.human_actions_since(table.id, mark, seat)
        if acted:
            self.result.add(
                "forged_acted", self.step, f"game {table.id}: {custom_id} replayed in #{channel.name} acted", str(acted)
            )

    async def op_permissions(self) -> None:
        """carol may reach /parlour (the server allowed it) but has no Manage Server."""
        carol = self.members[2]
        channel = self.rng.choice(self.channels)
        which = self.rng.choice(["timer", "rate-ai", "cancel", "games"])
        timer = self.setting(self.guild.id, "timer", "10")
        rate = self.setting(self.guild.id, "rate_ai", "off")
        tables = self.active()
        target = self.rng.choice(tables) if tables else None
        if which == "timer":
            result = await carol.slash(channel, "parlour timer", minutes=1 if timer != "1" else 2)
            changed = self.setting(self.guild.id, "timer", "10") != timer
        elif which == "rate-ai":
            result = await carol.slash(channel, "parlour rate-ai", setting="on" if rate == "off" else "off")
            changed = self.setting(self.guild.id, "rate_ai", "off") != rate
        elif which == "cancel" and target is not None:
            result = await carol.slash(channel, "parlour cancel", game=target.id)
            changed = target.status == "cancelled"
        else:
            result = await carol.slash(channel, "parlour games")
            changed = replied_with(result, "No open games") or replied_with(result, " in <#")
        if changed:
            said = result.response.content if result.response else None
            self.result.add(
                "permission_holes",
                self.step,
                f"/parlour {which} obeyed a member without Manage Server",
                f"reply: {said!r}",
            )

    async def op_admin(self) -> None:
        channel = self.rng.choice(self.channels)
        roll = self.rng.random()
        if roll < 0.6:
            minutes = self.rng.choice([0, 2, 10])
            await self.admin.slash(channel, "parlour timer", minutes=minutes)
            self.timer_since[self.guild.id] = {t.id: t.version for t in self.tables()}
        elif roll < 0.8:
            await self.admin.slash(channel, "parlour rate-ai", setting=self.rng.choice(["on", "off"]))
        elif self.active():
            await self.admin.slash(channel, "parlour cancel", game=self.rng.choice(self.active()).id)

    async def op_misc(self) -> None:
        member = self.rng.choice(self.members)
        channel = self.rng.choice(self.channels)
        game = self.rng.choice(GAME_NAMES)
        verb = self.rng.choice(["board", "rules", "hand", "resign", "leaderboard", "quick"])
        if verb == "leaderboard":
            await member.slash(channel, "leaderboard", game=game)
        elif verb == "quick":
            tables = self.active()
            message = self.table_message(self.rng.choice(tables)) if tables else None
            quick = [c for c in walk_components(message.components)] if message else []
            ids = [c["custom_id"] for c in quick if str(c.get("custom_id", "")).startswith("parlour:quick:")]
            if ids:
                await member.click(message, custom_id=self.rng.choice(ids))
        elif verb == "resign" and self.rng.random() > 0.3:
            return  # resignations end games quickly: rarer than the rest
        else:
            await member.slash(channel, f"{game} {verb}")

    async def op_wait(self) -> None:
        seconds = self.rng.choices([1, AI_RACE_DELAY + 0.5, 65, 301, 601], [4, 8, 1, 1, 1])[0]
        await self.env.advance_time(seconds)

    async def op_restart(self) -> None:
        await self.env.settle()  # restart_bot settles first: let that work land before the snapshot
        before = {t.id: (t.version, json.dumps(t.state.dump(), sort_keys=True)) for t in self.active()}
        old = self.bot
        self.generation += 1
        await self.env.restart_bot(new_bot(self.db_path, self.seed + self.generation))
        await close_bot_storage(old)
        self.result.restarts += 1
        for game_id, (version, dump) in before.items():
            table = self.bot.tables.get(game_id)
            if table is None:
                self.result.add("state_mismatches", self.step, f"game {game_id} was open but did not come back")
            elif (table.version, json.dumps(table.state.dump(), sort_keys=True)) == (version, dump):
                self.result.games_resumed_identical += 1
            elif table.version > version and self.only_ai_since(game_id, version):
                self.result.games_resumed_identical += 1  # it came back as left, then its AI seats moved on
            else:
                what = f"game {game_id} came back at move {table.version}, left at {version}"
                self.result.add("state_mismatches", self.step, what)
        self.check_replay()

    async def op_crash(self) -> None:
        """kill -9 between an interaction and its answer: a move is sent, the bot dies mid-way."""
        table, seat = self.rng.choice(self.human_turns())
        member = self.by_id[table.seats[seat].user_id]
        record = self.emit_slash(
            member, self.channel_of(table), f"{table.game.name} play", action=self.choose_action(table, seat)
        )
        for _ in range(self.rng.randint(0, 40)):
            await _tick()
        if not record.responded:
            self.cut.add(record.id)
            self.result.cut_by_crash += 1
        old = self.bot
        self.generation += 1
        env = self.env
        env._begin_operation("crash")
        try:
            await env._detach_bot()
            await close_bot_storage(old)
            await _attach_bot(env, new_bot(self.db_path, self.seed + self.generation))
        finally:
            env._end_operation()
        self.result.crashes += 1
        self.result.games_resumed_identical += len(self.active())
        self.check_replay()

    # -- simultaneous and forged interactions (SimCord's own payloads, emitted unsettled) ------
    def emit_component(
        self, member: Any, message: Any, custom_id: str, values: list[str] | None = None, *, forged: bool = False
    ) -> Any:
        kind = None  # forged: as the values make it; otherwise the type of the component clicked
        if not forged:
            backend = self.env.backend
            channel_id = message.channel_id if hasattr(message, "channel_id") else message.channel.id
            stored = backend.get_message(channel_id, message.id)
            found = _find_component(stored.components, types=(2, 3), custom_id=custom_id, label=None)
            kind = ComponentType(found["type"])
        return click_now(self.env, member, message, custom_id, values, kind)

    def emit_slash(self, member: Any, channel: Any, name: str, **options: Any) -> Any:
        backend = self.env.backend
        parts = name.split()
        root = _resolve_visible_command(member, channel.id, parts[0], 1)
        leaf, nesting = sim_interactions.walk_to_subcommand(root, parts[1:])
        leaf_options, resolved = sim_interactions.build_options(member, name, leaf, options, channel_id=channel.id)
        data = {
            "id": root["id"],
            "name": root["name"],
            "type": 1,
            "options": sim_interactions.nest_options(root, nesting, leaf_options),
        }
        if resolved:
            data["resolved"] = resolved
        record, payload = sim_interactions.base_payload(
            backend,
            type=InteractionType.APPLICATION_COMMAND,
            channel_id=channel.id,
            guild_id=member.guild.id,
            user_id=member.id,
            data=data,
        )
        backend.emit("INTERACTION_CREATE", payload)
        return record

    async def finish(self) -> None:
        """The end: let the AI seats move, then every open game must have someone to move who will."""
        self.step += 1
        try:
            await self.env.settle()
            await self.env.advance_time(AI_RACE_DELAY + 1)
        except TimeoutError as exc:
            self.result.add("settle_timeouts", self.step, "the bot did not settle at the end", excerpt(exc, 3))
        await self.check()
        self.check_replay()
        for table in self.tables():
            if table.status != "active":
                continue
            waiting = table.waiting_on()
            if table.state is None or table.state.over:
                self.result.add("stuck_games", self.step, f"game {table.id}: over in the engine but still open")
            elif not waiting:
                self.result.add("stuck_games", self.step, f"game {table.id}: nobody is to move")
            elif all(table.seats[s].autoplay for s in waiting):
                self.result.add(
                    "stuck_games", self.step, f"game {table.id}: the AI seats {waiting} are to move and idle"
                )


def selects(message: Any) -> list[dict[str, Any]]:
    return [c for c in walk_components(message.components) if c.get("type") == ComponentType.STRING_SELECT]


def replied_with(result: InteractionResult, words: str) -> bool:
    texts = [m.content for m in [result.response, *result.followups] if m is not None]
    return any(words in t for t in texts)


async def _tick() -> None:
    import asyncio

    await asyncio.sleep(0)


async def run_fuzz(
    db_path: str, *, seed: int, steps: int, settle_timeout: float = 10.0, games: tuple[str, ...] = GAME_NAMES
) -> FuzzResult:
    """One seeded run on a fresh SQLite file: build the world, drive it, check it."""
    async with simcord.run(new_bot(db_path, seed), check_errors=False, settle_timeout=settle_timeout) as env:
        try:
            return await Fuzzer(env, db_path, seed, games).run(steps)
        finally:
            last = env.bot
    await close_bot_storage(last)
