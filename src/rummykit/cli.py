"""The ``rummykit`` command.

Every subcommand exits 0 on success, 1 when the thing checked is refused, and
2 on bad input, with one line on standard error and no traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, NoReturn

import attrs

from rummykit.bots import BOTS
from rummykit.cards import format_cards, parse_cards
from rummykit.conformance import CaseFileError, run_case_files
from rummykit.errors import NotationError, Refusal, RummykitError, VariantError
from rummykit.files import UnreadableFile, read_text_file
from rummykit.melds import Meld, judge_meld
from rummykit.rules.contract import contract_of, uses_contracts
from rummykit.rules.contract import describe as describe_contract
from rummykit.rules.opening import opening_minimum
from rummykit.solver import best_opening, can_go_out, least_penalty
from rummykit.values import hand_penalty
from rummykit.variant import Variant, bundled_variants, load_variant, variant_warnings

__all__ = ["main"]


class UsageError(RummykitError):
    """Bad input: printed as one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see --help)")


def _version() -> str:
    """The installed package's version (what ``rummykit --version`` prints)."""
    try:
        return metadata.version("rummykit")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


def _variant(ref: str) -> Variant:
    try:
        return load_variant(ref)
    except VariantError as error:
        raise UsageError(str(error.problems[0])) from None


def _cards(words: Sequence[str]) -> tuple[Any, ...]:
    try:
        cards = parse_cards(" ".join(words))
    except NotationError as error:
        raise UsageError(f"notation.invalid: {error}") from None
    if not cards:
        raise UsageError("notation.invalid: no cards given (the card list is empty or blank)")
    return cards


def _bot_names(text: str, command: str) -> list[str]:
    names = [b.strip() for b in text.split(",") if b.strip()]
    if not names:
        raise UsageError(f"{command}: --bots names no bot (known: {', '.join(BOTS)})")
    for name in names:
        if name not in BOTS:
            raise UsageError(f"{command}: unknown bot {name!r} (known: {', '.join(BOTS)})")
    return names


def one_line(text: str) -> str:
    """``text`` on one line: line breaks written as ``\\n``."""
    return "\\n".join(text.splitlines()) or "(no message)"


def _emit(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def _joker_text(meld: Meld) -> list[str]:
    out = []
    for slot in meld.joker_slots():
        target = slot.stands_for
        out.append(str(target) if target is not None else f"{slot.rank.symbol}?")
    return out


def _deck_text(variant: Variant) -> str:
    parts = []
    for band in variant.deck.by_players:
        lo, hi = band.players
        who = f"{lo}" if lo == hi else f"{lo}-{hi}"
        options = "".join(f"/{j}" for j in band.joker_options)
        parts.append(f"{who}: {band.decks}x52+{band.jokers}{options}")
    return ", ".join(parts)


def _hand_text(variant: Variant) -> str:
    """Cards dealt to a seat: one number, or one per deck band where they differ."""
    from rummykit.rules.deal import deal_rule

    rule = deal_rule(variant)
    if variant.contract.deals:
        return "by deal " + "/".join(str(entry.hand_size) for entry in variant.contract.deals)
    sizes = {band.players: rule.hand_size(band.players[0]) for band in variant.deck.by_players}
    extra = f" (+{rule.first_player_extra})" if rule.first_player_extra else ""
    if len(set(sizes.values())) == 1:
        return f"{next(iter(sizes.values()))}{extra}"
    parts = [f"{lo}: {n}" if lo == hi else f"{lo}-{hi}: {n}" for (lo, hi), n in sizes.items()]
    return ", ".join(parts) + extra


def cmd_variants(args: argparse.Namespace) -> int:
    from rummykit.rules.deal import deal_rule

    rows: list[dict[str, Any]] = []
    for ref in bundled_variants():
        v = load_variant(ref)
        rule = deal_rule(v)
        rows.append(
            {
                "id": v.id,
                "name": v.name,
                "players": [v.players.min, v.players.max],
                "deck": [
                    {
                        "players": list(b.players),
                        "decks": b.decks,
                        "jokers": b.jokers,
                        "joker_options": list(b.joker_options),
                        "hand_size": rule.hand_size(b.players[0]),
                    }
                    for b in v.deck.by_players
                ],
                "hand_size": rule.hand_size(v.players.min),
                "first_player_extra": rule.first_player_extra,
                "opening_min": opening_minimum(v),
            }
        )
    if args.json:
        _emit(rows)
        return 0
    header = ("id", "name", "players", "decks+jokers", "hand", "opening")
    table: list[tuple[str, ...]] = [header]
    for row in rows:
        v = load_variant(row["id"])
        hand = _hand_text(v)
        table.append(
            (
                row["id"],
                row["name"],
                f"{v.players.min}-{v.players.max}",
                _deck_text(v),
                hand,
                "contract" if uses_contracts(v) else str(row["opening_min"]),
            )
        )
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    for row_text in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(row_text, widths, strict=True)).rstrip())
    return 0


