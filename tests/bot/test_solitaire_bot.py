"""Klondike and FreeCell through the real Discord surface in SimCord: the move panel's
selects and buttons, the table's buttons, /<game> play, daily deals, records."""

from __future__ import annotations

import json

import aiosqlite
import discord

from bot.rules import RULES_DIR
from bot.steps import DONE, Step, walk
from engine.freecell_solver import solve
from tests.bot.helpers import custom_ids, make_bot, table_message, table_of

SHORT_DEAL = 386  # the solver wins this Microsoft deal in 31 moves
OTHER_DEAL = 146  # and this one in 34


# -- readers ------------------------------------------------------------------------------
def raw_components(message) -> list[dict]:
    """Components of a panel (a ResponseMessage's raw dicts) flattened out of their rows."""
    out = []
    for row in message.components:
        out.extend(row.get("components", [row]))
    return out


def table_labels(channel, table) -> dict[str, str]:
    """custom id -> label of the table message's buttons."""
    out = {}
    for row in table_message(channel, table.id).components:
        for child in getattr(row, "children", [row]):
            out[child.custom_id] = child.label
    return out


def step_labels(panel, table) -> dict[str, str]:
    """The step panel's buttons: path -> label."""
    head = f"parlour:step:{table.id}:{table.version}:"
    return {
        c["custom_id"][len(head) :]: c.get("label") for c in raw_components(panel) if c["custom_id"].startswith(head)
    }


def position(state) -> dict:
    """The dump without the counters an undo itself moves (undos, and cards seen once)."""
    d = json.loads(json.dumps(state.dump()))
    d.pop("undos")
    d.pop("seen", None)
    return d


def leads_to(actions, path: list[str], text: str) -> bool:
    found = walk(actions, path)
    if isinstance(found, Step):
        return any(a.text == text for a in found.remaining)
    return found is not None and found.text == text


async def step_click(member, panel, table, path: list[str]):
    """Click the panel's component for `path`: its button, or its option in the select (paging on)."""
    joined = ".".join(path)
    ids = custom_ids(panel)
    button = f"parlour:step:{table.id}:{table.version}:{joined}"
    if button in ids:
        return (await member.click(panel, custom_id=button)).response
    base = ".".join(path[:-1])
    select = f"parlour:stepsel:{table.id}:{table.version}:{base}"
    for _ in range(5):
        values = [o["value"] for c in raw_components(panel) if c["custom_id"] == select for o in c["options"]]
        if path[-1] in values:
            return (await member.select(panel, [path[-1]], custom_id=select)).response
        more = next(c for c in ids if c.startswith(f"parlour:steppage:{table.id}:"))
        panel = (await member.click(panel, custom_id=more)).response
        ids = custom_ids(panel)
    raise AssertionError(f"no component for {path} in {ids}")


async def move_by_steps(member, panel, table, text: str) -> tuple[object, int]:
    """Make the move `text` on the step panel as a player does: verb, card, target.

    Which option to pick is read from the same walk the panel draws (bot/steps.py);
    returns the panel after the move and how many clicks it took."""
    target = table.state.parse(0, text).text
    version, path, clicks = table.version, [], 0
    while table.version == version:
        actions = table.state.legal_actions(0)
        step = walk(actions, path)
        assert isinstance(step, Step), (path, step)
        tokens = [tok for tok, _ in step.options] + ([DONE] if step.can_finish else [])
        path = [*path, next(tok for tok in tokens if leads_to(actions, [*path, tok], target))]
        panel = await step_click(member, panel, table, path)
        clicks += 1
        assert clicks <= 4
    return panel, clicks


async def play_plan(member, channel, game: str, plan: list[str]) -> None:
    for text in plan:
        result = await member.slash(channel, f"{game} play", action=text)
        assert result.ephemeral and result.response.content.startswith("✅"), result.response.content


async def results(db_path, game_id):
    async with aiosqlite.connect(db_path) as db:
        return await (
            await db.execute("SELECT user_id, won, moves, seconds FROM results WHERE game_id = ?", (game_id,))
        ).fetchall()


