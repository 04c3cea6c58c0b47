"""The component registries and the per-variant rule set.

A rule that a variant may have is a component: a small object with one job,
built by a factory from the variant's TOML (the factory returns None where the
variant does not use the rule). Components are registered by stage, each stage
with its own typed hook:

- ``opening``: :class:`OpeningRule`, judges the melds of an opening;
- ``opening_waiver``: :class:`OpeningWaiver`, says when the opening rules do
  not apply (a hand rummy);
- ``commit``: :class:`CommitRule`, judges a turn when it is committed.

:func:`compose` builds a variant's :class:`Components`; the variant's
:class:`~rummykit.rules.rule_set.RuleSet`, built once per variant, holds them
beside its stages (deal, draw, table, discard, going out, knock, buy,
scoring, match), and the engine, the legal-move listing, the solver's callers
and the bots ask it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

import attrs

from rummykit.core.errors import Refusal
from rummykit.core.meld_model import Meld
from rummykit.variant.model import Variant

if TYPE_CHECKING:  # the commit's facts are defined with the commit rules
    from rummykit.rules.commit_facts import Commit

__all__ = [
    "CommitRule",
    "Component",
    "Components",
    "OpeningRule",
    "OpeningWaiver",
    "compose",
    "register_commit",
    "register_opening",
    "register_waiver",
    "registered",
]


class Component(Protocol):
    """A rule component: a name, and the hooks (stages) it answers."""

    @property
    def name(self) -> str: ...

    @property
    def hooks(self) -> tuple[str, ...]: ...


class OpeningRule(Component, Protocol):
    """Judges the melds laid as an opening, worth ``points`` together."""

    def check(self, melds: Sequence[Meld], points: int) -> Refusal | None: ...


class OpeningWaiver(Component, Protocol):
    """Says whether a turn that goes out is free of the opening rules."""

    def waives(self, *, going_out: bool) -> bool: ...


class CommitRule(Component, Protocol):
    """Judges a turn when it is committed (a discard, or ``out``).

    A component declares, as class attributes, the facts of the Commit it
    reads (``reads``, see :class:`~rummykit.rules.commit_facts.CommitReads`)
    and, where it refuses nothing while one fact is empty, that fact
    (``idle_without``). Where no commit rule of a variant reads the hand's
    cards in a turn without joker swaps, the engine remembers a verdict for
    the next turn that shares the facts the rules read (the turn, the table,
    the mover's opening, the deal), whatever the hand; a component that
    declares nothing is taken to read the hand, and each turn is judged
    anew."""

    def check(self, commit: Commit) -> Refusal | None: ...


C = TypeVar("C", bound=Component)
_OPENING: dict[str, Callable[[Variant], OpeningRule | None]] = {}
_WAIVER: dict[str, Callable[[Variant], OpeningWaiver | None]] = {}
_COMMIT: dict[str, Callable[[Variant], CommitRule | None]] = {}
_ORDER: list[str] = []


def _registrar(
    table: dict[str, Callable[[Variant], C | None]], name: str
) -> Callable[[Callable[[Variant], C | None]], Callable[[Variant], C | None]]:
    def decorate(factory: Callable[[Variant], C | None]) -> Callable[[Variant], C | None]:
        if name in _ORDER:
            raise ValueError(f"a rule component named {name!r} is registered already")
        table[name] = factory
        _ORDER.append(name)
        return factory

    return decorate


def register_opening(
    name: str,
) -> Callable[[Callable[[Variant], OpeningRule | None]], Callable[[Variant], OpeningRule | None]]:
    """Register a factory of an opening rule under ``name``."""
    return _registrar(_OPENING, name)


def register_waiver(
    name: str,
) -> Callable[[Callable[[Variant], OpeningWaiver | None]], Callable[[Variant], OpeningWaiver | None]]:
    """Register a factory of an opening waiver under ``name``."""
    return _registrar(_WAIVER, name)


def register_commit(
    name: str,
) -> Callable[[Callable[[Variant], CommitRule | None]], Callable[[Variant], CommitRule | None]]:
    """Register a factory of a commit rule under ``name``."""
    return _registrar(_COMMIT, name)


def registered() -> tuple[str, ...]:
    """The names of every registered component, in registration order."""
    return tuple(_ORDER)


def _build(table: dict[str, Callable[[Variant], C | None]], variant: Variant) -> tuple[C, ...]:
    built = (factory(variant) for factory in table.values())
    return tuple(component for component in built if component is not None)


@attrs.frozen(slots=True)
class Components:
    """The components one variant uses, by stage, each in registration order."""

    opening: tuple[OpeningRule, ...]
    waivers: tuple[OpeningWaiver, ...]
    commit: tuple[CommitRule, ...]

    @property
    def components(self) -> tuple[Component, ...]:
        """Every component, in registration order."""
        every: list[Component] = [*self.opening, *self.waivers, *self.commit]
        return tuple(sorted(every, key=lambda c: _ORDER.index(c.name)))

    def at(self, hook: str) -> tuple[Component, ...]:
        """The components that answer ``hook`` (for listing them by name)."""
        return tuple(c for c in self.components if hook in c.hooks)

    def get(self, name: str) -> Component | None:
        return next((c for c in self.components if c.name == name), None)

    def waives_opening(self, *, going_out: bool) -> bool:
        """Is a turn that goes out (or not) free of the opening rules?"""
        return any(w.waives(going_out=going_out) for w in self.waivers)


def compose(variant: Variant) -> Components:
    """The components ``variant`` uses (its rule set builds them once)."""
    return Components(_build(_OPENING, variant), _build(_WAIVER, variant), _build(_COMMIT, variant))
