"""The discard stage (rummykit.rules.discard): one acceptance model for
``discard``. Apply and the legal-move listing ask the same ordered checks;
each check says what it reads; ``discard.jokers`` is a check of the stage
and of nothing else.

A row: (what it shows, base variant, keys set, the position, the moves, the
verdict of each move: ``ok`` or the refusal code). Every move is also judged
by the stage alone, and the listing must agree with apply.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import rummykit as rk
from rummykit.core.cards import JOKER, Card, code_order, parse_cards
from rummykit.core.moves import Discard, parse_seat_move
from rummykit.core.round_values import Turn
from rummykit.round.state import RoundState
from rummykit.round.turn_commit import legal_discards
from rummykit.rules.discard import JokerKept
from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import Variant, loads_variant, variant_from_rules, variant_warnings


def variant_with(base: str, keys: dict[str, Any]) -> Variant:
    """``base`` with some keys set (``"section.key": value``)."""
    lines = ["[meta]", 'id = "discard_test"', 'name = "discard test"', f'extends = "{base}"']
    sections: dict[str, list[str]] = {}
    for key, value in keys.items():
        section, name = key.split(".")
        sections.setdefault(section, []).append(f"{name} = {json.dumps(value)}")
    for section, body in sections.items():
        lines += [f"[{section}]", *body]
    return loads_variant("\n".join(lines) + "\n")


NO_JOKERS = {"discard.jokers": False}
OPENED = [True, False]
RUN_JOKER = [{"owner": 1, "cards": "7h JK 9h"}]

Row = tuple[str, str, dict[str, Any], dict[str, Any], list[str], tuple[str, ...]]
ROWS: list[Row] = [
    ("the card just taken is refused (R-ALL-12)", "rami51", {},
     {"hands": ["7h 8h", "5c 9d"], "discard": "5s"},
     ["0: take", "0: discard 5s", "0: discard 7h"], ("ok", "discard.just-taken", "ok")),
    ("so is its twin from the other deck", "romme", {},
     {"hands": ["7h 5s 8d", "5c 9d"], "discard": "5s"},
     ["0: take", "0: discard 5s", "0: discard 8d"], ("ok", "discard.just-taken", "ok")),
    ("without the key the card just taken may go", "rami51", {"draw.no_discard_of_taken_card": False},
     {"hands": ["7h 8h", "5c 9d"], "discard": "5s"},
     ["0: take", "0: discard 5s"], ("ok", "ok")),
    ("a swapped joker is refused while its relay duty stands", "roemie", {},
     {"hands": ["8h 5d", "5c 9d"], "phase": "play", "opened": OPENED, "table": RUN_JOKER},
     ["0: swap 1 8h", "0: discard JK"], ("ok", "swap.joker-not-relaid")),
    ("without the duty it may go", "roemie", {"swap.relay": "none"},
     {"hands": ["8h 5d", "5c 9d"], "phase": "play", "opened": OPENED, "table": RUN_JOKER},
     ["0: swap 1 8h", "0: discard JK"], ("ok", "ok")),
    ("discard.jokers = false refuses a joker beside a natural card", "rami51", NO_JOKERS,
     {"hands": ["JK 5d 9c", "5c 9d"], "phase": "play"},
     ["0: discard JK", "0: discard 9c"], ("discard.joker", "ok")),
    ("discard.jokers = true lets it go", "rami51", {},
     {"hands": ["JK 5d 9c", "5c 9d"], "phase": "play"},
     ["0: discard JK"], ("ok",)),
    ("a hand of jokers alone throws one (R-HOUSE-01)", "rami51", NO_JOKERS,
     {"hands": ["JK JK", "5c 9d"], "phase": "play"},
     ["0: discard JK"], ("ok",)),
    ("a joker beside the card just taken alone is thrown (R-HOUSE-01)", "rami51", NO_JOKERS,
     {"hands": ["JK", "5c 9d"], "discard": "5h"},
     ["0: take", "0: discard 5h", "0: discard JK"], ("ok", "discard.just-taken", "ok")),
    ("a taken joker is refused as the card just taken first (the stage's order)", "rami51", NO_JOKERS,
     {"hands": ["JK 5d", "5c 9d"], "discard": "JK"},
     ["0: take", "0: discard JK", "0: discard 5d"], ("ok", "discard.just-taken", "ok")),
    ("a swapped joker is refused as not laid again first (the stage's order)", "roemie", NO_JOKERS,
     {"hands": ["8h 5d", "5c 9d"], "phase": "play", "opened": OPENED, "table": RUN_JOKER},
     ["0: swap 1 8h", "0: discard JK"], ("ok", "swap.joker-not-relaid")),
    ("with the relay duty off, the swapped joker is the joker discard.jokers keeps", "roemie",
     {**NO_JOKERS, "swap.relay": "none"},
     {"hands": ["8h 5d", "5c 9d"], "phase": "play", "opened": OPENED, "table": RUN_JOKER},
     ["0: swap 1 8h", "0: discard JK", "0: discard 5d"], ("ok", "discard.joker", "ok")),
]  # fmt: skip


def play(variant: Variant, position: dict[str, Any], moves: list[str]) -> tuple[str, ...]:
    """Each move's verdict; for every discard the stage alone gives the same
    card verdict, and the listing agrees with apply."""
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
        if isinstance(move, Discard):
            hand = state.hands[state.to_move]
            found = rules_of(variant).discard.refusal(move.card, hand, state.turn)
            assert (found.code if found is not None else "ok") == verdicts[-1], text
        if verdicts[-1] == "ok":
            state = after
    return tuple(verdicts)


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_each_check_of_the_stage(row: Row) -> None:
    _, base, keys, position, moves, expected = row
    assert play(variant_with(base, keys), position, moves) == expected


# --------------------------------------------------------------------------- the checks of each variant

TAKEN, SWAPPED = ("taken_card_kept", ("card", "turn")), ("swapped_joker_kept", ("card", "hand", "turn"))
JOKERS = ("joker_kept", ("card", "hand", "turn"))
UNMARKED = {"draw.no_discard_of_taken_card": False}
CHECKS = [
    ("rami51", {}, [TAKEN, SWAPPED]),
    ("kalooki", {}, [TAKEN]),  # no relay duty
    ("gin", {}, []),
    ("rami51", UNMARKED, [SWAPPED]),
    ("roemie", {"swap.relay": "none"}, [TAKEN]),
    ("rami51", NO_JOKERS, [TAKEN, SWAPPED, JOKERS]),
    ("rami51", {**UNMARKED, **NO_JOKERS}, [SWAPPED, JOKERS]),
    ("kalooki", {**UNMARKED, **NO_JOKERS}, [JOKERS]),
]


@pytest.mark.parametrize(("base", "keys", "expected"), CHECKS)
def test_the_checks_of_a_variant_their_order_and_what_they_read(
    base: str, keys: dict[str, Any], expected: list[tuple[str, tuple[str, ...]]]
) -> None:
    rule = rules_of(variant_with(base, keys) if keys else rk.load_variant(base)).discard
    assert [(check.name, check.reads) for check in rule.checks] == expected
    jokers = [check for check in rule.checks if isinstance(check, JokerKept)]
    assert all(check.before == rule.checks[: rule.checks.index(check)] for check in jokers)


def test_where_no_check_can_refuse_the_listing_returns_the_faces_themselves() -> None:
    variant = rk.load_variant("rami51")
    state = rk.position_from_dict({"players": 2, "hands": ["5d 9c Kh", "5c 9d"]}, variant=variant)
    state = state.apply("0: draw")
    hand = state.hands[0]
    faces = sorted(set(hand), key=code_order)
    assert rules_of(variant).discard.card_checks_for(hand, state.turn) == ()
    assert legal_discards(state, faces) is faces


# --------------------------------------------------------------------------- every hand, every turn

FACES = parse_cards("JK 5d 5h 9c Kh")
BASES = [rk.load_variant(ref) for ref in ("rami51", "rami40", "roemie")]


def random_turn(rng: random.Random) -> tuple[tuple[Card, ...], Turn]:
    hand = tuple(sorted((rng.choice(FACES) for _ in range(rng.randint(1, 5))), key=code_order))
    taken = rng.choice([None, *hand])
    swaps = rng.randint(0, 1)
    start = rng.randint(0, hand.count(JOKER))
    return hand, Turn(source="discard" if taken else "stock", taken=taken, swaps=swaps, start_jokers=start)


@pytest.mark.parametrize("seed", range(6))
def test_the_listing_and_apply_ask_the_same_checks_and_jokers_kept_never_empty_a_turn(seed: int) -> None:
    rng = random.Random(seed)
    for base in BASES:
        kept = rules_of(variant_with(base.id, NO_JOKERS)).discard
        free = rules_of(base).discard
        for _ in range(200):
            hand, turn = random_turn(rng)
            faces = sorted(set(hand), key=code_order)
            for rule in (kept, free):
                listed = list(rule.discardable(faces, hand, turn))
                assert listed == [card for card in faces if rule.refusal(card, hand, turn) is None]
                active = rule.card_checks_for(hand, turn)
                for check in rule.checks:
                    # The faces a check may refuse hold every face it refuses.
                    refused = [card for card in faces if check.refuses(card, hand, turn)]
                    assert set(refused) <= set(check.may_refuse(hand, turn))
                    assert (check in active) == bool(check.may_refuse(hand, turn))
            # The joker check keeps a joker only where another card may go instead.
            assert bool(kept.discardable(faces, hand, turn)) == bool(free.discardable(faces, hand, turn))


# --------------------------------------------------------------------------- the key in saves and warnings


def test_the_key_is_saved_only_when_set_and_read_back() -> None:
    base = rk.load_variant("rami51")
    assert "discard" not in base.full_rules()
    kept = variant_with("rami51", NO_JOKERS)
    rules = kept.full_rules()
    assert rules["discard"] == {"jokers": False} and kept.digest() != base.digest()
    again = variant_from_rules("saved", rules, "saved")
    assert again == kept and again.digest() == kept.digest() and not again.discard.jokers
    state = rk.position_from_dict({"players": 2, "hands": ["JK 5d", "5c 9d"], "phase": "play"}, variant=kept)
    loaded = rk.from_json(rk.to_json(state))
    assert isinstance(loaded, RoundState) and loaded.variant == kept
    with pytest.raises(rk.IllegalMove) as info:
        loaded.apply("0: discard JK")
    assert info.value.code == "discard.joker"


def test_the_key_does_nothing_without_jokers() -> None:
    warnings = [str(w) for w in variant_warnings(variant_with("gin", NO_JOKERS))]
    assert warnings == ["warning: discard.jokers: does nothing when no deck band has jokers."]
    assert variant_warnings(variant_with("rami51", NO_JOKERS)) == []
