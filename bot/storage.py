"""Every SQL statement Parlour runs. SQLite through aiosqlite, schema in bot/migrations.

One accepted action is one transaction (action row, new state, version bump), and
the version check in that UPDATE makes a lost race impossible to store twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import datetime
from importlib import resources
from typing import Any

import aiosqlite
import discord


def now_text() -> str:
    return discord.utils.utcnow().isoformat(timespec="seconds")


def _json_or_null(value: Any) -> str | None:
    return None if value is None else json.dumps(value)


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    user_id: int | None
    ai: str | None
    name: str
    accepted: bool = True
    strikes: int = 0
    forfeit: bool = False


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    state: dict[str, Any] | None
    version: int
    daily: str | None
    turn_deadline: datetime | None
    created_at: str
    seats: list[SeatRow]
    redraw: bool = False
    updated_at: str = ""
    ending: dict[str, Any] | None = None  # an ended game's last words: {"final": ..., "log": [...]}


@dataclass(frozen=True, slots=True)
class LedgerRow:
    """One member's running net in one game (see Game.ledger)."""

    user_id: int
    guild_id: int
    game: str
    net: int


@dataclass(frozen=True, slots=True)
class ResultRow:
    user_id: int
    seat: int
    place: int
    won: bool
    score: float | None = None
    moves: int | None = None
    seconds: float | None = None
    stats: dict[str, Any] | None = None


# Members' new ratings from their current ones (user -> (mu, sigma); unrated members absent).
Rater = Callable[[dict[int, tuple[float, float]]], dict[int, tuple[float, float]]]

CHECKPOINT_PAGES = 1000  # fold the write-ahead log into the database every ~4 MB

# One figure of a result (two parameters, both its JSON path): its own stats first, else
# the game's final state (rows stored before results had stats).
STAT = "COALESCE(json_extract(x.stats, ?), json_extract(g.state, ?), 0)"


# A board row's member's last known name in the row's server (`n.name`; NULL if never noted).
NAME_JOIN = "LEFT JOIN member_names n ON n.guild_id = {t}.guild_id AND n.user_id = {t}.user_id"


class StaleVersion(RuntimeError):
    """The game moved on between reading and writing (another click won)."""


