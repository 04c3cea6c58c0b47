"""The rules text's sentences about how play ends: going out, knocking, the
drop, the declaration and the empty stock (``[going_out]``, ``[knock]``,
``[drop]``, ``[declare]``, ``[stock_exhausted]``)."""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.errors import Text
from rummykit.core.meld_shape import MeldShape
from rummykit.play.rules_text.meld_sentences import melds_at_the_end
from rummykit.play.rules_text.rule import Rule
from rummykit.variant.model import Variant

__all__ = ["ENDING_RULES", "shape_text"]


def shape_text(shape: MeldShape) -> Text:
    """The melds a shape asks for, as a phrase."""
    amount = Text("exactly") if shape.exact else Text("at least")
    if not shape.sets:
        return Text(
            "{amount} {runs} runs, {pure} of them pure (without a joker, {count} cards or more)",
            amount=amount,
            runs=shape.runs,
            pure=shape.pure_runs,
            count=shape.pure_run_min,
        )
    return Text(
        "{amount} {runs} runs, {pure} of them pure (without a joker, {count} cards or more), and {sets} sets",
        amount=amount,
        runs=shape.runs,
        pure=shape.pure_runs,
        count=shape.pure_run_min,
        sets=shape.sets,
    )


def _going_out(v: Variant) -> Sequence[Text]:
    rule = v.going_out.final_discard
    if rule == "required":
        return [
            Text(
                "A player goes out by melding and laying off all his cards but one, and discarding the last."
            )
        ]
    if rule == "optional":
        return [Text("A player goes out by getting rid of all his cards, with or without a last discard.")]
    return [
        Text("A player goes out by melding and laying off all his cards; the last card may not be discarded.")
    ]


def _out_in_opening(v: Variant) -> Sequence[Text]:
    if v.going_out.in_opening_turn == "required":
        return [Text("The turn a player opens in must end with his hand empty.")]
    return [Text("A player may open in one turn and go out in a later one.")]


def _may_open_and_stay(v: Variant) -> bool:
    return v.going_out.in_opening_turn == "allowed"


def _knock(v: Variant) -> Sequence[Text]:
    k = v.knock
    if not k.allowed:
        return [Text("Nobody knocks.")]
    if k.timing == "before_draw":
        out = [
            Text(
                "At the start of his turn, before drawing, a player may drop: play ends at once and the "
                "counts are compared."
            )
        ]
    else:
        out = [Text("Instead of discarding, a player may knock: he discards face down and play ends.")]
    if k.count == "hand":
        out.append(Text("Every card in the hand counts."))
    else:
        out.append(Text("The cards outside his best melds (the deadwood) count."))
    if v.deal.indicator.knock_limit == "value":
        out.append(Text("The deal's indicator sets the knock limit."))
    elif k.max_deadwood < 1000:
        out.append(
            Text(
                "The knock limit: a player may knock with at most {points} points of deadwood.",
                points=k.max_deadwood,
            )
        )
    return out


def _no_knock(v: Variant) -> bool:
    return not v.knock.allowed


def _knock_scores(v: Variant) -> Sequence[Text]:
    k = v.knock
    out = [Text("Knocking with no deadwood (gin) earns a bonus of {points}.", points=k.gin_bonus)]
    if k.undercut_on_tie:
        out.append(
            Text(
                "A defender with less deadwood than the knocker, or as little, undercuts him and earns "
                "{points}.",
                points=k.undercut_bonus,
            )
        )
    else:
        out.append(
            Text(
                "A defender with less deadwood than the knocker undercuts him and earns {points}.",
                points=k.undercut_bonus,
            )
        )
    return out


def _knock_layoffs(v: Variant) -> Sequence[Text]:
    k = v.knock
    out = [
        Text(
            "After a knock the defender may lay off up to {count} cards at each end of the knocker's runs.",
            count=k.layoff_chain_per_end,
        )
    ]
    if k.layoff_on_gin:
        out.append(Text("He may lay off onto a gin too."))
    else:
        out.append(Text("Nobody lays off onto a gin."))
    return out


