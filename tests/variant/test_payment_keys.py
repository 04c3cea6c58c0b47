"""``scoring.payments`` in a point-scored variant: ``bonus`` on ``gin`` and
``undercut``, ``self_factor`` on ``hand_rummy``, resolved into
``knock.gin_bonus``, ``knock.undercut_bonus`` and
``scoring.hand_rummy_self_multiplier`` when the variant loads (the same
variant, the same digest); what cannot stand for one of them refused at load."""

from pathlib import Path

import pytest

from rummykit import VariantError, load_variant, loads_variant

GIN = '[meta]\nid = "x"\nname = "x"\nextends = "gin"\n'
RAMI = '[meta]\nid = "x"\nname = "x"\nextends = "rami51"\n'
TONK = '[meta]\nid = "x"\nname = "x"\nextends = "tonk"\n'
SELF = "hand_rummy = { self_factor = "


@pytest.mark.parametrize(
    ("base", "paid", "short"),
    [
        (GIN, "gin = { bonus = 30 }", "[knock]\ngin_bonus = 30"),
        (GIN, "undercut = { bonus = 0 }", "[knock]\nundercut_bonus = 0"),
        (RAMI, "hand_rummy = { self_factor = 3 }", "[scoring]\nhand_rummy_self_multiplier = 3"),
    ],
)
def test_an_entry_is_the_same_variant_as_its_shorthand(base: str, paid: str, short: str) -> None:
    written = loads_variant(base + "[scoring.payments]\n" + paid + "\n")
    shorthand = loads_variant(base + short + "\n")
    assert written == shorthand and written.digest() == shorthand.digest()
    assert written != loads_variant(base) and written.scoring.payments == ()


def test_both_written_alike_are_one_rule() -> None:
    both = loads_variant(GIN + "[knock]\ngin_bonus = 30\n[scoring.payments]\ngin = { bonus = 30 }\n")
    assert both.knock.gin_bonus == 30
    three = loads_variant(
        RAMI + "[scoring]\nhand_rummy_self_multiplier = 2\n[scoring.payments]\n" + SELF + "2 }\n"
    )
    assert three.scoring.hand_rummy_self_multiplier == 2


@pytest.mark.parametrize(
    ("text", "path", "expected"),
    [
        (GIN + "[scoring.payments]\nout = { bonus = 5 }", "scoring.payments.out.bonus",
         "gin or undercut only"),
        (GIN + "[scoring.payments]\ngin = { self_factor = 2 }", "scoring.payments.gin.self_factor",
         "hand_rummy only"),
        (RAMI + "[scoring.payments]\nhand_rummy = { bonus = 5 }", "scoring.payments.hand_rummy.bonus",
         "gin or undercut only"),
        (GIN + "[scoring.payments]\ngin = { amount = 2 }", "scoring.payments.gin.amount",
         'no amount unless scoring.method is "payments"'),
        (GIN + '[scoring.payments]\nout = { amount = 2, payer = "losers" }', "scoring.payments.out.payer",
         'no payer unless scoring.method is "payments"'),
        (GIN + "[scoring.payments]\ngin = {}", "scoring.payments.gin.bonus", "a bonus"),
        (GIN + "[scoring.payments]\ngin = 3", "scoring.payments.gin", "a table"),
        (GIN + "[scoring.payments]\nmeld = { bonus = 3 }", "scoring.payments.meld", "an ending with a bonus"),
        (GIN + "[scoring.payments]\ngin = { bonus = -1 }", "scoring.payments.gin.bonus", "0 to 10000"),
        (RAMI + "[scoring.payments]\n" + SELF + "11 }", "scoring.payments.hand_rummy.self_factor", "1 to 10"),
        (TONK + "[scoring.payments]\nout = { amount = 1, bonus = 3 }", "scoring.payments.out.bonus",
         'no bonus while scoring.method is "payments"'),
        (TONK + "[scoring.payments]\ngin = { bonus = 3 }", "scoring.payments.gin.bonus",
         'no bonus while scoring.method is "payments"'),
        (GIN + "[knock]\ngin_bonus = 20\n[scoring.payments]\ngin = { bonus = 30 }", "knock.gin_bonus",
         "30, as scoring.payments.gin.bonus asks"),
        (RAMI + "[scoring]\nhand_rummy_self_multiplier = 2\n[scoring.payments]\n" + SELF + "3 }",
         "scoring.hand_rummy_self_multiplier", "3, as scoring.payments.hand_rummy.self_factor asks"),
    ],
)
def test_what_cannot_stand_for_a_key_is_refused(text: str, path: str, expected: str) -> None:
    with pytest.raises(VariantError) as caught:
        loads_variant(text + "\n")
    assert any(p.path == path and expected in p.expected for p in caught.value.problems), caught.value


def test_a_child_entry_or_key_replaces_the_parents_other_form(tmp_path: Path) -> None:
    parent = tmp_path / "parent.toml"
    parent.write_text(GIN.replace('"x"', '"p"', 2) + "[scoring.payments]\ngin = { bonus = 40 }\n")
    assert load_variant(parent).knock.gin_bonus == 40  # replaces gin's own knock.gin_bonus = 25
    child = tmp_path / "child.toml"
    child.write_text('[meta]\nid = "c"\nname = "c"\nextends = "parent.toml"\n[knock]\ngin_bonus = 10\n')
    assert load_variant(child).knock.gin_bonus == 10
    grandchild = tmp_path / "grandchild.toml"
    grandchild.write_text(
        '[meta]\nid = "g"\nname = "g"\nextends = "child.toml"\n[scoring.payments]\ngin = { bonus = 5 }\n'
    )
    assert load_variant(grandchild).knock.gin_bonus == 5
