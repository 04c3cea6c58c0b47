"""The JSON document of a round state (docs/wire-format.md), written from
its fields: what ``RoundState.to_json`` and ``rummykit.to_json`` give for a
state. It reads a state but makes none, so it sits below the state class,
whose ``to_json`` calls it (the reader, :mod:`rummykit.io.deserialize`, sits
above)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from rummykit.core.round_values import Knocking, TableMeld, Turn
from rummykit.io.documents import SCHEMA, card_list, result_document, variant_document

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = ["state_document", "state_json"]


def state_json(state: RoundState, *, indent: int | None = None) -> str:
    """The state's JSON document as text."""
    return json.dumps(state_document(state), ensure_ascii=False, indent=indent)


def _table(table: tuple[TableMeld, ...]) -> list[dict[str, Any]]:
    return [
        {
            "owner": t.owner,
            "kind": t.meld.kind,
            "cards": t.meld.notation().split(),
            "credits": list(t.credits),
        }
        for t in table
    ]


def _turn(turn: Turn) -> dict[str, Any]:
    return {
        "source": turn.source,
        "taken": None if turn.taken is None else str(turn.taken),
        "chosen": None if turn.chosen is None else str(turn.chosen),
        "must_use_taken": turn.must_use_taken,
        "exchanged": turn.exchanged,
        "start_jokers": turn.start_jokers,
        "new_melds": list(turn.new_melds),
        "laid_off": [[i, str(c)] for i, c in turn.laid_off],
        "swaps": turn.swaps,
        "steps": [
            {
                "hand": card_list(s.hand),
                "table": _table(s.table),
                "new_melds": list(s.new_melds),
                "laid_off": [[i, str(c)] for i, c in s.laid_off],
                "swaps": s.swaps,
            }
            for s in turn.steps
        ],
    }


def _contract_keys(state: RoundState) -> dict[str, Any]:
    """The deal number, buys and buy window, written only where in use."""
    out: dict[str, Any] = {}
    if state.deal_number:
        out["deal_number"] = state.deal_number
    if state.buys:
        out["buys"] = list(state.buys)
    if state.buy_window:
        out["buy_window"] = True
    return out


def _leaving_keys(state: RoundState) -> dict[str, Any]:
    """The seats out of the deal, who has had a turn (where a position said)
    and the cards out of play, written only where in use."""
    out: dict[str, Any] = {}
    if state.dropped:
        out["dropped"] = list(state.dropped)
    if state.has_drawn:
        out["has_drawn"] = list(state.has_drawn)
    if state.out_of_play:
        out["out_of_play"] = card_list(state.out_of_play)
    return out


def state_document(state: RoundState) -> dict[str, Any]:
    """The state's document as a dict: every field but the rules object (the
    variant is written as its document), the keys of rules not in use left out."""
    return {
        "schema": SCHEMA,
        "type": "state",
        "variant": variant_document(state.variant),
        "players": state.players,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "phase": state.phase,
        "turns_played": state.turns_played,
        "reshuffles": state.reshuffles,
        "hands": [card_list(h) for h in state.hands],
        "stock": card_list(state.stock),
        "discard": card_list(state.discard),
        "exchange": None if state.exchange is None else str(state.exchange),
        "table": _table(state.table),
        "opened": list(state.opened),
        "turn": _turn(state.turn),
        "result": result_document(state.result),
        "seed": state.seed,
        "deck": card_list(state.deck),
        **_contract_keys(state),
        **_leaving_keys(state),
        **_knocking_document(state.knocking),
        **({"log": list(state.log)} if state.log else {}),
        **({"indicator": str(state.indicator)} if state.indicator is not None else {}),
    }


def _knocking_document(knocking: Knocking) -> dict[str, Any]:
    """The knock variants' facts, only where they are in use."""
    if knocking == Knocking():
        return {}
    return {
        "knocking": {
            "upcard_passes": list(knocking.upcard_passes),
            "takes": knocking.takes,
            "repeat": knocking.repeat,
            "knocker": knocking.knocker,
            "knock_card": None if knocking.knock_card is None else str(knocking.knock_card),
            "gin": knocking.gin,
            "layoffs": card_list(knocking.layoffs),
            "defender_melded": knocking.defender_melded,
        }
    }
