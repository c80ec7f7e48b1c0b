"""What Moleicki players look for, played through SimCord: the opening race on eight seats
where the first valid click wins, the step panel speaking in cards and names (not notation),
the eight rule's choice of the next player, a joker's vector call shown on the table, and
the centre pile and tableaux on one picture. Pictures go through helpers.picture."""

from __future__ import annotations

import pytest

from bot.host import AI_RACE_DELAY
from tests.bot.helpers import (
    alt,
    choose,
    click_now,
    components,
    open_panel,
    picture,
    seat_members,
    step_choices,
    table_message,
    told,
)
from tests.engine.test_moleicki_support import position

pytestmark = pytest.mark.simcord(settle_timeout=AI_RACE_DELAY - 1)


def prompt(panel) -> str:
    return panel.content.splitlines()[-1]


async def test_eight_seats_race_to_open_and_the_first_valid_click_wins(simcord_env, world):
    _guild, channel, *_ = world
    table, m = await seat_members(simcord_env, world, "moleicki", players=8)
    dealer = table.state.to_move[0]
    assert dealer == 7
    # the dealer's panel names the deals in words, not as a bare "rest" of notation
    panel = await open_panel(m[dealer], channel, table)
    assert "rest" not in prompt(panel), prompt(panel)
    deals = step_choices(panel, table)
    assert any(label.startswith("Small") for label in deals), list(deals)
    await choose(m[dealer], panel, table, next(label for label in deals if label.startswith("Small")))
    assert table.state.view(None)["phase"] == "opening"
    await picture(table_message(channel, table.id), "moleicki_8_seats_race")
    racers = list(table.state.to_move)
    assert len(racers) >= 2, "this shuffle gives several seats a 3"
    # who may open is who holds a 3: the table does not say (no mention, no "to move")
    message = table_message(channel, table.id)
    assert message.content == "🎲 Race to open: the first 3 played opens.", message.content
    alt = message.attachments[0].description
    assert "Race to open." in alt and "To move" not in alt, alt
    assert not any(table.names[s] in message.content for s in racers)
    # a racer's panel asks for a card, shown with its suit sign
    first, second = racers[:2]
    panels = {s: await open_panel(m[s], channel, table) for s in (first, second)}
    for p in panels.values():
        labels = list(step_choices(p, table))
        assert prompt(p).startswith(("Choose a card", "Your move")), prompt(p)
        cards = [label.removeprefix("▶ Play ") for label in labels]
        assert cards and all(c.startswith("3") and c[-1] in "♠♥♦♣" for c in cards), labels
    # both click their 3 at the same moment: one opens, the other is answered and refused
    version = table.version
    records = []
    for s in (first, second):
        select = next(c for c in components(panels[s]) if c.get("custom_id", "").startswith("parlour:act:"))
        move = next(o["value"] for o in select["options"] if o["value"].startswith("play 3"))
        records.append(click_now(simcord_env, m[s], panels[s], select["custom_id"], [move]))
    await simcord_env.settle()
    assert table.version == version + 1
    assert all(r.responded for r in records)
    opener = table.state.view(None)["opener"]
    assert opener in (first, second)
    assert f"{table.names[opener]} opens the game." in told(channel, table)
    # now only the opener's neighbours may follow up
    assert set(table.state.to_move) <= {(opener - 1) % 8, (opener + 1) % 8}
    await picture(table_message(channel, table.id), "moleicki_8_seats_opened")


async def test_beating_an_eight_lets_the_player_pick_the_next_player_by_name(simcord_env, world):
    _guild, channel, *_ = world
    table, m = await seat_members(simcord_env, world, "moleicki", players=4)
    table.state = position(
        [["8S", "KS", "5D", "4C"], ["4H", "6H", "7H", "JH"], ["5H", "6D", "7D", "4D"], ["9C", "QD", "6S", "5S"]],
        pile=["5C"],
    )
    bob = m[0]
    panel = await open_panel(bob, channel, table)
    assert prompt(panel).startswith("Choose a card"), prompt(panel)
    panel = await choose(bob, panel, table, "8♠")
    assert table.state.view(None)["pending"] == "eight", "the 8 must be beaten at once"
    panel = await choose(bob, panel, table, "▶ Play K♠")
    # the choice of the next player, by name, never the chooser
    choices = step_choices(panel, table)
    names = [table.names[s] for s in (1, 2, 3)]
    assert sorted(choices) == sorted(names), list(choices)
    assert "plays next" in " ".join(c.get("label", "") for c in components(panel)) or prompt(panel).startswith(
        "Choose where (or whom)"
    ), prompt(panel)
    await picture(table_message(channel, table.id), "moleicki_eight_choose")
    await choose(bob, panel, table, table.names[2])
    view = table.state.view(None)
    assert view["current"] == 2 and view["direction"] == -1
    assert table.names[2] in told(channel, table)
    await picture(table_message(channel, table.id), "moleicki_eight_reversed")


async def test_a_joker_calls_the_vector_and_the_table_shows_it(simcord_env, world):
    _guild, channel, *_ = world
    table, m = await seat_members(simcord_env, world, "moleicki", players=3)
    table.state = position(
        [["JK", "KS", "5D", "4C"], ["4H", "6H", "7H", "JH"], ["5H", "6D", "7D", "4D"]],
        tabs=[[[["*2C", "QC"], ["*3C", "QH"]]], [[["*2D", "QS"]]], [[["*2H", "JS"]]]],
        pile=["5C", "6C"],
    )
    bob = m[0]
    panel = await open_panel(bob, channel, table)
    panel = await choose(bob, panel, table, "🃏")
    choices = step_choices(panel, table)
    assert {"Up", "Down", "Middle", "North loop"} <= set(choices), list(choices)
    panel = await choose(bob, panel, table, "North loop")
    assert table.state.view(None)["vector"] == "north"
    assert "North" in alt(channel, table)
    await picture(table_message(channel, table.id), "moleicki_north_loop")
