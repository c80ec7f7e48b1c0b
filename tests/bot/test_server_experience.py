"""What a new server meets: turn alerts, DMs, endings, invitations, claims, typing, rules and admin.

Each test drives the real bot through SimCord's Discord surface on a real SQLite file.
"""

from __future__ import annotations

import logging
import re

import discord

from bot.endings import final_places
from bot.rules import RULES_DIR, quick_start
from cogs.leaderboard import GAME_CHOICES
from engine import GAMES
from tests.bot.helpers import custom_ids, dm_messages, dm_texts, members_of, pick, start_pvp, table_message, table_of


def alerts(user) -> list[str]:
    return [t for t in dm_texts(user) if t.startswith("🎲 Your move")]


async def play_to_the_end(channel, table, members, limit=400):
    moves = 0
    while table.active:
        seat = table.state.to_move[0]
        result = await members[seat].slash(channel, "dickory play", action=pick(table, seat))
        assert result.response.content.startswith("✅"), result.response.content
        moves += 1
        assert moves < limit
    return moves


async def test_result_lines_name_the_players_not_placeholders(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob, match="best-of-3")
    await play_to_the_end(channel, table, members_of(table, alice, bob))
    final = table_message(channel, table.id)
    text = final.embeds[0].description + final.content + final.attachments[0].description
    assert "{p" not in text, text
    winner = table.seats[table.state.outcome().winners[0]].name
    assert re.search(rf"{winner} won the match 2–[01]", final.embeds[0].description), final.embeds[0].description


