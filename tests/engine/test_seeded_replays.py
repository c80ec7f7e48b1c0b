"""Seeded random games of the speed-tuned engines replay exactly as they did before tuning.

Klondike, FreeCell, Moleicki, Hickory Dickory, Hand and Foot, Bourré and Escoba have hand-tuned hot
paths (legal moves, apply, the game-over checks). Speed work must not change a rule, a
notation, an event's text, a view or the course of a seeded game, so each case plays a
seeded game of random legal moves and digests everything a player or the store could
see along the way: every menu (text, label, parts), every event, the views after every
move and the final dump. The digests were taken from the engines before the speed work; a change to any
of those outputs changes a digest. A deliberate rules or view change retakes the digests of its
game in the same commit, and says which (Bourré's `staked` view key, checked to be the only
difference; Hand and Foot's pickups and card codes, then a new hand's deal told before its
red 3s; Hickory Dickory's bonus-favor delivery and
sorted Spotter hand, then its menus naming tiles in words, checked to be the only
difference; Moleicki's `hand_sizes` and `hand_no` keys and its tableau's choice of
piles, then its moves' `parts`, each checked to be the only difference; Escoba's end-of-hand line naming what scored,
checked against the old engine with that line's text left out).
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from engine import GAMES, IllegalAction

STEPS = 250
# Games whose seeded games run longer: Hand and Foot plays its whole match (four hands, about
# 1,100 moves), so the scoring of a hand and the next deal are digested too.
# Bourré and Escoba play their whole match too (a few hundred moves).
LONG_STEPS = {"hand_and_foot": 1500, "bourre": 1500, "escoba": 1500}

# (game, seats, options, seed) -> SHA-256 of the game's transcript, see `transcript`.
EXPECTED = {
    ("klondike", 1, "draw=1", 0): "fb888f186bf2de6954e03686d050d3aca1ee9105955512655fc77aed6c138bee",
    ("klondike", 1, "draw=1", 1): "80a79d3d5fab2b2c8e6a51525391b5953d4016d6eead1eafb18e43d9eaba3ce8",
    ("klondike", 1, "draw=1", 2): "a1469a504b10e576e1d8d43bab8805b26a22a0d7278c5d27d05c9b86d880d070",
    ("klondike", 1, "draw=3,passes=3", 0): "be36ec8dfa105cb0095a62f84974c9a37cbe2bc0cb548d56e6904cc646dfe08c",
    ("klondike", 1, "draw=3,passes=3", 1): "a348b04ffc6ef55164cb8b773557fa37c93c8c2b498895ff62012da201773a5d",
    ("klondike", 1, "draw=3,passes=3", 2): "9328ad0dfa14d9cc6eb474a0a552aa023688b17440b520a773c20b3e4d035b97",
    ("klondike", 1, "draw=1,passes=1", 0): "bb90823dbd305788097d1b12263152275c68fc4731610b34dee6e99a2ca2fc79",
    ("klondike", 1, "draw=1,passes=1", 1): "85fe8f3dc6b650541d4867126e10cff1013d1b878bb793637d83b3a86fcdfb8c",
    ("klondike", 1, "draw=1,passes=1", 2): "31c0b08729ae22c8d9dbcb4df2998256f5aeebbcd69e1738cd9ba020d6125c54",
    ("freecell", 1, "", 0): "da11f666c05fb8f7c251dfc98424fcd03ad1a67af433904336f58c1f97190c64",
    ("freecell", 1, "", 1): "5dafef41fc3d2d8dc620ea52757f6b052b1d650a139fac84c030adaed645ca42",
    ("freecell", 1, "deal=1464", 0): "7787e5500cf0c855ad4cc1e1f60e3a4a9424bf10fd1386b6d8c14d41d7b0ccfe",
    ("freecell", 1, "deal=1464", 1): "fdee743205ebb4e94465d4b69dc20bf9178d0cef086c3249dfc401f3bccabad6",
    ("freecell", 1, "deal=11982", 0): "053efa9e595f5e125537e0f595130f57e78139569508119b52d272586b704686",
    ("freecell", 1, "deal=11982", 1): "841d99d8465bc1b7f15ecf9a069777475d3237c730f7c1ef1ee534e2be1968fe",
    ("moleicki", 2, "", 0): "7212471ca02fe07c49b03112666f6a0b18e15024ccba145761125c972058a4ff",
    ("moleicki", 2, "", 1): "ec0d0d7e3f328a9ed9eebe86762db63388c764842d424853996d9bb3ba4ae49f",
    ("moleicki", 2, "", 2): "803676113ab5597c0107b05cedc0d21b20dd2d5de72755f520b3894fa986a49c",
    ("moleicki", 3, "", 0): "66b1224416aa0560590a37cfbed043e8074dded489f99c7a69c5a1d36da73d64",
    ("moleicki", 3, "", 1): "10e38dc8379c38294b5eb364deae1c58208c64e2c3611d14674ef11f5202168c",
    ("moleicki", 3, "", 2): "b1ea94ed3f5e9e71e2be74242e9530aae13da7ef604eb3a20eaadc3edc7b2504",
    ("moleicki", 4, "", 0): "ae48afc5bc782a1bd5c9c35f95dfc87597e7a276bdad14af2a6ea505eda19325",
    ("moleicki", 4, "", 1): "1c72b766764a6a9a0d42172192e5aa4ec191289d31886c3bca1b02d816d34905",
    ("moleicki", 4, "", 2): "fe33db39489c8c91360436525dad279ba2c8fea7a7c34fc3aba3133598074b6c",
    ("moleicki", 5, "", 0): "3f15389a66dd2ef129ba5e3018377179c2565b5d5da2fef602ac671e40a205cd",
    ("moleicki", 5, "", 1): "921dfb75a63254feca34e055df1d4ee94880c57dd9b56d934b9590c0efe7b1aa",
    ("moleicki", 5, "", 2): "84b9f8670e38089913cc4adc32d179fa5b988e4a1c02348dcdb20356f03fabab",
    ("moleicki", 6, "", 0): "162ac02e0f5fac5627dd1f7e80f0d4eb9f4bd41e1727e297ef448212d7dc1968",
    ("moleicki", 6, "", 1): "6880cfc6d5a1fa2292b9088a09b970d061d453ce0aeb517cad8aa223ad7ccbb5",
    ("moleicki", 6, "", 2): "0b9e8e247bafe7b8c0bbd7bb649cdef5170c041e5ea029d41abb36142b214a9b",
    ("moleicki", 7, "", 0): "53b4cc12f09079e0bfb83e651555bb33ac5a08b26f2ff3dcc1213999a16d498d",
    ("moleicki", 7, "", 1): "19f67a7eae646630f41be38875c51b118eaea755100b1f5fd7f289cbf353596f",
    ("moleicki", 7, "", 2): "4201e25b945bc147454820777eefd7c928f12c664d9769ff6f597f6a51bf8f84",
    ("moleicki", 8, "", 0): "a70772a08088dd55b38c921ff2ac4443e314a7d072efa5b7794278d126728330",
    ("moleicki", 8, "", 1): "890c48d78ec9cfa1152859cdc820a126820749d3f6d11d7750d6c56a3e1f2a84",
    ("moleicki", 8, "", 2): "9d09c95d64dc5b6e7243c1e4e75db09981f34fb6bda32ece42d6a407dcab89d9",
    ("moleicki", 3, "krzywicka=1,jokers=0", 3): "0de9ce3fe8dbf180b3e5ffc9ca8df540a8af4b019cf92a4311a1cc6280eb9fe1",
    ("moleicki", 5, "decks=3,quarters=0", 4): "f6e322feea904aa8f251ef311c900397d69e573231e5a09cdf7cc51ddf009fe8",
    ("hickory_dickory", 1, "", 0): "71dd5008157ad8e685aa29f5ad77b309f8366173739010399aa79931cdd9e9b3",
    ("hickory_dickory", 1, "", 1): "7c2f4c29f0f29d8f08b3f3401e35b725ad072d9a7648c59eabbb16d2e0b4e599",
    ("hickory_dickory", 1, "", 2): "b1729ef54206ebaa09ea5f86b7b483dc4f7024b895c8523f136bbfc9200b1290",
    ("hickory_dickory", 2, "", 0): "ba7ff4d0e5245025e79cb0e07649e523268ccad22bfffacb55b2139724caf8b7",
    ("hickory_dickory", 2, "", 1): "ff80f84cc7fd6d6123e52b4e90d860adedef7f9641dde750a9856c3962e95fc3",
    ("hickory_dickory", 2, "", 2): "e0437313ff780206c6c86f790cdc29aa635a0638f9698cd6c10b098a8ea2982f",
    ("hickory_dickory", 3, "", 0): "589c43dd8c5e13eb7e7220370f07a54fbd1df9253c87e40f18dd3b24e020f35b",
    ("hickory_dickory", 3, "", 1): "584459718097af89da5cbccbb6a7c02ad142fd640f983e14b43cda1345bc5c83",
    ("hickory_dickory", 3, "", 2): "dda3564c5c0791b0f2ad6cd7ce2bcbb347262843bb30e6a8ac7930a5f95029a2",
    ("hickory_dickory", 4, "", 0): "5e4b9e3d02b52daef605b863bebc67c471a7babb5a80951b2685c1debb13cf4d",
    ("hickory_dickory", 4, "", 1): "935b64af7a09a2a3e3518e73ebfa18634b102297202f0c1e480d1a92c86b69eb",
    ("hickory_dickory", 4, "", 2): "a12a6455863f32e77cbc97acb6a71dbd6a9a6aa71af50b7d129d6daf5d1077da",
    ("hickory_dickory", 2, "layout=learning", 3): "d74e998d3ca6443a1d536deda894f884745c61bb5dd066ebadd071f501787b11",
    ("hickory_dickory", 3, "start=choose", 4): "99016be4bf7794602f9f99ab8425a6062c5ddf4b73fe2d613006c9283bb70620",
    ("hickory_dickory", 1, "layout=learning", 5): "eb1c08504e73319a249a4a081721f9863a1969a2f62afcc8177e682c2e8cdab5",
    ("hickory_dickory", 1, "start=choose", 6): "62eabe3db14513316c82b27180986cae6ee20029458d87f299fd36728d6a710e",
    ("hand_and_foot", 4, "", 0): "8ac01f31b2a8bc7a737dde3a082dad38a3c9ea7830b5dd7405da91bb0a5c0140",
    ("hand_and_foot", 4, "", 1): "ec7c83f8542a3a35f35c588011168222ea1dab7292cde9f9eaeee2a9924bfb11",
    ("hand_and_foot", 4, "", 2): "f2c8ce5828135941a1dcb1850cb31584df1750b0ada587a3c5e514d053947b4c",
    ("hand_and_foot", 4, "", 3): "76752a23f796259da4c48c548c2808588b5d2920227cfea1f607d44d7e1c579f",
    ("hand_and_foot", 4, "hands=1", 4): "15325be8cd938ae40277cb1f41aa060e0086b8b82b32104a35bb8d63c84fadf0",
    ("hand_and_foot", 4, "hands=2", 5): "18aba5fe1ae0b98ac91c5caf94d5138ad65a43d390e363ff97462f1490bd4781",
    ("bourre", 2, "", 0): "c855c462785bb1343f7caa0df0daa21dd7e49dc4cc897c4d7a002b7dbeba5d5b",
    ("bourre", 2, "", 1): "79b35cc3e0b288674ec930d816e392af5d86e611991a42e8cb8fc3b70003c0e9",
    ("bourre", 2, "", 2): "3c857423cff946e8505abc3daa6ecd3f6dbd30470fd10ab06c3f6a00500371e3",
    ("bourre", 3, "", 0): "a7c208c25195f01288a5b40998b16acecf8d47acd767edb50298de0091739be8",
    ("bourre", 3, "", 1): "ac2464bc644c7d54e8ca2a0670e72adf9d502e523453ceca1bc2a15b931030c4",
    ("bourre", 3, "", 2): "e6964dac1e0dcb6cdd2af084e5cb6a374e25c7e8528559f7b21d23ba4eb20efa",
    ("bourre", 5, "", 0): "248a79e348cc8855b12d3bc4853f17d8b1ca67cde4da9ae2b0611d5bf486444a",
    ("bourre", 5, "", 1): "137995bf17fcbaf771d63ea2505f659fbba72538c456295d710bdd8a2b34f706",
    ("bourre", 5, "", 2): "bc35449eeb455b80dc952c77d7f39937425fd2b6b0f64e8abdab12c7845e9691",
    ("bourre", 8, "", 0): "143e168752e3d43f3c3f47d6ccc97d5a05efb71cbcc023fab11bee356a66daa7",
    ("bourre", 8, "", 1): "f026f2ba349a26c431cbb4f2eeb7c52b6fdc2083202c67376346793da57aa94c",
    ("bourre", 8, "", 2): "126c927fa4630841d905522457ac0163d4461ee4abb8eb2b01026a1903c74e85",
    ("bourre", 4, "ante=5,hands=1", 3): "c89eddb02600e6dc75b30de14cbd4d7494cc752a9558c1cb8422fcc88c0223d5",
    ("bourre", 6, "ante=2,hands=5", 4): "45e805696bac8095faf3f6f0824248eeef16e83620923383abeb42f9821f1132",
    ("escoba", 2, "", 0): "8b630a6dd3f595b43bd4177c13a9b75988aa37b70ce8a34f72c3002554c1510a",
    ("escoba", 2, "", 1): "6f0f1bde101b978774399eaad00ac361950369465249fa7185a5271bc31836d5",
    ("escoba", 2, "", 2): "6e8f1545f065e198a94b755e79f4f10c7700eabe5f330ed43d5ee44c6579f15a",
    ("escoba", 3, "", 0): "3d281e3cb62a3b98361b251c983670dbbb075c62c23efa763391bfbcf002fe37",
    ("escoba", 3, "", 1): "ddc108d05742ba3a30478c49d4e123da7b59b9bb95a31ac9dc6e23e9600afaf0",
    ("escoba", 3, "", 2): "a7af8f6173db699489896e147a09eb42a018ed8dd4e7b6faca6d29c091370f1a",
    ("escoba", 4, "", 0): "7bcd39f874ffa8971b3a3cdd7645dfadb175c6f72716b6733583826dd7298715",
    ("escoba", 4, "", 1): "9d6a6fc73146b1279ee0eb22ddfe76cd4ec92556648ea807894b4a163e93859d",
    ("escoba", 4, "", 2): "456aaf8a3e86fb7b05b0c99875156ed5063af00b5cbfb0ccc36dc43c24ab6fc9",
    ("escoba", 4, "partnerships=off", 3): "62b2ce8a466dd283cac013135a3a0b3d3e6e5ee5078f66ebc0448309540d1352",
    ("escoba", 2, "target=11", 4): "b5dadec31fe8119a2fd5dd1e10c0336cb95c82db1a1e69d7b2cecb0d71abcffe",
}


def transcript(name: str, players: int, options: dict[str, str], seed: int) -> str:
    """A digest of STEPS (or LONG_STEPS) random moves of a seeded game (resign left out so games run on)."""
    state = GAMES[name].new(players, seed=seed, options=options)
    rng = random.Random(seed)
    digest = hashlib.sha256()

    def add(obj: object) -> None:
        digest.update(json.dumps(obj, sort_keys=True, separators=(",", ":")).encode())

    for _ in range(LONG_STEPS.get(name, STEPS)):
        if state.over:
            break
        seat = rng.choice(state.to_move)
        menu = [a for a in state.legal_actions(seat) if a.text != "resign"]
        add([[a.text, a.label, a.parts] for a in menu])
        events = state.apply(seat, rng.choice(menu))
        add([e.to_dict() for e in events])
        add([state.view(s) for s in (None, *range(players))])
    add(state.dump())
    add([state.over, state.to_move])
    if state.over:
        outcome = state.outcome()
        add([outcome.places, outcome.scores, outcome.reason])
    return digest.hexdigest()


def _cases() -> list[tuple[str, int, str, int]]:
    cases = [
        ("klondike", 1, opts, seed) for opts in ("draw=1", "draw=3,passes=3", "draw=1,passes=1") for seed in (0, 1, 2)
    ]
    cases += [("freecell", 1, opts, seed) for opts in ("", "deal=1464", "deal=11982") for seed in (0, 1)]
    cases += [("moleicki", seats, "", seed) for seats in range(2, 9) for seed in (0, 1, 2)]
    cases += [("moleicki", 3, "krzywicka=1,jokers=0", 3), ("moleicki", 5, "decks=3,quarters=0", 4)]
    cases += [("hickory_dickory", seats, "", seed) for seats in range(1, 5) for seed in (0, 1, 2)]
    cases += [("hickory_dickory", 2, "layout=learning", 3), ("hickory_dickory", 3, "start=choose", 4)]
    cases += [("hickory_dickory", 1, "layout=learning", 5), ("hickory_dickory", 1, "start=choose", 6)]
    cases += [("hand_and_foot", 4, "", seed) for seed in (0, 1, 2, 3)]
    cases += [("hand_and_foot", 4, "hands=1", 4), ("hand_and_foot", 4, "hands=2", 5)]
    cases += [("bourre", seats, "", seed) for seats in (2, 3, 5, 8) for seed in (0, 1, 2)]
    cases += [("bourre", 4, "ante=5,hands=1", 3), ("bourre", 6, "ante=2,hands=5", 4)]
    cases += [("escoba", seats, "", seed) for seats in (2, 3, 4) for seed in (0, 1, 2)]
    cases += [("escoba", 4, "partnerships=off", 3), ("escoba", 2, "target=11", 4)]
    return cases


def _options(text: str) -> dict[str, str]:
    return dict(pair.split("=") for pair in text.split(",")) if text else {}


@pytest.mark.parametrize(("name", "players", "options", "seed"), _cases())
def test_seeded_game_replays_exactly(name: str, players: int, options: str, seed: int) -> None:
    assert transcript(name, players, _options(options), seed) == EXPECTED[(name, players, options, seed)]


def _parsed(state: object, seat: int, text: str) -> tuple[str, str, dict] | str:
    try:
        a = state.parse(seat, text)  # type: ignore[attr-defined]
    except IllegalAction as e:
        return str(e)
    return (a.text, a.label, a.parts)


@pytest.mark.parametrize(
    ("name", "players", "seed"),
    [
        ("hickory_dickory", 1, 7),
        ("hickory_dickory", 4, 8),
        ("hand_and_foot", 4, 9),
        ("bourre", 2, 10),
        ("bourre", 8, 11),
        ("escoba", 2, 12),
        ("escoba", 4, 13),
    ],
)
def test_the_remembered_menu_changes_no_parse(name: str, players: int, seed: int) -> None:
    """These engines' parse answers from the menu legal_actions just listed. Each listed text must
    parse to the very same action without it, and after a move the old menu's texts must parse as
    a fresh copy (which remembers no menu) parses them."""
    state = GAMES[name].new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(400 if name == "hand_and_foot" else STEPS):
        if state.over:
            break
        seat = rng.choice(state.to_move)
        menu = state.legal_actions(seat)
        for action in menu:
            assert _parsed(state.copy(), seat, action.text) == (action.text, action.label, action.parts)
        state.apply(seat, rng.choice(menu))
        if seat in state.to_move:
            fresh = state.copy()
            for action in menu:
                assert _parsed(state, seat, action.text) == _parsed(fresh, seat, action.text)
