"""Boards name members by their last known display name in the server (a member who left shows
in Discord as an unknown user), and a rating board's record counts the games its rating counts.

The bot is driven through SimCord on a real SQLite file; an old database is built from the
migrations that came before, with rows as the bot stored them then.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import discord

import bot
from bot.words import shown
from tests.bot.helpers import make_bot, seat_members, start_pvp

MIGRATIONS = Path(bot.__file__).parent / "migrations"
BEFORE_NAMES = (
    "0001_initial.sql",
    "0002_redraw.sql",
    "0003_result_stats.sql",
    "0004_ledger.sql",
    "0005_open_seats.sql",
)


def board_lines(response) -> list[str]:
    return response.response.embeds[0].description.splitlines()


async def test_a_member_who_left_is_named_on_the_board_as_typed_and_cut(simcord_env, world):
    guild, channel, alice, _bob = world
    nick = "**Bo** the_b" + "*" * 20  # markdown to escape, and escaped too long for a board line
    bob = guild.add_member(simcord_env.create_user("bob2"), nick=nick)
    table = await start_pvp(simcord_env, channel, alice, bob)
    await alice.slash(channel, "dickory resign")
    assert table.status == "over"
    guild.remove_member(bob)
    lines = board_lines(await alice.slash(channel, "leaderboard", game="dickory"))
    name = lines[0].removeprefix("**1.** ").split(" · rating ")[0]
    assert "<@" not in lines[0] and name.startswith(r"\*\*Bo\*\* the\_b\*") and name.endswith("…"), lines
    assert len(name) <= 40 and name.removesuffix("…") in shown(nick), name
    assert lines[1].startswith(f"**2.** {alice.name} · rating "), lines


async def test_the_rating_board_counts_rated_games_and_stats_count_both(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", ai="easy")  # unrated: the server does not rate AI games
    await alice.slash(channel, "dickory resign")
    table = await start_pvp(simcord_env, channel, alice, bob)
    await bob.slash(channel, "dickory resign")
    assert table.status == "over"
    lines = board_lines(await alice.slash(channel, "leaderboard", game="dickory"))
    assert lines[0].startswith(f"**1.** {alice.name} · rating ") and lines[0].endswith(" · 1 win in 1 rated game")
    assert lines[1].endswith(" · 0 wins in 1 rated game"), lines
    rows = await simcord_env.bot.storage.stats(guild.id, alice.id)
    assert [(r["games"], r["wins"], r["vs_ai"], r["rated"], r["rated_wins"]) for r in rows] == [(2, 1, 1, 1, 1)]
    stats = (await alice.slash(channel, "stats")).response.embeds[0].fields[0].value
    assert stats.startswith("1 win in 2 games (1 against the AI) · rating "), stats
    assert stats.endswith(" over 1 rated game"), stats  # the rating does not count the AI game
    # once the server rates AI games, the next one counts on the board too
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    await admin.slash(channel, "parlour rate-ai", setting="on")
    await alice.slash(channel, "dickory start", ai="easy")
    await alice.slash(channel, "dickory resign")
    lines = board_lines(await alice.slash(channel, "leaderboard", game="dickory"))
    mine = next(line for line in lines if f"** {alice.name} · rating " in line)
    assert mine.endswith(" · 1 win in 2 rated games"), lines


async def test_the_chip_board_names_members_while_their_match_is_still_on(simcord_env, world):
    _guild, channel, alice, _bob = world
    table, members = await seat_members(simcord_env, world, "bourre", players=3, hands="1")
    assert table.active
    lines = board_lines(await alice.slash(channel, "bourre chips"))
    assert sorted(line.split("** ")[1].split(" · ")[0] for line in lines) == sorted(m.name for m in members.values())


async def test_solitaire_board_rows_carry_the_name(simcord_env, world):
    guild, channel, alice, _bob = world
    await alice.slash(channel, "klondike start")
    await alice.slash(channel, "klondike resign")
    rows = await simcord_env.bot.storage.game_board(guild.id, "klondike", "hints")
    assert [(r["user_id"], r["name"]) for r in rows] == [(alice.id, alice.name)]


def old_database(path: str, guild_id: int, channel_id: int, users: dict[str, int]) -> None:
    """A database as the bot left it before names were kept: two finished Dickory games of
    alice's (one against bob, one against the AI), rated as the bot rated them then."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE migrations (name TEXT PRIMARY KEY, at TEXT NOT NULL)")
        for name in BEFORE_NAMES:
            db.executescript((MIGRATIONS / name).read_text(encoding="utf-8"))
            db.execute("INSERT INTO migrations VALUES (?, '2026-01-01T00:00:00+00:00')", (name,))
        at = "2026-01-02T00:00:00+00:00"
        for game_id in (1, 2):
            db.execute(
                "INSERT INTO games (id, guild_id, channel_id, game, seed, status, created_at, updated_at) "
                "VALUES (?, ?, ?, 'dickory', 1, 'over', ?, ?)",
                (game_id, guild_id, channel_id, at, at),
            )
        seats = [
            (1, 0, users["alice"], None, "Alice of old"),
            (1, 1, users["bob"], None, "bob"),
            (2, 0, users["alice"], None, "Alice of old"),
            (2, 1, None, "easy", "Parlour AI"),
        ]
        db.executemany("INSERT INTO seats (game_id, seat, user_id, ai, name) VALUES (?, ?, ?, ?, ?)", seats)
        results = [(1, users["alice"], 0, 1, 1, 0), (1, users["bob"], 1, 2, 0, 0), (2, users["alice"], 0, 1, 1, 1)]
        db.executemany(
            "INSERT INTO results (game_id, guild_id, game, user_id, seat, place, won, vs_ai, at) "
            f"VALUES (?, {guild_id}, 'dickory', ?, ?, ?, ?, ?, '{at}')",
            results,
        )
        ratings = [(users["alice"], 28.0, 7.0), (users["bob"], 22.0, 7.5), (users["gone"], 20.0, 8.0)]
        db.executemany(f"INSERT INTO ratings VALUES ({guild_id}, 'dickory', ?, ?, ?)", ratings)


