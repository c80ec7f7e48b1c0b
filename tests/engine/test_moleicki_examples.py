"""Moleicki: every worked example of the rule text, played from a stacked deck.

Each test deals a real game (`deck=` stacked in the documented dealing order), races
the opening and plays the example's moves through `apply`, so the deal, the opening
and the rule under test all run as they do at a table. Line numbers refer to the rule
text (moleicki.txt, basic rules v1.1).
"""

from __future__ import annotations

from test_moleicki_support import filler_tableaux, kinds, refused, texts

from engine.moleicki import GAME
from engine.moleicki_deal import parse_design, stacked_deck


def deal_from(players, design, hands, tableaux=None, draw=(), options=None):
    """A game dealt from a stacked deck with the dealer's `design` text ("deal ...")."""
    options = dict(options or {})
    decks = GAME.new(players, seed=1, options=options).decks
    plan = parse_design(design.split()[1:], decks)
    if tableaux is None and draw:
        tableaux = filler_tableaux(players, plan, decks, [*(c for h in hands for c in h), *draw])
    deck = stacked_deck(players, plan, hands, tableaux, list(draw))
    state = GAME.new(players, seed=1, options=options, deck=deck)
    state.apply(players - 1, design)
    return state


def run(state, *moves):
    """Apply (seat, text) moves in order; the events of the last one."""
    events = []
    for seat, text in moves:
        events = state.apply(seat, text)
    return events


def opened(hand0, hand1, design="deal mini", draw=(), follow=None, options=None):
    """Two players: seat 0 opens with its 3 of spades; seat 1 follows with `follow`."""
    state = deal_from(2, design, [hand0, hand1], draw=draw, options=options)
    assert state.phase == "opening" and state.to_move == (0,)
    state.apply(0, "play 3s")
    if follow is not None:
        state.apply(1, follow)
    return state


# -- the play (lines 30-38) -----------------------------------------------------------
def test_one_higher_card_beats_three_lower_ones():
    # "one card of higher rank beats two, three, or more cards of lower rank"
    state = opened(["3S", "5S", "9D", "KS"], ["4H", "4D", "4C", "6H"], draw=["JC", "QC", "KC"], follow="play 4h 4d 4c")
    assert state.pile == ["3S", "4H", "4D", "4C"] and state.current == 0
    events = state.apply(0, "play 5s")
    assert kinds(events)[0] == "play" and state.top() == "5S" and state.current == 1


def test_tie_with_several_then_beat_with_several():
    # "A player may therefore tie a card with several cards at once, and then beat the
    # card with several matching cards."
    hands = [["3S", "5S", "5D", "7S", "7D"], ["5H", "6H", "8H", "JH", "QH"]]
    state = opened(*hands, design="deal mini hand 5", draw=["KC", "KD", "KH"], follow="play 5h")
    events = state.apply(0, "play 5d 5s")
    assert events[0].data["kind"] == "tie" and state.pending == "tied" and state.current == 0
    refused(state, 0, "pickup", "nothing you can see beats")  # a tie must be followed by a beat
    state.apply(0, "play 7s 7d")
    assert state.pile[-2:] == ["7S", "7D"] and state.current == 1 and state.pending == "play"


def test_four_of_a_kind_played_at_once_goes_to_the_bad_discard():
    # "four or more cards of identical rank ... because they were all played at one time"
    hands = [["3S", "6S", "6H", "6D", "6C"], ["5H", "7H", "8H", "JH", "QH"]]
    state = opened(*hands, design="deal mini hand 5", draw=["KC", "KD", "KH"], follow="play 5h")
    bad = len(state.bad)
    events = state.apply(0, "play 6s 6h 6d 6c")
    assert "burn" in kinds(events)
    assert state.pile == [] and len(state.bad) == bad + 6 and state.current == 1  # a beat: the turn passes


def test_four_of_a_kind_made_by_tying_goes_to_the_bad_discard():
    # "... or because of a tying": the tier then plays onto the blank pile.
    hands = [["3S", "7S", "7D", "7C", "KS"], ["7H", "5H", "8H", "JH", "QH"]]
    state = opened(*hands, design="deal mini hand 5", draw=["KC", "KD", "KH"], follow="play 7h")
    events = state.apply(0, "play 7s 7d 7c")
    assert "burn" in kinds(events) and state.pile == [] and state.top() is None
    assert state.current == 0 and state.pending == "again"
    state.apply(0, "play ks")
    assert state.current == 1


