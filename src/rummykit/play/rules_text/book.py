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

__all__ = ["CHAPTERS", "Chapter", "all_rules", "chapters"]

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


def _deal_exceptions(variant: Variant, rules: Sequence[Rule]) -> list[Text]:
    """What a contract deal with rules of its own says differently, deal by deal."""
    out: list[Text] = []
    for index, deal in enumerate(variant.contract.deals):
        if not deal.rules:
            continue
        own = deal_variant(variant, index)
        for rule in rules:
            if rule.values(own) == rule.values(variant):
                continue
            for sentence in rule.say(own):
                out.append(Text("In deal {number} only: {rule}", number=index + 1, rule=sentence))
    return out


def chapters(variant: Variant) -> list[Chapter]:
    """The rules text of ``variant``: its chapters, each with the sentences
    of the rules that are not idle in it; a chapter with nothing to say is
    left out."""
    out = []
    for title, rules in CHAPTERS:
        sentences = _sentences(variant, rules) + _deal_exceptions(variant, rules)
        if sentences:
            out.append(Chapter(title, sentences))
    return out
