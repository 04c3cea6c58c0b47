"""Write the golden records: one seeded game per bundled variant, played by
seeded random legal moves (never undo), and random buys where a buy window
opens. A move that leaves the deal at once (``drop``, ``declare``) is drawn
again nine times in ten, so that such a game lasts a few turns. Run by hand
after a deliberate rule change: python tests/golden/regenerate.py [ID ...]
(by default every bundled variant)."""

import random
import sys
from pathlib import Path

import rummykit as rk
from rummykit.core.moves import Declare, Drop
from rummykit.testing import choose_random_move, random_buy

HERE = Path(__file__).resolve().parent

for ref in sys.argv[1:] or rk.bundled_variants():
    variant = rk.load_variant(ref)
    state = rk.deal(variant, players=min(variant.players.min + 1, variant.players.max), seed=2026)
    record = rk.Record.start(state)
    rng = random.Random(ref)
    while state.phase != "over":
        buy = random_buy(state, rng)
        move = buy if buy is not None else choose_random_move(state, rng)
        while isinstance(move, Drop | Declare) and rng.random() < 0.9:
            move = choose_random_move(state, rng)
        record = record.play(move, state)
        state = state.apply(move)
    (HERE / f"{ref}.json").write_text(rk.to_json(record, indent=1) + "\n")
    print(ref, len(record.moves), "moves,", state.result)