# -- vectors (lines 41-52) ------------------------------------------------------------
def test_middle_matches_ties_and_burns_sevens_with_nines():
    # "a 7 and a 9 ... can be played at the same time (matching), can be used to tie one
    # another, and [enough of them together] sends the center pile to the bad discard"
    hands = [["8S", "7S", "9D", "KD"], ["2H", "7H", "9H", "QH"]]
    state = deal_from(2, "deal mini", hands, draw=["4C", "5C", "6C", "JC"])
    assert state.opening == "8"  # nobody holds a 3 or an ace: the eight corollary
    state.apply(0, "play 8s")
    assert state.vector == "middle"
    run(state, (1, "play 2h"), (1, "play 7h 9h"))
    assert state.pile[-2:] == ["7H", "9H"] and state.current == 0
    events = state.apply(0, "play 9d 7s")  # ties with the other pair: four of the 7/9 rank
    assert events[0].data["kind"] == "tie" and "burn" in kinds(events) and state.pile == []


def test_into_the_page_allows_two_queens_but_not_a_queen_and_a_five():
    # "in into the page and out of the page, a player could play two Qs at once, but not a Q and a 5"
    hands = [["3S", "4S", "6S", "7S"], ["JK", "QH", "QD", "5H"]]
    state = opened(*hands, draw=["KC", "KD", "KH"], follow="play jk")
    state.apply(1, "vector into")
    refused(state, 1, "play qh 5h", "can't go together")
    state.apply(1, "play qh qd")
    assert state.pile[-2:] == ["QH", "QD"] and state.vector == "into"
    # the 5 is equivalent to the queens: it neither ties nor beats them
    assert state.current == 0


# -- aargh (lines 56-65) ----------------------------------------------------------------
def test_ten_clears_into_a_good_pile_and_on_a_blank_pile_makes_an_empty_one():
    # "If a 10 is played on a blank center pile, the good discard pile that is created is
    # said to be empty ... the 10 is placed face up where the pile would be"
    hands = [["3S", "4S", "6S", "7S"], ["10H", "10D", "KH", "QH"]]
    state = opened(*hands, draw=["JC", "JD", "JH"])
    bad = len(state.bad)
    events = state.apply(1, "play 10h")
    assert "clear" in kinds(events) and state.pile == [] and state.pending == "again"
    assert state.view(None)["good_discards"] == [{"top": "3S", "size": 1}] and len(state.bad) == bad + 1
    state.apply(1, "play 10d")
    assert state.view(None)["good_discards"] == [{"top": "3S", "size": 1}, {"top": "10D", "size": 0}]
    state.apply(1, "play kh")
    assert state.current == 0


def test_quarter_gives_a_good_pile_to_a_player_of_choice():
    # "the player must select one good discard pile and give it to any player of his choice"
    hands = [["3S", "4S", "6S", "7S"], ["10H", "25", "KH", "QH"]]
    state = opened(*hands, draw=["JC", "JD", "JH", "9C"])
    run(state, (1, "play 10h"), (1, "play kh"), (0, "pickup"))
    assert state.hands[0].count("KH") == 1 and state.current == 1
    bad = len(state.bad)
    events = state.apply(1, "play 25")
    assert "quarter" in kinds(events) and state.pending == "vector" and len(state.bad) == bad + 1
    state.apply(1, "vector down")
    assert state.vector == "down" and state.pending == "give"
    assert set(texts(state, 1)) == {"give 1 to 0", "give 1 to 1"}
    events = state.apply(1, "give 1 to 0")
    assert "3S" in state.hands[0] and "3S" in state.view(None)["known"][0]
    assert kinds(events) == ["give"] and state.good == [] and state.view(None)["quarters_left"] == 0
    assert state.pending == "again" and state.current == 1


