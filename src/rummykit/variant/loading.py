"""Loading a variant: reading its TOML file (a bundled id or a path),
resolving ``extends``, reading every table, checking the keys against each
other, every problem reported at once in one
:class:`~rummykit.core.errors.VariantError`."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummykit.core.errors import Problem, VariantError
from rummykit.core.files import MAX_FILE_BYTES, MAX_NESTING, deepest_nesting, parse_toml
from rummykit.core.toml_schema import MISSING, describe, read_section, unknown_key
from rummykit.core.values import HandValues, TableValues
from rummykit.variant.deal_rules import OVERRIDABLE, DealRules
from rummykit.variant.ending_tables import read_instant_win, read_payments
from rummykit.variant.indicator_table import indicator_problems, read_indicator
from rummykit.variant.knock_checks import knock_problems
from rummykit.variant.leaving_sections import leaving_readers
from rummykit.variant.payment_keys import payments_inherited, payments_resolved
from rummykit.variant.play_checks import band_deals, play_problems
from rummykit.variant.ruleset import Variant
from rummykit.variant.sections import (
    DEPRECATED,
    MAX_EXTENDS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    REQUIRED_SECTIONS,
    SECTIONS,
    ContractDeal,
    Deal,
    DeckBand,
    Draw,
    Knock,
    Match,
    Melds,
    Opening,
    Players,
    Swap,
    suggest_key,
)
from rummykit.variant.shape_keys import shape_inherited, shape_resolved
from rummykit.variant.variant_files import (
    bundled_variants,
    looks_like_path,
    read_parent_text,
    read_variant_text,
)

__all__ = [
    "Origins",
    "as_variant",
    "bundled_variants",
    "deal_data",
    "deal_variant",
    "load_bundled_variant",
    "load_variant",
    "loads_variant",
    "variant_from_rules",
]


def _hidden(path: str) -> frozenset[str]:
    """The deprecated keys of one table (``"melds"``, ``"values.table"``)."""
    return frozenset(entry.key for entry in DEPRECATED.values() if entry.table == path)


Origins = dict[str, str]
"""Which file gave each key path of the merged rules (``"opening.min_points"``
-> the file's label), so that a problem is reported under that file's name."""


class _Collector:
    def __init__(self, file: str, origins: Origins | None = None) -> None:
        self.file = file
        self.origins = origins or {}
        self.problems: list[Problem] = []

    def __call__(self, path: str, expected: str, got: str) -> None:
        self.problems.append(Problem(self.file_of(path), path, expected, got))

    def file_of(self, path: str) -> str:
        """The file that wrote ``path``, or its nearest enclosing table."""
        while path:
            if path in self.origins:
                return self.origins[path]
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return self.file


def _origins(data: dict[str, Any], label: str, prefix: str = "") -> Origins:
    out: Origins = {}
    for key, value in data.items():
        path = f"{prefix}{key}"
        out[path] = label
        if isinstance(value, dict):
            out.update(_origins(value, label, f"{path}."))
    return out


def _merge(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    """Child keys replace parent keys; tables merge; arrays are replaced whole."""
    merged = dict(parent)
    for key, value in child.items():
        old = merged.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            merged[key] = _merge(old, value)
        else:
            merged[key] = value
    return merged


def _parse(label: str, text: str) -> dict[str, Any]:
    try:
        data: dict[str, Any] = parse_toml(text)
    except RecursionError:
        raise VariantError(
            [Problem(label, "(file)", "valid TOML", "tables or arrays nested too deep")]
        ) from None
    except ValueError as error:  # e.g. an integer too long to convert
        raise VariantError([Problem(label, "(file)", "valid TOML", str(error))]) from None
    depth = deepest_nesting(data)
    if depth > MAX_NESTING:
        raise VariantError(
            [
                Problem(
                    label, "(file)", f"tables and arrays nested at most {MAX_NESTING} deep", f"{depth} deep"
                )
            ]
        )
    return data


def _resolve(
    label: str, data: dict[str, Any], base: Path | None, chain: tuple[str, ...]
) -> tuple[dict[str, Any], Origins]:
    """The rules with every parent merged in, and which file gave each key."""
    own = _origins(data, label)
    meta = data.get("meta")
    parent_ref = meta.get("extends") if isinstance(meta, dict) else None
    if not parent_ref:
        return data, own
    if not isinstance(parent_ref, str):
        raise VariantError([Problem(label, "meta.extends", "a bundled id or a path", repr(parent_ref))])
    if len(chain) >= MAX_EXTENDS:
        raise VariantError(
            [
                Problem(
                    label,
                    "meta.extends",
                    f"a chain of at most {MAX_EXTENDS} files",
                    f"more than {MAX_EXTENDS}",
                )
            ]
        )
    parent_label, parent_text, parent_base = read_parent_text(label, parent_ref, base)
    if parent_label in chain:
        cycle = " -> ".join((*chain, parent_label))
        raise VariantError([Problem(label, "meta.extends", "no cycle of extends", cycle)])
    parsed = _parse(parent_label, parent_text)
    parent, origins = _resolve(parent_label, parsed, parent_base, (*chain, parent_label))
    # A child inherits rules, never who it is: its id, name, seed and parent
    # are its own (a missing id or name is a problem of the child's file).
    parent = payments_inherited(shape_inherited(parent, data), data)  # a child's form replaces the parent's
    merged = _merge({key: value for key, value in parent.items() if key != "meta"}, data)
    inherited = {
        path: file for path, file in origins.items() if path != "meta" and not path.startswith("meta.")
    }
    return merged, {**inherited, **own}


def variant_from_rules(
    label: str,
    data: dict[str, Any],
    source: str,
    origins: Origins | None = None,
    *,
    refuse_bundled_id: bool = False,
) -> Variant:
    """A variant from its rules as data (a TOML file with ``extends`` resolved,
    or the rules a document stores); every problem reported at once.
    ``refuse_bundled_id``: the rules come from a user's file, whose id may not
    shadow a bundled variant."""
    report = _Collector(label, origins)
    _check_table_names(data, report)
    sections = _read_sections(data, report)
    if not report.problems:
        overall = _Collector(label)  # a check across keys belongs to the file loaded
        _check_consistency(sections, overall)
        _check_deals_rules(data, sections, overall)
        report.problems.extend(overall.problems)
    meta = sections["meta"]
    if refuse_bundled_id and meta is not None and meta.id in bundled_variants():
        known = ", ".join(bundled_variants())
        report("meta.id", f"an id no bundled variant has ({known}); a child picks its own", describe(meta.id))
    if report.problems:
        raise VariantError(report.problems)
    return Variant(**sections, source=source, resolved=data, origins=tuple(report.origins.items()))


def _check_table_names(data: dict[str, Any], report: _Collector) -> None:
    """Report every unknown top-level table, then every required one missing."""
    for key in data:
        if key not in SECTIONS:
            known = ", ".join(SECTIONS)
            report(key, f"a known table ({known})", unknown_key(key, suggest_key("", key)))
    for name in REQUIRED_SECTIONS:
        if name not in data:
            report(name, "a table", "nothing (the table is missing)")


def _read_sections(data: dict[str, Any], report: _Collector) -> dict[str, Any]:
    """Every section read from its table (None for a section with a problem)."""
    nested: dict[str, dict[str, Callable[[Any, str], Any]]] = {
        "deck": {"by_players": lambda value, where: _deck_bands(value, where, report)},
        "deal": {
            "indicator": lambda value, where: read_indicator(value, where, report, suggest_key),
            "instant_win": lambda value, where: read_instant_win(value, where, report, suggest_key),
        },
        "contract": {"deals": lambda value, where: _contract_deals(value, where, report)},
        "values": _values_readers(report),
        "scoring": {"payments": lambda value, where: read_payments(value, where, report, suggest_key)},
    }
    for name, readers in leaving_readers(report, suggest_key).items():  # [declare], scoring.loser_count
        nested[name] = {**nested.get(name, {}), **readers}
    sections: dict[str, Any] = {}
    data = payments_resolved(data, report)  # a point-scored variant's scoring.payments
    for name, cls in SECTIONS.items():
        table = shape_resolved(data.get(name, {}), name, report)  # opening.shape
        section = read_section(
            cls, table, name, report, nested.get(name), hidden=_hidden(name), suggest=suggest_key
        )
        sections[name] = section
    return sections


def _values_readers(report: _Collector) -> dict[str, Callable[[Any, str], Any]]:
    """How ``[values]`` reads its two tables."""
    return {
        "table": lambda value, where: _values_table(TableValues, value, where, report),
        "hand": lambda value, where: _values_table(HandValues, value, where, report),
    }


def _deck_bands(value: Any, where: str, report: _Collector) -> Any:
    """The ``[[deck.by_players]]`` bands, or MISSING after reporting."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_PLAYERS:
        expected = f"an array of 1 to {MAX_PLAYERS} tables [[deck.by_players]]"
        report(where, expected, "nothing usable" if not value else describe(value))
        return MISSING
    read = [
        read_section(DeckBand, item, f"{where}[{i}]", report, suggest=suggest_key)
        for i, item in enumerate(value)
    ]
    return MISSING if any(b is None for b in read) else tuple(read)


def _contract_deals(value: Any, where: str, report: _Collector) -> Any:
    """The ``[[contract.deals]]``, or MISSING after reporting."""
    if not isinstance(value, list) or len(value) > MAX_ROUNDS:
        report(where, f"an array of at most {MAX_ROUNDS} tables [[contract.deals]]", describe(value))
        return MISSING
    nested = {"rules": lambda rules, at: _deal_rules(rules, at, report)}
    read = [
        read_section(ContractDeal, shape_resolved(item, at, report), at, report, nested, suggest=suggest_key)
        for at, item in ((f"{where}[{i}]", item) for i, item in enumerate(value))
    ]
    return MISSING if any(d is None for d in read) else tuple(read)


def _deal_rules(value: Any, where: str, report: _Collector) -> Any:
    """A deal's ``rules`` (8.4): tables of OVERRIDABLE, each read as the
    variant's own table is; the DealRules, or MISSING after reporting."""
    if not isinstance(value, dict):
        report(where, f"a table of variant tables ({', '.join(OVERRIDABLE)})", describe(value))
        return MISSING
    ok = True
    for name, table in value.items():
        if name not in OVERRIDABLE:
            report(f"{where}.{name}", f"a table a deal may override ({', '.join(OVERRIDABLE)})", str(name))
            ok = False
            continue
        at = f"{where}.{name}"
        nested = _values_readers(report) if name == "values" else None
        section = read_section(
            SECTIONS[name], table, at, report, nested, hidden=_hidden(name), suggest=suggest_key
        )
        ok = ok and section is not None
    return DealRules.of(value) if ok else MISSING


def deal_data(data: dict[str, Any], index: int) -> dict[str, Any]:
    """The rules of deal ``index`` (from 0) as data: ``data`` (a variant's
    resolved rules) with that deal's ``rules`` in place of the variant's
    keys, and no deal holding rules of its own."""
    deals = [dict(deal) for deal in data["contract"]["deals"]]
    merged = _merge(data, dict(deals[index].get("rules", {})))
    for deal in deals:
        deal.pop("rules", None)
    merged["contract"] = {**merged["contract"], "deals": deals}
    return merged


def deal_variant(variant: Variant, index: int) -> Variant:
    """The variant as deal ``index`` (from 0) plays it: its keys with that
    deal's ``rules`` in place (a VariantError where they do not fit
    together; a loaded variant was checked)."""
    data = deal_data(variant.resolved_dict(), index)
    return variant_from_rules(f"{variant.id} deal {index + 1}", data, variant.source)


def _values_table(cls: type[Any], value: Any, where: str, report: _Collector) -> Any:
    """A ``[values.table]`` or ``[values.hand]`` table as ``cls``, or MISSING after reporting."""
    result = read_section(cls, value, where, report, hidden=_hidden(where), suggest=suggest_key)
    return MISSING if result is None else result


def _check_consistency(s: dict[str, Any], report: _Collector) -> None:
    """The checks across keys of the sections ``s``, in the order their problems are reported."""
    players: Players = s["players"]
    bands: tuple[DeckBand, ...] = s["deck"].by_players
    _check_players(players, bands, report)
    _check_melds(s["melds"], report)
    _check_pure_run(s["opening"], s["melds"], report)
    _check_relay(s["swap"], report)
    _check_draw_and_match(s["draw"], s["match"], report)
    _check_knock(s, report)
    deal: Deal = s["deal"]
    _check_deal(deal, s["seating"].cutter, bands, players, report)
    found = indicator_problems(deal.indicator, upcard=deal.flip_first_discard, knock=s["knock"].allowed)
    for problem in found + knock_problems(s) + play_problems(s):  # the knock; a legal move every turn
        report(*problem)
    _check_contract(s, report)


def _check_players(players: Players, bands: tuple[DeckBand, ...], report: _Collector) -> None:
    """The player counts make sense, and exactly one deck band covers each."""
    if players.min > players.max:
        report("players.min", f"at most players.max ({players.max})", f"integer {players.min}")
    for count in range(players.min, players.max + 1):
        covering = [b for b in bands if b.players[0] <= count <= b.players[1]]
        if len(covering) != 1:
            report(
                "deck.by_players",
                f"exactly one band covering {count} players",
                f"{len(covering)} bands",
            )


def _check_melds(melds: Melds, report: _Collector) -> None:
    """The meld sizes make sense; runs never wrap, table melds are never rearranged."""
    if melds.set_min > melds.set_max:
        report("melds.set_min", f"at most melds.set_max ({melds.set_max})", f"integer {melds.set_min}")
    if melds.run_min > melds.run_max:
        report("melds.run_min", f"at most melds.run_max ({melds.run_max})", f"integer {melds.run_min}")
    if melds.run_wrap:
        report("melds.run_wrap", "false (runs never turn the corner, R-ALL-02)", "boolean true")
    if melds.rearrange_table:
        report(
            "melds.rearrange_table",
            "false (table melds are never rearranged, R-ALL-05)",
            "boolean true",
        )


def _check_pure_run(opening: Opening, melds: Melds, report: _Collector) -> None:
    """The pure run an opening asks for can be laid: no longer than a run may be."""
    if opening.require_pure_run and opening.pure_run_min > melds.run_max:
        report(
            "opening.pure_run_min",
            f"at most melds.run_max ({melds.run_max}): no longer run can be laid",
            f"integer {opening.pure_run_min}",
        )


def _check_relay(swap: Swap, report: _Collector) -> None:
    """A swapped joker that must be laid again has somewhere to go."""
    if swap.allowed and swap.relay == "mandatory" and not swap.relay_targets:
        expected = 'at least one place while swap.relay is "mandatory" (no swap could end its turn)'
        report("swap.relay_targets", expected, "an empty array")


def _check_draw_and_match(draw: Draw, match: Match, report: _Collector) -> None:
    """The top discard has one duty; a match played until one is left eliminates someone."""
    if draw.discard_top_condition == "opening_use" and draw.top_card_use != "none":
        report(
            "draw.top_card_use",
            '"none" while `draw.discard_top_condition` is "opening_use" (one duty for the top discard)',
            f"string {draw.top_card_use!r}",
        )
    if match.rounds == "until_one_left" and match.eliminate_above < 1:
        report(
            "match.eliminate_above",
            'an integer >= 1 when match.rounds is "until_one_left"',
            f"integer {match.eliminate_above}",
        )


def _check_knock(s: dict[str, Any], report: _Collector) -> None:
    """Gin's knock is for two players, goes with deadwood scoring, and lays
    no wild deuce; the knock before the draw (:func:`_check_drop_knock`)."""
    knock: Knock = s["knock"]
    gin_knock = knock.allowed and knock.timing == "instead_of_discard"
    if gin_knock and s["players"].max != 2:
        report("knock.allowed", "false unless the variant is for two players (a knocker, a defender)", "true")
    if s["scoring"].method == "deadwood_difference" and not gin_knock:
        report(
            "scoring.method",
            'a method other than "deadwood_difference" while knock.allowed is false'
            if not knock.allowed
            else 'a method other than "deadwood_difference" while knock.timing is "before_draw"',
            '"deadwood_difference"',
        )
    if s["deck"].wild_deuces and (s["swap"].allowed or knock.allowed):
        # A wild card never returns to a hand (R-CON-08) and a knock lays no wild deuce.
        report("deck.wild_deuces", "false while swap.allowed or knock.allowed is true", "true")
    _check_drop_knock(s, report)


def _check_drop_knock(s: dict[str, Any], report: _Collector) -> None:
    """The knock before the draw counts whole hands, and it, an instant win
    and the payments table go with ``scoring.method = "payments"``; the
    move ``drop`` is the knock before the draw or the fold, never both."""
    knock: Knock = s["knock"]
    before = knock.timing == "before_draw"
    if before != (knock.count == "hand"):
        expected = (
            '"hand" while knock.timing is "before_draw"'
            if before
            else f'"arranged" while knock.timing is "{knock.timing}" (only a knock before the draw,'
            ' timing "before_draw", counts every card in hand)'
        )
        report("knock.count", expected, f'"{knock.count}"')
    paid = s["scoring"].method == "payments"
    if before and knock.allowed and not paid:
        report(
            "scoring.method",
            '"payments" while knock.timing is "before_draw" (a drop pays by its ending)',
            repr(s["scoring"].method),
        )
    if s["deal"].instant_win is not None and not paid:
        report("scoring.method", '"payments" while deal.instant_win is set', repr(s["scoring"].method))
    if before and knock.allowed and getattr(s.get("drop"), "allowed", False):  # the fold: [drop]
        report(
            "drop.allowed",
            'false while knock.timing is "before_draw" (drop is the fold or the knock '
            "before the draw, not both)",
            "true",
        )


def _check_deal(
    deal: Deal, cutter: str, bands: tuple[DeckBand, ...], players: Players, report: _Collector
) -> None:
    """An exchange card needs a cut; every band's deck holds the deal."""
    if deal.exchange_card and cutter == "none":
        report("seating.cutter", "a seat that cuts (the exchange card is set aside at the cut)", '"none"')
    for path, seated, size, dealt in band_deals(deal, bands, players):
        if dealt + 1 > size:  # and a card for the stock
            expected = f"a deal that fits {size} cards for {seated} players"
            report(path, expected, f"{dealt + 1} cards needed")


def _check_contract(s: dict[str, Any], report: _Collector) -> None:
    deals: tuple[ContractDeal, ...] = s["contract"].deals
    if s["opening"].kind == "contract" and not deals:
        report("contract.deals", 'at least one deal when opening.kind is "contract"', "an empty array")
    rounds = s["match"].rounds
    if deals and isinstance(rounds, int) and rounds > len(deals):
        expected = f"a contract for each of the {rounds} rounds of the match"
        report("contract.deals", expected, f"{len(deals)} deals")
    for i, entry in enumerate(deals):
        if entry.sets + entry.runs == 0:
            report(f"contract.deals[{i}]", "a contract of at least one set or run", "0 sets and 0 runs")
        bands = band_deals(s["deal"], s["deck"].by_players, s["players"], entry.hand_size)
        for _, seated, size, dealt in bands:
            if dealt + 1 > size:  # and a card for the stock
                expected = f"a deal that fits {size} cards for {seated} players"
                report(f"contract.deals[{i}].hand_size", expected, f"{dealt + 1} cards needed")


def _check_deals_rules(data: dict[str, Any], sections: dict[str, Any], report: _Collector) -> None:
    """Each deal with rules of its own makes a variant whose keys fit
    together: its problems that the variant's own keys do not have (those
    are reported once, as the variant's) reported under the deal's
    ``rules``, at the key where the deal may hold it."""
    variant_problems = {(p.path, p.expected, p.got) for p in report.problems}
    for i, entry in enumerate(sections["contract"].deals):
        if not entry.rules:
            continue
        merged = deal_data(data, i)
        deal = _Collector(report.file)
        _check_consistency(_read_sections(merged, deal), deal)
        for problem in deal.problems:
            if (problem.path, problem.expected, problem.got) in variant_problems:
                continue
            if problem.path.partition(".")[0] in OVERRIDABLE:
                report(f"contract.deals[{i}].rules.{problem.path}", problem.expected, problem.got)
            else:  # a key the deal does not hold, at odds with one it does
                expected = f"rules under which {problem.path} is {problem.expected}"
                report(f"contract.deals[{i}].rules", expected, f"{problem.path} {problem.got}")


def _is_bundled_file(data: dict[str, Any], text: str) -> bool:
    """Is this text a bundled variant's file (the file itself, or a copy)?"""
    meta = data.get("meta")
    ref = meta.get("id") if isinstance(meta, dict) else None
    if not isinstance(ref, str) or ref not in bundled_variants():
        return False
    return bool(read_variant_text(ref)[1] == text)


def loads_variant(text: str, *, source: str = "<string>") -> Variant:
    """Read a variant from TOML text (an ``extends`` path must lie inside the
    current directory). Its id may not be a bundled variant's."""
    if not isinstance(text, str):
        raise TypeError(f"expected TOML text (a str), got {type(text).__name__}")
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        expected = f"at most {MAX_FILE_BYTES} bytes of TOML (as a file)"
        raise VariantError([Problem(source, "(file)", expected, f"{len(text)} characters")])
    data = _parse(source, text)
    resolved, origins = _resolve(source, data, Path.cwd(), (source,))
    refuse = not _is_bundled_file(data, text)
    return variant_from_rules(source, resolved, source, origins, refuse_bundled_id=refuse)


def load_variant(ref: str | os.PathLike[str]) -> Variant:
    """Load a bundled variant by id (``"rami51"``) or a variant file by path."""
    if isinstance(ref, Variant):
        return ref
    path = os.fspath(ref) if isinstance(ref, (str, os.PathLike)) else None
    if not isinstance(path, str):
        kind = type(ref).__name__
        raise TypeError(f"expected a bundled variant id or a path (str or os.PathLike of str), not {kind}")
    label, text_, base = read_variant_text(path)
    data = _parse(label, text_)
    resolved, origins = _resolve(label, data, base, (label,))
    refuse = looks_like_path(path) and not _is_bundled_file(data, text_)
    return variant_from_rules(label, resolved, label, origins, refuse_bundled_id=refuse)


def load_bundled_variant(variant_id: str) -> Variant:
    """A bundled variant by its id only, never a path: what a document or a
    client names can open no file but the bundled variants."""
    if not isinstance(variant_id, str) or variant_id not in bundled_variants():
        known = ", ".join(bundled_variants())
        shown = repr(variant_id) if len(repr(variant_id)) <= 40 else repr(variant_id)[:37] + "..."
        raise VariantError([Problem("(variant)", "id", f"a bundled variant id ({known})", shown)])
    return load_variant(variant_id)


@functools.lru_cache(maxsize=32)
def _bundled(variant_id: str) -> Variant:
    return load_bundled_variant(variant_id)


def as_variant(variant: Variant | str) -> Variant:
    """``variant`` itself, or the bundled variant of that id (``"rami51"``):
    what the top-level functions taking a variant accept. Any other value is
    a TypeError; an unknown id, a VariantError naming the bundled ones."""
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, str):
        return _bundled(variant)
    raise TypeError(
        f"expected a Variant or a bundled variant id such as 'rami51', not {type(variant).__name__}"
    )