# -- FreeCell: a whole game won through the panel ------------------------------------------
async def test_a_numbered_freecell_deal_is_won_through_the_panel_and_play(simcord_env, world, db_path):
    _guild, channel, alice, _bob = world
    started = await alice.slash(channel, "freecell start", deal=SHORT_DEAL)
    assert started.ephemeral and "FreeCell #" in started.response.content
    table = table_of(simcord_env)
    assert table.state.view(None)["deal"] == SHORT_DEAL and table.seats[0].user_id == alice.id
    assert table.deadline is None  # solo games have no turn timer
    panel = started.followups[0]
    assert panel.ephemeral and panel.attachments[0].filename == "hand.png"
    # the panel starts with what to do: Move first, then the verbs legal now
    assert next(iter(step_labels(panel, table).values())) == "Move" and "Choose what to do" in panel.content
    # the table shows Hint even though "hint" isn't a legal action
    assert f"parlour:quick:{table.id}:hint" in custom_ids(table_message(channel, table.id))

    plan = solve(table.state)
    assert plan is not None
    most = 0
    for step, text in enumerate(plan):
        version = table.version
        if step % 4 == 3:
            # a typed move; the panel is now stale and its next click redraws it fresh
            await play_plan(alice, channel, "freecell", [text])
            stale = next(c for c in custom_ids(panel) if c.startswith(f"parlour:step:{table.id}:{version}:"))
            refreshed = await alice.click(panel, custom_id=stale)
            assert "moved on" in refreshed.response.content
            assert table.version == version + 1
            panel = refreshed.response
            continue
        panel, clicks = await move_by_steps(alice, panel, table, text)
        most = max(most, clicks)
        assert table.version == version + 1
        assert panel.content.startswith("✅") or not table.active, panel.content
    assert most <= 3  # Move, the card, where it goes
    assert table.state.won and table.status == "over"
    assert "This game is over." in panel.content and not custom_ids(panel)[:-1]
    final = table_message(channel, table.id)
    assert "🏆 Solved!" in final.embeds[0].description
    assert final.attachments[0].description.startswith(f"FreeCell deal {SHORT_DEAL}, move {len(plan)}. Solved")
    [(user, won, moves, _seconds)] = await results(db_path, table.id)
    assert (user, won, moves) == (alice.id, 1, table.state.moves)


async def test_a_card_with_one_place_to_go_moves_in_two_clicks_and_back_undoes_a_pick(simcord_env, world):
    _guild, channel, alice, _bob = world
    started = await alice.slash(channel, "freecell start", deal=SHORT_DEAL)
    table = table_of(simcord_env)
    panel = started.followups[0]
    version = table.version
    actions = table.state.legal_actions(0)
    picked = await step_click(alice, panel, table, ["0"])  # Move
    assert "Choose a card" in picked.content and table.version == version
    cards = walk(actions, ["0"])
    # every card that can move is offered, and nothing else
    heads = {a.parts["cards"][0] for a in actions if a.parts["verb"] == "move"}
    assert len(cards.options) == len(heads)
    back = await alice.click(picked, custom_id=f"parlour:step:{table.id}:{version}:")
    assert "Choose what to do" in back.response.content
    # a card with one target: the card pick makes the move
    one = next(tok for tok, _ in cards.options if not isinstance(walk(actions, ["0", tok]), Step))
    action = walk(actions, ["0", one])
    again = await step_click(alice, back.response, table, ["0"])
    done = await step_click(alice, again, table, ["0", one])
    assert table.version == version + 1 and table.state.moves == 1
    assert done.content.startswith("✅") and action.label.split(" to ")[0] in done.content


