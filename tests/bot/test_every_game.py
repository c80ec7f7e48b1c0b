"""Every registered game, through Discord: members and AI seats to the end, bad input from
players and non-players, a restart mid-game, and nobody's hidden cards in the channel.

New games are covered as soon as they are registered: this file names none of them (only
the option values that make a match short).
"""

from __future__ import annotations

import json
import random
import re

import pytest

from bot.host import AI_RACE_DELAY, CALL_WINDOW
from bot.notify import pretty_card
from engine import GAMES
from tests.bot.helpers import make_bot, short_options, table_message, table_of

MULTI = sorted(name for name, game in GAMES.items() if not game.solo)
STEP_CAP = 3000


def invite_options(game, guest) -> dict:
    return {"opponent": guest} if game.max_players == 2 else {"player2": guest}


def choose(table, seat, rng) -> str:
    """A human's move: the engine's heuristic, else any legal move; calls first."""
    actions = table.state.legal_actions(seat)
    calls = [a.text for a in actions if table.state.is_call(a)]
    if calls:
        return calls[0]
    action = table.state.heuristic_action(seat, rng)
    return (action or rng.choice(actions)).text


def assert_no_hidden_card_shown(channel, table) -> None:
    """The table message names no card a seat keeps hidden, and no hand caption."""
    message = table_message(channel, table.id)
    log = "\n".join(json.dumps(e.to_dict(), ensure_ascii=False) for e in message.embeds)
    assert "Your hand in" not in log and f"{table.game.hand_label} in" not in log
    # the picture's words and the turn line describe the position now; the log may name cards
    # from earlier hands, shown when those were scored, which a new deal can hand out again
    shown = "\n".join([message.content, *(a.description or "" for a in message.attachments)])
    if table.state is None or not table.active:
        return
    hidden = {c for seat in range(table.state.players) for c in table.state.hidden_cards(seat)}
    public = json.dumps(table.state.view(None))  # a second copy of a card may well be public
    for card in hidden - {"JK", "25"}:
        if card in public:
            continue
        for form in (card, pretty_card(card)):
            # case-sensitive: "2S" is a card, "asks for 2s" and "as" are words
            assert not re.search(rf"(?<![\w]){re.escape(form)}(?![\w])", shown), (card, shown)


@pytest.mark.parametrize("name", MULTI)
async def test_members_and_ai_seats_play_every_game_to_the_end(name, simcord_env, world, db_path):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    game = GAMES[name]
    bots = max(game.min_players - 2, 1 if game.max_players > 2 else 0)
    started = await alice.slash(
        channel, f"{name} start", **invite_options(game, bob), bots=bots, ai="easy", **short_options(game)
    )
    assert "Invitation sent" in started.response.content, started.response.content
    table = table_of(simcord_env)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    members = {table.seat_of(alice.id): alice, table.seat_of(bob.id): bob}
    rng = random.Random(7)

    # bad input: a stranger, a member out of turn, nonsense; nothing changes
    before = json.dumps(table.state.dump(), sort_keys=True)
    stranger = await carol.slash(channel, f"{name} play", action="anything")
    assert stranger.ephemeral and "no " in stranger.response.content.lower()
    idle = [s for s in members if s not in table.state.to_move]
    if idle:
        wrong = await members[idle[0]].slash(
            channel,
            f"{name} play",
            action=table.state.legal_actions(table.state.to_move[0])[0].text
            if table.state.legal_actions(table.state.to_move[0])
            else "pass",
        )
        assert wrong.ephemeral and not wrong.response.content.startswith("✅")
    junk = await alice.slash(channel, f"{name} play", action="¿¿ 99ZZ")
    assert junk.ephemeral and not junk.response.content.startswith("✅")
    assert json.dumps(table.state.dump(), sort_keys=True) == before

    steps, restarted = 0, False
    while table.active:
        steps += 1
        assert steps < STEP_CAP, f"{name} did not end"
        humans = [s for s in table.state.to_move if s in members]
        if not humans:
            await simcord_env.advance_time(AI_RACE_DELAY + CALL_WINDOW)
            continue
        seat = humans[0]
        result = await members[seat].slash(channel, f"{name} play", action=choose(table, seat, rng))
        assert result.ephemeral and result.response.content.startswith("✅"), result.response.content
        if steps % 5 == 0:
            assert_no_hidden_card_shown(channel, table)
        if steps == 6 and not restarted and table.active:
            saved, game_id = json.dumps(table.state.dump(), sort_keys=True), table.id
            await simcord_env.restart_bot(make_bot(db_path, seed=99))
            table = table_of(simcord_env, game_id)
            assert json.dumps(table.state.dump(), sort_keys=True) == saved
            restarted = True
    final = table_message(channel, table.id)
    assert "is over" in final.content and "🏆" in final.embeds[0].description
    assert "{p" not in final.embeds[0].description
    assert_no_hidden_card_shown(channel, table)
