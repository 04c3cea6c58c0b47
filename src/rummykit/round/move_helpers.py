"""The small steps every phase of the engine shares: a refusal, the mover's
hand less some cards or replaced, the play phase required.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rummykit.core.cards import Card, code_order
from rummykit.core.errors import IllegalMove

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = ["hands_with", "need_play", "refuse", "remove_faces", "with_hand"]


def refuse(code: str, message: str, **fields: object) -> IllegalMove:
    return IllegalMove(code, message, **fields)


def remove_faces(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """The hand without these cards (faces), or None if it lacks one."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card.face)
        except ValueError:
            return None
    return tuple(rest)


def need_play(state: RoundState) -> None:
    if state.phase != "play":
        raise refuse("turn.wrong-phase", "Draw a card first.")


def with_hand(state: RoundState, hand: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The hands with the mover's replaced by the faces ``hand``, put in code order."""
    return hands_with(state, tuple(sorted(hand, key=code_order)))


def hands_with(state: RoundState, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """The hands with the mover's replaced by ``hand``, already in code order."""
    hands = list(state.hands)
    hands[state.to_move] = hand
    return tuple(hands)
