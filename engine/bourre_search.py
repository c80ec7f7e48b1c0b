"""Bourré's card play solved exactly, and a player that samples worlds and solves each.

Once every hand is fixed the five tricks are a small game of perfect information: at most
five cards a seat, and the rules (follow, trump, beat, the cinch) leave few choices. The
solver plays it out completely with each seat taking its own best line (max-n), memoising
positions at trick boundaries and stopping as soon as the pot's fate is settled (who takes
it, who goes bourré: the chips depend on nothing else).

PIMCPlayer (perfect-information Monte Carlo) judges a card by sampling worlds the seat
cannot tell from the real one (`determinize`), solving each exactly after that card, and
averaging its own reward; the reward is the evaluation's (chips after the hand, linear on a
scale fixed for the hand; the places once the match is over). Where a world's card play is
too big to solve within the node budget (many seats in with full hands) and for the
declaration and exchange it asks ISMCTS, as the normal seat did before.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.ai import NORMAL, ISMCTSPlayer, normal_iterations
from engine.bourre_rules import allowed, hand_order, high, suit_cards, trick_winner
from engine.core import Action

if TYPE_CHECKING:
    from engine.bourre import BourreState

TRICKS = 5
Rewards = tuple[float, ...]
Hands = tuple[tuple[str, ...], ...]
Trick = tuple[tuple[int, str], ...]


class TooBig(Exception):
    """The card play from here needs more nodes than the solver was allowed."""


def hand_rewards(state: BourreState) -> Callable[[Sequence[int]], Rewards]:
    """Every seat's reward once the hand ends with these trick counts (the evaluation's scale).

    The counts matter only through who takes the pot (a single top count) and who went
    bourré, so the rewards are kept by that pair.
    """
    from engine.bourre_ai import _place_rewards, _scale

    n = state.players
    playing = [s for s in range(n) if state.in_play(s)]
    ante = int(state.options["ante"])
    last = state.hand_no >= int(state.options["hands"])
    scale = _scale(state)
    pot = state.pot
    kept: dict[tuple[tuple[int, ...], tuple[int, ...]], Rewards] = {}

    def rewards(tricks: Sequence[int]) -> Rewards:
        most = max(tricks[s] for s in playing)
        top = tuple(s for s in playing if tricks[s] == most)
        bourre = tuple(s for s in playing if tricks[s] == 0)
        key = (top, bourre)
        if key in kept:
            return kept[key]
        chips = state.chips[:]
        tied: tuple[int, ...] = ()
        if len(top) == 1:
            chips[top[0]] += pot
        else:
            tied = top
        if len(top) == 1 and not bourre and last:
            value = tuple(_place_rewards(chips))
        else:
            dues = [0 if s in tied else pot if s in bourre else ante for s in range(n)]
            worth = [c - d for c, d in zip(chips, dues, strict=True)]
            mean = sum(worth) / n
            value = tuple(min(1.0, max(0.0, 0.5 + (w - mean) / (2 * scale))) for w in worth)
        kept[key] = value
        return value

    return rewards


class CardPlay:
    """The rest of one world's hand as a game of perfect information, solved by max-n.

    `world` is a state in the trick phase with every hand known. Each seat plays to raise
    its own reward; ties go to the card listed first (hand order: trump first, high first),
    so the answer is deterministic. `limit` caps the nodes visited (TooBig past it).
    """

    def __init__(self, world: BourreState, rewards: Callable[[Sequence[int]], Rewards], limit: int) -> None:
        self.trump = world.trump
        self.rewards = rewards
        self.limit = limit
        self.nodes = 0
        n = world.players
        playing = [s for s in range(n) if world.in_play(s)]
        self.playing = playing
        self.next = {s: playing[(i + 1) % len(playing)] for i, s in enumerate(playing)}
        # Trumps out of every hand and not yet played: each seat counts those it has not
        # seen go to the pile as still out against it when it judges a cinch.
        trumps = set(suit_cards(self.trump))
        held = {c for h in world.hands for c in h}
        played = {c for p in world.plays for c in p}
        away = trumps - held - played
        self.unseen = [frozenset(away - set(world.known[s]) - set(world.public)) for s in range(n)]
        self.memo: dict[tuple[int, tuple[int, ...], Hands], Rewards] = {}

    def hands(self, world: BourreState) -> Hands:
        """The world's hands in hand order (high first within a suit), as the solver keeps them."""
        return tuple(tuple(hand_order(h, self.trump)) for h in world.hands)

    def cinch(self, seat: int, hands: Hands, tricks: tuple[int, ...]) -> bool:
        """The engine's cinch (tricks plus sure trumps reach three), from this seat's knowledge."""
        trump = self.trump
        mine = [c for c in hands[seat] if c[-1] == trump]
        if tricks[seat] + len(mine) < 3:
            return False
        out = [c for s, h in enumerate(hands) if s != seat for c in h if c[-1] == trump]
        bar = max((high(c) for c in (*out, *self.unseen[seat])), default=-1)
        return tricks[seat] + sum(1 for c in mine if high(c) > bar) >= 3

    def legal(self, seat: int, hands: Hands, trick: Trick, tricks: tuple[int, ...]) -> list[str]:
        hand = hands[seat]
        cards = allowed(hand, trick, self.trump, self.cinch(seat, hands, tricks))
        return [c for c in hand if c in cards]  # hand order, for deterministic ties

    def choices(self, seat: int, hands: Hands, trick: Trick, tricks: tuple[int, ...]) -> list[str]:
        """The legal cards less those equivalent to the one listed before: same suit, and no
        card still to be played (nor, in trump, one the seat cannot place) ranks between them."""
        cards = self.legal(seat, hands, trick, tricks)
        if len(cards) < 2:
            return cards
        live = {c for h in hands for c in h}
        live.update(c for _, c in trick)
        live.update(self.unseen[seat])
        kept = [cards[0]]
        for above, card in zip(cards, cards[1:], strict=False):
            if above[-1] != card[-1] or any(
                c in live for c in suit_cards(card[-1]) if high(card) < high(c) < high(above)
            ):
                kept.append(card)
        return kept

    def values(self, hands: Hands, trick: Trick, seat: int, tricks: tuple[int, ...]) -> dict[str, Rewards]:
        """Every seat's rewards after each card `seat` may play now, best play after."""
        return {card: self._after(hands, trick, seat, tricks, card) for card in self.legal(seat, hands, trick, tricks)}

    def solve(self, hands: Hands, trick: Trick, seat: int, tricks: tuple[int, ...]) -> Rewards:
        """Every seat's rewards with `seat` to play to `trick` and best play from here on."""
        if not trick:
            key = (seat, tricks, hands)
            found = self.memo.get(key)
            if found is not None:
                return found
            settled = self._settled(tricks)
            if settled is not None:
                return settled
        self.nodes += 1
        if self.nodes > self.limit:
            raise TooBig
        best: Rewards | None = None
        for card in self.choices(seat, hands, trick, tricks):
            value = self._after(hands, trick, seat, tricks, card)
            if best is None or value[seat] > best[seat]:
                best = value
        assert best is not None
        if not trick:
            self.memo[(seat, tricks, hands)] = best
        return best

    def _after(self, hands: Hands, trick: Trick, seat: int, tricks: tuple[int, ...], card: str) -> Rewards:
        left = tuple(c for c in hands[seat] if c != card)
        hands = (*hands[:seat], left, *hands[seat + 1 :])
        trick = (*trick, (seat, card))
        nxt = self.next[seat]
        if nxt != trick[0][0]:
            return self.solve(hands, trick, nxt, tricks)
        winner = trick_winner(trick, self.trump)[0]
        tricks = (*tricks[:winner], tricks[winner] + 1, *tricks[winner + 1 :])
        if sum(tricks) == TRICKS:
            return self.rewards(tricks)
        return self.solve(hands, (), winner, tricks)

    def _settled(self, tricks: tuple[int, ...]) -> Rewards | None:
        """The rewards if the tricks left cannot change who takes the pot or who goes bourré."""
        left = TRICKS - sum(tricks)
        counts = sorted((tricks[s] for s in self.playing), reverse=True)
        if left == TRICKS or counts[-1] == 0 or counts[0] <= counts[1] + left:
            return None
        return self.rewards(tricks)


