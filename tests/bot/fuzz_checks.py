"""The fuzz harness's findings and the checks it makes once the bot is idle.

`FuzzResult` counts each breach in a column (`BAD_COLUMNS` must stay zero) and keeps it
as a `Finding`. `FuzzChecks` is the half of the harness that reads the truth (the SQLite
file, the channels, the tables in memory) and holds the bot to it; `tests/bot/fuzz.py`
is the half that drives the bot.
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
import traceback
from dataclasses import dataclass, field
from typing import Any

import simcord
from simcord.backend.errors import BackendError

from engine import GAMES
from engine.cards import pretty
from tests.engine.test_moleicki_support import secret_cards

BAD_COLUMNS = (
    "unhandled_errors",
    "settle_timeouts",
    "unanswered",
    "leaks",
    "table_lag",
    "stuck_games",
    "timer_faults",
    "state_mismatches",
    "permission_holes",
    "forged_acted",
    "stale_acted",
    "double_moves",
)
FOOTER_MOVE = re.compile(r"(?:move |· v)(\d+)$")  # "move 12", or "· v12" under a solitaire's move count
GAME_TITLE = re.compile(r"game #(\d+)$")


# -- results -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Finding:
    column: str
    step: int
    what: str
    detail: str = ""

    def line(self) -> str:
        return f"[{self.column}] step {self.step}: {self.what}" + (f"\n    {self.detail}" if self.detail else "")


@dataclass
class FuzzResult:
    seed: int
    steps: int = 0
    interactions: int = 0
    # bad columns: every one must be zero
    unhandled_errors: int = 0
    settle_timeouts: int = 0
    unanswered: int = 0
    leaks: int = 0
    table_lag: int = 0
    stuck_games: int = 0
    timer_faults: int = 0
    state_mismatches: int = 0
    permission_holes: int = 0
    forged_acted: int = 0
    stale_acted: int = 0
    double_moves: int = 0
    # what happened
    faults_injected: int = 0
    faults_survived: int = 0
    restarts: int = 0
    crashes: int = 0
    cut_by_crash: int = 0
    games_resumed_identical: int = 0
    games_started: int = 0
    games_finished: int = 0
    moves: int = 0
    bursts: int = 0
    ops: dict[str, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list, repr=False)

    def add(self, column: str, step: int, what: str, detail: str = "") -> None:
        setattr(self, column, getattr(self, column) + 1)
        self.findings.append(Finding(column, step, what, detail))

    def bad(self) -> dict[str, int]:
        return {c: getattr(self, c) for c in BAD_COLUMNS if getattr(self, c)}

    def figures(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if k != "findings"}
        out["bad"] = self.bad()
        return out

    def report(self, per_column: int = 2) -> str:
        """The first findings of each bad column: enough to reproduce each failure class."""
        lines = [f"seed {self.seed}: {json.dumps(self.bad())}"]
        for column in BAD_COLUMNS:
            lines += [f.line() for f in [f for f in self.findings if f.column == column][:per_column]]
        return "\n".join(lines)


class ErrorLog(logging.Handler):
    """Every record logged at ERROR or above while the harness runs."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def excerpt(exc: BaseException, lines: int = 6) -> str:
    text = "".join(traceback.format_exception(exc)).strip().splitlines()
    return " | ".join(line.strip() for line in text[-lines:])


# -- the database as the truth ---------------------------------------------------------
def replay_problems(db: sqlite3.Connection) -> list[str]:
    """Games whose stored state differs from the replay of their action log."""
    problems = []
    for gid, name, options, seed, state, version in db.execute(
        "SELECT id, game, options, seed, state, version FROM games WHERE state IS NOT NULL ORDER BY id"
    ):
        seats = db.execute("SELECT COUNT(*) FROM seats WHERE game_id = ?", (gid,)).fetchone()[0]
        log = db.execute("SELECT seq, seat, text FROM actions WHERE game_id = ? ORDER BY seq", (gid,)).fetchall()
        if [row[0] for row in log] != list(range(1, version + 1)):
            problems.append(f"game {gid}: version {version} but log seqs {[r[0] for r in log][-5:]}")
            continue
        replayed = GAMES[name].new(seats, seed=seed, options=json.loads(options))
        try:
            for _seq, seat, text in log:
                replayed.apply(seat, text)
        except ValueError as exc:
            problems.append(f"game {gid}: replay refused an action: {exc}")
            continue
        if json.dumps(replayed.dump(), sort_keys=True) != json.dumps(json.loads(state), sort_keys=True):
            problems.append(f"game {gid} ({name}): stored state differs from the replay of {version} actions")
    return problems


