"""What the commit checks declare they read (``reads``, ``idle_without``) is
what they read: the engine remembers verdicts under a key derived from those
declarations (rules/commit_facts.py, round/turn_commit.py), so a check that
read an undeclared fact would be given stale verdicts."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rummykit as rk
from rummykit.core.errors import Refusal
from rummykit.round.turn_commit import commit_of
from rummykit.rules import turn as turn_module
from rummykit.rules.commit_facts import FACTS, HAND_FACTS, Commit, CommitReads
from rummykit.rules.rule_set import rules_of
from rummykit.testing import random_playout

VARIANTS = rk.bundled_variants()
NATIVE = not str(turn_module.__file__).endswith(".py")
needs_python_checks = pytest.mark.skipif(
    NATIVE,
    reason="the compiled build's checks take a native Commit only, so no recorder can stand in for one; "
    "the declarations are the same in both builds",
)

DERIVED = {
    "going_out": {"going_out"},
    "hand_rummy": {"going_out", "opened_before"},
    "opens": {"new_melds", "laid_melds"},
    "opening_melds": {"new_melds", "laid_melds"},
    "variant": set(),
    "rules": set(),
}
"""Facts read through Commit's own properties and methods."""


class Recorder:
    """A Commit that writes down every fact asked of it."""

    def __init__(self, commit: Commit) -> None:
        self._commit = commit
        self.read: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        self.read |= DERIVED.get(name, {name})
        return getattr(self._commit, name)


def _commits(ref: str, seeds: range) -> list[Commit]:
    """The facts of turns met in random rounds: each turn in play, with its
    hand left after some discard and, where that can be, with none left."""
    variant = rk.load_variant(ref)
    found = []
    for seed in seeds:
        start = rk.deal(variant, players=variant.players.min, seed=seed)
        for state in random_playout(start, random.Random(seed), max_moves=300):
            if state.phase != "play":
                continue
            hand = state.hands[state.to_move]
            found.append(commit_of(state, tuple(hand[1:])))
            if len(hand) <= 1:
                found.append(commit_of(state, ()))
    return found


@needs_python_checks
@pytest.mark.parametrize("ref", sorted(VARIANTS))
def test_each_commit_check_reads_only_what_it_declares(ref: str) -> None:
    commits = _commits(ref, range(6))
    checks = rules_of(rk.load_variant(ref)).components.commit
    assert commits and checks
    for commit in commits:
        for check in checks:
            recorder = Recorder(commit)
            verdict = check.check(recorder)  # type: ignore[arg-type]
            assert verdict == check.check(commit)
            declared: frozenset[str] = check.reads  # type: ignore[attr-defined]
            assert declared <= FACTS, check.name
            idle = getattr(check, "idle_without", "")
            if idle and not getattr(commit, idle):
                assert recorder.read <= {idle}, (check.name, recorder.read)
                assert verdict is None
            else:
                assert recorder.read <= declared, (check.name, recorder.read - declared)


def test_no_bundled_variant_s_verdict_reads_the_hand() -> None:
    """So the engine may remember a verdict across turns that share what the
    checks read (the turn, the opening; the table and deal where read)."""
    for ref in VARIANTS:
        reads = rules_of(rk.load_variant(ref)).commit_reads
        assert not reads.hand, ref
        assert not reads.table  # no bundled check reads the table in a turn without swaps


def test_the_key_follows_the_declarations() -> None:
    class Reads:
        def __init__(self, reads: set[str], idle: str = "") -> None:
            self.reads = frozenset(reads)
            self.idle_without = idle
            self.name = "reads"

    assert CommitReads.of([]).facts == {"opened_before", "new_melds", "laid_melds", "going_out"}
    table = CommitReads.of([Reads({"table"})])
    assert table.table and not table.deal and not table.hand
    assert CommitReads.of([Reads({"deal_number"})]).deal
    assert CommitReads.of([Reads(set(HAND_FACTS))]).hand
    assert not CommitReads.of([Reads({"hand", "table"}, idle="swaps")]).hand  # idle without swaps
    assert CommitReads.of([object()]).hand  # a check that declares nothing reads the hand
    with pytest.raises(ValueError, match="unknown facts"):
        CommitReads.of([Reads({"the_weather"})])


@needs_python_checks
def test_a_refusal_is_a_refusal() -> None:
    """The recorder passes a check's refusal on unchanged (the test above
    compares verdicts, refusals among them)."""
    state = rk.position_from_dict(
        {"variant": "rami51", "players": 2, "hands": ["7h 8h 9h 5c", "2c 3d"], "phase": "play"}
    )
    moved = state.apply("meld 7h 8h 9h")
    commit = commit_of(moved, ())
    refusals = [check.check(Recorder(commit)) for check in rules_of(moved.variant).components.commit]  # type: ignore[arg-type]
    assert any(isinstance(r, Refusal) and r.code == "opening.below-minimum" for r in refusals)
