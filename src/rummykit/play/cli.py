"""The ``rummykit`` command.

Every subcommand exits 0 on success, 1 when the thing checked is refused, and
2 on bad input, with one line on standard error and no traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import sys
from collections.abc import Iterator, Sequence
from importlib import metadata
from typing import Any, NoReturn

from rummykit.core.translation import LANGUAGES, language, language_from_environment
from rummykit.play.commands import (
    UsageError,
    cmd_check_variant,
    cmd_conformance,
    cmd_hand,
    cmd_meld,
    cmd_play,
    cmd_replay,
    cmd_simulate,
    cmd_solve,
    cmd_variants,
    one_line,
    path_option,
)
from rummykit.play.compare_command import add_backend_options, add_compare_parser
from rummykit.play.extras import install_command
from rummykit.play.rules_commands import add_rules_parsers
from rummykit.play.schema_command import add_schema_parser

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError("{prog}: {problem} (see --help)", prog=self.prog, problem=message)


def _version() -> str:
    """The installed package's version (what ``rummykit --version`` prints)."""
    try:
        return metadata.version("rummykit")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from rummykit.serve.limits import ServerLimits
        from rummykit.serve.server import run
        from rummykit.serve.store import StoreError
    except ImportError as error:
        raise UsageError(
            "serve: needs the serve extra ({error}); in the root folder of the rummykit clone run: {install}",
            error=error,
            install=install_command("serve"),
        ) from None
    _check_serve_options(args)
    limits = ServerLimits(
        sockets_per_game=args.sockets_per_game,
        sockets_per_client=args.sockets_per_client,
        games_per_minute=args.games_per_minute,
        open_games_per_client=args.open_games,
        connections=args.max_connections,
        request_seconds=args.request_timeout,
    )
    store = path_option(args.store, "serve", "--store")
    try:
        run(args.host, args.port, store, args.max_games, limits, args.idle_timeout, args.forwarded_allow_ips)
    except StoreError as error:
        raise UsageError("serve: {problem}", problem=error) from None
    return 0


def _check_serve_options(args: argparse.Namespace) -> None:
    """UsageError for the first option of ``rummykit serve`` out of its range."""
    if not 0 <= args.port <= 65535:
        raise UsageError("serve: --port must be from 0 to 65535, not {port}", port=args.port)
    options = ("max_games", "games_per_minute", "sockets_per_client", "sockets_per_game", "open_games")
    for option in (*options, "max_connections"):
        if getattr(args, option) < 1:
            raise UsageError(
                "serve: --{option} must be at least 1, not {count}",
                option=option.replace("_", "-"),
                count=getattr(args, option),
            )
    if not args.idle_timeout > 0:
        raise UsageError(
            "serve: --idle-timeout must be above 0 seconds, not {count}", count=args.idle_timeout
        )
    if not 0 < args.request_timeout < math.inf:
        raise UsageError(
            "serve: --request-timeout must be a number of seconds above 0, not {count}",
            count=args.request_timeout,
        )


def add_serve_parser(sub: Any) -> None:
    """``rummykit serve`` and its options (a subparser of ``sub``)."""
    p = sub.add_parser("serve", help="serve games to browsers (needs the serve extra)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument(
        "--store",
        metavar="PATH",
        help="keep the games in this SQLite database, so they survive a restart "
        "(a folder of the older format: its games are imported once)",
    )
    p.add_argument(
        "--max-games", type=int, default=1000, metavar="N", help="hold at most N games (default 1000)"
    )
    p.add_argument(
        "--idle-timeout",
        type=float,
        default=3600.0,
        metavar="SECONDS",
        help="an unfinished game with no move and no socket for this long is deleted (default 3600)",
    )
    p.add_argument(
        "--games-per-minute", type=int, default=20, metavar="N", help="new games a minute per address (20)"
    )
    p.add_argument(
        "--sockets-per-client", type=int, default=16, metavar="N", help="open sockets per address (16)"
    )
    p.add_argument("--sockets-per-game", type=int, default=32, metavar="N", help="open sockets per game (32)")
    p.add_argument(
        "--open-games", type=int, default=50, metavar="N", help="unfinished games one address may have (50)"
    )
    p.add_argument(
        "--max-connections",
        type=int,
        default=1000,
        metavar="N",
        help="connections open at once, HTTP and WebSocket; one more is answered 503 (1000)",
    )
    p.add_argument(
        "--request-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="a request must arrive whole (header and body) this soon after its first byte (10)",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        help="behind a reverse proxy: the proxy addresses (comma separated, or *) trusted to name "
        "the client in X-Forwarded-For (default 127.0.0.1)",
    )
    p.set_defaults(run=cmd_serve)


