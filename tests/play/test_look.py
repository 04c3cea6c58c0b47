"""Issue 31, item 4: how the terminal game's lines look (rummykit.play.look):
the hand by suit, the moves in columns, red hearts and diamonds only where
colour is wanted."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rummykit.core.cards import Card, build_deck, parse_cards
from rummykit.play.look import RED, RESET, colour_wanted, columns, hand_by_suit, paint

DECK = build_deck(2, 4)


@given(st.lists(st.sampled_from(DECK), max_size=20))
def test_the_hand_by_suit_keeps_every_card_and_groups_each_suit_once(cards: list[Card]) -> None:
    text = hand_by_suit(cards)
    groups = [group.split() for group in text.split("  ")] if cards else []
    assert sorted(t for g in groups for t in g) == sorted(str(c) for c in cards)
    kinds = [{t[-1] if t != "JK" else "joker" for t in group} for group in groups]
    assert all(len(kind) == 1 for kind in kinds)
    order = [kind.pop() for kind in kinds]
    assert order == sorted(order, key=lambda k: "cdhs joker".index(k)) and len(set(order)) == len(order)


def test_a_run_shows_in_rank_order() -> None:
    assert hand_by_suit(parse_cards("9h 4s 8h Kd 7h 2s")) == "Kd  7h 8h 9h  2s 4s"


@given(st.lists(st.text("abcdefgh 123", min_size=1, max_size=18), max_size=40), st.integers(10, 200))
def test_columns_fit_the_width_and_read_down_each_column(items: list[str], width: int) -> None:
    lines = columns(items, width=width)
    cell = max((len(i) for i in items), default=0) + 4
    rows = len(lines)
    if rows < len(items):  # more than one column: they fit
        assert all(len(line) <= width for line in lines)
    read = [items[r::rows] for r in range(rows)] if rows else []
    for line, row in zip(lines, read, strict=True):
        assert line == "".join(item.ljust(cell) for item in row).rstrip()


def test_only_hearts_and_diamonds_are_red_and_only_with_colour() -> None:
    line = "meld 7h 8d JK=9h; discard Ks; Adam holds 2c"
    assert paint(line, colour=False) == line
    painted = paint(line, colour=True)
    assert painted.count(RED) == 3 and painted.count(RESET) == 3
    assert f"{RED}7h{RESET}" in painted and f"JK={RED}9h{RESET}" in painted and "Adam" in painted


def test_colour_is_wanted_only_on_a_terminal_without_no_color() -> None:
    assert colour_wanted(tty=True, environ={"TERM": "xterm"})
    assert not colour_wanted(tty=False, environ={"TERM": "xterm"})
    assert not colour_wanted(tty=True, environ={"NO_COLOR": "1"})
    assert colour_wanted(tty=True, environ={"NO_COLOR": ""})  # set but empty: colour (no-color.org)
    assert not colour_wanted(tty=True, environ={"TERM": "dumb"})
