"""The behaviour guard of a rebuild (issue 27): one SHA-256 over seeded random
legal playouts of every bundled variant.

``python tools/legal_hash.py [--states N] [--seed S] [--json]`` plays
deterministic random playouts of every bundled variant (``N`` states in all,
100,000 by default, shared out evenly between the variants; each variant's
playouts go round its player counts, from its least to its most) and feeds,
in order, into one SHA-256 and into one per variant:

- each playout's header: the variant, the players, the deal number (where
  each deal of a match has its own contract, the playouts go round them; else
  0) and the deal's seed, and the dealt state;
- at every state visited: its legal-move list (``str`` of each move, in the
  listed order); where the buy window is open, each other seat's list too;
- the move chosen (a buy as ``"seat: buy"``);
- the state after it.

A state is fingerprinted by ``rummykit.to_json(state)``, read back and written
again with its keys sorted, the variant's rules and digest replaced by the
variant's id (so that a new rules key with its default, which every state
document carries, does not change every hash). The move is chosen with a
``random.Random`` of the playout's own (seeded from ``--seed``, the variant
and the playout's number, never from ``hash()``): a kind of move (the move
text's first word) uniformly, then a move of that kind, as
``rummykit.testing.choose_random_move`` does, so that rounds move on.

Only the public API is used (``bundled_variants``, ``load_variant``,
``deal``, ``legal_moves``, ``apply``, ``to_json``), and rummykit is imported
from ``sys.path``, so another source tree can be compared:

    PYTHONPATH=/tmp/base/src python tools/legal_hash.py

``--variants ID ...`` plays only those variants (the states shared out
between them alone), so that a change that adds a variant can show the
others' hashes unchanged.

The first line names the rummykit file imported. The time taken is printed
on stderr, so that two runs' outputs can be compared with ``diff``.

A development tool, not part of the installed package.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import rummykit as rk

__all__ = [
    "DEFAULT_STATES",
    "Feed",
    "Report",
    "VariantReport",
    "choose",
    "fingerprint",
    "listed",
    "main",
    "play_variant",
    "run",
]

DEFAULT_STATES = 100_000
MAX_MOVES = 5_000  # a playout's moves at most (a round ends long before: its turn cap)


class VariantReport:
    """One variant's playouts: its player counts, and what was fed."""

    def __init__(self, variant: str, players: tuple[int, int]) -> None:
        self.variant = variant
        self.players = players
        self.playouts = 0
        self.states = 0
        self.moves = 0
        self.sha256 = ""


class Report:
    """A whole run. (Plain classes: tests load this file without registering
    it in ``sys.modules``, which dataclasses need.)"""

    def __init__(self, rummykit: str, seed: int) -> None:
        self.rummykit = rummykit
        self.seed = seed
        self.states = 0
        self.moves = 0
        self.variants: list[VariantReport] = []
        self.sha256 = ""
        self.seconds = 0.0

    def document(self) -> dict[str, Any]:
        return {
            "rummykit": self.rummykit,
            "seed": self.seed,
            "states": self.states,
            "moves": self.moves,
            "sha256": self.sha256,
            "seconds": round(self.seconds, 3),
            "variants": [
                {
                    "variant": v.variant,
                    "players": list(v.players),
                    "playouts": v.playouts,
                    "states": v.states,
                    "moves": v.moves,
                    "sha256": v.sha256,
                }
                for v in self.variants
            ],
        }


class Feed:
    """The overall SHA-256 and the current variant's, fed the same records.

    Each record is a one-letter tag, the length of its UTF-8 text and the
    text, so that no two sequences of records feed the same bytes."""

    def __init__(self) -> None:
        self.total = hashlib.sha256()
        self.variant = hashlib.sha256()

    def start_variant(self) -> None:
        self.variant = hashlib.sha256()

    def add(self, tag: str, text: str) -> None:
        data = text.encode("utf-8")
        record = tag.encode("ascii") + str(len(data)).encode("ascii") + b":" + data
        self.total.update(record)
        self.variant.update(record)

    def add_list(self, tag: str, texts: Sequence[str]) -> None:
        self.add(tag, "\n".join(texts))