def build_parser() -> argparse.ArgumentParser:
    """The ``rummykit`` command's parser, with every subcommand."""
    parser = _Parser(prog="rummykit", description="The rules of rummy: variants, melds, solver.")
    parser.add_argument("--version", action="version", version=f"rummykit {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    _add_variant_parsers(sub)
    _add_card_parsers(sub)
    _add_simulate_parser(sub)
    add_compare_parser(sub)
    _add_play_parser(sub)
    _add_replay_parser(sub)
    add_serve_parser(sub)
    _add_conformance_parser(sub)
    add_rules_parsers(sub)
    add_schema_parser(sub)
    for p in sub.choices.values():
        p.add_argument(
            "--lang", choices=LANGUAGES, help="language of messages (default: LANGUAGE or LANG, else en)"
        )
    return parser


def _add_variant_parsers(sub: Any) -> None:
    """``rummykit variants`` and ``rummykit check-variant`` (subparsers of ``sub``)."""
    p = sub.add_parser("variants", help="list the bundled variants")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_variants)

    p = sub.add_parser("check-variant", help="check a variant file; every problem on its own line")
    p.add_argument("path", help="a .toml file or a bundled id")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_check_variant)


def _add_card_parsers(sub: Any) -> None:
    """``rummykit meld``, ``hand`` and ``solve``, which judge cards given on the
    command line (subparsers of ``sub``)."""
    for name, run, text in (
        ("meld", cmd_meld, "judge cards as a meld"),
        ("hand", cmd_hand, "the penalty of cards left in a hand"),
        ("solve", cmd_solve, "best opening, can go out, least penalty"),
    ):
        p = sub.add_parser(name, help=text)
        p.add_argument("-v", "--variant", required=True, help="bundled id or path to a .toml")
        p.add_argument("cards", nargs="+", help="cards, e.g. 7h 8h JK")
        p.add_argument(
            "--players", type=int, metavar="N",
            help="the cards must be in the deck for N players (default 2, or the variant's fewest)",
        )  # fmt: skip
        p.add_argument("--json", action="store_true", help="print JSON")
        p.set_defaults(run=run)
    sub.choices["solve"].add_argument(
        "--deal", type=int, default=1, metavar="N",
        help="where each deal has its contract: the deal whose contract opens (default 1)",
    )  # fmt: skip


def _add_simulate_parser(sub: Any) -> None:
    """``rummykit simulate`` and its options (a subparser of ``sub``)."""
    p = sub.add_parser("simulate", help="bots play many rounds; a table of results")
    p.add_argument("-v", "--variant", required=True, help="bundled id or path to a .toml")
    p.add_argument("--players", type=int, help="players (default 2, or the variant's fewest)")
    p.add_argument("--rounds", type=int, help="rounds to play")
    p.add_argument("--matches", type=int, help="whole matches to play (instead of --rounds)")
    p.add_argument(
        "--bots", default="greedy,random",
        help="bots by seat, comma separated (greedy, random, search, search-easy|-medium|-hard, "
        "search:500it, search:200ms)",
    )  # fmt: skip
    rotate = "move the bots one seat every P rounds, P the seats (each match)"
    p.add_argument("--rotate", action="store_true", help=rotate)
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    p.add_argument("--workers", type=int, default=1, help="worker processes, 1 to 256 (default 1)")
    p.add_argument("--records", metavar="DIR", help="write each round's record to DIR")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_backend_options(p)
    p.set_defaults(run=cmd_simulate)


