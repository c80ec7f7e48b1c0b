"""Hickory Dickory decisions: the legal actions of each pending decision and what they do."""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

from engine.core import Action, Event
from engine.hickory_dickory_data import (
    BONUS_FAVORS,
    DATA_ORDER,
    FAVOR_EFFECTS,
    FAVOR_LIMIT,
    MICE,
    QUESTS,
    RELIC_POINTS,
    RELICS,
    STORAGE,
    TOKEN_NAMES,
    WILD,
    data_sorted,
    tile_words,
    tiles_words,
)
from engine.hickory_dickory_notation import (
    END_TURN,
    STAY,
    STAY_AT_12,
    act,
    act_at,
    claim,
    jump_on,
    leap_favor,
    leap_from_12,
    leap_inner,
    move_out,
    off,
    play_favor,
    scamp_to,
    trade,
)
from engine.hickory_dickory_scoring import best_quest, climb, deliver_points, is_item, leaf_value, next_weight

Frame = dict[str, Any]
ICON_FAVORS = ("F1", "F2", "F4", "F5", "F6", "F7", "F8")


def tiles_text(codes: list[str]) -> str:
    return " ".join(c.lower() for c in codes)


def sub_multisets(codes: list[str], size: int | None = None) -> list[list[str]]:
    """Distinct non-empty sub-multisets (of one size, if given), each in data order."""
    counts = Counter(codes)
    keys = data_sorted(list(counts))
    if size == 1:  # the usual cost: one of each kind, already in data order
        return [[k] for k in keys]
    out = []
    for picks in product(*(range(counts[k] + 1) for k in keys)):
        total = sum(picks)
        if total and (size is None or total == size):
            out.append([k for k, n in zip(keys, picks, strict=True) for _ in range(n)])
    return sorted(out, key=lambda c: [DATA_ORDER[x] for x in c])


