"""Issue 8, items 1, 11 (move text and move objects) and 12: no seat acts for
another, a refusal never depends on cards the seat may not see, bad move
input is one clear error, and `out` refusals say why in the right order."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit.core.cards import JOKER, Card
from rummykit.core.errors import NotationError
from rummykit.core.moves import (
    Discard,
    Draw,
    Exchange,
    LayOff,
    Meld,
    Move,
    Out,
    SwapJoker,
    Take,
    Undo,
    parse_move,
    parse_seat_move,
    split_seat,
)
from rummykit.io.records import Record
from rummykit.round.state import RoundState
from rummykit.testing.strategies import naturals, positions

RAMI = rk.load_variant("rami51")
VARIANTS = [rk.load_variant(ref) for ref in rk.bundled_variants()]
DECK_FACES = sorted(set(RAMI.deck_for(2)), key=lambda c: c.code)


def _refusal(state: RoundState, move: Move | str, seat: int | None = None) -> tuple[str, str]:
    with pytest.raises(rk.IllegalMove) as caught:
        state.apply(move, seat=seat)
    return caught.value.code, caught.value.message


def _needs_discard_position(hand: str, stock: str, *, opened: bool = False) -> RoundState:
    """Romme 51 (a last discard is required), seat 0 opened and to move."""
    data = {
        "variant": "romme51",
        "players": 2,
        "hands": [hand, "3c 4d"],
        "stock": stock,
        "opened": [True, opened],
    }
    return rk.position_from_dict(data)


def _dealt() -> RoundState:
    return rk.deal(RAMI, players=2, seed=7)


# --------------------------------------------------------------------------- item 1: the seat


@pytest.mark.parametrize("text", ["0: draw", " 0 : draw", "00: draw", "0:draw"])
def test_written_seat_never_overrides_the_seat_argument(text: str) -> None:
    state = _dealt()
    assert state.to_move == 0
    code, message = _refusal(state, text, seat=1)
    assert code == "turn.not-your-turn"
    assert message == "It is seat 0's turn, not seat 1's."


def test_the_seat_to_move_cannot_write_another_seat() -> None:
    state = _dealt()
    code, message = _refusal(state, "1: draw", seat=0)
    assert (code, message) == ("turn.not-your-turn", "Seat 0 cannot move for seat 1.")
    assert state.apply("0: draw", seat=0).phase == "play"
    assert state.apply("draw", seat=0).phase == "play"


def test_without_a_seat_argument_the_written_seat_must_be_the_mover() -> None:
    state = _dealt()
    assert _refusal(state, "1: draw")[0] == "turn.not-your-turn"
    assert state.apply("0: draw").phase == "play"


def test_probing_another_hand_by_discards_reveals_nothing() -> None:
    """Seat 1 tries every face of the deck as seat 0's discard: one answer."""
    state = _dealt().apply("draw")
    held = set(state.hands[0])
    assert held and set(DECK_FACES) - held
    answers = {
        _refusal(state, f"{prefix}discard {card}", seat=1)
        for card in DECK_FACES
        for prefix in ("0: ", "1: ", "")
    }
    answers |= {_refusal(state, Discard(card), seat=1) for card in DECK_FACES}
    assert answers == {("turn.not-your-turn", "It is seat 0's turn, not seat 1's.")}


@pytest.mark.parametrize(
    ("seat", "error"),
    [
        ("0", TypeError),
        (True, TypeError),
        (False, TypeError),
        (0.0, TypeError),
        (2, ValueError),
        (-1, ValueError),
    ],
)
def test_a_seat_that_is_no_seat_is_bad_input(seat: Any, error: type[Exception]) -> None:
    state = _dealt()
    with pytest.raises(error, match="seat must be"):
        state.apply("draw", seat=seat)
    with pytest.raises(error, match="seat must be"):
        rk.deal(RAMI, players=2, seed=7).apply(Draw(), seat=seat)


def test_a_bad_seat_is_bad_input_even_after_the_round() -> None:
    state = _needs_discard_position("7h 8h 9h", "2c", opened=True)
    over = state.apply("draw").apply("meld 7h 8h 9h").apply("discard 2c")
    assert over.is_over
    with pytest.raises(ValueError, match="seat must be"):
        over.apply("draw", seat=5)
    assert _refusal(over, "draw", seat=1)[0] == "turn.round-over"


