"""The geometry and policies MeldRules derives once from its fields, which
the judges, the meld listing and the solvers read instead of the raw fields."""

import attrs
import pytest

from rummykit import MeldRules, Refusal, check_meld
from rummykit.variant.model import bundled_variants, load_variant

# Written out from the [melds] tables of variants/*.toml:
# run_lowest, run_highest, run_longest, ace_positions, aces_both_ends, ace_to_ace,
# declared_jokers, bound_set_jokers, naturals_cap_jokers, fewer_jokers, ambiguous_as_set, set_largest
BOTH = (1, 14)
DERIVED = {
    "contract": (1, 14, 14, BOTH, True, True, True, False, True, True, True, 24),
    "gin": (1, 13, 13, (1,), False, False, False, False, False, False, True, 4),
    "oklahoma_gin": (1, 13, 13, (1,), False, False, False, False, False, False, True, 4),
    "handromi": (1, 14, 13, BOTH, True, False, True, False, False, False, True, 4),
    "indian": (1, 14, 13, BOTH, True, False, True, False, False, False, False, 4),
    "indian_deals": (1, 14, 13, BOTH, True, False, True, False, False, False, False, 4),
    "indian_pool": (1, 14, 13, BOTH, True, False, True, False, False, False, False, 4),
    "kalooki": (2, 14, 13, (14,), False, False, True, False, False, False, True, 4),
    "liverpool": (1, 14, 14, BOTH, True, True, True, False, True, True, True, 24),  # contract's melds
    "rami40": (1, 14, 13, BOTH, True, False, False, False, False, False, True, 4),
    "rami40_house": (1, 14, 13, BOTH, True, False, False, False, False, False, True, 4),
    "rami51": (1, 14, 13, BOTH, True, False, False, False, False, False, True, 4),
    "rami51_house": (1, 14, 13, BOTH, True, False, False, False, False, False, True, 4),
    "roemie": (1, 14, 13, BOTH, True, False, True, True, False, False, True, 4),
    "romme": (1, 14, 13, BOTH, True, False, True, False, True, False, True, 4),
    "romme51": (1, 14, 13, BOTH, True, False, True, False, False, False, True, 4),
    "rummy": (1, 13, 13, (1,), False, False, False, False, False, False, True, 4),
    "rummy500": (1, 14, 13, BOTH, True, False, True, False, True, True, True, 4),
    "tonk": (1, 13, 13, (1,), False, False, False, False, False, False, True, 4),
}
FIELDS = (
    "run_lowest",
    "run_highest",
    "run_longest",
    "ace_positions",
    "aces_both_ends",
    "ace_to_ace",
    "declared_jokers",
    "bound_set_jokers",
    "naturals_cap_jokers",
    "fewer_jokers",
    "ambiguous_as_set",
    "set_largest",
)


def derived(rules: MeldRules) -> tuple[object, ...]:
    return tuple(getattr(rules, name) for name in FIELDS)


def test_every_bundled_variant_is_in_the_table() -> None:
    assert set(DERIVED) == set(bundled_variants())


@pytest.mark.parametrize("variant_id", sorted(DERIVED))
def test_bundled_variants_derive_their_geometry_and_policies(variant_id: str) -> None:
    assert derived(load_variant(variant_id).meld_rules) == DERIVED[variant_id]


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        # run_max 14 with one ace end: no run reaches from ace to ace
        (
            {"run_max": 14, "ace_high": False},
            (1, 13, 13, (1,), False, False, False, False, False, False, True, 4),
        ),
        (
            {"run_max": 14, "ace_low": False},
            (2, 14, 13, (14,), False, False, False, False, False, False, True, 4),
        ),
        # no ace in a run at all
        (
            {"ace_low": False, "ace_high": False, "run_max": 5},
            (2, 13, 5, (), False, False, False, False, False, False, True, 4),
        ),
        (
            {"ambiguous_kind": "run", "jokers_vs_naturals": "not_more", "set_max": 6},
            (1, 14, 13, BOTH, True, False, False, False, True, False, False, 4),
        ),
        (
            {"set_distinct_suits": False, "set_max": 6, "set_joker_suit": "bound"},
            (1, 14, 13, BOTH, True, False, False, True, False, False, True, 6),
        ),
    ],
)
def test_other_meld_rules_derive_their_geometry_and_policies(
    fields: dict[str, object], expected: tuple[object, ...]
) -> None:
    assert derived(MeldRules(**fields)) == expected  # type: ignore[arg-type]


def test_derived_fields_follow_an_evolved_copy_and_stay_out_of_equality() -> None:
    rules = MeldRules()
    evolved = attrs.evolve(rules, ace_high=False, joker_placement="declared")
    assert (evolved.run_highest, evolved.ace_positions, evolved.declared_jokers) == (13, (1,), True)
    assert rules == MeldRules() and hash(rules) == hash(MeldRules())
    assert "ace_positions" not in repr(rules)


@pytest.mark.parametrize(
    ("policy", "limits"),
    [
        ("any", [3, 3, 3, 3, 3, 3]),
        ("not_more", [0, 1, 2, 3, 3, 3]),
        ("fewer", [0, 0, 1, 2, 3, 3]),
    ],
)
def test_joker_limit_by_policy(policy: str, limits: list[int]) -> None:
    rules = MeldRules(max_jokers=3, jokers_vs_naturals=policy)  # type: ignore[arg-type]
    assert [rules.joker_limit(naturals) for naturals in range(6)] == limits


def test_a_run_longer_than_its_positions_is_refused_as_too_long() -> None:
    # run_max 14 with the ace low only: thirteen positions, so at most thirteen cards
    rules = MeldRules(run_max=14, ace_high=False, max_jokers=2)
    for cards in ("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh JK", "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh JK JK"):
        refusal = check_meld(rules, cards)
        assert isinstance(refusal, Refusal)
        assert (refusal.code, refusal.message) == ("meld.too-long", "A run holds at most 13 cards.")
