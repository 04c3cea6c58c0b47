"""The rules checked when a turn is committed (R-ALL-07): each a component
with one job, chosen by its key in the variant's TOML.

The engine builds a :class:`Commit` (what the turn did) and asks every
component at the ``"commit"`` hook; the first refusal stops the commit and
the turn stays open.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rummykit.cards import JOKER, JOKER_CODE, Card
from rummykit.errors import Refusal
from rummykit.melds import Meld, extend_meld, judge_meld
from rummykit.rules.base import register
from rummykit.rules.opening import judge_opening
from rummykit.variant import Variant

__all__ = [
    "Commit",
    "DeepCardStartsNewMeld",
    "ExchangeDrawIsHandRummy",
    "OpeningAtCommit",
    "SwappedJokerRelaid",
    "TableTouchNeedsOpening",
    "TakenDiscardLaid",
]


@attrs.frozen(slots=True)
class Commit:
    """What a turn did, as the commit-time rules need to know it."""

    variant: Variant
    hand: tuple[Card, ...]  # what is left after the discard
    opened_before: bool
    new_melds: tuple[Meld, ...]
    laid_off: tuple[Card, ...]  # faces laid off (swapped-in cards included)
    swaps: int
    net_jokers: int  # jokers in hand now minus right after the draw (RK-02)
    source: str
    taken: Card | None
    chosen: Card | None
    must_use_taken: bool
    table: tuple[Meld, ...]

    @property
    def going_out(self) -> bool:
        return not self.hand

    @property
    def hand_rummy(self) -> bool:
        """Going out in one turn without having opened before (R-HR-20, R-ROE-12)."""
        return self.going_out and not self.opened_before

    def opens(self) -> bool:
        """Do the new melds of this turn make a valid opening (no waiver)?"""
        return bool(self.new_melds) and not isinstance(judge_opening(self.variant, self.new_melds), Refusal)


@attrs.frozen(slots=True)
class OpeningAtCommit:
    """A player who had not opened must open with this turn's new melds
    (R-ALL-06), unless a hand rummy waives it."""

    name: str = "opening_at_commit"
    hooks: tuple[str, ...] = ("commit",)

    def check(self, commit: Commit) -> Refusal | None:
        if commit.opened_before or not commit.new_melds:
            return None
        verdict = judge_opening(commit.variant, commit.new_melds, going_out=commit.hand_rummy)
        return verdict if isinstance(verdict, Refusal) else None


@attrs.frozen(slots=True)
class TableTouchNeedsOpening:
    """Lay-offs and swaps made before opening stand only if the turn opens or
    goes out by hand rummy (R-ALL-15)."""

    name: str = "table_touch_needs_opening"
    hooks: tuple[str, ...] = ("commit",)

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

    def check(self, commit: Commit) -> Refusal | None:
        chosen = commit.chosen
        if chosen is None or any(chosen.face in (c.face for c in m.cards) for m in commit.new_melds):
            return None
        return Refusal("draw.taken-card-unused", f"The chosen card {chosen} must be in a new meld this turn.")


@attrs.frozen(slots=True)
class TakenDiscardLaid:
    """A conditionally taken discard is on the table at the commit (R-HR-09):
    laid off, in a new meld with ``partners`` natural hand cards, or anywhere
    in a turn that goes out."""

    partners: int
    name: str = "taken_discard_laid"
    hooks: tuple[str, ...] = ("commit",)

    def check(self, commit: Commit) -> Refusal | None:
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
            "draw.taken-card-unused", f"The discard you took ({taken}) must be laid on the table this turn."
        )


@attrs.frozen(slots=True)
class ExchangeDrawIsHandRummy:
    """The exchange card taken as the draw must end in a hand rummy (R-HR-06)."""

    name: str = "exchange_draw_is_hand_rummy"
    hooks: tuple[str, ...] = ("commit",)

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

    relay: str
    targets: tuple[str, ...]
    name: str = "swapped_joker_relaid"
    hooks: tuple[str, ...] = ("commit",)

    def check(self, commit: Commit) -> Refusal | None:
        if not commit.swaps or commit.net_jokers <= 0:
            return None
        if self.relay == "if_possible" and not self.placement_exists(
            commit.variant, commit.hand, commit.table
        ):
            return None
        return Refusal(
            "swap.joker-not-relaid", "Lay the joker you took from the table again before ending your turn."
        )

    def placement_exists(self, variant: Variant, hand: Sequence[Card], table: Sequence[Meld]) -> bool:
        if "layoff_jokerless" in self.targets:
            for meld in table:
                if meld.jokers == 0 and isinstance(extend_meld(variant, meld, [JOKER]), Meld):
                    return True
        if "new_meld" in self.targets:
            naturals = sorted({c for c in hand if c.code != JOKER_CODE}, key=lambda c: c.code)
            for i, a in enumerate(naturals):
                for b in naturals[i + 1 :]:
                    if isinstance(judge_meld(variant.meld_rules, [JOKER, a, b]), Meld):
                        return True
        return False


@register("opening_at_commit")
def _opening_at_commit(variant: Variant) -> OpeningAtCommit:
    return OpeningAtCommit()


@register("table_touch_needs_opening")
def _table_touch(variant: Variant) -> TableTouchNeedsOpening | None:
    tentative = variant.layoff.in_hand_rummy_turn or variant.swap.in_hand_rummy_turn
    return TableTouchNeedsOpening() if tentative else None


@register("deep_card_starts_new_meld")
def _deep_card(variant: Variant) -> DeepCardStartsNewMeld | None:
    wanted = variant.draw.discard_deep and variant.draw.deep_chosen_card_use == "new_meld_same_turn"
    return DeepCardStartsNewMeld() if wanted else None


@register("taken_discard_laid")
def _taken_laid(variant: Variant) -> TakenDiscardLaid | None:
    if variant.draw.discard_top_condition == "none":
        return None
    return TakenDiscardLaid(variant.draw.pickup_natural_partners)


@register("exchange_draw_is_hand_rummy")
def _exchange_draw(variant: Variant) -> ExchangeDrawIsHandRummy | None:
    return ExchangeDrawIsHandRummy() if variant.draw.exchange_as_draw == "hand_rummy_only" else None


@register("swapped_joker_relaid")
def _swap_relay(variant: Variant) -> SwappedJokerRelaid | None:
    swap = variant.swap
    return SwappedJokerRelaid(swap.relay, swap.relay_targets) if swap.allowed else None
