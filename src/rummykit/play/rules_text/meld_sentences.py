"""The rules text's sentences about melds and what goes on the table: sets,
runs, jokers, the table values, the opening and the contracts, lay-offs and
joker swaps (``[melds]``, ``[values.table]``, ``[opening]``, ``[contract]``,
``[layoff]``, ``[swap]``)."""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.errors import N_, Text, joined
from rummykit.core.values import TableValues
from rummykit.play.rules_text.rule import Rule
from rummykit.play.rules_text.setup_sentences import count_range
from rummykit.variant.model import ContractDeal, Variant

__all__ = [
    "LAYOFF_RULES",
    "MELD_RULES",
    "OPENING_RULES",
    "card_points",
    "has_wild_cards",
    "melds_at_the_end",
    "no_hand_rummy",
    "stands_for_others",
]


def card_points(value: object) -> object:
    """A card's points as a sentence writes them: a number, or "its face value"."""
    return Text("face value") if value == "face" else value


def _sets(v: Variant) -> Sequence[Text]:
    m = v.melds
    out = [Text("A set is {count} cards of one rank.", count=count_range(m.set_min, m.set_max))]
    if m.set_distinct_suits:
        out.append(Text("The natural cards of a set all differ in suit."))
    else:
        out.append(Text("A set may hold the same suit twice."))
    return out


def _runs(v: Variant) -> Sequence[Text]:
    m = v.melds
    out = [Text("A run is {count} cards of one suit in sequence.", count=count_range(m.run_min, m.run_max))]
    if m.ace_low and m.ace_high:
        out.append(Text("The ace is low (A-2-3) or high (Q-K-A), never both at once (no K-A-2)."))
    elif m.ace_low:
        out.append(Text("The ace is low only: A-2-3 is a run, Q-K-A is not."))
    elif m.ace_high:
        out.append(Text("The ace is high only: Q-K-A is a run, A-2-3 is not."))
    else:
        out.append(Text("The ace is in no run."))
    return out


def _jokers(v: Variant) -> Sequence[Text]:
    m = v.melds
    if not m.max_jokers_per_meld:
        return [Text("No meld holds a joker.")]
    if m.max_jokers_per_meld == 1:
        out = [Text("A meld may hold one joker at most.")]
    else:
        out = [Text("A meld may hold at most {count} jokers.", count=m.max_jokers_per_meld)]
    if m.jokers_vs_naturals == "not_more":
        out.append(Text("A meld never holds more jokers than natural cards."))
    elif m.jokers_vs_naturals == "fewer":
        out.append(Text("A meld holds fewer jokers than natural cards."))
    return out


def _joker_meaning(v: Variant) -> Sequence[Text]:
    m = v.melds
    if m.joker_placement == "declared":
        out = [Text("A joker stands for the card its player declares (JK=8h).")]
    else:
        out = [Text("A joker at an open end of a run stands where it is worth less.")]
    if m.set_joker_suit == "bound":
        out.append(Text("A joker in a set stands for one suit, fixed when it is laid."))
    else:
        out.append(Text("A joker in a set stands for any suit the set lacks."))
    if m.ambiguous_kind == "run":
        out.append(Text("One natural card with jokers reads as a run where it can."))
    else:
        out.append(Text("One natural card with jokers reads as a set where it can."))
    return out


def _no_jokers(v: Variant) -> bool:
    return not any(band.jokers or band.joker_options for band in v.deck.by_players) and not v.deck.wild_deuces


def stands_for_others(v: Variant) -> bool:
    """Has the variant cards that stand for others (jokers, wild deuces, the indicator's wild rank)?"""
    return not _no_jokers(v) or has_wild_cards(v)


def has_wild_cards(v: Variant) -> bool:
    """Does the variant have wild natural cards (wild deuces, or the indicator's wild rank)?"""
    return v.deck.wild_deuces or v.deal.indicator.wild != "none"


def melds_at_the_end(v: Variant) -> bool:
    """Do melds come only when play ends (``melds.during_play = false``)?"""
    return not v.melds.during_play


def no_hand_rummy(v: Variant) -> bool:
    """Is there no opening to make, so no hand rummy (every seat opened at the deal, or no melds in play)?"""
    return v.opening.open_at_deal or not v.melds.during_play


def _swap_idle(v: Variant) -> bool:
    return _no_jokers(v) or not v.melds.during_play


def _table_idle(v: Variant) -> bool:
    return v.scoring.method != "table_minus_hand" and not v.opening.min_points


