"""How a game ends: places and results, ratings and the ledger, and the table closed.

The module functions work a result out from the table alone (places with forfeits, result
rows, the result's words); `Endings` stores a game's end (won, resigned, claimed or called
off), retries it while the database refuses it, and draws the table's last picture.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

import discord

from bot.ratings import rate
from bot.storage import LedgerRow, Rater, ResultRow, Storage
from bot.table import Table, Tables
from engine import State

if TYPE_CHECKING:
    from bot.notify import Notifier
    from bot.publisher import Publisher

log = logging.getLogger(__name__)

LAST_PICTURE_TRIES = 12  # 2 s doubling to a 10-minute cap: about 47 minutes in all


def sides(table: Table) -> list[list[int]] | None:
    found = table.state.sides if table.state is not None else None
    return [list(side) for side in found] if found else None


def final_places(table: Table) -> tuple[list[int], str]:
    """The engine's places, with players who forfeited sharing last place; in a
    partnership game a partner's forfeit costs the whole side."""
    n = len(table.seats)
    if table.state is not None and table.state.over:
        outcome = table.state.outcome()
        base, reason = list(outcome.places), table.fill(outcome.reason)
    else:
        base, reason = [1] * n, "The game ended early."
    groups = sides(table) or [[i] for i in range(n)]
    out = [g for g in groups if any(table.seats[i].forfeit for i in g)]
    standing = [g for g in groups if g not in out]
    places = [0] * n
    for g in groups:
        mine = min(base[i] for i in g)
        # competition ranking over players, or over sides in a partnership game
        place = 1 + sum(1 for h in standing if min(base[i] for i in h) < mine)
        if g in out:
            place = 1 + len(standing)
        for i in g:
            places[i] = place
    return places, reason


def results(table: Table, places: list[int], won: list[bool]) -> list[ResultRow]:
    view = table.state.view(None) if table.state else {}
    outcome = table.state.outcome() if table.state and table.state.over else None
    seconds = None
    if table.created_at:
        seconds = (discord.utils.utcnow() - datetime.fromisoformat(table.created_at)).total_seconds()
    return [
        ResultRow(
            user_id=s.user_id,
            seat=i,
            place=places[i],
            won=won[i],
            score=outcome.scores[i] if outcome else None,
            moves=view.get("moves"),
            seconds=seconds,
            stats=table.state.stats(i) if table.state else None,
        )
        for i, s in enumerate(table.seats)
        if s.user_id is not None
    ]


def ledger_at_end(table: Table) -> list[LedgerRow] | None:
    """The ledger as a game stops: a match that did not play out gives back what is staked."""
    if table.state is None:
        return None
    return table.ledger_rows(table.state, called_off=not table.state.over)


def solo_won(state: State) -> bool:
    """A one-seat game is won when its view says so ("won"), else when its score is not zero."""
    if not state.over:
        return False
    won = state.view(None).get("won")
    return bool(won) if won is not None else bool(state.outcome().scores[0])


def outcome_of(table: Table, ended_early: str = "") -> tuple[list[int], list[bool], str]:
    """The places, who won and the reason of a game as it ends (`ended_early` names why it
    stopped before its end, as "bob forfeited")."""
    places, reason = final_places(table)
    if ended_early:
        reason = ended_early + "."
    return places, winners(table, places), reason


def winners(table: Table, places: list[int]) -> list[bool]:
    """Who won, seat by seat. A member who gave up never wins, even when everyone did (then all
    share the one place); when every seat shares first place the game is a draw, and a draw is
    nobody's win."""
    if table.alone and table.state is not None:
        return [solo_won(table.state)]
    drawn = len(places) > 1 and all(p == 1 for p in places)
    return [p == 1 and not s.forfeit and not drawn for p, s in zip(places, table.seats, strict=True)]


