"""Snip Snap Snorem as players meet it in Discord: passes made for the players who cannot
match, told one line each; Snip, Snap and Snorem called in the channel and under the cards on
the table picture; and the race to an empty hand, ranked at the end."""

from __future__ import annotations

from tests.bot.helpers import alt, picture, seat_members, table_message, told
from tests.bot.test_go_fish_features import choose, open_panel, step_choices
from tests.engine.test_snip_snap_snorem import position


async def seated(simcord_env, world, players=8):
    """Members round a Snip Snap Snorem table, dealt: (table, {seat: member})."""
    return await seat_members(simcord_env, world, "snip_snap_snorem", players)


async def play_on_panel(member, channel, table, label):
    panel = await open_panel(member, channel, table)
    offered = step_choices(panel, table)
    return await choose(member, panel, table, label if label in offered else f"▶ Play {label}")


# Eight seats, two or three cards each: bob leads the 7♠; the 7♥, 7♦ and 7♣ sit round the table.
HANDS = [
    ["7S", "2C", "3C"],
    ["4C", "4D"],
    ["7H", "5C"],
    ["6C", "6D"],
    ["8C", "8D"],
    ["9C", "9D"],
    ["7D", "10C"],
    ["7C", "JC"],
]


async def test_passes_are_made_for_the_players_and_told_one_line_each(simcord_env, world):
    _guild, channel, *_ = world
    table, m = await seated(simcord_env, world)
    table.state = position(HANDS, turn=0)
    panel = await open_panel(m[0], channel, table)
    assert set(step_choices(panel, table)) == {"2♣", "3♣", "7♠"}  # a lead: any card
    await choose(m[0], panel, table, "7♠")
    await play_on_panel(m[2], channel, table, "7♥")
    await simcord_env.settle()
    log = told(channel, table).splitlines()
    # nobody was asked to pass: carol, then erin, frank and gina, each told on a line of their own
    assert log[-5:] == [
        f"{m[1].name} passes.",
        f"{m[2].name} snips with 7♥.",
        f"{m[3].name} passes.",
        f"{m[4].name} passes.",
        f"{m[5].name} passes.",
    ], log
    assert table.state.to_move == (6,)
    assert f"Passed: {m[3].name}, {m[4].name}, {m[5].name}." in alt(channel, table)
    await picture(table_message(channel, table.id), "sss_snip")
    # a passer's panel has nothing to press: the engine passes for them
    panel = await open_panel(m[3], channel, table)
    assert not step_choices(panel, table) and "it isn't your move" in panel.content


async def test_snip_snap_and_snorem_are_called_on_the_table_as_they_happen(simcord_env, world):
    _guild, channel, *_ = world
    table, m = await seated(simcord_env, world)
    table.state = position(HANDS, turn=0)
    await play_on_panel(m[0], channel, table, "7♠")
    await play_on_panel(m[2], channel, table, "7♥")
    await simcord_env.settle()
    assert "Cards of the rank in play: 7♠ 7♥." in alt(channel, table)
    await play_on_panel(m[6], channel, table, "7♦")
    await simcord_env.settle()
    assert f"{m[6].name} snaps with 7♦." in told(channel, table)
    assert "Cards of the rank in play: 7♠ 7♥ 7♦." in alt(channel, table)
    await picture(table_message(channel, table.id), "sss_snap")
    await play_on_panel(m[7], channel, table, "7♣")
    await simcord_env.settle()
    assert f"{m[7].name} says Snorem with 7♣." in told(channel, table)
    # the finished rank stays on the table, "Snorem" under its last card, until the next lead
    assert table.state.view(None)["snorem"] == ["7S", "7H", "7D", "7C"]
    assert "Snorem! The rank is complete: 7♠ 7♥ 7♦ 7♣." in alt(channel, table)
    assert f"{m[7].name} leads a new rank." in alt(channel, table)
    await picture(table_message(channel, table.id), "sss_snorem")


async def test_the_race_ends_when_a_hand_is_empty_and_everyone_is_ranked(simcord_env, world):
    _guild, channel, *_ = world
    table, m = await seated(simcord_env, world)
    table.state = position(HANDS, turn=0)
    for seat, card in ((0, "7♠"), (2, "7♥"), (6, "7♦"), (7, "7♣"), (7, "J♣")):
        await play_on_panel(m[seat], channel, table, card)
    await simcord_env.settle()
    assert not table.active
    final = table_message(channel, table.id)
    log = final.embeds[0].description
    assert f"{m[7].name} has no cards left and wins!" in log
    # ranked by cards left: the winner, then hal and dave on one card, then the rest on two
    assert f"1. {m[7].name}\n2. {m[2].name}\n2. {m[6].name}\n4. " in log, log
    alt_text = final.attachments[0].description
    assert f"{m[7].name} wins." in alt_text
    await picture(final, "sss_end")
