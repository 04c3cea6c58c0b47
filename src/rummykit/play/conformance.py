"""Conformance case files (docs/case-files.md): load, run, report. Of the
cases (the cut card's are in :mod:`rummykit.play.show_cases`), a scenario sets
up a position, plays moves (a move ending in `` !`` or `` !CODE`` must be
refused, and change nothing) and checks what ``expect`` says."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from rummykit.core.cards import parse_cards
from rummykit.core.errors import IllegalMove, NotationError, Refusal, RummykitError, VariantError
from rummykit.core.files import (
    MAX_NESTING,
    UnreadableFile,
    deepest_nesting,
    key_holding,
    parse_toml,
    read_text_file,
)
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.core.values import hand_penalty
from rummykit.play.show_cases import case_meld_rules, hand_case_penalty, show_case_failure
from rummykit.rules import check_opening
from rummykit.variant.model import Variant, load_variant

if TYPE_CHECKING:
    from rummykit.core.round_values import RoundResult
    from rummykit.round.match_play import Match

__all__ = ["CaseFileError", "CaseResult", "Report", "run_case_file", "run_case_files"]

CASE_KEYS: dict[str, dict[str, str]] = {
    "meld": {
        "name": "str", "variant": "str", "cards": "str", "valid": "bool",
        "kind": "str", "points": "int", "error": "str", "notation": "str", "players": "int",
        "cut_card": "str", "pure": "bool",
    },
    "hand": {"name": "str", "variant": "str", "cards": "str", "penalty": "int", "cut_card": "str"},
    "show": {
        "name": "str", "variant": "str", "cards": "str", "cut_card": "str", "valid": "bool", "count": "int",
    },
    "opening": {
        "name": "str", "variant": "str", "melds": "list", "valid": "bool",
        "points": "int", "error": "str", "going_out": "bool", "deal_number": "int", "players": "int",
    },
    "scenario": {"name": "str", "variant": "str", "position": "dict", "moves": "list", "expect": "dict"},
    "perft": {"name": "str", "variant": "str", "position": "dict", "moves": "list", "expect": "dict"},
    "deal": {
        "name": "str", "variant": "str", "players": "int", "seed": "int", "dealer": "int",
        "jokers": "int", "deal_number": "int", "expect": "dict",
    },
    "match": {
        "name": "str", "variant": "str", "players": "int", "rounds": "int", "first_dealer": "int",
        "scores": "list", "play": "list", "expect": "dict",
    },
}  # fmt: skip
REQUIRED = {
    "meld": ("cards", "valid"),
    "hand": ("cards", "penalty"),
    "show": ("cards", "cut_card"),
    "opening": ("melds", "valid"),
    "scenario": ("position", "moves"),
    "perft": ("position", "expect"),
    "deal": ("players", "expect"),
    "match": ("players", "expect"),
}
PERFT_KINDS = (
    "draw", "take", "exchange", "meld", "layoff", "swap", "shift", "buy", "discard", "out", "undo",
    "pass", "knock", "done", "drop", "declare", "total",
)  # fmt: skip
DEAL_KEYS = (
    "deck_size", "hand_sizes", "to_move", "discard_size", "stock_size", "exchange", "phase", "dealer",
    "joker_counts",
)  # fmt: skip
MATCH_KEYS = ("rounds", "totals", "winners", "over", "dealers", "active", "refused")
EXPECT_KEYS = {
    "round_over", "winner", "winners", "ending", "scores", "hands", "table", "discard_top",
    "to_move", "phase", "opened", "stock_size", "reshuffles", "deadwood", "counts", "dropped",
    "knock_limit", "multiplier", "wild_rank",
}  # fmt: skip
EXPECT_TYPES: dict[str, dict[str, str]] = {
    "scenario": {
        "round_over": "bool", "winner": "int", "winners": "list[int]", "ending": "str",
        "scores": "list[int]", "hands": "list[str]", "table": "list[str]", "discard_top": "str",
        "to_move": "int", "phase": "str", "opened": "list[bool]", "stock_size": "int",
        "reshuffles": "int", "deadwood": "list[int]", "counts": "list[int]", "dropped": "list[int]",
        "knock_limit": "int", "multiplier": "int", "wild_rank": "str",
    },
    "deal": {
        "deck_size": "int", "hand_sizes": "list[int]", "to_move": "int", "discard_size": "int",
        "stock_size": "int", "exchange": "bool", "phase": "str", "dealer": "int",
        "joker_counts": "list[int]",
    },
    "match": {
        "rounds": "int", "totals": "list[int]", "winners": "list[int]", "over": "bool",
        "dealers": "list[int]", "active": "list[int]", "refused": "str",
    },
    "perft": dict.fromkeys(PERFT_KINDS, "int"),
}  # fmt: skip


class CaseFileError(RummykitError, ValueError):
    """A case file that cannot be run (bad TOML, unknown keys, bad cards)."""


@attrs.frozen(slots=True)
class CaseResult:
    file: str
    name: str
    passed: bool
    expected: str = ""
    got: str = ""

    def __str__(self) -> str:
        return f"{self.file}: {self.name}: expected {self.expected}, got {self.got}"


@attrs.frozen(slots=True)
class Report:
    results: tuple[CaseResult, ...]

    @property
    def passed(self) -> int:
        return sum(1 for r in self.results if r.passed)

    @property
    def failed(self) -> int:
        return sum(1 for r in self.results if not r.passed)

    def summary(self) -> str:
        return f"{self.passed} passed, {self.failed} failed"


_TYPES: dict[str, type | tuple[type, ...]] = {
    "str": str,
    "bool": bool,
    "int": int,
    "list": list,
    "dict": dict,
}


def _is(value: Any, kind: str) -> bool:
    """Is ``value`` of ``kind`` ("int", "str", "bool", "list[int]" ...)?"""
    if kind.startswith("list["):
        return isinstance(value, list) and all(_is(item, kind[5:-1]) for item in value)
    wanted = _TYPES[kind]
    return isinstance(value, wanted) and not (kind == "int" and isinstance(value, bool))


def _check_expect_types(where: str, section: str, expect: dict[str, Any]) -> None:
    for key, value in expect.items():
        kind = EXPECT_TYPES[section].get(key)
        if kind is not None and not _is(value, kind):
            raise CaseFileError(f"{where}: expect.{key} should be {kind}, got {value!r}")


def _check_case(path: str, section: str, index: int, case: Any) -> None:
    where = f"{path}: [[{section}]] #{index + 1}"
    if not isinstance(case, dict):
        raise CaseFileError(f"{where}: expected a table")
    keys = CASE_KEYS[section]
    for key, value in case.items():
        if key not in keys:
            raise CaseFileError(f"{where}: unknown key {key!r} (known: {', '.join(keys)})")
        wanted = _TYPES[keys[key]]
        if not isinstance(value, wanted) or (keys[key] == "int" and isinstance(value, bool)):
            raise CaseFileError(f"{where}: {key} should be {keys[key]}, got {value!r}")
    for key in REQUIRED[section]:
        if key not in case:
            raise CaseFileError(f"{where}: the key {key!r} is missing")
    if "expect" in case:
        _check_expect_types(where, section, case["expect"])
    if "moves" in case and not _is(case["moves"], "list[str]"):
        raise CaseFileError(f"{where}: moves should be list[str], got {case['moves']!r}")
    if "scores" in case and not _is(case["scores"], "list[list[int]]"):
        raise CaseFileError(f"{where}: scores should be list[list[int]], got {case['scores']!r}")
    if "play" in case and not all(isinstance(s, str) or _is(s, "list[int]") for s in case["play"]):
        raise CaseFileError(f"{where}: play should mix list[int] and str, got {case['play']!r}")


class _Variants:
    def __init__(self, base: Path) -> None:
        self.base = base
        self.cache: dict[str, Variant] = {}

    def get(self, ref: str, where: str) -> Variant:
        if ref not in self.cache:
            target = ref
            if ref.endswith(".toml") and not Path(ref).is_absolute():
                target = str(self.base / ref)
            try:
                self.cache[ref] = load_variant(target)
            except VariantError as error:
                raise CaseFileError(f"{where}: variant {ref!r}: {error.problems[0]}") from None
        return self.cache[ref]


def _verdict(result: Meld | Refusal) -> str:
    return f"refused ({result.code})" if isinstance(result, Refusal) else "valid"


def run_case_file(path: str | Path) -> list[CaseResult]:
    """Run every case of one file; raises CaseFileError if the file is malformed."""
    path = Path(path)
    label = str(path)
    try:
        data = parse_toml(read_text_file(path))
    except UnreadableFile as error:
        raise CaseFileError(f"{label}: cannot read: {error.reason}") from None
    except RecursionError:
        raise CaseFileError(f"{label}: not valid TOML: tables or arrays nested too deep") from None
    except ValueError as error:  # TOMLDecodeError, or an integer too long to convert
        raise CaseFileError(f"{label}: not valid TOML: {error}") from None
    if deepest_nesting(data) > MAX_NESTING:
        raise CaseFileError(f"{label}: tables and arrays nest more than {MAX_NESTING} deep")
    for key in data:
        if key not in CASE_KEYS and key not in ("variant", "variants"):
            raise CaseFileError(f"{label}: unknown key {key!r} (known: variant, {', '.join(CASE_KEYS)})")
    default = data.get("variant")
    if default is not None and not isinstance(default, str):
        raise CaseFileError(f"{label}: variant should be str, got {default!r}")
    every = data.get("variants")
    if every is not None and (not isinstance(every, list) or not all(isinstance(v, str) for v in every)):
        raise CaseFileError(f"{label}: variants should be a list of variant ids or paths")
    variants = _Variants(path.parent)
    results: list[CaseResult] = []
    for section in CASE_KEYS:
        cases = data.get(section, [])
        if not isinstance(cases, list):
            raise CaseFileError(f"{label}: {section} should be an array of tables [[{section}]]")
        for index, case in enumerate(cases):
            _check_case(label, section, index, case)
            name = case.get("name", f"{section} #{index + 1}")
            position = None if "variant" in case or every or default else case.get("position")
            refs = [case["variant"]] if "variant" in case else (every or [default])
            refs = [position.get("variant")] if isinstance(position, dict) else refs  # else a position's
            for ref in refs:
                if not isinstance(ref, str):
                    raise CaseFileError(f"{label}: {name}: no variant (set `variant` in the file or case)")
                variant = variants.get(ref, f"{label}: {name}")
                shown = f"{name} [{ref}]" if every and "variant" not in case else name
                results.append(_run_case(label, shown, section, variant, case, path.parent))
    if not results:
        raise CaseFileError(f"{label}: no case (known sections: {', '.join(CASE_KEYS)})")
    return results


def _run_case(
    label: str, name: str, section: str, variant: Variant, case: dict[str, Any], base: Path
) -> CaseResult:
    try:
        if section == "scenario":
            return _scenario_case(label, name, variant, case, base)
        if section == "perft":
            return _perft_case(label, name, variant, case, base)
        return _RUNNERS[section](label, name, variant, case)
    except NotationError as error:  # named by the key that holds the text at fault
        raise CaseFileError(f"{label}: {name}: {key_holding(case, error.token)}{error}") from None


def _players(label: str, name: str, variant: Variant, case: dict[str, Any]) -> int | None:
    """A meld or opening case's ``players`` (None: any deck of the variant), checked."""
    players: int | None = case.get("players")
    if players is not None:
        try:
            variant.check_players(players)
        except ValueError as error:
            raise CaseFileError(f"{label}: {name}: players: {error}") from None
    return players


