"""Jack Change It as players meet it in Discord: the trick cards played from the panel (2s, 8s,
the jack's suit picker, the A♥ and the 5♥ that cancels it, queens), the debt and called suit
and direction on the table picture, and "Last card!" in the channel."""

from __future__ import annotations

from tests.bot.helpers import alt, picture, seat_members, table_message, told
from tests.bot.test_go_fish_features import choose, open_panel, step_choices
from tests.engine.test_jack_change_it import position


async def seated(simcord_env, world):
    """alice, bob and carol at Jack Change It, dealt: (table, {seat: member})."""
    return await seat_members(simcord_env, world, "jack_change_it", 3)


def choices(panel, table) -> set[str]:
    return set(step_choices(panel, table))


async def play_on_panel(member, channel, table, *labels):
    """Open the member's panel and click these choices in turn; the last panel."""
    panel = await open_panel(member, channel, table)
    for label in labels:
        panel = await choose(member, panel, table, label)
    return panel


DULL_S = ["4S", "5S", "6S", "7S", "KS"]


async def test_a_jack_asks_for_the_suit_by_name_and_the_table_shows_the_call(simcord_env, world):
    _guild, channel, *_ = world
    table, m = await seated(simcord_env, world)
    hands = [
        ["JH", "3H", *DULL_S],
        ["3D", "4D", "6D", "7D", "10D", "KD", "9C"],
        ["3C", "4C", "6C", "10C", "KC", "QS", "9S"],
    ]
    table.state = position(hands, ["9H"], turn=0)
    panel = await play_on_panel(m[0], channel, table, "J♥")
    assert f"{m[0].name} plays J♥." in panel.content
    # the suit picker names the three other suits in words, and asks for a suit (not "where or whom")
    assert choices(panel, table) == {"♠ Spades", "♦ Diamonds", "♣ Clubs"}, panel.content
    assert "suit" in panel.content.splitlines()[-1].lower(), panel.content
    await picture(panel, "jci_suit_picker")
    panel = await choose(m[0], panel, table, "♦ Diamonds")
    await simcord_env.settle()
    assert table.state.view(None)["called"] == "D" and table.state.to_move == (1,)
    assert f"{m[0].name} changes it to diamonds ♦." in told(channel, table)
    assert "A jack called diamonds." in alt(channel, table)
    await picture(table_message(channel, table.id), "jci_called")
    # the next player may follow the called suit only: the 9♣ matches neither
    panel = await open_panel(m[1], channel, table)
    assert choices(panel, table) == {"3♦", "4♦", "6♦", "7♦", "10♦", "K♦"}


async def test_twos_stack_on_the_panel_and_the_debt_shows_on_the_seat_to_move(simcord_env, world):
    _guild, channel, *_ = world
    table, m = await seated(simcord_env, world)
    hands = [
        ["2H", "3H", *DULL_S],
        ["2C", "4D", "6D", "7D", "10D", "KD", "9C"],
        ["3C", "4C", "6C", "10C", "KC", "QS", "9S"],
    ]
    table.state = position(hands, ["9H"], turn=0)
    await play_on_panel(m[0], channel, table, "2♥")
    await simcord_env.settle()
    assert f"{m[1].name}: answer with a 2 or draw 2." in alt(channel, table)
    await picture(table_message(channel, table.id), "jci_debt2")
    panel = await open_panel(m[1], channel, table)
    assert choices(panel, table) == {"Play", "Draw"}, choices(panel, table)  # a 2 passes it on, or draw
    await picture(panel, "jci_panel_debt")
    panel = await choose(m[1], panel, table, "Play")  # under a debt only the 2♣ answers: played at once
    assert f"{m[1].name} plays 2♣." in panel.content
    await simcord_env.settle()
    assert f"{m[2].name}: answer with a 2 or draw 4." in alt(channel, table)
    await picture(table_message(channel, table.id), "jci_debt4")
    before = table.state.view(None)["hand_sizes"][2]
    await play_on_panel(m[2], channel, table, "▶ Draw the 4-card penalty")  # no 2: the only move
    await simcord_env.settle()
    assert f"{m[2].name} draws 4 cards." in told(channel, table)
    assert table.state.view(None)["hand_sizes"][2] == before + 4 and table.state.to_move == (0,)


async def test_the_ace_of_hearts_is_answered_only_by_the_five_which_cancels_it(simcord_env, world):
    _guild, channel, *_ = world
    table, m = await seated(simcord_env, world)
    hands = [
        ["AH", "3H", *DULL_S],
        ["5H", "2H", "6D", "7D", "10D", "KD", "9C"],
        ["3C", "4C", "6C", "10C", "KC", "QS", "9S"],
    ]
    table.state = position(hands, ["9H"], turn=0)
    await play_on_panel(m[0], channel, table, "A♥")
    await simcord_env.settle()
    assert f"{m[1].name}: answer with the 5 of hearts or draw 5." in alt(channel, table)
    await picture(table_message(channel, table.id), "jci_ace")
    panel = await open_panel(m[1], channel, table)
    assert choices(panel, table) == {"Play", "Draw"}
    listed = {o["label"] for row in panel.components for c in row["components"] for o in c.get("options", [])}
    assert listed == {"Play 5♥", "Draw the 5-card penalty"}, listed  # not the 2♥: only the 5♥ answers
    sizes = table.state.view(None)["hand_sizes"]
    panel = await choose(m[1], panel, table, "Play")
    await simcord_env.settle()
    assert f"{m[1].name} blocks the A♥: nobody draws." in told(channel, table)
    assert table.state.view(None)["hand_sizes"] == [sizes[0], sizes[1] - 1, sizes[2]]
    assert table.state.view(None)["pending"] == 0 and table.state.to_move == (2,)
    assert f"{m[2].name} to play." in alt(channel, table)


async def test_an_eight_skips_and_a_queen_turns_the_arrow(simcord_env, world):
    _guild, channel, *_ = world
    table, m = await seated(simcord_env, world)
    hands = [
        ["8H", "3H", *DULL_S],
        ["3D", "QD", "6D", "7D", "10D", "KD", "9C"],
        ["QH", "4C", "6C", "10C", "KC", "QS", "9S"],
    ]
    table.state = position(hands, ["9H"], turn=0)
    await play_on_panel(m[0], channel, table, "8♥")
    await simcord_env.settle()
    assert f"{m[1].name} is skipped." in told(channel, table) and table.state.to_move == (2,)
    await play_on_panel(m[2], channel, table, "▶ Play Q♥")  # the only match
    await simcord_env.settle()
    assert "Play now goes to the right." in told(channel, table)
    assert table.state.to_move == (1,) and "Play goes right." in alt(channel, table)
    await picture(table_message(channel, table.id), "jci_reversed")
