"""The rules text of a variant: its chapters in the order a table needs them,
each a list of sentences from the :class:`~.rule.Rule` objects that speak
for the variant's keys."""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.errors import Text
from rummykit.play.rules_text.ending_sentences import ENDING_RULES
from rummykit.play.rules_text.meld_sentences import LAYOFF_RULES, MELD_RULES, OPENING_RULES
from rummykit.play.rules_text.rule import Rule
from rummykit.play.rules_text.score_sentences import MATCH_RULES, SCORING_RULES
from rummykit.play.rules_text.setup_sentences import DEAL_RULES, PLAYER_RULES
from rummykit.play.rules_text.turn_sentences import TURN_RULES
from rummykit.variant.loading import deal_variant
from rummykit.variant.model import Variant

__all__ = ["CHAPTERS", "Chapter", "all_rules", "chapters", "deal_exceptions", "deal_variants"]

CHAPTERS: tuple[tuple[Text, tuple[Rule, ...]], ...] = (
    (Text("Players and cards"), PLAYER_RULES),
    (Text("The deal"), DEAL_RULES),
    (Text("The turn"), TURN_RULES),
    (Text("Melds"), MELD_RULES),
    (Text("Opening"), OPENING_RULES),
    (Text("Lay-offs and jokers"), LAYOFF_RULES),
    (Text("Going out"), ENDING_RULES),
    (Text("Scoring"), SCORING_RULES),
    (Text("The match"), MATCH_RULES),
)
"""The chapters of the rules text, in order: a title (a phrase to
translate) and the rules it holds. Every key of the variant schema is spoken
for by one rule (``tests/play/test_rules_text.py``)."""


class Chapter:
    """One chapter of a variant's rules text: a title and its sentences."""

    __slots__ = ("sentences", "title")

    def __init__(self, title: Text, sentences: Sequence[Text]) -> None:
        self.title = title
        self.sentences = tuple(sentences)


def all_rules() -> list[Rule]:
    """Every rule of the rules text, in the order of the text."""
    return [rule for _title, rules in CHAPTERS for rule in rules]


def _sentences(variant: Variant, rules: Sequence[Rule]) -> list[Text]:
    return [sentence for rule in rules if not rule.idle(variant) for sentence in rule.say(variant)]


def deal_variants(variant: Variant) -> list[Variant]:
    """The variant as each of its contract deals plays it: the deal's own
    rules in place where it has some (``contract.deals[].rules``), else the
    variant itself."""
    return [
        deal_variant(variant, index) if deal.rules else variant
        for index, deal in enumerate(variant.contract.deals)
    ]


def deal_exceptions(variant: Variant, rule: Rule, deals: Sequence[Variant]) -> list[Text]:
    """What ``rule`` says differently in the deals (``deal_variants(variant)``)
    whose own rules change its keys: "In deal 7 only: ..."."""
    mine = rule.values(variant)
    return [
        Text("In deal {number} only: {rule}", number=number, rule=sentence)
        for number, own in enumerate(deals, 1)
        if rule.values(own) != mine
        for sentence in rule.say(own)
    ]


def chapters(variant: Variant) -> list[Chapter]:
    """The rules text of ``variant``: its chapters, each with the sentences
    of the rules that are not idle in it (and what a contract deal's own
    rules change); a chapter with nothing to say is left out."""
    deals = deal_variants(variant)
    out = []
    for title, rules in CHAPTERS:
        sentences = _sentences(variant, rules)
        sentences += [sentence for rule in rules for sentence in deal_exceptions(variant, rule, deals)]
        if sentences:
            out.append(Chapter(title, sentences))
    return out
