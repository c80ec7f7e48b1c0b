"""What reaches a member privately: their private picture, and a "your move" alert.

A seat's private picture (its hand, its foot, cards only it has seen) is sent by DM
when someone else's move changed it (a card drawn for it, cards handed over), and with
the turn alert only when it holds something the member has not been shown (the table
remembers the last picture each member saw, whether in a DM, a panel or a reply). A
member acting through their panel sees the new hand in that reply, so their own moves
send nothing. The alert and the picture travel in one DM. A move that changes the hands
of MASS_DEAL or more members at once (a deal) sends each their cards in words instead:
drawing a picture for each would hold the table up, and the picture is one click away
behind **Your hand** and comes with the member's next turn alert. Members choose with
/notifications: alerts by DM, by a channel ping (removed once they move) or none, and
hand pictures in DMs or not. A member whose DMs
are closed gets channel pings instead, and is told once.
"""

from __future__ import annotations

import asyncio
import io
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.replies import with_retries
from bot.table import Table

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

ALERT_QUIET = 60.0  # seconds: a member who just moved against AI seats needs no alert for their next turn
ALERTS = ("dm", "ping", "off")
MASS_DEAL = 3  # members whose hands one move changed: from here on, their cards go in words


def private_parts(table: Table, seat: int, view: dict[str, Any] | None = None) -> dict[str, Any]:
    """The seat's private view keys that hold something (an empty hand is nothing to send),
    from `view` when the caller already has the seat's view. Lists of cards are compared
    as sets of cards: a hand only re-sorted (a new sort order) is the same hand."""
    if table.state is None:
        return {}
    if view is None:
        view = table.state.private_view(seat)
    return {k: _unordered(view[k]) for k in table.game.private_keys if view.get(k) not in (None, [], {}, "")}


def _unordered(value: Any) -> Any:
    if isinstance(value, list) and all(isinstance(v, str | int) for v in value):
        return sorted(value, key=str)
    return value


def pretty_cards(cards: Any) -> str:
    """Card codes in words a person reads: 10H -> 10♥."""
    if not isinstance(cards, list):
        return str(cards)
    return " ".join(pretty_card(str(c)) for c in cards)


SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def pretty_card(code: str) -> str:
    if len(code) >= 2 and code[-1] in SUIT_SIGNS and code[:-1] and code != "JK":
        return code[:-1] + SUIT_SIGNS[code[-1]]
    return "🃏" if code == "JK" else code


def hand_text(table: Table, seat: int) -> str:
    """The words with a private picture (DM and panel): which game, and the hand in card signs."""
    assert table.state is not None
    hand = table.state.view(seat).get("hand")
    where = f"{table.title} #{table.id} (<#{table.channel_id}>)"
    game = table.game
    if not isinstance(hand, list) or (not hand and game.empty_hand is None):
        return where
    shown = (game.part_words("cards", hand) or pretty_cards(hand)) if hand else game.empty_hand
    return f"{game.hand_label} in {where}: {shown}"


def jump_url(table: Table) -> str:
    if table.message_id is None:
        return f"<#{table.channel_id}>"
    return f"https://discord.com/channels/{table.guild_id}/{table.channel_id}/{table.message_id}"


@dataclass(frozen=True)
class Letter:
    """One DM ready to post: its words, and its picture (being drawn) if it carries one."""

    seat: int
    user_id: int
    text: str
    alert: bool
    picture: asyncio.Future[bytes] | None


