"""Tools for test suites: invariant checks and hypothesis strategies.

``check_invariants(state)`` raises AssertionError naming the broken rule.
The strategies (``cards``, ``hands``, ``melds``, ``positions``,
``playouts``) need hypothesis (``pip install ".[testing]"`` from the clone).
"""

from rummykit.testing.invariants import check_invariants, choose_random_move, random_buy, random_playout

__all__ = ["check_invariants", "choose_random_move", "random_buy", "random_playout"]
