"""Rummy's AI: determinize remembers what each seat took from the discard pile (as a good
player does) until it is melded, laid off or discarded, and search plays legal moves."""

from __future__ import annotations

import random

from engine import GAMES
from engine.ai import ISMCTSPlayer
from engine.rummy import TableMeld
from engine.rummy_ai import evaluate, hand_gains, lacking, look_ahead, out_chances
from engine.rummy_melds import CARDS, POINTS

RUMMY = GAMES["rummy"]

# A two-player deal: seat 0 holds three kings and 9-10-J of diamonds.
H0 = ["KS", "KH", "KD", "9D", "10D", "JD", "2C", "4C", "6S", "8H"]
H1 = ["KC", "8D", "3D", "3S", "5S", "7C", "9C", "JH", "QS", "2H"]
STOCK = ["5D", "7S", "AS", "4H"]


def stacked(up, target="one-hand"):
    deck = [[H0, H1][s][i] for i in range(10) for s in range(2)] + [up, *STOCK]
    return RUMMY.new(2, seed=0, options={"target": target}, deck=deck)


def play(state, *moves):
    for move in moves:
        state.apply(state.turn, move)


def worlds(state, seat, n=40):
    return [state.determinize(seat, random.Random(k)) for k in range(n)]


def test_a_taken_discard_stays_in_the_takers_sampled_hand():
    state = stacked("3H")
    play(state, "take", "discard 2c", "draw", "discard qs")
    assert state.known[0] == ["3H"]
    samples = worlds(state, 1)
    assert all("3H" in w.hands[0] for w in samples)
    assert len({tuple(w.hands[0]) for w in samples}) > 30  # the rest of the hand is resampled


def test_a_taken_discard_is_forgotten_once_discarded_again():
    state = stacked("3H")
    play(state, "take", "discard 2c", "draw", "discard qs", "draw", "discard 3h")
    assert state.known[0] == []
    assert all("3H" not in w.hands[0] and w.discard[-1] == "3H" for w in worlds(state, 1))


def test_a_taken_discard_is_forgotten_once_melded():
    state = stacked("QD")
    play(state, "take", "meld 9d 10d jd qd")
    assert state.known[0] == []
    for world in worlds(state, 1):
        assert "QD" not in world.hands[0]
        assert any("QD" in m.cards for m in world.melds)


def test_search_plays_legal_moves():
    state = stacked("3H")
    player = ISMCTSPlayer(iterations=20, seed=1)
    for _ in range(6):
        seat = state.turn
        action = player.choose(state, seat)
        assert action.text in {a.text for a in state.legal_actions(seat)}
        state.apply(seat, action)


# -- the position evaluation --------------------------------------------------


def test_a_hand_of_melds_lacks_nothing_and_loose_cards_lack_more():
    state = stacked("3H")
    state.hands[0] = ["KS", "KH", "KD", "9D", "10D", "JD", "2C"]
    state.hands[1] = ["8D", "3D", "5S", "7C", "9C", "JH", "QS"]
    assert lacking(state, 0) == 0.0  # two melds and the final discard
    assert lacking(state, 1) == 5.0  # five lone cards and the 7-9 of clubs (a half each), less the discard
    ahead, behind = evaluate(state)
    assert ahead > 0.75 and behind < 0.25 and abs(ahead + behind - 1) < 1e-9


def test_a_near_meld_counts_half_unless_its_missing_cards_are_dead():
    state = stacked("3H")
    state.hands[0] = ["5S", "5H", "9C", "KD"]
    state.hands[1] = ["2D", "3D", "4S", "JH"]
    state.discard = ["8C"]
    assert lacking(state, 0) == 2.0  # the pair counts a half each, the king and nine one each, less the discard
    state.hands[1] = ["5D", "3D", "4S", "JH"]  # one fifth still live: the pair stays near
    assert lacking(state, 0) == 2.0
    state.discard = ["5C", "8C"]  # the other five lies dead under the top
    assert lacking(state, 0) == 3.0