def solve_world(world: BourreState, rewards: Callable[[Sequence[int]], Rewards], limit: int) -> dict[str, Rewards]:
    """Each card the seat to move may play in `world`, with every seat's rewards after best play."""
    play = CardPlay(world, rewards, limit)
    hands = play.hands(world)
    assert world.turn is not None
    return play.values(hands, tuple(world.trick), world.turn, tuple(world.tricks))


class PIMCPlayer:
    """The normal seat for Bourré: sampled worlds solved exactly in the tricks, ISMCTS elsewhere.

    Same interface as ISMCTSPlayer. `worlds` worlds are sampled a trick decision, each solved
    within `limit` nodes; if any is too big the decision goes to ISMCTS (`iterations`, within
    `time_limit` seconds, as the normal seat). Deterministic under a seed.
    """

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 24,
        limit: int = 4000,
        iterations: int | None = None,
        time_limit: float | None = NORMAL[1],
    ) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.limit = limit
        self.search = ISMCTSPlayer(
            iterations=iterations or normal_iterations("bourre"), time_limit=time_limit, seed=seed
        )
        self.last_kind = ""  # "pimc", "ismcts" or "forced": how the last choice was made

    def choose(self, state: BourreState, seat: int) -> Action:
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has nothing to do in this position")
        if len(actions) == 1:
            self.last_kind = "forced"
            return actions[0]
        if state.phase == "trick":
            card = self.best_card(state, seat, [a.parts["cards"][0] for a in actions])
            if card is not None:
                self.last_kind = "pimc"
                return next(a for a in actions if a.parts["cards"][0] == card)
        self.last_kind = "ismcts"
        return self.search.choose(state, seat)

    def best_card(self, state: BourreState, seat: int, cards: list[str]) -> str | None:
        """The card with the best mean reward over sampled worlds; None if a world is too big."""
        from engine.bourre_ai import choose_card

        rewards = hand_rewards(state)
        totals = dict.fromkeys(cards, 0.0)
        for _ in range(self.worlds):
            world = state.determinize(seat, self.rng)
            try:
                values = solve_world(world, rewards, self.limit)
            except TooBig:
                return None
            for card in cards:
                totals[card] += values[card][seat]
        # Equal means are common (the card play is often decided whatever one does): then the
        # easy player's card, which wins cheaply or throws low, keeps the better cards.
        top = max(totals.values())
        best = [c for c in cards if totals[c] >= top - 1e-9]
        easy = choose_card(state, seat)
        return easy if easy in best else min(best, key=lambda c: (c[-1] == state.trump, high(c)))
