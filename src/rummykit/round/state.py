"""The round state: one immutable value holding everything about a round.

``state.apply(move)`` returns a new state or raises
:class:`~rummykit.core.errors.IllegalMove`, leaving the old one exactly as it was.

The round's plain values (``TableMeld``, ``Turn``, ``Step``, ``RoundResult``,
the phases, ``sorted_hand`` ...) live in :mod:`rummykit.core.round_values`,
below the rules.

``apply``, ``legal_moves``, ``view`` and ``to_json`` call the engine (through
:mod:`rummykit.round.move_log`), the legal-move listing, the views and the
state's JSON writer, which never import this module: they copy a state
through its own methods (``evolve`` and the copies in ``COPIES``).
docs/how-the-engine-is-built.md tells the order of the modules.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, NoReturn, final

from rummykit.core.cards import JOKER_CODE, Card
from rummykit.core.errors import IllegalMove
from rummykit.core.moves import Move
from rummykit.core.round_values import (
    Knocking,
    Leaving,
    Phase,
    RoundResult,
    TableMeld,
    Turn,
)
from rummykit.io.state_writer import state_json
from rummykit.round.legal import legal_moves
from rummykit.round.move_log import apply_logged
from rummykit.round.views import PlayerView, view_of
from rummykit.rules.rule_set import RuleSet, deal_rules_of
from rummykit.speed.evolve import set_changes, twin_copier, use_twin_changers
from rummykit.speed.frozen import FrozenValue, frozen_error
from rummykit.variant.model import Variant

__all__ = ["STATE_FIELDS", "RoundState"]


_FRESH_TURN = Turn()
_NO_KNOCK = Knocking()


@final
class RoundState(FrozenValue):
    """One round of one variant. Seats are 0 … players-1.

    A frozen value: its fields cannot be set (``evolve`` makes a changed
    copy), and two states are equal when every field but ``variant``,
    ``log`` and ``rules`` is (the variant is compared through
    ``variant_digest``).

    A :class:`rummykit.speed.frozen.FrozenValue` rather than an attrs class,
    with the same behaviour, so that the compiled build makes it a native
    class, which it copies and reads far faster (docs/compiled-build.md):
    each field is declared once below, and ``tools/value_classes.py`` writes
    the constructor, ``evolve`` and the rest at the end of the class.
    """

    NOT_COMPARED = frozenset({"variant", "log", "rules"})
    COPIES: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = (
        ("with_log", ("log",)),
        ("with_knocking", ("knocking",)),
        ("after_stock_draw", ("hands", "phase", "turn", "stock", "buy_window", "log")),
        ("after_top_take", ("hands", "phase", "turn", "discard", "knocking", "log")),
        ("after_turn", ("phase", "turn", "to_move", "hands", "discard", "opened", "turns_played", "log")),
    )
    """The engine's copies made with every move (see ``FrozenValue.COPIES``):
    the log written after a move given as text, the knock's facts, a draw
    from the stock, a take of the top discard, and the end of a turn."""
    NOT_SHOWN = frozenset({"variant", "deck", "log", "variant_digest", "rules"})

    variant: Variant
    players: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]  # each in canonical order (sorted_hand), as the engine keeps it
    stock: tuple[Card, ...]  # top first
    discard: tuple[Card, ...]  # bottom first; the last is on top
    table: Annotated[tuple[TableMeld, ...], ()]
    opened: Annotated[tuple[bool, ...], ()]
    to_move: Annotated[int, 0]
    phase: Annotated[Phase, "draw"]
    turns_played: Annotated[int, 0]
    reshuffles: Annotated[int, 0]
    exchange: Annotated[Card | None, None]
    turn: Annotated[Turn, _FRESH_TURN]
    result: Annotated[RoundResult | None, None]
    seed: Annotated[int | None, None]
    deal_number: Annotated[int, 0]  # which deal of a match, where contracts change by deal; 0: not in use
    buys: Annotated[tuple[int, ...], ()]  # buys made this deal, by seat (empty: none yet)
    buy_window: Annotated[bool, False]  # the upcard may be bought now (R-CON-10)
    deck: Annotated[tuple[Card, ...], ()]  # the deck as dealt
    knocking: Annotated[Knocking, _NO_KNOCK]
    # Seats leaving the deal (the fold, a wrong show; R-IND-10, 13, 14), one
    # field so that a round nobody leaves carries one None: read through
    # ``dropped``, ``has_drawn`` and ``out_of_play`` (made by ``leaving_of``).
    leaving: Annotated[Leaving | None, None]
    # The deal's indicator card (deal.indicator): public; the first upcard
    # (in play) or the card cut aside beside the stock (out of play).
    indicator: Annotated[Card | None, None]
    # The last moves of the round as every seat saw them ("1: draw", never the
    # card drawn), at most LOG_SIZE; kept for views, not part of the position.
    log: Annotated[tuple[str, ...], ()]
    variant_digest: Annotated[str, ""]
    rules: Annotated[RuleSet, deal_rules_of(variant, deal_number)]  # noqa: F821 - found from fields
    """The rule set of the round: the variant's, or the deal's where its
    contract deal has rules of its own (``RuleSet.for_deal``). Found once,
    when the state is made from its variant and deal number (or ``evolve``
    changes one of them), and carried by every copy; not pickled (found
    again)."""

    # ----------------------------------------------------------------- queries
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.hands[seat]

    @property
    def discard_top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def dropped(self) -> tuple[int, ...]:
        """Seats out of the deal (a drop, a wrong show): the score each left
        with, 0 for a seat still in; empty while every seat is in."""
        leaving = self.leaving
        return () if leaving is None else leaving[0]

    @property
    def has_drawn(self) -> tuple[bool, ...]:
        """Who has had a turn in this deal, where a position said so; empty:
        found from dealer and turns_played (``rules.leaving.has_drawn``)."""
        leaving = self.leaving
        return () if leaving is None else leaving[1]

    @property
    def out_of_play(self) -> tuple[Card, ...]:
        """Cards out of play: the hands of seats out, a declared card."""
        leaving = self.leaving
        return () if leaving is None else leaving[2]

    def joker_count(self, seat: int) -> int:
        return sum(1 for c in self.hands[seat] if c.code == JOKER_CODE)

    def all_cards(self) -> list[Card]:
        """Every card of the round, wherever it is (the deck that was dealt)."""
        cards: list[Card] = [c for hand in self.hands for c in hand]
        cards += [c.face for t in self.table for c in t.meld.cards]
        cards += list(self.stock) + list(self.discard)
        if self.exchange is not None:
            cards.append(self.exchange)
        if self.knocking.knock_card is not None:
            cards.append(self.knocking.knock_card)
        cards += self.out_of_play
        if self.indicator is not None and self.rules.deal.indicator.out_of_play:
            cards.append(self.indicator)
        return cards

    # ----------------------------------------------------------------- actions
    # ``seat`` is typed Any in ``apply`` and ``view`` so that the engine's own
    # check judges a seat that is not an int (a TypeError naming it), not the
    # compiled build's argument check.
    def apply(self, move: Move | str, *, seat: Any = None) -> RoundState:
        """The state after ``move`` (a Move or its notation, which may name the
        seat as ``"1: take"``); raises IllegalMove and changes nothing if the
        rules refuse it.

        ``seat`` is the seat that acts, as a server knows it from the client
        (an int from 0; None: the seat to move, or the seat the text names).
        A seat not to move is refused with ``turn.not-your-turn``, and so is
        text naming another seat; only a buy may come from a seat not to
        move. A seat that is not an int is a TypeError, one out of range a
        ValueError."""
        return apply_logged(self, move, seat)

    def refusal_of(self, move: Move | str, *, seat: Any = None) -> IllegalMove | None:
        """The refusal :meth:`apply` would raise for ``move`` from ``seat``
        (None: it would be accepted): what a player asks before moving, or
        of a move the legal list lacks. Nothing is changed or kept.

        >>> import rummykit as rk
        >>> state = rk.deal(rk.load_variant("rami51"), players=2, seed=1)
        >>> state.refusal_of("discard 2c", seat=0).code, state.refusal_of("draw", seat=0)
        ('turn.wrong-phase', None)
        """
        try:
            apply_logged(self, move, seat)
        except IllegalMove as refusal:
            return refusal
        return None

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every distinct move the seat to move may make now; with ``seat``,
        that seat's moves (a seat not to move may only buy, where buying is
        allowed)."""
        return legal_moves(self, seat)

    def view(self, seat: Any) -> PlayerView:
        """What ``seat`` may see (None: a spectator)."""
        return view_of(self, seat)

    def to_json(self) -> str:
        """The state as a JSON document (the same as ``rummykit.to_json(state)``)."""
        return state_json(self)

    # ---- generated by tools/value_classes.py from the fields declared above: do not edit ----
    FIELDS = (
        "variant",
        "players",
        "dealer",
        "hands",
        "stock",
        "discard",
        "table",
        "opened",
        "to_move",
        "phase",
        "turns_played",
        "reshuffles",
        "exchange",
        "turn",
        "result",
        "seed",
        "deal_number",
        "buys",
        "buy_window",
        "deck",
        "knocking",
        "leaving",
        "indicator",
        "log",
        "variant_digest",
        "rules",
    )
    FIELD_SET = frozenset(FIELDS)
    DERIVED_FROM = frozenset({'variant', 'deal_number'})
    __slots__ = FIELDS

    def __init__(
        self,
        variant: Variant,
        players: int,
        dealer: int,
        hands: tuple[tuple[Card, ...], ...],
        stock: tuple[Card, ...],
        discard: tuple[Card, ...],
        table: tuple[TableMeld, ...] = (),
        opened: tuple[bool, ...] = (),
        to_move: int = 0,
        phase: Phase = "draw",
        turns_played: int = 0,
        reshuffles: int = 0,
        exchange: Card | None = None,
        turn: Turn = _FRESH_TURN,
        result: RoundResult | None = None,
        seed: int | None = None,
        deal_number: int = 0,
        buys: tuple[int, ...] = (),
        buy_window: bool = False,
        deck: tuple[Card, ...] = (),
        knocking: Knocking = _NO_KNOCK,
        leaving: Leaving | None = None,
        indicator: Card | None = None,
        log: tuple[str, ...] = (),
        variant_digest: str = "",
        rules: RuleSet | None = None,
    ) -> None:
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "stock", stock)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "opened", opened)
        object.__setattr__(self, "to_move", to_move)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "turns_played", turns_played)
        object.__setattr__(self, "reshuffles", reshuffles)
        object.__setattr__(self, "exchange", exchange)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "result", result)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "deal_number", deal_number)
        object.__setattr__(self, "buys", buys)
        object.__setattr__(self, "buy_window", buy_window)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "knocking", knocking)
        object.__setattr__(self, "leaving", leaving)
        object.__setattr__(self, "indicator", indicator)
        object.__setattr__(self, "log", log)
        object.__setattr__(self, "variant_digest", variant_digest)
        object.__setattr__(self, "rules", rules if rules is not None else deal_rules_of(variant, deal_number))

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()

    def evolve(self, **changes: Any) -> RoundState:
        """A copy with ``changes`` (field names; an unknown name raises TypeError)."""
        if ("variant" in changes or "deal_number" in changes) and "rules" not in changes:
            variant = changes.get("variant", self.variant)
            deal_number = changes.get("deal_number", self.deal_number)
            changes["rules"] = deal_rules_of(variant, deal_number)
        if _round_state_copier is not None:  # the pure Python build (rummykit.speed.evolve)
            return _round_state_copier(self, changes)
        made = RoundState(
            self.variant,
            self.players,
            self.dealer,
            self.hands,
            self.stock,
            self.discard,
            self.table,
            self.opened,
            self.to_move,
            self.phase,
            self.turns_played,
            self.reshuffles,
            self.exchange,
            self.turn,
            self.result,
            self.seed,
            self.deal_number,
            self.buys,
            self.buy_window,
            self.deck,
            self.knocking,
            self.leaving,
            self.indicator,
            self.log,
            self.variant_digest,
            self.rules,
        )
        return set_changes(made, changes)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # The fields found from others (rules) are found again.
        return RoundState, (
            self.variant,
            self.players,
            self.dealer,
            self.hands,
            self.stock,
            self.discard,
            self.table,
            self.opened,
            self.to_move,
            self.phase,
            self.turns_played,
            self.reshuffles,
            self.exchange,
            self.turn,
            self.result,
            self.seed,
            self.deal_number,
            self.buys,
            self.buy_window,
            self.deck,
            self.knocking,
            self.leaving,
            self.indicator,
            self.log,
            self.variant_digest,
        )

    def with_log(
        self,
        *,
        log: tuple[str, ...],
    ) -> RoundState:
        """A copy with the fields named changed (as ``evolve``; see ``COPIES``)."""
        return RoundState(
            self.variant, self.players, self.dealer, self.hands, self.stock, self.discard, self.table,
            self.opened, self.to_move, self.phase, self.turns_played, self.reshuffles, self.exchange,
            self.turn, self.result, self.seed, self.deal_number, self.buys, self.buy_window, self.deck,
            self.knocking, self.leaving, self.indicator, log, self.variant_digest, self.rules,
        )

    def with_knocking(
        self,
        *,
        knocking: Knocking,
    ) -> RoundState:
        """A copy with the fields named changed (as ``evolve``; see ``COPIES``)."""
        return RoundState(
            self.variant, self.players, self.dealer, self.hands, self.stock, self.discard, self.table,
            self.opened, self.to_move, self.phase, self.turns_played, self.reshuffles, self.exchange,
            self.turn, self.result, self.seed, self.deal_number, self.buys, self.buy_window, self.deck,
            knocking, self.leaving, self.indicator, self.log, self.variant_digest, self.rules,
        )

    def after_stock_draw(
        self,
        *,
        hands: tuple[tuple[Card, ...], ...],
        phase: Phase,
        turn: Turn,
        stock: tuple[Card, ...],
        buy_window: bool,
        log: tuple[str, ...],
    ) -> RoundState:
        """A copy with the fields named changed (as ``evolve``; see ``COPIES``)."""
        return RoundState(
            self.variant, self.players, self.dealer, hands, stock, self.discard, self.table, self.opened,
            self.to_move, phase, self.turns_played, self.reshuffles, self.exchange, turn, self.result,
            self.seed, self.deal_number, self.buys, buy_window, self.deck, self.knocking, self.leaving,
            self.indicator, log, self.variant_digest, self.rules,
        )

    def after_top_take(
        self,
        *,
        hands: tuple[tuple[Card, ...], ...],
        phase: Phase,
        turn: Turn,
        discard: tuple[Card, ...],
        knocking: Knocking,
        log: tuple[str, ...],
    ) -> RoundState:
        """A copy with the fields named changed (as ``evolve``; see ``COPIES``)."""
        return RoundState(
            self.variant, self.players, self.dealer, hands, self.stock, discard, self.table, self.opened,
            self.to_move, phase, self.turns_played, self.reshuffles, self.exchange, turn, self.result,
            self.seed, self.deal_number, self.buys, self.buy_window, self.deck, knocking, self.leaving,
            self.indicator, log, self.variant_digest, self.rules,
        )

    def after_turn(
        self,
        *,
        phase: Phase,
        turn: Turn,
        to_move: int,
        hands: tuple[tuple[Card, ...], ...],
        discard: tuple[Card, ...],
        opened: tuple[bool, ...],
        turns_played: int,
        log: tuple[str, ...],
    ) -> RoundState:
        """A copy with the fields named changed (as ``evolve``; see ``COPIES``)."""
        return RoundState(
            self.variant, self.players, self.dealer, hands, self.stock, discard, self.table, opened, to_move,
            phase, turns_played, self.reshuffles, self.exchange, turn, self.result, self.seed,
            self.deal_number, self.buys, self.buy_window, self.deck, self.knocking, self.leaving,
            self.indicator, log, self.variant_digest, self.rules,
        )


_round_state_copier = twin_copier(RoundState)
use_twin_changers(RoundState)
# ---- end of the generated code ----


STATE_FIELDS: tuple[str, ...] = RoundState.FIELDS
"""RoundState's fields, in the order its constructor takes them."""
