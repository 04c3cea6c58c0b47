"""tools/compiled_equality.py: the check that no compiled module compares two
attrs values with ``==`` (mypyc would compare their identities)."""

from __future__ import annotations

from pathlib import Path

from tool_support import load_tool

ROOT = Path(__file__).resolve().parents[2]

compiled_equality = load_tool("compiled_equality")

PACKAGE = '''
import attrs


@attrs.frozen(slots=True)
class Point:
    x: int


def same(a: Point, b: Point) -> bool:
    return a == b


def differ(a: Point, b: Point) -> bool:
    return a.x != b.x or a != b


def same_as_objects(a: object, b: Point) -> bool:
    return a == b


def same_optional(a: Point | None, b: Point | None) -> bool:
    return a == b
'''


def _package(tmp_path: Path) -> Path:
    source = tmp_path / "src"
    (source / "pkg").mkdir(parents=True)
    (source / "pkg" / "__init__.py").write_text("")
    (source / "pkg" / "points.py").write_text(PACKAGE)
    config = tmp_path / "pyproject.toml"
    config.write_text("[tool.mypy]\nstrict = true\n")
    return source


def test_it_finds_the_comparisons_of_two_attrs_values_in_a_compiled_module(tmp_path: Path) -> None:
    source = _package(tmp_path)
    found = list(compiled_equality.identity_comparisons(source, {"pkg.points"}, tmp_path / "pyproject.toml"))
    assert found == [
        "pkg/points.py:11: pkg.points.Point == pkg.points.Point compares by identity when compiled",
        "pkg/points.py:15: pkg.points.Point != pkg.points.Point compares by identity when compiled",
    ]


def test_a_module_left_out_of_the_compiled_build_is_not_checked(tmp_path: Path) -> None:
    source = _package(tmp_path)
    assert list(compiled_equality.identity_comparisons(source, set(), tmp_path / "pyproject.toml")) == []


def test_the_compiled_modules_are_hatch_builds_list() -> None:
    names = compiled_equality.compiled_modules()
    assert {"rummykit.round.engine", "rummykit.core.meld_judge", "rummykit.round.legal"} <= names
    assert "rummykit.play.cli" not in names
    listed = (ROOT / "hatch_build.py").read_text(encoding="utf-8").count('    "rummykit/')
    assert len(names) == listed
    for name in names:
        path = ROOT / "src" / name.replace(".", "/")
        assert path.with_suffix(".py").is_file() or (path / "__init__.py").is_file(), name


def test_the_compiled_list_holds_what_the_docs_say_is_compiled() -> None:
    """docs/compiled-build.md: meld judging (core/meld_*), the solver
    (solver/*) and the rule components (rules/* but rules/match) are
    compiled; a review found eight new modules of those folders left out."""
    compiled = compiled_equality.compiled_modules()
    source = ROOT / "src" / "rummykit"
    wanted = {f"rummykit.core.{p.stem}" for p in (source / "core").glob("meld_*.py")}
    for folder in ("solver", "rules"):
        names = (f"rummykit.{folder}.{p.stem}" for p in (source / folder).glob("*.py"))
        wanted |= {name.removesuffix(".__init__") for name in names}
    missing = wanted - compiled - {"rummykit.rules.match"}
    assert not missing, sorted(missing)
