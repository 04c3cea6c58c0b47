"""What the variant loader says of a reference or a text it cannot use
(an audit of the variant author's side found each): the file and key at
fault, never a bare error from deep inside."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummykit.core.errors import VariantError
from rummykit.core.files import MAX_FILE_BYTES
from rummykit.variant.loading import load_variant, loads_variant


@pytest.mark.parametrize(
    ("extends", "got"),
    [("rami99", "got 'rami99'"), ("missing.toml", "got 'missing.toml': "), (".", "got '.'")],
)
def test_a_parent_that_cannot_be_found_is_the_childs_extends(tmp_path: Path, extends: str, got: str) -> None:
    child = tmp_path / "child.toml"
    child.write_text(f'[meta]\nid = "child"\nname = "Child"\nextends = "{extends}"\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(child)
    problem = info.value.problems[0]
    assert (problem.file, problem.path) == (str(child), "meta.extends") and got in str(info.value)


@pytest.mark.parametrize("ref", [5, None, b"rami51.toml"])
def test_a_reference_that_is_no_text_or_path_is_a_clear_type_error(ref: object) -> None:
    with pytest.raises(TypeError, match="expected a bundled variant id or a path"):
        load_variant(ref)  # type: ignore[arg-type]


def test_a_name_may_not_drive_a_terminal() -> None:
    text = '[meta]\nid = "x"\nname = "Red\\u001b[31m"\nextends = "rami51"\n'
    says = r"meta\.name: expected a non-empty string without control characters"
    with pytest.raises(VariantError, match=says):
        loads_variant(text)
    assert loads_variant(text.replace("Red\\u001b[31m", "Rommé\\tmit Tab")).name == "Rommé\tmit Tab"


def test_a_name_is_one_line() -> None:
    """A new line in a name forged a line of check-variant's output (a warning of another file)."""
    text = '[meta]\nid = "x"\nname = "Line one\\nwarning: fake.toml: spoofed"\nextends = "rami51"\n'
    says = r"meta\.name: expected a non-empty string without control characters, on one line, got"
    with pytest.raises(VariantError, match=says):
        loads_variant(text)
    with pytest.raises(VariantError, match=says):  # Unicode's line separator: a line break to splitlines
        loads_variant(text.replace("\\n", "\\u2028"))
    loads_variant(text.replace("name", "seed", 1).replace("[meta]", '[meta]\nname = "N"'))  # a seed may


def test_a_text_is_bounded_as_a_file_is() -> None:
    text = '[meta]\nid = "x"\nname = "X"\nextends = "rami51"\n' + "#" * MAX_FILE_BYTES
    with pytest.raises(VariantError, match=f"expected at most {MAX_FILE_BYTES} bytes of TOML"):
        loads_variant(text)


def test_an_integer_of_too_many_digits_is_said_plainly() -> None:
    """An audit: Python's own advice (``sys.set_int_max_str_digits``) was the problem's text."""
    text = '[meta]\nid = "big"\nname = "Big"\nextends = "rami51"\n[deal]\nhand_size = ' + "9" * 5000 + "\n"
    with pytest.raises(VariantError) as error:
        loads_variant(text)
    assert "an integer of more than 4300 digits" in str(error.value)
    assert "set_int_max_str_digits" not in str(error.value)
