"""The rules checked when a turn is committed (R-ALL-07): each a component
with one job, chosen by its key in the variant's TOML.

The engine builds a :class:`Commit` (what the turn did) and asks every
component at the ``"commit"`` hook; the first refusal stops the commit and
the turn stays open.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar, Protocol

import attrs

from rummykit.core.cards import JOKER, JOKER_CODE, Card, code_order
from rummykit.core.errors import Refusal
from rummykit.core.meld_growth import grow_meld
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.rules.base import BuiltStages, Components, register_commit
from rummykit.rules.card_use import (
    cards_of_melds,
    cards_without,
    fits_a_meld,
    fits_with_bridge,
    melds_with_released_joker,
    opens_then_melds_with_released_joker,
    opens_with_card,
    throwable_left,
)
from rummykit.rules.commit_facts import Commit
from rummykit.rules.contract import new_meld_refusal
from rummykit.rules.table import TableRule
from rummykit.solver import best_opening
from rummykit.variant.model import Variant

if TYPE_CHECKING:  # the rule set is built from these components
    from rummykit.rules.rule_set import RuleSet


__all__ = [
    "DeepCardOnTable",
    "DeepCardStartsNewMeld",
    "ExchangeDrawIsHandRummy",
    "OpeningAtCommit",
    "PickupObligation",
    "SwappedJokerRelaid",
    "TableTouchNeedsOpening",
    "TakenDiscardLaid",
    "TakenDiscardOpens",
    "deep_obligation",
    "pickup_obligation",
]


@attrs.frozen(slots=True)
class OpeningAtCommit:
    """A player who had not opened must open with this turn's new melds
    (R-ALL-06), unless a hand rummy waives it."""

    name: str = "opening_at_commit"
    hooks: tuple[str, ...] = ("commit",)
    reads: ClassVar[frozenset[str]] = frozenset({"opened_before", "new_melds", "laid_melds", "going_out"})

    def check(self, commit: Commit) -> Refusal | None:
        if commit.opened_before or not commit.new_melds:
            return None
        verdict = commit.rules.opening.judge(commit.opening_melds, going_out=commit.hand_rummy)
        return verdict if isinstance(verdict, Refusal) else None


@attrs.frozen(slots=True)
class TableTouchNeedsOpening:
    """Lay-offs and swaps made before opening stand only if the turn opens or
    goes out by hand rummy (R-ALL-15)."""

    name: str = "table_touch_needs_opening"
    hooks: tuple[str, ...] = ("commit",)
    reads: ClassVar[frozenset[str]] = frozenset(
        {"opened_before", "going_out", "new_melds", "laid_melds", "swaps", "laid_off"}
    )

    def check(self, commit: Commit) -> Refusal | None:
        if commit.opened_before or commit.hand_rummy or commit.opens():
            return None
        if commit.swaps:
            return Refusal("swap.not-opened", "You must open before you swap a joker.")
        if commit.laid_off:
            return Refusal("layoff.not-opened", "You must open before you lay off.")
        return None


@attrs.frozen(slots=True)
class DeepCardStartsNewMeld:
    """The card chosen from deep in the discard row is in a new meld (R-ROE-05)."""

    name: str = "deep_card_starts_new_meld"
    hooks: tuple[str, ...] = ("commit",)
    reads: ClassVar[frozenset[str]] = frozenset({"chosen", "new_melds"})
    duty: str = "start a new meld"

    def feasible(
        self,
        rules: RuleSet,
        hand: Sequence[Card],
        chosen: Card,
        *,
        opened: bool,
        table: Sequence[Meld] = (),
    ) -> bool:
        """R-ALL-14 at the take: can the chosen card start a new meld this
        turn, leaving the turn one that can end (the cards left over that may
        not be thrown laid off onto ``table`` where lay-offs are allowed)?

        A decision, not an optimisation (``can_open_with`` stops at the first
        melds that are enough), so it stays quick however long the row is."""
        if opened and new_meld_refusal(rules.variant, opened_before=True) is not None:
            return False  # no new meld now (melds.new_after_opening = false)
        if opens_with_card(rules, hand, chosen, opened=opened, table=table):
            return True
        if opened:
            keep = rules.going_out.final_discard_required()
            return melds_with_released_joker(rules, hand, chosen, table, keep=keep)
        if opens_then_melds_with_released_joker(rules, hand, chosen, table):
            return True
        if not rules.opening.hand_rummy_may_open_less(len(hand)):
            return False
        # A hand rummy laying the chosen card in a new meld, the opening waived.
        plan = rules.going_out.plan(hand, table=(), opened=False, not_discardable=[chosen])
        return plan is not None

    def check(self, commit: Commit) -> Refusal | None:
        return self.met(commit)

    def met(self, commit: Commit) -> Refusal | None:
        chosen = commit.chosen
        if chosen is None or any(chosen.face in (c.face for c in m.cards) for m in commit.new_melds):
            return None
        return Refusal(
            "draw.taken-card-unused", "The chosen card {card} must be in a new meld this turn.", card=chosen
        )


@attrs.frozen(slots=True)
class DeepCardOnTable:
    """The card chosen from deep in the discard row is on the table at the
    commit: in a new meld or laid off (R-500-03)."""

    name: str = "deep_card_on_table"
    hooks: tuple[str, ...] = ("commit",)
    reads: ClassVar[frozenset[str]] = frozenset({"chosen", "laid_off", "new_melds"})
    duty: str = "be melded or laid off"

    def feasible(
        self,
        rules: RuleSet,
        hand: Sequence[Card],
        chosen: Card,
        *,
        opened: bool,
        table: Sequence[Meld] = (),
    ) -> bool:
        """R-ALL-14 at the take: can the chosen card be melded or laid off
        this turn, the turn one that can end? The same search as a taken top
        discard's with no natural partners required."""
        return TakenDiscardLaid(0).feasible(rules, hand, chosen, opened=opened, table=table)

    def check(self, commit: Commit) -> Refusal | None:
        return self.met(commit)

    def met(self, commit: Commit) -> Refusal | None:
        chosen = commit.chosen
        if chosen is None or chosen.face in commit.laid_off:
            return None
        if any(chosen.face in (c.face for c in m.cards) for m in commit.new_melds):
            return None
        return Refusal(
            "draw.taken-card-unused",
            "The chosen card {card} must be melded or laid off this turn.",
            card=chosen,
        )


