"""Whatever text or value a caller gives, the error says what was expected
in one bounded sentence, with the library's error classes (a fuzz found
bare OSErrors, AttributeErrors and refusals as long as the text given)."""

from __future__ import annotations

import pytest

import rummykit as rk


def test_a_long_path_given_as_a_variant_is_named_shortened() -> None:
    with pytest.raises(rk.VariantError) as refused:
        rk.load_variant("a" * 100_000 + ".toml")
    assert len(str(refused.value)) < 300 and "expected a readable TOML file" in str(refused.value)


@pytest.mark.parametrize("ref", ["a" * 300, "x\x00y", "no such variant"])
def test_a_variant_id_that_names_no_bundled_variant_is_a_variant_error(ref: str) -> None:
    with pytest.raises(rk.VariantError) as refused:
        rk.load_variant(ref)
    message = str(refused.value)
    assert "expected a bundled id" in message and len(message) < 600
    with pytest.raises(rk.VariantError):
        rk.loads_variant(f'[meta]\nextends = "{ref[:300]}"'.replace("\x00", ""))
    with pytest.raises(rk.PositionError):
        rk.position_from_dict({"variant": ref, "players": 2, "hands": ["2c", "3c"]})


def test_a_refusal_names_a_long_text_shortened() -> None:
    state = rk.deal("rami51", players=2, seed=1)
    for text in ("x" * 100_000, "discard " + "Q" * 100_000):
        with pytest.raises(rk.IllegalMove) as refused:
            state.apply(text)
        assert refused.value.code == "notation.invalid" and len(str(refused.value)) < 300
        assert "..." in str(refused.value)
    with pytest.raises(rk.NotationError) as unread:
        rk.parse_card("Z" * 1000)
    assert unread.value.token == "Z" * 1000 and len(str(unread.value)) < 300
    with pytest.raises(rk.IllegalMove) as short:
        state.apply("discard Qx")
    assert str(short.value) == "notation.invalid: Cannot read 'Qx': unknown suit 'x' (use c, d, h, s)."


def test_arguments_of_the_wrong_type_say_what_was_expected() -> None:
    # (the compiled build's own check of the argument's type comes first: "int object expected")
    with pytest.raises(TypeError, match=r"players: expected an int, got '2'|int object expected"):
        rk.deal("rami51", players="2")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"expected TOML text \(a str\), got NoneType"):
        rk.loads_variant(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"rami51 is played by 2 to 6 players, not 1"):
        rk.deal("rami51", players=1)


def test_an_integer_too_long_to_read_is_a_json_error() -> None:
    with pytest.raises(rk.JSONError) as refused:
        rk.from_json('{"schema": ' + "9" * 5000 + "}")
    assert str(refused.value) == "$: expected integers of at most 4300 digits, got one of 5000"
