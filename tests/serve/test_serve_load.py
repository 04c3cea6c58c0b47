"""Load: 50 games at once on one server (127.0.0.1, started by the test),
each with one human seat played by a client choosing random legal moves
against the server's bots, every game to its end with no error. Speed
figures come from benchmarks/serve.py, not from this test."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from serve_support import TIMEOUT, served

from rummykit.serve.client import PlayedGame, create_game, play_seat

GAMES = 50
SETUPS: list[dict[str, Any]] = [
    {"variant": "rami51", "players": 2, "bots": {"1": "random"}},
    {"variant": "gin", "players": 2, "bots": {"1": "random"}},
    {"variant": "rami40", "players": 3, "bots": {"1": "random", "2": "greedy"}},
]


async def play_all(base: str) -> list[PlayedGame]:
    async with httpx.AsyncClient(timeout=TIMEOUT) as http:
        created = [
            await create_game(http, base, {**SETUPS[i % len(SETUPS)], "seed": i}) for i in range(GAMES)
        ]
    return list(
        await asyncio.gather(
            *(play_seat(base, c["game"], c["seats"]["0"], i) for i, c in enumerate(created))
        )
    )


def test_fifty_concurrent_games_are_played_to_the_end_without_an_error() -> None:
    with served() as (base, registry):
        played = asyncio.run(play_all(base))
        games = [registry.get(p.game) for p in played]
    assert all(p.refusals == () for p in played), [p.refusals for p in played if p.refusals]
    assert all(game.state.is_over for game in games)
    assert len({p.game for p in played}) == GAMES
    moves = sum(p.moves for p in played)
    states = sum(game.state_id for game in games)
    print(
        f"\nload: {GAMES} concurrent games played to the end, {moves} human moves, {states} states, no error"
    )
