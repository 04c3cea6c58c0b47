"""The bots a served game offers: greedy, random and the search bot at its
easy level, with the server's time limit; no budget of the client's choosing."""

from __future__ import annotations

import pytest

from rummykit.serve.games import GameSpec, new_game
from rummykit.serve.served_bots import SERVED_SEARCH_SECONDS


def test_a_search_bot_plays_a_served_seat() -> None:
    game, tokens = new_game(GameSpec("gin", players=2, bots=((1, "search-easy"),), seed=4))
    assert type(game.bots[1]).__name__ == "SearchBot"
    assert game.bots[1].settings.seconds == SERVED_SEARCH_SECONDS  # type: ignore[attr-defined]
    assert len(tokens) == 1


@pytest.mark.parametrize("name", ["search:5000ms", "search-hard:100000it", "search-hard", "search", "clever"])
def test_budgets_harder_levels_and_unknown_bots_are_refused(name: str) -> None:
    with pytest.raises(ValueError, match=r"bots: expected one of greedy, random, search-easy, got"):
        GameSpec("gin", players=2, bots=((1, name),), seed=4).check()