@attrs.frozen(slots=True)
class TakenDiscardLaid:
    """A conditionally taken discard is on the table at the commit (R-HR-09):
    laid off, in a new meld with ``partners`` natural hand cards, or anywhere
    in a turn that goes out."""

    partners: int
    name: str = "taken_discard_laid"
    hooks: tuple[str, ...] = ("commit",)
    reads: ClassVar[frozenset[str]] = frozenset(
        {"must_use_taken", "taken", "laid_off", "new_melds", "going_out"}
    )

    def feasible(
        self, rules: RuleSet, hand: Sequence[Card], card: Card, *, opened: bool, table: Sequence[Meld]
    ) -> bool:
        """R-ALL-14 at the take: can ``card`` (now in ``hand``) be laid this
        turn as :meth:`met` wants, with the turn completed (a card left to
        discard where one is required)? ``opened``: before this turn."""
        variant = rules.variant
        others = list(hand)
        others.remove(card)
        # A lay-off made before opening only where that is tentative (R-ALL-15)
        # stands only if the turn opens or goes out, as TableTouchNeedsOpening
        # checks at the commit: those ways are tried below, not here.
        stands = opened or rules.table.layoff_stands_unopened()
        if stands and fits_with_bridge(rules, table, card, others):
            return True
        new_melds = new_meld_refusal(variant, opened_before=opened) is None  # (melds.new_after_opening)
        for meld, used in self._new_melds(variant, card, others) if new_melds else ():
            if self._opens_with(rules, meld, cards_without(others, used), opened, card):
                return True
        if not opened and self._opens_in_natural_meld(rules, hand, card, table):
            return True
        if not opened and others and self._opening_then_layoff(rules, others, card, table):
            return True
        # Going out this turn (a staged finish or a hand rummy) lays every card.
        plan = rules.going_out.plan(hand, table=table, opened=opened, not_discardable=[card])
        return plan is not None

    def _new_melds(
        self, variant: Variant, card: Card, others: Sequence[Card]
    ) -> Iterator[tuple[Meld, tuple[Card, ...]]]:
        """New melds of ``card`` with at least ``partners`` natural hand cards
        (and at most one more than needed), with the jokers the hand holds."""
        naturals = sorted({c for c in others if c.code != JOKER_CODE}, key=code_order)
        if card.code != JOKER_CODE:
            naturals = [c for c in naturals if c.rank == card.rank or c.suit == card.suit]
        rules = variant.meld_rules
        jokers = min(rules.max_jokers, sum(1 for c in others if c.code == JOKER_CODE))
        for size in range(self.partners, max(self.partners, 2) + 1):
            for group in combinations(naturals, size):
                for count in range(jokers + 1):
                    used = (*group, *(JOKER,) * count)
                    meld = judge_meld(rules, [card, *used])
                    if isinstance(meld, Meld):
                        yield meld, used

    def _opens_in_natural_meld(
        self, rules: RuleSet, hand: Sequence[Card], card: Card, table: Sequence[Meld]
    ) -> bool:
        """An opening this turn with ``card`` in a meld of natural hand cards
        alone, of any length (a run of five with the taken card, R-HR-12):
        every such meld holds enough partners where the shortest meld does."""
        meld_rules = rules.variant.meld_rules
        if card.code == JOKER_CODE or self.partners >= min(meld_rules.set_min, meld_rules.run_min):
            return False
        naturals = [c for c in hand if c.code != JOKER_CODE]
        return opens_with_card(rules, naturals, card, opened=False, table=table)

    @staticmethod
    def _opening_then_layoff(
        rules: RuleSet, others: Sequence[Card], card: Card, table: Sequence[Meld]
    ) -> bool:
        """An opening with other cards, then ``card`` laid off, a card still left."""
        stage = rules.table
        if not (stage.layoff_after_opening_same_turn() and stage.may_lay_off(opened_now=True)):
            return False
        plan = best_opening(rules.variant, others, demands=rules.hand)
        if plan is None or not throwable_left(rules, cards_without(others, cards_of_melds(plan.melds)), card):
            return False
        return fits_a_meld(rules.variant, (*table, *plan.melds), card)

    @staticmethod
    def _opens_with(rules: RuleSet, meld: Meld, rest: Sequence[Card], opened: bool, card: Card) -> bool:
        """Once opened any meld will do; else the meld, alone or with the
        best melds of the rest, must open; a card the turn may throw
        (not one of the taken ``card``'s face where it is marked) still left."""
        if not throwable_left(rules, rest, card):
            return False
        opening = rules.opening
        verdict = opening.judge([meld])
        if opened or not isinstance(verdict, Refusal):
            return True
        # The rest adds value; it need not hold the pure run when the meld does.
        demands = rules.hand_without_pure_run if opening.has_pure_run([meld]) else rules.hand
        plan = best_opening(rules.variant, rest, demands=demands, minimum=0)
        if plan is None or not throwable_left(rules, cards_without(rest, cards_of_melds(plan.melds)), card):
            return False
        return not isinstance(opening.judge([meld, *plan.melds]), Refusal)

    def check(self, commit: Commit) -> Refusal | None:
        return self.met(commit)

    def met(self, commit: Commit) -> Refusal | None:
        taken = commit.taken
        if not commit.must_use_taken or taken is None:
            return None
        face = taken.face
        if face in commit.laid_off:
            return None
        # The taken card is not its own partner: a taken natural is one of the
        # meld's naturals, a taken joker is none of them.
        itself = 0 if face.code == JOKER_CODE else 1
        for meld in commit.new_melds:
            cards = [c.face for c in meld.cards]
            if face in cards:
                naturals = sum(1 for c in cards if c.code != JOKER_CODE) - itself
                if commit.going_out or naturals >= self.partners:
                    return None
        return Refusal(
            "draw.taken-card-unused",
            "The discard you took ({card}) must be laid on the table this turn.",
            card=taken,
        )


