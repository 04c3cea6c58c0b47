"""The table move stage (rummykit.rules.table_move_stage, its checks in
rummykit.rules.table_checks): one acceptance model for ``meld``, ``layoff``,
``shift`` and ``swap``. Apply and the legal-move listing ask the same
ordered checks; each check says what it reads.

A row: (what it shows, base variant, keys set, the position, the moves, the
verdict of each move: ``ok`` or the refusal code). Every move is also judged
by the stage alone, and the listing must agree with apply.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest
from key_rows import variant_with

import rummykit as rk
from rummykit.core.cards import NATURALS, Card
from rummykit.core.errors import Refusal
from rummykit.core.moves import LayOff, Move, Shift, SwapJoker, parse_seat_move
from rummykit.core.moves import Meld as MeldMove
from rummykit.round.state import RoundState
from rummykit.rules.rule_set import rules_of
from rummykit.rules.table_checks import Forbidden
from rummykit.rules.table_move_stage import MoveChecks, TableMoveChecks
from rummykit.testing import random_playout
from rummykit.variant.model import Variant

OPENED, NOT_OPENED = [True, False], [False, False]
RUN = {"owner": 1, "cards": "7h 8h 9h"}
RUN_JOKER = {"owner": 1, "cards": "7h JK 9h"}
SET_JOKER = {"owner": 1, "cards": "7h 7s JK"}
CONTRACT_RUN = {"owner": 1, "cards": "5h JK 7h 8h"}
CONTRACT_SET = {"owner": 1, "cards": "5s 5d 5c"}
PLAY = {"phase": "play"}
THREE = {"phase": "play", "players": 3}  # contract is played by three or more

Row = tuple[str, str, dict[str, Any], dict[str, Any], list[str], tuple[str, ...]]
ROWS: list[Row] = [
    # meld: melds_during_play, play_phase, not_gone_down, cards_in_hand, meld_forms
    ("a meld before the draw (play_phase)", "rami51", {},
     {"hands": ["7c 8c 9c 2d", "5c 9d"]},
     ["0: meld 7c 8c 9c"], ("turn.wrong-phase",)),
    ("nobody melds or lays off during play (melds_during_play, R-GIN-16)", "gin", {},
     {**PLAY, "hands": ["7c 8c 9c Th 2d", "5c 9d"], "table": [RUN]},
     ["0: meld 7c 8c 9c", "0: layoff 1 Th"], ("turn.wrong-phase", "turn.wrong-phase")),
    ("cards not held (cards_in_hand)", "rami51", {},
     {**PLAY, "hands": ["7c 8c 2d", "5c 9d"]},
     ["0: meld 7c 8c 9c"], ("card.not-in-hand",)),
    ("cards that make no meld (meld_forms)", "rami51", {},
     {**PLAY, "hands": ["7c 8c Td 2d", "5c 9d"]},
     ["0: meld 7c 8c Td"], ("meld.run-suits",)),
    ("a meld stands", "rami51", {},
     {**PLAY, "hands": ["7c 8c 9c 2d", "5c 9d"]},
     ["0: meld 7c 8c 9c"], ("ok",)),
    ("no new meld once gone down, held or not (not_gone_down, R-CON-06)", "contract", {},
     {**THREE, "opened": [True, False, False], "hands": ["7c 7d 7h 2d", "5c 9d", "4c"],
      "table": [CONTRACT_SET]},
     ["0: meld 7c 7d 7h", "0: meld Kc Kd Kh"], ("meld.after-contract", "meld.after-contract")),
    # layoff: play_phase, meld_on_table, layoff_permitted, cards_in_hand, meld_grows
    ("a lay-off onto no meld, opened or not (meld_on_table first)", "rami51", {},
     {**PLAY, "opened": NOT_OPENED, "hands": ["Th 2d", "5c 9d"], "table": [RUN]},
     ["0: layoff 2 Th", "0: layoff 1 Th", "0: layoff 1 Kc"],
     ("layoff.no-such-meld", "layoff.not-opened", "layoff.not-opened")),
    ("a lay-off of cards not held, or that do not fit", "rami51", {},
     {**PLAY, "opened": OPENED, "hands": ["Th Kc 2d", "5c 9d"], "table": [RUN]},
     ["0: layoff 1 Jh", "0: layoff 1 Kc", "0: layoff 1 Th"],
     ("card.not-in-hand", "layoff.does-not-fit", "ok")),
    ("no lay-off in a contract's going-down turn (layoff_permitted, R-CON-06)", "contract", {},
     {**THREE, "opened": [False, True, False], "hands": ["7c 7d 7h Kc Kd Ks 5h 2d", "5c 9d", "4c"],
      "table": [CONTRACT_SET]},
     ["0: layoff 1 5h", "0: meld 7c 7d 7h", "0: meld Kc Kd Ks", "0: layoff 1 5h"],
     ("layoff.not-opened", "ok", "ok", "layoff.not-yet")),
    ("a lay-off after the opening melds of the same turn (R-RAMI-10)", "rami51", {},
     {**PLAY, "opened": NOT_OPENED, "hands": ["Qs Ks As Qd Kd Ad Qc Kc Ac Th 2d", "5c 9d"], "table": [RUN]},
     ["0: layoff 1 Th", "0: meld Qs Ks As", "0: layoff 1 Th", "0: meld Qd Kd Ad", "0: meld Qc Kc Ac",
      "0: layoff 1 Th"],
     ("layoff.not-opened", "ok", "layoff.not-opened", "ok", "ok", "ok")),
    # shift: melds_during_play, shift_allowed, play_phase, meld_on_table, layoff_permitted,
    # cards_in_hand, wild_shifts
    ("no shift without melds.wild_shift, before the meld is looked at (shift_allowed)", "rami51", {},
     {**PLAY, "opened": OPENED, "hands": ["8h 2d", "5c 9d"], "table": [RUN_JOKER]},
     ["0: shift 1 8h JK=Th", "0: shift 5 8h JK=Th"], ("shift.not-allowed", "shift.not-allowed")),
    ("no shift without melds.wild_shift, before the phase (shift_allowed, R-WLD-02)", "rami51", {},
     {"opened": OPENED, "hands": ["8h 2d", "5c 9d"], "table": [RUN_JOKER]},
     ["0: shift 1 8h JK=Th"], ("shift.not-allowed",)),
    ("a shift before going down (layoff_permitted)", "contract", {},
     {**THREE, "opened": [False, True, False], "hands": ["6h 2d", "5c 9d", "4c"], "table": [CONTRACT_RUN]},
     ["0: shift 2 6h JK=9h", "0: shift 1 6h JK=9h"], ("layoff.no-such-meld", "layoff.not-opened")),
    ("a shift's card, its joker and its open end (cards_in_hand, wild_shifts, R-CON-08)", "contract", {},
     {**THREE, "opened": [True, True, False], "hands": ["6h 6d 2d", "5c 9d", "4c"], "table": [CONTRACT_RUN]},
     ["0: shift 1 6c JK=9h", "0: shift 1 6d JK=9h", "0: shift 1 6h JK=Th", "0: shift 1 6h JK=9h"],
     ("card.not-in-hand", "shift.no-wild", "shift.no-room", "ok")),
    # swap: melds_during_play, swap_allowed, play_phase, meld_on_table, swap_permitted, cards_in_hand,
    # joker_on_meld, joker_swaps_out
    ("no swap without swap.allowed, before the meld is looked at (swap_allowed)", "rummy500", {},
     {**PLAY, "opened": OPENED, "hands": ["8h 2d", "5c 9d"], "table": [RUN_JOKER]},
     ["0: swap 1 8h", "0: swap 5 8h"], ("swap.not-allowed", "swap.not-allowed")),
    ("no swap without swap.allowed, before the phase (swap_allowed, R-WLD-02)", "rummy500", {},
     {"opened": OPENED, "hands": ["8h 2d", "5c 9d"], "table": [RUN_JOKER]},
     ["0: swap 1 8h"], ("swap.not-allowed",)),
    ("gin refuses a swap during play as it refuses a meld (R-GIN-16), before swap.allowed", "gin", {},
     {**PLAY, "hands": ["Th 2d", "5c 9d"], "table": [RUN]},
     ["0: swap 1 Th"], ("turn.wrong-phase",)),
    ("a swap before opening, onto no meld first (meld_on_table, swap_permitted)", "roemie", {},
     {**PLAY, "opened": NOT_OPENED, "hands": ["8h 2d", "5c 9d"], "table": [RUN_JOKER]},
     ["0: swap 2 8h", "0: swap 1 8h"], ("layoff.no-such-meld", "swap.not-opened")),
    ("a swap's cards are held before the meld's joker is looked for (cards_in_hand, joker_on_meld)",
     "roemie", {},
     {**PLAY, "opened": OPENED, "hands": ["8h 5d 2d", "5c 9d"], "table": [RUN, RUN_JOKER]},
     ["0: swap 1 8d", "0: swap 1 8h", "0: swap 2 5d", "0: swap 2 8h"],
     ("card.not-in-hand", "swap.no-joker", "swap.wrong-card", "ok")),
    ("a set's joker leaves with every missing suit (joker_swaps_out, R-KAL-10)", "kalooki", {},
     {**PLAY, "opened": OPENED, "hands": ["7c 7d 2s", "5c 9d"], "table": [SET_JOKER]},
     ["0: swap 1 7c", "0: swap 1 7d 7c"], ("swap.set-needs-both-suits", "ok")),
    ("swaps and lay-offs tentatively in a hand-rummy turn (no swap_permitted, R-ALL-15)", "handromi", {},
     {**PLAY, "opened": NOT_OPENED, "hands": ["8h Th 2d", "5c 9d"], "table": [RUN_JOKER]},
     ["0: swap 1 8h", "0: layoff 1 Th"], ("ok", "ok")),
]  # fmt: skip


def _kind(rules_stage: TableMoveChecks, move: Move) -> MoveChecks | None:
    if isinstance(move, MeldMove):
        return rules_stage.meld
    if isinstance(move, LayOff):
        return rules_stage.layoff
    if isinstance(move, Shift):
        return rules_stage.shift
    if isinstance(move, SwapJoker):
        return rules_stage.swap
    return None


def play(variant: Variant, position: dict[str, Any], moves: list[str]) -> tuple[str, ...]:
    """Each move's verdict; for every table move the stage alone gives the
    same verdict, and the listing agrees with apply."""
    state = rk.position_from_dict({"players": 2, **position}, variant=variant)
    verdicts = []
    for text in moves:
        seat, move = parse_seat_move(text)
        listed = move in state.legal_moves(seat)
        try:
            after = state.apply(text)
        except rk.IllegalMove as refusal:
            verdicts.append(refusal.code)
            assert not listed, f"{text} is listed but refused ({refusal.code})"
        else:
            verdicts.append("ok")
            assert listed, f"{text} is accepted but not listed"
        kind = _kind(state.rules.table_moves, move)
        if kind is not None:
            found = kind.refusal(state.rules, state, move)
            assert (found.code if found is not None else "ok") == verdicts[-1], text
        if verdicts[-1] == "ok":
            state = after
    return tuple(verdicts)


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_each_check_of_the_stage(row: Row) -> None:
    _, base, keys, position, moves, expected = row
    variant = variant_with(base, keys) if keys else rk.load_variant(base)
    assert play(variant, position, moves) == expected


# --------------------------------------------------------------------------- the checks of each variant

PHASE, ON_TABLE, HELD = "play_phase", "meld_on_table", "cards_in_hand"
CHECKS = [
    ("rami51", {}, "meld", [PHASE, HELD, "meld_forms"]),
    ("rami51", {}, "layoff", [PHASE, ON_TABLE, "layoff_permitted", HELD, "meld_grows"]),
    ("rami51", {}, "shift", ["shift_allowed", PHASE, ON_TABLE, "layoff_permitted", HELD, "wild_shifts"]),
    ("rami51", {}, "swap", [PHASE, ON_TABLE, "swap_permitted", HELD, "joker_on_meld", "joker_swaps_out"]),
    ("handromi", {}, "layoff", [PHASE, ON_TABLE, HELD, "meld_grows"]),
    ("handromi", {}, "swap", [PHASE, ON_TABLE, HELD, "joker_on_meld", "joker_swaps_out"]),
    ("rami51", {"layoff.requires_opened": False}, "layoff", [PHASE, ON_TABLE, HELD, "meld_grows"]),
    ("gin", {}, "meld", ["melds_during_play", PHASE, HELD, "meld_forms"]),
    ("gin", {}, "swap",
     ["melds_during_play", "swap_allowed", PHASE, ON_TABLE, HELD, "joker_on_meld", "joker_swaps_out"]),
    ("contract", {}, "meld", [PHASE, "not_gone_down", HELD, "meld_forms"]),
    ("contract", {}, "shift", [PHASE, ON_TABLE, "layoff_permitted", HELD, "wild_shifts"]),
]


@pytest.mark.parametrize(("base", "keys", "kind", "expected"), CHECKS)
def test_the_checks_of_a_variant_and_their_order(
    base: str, keys: dict[str, Any], kind: str, expected: list[str]
) -> None:
    stage = rules_of(variant_with(base, keys) if keys else rk.load_variant(base)).table_moves
    checks: MoveChecks = getattr(stage, kind)
    assert [check.name for check in checks.checks] == expected
    assert checks.judgement is checks.checks[-1]
    # The listing's groups are the checks by what they read, in order.
    assert [c.name for c in checks.state_checks] == [c.name for c in checks.checks if not c.reads]
    assert [c.name for c in checks.meld_checks] == [c.name for c in checks.checks if c.reads == ("meld",)]
    assert checks.card_checks[-1] is checks.judgement
    kept = [c.name for c in checks.state_checks if c.name != "play_phase" and not isinstance(c, Forbidden)]
    assert [c.name for c in checks.turn_checks] == kept
    assert (checks.forbidden is not None) is any(isinstance(c, Forbidden) for c in checks.checks)
    assert all(set(c.reads) <= {"number", "meld", "cards", "hand"} for c in checks.checks)


# --------------------------------------------------------------------------- what a check reads


def _candidates(state: RoundState, rng: random.Random) -> list[Move]:
    """Table moves to judge in ``state``: those listed, and random ones of
    the hand's cards onto each table meld and one past it."""
    hand = state.hands[state.to_move]
    moves = [m for m in state.legal_moves() if isinstance(m, (MeldMove, LayOff, Shift, SwapJoker))]
    for number in range(1, len(state.table) + 2):
        cards = tuple(rng.sample(hand, min(len(hand), rng.randint(1, 2))))
        if cards:
            moves += [LayOff(number, cards), SwapJoker(number, cards[0])]
            moves.append(Shift(number, cards[0], Card("JK=" + str(rng.choice(NATURALS)))))
    if len(hand) >= 3:
        moves.append(MeldMove(tuple(rng.sample(hand, 3))))
    return moves


