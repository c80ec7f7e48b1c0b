"""Open seats: `/<game> start open:N` leaves seats that anyone in the channel can take with
the lobby's Join button; the game begins once every seat is taken and accepted."""

from __future__ import annotations

from tests.bot.helpers import click_now, custom_ids, make_bot, table_message, table_of


async def test_anyone_here_can_take_an_open_seat_and_the_game_begins(simcord_env, world):
    guild, channel, alice, _bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    started = await alice.slash(channel, "dickory start", open=1)
    assert started.response.content.startswith("Invitation sent to anyone here for 1 open seat for Dickory #")
    table = table_of(simcord_env)
    assert table.status == "lobby" and [s.name for s in table.seats] == ["Open seat", "alice"]
    lobby = table_message(channel, table.id)
    assert f"parlour:lobby:{table.id}:join" in custom_ids(lobby)
    assert "anyone here (press **Join**)" in lobby.content
    mine = await alice.click(lobby, custom_id=f"parlour:lobby:{table.id}:join")
    assert mine.ephemeral and mine.response.content == "You're already at this table."
    joined = await carol.click(lobby, custom_id=f"parlour:lobby:{table.id}:join")
    assert joined.ephemeral and joined.response.content == "You're in."
    assert table.active and [s.user_id for s in table.seats] == [carol.id, alice.id]
    assert not any(s.is_ai for s in table.seats)


async def test_the_last_open_seat_goes_to_one_member_only(simcord_env, world):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    dave = guild.add_member(simcord_env.create_user("dave"))
    await alice.slash(channel, "go_fish start", player2=bob, open=1, bots=1)
    table = table_of(simcord_env)
    lobby = table_message(channel, table.id)
    join = f"parlour:lobby:{table.id}:join"
    clicks = [click_now(simcord_env, member, lobby, join) for member in (carol, dave)]  # together
    await simcord_env.settle()
    assert table.status == "lobby", "bob has not accepted yet"
    seated = [s.user_id for s in table.seats]
    assert (carol.id in seated) != (dave.id in seated), "the one open seat went to exactly one of them"
    answers = sorted(simcord_env.backend.get_message(c.channel_id, c.message_id).content for c in clicks)
    assert answers == ["Every seat at this table is taken.", "You're in; waiting for the others."]
    assert all(c.ephemeral for c in clicks)
    assert join not in custom_ids(table_message(channel, table.id))
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    assert len(table.seats) == 4 and sum(s.is_ai for s in table.seats) == 1
    assert f"parlour:lobby:{table.id}:join" not in custom_ids(table_message(channel, table.id))


async def test_start_now_leaves_untaken_open_seats_out(simcord_env, world):
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "go_fish start", open=2, bots=1)
    table = table_of(simcord_env)
    await alice.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:start")
    assert table.active and len(table.seats) == 2
    assert [s.user_id for s in table.seats] == [None, alice.id] and table.seats[0].is_ai


async def test_an_open_seat_survives_a_restart(simcord_env, world, db_path):
    guild, channel, alice, _bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    await alice.slash(channel, "dickory start", open=1)
    game_id = table_of(simcord_env).id
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    table = table_of(simcord_env, game_id)
    assert table.status == "lobby" and table.seats[0].is_open
    joined = await carol.click(table_message(channel, game_id), custom_id=f"parlour:lobby:{game_id}:join")
    assert joined.response.content == "You're in." and table.active


async def test_too_many_open_seats_is_one_sentence(simcord_env, world):
    _guild, channel, alice, bob = world
    refused = await alice.slash(channel, "go_fish start", player2=bob, open=4, bots=1)
    assert refused.ephemeral and refused.response.content == "Go Fish needs 2 to 6 players (you asked for 7)."
    assert simcord_env.bot.tables.all() == []
