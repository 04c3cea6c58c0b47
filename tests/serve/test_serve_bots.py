"""The bots a served game offers: the named ones, search levels included;
no budget of the client's choosing."""

from __future__ import annotations

import pytest

from rummykit.serve.games import GameSpec, new_game


def test_a_search_bot_plays_a_served_seat() -> None:
    game, tokens = new_game(GameSpec("gin", players=2, bots=((1, "search-easy"),), seed=4))
    assert type(game.bots[1]).__name__ == "SearchBot"
    assert len(tokens) == 1


@pytest.mark.parametrize("name", ["search:5000ms", "search-hard:100000it", "clever"])
def test_budgets_and_unknown_bots_are_refused(name: str) -> None:
    with pytest.raises(ValueError, match=r"bots: expected one of .*search-hard"):
        GameSpec("gin", players=2, bots=((1, name),), seed=4).check()