@attrs.frozen(slots=True)
class TakenDiscardOpens:
    """A top discard taken by a player who has not opened is in the new melds
    of this turn, and those melds open (R-KAL-06): the opening itself is
    :class:`OpeningAtCommit`'s check, this one wants the card among them."""

    name: str = "taken_discard_opens"
    hooks: tuple[str, ...] = ("commit",)
    reads: ClassVar[frozenset[str]] = frozenset({"must_use_taken", "taken", "new_melds"})

    def feasible(
        self, rules: RuleSet, hand: Sequence[Card], card: Card, *, opened: bool, table: Sequence[Meld]
    ) -> bool:
        """R-ALL-14 at the take: can ``card`` (now in ``hand``) go into new
        melds that open this turn, a card left to discard where one is
        required? ``opened`` is always false when the duty applies."""
        return opens_with_card(rules, hand, card, opened=opened, table=table)

    def check(self, commit: Commit) -> Refusal | None:
        return self.met(commit)

    def met(self, commit: Commit) -> Refusal | None:
        taken = commit.taken
        if not commit.must_use_taken or taken is None:
            return None
        if any(taken.face in (c.face for c in m.cards) for m in commit.new_melds):
            return None
        return Refusal(
            "draw.taken-card-unused",
            "The discard you took ({card}) must be in the melds you open with this turn.",
            card=taken,
        )