def cmd_check_variant(args: argparse.Namespace) -> int:
    try:
        variant = load_variant(args.path)
    except VariantError as error:
        if args.json:
            _emit({"ok": False, "problems": [attrs.asdict(p) for p in error.problems]})
        else:
            for problem in error.problems:
                print(one_line(str(problem)), file=sys.stderr)
        return 2
    warnings = variant_warnings(variant)
    if args.json:
        found = [{"path": w.path, "message": w.message} for w in warnings]
        _emit(
            {
                "ok": True,
                "id": variant.id,
                "name": variant.name,
                "digest": variant.digest(),
                "warnings": found,
            }
        )
    else:
        print(f"{args.path}: ok ({variant.id}: {variant.name}, digest {variant.digest()[:12]})")
        for warning in warnings:
            print(one_line(f"warning: {args.path}: {warning.path}: {warning.message}"), file=sys.stderr)
    return 0


def _meld_json(result: Meld | Refusal) -> dict[str, Any]:
    if isinstance(result, Refusal):
        return {
            "valid": False,
            "kind": None,
            "points": None,
            "jokers": [],
            "code": result.code,
            "message": result.message,
        }
    return {
        "valid": True,
        "kind": result.kind,
        "points": result.points,
        "jokers": _joker_text(result),
        "code": None,
        "message": None,
        "meld": result.notation(),
    }


def cmd_meld(args: argparse.Namespace) -> int:
    variant = _variant(args.variant)
    result = judge_meld(variant.meld_rules, _cards(args.cards))
    if args.json:
        _emit(_meld_json(result))
    elif isinstance(result, Refusal):
        print(f"refused: {result.code}: {result.message}")
    else:
        jokers = _joker_text(result)
        stands = "".join(f"; JK stands for {j}" for j in jokers)
        print(f"valid {result.kind}: {result.notation()}, {result.points} points{stands}")
    return 1 if isinstance(result, Refusal) else 0


def cmd_hand(args: argparse.Namespace) -> int:
    variant = _variant(args.variant)
    penalty = hand_penalty(variant, _cards(args.cards))
    if args.json:
        _emit({"penalty": penalty})
    else:
        print(f"penalty {penalty}")
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    variant = _variant(args.variant)
    cards = _cards(args.cards)
    opening = best_opening(variant, cards)
    out = can_go_out(variant, cards)
    least = least_penalty(variant, cards)
    if args.json:
        _emit(
            {
                "best_opening": None
                if opening is None
                else {"melds": [m.notation() for m in opening.melds], "points": opening.points},
                "can_go_out": None
                if out is None
                else {
                    "melds": [m.notation() for m in out.melds],
                    "discard": None if out.discard is None else str(out.discard),
                },
                "least_penalty": {
                    "melds": [m.notation() for m in least.melds],
                    "leftover": [str(c) for c in least.leftover],
                    "penalty": least.penalty,
                },
            }
        )
        return 0
    if opening is None:
        print("best opening: none")
    else:
        melds = " | ".join(m.notation() for m in opening.melds)
        print(f"best opening: {melds} ({opening.points} points)")
    if out is None:
        print("can go out: no")
    else:
        melds = " | ".join(m.notation() for m in out.melds) or "-"
        last = f", discard {out.discard}" if out.discard is not None else ""
        print(f"can go out: yes: {melds}{last}")
    melds = " | ".join(m.notation() for m in least.melds) or "-"
    print(f"least penalty: {least.penalty}: {melds}; left {format_cards(least.leftover) or '-'}")
    return 0


def cmd_conformance(args: argparse.Namespace) -> int:
    try:
        report = run_case_files(args.files)
    except CaseFileError as error:
        raise UsageError(str(error)) from None
    for result in report.results:
        if not result.passed:
            print(result)
    print(report.summary())
    return 0 if report.failed == 0 else 1


