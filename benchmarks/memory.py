"""The memory row of issue 27: 1,000 distinct custom variants, loaded from
documents carrying their rules, one round each, then dropped.

Run: python benchmarks/memory.py [--variants 1000] [--every 100] [--seed 0]
                                 [--vary penalty|name] [--no-tracemalloc]

Custom variant ``i`` is the rules of bundled variant ``i mod 12`` (in sorted
order, ``Variant.full_rules()``) with its own ``meta.id`` and ``meta.name``,
and (``--vary penalty``, the default) a joker's hand penalty of its own, so
that no two variants share meld rules, penalties or solver tables; with
``--vary name`` only the id and the name differ. Each is loaded with
``rummykit.from_json`` from the JSON text of a state document that carries
those rules (a fresh deal of the bundled variant, with the custom rules in
its ``variant``), played to the end of its round with random legal moves
(``legal_moves``, then ``apply`` of a move of a kind chosen uniformly), and
every reference to it dropped.

The process's resident memory (``VmRSS`` of /proc/self/status) is printed at
the start (after the imports and a warm-up round of each bundled variant's
rules, loaded the same way, and ``gc.collect()``), after every ``--every``
variants, at the end and after ``gc.collect()``; then whether it came back to
within 20 MB of the start. The second column, Python's own allocations
(``tracemalloc``'s current size, counted from the imports on), comes from a
second pass of the same variants in a child process, since tracing slows the
pass and adds its own memory.

Last, the module-level containers of rummykit (dicts, lists, sets,
``functools`` caches, the per-owner tables and the per-owner factories of
``rummykit.speed.memo``) that grew during the pass, found by looking at every
rummykit module's globals (nothing is named, so the listing works on any
source tree): their entries, the custom variants they still reach and the
memory they reach (each container counted on its own: what two of them share
is counted in both, and a variant reached brings everything it reaches).
And how many custom ``Variant`` objects are still alive.
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import os
import random
import subprocess
import sys
import time
import tracemalloc
import types
from typing import Any

import rummykit as rk

LIMIT_MB = 20.0
TAG = "_custom"


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def traced_mb() -> float | None:
    return tracemalloc.get_traced_memory()[0] / 2**20 if tracemalloc.is_tracing() else None


class Maker:
    """The documents of the custom variants."""

    def __init__(self, vary: str) -> None:
        self.vary = vary
        self.bases = sorted(rk.bundled_variants())
        self.rules = {b: rk.load_variant(b).full_rules() for b in self.bases}
        counts = {b: rk.load_variant(b).players for b in self.bases}
        self.players = {b: (c.min, c.max) for b, c in counts.items()}

    def document(self, i: int, suffix: str) -> str:
        """The JSON text of a state document of custom variant ``i``."""
        base = self.bases[i % len(self.bases)]
        lowest, highest = self.players[base]
        players = lowest + (i // len(self.bases)) % (highest - lowest + 1)
        rules = copy.deepcopy(self.rules[base])
        custom_id = f"{base}{suffix}{i:04d}"
        rules["meta"]["id"] = custom_id
        rules["meta"]["name"] = f"{rules['meta']['name']} ({suffix.strip('_')} {i})"
        if self.vary == "penalty":
            rules["values"]["hand"]["joker"] += 1 + i // len(self.bases)
        doc = json.loads(rk.to_json(rk.deal(base, players=players, seed=1_000 + i)))
        doc["variant"] = {"id": custom_id, "rules": rules}
        return json.dumps(doc)


def play_round(state: rk.RoundState, rng: random.Random) -> int:
    """Random legal moves to the end of the round: the moves made."""
    moves = 0
    while state.phase != "over":
        kinds: dict[str, list[rk.Move]] = {}
        for move in state.legal_moves():
            kinds.setdefault(str(move).split(" ", 1)[0], []).append(move)
        state = state.apply(rng.choice(kinds[rng.choice(sorted(kinds))]))
        moves += 1
    return moves


def one_variant(maker: Maker, i: int, seed: int, suffix: str = TAG) -> int:
    state = rk.from_json(maker.document(i, suffix))
    return play_round(state, random.Random(seed * 1_000_003 + i))


def measure(variants: int, every: int, seed: int, vary: str, trace: bool) -> tuple[list[dict[str, Any]], Any]:
    """One pass: the rows (label, variants done, RSS, traced) and what the
    containers looked like at the start."""
    if trace:
        tracemalloc.start()
    maker = Maker(vary)
    for b in range(len(maker.bases)):  # warm-up: one round of each bundled variant's rules
        one_variant(maker, b, seed, "_warm")
    gc.collect()
    before = containers()
    rows = [{"label": "start", "done": 0, "rss": rss_mb(), "traced": traced_mb()}]
    moves = 0
    start = time.perf_counter()
    for i in range(variants):
        moves += one_variant(maker, i, seed)
        if (i + 1) % every == 0 and i + 1 < variants:
            rows.append({"label": f"after {i + 1}", "done": i + 1, "rss": rss_mb(), "traced": traced_mb()})
    seconds = time.perf_counter() - start
    rows.append({"label": "end", "done": variants, "rss": rss_mb(), "traced": traced_mb()})
    gc.collect()
    rows.append({"label": "gc.collect()", "done": variants, "rss": rss_mb(), "traced": traced_mb()})
    rows[0]["seconds"] = seconds
    rows[0]["moves"] = moves
    return rows, before


# --------------------------------------------------------------------------- the library's containers


def _size(value: Any) -> int | None:
    """Entries of a container the library may remember things in (None: not one)."""
    if isinstance(value, (dict, list, set)):
        return len(value)
    info = getattr(value, "cache_info", None)
    if callable(info) and not isinstance(value, type):
        return int(info().currsize)
    if isinstance(value, types.FunctionType) and value.__closure__:
        sizes = [len(c.cell_contents) for c in value.__closure__ if isinstance(_cell(c), dict)]
        return sum(sizes) if sizes else None
    slots = [getattr(value, s, None) for s in getattr(type(value), "__slots__", ())]
    tables = [s for s in slots if isinstance(s, dict)]
    if tables and not isinstance(value, type):
        return sum(_entries(t) for t in tables)
    return None


def _cell(cell: Any) -> Any:
    try:
        return cell.cell_contents
    except ValueError:  # an empty cell
        return None


def _entries(table: dict[Any, Any]) -> int:
    """A per-owner table's entries: the entries of its owners' tables."""
    inner = [v[1] for v in table.values() if isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], dict)]
    return sum(len(t) for t in inner) if inner and len(inner) == len(table) else len(table)


def containers() -> dict[str, int]:
    """Every container among the globals of the rummykit modules, by its
    module and name (one imported elsewhere: by the module that defines it)."""
    found: dict[int, tuple[str, int]] = {}
    for name, module in sorted(sys.modules.items()):
        if not (name == "rummykit" or name.startswith("rummykit.")) or module is None:
            continue
        for key, value in list(vars(module).items()):
            if key.startswith("__") or isinstance(value, types.ModuleType):
                continue
            size = _size(value)
            if size is not None and (id(value) not in found or getattr(value, "__module__", None) == name):
                found[id(value)] = (f"{name}.{key}", size)
    return dict(sorted(found.values()))


def _value(path: str) -> Any:
    module, _, key = path.rpartition(".")
    return vars(sys.modules[module])[key]


def reach(root: Any) -> tuple[int, int]:
    """The bytes of the objects ``root`` reaches (not through modules, classes
    or functions other than ``root`` itself) and the custom variants among them."""
    seen: set[int] = set()
    stack = [root]
    if isinstance(root, types.FunctionType):  # a factory remembering per owner: its closure only
        seen.add(id(root))
        stack = [_cell(c) for c in root.__closure__ or ()]
    total = 0
    variants = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, (types.ModuleType, type, types.FunctionType)):
            continue
        total += sys.getsizeof(obj)
        if isinstance(obj, rk.Variant) and TAG in obj.id:
            variants += 1
        stack.extend(gc.get_referents(obj))
    return total, variants


def alive_custom_variants() -> int:
    return sum(1 for o in gc.get_objects() if isinstance(o, rk.Variant) and TAG in o.id)


# --------------------------------------------------------------------------- the report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--variants", type=int, default=1_000)
    parser.add_argument("--every", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--vary", choices=("penalty", "name"), default="penalty")
    parser.add_argument("--no-tracemalloc", action="store_true", help="skip the traced pass")
    parser.add_argument("--traced-pass", action="store_true", help=argparse.SUPPRESS)  # the child
    args = parser.parse_args()
    if args.traced_pass:
        rows, _ = measure(args.variants, args.every, args.seed, args.vary, trace=True)
        print(json.dumps(rows))
        return 0

    print(f"rummykit from {rk.__file__}")
    child = None
    if not args.no_tracemalloc:  # the traced pass runs beside this one, in a process of its own
        command = [sys.executable, os.path.abspath(__file__), "--traced-pass"]
        command += ["--variants", str(args.variants), "--every", str(args.every)]
        command += ["--seed", str(args.seed), "--vary", args.vary]
        child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    rows, before = measure(args.variants, args.every, args.seed, args.vary, trace=False)
    traced: list[Any] = [None] * len(rows)
    if child is not None:
        out, _ = child.communicate()
        if child.returncode:
            raise SystemExit(f"the traced pass failed (exit {child.returncode})")
        traced = [r["traced"] for r in json.loads(out)]
    what = "id, name and joker penalty" if args.vary == "penalty" else "id and name"
    print(
        f"{args.variants} custom variants (bundled rules, each with its own {what}), "
        f"loaded from state documents, one random legal round each: "
        f"{rows[0]['moves']} moves in {rows[0]['seconds']:.1f} s"
    )
    print(f"{'':14}{'variants':>9}{'RSS MB':>9}{'+MB':>8}{'traced MB':>11}{'+MB':>8}")
    for row, t in zip(rows, traced, strict=True):
        tr = f"{t:>11.1f}{t - traced[0]:>+8.1f}" if t is not None else f"{'-':>11}{'':>8}"
        print(f"{row['label']:<14}{row['done']:>9}{row['rss']:>9.1f}{row['rss'] - rows[0]['rss']:>+8.1f}{tr}")
    grown = rows[-1]["rss"] - rows[0]["rss"]
    print(f"returns within {LIMIT_MB:.0f} MB: {'yes' if grown <= LIMIT_MB else 'no'} ({grown:+.1f} MB RSS)")

    after = containers()
    print(f"custom Variant objects still alive: {alive_custom_variants()} of {args.variants}")
    listed = []
    for key, n in after.items():
        size, held = reach(_value(key))
        if n > before.get(key, 0) or held:
            listed.append((size, held, n, before.get(key, 0), key))
    print("rummykit's module-level containers that grew or still reach a custom variant:")
    print(f"  {'entries':>8}{'(start)':>9}{'variants':>9}{'reaches MB':>11}  container")
    for size, held, n, start, key in sorted(listed, reverse=True):
        print(f"  {n:>8}{start:>9}{held:>9}{size / 2**20:>11.1f}  {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