def test_record_play_refuses_a_written_seat_not_to_move() -> None:
    state = _dealt()
    record = Record.start(state)
    with pytest.raises(rk.IllegalMove) as caught:
        record.play("1: draw")
    assert caught.value.code == "turn.not-your-turn"
    assert record.moves == ()
    assert record.play(" 0 : draw").moves == ("0: draw",)
    assert record.play("draw").moves == ("0: draw",)
    assert record.play(Draw()).moves == ("0: draw",)


move_words = st.sampled_from(["draw", "draw exchange", "take", "take 2", "take 9", "out", "undo"])


@st.composite
def move_texts(draw: st.DrawFn, players: int) -> str:
    """Move text of every kind, naming any cards, with or without a seat."""
    card = draw(naturals | st.just(JOKER))
    cards = " ".join(str(c) for c in draw(st.lists(naturals, min_size=1, max_size=4)))
    body = draw(
        move_words
        | st.sampled_from(["discard", "exchange", "swap 1", "layoff 1", "meld"]).map(lambda v: f"{v} {card}")
        | st.just(f"meld {cards}")
        | st.just(f"layoff 2 {cards}")
        | st.text(max_size=12)
    )
    written = draw(st.none() | st.integers(0, players - 1))
    return body if written is None else f"{written}: {body}"


moves_objects = st.one_of(
    st.builds(Draw),
    st.builds(Take, st.integers(1, 200)),
    st.builds(Discard, naturals),
    st.builds(Exchange, naturals),
    st.builds(Meld, st.lists(naturals, min_size=1, max_size=5).map(tuple)),
    st.builds(LayOff, st.integers(1, 5), st.lists(naturals, min_size=1, max_size=3).map(tuple)),
    st.builds(SwapJoker, st.integers(1, 5), naturals),
    st.builds(Out),
    st.builds(Undo),
)


@given(st.data())
def test_out_of_turn_everything_gets_one_refusal(data: st.DataObject) -> None:
    """Random states, a random seat not to move, any move text or object: the
    same code and message, whatever cards it names."""
    variant = data.draw(st.sampled_from(VARIANTS))
    state = data.draw(positions(variant))
    seat = data.draw(st.sampled_from([s for s in range(state.players) if s != state.to_move]))
    expected = ("turn.not-your-turn", f"It is seat {state.to_move}'s turn, not seat {seat}'s.")
    move = data.draw(move_texts(state.players) | moves_objects)
    assert _refusal(state, move, seat=seat) == expected


@given(st.data())
def test_the_mover_naming_another_seat_gets_one_refusal(data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from(VARIANTS))
    state = data.draw(positions(variant))
    named = data.draw(st.sampled_from([s for s in range(state.players) if s != state.to_move]))
    body = data.draw(move_texts(state.players).map(lambda text: split_seat(text)[1]))
    expected = ("turn.not-your-turn", f"Seat {state.to_move} cannot move for seat {named}.")
    assert _refusal(state, f"{named}: {body}", seat=state.to_move) == expected


# --------------------------------------------------------------------------- item 11: move text


@pytest.mark.parametrize(
    "text",
    [
        "take ²",
        "²: draw",
        "layoff ³ 7h",
        "swap ¹ 7h",
        "take ٣",  # an Arabic-Indic three: int() reads it, the notation does not
        "٣: draw",
        "take 1234567",
        "take 0",
        "take -2",
        "1234567: draw",
        "99999999999999999999999999999999999999999999: draw",
        "take " + "9" * 5000,
        "meld",
        "meld ",
        'meld ""',
        "meld ,",
        "layoff 1",
        "0: 1: draw",
    ],
)
def test_bad_move_text_is_notation_invalid(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text)
    state = _dealt().apply("draw")
    state_before = state
    assert _refusal(state, text)[0] == "notation.invalid"
    assert state == state_before


def test_numbers_in_move_text_are_ascii_digits() -> None:
    assert parse_seat_move("007: take 12") == (7, Take(12))
    assert parse_move("layoff 3 7h") == LayOff(3, (Card("7h"),))