def _during_play(v: Variant) -> Sequence[Text]:
    m = v.melds
    if not m.during_play:
        return [Text("Nobody melds during play: melds are shown only when play ends.")]
    if not m.new_after_opening:
        return [
            Text(
                "Players lay melds in their turn; after the turn a player opened in, he lays no new meld, "
                "only lay-offs."
            )
        ]
    return [Text("Players lay melds on the table in their turn, after the draw.")]


def _table_values(v: Variant) -> Sequence[Text]:
    t: TableValues = v.values.table
    out = [
        Text(
            "On the table a card 2-9 counts {number}, a ten {ten}, a jack {jack}, a queen {queen}, a king "
            "{king}.",
            number=card_points(t.number),
            ten=t.ten,
            jack=t.jack,
            queen=t.queen,
            king=t.king,
        ),
        Text(
            "An ace counts {low} in A-2-3, {high} in Q-K-A and {set} in a set.",
            low=t.ace_low_run,
            high=t.ace_high_run,
            set=t.ace_in_set,
        ),
    ]
    if t.joker == "represented":
        out.append(Text("A joker on the table counts as the card it stands for."))
    else:
        out.append(Text("A joker on the table counts {points}.", points=t.joker))
    return out


def _opening(v: Variant) -> Sequence[Text]:
    o = v.opening
    if o.open_at_deal:
        return [Text("There is no opening: every player may lay off from the first turn.")]
    if o.kind == "contract":
        return [Text("To open (go down), a player lays the deal's contract in one turn.")]
    if o.min_points:
        return [
            Text(
                "To open (go down), the new melds of one turn must count at least {points} points.",
                points=o.min_points,
            )
        ]
    return [Text("A player opens (goes down) with any meld.")]


def _pure_run(v: Variant) -> Sequence[Text]:
    o = v.opening
    if o.require_pure_run:
        return [
            Text(
                "The opening must hold a pure run (no joker) of at least {count} cards.", count=o.pure_run_min
            )
        ]
    return [Text("The opening needs no pure run.")]


def _no_pure_run(v: Variant) -> bool:
    return not v.opening.require_pure_run


def _hand_rummy_waiver(v: Variant) -> Sequence[Text]:
    if v.opening.waived_for_hand_rummy:
        return [
            Text(
                "A player who goes out in the turn he opens (hand rummy) need not meet the opening's demands."
            )
        ]
    if v.opening.kind == "contract":
        return [Text("Going down and out in one turn still meets the deal's contract.")]
    return [Text("Going out at once (hand rummy) still meets the opening's demands.")]


def _opening_turn(v: Variant) -> Sequence[Text]:
    o = v.opening
    out = []
    if o.layoff_same_turn:
        out.append(Text("In the turn he opens a player may also lay off and swap jokers."))
    else:
        out.append(Text("Lay-offs come in the turns after the opening, not in it."))
    if o.layoff_opens:
        out.append(Text("A lay-off opens too: a player who laid off can no longer go out by hand rummy."))
    return out


def _contract_deal(number: int, deal: ContractDeal) -> Text:
    melds: list[object] = []
    if deal.sets:
        melds.append(Text("one set") if deal.sets == 1 else Text("{count} sets", count=deal.sets))
    if deal.runs:
        melds.append(Text("one run") if deal.runs == 1 else Text("{count} runs", count=deal.runs))
    return Text(
        "Deal {number}: {count} cards each; the contract is {melds}.",
        number=number,
        count=deal.hand_size,
        melds=joined(melds, N_("{a} and {b}")),
    )


def _contracts(v: Variant) -> Sequence[Text]:
    deals = v.contract.deals
    if not deals:
        return [Text("The deals have no contracts.")]
    out = [Text("The match is {count} deals, each with its contract:", count=len(deals))]
    return out + [_contract_deal(number, deal) for number, deal in enumerate(deals, 1)]


def _no_contracts(v: Variant) -> bool:
    return not v.contract.deals


def _layoff(v: Variant) -> Sequence[Text]:
    out = []
    if v.layoff.requires_opened:
        out.append(Text("A player who has opened may lay off cards onto any meld on the table."))
    else:
        out.append(Text("Any player may lay off cards onto any meld on the table."))
    if v.layoff.in_hand_rummy_turn:
        out.append(Text("A player going out by hand rummy may lay off in that turn."))
    return out