async def test_an_old_database_gains_names_and_rated_records(simcord_env, world, tmp_path):
    guild, channel, alice, bob = world
    old = str(tmp_path / "old.sqlite3")
    gone = 4242  # rated long ago, no seat kept with a name: the board can only mention them
    old_database(old, guild.id, channel.id, {"alice": alice.id, "bob": bob.id, "gone": gone})
    await simcord_env.restart_bot(make_bot(old))
    lines = board_lines(await bob.slash(channel, "leaderboard", game="dickory"))
    assert lines == [
        "**1.** Alice of old · rating 7.0 · 1 win in 1 rated game",  # the AI game was not rated
        "**2.** bob · rating -0.5 · 0 wins in 1 rated game",
        f"**3.** <@{gone}> · rating -4.0",  # no result of theirs kept: no record to show
    ], lines
    # her next game stores the name she plays under now
    table = await start_pvp(simcord_env, channel, alice, bob)
    await bob.slash(channel, "dickory resign")
    assert table.status == "over"
    lines = board_lines(await bob.slash(channel, "leaderboard", game="dickory"))
    assert lines[0].startswith(f"**1.** {alice.name} · rating ") and lines[0].endswith("2 wins in 2 rated games")
    await simcord_env.restart_bot(make_bot(old))  # the migration ran once and is not run again
    with sqlite3.connect(old) as db:
        assert db.execute("SELECT COUNT(*) FROM migrations WHERE name LIKE '0006%'").fetchone() == (1,)


async def test_stats_say_no_count_of_rated_games_when_the_migration_could_not_tell_any(simcord_env, world, tmp_path):
    """carol was rated for a game against the AI while the server rated those; it no longer does,
    so the migration marks that result unrated. Her /stats show the rating without "over 0 rated
    games", a count that reads as if the rating stood on nothing."""
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    old = str(tmp_path / "old.sqlite3")
    old_database(old, guild.id, channel.id, {"alice": alice.id, "bob": bob.id, "gone": 4242})
    with sqlite3.connect(old) as db:
        at = "2026-01-03T00:00:00+00:00"
        db.execute(
            "INSERT INTO games (id, guild_id, channel_id, game, seed, status, created_at, updated_at) "
            "VALUES (3, ?, ?, 'dickory', 1, 'over', ?, ?)",
            (guild.id, channel.id, at, at),
        )
        seats = [(3, 0, carol.id, None, "carol"), (3, 1, None, "easy", "Parlour AI")]
        db.executemany("INSERT INTO seats (game_id, seat, user_id, ai, name) VALUES (?, ?, ?, ?, ?)", seats)
        db.execute(
            "INSERT INTO results (game_id, guild_id, game, user_id, seat, place, won, vs_ai, at) "
            "VALUES (3, ?, 'dickory', ?, 0, 1, 1, 1, ?)",
            (guild.id, carol.id, at),
        )
        db.execute("INSERT INTO ratings VALUES (?, 'dickory', ?, 27.0, 7.0)", (guild.id, carol.id))
    await simcord_env.restart_bot(make_bot(old))
    stats = (await alice.slash(channel, "stats", user=carol)).response.embeds[0].fields[0].value
    assert stats.startswith("1 win in 1 game (1 against the AI) · rating 6.0"), stats
    assert "0 rated games" not in stats, stats
    # alice's rating stands on one of her two games: that is still said
    mine = (await alice.slash(channel, "stats")).response.embeds[0].fields[0].value
    assert mine.endswith(" over 1 rated game"), mine
