"""Hand and Foot scoring: the end of a hand (melds, bonuses, cards held), the next deal, the match's end.

SIDES names the partnerships (seats 0 and 2 against 1 and 3). Mixed into HandAndFootState.
"""

from __future__ import annotations

from engine.core import Event, Outcome, places_from_scores
from engine.hand_and_foot_melds import (
    OUT_BONUS,
    RED_THREE_BONUS,
    meld_points,
    total,
)

SIDES = ((0, 2), (1, 3))


class ScoringMixin:
    """Scoring a finished hand and ending the match."""

    def _hand_over(self, out: int | None) -> list[Event]:
        """Score the hand for both sides (`out`: the seat that went out, or None), then deal or end."""
        sides = [self._side_score(side, out) for side in (0, 1)]
        for side in (0, 1):
            self.scores[side] += sides[side]["points"]
        result = {"hand_no": self.hand_no, "out": out, "sides": sides, "scores": list(self.scores)}
        self.last_hand = result
        pts = f"{sides[0]['points']} to {sides[1]['points']}"
        text = (f"{{p{out}}} goes out" if out is not None else "The hand ends with nobody out") + f": {pts}."
        events = [Event("hand_end", text, result)]
        if self.horizon or self.hand_no >= self.max_hands:
            return events + self._match_over()
        dealt = self._deal((self.dealer + 1) % 4)  # the new hand is told before its red 3s
        text = f"Hand {self.hand_no}: {{p{self.dealer}}} deals; the minimum is {self.minimum}."
        return [*events, Event("deal", text, {"hand_no": self.hand_no, "dealer": self.dealer}), *dealt]

    def _side_score(self, side: int, out: int | None) -> dict[str, int]:
        """A side's melds and bonuses (red 3s, going out) less the cards left in its hands and feet."""
        melded = meld_points(self.melds[side])
        held = sum(total(self.hands[s]) + total(self.feet[s]) for s in SIDES[side])
        bonus = self.red_threes[side] * RED_THREE_BONUS + (OUT_BONUS if out is not None and out % 2 == side else 0)
        return {"melds": melded, "bonus": bonus, "held": held, "points": melded + bonus - held}

    def _match_over(self) -> list[Event]:
        self.phase = "over"
        a, b = self.scores
        if a == b:
            text = f"The match is tied at {a}."
        else:
            w = 0 if a > b else 1
            text = f"{{p{SIDES[w][0]}}} and {{p{SIDES[w][1]}}} win the match, {max(a, b)} to {min(a, b)}."
        return [Event("game_end", text, {"scores": list(self.scores)})]

    def outcome(self) -> Outcome:
        if self.phase != "over":
            raise ValueError("The game is not over yet.")
        side_places = places_from_scores(self.scores)
        a, b = self.scores
        if a == b:
            reason = f"The sides tied on {a} points."
        else:
            w = 0 if a > b else 1
            reason = f"{{p{SIDES[w][0]}}} and {{p{SIDES[w][1]}}} won, {max(a, b)} to {min(a, b)}."
        return Outcome(
            tuple(side_places[s % 2] for s in range(4)),
            tuple(float(self.scores[s % 2]) for s in range(4)),
            reason,
            sides=SIDES,
        )
