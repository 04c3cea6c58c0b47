"""Every key of the draw, the discard, the opening, the table, going out and
the end of the stock acts: for each, one position and a few moves give one
outcome under one value of the key and another under a second value, and
``legal_moves`` agrees with ``apply`` on every move tried (a refused move is
never listed, an accepted one always is).

A row: (key, value A, value B, base variant, other keys set for both, the
position, the moves, what is observed, the outcome under A, under B).
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from key_rows import (
    LATER,
    OPENED,
    ROWS_ELSEWHERE,
    RUN_4C,
    RUN_7H,
    RUN_JOKER,
    SET_JOKER,
    TWO_JOKER_TABLE,
    KeyRow,
    check_row,
    codes,
    hand,
    phase,
    variant_with,
    visible,
    winners,
)

import rummykit as rk
from rummykit.play.bots import GreedyBot
from rummykit.round.draw_phase import in_first_draw_round
from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import Variant

# Keys with one legal value, or that no rule of play reads: they cannot show
# two outcomes. Another change deprecates them in the schema and check-variant.
DEPRECATED_OR_SINGLE = {
    "turn.discards_per_turn",  # only 1 is accepted
    "opening.counts",  # only "new_melds_this_turn"
    "layoff.targets",  # only "any_meld"
}
# The sections these rows cover, and in `turn` only the key of the draw.
SECTIONS = ("draw", "discard", "opening", "layoff", "swap", "going_out", "stock_exhausted")
OTHER_KEYS = {"turn.first_turn_draws"}
# Keys whose rows are in tests/rules/test_keys_contract.py.
CONTRACT_ROWS = {"opening.kind"}
# Keys whose rows are in tests/rules/test_keys_gin.py.
GIN_ROWS = {
    "draw.max_upcard_takes",
    "draw.repeat_take_discard_draws",
    "stock_exhausted.action",
    "stock_exhausted.wall_size",
}


ROWS: list[KeyRow] = [
    # key, A, B, base, also, position, moves, observe, outcome A, outcome B
    ("turn.first_turn_draws", True, False, "rami51", {},
     {"hands": ["7h 8h", "5c 9d"], "discard": "4s"},
     ["0: draw"], codes, ("ok",), ("turn.wrong-phase",)),
    ("draw.from_stock", True, False, "rami51", {"draw.no_discard_of_taken_card": False},
     {"hands": ["7h 8h", "5c 9d"], "discard": "4s"},
     ["0: draw"], codes, ("ok",), ("draw.no-stock-draw",)),
    ("draw.from_discard_top", True, False, "rami51", {},
     {"hands": ["7h 8h", "5c 9d"], "discard": "4s"},
     ["0: take"], codes, ("ok",), ("draw.no-discard-take",)),
    ("draw.discard_top_condition", "none", "handromi", "rami51", {},
     {"hands": ["2c 5d 9s", "5c 9d"], "discard": "8h", **LATER},
     ["0: take"], codes, ("ok",), ("draw.taken-card-unused",)),
    ("draw.free_pickup_first_draw_round", True, False, "handromi", {},
     {"hands": ["2c 5d 9s", "5c 9d"], "discard": "8h", "turns_played": 1, "phase": "draw"},
     ["0: take"], codes, ("ok",), ("draw.taken-card-unused",)),
    ("draw.pickup_natural_partners", 1, 2, "handromi", {},
     {"hands": ["7h JK 2c 5d", "5c 9d"], "discard": "8h", "opened": OPENED, **LATER},
     ["0: take", "0: meld 7h 8h JK", "0: discard 2c"], codes, ("ok", "ok", "ok"),
     ("draw.taken-card-unused", "turn.wrong-phase", "turn.wrong-phase")),
    ("draw.discard_deep", True, False, "rami51", {},
     {"hands": ["7h 8h 2c", "5c 9d"], "discard": "9h 4d", "opened": OPENED},
     ["0: take 2"], codes, ("ok",), ("draw.discard-row",)),
    ("draw.deep_takes_cards_above", True, False, "roemie", {},
     {"hands": ["7h 8h 2c", "5c 9d"], "discard": "9h 4d", "opened": OPENED},
     ["0: take 2"], hand, "2c 4d 7h 8h 9h", "2c 7h 8h 9h"),
    ("draw.deep_chosen_card_use", "none", "new_meld_same_turn", "roemie", {},
     {"hands": ["2c 5d", "5c 9d"], "discard": "9h 4d"},
     ["0: take 2"], codes, ("ok",), ("draw.taken-card-unused",)),
    ("draw.no_discard_of_taken_card", False, True, "rami51", {},
     {"hands": ["7h 8h", "5c 9d"], "discard": "5s"},
     ["0: take", "0: discard 5s"], codes, ("ok", "ok"), ("ok", "discard.just-taken")),
    ("discard.jokers", True, False, "rami51", {},
     {"hands": ["JK 5d 9c", "5c 9d"], "phase": "play"},
     ["0: discard JK", "0: discard 5d"], codes, ("ok", "turn.not-your-turn"), ("discard.joker", "ok")),
    ("draw.discard_visibility", "all", "top", "roemie", {},
     {"hands": ["7h 8h", "5c 9d"], "discard": "9h 4d"},
     [], visible, "9h 4d", "4d"),
    ("draw.exchange_swap_first_draw_round", True, False, "handromi", {},
     {"hands": ["2c 5d 9s", "5c 9d"], "exchange": "Kc", "turns_played": 1, "phase": "play"},
     ["0: exchange 2c"], codes, ("ok",), ("exchange.not-allowed",)),
    ("draw.exchange_as_draw", "hand_rummy_only", "never", "handromi", {},
     {"hands": ["7h 8h 2c 3c 4c Kd", "5c 9d"], "exchange": "9h", **LATER},
     ["0: draw exchange"], codes, ("ok",), ("exchange.not-allowed",)),
    ("opening.min_points", 20, 51, "rami51", {},
     {"hands": ["7h 8h 9h 2c 5d", "5c 9d"], "phase": "play"},
     ["0: meld 7h 8h 9h", "0: discard 2c"], codes, ("ok", "ok"), ("ok", "opening.below-minimum")),
    ("opening.require_pure_run", False, True, "rami51", {},
     {"hands": ["Kh Ks Kd Qc Qd Qh 2c 5d", "5c 9d"], "phase": "play"},
     ["0: meld Kh Ks Kd", "0: meld Qc Qd Qh", "0: discard 2c"], codes,
     ("ok", "ok", "ok"), ("ok", "ok", "opening.needs-pure-run")),
    ("opening.pure_run_min", 3, 4, "romme51", {},
     {"hands": ["9h Th Jh Kc Kd Ks 2c 5d", "5c 9d"], "phase": "play"},
     ["0: meld 9h Th Jh", "0: meld Kc Kd Ks", "0: discard 2c"], codes,
     ("ok", "ok", "ok"), ("ok", "ok", "opening.needs-pure-run")),
    ("opening.shape", {"pure_runs": 1}, {"pure_runs": 1, "pure_run_min": 4}, "romme51", {},
     {"hands": ["9h Th Jh Kc Kd Ks 2c 5d", "5c 9d"], "phase": "play"},
     ["0: meld 9h Th Jh", "0: meld Kc Kd Ks", "0: discard 2c"], codes,
     ("ok", "ok", "ok"), ("ok", "ok", "opening.needs-pure-run")),
    ("opening.waived_for_hand_rummy", True, False, "rami51", {},
     {"hands": ["7h 8h 9h 2c 3c 4c 5d", "5c 9d"], "phase": "play"},
     ["0: meld 7h 8h 9h", "0: meld 2c 3c 4c", "0: discard 5d"], codes,
     ("ok", "ok", "ok"), ("ok", "ok", "opening.below-minimum")),
    ("opening.layoff_same_turn", True, False, "rami51", {},
     {"hands": ["Kh Ks Kd Qc Qd Qh 3c 5d", "5c 9d"], "phase": "play", "table": RUN_4C},
     ["0: meld Kh Ks Kd", "0: meld Qc Qd Qh", "0: layoff 1 3c"], codes,
     ("ok", "ok", "ok"), ("ok", "ok", "layoff.not-opened")),
    ("layoff.requires_opened", False, True, "rami51", {},
     {"hands": ["3c 9d 2d", "5c 9d"], "phase": "play", "table": RUN_4C},
     ["0: layoff 1 3c"], codes, ("ok",), ("layoff.not-opened",)),
    ("layoff.in_hand_rummy_turn", True, False, "rami51", {},
     {"hands": ["3c 9d 2d", "5c 9d"], "phase": "play", "table": RUN_4C},
     ["0: layoff 1 3c"], codes, ("ok",), ("layoff.not-opened",)),
    ("swap.allowed", True, False, "rami51", {},
     {"hands": ["8h 2c 3c", "5c 9d"], "phase": "play", "opened": OPENED, "table": RUN_JOKER},
     ["0: swap 1 8h"], codes, ("ok",), ("swap.not-allowed",)),
    ("swap.requires_opened", False, True, "rami51", {},
     {"hands": ["8h 2c 3c", "5c 9d"], "phase": "play", "table": RUN_JOKER},
     ["0: swap 1 8h"], codes, ("ok",), ("swap.not-opened",)),
    ("swap.in_hand_rummy_turn", True, False, "rami51", {},
     {"hands": ["8h 2c 3c", "5c 9d"], "phase": "play", "table": RUN_JOKER},
     ["0: swap 1 8h"], codes, ("ok",), ("swap.not-opened",)),
    ("swap.set_min_naturals", 0, 3, "rami51", {},
     {"hands": ["Kd 2c 3c", "5c 9d"], "phase": "play", "opened": OPENED, "table": SET_JOKER},
     ["0: swap 1 Kd"], codes, ("ok",), ("swap.set-needs-three-naturals",)),
    ("swap.set_release", "all_missing_suits", "one_card", "rami51", {},
     {"hands": ["Kc Kd 2c 3c", "5c 9d"], "phase": "play", "opened": OPENED, "table": SET_JOKER},
     ["0: swap 1 Kd Kc"], codes, ("ok",), ("swap.wrong-card",)),
    ("swap.relay", "none", "mandatory", "roemie", {},
     {"hands": ["8h 5d", "5c 9d"], "phase": "play", "opened": OPENED, "table": RUN_JOKER},
     ["0: swap 1 8h", "0: discard JK"], codes, ("ok", "ok"), ("ok", "swap.joker-not-relaid")),
    ("swap.relay_targets", ["new_meld", "layoff_jokerless"], ["new_meld"], "roemie",
     {"melds.max_jokers_per_meld": 2},
     {"hands": ["8h 5d 6d", "5c 9d"], "phase": "play", "opened": OPENED, "table": TWO_JOKER_TABLE},
     ["0: swap 1 8h", "0: layoff 3 JK", "0: discard 5d"], codes,
     ("ok", "ok", "ok"), ("ok", "ok", "swap.joker-not-relaid")),
    ("going_out.final_discard", "optional", "required", "rami51", {},
     {"hands": ["7h 8h 9h", "5c 9d"], "phase": "play", "opened": OPENED},
     ["0: meld 7h 8h 9h", "0: out"], codes, ("ok", "ok"), ("ok", "out.needs-discard")),
    ("stock_exhausted.max_reshuffles", 2, 0, "rami51", {},
     {"hands": ["7h", "5c 9d"], "stock": "2c", "rest": "discard"},
     ["0: draw", "0: discard 2c"], phase, "draw", "over"),
    ("stock_exhausted.turn_cap", 300, 1, "rami51", {},
     {"hands": ["7h 8h", "5c 9d"]},
     ["0: draw", "0: discard 7h"], phase, "draw", "over"),
    ("stock_exhausted.blocked_winner", "best_round_score", "none", "rami51", {"stock_exhausted.turn_cap": 1},
     {"hands": ["7h 8h", "5c 9d"]},
     ["0: draw", "0: discard 8h"], winners, (0,), ()),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_two_values_two_outcomes(row: KeyRow) -> None:
    check_row(row)


def test_rows_cover_every_key_of_these_sections() -> None:
    schema = {f.name: f.type for f in attrs.fields(Variant)}
    assert set(SECTIONS) <= set(schema)
    keys = set(OTHER_KEYS)
    for section in SECTIONS:
        sample = getattr(rk.load_variant("rami51"), section)
        keys |= {f"{section}.{f.name}" for f in attrs.fields(type(sample))}
    keys.add("turn.discards_per_turn")
    keys.add("opening.shape")  # a table, resolved into require_pure_run and pure_run_min at load
    rows = {row[0] for row in ROWS}
    assert len(rows) == len(ROWS), "one row per key"
    assert rows | DEPRECATED_OR_SINGLE | ROWS_ELSEWHERE | CONTRACT_ROWS | GIN_ROWS == keys
    assert not rows & DEPRECATED_OR_SINGLE


# --------------------------------------------------------------------------- one place per rule

SRC = Path(rk.__file__).resolve().parent
# A section of the variant read for a key (``variant.draw.discard_deep``), not
# a stage of the rule set (``rules_of(variant).draw.taken_card_is_marked()``,
# ``rules.table_moves.layoff.verdict(...)``).
KEY_READ = re.compile(
    r"(?<!\))(?<!rules)(?<!table_moves)\.(draw|discard|layoff|swap|going_out|stock_exhausted|opening)\.[a-z_]+"
    r"|\.turn\.first_turn_draws"
)
# Reads left outside rules/: the variant file's own reader and schema. The
# solver's requirements, its hand-size bound too, come from the rule set
# (rummykit.rules.hand), handed to every search.
ELSEWHERE = {"variant/model.py", "core/toml_schema.py"}
# The rules text reads every key too, to write it in words for players; it
# decides nothing in a game (rummykit.play.rules_text).
IN_WORDS = "play/rules_text/"


def test_play_keys_are_read_only_in_rules() -> None:
    found = []
    for path in SRC.rglob("*.py"):
        where = path.relative_to(SRC).parts
        if "/".join(where) in ELSEWHERE or where[0] == "rules" or "/".join(where).startswith(IN_WORDS):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if KEY_READ.search(line):
                found.append(f"{'/'.join(where)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("ref", ["rami51", "handromi"])
def test_first_drawing_round_has_one_definition(ref: str) -> None:
    variant = rk.load_variant(ref)
    dealt = rk.deal(variant, players=3, seed=4)
    assert dealt.phase == ("play" if rules_of(variant).draw.turn_starts_drawn(0) else "draw")
    for turns in range(8):
        state = dealt.evolve(turns_played=turns)
        assert in_first_draw_round(state) == rules_of(variant).draw.first_draw_round(turns, 3)
        data = {"players": 3, "hands": ["2c", "3c", "4c"], "turns_played": turns}
        position = rk.position_from_dict(data, variant=variant)
        assert (position.phase == "play") == rules_of(variant).draw.turn_starts_drawn(turns)
    first = [t for t in range(8) if rules_of(variant).draw.first_draw_round(t, 3)]
    assert first == ([0, 1, 2] if variant.turn.first_turn_draws else [1, 2, 3])


def test_greedy_bot_lays_off_before_opening_where_the_variant_allows_it() -> None:
    """layoff.requires_opened reaches the going-out check, and so the greedy bot's plan."""
    position = {"players": 2, "hands": ["5h 6h 2c", "5c 9d"], "phase": "play", "table": RUN_7H}
    plans = {}
    for value in (False, True):
        variant = variant_with(
            "rami51", {"layoff.requires_opened": value, "opening.waived_for_hand_rummy": True}
        )
        state = rk.position_from_dict(position, variant=variant)
        table = [t.meld for t in state.table]
        assert (rules_of(variant).going_out.plan(state.hands[0], table=table, opened=False) is None) == value
        view = state.view(0)
        plans[value] = [str(m) for m in GreedyBot(variant).plan(view, list(state.hands[0]), 0)]
    assert plans == {False: ["layoff 1 5h 6h"], True: []}
