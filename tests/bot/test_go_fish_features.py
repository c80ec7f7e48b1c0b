"""Go Fish and Authors as players meet them in Discord: an ask built on the panel in two
steps (whom, then what), the answers and "Go fish!" told in the channel, books laid on the
table picture under their owner, the public record of asks, and an AI that remembers it."""

from __future__ import annotations

import random

from bot.host import AI_RACE_DELAY, CALL_WINDOW
from engine.go_fish_knowledge import RANK_MASKS
from tests.bot.helpers import choose, components, make_bot, open_panel, picture, step_choices, table_message, table_of
from tests.engine.test_go_fish import position

QUEENS, SEVENS = RANK_MASKS[11], RANK_MASKS[6]


# -- asks on the panel ----------------------------------------------------------------------
async def ask_on_panel(member, channel, table, whom: str, what: str):
    """An ask made on the panel by its two choices, in whichever order the panel offers them."""
    version = table.version
    panel = await open_panel(member, channel, table)
    for _ in range(2):
        offered = step_choices(panel, table)
        label = whom if whom in offered else what
        only = [x for x in offered if x.startswith("▶")]  # one move left: the panel offers it whole
        if only and label not in offered:
            assert whom in only[0], only
            label = only[0]
        panel = await choose(member, panel, table, label)
        if table.version != version:
            return panel
    raise AssertionError(f"the ask was not made: {panel.content}")


async def seated(simcord_env, world, ai="easy", **options):
    """alice and bob and one AI seat at Go Fish, dealt; seat -> member (or None for the AI)."""
    _guild, channel, alice, bob = world
    await alice.slash(channel, "go_fish start", player2=bob, bots=1, ai=ai, **options)
    table = table_of(simcord_env)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    return table, {table.seat_of(alice.id): alice, table.seat_of(bob.id): bob}


def roles(table, alice, bob):
    """(alice's seat, bob's seat, the AI's seat)."""
    a, b = table.seat_of(alice.id), table.seat_of(bob.id)
    return a, b, ({0, 1, 2} - {a, b}).pop()


def alices_queens(a: int, b: int, ai: int, third: bool = False) -> dict[int, list[str]]:
    """alice holds two queens (three with `third`) and a seven; bob a queen; the AI a diamond run."""
    return {
        a: ["QS", "QH", "QD", "7C", "2S", "3S", "4S"] if third else ["QS", "QH", "7C", "2S", "3S", "4S", "5S"],
        b: ["QC", "8H", "9H", "10H", "JH", "KH", "AH"],
        ai: ["8D", "9D", "10D", "JD", "KD", "AD", "2D"],
    }


def stacked(table, by_seat: dict[int, list[str]], stock: list[str], turn: int, variant="go-fish"):
    """Put a known deal on the table (three seats, seven cards each)."""
    table.state = position([by_seat[s] for s in range(3)], stock=stock, turn=turn, variant=variant)


# -- the panel ---------------------------------------------------------------------------------
async def test_the_panel_asks_whom_first_then_what(simcord_env, world):
    _guild, channel, alice, bob = world
    table, _members = await seated(simcord_env, world)
    a, b, ai = roles(table, alice, bob)
    stacked(table, alices_queens(a, b, ai), stock=["6C"], turn=a)
    panel = await open_panel(alice, channel, table)
    first = step_choices(panel, table)
    assert set(first) == {"bob", "Parlour AI"}, f"the first step should be whom to ask: {list(first)}"
    panel = await choose(alice, panel, table, "bob")
    assert "bob" in panel.content  # the prompt says whom the ask is for
    assert set(step_choices(panel, table)) == {"Q", "7", "2", "3", "4", "5"}
    panel = await choose(alice, panel, table, "Q")
    assert panel.content.startswith("✅") and "alice asks bob for queens." in panel.content


async def test_authors_asks_whom_then_which_card(simcord_env, world):
    _guild, channel, alice, bob = world
    table, _members = await seated(simcord_env, world, variant="authors")
    a, b, ai = roles(table, alice, bob)
    stacked(table, alices_queens(a, b, ai), stock=["6C"], turn=a, variant="authors")
    panel = await open_panel(alice, channel, table)
    assert set(step_choices(panel, table)) == {"bob", "Parlour AI"}
    panel = await choose(alice, panel, table, "Parlour AI")
    cards = step_choices(panel, table)
    assert {"Q♦", "Q♣", "7♠", "7♥", "7♦"} <= set(cards) and "Q♠" not in cards  # never a card held
    panel = await choose(alice, panel, table, "Q♣")
    assert "alice asks Parlour AI for the Q♣." in panel.content


async def test_every_move_and_autocomplete_name_the_player_asked(simcord_env, world):
    """Nobody sees seat numbers on the table: the move list says whom an ask goes to."""
    _guild, channel, alice, bob = world
    table, _members = await seated(simcord_env, world)
    a, b, ai = roles(table, alice, bob)
    stacked(table, alices_queens(a, b, ai), stock=["6C"], turn=a)
    panel = await open_panel(alice, channel, table)
    listed = next(c for c in components(panel) if c["custom_id"].startswith(f"parlour:act:{table.id}:"))
    labels = {o["value"]: o["label"] for o in listed["options"]}
    assert labels[f"ask {b} q"] == f"Ask seat {b} (bob) for queens", labels
    assert labels[f"ask {ai} 7"] == f"Ask seat {ai} (Parlour AI) for 7s", labels
    offered = await alice.autocomplete(channel, "go_fish play", "action", "bob")
    assert offered and all("bob" in c["name"] and c["value"].startswith(f"ask {b} ") for c in offered)
    assert all("{p" not in c["name"] for c in offered)
    typed = await alice.autocomplete(channel, "go_fish play", "action", f"ask {b} q")
    assert typed[0]["value"] == f"ask {b} q" and "{p" not in typed[0]["name"], typed[0]


