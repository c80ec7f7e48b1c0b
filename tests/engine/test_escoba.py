"""Escoba: rule examples and house rules as stacked-deck tests, notation, views, search support."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from engine import GAMES, IllegalAction
from engine.escoba import (
    FULL_DECK,
    VALUE,
    EscobaState,
    score_piles,
    setenta_key,
    sole_best,
    splits_in_two,
    subsets_summing,
)

G = GAMES["escoba"]


def stack(hands: list[list[str]], board: list[str], stock: list[str] = ()) -> list[str]:
    """A stacked deck: hand cards dealt one at a time from seat 0, then the board, then the stock."""
    n = len(hands)
    deck = [hands[s][i] for i in range(3) for s in range(n)]
    return deck + list(board) + list(stock)


def new(hands, board, stock=(), **options) -> EscobaState:
    return G.new(len(hands), seed=1, options=options or None, deck=stack(hands, board, stock))


def dumped(state) -> str:
    return json.dumps(state.dump(), sort_keys=True)


def texts(state, seat) -> list[str]:
    return [a.text for a in state.legal_actions(seat)]


# -- the deal ---------------------------------------------------------------------


def test_deal_order_from_seat_zero_then_board_then_stock():
    deck = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "JS", "QS", "KS", "AH", "2H", "3H"]
    s = G.new(3, seed=0, deck=deck)
    assert s.hands == [["AS", "4S", "7S"], ["2S", "5S", "JS"], ["3S", "6S", "QS"]]
    assert s.board == ["KS", "AH", "2H", "3H"]
    assert len(s.stock) == 40 - 13
    assert s.dealer == 2 and s.to_move == (0,)


def test_values_a_is_1_and_sota_caballo_rey_are_8_9_10():
    assert [VALUE[c] for c in ("AD", "2D", "7D", "JD", "QD", "KD")] == [1, 2, 7, 8, 9, 10]
    assert len(FULL_DECK) == 40 and "8D" not in FULL_DECK


def test_seat_s_gets_cards_s_n_plus_s_two_n_plus_s():
    s = new([["AS", "2S", "3S"], ["AH", "2H", "3H"]], ["4C", "5C", "6C", "4D"], ["KC"])
    assert s.hands == [["AS", "2S", "3S"], ["AH", "2H", "3H"]]
    assert s.board == ["4C", "5C", "6C", "4D"] and s.stock[0] == "KC"


# -- lays and captures -----------------------------------------------------------


def two_seat():
    return new([["5C", "3S", "7H"], ["AH", "2H", "6H"]], ["KD", "7D", "5H", "AS"])


def test_capture_to_fifteen_and_lay():
    s = two_seat()
    assert "play 5c take kd" in texts(s, 0)
    assert "play 3s take 7d 5h" in texts(s, 0)
    assert "play 5c" in texts(s, 0)
    events = s.apply(0, "play 5c take kd")
    assert events[0].kind == "capture" and not events[0].data["escoba"]
    assert s.board == ["7D", "5H", "AS"] and s.captured[0] == ["5C", "KD"]
    assert s.last_capture == 0 and s.to_move == (1,)
    s.apply(1, "play 2h")
    assert s.board == ["7D", "5H", "AS", "2H"] and s.to_move == (0,)


def test_capture_is_optional_house_rule_1():
    s = two_seat()
    s.apply(0, "play 5c")  # could take KD, lays instead
    assert s.board[-1] == "5C" and s.captured[0] == []


def test_several_ways_to_capture_the_player_chooses_house_rule_2():
    s = new([["3S", "2S", "4S"], ["AH", "2H", "6H"]], ["7D", "5H", "KC", "2C"])
    takes = {a.text for a in s.legal_actions(0) if a.text.startswith("play 3s take")}
    assert takes == {"play 3s take 7d 5h", "play 3s take kc 2c"}
    s.apply(0, "play 3s take kc 2c")
    assert s.board == ["7D", "5H"]


def test_parts_and_labels_let_the_panel_pick_the_card_then_the_capture():
    s = two_seat()
    by_text = {a.text: a for a in s.legal_actions(0)}
    lay = by_text["play 5c"]
    assert lay.parts == {"verb": "play", "cards": ["5C"]} and lay.label == "Lay 5♣"
    cap = by_text["play 3s take 7d 5h"]
    assert cap.parts == {"verb": "play", "cards": ["3S"], "take": ["7D", "5H"]}
    assert cap.label == "3♠ takes 7♦ 5♥"


def test_escoba_when_a_capture_clears_the_board():
    s = new([["5C", "3S", "7H"], ["AH", "2H", "6H"]], ["KD", "7D", "5H", "AS"])
    s.apply(0, "play 5c take kd")
    s.apply(1, "play 2h take 7d 5h as")
    assert s.board == [] and s.escobas == [0, 1]
    assert s.captured[1] == ["2H", "7D", "5H", "AS"]


def test_notation_round_trip_and_forgiving_parse():
    s = two_seat()
    for a in s.legal_actions(0):
        assert s.parse(0, a.text).text == a.text
        assert s.parse(0, a.text.upper()).text == a.text
    assert s.parse(0, "PLAY 5♣ TAKE K♦").text == "play 5c take kd"
    assert s.parse(0, "5c kd").text == "play 5c take kd"
    assert s.parse(0, "play 5c, take 10d").text == "play 5c take kd"  # 10 is the rey's value
    assert s.parse(0, "play 5 c take t d").text == "play 5c take kd"
    assert s.parse(0, "  play   3s take 5h 7d ").text == "play 3s take 7d 5h"  # board order
    assert s.parse(0, "play 3s take 5H, 7♦").text == "play 3s take 7d 5h"
    assert s.parse(0, "play 5 ♣ takes K ♦").text == "play 5c take kd"
    assert s.parse(0, "PLAY 5C").text == "play 5c"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("play 6h", "You don't hold 6♥"),
        ("play 5c take 7d", "make 12, not 15"),
        ("play 5c take jd", "isn't on the board"),
        ("play 5c take kd kd", "once"),
        ("play 5c take", "Name the board cards"),
        ("play 8x", "isn't a card"),
        ("play jk", "no JK in the Spanish deck"),
        ("take kd", "Say which card"),
        ("frobnicate", "isn't a card"),
    ],
)
def test_illegal_actions_explain_and_change_nothing(text, words):
    s = two_seat()
    before = dumped(s)
    with pytest.raises(IllegalAction, match=words):
        s.apply(0, text)
    assert dumped(s) == before


@pytest.mark.parametrize(
    ("text", "quoted"),
    [("play 10", "10"), ("play 12", "12"), ("play 5c take 1x", "1x"), ("play 9", "9")],
)
def test_a_refusal_quotes_the_card_as_written_in_one_sentence(text, quoted):
    # The rank is rewritten before parsing ("10" -> the rey), but the refusal must quote the
    # player's own token ("10", not "A0") and stay one sentence.
    s = two_seat()
    before = dumped(s)
    with pytest.raises(IllegalAction) as refused:
        s.apply(0, text)
    message = str(refused.value)
    assert message.startswith(f"“{quoted}” isn't a card")
    assert message.count(".") == 1 and message.endswith(".")
    assert dumped(s) == before


def test_every_syntax_refusal_is_one_sentence():
    s = two_seat()
    for text in ("take kd", "play", "play 8x", "frobnicate", "play 5c take"):
        with pytest.raises(IllegalAction) as refused:
            s.parse(0, text)
        message = str(refused.value)
        assert message.endswith(".") and message.count(". ") == 0, message


def test_out_of_turn_is_refused():
    s = two_seat()
    before = dumped(s)
    assert s.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="isn't your turn"):
        s.apply(1, "play ah")
    assert dumped(s) == before


# -- the first board ---------------------------------------------------------------


def test_first_board_of_15_goes_to_the_dealer_as_an_escoba():
    s = new([["5C", "3S", "7H"], ["AH", "2H", "6H"]], ["2D", "3D", "4C", "6S"])  # 15
    assert s.board == [] and s.escobas == [0, 1] and s.captured[1] == ["2D", "3D", "4C", "6S"]
    assert s.last_capture == 1
    assert [a.text for a in s.legal_actions(0)] == ["play 3s", "play 5c", "play 7h"]


def test_the_first_deals_dealer_sweep_is_narrated_with_the_first_action():
    s = new([["5C", "3S", "7H"], ["AH", "2H", "6H"]], ["2D", "3D", "4C", "6S"])  # 15, dealer seat 1
    view_keys = set(s.view(None))
    again = G.load(s.dump())
    twin = s.copy()
    events = s.apply(0, "play 3s")
    sweep = events[0]
    assert [e.kind for e in events] == ["escoba", "play"]
    assert sweep.data == {"seat": 1, "side": 1, "cards": ["2D", "3D", "4C", "6S"], "escobas": 1}
    assert sweep.render(["Ana", "Ben"]) == "The board 2♦ 3♦ 4♣ 6♠ makes 15: Ben (the dealer) sweeps it for an escoba."
    assert [e.kind for e in s.apply(1, "play ah")] == ["play"]  # told once
    assert set(s.view(None)) == view_keys
    assert [e.kind for e in again.apply(0, "play 3s")] == ["escoba", "play"]  # kept by a stored game
    assert [e.kind for e in twin.apply(0, "play 5c")] == ["escoba", "play"]  # and by a copy


def test_a_first_board_of_30_narrates_two_escobas_and_a_plain_board_nothing():
    s = new([["5D", "3S", "7H"], ["AH", "2H", "6H"]], ["KS", "5H", "KH", "5C"])
    sweep = s.apply(0, "play 3s")[0]
    assert sweep.kind == "escoba" and sweep.data["escobas"] == 2 and "two escobas" in sweep.text
    plain = new([["5D", "3S", "4H"], ["AH", "2H", "6H"]], ["7S", "7H", "7C", "QD"])
    assert [e.kind for e in plain.apply(0, "play 3s")] == ["play"]


def test_first_board_of_30_in_two_fifteens_is_two_escobas():
    s = new([["5D", "3S", "7H"], ["AH", "2H", "6H"]], ["KS", "5H", "KH", "5C"])
    assert s.board == [] and s.escobas == [0, 2]


def test_first_board_of_30_that_does_not_split_stays_house_rule_3():
    s = new([["5D", "3S", "4H"], ["AH", "2H", "6H"]], ["7S", "7H", "7C", "QD"])
    assert s.board == ["7S", "7H", "7C", "QD"] and s.escobas == [0, 0]
    assert not splits_in_two(["7S", "7H", "7C", "QD"]) and splits_in_two(["KS", "5H", "KH", "5C"])


def test_dealer_sweep_with_partnerships_scores_for_the_dealers_side():
    hands = [["AS", "2S", "3S"], ["AH", "2H", "3H"], ["AC", "2C", "3C"], ["AD", "2D", "3D"]]
    s = new(hands, ["KS", "5H", "KC", "5C"])  # 30: K + 5 twice
    assert s.sides == ((0, 2), (1, 3)) and s.escobas == [0, 2]  # dealer seat 3 is side 1


# -- rounds, the end of a hand ---------------------------------------------------


def test_three_more_cards_each_when_every_hand_is_empty():
    s = G.new(2, seed=3)
    first_stock = len(s.stock)
    for _ in range(6):
        seat = s.to_move[0]
        s.apply(seat, s.legal_actions(seat)[0])
    assert [len(h) for h in s.hands] == [3, 3] and len(s.stock) == first_stock - 6
    assert s.to_move == (0,)


def test_redeal_goes_one_at_a_time_from_the_dealers_right():
    hands = [["AS", "2S", "3S"], ["AH", "2H", "3H"]]
    s = new(hands, ["KC", "KD", "KH", "KS"], ["4S", "4H", "5S", "5H", "6S", "6H"])
    for card in ("as", "ah", "2s", "2h", "3s", "3h"):
        s.apply(s.to_move[0], f"play {card}")
    assert s.hands == [["4S", "5S", "6S"], ["4H", "5H", "6H"]]


def play_out(s, rng=None):
    rng = rng or random.Random(0)
    events = []
    hand = s.hand_no
    while not s.over and s.hand_no == hand:
        seat = s.to_move[0]
        events += s.apply(seat, rng.choice(s.legal_actions(seat)))
    return events


def last_hand_state(board, hands, captured, last_capture, players=2):
    """A state at the hand's last round: every card not listed is already in the piles."""
    s = G.new(players, seed=5)
    s.board, s.hands, s.stock = list(board), [list(h) for h in hands], []
    listed = set(board) | {c for h in hands for c in h} | {c for p in captured for c in p}
    rest = [c for c in FULL_DECK if c not in listed]
    s.captured = [list(p) for p in captured]
    s.captured[0] += rest
    s.last_capture = last_capture
    s.turn = 0
    return s


