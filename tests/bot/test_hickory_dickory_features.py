"""Hickory Dickory as players meet it in Discord: the solo game started alone and games of 2 to
4, played from the panel and /play; the clock's hands, the mice and their tiles, deliveries,
the cat's paws, favors on the panel, and the final scoring on the table."""

from __future__ import annotations

import random

from tests.bot.helpers import (
    alt,
    choose,
    open_panel,
    picture,
    seat_members,
    step_choices,
    table_message,
    table_of,
    told,
)


async def play_out(channel, table, by_seat, seed, watch):
    """Play to midnight with the engine's own heuristic through /play, deliveries from the panel;
    `watch(table)` sees the table after each move. The deliveries made, and the most tiles in one."""
    rng = random.Random(seed)
    delivered = most = 0
    for _ in range(2000):
        if not table.active:
            break
        seat = table.state.to_move[0]
        member = by_seat[seat]
        if table.state.view(seat)["decision"] == "deliver":
            panel = await open_panel(member, channel, table)
            if delivered == 0:
                await picture(panel, f"hd_deliver_panel_{len(by_seat)}")
            for _ in range(12):  # every tile offered, one at a time, then the delivery itself
                choices = list(step_choices(panel, table))
                tiles = [label for label in choices if "Deliver" not in label]
                assert tiles or len(choices) == 1, choices
                panel = await choose(member, panel, table, tiles[0] if tiles else choices[0])
                if panel.content.startswith("✅"):
                    break
            most = max(most, panel.content.split(" delivers ")[1].split(" for ")[0].count(" ") + 1)
            assert panel.content.startswith("✅") and " delivers " in panel.content, panel.content
            delivered += 1
        else:
            action = table.state.heuristic_action(seat, rng) or table.state.legal_actions(seat)[0]
            played = await member.slash(channel, "hickory_dickory play", action=action.text)
            assert played.response.content.startswith("✅"), played.response.content
        watch(table)
    assert not table.active
    return delivered, most


async def test_solo_started_alone_plays_to_midnight_with_the_cat_and_a_final_score(simcord_env, world):
    _guild, channel, alice, _bob = world
    started = await alice.slash(channel, "hickory_dickory start")
    assert "begins" in started.response.content
    table = table_of(simcord_env)
    assert table.alone and len(table.state.view(None)["mice"]) == 1
    shown = alt(channel, table)
    assert "hour 6, minute hand at" in shown and "Cat paws on" in shown, shown  # solo: hour 6, paws before round 1
    await picture(table_message(channel, table.id), "hd_solo_start")
    # the panel: its picture (favors) and the first decision's choices
    panel = await open_panel(alice, channel, table)
    assert panel.attachments and step_choices(panel, table)
    await picture(panel, "hd_solo_panel")
    seen = {"riders": False}

    def watch(t):
        seen["riders"] |= "Riding the minute hand, front first: alice's" in alt(channel, t)

    delivered, most = await play_out(channel, table, {0: alice}, 1, watch)
    assert delivered and most > 1, (delivered, most)  # several tiles picked for one delivery
    assert seen["riders"], "the minute hand's riders never showed"
    log = told(channel, table)
    assert "The cat's paws cover" in log and "The cat scratches alice's" in log, log
    assert "alice scores" in log and "for hunt lines and" in log and "for items left:" in log, log
    final = table_message(channel, table.id)
    score = table.state.view(None)["scores"][0]
    assert f"{score} points: " in final.embeds[0].description, final.embeds[0].description
    assert ("alice wins." if score >= 100 else "alice does not win.") in final.attachments[0].description
    await picture(final, "hd_solo_over")


async def test_two_and_four_players_deliver_from_the_panel_and_end_with_points_on_the_table(simcord_env, world):
    _guild, channel, _alice, _bob = world
    table, by_seat = await seat_members(simcord_env, world, "hickory_dickory", players=4)
    view = table.state.view(None)
    assert len(view["mice"]) == 4 and view["hour"] == 7 and not view["paws"]
    # favors: each seat's own, on its panel's picture only
    seat = table.state.to_move[0]
    panel = await open_panel(by_seat[seat], channel, table)
    own = table.state.view(seat)["favors"]
    assert own and not any(f in alt(channel, table).split() for f in own)
    await picture(panel, "hd4_panel_favors")
    await picture(table_message(channel, table.id), "hd4_start")
    delivered, _most = await play_out(channel, table, by_seat, 2, lambda t: None)
    assert delivered > 0
    scores = table.state.view(None)["scores"]
    best = max(range(4), key=lambda s: (scores[s], -s))
    final = table_message(channel, table.id)
    shown = final.attachments[0].description
    assert f"1. {by_seat[best].name} · {scores[best]} pts" in shown, shown
    assert all(f"{by_seat[s].name} · {scores[s]} pts" in shown for s in range(4)), shown
    log = final.embeds[0].description
    assert all(f"{by_seat[s].name} scores" in log for s in range(4)) and "🏆" in log, log
    await picture(final, "hd4_over")


async def test_a_two_player_game_plays_to_midnight(simcord_env, world):
    _guild, channel, _alice, _bob = world
    table, by_seat = await seat_members(simcord_env, world, "hickory_dickory", players=2)
    assert len(table.state.view(None)["mice"]) == 2
    await play_out(channel, table, by_seat, 3, lambda t: None)
    shown = table_message(channel, table.id).attachments[0].description
    scores = table.state.view(None)["scores"]
    assert all(f"{by_seat[s].name} · {scores[s]} pts" in shown for s in range(2)), shown
    await picture(table_message(channel, table.id), "hd2_over")


def test_the_words_beside_a_private_picture_name_tiles_not_cards():
    """Hickory Dickory's `hand` is only the tiles a Spotter drew: named in words, and nothing
    said of it when empty (no "no cards" beside a player's favors); a card game is unchanged."""
    from bot.notify import hand_text
    from bot.table import Seat, Table
    from engine import GAMES

    game = GAMES["hickory_dickory"]
    state = game.new(2, seed=1)
    table = Table(7, 1, 2, game, {}, 1, [Seat(10, None, "Ann"), Seat(11, None, "Bob")], "active", state)
    assert hand_text(table, 0) == "Hickory Dickory #7 (<#2>)"
    state.view = lambda seat: {"hand": ["RT", "YS"]}  # what a Spotter's search shows its seat
    assert hand_text(table, 0) == "Tiles you drew in Hickory Dickory #7 (<#2>): red thimble, yellow spool"
    cards = GAMES["go_fish"]
    table = Table(8, 1, 2, cards, {}, 1, [Seat(10, None, "Ann"), Seat(11, None, "Bob")], "active", cards.new(2, seed=1))
    assert hand_text(table, 0).startswith("Your hand in Go Fish #8 (<#2>): ")
