"""Game records: everything needed to replay a round exactly.

A record stores the variant (id, digest and resolved rules), the players, the
dealer, the full deck order (so a record replays even if the shuffle ever
changes), the seed if any, and every move with its seat.

>>> import rummykit as rk
>>> state = rk.deal(rk.load_variant("rami51"), players=2, seed=5)
>>> record = Record.start(state)
>>> record = record.play("draw")
>>> record.replay().phase
'play'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from rummykit.cards import Card, format_cards, parse_cards
from rummykit.deal import deal
from rummykit.documents import SCHEMA, JSONError, load_variant_document, need, variant_document
from rummykit.errors import IllegalMove, NotationError
from rummykit.moves import Move, parse_seat_move
from rummykit.state import RoundState
from rummykit.variant import Variant

__all__ = ["Record", "ReplayError"]


class ReplayError(ValueError):
    """A recorded move that the rules refuse: its index, text and code."""

    def __init__(self, index: int, move: str, code: str, message: str) -> None:
        self.index = index
        self.move = move
        self.code = code
        super().__init__(f"move {index}: {move}: {code}: {message}")


@attrs.frozen(slots=True)
class Record:
    variant: Variant = attrs.field(eq=False)
    players: int
    dealer: int
    deck: tuple[Card, ...]
    seed: int | None
    moves: tuple[str, ...] = ()
    result: dict[str, Any] | None = None

    @classmethod
    def start(cls, state: RoundState) -> Record:
        """A record of a freshly dealt round."""
        return cls(state.variant, state.players, state.dealer, state.deck, state.seed)

    def initial(self) -> RoundState:
        return deal(self.variant, players=self.players, dealer=self.dealer, deck=self.deck, seed=self.seed)

    def play(self, move: Move | str, state: RoundState | None = None) -> Record:
        """This record with one more move (checked by replaying when no state is given)."""
        current = state if state is not None else self.replay()
        seat = current.to_move
        text = str(move) if not isinstance(move, str) else str(parse_seat_move(move)[1])
        after = current.apply(text)
        result = None
        if after.result is not None:
            result = {"ending": after.result.ending, "winner": after.result.winner,
                      "winners": list(after.result.winners), "scores": list(after.result.scores)}  # fmt: skip
        return attrs.evolve(self, moves=(*self.moves, f"{seat}: {text}"), result=result)

    def replay(self) -> RoundState:
        """Play every move again; ReplayError at the first refused one."""
        state = self.initial()
        for index, line in enumerate(self.moves):
            try:
                state = state.apply(line)
            except IllegalMove as error:
                raise ReplayError(index, line, error.code, error.message) from None
        return state

    def document(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "type": "record",
            "variant": variant_document(self.variant),
            "players": self.players,
            "dealer": self.dealer,
            "deck": format_cards(self.deck),
            "seed": self.seed,
            "moves": list(self.moves),
            "result": self.result,
        }

    @classmethod
    def from_document(cls, doc: dict[str, Any]) -> Record:
        variant = load_variant_document(need(doc, "variant", dict, "$"), "$.variant")
        players = need(doc, "players", int, "$")
        dealer = need(doc, "dealer", int, "$")
        try:
            deck = parse_cards(need(doc, "deck", str, "$"))
        except NotationError as error:
            raise JSONError("$.deck", str(error)) from None
        moves: Sequence[Any] = need(doc, "moves", list, "$")
        if not all(isinstance(m, str) for m in moves):
            raise JSONError("$.moves", "expected strings")
        record = cls(variant, players, dealer, deck, doc.get("seed"), tuple(moves), doc.get("result"))
        try:
            record.initial()
        except ValueError as error:
            raise JSONError("$.deck", str(error)) from None
        return record