# -- the channel and the picture -----------------------------------------------------------------
async def test_answers_go_fish_books_and_the_record_of_asks_reach_the_channel(simcord_env, world):
    _guild, channel, alice, bob = world
    table, _members = await seated(simcord_env, world)
    a, b, ai = roles(table, alice, bob)
    stacked(table, alices_queens(a, b, ai, third=True), stock=["6C", "5C"], turn=a)
    await ask_on_panel(alice, channel, table, "bob", "Q")
    told = table_message(channel, table.id).embeds[0].description
    for line in ("alice asks bob for queens.", "bob hands over a queen.", "alice lays a book of queens."):
        assert line in told, (line, told)
    await ask_on_panel(alice, channel, table, "Parlour AI", "7")  # a miss: "Go fish!", and alice draws
    message = table_message(channel, table.id)
    told = message.embeds[0].description
    for line in (
        "alice asks Parlour AI for 7s.",
        "Parlour AI says “Go fish!”",
        "alice draws a card.",
    ):
        assert line in told, (line, told)
    alt = message.attachments[0].description
    # the book lies under alice, and the table remembers that she asked for sevens
    assert "alice: 5 cards, 1 book (Q), known to hold 7." in alt, alt
    assert "alice asked Parlour AI for 7s: go fish." in alt, alt
    png = await picture(message, "go_fish_book_and_record")
    assert png.startswith(b"\x89PNG")


async def test_alt_text_counts_books_and_cards_in_words(simcord_env, world):
    _guild, channel, alice, bob = world
    table, _members = await seated(simcord_env, world)
    a, b, ai = roles(table, alice, bob)
    stacked(table, alices_queens(a, b, ai, third=True), stock=["6C"], turn=a)
    await alice.slash(channel, "go_fish play", action=f"ask {b} q")
    alt = table_message(channel, table.id).attachments[0].description
    assert "1 books" not in alt and "1 book (Q)" in alt, alt
    assert ".." not in alt, alt


# -- the AI remembers ------------------------------------------------------------------------------
async def test_the_ai_remembers_what_was_asked_and_taken_across_a_restart(simcord_env, world, db_path):
    """alice takes a queen and a 2 and asks for sevens in vain: after a restart the AI's imagined
    deals still give her queens, 2s and a seven, and on its turn the AI asks her for sevens."""
    _guild, channel, alice, bob = world
    table, _members = await seated(simcord_env, world)
    a, b, ai = roles(table, alice, bob)
    hands = {
        a: ["QS", "QH", "7C", "2S", "3S", "4S", "5S"],
        b: ["QC", "8H", "9H", "10H", "JH", "KH", "AH"],
        ai: ["7D", "7H", "10D", "JD", "KD", "AD", "2D"],
    }
    stacked(table, hands, stock=["6C", "9C", "8C"], turn=a)
    for ask in (f"ask {b} q", f"ask {ai} 2", f"ask {b} 7"):  # two hits, then "Go fish!"
        made = await alice.slash(channel, "go_fish play", action=ask)
        assert made.response.content.startswith("✅"), made.response.content
    assert table.state.view(None)["known"][a] == ["2", "7", "Q"]
    game_id = table.id
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    table = table_of(simcord_env, game_id)
    rng = random.Random(1)
    for _ in range(40):
        seen = table.state.determinize(ai, rng)
        assert seen.hands[a] & QUEENS and seen.hands[a] & RANK_MASKS[1] and seen.hands[a] & SEVENS, (
            "the AI forgot what alice asked for and took"
        )
    if table.state.to_move == (b,):  # bob asks alice for 8s in vain; then it is the AI's turn
        await bob.slash(channel, "go_fish play", action=f"ask {a} 8")
    await simcord_env.advance_time(AI_RACE_DELAY + CALL_WINDOW)
    told = table_message(channel, table.id).embeds[0].description
    assert "Parlour AI asks alice for 7s." in told, told


async def test_the_finished_table_keeps_every_players_books_and_counts_them(simcord_env, world):
    _guild, channel, alice, bob = world
    table, _members = await seated(simcord_env, world)
    a, b, ai = roles(table, alice, bob)
    hands = {a: ["QS", "QH", "QD", "KS", "KH", "KD"], b: ["QC"], ai: ["KC"]}
    books = {a: ["A", "2", "3", "4", "5"], b: ["6", "7", "8", "9"], ai: ["10", "J"]}
    table.state = position([hands[s] for s in range(3)], books=[books[s] for s in range(3)], turn=a, fill=False)
    await ask_on_panel(alice, channel, table, "bob", "Q")
    await ask_on_panel(alice, channel, table, "Parlour AI", "K")
    assert not table.active
    final = table_message(channel, table.id)
    assert "alice wins with 7 books." in final.embeds[0].description
    alt = final.attachments[0].description
    assert "alice: 0 cards, 7 books (A 2 3 4 5 Q K)" in alt, alt
    assert "1. alice · 7 books; 2. bob · 4 books; 3. Parlour AI · 2 books." in alt, alt
    await picture(final, "go_fish_final")