def _meld_case(label: str, name: str, variant: Variant, case: dict[str, Any]) -> CaseResult:
    cards = parse_cards(case["cards"])
    missing = variant.deck_refusal(cards, _players(label, name, variant, case))
    result = judge_meld(case_meld_rules(variant, case), cards) if missing is None else missing
    if case["valid"] != isinstance(result, Meld):
        expected = "valid" if case["valid"] else "refused"
        return CaseResult(label, name, False, expected, _verdict(result))
    if isinstance(result, Refusal):
        if "error" in case and case["error"] != result.code:
            return CaseResult(label, name, False, f"refused ({case['error']})", _verdict(result))
        return CaseResult(label, name, True)
    checks = (
        ("kind", result.kind),
        ("points", result.points),
        ("notation", result.notation()),
        ("pure", result.is_pure),
    )
    for key, got in checks:
        if key in case and case[key] != got:
            return CaseResult(label, name, False, f"{key} {case[key]!r}", f"{key} {got!r}")
    return CaseResult(label, name, True)


def _hand_case(label: str, name: str, variant: Variant, case: dict[str, Any]) -> CaseResult:
    got = hand_case_penalty(variant, case) if "cut_card" in case else hand_penalty(variant, case["cards"])
    if got != case["penalty"]:
        return CaseResult(label, name, False, f"penalty {case['penalty']}", f"penalty {got}")
    return CaseResult(label, name, True)


