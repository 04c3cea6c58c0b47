"""Rule components: small objects with one job each, chosen and parameterised
by a variant's TOML.

A component is registered for its stage (``register_opening``,
``register_waiver``, ``register_commit``) under a name that says what it does
(never a variant's name), with a factory that reads the variant and returns
the component, or None when the variant does not use that rule. Each stage has
a typed hook (``OpeningRule``, ``OpeningWaiver``, ``CommitRule``).
:func:`compose` builds a variant's :class:`RuleSet` once; callers ask it for
the components of a stage (``rule_set.commit``).

>>> from rummykit.variant.model import load_variant
>>> [c.name for c in compose(load_variant("romme51")).at("opening")]
['opening_minimum', 'opening_pure_run']
"""

from rummykit.rules.base import (
    CommitRule,
    Component,
    OpeningRule,
    OpeningWaiver,
    RuleSet,
    compose,
    register_commit,
    register_opening,
    register_waiver,
    registered,
)
from rummykit.rules.contract import ContractAtCommit
from rummykit.rules.deal import DealRule, Dealt, StandardDeal, deal_rule
from rummykit.rules.hand import hand_rules
from rummykit.rules.match import Elimination, FixedRounds, MatchHistory, MatchRule, match_rule
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
from rummykit.solver.requirement import use_hand_rules

# The solver, below the rules, takes its opening and going-out requirements
# from the rule set.
use_hand_rules(hand_rules)

__all__ = [
    "Commit",
    "CommitRule",
    "Component",
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
    "OpeningWaiver",
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
    "hand_rules",
    "judge_opening",
    "match_rule",
    "register_commit",
    "register_opening",
    "register_waiver",
    "registered",
    "round_scoring",
]
