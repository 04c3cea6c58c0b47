"""The handlers of the ``rummykit`` subcommands (``cmd_variants``,
``cmd_meld``, ``cmd_solve`` ...) and the :class:`UsageError` they raise on bad
input; :mod:`rummykit.play.cli` builds the parser that calls them."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from rummykit.core.cards import format_cards, parse_cards
from rummykit.core.errors import NotationError, Refusal, RummykitError, VariantError, render
from rummykit.core.files import UnreadableFile, read_text_file
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.core.translation import translator
from rummykit.core.values import hand_penalty
from rummykit.play.backends import MAX_WORKERS, Backend, check_workers, make_backend
from rummykit.play.bot_specs import BOT_FORMS, check_bot_spec
from rummykit.play.conformance import CaseFileError, run_case_files
from rummykit.rules.contract import deal_count, uses_contracts
from rummykit.rules.opening import opened_at_deal
from rummykit.rules.rule_set import rules_of
from rummykit.rules.variant_queries import best_opening, can_go_out, least_penalty, max_hand
from rummykit.solver.requirement import check_deal_number
from rummykit.variant.model import Variant, bundled_variants, load_variant, variant_warnings

__all__ = [
    "UsageError",
    "check_workers_option",
    "cmd_check_variant",
    "cmd_conformance",
    "cmd_hand",
    "cmd_meld",
    "cmd_play",
    "cmd_replay",
    "cmd_simulate",
    "cmd_solve",
    "cmd_variants",
    "one_line",
    "path_option",
]


class UsageError(RummykitError):
    """Bad input: printed as one line, exit 2; an English template with named fields,
    written in the language asked for (``--lang``, or the environment)."""

    def __init__(self, message: str, /, **fields: object) -> None:
        self.template = message
        self.fields = fields
        super().__init__(render(message, fields))

    def text(self, lang: str) -> str:
        return render(self.template, self.fields, translator(lang))


def _say(lang: str, message: str, /, **fields: object) -> str:
    """A line of text for the player in ``lang`` (an English template with named fields)."""
    return render(message, fields, translator(lang))


def _variant(ref: str) -> Variant:
    try:
        return load_variant(ref)
    except VariantError as error:
        raise UsageError("{problem}", problem=error.problems[0]) from None


def _cards(words: Sequence[str]) -> tuple[Any, ...]:
    try:
        cards = parse_cards(" ".join(words))
    except NotationError as error:
        raise UsageError("notation.invalid: {error}", error=error) from None
    if not cards:
        raise UsageError("notation.invalid: no cards given (the card list is empty or blank)")
    return cards


def path_option(text: str | None, command: str, option: str) -> Path | None:
    """The path an option names (None where it is not given); an empty one is refused."""
    if text is None:
        return None
    if not text:
        raise UsageError(
            "{command}: {option} names no file or folder (an empty path)", command=command, option=option
        )
    return Path(text)


def _bot_names(text: str, command: str) -> list[str]:
    """The bot specifications of ``--bots`` (comma separated), each checked."""
    names = [b.strip() for b in text.split(",") if b.strip()]
    if not names:
        raise UsageError("{command}: --bots names no bot (known: {known})", command=command, known=BOT_FORMS)
    for name in names:
        try:
            check_bot_spec(name)
        except ValueError:
            raise UsageError(
                "{command}: unknown bot {name} (known: {known})",
                command=command,
                name=repr(name),
                known=BOT_FORMS,
            ) from None
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

    rule = rules_of(variant).deal
    if variant.contract.deals:
        return "by deal " + "/".join(str(entry.hand_size) for entry in variant.contract.deals)
    sizes = {band.players: rule.hand_size(band.players[0]) for band in variant.deck.by_players}
    extra = f" (+{rule.first_player_extra})" if rule.first_player_extra else ""
    if len(set(sizes.values())) == 1:
        return f"{next(iter(sizes.values()))}{extra}"
    parts = [f"{lo}: {n}" if lo == hi else f"{lo}-{hi}: {n}" for (lo, hi), n in sizes.items()]
    return ", ".join(parts) + extra


def cmd_variants(args: argparse.Namespace) -> int:

    rows: list[dict[str, Any]] = []
    for ref in bundled_variants():
        v = load_variant(ref)
        rule = rules_of(v).deal
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
                "opening_min": rules_of(v).opening.minimum,
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
        found = [
            {"path": w.path, "message": w.message, "inherited_from": w.inherited_from or None}
            for w in warnings
        ]
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
            print(one_line(f"warning: {args.path}: {warning.where}: {warning.message}"), file=sys.stderr)
    return 0


def _meld_json(result: Meld | Refusal, lang: str = "en") -> dict[str, Any]:
    if isinstance(result, Refusal):
        return {
            "valid": False,
            "kind": None,
            "points": None,
            "jokers": [],
            "code": result.code,
            "message": result.message_in(lang),
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


def _seats(variant: Variant, args: argparse.Namespace) -> int:
    """``--players`` of meld, hand and solve (the deck the cards must be in), checked."""
    players = _players(variant, args.players)
    try:
        variant.check_players(players)
    except ValueError as error:
        raise UsageError("{command}: {problem}", command=args.command, problem=error) from None
    return players


def _hand_cards(variant: Variant, args: argparse.Namespace) -> tuple[Any, ...]:
    """The cards of hand and solve: bad input (exit 2) where the deck for
    ``--players`` does not hold them."""
    cards = _cards(args.cards)
    refusal = variant.deck_refusal(cards, _seats(variant, args))
    if refusal is not None:
        raise UsageError("{code}: {message}", code=refusal.code, message=refusal)
    return cards


def cmd_meld(args: argparse.Namespace) -> int:
    variant = _variant(args.variant)
    cards = _cards(args.cards)
    missing = variant.deck_refusal(cards, _seats(variant, args))
    result = judge_meld(variant.meld_rules, cards) if missing is None else missing
    if args.json:
        _emit(_meld_json(result, args.lang))
    elif isinstance(result, Refusal):
        print(_say(args.lang, "refused: {code}: {message}", code=result.code, message=result))
    else:
        jokers = _joker_text(result)
        stands = "".join(f"; JK stands for {j}" for j in jokers)
        print(f"valid {result.kind}: {result.notation()}, {result.points} points{stands}")
    return 1 if isinstance(result, Refusal) else 0


def cmd_hand(args: argparse.Namespace) -> int:
    variant = _variant(args.variant)
    penalty = hand_penalty(variant, _hand_cards(variant, args))
    if args.json:
        _emit({"penalty": penalty})
    else:
        print(f"penalty {penalty}")
    return 0


def _check_solve(variant: Variant, cards: Sequence[Any], deal: int) -> None:
    """What the solver would refuse, as bad input: too many cards, a deal the variant has not
    (checked also where the opening is no contract, as best_opening does)."""
    limit = max_hand(variant)
    if len(cards) > limit:
        raise UsageError(
            "solve: a hand of {variant} holds at most {limit} cards, not {count}",
            variant=variant.id,
            limit=limit,
            count=len(cards),
        )
    try:
        check_deal_number(deal, deal_count(variant) or None)
    except ValueError as error:  # the option named: the message names the solver's parameter
        raise UsageError("solve: --deal: {problem}", problem=error) from None


def cmd_solve(args: argparse.Namespace) -> int:
    variant = _variant(args.variant)
    cards = _hand_cards(variant, args)
    _check_solve(variant, cards, args.deal)
    has_opening = not opened_at_deal(variant)
    try:
        opening = best_opening(variant, cards, deal_number=args.deal) if has_opening else None
        out = can_go_out(variant, cards)
        least = least_penalty(variant, cards)
    except ValueError as error:  # checked above; the solver's own word if it still refuses
        raise UsageError("solve: {problem}", problem=error) from None
    if args.json:
        _emit(
            {
                "has_opening": has_opening,
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
    if not has_opening:
        print(f"best opening: none: {variant.id} has no opening (every seat has opened from the deal)")
    elif opening is None:
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
        raise UsageError("{problem}", problem=error) from None
    for result in report.results:
        if not result.passed:
            print(one_line(str(result)))  # a case name may hold line breaks
    print(report.summary())
    return 0 if report.failed == 0 else 1


def cmd_replay(args: argparse.Namespace) -> int:
    from rummykit.io.records import Record, ReplayError
    from rummykit.io.serialize import JSONError, from_json

    path_option(args.file, "replay", "FILE")
    try:
        record = from_json(read_text_file(args.file))
    except UnreadableFile as error:
        raise UsageError("{file}: cannot read: {reason}", file=args.file, reason=error.reason) from None
    except JSONError as error:
        raise UsageError("{file}: {problem}", file=args.file, problem=error) from None
    except RecursionError:
        raise UsageError("{file}: not a game record (nested too deep)", file=args.file) from None
    if not isinstance(record, Record):
        raise UsageError("{file}: not a game record", file=args.file)
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
    return given if given is not None else variant.usual_players()


def _backend(args: argparse.Namespace) -> Backend:
    """The backend of ``simulate``'s ``--backend``, ``--address`` and ``--workers``."""
    try:
        return make_backend(getattr(args, "backend", "local"), args.workers, getattr(args, "address", None))
    except ValueError as error:
        raise UsageError("simulate: {problem}", problem=error) from None