def _opening_case(label: str, name: str, variant: Variant, case: dict[str, Any]) -> CaseResult:
    melds: Sequence[str] = case["melds"]
    if not all(isinstance(m, str) for m in melds):
        raise CaseFileError(f"{label}: {name}: melds should be strings of cards, got {melds!r}")
    players = _players(label, name, variant, case)
    try:
        result = check_opening(
            variant, melds, going_out=case.get("going_out", False),
            deal_number=case.get("deal_number"), players=players,
        )  # fmt: skip
    except NotationError:
        raise
    except ValueError as error:  # a deal number the variant has not
        raise CaseFileError(f"{label}: {name}: {error}") from None
    valid = not isinstance(result, Refusal)
    if case["valid"] != valid:
        expected = "valid" if case["valid"] else "refused"
        got = "valid" if valid else f"refused ({result.code})"  # type: ignore[union-attr]
        return CaseResult(label, name, False, expected, got)
    if isinstance(result, Refusal):
        if "error" in case and case["error"] != result.code:
            return CaseResult(label, name, False, f"refused ({case['error']})", f"refused ({result.code})")
        return CaseResult(label, name, True)
    if "points" in case and case["points"] != result.points:
        return CaseResult(label, name, False, f"points {case['points']}", f"points {result.points}")
    return CaseResult(label, name, True)