def test_quarter_may_give_an_empty_pile_symbolically():
    # "the player can elect to symbolically give that pile to someone: no one gets any cards
    # and the 10 used to represent the empty pile is placed in the bad discard pile"
    hands = [["3S", "4S", "6S", "7S"], ["10H", "10D", "25", "QH"]]
    state = opened(*hands, draw=["JC", "JD", "JH", "9C"])
    run(state, (1, "play 10h"), (1, "play 10d"), (1, "play 25"), (1, "vector up"))
    sizes = [len(h) for h in state.hands]
    bad = list(state.bad)
    events = state.apply(1, "give 2 to 0")
    assert [len(h) for h in state.hands] == sizes
    assert "10D" in state.bad and "10D" not in bad
    # "Once all the 25 cards in the deck are played, the remaining good discard piles may be
    # gathered and placed in the bad discard pile" (line 70): the one 25 is out.
    assert "merge" in kinds(events) and state.good == [] and "3S" in state.bad


def test_joker_resets_and_may_keep_the_vector():
    # "playing a joker resets the pile as per a 2 and allows the player to change the vector
    # to any vector of his choosing. Changing the vector is optional"
    hands = [["3S", "4S", "6S", "7S"], ["JK", "5H", "6H", "7H"]]
    state = opened(*hands, draw=["JC", "JD", "9C"], follow="play jk")
    assert state.top() is None and state.pending == "vector"
    assert texts(state, 1) == [
        f"vector {v}" for v in ("up", "down", "middle", "antimiddle", "into", "out", "north", "south")
    ]
    events = state.apply(1, "vector up")
    assert "keeps" in events[0].text and state.vector == "up" and state.pending == "again"
    state.apply(1, "play 5h")  # any card onto the reset pile, even one below the 3 under it
    assert state.current == 0


def test_quarter_with_no_good_pile_gives_nothing():
    # "If there are no good discard piles extant, no cards are given to anyone"
    hands = [["3S", "4S", "6S", "7S"], ["25", "KH", "QH", "JH"]]
    state = opened(*hands, draw=["JC", "JD", "9C"], follow="play 25")
    state.apply(1, "vector north")
    assert state.vector == "north" and state.pending == "again" and state.good == []


# -- the nine rule (line 73) --------------------------------------------------------------
def test_one_nein_per_nine_or_the_pile_is_picked_up():
    # "he must say 'Nein' once for each 9 played. Failure to say 'Nein' before the next
    # player has played a card results in the delinquent player's picking up the center pile."
    hands = [["3S", "9S", "9D", "KS"], ["4H", "5H", "JH", "QH"]]
    state = opened(*hands, draw=["6C", "6D", "6H", "7C"], follow="play 4h")
    state.apply(0, "play 9s 9d")
    assert state.view(None)["nein_counts"][0] == 2
    state.apply(0, "nein")
    assert state.to_move == (0, 1)  # one Nein still owed, while seat 1 may play
    events = state.apply(1, "play jh")
    assert "penalty" in kinds(events)
    assert {"3S", "4H", "9S", "9D", "JH"} <= set(state.hands[0]) and state.pile == []


def test_saying_every_nein_in_time_avoids_the_penalty():
    hands = [["3S", "9S", "9D", "KS"], ["4H", "5H", "JH", "QH"]]
    state = opened(*hands, draw=["6C", "6D", "6H", "7C"], follow="play 4h")
    run(state, (0, "play 9s 9d"), (0, "nein"), (0, "nein"))
    events = state.apply(1, "play jh")
    assert "penalty" not in kinds(events) and state.pile[-1] == "JH"


def test_four_nines_at_once_everyone_says_nein_or_is_punched():
    # "if four or more 9s are played at once, every player at the table must say 'Nein,'
    # or be punched in the face"
    hands = [["3S", "9S", "9H", "9D", "9C"], ["4H", "5H", "JH", "QH", "KH"]]
    state = opened(*hands, design="deal mini hand 5", draw=["6C", "6D", "6H", "7C"], follow="play 4h")
    state.apply(0, "play 9s 9h 9d 9c")
    assert state.view(None)["nein_counts"] == [4, 1]
    for _ in range(4):
        state.apply(0, "nein")
    events = state.apply(1, "play qh")  # seat 1 never said it
    assert [e.data["seat"] for e in events if e.kind == "punch"] == [1]
    assert "penalty" not in kinds(events) and state.view(None)["punched"] == [1]


