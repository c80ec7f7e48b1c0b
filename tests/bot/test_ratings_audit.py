"""Ratings, leaderboards and records per server, as members and admins use them (SimCord)."""

from __future__ import annotations

import asyncio
import sqlite3

import discord

from bot import endings
from bot.ratings import rate
from bot.words import shown
from engine import GAMES
from tests.bot.helpers import make_bot, pick, seat_members, start_pvp, table_message


def ratings(db_path, guild_id, game) -> dict[int, tuple[float, float]]:
    with sqlite3.connect(db_path) as db:
        rows = db.execute(
            "SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game)
        ).fetchall()
    return {u: (mu, sigma) for u, mu, sigma in rows}


def results(db_path, game_id) -> dict[int, tuple[int, int]]:
    with sqlite3.connect(db_path) as db:
        rows = db.execute("SELECT user_id, place, won FROM results WHERE game_id = ?", (game_id,)).fetchall()
    return {u: (place, won) for u, place, won in rows}


async def seat_guests(env, guild, channel, game, host, guests, **options):
    """`host` invites `guests` to `game`, each accepts: the dealt table."""
    # Dickory is for two: its invitation names one opponent
    invited = {"opponent": guests[0]} if game == "dickory" else {f"player{i + 2}": m for i, m in enumerate(guests)}
    await host.slash(channel, f"{game} start", **invited, **options)
    table = max(env.bot.tables.all(), key=lambda t: t.id)
    for m in guests:
        await m.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    return table


async def play_out(env, table, members, channel, game):
    """Members play their seats with the engine's heuristic until the game is over."""
    turns = 0
    while table.active:
        await env.settle()
        humans = table.turn_humans()
        if not humans:
            await env.advance_time(5)
            continue
        seat = humans[0]
        await members[seat].slash(channel, f"{game} play", action=pick(table, seat))
        turns += 1
        assert turns < 2000
    await env.settle()


