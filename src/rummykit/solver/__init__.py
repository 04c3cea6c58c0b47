"""The meld solver: best opening, going out, least penalty. Exact and pure.

Hands are multisets of faces plus a number of jokers. Inside, a hand is one
integer: bit ``code + 52*i`` is set when the hand holds more than ``i`` copies
of the face ``code``, so removing a meld is two integer operations (twice
for a meld that holds a face twice: a set without the suit rule, ``7h 7h 7s``,
or a run from ace to ace). A depth-first search decides the lowest remaining face first
(leave it, meld it, lay it off, discard it) and memoises every state, which
makes it exact: the tests compare it with a brute-force reference.

Each search takes the variant and its :class:`HandRules` (what the
variant's rule set asks of an opening and a turn that goes out, and the most
cards a hand can hold): the solver reads no rule key itself. A hand larger
than any hand of the variant can be is refused with a ValueError. The
solvers are safe to call from several threads: the tables they share are
only read and written whole, entry by entry, and a search that finds an
entry gone values that state again.

Candidate melds come from per-suit and per-rank patterns, cached per variant,
so a hand's candidates are found by a few dictionary look-ups. A big hand
(a deep take can bring the whole discard row into a Roemie hand) leaves out
the runs that cut into shorter runs worth as much: the answers stay exact,
and the searches remember far fewer states.

The searches also bound what a state can still give: a card adds at most
its penalty to a cover (least_penalty) or its best place's value to an
opening (best_opening), so a branch that cannot beat what the state already
has is skipped; best_opening asks each state only whether it beats a
given value (alpha-beta, remembering upper bounds apart from exact values),
first a value just under the hand's bound, then lower ones until one is
beaten, and leaves out melds whose joker stands for a face the hand still
holds where no meld could need that face with a joker. can_go_out stops at
the first way out. Hands of 60 to 90 cards take milliseconds to a few
seconds (``benchmarks/core.py`` prints the figures).

>>> from rummykit.variant.model import load_variant
>>> rami, demands = load_variant("rami51"), HandRules(opening_min=51, max_hand=15)
>>> best_opening(rami, "Ah Kh Qh Jh 9c 9d 9s 2c 5d", demands=demands).points
68
>>> least_penalty(rami, "7h 8h 9h 9c 9d 2s", demands=demands).penalty
17
"""

from rummykit.solver.going_out_search import GoOutPlan, can_go_out
from rummykit.solver.least import Arrangement, least_penalty, penalty_floor
from rummykit.solver.opening_search import OpeningPlan, best_opening
from rummykit.solver.requirement import HandRules
from rummykit.solver.tables import clear_caches

__all__ = [
    "Arrangement",
    "GoOutPlan",
    "HandRules",
    "OpeningPlan",
    "best_opening",
    "can_go_out",
    "clear_caches",
    "least_penalty",
    "penalty_floor",
]
