"""Panels are ephemeral messages whose buttons and selects are dynamic items: the bot
answers them by custom id, so it keeps no view per panel (discord.py would keep each
for fifteen minutes, with a timer)."""

from __future__ import annotations

import asyncio

from tests.bot.helpers import pick, start_pvp, table_message


def view_timers() -> list[asyncio.Task]:
    """The running expiry timers of discord.py views."""
    return [t for t in asyncio.all_tasks() if "timeout_task" in t.get_coro().__qualname__]


async def test_panels_leave_no_view_behind_and_an_old_one_still_answers(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    by_seat = {table.seat_of(alice.id): alice, table.seat_of(bob.id): bob}
    first_seat, first_version = table.state.to_move[0], table.version
    first = by_seat[first_seat]
    left_open = await first.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")
    stale_choice = pick(table, first_seat)
    for _ in range(6):
        seat = table.state.to_move[0]
        member, version = by_seat[seat], table.version
        panel = await member.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")
        act = f"parlour:act:{table.id}:{version}:0"
        moved = await member.select(panel.response, [pick(table, seat)], custom_id=act)
        assert moved.acknowledged and table.version == version + 1
    assert view_timers() == []
    # the panel left open six moves ago is still answered, by its custom id alone
    before = table.version
    again = await first.select(
        left_open.response, [stale_choice], custom_id=f"parlour:act:{table.id}:{first_version}:0"
    )
    assert "moved on" in again.response.content and table.version == before