class Storage:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._drawn: dict[int, int] = {}  # game id -> version its message shows, not yet written
        # Every table's coroutines share the one connection: without this lock one table's
        # commit (or rollback) would take another's half-written transaction with it.
        self._writing = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> Storage:
        # No statement cache: aiosqlite runs statements on its own thread, but a cursor is freed
        # on the event loop's, and freeing one resets its statement; a cached statement is
        # shared, so that reset could land in the middle of another coroutine's use of it
        # ("bad parameter or other API misuse"). Preparing afresh costs microseconds.
        db = await aiosqlite.connect(path, cached_statements=0)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA foreign_keys = ON")
        if path != ":memory:":
            async with db.execute("PRAGMA journal_mode = WAL") as cur:
                await cur.fetchall()
            # With WAL, NORMAL loses no committed transaction on a crash of the bot, only
            # possibly the last ones on a power cut, and saves an fsync per move.
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute(f"PRAGMA wal_autocheckpoint = {CHECKPOINT_PAGES}")
        storage = cls(db)
        await storage.migrate()
        return storage

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """One write transaction at a time, committed whole or rolled back whole."""
        async with self._writing:
            try:
                yield
                await self.db.commit()
            except BaseException:
                await self.db.rollback()
                raise

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            async with self._transaction():
                await self._write_drawn()
        with contextlib.suppress(Exception):  # fold the write-ahead log back so it starts empty next time
            await self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        await self.db.close()

    async def migrate(self) -> None:
        await self.db.execute("CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, at TEXT NOT NULL)")
        async with self.db.execute("SELECT name FROM migrations") as cur:
            done = {row[0] for row in await cur.fetchall()}
        folder = resources.files("bot") / "migrations"
        for script in sorted(p for p in folder.iterdir() if p.name.endswith(".sql")):
            if script.name in done:
                continue
            await self.db.executescript(
                "BEGIN;\n" + script.read_text(encoding="utf-8") + "\n"
                f"INSERT INTO migrations (name, at) VALUES ('{script.name}', '{now_text()}');\nCOMMIT;"
            )

    # -- games ------------------------------------------------------------------
    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seed: int,
        status: str,
        seats: list[SeatRow],
        state: dict[str, Any] | None = None,
        daily: str | None = None,
    ) -> int:
        at = now_text()
        async with self._transaction():
            cur = await self.db.execute(
                "INSERT INTO games (guild_id, channel_id, game, options, seed, status, state, daily, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    game,
                    json.dumps(options),
                    seed,
                    status,
                    _json_or_null(state),
                    daily,
                    at,
                    at,
                ),
            )
            game_id = cur.lastrowid
            assert game_id is not None
            await self.db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, ai, name, accepted) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, s.ai, s.name, int(s.accepted)) for s in seats],
            )
        return game_id

    async def set_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        async with self._transaction():
            await self.db.execute(
                "UPDATE games SET channel_id = ?, message_id = ? WHERE id = ?", (channel_id, message_id, game_id)
            )

    def drawn(self, game_id: int, version: int) -> None:
        """The table message now shows `version`: no redraw is owed unless the game moved on.

        Noted here and written with the next stored move (of any table) or at close: the
        next move would overwrite most notes anyway, and one lost to a crash costs only a
        redraw after the restart, so a move need not pay a transaction of its own for it.
        """
        self._drawn[game_id] = version

    async def ending_drawn(self, game_id: int) -> None:
        """An ended game's last picture is shown: written at once, as endings are few and a
        restart would otherwise draw it again."""
        self._drawn.pop(game_id, None)
        async with self._transaction():
            await self.db.execute("UPDATE games SET redraw = 0 WHERE id = ?", (game_id,))

    async def _write_drawn(self) -> dict[int, int]:
        owed = dict(self._drawn)
        if owed:
            await self.db.executemany("UPDATE games SET redraw = 0 WHERE id = ? AND version <= ?", list(owed.items()))
        return owed

    def _drawn_written(self, owed: dict[int, int]) -> None:
        for game_id, version in owed.items():
            if self._drawn.get(game_id) == version:
                del self._drawn[game_id]

    async def replace_seats(self, game_id: int, seats: list[SeatRow]) -> None:
        """A lobby's line-up changed (a decline, a start with fewer): store the seats anew."""
        async with self._transaction():
            await self.db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await self.db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, ai, name, accepted) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, s.ai, s.name, int(s.accepted)) for s in seats],
            )

    async def update_seats(self, game_id: int, seats: list[SeatRow]) -> None:
        async with self._transaction():
            await self.db.executemany(
                "UPDATE seats SET user_id = ?, ai = ?, name = ?, accepted = ?, strikes = ?, forfeit = ? "
                "WHERE game_id = ? AND seat = ?",
                [(s.user_id, s.ai, s.name, int(s.accepted), s.strikes, int(s.forfeit), game_id, s.seat) for s in seats],
            )

    async def begin_game(
        self, game_id: int, state: dict[str, Any], deadline: datetime | None, ledger: list[LedgerRow] | None = None
    ) -> None:
        async with self._transaction():
            await self.db.execute(
                "UPDATE games SET status = 'active', state = ?, version = 0, turn_deadline = ?, updated_at = ? "
                "WHERE id = ?",
                (json.dumps(state), deadline.isoformat() if deadline else None, now_text(), game_id),
            )
            await self._write_ledger(game_id, ledger)
            await self._note_names(game_id, now_text())

    async def _note_names(self, game_id: int, at: str) -> None:
        """Keep each seated member's display name for the boards of the game's server (a member
        who left shows in Discord as an unknown user, and the bot cannot look names up)."""
        await self.db.execute(
            "INSERT INTO member_names (guild_id, user_id, name, at) "
            "SELECT g.guild_id, s.user_id, s.name, ? FROM seats s JOIN games g ON g.id = s.game_id "
            "WHERE s.game_id = ? AND s.user_id IS NOT NULL AND s.name != '' "
            "ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name, at = excluded.at",
            (at, game_id),
        )

    async def _write_ledger(self, game_id: int, rows: list[LedgerRow] | None) -> None:
        if rows:
            await self.db.executemany(
                "INSERT INTO ledger (game_id, user_id, guild_id, game, net) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, user_id) DO UPDATE SET net = excluded.net",
                [(game_id, r.user_id, r.guild_id, r.game, r.net) for r in rows],
            )

    async def record_action(
        self,
        game_id: int,
        version: int,
        seat: int,
        text: str,
        state: dict[str, Any],
        *,
        by_ai: bool,
        deadline: datetime | None,
        seats: list[SeatRow] | None = None,
        ledger: list[LedgerRow] | None = None,
    ) -> None:
        """Store one accepted action atomically (with the members' ledger figures, if the game
        keeps one); raises StaleVersion if the game moved on."""
        at = now_text()
        async with self._transaction():
            cur = await self.db.execute(
                "UPDATE games SET state = ?, version = version + 1, turn_deadline = ?, updated_at = ?, redraw = 1 "
                "WHERE id = ? AND version = ?",
                (json.dumps(state), deadline.isoformat() if deadline else None, at, game_id, version),
            )
            if cur.rowcount != 1:
                raise StaleVersion(f"game {game_id} is no longer at version {version}")
            await self.db.execute(
                "INSERT INTO actions (game_id, seq, seat, text, by_ai, at) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, version + 1, seat, text, int(by_ai), at),
            )
            if seats is not None:
                await self.db.executemany(
                    "UPDATE seats SET strikes = ?, forfeit = ? WHERE game_id = ? AND seat = ?",
                    [(s.strikes, int(s.forfeit), game_id, s.seat) for s in seats],
                )
            await self._write_ledger(game_id, ledger)
            owed = await self._write_drawn()
        self._drawn_written(owed)

    async def finish_game(
        self,
        game_id: int,
        status: str,
        *,
        guild_id: int,
        game: str,
        results: list[ResultRow],
        vs_ai: bool,
        ratings: Rater | None,
        ledger: list[LedgerRow] | None = None,
        ending: dict[str, Any] | None = None,
    ) -> None:
        """Close a game with its results, the new ratings, its last ledger figures (a match
        ended early gives back the stakes of its unfinished hand) and the words of its last
        picture (`ending`, drawn from them after a restart), in one transaction.

        `ratings` turns the members' current ratings into their new ones; it runs inside the
        transaction, so two games ending at once that share a member both count for them."""
        at = now_text()
        self._drawn.pop(game_id, None)  # a picture of play drawn before: the ending is still owed
        async with self._transaction():
            cur = await self.db.execute(
                "UPDATE games SET status = ?, turn_deadline = NULL, updated_at = ?, redraw = 1, ending = ? "
                "WHERE id = ? AND status = 'active'",
                (status, at, _json_or_null(ending), game_id),
            )
            if cur.rowcount != 1:
                return  # already ended (or called off): its result and ratings are never written twice
            await self._write_ledger(game_id, ledger)
            users = [r.user_id for r in results]
            rated = ratings(await self.ratings_for(guild_id, game, users)) if ratings is not None else {}
            await self.db.executemany(
                "INSERT OR REPLACE INTO results (game_id, guild_id, game, user_id, seat, place, won, vs_ai, "
                "score, moves, seconds, at, stats, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        guild_id,
                        game,
                        r.user_id,
                        r.seat,
                        r.place,
                        int(r.won),
                        int(vs_ai),
                        r.score,
                        r.moves,
                        r.seconds,
                        at,
                        json.dumps(r.stats or {}),
                        int(r.user_id in rated),
                    )
                    for r in results
                ],
            )
            await self.db.executemany(
                "INSERT INTO ratings (guild_id, game, user_id, mu, sigma) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma",
                [(guild_id, game, user, mu, sigma) for user, (mu, sigma) in rated.items()],
            )
            await self._note_names(game_id, at)

    async def set_status(
        self,
        game_id: int,
        status: str,
        ledger: list[LedgerRow] | None = None,
        ending: dict[str, Any] | None = None,
    ) -> None:
        """End a game as `status` (called off); its last picture (`ending`'s words) is owed until drawn."""
        self._drawn.pop(game_id, None)
        async with self._transaction():
            await self._write_ledger(game_id, ledger)
            await self.db.execute(
                "UPDATE games SET status = ?, turn_deadline = NULL, updated_at = ?, redraw = 1, ending = ? "
                "WHERE id = ?",
                (status, now_text(), _json_or_null(ending), game_id),
            )

    async def load_game(self, game_id: int) -> GameRow | None:
        async with self.db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return await self._game_row(row) if row else None

    async def open_games(self) -> list[GameRow]:
        """Every game in a lobby or in play, oldest first (reloaded at start-up)."""
        async with self.db.execute("SELECT * FROM games WHERE status IN ('lobby', 'active') ORDER BY id") as cur:
            rows = await cur.fetchall()
        return [await self._game_row(r) for r in rows]

    async def owed_endings(self) -> list[GameRow]:
        """Ended games whose last picture was never shown (Discord failed, or Parlour stopped
        first), oldest first: drawn at start-up."""
        async with self.db.execute(
            "SELECT * FROM games WHERE status IN ('over', 'cancelled') AND redraw = 1 ORDER BY id"
        ) as cur:
            rows = await cur.fetchall()
        return [await self._game_row(r) for r in rows]

    async def _game_row(self, row: aiosqlite.Row) -> GameRow:
        async with self.db.execute(
            "SELECT seat, user_id, ai, name, accepted, strikes, forfeit FROM seats WHERE game_id = ? ORDER BY seat",
            (row["id"],),
        ) as cur:
            seats = [
                SeatRow(
                    r["seat"], r["user_id"], r["ai"], r["name"], bool(r["accepted"]), r["strikes"], bool(r["forfeit"])
                )
                for r in await cur.fetchall()
            ]
        deadline = row["turn_deadline"]
        return GameRow(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            message_id=row["message_id"],
            game=row["game"],
            options=json.loads(row["options"]),
            seed=row["seed"],
            status=row["status"],
            state=json.loads(row["state"]) if row["state"] else None,
            version=row["version"],
            daily=row["daily"],
            turn_deadline=datetime.fromisoformat(deadline) if deadline else None,
            created_at=row["created_at"],
            seats=seats,
            redraw=bool(row["redraw"]),
            updated_at=row["updated_at"],
            ending=json.loads(row["ending"]) if row["ending"] else None,
        )

    async def actions(self, game_id: int) -> list[tuple[int, int, str]]:
        async with self.db.execute(
            "SELECT seq, seat, text FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ) as cur:
            return [(r[0], r[1], r[2]) for r in await cur.fetchall()]

    # -- settings ---------------------------------------------------------------
    async def get_setting(self, guild_id: int, key: str, default: str) -> str:
        async with self.db.execute("SELECT value FROM settings WHERE guild_id = ? AND key = ?", (guild_id, key)) as cur:
            row = await cur.fetchone()
        return row[0] if row else default

    async def set_setting(self, guild_id: int, key: str, value: str) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO settings (guild_id, key, value) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                (guild_id, key, value),
            )

    # -- ratings and stats ----------------------------------------------------------
    async def ratings_for(self, guild_id: int, game: str, users: list[int]) -> dict[int, tuple[float, float]]:
        if not users:
            return {}
        marks = ",".join("?" * len(users))
        async with self.db.execute(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *users),
        ) as cur:
            return {r[0]: (r[1], r[2]) for r in await cur.fetchall()}

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[dict[str, Any]]:
        """Rated players by conservative rating (mu - 3 sigma), with their record in rated games
        (the games the rating counts) and their last known name (None if never noted)."""
        async with self.db.execute(
            "SELECT r.user_id, r.mu, r.sigma, r.mu - 3 * r.sigma AS ordinal, n.name, "
            "  (SELECT COUNT(*) FROM results x WHERE x.guild_id = r.guild_id AND x.game = r.game "
            "     AND x.user_id = r.user_id AND x.rated = 1) AS games, "
            "  (SELECT COUNT(*) FROM results x WHERE x.guild_id = r.guild_id AND x.game = r.game "
            "     AND x.user_id = r.user_id AND x.rated = 1 AND x.won = 1) AS wins "
            f"FROM ratings r {NAME_JOIN.format(t='r')} "
            "WHERE r.guild_id = ? AND r.game = ? ORDER BY ordinal DESC, r.user_id LIMIT ?",
            (guild_id, game, limit),
        ) as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def rating_place(self, guild_id: int, game: str, user_id: int) -> tuple[int | None, int]:
        """A member's rank on the rating board (None if unrated; equal ratings share a rank)
        and how many members the board ranks."""
        async with self.db.execute(
            "SELECT (SELECT 1 + COUNT(*) FROM ratings o WHERE o.guild_id = r.guild_id AND o.game = r.game "
            "    AND o.mu - 3 * o.sigma > r.mu - 3 * r.sigma) "
            "FROM ratings r WHERE r.guild_id = ? AND r.game = ? AND r.user_id = ?",
            (guild_id, game, user_id),
        ) as cur:
            row = await cur.fetchone()
        async with self.db.execute(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game)
        ) as cur:
            total = await cur.fetchone()
        return (int(row[0]) if row else None), (int(total[0]) if total else 0)

    async def stats(self, guild_id: int, user_id: int) -> list[dict[str, Any]]:
        """Per game: games, wins, games against AI, rated games and wins, and the rating if any."""
        async with self.db.execute(
            "SELECT x.game, COUNT(*) AS games, SUM(x.won) AS wins, SUM(x.vs_ai) AS vs_ai, "
            "  SUM(x.rated) AS rated, SUM(x.rated * x.won) AS rated_wins, "
            "  (SELECT r.mu - 3 * r.sigma FROM ratings r WHERE r.guild_id = x.guild_id AND r.game = x.game "
            "     AND r.user_id = x.user_id) AS ordinal "
            "FROM results x WHERE x.guild_id = ? AND x.user_id = ? GROUP BY x.game ORDER BY x.game",
            (guild_id, user_id),
        ) as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def solo_results(self, guild_id: int, user_id: int, game: str) -> list[dict[str, Any]]:
        """A member's solo games in order, for streaks and bests."""
        async with self.db.execute(
            "SELECT won, moves, seconds, score FROM results WHERE guild_id = ? AND user_id = ? AND game = ? "
            "ORDER BY at, game_id",
            (guild_id, user_id, game),
        ) as cur:
            return [dict(r) for r in await cur.fetchall()]

    # -- one-player records: daily deals, a member's results, boards -------------------------
    # `stats` holds each result's own figures from the engine (State.stats); a game names the
    # figure that counts against a result (`fewest`, e.g. hints). Rows stored before that
    # column existed fall back to the figure in the game's final state.

    async def daily_game(self, guild_id: int, daily: str, user_id: int) -> dict[str, Any] | None:
        """The member's game of this daily deal (running or finished), if any; cancelled ones don't count."""
        async with self.db.execute(
            "SELECT g.id, g.guild_id, g.channel_id, g.message_id, g.status, x.won, x.moves, x.seconds "
            "FROM games g JOIN seats s ON s.game_id = g.id "
            "LEFT JOIN results x ON x.game_id = g.id AND x.user_id = s.user_id "
            "WHERE g.guild_id = ? AND g.daily = ? AND s.user_id = ? AND g.status != 'cancelled' "
            "ORDER BY g.id LIMIT 1",
            (guild_id, daily, user_id),
        ) as cur:
            row = await cur.fetchone()
        return dict(row) if row else None

    async def daily_board(self, guild_id: int, daily: str, fewest: str, limit: int = 10) -> list[dict[str, Any]]:
        """Finished attempts at one daily deal: solved first, then the fewest `fewest`, moves, seconds."""
        async with self.db.execute(
            f"SELECT x.user_id, n.name, x.won, x.moves, x.seconds, {STAT} AS fewest "
            f"FROM results x JOIN games g ON g.id = x.game_id {NAME_JOIN.format(t='x')} "
            "WHERE g.guild_id = ? AND g.daily = ? "
            "ORDER BY x.won DESC, fewest, x.moves IS NULL, x.moves, x.seconds IS NULL, x.seconds, x.game_id LIMIT ?",
            (f"$.{fewest}", f"$.{fewest}", guild_id, daily, limit),
        ) as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def daily_playing(self, guild_id: int, daily: str) -> int:
        """How many attempts at one daily deal are still going."""
        async with self.db.execute(
            "SELECT COUNT(*) FROM games WHERE guild_id = ? AND daily = ? AND status = 'active'",
            (guild_id, daily),
        ) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def member_results(self, guild_id: int, user_id: int, game: str, fewest: str) -> list[dict[str, Any]]:
        """A member's finished games of one game, oldest first, with the figure `fewest` of each."""
        async with self.db.execute(
            f"SELECT x.won, x.moves, x.seconds, {STAT} AS fewest, g.daily "
            "FROM results x JOIN games g ON g.id = x.game_id "
            "WHERE x.guild_id = ? AND x.user_id = ? AND x.game = ? ORDER BY x.at, x.game_id",
            (f"$.{fewest}", f"$.{fewest}", guild_id, user_id, game),
        ) as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def ledger_board(self, guild_id: int, game: str, limit: int = 10) -> list[dict[str, Any]]:
        """Members by their net over every game of `game` in the server (finished or not)."""
        async with self.db.execute(
            "SELECT l.user_id, n.name, SUM(l.net) AS net, COUNT(*) AS games "
            f"FROM ledger l {NAME_JOIN.format(t='l')} WHERE l.guild_id = ? AND l.game = ? "
            "GROUP BY l.user_id ORDER BY net DESC, games, l.user_id LIMIT ?",
            (guild_id, game, limit),
        ) as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def ledger_total(self, guild_id: int, game: str, user_id: int) -> tuple[int, int]:
        """One member's net and number of games in the server's ledger of `game`."""
        async with self.db.execute(
            "SELECT COALESCE(SUM(net), 0), COUNT(*) FROM ledger WHERE guild_id = ? AND game = ? AND user_id = ?",
            (guild_id, game, user_id),
        ) as cur:
            row = await cur.fetchone()
        return (int(row[0]), int(row[1])) if row else (0, 0)

    async def solo_board(self, guild_id: int, game: str, limit: int = 10) -> list[dict[str, Any]]:
        """Best scores of one-seat games of a game played also by several (a solo variant)."""
        async with self.db.execute(
            "SELECT x.user_id, n.name, MAX(x.score) AS best, COUNT(*) AS games, SUM(x.won) AS wins "
            f"FROM results x {NAME_JOIN.format(t='x')} WHERE x.guild_id = ? AND x.game = ? AND x.score IS NOT NULL "
            "AND (SELECT COUNT(*) FROM seats s WHERE s.game_id = x.game_id) = 1 "
            "GROUP BY x.user_id ORDER BY best DESC, games, x.user_id LIMIT ?",
            (guild_id, game, limit),
        ) as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def game_board(
        self, guild_id: int, game: str, fewest: str, *, by: str = "wins", min_games: int = 1, limit: int = 10
    ) -> list[dict[str, Any]]:
        """Members by most wins (`by="wins"`) or best win rate, with at least `min_games` finished;
        `clean` counts wins with none of `fewest` (no hints)."""
        order = "wins DESC, games, x.user_id" if by == "wins" else "1.0 * wins / games DESC, wins DESC, x.user_id"
        async with self.db.execute(
            "SELECT x.user_id, n.name, COUNT(*) AS games, SUM(x.won) AS wins, "
            f"  SUM(CASE WHEN x.won = 1 AND {STAT} = 0 THEN 1 ELSE 0 END) AS clean "
            f"FROM results x JOIN games g ON g.id = x.game_id {NAME_JOIN.format(t='x')} "
            f"WHERE x.guild_id = ? AND x.game = ? GROUP BY x.user_id HAVING COUNT(*) >= ? ORDER BY {order} LIMIT ?",
            (f"$.{fewest}", f"$.{fewest}", guild_id, game, min_games, limit),
        ) as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def release_daily(self, game_id: int) -> None:
        """The game no longer counts as its players' daily deal (it stays stored as it is)."""
        async with self._transaction():
            await self.db.execute("UPDATE games SET daily = NULL WHERE id = ?", (game_id,))