def cmd_replay(args: argparse.Namespace) -> int:
    from rummykit.records import Record, ReplayError
    from rummykit.serialize import JSONError, from_json

    try:
        record = from_json(read_text_file(args.file))
    except UnreadableFile as error:
        raise UsageError(f"{args.file}: cannot read: {error.reason}") from None
    except JSONError as error:
        raise UsageError(f"{args.file}: {error}") from None
    except RecursionError:
        raise UsageError(f"{args.file}: not a game record (nested too deep)") from None
    if not isinstance(record, Record):
        raise UsageError(f"{args.file}: not a game record")
    try:
        state = record.replay()
    except ReplayError as error:
        if args.json:
            _emit({"ok": False, "index": error.index, "move": error.move, "code": error.code})
        else:
            print(f"refused: move {error.index}: {error.move}: {error.code}")
        return 1
    result = state.result
    data = {
        "ok": True,
        "moves": len(record.moves),
        "phase": state.phase,
        "result": None if result is None else {
            "ending": result.ending, "winner": result.winner,
            "winners": list(result.winners), "scores": list(result.scores)},
    }  # fmt: skip
    if args.json:
        _emit(data)
    elif result is None:
        print(f"replayed {len(record.moves)} moves; the round goes on ({state.phase}, seat {state.to_move})")
    else:
        scores = ", ".join(f"seat {i}: {s}" for i, s in enumerate(result.scores))
        print(
            f"replayed {len(record.moves)} moves; {result.ending}, winners {list(result.winners)}; {scores}"
        )
    return 0


def _players(variant: Variant, given: int | None) -> int:
    """``--players``, or by default 2 (the variant's fewest where it needs more)."""
    return given if given is not None else max(2, variant.players.min)


def cmd_simulate(args: argparse.Namespace) -> int:
    from pathlib import Path

    from rummykit.simulate import RecordsError, prepare_records, simulate

    variant = _variant(args.variant)  # checks the reference early, one line on error
    args.players = _players(variant, args.players)
    bots = _bot_names(args.bots, "simulate")
    if (args.rounds is None) == (args.matches is None):
        raise UsageError("simulate: give --rounds or --matches")
    try:
        variant.check_players(args.players)
    except ValueError as error:
        raise UsageError(f"simulate: {error}") from None
    if args.workers < 1:
        raise UsageError("simulate: --workers must be at least 1")
    records = Path(args.records) if args.records else None
    if records is not None:
        try:  # before the simulation runs, not after
            prepare_records(records)
        except RecordsError as error:
            raise UsageError(f"simulate: --records: {error}") from None

    def progress(stream: Any, total: int) -> Any:
        if args.quiet:
            return stream
        from tqdm import tqdm

        return tqdm(stream, total=total, unit="round", file=sys.stderr, leave=False)

    try:
        report = simulate(
            args.variant,
            players=args.players,
            bots=bots,
            rounds=args.rounds,
            matches=args.matches,
            seed=args.seed,
            workers=args.workers,
            records=records,
            progress=progress,
        )
    except ValueError as error:
        raise UsageError(f"simulate: {error}") from None
    if args.json:
        _emit(report.document())
    else:
        print(report.table())
    return 0


def _show(view: Any) -> str:
    deal = f"deal {view.deal_number}, " if view.deal_number else ""
    lines = [f"-- {deal}turn {view.turns_played + 1}, seat {view.to_move} to move ({view.phase})"]
    for number, entry in enumerate(view.table, 1):
        lines.append(f"   {number}: {entry.notation}  (seat {entry.owner})")
    top = format_cards(view.discards) if view.discards else "-"
    lines.append(f"   discards: {top}   stock: {view.stock_size}"
                 + (f"   exchange: {view.exchange}" if view.exchange is not None else ""))  # fmt: skip
    sizes = ", ".join(f"seat {s}: {n}" for s, n in enumerate(view.hand_sizes))
    lines.append(f"   hand sizes: {sizes}; opened: {[s for s, o in enumerate(view.opened) if o]}")
    if view.hand is not None:
        lines.append(f"   your hand: {format_cards(view.hand)}")
    return "\n".join(lines)


