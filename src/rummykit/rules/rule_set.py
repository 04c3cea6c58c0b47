"""A variant's rule set: every stage of one variant, built once.

:func:`rules_of` compiles a variant into one frozen :class:`RuleSet` and
keeps it in the variant's memo, so that it goes with the variant. The rule
set owns each stage as an attribute (deal, draw, take, the deep take's and
the exchange's checks, table, table moves, discard, going out, knock and its
checks, the knock before the draw and the checks of ``drop``, the instant
win at the deal, the showdown's checks, buy, scoring, match, opening, the
checks of ``out``), the registered components (the opening's and the
commit's checks), and the :class:`HandRules` the solver is handed. The engine, the legal-move
listing, the views, the bots and the solver's callers all ask the same rule
set, so a rule lives in one stage.

>>> from rummykit.variant.model import load_variant
>>> rules = rules_of(load_variant("romme51"))
>>> rules.opening.minimum, rules.hand.pure_run_needed, rules.going_out.final_discard_required()
(51, True, True)
>>> [c.name for c in rules.components.at("opening")]
['opening_minimum', 'opening_pure_run']
"""

from __future__ import annotations

from typing import Any, NoReturn, final

import attrs

from rummykit.rules.base import BuiltStages, Components, compose
from rummykit.rules.buy import BuyRule, buy_stage
from rummykit.rules.commit_facts import CommitReads
from rummykit.rules.deal import DealRule, deal_stage
from rummykit.rules.deep_take_checks import deep_take_checks
from rummykit.rules.discard import DiscardRule, discard_stage
from rummykit.rules.draw import DrawRule, draw_stage
from rummykit.rules.drop_knock import DropKnockRule, drop_checks, drop_knock_stage
from rummykit.rules.exchange_checks import draw_exchange_checks, exchange_move_checks
from rummykit.rules.going_out import GoingOutRule, going_out_stage
from rummykit.rules.hand import hand_stage
from rummykit.rules.instant_win import InstantWinRule, instant_win_stage
from rummykit.rules.knock import KnockRule, knock_checks, knock_stage
from rummykit.rules.leaving_checks import LeavingRule, declare_checks, fold_checks, leaving_stage
from rummykit.rules.match import MatchRule, match_stage
from rummykit.rules.opening import OpeningStage
from rummykit.rules.out_checks import OutChecks, out_checks
from rummykit.rules.payments import payment_scoring
from rummykit.rules.scoring import RoundScoring, scoring_stage
from rummykit.rules.show_judge import ShowJudge, show_judge
from rummykit.rules.showdown_checks import ShowdownChecks, showdown_checks
from rummykit.rules.table import TableRule, table_stage
from rummykit.rules.table_move_stage import MoveChecks, TableMoveChecks, table_move_checks
from rummykit.rules.take import TakeStage, take_stage
from rummykit.rules.turn import (
    DeepCardOnTable,
    DeepCardStartsNewMeld,
    PickupObligation,
    deep_obligation,
    pickup_obligation,
)
from rummykit.solver.requirement import HandRules
from rummykit.speed.frozen import frozen_error
from rummykit.speed.memo import once_per_owner
from rummykit.variant.model import Variant, deal_variant

__all__ = ["RULE_SET_FIELDS", "RuleSet", "compile_rules", "deal_rule_sets", "deal_rules_of", "rules_of"]


RULE_SET_FIELDS: tuple[str, ...] = (
        "buy",
        "commit_reads",
        "components",
        "deal",
        "deep",
        "deep_take_checks",
        "declare_checks",
        "discard",
        "draw",
        "draw_exchange_checks",
        "drop_checks",
        "drop_knock",
        "exchange_checks",
        "going_out",
        "hand",
        "hand_without_pure_run",
        "instant_win",
        "knock",
        "knock_checks",
        "leaving",
        "match",
        "opening",
        "out_checks",
        "pickup",
        "scoring",
        "show",
        "showdown",
        "table",
        "table_moves",
        "take",
        "variant",
)
"""The attributes of a :class:`RuleSet` (its ``__slots__``; read by
:meth:`RuleSet.evolve`, since a compiled class keeps no ``__slots__``)."""