@pytest.mark.parametrize("ref", ["rami51", "roemie", "handromi", "kalooki", "contract", "gin", "rummy500"])
def test_each_check_reads_only_what_it_says(ref: str) -> None:
    """A check that reads nothing of the move gives one verdict for every
    move of its kind (the listing asks it once per state); one that reads
    the table meld gives one verdict for every move onto that meld (the
    listing asks it once per meld); and a move is listed exactly when the
    stage accepts it."""
    variant = rk.load_variant(ref)
    rng = random.Random(ref)
    asked = 0
    for seed in range(3):
        start = rk.deal(variant, players=variant.players.min, seed=seed)
        for state in random_playout(start, random.Random(seed), max_moves=150):
            if state.phase != "play" or rng.random() < 0.5:
                continue
            rules = state.rules
            listed = set(state.legal_moves())
            for move in _candidates(state, rng):
                kind = _kind(rules.table_moves, move)
                assert kind is not None
                for check in kind.state_checks:
                    assert check.refusal(rules, state, move) == check.refusal(rules, state, None)
                # The listing's question of the state, in the play phase.
                in_play = kind.refusal_in_play(rules, state) is None
                assert in_play is (kind.state_refusal(rules, state) is None)
                number = getattr(move, "meld", 0)
                if 1 <= number <= len(state.table):
                    standing = kind.melds_standing(rules, state)[number - 1]
                    refused = any(c.refusal(rules, state, move) is not None for c in kind.meld_checks)
                    assert standing is not refused
                    opened = kind.open_melds(rules, state)[number - 1]
                    assert opened is (standing and kind.state_refusal(rules, state) is None)
                accepted = kind.refusal(rules, state, move) is None
                if move in listed:
                    assert accepted, (ref, str(move))
                elif accepted:  # listed as an equal move (another declaration of its jokers)
                    after = state.apply(move)
                    assert any(state.apply(other) == after for other in listed), (ref, str(move))
                asked += 1
    assert asked