def _expect_keys(label: str, name: str, expect: dict[str, Any], known: Sequence[str]) -> None:
    unknown = set(expect) - set(known)
    if unknown:
        raise CaseFileError(f"{label}: {name}: unknown expect key(s) {', '.join(sorted(unknown))}")


def _compare(label: str, name: str, expect: dict[str, Any], got: dict[str, Any]) -> CaseResult:
    for key, want in expect.items():
        if want != got[key]:
            return CaseResult(label, name, False, f"{key} {want!r}", f"{key} {got[key]!r}")
    return CaseResult(label, name, True)


def _deal_case(label: str, name: str, variant: Variant, case: dict[str, Any]) -> CaseResult:
    from rummykit.round.dealing import deal

    expect = case["expect"]
    _expect_keys(label, name, expect, DEAL_KEYS)
    try:
        state = deal(
            variant, players=case["players"], seed=case.get("seed", 1), dealer=case.get("dealer"),
            jokers=case.get("jokers"), deal_number=case.get("deal_number", 0),
        )  # fmt: skip
    except (TypeError, ValueError) as error:  # a seat, a joker count or a deal number it has not
        raise CaseFileError(f"{label}: {name}: {error}") from None
    got = {
        "deck_size": len(state.deck),
        "hand_sizes": [len(h) for h in state.hands],
        "to_move": state.to_move,
        "discard_size": len(state.discard),
        "stock_size": len(state.stock),
        "exchange": state.exchange is not None,
        "phase": state.phase,
        "dealer": state.dealer,
        "joker_counts": [sum(1 for c in h if c.is_joker) for h in state.hands],
    }
    return _compare(label, name, expect, got)


def _match_case(label: str, name: str, variant: Variant, case: dict[str, Any]) -> CaseResult:
    from rummykit.round.match_play import Match

    expect = case["expect"]
    _expect_keys(label, name, expect, MATCH_KEYS)
    refused: str | None = None
    steps = [*case.get("scores", []), *case.get("play", [])]
    last_decision = max((i for i, step in enumerate(steps) if isinstance(step, str)), default=-1)
    try:
        match = Match.start(
            variant, players=case["players"], first_dealer=case.get("first_dealer", 0),
            rounds=case.get("rounds"),
        )  # fmt: skip
        for index, step in enumerate(steps):
            if isinstance(step, list):
                match = _record_match_seats(match, step)
                continue
            try:
                match = _decide(match, step)
            except IllegalMove as refusal:
                if index != last_decision:
                    return CaseResult(label, name, False, f"{step!r} accepted", f"refused ({refusal.code})")
                refused = refusal.code
    except ValueError as error:
        raise CaseFileError(f"{label}: {name}: {error}") from None
    got = {
        "rounds": match.rounds,
        "totals": list(match.totals),
        "winners": list(match.winners),
        "over": match.is_over,
        # A match with no fixed length (match.target): the rounds recorded.
        "dealers": [match.dealer_of(i) for i in range(match.rounds or len(match.results))],
        "active": list(match.active),
        "refused": refused,
    }
    if refused is not None and "refused" not in expect:
        return CaseResult(label, name, False, f"{steps[last_decision]!r} accepted", f"refused ({refused})")
    return _compare(label, name, expect, got)


