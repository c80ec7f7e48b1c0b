"""Moleicki through the real Discord surface: slash commands, buttons and selects in SimCord.

The four-player game seats bob (0), two easy AI seats (1, 2) and alice (3), who
started it and so deals. Its shuffle is fixed (the table's seed is set before the
lobby fills) so the run is reproducible, and the test checks for itself that the
deal, the opening race, Neins from the table button and play from a tableau all
went through Discord. Two members alone then forget a Nein and say one; an admin
names Magdalena Krzywicka; a dealer deals a custom layout."""

from __future__ import annotations

import json
import re

import aiosqlite
import discord
import pytest

from bot.host import AI_RACE_DELAY
from cogs.moleicki import KRZYWICKA_SETTING, deal_text, layout_words
from engine import IllegalAction
from engine.cards import pretty
from tests.bot.helpers import custom_ids, dm_messages, dm_texts, pick, table_message, table_of
from tests.engine.test_moleicki_support import secret_cards

SEED = 47  # a shuffle whose opening race holds bob, alice and an AI seat

# Settling stops short of the AI seats' race delay, so a human can beat them to a race
# and the test decides when that delay runs out (advance_time).
pytestmark = pytest.mark.simcord(settle_timeout=AI_RACE_DELAY - 1)


async def start_four(env, channel, alice, bob, seed=SEED, **options):
    """alice invites bob and adds two easy AI seats; bob accepts from the lobby."""
    result = await alice.slash(channel, "moleicki start", player2=bob, bots=2, ai="easy", **options)
    assert result.ephemeral and "Invitation sent" in result.response.content
    table = table_of(env)
    table.seed = seed  # fixed before the lobby fills, so the deal is reproducible
    lobby = table_message(channel, table.id)
    await bob.click(lobby, custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    assert [s.user_id for s in table.seats] == [bob.id, None, None, alice.id]
    assert [s.ai for s in table.seats] == [None, "easy", "easy", None]
    return table


def select_values(response) -> list[str]:
    """The option values of every select menu on a panel response."""
    out: list[str] = []

    def walk(node):
        node = node if isinstance(node, dict) else node.to_dict()
        out.extend(o["value"] for o in node.get("options") or [])
        for child in node.get("components") or []:
            walk(child)

    for row in response.components:
        walk(row)
    return out


def public_texts(channel) -> list[str]:
    """Everything the channel shows to anyone: content, embeds, attachment names and alt text."""
    out = []
    for message in channel.history():
        if message.flags.ephemeral:
            continue
        out.append(message.content)
        out += [json.dumps(e.to_dict(), ensure_ascii=False) for e in message.embeds]
        out += [f"{a.filename} {a.description}" for a in message.attachments]
    return out


def secrets_of(state) -> set[str]:
    """The cards nobody else may know; jokers (two alike) and the 25 (a bare number) are left out."""
    return secret_cards(state) - {"JK", "25"}


def assert_no_secret_in_channel(channel, state) -> None:
    texts = public_texts(channel)
    for text in texts:
        assert "Your hand in Moleicki" not in text
        for card in secrets_of(state):
            for form in (card, pretty(card)):
                assert not re.search(rf"(?<![\w]){re.escape(form)}(?![\w])", text, re.IGNORECASE), (card, text)
    for message in channel.history():
        if not message.flags.ephemeral:
            assert all(a.filename == "table.png" for a in message.attachments)


class Game:
    """Drives one table: humans act through Discord, AI seats by themselves."""

    def __init__(self, env, channel, table, members):
        self.env, self.channel, self.table, self.members = env, channel, table, members
        self.via: dict[str, int] = {}
        self.tableau_plays = 0
        self.turns = 0

    @property
    def state(self):
        return self.table.state

    def message(self):
        return table_message(self.channel, self.table.id)

    async def panel_pick(self, seat, text):
        member, version = self.members[seat], self.table.version
        panel = await member.click(self.message(), custom_id=f"parlour:hand:{self.table.id}")
        assert panel.ephemeral and panel.response.attachments[0].filename == "hand.png"
        options = select_values(panel.response)
        if text not in options:  # not on the first page of the select: type it instead
            return await self.slash_play(seat, text)
        picked = await member.select(panel.response, [text], custom_id=f"parlour:act:{self.table.id}:{version}:0")
        assert picked.response.content.startswith("✅"), picked.response.content
        self.via["select"] = self.via.get("select", 0) + 1
        return picked

    async def slash_play(self, seat, text):
        result = await self.members[seat].slash(self.channel, "moleicki play", action=text)
        assert result.ephemeral and result.response.content.startswith("✅"), result.response.content
        self.via["slash"] = self.via.get("slash", 0) + 1
        if self.table.active and "nein" in {a.text for a in self.state.legal_actions(seat)}:
            # the reply that leaves them owing a Nein carries the button to say it
            assert f"parlour:quick:{self.table.id}:nein" in custom_ids(result.response)
            self.via["nein-in-reply"] = self.via.get("nein-in-reply", 0) + 1
        return result

    async def act(self, seat, text):
        """One human move, alternating between the hand panel's select and /moleicki play."""
        version = self.table.version
        if text.startswith("play ") and self.state.phase == "play":
            cards = [c.upper() for c in text.split()[1:]]
            if any(c not in self.state.hands[seat] for c in cards):
                self.tableau_plays += 1
        if text.split()[0] in ("flip", "blind"):
            self.tableau_plays += 1
        if self.turns % 2:
            await self.slash_play(seat, text)
        else:
            await self.panel_pick(seat, text)
        self.turns += 1
        assert self.table.version > version

    async def let_ai_move(self):
        """Let the AI seats' race delay run out (they move at once when no human can act)."""
        version = self.table.version
        await self.env.advance_time(AI_RACE_DELAY + 0.5)
        return self.table.version > version


def human_choice(table, seat, *, skip_nein=False):
    """The engine's heuristic, but eager to play 9s (so Neins come up) and, if asked,
    forgetting to say Nein."""
    actions = [a.text for a in table.state.legal_actions(seat)]
    if skip_nein:
        actions = [a for a in actions if a != "nein"]
    if not actions:
        return None
    if "nein" in actions:
        return "nein"
    nines = [a for a in actions if a.startswith("play ") and any(t.startswith("9") for t in a.split()[1:])]
    if nines:
        return nines[0]
    choice = pick(table, seat)
    return choice if choice in actions else actions[0]


async def say_nein_from_the_table(game, seat):
    """Click the table message's Nein! button as `seat`'s member."""
    table = game.table
    message = game.message()
    assert f"parlour:quick:{table.id}:nein" in custom_ids(message)
    before = table.state.view(None)["nein_counts"][seat]
    said = await game.members[seat].click(message, custom_id=f"parlour:quick:{table.id}:nein")
    assert said.ephemeral and "Nein!" in said.response.content, said.response.content
    assert table.state.view(None)["nein_counts"][seat] == before - 1
    game.via["button"] = game.via.get("button", 0) + 1


async def test_four_players_with_two_ai_seats_play_a_whole_game(simcord_env, world, db_path):
    _, channel, alice, bob = world
    table = await start_four(simcord_env, channel, alice, bob)
    game = Game(simcord_env, channel, table, {0: bob, 3: alice})
    names = table.names

    # The dealer (alice, the last seat) deals first; nobody else may.
    assert table.state.to_move == (3,)
    early = await bob.slash(channel, "moleicki deal", preset="classic")
    assert early.ephemeral and early.response.content == "Only the dealer, alice, deals."
    panel = await alice.click(game.message(), custom_id=f"parlour:hand:{table.id}")
    presets = select_values(panel.response)
    assert presets[0] == "deal classic" and "deal mini" in presets
    dealt = await alice.slash(channel, "moleicki deal", preset="classic")
    assert dealt.response.content.startswith("✅") and "deals: classic" in dealt.response.content
    assert table.state.view(None)["design"]["preset"] == "classic"
    # the dealer sees her new hand in the reply, not in a DM; nobody got an empty "no cards" DM
    assert "Your hand in Moleicki" in dealt.response.content
    assert dealt.response.attachments[0].filename == "hand.png"
    assert not any("no cards" in t for member in (alice, bob) for t in dm_texts(member.user))
    assert_no_secret_in_channel(channel, table.state)

    # The opening race: every holder of a 3 may act at once; the AI holds back for the humans.
    racers = set(table.state.to_move)
    assert racers & {0, 3} and racers & {1, 2}, f"seed {SEED} should give a race between a human and an AI"
    assert set(table.state.view(None)["to_move"]) == racers and table.state.view(None)["current"] is None
    await simcord_env.advance_time(AI_RACE_DELAY - 1)
    assert table.state.view(None)["phase"] == "opening", "the AI waits while a human could open"
    opener = min(racers & {0, 3})
    await game.panel_pick(opener, human_choice(table, opener))
    assert table.state.view(None)["opener"] == opener
    assert f"{names[opener]} opens the game." in game.message().embeds[0].description

    neins = 0
    steps = 0
    while table.active:
        steps += 1
        assert steps < 800, "the game should end well before this"
        owed = [s for s in table.state.view(None)["nein_owed"] if s in game.members]
        if owed:  # said at once, from the table message
            await say_nein_from_the_table(game, owed[0])
            neins += 1
            continue
        humans = [s for s in table.state.to_move if s in game.members]
        if humans:
            await game.act(humans[0], human_choice(table, humans[0]))
        else:
            assert await game.let_ai_move() or not table.active, "the AI seats should move"
        if steps % 10 == 0:
            assert_no_secret_in_channel(channel, table.state)

    assert neins > 0, "a human should have said Nein from the table"
    assert game.tableau_plays > 0, "a human should have played from their tableau"
    assert game.via.get("select") and game.via.get("slash")
    assert_no_secret_in_channel(channel, table.state)
    final = game.message()
    assert "is over" in final.content and "🏆" in final.embeds[0].description
    assert final.attachments[0].description.startswith("Moleicki table, 4 players")
    async with aiosqlite.connect(db_path) as db:
        rows = await (await db.execute("SELECT user_id, place FROM results ORDER BY seat")).fetchall()
        (status,) = await (await db.execute("SELECT status FROM games WHERE id = ?", (table.id,))).fetchone()
    assert status == "over" and {r[0] for r in rows} == {alice.id, bob.id}


async def start_pair(env, channel, alice, bob, seed):
    """alice invites bob: bob is seat 0, alice seat 1 and the dealer."""
    await alice.slash(channel, "moleicki start", player2=bob)
    table = table_of(env)
    table.seed = seed
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active and table.seat_of(bob.id) == 0 and table.seat_of(alice.id) == 1
    return table


async def test_a_forgotten_nein_costs_the_pile_and_the_table_says_who(simcord_env, world):
    _, channel, alice, bob = world
    table = await start_pair(simcord_env, channel, alice, bob, seed=3)
    game = Game(simcord_env, channel, table, {0: bob, 1: alice})
    await game.panel_pick(1, "deal small")
    forgetter = None
    steps = 0
    while forgetter is None or forgetter in table.state.view(None)["nein_owed"]:
        steps += 1
        assert table.active and steps < 300, "someone should play a 9 before the game ends"
        owed = table.state.view(None)["nein_owed"]
        if forgetter is None and owed:
            forgetter, before = owed[0], table.state.view(None)["hands"][owed[0]]
            pile = len(table.state.view(None)["pile"])
            # a player who owes nothing can't say it
            other = 1 - forgetter
            refused = await game.members[other].click(game.message(), custom_id=f"parlour:quick:{table.id}:nein")
            assert refused.ephemeral and not refused.response.content.startswith("✅")
        choices = [(s, human_choice(table, s, skip_nein=s == forgetter)) for s in table.state.to_move]
        seat, text = next((s, t) for s, t in choices if t is not None)
        await game.act(seat, text)
    # someone else's card ended the time: the nine-player took the pile, and the table says so
    name = table.names[forgetter]
    description = game.message().embeds[0].description
    assert f"{name} forgot to say “Nein”." in description
    assert f"{name} picks up the pile" in description
    assert table.state.view(None)["hands"][forgetter] >= before + pile - 3
    assert forgetter not in table.state.view(None)["nein_owed"]
    alt = game.message().attachments[0].description
    owing = re.search(r"Owes Nein: ([^.]*)\.", alt)
    assert owing is None or name not in owing.group(1).split(", ")
    assert_no_secret_in_channel(channel, table.state)

    # the next Nein owed is said with one click on the table message
    while table.active and not table.state.view(None)["nein_owed"]:
        seat = table.state.to_move[0]
        await game.act(seat, human_choice(table, seat))
        steps += 1
        assert steps < 400
    assert table.active, "the game should still be on for a second Nein"
    seat = table.state.view(None)["nein_owed"][0]
    assert "Owes Nein" in game.message().attachments[0].description
    await say_nein_from_the_table(game, seat)
    assert f"{table.names[seat]}: “Nein!”" in game.message().embeds[0].description
    assert f"parlour:quick:{table.id}:nein" not in custom_ids(game.message())
    assert_no_secret_in_channel(channel, table.state)

    # and that check is a real one: a player who shows their hand in the channel is caught
    hidden = [c for c in table.state.hands[0] if c in secrets_of(table.state)]
    assert hidden
    await bob.send(channel, "psst, I hold " + " ".join(pretty(c) for c in hidden))
    with pytest.raises(AssertionError):
        assert_no_secret_in_channel(channel, table.state)


def krzywicka_seed(players: int, seat: int) -> int:
    """A shuffle where `seat` holds a 3 after a classic deal and so does someone else."""
    from engine import GAMES

    game = GAMES["moleicki"]
    for seed in range(1000):
        state = game.new(players, seed=seed)
        state.apply(players - 1, "deal classic")
        holders = [s for s in range(players) if any(c.startswith("3") for c in state.hands[s])]
        if seat in holders and len(holders) > 1:
            return seed
    raise AssertionError("no such shuffle")


async def test_the_admin_krzywicka_setting_reaches_the_engine(simcord_env, world):
    guild, channel, alice, bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    denied = await alice.slash(channel, "moleicki krzywicka", member=bob)
    assert denied.ephemeral and "Manage Server" in denied.response.content
    host = simcord_env.bot.host
    assert await host.setting(guild.id, KRZYWICKA_SETTING, "") == ""
    named = await admin.slash(channel, "moleicki krzywicka", member=bob)
    assert named.ephemeral and f"<@{bob.id}>" in named.response.content
    assert await host.storage.get_setting(guild.id, KRZYWICKA_SETTING, "") == str(bob.id)

    # bob is seated first: the engine gets krzywicka=0 and keeps him out of the race for 3s
    table = await start_four(simcord_env, channel, alice, bob, seed=krzywicka_seed(4, 0))
    assert table.options["krzywicka"] == "0"
    await alice.slash(channel, "moleicki deal", preset="classic")
    view = table.state.view(None)
    assert view["krzywicka"] == 0 and view["opening"] == "3"
    assert any(c.startswith("3") for c in table.state.hands[0]) and 0 not in view["to_move"]
    await simcord_env.bot.host.endings.cancel(table, "test over")

    # the starter herself, seated last; and nobody once the setting is cleared
    await admin.slash(channel, "moleicki krzywicka", member=alice)
    started = await alice.slash(channel, "moleicki start", bots=2, ai="easy")
    assert "begins" in started.response.content
    table = table_of(simcord_env)
    assert table.options["krzywicka"] == "2" and table.state.view(None)["krzywicka"] == 2
    await simcord_env.bot.host.endings.cancel(table, "test over")
    cleared = await admin.slash(channel, "moleicki krzywicka")
    assert "nobody" in cleared.response.content
    await alice.slash(channel, "moleicki start", player2=bob)
    assert table_of(simcord_env).options["krzywicka"] == "none"


async def test_custom_deal_by_command_and_by_play_with_autocomplete(simcord_env, world):
    _, channel, alice, _ = world
    alone = await alice.slash(channel, "moleicki start", bots=0)
    assert alone.ephemeral and alone.response.content == "Moleicki needs 2 to 8 players (you asked for 1)."
    started = await alice.slash(channel, "moleicki start", ai="easy")  # nobody invited: three AI seats
    assert "begins" in started.response.content
    table = table_of(simcord_env)
    assert [s.ai for s in table.seats] == ["easy", "easy", "easy", None] and table.state.to_move == (3,)

    offered = await alice.autocomplete(channel, "moleicki play", "action", "deal custom")
    values = [c["value"] for c in offered]
    assert "deal custom hand 4 barrier d base du du du" in values
    typed = "deal custom hand 6 barrier du base d d"
    offered = await alice.autocomplete(channel, "moleicki play", "action", typed)
    assert offered[0]["value"] == typed and offered[0]["name"].startswith("✓")
    nonsense = await alice.autocomplete(channel, "moleicki play", "action", "deal custom base xx")
    assert all(c["value"] != "deal custom base xx" for c in nonsense)

    missing = await alice.slash(channel, "moleicki deal", preset="custom")
    assert missing.ephemeral and "needs a layout" in missing.response.content
    too_big = await alice.slash(channel, "moleicki deal", layout="ddd ddd ddd / ddd ddd ddd / ddd ddd ddd", hand=8)
    assert too_big.ephemeral and "use a smaller hand or tableau" in too_big.response.content
    endless = await alice.slash(channel, "moleicki deal", layout="d " * 400)
    assert endless.ephemeral and "over 600 characters" in endless.response.content
    assert table.state.view(None)["phase"] == "deal"
    dealt = await alice.slash(channel, "moleicki deal", layout="d / du, du", hand=5)
    assert dealt.response.content.startswith("✅"), dealt.response.content
    design = table.state.view(None)["design"]
    assert design["hand"] == 5 and design["rows"] == [["d"], ["du", "du"]]
    assert design["text"] == "deal custom hand 5 barrier d base du du"
    again = await alice.slash(channel, "moleicki deal", preset="classic")
    assert again.response.content == "The cards are already dealt."


def test_deal_options_become_deal_notation():
    assert deal_text(None, None, None) == "deal classic"
    assert deal_text("tower", 6, None) == "deal tower hand 6"
    assert deal_text("custom", None, "d / du du du") == "deal custom barrier d base du du du"
    assert deal_text(None, 5, "barrier d base du du") == "deal custom hand 5 barrier d base du du"
    assert layout_words("d d | du du | du du du") == "barrier d d barrier du du base du du du"
    assert layout_words("ddu, ddu, ddu") == "base ddu ddu ddu"
    assert layout_words("d / uu dd / d / dddu du du du") == "barrier d barrier uu dd barrier d base dddu du du du"
    for bad in ("", "d / / du", "dx", "ddd4"):
        try:
            layout_words(bad)
        except IllegalAction as exc:
            assert str(exc).endswith(".")
        else:
            raise AssertionError(bad)
    try:
        deal_text("tower", None, "d / du")
    except IllegalAction as exc:
        assert "not both" in str(exc)
    else:
        raise AssertionError("a preset and a layout together")


async def test_turning_the_vector_resorts_hands_but_sends_nobody_a_new_picture(simcord_env, world):
    _, channel, alice, bob = world
    table = await start_pair(simcord_env, channel, alice, bob, seed=3)
    game = Game(simcord_env, channel, table, {0: bob, 1: alice})
    await game.panel_pick(1, "deal small")
    for _ in range(300):
        seat = table.state.to_move[0]
        if any(a.text.startswith("vector ") for a in table.state.legal_actions(seat)):
            break
        await game.act(seat, human_choice(table, seat))
    else:
        raise AssertionError("nobody called the vector in 300 moves")
    other = 1 - seat
    order = table.state.view(other)["hand"]
    turn = "vector down" if table.state.view(None)["vector"] != "down" else "vector up"
    pictures = sum(1 for m in dm_messages(game.members[other].user) if m.attachments)
    await game.act(seat, turn)
    assert table.state.view(other)["hand"] != order, "the other hand is re-sorted along the new vector"
    assert sorted(table.state.view(other)["hand"]) == sorted(order)
    assert sum(1 for m in dm_messages(game.members[other].user) if m.attachments) == pictures


async def test_a_deal_to_eight_members_sends_each_their_cards_in_words(simcord_env, world):
    """A deal changes seven other hands at once: each member gets their cards written out at
    once (no seven pictures holding the table up), and the picture with their next turn alert."""
    from bot.notify import pretty_cards
    from tests.bot.helpers import members_of

    guild, channel, alice, bob = world
    guests = [bob, *(guild.add_member(simcord_env.create_user(f"guest{i}")) for i in range(6))]
    await alice.slash(channel, "moleicki start", bots=0, **{f"player{i + 2}": g for i, g in enumerate(guests)})
    table = table_of(simcord_env)
    for guest in guests:
        await guest.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active and len(table.seats) == 8
    by_seat = members_of(table, alice, *guests)
    dealer = table.state.to_move[0]
    seen = {seat: len(dm_messages(member.user)) for seat, member in by_seat.items()}
    dealt = await by_seat[dealer].slash(channel, "moleicki deal", preset="small")
    assert dealt.response.attachments[0].filename == "hand.png"  # the dealer's own, in the reply
    for seat, member in by_seat.items():
        if seat == dealer:
            continue
        letters = [m for m in dm_messages(member.user)[seen[seat] :] if "Your hand in Moleicki" in m.content]
        assert len(letters) == 1 and not letters[0].attachments, f"seat {seat}"
        assert pretty_cards(table.state.view(seat)["hand"]) in letters[0].content
        assert "behind **Your hand**" in letters[0].content
        seen[seat] = len(dm_messages(member.user))

    # The next member whose turn comes by someone else's move gets the picture with the alert.
    for _ in range(6):
        mover = table.state.to_move[0]
        await by_seat[mover].slash(channel, "moleicki play", action=pick(table, mover))
        await simcord_env.settle()
        alerted = [
            m
            for seat, member in by_seat.items()
            if seat not in (mover, dealer)  # the dealer saw her picture in her reply
            for m in dm_messages(member.user)[seen[seat] :]
            if "Your move" in m.content
        ]
        if alerted:
            assert all(m.attachments and m.attachments[0].filename == "hand.png" for m in alerted)
            break
        seen = {seat: len(dm_messages(member.user)) for seat, member in by_seat.items()}
    else:
        pytest.fail("no member was alerted in six moves")
