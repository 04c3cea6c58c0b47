"""The semantic difference of two variants: the rules of the rules text whose
keys hold other values, each with the sentences of both sides.

>>> from rummykit.variant.model import load_variant
>>> found = rule_differences(load_variant("gin"), load_variant("oklahoma_gin"))
>>> [key for difference in found for key in difference.keys][:2]
['deal.indicator.card', 'deal.indicator.knock_limit']
"""

from __future__ import annotations

from typing import Any

from rummykit.core.errors import Text
from rummykit.core.translation import translator
from rummykit.play.rules_text.book import all_rules, deal_exceptions, deal_variants
from rummykit.play.rules_text.rule import Rule
from rummykit.variant.model import Variant

__all__ = ["RuleDifference", "difference_document", "rule_differences"]


class RuleDifference:
    """One rule that two variants hold differently: the keys that differ,
    their values on each side, and the rule's sentences on each side."""

    __slots__ = ("a", "a_values", "b", "b_values", "keys")

    def __init__(
        self, rule: Rule, a: Variant, b: Variant, deals: tuple[list[Variant], list[Variant]]
    ) -> None:
        found = [
            (key, x, y) for key, x, y in zip(rule.keys, rule.values(a), rule.values(b), strict=True) if x != y
        ]
        self.keys = tuple(key for key, _x, _y in found) or ("contract.deals[].rules",)
        self.a_values = tuple(x for _key, x, _y in found) or (_own_rules(a),)
        self.b_values = tuple(y for _key, _x, y in found) or (_own_rules(b),)
        self.a: tuple[Text, ...] = (*rule.say(a), *deal_exceptions(a, rule, deals[0]))
        self.b: tuple[Text, ...] = (*rule.say(b), *deal_exceptions(b, rule, deals[1]))

    def text(self, side: str, lang: str | None = "en") -> str:
        """The sentences of side ``"a"`` or ``"b"``, in ``lang``, as one line."""
        say = translator(lang)
        sentences = self.a if side == "a" else self.b
        return " ".join(sentence.text(say) for sentence in sentences) or "-"

    def document(self, lang: str | None = "en") -> dict[str, Any]:
        """The difference as JSON data: ``keys``, the values ``a`` and ``b``
        by key, and the sentences ``a_text`` and ``b_text``."""
        return {
            "keys": list(self.keys),
            "a": dict(zip(self.keys, self.a_values, strict=True)),
            "b": dict(zip(self.keys, self.b_values, strict=True)),
            "a_text": self.text("a", lang),
            "b_text": self.text("b", lang),
        }


def _own_rules(variant: Variant) -> list[dict[str, Any]]:
    """The contract deals' own rules (``contract.deals[].rules``) as plain data."""
    return [deal.rules.tables for deal in variant.contract.deals]


def _differs(rule: Rule, a: Variant, b: Variant, deals: tuple[list[Variant], list[Variant]]) -> bool:
    """Do ``rule``'s keys differ: in the variants, in a deal both have, or
    in a deal one has more than the other, against that variant's own? (A
    deal more or fewer is the contract's difference, not every rule's.)"""
    base = rule.values(a)
    if base != rule.values(b):
        return True
    first, second = deals
    if any(rule.values(x) != rule.values(y) for x, y in zip(first, second, strict=False)):
        return True
    return any(rule.values(own) != base for own in first[len(second) :] or second[len(first) :])


def rule_differences(a: Variant, b: Variant) -> list[RuleDifference]:
    """Every rule whose keys differ between ``a`` and ``b``, in the variants'
    own keys or in what a contract deal's own rules make of them, in the
    order of the rules text. The ``meta`` keys (the names, the source) are
    no rule of play and are left out."""
    deals = (deal_variants(a), deal_variants(b))
    return [
        RuleDifference(rule, a, b, deals)
        for rule in all_rules()
        if not rule.keys[0].startswith("meta.") and _differs(rule, a, b, deals)
    ]


def difference_document(a: Variant, b: Variant, lang: str | None = "en") -> dict[str, Any]:
    """The difference of ``a`` and ``b`` as JSON data: the two variants
    (``id``, ``name``) and the list of ``differences``."""
    return {
        "a": {"id": a.id, "name": a.name},
        "b": {"id": b.id, "name": b.name},
        "differences": [difference.document(lang) for difference in rule_differences(a, b)],
    }