def _record_match_seats(match: Match, scores: list[int]) -> Match:
    """Record a round given one score per match seat (a seat out of play: 0)."""
    from rummykit.core.round_values import RoundResult

    if len(scores) != match.players:
        raise ValueError(f"a round needs one score per match seat ({match.players}), not {len(scores)}")
    active = match.active
    idle = [seat for seat in range(match.players) if seat not in active and scores[seat] != 0]
    if idle:
        raise ValueError(f"seat {idle[0]} is not in play and must score 0, not {scores[idle[0]]}")
    return match.record(RoundResult("went_out", None, (), tuple(scores[seat] for seat in active)))


def _decide(match: Match, step: str) -> Match:
    """Apply a decision written "SEAT: rebuy" or "SEAT: retire"."""
    seat, colon, choice = step.partition(":")
    if not colon or not seat.strip().isdigit() or not seat.strip().isascii():
        raise ValueError(f"a decision reads 'SEAT: rebuy' or 'SEAT: retire', not {step!r}")
    return match.decide(int(seat.strip()), choice.strip())


def _perft_case(label: str, name: str, variant: Variant, case: dict[str, Any], base: Path) -> CaseResult:
    from rummykit.io.positions import PositionError, position_from_dict

    expect = case["expect"]
    _expect_keys(label, name, expect, PERFT_KINDS)
    try:
        state = position_from_dict(case["position"], base=base, variant=variant)
    except PositionError as error:
        raise CaseFileError(f"{label}: {name}: position: {error}") from None
    try:
        for line in case.get("moves", []):
            state = state.apply(line)
    except IllegalMove as error:
        raise CaseFileError(f"{label}: {name}: {error}") from None
    counts = dict.fromkeys(PERFT_KINDS, 0)
    for move in state.legal_moves():
        kind = str(move).split()[0]
        kind = "exchange" if kind == "draw" and str(move) == "draw exchange" else kind
        counts[kind] += 1
        counts["total"] += 1
    return _compare(label, name, expect, counts)


def _show_case(label: str, name: str, variant: Variant, case: dict[str, Any]) -> CaseResult:
    failure = show_case_failure(variant, case)
    return CaseResult(label, name, True) if failure is None else CaseResult(label, name, False, *failure)


_RUNNERS = {
    "meld": _meld_case,
    "hand": _hand_case,
    "show": _show_case,
    "opening": _opening_case,
    "deal": _deal_case,
    "match": _match_case,
}


def _scenario_case(label: str, name: str, variant: Variant, case: dict[str, Any], base: Path) -> CaseResult:
    from rummykit.io.positions import PositionError, position_from_dict

    expect = case.get("expect", {})
    unknown = set(expect) - EXPECT_KEYS
    if unknown:
        raise CaseFileError(f"{label}: {name}: unknown expect key(s) {', '.join(sorted(unknown))}")
    try:
        state = position_from_dict(case["position"], base=base, variant=variant)
    except PositionError as error:
        raise CaseFileError(f"{label}: {name}: position: {error}") from None
    for index, line in enumerate(case["moves"]):
        if not isinstance(line, str):
            raise CaseFileError(f"{label}: {name}: moves[{index}] should be a string")
        text, bang, code = line.partition("!")
        code = code.strip()
        where = f"move {index + 1} ({line.strip()})"
        try:
            after = state.apply(text.strip())
        except IllegalMove as refusal:
            if not bang:
                return CaseResult(label, name, False, f"{where} accepted", f"refused ({refusal.code})")
            if code and code != refusal.code:
                return CaseResult(
                    label, name, False, f"{where} refused ({code})", f"refused ({refusal.code})"
                )
            continue
        if bang:
            return CaseResult(label, name, False, f"{where} refused ({code or 'any code'})", "accepted")
        state = after
    return _check_expect(label, name, state, expect)