async def test_the_member_to_move_is_alerted_once_per_turn_and_can_choose_how(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    first = members[table.state.to_move[0]]
    other = bob if first is alice else alice
    assert len(alerts(first.user)) == 1 and not alerts(other.user)
    turns = {alice.id: 1 if first is alice else 0, bob.id: 1 if first is bob else 0}
    for _ in range(6):
        seat = table.state.to_move[0]
        await members[seat].slash(channel, "dickory play", action=pick(table, seat))
        if not table.active:
            break
        now = members[table.state.to_move[0]]
        if table.state.to_move[0] != seat:
            turns[now.id] += 1
        assert len(alerts(alice.user)) == turns[alice.id] and len(alerts(bob.user)) == turns[bob.id]
    # bob asks for channel pings instead; the ping goes once bob has moved
    said = await bob.slash(channel, "notifications", alerts="ping")
    assert "mention in the game's channel" in said.response.content
    bob_seat = table.seat_of(bob.id)
    if table.active and table.state.to_move[0] == bob_seat:
        await bob.slash(channel, "dickory play", action=pick(table, bob_seat))  # this turn was announced by DM
    while table.active and table.state.to_move[0] != bob_seat:
        seat = table.state.to_move[0]
        await members[seat].slash(channel, "dickory play", action=pick(table, seat))
    if table.active:
        pings = [m for m in channel.history() if m.content.startswith(f"🎲 <@{bob.id}>, your move")]
        assert len(pings) == 1
        await bob.slash(channel, "dickory play", action=pick(table, table.seat_of(bob.id)))
        assert not [m for m in channel.history() if m.content.startswith(f"🎲 <@{bob.id}>, your move")]


async def test_a_turn_alert_carries_the_hand_only_when_it_holds_something_unseen(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    assert all(m.attachments for member in (alice, bob) for m in dm_messages(member.user))  # the deal
    for _ in range(2):  # mid-round an opponent's play leaves your hand as you last saw it
        seat = table.state.to_move[0]
        reply = await members[seat].slash(channel, "dickory play", action=pick(table, seat))
        assert reply.response.attachments, "the mover sees their new hand in the reply"
        waiting = members[table.state.to_move[0]]
        last = dm_messages(waiting.user)[-1]
        assert last.content.startswith("🎲 Your move") and not last.attachments, last.content
    # a member who then opens their panel is shown the hand, and the table remembers it
    seat = table.state.to_move[0]
    panel = await members[seat].click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")
    assert panel.response.attachments
    assert table.shown[seat]["hand"] == sorted(table.state.view(seat)["hand"], key=str)


async def test_a_whole_game_sends_each_member_few_dms_and_never_an_empty_one(simcord_env, world):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "notifications", hands="off")
    table = await start_pvp(simcord_env, channel, alice, bob)
    await play_to_the_end(channel, table, members_of(table, alice, bob))
    for member in (alice, bob):
        texts = dm_texts(member.user)
        assert not any("no cards" in t for t in texts)
        assert len(texts) <= len(alerts(member.user)) + 1  # the deal, then one alert per turn
    assert not any(m.attachments for m in dm_messages(alice.user)), "alice turned hand pictures off"
    assert any(m.attachments for m in dm_messages(bob.user))


async def test_a_resignation_draws_the_result_and_offers_a_rematch_with_the_same_settings(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob, variant="hickory")
    await bob.slash(channel, "dickory resign")
    final = table_message(channel, table.id)
    alt = final.attachments[0].description
    assert "TO MOVE" not in alt.upper() and "alice wins" in alt, alt
    assert "is over" in final.content
    assert custom_ids(final) == [f"parlour:rematch:{table.id}"]
    again = await bob.click(final, custom_id=f"parlour:rematch:{table.id}")
    assert "Rematch" in again.response.content
    rematch = max(simcord_env.bot.tables.all(), key=lambda t: t.id)
    assert rematch.id != table.id and rematch.status == "lobby"
    assert rematch.options["variant"] == "hickory"
    assert [s.user_id for s in rematch.seats] == [alice.id, bob.id]  # the one who asked deals
    lobby = table_message(channel, rematch.id)
    assert "bob invites" in lobby.content and "variant hickory" in lobby.content


async def test_a_called_off_game_says_so_in_its_picture(simcord_env, world):
    guild, channel, alice, bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    table = await start_pvp(simcord_env, channel, alice, bob)
    await admin.slash(channel, "parlour cancel", game=table.id)
    final = table_message(channel, table.id)
    alt = final.attachments[0].description
    assert "called off" in alt.lower() and "TO MOVE" not in alt.upper()
    assert not custom_ids(final)


async def test_the_inviter_can_withdraw(simcord_env, world):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", opponent=bob, match="best-of-3")
    table = table_of(simcord_env)
    lobby = table_message(channel, table.id)
    assert "alice invites" in lobby.content and "match best-of-3" in lobby.content
    nosy = await bob.click(lobby, custom_id=f"parlour:lobby:{table.id}:cancel")
    assert "Only the member who sent the invitation" in nosy.response.content
    await alice.click(lobby, custom_id=f"parlour:lobby:{table.id}:cancel")
    assert table.status == "cancelled"
    again = await alice.slash(channel, "dickory start", opponent=bob)
    assert "Invitation sent" in again.response.content, "a withdrawn invitation frees the line-up at once"


async def test_a_decline_does_not_call_off_a_table_others_accepted(simcord_env, world):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    await alice.slash(channel, "moleicki start", player2=bob, player3=carol, bots=0)
    table = table_of(simcord_env)
    lobby = table_message(channel, table.id)
    await carol.click(lobby, custom_id=f"parlour:lobby:{table.id}:accept")
    await bob.click(lobby, custom_id=f"parlour:lobby:{table.id}:decline")
    assert table.active and [s.user_id for s in table.seats] == [carol.id, alice.id]
    assert "bob declined" in "\n".join(table.log)


async def test_the_inviter_can_start_with_who_is_in_and_a_lone_decline_fills_with_the_ai(simcord_env, world):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    await alice.slash(channel, "moleicki start", player2=bob, player3=carol, bots=0)
    table = table_of(simcord_env)
    lobby = table_message(channel, table.id)
    await carol.click(lobby, custom_id=f"parlour:lobby:{table.id}:accept")
    await alice.click(lobby, custom_id=f"parlour:lobby:{table.id}:start")
    assert table.active and [s.user_id for s in table.seats] == [carol.id, alice.id]
    # a two-seat game whose only other member declines, with a third waiting, gets an AI seat
    await alice.slash(channel, "moleicki resign")
    dave = guild.add_member(simcord_env.create_user("dave"))
    await bob.slash(channel, "moleicki start", player2=dave, bots=0)
    second = max(simcord_env.bot.tables.all(), key=lambda t: t.id)
    await dave.click(table_message(channel, second.id), custom_id=f"parlour:lobby:{second.id}:decline")
    assert second.status == "cancelled", "with only the inviter left, the game is called off"


async def test_an_abandoned_game_can_be_claimed_after_a_day(simcord_env, world):
    guild, channel, alice, bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    await admin.slash(channel, "parlour timer", minutes=0)
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    absent_seat = table.state.to_move[0]
    waiting = members[1 - absent_seat]
    early = await waiting.slash(channel, "dickory claim")
    assert "you can claim this game <t:" in early.response.content and table.active
    await simcord_env.advance_time(24 * 3600 + 5)
    claimed = await waiting.slash(channel, "dickory claim")
    assert "You claimed the game" in claimed.response.content
    assert table.status == "over"
    places, _ = final_places(table)
    assert places[1 - absent_seat] == 1 and places[absent_seat] == 2


async def test_what_people_naturally_type_is_understood(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    seat = table.state.to_move[0]
    lead = pick(table, seat)
    card = lead.split()[1]
    await members[seat].slash(channel, "dickory play", action=f"{lead}.")
    assert table.version == 1
    for typed in ("pass!", "I pass", "skip"):
        seat = table.state.to_move[0]
        if "pass" not in {a.text for a in table.state.legal_actions(seat)}:
            break
        version = table.version
        result = await members[seat].slash(channel, "dickory play", action=typed)
        assert result.response.content.startswith("✅"), (typed, result.response.content)
        assert table.version == version + 1
    assert card


async def test_a_blank_move_gets_the_games_own_refusal_and_changes_nothing(simcord_env, world, caplog):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    seat = table.state.to_move[0]
    mover = members_of(table, alice, bob)[seat]
    for blank in ("", " ", "  \t"):
        with caplog.at_level(logging.ERROR):
            result = await mover.slash(channel, "dickory play", action=blank)
        assert result.response.ephemeral and result.response.content, repr(blank)
        assert table.version == 0
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]


async def test_autocomplete_matches_cards_first(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    seat = table.state.to_move[0]
    member = members[seat]
    hand = table.state.view(seat)["hand"]
    rank = next(str(r) for r in hand if hand.count(r) >= 2) if any(hand.count(r) >= 2 for r in hand) else None
    cog = simcord_env.bot.game_cog("dickory")
    single = str(hand[0])
    found = [text for text, _label in cog.suggestions(table, seat, single)]
    assert found and found[0].split()[1] == single, found[:3]
    if rank is not None:
        pairs = [text for text, _label in cog.suggestions(table, seat, f"{rank} {rank}")]
        assert pairs and pairs[0] == f"play {rank} {rank}", pairs[:3]
    assert member is not None


async def test_rules_pages_are_player_words_with_a_short_quick_start(simcord_env, world):
    for path in sorted(RULES_DIR.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        assert "|---" not in text and "| ---" not in text, f"{path.name} has a markdown table"
        for developer_word in ("engine/", ".py", "view(", "view key", "determinize", "state."):
            assert developer_word not in text, f"{path.name} says {developer_word!r}"
        assert "## Quick start" in text, path.name
        assert len(quick_start(text)) < 1200, path.name
    _guild, channel, alice, _bob = world
    helped = await alice.slash(channel, "help")
    assert helped.ephemeral and "Dickory" in helped.response.embeds[0].description
    assert "• **Authors** `/authors start` (2 to 6 players)" in helped.response.embeds[0].description


async def test_the_leaderboard_lists_rated_games_and_plural_words_agree(simcord_env, world):
    assert {c.value for c in GAME_CHOICES} == set(GAMES)  # the solitaires show their own records
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    await bob.slash(channel, "dickory resign")
    stats = await alice.slash(channel, "stats")
    assert stats.response.embeds[0].fields[0].value.startswith("1 win in 1 game ")
    assert table.status == "over"


async def test_parlour_games_pages_a_long_list(simcord_env, world):
    guild, channel, _alice, _bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    for i in range(50):
        member = guild.add_member(simcord_env.create_user(f"player{i}"))
        await member.slash(channel, "moleicki start", bots=1)
    listed = await admin.slash(channel, "parlour games")
    embed = listed.response.embeds[0]
    assert embed.title == "Open games (50)" and len(embed.description) <= 2000
    assert "Page 1 of 3" in embed.footer.text
    last = await admin.slash(channel, "parlour games", page=3)
    assert last.response.embeds[0].description.count("\n") == 9
    assert "Something went wrong" not in listed.response.content


async def test_admin_commands_check_manage_server_even_when_discord_lets_everyone_in(simcord_env, world):
    guild, channel, alice, bob = world
    commands = await simcord_env.bot.tree.fetch_commands()
    parlour = next(c for c in commands if c.name == "parlour")
    guild.set_command_permissions(parlour, {alice: True})  # the common Integrations-page mistake
    assert "parlour timer" in alice.available_commands(channel)
    table = await start_pvp(simcord_env, channel, alice, bob)
    for name, options in (
        ("parlour timer", {"minutes": 0}),
        ("parlour rate-ai", {"setting": "on"}),
        ("parlour limit", {"games": 0}),
    ):
        refused = await alice.slash(channel, name, **options)
        assert refused.ephemeral and refused.response.content == "You need the Manage Server permission for that."
    refused = await alice.slash(channel, "parlour cancel", game=table.id)
    assert refused.response.content == "You need the Manage Server permission for that." and table.active
    host = simcord_env.bot.host
    assert await host.setting(guild.id, "timer", "10") == "10"
    assert await host.setting(guild.id, "rate_ai", "off") == "off"
    assert await host.channel_limit(guild.id, channel.id) is None
