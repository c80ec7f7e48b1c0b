"""Configuration from the environment, optionally seeded from a `.env` file."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


class SettingsError(ValueError):
    """Configuration that cannot start the bot; the message says what to do."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database: str = "parlour.sqlite3"
    dev_guild: int | None = None  # sync commands to one guild at once while developing
    log_level: str = "INFO"
    ai_workers: int = 1  # processes for AI search; 0 runs it in a thread
    sync_commands: bool = True
    warm_renderers: bool = True  # draw sprites at start-up so the first table is quick


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines; blank lines and # comments ignored; quotes stripped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        values[key.strip().removeprefix("export ").strip()] = value.strip().strip("'\"")
    return values


def load_settings(environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")) -> Settings:
    """Settings from `environ` (default os.environ) over the `.env` file's values."""
    merged = read_env_file(env_file) if env_file else {}
    merged.update(environ if environ is not None else os.environ)
    token = merged.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise SettingsError(
            "DISCORD_TOKEN is not set: put your bot token in the environment or in a .env file "
            "(DISCORD_TOKEN=...), see README.md, 'Create the bot in Discord'."
        )
    guild = merged.get("PARLOUR_DEV_GUILD", "").strip()
    try:
        return Settings(
            token=token,
            database=merged.get("PARLOUR_DATABASE", "").strip() or "parlour.sqlite3",
            dev_guild=int(guild) if guild else None,
            log_level=merged.get("PARLOUR_LOG_LEVEL", "INFO").strip().upper() or "INFO",
            ai_workers=int(merged.get("PARLOUR_AI_WORKERS", "1") or "1"),
        )
    except ValueError as exc:
        raise SettingsError(f"A PARLOUR_* setting is not a number: {exc}.") from None