def test_leftovers_go_to_the_last_capturer_without_an_escoba_house_rule_5():
    s = last_hand_state(["2C", "3C"], [["KS"], ["AH"]], [[], ["4D"]], last_capture=1)
    s.apply(0, "play ks")
    events = s.apply(1, "play ah")
    sweep = next(e for e in events if e.kind == "sweep_up")
    assert sweep.data == {"side": 1, "cards": ["2C", "3C", "KS", "AH"]}
    assert s.last_hand["escobas"] == [0, 0]


def test_final_sweep_on_the_last_play_counts_as_an_escoba_house_rule_5():
    s = last_hand_state(["2C", "2D"], [["AH"], ["KS"]], [[], ["4D"]], last_capture=None)
    s.apply(0, "play ah")
    events = s.apply(1, "play ks take 2c 2d ah")
    assert events[0].data["escoba"] and s.last_hand["escobas"] == [0, 1]
    assert "sweep_up" not in [e.kind for e in events]


def test_no_capture_in_a_whole_hand_sets_the_board_aside_house_rule_6():
    s = last_hand_state(["2C"], [["KS"], ["KH"]], [[], []], last_capture=None)
    s.captured = [[], []]  # nothing captured at all; the rest of the pack is simply gone
    s.apply(0, "play ks")
    events = s.apply(1, "play kh")
    sweep = next(e for e in events if e.kind == "sweep_up")
    assert sweep.data["side"] is None and "set aside" in sweep.text
    assert s.last_hand["cards"] is None and s.last_hand["points"] == [0, 0]


