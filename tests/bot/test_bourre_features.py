"""Bourré through Discord as issue #14 promises it: declaring in turn, the exchange, trumps and
the must-beat rule, bourré penalties and the pot carried over, and the server's chip ledger
(kept across a restart and a failed Discord call, never counted twice, beside the ratings)."""

from __future__ import annotations

import aiosqlite
import pytest

from tests.bot.helpers import components, make_bot, picture, table_message, table_of


def step_buttons(panel) -> dict[str, str]:
    """The step panel's buttons: label -> custom id."""
    return {c["label"]: c["custom_id"] for c in components(panel) if c["custom_id"].startswith("parlour:step:")}


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def rank(card: str) -> int:
    return RANKS.index(card[:-1])


def assert_follows_the_rules(hand, trick, trump, offered) -> None:
    """Written from the spec, not the engine: follow suit, else trump; beat the best card if able."""
    if not trick:
        return
    led = trick[0][-1]
    suited = [c for c in hand if c[-1] == led]
    if suited:
        assert all(c[-1] == led for c in offered), (hand, trick, offered)
        trumped = led != trump and any(c[-1] == trump for c in trick)
        best = max(rank(c) for c in trick if c[-1] == led)
        if not trumped and any(rank(c) > best for c in suited):
            assert all(rank(c) > best for c in offered), ("must beat", hand, trick, offered)
        return
    trumps = [c for c in hand if c[-1] == trump]
    if trumps:
        assert all(c[-1] == trump for c in offered), (hand, trick, offered)
        top = max((rank(c) for c in trick if c[-1] == trump), default=-1)
        if any(rank(c) > top for c in trumps):
            assert all(rank(c) > top for c in offered), ("must beat the trump", hand, trick, offered)


async def ledger(db_path) -> dict[int, int]:
    async with aiosqlite.connect(db_path) as db:
        rows = await (await db.execute("SELECT user_id, net FROM ledger WHERE game = 'bourre'")).fetchall()
    return dict(rows)


async def three_members(simcord_env, world, **options):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    await alice.slash(channel, "bourre start", player2=bob, player3=carol, bots=0, **options)
    table = table_of(simcord_env)
    for guest in (bob, carol):
        await guest.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    return channel, table, {table.seat_of(m.id): m for m in (alice, bob, carol)}


