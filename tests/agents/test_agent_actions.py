"""The action space of rummykit.agents (docs/agents.md): every legal move
has an id sequence, no sequence starts another, the ids legal at each step
are exactly those that continue a move the engine accepts, and the action
count of each variant is the one docs/agents.md gives."""

from __future__ import annotations

import itertools
import os
import random
import re
from pathlib import Path

import pytest

import rummykit as rk
from rummykit.agents.actions import ActionSpace
from rummykit.agents.decisions import Decisions
from rummykit.core.moves import Buy, Move
from rummykit.play.bots import make_bot
from rummykit.rules.rule_set import rules_of

DOCS = Path(__file__).resolve().parents[2] / "docs" / "agents.md"
VARIANTS = tuple(rk.bundled_variants())
CHECKS = int(os.environ.get("RUMMYKIT_AGENT_CHECKS", "12"))
"""Decision points checked in full per variant (every legal move walked id by id)."""


def space_of(variant_id: str) -> ActionSpace:
    variant = rk.load_variant(variant_id)
    return ActionSpace(variant, max(2, variant.players.min))


def doc_rows() -> dict[str, list[str]]:
    """The table of action counts: its rows by variant."""
    text = DOCS.read_text(encoding="utf-8")
    table = text[text.index("| variant | players | actions |") :].split("\n\n")[0]
    rows = {}
    for line in table.splitlines():
        found = re.match(r"^\| `([a-z0-9_]+)` \|(.*)\|$", line)
        if found:
            rows[found[1]] = [cell.strip() for cell in found[2].split("|")]
    return rows


def test_the_docs_give_every_variants_action_count() -> None:
    rows = doc_rows()
    assert sorted(rows) == sorted(VARIANTS)
    for variant_id in VARIANTS:
        space = space_of(variant_id)
        players, actions, _, depths, melds, extra = rows[variant_id]
        assert (int(players), int(actions)) == (space.players, space.size), variant_id
        assert (int(depths), int(melds)) == (space.max_depth, space.max_melds), variant_id
        optional = ("draw exchange", "pass", "drop", "buy", "done", "knock", "declare", "exchange")
        names = [b.name for b in space.blocks if b.name in (*optional, "swap", "shift", "as")]
        assert ", ".join(names) == extra, variant_id


def test_the_blocks_come_from_the_rules() -> None:
    for variant_id in VARIANTS:
        space, rules = space_of(variant_id), rules_of(rk.load_variant(variant_id))
        assert space.has("knock") == (rules.knock is not None), variant_id
        assert space.has("buy") == space.has("decline") == (rules.buy is not None), variant_id
        assert space.has("done") == (rules.showdown is not None), variant_id
        assert space.has("swap") == (rules.table_moves.swap.forbidden is None), variant_id
    assert space_of("roemie").max_depth == 108  # deep takes: every depth of a two-deck row
    assert space_of("gin").max_depth == 1


def test_labels_name_each_id_once() -> None:
    space = space_of("rami51")
    labels = [space.label(action) for action in range(space.size)]
    assert len(set(labels)) == space.size
    assert space.label(space.encode(rk.parse_move("take"))[0]) == "take"
    with pytest.raises(ValueError):
        space.label(space.size)


def check_decision(game: Decisions) -> None:
    """The ids legal now are the first ids of the legal moves (``first``
    gives each move's without its sequence), no move's ids
    start another's, and each move's ids, taken one by one, apply it."""
    space, state, seat = game.space, game.state, game.actor()
    moves: list[Move] = [Buy()] if seat != state.to_move else state.legal_moves()
    sequences = [space.encode(move) for move in moves]
    assert len(set(sequences)) == len(sequences)
    assert [space.first(move) for move in moves] == [seq[0] for seq in sequences]
    firsts = {seq[0] for seq in sequences}
    if seat != state.to_move:
        firsts.add(space.decline or -1)
    assert set(game.legal_actions()) == firsts
    ordered = sorted(sequences)
    for shorter, longer in itertools.pairwise(ordered):
        assert longer[: len(shorter)] != shorter, (shorter, longer)
    for move, seq in zip(moves, sequences, strict=True):
        twin = game.copy()
        for action in seq[:-1]:
            assert twin.step(action) is None
        assert twin.step(seq[-1]) == move
        assert twin.state == state.apply(move, seat=seat)


def refuses_the_others(game: Decisions, rng: random.Random) -> None:
    legal = set(game.legal_actions())
    others = [a for a in range(game.space.size) if a not in legal]
    for action in rng.sample(others, min(5, len(others))):
        before = (game.state, game.pending)
        with pytest.raises(ValueError, match="not legal now"):
            game.step(action)
        assert (game.state, game.pending) == before


def play_one(game: Decisions, rng: random.Random) -> None:
    """One move: mostly the greedy bot's (so that rounds reach melds, knocks
    and shows), sometimes random ids."""
    seat = game.actor()
    assert seat is not None
    view = game.state.view(seat)
    bot = make_bot("greedy", game.space.variant, seed=rng.randrange(1000))
    if rng.random() < 0.3:
        game.step(rng.choice(game.legal_actions()))
        while game.pending:
            game.step(rng.choice(game.legal_actions()))
    elif seat != game.state.to_move:
        game.step(game.space.encode(Buy())[0] if bot.wants_buy(view) else game.space.decline or -1)
    else:
        for action in game.space.encode(bot.choose(view)):
            game.step(action)


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_the_mask_is_exactly_the_engines_legal_moves(variant_id: str) -> None:
    space, rng = space_of(variant_id), random.Random(variant_id)
    checked = laying = 0
    for seed in range(60):
        game = Decisions(space, rk.deal(space.variant, players=space.players, seed=seed))
        while not game.over and checked < CHECKS:
            if rng.random() < 0.15 or game.state.phase in ("knock", "defend"):
                check_decision(game)
                refuses_the_others(game, rng)
                checked += 1
                laying += any(len(seq) > 1 for seq, _ in game.choices())
            play_one(game, rng)
        if checked >= CHECKS:
            break
    assert checked >= CHECKS
    rules = rules_of(space.variant)
    if rules.table_moves.meld.forbidden is None or rules.showdown is not None:
        assert laying, "no decision checked had a meld or a lay-off to choose"
