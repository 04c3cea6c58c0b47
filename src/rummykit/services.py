"""The standard implementation of :class:`rummykit.state.RoundServices`: what
``RoundState.apply``, ``legal_moves``, ``view`` and ``to_json`` call.

``state`` cannot import the modules that do this work (they import ``state``),
so this module, which sits above them, installs them when it is imported; the
package's ``__init__`` imports it.
"""

from __future__ import annotations

from rummykit.engine import apply_move
from rummykit.legal import legal_moves
from rummykit.serialize import to_json
from rummykit.state import install_round_services
from rummykit.views import view_of

__all__ = ["StandardServices"]


class StandardServices:
    """RoundState's conveniences, done by the engine, the legal-move listing,
    the views and the JSON writer."""

    apply = staticmethod(apply_move)
    legal_moves = staticmethod(legal_moves)
    view = staticmethod(view_of)
    to_json = staticmethod(to_json)


install_round_services(StandardServices())