# -- the draw pile (line 76) -------------------------------------------------------------
def test_a_drawn_card_that_matches_may_be_played_and_another_is_drawn():
    # "if a card drawn would make a legal play, e.g. if it would tie the card previously
    # played, it may be played (whereupon another card must be drawn, of course)"
    hands = [["3S", "6S", "7S", "KS"], ["4H", "5H", "JH", "QH"]]
    state = opened(*hands, draw=["6D", "4C", "8C"], follow="play 4h")
    events = state.apply(0, "play 6s")
    assert [e.data["private"] for e in events if e.kind == "draw"] == [{"0": ["6D"]}]
    assert state.current == 1 and state.window == 0 and "play 6d" in texts(state, 0)
    events = state.apply(0, "play 6d")
    assert state.pile[-2:] == ["6S", "6D"] and "4C" in state.hands[0] and len(state.hands[0]) == 3
    assert state.current == 1


# -- the eight rule (lines 79-83) ----------------------------------------------------------
def three_opened(hand0, hand1, hand2, draw=("4C", "5C", "6C", "7C", "JC", "QC")):
    """Three players: seat 0 opens with 3S, seat 1 (to its left) follows with its first card."""
    state = deal_from(3, "deal mini", [hand0, hand1, hand2], draw=draw)
    state.apply(0, "play 3s")
    state.apply(1, f"play {hand1[0].lower()}")
    assert state.direction == 1 and state.current == 2
    return state


def test_an_eight_beaten_reverses_play_and_its_player_chooses_who_is_next():
    # "If the player beats the 8, he may then decide which player should go next (he may not
    # choose himself), and the direction of play reverses"
    state = three_opened(["3S", "8S", "KS", "5D"], ["4H", "6H", "7H", "JH"], ["5H", "6D", "7D", "4D"])
    run(state, (2, "play 5h"), (0, "play 8s"))
    assert state.pending == "eight" and state.current == 0
    refused(state, 1, "play 6h", "isn't your turn")
    state.apply(0, "play ks")
    assert state.direction == -1 and state.pending == "next"
    assert texts(state, 0) == ["next 1", "next 2"]
    refused(state, 0, "next 0", "another player")
    state.apply(0, "next 2")
    assert state.current == 2
    state.apply(2, "pickup")
    assert state.current == 1  # the reversed direction: 2 -> 1


def test_an_eight_not_beaten_means_a_pick_up_and_no_reversal():
    # "If the player fails to beat the 8, he does not get to choose, and the direction of
    # play remains the same."
    state = three_opened(["3S", "8S", "4S", "5D"], ["4H", "6H", "7H", "JH"], ["5H", "6D", "7D", "4D"])
    run(state, (2, "play 5h"), (0, "play 8s"))
    refused(state, 0, "play 4s", "doesn't beat")
    state.apply(0, "pickup")
    assert state.direction == 1 and state.current == 1 and "8S" in state.hands[0]


def test_matching_eights_are_one_eight_and_a_later_eight_reverses_again():
    # "Another 8 played and beaten ... later in the game causes the direction to reverse
    # again, etc. However, matching 8s are treated the same as one 8."
    state = three_opened(["3S", "8S", "8D", "KS"], ["4H", "8H", "6H", "JH"], ["5H", "6D", "7D", "4D"])
    run(state, (2, "play 5h"), (0, "play 8s 8d"))
    events = state.apply(0, "play ks")
    assert kinds(events).count("eight") == 1 and state.direction == -1
    run(state, (0, "next 2"), (2, "pickup"))
    assert state.current == 1 and state.top() is None
    run(state, (1, "play 8h"), (1, "play jh"))
    assert state.direction == 1 and state.pending == "next"
    state.apply(1, "next 0")
    state.apply(0, "pickup")
    assert state.current == 1  # play runs to the left again: 0 -> 1


# -- the junction (lines 86-87) -----------------------------------------------------------
def test_several_eights_are_one_junction_that_switches_the_loop_and_ends_the_turn():
    # "Playing an 8 causes the vector to switch from north loop to south loop ... The player's
    # turn is over after playing the junction, and the pile is reset for the next player"
    hands = [["3S", "8S", "8D", "KS"], ["JK", "5H", "6H", "7H"]]
    state = opened(*hands, draw=["4C", "5C", "6C", "7C"], follow="play jk")
    run(state, (1, "vector north"), (1, "play 5h"))
    assert state.current == 0
    events = state.apply(0, "play 8s 8d")
    assert events[0].data["kind"] == "junction" and kinds(events).count("vector") == 1
    assert state.vector == "south" and state.top() is None and state.current == 1
    state.apply(1, "play 6h")  # any card onto the reset pile
    assert state.current == 0


