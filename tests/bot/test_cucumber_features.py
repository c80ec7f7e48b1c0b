"""Cucumber as players meet it in Discord: a match of many hands in one game, the heading
rule chosen at the start, cucumbers and eliminations on the table picture's scoreboard, and
the match result ranked by who lasted longest."""

from __future__ import annotations

import pytest

from tests.bot.helpers import alt, picture, seat_members, table_message, told
from tests.bot.test_go_fish_features import choose, open_panel, step_choices
from tests.engine.test_cucumber import new, scripted_hands, stacked_match


async def seated(simcord_env, world, **options):
    """alice, bob and carol at Cucumber, dealt: (table, {seat: member})."""
    return await seat_members(simcord_env, world, "cucumber", 3, **options)


F3, F2 = ["AH", "8C", "8D"], ["AH", "8C"]  # the leader takes the last trick with the A♥ (14)


async def play_scripted_hand(table, m, channel):
    state = table.state
    leader = state.to_move[0]
    order = [(leader + i) % 3 for i in range(3) if not state.eliminated[(leader + i) % 3]]
    script = dict(zip(order, scripted_hands(F3 if len(order) == 3 else F2), strict=True))
    for trick in range(7):
        for seat in order:
            answer = await m[seat].slash(channel, "cucumber play", action=f"play {script[seat][trick]}")
            said = answer.response.content
            assert not table.active or said.startswith("✅"), said


async def test_a_match_of_many_hands_with_cucumbers_eliminations_and_a_ranked_result(simcord_env, world):
    _guild, channel, *_ = world
    table, m = await seated(simcord_env, world)
    table.state = stacked_match(3, [F3] * 7 + [F2] * 3)
    name = {seat: member.name for seat, member in m.items()}
    await play_scripted_hand(table, m, channel)
    await simcord_env.settle()
    # one game, the next hand dealt at once, the scores carried on
    assert table.active and table.state.view(None)["hand_no"] == 2
    assert f"{name[0]} takes the last trick with A♥ and scores 14 (14 in all)." in told(channel, table)
    assert f"{name[0]} deals hand 2; {name[1]} leads." in told(channel, table)
    assert f"{name[0]} 14 points, 7 cards" in alt(channel, table)
    for _ in range(3):
        await play_scripted_hand(table, m, channel)
    await simcord_env.settle()
    assert f"{name[0]} goes over 21 and gets a cucumber; their score resets to 14." in told(channel, table)
    assert f"{name[0]} 14 points, a cucumber, 7 cards" in alt(channel, table)
    assert f"Hand 4: {name[0]} took the last trick, +14, a cucumber." in alt(channel, table)
    await picture(table_message(channel, table.id), "cuke_cucumber")
    for _ in range(3):
        await play_scripted_hand(table, m, channel)
    await simcord_env.settle()
    assert f"{name[0]} goes over 21 with a cucumber already and is out." in told(channel, table)
    assert f"{name[0]} out (28)" in alt(channel, table)
    assert f"Hand 7: {name[0]} took the last trick, +14, and is out." in alt(channel, table)
    assert table.state.view(None)["eliminated"] == [True, False, False]
    await picture(table_message(channel, table.id), "cuke_eliminated")
    await play_scripted_hand(table, m, channel)
    await simcord_env.settle()
    assert not table.active
    final = table_message(channel, table.id)
    # the survivor first, then the last out before the first out
    assert f"1. {name[1]}\n2. {name[2]}\n3. {name[0]}" in final.embeds[0].description
    assert f"{name[1]} is the last player without two cucumbers." in final.embeds[0].description
    described = final.attachments[0].description
    assert f"game over: {name[1]} wins. " in described, described
    assert f"Ranked: 1. {name[1]}, 2. {name[2]}, 3. {name[0]}." in described
    await picture(final, "cuke_final")


# seat 0 leads the 9♠; seat 1 holds the 9♥ and nothing higher
NINES = [
    ["9S", "2S", "3S", "4S", "5S", "6S", "7S"],
    ["9H", "2H", "3H", "4H", "5H", "6H", "7H"],
    ["9D", "2D", "3D", "4D", "5D", "6D", "7D"],
]


@pytest.mark.parametrize(("heading", "offered"), [("higher", {"2♥"}), ("equal", {"9♥"})])
async def test_the_heading_rule_chosen_at_the_start_decides_what_the_panel_offers(simcord_env, world, heading, offered):
    _guild, channel, *_ = world
    table, m = await seated(simcord_env, world, heading=heading)
    assert table.state.options["heading"] == heading
    table.state = new(3, NINES, heading=heading)
    await m[0].slash(channel, "cucumber play", action="play 9S")
    panel = await open_panel(m[1], channel, table)
    assert set(step_choices(panel, table)) == {f"▶ Play {c}" for c in offered}, step_choices(panel, table)
    refused = await m[1].slash(channel, "cucumber play", action="play 3H" if heading == "equal" else "play 9H")
    assert refused.response.ephemeral
    if heading == "equal":
        assert "You hold a card as high as the 9 or higher: you must head the trick." in refused.response.content
    else:
        assert "you must play your lowest card: 2♥" in refused.response.content
    await choose(m[1], panel, table, next(iter(step_choices(panel, table))))
    await simcord_env.settle()
    assert table.state.view(None)["trick"][1]["card"] == offered.pop().replace("♥", "H")
    assert ("Heading needs an equal or higher card." in alt(channel, table)) == (heading == "equal")
    await picture(table_message(channel, table.id), f"cuke_heading_{heading}")
