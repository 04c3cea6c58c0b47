"""A variant's rules in words, and the difference of two variants.

The rules text is written from a variant's keys alone (after ``extends``),
in the order a table needs them (players and cards, the deal, the turn,
melds, the opening, lay-offs and jokers, going out, scoring, the match), in
any language of the catalogues. Every key of the variant schema is spoken
for by one :class:`Rule`; the diff shows, for each rule whose keys differ,
the sentences of both sides.

>>> from rummykit.variant.model import load_variant
>>> text = rules_text(load_variant("rami51"), "en", "md")
>>> "at least 51 points" in text
True
>>> [d.keys for d in rule_differences(load_variant("rami51"), load_variant("rami40"))]
[('opening.min_points',)]

``rummykit rules`` and ``rummykit diff`` print them (docs/rules-and-diff.md).
"""

from __future__ import annotations

from rummykit.play.rules_text.book import CHAPTERS, Chapter, all_rules, chapters
from rummykit.play.rules_text.diff import RuleDifference, difference_document, rule_differences
from rummykit.play.rules_text.render import FORMATS, rules_text
from rummykit.play.rules_text.rule import Rule, key_value

__all__ = [
    "CHAPTERS",
    "FORMATS",
    "Chapter",
    "Rule",
    "RuleDifference",
    "all_rules",
    "chapters",
    "difference_document",
    "key_value",
    "rule_differences",
    "rules_text",
]
