"""kill -9 while moves are being written, then a restart.

A child process opens the bot's own Storage, starts a game of each kind through
`Tables`, and applies moves through `Table.act` as fast as it can, printing each
stored move. The test SIGKILLs it at a seeded moment mid-stream, then checks the
file: PRAGMA integrity_check passes, every open game loads through `Tables`, its
state equals the replay of its action log, and the bot's startup (`load_open`)
sees the same.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage import Storage
from bot.table import Seat, Table, Tables
from engine import GAMES
from tests.bot.fuzz_checks import replay_problems

ROOT = Path(__file__).resolve().parents[2]
LINE_UP = {"dickory": 2, "moleicki": 4, "klondike": 1, "freecell": 1}


async def write_moves(db_path: str, seed: int) -> None:
    """The child: a game of each kind, moves round-robin, a finished game replaced by a
    new one, until it is killed."""
    rng = random.Random(seed)
    storage = await Storage.open(db_path)
    tables = Tables(storage, random.Random(seed))
    running = [await start_table(tables, storage, name) for name in LINE_UP]
    print("ready", flush=True)
    while True:
        for i, table in enumerate(running):
            if not table.active:
                await storage.set_status(table.id, "over")
                running[i] = table = await start_table(tables, storage, table.game.name)
            seat = table.state.to_move[0]
            action = table.state.heuristic_action(seat, rng) or rng.choice(table.state.legal_actions(seat))
            async with table.lock:
                await table.act(storage, seat, action.text)
            print("moved", table.id, table.version, flush=True)


async def start_table(tables: Tables, storage: Storage, name: str) -> Table:
    seats = [Seat(user_id=1000 + i, ai=None, name=f"p{i}") for i in range(LINE_UP[name])]
    game = GAMES[name]
    table = await tables.create(guild_id=1, channel_id=2, game=game, options=game.resolve_options({}), seats=seats)
    table.state, table.status = table.new_state(), "active"
    await storage.begin_game(table.id, table.state.dump(), None)
    return table


def spawn_writer(db_path: str, seed: int) -> subprocess.Popen[str]:
    code = (
        "import asyncio, sys; from tests.bot.test_crash_recovery import write_moves; "
        "asyncio.run(write_moves(sys.argv[1], int(sys.argv[2])))"
    )
    return subprocess.Popen(
        [sys.executable, "-c", code, db_path, str(seed)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )


def kill_mid_stream(child: subprocess.Popen[str], moves: int) -> int:
    """Read the child's progress; SIGKILL it once `moves` moves are stored. Returns moves seen."""
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    seen = 0
    for line in child.stdout:
        seen += line.startswith("moved")
        if seen >= moves:
            os.kill(child.pid, signal.SIGKILL)
            break
    child.wait(timeout=30)
    return seen


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_a_kill_9_mid_write_leaves_every_game_loadable_and_equal_to_its_replay(tmp_path, seed):
    db_path = str(tmp_path / "crash.sqlite3")
    child = spawn_writer(db_path, seed)
    try:
        seen = kill_mid_stream(child, moves=random.Random(seed).randint(40, 400))
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL, "the writer must die mid-stream, not finish"

    db = sqlite3.connect(db_path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        # every move the child reported was committed; at most the one in flight more
        assert seen <= stored <= seen + 1
        assert replay_problems(db) == []
        active = db.execute("SELECT COUNT(*) FROM games WHERE status = 'active'").fetchone()[0]
    finally:
        db.close()
    assert active == len(LINE_UP)
    assert asyncio.run(reload_and_compare(db_path)) == active


async def reload_and_compare(db_path: str) -> int:
    """The bot's startup path: every open game loads, and equals its row and its replay."""
    storage = await Storage.open(db_path)
    try:
        loaded = await Tables(storage).load_open()
        for table in loaded:
            row = await storage.load_game(table.id)
            assert row is not None and table.version == row.version
            replayed = table.new_state()
            for _seq, seat, text in await storage.actions(table.id):
                replayed.apply(seat, text)
            assert json.dumps(replayed.dump(), sort_keys=True) == json.dumps(table.state.dump(), sort_keys=True)
        return len(loaded)
    finally:
        await storage.close()
