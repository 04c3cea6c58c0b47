"""The component registry and the per-variant rule set."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

import attrs

from rummykit.variant import Variant

__all__ = ["Component", "RuleSet", "compose", "register", "registered"]


class Component(Protocol):
    """A rule component: a name, the hooks it answers, and its parameters."""

    @property
    def name(self) -> str: ...

    @property
    def hooks(self) -> tuple[str, ...]: ...


Factory = Callable[[Variant], "Component | None"]
_REGISTRY: dict[str, Factory] = {}
F = TypeVar("F", bound=Factory)


def register(name: str) -> Callable[[F], F]:
    """Register a factory under ``name`` (it returns None when a variant does not
    use the rule)."""

    def decorate(factory: F) -> F:
        if name in _REGISTRY:
            raise ValueError(f"a rule component named {name!r} is registered already")
        _REGISTRY[name] = factory
        return factory

    return decorate


def registered() -> tuple[str, ...]:
    """The names of every registered component, in registration order."""
    return tuple(_REGISTRY)


@attrs.frozen(slots=True)
class RuleSet:
    """The components one variant uses, in registration order."""

    components: tuple[Component, ...]

    def at(self, hook: str) -> tuple[Component, ...]:
        """The components that answer ``hook``."""
        return tuple(c for c in self.components if hook in c.hooks)

    def get(self, name: str) -> Component | None:
        return next((c for c in self.components if c.name == name), None)


_COMPOSED: dict[int, tuple[Variant, RuleSet]] = {}


def compose(variant: Variant) -> RuleSet:
    """The rule set of ``variant`` (cached per variant object)."""
    cached = _COMPOSED.get(id(variant))
    if cached is not None and cached[0] is variant:
        return cached[1]
    chosen = []
    for factory in _REGISTRY.values():
        component = factory(variant)
        if component is not None:
            chosen.append(component)
    rule_set = RuleSet(tuple(chosen))
    if len(_COMPOSED) > 256:
        _COMPOSED.clear()
    _COMPOSED[id(variant)] = (variant, rule_set)
    return rule_set