def _no_knock_scores(v: Variant) -> bool:
    return not v.knock.allowed or v.scoring.method == "payments"


def _no_knock_layoffs(v: Variant) -> bool:
    return not v.knock.allowed or v.knock.timing == "before_draw"


def _drop(v: Variant) -> Sequence[Text]:
    d = v.drop
    if not d.allowed:
        return [Text("Nobody drops out of a deal.")]
    return [
        Text(
            "Before drawing, a player may drop out of the deal: it costs {first} points before his first "
            "turn and {middle} later.",
            first=d.first,
            middle=d.middle,
        )
    ]


def _no_drop(v: Variant) -> bool:
    return not v.drop.allowed


def _declare(v: Variant) -> Sequence[Text]:
    d = v.declare
    if not d.allowed:
        return [Text("Nobody declares a hand.")]
    out = [
        Text(
            "After drawing, a player may declare: he shows his whole hand, which must hold {shape}.",
            shape=shape_text(d.shape),
        )
    ]
    if d.wrong_show == "leave_deal":
        out.append(
            Text(
                "A wrong show costs {points} points and the declarer leaves the deal.", points=d.wrong_penalty
            )
        )
    else:
        out.append(Text("A wrong show costs {points} points and the deal ends.", points=d.wrong_penalty))
    return out


def _no_declare(v: Variant) -> bool:
    return not v.declare.allowed


def _stock(v: Variant) -> Sequence[Text]:
    s = v.stock_exhausted
    if s.action == "wall":
        return [Text("Play stops when {count} cards are left in the stock.", count=s.wall_size)]
    if not s.max_reshuffles:
        return [Text("When the stock is empty the deal ends.")]
    if s.reshuffle == "turn_over":
        return [
            Text(
                "When the stock is empty, the discards but the top card are turned over, unshuffled, as a "
                "new stock, at most {count} times a deal.",
                count=s.max_reshuffles,
            )
        ]
    return [
        Text(
            "When the stock is empty, the discards but the top card are shuffled into a new stock, at most "
            "{count} times a deal.",
            count=s.max_reshuffles,
        )
    ]


def _blocked(v: Variant) -> Sequence[Text]:
    s = v.stock_exhausted
    out = [Text("A deal ends after {count} turns at the most.", count=s.turn_cap)]
    if s.blocked_winner == "none":
        out.append(Text("A deal that ends with nobody out has no winner."))
    elif s.blocked_winner == "best_as_winner":
        out.append(
            Text("A deal that ends with nobody out is won by the best count alone (ties by seat order).")
        )
    else:
        out.append(Text("A deal that ends with nobody out is won by the best round score (ties share)."))
    return out


_STOCK = (
    "stock_exhausted.action",
    "stock_exhausted.wall_size",
    "stock_exhausted.max_reshuffles",
    "stock_exhausted.reshuffle",
)
_KNOCK_SCORES = (
    "knock.gin_bonus",
    "knock.undercut_bonus",
    "knock.undercut_on_tie",
    "scoring.payments.ENDING.bonus",
)
_SHAPE = tuple(f"declare.shape.{key}" for key in ("runs", "pure_runs", "sets", "exact", "pure_run_min"))

ENDING_RULES = (
    Rule(("going_out.final_discard",), _going_out, melds_at_the_end),
    Rule(("going_out.in_opening_turn",), _out_in_opening, _may_open_and_stay),
    Rule(("knock.allowed", "knock.timing", "knock.count", "knock.max_deadwood"), _knock, _no_knock),
    Rule(_KNOCK_SCORES, _knock_scores, _no_knock_scores),
    Rule(("knock.layoff_chain_per_end", "knock.layoff_on_gin"), _knock_layoffs, _no_knock_layoffs),
    Rule(("drop.allowed", "drop.timing", "drop.first", "drop.middle"), _drop, _no_drop),
    Rule(("declare.allowed", "declare.wrong_penalty", "declare.wrong_show", *_SHAPE), _declare, _no_declare),
    Rule(_STOCK, _stock),
    Rule(("stock_exhausted.turn_cap", "stock_exhausted.blocked_winner"), _blocked),
)
"""How play ends."""