# -- scoring -------------------------------------------------------------------------


def test_most_cards_most_oros_siete_and_escobas():
    piles = [["7D", "2D", "3D", "4S", "5S"], ["AD", "4D", "5H"]]
    result = score_piles(piles, [1, 2])
    assert result["cards"] == 0 and result["oros"] == 0 and result["siete"] == 0
    assert result["setenta"] is None  # neither pile holds all four suits
    assert result["points"] == [1 + 3, 2]


def test_ties_for_most_cards_or_oros_score_nobody():
    piles = [["2D", "3S"], ["4D", "5S"]]
    result = score_piles(piles, [0, 0])
    assert result["cards"] is None and result["oros"] is None and result["points"] == [0, 0]
    assert sole_best([3, 3, 1]) is None and sole_best([1, 3, 2]) == 1


def test_setenta_ranks_7_6_a_5_4_3_2_and_faces_low():
    assert setenta_key(["7S", "6H", "AD", "KC"]) == (7, 6, 5, 0)
    assert setenta_key(["7S", "6H", "AD"]) is None  # no club: not eligible
    assert setenta_key(["JS", "QH", "KD", "JC"]) == (0, 0, 0, 0)  # faces rank equal
    assert setenta_key(["KS", "2S", "AH", "AD", "AC"]) == (5, 5, 5, 1)