def _add_play_parser(sub: Any) -> None:
    """``rummykit play`` and its options (a subparser of ``sub``)."""
    p = sub.add_parser("play", help="play a round (or a match) in the terminal against bots")
    p.add_argument("-v", "--variant", required=True, help="bundled id or path to a .toml")
    p.add_argument("--players", type=int, help="players (default 2, or the variant's fewest)")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument("--bots", default="greedy", help="bots for the other seats (greedy, random, search, ...)")
    p.add_argument("--seed", type=int, default=None, help="seed (default: a random deal)")
    p.add_argument("--match", action="store_true", help="play a whole match, not one round")
    p.add_argument(
        "--record", metavar="FILE",
        help="save the game's record to FILE at the end (a match: one file per round, game.json gives "
        "game-round1.json, game-round2.json, ...)",
    )  # fmt: skip
    p.set_defaults(run=cmd_play)


def _add_replay_parser(sub: Any) -> None:
    """``rummykit replay`` (a subparser of ``sub``)."""
    p = sub.add_parser("replay", help="replay a game record (JSON)")
    p.add_argument("file", help="a record written by rummykit.to_json(record)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_replay)


def _add_conformance_parser(sub: Any) -> None:
    """``rummykit conformance`` (a subparser of ``sub``)."""
    p = sub.add_parser("conformance", help="run conformance case files")
    p.add_argument("files", nargs="+", help="case files (.toml)")
    p.set_defaults(run=cmd_conformance)


def _asked_language(argv: Sequence[str]) -> str:
    """The language of the last ``--lang`` in ``argv``, else of the
    environment (English by default): what an error in the arguments
    themselves is written in (once they are read, ``args.lang`` is)."""
    asked = None
    for i, word in enumerate(argv):
        if word == "--lang" and i + 1 < len(argv):
            asked = argv[i + 1]
        elif word.startswith("--lang="):
            asked = word.partition("=")[2]
    return language_from_environment() if asked is None else language(asked)


@contextlib.contextmanager
def _forgiving_streams() -> Iterator[None]:
    """While a command runs, bytes that are not text in the terminal's
    encoding neither stop it nor are lost: a file name given in other bytes
    is printed with backslash escapes (the output stays text, JSON too), and
    a typed line with such bytes is read with replacement characters (so the
    game refuses it as a move it cannot read). The streams are as they were after."""
    changed: list[tuple[io.TextIOWrapper, str]] = []
    for stream, errors in ((sys.stdout, "backslashreplace"), (sys.stdin, "replace")):
        # surrogateescape: an ASCII locale (LC_ALL=C), where it would still refuse "ö"
        if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict", "surrogateescape"):
            changed.append((stream, stream.errors))
            stream.reconfigure(errors=errors)
    try:
        yield
    finally:
        for stream, errors in changed:
            # (not after a read that left text buffered, as a pipe closed mid-game does)
            with contextlib.suppress(io.UnsupportedOperation, ValueError):
                stream.reconfigure(errors=errors)


def main(argv: Sequence[str] | None = None) -> int:
    with _forgiving_streams():
        return _run(argv)


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    lang = _asked_language(sys.argv[1:] if argv is None else argv)
    try:
        args = parser.parse_args(argv)
        if getattr(args, "lang", None) is not None:  # as argparse read it: the last one, or --lan
            lang = language(args.lang)
        args.lang = lang
        code: int = args.run(args)
        return code
    except UsageError as error:
        print(f"rummykit: error: {one_line(error.text(lang))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    except KeyboardInterrupt:  # Ctrl-C: one line, never a traceback
        interrupted = UsageError("interrupted")
        print(f"rummykit: {interrupted.text(lang)}", file=sys.stderr)
        return 130
    except SystemExit as stop:  # --help has printed the help
        return stop.code if isinstance(stop.code, int) else 0
    except Exception as error:  # the last resort: one line, never a traceback
        print(f"rummykit: error: unexpected {type(error).__name__}: {one_line(str(error))}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