def test_a_junction_is_no_beat_after_a_tie():
    # "Note that one cannot tie a junction before playing. Once one plays a junction, his
    # turn is over": after tying, the card must still be beaten.
    hands = [["3S", "8S", "5S", "4S"], ["JK", "5H", "6H", "7H"]]
    state = opened(*hands, draw=["4C", "5C", "6C", "7C"], follow="play jk")
    run(state, (1, "vector north"), (1, "play 5h"), (0, "play 5s"))
    assert state.pending == "tied"
    refused(state, 0, "play 8s", "junction doesn't beat")


# -- straights (line 90) --------------------------------------------------------------------
def test_an_up_straight_three_four_five_six_is_laid_low_to_high():
    # "four cards in a sequence, such as (up) 3 4 5 6 ... must be laid down ... from low to high"
    hands = [["3S", "2C", "4D", "5C", "6H"], ["3H", "JH", "QH", "KH", "AH"]]
    state = deal_from(2, "deal mini hand 5", hands, draw=["7C", "7D", "7H", "9C"])
    state.apply(1, "play 3h")  # seat 1 wins the race; seat 0 follows
    state.apply(0, "play 2c")
    events = state.apply(0, "play 6h 5c 3s 4d")
    assert events[0].data["straight"] and state.pile[-4:] == ["3S", "4D", "5C", "6H"]
    assert state.current == 1


def test_a_down_straight_ending_in_an_eight_must_be_beaten():
    # "(down) Q J 9 8 ... If a straight ends with an 8, the player must beat the 8"
    hands = [["AS", "QD", "JD", "9D", "8D", "7D"], ["KH", "4H", "5H", "6H", "JH", "QH"]]
    state = deal_from(2, "deal mini hand 6", hands, draw=["4C", "5C", "6C", "7C"])
    assert state.opening == "A"  # nobody holds a 3: the ace corollary opens down
    run(state, (0, "play as"), (1, "play kh"))
    assert state.vector == "down"
    events = state.apply(0, "play 8d 9d jd qd")
    assert state.pile[-4:] == ["QD", "JD", "9D", "8D"] and state.pending == "eight"
    assert "nein" in kinds(events)  # the 9 in the straight
    refused(state, 0, "pickup", "nothing you can see beats")
    state.apply(0, "play 7d")
    assert state.pending != "eight" and state.current == 1


def test_an_eight_is_beaten_by_a_straight_whose_lowest_card_beats_it():
    # "An 8 can always be beaten with a straight provided that the lowest card in the
    # straight beats the 8."
    hands = [["3S", "8S", "9D", "JD", "QD", "KD"], ["4H", "5H", "6H", "7H", "AH", "AD"]]
    state = deal_from(2, "deal mini hand 6", hands, draw=["4C", "5C", "6C", "7C"])
    run(state, (0, "play 3s"), (1, "play 4h"), (0, "play 8s"))
    assert state.pending == "eight"
    events = state.apply(0, "play kd qd jd 9d")
    assert kinds(events).count("eight") == 1 and state.pile[-4:] == ["9D", "JD", "QD", "KD"]
    assert state.current == 1


def test_straights_starting_with_or_holding_an_eight_need_no_beating():
    # "straights that begin with an 8, or have an 8 in the middle of their four cards, need
    # not be beaten and do not invoke the 8 rule"
    for straight in (["8S", "9D", "JD", "QD"], ["6D", "7D", "8D", "9D"]):
        hands = [["3S", *straight, "5C"], ["4H", "5H", "6H", "7H", "KH", "AH"]]
        state = deal_from(2, "deal mini hand 6", hands, draw=["4C", "6C", "7C", "10C"])
        run(state, (0, "play 3s"), (1, "play 4h"))
        events = state.apply(0, "play " + " ".join(reversed(straight)).lower())
        assert state.pile[-4:] == straight and "eight" not in kinds(events)
        assert state.current == 1 and state.pending == "play"