async def panel_of(channel, table, member):
    return (await member.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")).response


async def test_a_hand_is_declared_in_turn_exchanged_and_played_by_the_rules_through_the_panel(simcord_env, world):
    channel, table, members = await three_members(simcord_env, world)
    dealer = table.state.view(None)["dealer"]
    # declaring goes round from the dealer's left, one seat at a time; the others are refused
    for k in range(1, 4):
        seat = (dealer + k) % 3
        assert table.state.view(None)["phase"] == "declare" and table.state.to_move == (seat,)
        other = members[(seat + 1) % 3]
        refused = await other.slash(channel, "bourre play", action="play")
        assert refused.ephemeral and "turn" in refused.response.content.lower()
        panel = await panel_of(channel, table, members[seat])
        buttons = step_buttons(panel)
        assert {"Play", "Pass"} <= set(buttons), buttons
        await members[seat].click(panel, custom_id=buttons["Play"])
        assert table.state.view(None)["declared"][seat] == "play"
        # the exchange: pick Discard, then a card, then Draw for a fresh one
        assert table.state.view(None)["phase"] == "discard" and table.state.to_move == (seat,)
        before = list(table.state.hands[seat])
        panel = await panel_of(channel, table, members[seat])
        panel = (await members[seat].click(panel, custom_id=step_buttons(panel)["Discard"])).response
        cards = {k: v for k, v in step_buttons(panel).items() if "Back" not in k}
        _label, cid = next(iter(cards.items()))
        await members[seat].click(panel, custom_id=cid)
        assert len(table.state.hands[seat]) == 4
        panel = await panel_of(channel, table, members[seat])
        await members[seat].click(panel, custom_id=step_buttons(panel)["Draw"])
        assert len(table.state.hands[seat]) == 5 and table.state.view(None)["drew"][seat] == 1
        assert sorted(before) != sorted(table.state.hands[seat])
    # tricks: the panel offers exactly the cards the rules allow (follow, trump, beat)
    assert table.state.view(None)["phase"] == "trick"
    checked_restriction = False
    while table.state.view(None)["phase"] == "trick" and table.state.view(None)["hand_no"] == 1:
        seat = table.state.to_move[0]
        offered = {a.parts["cards"][0] for a in table.state.legal_actions(seat)}
        assert_follows_the_rules(
            table.state.hands[seat], [c for _s, c in table.state.trick], table.state.trump, offered
        )
        hand = set(table.state.hands[seat])
        panel = await panel_of(channel, table, members[seat])
        buttons = {k: v for k, v in step_buttons(panel).items() if "Back" not in k}
        if len(offered) == 1:
            assert len(buttons) == 1 and next(iter(buttons)).startswith("▶ Play")
        else:
            assert len(buttons) == len(offered)
        if hand - offered:
            checked_restriction = True
            bad = sorted(hand - offered)[0]
            version = table.version
            refused = await members[seat].slash(channel, "bourre play", action=f"play {bad}")
            assert refused.ephemeral and table.version == version
            assert any(w in refused.response.content.lower() for w in ("must", "follow", "trump", "beat"))
        await members[seat].click(panel, custom_id=next(iter(buttons.values())))
    assert checked_restriction, "no trick in the hand restricted a seat's cards"
    assert sum(table.state.view(None)["chips"]) + table.state.view(None)["pot"] == 0


async def test_bourre_penalties_and_a_tied_pot_are_carried_into_the_next_hand(simcord_env, world, db_path):
    channel, table, members = await three_members(simcord_env, world, hands="20")
    seen_bourre = seen_tie = False
    for _ in range(800):
        if not table.active or (seen_bourre and seen_tie):
            break
        seat = table.state.to_move[0]
        view = table.state.view(None)
        if view["phase"] == "declare":
            action = "play"
        elif view["phase"] == "discard":
            action = "draw"
        else:
            action = table.state.legal_actions(seat)[-1].text  # the lowest card: tricks spread, ties come
        hand_no, pot = view["hand_no"], view["pot"]
        await members[seat].slash(channel, "bourre play", action=action)
        after = table.state.view(None)
        if after["hand_no"] == hand_no or not table.active:
            continue
        log = table_message(channel, table.id).embeds[0].description
        lines = log[: log.index(f"Hand {hand_no + 1}: the pot is")].splitlines()
        end = max(i for i, x in enumerate(lines) if x.startswith(f"Hand {hand_no}: "))
        hand = "\n".join(lines[max(0, end - 4) : end + 1])  # the bourré lines, the pot's fate
        names = {table.seats[s].name: s for s in range(3)}
        went = [s for n, s in names.items() if f"{n} took no trick: bourré! They pay {pot} next hand." in hand]
        tie = f"Hand {hand_no}: " in hand and "tie for most tricks" in hand
        tied = []
        if tie:
            line = next(x for x in hand.splitlines() if "tie for most tricks" in x)
            assert line.endswith(f"the pot of {pot} stays.")
            tied = [s for n, s in names.items() if n in line.split("tie for most")[0]]
            assert len(tied) >= 2
            seen_tie = True
        if went:
            seen_bourre = True
        dues = [0 if s in tied else pot if s in went else 1 for s in range(3)]
        assert after["pot"] == (pot if tie else 0) + sum(dues), (hand, after)
        assert f"Hand {hand_no + 1}: the pot is {after['pot']}." in log
        assert sum(after["chips"]) + after["pot"] == 0
        assert await ledger(db_path) == {members[s].id: after["chips"][s] for s in members}
    assert seen_bourre and seen_tie


async def test_the_chip_ledger_survives_a_restart_and_a_failed_discord_call_mid_hand(simcord_env, world, db_path):
    channel, table, members = await three_members(simcord_env, world, hands="1")
    game_id = table.id

    def expected():
        chips = table.state.view(None)["chips"]
        return {members[s].id: chips[s] for s in members}

    async def move():
        seat = table.state.to_move[0]
        action = table.state.legal_actions(seat)[0].text
        if table.state.view(None)["phase"] == "declare":
            action = "play"
        return await members[seat].slash(channel, "bourre play", action=action)

    for _ in range(4):
        await move()
    assert await ledger(db_path) == expected() == {m.id: -1 for m in members.values()}
    await simcord_env.restart_bot(make_bot(db_path, seed=99))
    table = table_of(simcord_env, game_id)
    assert await ledger(db_path) == expected()
    # Discord fails the table edit and the reply: the move applies once, the ledger stays right
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=3)
    simcord_env.inject_error("POST", "/interactions/*/*/callback", status=500, times=1)
    version = table.version
    await move()
    assert table.version == version + 1
    await simcord_env.advance_time(60)
    assert await ledger(db_path) == expected()
    for _ in range(300):
        if not table.active:
            break
        await move()
    assert table.status == "over"
    final = expected()
    assert await ledger(db_path) == final and sum(final.values()) == 0
    # a second restart after the end counts nothing twice
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    assert await ledger(db_path) == final


async def test_the_chip_board_sits_beside_the_rating_board(simcord_env, world, db_path):
    channel, table, members = await three_members(simcord_env, world, hands="1")
    for _ in range(300):
        if not table.active:
            break
        seat = table.state.to_move[0]
        await members[seat].slash(channel, "bourre play", action=table.state.legal_actions(seat)[0].text)
    chips = table.state.view(None)["chips"]
    alice = next(m for m in members.values() if m.name == "alice")
    mine = chips[table.seat_of(alice.id)]
    shown = (await alice.slash(channel, "bourre chips")).response
    assert shown.embeds[0].title == "Bourré chips"
    for s, m in members.items():
        assert f"{m.name} · {chips[s]:+d} chips · 1 game" in shown.embeds[0].description
    assert f"{alice.name}: {mine:+d} chips" in shown.embeds[0].footer.text
    board = (await alice.slash(channel, "bourre leaderboard")).response
    assert [e.title for e in board.embeds][:2] == ["Bourré leaderboard", "Bourré chips"]


@pytest.mark.parametrize("players", [2, 8])
async def test_the_table_picture_shows_pot_trump_and_every_seat(simcord_env, world, players):
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "bourre start", bots=players - 1)
    table = table_of(simcord_env)
    message = table_message(channel, table.id)
    data = await picture(message, f"bourre_table_{players}")
    alt = message.attachments[0].description
    assert f"Pot {table.state.view(None)['pot']}" in alt and "Trump" in alt
    assert len(data) < 300_000
