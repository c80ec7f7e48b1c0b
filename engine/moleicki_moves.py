"""Moleicki's legal-move lists: what each seat is offered in a position.

`MoveLists` is a mixin for `engine.moleicki.MoleickiState`, beside `PlayRules`
(engine/moleicki_play.py); it holds no state of its own. `legal_actions` lists a
sensible short menu and checks every play on it, keeping the checks (and their
plans) so that `apply` of a listed move in the same position need not check it
again; any other legal combination is still accepted by parse.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.cards import rank
from engine.core import Action, IllegalAction
from engine.moleicki_deal import feasible_presets
from engine.moleicki_notation import actions_for, play_text
from engine.moleicki_play import Plan
from engine.moleicki_tableau import blind_piles, face_up_tops, flippable
from engine.moleicki_vectors import VECTORS, is_aargh, is_match, sort_for, straights_in
from engine.moleicki_vectors import group as match_key

CHOICES = ("vector", "give", "next")  # pending calls that are no play


class MoveLists:
    """Legal-move listing; mixed into MoleickiState."""

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "over" or (seat not in self.turn and not self._may_call(seat)):  # _may_act
            return []
        # Every move listed is checked here; `apply` reuses these checks (and plans) for
        # the same position instead of parsing and checking the move again.
        moves: dict[str, Any] = {}
        phase = self.phase
        if self.debts and self.owed(seat):
            moves["nein"] = None
        if len(self.hands[seat]) == 4 and self.kkk9_ok(seat):
            moves["kkk9"] = None
        if phase != "deal" and (self._flips or self.flips())[seat]:
            for n in flippable(self.tabs[seat]):
                moves[f"flip {n}"] = None
        # The phases are exclusive: the common one first.
        if phase == "play":
            if seat == self.current:
                self._turn_moves(seat, moves)
        elif phase == "deal":
            if seat == self.dealer:
                for d in feasible_presets(self.players, self.decks, self.extras):
                    moves[d.text(self.decks)] = None
        elif phase == "opening":
            if seat in self.race:
                self._play_moves(seat, "race", moves)
        elif phase == "follow" and seat in self.follow:
            self._play_moves(seat, "turn", moves)
            if self.may_pick_up(seat):
                moves["pickup"] = None
        if phase == "play" and seat == self.window:
            self._play_moves(seat, "window", moves)
            moves.setdefault("done", None)
        self._checked = (self._version, seat, moves)
        return actions_for(moves)

    def checked_play(self, seat: int, text: str) -> Any:
        """The plan `legal_actions(seat)` made for play `text` in this position, or None."""
        checked = self._checked
        if checked is None or checked[0] != self._version or checked[1] != seat:
            return None
        move = checked[2].get(text)
        return None if move is None else Plan.of(move)

    def _turn_moves(self, seat: int, moves: dict[str, Any]) -> None:
        p = self.pending
        if p not in CHOICES:  # play, tied, eight, again
            self._play_moves(seat, "turn", moves)
            if not self.hands[seat] and not self.draw:
                for n in blind_piles(self.tabs[seat]):
                    moves.setdefault(f"blind {n}", None)
            if self.may_pick_up(seat):
                moves.setdefault("pickup", None)
        elif p == "vector":
            for v in VECTORS:
                moves[f"vector {v}"] = None
        elif p == "give":
            seen = set()
            for i, g in enumerate(self._good_view()):
                key = (g["top"], g["size"])
                if key not in seen:
                    seen.add(key)
                    for s in range(self.players):
                        moves[f"give {i + 1} to {s}"] = None
        elif p == "next":
            for s in range(self.players):
                if s != seat:
                    moves[f"next {s}"] = None

    def _play_moves(self, seat: int, ctx: str, moves: dict[str, Any]) -> None:
        """A sensible short list of plays, each checked (its plan kept for `apply`); any
        other legal combination is accepted by parse."""
        if self.hands[seat]:
            self.hand_plays(seat, ctx, moves)
            fluid = None if self.draw else self._fluid_play(seat)
            cands = [fluid] if fluid else []
        else:
            cands = self._play_candidates(seat)
        for cand in cands:
            try:
                plan = self.check_play(seat, cand, ctx)
            except IllegalAction:
                continue
            text = play_text(plan.cards)
            if text in moves:
                continue
            if plan.tab is not None and cand != plan.cards:
                # Taking tableau cards in another order could leave other piles; check
                # the canonical order, as `apply` of this text would.
                plan = self.check_play(seat, plan.cards, ctx)
            moves[text] = plan.listed(ctx)

    def _play_candidates(self, seat: int) -> list[list[str]]:
        cards = self.accessible(seat)
        v = self.vector
        cands: list[list[str]] = []
        by_face: dict[str, list[str]] = {}
        by_key: dict[str, list[str]] = {}
        for c in sort_for(cards, v):
            by_face.setdefault(rank(c), []).append(c)
            if not is_aargh(c):
                by_key.setdefault(match_key(c, v), []).append(c)
        tableau = not self.hands[seat]
        for group in by_face.values():
            if tableau and len(group) > 1:
                # Open tableau cards of one face lie on different piles, and which piles
                # are emptied matters (what lies beneath, which row opens next): offer each.
                cands += _tableau_choices(group)
                continue
            cands.append(group[:1])
            if len(group) > 1:
                cands.append(group)
        cands += [g for g in by_key.values() if len({rank(c) for c in g}) > 1]
        cands += straights_in([c for c in cards if not is_aargh(c)], v)
        fluid = self._fluid_play(seat)
        if fluid:
            cands.append(fluid)
        return cands

    def _fluid_play(self, seat: int) -> list[str] | None:
        """The whole hand run on into matching open tableau cards, when that is possible."""
        hand = self.hands[seat]
        if not hand or self.draw or not is_match(list(hand), self.vector):
            return None
        key = match_key(hand[0], self.vector)
        tab = [[list(p) for p in row] for row in self.tabs[seat]]
        extra = []
        while True:
            found = [(r, p, c) for r, p, c in face_up_tops(tab) if not is_aargh(c) and match_key(c, self.vector) == key]
            if not found:
                break
            r, p, c = found[0]
            tab[r][p].pop()
            extra.append(c)
        return list(hand) + extra if extra else None


ALL_SUBSETS_UP_TO = 4  # open cards of one face: every choice of piles up to this many (15 plays)


def _tableau_choices(group: list[str]) -> list[list[str]]:
    """Plays of open tableau cards of one face: every non-empty choice of them while few;
    beyond that each card alone, then the first two, three, ... (the rest parse still)."""
    if len(group) <= ALL_SUBSETS_UP_TO:
        return [list(c) for n in range(1, len(group) + 1) for c in combinations(group, n)]
    return [[c] for c in group] + [group[:n] for n in range(2, len(group) + 1)]
