"""What one seat may see: built field by field from a whitelist, so a new
field of the state stays hidden until someone decides to show it.

>>> import rummykit as rk
>>> state = rk.deal(rk.load_variant("rami51"), players=3, seed=1)
>>> view = state.view(1)
>>> len(view.hand), view.hand_sizes, view.stock_size
(13, (13, 13, 13), 68)
"""

from __future__ import annotations

import attrs

from rummykit.cards import Card
from rummykit.melds import Meld
from rummykit.moves import Move
from rummykit.rules.draw import draw_rule
from rummykit.state import RoundResult, RoundState

__all__ = ["PlayerView", "TableView", "view_of"]


@attrs.frozen(slots=True)
class TableView:
    """A table meld as every seat sees it: its owner and the meld."""

    owner: int
    meld: Meld

    @property
    def notation(self) -> str:
        return self.meld.notation()


@attrs.frozen(slots=True)
class PlayerView:
    """A seat's view of a round (``seat`` None: a spectator, who sees no hand)."""

    seat: int | None
    variant: str
    players: int
    dealer: int
    to_move: int
    phase: str
    turns_played: int
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    table: tuple[TableView, ...]
    discards: tuple[Card, ...]  # the visible ones, bottom first
    discard_size: int
    stock_size: int
    exchange: Card | None
    opened: tuple[bool, ...]
    taken: Card | None  # the discard the player to move took this turn (public)
    result: RoundResult | None
    legal: tuple[Move, ...] = ()  # the seat's legal moves (out of turn: a buy, when open to it)
    deal_number: int = 0  # which deal of a match, where contracts change by deal (0: not in use)


def view_of(state: RoundState, seat: int | None, *, with_legal: bool = True) -> PlayerView:
    if seat is not None and not 0 <= seat < state.players:
        raise ValueError(f"seat must be from 0 to {state.players - 1}, not {seat}")
    visible = draw_rule(state.variant).visible_discards(state.discard)
    return PlayerView(
        seat=seat,
        variant=state.variant.id,
        players=state.players,
        dealer=state.dealer,
        to_move=state.to_move,
        phase=state.phase,
        turns_played=state.turns_played,
        hand=None if seat is None else state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        table=tuple(TableView(t.owner, t.meld) for t in state.table),
        discards=tuple(visible),
        discard_size=len(state.discard),
        stock_size=len(state.stock),
        exchange=state.exchange,
        opened=state.opened,
        taken=state.turn.taken if state.phase == "play" else None,
        result=state.result,
        legal=tuple(state.legal_moves(seat)) if with_legal and seat is not None else (),
        deal_number=state.deal_number,
    )