# -- Klondike: undo and the recycled stock through buttons ---------------------------------
async def test_klondike_undo_restores_the_position_and_the_stock_recycles(simcord_env, world):
    _guild, channel, alice, _bob = world
    started = await alice.slash(channel, "klondike start", draw="3", passes="3")
    table = table_of(simcord_env)
    assert "Choose what to do" in started.followups[0].content
    assert table_message(channel, table.id).attachments[0].description.startswith("Klondike, draw 3, pass 1 of 3")
    before = position(table.state)
    labels = table_labels(channel, table)
    assert labels[f"parlour:quick:{table.id}:draw"] == "Draw"
    assert f"parlour:quick:{table.id}:undo" not in labels  # nothing to undo yet

    drew = await alice.click(table_message(channel, table.id), custom_id=f"parlour:quick:{table.id}:draw")
    assert drew.ephemeral and drew.response.content.startswith("✅ alice turns up")
    assert table.state.view(None)["stock"] == 21 and table.state.view(None)["waste_count"] == 3
    undone = await alice.click(table_message(channel, table.id), custom_id=f"parlour:quick:{table.id}:undo")
    assert "takes back" in undone.response.content
    assert position(table.state) == before and table.state.undos == 1

    # draw through the whole stock with the panel's Draw, then turn the waste over
    panel = (await alice.slash(channel, "klondike hand")).response

    async def verb(panel, label):
        path = next(p for p, shown in step_labels(panel, table).items() if shown == label)
        return await step_click(alice, panel, table, path.split("."))

    for _ in range(8):
        panel = await verb(panel, "Draw")
    view = table.state.view(None)
    assert view["stock"] == 0 and view["waste_count"] == 24 and view["pass"] == 1
    assert table_labels(channel, table)[f"parlour:quick:{table.id}:draw"] == "Turn over"
    assert "Turn Over" in step_labels(panel, table).values() and "Draw" not in step_labels(panel, table).values()
    emptied = position(table.state)
    panel = await verb(panel, "Turn Over")
    view = table.state.view(None)
    assert view["stock"] == 24 and view["waste_count"] == 0 and view["pass"] == 2 and view["passes_left"] == 1
    assert "turns the waste over" in panel.content
    # the same 24 cards come round again in the same order
    assert table.state.stock == [c for c in before["stock"]]
    panel = await verb(panel, "Undo")
    assert position(table.state) == emptied and table.state.view(None)["pass"] == 1


async def test_hint_is_shown_to_the_player_alone_and_counted(simcord_env, world):
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "freecell start", deal=OTHER_DEAL)
    table = table_of(simcord_env)
    hinted = await alice.click(table_message(channel, table.id), custom_id=f"parlour:quick:{table.id}:hint")
    assert hinted.ephemeral and "asks for a hint: try " in hinted.response.content
    assert table.state.hints == 1 and table.state.moves == 0
    # the suggestion is then made on the step panel: the hinted card, then where it goes
    suggestion = hinted.response.content.split("try ")[1].rstrip(".")
    panel = (await alice.slash(channel, "freecell hand")).response
    panel, clicks = await move_by_steps(alice, panel, table, suggestion)
    assert clicks <= 3 and panel.content.startswith("✅") and table.state.moves == 1 and table.state.hints == 1


