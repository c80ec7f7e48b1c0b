"""Escoba through Discord as issue #14 promises it: captures to 15 chosen in the panel (the card,
then the table cards, paged when the board is crowded), escobas marked on the table, a score
sheet after every hand, a match to the target, and partners opposite each other rated as a team."""

from __future__ import annotations

import aiosqlite

from tests.bot.helpers import components, pick, picture, seat_members, table_message, table_of

VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 9, "K": 10}
SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def value(card: str) -> int:
    return VALUES[card[:-1]]


def pretty(card: str) -> str:
    return card[:-1] + SIGNS[card[-1]]


async def four_members(simcord_env, world, **options):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    dave = guild.add_member(simcord_env.create_user("dave"))
    await alice.slash(channel, "escoba start", player2=bob, player3=carol, player4=dave, **options)
    table = table_of(simcord_env)
    for guest in (bob, carol, dave):
        await guest.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    return channel, table, {table.seat_of(m.id): m for m in (alice, bob, carol, dave)}


async def test_partners_sit_opposite_play_to_the_target_and_are_rated_as_a_team(simcord_env, world, db_path):
    channel, table, members = await four_members(simcord_env, world, target="11")
    view = table.state.view(None)
    assert view["partnerships"] and view["sides"] == [[0, 2], [1, 3]]
    message = table_message(channel, table.id)
    await picture(message, "escoba_partners")
    alt = message.attachments[0].description or ""
    names = [s.name for s in table.seats]
    assert f"{names[0]} & {names[2]}" in alt and f"{names[1]} & {names[3]}" in alt
    hands_seen, sweeps_seen = set(), False
    for _ in range(400):
        if not table.active:
            break
        seat = table.state.to_move[0]
        before = table.state.view(None)
        await members[seat].slash(channel, "escoba play", action=pick(table, seat))
        after = table.state.view(None)
        message = table_message(channel, table.id)
        if sum(after["escobas"]) > sum(before["escobas"]) and after["hand_no"] == before["hand_no"]:
            sweeps_seen = True
            alt = message.attachments[0].description
            for i, side in enumerate(after["sides"]):
                if after["escobas"][i]:
                    who = " & ".join(names[s] for s in side)
                    n = after["escobas"][i]
                    assert f"{n} escoba{'s' if n != 1 else ''}" in alt.split(f"{who}:")[1].split(".")[0]
            assert "escoba" in message.embeds[0].description.lower()
        if after["hand_no"] != before["hand_no"] or not table.active:
            sheet = after["last_hand"]
            hands_seen.add(before["hand_no"])
            line = next(
                x
                for x in message.embeds[0].description.splitlines()
                if x.startswith(f"Hand {before['hand_no']} scores:")
            )
            for i, side in enumerate(after["sides"]):
                who = " and ".join(names[s] for s in side)
                part = line.split(f"{who} {sheet['points'][i]}")[1].split(";")[0]
                for key, words in (
                    ("cards", "most cards"),
                    ("oros", "most oros"),
                    ("siete", "siete de velo"),
                    ("setenta", "setenta"),
                ):
                    assert (words in part) == (sheet[key] == i), (key, line)
                if sheet["escobas"][i]:
                    assert f"{sheet['escobas'][i]} escoba" in part
            assert f"Hand {before['hand_no']} score sheet:" in message.attachments[0].description
    assert table.status == "over" and hands_seen and sweeps_seen
    final = table.state.view(None)
    assert max(final["scores"]) >= 11 and final["scores"].count(max(final["scores"])) == 1
    message = table_message(channel, table.id)
    await picture(message, "escoba_final")
    alt = message.attachments[0].description or ""
    assert "score sheet" in alt
    async with aiosqlite.connect(db_path) as db:
        places = dict(await (await db.execute("SELECT seat, place FROM results")).fetchall())
        rows = await (await db.execute("SELECT user_id, mu, sigma FROM ratings")).fetchall()
    ratings = {user: (mu, sigma) for user, mu, sigma in rows}
    assert places[0] == places[2] != places[1] == places[3]
    by_seat = {s: ratings[m.id] for s, m in members.items()}
    assert by_seat[0] == by_seat[2] != by_seat[1] == by_seat[3]


async def test_a_capture_is_chosen_card_first_then_table_cards_and_paged_on_a_crowded_board(simcord_env, world):
    channel = world[1]
    table, members = await seat_members(simcord_env, world, "escoba", players=2)
    # nobody captures (capturing is optional): the board swells
    while len(table.state.view(None)["board"]) < 20 or len(table.state.hands[table.state.to_move[0]]) < 2:
        seat = table.state.to_move[0]
        await members[seat].slash(channel, "escoba play", action=f"play {table.state.hands[seat][0]}")
    seat = table.state.to_move[0]
    member, board, hand = members[seat], list(table.state.view(None)["board"]), list(table.state.hands[seat])

    def captures(card):
        """Every set of board cards that makes 15 with `card` (a plain search, pruned by the sum)."""
        found: set[str] = set()

        def extend(start: int, chosen: list[str], left: int) -> None:
            if left == 0:
                found.add(" ".join(pretty(c) for c in chosen))
                return
            for i in range(start, len(board)):
                if value(board[i]) <= left:
                    extend(i + 1, [*chosen, board[i]], left - value(board[i]))

        extend(0, [], 15 - value(card))
        return found

    card = max(hand, key=lambda c: len(captures(c)))
    expected = captures(card)
    assert len(expected) > 25, "the board should offer more captures than one select holds"
    await picture(table_message(channel, table.id), "escoba_crowded")
    panel = (await member.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")).response
    await picture(panel, "escoba_crowded_hand")
    cards = {c["label"]: c["custom_id"] for c in components(panel) if c["custom_id"].startswith("parlour:step:")}
    assert set(cards) == {pretty(c) for c in hand}
    step = (await member.click(panel, custom_id=cards[pretty(card)])).response
    assert "Choose" in step.content and pretty(card) in step.content
    offered, last, total = set(), None, None
    for page in range(1, 40):
        select = next(c for c in components(step) if c["custom_id"].startswith("parlour:stepsel:"))
        assert len(select["options"]) <= 25
        offered.update(o["label"] for o in select["options"])
        last = (step, select)
        more = [c for c in components(step) if c["custom_id"].startswith("parlour:steppage:")]
        assert more, "a crowded board pages its captures"
        shown, total = map(int, more[0]["label"].split("(")[1].rstrip(")").split("/"))
        assert shown == page
        if page == total:
            break
        step = (await member.click(step, custom_id=more[0]["custom_id"])).response
    assert total and total > 1
    assert offered - {"none"} == expected, sorted(offered ^ expected)
    assert "none" in offered  # laying the card is still a choice
    step, select = last
    take = next(o for o in select["options"] if o["label"] != "none")
    version = table.version
    done = (await member.select(step, [take["value"]], custom_id=select["custom_id"])).response
    assert table.version == version + 1 and done.content.startswith("✅")
    assert all(c not in table.state.view(None)["board"] for c in [card])
    taken = take["label"].split()
    assert all(t not in [pretty(c) for c in table.state.view(None)["board"]] for t in taken)
    # a capture that does not make 15 is refused with a sentence, the position unchanged
    seat = table.state.to_move[0]
    board = table.state.view(None)["board"]
    card = table.state.hands[seat][0]
    wrong = next(c for c in board if value(c) + value(card) != 15)
    version = table.version
    refused = await members[seat].slash(channel, "escoba play", action=f"play {card} take {wrong}")
    assert refused.ephemeral and "15" in refused.response.content and table.version == version