# -- 1. who goes up, who goes down ------------------------------------------------------------
async def test_a_two_seat_resignation_rates_the_winner_up_and_the_resigner_down(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    await bob.slash(channel, "dickory resign")
    assert table.status == "over"
    assert results(db_path, table.id) == {alice.id: (1, 1), bob.id: (2, 0)}
    got = ratings(db_path, guild.id, "dickory")
    assert got[alice.id][0] > 25 > got[bob.id][0]


async def test_ties_are_rated_as_ties():
    # equal places with equal priors: the same new rating, and both more certain than before
    a, b, c = rate([1, 2, 2], [None, None, None])
    assert b == c and a[0] > 25 > b[0] and b[1] < 25 / 3
    tied = rate([1, 1], [(30.0, 5.0), (20.0, 5.0)])
    assert tied[0][0] < 30 and tied[1][0] > 20  # a draw with a weaker player costs the stronger one


async def test_a_called_off_game_is_not_rated_nor_recorded(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    table = await start_pvp(simcord_env, channel, alice, bob)
    await admin.slash(channel, "parlour cancel", game=table.id)
    assert table.status == "cancelled"
    assert results(db_path, table.id) == {} and ratings(db_path, guild.id, "dickory") == {}
    stats = await alice.slash(channel, "stats")
    assert stats.response.embeds[0].description == "No finished games yet."


async def test_in_a_larger_game_a_resigner_is_rated_last_and_the_game_goes_on(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    game = "snip_snap_snorem"
    table = await seat_guests(simcord_env, guild, channel, game, alice, [bob, carol])
    await carol.slash(channel, f"{game} resign")
    assert table.active, "three seats: the AI plays on for carol"
    members = {table.seat_of(m.id): m for m in (alice, bob)}
    await play_out(simcord_env, table, members, channel, game)
    placed = results(db_path, table.id)
    assert placed[carol.id] == (3, 0)
    got = ratings(db_path, guild.id, game)
    assert set(got) == {alice.id, bob.id, carol.id}
    assert got[carol.id][0] < min(got[alice.id][0], got[bob.id][0])


async def test_when_every_member_resigns_nobody_is_credited_a_win(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    game = "snip_snap_snorem"
    table = await seat_guests(simcord_env, guild, channel, game, alice, [bob, carol])
    for m in (carol, bob, alice):
        await m.slash(channel, f"{game} resign")
        await simcord_env.settle()
    assert table.status == "over"
    placed = results(db_path, table.id)
    assert not any(won for _place, won in placed.values()), placed
    assert len({place for place, _won in placed.values()}) == 1, "all gave up: one shared place, a tie"
    assert "Nobody wins" in table_message(channel, table.id).embeds[0].description
    stats = await alice.slash(channel, "stats")
    assert stats.response.embeds[0].fields[0].value.startswith("0 wins in 1 game ")


# -- 2. one server's games stay in that server --------------------------------------------------
async def test_the_same_member_has_a_separate_record_in_each_server(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    other = simcord_env.create_guild(name="Elsewhere")
    there = other.create_text_channel("games")
    alice2, carol = other.add_member(alice.user), other.add_member(simcord_env.create_user("carol"))
    table = await start_pvp(simcord_env, channel, alice, bob)
    await bob.slash(channel, "dickory resign")  # alice wins here
    assert table.status == "over"
    away = await start_pvp(simcord_env, there, alice2, carol)
    await alice2.slash(there, "dickory resign")  # and loses there
    assert away.status == "over"
    here_board = (await bob.slash(channel, "leaderboard", game="dickory")).response.embeds[0].description
    there_board = (await carol.slash(there, "leaderboard", game="dickory")).response.embeds[0].description
    assert f"** {carol.name} · " not in here_board and f"** {bob.name} · " not in there_board
    assert here_board.index(f"** {alice.name} · ") < here_board.index(f"** {bob.name} · ")
    assert there_board.index(f"** {carol.name} · ") < there_board.index(f"** {alice.name} · ")
    here = (await bob.slash(channel, "stats", user=alice)).response.embeds[0]
    away_stats = (await carol.slash(there, "stats", user=alice2)).response.embeds[0]
    assert here.fields[0].value.startswith("1 win in 1 game ")
    assert away_stats.fields[0].value.startswith("0 wins in 1 game ")
    assert ratings(db_path, guild.id, "dickory")[alice.id][0] > 25 > ratings(db_path, other.id, "dickory")[alice.id][0]


# -- 3. the boards ---------------------------------------------------------------------------------
async def test_players_with_equal_ratings_share_a_rank_on_the_board(simcord_env, world):
    guild, channel, alice, bob = world
    carol, dave = (guild.add_member(simcord_env.create_user(n)) for n in ("carol", "dave"))
    for winner, loser in ((alice, bob), (carol, dave)):
        table = await start_pvp(simcord_env, channel, winner, loser)
        await loser.slash(channel, "dickory resign")
        assert table.status == "over"
    board = (await alice.slash(channel, "leaderboard", game="dickory")).response.embeds[0].description
    ranks = {line.split("** ")[1].split(" · ")[0]: line.split("**")[1] for line in board.splitlines()}
    assert ranks == {"alice": "1.", "carol": "1.", "bob": "3.", "dave": "3."}, board


async def test_stats_and_solitaire_titles_show_names_as_typed(simcord_env, world):
    guild, channel, alice, _bob = world
    for i, nick in enumerate(("**bold** @everyone", "||x|| <@1> # h", "__u__ `c`")):
        member = guild.add_member(simcord_env.create_user(f"named{i}"), nick=nick)
        own = (await member.slash(channel, "stats")).response.embeds[0]
        other = (await alice.slash(channel, "stats", user=member)).response.embeds[0]
        assert own.title == other.title == f"{shown(nick)}'s games"
        for game in ("klondike", "freecell"):
            record = (await alice.slash(channel, f"{game} stats", user=member)).response.embeds[0]
            assert record.title == f"{shown(nick)} · {GAMES[game].title}"


async def test_stats_with_no_games_then_games_in_several_games(simcord_env, world):
    guild, channel, alice, bob = world
    empty = (await bob.slash(channel, "stats", user=alice)).response.embeds[0]
    assert empty.description == "No finished games yet." and not empty.fields
    table = await start_pvp(simcord_env, channel, alice, bob)
    await bob.slash(channel, "dickory resign")
    carol, dave = (guild.add_member(simcord_env.create_user(n)) for n in ("carol", "dave"))
    table = await seat_guests(simcord_env, guild, channel, "escoba", alice, [bob, carol, dave], partnerships="on")
    await alice.slash(channel, "escoba resign")  # alice's side loses
    assert table.status == "over"
    fields = (await bob.slash(channel, "stats", user=alice)).response.embeds[0].fields
    assert [f.name for f in fields] == ["Dickory", "Escoba"]
    assert fields[0].value.startswith("1 win in 1 game · rating ")
    assert fields[1].value.startswith("0 wins in 1 game · rating ")
    assert all("rating" in f.value for f in fields)


# -- 5. rated exactly once -------------------------------------------------------------------------
def refuse_results(storage, monkeypatch, error: str) -> None:
    """The database refuses every game's end with `error` (until `monkeypatch.undo()`)."""

    async def refused(*args, **kwargs):
        raise sqlite3.OperationalError(error)

    monkeypatch.setattr(storage, "finish_game", refused)


async def test_a_crash_before_the_rating_is_stored_rates_the_game_once_after_the_restart(
    simcord_env, world, db_path, monkeypatch
):
    guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    storage, game_id = simcord_env.bot.storage, table.id

    refuse_results(storage, monkeypatch, "disk I/O error")
    await bob.slash(channel, "dickory resign")
    await simcord_env.settle()
    assert ratings(db_path, guild.id, "dickory") == {}, "nothing stored yet"
    monkeypatch.undo()
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    await simcord_env.settle()
    assert results(db_path, game_id) == {alice.id: (1, 1), bob.id: (2, 0)}
    once = dict(zip((alice.id, bob.id), rate([1, 2], [None, None]), strict=True))
    assert ratings(db_path, guild.id, "dickory") == once
    await simcord_env.restart_bot(make_bot(db_path, seed=6))
    await simcord_env.settle()
    assert ratings(db_path, guild.id, "dickory") == once, "a second restart rates nothing again"


async def test_a_failed_discord_call_at_the_end_still_rates_once(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=None)
    await bob.slash(channel, "dickory resign")
    await simcord_env.settle()
    simcord_env.backend.faults.clear()
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    await simcord_env.settle()
    once = dict(zip((alice.id, bob.id), rate([1, 2], [None, None]), strict=True))
    assert table.status == "over" and ratings(db_path, guild.id, "dickory") == once
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 2


async def test_two_games_ending_at_once_both_count_in_a_shared_players_rating(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    second = guild.create_text_channel("second")
    one = await start_pvp(simcord_env, channel, alice, bob)
    two = await seat_guests(simcord_env, guild, second, "dickory", alice, [carol])
    # two resignations at the same moment (SimCord runs one slash command at a time, so the
    # host's forfeit, which /dickory resign calls once it has answered, is called directly)
    host = simcord_env.bot.host
    await asyncio.gather(
        host.forfeit(one, one.seat_of(bob.id), reason="bob resigned"),
        host.forfeit(two, two.seat_of(carol.id), reason="carol resigned"),
    )
    await simcord_env.settle()
    assert one.status == two.status == "over"
    after_one = rate([1, 2], [None, None])[0]
    after_both = rate([1, 2], [after_one, None])[0]
    assert ratings(db_path, guild.id, "dickory")[alice.id] == after_both, "both wins count"


async def test_solitaire_records_of_equal_members_share_a_rank(simcord_env, world):
    _guild, channel, alice, bob = world
    for member in (alice, bob):
        await member.slash(channel, "klondike start")
        await member.slash(channel, "klondike resign")
    for board in (
        await alice.slash(channel, "leaderboard", game="klondike"),
        await alice.slash(channel, "klondike leaderboard"),
    ):
        lines = board.response.embeds[0].description.splitlines()
        assert [line.split("**")[1] for line in lines] == ["1.", "1."], lines
        assert all("0 wins in 1 game" in line for line in lines)


async def test_a_board_with_more_players_than_fit_shows_the_top_ten_and_your_place(simcord_env, world):
    guild, channel, alice, bob = world
    players = [alice, bob] + [guild.add_member(simcord_env.create_user(f"p{i}")) for i in range(10)]
    for winner, loser in zip(players[0::2], players[1::2], strict=True):
        table = await seat_guests(simcord_env, guild, channel, "dickory", winner, [loser])
        await loser.slash(channel, "dickory resign")
        assert table.status == "over"
    board = (await players[-1].slash(channel, "leaderboard", game="dickory")).response.embeds[0]
    lines = board.description.splitlines()
    assert len(lines) == 10 and all(f"** {w.name} · rating" in board.description for w in players[0::2])
    footer = board.footer.text
    assert "12 rated players" in footer and f"{players[-1].name}: 7th" in footer, footer
    mine = (await players[0].slash(channel, "leaderboard", game="dickory")).response.embeds[0]
    assert f"{alice.name}: 1st" in mine.footer.text, mine.footer.text
    nobody = guild.add_member(simcord_env.create_user("new"))
    theirs = (await nobody.slash(channel, "leaderboard", game="dickory")).response.embeds[0]
    assert "You" not in theirs.footer.text


async def test_an_escoba_partnership_is_rated_as_one_side(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    carol, dave = (guild.add_member(simcord_env.create_user(n)) for n in ("carol", "dave"))
    table = await seat_guests(simcord_env, guild, channel, "escoba", alice, [bob, carol, dave], partnerships="on")
    sides = [[table.seats[i].user_id for i in side] for side in table.state.sides]
    mine = next(side for side in sides if alice.id in side)
    theirs = next(side for side in sides if alice.id not in side)
    await alice.slash(channel, "escoba resign")
    assert table.status == "over"
    placed = results(db_path, table.id)
    assert {placed[u] for u in mine} == {(2, 0)} and {placed[u] for u in theirs} == {(1, 1)}
    got = ratings(db_path, guild.id, "escoba")
    assert got[mine[0]] == got[mine[1]] and got[theirs[0]] == got[theirs[1]]
    assert got[theirs[0]][0] > 25 > got[mine[0]][0]


async def test_bourre_rates_a_resigner_last_and_shows_ratings_beside_chips(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    empty = (await alice.slash(channel, "leaderboard", game="bourre")).response.embeds
    assert [e.title for e in empty] == ["Bourré leaderboard", "Bourré chips"]
    assert empty[0].description.startswith("No rated games yet") and "You" not in (empty[0].footer.text or "")
    table = await seat_guests(simcord_env, guild, channel, "bourre", alice, [bob, carol], hands="1")
    await carol.slash(channel, "bourre resign")
    assert table.active
    members = {table.seat_of(m.id): m for m in (alice, bob)}
    await play_out(simcord_env, table, members, channel, "bourre")
    assert results(db_path, table.id)[carol.id] == (3, 0)
    got = ratings(db_path, guild.id, "bourre")
    assert got[carol.id][0] < min(got[alice.id][0], got[bob.id][0])
    board = (await carol.slash(channel, "leaderboard", game="bourre")).response.embeds
    assert board[0].description.splitlines()[-1].startswith(f"**3.** {carol.name} · rating")
    assert f"{carol.name}: 3rd" in board[0].footer.text and board[1].footer.text.startswith(f"{carol.name}: ")


async def test_ai_seats_are_never_rated_and_rate_ai_on_rates_the_members(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    table = await seat_guests(simcord_env, guild, channel, "snip_snap_snorem", alice, [bob], bots=1)
    await bob.slash(channel, "snip_snap_snorem resign")
    await alice.slash(channel, "snip_snap_snorem resign")
    assert table.status == "over" and ratings(db_path, guild.id, "snip_snap_snorem") == {}
    await admin.slash(channel, "parlour rate-ai", setting="on")
    table = await seat_guests(simcord_env, guild, channel, "snip_snap_snorem", alice, [bob], bots=1)
    await bob.slash(channel, "snip_snap_snorem resign")
    await alice.slash(channel, "snip_snap_snorem resign")
    assert table.status == "over"
    got = ratings(db_path, guild.id, "snip_snap_snorem")
    assert set(got) == {alice.id, bob.id}, "the AI seat has no rating of its own"
    assert got[alice.id][0] < 25 and got[bob.id][0] < 25, "both gave up to the AI"
    stats = (await alice.slash(channel, "stats")).response.embeds[0].fields[0].value
    assert stats.startswith("0 wins in 2 games (2 against the AI)") and "rating" in stats


async def test_a_game_abandoned_by_one_member_is_rated_as_their_loss(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    gone = table.seat_of(bob.id)
    for _ in range(400):  # bob never moves again: the timer plays for him, then he forfeits
        if not table.active:
            break
        seat = table.turn_humans()[0] if table.turn_humans() else None
        if seat is not None and seat != gone:
            await alice.slash(channel, "dickory play", action=pick(table, seat))
        else:
            await simcord_env.advance_time(11 * 60)
    assert table.status == "over" and table.seats[gone].forfeit
    assert results(db_path, table.id) == {alice.id: (1, 1), bob.id: (2, 0)}
    got = ratings(db_path, guild.id, "dickory")
    assert got[alice.id][0] > 25 > got[bob.id][0]


async def test_a_result_the_database_refuses_is_stored_by_a_retry_and_frees_the_seats(
    simcord_env, world, db_path, monkeypatch
):
    guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    storage, stored = simcord_env.bot.storage, simcord_env.bot.storage.finish_game
    refusals = []

    async def busy_once(*args, **kwargs):
        if not refusals:
            refusals.append(1)
            raise sqlite3.OperationalError("database is locked")
        await stored(*args, **kwargs)

    monkeypatch.setattr(storage, "finish_game", busy_once)
    resigned = await bob.slash(channel, "dickory resign")
    assert [m.content for m in resigned.followups] == [], "no false 'the game is unchanged'"
    await simcord_env.advance_time(2)
    await simcord_env.settle()
    assert refusals and table.status == "over"
    once = dict(zip((alice.id, bob.id), rate([1, 2], [None, None]), strict=True))
    assert ratings(db_path, guild.id, "dickory") == once
    assert "🏆" in table_message(channel, table.id).embeds[0].description
    again = await alice.slash(channel, "dickory start", opponent=bob)
    assert "Invitation sent" in again.response.content, again.response.content


async def test_storage_writes_a_games_result_and_ratings_only_once(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    await bob.slash(channel, "dickory resign")
    before = ratings(db_path, guild.id, "dickory")
    host = simcord_env.bot.host
    places = [1 if s.user_id == alice.id else 2 for s in table.seats]
    # the same end written a second time (a second process, a retry after a lost reply)
    await simcord_env.bot.storage.finish_game(
        table.id,
        "over",
        guild_id=guild.id,
        game="dickory",
        results=endings.results(table, places, [p == 1 for p in places]),
        vs_ai=False,
        ratings=await host.endings.new_ratings(table, places),
    )
    assert ratings(db_path, guild.id, "dickory") == before
    stats = (await alice.slash(channel, "stats")).response.embeds[0].fields[0].value
    assert stats.startswith("1 win in 1 game ")


async def test_solitaire_records_stay_in_their_server(simcord_env, world):
    _guild, channel, alice, _bob = world
    other = simcord_env.create_guild(name="Elsewhere")
    there = other.create_text_channel("games")
    alice2 = other.add_member(alice.user)
    await alice.slash(channel, "klondike start")
    await alice.slash(channel, "klondike resign")
    here = (await alice.slash(channel, "klondike stats")).response.embeds[0]
    assert {f.name: f.value for f in here.fields}["Played"] == "1"
    away = (await alice2.slash(there, "klondike stats")).response.embeds[0]
    assert away.description.startswith("No finished games yet")
    board = (await alice2.slash(there, "leaderboard", game="klondike")).response.embeds[0]
    assert board.description.startswith("No finished games yet")
    assert (await alice2.slash(there, "stats")).response.embeds[0].description == "No finished games yet."


async def test_a_member_who_left_does_not_break_the_board(simcord_env, world):
    guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    await bob.slash(channel, "dickory resign")
    assert table.status == "over"
    guild.remove_member(bob)
    board = await alice.slash(channel, "leaderboard", game="dickory")
    lines = board.response.embeds[0].description.splitlines()
    assert (
        lines[0].startswith(f"**1.** {alice.name} · rating")
        and f"{alice.name}: 1st" in board.response.embeds[0].footer.text
    )
    # bob left: Discord would show a mention of him as an unknown user, so his line names him
    assert lines[1].startswith(f"**2.** {bob.name} · rating") and "<@" not in lines[1], lines


async def test_a_dead_hand_is_a_draw_that_nobody_wins(simcord_env, world):
    """One-hand Rummy where nobody ever melds: the stock runs out twice and the hand is dead,
    every seat sharing first place. That is a draw: the table says so, and neither member's
    record counts a win."""
    _guild, channel, _alice, _bob = world
    table, members = await seat_members(simcord_env, world, "rummy", players=2, target="one-hand")
    for _ in range(400):
        if table.state.over:
            break
        seat = table.state.to_move[0]
        await members[seat].slash(channel, "rummy play", action="draw")
        if table.state.over:
            break
        discard = next(a.text for a in table.state.legal_actions(seat) if a.text.startswith("discard"))
        await members[seat].slash(channel, "rummy play", action=discard)
    assert table.state.over and table.status == "over"
    assert set(table.final["places"]) == {1}, "a dead hand ties every seat"
    assert table.final["headline"] == "A draw."
    for member in members.values():
        stats = await simcord_env.bot.storage.stats(channel.guild.id, member.id)
        assert [(r["games"], r["wins"]) for r in stats] == [(1, 0)]


async def test_a_result_still_refused_when_the_bot_stops_leaves_no_retry_running(
    simcord_env, world, db_path, monkeypatch
):
    """The database refuses the end of a game again and again; the bot stops. Its retry stops
    with it (no job of a closed bot writes to its database), and the next start-up stores it."""
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    storage, game_id = simcord_env.bot.storage, table.id

    refuse_results(storage, monkeypatch, "database is locked")
    await bob.slash(channel, "dickory resign")
    await simcord_env.advance_time(10)  # a few retries, all refused
    assert table.status == "active"
    monkeypatch.undo()
    await simcord_env.bot.close()  # the bot stops, as at a shutdown
    left = [t.get_name() for t in asyncio.all_tasks() if t.get_name().startswith(f"table-{game_id}-") and not t.done()]
    assert left == [], left
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    await simcord_env.advance_time(5)
    assert results(db_path, game_id) == {alice.id: (1, 1), bob.id: (2, 0)}
