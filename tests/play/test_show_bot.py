"""GreedyBot in a variant with a declaration and the fold (Indian Rummy,
rummykit.play.show_bot): it declares a valid show, drops a hopeless hand
before its first draw and plays any other, discards to lower its count and
takes the open card that lowers it."""

from __future__ import annotations

from typing import Any

import rummykit as rk
from rummykit.core.moves import Declare, Discard, Draw, Drop, Take
from rummykit.play.bots import GreedyBot

INDIAN = rk.load_variant("indian")
SHOWN = "2h 3h 4h 5s 6s 7s 8d 8c 8h Kc Kd Ks Qd"
LOSER = "3c 4c 5c 6h JK 8h Kd Qs 2d 7s 4d Ts Jh"
HOPELESS = "2c 5c 8c Jc 3d 6d 9d Qd 4h 7h Th Kh 2s"  # aces wild: no wild card, no two close in a suit


def choice(position: dict[str, Any], moves: tuple[str, ...] = ()) -> rk.Move:
    state = rk.position_from_dict({"variant": "indian", "players": 2, **position}, variant=INDIAN)
    for move in moves:
        state = state.apply(move)
    view = state.view(state.to_move)
    move = GreedyBot(INDIAN, seed=1).choose(view)
    assert move in view.legal
    return move


def test_it_declares_a_valid_show_putting_down_the_card_left_over() -> None:
    move = choice({"cut_card": "9c", "hands": [SHOWN, LOSER], "stock": "Kh"}, ("0: draw",))
    assert move == Declare(rk.Card("Qd"))


def test_it_discards_rather_than_show_wrongly_and_keeps_its_count_low() -> None:
    move = choice({"cut_card": "9c", "hands": [SHOWN, LOSER], "stock": "As"}, ("0: draw",))
    assert isinstance(move, Discard) and move.card in (rk.Card("As"), rk.Card("Qd"))


def test_it_drops_a_hopeless_hand_before_its_first_draw() -> None:
    assert choice({"cut_card": "As", "hands": [HOPELESS, LOSER], "stock": "Kh"}) == Drop()


def test_it_plays_a_hand_with_a_wild_card_or_a_sequence_begun() -> None:
    with_wild = HOPELESS.replace("2s", "JK")
    assert isinstance(choice({"cut_card": "As", "hands": [with_wild, LOSER], "stock": "Kh"}), Draw)
    begun = HOPELESS.replace("2s", "3c")  # 2c 3c
    assert isinstance(choice({"cut_card": "As", "hands": [begun, LOSER], "stock": "Kh"}), Draw)


def test_it_drops_only_before_its_first_draw() -> None:
    later = {"cut_card": "As", "hands": [HOPELESS, LOSER], "stock": "Kh", "turns_played": 2, "dealer": 1}
    assert isinstance(choice(later), Draw)


def test_it_takes_the_open_card_that_completes_a_group() -> None:
    hand = "2h 3h 4h 5s 6s 7s 8d 8c 8h Kc Kd Ks 2c"
    assert isinstance(choice({"cut_card": "9c", "hands": [hand, LOSER], "discard": "Qd 7d"}), Draw)
    assert choice({"cut_card": "9c", "hands": [hand, LOSER], "discard": "7d Kh"}) == Take()
