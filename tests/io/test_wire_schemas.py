"""The JSON Schemas shipped in rummykit.io.schemas: valid draft 2020-12 schemas,
up to date with tools/wire_schemas.py, and every document rummykit writes
(states, views, records, matches and moves of random rounds of several
variants) is valid under its kind's schema."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.io.schemas import DOCUMENT_KINDS, document_schema
from rummykit.testing import random_playout

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = rk.bundled_variants()


def valid(doc_text: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(doc_text)
    validator = jsonschema.Draft202012Validator(document_schema(doc["type"]))
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:3]]
    return doc


def test_the_schemas_are_draft_2020_12_schemas_and_up_to_date() -> None:
    for kind in DOCUMENT_KINDS:
        schema = document_schema(kind)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        jsonschema.Draft202012Validator.check_schema(schema)
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "wire_schemas.py"), "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout
    with pytest.raises(ValueError, match="expected a document kind"):
        document_schema("hand")


def test_the_schemas_refuse_what_schema_2_does_not_write() -> None:
    state = rk.deal(rk.load_variant("rami51"), players=2, seed=1)
    view = json.loads(rk.to_json(state.view(0)))
    validator = jsonschema.Draft202012Validator(document_schema("view"))
    assert not validator.is_valid({**view, "hand": " ".join(view["hand"])})  # a string of cards
    assert not validator.is_valid({**view, "hand": ["7x"]})
    assert not validator.is_valid({**view, "surprise": 1})
    assert not validator.is_valid({**view, "schema": 1})
    assert not validator.is_valid({k: v for k, v in view.items() if k != "log"})


def _players(variant: rk.Variant, extra: int) -> int:
    return min(variant.players.max, variant.players.min + extra)


@settings(max_examples=30)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(0, 150), st.integers(0, 2))
def test_states_views_and_records_are_valid(ref: str, seed: int, steps: int, extra: int) -> None:
    variant = rk.load_variant(ref)
    dealt = rk.deal(variant, players=_players(variant, extra), seed=seed)
    rng = random.Random(seed)
    state = list(random_playout(dealt, rng, max_moves=steps))[-1]
    valid(rk.to_json(state))
    for seat in (None, *range(state.players)):
        valid(rk.to_json(state.view(seat)))
    for move in state.legal_moves()[:5]:
        valid(rk.to_json(move))
    # A record of a random round's first moves.
    record, replayed = rk.Record.start(dealt), dealt
    for _ in range(min(steps, 30)):
        if replayed.is_over:
            break
        record, replayed = record.advance(rng.choice(replayed.legal_moves()), replayed)
    valid(rk.to_json(record))


@settings(max_examples=8)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(1, 4))
def test_matches_are_valid_and_load_back(ref: str, seed: int, rounds: int) -> None:
    variant = rk.load_variant(ref)
    match = rk.Match.start(variant, players=_players(variant, seed % 3))
    rng = random.Random(seed)
    for index in range(rounds):
        if match.is_over:
            break
        for seat in match.pending:
            match = (
                match.decide(seat, rng.choice(["rebuy", "retire"]))
                if index % 2
                else match.decide(seat, "rebuy")
            )
        if match.is_over or match.pending:
            break
        state = match.deal_next(seed=seed + index)
        state = list(random_playout(state, rng))[-1]
        if state.result is None:
            break
        match = match.record(state.result)
    text = rk.to_json(match)
    valid(text)
    assert rk.from_json(text) == match