# -- tableaux and victory (lines 93-109) ---------------------------------------------------
# Four players with one pack and no jokers or 25s share all 52 cards (hand 4, tableau 9), so
# the draw pile is empty from the start and hands run straight on into tableaux.
NO_EXTRAS = {"decks": "1", "jokers": "0", "quarters": "0"}
NINE_SINGLES = "deal custom hand 4 base u u u u u u u u u"


def four_players(hands, tab0, design=NINE_SINGLES):
    """Seat 0's tableau is `tab0` (rows of piles, bottom card first; a flat list means one
    card per pile of a one-row design); the others get the cards nobody asked for."""
    plan = parse_design(design.split()[1:], 1)
    if isinstance(tab0[0], str):
        tab0 = [[[c] for c in tab0]]
    used = [c for h in hands for c in h] + [c for row in tab0 for pile in row for c in pile]
    pool = [c for c in GAME.new(4, seed=1, options=NO_EXTRAS).deck if c not in used]
    pool.sort()
    others = [[[[pool.pop() for _ in pile] for pile in row] for row in plan.rows] for _ in range(3)]
    assert pool == []
    state = deal_from(4, design, hands, [tab0, *others], options=NO_EXTRAS)
    assert state.view(None)["draw_pile"] == 0
    return state


def shed_to_last(last, hand3=("3S", "7H", "7D", "9C"), play3="play 7h", quad="K", design=NINE_SINGLES):
    """Seat 3 opens with 3S; seat 0 follows and, in one turn of aargh cards, plays out its
    hand and all but the last card of its tableau (four of `quad` at last: a burn, so seat 1
    faces a blank pile). Then seat 1 plays 5H, seat 2 picks it up and seat 3 plays `play3`."""
    hands = [["2C", "2D", "10C", "10D"], ["5H", "6C", "6D", "QH" if quad != "Q" else "JH"], ["4C", "4D", "4H", "5C"]]
    quads = [quad + s for s in "CDHS"]
    state = four_players([*hands, list(hand3)], ["2S", "2H", "10S", "10H", *quads, last], design)
    state.apply(3, "play 3s")
    run(state, (0, "play 2c 2d"), (0, "play 10c 10d"))
    assert state.hands[0] == [] and state.pending == "again"
    run(state, (0, "play 2s 2h"), (0, "play 10s 10h"))
    events = state.apply(0, "play " + " ".join(quads).lower())
    assert "burn" in kinds(events) and state.current == 1 and state.cards_left(0) == 1
    run(state, (1, "play 5h"), (2, "pickup"), (3, play3))
    assert state.current == 0
    return state


def test_the_last_tableau_card_played_legally_wins():
    # "If the last card from a tableau is played legally, that player wins."
    state = shed_to_last("AS")
    state.apply(0, "play as")
    assert state.over and state.winner == 0 and state.outcome().places == (1, 2, 2, 2)


def test_a_last_card_that_ties_does_not_win_and_the_pile_is_picked_up():
    # "if the last card ties the card atop the center pile, the player has not won, for he
    # has not beaten the card ... the player must pick up the center pile"
    state = shed_to_last("7S")
    events = state.apply(0, "play 7s")
    assert not state.over and kinds(events)[-2:] == ["stuck", "pickup"]
    assert sorted(state.hands[0]) == ["7H", "7S"] and state.current == 1


def test_a_last_card_eight_in_up_does_not_win():
    # "if in up and down the last card is an 8, the player has not won"; "a player with no
    # card left to beat the 8 must pick up the pile regardless"
    state = shed_to_last("8S")
    events = state.apply(0, "play 8s")
    assert not state.over and kinds(events)[-2:] == ["stuck", "pickup"]
    assert sorted(state.hands[0]) == ["7H", "8S"] and state.direction == 1 and state.current == 1


