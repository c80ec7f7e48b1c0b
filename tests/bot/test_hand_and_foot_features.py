"""Hand and Foot as players meet it in Discord: the pickup and a red 3 from the panel, the
partnership's melds and piles on the table, "May I go out?" answered by the partner with the
table's buttons, going out from the foot, and the scores over a match."""

from __future__ import annotations

from tests.bot.helpers import (
    alt,
    choose,
    custom_ids,
    open_panel,
    picture,
    seat_members,
    step_choices,
    table_message,
    told,
)
from tests.engine.test_hand_and_foot import piles, position


async def test_pickup_and_a_drawn_red_three_through_the_panel_show_on_the_table(simcord_env, world):
    _guild, channel, _alice, _bob = world
    table, by_seat = await seat_members(simcord_env, world, "hand_and_foot", players=4)
    mover = by_seat[0]
    opened = [[["Q", ["QH"] * 5]], [["5", ["5H"] * 4]]]
    table.state = position(["7S", "7H", "2C", "KS", "KD", "9H", "3C"], phase="draw", discard=["4D", "KH"], melds=opened)
    panel = await open_panel(mover, channel, table)
    assert set(step_choices(panel, table)) == {"Draw", "Pickup"}
    panel = await choose(mover, panel, table, "Pickup")
    assert f"{mover.name} picks up the discard pile (2 cards)." in told(channel, table)
    assert "4♦" in panel.content and "Discard pile 0 cards" not in alt(channel, table)
    shown = alt(channel, table)
    assert "5 Qs, 3 Ks" in shown and "discard pile 0 cards." in shown, shown  # the K♥ and two Ks melded at once
    await picture(table_message(channel, table.id), "hf_after_pickup")
    # a red 3 drawn from the stock is laid for the side and replaced
    table.state = position(["7S", "9H"], phase="draw", melds=opened, stock=["3H", "8C", "8D"] + ["4C"] * 40)
    panel = await open_panel(mover, channel, table)
    assert set(step_choices(panel, table)) == {"▶ Draw two from the stock"}  # no pickup without a pair of 4s
    panel = await choose(mover, panel, table, "▶ Draw two from the stock")
    assert "draws and lays a red 3" in panel.content, panel.content
    assert table.state.view(None)["red_threes"] == [1, 0]
    assert "red 3s 1" in alt(channel, table)
    await picture(table_message(channel, table.id), "hf_red_three")


async def test_the_partner_answers_may_i_go_out_on_the_table_then_the_asker_goes_out(simcord_env, world):
    _guild, channel, _alice, _bob = world
    table, by_seat = await seat_members(simcord_env, world, "hand_and_foot", players=4)
    asker, opponent, partner = by_seat[0], by_seat[1], by_seat[2]
    melds = [[*piles(), ["K", ["KH"] * 3]], [["5", ["5H"] * 4]]]
    both_in_feet = [True, False, True, False]
    table.state = position(["KS", "KS", "9H"], melds=melds, in_foot=both_in_feet)
    panel = await open_panel(asker, channel, table)
    assert set(step_choices(panel, table)) == {"Meld", "Discard", "Ask"}
    panel = await choose(asker, panel, table, "Ask")
    assert f"{asker.name} asks {partner.name}: may I go out?" in panel.content
    message = table_message(channel, table.id)
    yes, no = f"parlour:quick:{table.id}:yes", f"parlour:quick:{table.id}:no"
    assert {yes, no} <= set(custom_ids(message))
    assert f"{partner.name} to answer" in alt(channel, table)
    await picture(message, "hf_may_i_go_out")
    refused = await opponent.click(message, custom_id=no)
    assert refused.ephemeral and not refused.response.content.startswith("✅")
    answered = await partner.click(message, custom_id=no)
    assert answered.response.content.startswith("✅") and f"{partner.name} says no." in told(channel, table)
    assert yes not in custom_ids(table_message(channel, table.id))
    panel = await open_panel(asker, channel, table)
    assert set(step_choices(panel, table)) == {"Meld", "Discard"}  # no second question this turn
    # another turn: the partner says yes, and the asker melds out of the foot
    table.state = position(["KS", "KS", "9H"], melds=melds, in_foot=both_in_feet)
    panel = await open_panel(asker, channel, table)
    await choose(asker, panel, table, "Ask")
    await partner.click(table_message(channel, table.id), custom_id=yes)
    assert table.state.permission == "yes"
    panel = await open_panel(asker, channel, table)
    panel = await choose(asker, panel, table, "Meld")
    panel = await choose(asker, panel, table, "Meld")
    assert set(step_choices(panel, table)) == {"▶ Discard 9"}
    panel = await choose(asker, panel, table, "▶ Discard 9")
    log = told(channel, table)
    assert f"{asker.name} goes out" in log, log
    # the hand is scored, then the next one is dealt (its red 3s told after the deal)
    assert f"{asker.name} goes out: " in log and log.index("Hand 2: ") < log.rindex("lays a red 3"), log
    assert "hand 2 of 4" in alt(channel, table)
    await picture(table_message(channel, table.id), "hf_went_out")


async def test_a_match_of_two_hands_adds_the_scores_and_names_the_winning_side(simcord_env, world):
    _guild, channel, _alice, _bob = world
    table, by_seat = await seat_members(simcord_env, world, "hand_and_foot", players=4, hands="2")
    assert "hand 1 of 2, minimum 50" in alt(channel, table)
    asker, partner = by_seat[0], by_seat[2]
    melds = [[*piles(), ["K", ["KH"] * 3]], [["5", ["5H"] * 4]]]
    table.state = position(
        ["KS", "9H"],
        melds=melds,
        in_foot=[True, False, True, False],
        options={"hands": "2"},
        hand_no=2,
        scores=[1000, 2000],
        permission="yes",
    )
    played = await asker.slash(channel, "hand_and_foot play", action="meld k")
    assert played.response.content.startswith("✅"), played.response.content
    played = await asker.slash(channel, "hand_and_foot play", action="discard 9")
    assert played.response.content.startswith("✅"), played.response.content
    assert not table.active
    final = table_message(channel, table.id)
    scores = table.state.view(None)["scores"]
    assert scores[0] > 1000 + 3100 and scores[1] < 2000, scores  # piles: 1500 wild, 2 × 500 clean, 2 × 300 dirty
    assert f"{by_seat[0].name} and {partner.name} win" in final.attachments[0].description, final.attachments[
        0
    ].description
    assert "🏆" in final.embeds[0].description
    assert (
        f"{by_seat[0].name} & {partner.name} · 4760 pts" in final.attachments[0].description
        and "wild pile," in final.attachments[0].description
    )
    await picture(final, "hf_match_over")
