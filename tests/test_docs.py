import doctest
import importlib
import importlib.util
import pkgutil
import re
from pathlib import Path

import pytest
from tool_support import load_tool

import rummykit
from rummykit.play.conformance import run_case_file
from rummykit.variant.model import schema_keys, schema_tables

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


docgen = load_tool("docgen")


def test_generated_pages_are_up_to_date() -> None:
    for path, text in docgen.expected_pages(DOCS).items():
        assert path.read_text(encoding="utf-8") == text, f"{path} is stale: python tools/docgen.py docs"


def test_every_schema_key_is_documented() -> None:
    page = (DOCS / "writing-a-variant.md").read_text(encoding="utf-8")
    for key in (
        "`melds.joker_placement`",
        "`draw.discard_deep`",
        "`values.hand.joker`",
        "`deck.by_players[].joker_options`",
    ):
        assert key in page


def test_every_variant_has_a_page() -> None:
    for ref in rummykit.bundled_variants():
        assert (DOCS / "variants" / f"{ref}.md").exists()
        assert f"variants/{ref}.md" in (DOCS / "index.md").read_text(encoding="utf-8")


def test_every_refusal_code_in_the_source_is_documented() -> None:
    page = (DOCS / "refusal-codes.md").read_text(encoding="utf-8")
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src" / "rummykit").rglob("*.py"))
    prefixes = (
        "meld|opening|layoff|notation|turn|card|draw|exchange|swap|discard|out|undo|match|buy|shift|knock"
    )
    codes = set(re.findall(rf'"((?:{prefixes})\.[a-z-]+)"', source))
    codes -= set(schema_keys())  # a key path such as "knock.allowed" in a load error
    codes -= {table for table, _ in schema_tables()}  # a table path such as "opening.shape"
    assert codes
    for code in codes:
        assert f"`{code}`" in page, code


def test_every_code_of_the_server_is_documented_on_its_page() -> None:
    page = (DOCS / "serve.md").read_text(encoding="utf-8")
    server = ROOT / "src" / "rummykit" / "serve"
    source = "\n".join(p.read_text(encoding="utf-8") for p in server.rglob("*.py"))
    codes = set(re.findall(r'"((?:game|server|client|request|message)\.[a-z-]+)"', source))
    assert {"server.store-failed", "client.too-many-sockets", "request.rate-limited"} <= codes
    for code in codes:
        assert f"`{code}`" in page, code