def _swap(v: Variant) -> Sequence[Text]:
    s = v.swap
    if not s.allowed:
        return [Text("A joker on the table stays there: nobody swaps it out.")]
    out = [
        Text(
            "A joker on the table may be taken into the hand by laying the natural card it stands for in "
            "its place."
        )
    ]
    if s.requires_opened:
        out.append(Text("Only a player who has opened swaps jokers."))
    else:
        out.append(Text("Any player may swap jokers, opened or not."))
    if s.set_release == "all_missing_suits":
        out.append(Text("A set gives up its joker only when every missing suit is laid at once."))
    elif s.set_min_naturals:
        out.append(
            Text(
                "A set gives up its joker only with at least {count} natural cards beside it.",
                count=s.set_min_naturals,
            )
        )
    if s.relay == "mandatory":
        out.append(Text("The swapped joker must be laid again in the same turn."))
    elif s.relay == "if_possible":
        out.append(Text("The swapped joker must be laid again in the same turn where that is possible."))
    else:
        out.append(Text("The swapped joker may be kept."))
    if s.in_hand_rummy_turn:
        out.append(Text("A player going out by hand rummy may swap in that turn."))
    return out


def _swap_targets(v: Variant) -> Sequence[Text]:
    targets = v.swap.relay_targets
    out = []
    if "new_meld" in targets:
        out.append(Text("A swapped joker is laid again in a new meld."))
    if "layoff_jokerless" in targets:
        out.append(Text("A swapped joker is laid again onto a meld without a joker."))
    return out


def _no_relay(v: Variant) -> bool:
    return not v.swap.allowed or v.swap.relay == "none"


def _no_swap(v: Variant) -> bool:
    return not v.swap.allowed


def _wild_shift(v: Variant) -> Sequence[Text]:
    if v.melds.wild_shift:
        return [Text("A natural card may push a run's joker to an open end of the run (a shift).")]
    return [Text("A run's joker is never pushed along by a natural card.")]


def _no_shift(v: Variant) -> bool:
    return not v.melds.wild_shift


_SHAPE = ("runs", "pure_runs", "sets", "exact", "pure_run_min")
_TABLE = ("number", "ten", "jack", "queen", "king", "ace_low_run", "ace_high_run", "ace_in_set", "joker")
_JOKER_MEANING = ("melds.joker_placement", "melds.set_joker_suit", "melds.ambiguous_kind")
_SWAP = ("allowed", "requires_opened", "set_min_naturals", "relay", "in_hand_rummy_turn", "set_release")

MELD_RULES = (
    Rule(("melds.during_play", "melds.new_after_opening"), _during_play),
    Rule(("melds.set_min", "melds.set_max", "melds.set_distinct_suits"), _sets),
    Rule(("melds.run_min", "melds.run_max", "melds.ace_low", "melds.ace_high"), _runs),
    Rule(("melds.max_jokers_per_meld", "melds.jokers_vs_naturals"), _jokers, _no_jokers),
    Rule(_JOKER_MEANING, _joker_meaning, _no_jokers),
    Rule(tuple(f"values.table.{key}" for key in _TABLE), _table_values, _table_idle),
)
"""What a meld is, and what its cards are worth on the table."""

OPENING_RULES = (
    Rule(("opening.min_points", "opening.kind", "opening.open_at_deal"), _opening, melds_at_the_end),
    Rule(
        ("opening.require_pure_run", "opening.pure_run_min", *(f"opening.shape.{key}" for key in _SHAPE)),
        _pure_run,
        _no_pure_run,
    ),
    Rule(("opening.waived_for_hand_rummy",), _hand_rummy_waiver, no_hand_rummy),
    Rule(("opening.layoff_same_turn", "opening.layoff_opens"), _opening_turn, no_hand_rummy),
    Rule(
        (
            "contract.deals[].hand_size",
            "contract.deals[].sets",
            "contract.deals[].runs",
            *(f"contract.deals[].shape.{key}" for key in _SHAPE),
        ),
        _contracts,
        _no_contracts,
    ),
)
"""The opening (going down), and the deals' contracts."""

LAYOFF_RULES = (
    Rule(("layoff.requires_opened", "layoff.in_hand_rummy_turn"), _layoff, melds_at_the_end),
    Rule(tuple(f"swap.{key}" for key in _SWAP), _swap, _swap_idle),
    Rule(("swap.relay_targets",), _swap_targets, _no_relay),
    Rule(("melds.wild_shift",), _wild_shift, _no_shift),
)
"""Lay-offs, and jokers taken from the table."""
