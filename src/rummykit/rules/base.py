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
from typing import TYPE_CHECKING, Protocol, TypeVar, cast

import attrs

from rummykit.core.errors import Refusal
from rummykit.core.meld_model import Meld
from rummykit.rules.draw import DrawRule
from rummykit.rules.table import TableRule
from rummykit.variant.model import Variant

if TYPE_CHECKING:  # the commit's facts are defined with the commit rules
    from rummykit.rules.commit_facts import Commit

__all__ = [
    "BuiltStages",
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


@attrs.frozen(slots=True)
class BuiltStages:
    """The stages a component's factory may read, built before the
    components (by the rule set, once): a factory asks them, never builds
    its own."""

    draw: DrawRule
    table: TableRule


C = TypeVar("C", bound=Component)
Factory = Callable[[Variant, BuiltStages], C | None]
"""A component's factory: the component for a variant, or None where the
variant does not use the rule."""
_REGISTRY: dict[str, tuple[str, Factory[Component]]] = {}
"""Every registered component's factory by name, with the hook it answers,
in registration order (the one registry of the rule components)."""


def _registrar(hook: str, name: str) -> Callable[[Factory[C]], Factory[C]]:
    def decorate(factory: Factory[C]) -> Factory[C]:
        if name in _REGISTRY:
            raise ValueError(f"a rule component named {name!r} is registered already")
        _REGISTRY[name] = (hook, factory)
        return factory

    return decorate


def register_opening(
    name: str,
) -> Callable[[Factory[OpeningRule]], Factory[OpeningRule]]:
    """Register a factory of an opening rule under ``name``."""
    return _registrar("opening", name)


def register_waiver(
    name: str,
) -> Callable[[Factory[OpeningWaiver]], Factory[OpeningWaiver]]:
    """Register a factory of an opening waiver under ``name``."""
    return _registrar("opening_waiver", name)


def register_commit(
    name: str,
) -> Callable[[Factory[CommitRule]], Factory[CommitRule]]:
    """Register a factory of a commit rule under ``name``."""
    return _registrar("commit", name)


def registered() -> tuple[str, ...]:
    """The names of every registered component, in registration order."""
    return tuple(_REGISTRY)


def _build(hook: str, variant: Variant, stages: BuiltStages) -> tuple[Component, ...]:
    built = (factory(variant, stages) for answers, factory in _REGISTRY.values() if answers == hook)
    return tuple(component for component in built if component is not None)


def _registration_index(component: Component) -> int:
    """Where ``component``'s name stands in the registry (a function, not a
    lambda: the compiled build cannot close over a name in this method)."""
    return list(_REGISTRY).index(component.name)


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
        return tuple(sorted(every, key=_registration_index))

    def at(self, hook: str) -> tuple[Component, ...]:
        """The components that answer ``hook`` (for listing them by name)."""
        return tuple(c for c in self.components if hook in c.hooks)

    def get(self, name: str) -> Component | None:
        return next((c for c in self.components if c.name == name), None)

    def waives_opening(self, *, going_out: bool) -> bool:
        """Is a turn that goes out (or not) free of the opening rules?"""
        return any(w.waives(going_out=going_out) for w in self.waivers)


def compose(variant: Variant, stages: BuiltStages) -> Components:
    """The components ``variant`` uses, their factories reading ``stages``
    (its rule set builds them once)."""
    return Components(
        cast("tuple[OpeningRule, ...]", _build("opening", variant, stages)),
        cast("tuple[OpeningWaiver, ...]", _build("opening_waiver", variant, stages)),
        cast("tuple[CommitRule, ...]", _build("commit", variant, stages)),
    )