def test_readme_has_exactly_two_setup_commands_and_ci_runs_the_second() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.+?)\n```", readme)
    assert len(commands) == 2
    assert "rummykit variants" in commands[0] and "pytest" in commands[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci.splitlines()


OPTIONAL_IMPORTS = {
    "rummykit.agents.observation": (("numpy", "rl"),),
    "rummykit.agents.env": (("numpy", "rl"), ("gymnasium", "rl"), ("pettingzoo", "rl")),
    "rummykit.agents.openspiel_game": (("numpy", "bench"), ("pyspiel", "bench")),
}
"""The modules that import an optional extra's packages, and the extra."""


@pytest.mark.parametrize(
    "name", sorted(m.name for m in pkgutil.walk_packages(rummykit.__path__, "rummykit."))
)
def test_module_doctests(name: str) -> None:
    for package, extra in OPTIONAL_IMPORTS.get(name, ()):
        pytest.importorskip(package, reason=f"{name} needs the {extra} extra: pip install '.[{extra}]'")
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0


def test_every_ruling_has_a_case() -> None:
    page = (DOCS / "traceability.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| R-")]
    assert len(rows) >= 80
    assert "**none**" not in page, [r.split("|")[1] for r in rows if "**none**" in r]


def test_every_ruling_id_used_anywhere_is_explained_in_the_docs() -> None:
    page = (DOCS / "traceability.md").read_text(encoding="utf-8")
    section = page.split("## What each ruling says")[1]
    explained = set(re.findall(r"^- \*\*(R-[A-Z0-9]+-\d+a?)\*\*", section, re.M))
    used: set[str] = set()
    for folder in ("src", "variants", "tests", "docs", "benchmarks"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in {".py", ".toml", ".md"}:
                used |= set(re.findall(r"\bR-[A-Z0-9]+-\d+a?\b", path.read_text(encoding="utf-8")))
    assert len(used) >= 80
    assert used <= explained, sorted(used - explained)


def test_the_docs_cite_no_file_outside_the_repository() -> None:
    outside = re.compile(r"\.\./shared|RULES\.md|CONFORMANCE\.md|FAMILY\.md|seeds/|[0-9a-f]{16}\.txt")
    texts = [ROOT / "README.md", *DOCS.rglob("*.md"), *(ROOT / "variants").glob("*.toml")]
    texts += (ROOT / "tests" / "conformance").glob("*.toml")
    for path in texts:
        found = outside.findall(path.read_text(encoding="utf-8"))
        assert not found, f"{path}: {found}"


def test_the_case_file_example_runs_and_passes(tmp_path: Path) -> None:
    page = (DOCS / "case-files.md").read_text(encoding="utf-8")
    match = re.search(r"## An example\n\n```toml\n(.*?)```", page, re.S)
    assert match is not None
    path = tmp_path / "example.toml"
    path.write_text(match.group(1), encoding="utf-8")
    results = run_case_file(path)
    assert len(results) == 6 and all(r.passed for r in results), [str(r) for r in results if not r.passed]
    assert "case-files.md" in (DOCS / "index.md").read_text(encoding="utf-8")


def recipes() -> list[str]:
    """The TOML files of writing-a-variant.md's recipes, in order."""
    page = (DOCS / "writing-a-variant.md").read_text(encoding="utf-8")
    section = page.split("## Recipes\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```toml\n(.*?)```", section, re.S)


def test_writing_a_variant_has_its_recipes() -> None:
    assert len(recipes()) >= 4


@pytest.mark.parametrize("index", range(4))
def test_each_recipe_loads_without_a_warning_and_plays_a_round(index: int) -> None:
    from rummykit.play.bots import GreedyBot, RandomBot
    from rummykit.variant.model import variant_warnings

    variant = rummykit.loads_variant(recipes()[index])
    assert variant_warnings(variant) == []
    for seed in range(3):
        state = rummykit.deal(variant, players=variant.players.min, seed=seed)
        bots = [GreedyBot(variant, seed=seed), *(RandomBot(variant, seed=seed + s) for s in range(1, 8))]
        while not state.is_over:
            state = state.apply(bots[state.to_move].choose(state.view(state.to_move)))
            if variant.id == "rummy_sets":  # the sets-only recipe: no run is ever laid
                assert all(entry.meld.kind == "set" for entry in state.table)
        assert state.result is not None


# --------------------------------------------------------------------------- commands that work as written


def shell_commands() -> list[tuple[str, str]]:
    """Every command the README and docs/*.md give to run, with its page:
    inline code, the lines of code blocks that are not Python, TOML, JSON or
    shown output, and the ``$ `` lines of shown output; split at ``&&`` and
    without the variables set before it (``PYTHONPATH=... python``)."""
    found: list[tuple[str, str]] = []
    for path in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        lines: list[str] = []
        for info, body in re.findall(r"^```(\w*)\n(.*?)^```", text, re.S | re.M):
            if info in ("", "sh"):
                lines += body.splitlines()
            elif info == "text":
                lines += [line[2:] for line in body.splitlines() if line.startswith("$ ")]
        prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
        lines += re.findall(r"`([^`\n]+)`", prose)
        for line in lines:
            for command in line.split("&&"):
                words = command.split("#")[0].split()
                while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
                    words.pop(0)
                if words:
                    found.append((path.name, " ".join(words)))
    return found


def test_python_and_pip_commands_name_the_readme_environment() -> None:
    """The README's set-up makes .venv in the clone: a command that runs
    Python or pip names that environment's (a bare ``python`` has no
    rummykit), and an extra is installed from the clone (``".[serve]"``:
    ``rummykit[serve]`` would be looked for in the package index)."""
    import tomllib

    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])
    commands = shell_commands()
    assert len([c for _, c in commands if c.startswith(".venv/bin/python ")]) >= 10
    for page, command in commands:
        first, *rest = command.split()
        if first in ("python", "python3", "pip", "pip3") and rest:  # a command, not the word
            assert command.startswith("python3 -m venv .venv"), f"{page}: {command}"
        if "pip" in first and rest[:1] == ["install"]:
            assert "rummykit[" not in command, f"{page}: {command}"
            for named in re.findall(r"\.\[([\w,]+)\]", command):
                assert set(named.split(",")) <= extras, f"{page}: {command}"
        if first == ".venv/bin/python" and rest and rest[0].endswith(".py"):
            assert (ROOT / rest[0]).is_file(), f"{page}: {command}"


def test_the_scripts_the_docs_name_start_in_this_environment() -> None:
    """Each benchmark and tool the docs run with ``.venv/bin/python`` starts
    and answers ``--help`` with the Python running the tests (in CI: that
    environment, where rummykit is installed from the clone)."""
    import subprocess
    import sys

    scripts = {c.split()[1] for _, c in shell_commands() if re.match(r"\.venv/bin/python \S+\.py", c)}
    assert {"benchmarks/core.py", "benchmarks/engine.py", "benchmarks/peers.py"} <= scripts
    for script in sorted(scripts):
        argv = [sys.executable, script, "--help"]
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0 and "usage" in done.stdout.lower(), (script, done.stderr[-500:])
