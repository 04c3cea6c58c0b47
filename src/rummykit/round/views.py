"""What one seat may see: built field by field from a whitelist, so a new
field of the state stays hidden until someone decides to show it.

>>> import rummykit as rk
>>> state = rk.deal(rk.load_variant("rami51"), players=3, seed=1)
>>> view = state.view(1)
>>> len(view.hand), view.hand_sizes, view.stock_size
(13, (13, 13, 13), 68)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from rummykit.core.cards import Card
from rummykit.core.errors import Refusal, SeatError
from rummykit.core.meld_model import Meld
from rummykit.core.moves import Move
from rummykit.core.round_values import RoundResult
from rummykit.rules.variant_queries import opening_verdict

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = [
    "KnockView",
    "OpeningView",
    "PlayerView",
    "TableView",
    "chosen_shown",
    "knock_view_of",
    "taken_shown",
    "tentative_of",
    "view_of",
]


@attrs.frozen(slots=True)
class TableView:
    """A table meld as every seat sees it: its owner and the meld; ``number``
    is the 1-based number moves use (``layoff 2 Ts``), ``points`` the meld's
    table points, and ``tentative`` says it was laid this turn by the player
    to move, who can still take it back."""

    owner: int
    meld: Meld
    number: int = 0
    points: int = 0
    tentative: bool = False

    @property
    def notation(self) -> str:
        return self.meld.notation()


@attrs.frozen(slots=True)
class OpeningView:
    """The opening as the table shows it: the points it needs (None where the
    variant asks no minimum), the points of this turn's new melds so far,
    and whether those melds make an opening now (``allowed``: by the
    minimum and every other opening condition, a pure run or the deal's
    contract; always where the player to move has opened), else ``reason``,
    the refusal the commit would give them.

    >>> import rummykit as rk
    >>> rk.deal(rk.load_variant("rami51"), players=2, seed=1).view(0).opening.reason.code
    'opening.below-minimum'
    """

    minimum: int | None = None
    so_far: int = 0
    allowed: bool = False
    reason: Refusal | None = None


@attrs.frozen(slots=True)
class KnockView:
    """The first upcard and the knock as the table shows them (all empty
    where the variant has neither): the seats that passed the first upcard,
    the seat that knocked, whether it was gin, and the cards the defender
    laid off. ``knock_card`` lies face down: only the knocker's own view
    names it."""

    upcard_passes: tuple[int, ...] = ()
    knocker: int | None = None
    gin: bool = False
    layoffs: tuple[Card, ...] = ()
    knock_card: Card | None = None


_NO_KNOCK_VIEW = KnockView()
"""The knock view of a round nobody knocks in (a frozen value: shared)."""


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
    variant_name: str = ""
    opening: OpeningView = OpeningView()
    log: tuple[str, ...] = ()  # the round's last public moves, oldest first ("1: draw")
    knock: KnockView = KnockView()
    indicator: Card | None = None  # the deal's indicator card (deal.indicator), public
    dropped: tuple[int, ...] = ()  # seats out of the deal, with what each left with (empty: all in)
    chosen: Card | None = None  # the card the player to move chose deep in the discard row (public)


def view_of(state: RoundState, seat: int | None, *, with_legal: bool = True) -> PlayerView:
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        wrong = f"{type(seat).__name__} {seat!r}"[:60]
        raise TypeError(
            f"seat must be an int from 0 to {state.players - 1}, or None for a spectator, not {wrong}"
        )
    if seat is not None and not 0 <= seat < state.players:
        raise SeatError(seat, state.players)
    visible = state.rules.draw.visible_discards(state.discard)
    tentative = tentative_of(state)
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
        table=tuple(
            TableView(t.owner, t.meld, i + 1, t.meld.points, i in tentative)
            for i, t in enumerate(state.table)
        ),
        discards=tuple(visible),
        discard_size=len(state.discard),
        stock_size=len(state.stock),
        exchange=state.exchange,
        opened=state.opened,
        taken=taken_shown(state),
        result=state.result,
        legal=tuple(state.legal_moves(seat)) if with_legal and seat is not None else (),
        deal_number=state.deal_number,
        variant_name=state.variant.name,
        opening=_opening_view(state, tentative),
        log=state.log,
        knock=knock_view_of(state, seat),
        indicator=state.indicator,
        dropped=state.dropped,
        chosen=chosen_shown(state),
    )


def _opening_view(state: RoundState, tentative: set[int]) -> OpeningView:
    """The opening of the player to move, with the verdict on this turn's new melds."""
    minimum = state.rules.opening.minimum or None
    so_far = sum(state.table[i].meld.points for i in tentative) if tentative else 0
    if state.opened[state.to_move]:
        return OpeningView(minimum, so_far, True, None)
    melds = [state.table[i].meld for i in sorted(tentative)] if tentative else ()
    verdict = opening_verdict(state.rules, melds, deal_number=state.deal_number)
    reason = verdict if isinstance(verdict, Refusal) else None
    return OpeningView(minimum, so_far, reason is None, reason)


def knock_view_of(state: RoundState, seat: int | None) -> KnockView:
    """The knock as ``seat`` sees it: the knock card face down but to the knocker."""
    knocking = state.knocking
    if knocking.knocker is None and not knocking.upcard_passes:
        return _NO_KNOCK_VIEW
    return KnockView(
        knocking.upcard_passes,
        knocking.knocker,
        knocking.gin,
        knocking.layoffs,
        knocking.knock_card if seat is not None and seat == knocking.knocker else None,
    )


def taken_shown(state: RoundState) -> Card | None:
    """The card taken this turn, shown while the turn is played."""
    return state.turn.taken if state.phase == "play" else None


def chosen_shown(state: RoundState) -> Card | None:
    """The card chosen from deep in the discard row this turn, which must go
    on the table this turn (in a new meld, R-ROE-05; or melded or laid off,
    R-500-03), shown while the turn is played."""
    return state.turn.chosen if state.phase == "play" else None


def tentative_of(state: RoundState) -> set[int]:
    """The indices of the melds laid this turn, which the player to move can still take back."""
    return set(state.turn.new_melds) if state.phase == "play" else set()
