"""Hand and Foot play: what each action does to the state (draw, pickup, meld, takeback, discard, ask).

Applying follows a parsed action: cards move between stock, discard pile, hands, feet and melds;
a side opens once its staged melds reach the minimum; an emptied hand takes up the foot or goes
out. Mixed into HandAndFootState; the end of a hand is in engine/hand_and_foot_scoring.py.
"""

from __future__ import annotations

from engine.core import Event
from engine.hand_and_foot_melds import (
    ASK_PENALTY,
    PILE,
    TOKEN_RANK,
    WILD,
    canonical_tokens,
    incomplete,
    is_red_three,
    is_wild,
    sort_hand,
    token,
    total,
)
from engine.hand_and_foot_notation import rank_name, show


class PlayMixin:
    """The effects of each action on the state."""

    def _apply(self, seat: int, text: str) -> list[Event]:
        action = self.parse(seat, text)
        self.forget_menu()
        if self.horizon and self.first is None:
            self.first = (seat, action.text)
        verb = action.parts["verb"]
        if verb == "draw":
            return self._draw(seat)
        if verb == "pickup":
            return self._pickup(seat)
        if verb == "meld":
            return self._meld(seat, *self._meld_args(seat, action.text))
        if verb == "discard":
            return self._discard(seat, self._resolve(seat, [("rank", TOKEN_RANK[action.text.split()[1]])])[0])
        if verb == "takeback":
            return self._takeback(seat)
        if verb == "ask":
            self.phase = "answer"
            partner = (seat + 2) % 4
            return [Event("ask", f"{{p{seat}}} asks {{p{partner}}}: may I go out?", {"seat": seat})]
        if verb in ("yes", "no"):
            self.phase = "play"
            self.permission = verb
            return [Event("answer", f"{{p{seat}}} says {verb}.", {"seat": seat, "answer": verb})]
        return self._end_turn_ends_hand(seat)

    def _draw(self, seat: int) -> list[Event]:
        events: list[Event] = []
        need = min(2, len(self.stock))
        got = 0
        last = None
        while need and self.stock:
            last = self._pop_stock()
            if is_red_three(last):
                self.red_threes[seat % 2] += 1
                events.append(Event("red_three", f"{{p{seat}}} draws and lays a red 3.", {"seat": seat}))
                continue
            self.hands[seat].append(last)
            need -= 1
            got += 1
        self.hands[seat] = sort_hand(self.hands[seat])
        if not self.stock and last is not None and is_red_three(last):
            self.must_end = True
            events.append(Event("stock_out", "The stock's last card was a red 3: this is the last turn.", {}))
        self.phase = "play"
        text = f"{{p{seat}}} draws {got} card{'s' if got != 1 else ''}."
        events.insert(0, Event("draw", text, {"seat": seat, "count": got, "stock": len(self.stock)}))
        return events

    def _pickup(self, seat: int) -> list[Event]:
        top = self.discard.pop()
        taken = self.discard[-(PILE - 1) :] if self.discard else []
        del self.discard[len(self.discard) - len(taken) :]
        pair = self._pickup_pair(seat, top)
        assert pair is not None
        for c in pair:
            self.hands[seat].remove(c)
        self._forget(seat, pair)
        side = seat % 2
        r = WILD if is_wild(top) else top[:-1]
        three = [top, *pair]
        data = {"seat": seat, "card": top, "cards": list(taken), "rank": r}
        events = [
            Event("pickup", f"{{p{seat}}} picks up the discard pile ({len(taken) + 1} cards).", data),
        ]
        if self.opened[side]:
            target = incomplete(self.melds[side], r)
            if target is None:
                self.melds[side].append([r, three])
            else:
                target[1].extend(three)
            self._receive(seat, taken)
        else:
            self.staged = [[r, three]]
            self.locked = 3
            self.waiting = list(taken)
        self.phase = "play"
        events += self._after_meld(seat)
        return events

    def _receive(self, seat: int, cards: list[str]) -> None:
        self.hands[seat] = sort_hand(self.hands[seat] + cards)
        self.known[seat].extend(cards)

    def _forget(self, seat: int, cards: list[str]) -> None:
        known = self.known[seat]
        for c in cards:
            if c in known:
                known.remove(c)

    def _meld(self, seat: int, cards: list[str], r: str, target: list | None) -> list[Event]:
        for c in cards:
            self.hands[seat].remove(c)
        self._forget(seat, cards)
        if target is None:
            self._active(seat).append([r, list(cards)])
            size = len(cards)
        else:
            target[1].extend(cards)
            size = len(target[1])
        toks = " ".join(show(t) for t in canonical_tokens(cards))
        pile = " and makes a pile" if size == PILE else ""
        staged = "" if self.opened[seat % 2] else " (staged)"
        text = f"{{p{seat}}} melds {toks} on the {rank_name(r)}{pile}{staged}."
        data = {"seat": seat, "cards": list(cards), "rank": r, "size": size}
        return [Event("meld", text, data), *self._after_meld(seat)]

    def _after_meld(self, seat: int) -> list[Event]:
        """Open the side once staged melds reach the minimum; a hand emptied is replaced or goes out."""
        events: list[Event] = []
        side = seat % 2
        if not self.opened[side] and sum(total(m[1]) for m in self.staged) >= self.minimum:
            self.opened[side] = True
            self.melds[side] = self.staged
            self.staged = []
            self.locked = 0
            text = f"{{p{seat}}}'s side opens."
            events.append(Event("open", text, {"seat": seat, "waiting": list(self.waiting)}))
            if self.waiting:
                self._receive(seat, self.waiting)
                self.waiting = []
        if not self.hands[seat]:
            if self.in_foot[seat]:
                return events + self._hand_over(seat)
            events += self._take_foot(seat)
        return events

    def _take_foot(self, seat: int) -> list[Event]:
        foot = self.feet[seat]
        self.feet[seat] = []
        self.in_foot[seat] = True
        events = [Event("foot", f"{{p{seat}}} picks up the foot.", {"seat": seat})]
        self.hands[seat] = sort_hand(self._lay_red_threes(seat, foot, events))
        return events

    def _takeback(self, seat: int) -> list[Event]:
        back = [c for m in self.staged for c in m[1]][self.locked :]
        self.staged = [[self.staged[0][0], self.staged[0][1][: self.locked]]] if self.locked else []
        self.hands[seat] = sort_hand(self.hands[seat] + back)
        return [Event("takeback", f"{{p{seat}}} takes back the staged melds.", {"seat": seat, "count": len(back)})]

    def _discard(self, seat: int, card: str) -> list[Event]:
        self.hands[seat].remove(card)
        self._forget(seat, [card])
        self.discard.append(card)
        events = [Event("discard", f"{{p{seat}}} discards {show(token(card))}.", {"seat": seat, "card": card})]
        if not self.hands[seat] and self.in_foot[seat]:
            return events + self._hand_over(seat)
        return events + self._penalty(seat) + self._next_turn()

    def _penalty(self, seat: int) -> list[Event]:
        if self.permission != "yes":
            return []
        self.scores[seat % 2] -= ASK_PENALTY
        text = f"{{p{seat}}} was told yes but didn't go out: {ASK_PENALTY} points off."
        return [Event("penalty", text, {"seat": seat, "points": -ASK_PENALTY})]

    def _next_turn(self) -> list[Event]:
        self.turn = (self.turn + 1) % 4
        self.phase = "draw"
        self.permission = None
        self.staged = []
        self.locked = 0
        self.waiting = []
        self.must_end = False
        if not self.hands[self.turn] and not self.in_foot[self.turn]:
            return self._take_foot(self.turn)
        return []

    def _end_turn_ends_hand(self, seat: int) -> list[Event]:
        events = self._penalty(seat) if self.phase == "play" else []
        return events + self._hand_over(None)
