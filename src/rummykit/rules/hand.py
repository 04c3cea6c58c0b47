"""What the solver must know of a variant's rules, from the variant's stages.

:func:`hand_rules` gathers the opening (its minimum and pure-run
components), the table stage (when lay-offs may go with an opening) and the
going-out stage (the last discard) into the solver's
:class:`~rummykit.solver.requirement.HandRules`; ``rummykit.rules`` installs
it as the solver's source on import, so the solver takes its requirements
from the rule set and reads no key itself.

>>> from rummykit.variant.model import load_variant
>>> rules = hand_rules(load_variant("romme51"))
>>> rules.opening_min, rules.pure_run_needed, rules.final_discard
(51, True, True)
"""

from __future__ import annotations

from rummykit.rules.base import compose
from rummykit.rules.contract import contract_shapes
from rummykit.rules.going_out import going_out_rule
from rummykit.rules.opening import OpeningPureRun, opening_minimum
from rummykit.rules.table import table_rule
from rummykit.solver.requirement import HandRules
from rummykit.speed.memo import once_per_owner
from rummykit.variant.model import Variant

__all__ = ["hand_rules"]


@once_per_owner
def hand_rules(variant: Variant) -> HandRules:
    """The solver's view of ``variant``'s opening and going-out rules."""
    pure = compose(variant).get("opening_pure_run")
    table = table_rule(variant)
    return HandRules(
        opening_min=opening_minimum(variant),
        pure_run_needed=isinstance(pure, OpeningPureRun),
        # The search tables mark runs this long as pure, asked for or not.
        pure_run_min=pure.length if isinstance(pure, OpeningPureRun) else variant.opening.pure_run_min,
        final_discard=going_out_rule(variant).final_discard_required(),
        layoff_after_opening=table.layoff_after_opening_same_turn(),
        layoff_in_opening_turn=table.may_lay_off(opened_now=table.layoff_after_opening_same_turn()),
        contracts=contract_shapes(variant),
    )
