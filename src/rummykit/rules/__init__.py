"""Rule components: small objects with one job each, chosen and parameterised
by a variant's TOML.

A component is registered under a name that says what it does (never a
variant's name) with a factory that reads the variant and returns the
component, or None when the variant does not use that rule. :func:`compose`
builds a variant's :class:`RuleSet`; callers ask it for the components of one
hook (``"opening"`` today; the engine adds its hooks).

>>> from rummykit.variant import load_variant
>>> [c.name for c in compose(load_variant("romme51")).at("opening")]
['opening_minimum', 'opening_pure_run']
"""

from rummykit.rules.base import Component, RuleSet, compose, register, registered
from rummykit.rules.deal import DealRule, Dealt, StandardDeal, deal_rule
from rummykit.rules.match import FixedRounds, MatchHistory, MatchRule, match_rule
from rummykit.rules.opening import (
    HandRummyWaiver,
    OpeningCheck,
    OpeningMinimum,
    OpeningPureRun,
    check_opening,
    judge_opening,
)
from rummykit.rules.scoring import RoundScoring, StandardScoring, round_scoring
from rummykit.rules.turn import (
    Commit,
    DeepCardStartsNewMeld,
    ExchangeDrawIsHandRummy,
    OpeningAtCommit,
    SwappedJokerRelaid,
    TableTouchNeedsOpening,
    TakenDiscardLaid,
)

__all__ = [
    "Commit",
    "Component",
    "DealRule",
    "Dealt",
    "DeepCardStartsNewMeld",
    "ExchangeDrawIsHandRummy",
    "FixedRounds",
    "HandRummyWaiver",
    "MatchHistory",
    "MatchRule",
    "OpeningAtCommit",
    "OpeningCheck",
    "OpeningMinimum",
    "OpeningPureRun",
    "RoundScoring",
    "RuleSet",
    "StandardDeal",
    "StandardScoring",
    "SwappedJokerRelaid",
    "TableTouchNeedsOpening",
    "TakenDiscardLaid",
    "check_opening",
    "compose",
    "deal_rule",
    "judge_opening",
    "match_rule",
    "register",
    "registered",
    "round_scoring",
]
