"""Required meld shapes (core/meld_shape.py): what meets them, and how they
are read from TOML with errors that name the path, the expected and the found."""

from __future__ import annotations

import pytest

from rummykit.core.meld_shape import MeldShape, read_meld_shape
from rummykit.core.toml_schema import MISSING


@pytest.mark.parametrize(
    ("shape", "melds", "met"),
    [
        (MeldShape(runs=2, pure_runs=1), (2, 1, 0), True),
        (MeldShape(runs=2, pure_runs=1), (3, 0, 2), False),
        (MeldShape(runs=2, pure_runs=1), (1, 1, 4), False),
        (MeldShape(pure_runs=1), (1, 1, 0), True),
        (MeldShape(pure_runs=1), (0, 0, 3), False),
        (MeldShape(sets=2, runs=1, exact=True), (1, 0, 2), True),
        (MeldShape(sets=2, runs=1, exact=True), (2, 0, 2), False),
        (MeldShape(sets=2, runs=1, exact=True), (1, 1, 3), False),
        (MeldShape(), (0, 0, 0), True),
    ],
)
def test_what_meets_a_shape(shape: MeldShape, melds: tuple[int, int, int], met: bool) -> None:
    assert shape.met_by(*melds) is met


def read(value: object) -> tuple[object, list[tuple[str, str, str]]]:
    problems: list[tuple[str, str, str]] = []
    return read_meld_shape(value, "declare.shape", lambda *p: problems.append(p)), problems


def test_a_shape_is_read_from_a_table() -> None:
    shape, problems = read({"runs": 2, "pure_runs": 1})
    assert shape == MeldShape(runs=2, pure_runs=1) and problems == []
    assert read({"sets": 1, "exact": True, "pure_run_min": 4})[0] == MeldShape(
        sets=1, exact=True, pure_run_min=4
    )


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("declare", ("declare.shape", "a table", "string 'declare'")),
        ({"runs": -1}, ("declare.shape.runs", "an integer from 0 to 20", "integer -1")),
        ({"exact": 1}, ("declare.shape.exact", "true or false", "integer 1")),
        ({"pure_run_min": 0}, ("declare.shape.pure_run_min", "an integer from 1 to 14", "integer 0")),
        (
            {"runs": 1, "pure_runs": 2, "exact": True},
            ("declare.shape.pure_runs", "at most runs (1) where exact = true", "integer 2"),
        ),
        ({"exact": True}, ("declare.shape.exact", "false where the shape asks for no meld", "boolean true")),
    ],
)
def test_a_wrong_shape_is_reported(value: object, problem: tuple[str, str, str]) -> None:
    shape, problems = read(value)
    assert shape is MISSING and problems == [problem]


def test_an_unknown_key_is_reported_with_the_nearest() -> None:
    shape, problems = read({"run": 2})
    assert (
        shape is MISSING and problems[0][0] == "declare.shape.run" and "declare.shape.runs" in problems[0][2]
    )