def test_setenta_compares_like_poker_and_ties_score_nobody_house_rule_4():
    a = ["7S", "7H", "AD", "2C"]  # 7 7 A 2
    b = ["7C", "7D", "6S", "KH"]  # 7 7 6 face: the third card decides, 6 over A
    assert setenta_key(a) == (7, 7, 5, 1) and setenta_key(b) == (7, 7, 6, 0)
    assert setenta_key(b) > setenta_key(a)


def test_setenta_best_wins_and_ties_go_to_nobody():
    a = ["7S", "7H", "AD", "2C"]
    b = ["7C", "7D", "6S", "KH"]
    assert score_piles([a, b], [0, 0])["setenta"] == 1
    c = ["JS", "QH", "KD", "JC"]
    d = ["KS", "JH", "QD", "QC"]
    assert score_piles([c, d], [0, 0])["setenta"] is None


# -- matches ---------------------------------------------------------------------------


def test_hand_end_scores_and_the_deal_passes_right():
    s = G.new(3, seed=2)
    events = play_out(s)
    end = next(e for e in events if e.kind == "hand_end")
    assert end.data["last_hand"] == s.last_hand
    assert s.scores == s.last_hand["points"]
    assert s.hand_no == 2 and s.dealer == 0 and s.to_move == (1,)
    assert sum(len(h) for h in s.hands) == 9 and len(s.stock) == 40 - 9 - 4


