"""rummykit: the rules of rummy as a library.

Cards and their notation, melds judged under a variant's rules, variants
written as TOML files, and an exact meld solver.

>>> import rummykit as rk
>>> rami = rk.load_variant("rami51")
>>> rk.check_meld(rami, "JK 7s 8s").points
21
"""

from rummykit.core import moves  # public: rk.moves.Draw, rk.moves.Meld ...
from rummykit.core.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    build_deck,
    format_cards,
    parse_card,
    parse_cards,
)
from rummykit.core.errors import (
    IllegalMove,
    NotationError,
    Problem,
    Refusal,
    RummykitError,
    SeatError,
    VariantError,
)
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld, MeldRules, Slot
from rummykit.core.moves import Move, parse_move
from rummykit.core.round_values import RoundResult, TableMeld
from rummykit.core.values import HandValues, TableValues, hand_penalty
from rummykit.io.positions import PositionError, position_from_dict
from rummykit.io.records import Record, ReplayError
from rummykit.io.serialize import JSONError, from_json, to_json
from rummykit.round.dealing import deal
from rummykit.round.match_play import Match
from rummykit.round.state import RoundState
from rummykit.round.views import PlayerView
from rummykit.rules import OpeningCheck, best_opening, can_go_out, check_opening, least_penalty
from rummykit.solver import Arrangement, GoOutPlan, OpeningPlan
from rummykit.variant.meld_checks import check_meld, extend_meld
from rummykit.variant.model import Variant, bundled_variants, load_variant, loads_variant

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "Arrangement",
    "Card",
    "GoOutPlan",
    "HandValues",
    "IllegalMove",
    "JSONError",
    "Match",
    "Meld",
    "MeldRules",
    "Move",
    "NotationError",
    "OpeningCheck",
    "OpeningPlan",
    "PlayerView",
    "PositionError",
    "Problem",
    "Rank",
    "Record",
    "Refusal",
    "ReplayError",
    "RoundResult",
    "RoundState",
    "RummykitError",
    "SeatError",
    "Slot",
    "Suit",
    "TableMeld",
    "TableValues",
    "Variant",
    "VariantError",
    "__version__",
    "best_opening",
    "build_deck",
    "bundled_variants",
    "can_go_out",
    "check_meld",
    "check_opening",
    "deal",
    "extend_meld",
    "format_cards",
    "from_json",
    "hand_penalty",
    "judge_meld",
    "least_penalty",
    "load_variant",
    "loads_variant",
    "moves",
    "parse_card",
    "parse_cards",
    "parse_move",
    "position_from_dict",
    "to_json",
]