def cmd_play(args: argparse.Namespace) -> int:
    from rummykit.bots import make_bot
    from rummykit.deal import deal
    from rummykit.errors import IllegalMove

    variant = _variant(args.variant)
    args.players = _players(variant, args.players)
    try:
        variant.check_players(args.players)
        bots_by_seat = _bot_names(args.bots, "play")
        state = deal(variant, players=args.players, seed=args.seed)
        bots = {
            seat: make_bot(bots_by_seat[i % len(bots_by_seat)], variant, seed=args.seed)
            for i, seat in enumerate(s for s in range(args.players) if s != args.seat)
        }
    except ValueError as error:
        raise UsageError(f"play: {error}") from None
    if not 0 <= args.seat < args.players:
        raise UsageError(f"play: --seat must be from 0 to {args.players - 1}")
    print(f"{variant.name}: you are seat {args.seat}. Moves as in the notation "
          "(draw, take, meld 7h 8h 9h, layoff 1 Ts, swap 1 8s, shift 1 6h JK=9h, discard 2c, out, undo; "
          "gin: pass, knock Kd, done); "
          "'moves' lists yours, 'quit' leaves.")  # fmt: skip
    while state.phase != "over":
        if state.to_move != args.seat:
            move = bots[state.to_move].choose(state.view(state.to_move))
            print(f"seat {state.to_move}: {move}")
            state = state.apply(move)
            if state.legal_moves(args.seat):  # the upcard may be bought out of turn (R-CON-10)
                try:
                    answer = input(f"buy {state.discard_top} and a stock card? (buy, or enter to pass)> ")
                except EOFError:
                    print()
                    return 0
                if answer.strip() == "buy":
                    state = state.apply("buy", seat=args.seat)
                    print(f"you bought; your hand: {format_cards(state.hands[args.seat])}")
            continue
        view = state.view(args.seat)
        print(_show(view))
        contract = contract_of(variant, view.deal_number) if uses_contracts(variant) else None
        if contract is not None:
            print(f"   this deal's contract: {describe_contract(contract)}")
        try:
            line = input("your move> ").strip()
        except EOFError:
            print()
            return 0
        if line in ("quit", "exit"):
            return 0
        if line == "moves":
            print("   " + "; ".join(str(m) for m in view.legal))
            continue
        try:
            state = state.apply(line, seat=args.seat)
        except IllegalMove as refusal:
            print(f"   refused: {refusal.code}: {refusal.message}")
    result = state.result
    if result is None:  # the loop above ends only when the round is over
        raise RuntimeError("the round ended without a result")
    scores = ", ".join(f"seat {s}: {v}" for s, v in enumerate(result.scores))
    print(f"round over ({result.ending}); winners {list(result.winners)}; scores {scores}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from rummykit.serve.server import run
        from rummykit.serve.store import StoreError
    except ImportError as error:
        raise UsageError(f'serve: needs the serve extra ({error}): pip install "rummykit[serve]"') from None
    if not 0 <= args.port <= 65535:
        raise UsageError(f"serve: --port must be from 0 to 65535, not {args.port}")
    try:
        run(args.host, args.port, None if args.store is None else Path(args.store))
    except StoreError as error:
        raise UsageError(f"serve: {error}") from None
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rummykit", description="The rules of rummy: variants, melds, solver.")
    parser.add_argument("--version", action="version", version=f"rummykit {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("variants", help="list the bundled variants")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_variants)

    p = sub.add_parser("check-variant", help="check a variant file; every problem on its own line")
    p.add_argument("path", help="a .toml file or a bundled id")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_check_variant)

    for name, run, text in (
        ("meld", cmd_meld, "judge cards as a meld"),
        ("hand", cmd_hand, "the penalty of cards left in a hand"),
        ("solve", cmd_solve, "best opening, can go out, least penalty"),
    ):
        p = sub.add_parser(name, help=text)
        p.add_argument("-v", "--variant", required=True, help="bundled id or path to a .toml")
        p.add_argument("cards", nargs="+", help="cards, e.g. 7h 8h JK")
        p.add_argument("--json", action="store_true", help="print JSON")
        p.set_defaults(run=run)

    p = sub.add_parser("simulate", help="bots play many rounds; a table of results")
    p.add_argument("-v", "--variant", required=True, help="bundled id or path to a .toml")
    p.add_argument("--players", type=int, help="players (default 2, or the variant's fewest)")
    p.add_argument("--rounds", type=int, help="rounds to play")
    p.add_argument("--matches", type=int, help="whole matches to play (instead of --rounds)")
    p.add_argument("--bots", default="greedy,random", help="bots by seat, comma separated (greedy, random)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--records", metavar="DIR", help="write each round's record to DIR")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("play", help="play a round in the terminal against bots")
    p.add_argument("-v", "--variant", required=True, help="bundled id or path to a .toml")
    p.add_argument("--players", type=int, help="players (default 2, or the variant's fewest)")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument("--bots", default="greedy", help="bots for the other seats (greedy, random)")
    p.add_argument("--seed", type=int, default=None, help="seed (default: a random deal)")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("replay", help="replay a game record (JSON)")
    p.add_argument("file", help="a record written by rummykit.to_json(record)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("serve", help="serve games to browsers (needs the serve extra)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--store", metavar="DIR", help="keep the games in DIR, so they survive a restart")
    p.set_defaults(run=cmd_serve)

    p = sub.add_parser("conformance", help="run conformance case files")
    p.add_argument("files", nargs="+", help="case files (.toml)")
    p.set_defaults(run=cmd_conformance)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        code: int = args.run(args)
        return code
    except UsageError as error:
        print(f"rummykit: error: {one_line(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    except SystemExit as stop:  # --help has printed the help
        return stop.code if isinstance(stop.code, int) else 0
    except Exception as error:  # the last resort: one line, never a traceback
        print(f"rummykit: error: unexpected {type(error).__name__}: {one_line(str(error))}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
