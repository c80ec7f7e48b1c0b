"""Configuration: a missing token is one clear sentence, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import SettingsError, load_settings

ROOT = Path(__file__).resolve().parents[2]


def test_environment_overrides_the_env_file(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("# comment\nDISCORD_TOKEN='from-file'\nPARLOUR_DATABASE=/tmp/a.sqlite3\n")
    settings = load_settings({"PARLOUR_DATABASE": "/tmp/b.sqlite3"}, env_file)
    assert settings.token == "from-file"
    assert settings.database == "/tmp/b.sqlite3"


def test_sqlite_file_is_the_default_database(tmp_path):
    assert load_settings({"DISCORD_TOKEN": "t"}, tmp_path / "none").database == "parlour.sqlite3"


def test_missing_token_raises_a_sentence(tmp_path):
    with pytest.raises(SettingsError, match="DISCORD_TOKEN is not set"):
        load_settings({}, tmp_path / "none")


def test_bad_number_is_explained(tmp_path):
    with pytest.raises(SettingsError, match="not a number"):
        load_settings({"DISCORD_TOKEN": "t", "PARLOUR_AI_WORKERS": "lots"}, tmp_path / "none")


def test_python_m_bot_without_a_token_exits_with_one_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Parlour can't start: DISCORD_TOKEN is not set")


def test_start_up_leaves_its_long_lived_objects_out_of_full_collections(monkeypatch):
    import gc

    from bot import app

    warmed = []
    monkeypatch.setattr(app, "warm_renderers", lambda: warmed.append(True))
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    thresholds = gc.get_threshold()
    try:
        app.warm_then_freeze()
        assert warmed == [True] and gc.get_freeze_count() > 0
        assert gc.get_threshold() == (*thresholds[:2], app.FULL_PASS_EVERY)  # full passes ten times rarer
    finally:
        gc.unfreeze()  # frozen objects are never collected: this process goes on with other tests
        gc.set_threshold(*thresholds)