def forfeited(table: Table) -> str:
    """The early end forfeits make: "Ann and Bo forfeited", or "" when nobody forfeited."""
    gave_up = [table.names[i] for i, s in enumerate(table.seats) if s.forfeit]
    return f"{' and '.join(gave_up)} forfeited" if gave_up else ""


def final_words(table: Table, places: list[int], won: list[bool], reason: str) -> dict[str, Any]:
    """The result as the table shows it: a headline with names, and every place."""
    if table.game.solo:
        return {
            "headline": "Solved!" if won[0] else "Not solved.",
            "lines": [reason] if reason else [],
            "places": places,
        }
    if table.alone:
        return {
            "headline": f"{table.names[0]} {'wins' if won[0] else 'does not win'}.",
            "lines": [reason] if reason else [],
            "places": places,
        }
    winners = [table.names[i] for i, w in enumerate(won) if w]
    verb = "wins" if len(winners) == 1 else "win"
    drawn = len(places) > 1 and all(p == 1 for p in places) and not any(s.forfeit for s in table.seats)
    headline = f"{' and '.join(winners)} {verb}" if winners else "A draw" if drawn else "Nobody wins"
    order = sorted(range(len(places)), key=lambda i: (places[i], i))
    lines = [f"{places[i]}. {table.names[i]}" + (" (forfeited)" if table.seats[i].forfeit else "") for i in order]
    return {"headline": f"{headline}.", "lines": lines, "places": places}


def trophy_line(final: dict[str, Any], reason: str) -> str:
    """The log's last line: the headline, and the reason where the words do not say it already."""
    said = reason in final["headline"] or reason in final["lines"]
    return f"🏆 {final['headline']}" + ("" if said else f" {reason}")


def rebuild_words(table: Table) -> None:
    """The words of an ending stored without them (before migration 0008): the result and
    places from the stored state and forfeits, "called off" for a call-off (its reason is lost)."""
    if table.status == "cancelled":
        table.final = {"headline": "Called off.", "lines": [], "places": None}
        return
    over = table.state is not None and table.state.over
    places, won, reason = outcome_of(table, "" if over else forfeited(table))
    table.final = final_words(table, places, won, reason)
    table.log.append(trophy_line(table.final, reason))


def still_open(table: Table, lobby_only: bool = False) -> bool:
    """Whether a call-off can still take `table`: an invitation, or (unless lobby_only) a game in play."""
    return table.status == "lobby" or (table.status == "active" and not lobby_only)