def check_workers_option(command: str, workers: int, address: str | None) -> None:
    """``--workers`` of ``command``: a UsageError unless the backend takes it
    (:func:`~rummykit.play.backends.check_workers`)."""
    try:
        check_workers(workers, address)
    except ValueError:
        raise UsageError(
            "{command}: --workers must be from 1 to {most}, not {workers}",
            command=command, most=MAX_WORKERS, workers=workers,
        ) from None  # fmt: skip


def cmd_simulate(args: argparse.Namespace) -> int:
    from rummykit.play.backends import BackendError
    from rummykit.play.simulate import EndlessPlay, RecordsError, prepare_records, simulate

    variant = _variant(args.variant)  # checks the reference early, one line on error
    args.players = _players(variant, args.players)
    bots = _bot_names(args.bots, "simulate")
    if (args.rounds is None) == (args.matches is None):
        raise UsageError("simulate: give --rounds or --matches")
    try:
        variant.check_players(args.players)
    except ValueError as error:
        raise UsageError("simulate: {problem}", problem=error) from None
    if len(bots) > args.players:
        raise UsageError(
            "simulate: --bots names {count} bots for {players} seats (one bot a seat, repeated if fewer)",
            count=len(bots),
            players=args.players,
        )
    check_workers_option("simulate", args.workers, getattr(args, "address", None))
    records = path_option(args.records, "simulate", "--records")
    if records is not None:
        try:  # before the simulation runs, not after
            prepare_records(records)
        except RecordsError as error:
            raise UsageError("simulate: --records: {problem}", problem=error) from None
    backend = _backend(args)

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
            backend=backend,
            rotate=args.rotate,
        )
    except (ValueError, BackendError, EndlessPlay) as error:
        raise UsageError("simulate: {problem}", problem=error) from None
    if args.json:
        _emit(report.document())
    else:
        print(report.table())
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from rummykit.play.terminal import (
        GameSettings,
        RecordFileError,
        check_record_file,
        play_game,
        record_files,
    )

    variant = _variant(args.variant)
    args.players = _players(variant, args.players)
    bots = _bot_names(args.bots, "play")
    try:
        variant.check_players(args.players)
    except ValueError as error:
        raise UsageError("play: {problem}", problem=error) from None
    if not 0 <= args.seat < args.players:
        raise UsageError("play: --seat must be from 0 to {last}", last=args.players - 1)
    if len(bots) > args.players - 1:
        raise UsageError(
            "play: --bots names {count} bots for the {seats} other seats (one bot a seat, repeated if fewer)",
            count=len(bots),
            seats=args.players - 1,
        )
    record = path_option(args.record, "play", "--record")
    try:
        settings = GameSettings(
            variant, args.players, args.seat, tuple(bots), args.seed, args.match, record, lang=args.lang
        )
    except ValueError as error:
        raise UsageError("play: {problem}", problem=error) from None
    try:
        if record is not None:  # before the game, not after it
            for path in dict.fromkeys((record, *record_files(record, 1, match=args.match))):
                check_record_file(path)
        play_game(settings)
    except RecordFileError as error:
        raise UsageError("play: --record: {problem}", problem=error) from None
    return 0
