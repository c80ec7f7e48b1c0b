"""Rummy as players meet it in Discord: draw from the stock or take the discard on the panel,
a meld built card by card, lay-offs on numbered melds shown on the table, going rummy,
scores over a match to the target, and an AI that remembers what was taken from the pile."""

from __future__ import annotations

import random

from tests.bot.helpers import choose, make_bot, open_panel, picture, step_choices, table_message, table_of
from tests.engine.test_rummy import position

LOW = ["AS", "2C", "3D", "4S", "AC", "2H", "3C"]  # 16 points of deadwood
LOWER = ["AD", "2S", "3S", "4C", "AH", "2D", "3H"]  # 16 more


async def seated(simcord_env, world, target="100"):
    """alice, bob and one AI seat at Rummy, dealt: (table, alice's seat, bob's seat, the AI's seat)."""
    _guild, channel, alice, bob = world
    await alice.slash(channel, "rummy start", player2=bob, bots=1, ai="easy", target=target)
    table = table_of(simcord_env)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    a, b = table.seat_of(alice.id), table.seat_of(bob.id)
    return table, a, b, ({0, 1, 2} - {a, b}).pop()


def stacked(table, by_seat, **kwargs):
    table.state = position([by_seat[s] for s in range(3)], **kwargs)


def told(channel, table) -> str:
    return table_message(channel, table.id).embeds[0].description


def alt(channel, table) -> str:
    return table_message(channel, table.id).attachments[0].description


async def test_draw_or_take_then_a_meld_built_card_by_card_and_a_layoff_on_a_numbered_meld(simcord_env, world):
    _guild, channel, alice, _bob = world
    table, a, b, ai = await seated(simcord_env, world)
    hands = {a: ["4H", "5H", "6H", "7H", "9C", "QC"], b: LOW, ai: LOWER}
    melds = [{"cards": ["QS", "QH", "QD"], "seat": ai}]  # meld 1, laid by the AI
    stacked(table, hands, melds=melds, discard=["KD", "8H"], turn=a, phase="draw")
    panel = await open_panel(alice, channel, table)
    assert set(step_choices(panel, table)) == {"Stock", "Discard pile"}
    panel = await choose(alice, panel, table, "Discard pile")
    assert "alice takes 8♥ from the discard pile." in told(channel, table)
    assert "took 8♥" in alt(channel, table)  # the taken card is marked on the table
    assert set(step_choices(panel, table)) == {"Meld", "Lay off", "Discard", "Rummy"}
    # the meld, one card at a time: only cards that can go in a meld are offered
    panel = await choose(alice, panel, table, "Meld")
    assert set(step_choices(panel, table)) == {"4♥", "5♥", "6♥", "7♥", "8♥"}
    panel = await choose(alice, panel, table, "5♥")
    panel = await choose(alice, panel, table, "6♥")
    panel = await choose(alice, panel, table, "7♥")
    assert set(step_choices(panel, table)) == {"✔ Meld 5♥ 6♥ 7♥", "4♥", "8♥"}  # stop at three, or go on
    panel = await choose(alice, panel, table, "8♥")
    panel = await choose(alice, panel, table, "✔ Meld 5♥ 6♥ 7♥ 8♥")
    assert panel.content.startswith("✅") and "alice melds 5♥ 6♥ 7♥ 8♥ (meld 2)." in panel.content
    # lay-offs: the queen on the AI's meld 1, the 4♥ on her own meld 2
    panel = await choose(alice, panel, table, "Lay off")
    assert set(step_choices(panel, table)) == {"4♥", "Q♣"}
    panel = await choose(alice, panel, table, "Q♣")
    assert "alice lays off Q♣ on meld 1." in told(channel, table)
    panel = await choose(alice, panel, table, "Lay off")  # the only lay-off left: made at once
    assert "alice lays off 4♥ on meld 2." in told(channel, table)
    shown = alt(channel, table)
    assert "meld 1: Q♠ Q♥ Q♦ Q♣" in shown and "meld 2: 4♥ 5♥ 6♥ 7♥ 8♥" in shown, shown
    await picture(table_message(channel, table.id), "rummy_melds_numbered")
    assert set(step_choices(panel, table)) == {"Discard", "Rummy"}
    panel = await choose(alice, panel, table, "Discard")  # the last card: out, in one turn, so rummy
    assert "alice discards 9♣." in panel.content and "alice goes rummy and scores 64 points." in panel.content


async def test_going_rummy_scores_double_and_the_match_runs_to_the_target(simcord_env, world):
    _guild, channel, alice, _bob = world
    table, a, b, ai = await seated(simcord_env, world)
    hands = {a: ["5H", "6H", "7H", "9C", "9D"], b: LOW, ai: LOWER}
    stacked(table, hands, discard=["KD", "9S"], turn=a, phase="draw")
    panel = await open_panel(alice, channel, table)
    panel = await choose(alice, panel, table, "Discard pile")
    assert "Rummy" in step_choices(panel, table)
    panel = await choose(alice, panel, table, "Rummy")
    assert "alice lays down the whole hand: rummy!" in panel.content
    assert "alice goes rummy and scores 64 points." in told(channel, table)
    assert table.active and table.state.scores[a] == 64
    shown = alt(channel, table)
    assert "hand 2 of 10, to 100" in shown and "alice: 64 points" in shown, shown
    await picture(table_message(channel, table.id), "rummy_after_hand_1")
    # hand 2: alice goes out again and passes 100, which ends the match
    scores = list(table.state.scores)
    stacked(table, hands, discard=["KD", "9S"], turn=a, phase="draw")
    table.state.scores, table.state.hand_no = scores, 2
    await alice.slash(channel, "rummy play", action="take")
    made = await alice.slash(channel, "rummy play", action="rummy")
    assert made.response.content.startswith("✅"), made.response.content
    assert not table.active
    final = table_message(channel, table.id)
    assert "alice wins the match with 128 points." in final.embeds[0].description
    assert "🏆" in final.embeds[0].description
    standings = final.attachments[0].description
    assert "1. alice · 128 pts; 2. bob · 0 pts; 2. Parlour AI · 0 pts." in standings, standings
    await picture(final, "rummy_match_over")


async def test_the_ai_remembers_what_was_taken_from_the_discard_pile_across_a_restart(simcord_env, world, db_path):
    _guild, channel, alice, _bob = world
    table, a, b, ai = await seated(simcord_env, world)
    hands = {a: ["5H", "6H", "9C", "JS", "QC", "KS", "JD"], b: LOW, ai: LOWER}
    stacked(table, hands, discard=["KD", "8H"], turn=a, phase="draw")
    for move in ("take", "discard js"):
        made = await alice.slash(channel, "rummy play", action=move)
        assert made.response.content.startswith("✅"), made.response.content
    assert "alice: 0 points, 7 cards, took 8♥" in alt(channel, table)
    game_id = table.id
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    table = table_of(simcord_env, game_id)
    assert table.state.view(None)["known"][a] == ["8H"]
    rng = random.Random(3)
    worlds = [table.state.determinize(ai, rng) for _ in range(40)]
    assert all("8H" in w.hands[a] for w in worlds), "the AI forgot the 8♥ alice took"
    assert len({tuple(sorted(w.hands[a])) for w in worlds}) > 10  # the rest of her hand stays unknown
