"""Hand and Foot checks: whether a pickup, meld, discard or ask is allowed now, and parsing a move.

Each check returns the one sentence a player can act on (or None); `parse` turns typed text into
the canonical Action or raises IllegalAction with that sentence. Mixed into HandAndFootState.
"""

from __future__ import annotations

from engine.cards import JOKER, is_red
from engine.core import Action, IllegalAction
from engine.hand_and_foot_melds import (
    PILE,
    WILD,
    canonical_tokens,
    fits,
    incomplete,
    is_wild,
    meld_ok,
    opening_reach,
    token,
    total,
)
from engine.hand_and_foot_notation import discard_action, meld_action, parse_text, plain_action, rank_name, show


class ChecksMixin:
    """Why a move is or isn't allowed, and the parser built on those reasons."""

    def _pickup_problem(self, seat: int) -> str | None:
        if self.phase != "draw":
            return "You have already drawn this turn."
        if not self.discard:
            return "The discard pile is empty."
        top = self.discard[-1]
        if top[:-1] == "3":
            return "You can't pick up the discard pile while a black 3 is on top."
        pair = self._pickup_pair(seat, top)
        if pair is None:
            what = "jokers" if top == JOKER else "2s" if top[:-1] == "2" else f"natural {top[:-1]}s"
            return f"To pick up you need two {what} in your hand to meld with the {token(top).upper()} on top."
        r = WILD if is_wild(top) else top[:-1]
        side = seat % 2
        target = incomplete(self.melds[side], r) if self.opened[side] else None
        if target is not None and not fits(r, target[1], [top, *pair]):
            return f"The top card and your pair don't fit on your side's {rank_name(r)} meld."
        if not self.opened[side]:
            hand = list(self.hands[seat])
            for c in pair:
                hand.remove(c)
            reach, used = opening_reach(hand, [[r, [top, *pair]]])
            if reach < self.minimum:
                return f"Your side hasn't opened: the pickup must let you meld {self.minimum} points, and it can't."
            taken = min(PILE - 1, len(self.discard) - 1)  # they join the hand as the side opens
            if self.in_foot[seat] and len(hand) - used + taken < 2:
                return "You'd have too few cards left to open and still discard."
        elif self.in_foot[seat] and len(self.hands[seat]) - 2 + min(PILE - 1, len(self.discard) - 1) < 2:
            return "You'd have too few cards left to discard."
        return None

    def _pickup_pair(self, seat: int, top: str) -> list[str] | None:
        if is_wild(top):
            same = [c for c in self.hands[seat] if (c == JOKER) == (top == JOKER) and is_wild(c)]
        else:
            same = [c for c in self.hands[seat] if not is_wild(c) and c[:-1] == top[:-1]]
        return same[:2] if len(same) >= 2 else None

    def _discard_gate(self) -> str | None:
        """Why the turn can't end now (staged melds below the minimum), or None."""
        if self.staged:
            return (
                f"Your staged melds make {sum(total(m[1]) for m in self.staged)} of the {self.minimum} points "
                "needed to open: meld more or take them back."
            )
        return None

    def _ask_problem(self, seat: int) -> str | None:
        if self.phase != "play":
            return "Ask after drawing, during your turn."
        if self.permission is not None:
            return f"You already asked this turn; the answer was “{self.permission}”."
        if not (self.in_foot[seat] and self.in_foot[(seat + 2) % 4]):
            return "Going out needs both partners playing from their feet first."
        return None

    def _resolve(self, seat: int, specs: list[tuple[str, str]]) -> list[str]:
        """The hand's cards for the specs (a rank takes the first such card); IllegalAction if missing."""
        left = list(self.hands[seat])
        out = []
        for kind, val in specs:
            if kind == "card":  # suits are ignored: a code names its rank (the colour, for a 3)
                pick = val if val in left else next((c for c in left if _same_rank(c, val)), None)
            else:
                pick = next((c for c in left if (c == val if val == JOKER else c[:-1] == val and c != JOKER)), None)
            if pick is None:
                shown = val if kind == "card" else show(val.lower())
                raise IllegalAction(f"You don't have {'another ' if out else ''}{shown} in your hand.")
            left.remove(pick)
            out.append(pick)
        return out

    def _meld_target(self, seat: int, cards: list[str], on: str | None) -> tuple[str, list | None]:
        """(rank, the incomplete meld it joins or None for a new meld); IllegalAction if it can't."""
        naturals = [c for c in cards if not is_wild(c)]
        if any(c[:-1] == "3" for c in naturals):
            raise IllegalAction("Black 3s never meld; discard them instead.")
        ranks = {c[:-1] for c in naturals}
        if len(ranks) > 1:
            raise IllegalAction("A meld is one rank (with wilds): meld each rank separately.")
        r = ranks.pop() if ranks else (on or WILD)
        if on and on != r:
            raise IllegalAction(f"Those cards aren't {on}s.")
        target = incomplete(self._active(seat), r)
        if target is not None:
            if not fits(r, target[1], cards):
                if len(target[1]) + len(cards) > PILE:
                    raise IllegalAction(f"The {rank_name(r)} meld has room for {PILE - len(target[1])} more card(s).")
                raise IllegalAction(
                    f"Too many wilds for the {rank_name(r)} meld: one up to five cards, two at six or seven."
                )
            return r, target
        if on:
            raise IllegalAction(f"Your side has no incomplete {rank_name(on)} meld to add wilds to.")
        if not meld_ok(r, cards):
            if len(cards) < 3:
                raise IllegalAction(f"A new {rank_name(r)} meld needs three cards or more.")
            if len(cards) > PILE:
                raise IllegalAction("A meld has seven cards at most.")
            raise IllegalAction("Too many wilds: one in a meld of three to five cards, two at six or seven.")
        return r, None

    def _meld_problem(self, seat: int, action: Action) -> str | None:
        """The foot rule for a listed meld: keep two cards unless this lets you go out."""
        k = len(action.parts["cards"])
        if not self.in_foot[seat] or len(self.hands[seat]) - k >= 2:
            return None
        return self._foot_check(seat, action.text)

    def _foot_check(self, seat: int, text: str) -> str | None:
        """A foot player keeps two cards before the discard unless this meld lets them go out."""
        cards, r, target = self._meld_args(seat, text)
        side = seat % 2
        melds = [[m[0], m[1] + cards] if m is target else m for m in self._active(seat)]
        if target is None:
            melds.append([r, cards])
        left = len(self.hands[seat]) - len(cards)
        if not self.opened[side]:
            if sum(total(m[1]) for m in melds) >= self.minimum:
                left += len(self.waiting)
            if left >= 2:
                return None
        elif left >= 2 or self._can_go_out(seat, melds):
            return None
        return "You can't go out yet, so keep at least two cards before discarding."

    def _meld_args(self, seat: int, text: str) -> tuple[list[str], str, list | None]:
        _, specs, on = parse_text(text)
        cards = self._resolve(seat, specs)
        r, target = self._meld_target(seat, cards, on)
        return cards, r, target

    def parse(self, seat: int, text: str) -> Action:
        if self.phase == "over":
            raise IllegalAction("The game is over.")
        if seat not in self.to_move:
            raise IllegalAction("It isn't your turn.")
        listed = self.listed(seat, text)  # from the menu just listed: no second check needed
        if listed is not None:
            return listed
        verb, specs, _on = parse_text(text)
        if self.phase == "answer":
            if verb not in ("yes", "no"):
                raise IllegalAction("Your partner asked “May I go out?”: answer “yes” or “no”.")
            return plain_action(verb)
        if verb in ("yes", "no"):
            raise IllegalAction("Nobody has asked you anything.")
        if self.phase == "draw":
            return self._parse_draw(seat, verb)
        if verb in ("draw", "pickup"):
            raise IllegalAction("You have already drawn this turn.")
        if verb == "discard":
            return self._parse_discard(seat, specs)
        if verb in ("takeback", "ask", "end"):
            return self._parse_plain(seat, verb)
        return self._parse_meld(seat, text)

    def _parse_draw(self, seat: int, verb: str) -> Action:
        """The start of a turn: draw, pick up the pile, or end the hand once the stock is gone."""
        if verb == "draw":
            if not self.stock:
                raise IllegalAction("The stock is empty: pick up the discard pile or end the hand.")
            return plain_action("draw")
        if verb == "pickup":
            problem = self._pickup_problem(seat)
            if problem:
                raise IllegalAction(problem)
            return plain_action("pickup")
        if verb == "end":
            if self.stock:
                raise IllegalAction("The hand ends only when the stock is gone: draw instead.")
            return plain_action("end")
        raise IllegalAction("Start your turn with “draw” or “pickup”.")

    def _parse_plain(self, seat: int, verb: str) -> Action:
        """takeback, ask or end, after drawing."""
        if verb == "takeback":
            if not (len(self.staged) > 1 or (self.staged and len(self.staged[0][1]) > self.locked)):
                raise IllegalAction("You have no staged melds to take back.")
            return plain_action("takeback")
        if verb == "ask":
            problem = self._ask_problem(seat)
            if problem:
                raise IllegalAction(problem)
            return plain_action("ask")
        if not self.must_end:
            raise IllegalAction("End your turn with a discard, like “discard 7”.")
        gate = self._discard_gate()
        if gate:
            raise IllegalAction(gate)
        return plain_action("end")

    def _parse_meld(self, seat: int, text: str) -> Action:
        cards, r, target = self._meld_args(seat, text)
        action = self._canonical_meld(cards, r, target)
        if self.in_foot[seat] and len(self.hands[seat]) - len(cards) < 2:
            problem = self._foot_check(seat, action.text)
            if problem:
                raise IllegalAction(problem)
        return action

    def _canonical_meld(self, cards: list[str], r: str, target: list | None) -> Action:
        onto = r if (r != WILD and all(is_wild(c) for c in cards)) else None
        return meld_action(canonical_tokens(cards), onto)

    def _parse_discard(self, seat: int, specs: list[tuple[str, str]]) -> Action:
        if self.must_end:
            raise IllegalAction("The stock's last card was a red 3: meld if you like, then “end” (no discard).")
        gate = self._discard_gate()
        if gate:
            raise IllegalAction(gate)
        card = self._resolve(seat, specs)[0]
        if self.in_foot[seat] and len(self.hands[seat]) == 1 and not self._can_go_out(seat):
            if self.permission == "no":
                raise IllegalAction("Your partner said no: you can't go out this turn, so keep a card.")
            raise IllegalAction("You can't go out yet (piles, both feet and a “yes” are needed): keep a card.")
        return discard_action(token(card))


def _same_rank(card: str, code: str) -> bool:
    """Whether a held card answers a typed card code: same rank, and same colour for a 3."""
    if card == JOKER or code == JOKER:
        return card == code
    return card[:-1] == code[:-1] and (code[:-1] != "3" or is_red(card) == is_red(code))