def test_match_is_won_on_reaching_the_target_strictly_ahead():
    s = last_hand_state(["2C"], [["KS"], ["KH"]], [[], ["4D"]], last_capture=1)
    s.scores = [17, 20]
    s.apply(0, "play ks")
    events = s.apply(1, "play kh")
    assert s.last_hand["points"] == [4, 0]  # cards, oros, the 7D and the setenta
    assert s.scores == [21, 20] and s.over and events[-1].kind == "game_end"


def test_tie_at_the_top_deals_another_hand():
    s = last_hand_state(["2C"], [["KS"], ["KH"]], [[], []], last_capture=None)
    s.captured = [[], []]
    s.scores = [21, 21]
    s.apply(0, "play ks")
    s.apply(1, "play kh")
    assert not s.over and s.hand_no == 2


def test_target_reached_strictly_ahead_ends_the_match_with_places():
    s = last_hand_state(["2C"], [["KS"], ["KH"]], [[], []], last_capture=None)
    s.captured = [["7D", "AD", "6S", "5H", "4C"], []]
    s.scores = [18, 19]
    s.apply(0, "play ks")
    events = s.apply(1, "play kh")
    assert s.last_hand["points"] == [4, 0] and s.scores == [22, 19]
    assert s.over and events[-1].kind == "game_end"
    out = s.outcome()
    assert out.places == (1, 2) and out.scores == (22.0, 19.0) and out.sides is None


def test_target_11_option():
    s = G.new(2, seed=1, options={"target": "11"})
    assert s.target == 11 and s.view(None)["target"] == 11


def test_partnership_outcome_shares_places_and_scores():
    s = G.new(4, seed=4)
    s.scores = [30, 5]
    s.turn = None
    out = s.outcome()
    assert out.places == (1, 2, 1, 2) and out.scores == (30.0, 5.0, 30.0, 5.0)
    assert out.sides == ((0, 2), (1, 3))


def test_partnerships_pool_captures_and_options_without_four_players():
    hands = [["5C", "2S", "3S"], ["AH", "2H", "3H"], ["5S", "2C", "3C"], ["AD", "2D", "3D"]]
    s = new(hands, ["KD", "KS", "4H", "6C"])
    s.apply(0, "play 5c take kd")
    s.apply(1, "play ah")
    s.apply(2, "play 5s take ks")
    assert s.captured == [["5C", "KD", "5S", "KS"], []]
    assert s.view(None)["sides"] == [[0, 2], [1, 3]]
    off = G.new(4, seed=1, options={"partnerships": "off"})
    assert off.sides is None and off.view(None)["sides"] == [[0], [1], [2], [3]]
    three = G.new(3, seed=1, options={"partnerships": "on"})
    assert three.sides is None and len(three.scores) == 3 and three.view(None)["partnerships"] is False


