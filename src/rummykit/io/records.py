"""Game records: everything needed to replay a round exactly.

A record stores the variant (id, digest and resolved rules), the players, the
dealer, the full deck order (so a record replays even if the shuffle ever
changes), the seed if any, every move with its seat, and the new stock after
each reshuffle (so a round played without a seed replays exactly too).

>>> import rummykit as rk
>>> state = rk.deal(rk.load_variant("rami51"), players=2, seed=5)
>>> record = Record.start(state)
>>> record = record.play("draw")
>>> record.replay().phase
'play'
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import attrs

from rummykit.core.cards import JOKER_CODE, Card
from rummykit.core.errors import IllegalMove, NotationError, RummykitError
from rummykit.core.moves import Buy, Move, parse_seat_move
from rummykit.core.round_values import RoundResult
from rummykit.io.documents import (
    SCHEMA,
    JSONError,
    card_list,
    load_variant_document,
    read_faces,
    read_header,
    read_int,
    read_list,
    read_result,
    read_seed,
    read_text,
    result_document,
    variant_document,
)
from rummykit.round.dealing import deal
from rummykit.round.state import RoundState
from rummykit.variant.model import MAX_ROUNDS, Variant

__all__ = ["Record", "ReplayError"]


class ReplayError(RummykitError, ValueError):
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
    result: RoundResult | None = None
    stocks: tuple[tuple[Card, ...], ...] = ()  # the new stock (top first) after each reshuffle
    deal_number: int = 0  # which deal of a match, where contracts change by deal (0: not in use)

    @classmethod
    def start(cls, state: RoundState) -> Record:
        """A record of a freshly dealt round (with its result where the deal
        itself ended it, as Tonk's does)."""
        return cls(
            state.variant, state.players, state.dealer, state.deck, state.seed,
            result=state.result, deal_number=state.deal_number,
        )  # fmt: skip

    def initial(self) -> RoundState:
        jokers = sum(1 for c in self.deck if c.code == JOKER_CODE)
        return deal(
            self.variant,
            players=self.players,
            dealer=self.dealer,
            deck=self.deck,
            seed=self.seed,
            jokers=jokers,
            deal_number=self.deal_number,
        )

    def play(self, move: Move | str, state: RoundState | None = None) -> Record:
        """This record with one more move, checked by applying it. ``state`` is
        the round as this record leaves it (the last state of the game being
        recorded), which saves replaying every move to find it; without it the
        record is replayed. Move text that names a seat not to move (``"2:
        draw"`` with seat 0 to move) is refused with IllegalMove
        (``turn.not-your-turn``), never recorded for the seat to move."""
        return self.advance(move, state)[0]

    def advance(self, move: Move | str, state: RoundState | None = None) -> tuple[Record, RoundState]:
        """This record with one more move, and the state after it. Use it (not
        ``play`` then ``state.apply``) for a round without a seed: applying the
        move twice would reshuffle twice, each time differently."""
        current = state if state is not None else self.replay()
        seat = current.to_move
        after = current.apply(move)  # checks the seat written in move text
        named, parsed = parse_seat_move(move) if isinstance(move, str) else (None, move)
        text = str(parsed)
        if isinstance(parsed, Buy):
            if named is None:  # a buy names its seat (apply refused it otherwise)
                raise ValueError("a recorded buy names the seat that buys, as in '2: buy'")
            seat = named
        result = after.result
        stocks = self.stocks if after.reshuffles == current.reshuffles else (*self.stocks, after.stock)
        record = attrs.evolve(self, moves=(*self.moves, f"{seat}: {text}"), result=result, stocks=stocks)
        return record, after

    def replay(self) -> RoundState:
        """Play every move again; ReplayError at the first refused one. After
        each reshuffle the recorded stock takes the place of the shuffled one
        (a record without stocks, written before they were kept, reshuffles
        from its seed, or at random without one)."""
        return self.replay_counting_stocks()[0]

    def replay_counting_stocks(self, *, every_reshuffle: bool = False) -> tuple[RoundState, int]:
        """The replay's last state, and how many recorded stocks it used.
        ``every_reshuffle``: a reshuffle with no recorded stock left is a
        ReplayError (``replay.stock-missing``) instead of a fresh shuffle."""
        state = self.initial()
        used = 0
        for index, line in enumerate(self.moves):
            try:
                after = state.apply(line)
            except IllegalMove as error:
                raise ReplayError(index, line, error.code, error.message) from None
            if after.reshuffles != state.reshuffles and used < len(self.stocks):
                stock = self.stocks[used]
                if Counter(stock) != Counter(after.stock):
                    message = f"recorded stock {used} is not the discards that were reshuffled"
                    raise ReplayError(index, line, "replay.stock-mismatch", message)
                after = after.evolve(stock=stock)
                used += 1
            elif after.reshuffles != state.reshuffles and every_reshuffle:
                message = f"the record holds {used} stocks, and this move reshuffles again"
                raise ReplayError(index, line, "replay.stock-missing", message)
            state = after
        return state, used

    def document(self) -> dict[str, Any]:

        return {
            "schema": SCHEMA,
            "type": "record",
            "variant": variant_document(self.variant),
            "players": self.players,
            "dealer": self.dealer,
            "deck": card_list(self.deck),
            "seed": self.seed,
            "moves": list(self.moves),
            "result": result_document(self.result),
            "stocks": [card_list(stock) for stock in self.stocks],
            **({"deal_number": self.deal_number} if self.deal_number else {}),
        }

    @classmethod
    def from_document(cls, doc: Any) -> Record:
        """A record from its document, every field checked; JSONError names the
        path of the first problem. The record is replayed: its stored result
        and stocks must be the replay's (a refused move is left for
        :meth:`replay` to report)."""

        keys = ("variant", "players", "dealer", "deck", "moves")
        doc = read_header(doc, "record", keys, ("seed", "result", "stocks", "deal_number"))
        variant = load_variant_document(doc["variant"], "$.variant")
        players = read_int(doc["players"], "$.players", variant.players.min, variant.players.max)
        moves = tuple(
            _read_move(m, f"$.moves[{i}]", players) for i, m in enumerate(read_list(doc["moves"], "$.moves"))
        )
        stocks = read_list(doc.get("stocks", []), "$.stocks")
        record = cls(
            variant,
            players,
            read_int(doc["dealer"], "$.dealer", 0, players - 1),
            read_faces(doc["deck"], "$.deck"),
            read_seed(doc.get("seed"), "$.seed"),
            moves,
            read_result(doc.get("result"), players, "$.result"),
            tuple(read_faces(s, f"$.stocks[{i}]") for i, s in enumerate(stocks)),
            read_int(doc.get("deal_number", 0), "$.deal_number", 0, MAX_ROUNDS),
        )
        try:
            record.initial()
        except ValueError as error:
            raise JSONError("$.deck", str(error)) from None
        record.check_replay(complete="stocks" in doc)
        return record

    def check_replay(self, *, complete: bool = True) -> None:
        """JSONError unless the replay uses every recorded stock (one per
        reshuffle when ``complete``) and ends with the stored result. A refused
        move passes: :meth:`replay` reports it."""
        try:
            final, used = self.replay_counting_stocks(every_reshuffle=complete)
        except ReplayError as error:
            if error.code in ("replay.stock-mismatch", "replay.stock-missing"):
                raise JSONError("$.stocks", str(error)) from None
            return
        if used != len(self.stocks) or (complete and used != final.reshuffles):
            raise JSONError(
                "$.stocks", f"expected {final.reshuffles} stocks (one per reshuffle), got {len(self.stocks)}"
            )
        if self.seed is None and used != final.reshuffles:
            return  # an old record of a round without a seed: its reshuffles cannot be replayed
        if final.result != self.result:
            expected = json.dumps(result_document(final.result))
            raise JSONError("$.result", f"expected the replay's result, {expected}")


def _read_move(value: Any, path: str, players: int) -> str:
    """A recorded move: ``"seat: move"`` with a seat of the round."""
    try:
        seat, move = parse_seat_move(read_text(value, path))
    except NotationError as error:
        raise JSONError(path, str(error)) from None
    if seat is None or not 0 <= seat < players:
        raise JSONError(path, f"expected a seat from 0 to {players - 1} before the move, as in '0: draw'")
    return f"{seat}: {move}"
