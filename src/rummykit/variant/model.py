"""The Variant model: every rule of a rummy variant, read from one TOML file.

A variant file has one table per part of the game (``[deal]``, ``[melds]``,
``[opening]`` …); ``docs/writing-a-variant.md`` lists every key. A file may
``extends`` another (a bundled id, or a path inside its own folder) and then
names only what it changes. Every problem of a file is reported at once, in one
:class:`~rummykit.core.errors.VariantError`, each with the key path, what was
expected and what was found.

The model is written in four modules, and every name is imported from here:
``sections`` (the limits, one class per table, the deprecated keys, the schema),
``ruleset`` (the resolved :class:`Variant`), ``loading`` (reading the files,
``extends``, the checks across keys) and ``key_warnings`` (the keys that do
nothing, for ``check-variant``).

>>> variant = load_variant("rami51")
>>> variant.opening.min_points, len(variant.deck_for(players=4))
(51, 108)
"""

from __future__ import annotations

from rummykit.core.errors import VariantError as VariantError
from rummykit.variant.key_warnings import KeyWarning, variant_warnings
from rummykit.variant.loading import Origins as Origins
from rummykit.variant.loading import (
    as_variant,
    bundled_variants,
    deal_variant,
    load_variant,
    loads_variant,
    variant_from_rules,
)
from rummykit.variant.loading import load_bundled_variant as load_bundled_variant
from rummykit.variant.ruleset import Variant, freeze, thaw
from rummykit.variant.sections import (
    DEPRECATED,
    MAX_DECKS,
    MAX_EXTENDS,
    MAX_HAND_SIZE,
    MAX_JOKERS,
    MAX_PLAYERS,
    DeckBand,
    Deprecated,
    schema_keys,
    schema_tables,
    suggest_key,
)
from rummykit.variant.sections import MAX_CONTRACT_MELDS as MAX_CONTRACT_MELDS
from rummykit.variant.sections import MAX_FIRST_PLAYER_EXTRA as MAX_FIRST_PLAYER_EXTRA
from rummykit.variant.sections import MAX_MULTIPLIER as MAX_MULTIPLIER
from rummykit.variant.sections import MAX_OPENING_POINTS as MAX_OPENING_POINTS
from rummykit.variant.sections import MAX_OPTIONS as MAX_OPTIONS
from rummykit.variant.sections import MAX_RESHUFFLES as MAX_RESHUFFLES
from rummykit.variant.sections import MAX_ROUNDS as MAX_ROUNDS
from rummykit.variant.sections import MAX_SCORE as MAX_SCORE
from rummykit.variant.sections import MAX_SET_SIZE as MAX_SET_SIZE
from rummykit.variant.sections import MAX_TURN_CAP as MAX_TURN_CAP
from rummykit.variant.sections import RELAY_TARGETS as RELAY_TARGETS
from rummykit.variant.sections import REQUIRED_SECTIONS as REQUIRED_SECTIONS
from rummykit.variant.sections import SECTIONS as SECTIONS
from rummykit.variant.sections import Buy as Buy
from rummykit.variant.sections import Contract as Contract
from rummykit.variant.sections import ContractDeal as ContractDeal
from rummykit.variant.sections import Deal as Deal
from rummykit.variant.sections import Deck as Deck
from rummykit.variant.sections import Discard as Discard
from rummykit.variant.sections import Draw as Draw
from rummykit.variant.sections import GoingOut as GoingOut
from rummykit.variant.sections import Knock as Knock
from rummykit.variant.sections import Layoff as Layoff
from rummykit.variant.sections import Match as Match
from rummykit.variant.sections import Melds as Melds
from rummykit.variant.sections import Meta as Meta
from rummykit.variant.sections import Opening as Opening
from rummykit.variant.sections import Players as Players
from rummykit.variant.sections import Scoring as Scoring
from rummykit.variant.sections import Seating as Seating
from rummykit.variant.sections import StockExhausted as StockExhausted
from rummykit.variant.sections import Swap as Swap
from rummykit.variant.sections import Turn as Turn
from rummykit.variant.sections import Values as Values

__all__ = [
    "DEPRECATED",
    "MAX_DECKS",
    "MAX_EXTENDS",
    "MAX_HAND_SIZE",
    "MAX_JOKERS",
    "MAX_PLAYERS",
    "DeckBand",
    "Deprecated",
    "KeyWarning",
    "Variant",
    "as_variant",
    "bundled_variants",
    "deal_variant",
    "freeze",
    "load_variant",
    "loads_variant",
    "schema_keys",
    "schema_tables",
    "suggest_key",
    "thaw",
    "variant_from_rules",
    "variant_warnings",
]
