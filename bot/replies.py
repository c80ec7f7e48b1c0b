"""One way to answer an interaction, whatever Discord says back.

Discord gives three seconds to acknowledge an interaction. A 500 or a 429 on that first
answer is retried while the window allows; if it still fails the interaction is
deferred and the answer goes out as a followup, which has fifteen minutes. Failures are
logged at warning level: the member's action was already applied or refused.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

log = logging.getLogger(__name__)

WINDOW = 2.5  # seconds of Discord's 3 we allow ourselves for the first answer
RETRIES = 3
CONTENT_MAX = 2000  # Discord refuses a longer message content outright


def fit(content: str | None) -> str | None:
    """Content Discord accepts: a sentence quoting a long name or typed text is cut, not refused."""
    if content is None or len(content) <= CONTENT_MAX:
        return content
    return content[: CONTENT_MAX - 1] + "…"


def retry_after(exc: discord.HTTPException, attempt: int) -> float:
    """How long to wait before trying again: Discord's own figure for a 429, else backoff."""
    wait = getattr(exc, "retry_after", None)
    if isinstance(wait, int | float) and wait > 0:
        return float(wait)
    return 0.25 * 2**attempt


def transient(exc: BaseException) -> bool:
    """A Discord error worth retrying: rate limited or a server fault."""
    return isinstance(exc, discord.HTTPException) and (exc.status == 429 or exc.status >= 500)


async def with_retries(call: Callable[[], Awaitable[Any]], *, attempts: int = RETRIES, budget: float = 30.0) -> Any:
    """Run a Discord call, retrying rate limits and server faults with backoff."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + budget
    for attempt in range(attempts):
        try:
            return await call()
        except discord.HTTPException as exc:
            wait = retry_after(exc, attempt)
            if not transient(exc) or attempt == attempts - 1 or loop.time() + wait > give_up:
                raise
            log.warning("Discord answered %s; trying again in %.2f s", exc.status, wait)
            await asyncio.sleep(wait)
    raise AssertionError("unreachable")


def let_go(view: discord.ui.View | None) -> None:
    """Forget a view once its message is sent, when every item on it is a dynamic item.

    The bot dispatches dynamic items by custom id whatever message they sit on, so the
    view need not be kept; discord.py would keep each one sent on an ephemeral message
    for fifteen minutes, with a timer, for nothing.
    """
    if view is None or view.is_finished():
        return
    if all(isinstance(item, discord.ui.DynamicItem) for item in view.walk_children()):
        view.stop()


class Payload:
    """Message arguments that can be sent more than once: discord.py closes a File once sent."""

    def __init__(self, kwargs: dict[str, Any]) -> None:
        self.kwargs = dict(kwargs)
        self.files = [_snapshot(f) for f in self.kwargs.pop("files", None) or []]
        one = self.kwargs.pop("file", None)
        if one is not None:
            self.files.append(_snapshot(one))
        self.attachments = "attachments" in self.kwargs
        if self.attachments:
            self.files = [_snapshot(f) for f in self.kwargs.pop("attachments") or [] if isinstance(f, discord.File)]

    def fresh(self, *, as_attachments: bool = False) -> dict[str, Any]:
        out = dict(self.kwargs)
        files = [discord.File(io.BytesIO(data), filename=name, description=alt) for data, name, alt in self.files]
        if as_attachments:
            out["attachments"] = files
        elif files:
            out["files"] = files
        return out


def _snapshot(f: discord.File) -> tuple[bytes, str, str | None]:
    fp = f.fp
    data = fp.getvalue() if isinstance(fp, io.BytesIO) else fp.read()
    return data, f.filename or "image.png", f.description


def _left(interaction: discord.Interaction) -> float:
    """Seconds left in the three-second window to acknowledge this interaction."""
    created = interaction.created_at
    return WINDOW - (discord.utils.utcnow() - created).total_seconds()


async def reply(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """Answer an interaction (ephemeral unless told otherwise), or follow up if already answered."""
    kwargs.setdefault("ephemeral", True)
    content = fit(content)
    payload = Payload(kwargs)
    if interaction.response.is_done():
        await _followup(interaction, content, payload)
        return
    for attempt in range(RETRIES):
        try:
            await interaction.response.send_message(content, **payload.fresh())
            let_go(payload.kwargs.get("view"))
            return
        except discord.InteractionResponded:
            await _followup(interaction, content, payload)
            return
        except discord.HTTPException as exc:
            wait = retry_after(exc, attempt)
            if not transient(exc) or wait > _left(interaction) - 0.3 or attempt == RETRIES - 1:
                log.warning("could not answer an interaction (%s); trying a followup", exc.status)
                break
            await asyncio.sleep(wait)
    await _defer_then_followup(interaction, content, payload)


async def edit(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Redraw the message a component sits on (an ephemeral panel), or answer anew if that fails."""
    if "content" in kwargs:
        kwargs["content"] = fit(kwargs["content"])
    payload = Payload(kwargs)
    if not interaction.response.is_done():
        try:
            await interaction.response.edit_message(**payload.fresh(as_attachments=payload.attachments))
            let_go(payload.kwargs.get("view"))
            return
        except discord.HTTPException as exc:
            log.warning("could not redraw a panel (%s); sending it anew", exc.status)
    again = payload.fresh()
    await reply(interaction, again.pop("content", None), **again)