class Notifier:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.users: dict[int, discord.abc.User] = {}

    # -- members -------------------------------------------------------------------------
    def remember(self, user: discord.abc.User) -> None:
        """Keep the user object from an interaction, so DMs never need a fetch."""
        self.users[user.id] = user

    async def user(self, user_id: int) -> discord.abc.User:
        user = self.users.get(user_id) or self.host.bot.get_user(user_id)
        if user is None:
            user = await with_retries(lambda: self.host.bot.fetch_user(user_id))
        self.users[user_id] = user
        return user

    async def prefs(self, user_id: int) -> tuple[str, bool]:
        """(alerts: dm | ping | off, hand pictures by DM: on/off)."""
        alerts = await self.host.setting(0, f"member:{user_id}:alerts", "dm")
        hands = await self.host.setting(0, f"member:{user_id}:hands", "on")
        return alerts, hands == "on"

    # -- after a move ----------------------------------------------------------------------
    async def after_move(self, table: Table, actor: int | None, turn_before: set[int]) -> None:
        """Alert members whose turn just came; send pictures changed by someone else's doing."""
        if not table.active:
            return
        now = asyncio.get_running_loop().time()
        vs_ai_only = sum(1 for s in table.seats if s.user_id is not None) == 1
        due: list[tuple[int, bool, bool]] = []  # (seat, its turn came, a hand it has not seen)
        for seat in table.human_seats():
            if table.seats[seat].autoplay:
                continue
            turn_came = seat in table.turn_humans() and seat not in turn_before
            if turn_came and vs_ai_only and now - table.last_acted.get(seat, -1e9) < ALERT_QUIET:
                turn_came = False  # they are at the table, answering the AI
            unseen = seat != actor and private_parts(table, seat) != table.shown.get(seat, {})
            if turn_came or unseen:
                due.append((seat, turn_came, unseen))
        dealt = sum(1 for _, _, unseen in due if unseen) >= MASS_DEAL
        letters = [
            await self.letter(
                table, seat, alert=turn_came, picture=unseen or seat in table.in_words, in_words=dealt and unseen
            )
            for seat, turn_came, unseen in due
        ]
        await self.post_all(table, letters)

    async def send(self, table: Table, seat: int, *, alert: bool, picture: bool = True) -> None:
        """One DM: the alert line and/or the private picture (if `picture`), as the member chose."""
        await self.send_all(table, [(seat, alert)], picture=picture)

    async def send_all(self, table: Table, seats: list[tuple[int, bool]], *, picture: bool = True) -> None:
        """A DM to each (seat, alert?): every picture starts drawing before the first is posted."""
        await self.post_all(table, [await self.letter(table, s, alert=alert, picture=picture) for s, alert in seats])

    async def post_all(self, table: Table, letters: list[Letter | None]) -> None:
        # Every picture is already being drawn, in the render threads, while
        # the loop posts the letters in turn: the hands do not wait on each other's posts.
        for letter in letters:
            if letter is not None:
                await self.post(table, letter)

    async def letter(
        self, table: Table, seat: int, *, alert: bool, picture: bool, in_words: bool = False
    ) -> Letter | None:
        """The DM a seat is due, its picture already being drawn (or, `in_words`, its cards
        written out and the picture left for later); None when nothing goes by DM (the member
        chose pings or nothing, or their DMs are closed: a ping goes now instead)."""
        player = table.seats[seat]
        if player.user_id is None or table.state is None:
            return None
        alerts, hands = await self.prefs(player.user_id)
        parts = private_parts(table, seat) if picture and hands else {}
        picture = bool(parts)
        want_alert = alert and alerts != "off"
        if want_alert and (alerts == "ping" or seat in table.dm_closed):
            await self.ping(table, seat)
            want_alert = False
        if not (want_alert or picture) or seat in table.dm_closed:
            return None
        lines = []
        if want_alert:
            lines.append(f"🎲 Your move in {table.title} #{table.id}: {jump_url(table)}")
        if picture:
            lines.append(hand_text(table, seat))
        png = None
        if picture and in_words:
            lines.append("The picture of your hand is behind **Your hand** on the table.")
            table.shown[seat] = parts  # told: not news at the next move
            table.in_words.add(seat)  # its picture comes with the next alert
        elif picture:
            png = self.host.publisher.draw_hand(table, seat)
        return Letter(seat, player.user_id, "\n".join(lines), want_alert, png)

    async def post(self, table: Table, letter: Letter) -> None:
        try:
            user = await self.user(letter.user_id)
            kwargs: dict[str, Any] = {}
            if letter.picture is not None:
                png = await letter.picture
                kwargs["file"] = discord.File(io.BytesIO(png), filename="hand.png", description="Your hand")
            await with_retries(lambda: user.send(letter.text, **kwargs), attempts=2)
        except discord.Forbidden:
            await self.dms_closed(table, letter.seat, alert=letter.alert)
        except discord.HTTPException as exc:
            log.warning("could not DM table %s seat %s (%s)", table.id, letter.seat, exc.status)

    async def dms_closed(self, table: Table, seat: int, *, alert: bool) -> None:
        table.dm_closed.add(seat)
        player = table.seats[seat]
        await self.host.publisher.channel_say(
            table,
            f"<@{player.user_id}>, I can't send you direct messages, so I'll mention you here when it's your "
            f"move; your hand is behind the **Your hand** button on the table (only you see it).",
        )
        if alert:
            await self.ping(table, seat)

    # -- channel pings -------------------------------------------------------------------
    async def ping(self, table: Table, seat: int) -> None:
        """A short message that notifies the member; removed once they move."""
        if seat in table.pings:
            return
        user_id = table.seats[seat].user_id
        text = f"🎲 <@{user_id}>, your move in {table.title} #{table.id}."
        message = await self.host.publisher.channel_say(table, text)
        if message is not None:
            table.pings[seat] = message.id

    async def clear_pings(self, table: Table, seats: list[int] | None = None) -> None:
        for seat in list(table.pings) if seats is None else seats:
            message_id = table.pings.pop(seat, None)
            if message_id is None:
                continue
            channel = await self.host.publisher.channel(table)
            if channel is None:
                continue
            try:
                await channel.get_partial_message(message_id).delete()  # type: ignore[attr-defined]
            except discord.HTTPException as exc:
                log.warning("could not remove a turn ping in table %s (%s)", table.id, exc.status)
