"""``rummykit compare`` (the handler and its parser), and the ``--backend``
and ``--address`` options it shares with ``rummykit simulate``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from rummykit.core.errors import VariantError
from rummykit.play.backends import BACKENDS, Backend, BackendError, make_backend
from rummykit.play.bot_specs import check_bot_spec
from rummykit.play.commands import UsageError, check_workers_option, path_option
from rummykit.play.extras import install_hint
from rummykit.play.simulate import RecordsError, RoundSummary, prepare_records
from rummykit.variant.model import Variant, load_variant

__all__ = ["add_backend_options", "add_compare_parser", "backend_of", "cmd_compare"]


def add_backend_options(p: argparse.ArgumentParser) -> None:
    """``--backend`` and ``--address`` on a subcommand that plays many rounds."""
    p.add_argument(
        "--backend", choices=BACKENDS, default="local",
        help="where the rounds are played: local (this machine, --workers processes) or ray "
        "(a Ray cluster: the ray extra; a local one of --workers CPUs unless --address is given)",
    )  # fmt: skip
    p.add_argument("--address", metavar="ADDR", help="with --backend ray: the cluster's address (host:port)")


def backend_of(args: argparse.Namespace, command: str) -> Backend:
    """The backend ``--backend``, ``--address`` and ``--workers`` ask for."""
    try:
        return make_backend(args.backend, args.workers, args.address)
    except ValueError as error:
        raise UsageError("{command}: {problem}", command=command, problem=error) from None


def add_compare_parser(sub: Any) -> None:
    """``rummykit compare`` and its options (a subparser of ``sub``)."""
    p = sub.add_parser("compare", help="self-play two variants on the same seeds; a report with intervals")
    p.add_argument("a", help="variant A: bundled id or path to a .toml")
    p.add_argument("b", help="variant B: bundled id or path to a .toml")
    p.add_argument("--players", type=int, help="players (default 2, or the variants' fewest)")
    p.add_argument("--rounds", type=int, default=1000, help="rounds of each variant (default 1000)")
    p.add_argument("--bots", default="greedy", help="bots by seat, comma separated (default greedy)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    p.add_argument("--workers", type=int, default=1, help="processes, or Ray CPUs, 1 to 256 (default 1)")
    p.add_argument("--level", type=float, default=0.95, help="the intervals' level (default 0.95)")
    p.add_argument("--out", metavar="DIR", help="the report's folder (default compare-A-B)")
    p.add_argument("--json", action="store_true", help="print the numbers as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_backend_options(p)
    p.set_defaults(run=cmd_compare)


def _load(ref: str) -> Variant:
    try:
        return load_variant(ref)
    except VariantError as error:
        raise UsageError("{problem}", problem=error.problems[0]) from None


def _check(args: argparse.Namespace, variants: tuple[Variant, Variant], players: int) -> list[str]:
    """Refuse bad input before anything is made or played; the bots."""
    if args.rounds < 1:
        raise UsageError("compare: --rounds must be at least 1, not {rounds}", rounds=args.rounds)
    check_workers_option("compare", args.workers, args.address)
    if not 0 < args.level < 1 or 0.5 + args.level / 2 >= 1:  # the second: a level that rounds to 1
        raise UsageError("compare: --level must lie between 0 and 1, not {level}", level=args.level)
    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    try:
        for variant in variants:
            variant.check_players(players)
        for bot in bots:
            check_bot_spec(bot)
    except ValueError as error:
        raise UsageError("{command}: {problem}", command="compare", problem=error) from None
    return bots


def _report_folder(args: argparse.Namespace) -> tuple[Path, bool]:
    """The report's folder, made (and checked to be writable) before the
    rounds are played, not after; and whether it was made here."""
    default = Path(f"compare-{Path(args.a).stem}-{Path(args.b).stem}")
    out = path_option(args.out, "compare", "--out") or default
    made = not out.exists()
    try:
        prepare_records(out)
    except RecordsError as error:
        raise UsageError("compare: --out: {problem}", problem=error) from None
    return out, made


def cmd_compare(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from rummykit.play.compare import compare
    from rummykit.play.compare_report import plots_installed, write_report

    a, b = _load(args.a), _load(args.b)
    players = args.players if args.players is not None else max(2, a.players.min, b.players.min)
    bots = _check(args, (a, b), players)
    backend = backend_of(args, "compare")
    out, made = _report_folder(args)
    bar = tqdm(total=2 * args.rounds, unit="round", file=sys.stderr, leave=False,
               disable=args.quiet or not sys.stderr.isatty())  # fmt: skip

    def progress(stream: Iterable[RoundSummary], total: int) -> Iterator[RoundSummary]:
        for summary in stream:
            bar.update()
            yield summary

    try:
        comparison = compare(
            args.a, args.b, players=players, bots=bots, rounds=args.rounds, seed=args.seed,
            workers=args.workers, level=args.level, backend=backend, progress=progress,
        )  # fmt: skip
    except (ValueError, BackendError) as error:
        if made and not any(out.iterdir()):  # bad input changes nothing: the empty folder goes
            out.rmdir()
        raise UsageError("{command}: {problem}", command="compare", problem=error) from None
    finally:
        bar.close()
    try:
        write_report(comparison, out)
    except OSError as error:  # a file of the report that cannot be written (a folder of its name, say)
        raise UsageError("compare: --out: {problem}", problem=error) from None
    if args.json:
        print(json.dumps(comparison.document(), indent=2, allow_nan=False))
    else:
        print(f"{comparison.names[0]} against {comparison.names[1]}: {comparison.rounds} rounds each")
        for line in comparison.summary():
            print(f"- {line}")
        print(f"report: {out / 'report.md'} (numbers: {out / 'report.json'})")
    if not plots_installed():  # on stderr beside JSON, which stays one document
        print(f"plots skipped: matplotlib is not installed ({install_hint('plots')})",
              file=sys.stderr if args.json else sys.stdout)  # fmt: skip
    return 0