class PickupObligation(Protocol):
    """What a conditionally taken top discard owes (``draw.discard_top_condition``,
    ``draw.top_card_use``): the engine asks :meth:`feasible` at the take, the
    commit asks :meth:`met`, the bots ask both."""

    def feasible(
        self, rules: RuleSet, hand: Sequence[Card], card: Card, *, opened: bool, table: Sequence[Meld]
    ) -> bool: ...

    def met(self, commit: Commit) -> Refusal | None: ...


@attrs.frozen(slots=True)
class ExchangeDrawIsHandRummy:
    """The exchange card taken as the draw must end in a hand rummy (R-HR-06)."""

    name: str = "exchange_draw_is_hand_rummy"
    hooks: tuple[str, ...] = ("commit",)
    reads: ClassVar[frozenset[str]] = frozenset({"source", "going_out", "opened_before"})

    def check(self, commit: Commit) -> Refusal | None:
        if commit.source != "exchange" or commit.hand_rummy:
            return None
        return Refusal("exchange.not-allowed", "The exchange card may be drawn only to go out by hand rummy.")


@attrs.frozen(slots=True)
class SwappedJokerRelaid:
    """A joker taken from the table is back on the table at the commit:
    always (``mandatory``), or when a placement exists (``if_possible``,
    R-RAMI-08: a new meld with two hand cards, or a lay-off onto a meld
    without a joker)."""

    table: TableRule = attrs.field(eq=False)
    name: str = "swapped_joker_relaid"
    hooks: tuple[str, ...] = ("commit",)
    reads: ClassVar[frozenset[str]] = frozenset(
        {"swaps", "net_jokers", "hand", "table", "joker_layoffs", "new_melds", "earlier_swaps"}
    )
    idle_without: ClassVar[str] = "swaps"  # refuses nothing in a turn without swaps

    def check(self, commit: Commit) -> Refusal | None:
        if not commit.swaps:
            return None
        refusal = Refusal(
            "swap.joker-not-relaid", "Lay the joker you took from the table again before ending your turn."
        )
        if commit.net_jokers > 0:
            if self.table.relay_mode() == "if_possible" and not self.placement_exists(
                commit.variant, commit.hand, commit.table
            ):
                return None
            return refusal
        # Every swapped joker left the hand: enough of the jokers laid this
        # turn must be in places ``relay_targets`` names, one for each joker
        # taken from a meld laid before this turn (jokers are alike, so the
        # player's own jokers may be the ones laid elsewhere).
        return None if self.relaid(commit) >= commit.earlier_swaps else refusal

    def relaid(self, commit: Commit) -> int:
        """Jokers laid this turn where a swapped joker may go again."""
        count = sum(1 for before in commit.joker_layoffs if self.table.relay_counts_layoff(before))
        if self.table.relay_counts_new_meld():
            count += sum(m.jokers for m in commit.new_melds)
        return count

    def placement_exists(self, variant: Variant, hand: Sequence[Card], table: Sequence[Meld]) -> bool:
        for meld in table:
            if self.table.relay_counts_layoff(meld.jokers) and isinstance(
                grow_meld(variant, meld, [JOKER]), Meld
            ):
                return True
        if self.table.relay_counts_new_meld():
            naturals = sorted({c for c in hand if c.code != JOKER_CODE}, key=code_order)
            for i, a in enumerate(naturals):
                for b in naturals[i + 1 :]:
                    if isinstance(judge_meld(variant.meld_rules, [JOKER, a, b]), Meld):
                        return True
        return False


