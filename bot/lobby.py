"""Invitations: opening a table, accepting, declining, joining, starting early, withdrawing, rematches.

The member who starts a game sits last (and so deals). Invitees accept or decline with
the table's buttons; open seats are taken by whoever in the channel clicks Join first; the
inviter may start with whoever is in, or withdraw. A decline takes that seat away: if the
table then has too few players while other members are still at it, an AI takes the
seat; if only the inviter is left, the game is called off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.replies import cannot_post, reply
from bot.table import Seat, Table
from bot.words import plural, shown
from engine import Game

if TYPE_CHECKING:
    from bot.app import ParlourBot
    from bot.host import Host


def member_seat(member: discord.abc.User, *, accepted: bool = False) -> Seat:
    return Seat(user_id=member.id, ai=None, name=member.display_name, accepted=accepted)


OPEN_SEAT = "Open seat"


def open_seat() -> Seat:
    return Seat(user_id=None, ai=None, name=OPEN_SEAT, accepted=False)


def ai_seat(kind: str, number: int) -> Seat:
    return Seat(user_id=None, ai=kind, name=f"Parlour AI {number}" if number else "Parlour AI", accepted=True)


class Lobby:
    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        self._withdrawn: dict[int, str] = {}  # table -> why it is called off
        self._start_now: set[int] = set()

    @property
    def host(self) -> Host:
        return self.bot.host

    # -- opening ---------------------------------------------------------------------------
    async def channel_full(self, guild_id: int, channel_id: int) -> str | None:
        """Why no new table may open in this channel (a moderator's limit, /parlour limit), or None."""
        limit = await self.host.channel_limit(guild_id, channel_id)
        if limit is None:
            return None
        if limit == 0:
            return "Games can't be started in this channel: a moderator has closed it to games."
        open_here = [t for t in self.host.tables.in_channel(channel_id) if t.status in ("lobby", "active")]
        if len(open_here) >= limit:
            allowed = plural(limit, "open game")
            return f"This channel allows {allowed} at once: finish one first, or play in another channel."
        return None

    async def open(
        self,
        *,
        game: type[Game],
        guild_id: int,
        channel_id: int,
        creator: discord.abc.User,
        invited: list[Seat],
        ai: list[Seat],
        options: dict[str, Any],
        seed: int | None = None,
        daily: str | None = None,
        open_seats: int = 0,
    ) -> Table:
        """A new table for these seats; `launch` then posts its invitation or deals."""
        me = member_seat(creator, accepted=True)
        opened = [open_seat() for _ in range(open_seats)]
        seats = [*invited, *opened, *ai, me] if game.max_players > 1 else [me]
        table = await self.host.tables.create(
            guild_id=guild_id, channel_id=channel_id, game=game, options=options, seats=seats, seed=seed, daily=daily
        )
        table.created_at = discord.utils.utcnow().isoformat(timespec="seconds")
        return table

    async def launch(self, table: Table) -> None:
        """Post the invitation, or deal at once when nobody is waiting to accept."""
        if any(not s.accepted for s in table.seats):
            await self.host.publisher.show(table)
            self.host.arm_lobby(table)
        else:
            await self.host.begin(table)

    # -- the lobby's buttons (called under the table's lock) --------------------------------
    async def accept(self, table: Table, user_id: int) -> str:
        seat = table.seat_of(user_id)
        assert seat is not None
        table.seats[seat].accepted = True
        await self.host.storage.update_seats(table.id, [s.row(i) for i, s in enumerate(table.seats)])
        return "You're in." if self.ready(table) else "You're in; waiting for the others."

    async def join(self, table: Table, user: discord.abc.User) -> str:
        """The first open seat goes to `user` (the button has checked they may take it)."""
        seat = next(i for i, s in enumerate(table.seats) if s.is_open)
        table.seats[seat] = member_seat(user, accepted=True)
        table.log.append(f"{user.display_name} joins.")
        await self.host.storage.update_seats(table.id, [s.row(i) for i, s in enumerate(table.seats)])
        return "You're in." if self.ready(table) else "You're in; waiting for the others."

    def join_problem(self, table: Table, user: discord.abc.User) -> str | None:
        """Why `user` may not take an open seat at `table`, or None."""
        if table.seat_of(user.id) is not None:
            return "You're already at this table."
        if not any(s.is_open for s in table.seats):
            return "Every seat at this table is taken."
        if user.bot:
            return "Bots can't take a seat."
        here = self.host.tables.in_channel(table.channel_id, table.game.name)
        busy = [t for t in here if t.seat_of(user.id) is not None]
        if busy:
            return f"You're already at {table.title} #{busy[0].id} in this channel."
        return None

    async def decline(self, table: Table, user_id: int) -> str:
        seat = table.seat_of(user_id)
        assert seat is not None
        name = table.seats.pop(seat).name
        others = [s for s in table.seats[:-1] if s.user_id is not None]
        if len(table.seats) < table.game.min_players and not others:
            # the call-off's reason says it: one line, not "declined." and "declined the game."
            self._withdrawn[table.id] = f"{shown(name)} declined the game."
        else:
            table.log.append(f"{shown(name)} declined.")  # no longer seated: shown_names misses it
            if len(table.seats) < table.game.min_players:
                self._fill_with_ai(table)
        await self._store_seats(table)
        return "You declined the game."

    async def start(self, table: Table, user_id: int) -> str:
        dropped = [s.name for s in table.seats if not s.accepted]
        table.seats[:] = [s for s in table.seats if s.accepted]
        if dropped:
            table.log.append(f"Starting without {', '.join(shown(n) for n in dropped)}.")
        self._fill_with_ai(table)
        await self._store_seats(table)
        self._start_now.add(table.id)
        return "Starting with the players who are in."

    async def cancel(self, table: Table, user_id: int) -> str:
        self._withdrawn[table.id] = f"{table.seats[-1].name} withdrew the invitation."
        return "You withdrew the invitation."

    async def settle(self, table: Table) -> None:
        """After a lobby button: call off, begin, or show the lobby as it now stands."""
        if table.status != "lobby":
            return
        if table.id in self._withdrawn:
            await self.host.endings.cancel(table, self._withdrawn.pop(table.id))
        elif self.ready(table) or table.id in self._start_now:
            self._start_now.discard(table.id)
            await self.host.begin(table)
        else:
            await self.host.publisher.show(table)

    def ready(self, table: Table) -> bool:
        return all(s.accepted for s in table.seats) and len(table.seats) >= table.game.min_players

    def _fill_with_ai(self, table: Table) -> None:
        kind = next((s.ai for s in table.seats if s.ai), "normal")
        while len(table.seats) < table.game.min_players:
            number = sum(1 for s in table.seats if s.is_ai) + 1
            table.seats.insert(len(table.seats) - 1, ai_seat(kind, number))
            table.log.append(f"{table.seats[-2].name} takes the empty seat.")

    async def _store_seats(self, table: Table) -> None:
        await self.host.storage.replace_seats(table.id, [s.row(i) for i, s in enumerate(table.seats)])

    # -- rematch ---------------------------------------------------------------------------
    async def rematch(self, interaction: discord.Interaction, game_id: int) -> str | None:
        """The same seats and settings again; the clicker invites the other members."""
        row = await self.host.storage.load_game(game_id)
        if row is None or row.status != "over":
            return "That game can't be played again."
        if row.guild_id != interaction.guild_id or row.channel_id != interaction.channel_id:
            return "That button belongs to a game in another channel."
        user = interaction.user
        if not any(s.user_id == user.id for s in row.seats):
            return "Only the players of that game can ask for a rematch."
        from engine import GAMES

        game = GAMES.get(row.game)
        if game is None:
            return "That game isn't available any more."
        busy = [t for t in self.host.tables.in_channel(row.channel_id, game.name) if t.seat_of(user.id) is not None]
        if busy:
            return f"You're already at {game.title} #{busy[0].id} in this channel."
        full = cannot_post(interaction) or await self.channel_full(row.guild_id, row.channel_id)
        if full:
            return full
        invited = [Seat(s.user_id, None, s.name, accepted=False) for s in row.seats if s.user_id not in (None, user.id)]
        ai = [ai_seat(s.ai or "normal", 0) for s in row.seats if s.user_id is None]
        for number, seat in enumerate(ai, 1):
            seat.name = f"Parlour AI {number}" if len(ai) > 1 else "Parlour AI"
        table = await self.open(
            game=game,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            creator=user,
            invited=invited,
            ai=ai,
            options=dict(row.options),
        )
        await reply(interaction, f"Rematch of {table.title} #{game_id}: {table.title} #{table.id} is set up.")
        await self.launch(table)
        return None