# -- daily deals -----------------------------------------------------------------------------
async def test_the_daily_deal_is_the_same_for_everyone_once_a_day_and_ranked(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    tables = {}
    for member in (alice, bob, carol):
        started = await member.slash(channel, "freecell daily")
        assert "begins" in started.response.content
        tables[member.id] = simcord_env.bot.tables.for_member(channel.id, "freecell", member.id)
        if member is alice:
            await simcord_env.advance_time(300)  # alice started five minutes before the others
    deals = {t.state.view(None)["deal"] for t in tables.values()}
    assert len(deals) == 1 and {t.daily for t in tables.values()} == {"freecell:2026-01-01"}
    assert len({json.dumps(t.state.view(None)["tableau"]) for t in tables.values()}) == 1
    async with aiosqlite.connect(db_path) as db:
        rows = await (await db.execute("SELECT DISTINCT daily FROM games")).fetchall()
    assert rows == [("freecell:2026-01-01",)]

    again = await alice.slash(channel, "freecell daily")
    assert again.ephemeral and "already started today's daily FreeCell" in again.response.content
    assert f"#{tables[alice.id].id}" in again.response.content

    plan = solve(tables[alice.id].state)
    assert plan is not None
    # both play the solver's line, alice over five minutes, bob at once; carol gives up
    await play_plan(alice, channel, "freecell", plan)
    await play_plan(bob, channel, "freecell", plan)
    await carol.slash(channel, "freecell resign")
    board = await bob.slash(channel, "freecell daily-board")
    lines = board.response.embeds[0].description.splitlines()
    # named as they played (a mention of a member who left would read "@unknown-user")
    assert [line.split("** ")[1].split(" · ")[0] for line in lines] == [
        bob.name,
        alice.name,
        carol.name,
    ]
    assert f"solved in {len(plan)} moves" in lines[0] and "not solved" in lines[2]
    assert "5:0" in lines[1]  # alice's five minutes

    done = await alice.slash(channel, "freecell daily")
    assert "You've had your daily FreeCell" in done.response.content and "solved in" in done.response.content
    # a new UTC day brings a new deal
    await simcord_env.advance_time(24 * 3600)
    await alice.slash(channel, "freecell daily")
    tomorrow = simcord_env.bot.tables.for_member(channel.id, "freecell", alice.id)
    assert tomorrow.daily == "freecell:2026-01-02" and tomorrow.state.view(None)["deal"] not in deals


async def test_the_klondike_daily_is_the_same_deal_for_two_members(simcord_env, world):
    _guild, channel, alice, bob = world
    for member in (alice, bob):
        await member.slash(channel, "klondike daily")
    a = simcord_env.bot.tables.for_member(channel.id, "klondike", alice.id)
    b = simcord_env.bot.tables.for_member(channel.id, "klondike", bob.id)
    assert a.id != b.id and a.seed == b.seed and a.daily == b.daily == "klondike:2026-01-01"
    assert a.state.dump()["tableau"] == b.state.dump()["tableau"] and a.state.stock == b.state.stock
    board = await alice.slash(channel, "klondike daily-board")
    assert "Nobody has finished" in board.response.embeds[0].description
    assert "2 still playing" in board.response.embeds[0].footer.text


# -- records --------------------------------------------------------------------------------
async def test_stats_and_leaderboard_after_a_win_a_loss_and_a_helped_win(simcord_env, world):
    _guild, channel, alice, bob = world
    empty = await alice.slash(channel, "freecell stats", user=bob)
    assert "No finished games" in empty.response.embeds[0].description

    await alice.slash(channel, "freecell start", deal=SHORT_DEAL)
    plan = solve(table_of(simcord_env).state)
    await play_plan(alice, channel, "freecell", plan)
    await alice.slash(channel, "freecell start", deal=OTHER_DEAL)
    await alice.slash(channel, "freecell resign")
    await alice.slash(channel, "freecell start", deal=SHORT_DEAL)
    table = table_of(simcord_env)
    await alice.click(table_message(channel, table.id), custom_id=f"parlour:quick:{table.id}:hint")
    await play_plan(alice, channel, "freecell", plan)
    assert table.state.won and table.state.hints == 1

    stats = await bob.slash(channel, "freecell stats", user=alice)
    fields = {f.name: f.value for f in stats.response.embeds[0].fields}
    assert fields["Played"] == "3" and fields["Won"] == "2 (67%)"
    assert fields["Clean wins"] == "1 without hints, 1 with"
    assert fields["Streak"] == "1 now, best 1"
    assert fields["Fewest moves"] == str(len(plan)) and fields["Best time"] == "0:00"

    await bob.slash(channel, "freecell start", deal=OTHER_DEAL)
    await bob.slash(channel, "freecell resign")
    board = await bob.slash(channel, "freecell leaderboard")
    lines = board.response.embeds[0].description.splitlines()
    assert f"{alice.name} · 2 wins in 3 games (67%) · 1 clean" in lines[0]
    assert lines[1].startswith(f"**2.** {bob.name} · ")
    rate = await bob.slash(channel, "freecell leaderboard", by="win-rate")
    assert "Nobody has played 5 games" in rate.response.embeds[0].description
    klondike = await alice.slash(channel, "klondike stats")
    assert "No finished games" in klondike.response.embeds[0].description


# -- wrong input ------------------------------------------------------------------------------
async def test_wrong_input_gets_one_sentence_and_changes_nothing(simcord_env, world):
    _guild, channel, alice, bob = world
    started = await alice.slash(channel, "freecell start", deal=SHORT_DEAL)
    table = table_of(simcord_env)
    panel = started.followups[0]
    before, version = json.dumps(table.state.dump()), table.version
    message = table_message(channel, table.id)
    top = table.state.view(None)["tableau"][0][-1]

    replies = [
        await alice.slash(channel, "freecell play", action="move 1 f"),
        await alice.slash(channel, "freecell play", action="fly to the moon"),
        await alice.slash(channel, "freecell play", action="undo"),
        await bob.click(message, custom_id=f"parlour:quick:{table.id}:hint"),
        await bob.click(message, custom_id=f"parlour:hand:{table.id}"),
        await bob.slash(channel, "freecell hand"),
        await bob.slash(channel, "freecell play", action="move 1 a"),
        await alice.slash(channel, "freecell start"),
    ]
    texts = [r.response.content for r in replies]
    assert all(r.ephemeral for r in replies)
    assert all("\n" not in t and t.rstrip(".").count(". ") == 0 for t in texts[:7]), texts
    assert texts[0] == f"The {top[:-1]}{dict(S='♠', H='♥', D='♦', C='♣')[top[-1]]} can't go to its foundation yet."
    assert texts[2] == "There is nothing to undo yet."
    assert texts[3] == texts[4] == "You aren't playing in this game."
    assert texts[5] == texts[6] == "You have no FreeCell game running in this channel."
    assert texts[7].startswith(f"You already have FreeCell #{table.id} going")
    assert json.dumps(table.state.dump()) == before and table.version == version

    # a pick on a panel drawn before a move is refused with a fresh panel, not applied
    move = next(a.text for a in table.state.legal_actions(0) if a.text.startswith("move"))
    await alice.slash(channel, "freecell play", action=move)
    stale = await alice.select(panel, [move], custom_id=f"parlour:act:{table.id}:{version}:0")
    assert "moved on" in stale.response.content and table.version == version + 1


async def test_the_panel_keeps_working_after_a_restart(simcord_env, world, db_path):
    _guild, channel, alice, _bob = world
    started = await alice.slash(channel, "freecell start", deal=SHORT_DEAL)
    table = table_of(simcord_env)
    plan = solve(table.state)
    await play_plan(alice, channel, "freecell", plan[:5])
    panel = (await alice.slash(channel, "freecell hand")).response
    saved, game_id = json.dumps(table.state.dump(), sort_keys=True), table.id
    assert started.followups

    await simcord_env.restart_bot(make_bot(db_path, seed=99))
    table = table_of(simcord_env, game_id)
    assert json.dumps(table.state.dump(), sort_keys=True) == saved
    await move_by_steps(alice, panel, table, plan[5])
    assert table.state.moves == 6
    await play_plan(alice, channel, "freecell", plan[6:])
    assert table.state.won


async def test_rules_come_whole_in_pages_with_the_discord_section(simcord_env, world):
    _guild, channel, alice, _bob = world
    shown = await alice.slash(channel, "klondike rules")
    assert shown.ephemeral and shown.response.embeds[0].title == "Klondike: quick start"
    full = await alice.click(shown.response, custom_id="parlour:rules:klondike")
    embeds = full.response.embeds + [e for f in full.followups for e in f.embeds]
    assert embeds[0].title == "Klondike: the rules"
    text = "\n\n".join(e.description for e in embeds)
    source = (RULES_DIR / "klondike.md").read_text(encoding="utf-8").strip()
    assert text == source and "## Playing in Discord" in text
    assert all(len(e.description) <= 4096 for e in embeds)


async def test_a_panel_drawn_before_the_step_panel_answers_with_the_step_panel(simcord_env, world):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "freecell start", deal=SHORT_DEAL)
    table = table_of(simcord_env)
    old = discord.ui.View(timeout=None)
    old.add_item(
        discord.ui.Select(
            custom_id=f"parlour:sol:from:{table.id}:{table.version}",
            options=[discord.SelectOption(label="Column 3", value="3")],
        )
    )
    old.add_item(
        discord.ui.Button(label="Play the hint", custom_id=f"parlour:sol:do:{table.id}:{table.version}:move 3 7")
    )
    await simcord_env.bot.get_channel(channel.id).send("an old panel", view=old)
    message = channel.history()[-1]
    before = json.dumps(table.state.dump())
    refused = await bob.click(message, custom_id=f"parlour:sol:do:{table.id}:{table.version}:move 3 7")
    assert refused.response.content == "You aren't playing in this game."
    picked = await alice.select(message, ["3"], custom_id=f"parlour:sol:from:{table.id}:{table.version}")
    assert picked.response.content.startswith("This panel has been replaced")
    assert any(c.startswith(f"parlour:step:{table.id}:") for c in custom_ids(picked.response))
    assert json.dumps(table.state.dump()) == before