def test_a_number_too_long_is_named_as_such_and_cut_short() -> None:
    assert parse_move("take 999999") == Take(999999)
    with pytest.raises(NotationError) as info:
        parse_move("take 9999999")
    assert str(info.value) == "cannot read 'take 9999999': '9999999' has more than 6 digits"
    with pytest.raises(NotationError) as info:
        parse_move("layoff " + "9" * 4000 + " 7h")
    reason = str(info.value).rpartition(": ")[2]
    assert reason.endswith("has more than 6 digits") and len(reason) < 80


@pytest.mark.parametrize(
    ("build", "error"),
    [
        (lambda: Meld("7h 8h 9h"), TypeError),  # type: ignore[arg-type]
        (lambda: Meld(("7h", "8h", "9h")), TypeError),  # type: ignore[arg-type]
        (lambda: Meld(()), ValueError),
        (lambda: Meld(None), TypeError),  # type: ignore[arg-type]
        (lambda: Discard(5), TypeError),  # type: ignore[arg-type]
        (lambda: Discard("7h"), TypeError),  # type: ignore[arg-type]
        (lambda: Exchange(None), TypeError),  # type: ignore[arg-type]
        (lambda: LayOff(None, (Card("7h"),)), TypeError),  # type: ignore[arg-type]
        (lambda: LayOff(1, ()), ValueError),
        (lambda: LayOff(0, (Card("7h"),)), ValueError),
        (lambda: LayOff("1", (Card("7h"),)), TypeError),  # type: ignore[arg-type]
        (lambda: SwapJoker(-1, Card("7h")), ValueError),
        (lambda: SwapJoker(1, "7h"), TypeError),  # type: ignore[arg-type]
        (lambda: Take(-2), ValueError),
        (lambda: Take(-3), ValueError),
        (lambda: Take(0), ValueError),
        (lambda: Take(True), TypeError),
        (lambda: Take(2.0), TypeError),  # type: ignore[arg-type]
    ],
)
def test_move_objects_check_their_fields(build: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match=r"^(Meld|Discard|Exchange|LayOff|SwapJoker|Take)\.\w+ must "):
        build()


def test_move_objects_take_lists_as_tuples() -> None:
    assert Meld([Card("7h"), Card("8h"), Card("9h")]) == parse_move("meld 7h 8h 9h")
    assert hash(LayOff(1, [Card("7h")])) == hash(LayOff(1, (Card("7h"),)))


@pytest.mark.parametrize("move", [object(), 5, None, ("draw",), Card("7h")])
def test_apply_refuses_what_is_no_move(move: Any) -> None:
    assert _refusal(_dealt(), move)[0] == "notation.invalid"


def test_a_deep_take_past_the_row_is_refused() -> None:
    state = rk.position_from_dict(
        {"variant": "roemie", "players": 2, "hands": ["7h 8h", "5c 9d"], "discard": "2c 3d 4s"}
    )
    for depth in (4, 10**30):
        assert _refusal(state, Take(depth))[0] == "draw.discard-row"


@given(variant=st.sampled_from(VARIANTS), move=moves_objects, text=st.text(max_size=20), data=st.data())
def test_the_mover_gets_a_state_or_an_illegal_move(
    variant: rk.Variant, move: Move, text: str, data: st.DataObject
) -> None:
    """Any move object or text from the seat to move: a new state or
    IllegalMove, the given state unchanged."""
    state = data.draw(positions(variant))
    before = state.to_json()
    for attempt in (move, text, f"{state.to_move}: {text}"):
        with contextlib.suppress(rk.IllegalMove):
            state.apply(attempt, seat=state.to_move)
    assert state.to_json() == before


# --------------------------------------------------------------------------- item 12: out


def test_out_with_cards_in_hand_is_not_empty_even_where_a_discard_is_needed() -> None:
    state = _needs_discard_position("7h 8h 9h", "2c").apply("draw")
    assert _refusal(state, "out")[0] == "out.not-empty"
    state = state.apply("meld 7h 8h 9h")
    assert state.hands[0] == (Card("2c"),)
    assert _refusal(state, "out")[0] == "out.not-empty"


def test_out_with_an_empty_hand_needs_a_discard_where_the_variant_wants_one() -> None:
    state = _needs_discard_position("7h 8h 9h", "Th").apply("draw").apply("meld 7h 8h 9h Th")
    assert state.hands[0] == ()
    assert _refusal(state, "out")[0] == "out.needs-discard"