def derive(*parts: object) -> int:
    """A 64-bit seed from ``parts`` (their ``repr``s), the same in every process."""
    text = "\x1f".join(repr(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def listed(state: rk.RoundState, seat: int | None = None) -> list[tuple[str, rk.Move]]:
    """The legal moves of ``state`` (of ``seat``, or of the seat to move), each
    with its text, in the listed order."""
    return [(str(move), move) for move in state.legal_moves(seat)]


def fingerprint(state: rk.RoundState) -> str:
    """The whole state as canonical JSON: ``to_json``'s document with its keys
    sorted and the variant written as its id."""
    doc = json.loads(rk.to_json(state))
    variant = doc.get("variant")
    if isinstance(variant, dict):
        doc["variant"] = variant.get("id")
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def choose(moves: Sequence[tuple[str, rk.Move]], rng: random.Random) -> tuple[str, rk.Move]:
    """A kind of move (the text's first word) uniformly, then one move of it."""
    kinds: dict[str, list[tuple[str, rk.Move]]] = {}
    for entry in moves:
        kinds.setdefault(entry[0].split(" ", 1)[0], []).append(entry)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


Lister = Callable[[rk.RoundState, "int | None"], list[tuple[str, rk.Move]]]


def _buyers(
    state: rk.RoundState, feed: Feed, lister: Lister
) -> tuple[int, list[tuple[int, list[tuple[str, rk.Move]]]]]:
    """While the buy window is open (Contract Rummy), each other seat's list,
    fed in seat order: the moves listed, and the seats that have a move."""
    if not getattr(state, "buy_window", False) or state.phase != "play":
        return 0, []
    buyers: list[tuple[int, list[tuple[str, rk.Move]]]] = []
    count = 0
    for seat in range(state.players):
        if seat == state.to_move:
            continue
        moves = lister(state, seat)
        feed.add_list(f"B{seat}", [text for text, _ in moves])
        count += len(moves)
        if moves:
            buyers.append((seat, moves))
    return count, buyers


def play_variant(
    variant_id: str, budget: int, seed: int, feed: Feed, *, lister: Lister | None = None
) -> VariantReport:
    """Playouts of one variant until ``budget`` states have been visited (the
    last one cut off there), fed to ``feed``. ``lister`` stands in for
    :func:`listed` (a test changes the lists with it)."""
    list_moves: Lister = lister if lister is not None else listed
    variant = rk.load_variant(variant_id)
    counts = list(range(variant.players.min, variant.players.max + 1))
    deals = len(getattr(getattr(variant, "contract", None), "deals", ()))
    report = VariantReport(variant_id, (counts[0], counts[-1]))
    feed.start_variant()
    while report.states < budget:
        players = counts[report.playouts % len(counts)]
        # Where each deal of a match has its contract, the playouts go round the deals too
        # (Contract Rummy: 6 player counts, 7 deals; the first 7 playouts play every deal).
        deal_number = report.playouts % deals + 1 if deals else 0
        rng = random.Random(derive(seed, variant_id, report.playouts))
        deal_seed = rng.randrange(2**32)
        report.playouts += 1
        state = rk.deal(variant, players=players, seed=deal_seed, deal_number=deal_number)
        feed.add("P", f"{variant_id} {players} {deal_number} {deal_seed}")
        feed.add("S", fingerprint(state))
        for _ in range(MAX_MOVES):
            if report.states >= budget:
                break
            moves = list_moves(state, None)
            report.states += 1
            report.moves += len(moves)
            feed.add_list("L", [text for text, _ in moves])
            if state.phase == "over":
                if moves:
                    raise AssertionError(f"{variant_id}: a finished round lists {moves[0][0]}")
                break
            count, buyers = _buyers(state, feed, list_moves)
            report.moves += count
            # Half the time a seat that may buy does (rummykit.testing.random_buy);
            # rng is drawn from only while some seat may buy.
            if buyers and rng.random() >= 0.5:
                seat, offered = rng.choice(buyers)
                text, move = rng.choice(offered)
                feed.add("M", f"{seat}: {text}")
                state = state.apply(move, seat=seat)
            else:
                if not moves:
                    raise AssertionError(f"{variant_id}: a live round ({state.phase}) lists no move")
                text, move = choose(moves, rng)
                feed.add("M", text)
                state = state.apply(move)
            feed.add("S", fingerprint(state))
    report.sha256 = feed.variant.hexdigest()
    return report


def run(
    states: int = DEFAULT_STATES,
    seed: int = 0,
    *,
    lister: Lister | None = None,
    only: Sequence[str] = (),
) -> Report:
    """Every bundled variant (or the ids in ``only``), ``states`` states in
    all (the first variants in sorted order take the remainder)."""
    start = time.perf_counter()
    variants = sorted(only or rk.bundled_variants())
    report = Report(str(rk.__file__), seed)
    feed = Feed()
    share, extra = divmod(states, len(variants))
    for i, variant_id in enumerate(variants):
        budget = share + (1 if i < extra else 0)
        entry = play_variant(variant_id, budget, seed, feed, lister=lister)
        report.variants.append(entry)
        report.states += entry.states
        report.moves += entry.moves
    report.sha256 = feed.total.hexdigest()
    report.seconds = time.perf_counter() - start
    return report


def _print(report: Report) -> None:
    print(f"rummykit from {report.rummykit}")
    print(f"seed {report.seed}")
    print(f"{'variant':<14}{'players':>8}{'playouts':>10}{'states':>9}{'moves listed':>14}  sha256")
    for v in report.variants:
        players = f"{v.players[0]}-{v.players[1]}" if v.players[0] != v.players[1] else str(v.players[0])
        print(f"{v.variant:<14}{players:>8}{v.playouts:>10}{v.states:>9}{v.moves:>14}  {v.sha256}")
    print(f"total {report.states} states, {report.moves} moves listed, {len(report.variants)} variants")
    print(f"sha256 {report.sha256}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--states", type=int, default=DEFAULT_STATES, help="states in all (default 100000)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of every playout (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument(
        "--variants", nargs="+", default=(), metavar="ID", help="only these variants (default: all)"
    )
    args = parser.parse_args(argv)
    if args.states < 1:
        parser.error("--states must be at least 1")
    report = run(args.states, args.seed, only=args.variants)
    if args.json:
        print(json.dumps(report.document(), indent=2))
    else:
        _print(report)
        print(f"{report.states} states in {report.seconds:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