async def _defer_then_followup(interaction: discord.Interaction, content: str | None, payload: Payload) -> None:
    try:
        await interaction.response.defer(ephemeral=payload.kwargs.get("ephemeral", True), thinking=True)
    except discord.InteractionResponded:
        pass
    except discord.HTTPException as exc:
        log.warning("could not acknowledge an interaction (%s)", exc.status)
        return
    await _followup(interaction, content, payload)


async def _followup(interaction: discord.Interaction, content: str | None, payload: Payload) -> None:
    def send() -> Awaitable[Any]:
        kwargs = {k: v for k, v in payload.fresh().items() if k != "delete_after"}
        if kwargs.get("view") is None:
            kwargs.pop("view", None)  # a followup refuses view=None
        return interaction.followup.send(content or "\u200b", **kwargs)

    try:
        await with_retries(send, budget=10.0)
    except discord.HTTPException as exc:
        log.warning("could not follow up an interaction (%s)", exc.status)
    let_go(payload.kwargs.get("view"))


# What the table message needs of the bot in its channel: (permission, its name in Discord's
# settings, what the member is told is wrong), in the order the problems show.
TABLE_NEEDS = (
    ("view_channel", "View Channel", "I can't see this channel"),
    ("send_messages", "Send Messages", "I can't post in this channel"),
    ("embed_links", "Embed Links", "I can't post the table's embed in this channel"),
    ("attach_files", "Attach Files", "I can't post pictures in this channel"),
)


def cannot_post(interaction: discord.Interaction) -> str | None:
    """Why the bot can't post a table where this interaction came from (one sentence naming the
    permissions to give), or None. Discord sends the bot's own permissions in that channel with
    every interaction, overwrites applied, so no lookup is needed; in a DM there is no table."""
    if interaction.guild_id is None:
        return None
    perms = interaction.app_permissions
    thread = isinstance(interaction.channel, discord.Thread)
    missing = []
    for flag, name, why in TABLE_NEEDS:
        if flag == "send_messages" and thread:
            flag, name = "send_messages_in_threads", "Send Messages in Threads"
        if not getattr(perms, flag):
            missing.append((name, why))
    if not missing:
        return None
    return f"{missing[0][1]}: give me {' and '.join(name for name, _ in missing)}."


def table_note(interaction: discord.Interaction) -> str:
    """A line for a move's reply when the table message can't show it (the move itself is kept)."""
    problem = cannot_post(interaction)
    return f"\n⚠️ {problem} Your move counts; the table catches up once I can post it." if problem else ""