def test_a_lay_off_on_the_table_covers_a_card():
    state = stacked("3H")
    state.melds = [TableMeld(("9D", "10D", "JD"), 0)]
    state.hands[1] = ["QD", "2S", "7H"]
    assert lacking(state, 1) == 1.0  # the queen goes on the diamonds, one card is the discard
    state.melds = []
    assert lacking(state, 1) == 2.0


def test_a_won_hand_scores_as_its_places():
    state = stacked("QD")
    play(state, "take")
    state.hands[0] = ["KS", "KH", "KD", "9D", "10D", "JD", "QD", "2C"]
    play(state, "rummy")
    assert state.over
    assert evaluate(state) == [1.0, 0.0]


def test_search_keeps_its_melds_and_pair_and_sheds_a_lone_card():
    state = stacked("3H")
    play(state, "draw")  # seat 0 has drawn; its hand is then set to two melds, a pair and three lone cards
    state.hands[0] = ["KS", "KH", "KD", "9D", "10D", "JD", "5C", "5H", "QC", "2C", "8S"]
    action = ISMCTSPlayer(iterations=300, seed=3).choose(state, 0)
    assert action.text.startswith("meld") or action.text in {"discard qc", "discard 2c", "discard 8s"}


# -- matches to a target: the hand's points ------------------------------------


def near_the_end(target):
    """Seat 0 has drawn, holding two sets (60 points) and five loose cards; seat 1 has
    melded and holds just a pair of threes, one card from going out."""
    state = stacked("3H", target)
    play(state, "draw")
    state.hands[0] = ["KS", "KH", "KD", "QS", "QH", "QD", "2C", "4C", "6S", "8H", "5D"]
    state.hands[1] = ["3S", "3D"]
    state.melds = [TableMeld(("9C", "10C", "JC"), 1)]
    state.melded[1] = True
    state.discard = ["7H"]
    used = {*state.hands[0], *state.hands[1], "9C", "10C", "JC", "7H"}
    state.stock = [c for c in CARDS if c not in used]
    state.known = [[], []]
    return state


def test_in_a_match_the_cards_held_are_points_at_risk():
    state = near_the_end("100")
    chances = out_chances(state)
    assert chances[1] > chances[0] and abs(sum(chances) - 1) < 1e-9
    held, theirs = 2 + 4 + 6 + 8 + 5 + 60, 6
    gains = hand_gains(state)
    assert gains[0] == chances[0] * 2 * theirs  # seat 0 can still go rummy
    assert gains[1] == chances[1] * held  # seat 1 has melded: single points
    state.hands[0] = state.hands[0][6:]  # the sets laid down instead: less to lose
    state.melded[0] = True
    assert evaluate(state)[0] > evaluate(near_the_end("100"))[0]


def test_in_a_match_a_won_hand_scores_by_its_points():
    state = stacked("QD", "100")
    state.horizon = True  # a search world: the match ends with this hand
    play(state, "take")
    state.hands[0] = ["KS", "KH", "KD", "9D", "10D", "JD", "QD", "2C"]
    play(state, "rummy")
    assert state.over
    assert hand_gains(state) == [2.0 * sum(POINTS[c] for c in H1), 0.0]  # rummy doubles seat 1's cards
    ahead, behind = evaluate(state)
    assert ahead > 0.99 and abs(ahead + behind - 1) < 1e-9


def test_in_a_match_search_lays_a_set_down_when_the_other_seat_is_nearly_out():
    # Judged only by who goes out (a one-hand match), holding the sets for rummy costs
    # nothing; in a match they are 60 points the other seat is about to score.
    state = near_the_end("100")
    for seed in range(4):
        action = ISMCTSPlayer(iterations=300, seed=seed).choose(state, 0)
        assert action.text in {"meld ks kh kd", "meld qs qh qd"}


def test_at_four_seats_the_search_looks_a_turn_and_a_half_ahead():
    # 4 moves (a draw and a discard a seat heads-up); at four seats a turn and a half round the table
    for players, moves in ((2, 4), (3, 4), (4, 12), (6, 4)):
        state = RUMMY.new(players, seed=1, options={"target": "100"})
        assert look_ahead(state) == moves
        assert ISMCTSPlayer()._cutoff(state) == moves
        assert ISMCTSPlayer(cutoff=3)._cutoff(state) == 3