class Endings:
    def __init__(
        self,
        storage: Storage,
        tables: Tables,
        notifier: Notifier,
        publisher: Publisher,
        *,
        setting: Callable[[int, str, str], Awaitable[str]],
        spawn: Callable[..., None],
        stop_tasks: Callable[..., None],
    ) -> None:
        self.storage = storage
        self.tables = tables
        self.notifier = notifier
        self.publisher = publisher
        self._setting = setting  # the host's cached guild settings
        self._spawn = spawn  # the host's table jobs: a refused result is stored by one
        self._stop_tasks = stop_tasks

    async def finish(self, table: Table, *, ended_early: str = "", retrying: bool = False) -> None:
        if table.status != "active":
            return
        table.status = "over"
        # a retry is still the table's job, so a shutdown stops it too
        self._stop_tasks(table, keep_current=retrying)
        places, won, reason = outcome_of(table, ended_early)
        rows = results(table, places, won)
        final = final_words(table, places, won, reason)
        trophy = trophy_line(final, reason)
        try:
            await self.storage.finish_game(
                table.id,
                "over",
                guild_id=table.guild_id,
                game=table.game.name,
                results=rows,
                vs_ai=table.has_ai,
                ratings=await self.new_ratings(table, places),
                ledger=ledger_at_end(table),
                ending=table.ending_words(final, trophy),
            )
        except Exception:
            # not over until its result is stored: written by a retry (or at the next start-up),
            # and meanwhile the table still holds its seats rather than being lost in between
            log.exception("table %s: its result could not be stored", table.id)
            table.status = "active"
            if not retrying:
                self._spawn(table, "finish", self.finish_again(table, ended_early))
            return
        table.final = final
        table.log.append(trophy)
        await self.close(table)

    async def draw_owed(self, table: Table) -> None:
        """The last picture of a game that ended before a restart without it being shown, drawn
        with the usual retries. Its words were stored with the ending (`Table.from_row` puts them
        back); an ending stored before they were is given words rebuilt from the result."""
        if table.final is None:
            rebuild_words(table)
        await self.close(table)

    async def finish_again(self, table: Table, ended_early: str) -> None:
        """Store the end of a game the database refused: after 1, 2, 4 ... s, up to a minute apart."""
        delay = 1.0
        while table.status == "active":
            await asyncio.sleep(delay)
            delay = min(60.0, delay * 2)
            await self.finish(table, ended_early=ended_early, retrying=True)

    async def call_off(self, table: Table, why: str, *, lobby_only: bool = False) -> bool:
        """Store a game or an invitation as called off (nobody wins or loses, stakes come back),
        under the table's lock so that no move is stored meanwhile. False when it was no longer
        open (with lobby_only: no longer an invitation). A write the database refuses raises,
        and the table is as it was, its jobs and clocks running on."""
        async with table.lock:
            if not still_open(table, lobby_only):
                return False
            final = {"headline": f"Called off: {why.rstrip('.')}", "lines": [], "places": None}
            await self.storage.set_status(table.id, "cancelled", ledger_at_end(table), table.ending_words(final, why))
            table.status = "cancelled"
        self._stop_tasks(table)
        table.log.append(why)
        table.final = final
        return True

    async def cancel(self, table: Table, why: str, *, lobby_only: bool = False) -> None:
        """Call a table off and draw its last picture (see call_off)."""
        if await self.call_off(table, why, lobby_only=lobby_only):
            await self.close(table)

    async def close(self, table: Table) -> None:
        """The last picture of a game that ended (won, resigned, claimed or called off). The game
        is stored as ended already, so a failure here is logged, never raised."""
        try:
            await self.notifier.clear_pings(table)
            await self.publisher.publish_last(table)
        except discord.HTTPException as exc:
            log.warning("table %s: could not draw its ending (%s); trying again later", table.id, exc.status)
            self._spawn(table, "last", self._draw_last_later(table))
        except Exception:
            log.exception("table %s: could not draw its ending", table.id)
        finally:
            self.tables.forget(table.id)

    async def _draw_last_later(self, table: Table) -> None:
        """The ending Discord refused, tried again 2, 4, 8 ... s up to ten minutes apart, for about
        three quarters of an hour: till then the old buttons only answer that the game is over."""
        delay = 2.0
        for _ in range(LAST_PICTURE_TRIES):
            await asyncio.sleep(delay)
            delay = min(600.0, delay * 2)
            try:
                await self.publisher.publish_last(table)
                return
            except discord.HTTPException as exc:
                log.info("table %s: its ending still could not be drawn (%s)", table.id, exc.status)
            except Exception:
                log.exception("table %s: could not draw its ending", table.id)
                return
        log.warning("table %s: gave up drawing its ending", table.id)

    async def new_ratings(self, table: Table, places: list[int]) -> Rater | None:
        """How this game moves its members' ratings (None: it doesn't), applied by storage to
        the ratings as they stand when the result is written."""
        if table.alone:
            return None
        if table.has_ai and await self._setting(table.guild_id, "rate_ai", "off") != "on":
            return None
        seats, teams = [s.user_id for s in table.seats], sides(table)

        def rater(priors: dict[int, tuple[float, float]]) -> dict[int, tuple[float, float]]:
            rated = rate(places, [priors.get(u) if u is not None else None for u in seats], teams)
            return {u: rated[i] for i, u in enumerate(seats) if u is not None}

        return rater
