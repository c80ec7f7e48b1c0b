"""Bourré's AI: the evaluation, ISMCTS's decisions with it, the exact card-play solver and the PIMC player."""

from __future__ import annotations

import random

from engine import GAMES
from engine.ai import HARD, NORMAL, ISMCTSPlayer, make_player
from engine.bourre_ai import PRIOR, choose_card, evaluate
from engine.bourre_rules import ALL_CARDS, high
from engine.bourre_search import CardPlay, PIMCPlayer, discard_choices, hand_rewards, solve_world

BOURRE = GAMES["bourre"]

# Four seats; seat 3 deals and its 2♠ is turned up: spades are trump. Seats 0 and 1 hold
# trumps worth staying in with, seat 2 holds nothing at all.
FOUR = [
    ["AS", "KS", "QH", "QD", "9S"],
    ["JS", "10S", "AH", "KD", "8C"],
    ["2C", "3D", "4H", "5C", "7D"],
    ["6H", "7H", "8D", "9C", "2S"],
]


def deal(cards, seed=0, **options):
    """A new game with every hand stacked (the dealer's last card is the upcard); the stock is shuffled."""
    n = len(cards)
    deck = [cards[i % n][i // n] for i in range(5 * n)]
    return BOURRE.new(n, seed=seed, options=options or None, deck=deck)


def search(state, seat, seed=1):
    return ISMCTSPlayer(iterations=NORMAL[0], seed=seed).choose(state, seat).text


def test_the_evaluation_of_an_exchange_is_repeatable_and_changes_nothing():
    s = deal(FOUR)
    s.apply(0, "play")
    s.apply(0, "discard qh")
    before = s.dump()
    first = evaluate(s)
    assert evaluate(s) == first
    assert s.dump() == before
    assert all(0.0 <= x <= 1.0 for x in first)


def test_the_evaluation_favours_the_seat_holding_the_top_trumps():
    s = deal(FOUR)
    values = evaluate(s)
    assert values[0] == max(values)
    assert values[2] <= values[0]


def test_the_evaluation_of_a_finished_match_follows_the_places():
    s = BOURRE.new(3, seed=4, options={"hands": "1"})
    rng = random.Random(4)
    while not s.over:
        seat = s.to_move[0]
        s.apply(seat, s.heuristic_action(seat, rng))
    places = s.outcome().places
    values = evaluate(s)
    for a in range(3):
        for b in range(3):
            if places[a] < places[b]:
                assert values[a] > values[b]


def test_search_stays_in_with_the_top_trumps():
    s = deal(FOUR)
    assert search(s, 0) == "play"


def test_search_folds_junk_when_two_trump_holders_stayed_in_before_it():
    s = deal(FOUR)
    for seat in (0, 1):
        s.apply(seat, "play")
        s.apply(seat, "draw")
    assert s.to_move == (2,)
    assert search(s, 2) == "pass"


def test_search_keeps_its_trumps_in_the_exchange():
    s = deal(FOUR)
    s.apply(0, "play")
    choice = search(s, 0)
    assert choice in ("discard qh", "discard qd", "draw")


def test_search_stays_in_with_junk_when_folding_hands_over_the_match():
    # Two seats, one hand: if seat 0 folds the dealer takes the pot and the match, so even
    # junk is worth playing (the easy player folds it).
    s = deal([["2C", "3D", "4H", "5C", "7D"], ["6H", "7H", "8D", "9C", "2S"]], hands="1")
    assert s.heuristic_action(0, random.Random(0)).text == "pass"
    assert search(s, 0) == "play"


def test_search_leans_towards_the_easy_players_move_at_the_root_at_two_seats_only():
    two = deal(FOUR[:2])
    seat = two.to_move[0]
    player = ISMCTSPlayer(iterations=60, seed=2)
    player.choose(two, seat)
    assert player.last_root.hint == two.heuristic_action(seat, random.Random(0)).text
    assert player.last_root.prior == PRIOR > 0
    four = deal(FOUR)
    four.apply(0, "play")
    player.choose(four, 0)
    assert player.last_root.prior == 0 and player.last_root.hint == ""


def test_search_plays_a_whole_match_with_legal_moves_only():
    s = BOURRE.new(3, seed=7, options={"hands": "1"})
    players = [ISMCTSPlayer(iterations=25, seed=seat) for seat in range(3)]
    while not s.over:
        seat = s.to_move[0]
        action = players[seat].choose(s, seat)
        assert action.text in {a.text for a in s.legal_actions(seat)}
        s.apply(seat, action)
    assert sum(s.chips) + s.pot == 0


# -- the exact card-play solver and the PIMC player (engine/bourre_search.py) ---------------


def end_position(hands, tricks, leader, trump_card="2S", plays=None):
    """A hand of a one-hand match in its tricks, every seat in, `leader` to lead.

    `plays` are the cards each seat already played (they only tell the solver which trumps
    are gone); the match's chips and pot are those of a fresh deal: everyone anted one.
    """
    players = len(hands)
    data = BOURRE.new(players, seed=0, options={"hands": "1"}).dump()
    data.update(
        hands=[list(h) for h in hands],
        phase="trick",
        turn=leader,
        declared=["play"] * players,
        tricks=list(tricks),
        trick=[],
        plays=[list(p) for p in plays] if plays else [[] for _ in range(players)],
        trump_card=trump_card,
        exchange=[],
    )
    return BOURRE.state_class.from_dump(data)


def solved(state):
    return solve_world(state, hand_rewards(state), 10**6)


def test_the_winner_hands_the_loser_a_trick_rather_than_let_the_match_play_on():
    # Seat 0 has the pot (three tricks to none). Taking all five would leave seat 1 bourré,
    # and a bourré keeps the match going; one trick to seat 1 ends it with seat 0 ahead.
    # Leading the 2♣ makes seat 1 beat it with the K♣ and lead the 3♥, which the A♣ cannot
    # take (no hearts, no trumps): 3-2. Leading the A♣ (the easy player's lead) wins both.
    s = end_position([["AC", "2C"], ["KC", "3H"]], tricks=[3, 0], leader=0)
    assert choose_card(s, 0) == "AC"
    values = solved(s)
    assert values["2C"][0] == 1.0  # the match is won
    # 5-0: seat 0 is up a chip, seat 1 owes the pot of 2; the scale is 2 x pot + antes = 6.
    assert values["AC"][0] == 0.5 + (0 - (-3)) / 2 / (2 * 6)
    assert values["2C"][1] == 0.0


def test_a_seat_without_the_led_suit_must_trump_and_the_solver_knows_it():
    # Spades are trump. Seat 0 (2 tricks to 1) leads the 7♥: seat 1 has no heart, so its
    # only card is the 2♠, which takes the trick; it must then lead the K♦ into the A♦.
    # Leading the A♦ first wins at once and the 7♥ loses to the forced trump: 3-2 either way.
    s = end_position([["AD", "7H"], ["KD", "2S"]], tricks=[2, 1], leader=0)
    play = CardPlay(s, hand_rewards(s), 10**6)
    hands = play.hands(s)
    after_heart = (hands[0][:1], hands[1])
    assert play.legal(1, after_heart, ((0, "7H"),), (2, 1)) == ["2S"]
    values = solved(s)
    assert values["AD"][0] == values["7H"][0] == 1.0


def test_a_held_cinch_forces_the_highest_trump_in_the_solver_as_in_the_engine():
    # Seat 0 has two tricks and the A♠, the only trump still out (the rest are played or
    # its own): a cinch, so it must lead its highest trump, not the 4♣.
    spades_gone = [["KS", "QS", "JS", "10S", "9S", "8S"], ["7S", "6S", "5S", "4S", "3S", "2S"]]
    s = end_position([["AS", "4C"], ["KH", "QH"]], tricks=[2, 1], leader=0, plays=spades_gone)
    assert [a.text for a in s.legal_actions(0)] == ["play as"]
    assert list(solved(s)) == ["AS"]


def brute_force(state, seat_values_for):
    """Max-n over the engine's own legal_actions and apply (cheapest card first on ties)."""
    seat = state.turn
    trump = state.trump
    cards = sorted((a.parts["cards"][0] for a in state.legal_actions(seat)), key=lambda c: (c[-1] == trump, high(c)))
    best = None
    for card in cards:
        world = state.copy()
        events = world.apply(seat, f"play {card}")
        ended = [e for e in events if e.kind == "hand_end"]
        value = seat_values_for(ended[0].data["tricks"]) if ended else brute_force(world, seat_values_for)
        if best is None or value[seat] > best[seat]:
            best = value
    return best


def test_the_solver_agrees_with_a_brute_force_over_the_engine_on_dealt_end_positions():
    checked = 0
    for players in (2, 3, 4):
        for seed in range(12):
            s = BOURRE.new(players, seed=seed, options={"hands": "1"})
            rng = random.Random(seed)
            while not s.over and not (s.phase == "trick" and sum(s.tricks) >= 2):
                seat = s.to_move[0]
                s.apply(seat, rng.choice(s.legal_actions(seat)))
            if s.over or s.hand_no > 1:
                continue
            rewards = hand_rewards(s)
            values = solved(s)
            for card, value in values.items():
                world = s.copy()
                events = world.apply(s.turn, f"play {card}")
                ended = [e for e in events if e.kind == "hand_end"]
                expected = rewards(ended[0].data["tricks"]) if ended else brute_force(world, rewards)
                assert value == expected, (players, seed, card)
            checked += 1
    assert checked >= 15


def test_the_rewards_of_a_finished_hand_match_the_evaluation():
    for seed in range(8):
        s = BOURRE.new(3, seed=seed, options={"hands": "1"})
        rng = random.Random(seed)
        while not s.over and s.phase != "trick":
            seat = s.to_move[0]
            s.apply(seat, s.heuristic_action(seat, rng))
        if s.over:
            continue
        world = s.copy()
        while True:
            seat = world.to_move[0]
            ended = [e for e in world.apply(seat, world.heuristic_action(seat, rng)) if e.kind == "hand_end"]
            if ended:
                break
        assert list(hand_rewards(s)(ended[0].data["tricks"])) == evaluate(s)


def test_the_exchanges_weighed_throw_plain_cards_lowest_first_and_never_trump():
    choices = discard_choices(["AS", "7H", "3H", "KD", "2C"], "S")
    assert len(choices) == 3 * 2 * 2
    assert all("AS" not in c for c in choices)
    assert ("3H",) in choices and ("7H",) not in choices
    assert ("3H", "7H", "KD", "2C") in [tuple(sorted(c, key=("3H", "7H", "KD", "2C").index)) for c in choices]


def small_pimc(seed):
    """A PIMC player on a small budget that decides at every seat count (quick to test)."""
    return PIMCPlayer(seed=seed, time_limit=None, worlds=4, least=2, budget=3000, iterations=20, most_seats=8)


def test_the_pimc_player_makes_legal_moves_and_repeats_itself_under_a_seed():
    for players in (2, 4):
        s = BOURRE.new(players, seed=5, options={"hands": "1"})
        moves = []
        seats = [small_pimc(seat) for seat in range(players)]
        twins = [small_pimc(seat) for seat in range(players)]
        kinds = set()
        while not s.over:
            seat = s.to_move[0]
            action = seats[seat].choose(s, seat)
            assert action.text in {a.text for a in s.legal_actions(seat)}
            assert twins[seat].choose(s, seat).text == action.text
            kinds.add(seats[seat].last_kind)
            moves.append(action.text)
            s.apply(seat, action)
        assert sum(s.chips) + s.pot == 0
        assert "pimc" in kinds


def test_the_pimc_player_gives_the_trick_away_when_it_sees_the_whole_position():
    # Every card is accounted for from seat 0's seat (the rest of the deck is played), so each
    # sampled world is the real one and the player finds the solver's 2♣ lead.
    others = [c for c in ALL_CARDS if c not in ("AC", "2C", "KC", "3H")]
    s = end_position([["AC", "2C"], ["KC", "3H"]], tricks=[3, 0], leader=0, plays=[others[:24], others[24:]])
    assert PIMCPlayer(seed=0, time_limit=None).choose(s, 0).text == "play 2c"


def test_the_pimc_player_leaves_tables_of_more_than_two_to_ismcts_by_default():
    s = deal(FOUR)
    player = PIMCPlayer(seed=0, time_limit=None, iterations=30)
    player.choose(s, 0)
    assert player.last_kind == "ismcts"
    two = deal(FOUR[:2])
    player.choose(two, two.to_move[0])
    assert player.last_kind == "pimc"


def test_the_pimc_player_stays_in_a_last_hand_and_makes_the_easy_exchange_it_planned():
    # Two seats, one hand, clubs trump (the dealer's 8♣): folding hands over the match, so
    # seat 0 stays in, then swaps its one plain card below a queen, the 9♠, as planned.
    s = deal(FOUR[:2], hands="1")
    player = PIMCPlayer(seed=0, time_limit=None)
    moves = []
    for _ in range(3):
        action = player.choose(s, 0)
        moves.append((action.text, player.last_kind))
        s.apply(0, action)
    assert moves == [("play", "pimc"), ("discard 9s", "plan"), ("draw", "plan")]


def test_the_normal_and_hard_seats_are_the_pimc_player():
    normal = make_player("normal", seed=1, game="bourre")
    hard = make_player("hard", seed=1, game="bourre")
    assert isinstance(normal, PIMCPlayer) and isinstance(hard, PIMCPlayer)
    assert (normal.worlds, normal.budget) == (24, 60_000) and (hard.worlds, hard.budget) == (48, 120_000)
    assert hard.search.iterations == HARD[0] and normal.search.iterations == NORMAL[0]
    state = GAMES["bourre"].new(2, seed=5)
    seat = state.to_move[0]
    assert normal.choose(state, seat).text in {a.text for a in state.legal_actions(seat)}
