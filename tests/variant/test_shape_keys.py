"""``opening.shape`` and ``contract.deals[].shape``: a required meld shape in
place of the table's own keys, resolved into them when the variant loads (the
same variant, the same digest); what the table cannot ask for, and a
shorthand key set to another value beside the shape, refused at load."""

from pathlib import Path

import pytest

from rummykit import VariantError, load_variant, loads_variant

OPENING = '[meta]\nid = "x"\nname = "x"\nextends = "romme51"\n[opening]\n'
CONTRACT = (
    '[meta]\nid = "x"\nname = "x"\nextends = "contract"\n[match]\nrounds = 1\n'
    "[[contract.deals]]\nhand_size = 10\n"
)


def test_an_opening_shape_is_the_same_variant_as_its_shorthand() -> None:
    shaped = loads_variant(OPENING + "shape = { pure_runs = 1, pure_run_min = 4 }\n")
    short = loads_variant(OPENING + "require_pure_run = true\npure_run_min = 4\n")
    assert shaped == short and shaped.digest() == short.digest()
    assert shaped.opening.require_pure_run and shaped.opening.pure_run_min == 4
    none = loads_variant(OPENING + "shape = {}\n")
    assert not none.opening.require_pure_run


def test_a_contract_shape_is_the_same_variant_as_its_shorthand() -> None:
    shaped = loads_variant(CONTRACT + "shape = { sets = 1, runs = 1, exact = true }\n")
    short = loads_variant(CONTRACT + "sets = 1\nruns = 1\n")
    assert shaped == short and shaped.digest() == short.digest()
    assert (shaped.contract.deals[0].sets, shaped.contract.deals[0].runs) == (1, 1)
    same = loads_variant(CONTRACT + "sets = 1\nshape = { sets = 1, exact = true }\n")  # agreeing: fine
    assert same.contract.deals[0].sets == 1


@pytest.mark.parametrize(
    ("text", "path", "expected"),
    [
        (OPENING + "shape = { runs = 1 }", "opening.shape.runs", "an opening asks for one pure run at most"),
        (OPENING + "shape = { sets = 2 }", "opening.shape.sets", "an opening asks for one pure run at most"),
        (OPENING + "shape = { pure_runs = 1, exact = true }", "opening.shape.pure_runs", "at most runs"),
        (OPENING + "shape = { pure_runs = 2 }", "opening.shape.pure_runs", "0 or 1"),
        (OPENING + "shape = { pure_runs = 1, pure_run_min = 14 }", "opening.pure_run_min", "melds.run_max"),
        (OPENING + "shape = { pure_run_min = 4 }", "opening.shape.pure_run_min", "where pure_runs = 0"),
        (OPENING + "shape = { pure_runs = 1 }\nrequire_pure_run = false", "opening.require_pure_run",
         "true, as opening.shape asks"),
        (OPENING + "shape = { pure_runs = 1, pure_run_min = 4 }\npure_run_min = 5", "opening.pure_run_min",
         "4, as opening.shape asks"),
        (OPENING + "shape = 3", "opening.shape", "a table"),
        (CONTRACT + "shape = { sets = 2 }", "contract.deals[0].shape.exact", "exactly its sets and runs"),
        (CONTRACT + "shape = { sets = 2, exact = false }", "contract.deals[0].shape.exact", "exactly"),
        (CONTRACT + "shape = { runs = 1, pure_runs = 1, exact = true }", "contract.deals[0].shape.pure_runs",
         "no pure run"),
        (CONTRACT + "shape = { sets = 7, exact = true }", "contract.deals[0].shape.sets", "0 to 6"),
        (CONTRACT + "shape = { sets = 1, exact = true }\nsets = 2", "contract.deals[0].sets",
         "1, as contract.deals[0].shape asks"),
    ],
)
def test_a_shape_the_table_cannot_ask_for_is_refused(text: str, path: str, expected: str) -> None:
    with pytest.raises(VariantError) as error:
        loads_variant(text + "\n")
    problems = [(p.path, p.expected) for p in error.value.problems]
    assert any(at == path and expected in wanted for at, wanted in problems), problems


def test_a_child_replaces_its_parents_shape_or_shorthand(tmp_path: Path) -> None:
    (tmp_path / "parent.toml").write_text(
        '[meta]\nid = "parent"\nname = "p"\nextends = "romme51"\n'
        "[opening]\nshape = { pure_runs = 1, pure_run_min = 4 }\n"
    )
    child = '[meta]\nid = "child"\nname = "c"\nextends = "parent.toml"\n[opening]\n'
    (tmp_path / "short.toml").write_text(child + "pure_run_min = 5\n")
    (tmp_path / "none.toml").write_text(child + "require_pure_run = false\n")
    assert load_variant(tmp_path / "parent.toml").opening.pure_run_min == 4
    short = load_variant(tmp_path / "short.toml").opening
    assert short.require_pure_run and short.pure_run_min == 5
    assert not load_variant(tmp_path / "none.toml").opening.require_pure_run
    # romme51 writes require_pure_run and pure_run_min; a child's shape stands in their place
    assert loads_variant(OPENING + "shape = { pure_runs = 1, pure_run_min = 4 }\n").opening.pure_run_min == 4