class ActionsMixin:
    """Legal actions per decision and their effects (mixed into the State)."""

    # -- legal actions --------------------------------------------------------------
    def _frame_actions(self, frame: Frame) -> list[Action]:
        return LEGAL[frame["kind"]](self, frame)

    def _present(self, seat: int, number: int) -> list[str]:
        """The seat's mice at a number, for trading: its spaces, the hand pointing there, thrown mice."""
        mice, thrown = self.mice[seat], self.thrown
        riding = number == self.minute
        out = []
        for m in MICE:
            mouse = mice[m]
            where = mouse.where
            if (
                (mouse.number == number and (where == "inner" or where == "outer"))
                or (riding and where == "hand")
                or (thrown and f"{seat}:{m}" in thrown)
            ):
                out.append(m)
        return out

    def _movable(self, seat: int, mouse: str) -> list[str]:
        """Tiles on a mouse that have not been traded onto it this tick (each tile moves once a tick)."""
        tiles = self.mice[seat][mouse].tiles
        moved = self.moved.get(f"{seat}:{mouse}") if self.moved else None
        if not moved:  # the usual case: nothing traded onto it, every kind of tile it holds may move
            return data_sorted(set(tiles)) if len(tiles) > 1 else list(tiles)
        left = Counter(tiles) - Counter(moved)
        return data_sorted(list(left))

    def _moves(self, seat: int, number: int, sources: list[str] | None = None) -> list[Action]:
        present = self._present(seat, number)
        if not present or (sources is None and len(present) < 2):  # nobody to trade with
            return []
        mice = self.mice[seat]
        out = []
        for a in sources if sources is not None else present:
            to = [b for b in present if b != a and len(mice[b].tiles) < STORAGE[b]]
            if not to or not mice[a].tiles:
                continue
            for t in self._movable(seat, a):
                for b in to:
                    out.append(trade(t, a, b))
        return out

    def _offs(self, seat: int, mouse: str, numbers: list[int]) -> list[Action]:
        paws = self.paws
        return [off(n) for n in dict.fromkeys(numbers) if n not in paws]

    def _legal_activate(self, f: Frame) -> list[Action]:
        seat, mouse = f["seat"], f["mouse"]
        out = [STAY]
        ahead = self._ahead(self.minute, 2) if mouse == "scurrier" else []
        out += self._offs(seat, mouse, [self.minute, *ahead])
        if "F3" in self.favors[seat]:
            for n in self._ahead(self.minute, 3):
                out.append(leap_favor(n))
        return out + self._moves(seat, self.minute)

    def _legal_inner(self, f: Frame) -> list[Action]:
        seat = f["seat"]
        out = []
        for m in self._waiting_inner(seat):
            out.append(move_out(m, self.minute))
            out.append(jump_on(m))
            if "F3" in self.favors[seat]:
                for n in self._ahead(self.minute, 3):
                    out.append(leap_inner(m, n))
        return out + self._moves(seat, self.minute)

    def _legal_bumped(self, f: Frame) -> list[Action]:
        back = self.minute - 1 or 12
        while back in self.paws:
            back = back - 1 or 12
        ahead = self._ahead(self.minute, 2) if f["mouse"] == "scurrier" else []
        return self._offs(f["seat"], f["mouse"], [self.minute, back, *ahead])

    def _legal_entry(self, f: Frame) -> list[Action]:
        seat, n = f["seat"], f["number"]
        out = []
        if not f["acted"]:
            if not f["claimed"] and self.leaf[n - 1] is not None:
                out.append(claim(self.leaf[n - 1]))
            if self._can_act(seat, f["mouse"], n):
                out.append(act_at(n, self.tokens[n - 1]))
            icons = [x for x in self.favors[seat] if x in ICON_FAVORS]
            for fav in data_sorted(set(icons)) if icons else ():
                if self._favor_possible(seat, f["mouse"], fav):
                    out.append(play_favor(fav))
        out.append(END_TURN)
        return out + self._moves(seat, n)

    def _entry_open(self, f: Frame) -> bool:
        """Whether an entry offers a claim, its action or a favor (done and trades do not count)."""
        if f["acted"]:
            return False
        seat, mouse, n = f["seat"], f["mouse"], f["number"]
        if not f["claimed"] and self.leaf[n - 1] is not None:
            return True
        if self._can_act(seat, mouse, n):
            return True
        return any(x in ICON_FAVORS and self._favor_possible(seat, mouse, x) for x in self.favors[seat])

    def _payment(self, seat: int, mouse: str) -> list[str]:
        bonus = [x for x in self.favors[seat] if x in BONUS_FAVORS]
        return self.mice[seat][mouse].tiles + bonus

    def _market_open(self) -> bool:
        return self.wilds > 0 or any(t is not None for t in self.bin)

    def _can_act(self, seat: int, mouse: str, n: int) -> bool:
        token = self.tokens[n - 1]
        pay = len(self._payment(seat, mouse))
        if token == "scamp":
            return pay >= 1
        if token == "market":
            return pay >= 1 and self._market_open()
        if token == "search1":
            return bool(self.bag)
        if token == "favor":
            return bool(self.favor_deck or self.favor_discard)
        if token == "deliver":  # a bonus favor alone is an item to deliver too
            return any(is_item(t) or t in BONUS_FAVORS for t in self._payment(seat, mouse))
        return True  # climbs and the cuckoo

    def _favor_possible(self, seat: int, mouse: str, fav: str) -> bool:
        effect = FAVOR_EFFECTS[fav][0]
        if effect == "search":
            return bool(self.bag)
        if effect == "market":
            return self._market_open()
        if effect == "throw":
            return bool(self._throwable(seat, mouse))
        return True

    def _throwable(self, seat: int, mouse: str) -> list[str]:
        return [
            m
            for m in MICE
            if m != mouse and self.mice[seat][m].where not in ("out", "unplaced") and f"{seat}:{m}" not in self.thrown
        ]

    def _legal_spend(self, f: Frame) -> list[Action]:
        follow = {"market": self._market_open(), "search2": bool(self.bag)}.get(f["then"], True)
        if not follow:  # nothing to buy: an optional cost is skipped by itself
            return []
        out = [
            act(f"spend {tiles_text(c)}", f"Spend {tiles_words(c)}", verb="spend", cards=c)
            for c in sub_multisets(self._payment(f["seat"], f["mouse"]), f["cost"])
        ]
        if out and f["optional"]:
            out.append(act("done", "Pay nothing and skip it", verb="done"))
        return out

    def _legal_market(self, f: Frame) -> list[Action]:
        tiles = [t for t in self.bin if t is not None]
        picks = sub_multisets(tiles, 2) if len(tiles) >= 2 else [[t] for t in dict.fromkeys(tiles)]
        out = [
            act(f"market {tiles_text(c)}", f"Take {tiles_words(c)} from the bin", verb="market", cards=c) for c in picks
        ]
        if self.wilds:
            out.append(act("market w", "Take a wild tile", verb="market", cards=[WILD]))
        return out

    def _legal_return(self, f: Frame) -> list[Action]:
        return [
            act(f"return {t.lower()}", f"Return the {tile_words(t)} to the bag", verb="return", tile=t)
            for t in data_sorted(list(set(f["drawn"])))
        ]

    def _legal_deliver(self, f: Frame) -> list[Action]:
        seat = f["seat"]
        goods = [t for t in self._payment(seat, f["mouse"]) if is_item(t) or t in BONUS_FAVORS]
        return [
            act(
                f"deliver {tiles_text(c)}",
                f"Deliver {tiles_words(c)} ({deliver_points(c)} points)",
                verb="deliver",
                cards=c,
            )
            for c in sub_multisets(goods)
        ]

    def _legal_wild(self, f: Frame) -> list[Action]:
        seat = f["seat"]
        empty = [self.spaces(seat)[i] for i, x in enumerate(self.filled[seat]) if x is None]
        return [
            act(f"wild {c.lower()}", f"Put the wild on the {tile_words(c)} space", verb="wild", tile=c)
            for c in data_sorted(list(set(empty)))
        ]

    def _legal_leap(self, f: Frame) -> list[Action]:
        out = [leap_from_12(n) for n in (1, 2, 3) if n not in self.paws]
        return [*out, STAY_AT_12]

    def _legal_scamp(self, f: Frame) -> list[Action]:
        return [scamp_to(n) for n in range(1, 13) if n not in self.paws]

    def _legal_throw(self, f: Frame) -> list[Action]:
        return [
            act(f"throw {m}", f"Throw to the {m.title()}", verb="throw", mouse=m)
            for m in self._throwable(f["seat"], f["mouse"])
        ]

    def _legal_discard(self, f: Frame) -> list[Action]:
        return [
            act(f"discard {x.lower()}", f"Discard favor {x}", verb="discard", favor=x)
            for x in data_sorted(list(set(self.favors[f["seat"]])))
        ]

    def _legal_overflow(self, f: Frame) -> list[Action]:
        seat = f["seat"]
        over = [m for m in MICE if len(self.mice[seat][m].tiles) > STORAGE[m]]
        out = []
        for m in over:
            for t in data_sorted(list(set(self.mice[seat][m].tiles))):
                out.append(
                    act(
                        f"drop {t.lower()} {m}",
                        f"Return the {tile_words(t)} from the {m.title()}",
                        verb="drop",
                        tile=t,
                        mouse=m,
                    )
                )
        return out + self._moves(seat, f["number"], over)

    def _legal_place(self, f: Frame) -> list[Action]:
        seat = f["seat"]
        out = []
        for m in ("scurrier", "scavenger", "spotter"):
            if self.mice[seat][m].where == "unplaced":
                for n in self._place_numbers(seat):
                    out.append(act(f"place {m} {n}", f"Place the {m.title()} at {n}", verb="place", mouse=m, number=n))
        return out

    # -- effects ------------------------------------------------------------------------
    def _return_tile(self, code: str) -> None:
        """Tiles go back where they live: wilds to the web, bonus favors to the discard, the rest
        to a random place in the bag."""
        if code == WILD:
            self.wilds += 1
        elif code in BONUS_FAVORS:
            self.favor_discard.append(code)
        else:
            self.bag.insert(self.rng.randrange(len(self.bag) + 1), code)

    def _gain(self, seat: int, mouse: str, codes: list[str], number: int) -> None:
        self.mice[seat][mouse].tiles.extend(codes)
        if self._overfull(seat):
            top = self.stack[-1] if self.stack else None
            if not (top and top["kind"] == "overflow" and top["seat"] == seat):
                self._push({"kind": "overflow", "seat": seat, "mouse": mouse, "number": number})

    def _overfull(self, seat: int) -> bool:
        return any(len(self.mice[seat][m].tiles) > STORAGE[m] for m in MICE)

    def _pay(self, seat: int, mouse: str, codes: list[str]) -> None:
        for c in codes:
            if c in BONUS_FAVORS:
                self.favors[seat].remove(c)
            else:
                self.mice[seat][mouse].tiles.remove(c)
            self._return_tile(c)

    def _draw_favor(self, seat: int, events: list[Event]) -> None:
        if not self.favor_deck:
            self.favor_deck, self.favor_discard = self.favor_discard, []
            self.rng.shuffle(self.favor_deck)
        if not self.favor_deck:
            return
        self.favors[seat].append(self.favor_deck.pop())
        self._log("favor", seat, None, "draw")  # which favor stays the drawer's secret
        events.append(Event("favor", f"{{p{seat}}} draws a favor card.", {"seat": seat}))
        if len(self.favors[seat]) > FAVOR_LIMIT:
            top = self.stack[-1] if self.stack else None
            if not (top and top["kind"] == "discard" and top["seat"] == seat):
                self._push({"kind": "discard", "seat": seat, "mouse": None, "number": None})

    def _climb(self, seat: int, steps: int, events: list[Event]) -> None:
        occupied = {p for s, p in enumerate(self.scaler) if s != seat and p > 0}
        pos, points, leaf = climb(self.scaler[seat], steps, occupied)
        if leaf:
            points += leaf_value(self.weight)
            self.weight = next_weight(self.weight)
        self._log("climb", seat, self.scaler[seat], pos, leaf)
        self.scaler[seat] = pos
        self.scores[seat] += points
        self._log("score", seat, points)
        where = "reaches the leaf" if leaf else f"climbs to {pos}"
        events.append(
            Event("climb", f"{{p{seat}}}'s Scaler {where} (+{points}).", {"seat": seat, "points": points, "leaf": leaf})
        )

    def _search(self, seat: int, mouse: str, x: int, number: int, events: list[Event]) -> None:
        want = x + 1 if mouse == "spotter" else x
        drawn = [self.bag.pop() for _ in range(min(want, len(self.bag)))]
        events.append(Event("search", f"{self._name(seat, mouse)} draws {len(drawn)} from the bag.", {"seat": seat}))
        if mouse == "spotter" and len(drawn) > x:
            self._push({"kind": "return", "seat": seat, "mouse": mouse, "number": number, "drawn": drawn})
        else:
            self._log("take", seat, mouse, "bag", drawn, len(drawn))
            self._gain(seat, mouse, drawn, number)

    def _deliver(self, seat: int, mouse: str, codes: list[str], events: list[Event]) -> None:
        points = deliver_points(codes)
        self._take_away(seat, mouse, codes)
        q = best_quest(self.quests, codes)
        quest_text = ""
        if q is not None:
            quest = self.quests[q]
            points += QUESTS[quest][1]
            self.quest_discard.append(quest)
            self.quests[q] = None
            quest_text = f" and completes quest {quest}"
        self.scores[seat] += points
        spaces, filled = self.spaces(seat), self.filled[seat]
        placed, back = [], []
        for c in codes:
            if c in BONUS_FAVORS:
                self.favor_discard.append(c)
            elif c == WILD:
                continue
            elif any(s == c and filled[i] is None for i, s in enumerate(spaces)):
                i = next(i for i, s in enumerate(spaces) if s == c and filled[i] is None)
                filled[i] = c
                placed.append(i)
            else:
                back.append(c)
                self._return_tile(c)
        self._log("deliver", seat, mouse, codes, points, quest_text.split()[-1] if quest_text else None, placed, back)
        self._log("score", seat, points)
        wilds = codes.count(WILD)
        if wilds:
            self._push({"kind": "wild", "seat": seat, "mouse": mouse, "number": None, "count": wilds})
        events.append(
            Event(
                "deliver",
                f"{self._name(seat, mouse)} delivers {' '.join(codes)} for {points}{quest_text}.",
                {"seat": seat, "points": points, "quest": quest_text.split()[-1] if quest_text else None},
            )
        )

    def _take_away(self, seat: int, mouse: str, codes: list[str]) -> None:
        for c in codes:
            if c in BONUS_FAVORS:
                self.favors[seat].remove(c)
            else:
                self.mice[seat][mouse].tiles.remove(c)

    def _cuckoo(self, seat: int, mouse: str, events: list[Event]) -> None:
        self._push({"kind": "leap", "seat": seat, "mouse": mouse, "number": 12})
        tiles = self.mice[seat][mouse].tiles
        relics = [t for t in tiles if t in RELICS]
        for r in relics:
            tiles.remove(r)
            self.returned.append(r)
            self.scores[seat] += RELIC_POINTS
            self._log("relic", seat, mouse, [r])
            self._log("score", seat, RELIC_POINTS)
            events.append(Event("relic", f"{{p{seat}}} returns the {r.lower()} to Lord Cuckoo (+5).", {"seat": seat}))
            self._draw_favor(seat, events)

    # -- applying a chosen action ---------------------------------------------------------
    def _resolve(self, seat: int, action: Action, events: list[Event]) -> None:
        frame = self.stack[-1]
        p = action.parts
        verb = p["verb"]
        if verb == "move":
            self._trade(seat, p["tile"], p["mouse"], p["to"])
            events.append(Event("move", f"{{p{seat}}} moves {p['tile']} to the {p['to'].title()}.", {"seat": seat}))
            return
        DO[frame["kind"]](self, frame, p, events)

    def _trade(self, seat: int, tile: str, a: str, b: str) -> None:
        self._log("trade", seat, tile, a, b)
        self.mice[seat][a].tiles.remove(tile)
        self.mice[seat][b].tiles.append(tile)
        self.moved.setdefault(f"{seat}:{b}", []).append(tile)

    def _do_activate(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        self.stack.pop()
        seat, mouse = f["seat"], f["mouse"]
        if p["verb"] == "stay":
            events.append(Event("stay", f"{self._name(seat, mouse)} stays on the minute hand.", {"seat": seat}))
            return
        if p["verb"] == "leap":
            self._spend_favor(seat, "F3")
        self._enter(seat, mouse, p["number"], events)

    def _do_inner(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        self.stack.pop()
        seat, mouse = f["seat"], p["mouse"]
        self.activated.append(f"{seat}:{mouse}")
        if p["verb"] == "on":
            self._jump_on(seat, mouse, events)
            return
        if p["verb"] == "leap":
            self._spend_favor(seat, "F3")
        self._enter(seat, mouse, p.get("number", self.minute), events)

    def _do_bumped(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        self.stack.pop()
        self._enter(f["seat"], f["mouse"], p["number"], events)

    def _spend_favor(self, seat: int, fav: str) -> None:
        self._log("favor", seat, fav, "play")  # played face up: its id is public
        self.favors[seat].remove(fav)
        self.favor_discard.append(fav)

    def _do_entry(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        seat, mouse, n = f["seat"], f["mouse"], f["number"]
        verb = p["verb"]
        if verb == "done":
            self.stack.pop()
            events.append(Event("done", f"{self._name(seat, mouse)} is done at {n}.", {"seat": seat}))
        elif verb == "claim":
            f["claimed"] = True
            tile, self.leaf[n - 1] = self.leaf[n - 1], None
            self._log("leaf", seat, mouse, n, tile)
            events.append(Event("claim", f"{self._name(seat, mouse)} claims {tile}.", {"seat": seat, "tile": tile}))
            self._gain(seat, mouse, [tile], n)
        elif verb == "act":
            self.stack.pop()
            events.append(
                Event(
                    "act", f"{self._name(seat, mouse)} takes the action at {n}: {TOKEN_NAMES[self.tokens[n - 1]]}.", {}
                )
            )
            self._action(seat, mouse, n, events)
        else:
            self._play_favor(f, p["favor"], events)

    def _action(self, seat: int, mouse: str, n: int, events: list[Event]) -> None:
        token = self.tokens[n - 1]
        base = {"seat": seat, "mouse": mouse, "number": n}
        if token in ("scamp", "market"):
            self._push({**base, "kind": token})
            self._push({**base, "kind": "spend", "cost": 1, "optional": False, "then": None})
        elif token == "climb3":
            self._climb(seat, 3, events)
        elif token == "search1":
            self._search(seat, mouse, 1, n, events)
        elif token == "favor":
            self._draw_favor(seat, events)
        elif token == "deliver":
            self._push({**base, "kind": "deliver"})
        elif token == "climb2market":
            self._push({**base, "kind": "spend", "cost": 2, "optional": True, "then": "market"})
            self._climb(seat, 2, events)
        elif token == "climb1search2":
            self._push({**base, "kind": "spend", "cost": 1, "optional": True, "then": "search2"})
            self._climb(seat, 1, events)
        else:
            self._cuckoo(seat, mouse, events)

    def _play_favor(self, f: Frame, fav: str, events: list[Event]) -> None:
        seat, mouse, n = f["seat"], f["mouse"], f["number"]
        self._spend_favor(seat, fav)
        effect, x = FAVOR_EFFECTS[fav]
        events.append(Event("play_favor", f"{{p{seat}}} plays favor {fav} ({effect}).", {"seat": seat, "favor": fav}))
        base = {"seat": seat, "mouse": mouse, "number": n}
        if effect == "climb":
            self._climb(seat, x, events)
        elif effect == "search":
            self._search(seat, mouse, x, n, events)
        else:
            self._push({**base, "kind": effect})

    def _do_spend(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        self.stack.pop()
        seat, mouse, n = f["seat"], f["mouse"], f["number"]
        if p["verb"] == "done":
            events.append(Event("skip", f"{{p{seat}}} spends nothing.", {"seat": seat}))
            return
        self._log("spend", seat, mouse, list(p["cards"]))
        self._pay(seat, mouse, p["cards"])
        events.append(Event("spend", f"{{p{seat}}} spends {' '.join(p['cards'])}.", {"seat": seat}))
        if f["then"] == "market":
            if self._market_open():
                self._push({"kind": "market", "seat": seat, "mouse": mouse, "number": n})
        elif f["then"] == "search2":
            self._search(seat, mouse, 2, n, events)

    def _do_market(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        self.stack.pop()
        seat, mouse = f["seat"], f["mouse"]
        codes = list(p["cards"])
        self._log("take", seat, mouse, "web" if codes == [WILD] else "market", codes, len(codes))
        if codes == [WILD]:
            self.wilds -= 1
        else:
            for c in codes:
                self.bin[self.bin.index(c)] = None
        events.append(
            Event("market", f"{self._name(seat, mouse)} takes {' '.join(codes)} at the market.", {"seat": seat})
        )
        self._gain(seat, mouse, codes, f["number"])

    def _do_return(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        self.stack.pop()
        drawn = list(f["drawn"])
        drawn.remove(p["tile"])
        self._log("take", f["seat"], f["mouse"], "bag", list(drawn), len(drawn) + 1)  # the tile put back unnamed
        self._return_tile(p["tile"])
        events.append(Event("return", f"{{p{f['seat']}}}'s Spotter keeps {' '.join(drawn)}.", {"seat": f["seat"]}))
        self._gain(f["seat"], f["mouse"], drawn, f["number"])

    def _do_deliver(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        self.stack.pop()
        self._deliver(f["seat"], f["mouse"], list(p["cards"]), events)

    def _do_wild(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        seat = f["seat"]
        spaces, filled = self.spaces(seat), self.filled[seat]
        i = next(i for i, s in enumerate(spaces) if s == p["tile"] and filled[i] is None)
        filled[i] = WILD
        self._log("wild", seat, i)
        f["count"] -= 1
        events.append(Event("wild", f"{{p{seat}}} puts a wild on the {p['tile']} space.", {"seat": seat}))

    def _do_leap(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        self.stack.pop()
        if p["verb"] == "leap":
            self._enter(f["seat"], f["mouse"], p["number"], events)
        else:
            events.append(Event("stay", f"{self._name(f['seat'], f['mouse'])} stays at the 12.", {}))

    def _do_scamp(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        self.stack.pop()
        seat = f["seat"]
        # The Scamp leaves wherever it was: any entry it still had open there is over.
        self.stack = [
            x for x in self.stack if not (x["kind"] == "entry" and x["seat"] == seat and x["mouse"] == "scamp")
        ]
        self._enter(seat, "scamp", p["number"], events)

    def _do_throw(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        self.stack.pop()
        self.thrown.append(f"{f['seat']}:{p['mouse']}")
        events.append(Event("throw", f"{{p{f['seat']}}} throws to the {p['mouse'].title()}.", {"seat": f["seat"]}))

    def _do_discard(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        self.favors[f["seat"]].remove(p["favor"])
        self.favor_discard.append(p["favor"])
        self._log("favor", f["seat"], None, "discard")  # discarded face down
        events.append(Event("discard", f"{{p{f['seat']}}} discards a favor card.", {"seat": f["seat"]}))

    def _do_overflow(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        seat = f["seat"]
        self.mice[seat][p["mouse"]].tiles.remove(p["tile"])
        self._log("drop", seat, p["mouse"], [p["tile"]])
        self._return_tile(p["tile"])
        events.append(Event("drop", f"{{p{seat}}} returns {p['tile']} (no room).", {"seat": seat}))

    def _do_place(self, f: Frame, p: dict[str, Any], events: list[Event]) -> None:
        self.stack.pop()
        seat, mouse = f["seat"], p["mouse"]
        self._log_move(seat, mouse, "inner", p["number"])
        self.mice[seat][mouse].where, self.mice[seat][mouse].number = "inner", p["number"]
        events.append(Event("place", f"{self._name(seat, mouse)} starts at {p['number']}.", {"seat": seat}))


# Decision kind -> its menu, and -> what a chosen action does (a lookup, not a getattr per call).
LEGAL = {k.removeprefix("_legal_"): v for k, v in vars(ActionsMixin).items() if k.startswith("_legal_")}
DO = {k.removeprefix("_do_"): v for k, v in vars(ActionsMixin).items() if k.startswith("_do_")}