#: Short names a case may give for an ending: "out" is any round that a
#: player went out of, "stock" one that the empty stock ended.
ENDING_ALIASES = {"out": ("went_out", "hand_rummy"), "stock": ("blocked",)}


_COMPARED_IN_ORDER = (
    "round_over", "winner", "winners", "ending", "scores", "discard_top", "to_move", "phase", "opened",
    "stock_size", "reshuffles", "deadwood", "knock_limit", "multiplier", "counts", "dropped", "wild_rank",
)  # fmt: skip
"""The plain ``expect`` keys of a scenario, in the order they are compared."""


def _single_winner(result: RoundResult | None) -> int | None:
    """A case's ``winner`` (R-WLD-05): the round's single winner however it
    ended (the seat that went out, or the only seat among ``winners`` of a
    blocked round); None where nobody or several seats won."""
    if result is None:
        return None
    if result.winner is not None:
        return result.winner
    return result.winners[0] if len(result.winners) == 1 else None


def _check_expect(label: str, name: str, state: Any, expect: dict[str, Any]) -> CaseResult:
    result = state.result
    wanted = expect.get("ending")
    if result is not None and isinstance(wanted, str) and result.ending in ENDING_ALIASES.get(wanted, ()):
        expect = {**expect, "ending": result.ending}
    got: dict[str, Any] = {
        "round_over": state.phase == "over",
        "winner": _single_winner(result),
        "winners": None if result is None else list(result.winners),
        "ending": None if result is None else result.ending,
        "stock_size": len(state.stock),
        "reshuffles": state.reshuffles,
        "scores": None if result is None else list(result.scores),
        "discard_top": None if not state.discard else str(state.discard[-1]),
        "to_move": state.to_move,
        "phase": state.phase,
        "opened": list(state.opened),
        "deadwood": None if result is None else list(result.deadwood),
        "counts": None if result is None else list(result.deadwood),  # a show's or a drop's counts
        "dropped": list(state.dropped or (0,) * state.players),
        **_indicator_roles(state),
    }
    for key in _COMPARED_IN_ORDER:
        if key in expect and expect[key] != got[key]:
            return CaseResult(label, name, False, f"{key} {expect[key]!r}", f"{key} {got[key]!r}")
    if "hands" in expect:
        if len(expect["hands"]) > len(state.hands):
            return CaseResult(label, name, False, f"{len(expect['hands'])} hands", f"{len(state.hands)}")
        for seat, cards in enumerate(expect["hands"]):
            want = sorted(str(c) for c in parse_cards(cards))
            have = sorted(str(c) for c in state.hands[seat])
            if want != have:
                return CaseResult(label, name, False, f"hands[{seat}] {' '.join(want)}", " ".join(have))
    if "table" in expect:
        table = state.table
        if len(expect["table"]) != len(table):
            return CaseResult(label, name, False, f"{len(expect['table'])} table melds", f"{len(table)}")
        for index, cards in enumerate(expect["table"]):
            meld = table[index].meld
            want_cards = parse_cards(cards)
            declared = any(c.declared is not None for c in want_cards)
            have = sorted(s.notation() if declared else str(s.card) for s in meld.slots)
            want = sorted(str(c) for c in want_cards)
            if not declared:
                have = sorted(str(s.card) for s in meld.slots)
            if want != have:
                return CaseResult(label, name, False, f"table[{index + 1}] {cards}", meld.notation())
    return CaseResult(label, name, True)


def _indicator_roles(state: Any) -> dict[str, Any]:
    """What the deal's indicator card sets: the knock limit (None where
    nobody knocks), the factor on the round scores and the wild rank (its
    symbol, ``"9"``; None where the deal has none)."""
    rules = state.rules
    knock = rules.knock
    wild = rules.deal.indicator.wild_rank(state.indicator)
    return {
        "knock_limit": None if knock is None else knock.limit(state.indicator),
        "multiplier": rules.deal.indicator.factor(state.indicator),
        "wild_rank": None if wild is None else "23456789TJQKA"[wild - 2],
    }


def run_case_files(paths: Iterable[str | Path]) -> Report:
    """Run several case files; raises CaseFileError on the first malformed one."""
    results: list[CaseResult] = []
    for path in paths:
        results.extend(run_case_file(path))
    return Report(tuple(results))
