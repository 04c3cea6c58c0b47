"""The rules text's sentences about scoring and the match: what cards in the
hand cost, how a round is scored, stakes, and how a match is won
(``[values.hand]``, ``[scoring]``, ``[match]``)."""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.errors import N_, Text
from rummykit.core.values import HandValues
from rummykit.play.rules_text.ending_sentences import shape_text
from rummykit.play.rules_text.meld_sentences import card_points, has_wild_cards, no_hand_rummy
from rummykit.play.rules_text.rule import Rule
from rummykit.play.rules_text.setup_sentences import listed
from rummykit.variant.model import Variant

__all__ = ["MATCH_RULES", "SCORING_RULES"]

_ENDINGS = {
    "tonk_deal": N_("a hand that wins at the deal (tonk)"),
    "deal_void": N_("a void deal"),
    "tonk_out": N_("going out with no last discard (tonk)"),
    "out": N_("going out"),
    "drop": N_("a drop with the lowest count"),
    "caught": N_("a dropper caught"),
    "stock": N_("an empty stock"),
    "turn_cap": N_("the turn limit"),
}


def _hand_values(v: Variant) -> Sequence[Text]:
    h: HandValues = v.values.hand
    out = [
        Text(
            "Left in the hand a card 2-9 costs {number}, a ten {ten}, a jack {jack}, a queen {queen}, a "
            "king {king}, an ace {ace}, a joker {joker}.",
            number=card_points(h.number),
            ten=h.ten,
            jack=h.jack,
            queen=h.queen,
            king=h.king,
            ace=h.ace,
            joker=h.joker,
        )
    ]
    if not has_wild_cards(v) and h.wild == "joker":
        return out
    if h.wild == "joker":
        out.append(Text("A wild card left in the hand costs as much as a joker."))
    else:
        out.append(Text("A wild card left in the hand costs {points}.", points=card_points(h.wild)))
    return out


def _method(v: Variant) -> Sequence[Text]:
    method = v.scoring.method
    if method == "hand_penalty":
        return [Text("Each player scores the cost of the cards left in his hand; the lower, the better.")]
    if method == "table_minus_hand":
        return [Text("Each player scores the table value of the cards he laid, minus the cost of his hand.")]
    if method == "deadwood_difference":
        return [
            Text("After a knock, the player with less deadwood scores the difference between the two counts.")
        ]
    if method == "winner_collects":
        return [Text("The player who goes out scores the cost of the other hands; the others score 0.")]
    out = [Text("Each deal is paid in stakes, by how it ended:")]
    for ending, entry in v.scoring.payments:
        payer = Text("the dropper") if entry.payer == "knocker" else Text("each loser")
        out.append(
            Text(
                "{ending}: {payer} pays each winner {amount}.",
                ending=Text(_ENDINGS[ending]),
                payer=payer,
                amount=entry.amount,
            )
        )
    return out


def _score(value: int | str, fixed: str, computed: str, minus: str) -> Text:
    if value == "computed":
        return Text(computed)
    if value == "minus_others":
        return Text(minus)
    return Text(fixed, points=value)


def _winner(v: Variant) -> Sequence[Text]:
    return [
        _score(
            v.scoring.winner_score,
            N_("The player who goes out scores {points}."),
            N_("The player who goes out scores what the method gives him."),
            N_("The player who goes out scores minus the others' scores together."),
        )
    ]


def _hand_rummy_winner(v: Variant) -> Sequence[Text]:
    return [
        _score(
            v.scoring.hand_rummy_winner_score,
            N_("After a hand rummy he scores {points}."),
            N_("After a hand rummy he scores what the method gives him."),
            N_("After a hand rummy he scores minus the others' scores together."),
        ),
    ]


def _multipliers(v: Variant) -> Sequence[Text]:
    s = v.scoring
    return [
        Text(
            "After a hand rummy the others' scores are multiplied by {others}, his own by {own}.",
            others=s.hand_rummy_multiplier,
            own=s.hand_rummy_self_multiplier,
        )
    ]


def _hand_rummy_unscored(v: Variant) -> bool:
    """Is no round scored as a hand rummy: none is made, or the game is a
    contract game (going down and out at once is a plain going out)?"""
    return no_hand_rummy(v) or v.opening.kind == "contract"


def _plain_multipliers(v: Variant) -> bool:
    s = v.scoring
    return _hand_rummy_unscored(v) or (s.hand_rummy_multiplier, s.hand_rummy_self_multiplier) == (1, 1)