def test_a_last_card_that_is_aargh_wins_without_playing_onto_the_blank_pile():
    # "if the last card is aargh ... the player need not play a card onto the blank pile,
    # but simply wins"
    hands = [["2C", "2D", "10C", "10D"], ["5H", "6C", "6D", "QH"], ["4C", "4D", "4H", "5C"], ["3S", "7H", "7D", "9C"]]
    state = four_players(hands, ["2H", "10S", "10H", "KC", "KD", "KH", "KS", "AS", "2S"])
    state.apply(3, "play 3s")
    run(state, (0, "play 2c 2d"), (0, "play 10c 10d"), (0, "play 2h"), (0, "play 10s 10h"))
    run(state, (0, "play kc kd kh ks"), (1, "play 5h"), (2, "pickup"), (3, "play 7h"), (0, "play as"))
    run(state, (1, "pickup"), (2, "play 4c"), (3, "play 7d"))
    assert state.cards_left(0) == 1 and state.top() == "7D"
    events = state.apply(0, "play 2s")
    assert state.over and state.winner == 0 and kinds(events)[-1] == "win"


def test_a_last_card_that_makes_four_of_a_kind_wins_on_the_blank_pile():
    # "Also, if the last card ... creates a blank center pile, the player ... simply wins."
    state = shed_to_last("7S", hand3=("3S", "7H", "7D", "7C"), play3="play 7h 7d 7c")
    events = state.apply(0, "play 7s")
    assert "burn" in kinds(events) and state.over and state.winner == 0


def test_with_no_tableau_left_the_last_hand_card_wins():
    # "If a player has no tableau left, then playing the last card from his hand makes him
    # win." Here the last tableau card, played blind (line 99), only ties: the player picks
    # up and has a hand again (line 95), which then wins.
    design = "deal custom hand 4 base u u u u u u u u d"
    state = shed_to_last("7S", hand3=("3S", "7H", "6H", "9C"), design=design)
    assert texts(state, 0) == ["blind 9"]
    refused(state, 0, "pickup", "turn up a face-down card or play one blind")
    events = state.apply(0, "blind 9")
    assert kinds(events)[:3] == ["blind", "miss", "pickup"]
    assert sorted(state.hands[0]) == ["7H", "7S"] and state.cards_left(0) == 2
    run(state, (1, "play 6c"), (2, "pickup"), (3, "play 6h"))
    state.apply(0, "play 7h 7s")
    assert state.over and state.winner == 0


def test_king_king_king_nine_wins_when_proclaimed():
    # "If a player with no cards in his tableau has only four cards in his hand, consisting
    # of K K K 9, the player automatically wins the game upon proclaiming" it.
    design = "deal custom hand 4 base u u u u u u u u d"
    state = shed_to_last("9S", hand3=("3S", "KC", "KD", "KH"), play3="play kc kd kh", quad="Q", design=design)
    state.apply(0, "blind 9")
    assert sorted(state.hands[0]) == ["9S", "KC", "KD", "KH"] and state.current == 1
    assert "kkk9" in texts(state, 0) and 0 in state.to_move  # out of turn, at any moment
    events = state.apply(0, "king king king nine")
    assert kinds(events) == ["proclaim", "win"] and state.winner == 0


# -- fluid play and the order of a tableau (lines 93-97) --------------------------------------
def test_the_last_hand_card_matches_equivalent_cards_from_the_tableau():
    # "a player playing the last card in his hand may, for example, match it with
    # equivalent cards from his tableau" (middle: 7 and 9 are one rank)
    hands = [["2C", "2D", "10C", "7S"], ["5H", "6C", "6D", "QH"], ["4C", "4D", "4H", "5C"], ["8S", "7H", "7D", "KC"]]
    state = four_players(hands, ["9H", "9D", "JS", "JH", "JD", "JC", "QS", "QD", "QC"])
    assert state.opening == "8"
    state.apply(3, "play 8s")
    assert state.vector == "middle"
    run(state, (0, "play 2c 2d"), (0, "play 10c"))
    assert state.hands[0] == ["7S"] and "play 7s 9h 9d" in texts(state, 0)
    state.apply(0, "play 9h 7s 9d")
    assert state.pile[-3:] == ["7S", "9H", "9D"] and state.cards_left(0) == 7 and state.current == 1


