"""What Dickory players look for, played through SimCord: the clock and the queue on the
table, taking from the queue then beating the meld from the step panel, passing (the queue
refilled, the round over), Hickory's add-a-card, and a best-of-3 match whose score the
table shows between hands and at the end. Pictures go through helpers.picture."""

from __future__ import annotations

from tests.bot.helpers import (
    alt,
    choose,
    members_of,
    open_panel,
    pick,
    picture,
    start_pvp,
    step_choices,
    table_message,
    told,
)


def prompt(panel) -> str:
    return panel.content.splitlines()[-1]


async def play_until(channel, table, members, wanted, limit=300):
    """Play the heuristic's moves by /dickory play until the mover may make a move `wanted` picks."""
    for n in range(limit):
        assert table.active, "the game ended before the wanted move came up"
        seat = table.state.to_move[0]
        moves = [a.text for a in table.state.legal_actions(seat)]
        chosen = wanted(moves)
        if chosen:
            return seat, chosen
        played = await members[seat].slash(channel, "dickory play", action=pick(table, seat, n))
        assert played.response.content.startswith("✅"), played.response.content
    raise AssertionError("the wanted move never came up")


async def walk_panel(member, channel, table, action):
    """Build `action` on the step panel, as a member clicks it: the final answer."""
    view = table.state.view(None)
    parts = next(a.parts for a in table.state.legal_actions(table.state.to_move[0]) if a.text == action)
    panel = await open_panel(member, channel, table)
    verb = parts["verb"].title()
    cards = [str(c) for c in parts["cards"]]
    seen = []
    for _ in range(12):
        choices = step_choices(panel, table)
        seen.append((prompt(panel), list(choices)))
        if verb in choices:
            label = verb
        elif cards and cards[0] in choices:
            label = cards.pop(0)
        elif "Take nothing" in choices:  # how many cards to take from the queue first
            label = f"Take {parts['take']} from the queue" if parts.get("take") else "Take nothing"
        else:
            done = [c for c in choices if c.startswith("▶")]
            assert len(done) == 1, seen
            label = done[0]
        panel = await choose(member, panel, table, label)
        if table.state.view(None) != view:
            return panel, seen
    raise AssertionError(seen)


async def test_take_from_the_queue_then_beat_the_meld_from_the_panel(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    await picture(table_message(channel, table.id), "dickory_clock_and_queue")
    assert f"queue {' '.join(str(q) for q in table.state.queue)}" in alt(channel, table)

    seat, move = await play_until(
        channel, table, members, lambda ms: next((m for m in ms if m.startswith("take 1 play")), None)
    )
    queue = list(table.state.queue)
    await picture(table_message(channel, table.id), "dickory_before_take")
    _panel, seen = await walk_panel(members[seat], channel, table, move)
    # the panel asked which cards and how many to take, in words a player reads
    assert any("Take 1 from the queue" in cs and "Take nothing" in cs for _, cs in seen), seen
    assert table.state.queue == queue[:-1], "the rightmost card went to the taker's hand"
    taker = table.names[seat]
    assert f"{taker} takes 1 from the queue and plays" in told(channel, table)
    assert f"highest rank {queue[-2]}" in alt(channel, table), "the clock follows the new rightmost card"
    await picture(table_message(channel, table.id), "dickory_after_take")


async def test_passing_refills_the_queue_and_hands_the_lead_over(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    seat, _ = await play_until(
        channel, table, members, lambda ms: "pass" if "pass" in ms and len(table.state.draw) >= 2 else None
    )
    queue, meld_seat = list(table.state.queue), table.state.meld.seat
    panel = await open_panel(members[seat], channel, table)
    assert "Pass" in step_choices(panel, table)
    await choose(members[seat], panel, table, "Pass")
    passer = table.names[seat]
    assert f"{passer} passes; {queue[-1]} leaves the queue and {queue[-2]} is now the highest rank." in told(
        channel, table
    )
    assert len(table.state.queue) == 6 and table.state.queue[-(len(queue) - 1) :] == queue[:-1]
    assert f"{table.names[meld_seat]} played last and leads the next round." in told(channel, table)
    assert table.state.to_move == (meld_seat,) and table.state.meld is None
    await picture(table_message(channel, table.id), "dickory_after_pass")


async def test_a_hickory_best_of_three_shows_the_score_between_hands_and_at_the_end(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob, variant="hickory", match="best-of-3")
    members = members_of(table, alice, bob)
    n0, n1 = table.names
    assert f"Best of three, first hand; match: {n0} won no hands, {n1} no hands." in alt(channel, table)
    # Hickory's add-a-card, from the panel
    adds = lambda ms: next((m for m in ms if m.startswith("add")), None)  # noqa: E731
    seat, move = await play_until(channel, table, members, adds)
    await walk_panel(members[seat], channel, table, move)
    assert f"{table.names[seat]} adds {move.split()[1]}, making the" in told(channel, table)
    await picture(table_message(channel, table.id), "dickory_hickory_add")
    # to the end of hand 1
    dealer = table.state.dealer
    await play_until(channel, table, members, lambda ms: table.state.hand_no > 1, limit=400)
    scores = table.state.scores
    assert table.active and table.state.hand_no == 2 and table.state.dealer == 1 - dealer
    winner = table.names[scores.index(1)]
    assert f"{winner} empties their hand and wins hand 1 (1–0)" in told(channel, table)
    hands = {0: "no hands", 1: "one hand"}
    said = f"Best of three, second hand; match: {n0} won {hands[scores[0]]}, {n1} {hands[scores[1]]}."
    assert said in alt(channel, table), alt(channel, table)
    await picture(table_message(channel, table.id), "dickory_hand_2")
    # to the end of the match
    for n in range(800):
        if not table.active:
            break
        seat = table.state.to_move[0]
        await members[seat].slash(channel, "dickory play", action=pick(table, seat, n))
    assert not table.active
    w = table.state.winner
    final = table_message(channel, table.id)
    won = f"{table.names[w]} wins the match {table.state.scores[w]}–{table.state.scores[1 - w]}."
    assert won in final.embeds[0].description
    hands = {0: "no hands", 1: "one hand", 2: "two hands"}
    s0, s1 = table.state.scores
    assert f"Match: {n0} won {hands[s0]}, {n1} {hands[s1]}." in alt(channel, table), alt(channel, table)
    await picture(final, "dickory_match_over")