def test_a_whole_match_ends_with_consistent_places():
    for players in (2, 3, 4):
        s = G.new(players, seed=players)
        rng = random.Random(players)
        while not s.over:
            seat = s.to_move[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        out = s.outcome()
        assert max(s.scores) >= 21 and min(out.places) == 1


# -- views, determinize, hidden cards --------------------------------------------------


def test_views_differ_only_in_seat_and_hand():
    s = G.new(4, seed=9)
    public = s.view(None)
    assert public["hand"] is None and public["seat"] is None
    for seat in range(4):
        v = s.view(seat)
        assert v["hand"] == sorted(s.hands[seat], key=lambda c: (VALUE[c], "SHDC".index(c[-1])))
        assert {k: x for k, x in v.items() if k not in ("seat", "hand")} == {
            k: x for k, x in public.items() if k not in ("seat", "hand")
        }
        for card in s.hidden_cards(seat):
            assert card not in json.dumps(public)
    keys = {"board", "stock", "sides", "captured", "escobas", "last_capture", "scores", "last_hand", "partnerships"}
    assert keys | {"game", "players", "seat", "hand", "hand_sizes", "to_move", "dealer", "hand_no", "over"} <= set(
        public
    )


def test_determinize_keeps_public_cards_and_resamples_hidden_ones():
    s = G.new(3, seed=11)
    for _ in range(5):
        seat = s.to_move[0]
        s.apply(seat, s.legal_actions(seat)[-1])
    changed = False
    for i in range(20):
        w = s.determinize(0, random.Random(i))
        assert w.hands[0] == s.hands[0] and w.board == s.board and w.captured == s.captured
        assert [len(h) for h in w.hands] == [len(h) for h in s.hands] and len(w.stock) == len(s.stock)
        every = [c for h in w.hands for c in h] + w.board + w.stock + [c for p in w.captured for c in p]
        assert sorted(every) == sorted(FULL_DECK)
        changed |= w.hands[1] != s.hands[1]
    assert changed


def test_copy_is_independent():
    s = G.new(2, seed=1)
    c = s.copy()
    c.apply(0, c.legal_actions(0)[0])
    assert s.hand_no == 1 and sum(len(h) for h in s.hands) == 6 and dumped(s) != dumped(c)


# -- speed-minded search --------------------------------------------------------------


def test_subset_search_matches_brute_force_on_a_swollen_board():
    rng = random.Random(4)
    board = rng.sample(list(FULL_DECK), 16)
    values = [VALUE[c] for c in board]
    for target in range(1, 15):
        brute = sorted(
            list(idx)
            for k in range(1, len(board) + 1)
            for idx in itertools.combinations(range(len(board)), k)
            if sum(values[i] for i in idx) == target
        )
        assert sorted(subsets_summing(values, target)) == brute


def test_legal_actions_on_a_twenty_card_board_all_parse():
    s = G.new(2, seed=6)
    rest = [c for c in FULL_DECK if c not in s.hands[0]]
    s.board = rest[:22]
    actions = s.legal_actions(0)
    assert len(actions) > 100
    for a in actions:
        assert s.parse(0, a.text).text == a.text
        if "take" in a.parts:
            assert VALUE[a.parts["cards"][0]] + sum(VALUE[c] for c in a.parts["take"]) == 15


# -- heuristic ---------------------------------------------------------------------


def test_heuristic_prefers_an_escoba():
    s = two_seat()
    s.board = ["7D", "5H"]
    assert s.heuristic_action(0, random.Random(0)).text == "play 3s take 7d 5h"


def test_heuristic_takes_the_siete_de_velo():
    s = two_seat()
    s.board = ["KD", "7D", "5S", "AS", "2S", "JH"]
    # many captures: 5C takes KD, 3S takes KD 2S, 7H takes JH, ... the best ones hold the 7D
    assert "7D" in s.heuristic_action(0, random.Random(0)).parts["take"]


def test_heuristic_lays_so_the_board_cannot_be_swept():
    s = two_seat()
    s.board = ["AS"]  # 1: laying 3S makes 4 (safe), 5C makes 6 and 7H makes 8 (sweepable)
    s.hands[0] = ["3S", "5C", "7H"]
    assert s.heuristic_action(0, random.Random(0)).text == "play 3s"
