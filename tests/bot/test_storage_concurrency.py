"""Many tables writing through the one connection at once, as they do in a busy server.

Each move is one transaction; tables' moves interleave on the event loop, and a lost
race (a stale version) rolls its own transaction back. Nothing of another table's move
may go with that rollback, and the connection must never be misused.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3

from bot.storage import LedgerRow, SeatRow, StaleVersion, Storage

TABLES = 8
MOVES = 60


async def play(storage: Storage, game_id: int, rng: random.Random, stored: list[int]) -> None:
    for move in range(MOVES):
        version = move  # one stored move per step
        net = rng.randint(-50, 50)
        state = {"move": move, "net": net}
        ledger = [LedgerRow(user_id=100 + game_id, guild_id=1, game="bourre", net=net)]
        if rng.random() < 0.25:  # a click that lost its race: refused, rolled back, nothing kept
            try:
                await storage.record_action(game_id, version - 1, 0, "late", state, by_ai=False, deadline=None)
            except StaleVersion:
                pass
            else:
                raise AssertionError("a stale version was stored")
        await storage.record_action(game_id, version, 0, f"m{move}", state, by_ai=False, deadline=None, ledger=ledger)
        stored[game_id] = net
        storage.drawn(game_id, version + 1)  # the table message noted as drawn, written with a later move


async def look(storage: Storage, game_ids: list[int], rng: random.Random) -> None:
    """Members asking for boards and totals while the moves are written."""
    for _ in range(MOVES * 2):
        game_id = rng.choice(game_ids)
        await storage.ledger_total(1, "bourre", 100 + game_id)
        assert await storage.load_game(game_id) is not None


async def test_moves_of_many_tables_at_once_are_each_stored_whole(db_path):
    storage = await Storage.open(db_path)
    ids = []
    for i in range(TABLES):
        ids.append(
            await storage.create_game(
                guild_id=1,
                channel_id=2,
                game="bourre",
                options={},
                seed=i,
                status="active",
                seats=[SeatRow(0, 100 + i, None, f"p{i}")],
                state={"move": -1},
            )
        )
    nets = dict.fromkeys(ids, 0)
    rng = random.Random(5)
    failed = await asyncio.gather(
        *(play(storage, g, random.Random(rng.random()), nets) for g in ids),
        *(look(storage, ids, random.Random(rng.random())) for _ in range(4)),
        return_exceptions=True,
    )
    await storage.close()
    assert failed == [None] * (TABLES + 4), failed

    db = sqlite3.connect(db_path)
    for game_id in ids:
        version, state = db.execute("SELECT version, state FROM games WHERE id = ?", (game_id,)).fetchone()
        assert version == MOVES and json.loads(state)["move"] == MOVES - 1
        texts = [t for (t,) in db.execute("SELECT text FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))]
        assert texts == [f"m{m}" for m in range(MOVES)]
        (net,) = db.execute("SELECT net FROM ledger WHERE game_id = ?", (game_id,)).fetchone()
        assert net == nets[game_id]
    assert db.execute("SELECT COUNT(*) FROM games WHERE redraw = 1").fetchone()[0] == 0
    db.close()
