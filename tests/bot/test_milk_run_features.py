"""Milk Run through Discord as issue #16 promises it: two draws and two plays a turn through the
panel (a play aimed at your own pile or another player's), stops and steals narrated, the stock
rebuilt as the spec says, one table picture for eight seats with the deliveries against 30,
and AI seats that keep an eight-seat game moving within their budget."""

from __future__ import annotations

import random

import pytest

from engine import GAMES
from engine.cards import pretty
from engine.milk_run_search import MilkRunSearch
from tests.bot.helpers import components, pick, picture, seat_members, table_message


def steps(message) -> dict[str, str]:
    return {c["label"]: c["custom_id"] for c in components(message) if c["custom_id"].startswith("parlour:step:")}


async def two_members(simcord_env, world):
    table, members = await seat_members(simcord_env, world, "milk_run", players=2)
    return world[1], table, members


def cards_in_play(view) -> int:
    piles = sum(len(p[c][k]) for p in view["piles"] for c in ("black", "red") for k in ("limit", "go", "deliver"))
    return sum(view["hand_sizes"]) + view["stock"] + len(view["discard"]) + piles


async def test_a_turn_is_two_draws_then_two_plays_one_aimed_at_another_players_pile(simcord_env, world):
    channel, table, members = await two_members(simcord_env, world)
    seat = table.state.to_move[0]
    me, other = members[seat], 1 - seat
    other_name = table.seats[other].name
    for n in range(2):  # two draws: the panel offers drawing (and taking, once a discard is there)
        panel = (await me.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")).response
        button = next(label for label in steps(panel) if "Draw" in label or label == "Draw")
        version = table.version
        reply = (await me.click(panel, custom_id=steps(panel)[button])).response
        assert table.version == version + 1 and reply.content.startswith("✅")
        assert len(table.state.hands[seat]) == 7 + n
    assert table.state.to_move == (seat,)
    # a play: the card, then whose pile (the other player's offered by name), then which pile
    panel = (await me.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")).response
    assert "Draw" not in " ".join(steps(panel))
    legal = table.state.legal_actions(seat)
    limits = [a.parts["cards"][0] for a in legal if a.parts.get("verb") == "limit" and a.parts.get("to") == other]
    assert limits, [a.text for a in legal]
    card = pretty(limits[0])
    panel = (await me.click(panel, custom_id=steps(panel)[card])).response
    whose = [label for label in steps(panel) if "Back" not in label]
    assert other_name in whose and "Discard pile" in whose, whose
    colour = "black" if card[-1] in "♠♣" else "red"
    before = list(table.state.view(None)["piles"][other][colour]["limit"])
    version = table.version
    reply = (await me.click(panel, custom_id=steps(panel)[other_name])).response
    if table.version == version:  # the card could go on more than one of their piles
        reply = (await me.click(reply, custom_id=steps(reply)["Limit"])).response
    assert reply.content.startswith("✅")
    after = table.state.view(None)["piles"][other][colour]["limit"]
    assert len(after) == len(before) + 1 and after[-1][:-1] == card[:-1]
    assert f"{other_name}'s" in table_message(channel, table.id).embeds[0].description.splitlines()[-1]
    assert table.state.to_move == (seat,), "one play left this turn"
    panel = (await me.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")).response
    label, cid = next((k, v) for k, v in steps(panel).items() if "Back" not in k)
    reply = (await me.click(panel, custom_id=cid)).response
    if "Discard pile" in steps(reply):  # the card has other places to go: choose the discard pile
        reply = (await me.click(reply, custom_id=steps(reply)["Discard pile"])).response
    else:  # it can only be discarded: the panel names the move before making it
        assert table.state.to_move == (seat,) and f"Discard {label}" in steps(reply), steps(reply)
        reply = (await me.click(reply, custom_id=steps(reply)[f"Discard {label}"])).response
    assert reply.content.startswith("✅") and table.state.to_move == (other,)
    assert table.state.view(None)["discard"][-1][:-1] == label[:-1]


async def test_stops_and_steals_are_narrated_and_the_stock_is_rebuilt_as_the_spec_says(simcord_env, world):
    channel, table, members = await two_members(simcord_env, world)
    names = [s.name for s in table.seats]
    seen = set()
    for _ in range(3000):
        if not table.active or seen >= {"stop", "steal", "rebuild"}:
            break
        seat = table.state.to_move[0]
        before = table.state.view(None)
        action = pick(table, seat)
        if action == "take":  # from the stock only, and nobody delivers: the stock must run out
            action = "draw"
        if action.startswith("deliver"):
            action = "discard " + action.split()[1]
        await members[seat].slash(channel, "milk_run play", action=action)
        after = table.state.view(None)
        last = table_message(channel, table.id).embeds[0].description.splitlines()
        assert cards_in_play(after) == 54 * 2
        if action.startswith("go a") and " to " in action:
            seen.add("stop")
            assert last[-1].startswith(f"{names[seat]} stops {names[int(action.split()[-1])]} with A")
        if action.startswith("go jk"):
            seen.add("steal")
            target = int(action.split()[-1])
            colour = action.split()[2]
            column = before["piles"][target][colour]["deliver"]
            if column:
                assert any(f"{names[seat]} steals {names[target]}'s " in line for line in last[-3:]), last[-3:]
                assert after["piles"][seat][colour]["deliver"][-1] == column[-1]
        if before["stock"] == 1 and action in ("draw",):
            seen.add("rebuild")
            rebuilt = [line for line in last[-3:] if line.startswith("The stock is rebuilt from")]
            assert rebuilt, last[-3:]
            count = int(rebuilt[-1].split("from ")[1].split()[0])
            assert after["stock"] == count
            for p in after["piles"]:
                for colour in ("black", "red"):
                    assert len(p[colour]["limit"]) <= 1 and len(p[colour]["go"]) <= 1
            assert len(after["discard"]) <= 3
            assert after["discard"] == before["discard"][-3:]
            for s in range(2):  # deliver columns are never shuffled back
                for colour in ("black", "red"):
                    assert after["piles"][s][colour]["deliver"] == before["piles"][s][colour]["deliver"]
    assert seen >= {"stop", "steal", "rebuild"}, seen


@pytest.mark.simcord(settle_timeout=60)
async def test_eight_seats_read_on_one_picture_and_the_ai_keeps_the_game_moving(simcord_env, world):
    channel = world[1]
    table, members = await seat_members(simcord_env, world, "milk_run", players=2, bots=6)
    rounds = 0
    while table.active and rounds < 3:
        seat = table.state.to_move[0]
        assert seat in members, "AI seats move by themselves"
        await members[seat].slash(channel, "milk_run play", action=pick(table, seat))
        if table.state.to_move and table.state.to_move[0] != seat:
            rounds += 1  # the six AI seats between the two members have moved (checked above)
    message = table_message(channel, table.id)
    data = await picture(message, "milk_run_8")
    assert len(data) < 300_000
    alt = message.attachments[0].description
    view = table.state.view(None)
    for s, seat in enumerate(table.seats):
        d = view["deliveries"][s]
        assert f"{seat.name}: " in alt
        assert f"delivered {d['black']} of 30" in alt and f"delivered {d['red']} of 30" in alt


def test_the_normal_seat_at_eight_seats_plays_legally_and_its_seed_replays_the_choice():
    # Its thinking time is measured in bench/bench_milk_run.py (p99 and max ms, moves its cap
    # cut short), not here; without the cap, its fixed work makes the same choice every time.
    state = GAMES["milk_run"].new(8, seed=21)
    rng = random.Random(4)
    searched = 0
    for step in range(4000):
        if state.over or searched == 8:
            break
        seat = state.to_move[0]
        if step % 11 == 7:
            first, again = (MilkRunSearch(seed=step, time_limit=None) for _ in range(2))
            action = first.choose(state, seat)
            assert action.text in {a.text for a in state.legal_actions(seat)}
            assert again.choose(state, seat).text == action.text
            searched += first.last_worlds > 0
            state.apply(seat, action)
            continue
        state.apply(seat, state.heuristic_action(seat, rng) or state.legal_actions(seat)[0])
    assert searched == 8


async def test_a_play_is_chosen_card_first_then_where(simcord_env, world):
    channel, table, members = await two_members(simcord_env, world)
    seat = table.state.to_move[0]
    me = members[seat]
    for _ in range(2):
        await me.slash(channel, "milk_run play", action="draw")
    panel = (await me.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")).response
    hand = {c[:-1] for c in table.state.hands[seat]}
    first = [label for label in steps(panel) if "Back" not in label]
    assert first and all(label[:-1] in hand or label == "JK" for label in first), first
    # a card with more than one place to go (one that can only be discarded goes at once)
    legal = table.state.legal_actions(seat)
    places = {c: sum(1 for a in legal if a.parts.get("cards") == [c]) for c in table.state.hands[seat]}
    label, custom_id = next(
        (lbl, cid) for lbl, cid in steps(panel).items() if any(places[c] > 1 and pretty(c) == lbl for c in places)
    )
    panel = (await me.click(panel, custom_id=custom_id)).response
    where = [lbl for lbl in steps(panel) if "Back" not in lbl]
    names = {s.name for s in table.seats}
    assert "Discard pile" in where and set(where) - {"Discard pile"} <= names, where
    before = len(table.state.hands[seat])
    await me.click(panel, custom_id=steps(panel)["Discard pile"])
    assert len(table.state.hands[seat]) == before - 1
    assert table.state.view(None)["discard"][-1][:-1] == label[:-1] or label == "JK"
