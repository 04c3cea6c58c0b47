"""Rule components: small objects with one job each, chosen and parameterised
by a variant's TOML.

A variant compiles once into a :class:`RuleSet` (:func:`rules_of`), which
owns every stage (deal, draw, take, table, discard, going out, knock, buy,
scoring, match, opening) and the components registered for the opening and
the commit. A component is registered for its hook (``register_opening``,
``register_waiver``, ``register_commit``) under a name that says what it does
(never a variant's name), with a factory that reads the variant (and the
draw and table stages the rule set has built, ``BuiltStages``) and returns
the component, or None when the variant does not use that rule.

>>> from rummykit.variant.model import load_variant
>>> [c.name for c in rules_of(load_variant("romme51")).components.at("opening")]
['opening_minimum', 'opening_pure_run']
"""

from rummykit.rules.base import (
    CommitRule,
    Component,
    Components,
    OpeningRule,
    OpeningWaiver,
    compose,
    register_commit,
    register_opening,
    register_waiver,
    registered,
)
from rummykit.rules.commit_facts import Commit
from rummykit.rules.contract import ContractAtCommit
from rummykit.rules.deal import DealRule, Dealt, StandardDeal
from rummykit.rules.match import Elimination, FixedRounds, MatchHistory, MatchRule
from rummykit.rules.opening import HandRummyWaiver, OpeningCheck, OpeningMinimum, OpeningPureRun, OpeningStage
from rummykit.rules.rule_set import RuleSet, rules_of
from rummykit.rules.scoring import RoundScoring, StandardScoring
from rummykit.rules.turn import (
    DeepCardStartsNewMeld,
    ExchangeDrawIsHandRummy,
    OpeningAtCommit,
    SwappedJokerRelaid,
    TableTouchNeedsOpening,
    TakenDiscardLaid,
)
from rummykit.rules.variant_queries import best_opening, can_go_out, check_opening, least_penalty, max_hand

__all__ = [
    "Commit",
    "CommitRule",
    "Component",
    "Components",
    "ContractAtCommit",
    "DealRule",
    "Dealt",
    "DeepCardStartsNewMeld",
    "Elimination",
    "ExchangeDrawIsHandRummy",
    "FixedRounds",
    "HandRummyWaiver",
    "MatchHistory",
    "MatchRule",
    "OpeningAtCommit",
    "OpeningCheck",
    "OpeningMinimum",
    "OpeningPureRun",
    "OpeningRule",
    "OpeningStage",
    "OpeningWaiver",
    "RoundScoring",
    "RuleSet",
    "StandardDeal",
    "StandardScoring",
    "SwappedJokerRelaid",
    "TableTouchNeedsOpening",
    "TakenDiscardLaid",
    "best_opening",
    "can_go_out",
    "check_opening",
    "compose",
    "least_penalty",
    "max_hand",
    "register_commit",
    "register_opening",
    "register_waiver",
    "registered",
    "rules_of",
]