@final
class RuleSet:
    """Every stage of one variant (compared by identity: one per variant).

    A frozen object written out by hand rather than by attrs, so that the
    compiled build makes it a native class: the engine reads a stage of it
    (``state.rules.draw``) at nearly every step of a decision."""

    __slots__ = RULE_SET_FIELDS

    variant: Variant
    components: Components
    """The registered components the variant uses, by hook."""
    commit_reads: CommitReads
    """What the commit's verdict reads, as its checks declare it."""
    opening: OpeningStage
    deal: DealRule
    draw: DrawRule
    table: TableRule
    table_moves: TableMoveChecks
    """The checks of a meld, a lay-off, a shift and a swap."""
    take: TakeStage
    """The checks of a take of the top discard."""
    deep_take_checks: MoveChecks
    """The checks of ``take N`` (N > 1), a take from deep in the row."""
    exchange_checks: MoveChecks
    """The checks of ``exchange C``."""
    draw_exchange_checks: MoveChecks
    """The checks of ``draw exchange``."""
    declare_checks: MoveChecks
    """The checks of ``declare C``."""
    leaving: LeavingRule
    """Who is still in the deal, who has had a turn, what leaving costs."""
    discard: DiscardRule
    going_out: GoingOutRule
    out_checks: OutChecks
    """The checks of ``out`` before the commit's."""
    knock: KnockRule | None
    """None where nobody may knock (gin's knock, instead of a discard)."""
    drop_knock: DropKnockRule | None
    """The knock before the draw (tonk's ``drop``), or None."""
    drop_checks: MoveChecks
    """The checks of the move ``drop``: the knock before the draw's, or the fold's."""
    instant_win: InstantWinRule | None
    """The hands that win at the deal (``deal.instant_win``), or None."""
    knock_checks: MoveChecks
    """The checks of the move ``knock C``."""
    showdown: ShowdownChecks | None
    """The checks of the moves after a knock; None where nobody may knock."""
    buy: BuyRule | None
    """None where nobody buys."""
    match: MatchRule
    scoring: RoundScoring
    show: ShowJudge
    """The judge of a show at a declaration and of the losers' counts."""
    hand: HandRules
    """What the solver is asked to respect (opening, last discard, hand size)."""
    hand_without_pure_run: HandRules
    """``hand`` with no pure run asked: for melds that join a pure run already found."""
    pickup: PickupObligation | None
    """What a conditionally taken top discard owes, or None."""
    deep: DeepCardStartsNewMeld | DeepCardOnTable | None
    """What a card chosen from deep in the discard row owes, or None."""

    def __init__(
        self,
        *,
        variant: Variant,
        components: Components,
        commit_reads: CommitReads,
        opening: OpeningStage,
        deal: DealRule,
        draw: DrawRule,
        table: TableRule,
        table_moves: TableMoveChecks,
        take: TakeStage,
        deep_take_checks: MoveChecks,
        exchange_checks: MoveChecks,
        draw_exchange_checks: MoveChecks,
        declare_checks: MoveChecks, leaving: LeavingRule, show: ShowJudge,
        discard: DiscardRule,
        going_out: GoingOutRule,
        out_checks: OutChecks,
        knock: KnockRule | None,
        knock_checks: MoveChecks,
        drop_knock: DropKnockRule | None, drop_checks: MoveChecks, instant_win: InstantWinRule | None,
        showdown: ShowdownChecks | None,
        buy: BuyRule | None,
        match: MatchRule,
        scoring: RoundScoring,
        hand: HandRules,
        hand_without_pure_run: HandRules,
        pickup: PickupObligation | None,
        deep: DeepCardStartsNewMeld | DeepCardOnTable | None,
    ) -> None:
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "components", components)
        object.__setattr__(self, "commit_reads", commit_reads)
        object.__setattr__(self, "opening", opening)
        object.__setattr__(self, "deal", deal)
        object.__setattr__(self, "draw", draw)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "table_moves", table_moves)
        object.__setattr__(self, "take", take)
        object.__setattr__(self, "deep_take_checks", deep_take_checks)
        object.__setattr__(self, "exchange_checks", exchange_checks)
        object.__setattr__(self, "draw_exchange_checks", draw_exchange_checks)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "going_out", going_out)
        object.__setattr__(self, "out_checks", out_checks)
        object.__setattr__(self, "knock", knock)
        object.__setattr__(self, "knock_checks", knock_checks)
        leaving_parts = (("declare_checks", declare_checks), ("leaving", leaving), ("show", show))
        drop_parts = (("drop_knock", drop_knock), ("drop_checks", drop_checks), ("instant_win", instant_win))
        for name, part in (*leaving_parts, *drop_parts):  # the fold, the declaration, tonk's drop
            object.__setattr__(self, name, part)
        object.__setattr__(self, "showdown", showdown)
        object.__setattr__(self, "buy", buy)
        object.__setattr__(self, "match", match)
        object.__setattr__(self, "scoring", scoring)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "hand_without_pure_run", hand_without_pure_run)
        object.__setattr__(self, "pickup", pickup)
        object.__setattr__(self, "deep", deep)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()

    def __repr__(self) -> str:
        return f"RuleSet({self.variant.id!r})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # The variant's own rule set is found again from the variant; another
        # (made by ``evolve``) is rebuilt from its stages.
        if rules_of(self.variant) is self:
            return (_variant_rule_set, (self.variant,))
        return (_rule_set_of, (tuple([getattr(self, name) for name in RULE_SET_FIELDS]),))

    def for_deal(self, deal_number: int) -> RuleSet:
        """The rule set of deal ``deal_number`` of a match (1-based; 0 reads
        as 1, past the last deal the last one): this one, or where that
        deal has rules of its own (``contract.deals[].rules``) the variant
        compiled with them in place. A round of that deal carries it
        (``RoundState.rules``), so that every stage reads the deal's rules."""
        by_deal = deal_rule_sets(self.variant)
        if not by_deal:
            return self
        own = by_deal[min(max(deal_number, 1), len(by_deal)) - 1]
        return self if own is None else own

    def evolve(self, **changes: Any) -> RuleSet:
        """A copy with some stages replaced, for a test or a tool that swaps a
        stage (the engine never changes a rule set). Only the stages named
        change: a stage built from the replaced one (scoring from the match,
        going out from the hand's requirements, ``commit_reads`` from the
        components) keeps what it was built with, and the verdicts the engine
        remembers are the variant's, so a state with an evolved rule set
        should hold a variant of its own."""
        fields = {name: getattr(self, name) for name in RULE_SET_FIELDS}
        unknown = set(changes) - set(fields)
        if unknown:
            raise TypeError(f"RuleSet has no stages {sorted(unknown)}")
        return RuleSet(**(fields | changes))


