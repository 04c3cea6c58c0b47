"""The optional extras the agents' tests need, imported in one place: where
an extra is absent, the test module that asks for it is skipped with the
reason; under .ci/run (RUMMYKIT_REQUIRE_AGENTS set) a missing extra is a
failure instead."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

RL = "the environment needs the rl extra: pip install '.[rl]'"
BENCH = "the OpenSpiel games need the bench extra: pip install '.[bench]'"


def required(*modules: str, reason: str) -> list[ModuleType]:
    """The ``modules``, imported, in order; called at a test module's top,
    a missing one skips that module with ``reason`` (or fails, under .ci/run)."""
    if os.environ.get("RUMMYKIT_REQUIRE_AGENTS"):
        return [importlib.import_module(name) for name in modules]
    return [pytest.importorskip(name, reason=reason) for name in modules]
