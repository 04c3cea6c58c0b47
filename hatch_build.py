"""Build hook: the optional compiled build of rummykit (off by default).

``RUMMYKIT_MYPYC=1 pip install .`` compiles the modules in ``COMPILED`` with
mypyc (the same Python source, type-checked by mypy, turned into C extension
modules) and puts the extensions into the wheel beside the ``.py`` files; the
import system prefers an extension module to a source file of the same name.
Without the variable (or with ``RUMMYKIT_MYPYC=0``) this hook does nothing and
the wheel is pure Python, the reference build. See docs/compiled-build.md.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

VARIABLE = "RUMMYKIT_MYPYC"

# The modules compiled, relative to src/: the hot path of a decision (legal-move
# listing, meld judging, the solver, the engine and its rule components).
# Left out, and why (mypyc's limits, found by trying):
#   core/moves.py  an attrs field with a typed default (attrs.field(default=1))
#                  is checked against its annotation in the class body and fails.
#   rules/match.py attrs classes (Python classes) derive from a plain class that
#                  mypyc would compile to a native class.
# Everything else is not on the hot path (files, CLI, serialising, records).
COMPILED = (
    "rummykit/core/cards.py",
    "rummykit/core/meld_model.py",
    "rummykit/core/meld_refusals.py",
    "rummykit/core/meld_sets.py",
    "rummykit/core/meld_runs.py",
    "rummykit/core/meld_judge.py",
    "rummykit/core/meld_growth.py",
    "rummykit/core/meld_places.py",
    "rummykit/core/meld_shape.py",
    "rummykit/round/legal.py",
    "rummykit/round/meld_listing.py",
    "rummykit/round/engine.py",
    "rummykit/round/move_helpers.py",
    "rummykit/round/turn_start.py",
    "rummykit/round/turn_commit.py",
    "rummykit/round/draw_phase.py",
    "rummykit/round/table_moves.py",
    "rummykit/round/knocking.py",
    "rummykit/round/leaving.py",
    "rummykit/round/deal_check.py",
    "rummykit/round/state.py",
    "rummykit/round/move_log.py",
    "rummykit/round/shuffling.py",
    "rummykit/speed/evolve.py",
    "rummykit/speed/frozen.py",
    "rummykit/round/dealing.py",
    "rummykit/round/round_scoring.py",
    "rummykit/speed/memo.py",
    "rummykit/core/round_values.py",
    "rummykit/core/values.py",
    "rummykit/solver/__init__.py",
    "rummykit/solver/candidate_bounds.py",
    "rummykit/solver/deuces.py",
    "rummykit/solver/going_out_search.py",
    "rummykit/solver/opening_reach.py",
    "rummykit/solver/hand_masks.py",
    "rummykit/solver/least.py",
    "rummykit/solver/opening_search.py",
    "rummykit/solver/requirement.py",
    "rummykit/solver/search_limits.py",
    "rummykit/solver/show.py",
    "rummykit/solver/show_groups.py",
    "rummykit/solver/show_bound.py",
    "rummykit/solver/suit_rows.py",
    "rummykit/solver/tables.py",
    "rummykit/rules/__init__.py",
    "rummykit/rules/base.py",
    "rummykit/rules/buy.py",
    "rummykit/rules/commit_facts.py",
    "rummykit/rules/contract.py",
    "rummykit/rules/deal.py",
    "rummykit/rules/deep_take_checks.py",
    "rummykit/rules/discard.py",
    "rummykit/rules/draw.py",
    "rummykit/rules/drop_knock.py",
    "rummykit/rules/exchange_checks.py",
    "rummykit/rules/during_play.py",
    "rummykit/rules/first_upcard.py",
    "rummykit/rules/going_out.py",
    "rummykit/rules/hand.py",
    "rummykit/rules/instant_win.py",
    "rummykit/rules/indicator.py",
    "rummykit/rules/leaving_checks.py",
    "rummykit/rules/knock.py",
    "rummykit/rules/opening.py",
    "rummykit/rules/out_checks.py",
    "rummykit/rules/payments.py",
    "rummykit/rules/repetition.py",
    "rummykit/rules/rule_set.py",
    "rummykit/rules/scoring.py",
    "rummykit/rules/showdown_checks.py",
    "rummykit/rules/table.py",
    "rummykit/rules/table_checks.py",
    "rummykit/rules/table_move_stage.py",
    "rummykit/rules/take.py",
    "rummykit/rules/turn.py",
    "rummykit/rules/wall.py",
    "rummykit/rules/wild_shift.py",
    "rummykit/rules/absent_moves.py",
    "rummykit/rules/card_use.py",
    "rummykit/rules/contract_search.py",
    "rummykit/rules/show_judge.py",
    "rummykit/rules/show_scoring.py",
    "rummykit/rules/variant_queries.py",
)

# Run by a separate interpreter in the build folder (mypyc builds through
# setuptools' build_ext; -j lets the C files compile on every core).
_SETUP = """
import os, sys
from setuptools import setup
from mypyc.build import mypycify
setup(
    name="rummykit-compiled",
    ext_modules=mypycify(sys.argv[1:], group_name="rummykit", multi_file=True),
    script_args=["build_ext", "--inplace", "-j", str(os.cpu_count() or 1)],
)
"""


def wanted() -> bool:
    """Whether the environment asks for the compiled build."""
    return os.environ.get(VARIABLE, "").strip() not in ("", "0")


class MypycBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        if not wanted():
            return []
        # mypy must see the runtime dependencies (attrs's types) to compile.
        return ["mypy>=1.10", "setuptools>=69", *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not wanted():
            return
        if version == "editable":
            raise RuntimeError(f"{VARIABLE}=1 builds a normal install: drop -e (editable) to compile")
        root = Path(self.root)
        work = Path(tempfile.mkdtemp(prefix="rummykit-mypyc-"))
        self.work = work
        shutil.copytree(root / "src" / "rummykit", work / "rummykit")
        self.app.display_info(f"{VARIABLE}: compiling {len(COMPILED)} modules with mypyc")
        # mypy's settings are the project's ([tool.mypy] in pyproject.toml).
        settings = ["--config-file", str(root / "pyproject.toml")]
        subprocess.run([sys.executable, "-c", _SETUP, *settings, *COMPILED], cwd=work, check=True)
        extensions = sorted(p for p in work.rglob("*.so") if "build" not in p.relative_to(work).parts)
        extensions += sorted(p for p in work.rglob("*.pyd") if "build" not in p.relative_to(work).parts)
        if not extensions:
            raise RuntimeError(f"{VARIABLE}: mypyc produced no extension module in {work}")
        for path in extensions:
            build_data["force_include"][str(path)] = str(path.relative_to(work))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