# --------------------------------------------------------------------------- one check, seen by both


def test_a_check_added_to_the_stage_is_asked_by_apply_and_the_listing() -> None:
    """A house rule "no lay-offs" as one named check: apply refuses with its
    code and the listing lists no lay-off, with nothing else changed."""
    variant = rk.load_variant("rami51")
    state = rk.position_from_dict(
        {"players": 2, **PLAY, "opened": OPENED, "hands": ["Th 2d", "5c 9d"], "table": [RUN]},
        variant=variant,
    )
    assert LayOff(1, (Card("Th"),)) in state.legal_moves()
    rules = state.rules
    stage = rules.table_moves
    refused = Refusal("layoff.house", "No lay-offs in this house.")
    layoff = MoveChecks((*stage.layoff.before, Forbidden("no_layoffs", refused)), stage.layoff.judgement)
    house = rules.evolve(table_moves=TableMoveChecks(stage.meld, layoff, stage.shift, stage.swap))
    changed = state.evolve(rules=house)
    assert not [m for m in changed.legal_moves() if isinstance(m, LayOff)]
    with pytest.raises(rk.IllegalMove) as raised:
        changed.apply("0: layoff 1 Th")
    assert raised.value.code == "layoff.house"


def test_the_stage_pickles_and_copies() -> None:
    for ref in ("rami51", "gin", "contract"):
        stage = rules_of(rk.load_variant(ref)).table_moves
        assert pickle.loads(pickle.dumps(stage)) == stage
        assert copy.deepcopy(stage) == stage
        assert [c.name for c in pickle.loads(pickle.dumps(stage)).swap.checks] == [
            c.name for c in stage.swap.checks
        ]
    with pytest.raises(AttributeError):
        del stage.meld  # type: ignore[misc]