class FuzzChecks:
    """What must always hold, checked by a `Fuzzer` (which supplies these attributes)."""

    env: simcord.Env
    db: sqlite3.Connection
    result: FuzzResult
    errors: ErrorLog
    step: int

    def setting(self, guild_id: int, key: str, default: str) -> str:
        row = self.db.execute("SELECT value FROM settings WHERE guild_id = ? AND key = ?", (guild_id, key)).fetchone()
        return row[0] if row else default

    def only_ai_since(self, game_id: int, version: int) -> bool:
        rows = self.db.execute("SELECT by_ai FROM actions WHERE game_id = ? AND seq > ?", (game_id, version)).fetchall()
        return all(row[0] for row in rows)

    def log_mark(self, game_id: int) -> int:
        row = self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (game_id,)).fetchone()
        return int(row[0])

    def human_actions_since(self, game_id: int, mark: int, seat: int | None) -> list[tuple[int, str]]:
        return self.db.execute(
            "SELECT seq, text FROM actions WHERE game_id = ? AND seq > ? AND seat = ? AND by_ai = 0",
            (game_id, mark, seat),
        ).fetchall()

    # -- the checks, once the bot is idle ----------------------------------------------------------
    async def check(self) -> None:
        self.check_errors()
        self.check_answers()
        self.check_leaks()
        self.check_tables()

    def check_errors(self) -> None:
        seen: set[int] = set()
        for record in self.errors.records:
            exc = record.exc_info[1] if record.exc_info else None
            if exc is not None:
                seen.add(id(exc))
            detail = excerpt(exc) if exc is not None else record.getMessage()
            self.result.add(
                "unhandled_errors",
                self.step,
                f"logged at {record.levelname} by {record.name}: {record.getMessage()[:120]}",
                detail,
            )
        self.errors.records.clear()
        for exc in self.env.errors_since(self.error_cursor):
            if id(exc) not in seen:
                self.result.add("unhandled_errors", self.step, f"escaped a handler: {type(exc).__name__}", excerpt(exc))
        self.error_cursor = self.env.error_cursor
        self.env.errors  # noqa: B018 - acknowledges them, so SimCord's teardown does not raise them again

    def check_answers(self) -> None:
        for record in list(self.env.backend.interactions.values()):
            if record.id in self.seen_interactions:
                continue
            self.seen_interactions.add(record.id)
            self.result.interactions += 1
            if record.id in self.cut:
                continue
            if not record.responded or (record.loading and not record.followup_ids):
                what = f"{self.op}: interaction {record.id} ({self.describe(record)}) was never answered"
                self.result.add("unanswered", self.step, what)

    def describe(self, record: Any) -> str:
        """The command or custom id of an interaction, from SimCord's transcript."""
        for kind, name, payload in reversed(self.env.backend.transcript):
            if kind == "GATEWAY" and name == "INTERACTION_CREATE" and payload.get("id") == str(record.id):
                data = payload.get("data") or {}
                return f"/{data['name']}" if "name" in data else f"{data.get('custom_id')} {data.get('values', '')}"
        return "?"

    def check_leaks(self) -> None:
        """Each public message the bot changed since the last check, against the secrets of
        its own game (a table message) or of every game in its channel (anything else)."""
        secrets = self.secrets()
        backend = self.env.backend
        for channel in [*self.channels, self.far_channel]:
            for message in backend.messages.get(channel.id, {}).values():
                text = public_text(message)
                if (
                    message.is_ephemeral
                    or message.author_id != backend.bot_user.id
                    or self.seen_text.get(message.id) == text
                ):
                    continue
                self.seen_text[message.id] = text
                owner = GAME_TITLE.search(str(message.embeds[0].get("title"))) if message.embeds else None
                games = [int(owner[1])] if owner else [g for g, (c, _) in secrets.items() if c == channel.id]
                for secret, whose in [pair for g in games for pair in secrets.get(g, (0, []))[1]]:
                    found = re.search(rf"(?<![\w]){re.escape(secret)}(?![\w])", text, re.IGNORECASE)
                    if found:
                        context = text[max(0, found.start() - 80) : found.end() + 40].replace("\n", " ")
                        self.result.add("leaks", self.step, f"message {message.id} shows {whose}: {secret}", context)
                names = [a.get("filename") for a in message.attachments]
                if any(n != "table.png" for n in names):
                    self.result.add("leaks", self.step, f"#{channel.name} message {message.id} attaches {names}")

    def secrets(self) -> dict[int, tuple[int, list[tuple[str, str]]]]:
        """Per open game, its channel and what no public message may show: hand captions,
        hands in words, and (single-deck Moleicki) each secret card."""
        out = {}
        for table in self.active():
            title = table.game.title
            found = [(f"{table.game.hand_label} in {title}", f"a hand caption of {title} #{table.id}")]
            for seat in table.human_seats():
                hand = table.state.view(seat).get("hand")
                if isinstance(hand, list) and len(hand) >= 4:
                    found.append((" ".join(str(c) for c in hand), f"seat {seat}'s hand in {title} #{table.id}"))
            if table.game.name == "moleicki" and table.state.decks == 1:
                for card in secret_cards(table.state) - {"JK", "25"}:
                    found += [
                        (card, f"a hidden card of {title} #{table.id}"),
                        (pretty(card), f"a hidden card of #{table.id}"),
                    ]
            out[table.id] = (table.channel_id, found)
        return out

    def check_tables(self) -> None:
        rows = self.db.execute(
            "SELECT id, status, version, state, channel_id, message_id, guild_id FROM games"
        ).fetchall()
        for gid, status, version, state, channel_id, message_id, guild_id in rows:
            table = self.bot.tables.get(gid)
            if (
                table is not None
                and table.status == "active"
                and (
                    table.version != version
                    or json.dumps(table.state.dump(), sort_keys=True) != json.dumps(json.loads(state), sort_keys=True)
                )
            ):
                self.result.add(
                    "state_mismatches", self.step, f"game {gid}: memory at move {table.version}, database at {version}"
                )
            if message_id is not None and status != "lobby":
                shown = self.footer_move(channel_id, message_id)
                if shown != version and self.first_time("lag", gid, version, shown):
                    self.result.add(
                        "table_lag", self.step, f"game {gid} ({status}): table shows move {shown}, game is at {version}"
                    )
            if table is not None and table.active:
                self.check_timer(table, guild_id)
        self.result.games_started = len([r for r in rows if r[3] is not None])
        self.result.games_finished = len([r for r in rows if r[1] == "over"])
        self.result.moves = self.db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]

    def footer_move(self, channel_id: int, message_id: int) -> int | None:
        try:
            message = self.env.backend.get_message(channel_id, message_id)
        except BackendError:
            return None
        for embed in message.embeds:
            found = FOOTER_MOVE.search((embed.get("footer") or {}).get("text", ""))
            if found:
                return int(found[1])
        return None

    def check_timer(self, table: Any, guild_id: int) -> None:
        if table.alone or int(self.setting(guild_id, "timer", "10")) == 0:  # one seat: no turn clock
            return
        since = self.timer_since.get(guild_id, {})
        if table.id in since and table.version <= since[table.id]:
            return  # the new setting applies from the next move
        if not table.turn_humans():  # a member there only for a call or a flip owes no turn
            return
        if not self.bot.host.timer_armed(table) and self.first_time("timer", table.id, table.version):
            self.result.add(
                "timer_faults",
                self.step,
                f"game {table.id} at move {table.version}: a human is to move and no timer runs",
            )

    def first_time(self, *key: Any) -> bool:
        """A breach that lasts over several steps is counted once."""
        if key in self.reported:
            return False
        self.reported.add(key)
        return True

    def check_replay(self) -> None:
        for problem in replay_problems(self.db):
            self.result.add("state_mismatches", self.step, problem)
        self.check_tables()


def public_text(message: Any) -> str:
    parts = [message.content, *(json.dumps(e, ensure_ascii=False) for e in message.embeds)]
    parts += [f"{a.get('filename')} {a.get('description') or ''}" for a in message.attachments]
    return "\n".join(parts)