def test_the_last_hand_card_eight_is_beaten_from_the_tableau():
    # "if a player has played an 8 in up or down as the last card in his hand, he may beat
    # it with a card from his tableau"
    hands = [["2C", "2D", "10C", "8S"], ["5H", "6C", "6D", "QH"], ["4C", "4D", "4H", "5C"], ["3S", "7H", "7D", "9C"]]
    state = four_players(hands, ["KS", "KD", "JS", "JH", "JD", "JC", "QS", "QD", "QC"])
    state.apply(3, "play 3s")
    run(state, (0, "play 2c 2d"), (0, "play 10c"), (0, "play 8s"))
    assert state.hands[0] == [] and state.pending == "eight"
    state.apply(0, "play ks")
    assert state.pending == "next" and state.direction == -1


def test_the_last_hand_card_ties_and_the_tableau_beats():
    # "or if he has tied a card with the last card in his hand, he may follow it with play
    # from his tableau"
    hands = [["2C", "2D", "QC", "7S"], ["5H", "6C", "6D", "QH"], ["4C", "4D", "4H", "5C"], ["3S", "7H", "7D", "9C"]]
    state = four_players(hands, ["KS", "KD", "JS", "JH", "JD", "JC", "QS", "QD", "AC"])
    state.apply(3, "play 3s")
    run(state, (0, "play 2c 2d"), (0, "play qc"), (1, "pickup"), (2, "play 4c"), (3, "play 7h"))
    events = state.apply(0, "play 7s")
    assert events[0].data["kind"] == "tie" and state.hands[0] == [] and state.pending == "tied"
    state.apply(0, "play ks")
    assert state.pile[-1] == "KS" and state.current == 1


def test_a_pile_of_three_top_up_then_turned_up_then_the_last_stays_down():
    # "in a pile of three cards, the top card will be face up; once it is played the card
    # below it is turned face up; once that card is played, however, the final card in the
    # pile must remain face down"; "a player may elect to play any of the [face-up] cards"
    tower = [[["4S", "KS", "QS"], ["4D", "KD", "QD"], ["4H", "AC", "QC"]]]
    hands = [["2C", "2D", "10C", "10D"], ["5H", "6C", "6D", "QH"], ["4C", "JD", "JH", "5C"], ["3S", "7H", "7D", "9C"]]
    state = four_players(hands, tower, design="deal tower")
    assert state.view(None)["tableaux"][0] == [[[None, None, "QS"], [None, None, "QD"], [None, None, "QC"]]]
    state.apply(3, "play 3s")
    run(state, (0, "play 2c 2d"), (0, "play 10c 10d"))
    assert {"play qs", "play qd", "play qc"} <= set(texts(state, 0))
    state.apply(0, "play qd")
    state.apply(0, "flip 2")  # out of turn: turning up is always permissible
    assert state.view(None)["tableaux"][0][0][1] == [None, "KD"]
    run(state, (1, "pickup"), (2, "play 4c"), (3, "play 7h"), (0, "play kd"))
    assert state.view(None)["tableaux"][0][0][1] == [None]  # the last card stays face down
    assert not any(t.startswith("flip") for t in texts(state, 0))
    refused(state, 0, "flip 2")


def test_the_barrier_row_is_played_before_the_base():
    # "All cards from each barrier row must be played before a player may play cards from
    # his base" (the classic tableau: a face-down barrier card, then the base)
    hands = [
        ["2C", "2D", "2H", "2S", "10C", "10D"],
        ["5H", "6C", "6D", "QH", "4S", "4D"],
        ["4C", "5C", "4H", "5D", "6H", "6S"],
        ["3S", "7H", "7D", "9C", "9D", "9H"],
    ]
    tab0 = [[["KS"]], [["3D", "JS"], ["3H", "JD"], ["3C", "JC"]]]
    state = four_players(hands, tab0, design="deal classic hand 6")
    state.apply(3, "play 3s")
    events = run(state, (0, "play 2c 2d 2h 2s"))
    assert "burn" in kinds(events) and state.pending == "again"
    state.apply(0, "play 10c 10d")
    assert state.hands[0] == [] and texts(state, 0) == ["blind 1"]
    refused(state, 0, "play js", "can't be played yet")
    state.apply(0, "blind 1")
    assert state.pile == ["KS"] and state.current == 1
    run(state, (1, "pickup"), (2, "play 4c"), (3, "play 7h"))
    assert {"play js", "play jd", "play jc"} <= set(texts(state, 0))