@register_commit("opening_at_commit")
def _opening_at_commit(variant: Variant, stages: BuiltStages) -> OpeningAtCommit:
    return OpeningAtCommit()


@register_commit("table_touch_needs_opening")
def _table_touch(variant: Variant, stages: BuiltStages) -> TableTouchNeedsOpening | None:
    return TableTouchNeedsOpening() if stages.table.table_touch_is_tentative() else None


@register_commit("deep_card_starts_new_meld")
def _deep_card(variant: Variant, stages: BuiltStages) -> DeepCardStartsNewMeld | None:
    return DeepCardStartsNewMeld() if stages.draw.chosen_card_must_start_meld() else None


@register_commit("deep_card_on_table")
def _deep_card_laid(variant: Variant, stages: BuiltStages) -> DeepCardOnTable | None:
    return DeepCardOnTable() if stages.draw.chosen_card_must_be_laid() else None


@register_commit("taken_discard_laid")
def _taken_laid(variant: Variant, stages: BuiltStages) -> TakenDiscardLaid | None:
    draw = stages.draw
    return TakenDiscardLaid(draw.pickup_partners()) if draw.pickup_duty() == "laid" else None


@register_commit("taken_discard_opens")
def _taken_opens(variant: Variant, stages: BuiltStages) -> TakenDiscardOpens | None:
    return TakenDiscardOpens() if stages.draw.pickup_duty() == "opening" else None


@register_commit("exchange_draw_is_hand_rummy")
def _exchange_draw(variant: Variant, stages: BuiltStages) -> ExchangeDrawIsHandRummy | None:
    return ExchangeDrawIsHandRummy() if stages.draw.exchange_only_for_hand_rummy() else None


@register_commit("swapped_joker_relaid")
def _swap_relay(variant: Variant, stages: BuiltStages) -> SwappedJokerRelaid | None:
    table = stages.table
    return SwappedJokerRelaid(table) if table.relay_required() else None


def pickup_obligation(rules: Components) -> PickupObligation | None:
    """The conditional top-discard pickup (R-HR-09, R-500-03, R-KAL-06)
    among a variant's components, or None."""
    for name in ("taken_discard_laid", "taken_discard_opens"):
        found = rules.get(name)
        if isinstance(found, (TakenDiscardLaid, TakenDiscardOpens)):
            return found
    return None


def deep_obligation(rules: Components) -> DeepCardStartsNewMeld | DeepCardOnTable | None:
    """The deep-chosen card's duty (R-ROE-05, R-500-03) among a variant's
    components, or None."""
    for name in ("deep_card_starts_new_meld", "deep_card_on_table"):
        found = rules.get(name)
        if isinstance(found, (DeepCardStartsNewMeld, DeepCardOnTable)):
            return found
    return None