def _variant_rule_set(variant: Variant) -> RuleSet:
    """``rules_of(variant)`` (unpickling), by a plain function: the compiled
    build's ``rules_of`` is a callable object that pickle cannot name."""
    return rules_of(variant)


def _rule_set_of(values: tuple[Any, ...]) -> RuleSet:
    """A rule set from its stages, in the order of RULE_SET_FIELDS (unpickling)."""
    return RuleSet(**dict(zip(RULE_SET_FIELDS, values, strict=True)))


def compile_rules(variant: Variant) -> RuleSet:
    """Build every stage of ``variant``, each from the stages it depends on."""
    deal, draw, table = deal_stage(variant), draw_stage(variant), table_stage(variant)
    components = compose(variant, BuiltStages(draw, table))
    opening = OpeningStage.of(variant, components)
    hand = hand_stage(variant, opening, table)
    match = match_stage(variant, deal)
    pickup = pickup_obligation(components)
    knock = knock_stage(variant, hand, deal.indicator)
    going_out = going_out_stage(variant, table, draw, opening, hand)
    drop_knock, instant_win = drop_knock_stage(variant), instant_win_stage(variant)
    if variant.scoring.method == "payments":
        scoring: RoundScoring = payment_scoring(variant, drop_knock, instant_win)
    else:
        scoring = scoring_stage(variant, match, hand, deal)
    return RuleSet(
        variant=variant,
        components=components,
        commit_reads=CommitReads.of(components.commit),
        opening=opening,
        deal=deal,
        draw=draw,
        table=table,
        table_moves=table_move_checks(variant, table),
        take=take_stage(variant, pickup=pickup is not None, marked=draw.taken_card_is_marked()),
        deep_take_checks=deep_take_checks(draw),
        exchange_checks=exchange_move_checks(draw),
        draw_exchange_checks=draw_exchange_checks(draw),
        declare_checks=declare_checks(variant),
        leaving=leaving_stage(variant, deal),
        discard=discard_stage(variant, draw, table),
        going_out=going_out,
        out_checks=out_checks(going_out),
        knock=knock,
        knock_checks=knock_checks(knock),
        drop_knock=drop_knock,
        drop_checks=fold_checks() if variant.drop.allowed else drop_checks(drop_knock),
        instant_win=instant_win,
        showdown=showdown_checks(knock),
        buy=buy_stage(variant),
        match=match,
        scoring=scoring,
        show=show_judge(variant),
        hand=hand,
        hand_without_pure_run=attrs.evolve(hand, pure_run_needed=False),
        pickup=pickup,
        deep=deep_obligation(components),
    )


@once_per_owner
def deal_rule_sets(variant: Variant) -> tuple[RuleSet | None, ...]:
    """Each contract deal's own rule set (None: the variant's), or () where
    no deal has rules of its own: compiled once, at most one a deal, and
    kept in the variant's memo beside its rule set (``rules_of``)."""
    deals = variant.contract.deals
    if not any(deal.rules for deal in deals):
        return ()
    return tuple([rules_of(deal_variant(variant, i)) if deal.rules else None for i, deal in enumerate(deals)])


@once_per_owner
def rules_of(variant: Variant) -> RuleSet:
    """The rule set of ``variant``, compiled once and kept in its memo."""
    return compile_rules(variant)


def deal_rules_of(variant: Variant, deal_number: int) -> RuleSet:
    """The rule set of deal ``deal_number`` of ``variant`` (see :meth:`RuleSet.for_deal`)."""
    return rules_of(variant).for_deal(deal_number)