def _no_hand_rummy_score(v: Variant) -> bool:
    """No hand rummy to score, or a method that ignores it."""
    return _hand_rummy_unscored(v) or _stakes_or_collect(v)


def _stakes_or_collect(v: Variant) -> bool:
    return v.scoring.method in ("winner_collects", "payments", "deadwood_difference")


def _not_opened(v: Variant) -> Sequence[Text]:
    if v.scoring.not_opened_flat:
        return [
            Text(
                "A player who never opened scores {points} instead of his hand.",
                points=v.scoring.not_opened_flat,
            )
        ]
    return [Text("A player who never opened scores his hand like anyone.")]


def _no_flat(v: Variant) -> bool:
    return not v.scoring.not_opened_flat


def _cap(v: Variant) -> Sequence[Text]:
    if v.scoring.max_round_penalty:
        return [Text("A round costs a player at most {points}.", points=v.scoring.max_round_penalty)]
    return [Text("A round's cost has no cap.")]


def _no_cap(v: Variant) -> bool:
    return not v.scoring.max_round_penalty


def _loser_count(v: Variant) -> Sequence[Text]:
    count = v.scoring.loser_count
    if count.cards == "hand":
        return [Text("A loser counts every card in his hand.")]
    shape = count.shape if count.shape is not None else v.declare.shape
    return [
        Text(
            "A loser counts only the cards outside his best melds, which must hold {shape} to count.",
            shape=shape_text(shape),
        )
    ]


def _whole_hand(v: Variant) -> bool:
    return v.scoring.loser_count.cards == "hand"


def _rounds(v: Variant) -> Sequence[Text]:
    m = v.match
    if m.target:
        return [Text("The match ends once a player's total reaches {points}.", points=m.target)]
    if m.end_when_total_exceeds:
        return [
            Text(
                "The match ends after a round that leaves a player's total above {points}.",
                points=m.end_when_total_exceeds,
            )
        ]
    if m.rounds == "until_one_left":
        return [Text("The match goes on until one player is left.")]
    if m.rounds == "per_player":
        out = [Text("A match is one round per player, so each deals once.")]
    elif m.rounds == 1:
        out = [Text("A match is a single round.")]
    else:
        out = [Text("A match is {count} rounds.", count=m.rounds)]
    if m.rounds_options:
        out.append(Text("A table may choose {options} rounds instead.", options=listed(m.rounds_options)))
    return out


def _winner_of_match(v: Variant) -> Sequence[Text]:
    if v.match.winner == "highest_total":
        return [Text("The highest total wins the match.")]
    return [Text("The lowest total wins the match.")]


def _elimination(v: Variant) -> Sequence[Text]:
    m = v.match
    out = [Text("A player whose total goes above {points} is out of the match.", points=m.eliminate_above)]
    if m.buy_back == "once_at_highest_survivor":
        out.append(Text("Once a match, he may buy back in at the highest total still in play."))
    return out


def _no_elimination(v: Variant) -> bool:
    return not v.match.eliminate_above


_PAYMENTS = ("scoring.method", "scoring.payments.ENDING.amount", "scoring.payments.ENDING.payer")
_HAND = ("number", "ten", "jack", "queen", "king", "ace", "joker", "wild")
_MULTIPLIERS = (
    "scoring.hand_rummy_multiplier",
    "scoring.hand_rummy_self_multiplier",
    "scoring.payments.ENDING.self_factor",
)
_LOSER = (
    "scoring.loser_count.cards",
    *(f"scoring.loser_count.shape.{key}" for key in ("runs", "pure_runs", "sets", "exact", "pure_run_min")),
)

SCORING_RULES = (
    Rule(tuple(f"values.hand.{key}" for key in _HAND), _hand_values),
    Rule(_PAYMENTS, _method),
    Rule(("scoring.winner_score",), _winner, _stakes_or_collect),
    Rule(("scoring.hand_rummy_winner_score",), _hand_rummy_winner, _no_hand_rummy_score),
    Rule(_MULTIPLIERS, _multipliers, _plain_multipliers),
    Rule(("scoring.not_opened_flat",), _not_opened, _no_flat),
    Rule(("scoring.max_round_penalty",), _cap, _no_cap),
    Rule(_LOSER, _loser_count, _whole_hand),
)
"""What a round scores."""

MATCH_RULES = (
    Rule(("match.rounds", "match.rounds_options", "match.target", "match.end_when_total_exceeds"), _rounds),
    Rule(("match.winner",), _winner_of_match),
    Rule(("match.eliminate_above", "match.buy_back"), _elimination, _no_elimination),
)
"""How a match is played and won."""
