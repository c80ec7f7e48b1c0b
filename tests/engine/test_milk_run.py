"""Milk Run: every example of the rule text on a stacked deck, the spec's house rules, notation and views."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine import GAMES, IllegalAction
from engine.milk_run import BLACK, DELIVER, GO, LIMIT, RED, deck_for, hand_order

MR = GAMES["milk_run"]
KIND = {"limit": LIMIT, "go": GO, "deliver": DELIVER}
COLOUR = {"black": BLACK, "red": RED}


# -- helpers ----------------------------------------------------------------


def deal(hands, stock=(), seed=0):
    """A new game with every hand (six cards each) and the top of the stock stacked."""
    n = len(hands)
    assert all(len(h) == 6 for h in hands)
    deck = [hands[i % n][i // n] for i in range(6 * n)] + list(stock)
    return MR.new(n, seed=seed, deck=deck)


def arrange(state, piles=(), discard=(), turn=None, draws=2, took=False):
    """The same game with cards moved from the stock's tail onto piles and the discard pile.

    `piles` holds (seat, "red"/"black", "limit"/"go"/"deliver", [cards]); the cards come out of
    the stock from its end, so the stacked top of the stock stays in place. Conservation holds.
    """
    data = state.dump()
    stock = data["stock"]

    def pull(card):
        i = len(stock) - 1 - stock[::-1].index(card)
        return stock.pop(i)

    for seat, colour, kind, cards in piles:
        data["piles"][seat][COLOUR[colour] * 3 + KIND[kind]].extend(pull(c) for c in cards)
    data["discard"].extend(pull(c) for c in discard)
    data["turn"] = data["turn"] if turn is None else turn
    data["draws"], data["took"] = draws, took
    return MR.load(data)


def stacked(n=2):
    """Hands good for most examples: seat 0 holds number cards of both colours, faces, an ace, a joker."""
    hands = [["6S", "9H", "KS", "AH", "JK", "2C"], ["3H", "10S", "QH", "AS", "JK", "7D"]]
    hands += [["4C", "5C", "6C", "4D", "5D", "6D"] for _ in range(n - 2)]
    return hands


def texts(state, seat=None):
    return {a.text for a in state.legal_actions(state.turn if seat is None else seat)}


def cards_in(state):
    d = state.dump()
    out = Counter(d["stock"]) + Counter(d["discard"])
    for h in d["hands"]:
        out += Counter(h)
    for ps in d["piles"]:
        for p in ps:
            out += Counter(p)
    return out


def illegal(state, seat, text, words):
    before = json.dumps(state.dump(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, text)
    assert words.lower() in str(err.value).lower(), str(err.value)
    assert json.dumps(state.dump(), sort_keys=True) == before


# -- deal and turn structure -------------------------------------------------


def test_deal_one_card_at_a_time_from_seat_0_then_stock_in_deck_order():
    s = deal(stacked(3), stock=["8S", "8H"])
    assert s.hands[0] == stacked(3)[0]
    assert s.hands[2] == stacked(3)[2]
    assert s.stock[:2] == ["8S", "8H"]
    assert s.discard == [] and s.to_move == (0,)
    assert len(s.stock) == 54 * 3 - 18
    assert cards_in(s) == Counter(deck_for(3))


def test_one_pack_with_two_jokers_per_seat():
    for n in (2, 5, 8):
        deck = deck_for(n)
        assert len(deck) == 54 * n and deck.count("JK") == 2 * n and deck.count("AS") == n


def test_a_turn_is_two_draws_then_two_plays_and_ends_with_six_cards():
    s = deal(stacked(), stock=["8S", "8H", "8C", "8D"])
    assert texts(s) == {"draw"}  # nothing discarded yet: no take
    illegal(s, 0, "discard 6s", "draw two cards first")
    s.apply(0, "draw")
    s.apply(0, "draw")
    assert sorted(s.hands[0]) == sorted(stacked()[0] + ["8S", "8H"])
    illegal(s, 0, "draw", "you have drawn your two cards")
    s.apply(0, "discard 6s")
    assert s.to_move == (0,)
    s.apply(0, "discard 8h")
    assert len(s.hands[0]) == 6 and s.to_move == (1,)
    illegal(s, 0, "draw", "isn't your turn")


def test_take_may_be_the_first_or_second_draw_but_only_once_a_turn():
    """Rule text: one card from the stock and one from the discard pile, never both from the pile;
    the stock card may be looked at first. House rule 2: the take may come first or second."""
    s = arrange(deal(stacked()), discard=["2S", "3S"], draws=0)
    s.apply(0, "draw")  # looks at the stock card, then decides
    assert "take" in texts(s)
    s.apply(0, "take")
    assert s.hands[0][-1] == "3S"
    s = arrange(deal(stacked()), discard=["2S", "3S"], draws=0)
    s.apply(0, "take")
    assert texts(s) == {"draw"}
    illegal(s, 0, "take", "only one card a turn")
    s.apply(0, "draw")
    assert s.draws == 2


def test_the_first_of_two_discards_is_out_of_the_next_players_reach():
    s = deal(stacked(), stock=["8S", "8H", "4C", "4D"])
    s.apply(0, "draw")
    s.apply(0, "draw")
    s.apply(0, "discard 9h")
    s.apply(0, "discard 6s")
    assert s.discard == ["9H", "6S"]
    take = [a for a in s.legal_actions(1) if a.text == "take"]
    assert take[0].label == "Take 6♠ from the discard pile"
    s.apply(1, "take")
    assert "6S" in s.hands[1] and s.discard == ["9H"]
    illegal(s, 1, "take", "only one card a turn")


# -- limit piles ---------------------------------------------------------------


def test_the_limit_is_five_while_empty_and_the_top_card_after():
    """Rule text: with a 5 on top (or nothing) you may deliver a 5 or lower, not a 6 or higher."""
    hands = [["5S", "6S", "3S", "9H", "KS", "KH"], stacked()[1]]
    s = arrange(deal(hands), piles=[(0, "black", "go", ["KC"])])
    assert s.view(None)["limits"][0] == {"black": 5, "red": 5}
    assert "deliver 5s" in texts(s) and "deliver 6s" not in texts(s)
    illegal(s, 0, "deliver 6s", "limit is 5")
    s.apply(0, "limit 3s")
    assert s.view(None)["limits"][0]["black"] == 3
    illegal(s, 0, "deliver 5s", "limit is 3")


def test_number_cards_go_on_anyones_limit_pile_of_their_colour():
    s = arrange(deal(stacked()))
    assert {"limit 9h", "limit 9h to 1", "limit 2c", "limit 2c to 1"} <= texts(s)
    s.apply(0, "limit 2c to 1")
    assert s.piles[1][BLACK * 3 + LIMIT] == ["2C"]
    assert s.view(None)["limits"][1] == {"black": 2, "red": 5}
    illegal(s, 0, "limit ks", "only number cards")
    illegal(s, 0, "limit ah to 1", "only number cards")


# -- go piles ------------------------------------------------------------------


def test_face_cards_only_on_a_stop_and_aces_only_on_a_go():
    s = arrange(deal(stacked()))
    assert "go ks" in texts(s) and "go ks to 1" in texts(s)  # an empty go pile is a stop
    illegal(s, 0, "go ah to 1", "an ace only goes on a j, q or k")
    s.apply(0, "go ks")
    assert s.go_open(0, BLACK) and not s.go_open(0, RED)
    s = arrange(deal(stacked()), piles=[(1, "red", "go", ["JD"])])
    s.apply(0, "go ah to 1")
    assert not s.go_open(1, RED)
    assert s.piles[1][RED * 3 + GO] == ["JD", "AH"]


def test_a_face_card_on_a_face_card_is_refused():
    hands = [["KS", "QS", "2C", "3C", "4C", "5C"], stacked()[1]]
    s = arrange(deal(hands), piles=[(0, "black", "go", ["JS"])])
    illegal(s, 0, "go ks", "shows go already")


def test_a_face_card_reopens_a_pile_stopped_by_an_ace_or_a_joker():
    hands = [["KS", "QS", "2C", "3C", "4C", "5C"], stacked()[1]]
    s = arrange(deal(hands), piles=[(0, "black", "go", ["JS", "AC"]), (1, "black", "go", ["JC", "JK"])])
    assert {"go ks", "go ks to 1"} <= texts(s)
    s.apply(0, "go ks")
    s.apply(0, "go qs to 1")  # house rule 3: a face card on another seat's pile is legal
    assert s.go_open(0, BLACK) and s.go_open(1, BLACK)


def test_no_delivery_without_a_face_card_on_the_go_pile():
    s = arrange(deal(stacked()))
    assert not any(t.startswith("deliver") for t in texts(s))
    illegal(s, 0, "deliver 2c", "go pile shows stop")
    s = arrange(deal(stacked()), piles=[(0, "black", "go", ["QC", "AS"])])
    illegal(s, 0, "deliver 2c", "go pile shows stop")


# -- deliveries and winning ------------------------------------------------------


def test_rule_example_a_black_six_completes_thirty_of_each():
    """Rule text: red 9 5 2 8 7 (31) and black 10 10 4 (24); a black 6 or higher wins."""
    hands = [["6S", "5S", "7C", "2H", "3H", "4H"], stacked()[1]]
    piles = [
        (0, "red", "deliver", ["9H", "5D", "2H", "8D", "7H"]),
        (0, "black", "deliver", ["10S", "10C", "4S"]),
        (0, "black", "go", ["KC"]),
        (0, "black", "limit", ["8C"]),
        (0, "red", "go", ["QD"]),
    ]
    s = arrange(deal(hands), piles=piles)
    assert s.view(None)["deliveries"][0] == {"black": 24, "red": 31}
    s.apply(0, "deliver 5s")  # 29: not yet
    assert not s.over and s.to_move == (0,)
    s = arrange(deal(hands), piles=piles)
    events = s.apply(0, "deliver 6s")  # the first play of the turn: the game ends mid-turn
    assert s.over and s.winner == 0
    assert [e.kind for e in events] == ["play", "win"]
    out = s.outcome()
    assert out.places == (1, 2) and out.scores == (60.0, 0.0)
    assert out.reason == "{p0} delivered 30 of each."
    s = arrange(deal(hands), piles=piles)
    s.apply(0, "deliver 7c")
    assert s.winner == 0


def test_delivering_past_thirty_is_allowed():
    hands = [["10S", "9S", "2C", "3C", "4C", "5C"], ["3H", "4S", "QH", "AS", "JK", "7D"]]
    piles = [(0, "black", "deliver", ["10C", "10C", "9C"]), (0, "black", "go", ["KS"]), (0, "black", "limit", ["10S"])]
    s = arrange(deal(hands), piles=piles)
    s.apply(0, "deliver 10s")
    assert s.view(None)["deliveries"][0]["black"] == 39
    assert s.scores() == (30.0, 0.0)


# -- jokers ----------------------------------------------------------------------


def steal_position(extra=()):
    hands = [["JK", "JK", "2C", "3C", "4C", "5C"], ["3H", "10S", "QH", "AS", "6H", "7D"]]
    piles = [
        (0, "red", "go", ["KH"]),
        (0, "red", "limit", ["9D"]),
        (1, "red", "go", ["QD"]),
        (1, "red", "deliver", ["4H", "9H"]),
        *extra,
    ]
    return arrange(deal(hands), piles=piles)


def test_a_joker_stops_the_seat_and_steals_its_last_delivery():
    s = steal_position()
    assert "go jk red to 1" in texts(s)
    events = s.apply(0, "go jk red to 1")
    assert [e.kind for e in events] == ["steal"]
    assert events[0].text == "{p0} steals {p1}'s 9♥ with a joker."
    assert events[0].data["from"] == 1 and events[0].data["card"] == "9H"
    assert s.piles[1][RED * 3 + DELIVER] == ["4H"] and s.piles[0][RED * 3 + DELIVER] == ["9H"]
    assert s.piles[1][RED * 3 + GO] == ["QD", "JK"] and not s.go_open(1, RED)
    assert s.view(None)["deliveries"][:2] == [{"black": 0, "red": 9}, {"black": 0, "red": 4}]


def test_a_joker_needs_their_go_open_your_go_open_and_your_limit_high_enough():
    s = steal_position([(1, "black", "go", ["JC", "AC"])])
    illegal(s, 0, "go jk black to 1", "already shows stop")
    s = steal_position([(0, "red", "limit", ["8H"])])  # 9♥ is over a limit of 8
    assert not any(t.startswith("go jk") for t in texts(s))
    illegal(s, 0, "go jk red to 1", "over your red limit of 8")
    s = steal_position([(0, "red", "go", ["AD"])])
    illegal(s, 0, "go jk red to 1", "your own red go pile must show")
    s = steal_position([(1, "black", "go", ["JC"])])
    illegal(s, 0, "go jk black to 1", "your own black go pile must show")


def test_jokers_only_go_on_other_seats_piles():
    s = steal_position()
    illegal(s, 0, "go jk red to 0", "another seat's go pile")
    illegal(s, 0, "limit jk", "only number cards")


def test_a_joker_on_an_empty_column_only_stops():
    """House rule 4."""
    hands = [["JK", "2C", "3C", "4C", "5C", "6C"], stacked()[1]]
    s = arrange(deal(hands), piles=[(0, "black", "go", ["KS"]), (1, "black", "go", ["KC"])])
    events = s.apply(0, "go jk to 1")  # the only possible colour may be left out
    assert events[0].kind == "play" and events[0].text == "{p0} stops {p1}'s black deliveries with a joker."
    assert not s.go_open(1, BLACK) and s.piles[0][BLACK * 3 + DELIVER] == []


def test_a_stolen_card_can_be_stolen_back():
    s = steal_position([(1, "red", "limit", ["10H"])])
    s.apply(0, "go jk red to 1")
    s.apply(0, "discard 2c")
    s.apply(1, "draw")
    s.apply(1, "draw")
    s = with_hand(s, 1, ["JK", "QH", "3H", "10S", "AS", "6H", "7D", "2D"])  # say seat 1 drew a joker
    s.apply(1, "go qh")
    s.apply(1, "go jk red to 0")
    assert s.piles[1][RED * 3 + DELIVER] == ["4H", "9H"] and s.piles[0][RED * 3 + DELIVER] == []


def test_a_steal_can_win():
    """House rule 5: the win is checked after every play, steals included."""
    piles = [
        (0, "black", "deliver", ["10C", "10S", "10C"]),
        (0, "red", "deliver", ["10H", "10D", "2H"]),
    ]
    s = steal_position(piles)
    events = s.apply(0, "go jk red to 1")
    assert s.over and s.winner == 0 and events[-1].kind == "win"


def test_footnote_delivering_past_thirty_guards_against_a_steal():
    """Rule text footnote: with three black tens delivered, another delivery keeps 30 after a steal."""
    hands = [["2C", "3C", "4C", "5C", "6D", "7D"], ["JK", "9S", "QH", "AS", "6H", "7H"]]
    tens = [
        (0, "black", "go", ["KS"]),
        (0, "black", "deliver", ["10S", "10C", "10S"]),
        (1, "black", "go", ["QC"]),
        (1, "black", "limit", ["10C"]),
    ]
    guarded = arrange(deal(hands), piles=[*tens, (0, "black", "deliver", ["4S"])], turn=1)
    guarded.apply(1, "go jk black to 0")
    assert guarded.view(None)["deliveries"][0]["black"] == 30  # only the 4♠ went
    assert guarded.piles[1][BLACK * 3 + DELIVER] == ["4S"]
    bare = arrange(deal(hands), piles=tens, turn=1)
    bare.apply(1, "go jk black to 0")
    assert bare.view(None)["deliveries"][0]["black"] == 20  # a ten went: under 30 again
    assert bare.piles[1][BLACK * 3 + DELIVER] == ["10S"]


def test_footnote_an_ace_on_your_own_go_pile_guards_against_jokers():
    """Rule text footnote: an ace on your own go pile makes a joker illegal there, until
    someone plays a go card on that ace and then the joker."""
    hands = [["JK", "KD", "2C", "3C", "4C", "5C"], ["AD", "10S", "QH", "AS", "6H", "7D"]]
    piles = [(0, "red", "go", ["KH"]), (1, "red", "go", ["QD"]), (1, "red", "deliver", ["4H"])]
    s = arrange(deal(hands), piles=piles, turn=1)
    s.apply(1, "go ad")  # seat 1 guards its own red deliveries
    s.apply(1, "discard 7d")
    s = arrange(s, turn=0)
    illegal(s, 0, "go jk red to 1", "already shows stop")
    s.apply(0, "go kd to 1")
    s.apply(0, "go jk red to 1")
    assert s.piles[0][RED * 3 + DELIVER] == ["4H"]


# -- the stock -------------------------------------------------------------------


def test_rebuild_when_the_last_stock_card_is_drawn():
    s = arrange(
        deal(stacked()),
        piles=[
            (0, "black", "limit", ["3S", "8S"]),
            (1, "red", "go", ["KH", "AH", "QH"]),
            (1, "red", "deliver", ["5H"]),
        ],
        discard=["2S", "3D", "4D", "5D", "6D"],
        draws=1,
    )
    data = s.dump()
    data["discard"] += data["stock"][:-1]
    data["stock"] = data["stock"][-1:]
    s = MR.load(data)
    top3 = s.discard[-3:]
    total = cards_in(s)
    events = s.apply(0, "draw")
    assert [e.kind for e in events] == ["draw", "rebuild"]
    assert s.piles[0][BLACK * 3 + LIMIT] == ["8S"] and s.piles[1][RED * 3 + GO] == ["QH"]
    assert s.piles[1][RED * 3 + DELIVER] == ["5H"]  # deliveries stay
    assert s.discard == top3
    assert cards_in(s) == total and len(s.stock) == events[1].data["count"] > 0
    assert not s.over


def test_the_game_ends_when_the_stock_cannot_be_rebuilt():
    """House rule 6: nothing to rebuild from ends the game; scores rank everyone."""
    s = arrange(deal(stacked()), piles=[(1, "red", "deliver", ["5H", "4D"]), (0, "black", "deliver", ["2C"])], draws=1)
    data = s.dump()
    data["stock"] = data["stock"][:1]  # a trimmed test position: the rest are out of play
    s = MR.load(data)
    events = s.apply(0, "draw")
    assert [e.kind for e in events] == ["draw", "spent"]
    assert s.over and s.spent and s.to_move == ()
    out = s.outcome()
    assert out.places == (2, 1) and out.scores == (2.0, 9.0)
    illegal(s, 0, "discard 6s", "game is over")


def test_outcome_ranks_the_losers_by_capped_score_with_ties_shared():
    hands = [["6S", "5S", "7C", "2H", "3H", "4H"], *stacked(4)[1:]]
    piles = [
        (0, "red", "deliver", ["10H", "10D", "10H"]),
        (0, "black", "deliver", ["10S", "10C", "4S"]),
        (0, "black", "go", ["KC"]),
        (0, "black", "limit", ["8C"]),
        (1, "red", "deliver", ["10H", "10D", "10H", "10D"]),
        (2, "black", "deliver", ["10S", "10C", "10S"]),
    ]
    s = arrange(deal(hands), piles=piles)
    s.apply(0, "deliver 6s")
    out = s.outcome()
    assert out.scores == (60.0, 30.0, 30.0, 0.0)
    assert out.places == (1, 2, 2, 4)


# -- notation --------------------------------------------------------------------


def with_hand(state, seat, cards):
    """The same position with `seat` holding `cards`, swapped with the stock (conservation holds)."""
    data = state.dump()
    data["stock"] += data["hands"][seat]
    for c in cards:
        data["stock"].remove(c)
    data["hands"][seat] = list(cards)
    return MR.load(data)


def rich():
    s = steal_position([(1, "black", "go", ["JC"]), (0, "black", "go", ["QS"])])
    return with_hand(s, 0, ["JK", "AD", "10C", "QH", "2C", "9H", "KS", "5S"])


def test_every_listed_action_round_trips_and_carries_parts():
    s = rich()
    actions = s.legal_actions(0)
    assert len({a.text for a in actions}) == len(actions)
    for a in actions:
        assert s.parse(0, a.text).text == a.text
        assert s.parse(0, a.text.upper()).text == a.text
        assert a.parts["verb"] == a.text.split()[0] and a.label
    by = {a.text: a for a in actions}
    assert by["limit 2c"].parts == {"verb": "limit", "cards": ["2C"], "to": 0}
    assert by["limit 2c to 1"].parts == {"verb": "limit", "cards": ["2C"], "to": 1}
    assert by["go jk red to 1"].parts == {"verb": "go", "cards": ["JK"], "colour": "red", "to": 1}
    assert by["go jk black to 1"].parts["colour"] == "black"
    assert by["deliver 5s"].parts == {"verb": "deliver", "cards": ["5S"], "to": 0}  # your own pile, always
    assert by["discard 5s"].parts == {"verb": "discard", "cards": ["5S"]}
    assert by["go ad to 1"].label == "Stop {p1} with A♦"  # the bot fills in the name
    assert by["limit 9h"].label == "Limit 9♥ on your pile"
    assert "deliver 10c" not in by and "deliver 9h" in by  # over the black limit of 5 / red limit 9


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("LIMIT 9♥", "limit 9h"),
        ("limit 9h to 0", "limit 9h"),
        ("  limit   tc ,  to 1 ", "limit 10c to 1"),
        ("go joker red to 1", "go jk red to 1"),
        ("go JK to 1 black", "go jk black to 1"),
        ("Go Red JK to 1", "go jk red to 1"),
        ("go a♦ to 1", "go ad to 1"),
        ("deliver 5♠", "deliver 5s"),
        ("discard T♣", "discard 10c"),
    ],
)
def test_forgiving_parse(typed, canonical):
    assert rich().parse(0, typed).text == canonical


def test_a_joker_with_two_possible_colours_must_name_one():
    illegal(rich(), 0, "go jk to 1", "name the joker's colour")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("frobnicate", "write a move like"),
        ("draw 2", "just say"),
        ("limit", "name one card"),
        ("limit 9h 9h", "name one card"),
        ("limit 9x", "isn't a card"),
        ("limit 9h to 5", "there is no seat 5"),
        ("limit 9h to bob", "by its number"),
        ("deliver 7h", "you don't have the 7♥"),
        ("deliver 5s to 1", "only deliver to your own column"),
        ("discard 5s to 1", "discards go on the discard pile"),
        ("go 5s", "number cards go on a limit pile"),
        ("go ks red", "only a joker names a colour"),
        ("go qh to 1", "a j, q or k only goes on a stop"),
    ],
)
def test_illegal_moves_explain_and_change_nothing(text, words):
    illegal(rich(), 0, text, words)


# -- views, events, hidden cards ----------------------------------------------------


def test_views_differ_only_in_seat_and_hand_and_hide_hands():
    s = rich()
    public = s.view(None)
    assert public["hand"] is None and public["seat"] is None
    for seat in range(2):
        mine = s.view(seat)
        assert mine["hand"] == hand_order(s.hands[seat])
        assert {k: v for k, v in mine.items() if k not in ("seat", "hand")} == {
            k: v for k, v in public.items() if k not in ("seat", "hand")
        }
    for key in ("hand_sizes", "stock", "discard", "piles", "deliveries", "limits", "to_move", "over"):
        assert key in public
    assert public["piles"][1]["red"] == {"limit": [], "go": ["QD"], "deliver": ["4H", "9H"]}
    total = sum(public["hand_sizes"]) + public["stock"] + len(public["discard"])
    total += sum(len(p) for ps in public["piles"] for c in ps.values() for p in c.values())
    assert total == 54 * 2


def test_a_draw_event_never_names_the_card():
    s = deal(stacked(), stock=["QC", "8H"])
    for _ in range(2):
        (event,) = s.apply(0, "draw")
        assert event.kind == "draw" and "Q" not in event.text and "8" not in event.text
        assert "card" not in event.data


def test_taken_discards_stay_public_until_played():
    s = arrange(deal(stacked()), discard=["KD"], draws=0)
    s.apply(0, "take")
    s.apply(0, "draw")
    assert s.view(None)["taken"][0] == ["KD"]
    assert "KD" not in s.hidden_cards(0) and len(s.hidden_cards(0)) == 7
    for seed in range(5):
        world = s.determinize(1, random.Random(seed))
        assert "KD" in world.hands[0] and world.hands[1] == s.hands[1]
        assert world.view(1) == s.view(1) and cards_in(world) == cards_in(s)
    s.apply(0, "discard kd")
    assert s.view(None)["taken"][0] == []


def test_determinize_resamples_other_hands_and_the_stock():
    s = deal(stacked())
    worlds = [s.determinize(0, random.Random(seed)) for seed in range(4)]
    assert all(w.hands[0] == s.hands[0] and len(w.hands[1]) == 6 for w in worlds)
    assert len({tuple(w.hands[1]) for w in worlds}) > 1
    assert all(cards_in(w) == cards_in(s) for w in worlds)


def test_dump_load_round_trip_mid_game():
    s = deal(stacked(3))
    rng = random.Random(3)
    for _ in range(200):
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    again = MR.load(json.loads(json.dumps(s.dump())))
    assert again.dump() == s.dump() and again.totals == s.totals
    copy = s.copy()
    assert copy.dump() == s.dump()
    copy.apply(copy.to_move[0], copy.legal_actions(copy.to_move[0])[0])
    assert copy.dump() != s.dump()


# -- the heuristic ---------------------------------------------------------------


def test_heuristic_takes_the_winning_delivery_and_big_steals():
    hands = [["6S", "5S", "7C", "2H", "3H", "JK"], stacked()[1]]
    piles = [
        (0, "red", "deliver", ["9H", "5D", "2H", "8D", "7H"]),
        (0, "black", "deliver", ["10S", "10C", "4S"]),
        (0, "black", "go", ["KC"]),
        (0, "black", "limit", ["8C"]),
    ]
    s = arrange(deal(hands), piles=piles)
    assert s.heuristic_action(0, random.Random(0)).text in ("deliver 6s", "deliver 7c")
    s = steal_position()
    assert s.heuristic_action(0, random.Random(0)).text == "go jk red to 1"


def test_heuristic_opens_its_own_go_pile_before_discarding():
    s = arrange(deal(stacked()))
    assert s.heuristic_action(0, random.Random(1)).text == "go ks"


def test_heuristic_plays_whole_games_legally():
    for n in (2, 5):
        s = MR.new(n, seed=n)
        rng = random.Random(n)
        for _ in range(5000):
            if s.over:
                break
            seat = s.to_move[0]
            action = s.heuristic_action(seat, rng)
            assert action.text in {a.text for a in s.legal_actions(seat)}
            s.apply(seat, action)
        assert s.over
        assert cards_in(s) == Counter(deck_for(n))


def test_random_eight_seat_play_conserves_every_card_and_never_shows_a_drawn_one():
    s = MR.new(8, seed=9)
    rng = random.Random(9)
    full = Counter(deck_for(8))
    for step in range(3000):
        if s.over:
            break
        seat = s.to_move[0]
        for event in s.apply(seat, rng.choice(s.legal_actions(seat))):
            if event.kind == "draw":
                assert set(event.data) == {"seat"}
        if step % 100 == 0:
            assert cards_in(s) == full
            view = s.view(None)
            assert view["deliveries"] == [
                {c: sum(int(x[:-1]) for x in ps[c]["deliver"]) for c in ("black", "red")} for ps in view["piles"]
            ]
    assert cards_in(s) == full


def test_evaluation_agrees_with_places_when_over_and_favours_the_leader_before():
    from engine.ai import evaluation

    hands = [["6S", "5S", "7C", "2H", "3H", "4H"], stacked()[1]]
    piles = [
        (0, "red", "deliver", ["9H", "5D", "2H", "8D", "7H"]),
        (0, "black", "deliver", ["10S", "10C", "4S"]),
        (0, "black", "go", ["KC"]),
        (0, "black", "limit", ["8C"]),
    ]
    s = arrange(deal(hands), piles=piles)
    evaluate = evaluation(s)
    assert evaluate is not None
    before = evaluate(s)
    assert before[0] > 0.9 > 0.1 > before[1] and all(0.0 <= r <= 1.0 for r in before)
    s.apply(0, "deliver 6s")
    assert evaluate(s) == [1.0, 0.0]


# -- the search's evaluation and the normal AI -----------------------------------


def test_plays_needed_falls_by_one_for_opening_a_go_pile_and_for_each_delivery():
    from engine.milk_run_ai import STUCK, plays_needed

    s = arrange(deal(stacked()))  # seat 0: 6S 9H KS AH JK 2C, everything at the start
    # black: the KS reopens (1), the 2C is deliverable (1), 28 more at 3.5 a play; red: no face card
    # (an ace is not one), the 9H is over the limit of 5, 30 at 3.5 a play.
    assert plays_needed(s, 0) == pytest.approx(1 + 1 + 28 / 3.5 + STUCK + 30 / 3.5)
    before = plays_needed(s, 0)
    s.apply(0, "go ks")
    assert plays_needed(s, 0) == pytest.approx(before - 1)
    s.apply(0, "deliver 2c")
    assert plays_needed(s, 0) == pytest.approx(before - 2)


def test_plays_needed_counts_a_higher_limit_and_nothing_for_a_finished_colour():
    from engine.milk_run_ai import plays_needed

    low = arrange(deal(stacked()), piles=[(0, "red", "go", ["QD"])])
    high = arrange(deal(stacked()), piles=[(0, "red", "go", ["QD"]), (0, "red", "limit", ["10D"])])
    assert plays_needed(high, 0) < plays_needed(low, 0)
    done = arrange(deal(stacked()), piles=[(0, "red", "deliver", ["10H", "10D", "10H"])])
    black_only = plays_needed(done, 0)
    assert black_only == pytest.approx(1 + 1 + 28 / 3.5)


def test_evaluation_rewards_stopping_the_other_seat_and_opening_your_own_go_pile():
    s = arrange(deal(stacked()), piles=[(1, "red", "go", ["QD"]), (1, "red", "limit", ["10D"])])
    before = s.evaluate()
    stopped = s.copy()
    stopped.apply(0, "go ah to 1")
    assert stopped.evaluate()[0] > before[0]
    opened = s.copy()
    opened.apply(0, "go ks")
    assert opened.evaluate()[0] > before[0]
    lowered = s.copy()
    lowered.apply(0, "limit 2c")  # a low card on your own limit pile only hurts you
    assert lowered.evaluate()[0] < before[0]


def test_evaluation_is_a_share_of_seats_beaten_in_every_position():
    from tests.positions import random_states

    for n in (2, 4, 8):
        for s in random_states(MR, n, seeds=range(2), every=40):
            rewards = s.evaluate()
            assert len(rewards) == n and all(0.0 <= r <= 1.0 for r in rewards)
            if not s.over:  # each pair's chances add to one
                assert sum(rewards) == pytest.approx(n / 2)


def test_the_normal_ai_returns_legal_plays_at_two_and_eight_seats():
    from engine.ai import ISMCTSPlayer

    for n in (2, 8):
        s = MR.new(n, seed=n)
        rng = random.Random(n)
        for step in range(60):
            seat = s.to_move[0]
            if step % 7 == 0:
                action = ISMCTSPlayer(iterations=40, seed=step).choose(s, seat)
            else:
                action = s.heuristic_action(seat, rng)
            assert action.text in {a.text for a in s.legal_actions(seat)}
            s.apply(seat, action)
