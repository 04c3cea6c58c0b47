"""Rules that load key by key but would leave a turn with no legal move
are refused when the variant loads (rummykit.variant.play_checks): each
found by an audit that wrote such variants, which loaded, then stuck."""

from __future__ import annotations

import pytest

from rummykit.core.errors import VariantError
from rummykit.round.dealing import deal as deal_round
from rummykit.variant.loading import loads_variant

CASES = [
    ("rami51", "[draw]\nfrom_stock = false\nfrom_discard_top = false\n", "draw.from_stock", "a turn draws"),
    ("romme51", "[draw]\nfrom_stock = false\n", "draw.from_stock", "no discard to take"),
    ("gin", "[draw]\nfrom_stock = false\n", "draw.from_stock", "after two passes the stock is drawn"),
    ("rummy", '[stock_exhausted]\naction = "wall"\n', "stock_exhausted.action", "a knock or a pass"),
    ("gin", "[deal]\nhand_size = 25\n", "deal.hand_size", "more than the wall's 2 cards"),
    ("rummy500", "[melds]\nduring_play = false\n", "draw.top_card_use", "no duty to meld a taken card"),
    ("handromi", "[melds]\nduring_play = false\n", "draw.discard_top_condition", "no duty to meld"),
    ("kalooki", "[melds]\nduring_play = false\n", "draw.discard_top_condition", "no duty to meld"),
    ("indian", "[deck]\nwild_deuces = true\n", "deck.wild_deuces", "one wild rank"),
    # an audit's variants: a first upcard nobody may take was listed, then refused
    ("gin", "[draw]\nfrom_discard_top = false\n", "deal.first_upcard", "offered to be taken"),
    # ... and a turn with no stock whose take was refused had no move at all
    ("kalooki", "[draw]\nfrom_stock = false\n", "draw.discard_top_condition", "nothing to draw"),
    (
        "rami51",
        '[draw]\nfrom_stock = false\ntop_card_use = "meld_or_layoff_same_turn"\n',
        "draw.top_card_use",
        "nothing to draw",
    ),
    ("handromi", "[draw]\nfrom_stock = false\n", "draw.discard_top_condition", "nothing to draw"),
    # ... and a take judged on its meld alone left a turn that had to go out, or down, and could not
    (
        "kalooki",
        '[going_out]\nin_opening_turn = "required"\n',
        "going_out.in_opening_turn",
        "not on the hand going out",
    ),
    (
        "roemie",
        '[going_out]\nin_opening_turn = "required"\n',
        "going_out.in_opening_turn",
        "draw.deep_chosen_card_use",
    ),
    (
        "contract",
        '[draw]\ntop_card_use = "meld_or_layoff_same_turn"\n',
        "draw.top_card_use",
        "going down to the contract",
    ),
    ("contract", '[draw]\ndiscard_top_condition = "opening_use"\n', "draw.discard_top_condition", "contract"),
    # ... and a first turn without a draw from one card that may not be thrown had no move
    (
        "rummy",
        "[[deck.by_players]]\nplayers = [2, 6]\ndecks = 1\nhand_size = 1\n[turn]\nfirst_turn_draws = false\n"
        '[going_out]\nfinal_discard = "forbidden"\n',
        "deck.by_players[0].hand_size",
        "neither melded nor thrown",
    ),
    (
        "rummy500",
        '[going_out]\nfinal_discard = "forbidden"\n',
        "going_out.final_discard",
        "the one card it may leave",
    ),
    # ... or a take that would leave only the taken card's twin to throw, refused
    (
        "roemie",
        "[deal]\nflip_first_discard = true\n[draw]\nfrom_stock = false\n",
        "draw.no_discard_of_taken_card",
        "nothing to draw",
    ),
]


@pytest.mark.parametrize(("parent", "keys", "path", "says"), CASES)
def test_a_variant_with_a_turn_that_cannot_move_is_refused(
    parent: str, keys: str, path: str, says: str
) -> None:
    text = f'[meta]\nid = "stuck"\nname = "Stuck"\nextends = "{parent}"\n{keys}'
    with pytest.raises(VariantError) as info:
        loads_variant(text)
    problems = {problem.path: problem.expected for problem in info.value.problems}
    assert path in problems and says in problems[path], problems


def test_a_variant_without_stock_draws_loads_where_a_discard_starts_the_game() -> None:
    text = '[meta]\nid = "no_stock"\nname = "No stock"\nextends = "rami51"\n[draw]\nfrom_stock = false\n'
    text += "no_discard_of_taken_card = false\n"  # rami51 has two decks: a taken card's twin is never thrown
    assert not loads_variant(text).draw.from_stock


def test_the_usual_player_count_is_one_the_variant_allows() -> None:
    """An audit's three-player variant failed simulate and play without
    --players: the default was two whatever the variant allowed."""
    head = '[meta]\nid = "solo"\nname = "Solo"\nextends = "rami51"\n'
    deck = "[[deck.by_players]]\nplayers = [{0}, {1}]\ndecks = 2\njokers = 4\n"
    for low, high, usual in ((3, 3, 3), (3, 4, 3), (2, 4, 2)):
        text = f"{head}[players]\nmin = {low}\nmax = {high}\n{deck.format(low, high)}"
        assert loads_variant(text).usual_players() == usual


def test_a_variant_of_one_player_is_refused() -> None:
    """A round of one seat never ends (an audit's one-player match ran past 1,000 rounds)."""
    text = '[meta]\nid = "solo"\nname = "Solo"\nextends = "rami51"\n[players]\nmin = 1\nmax = 1\n'
    with pytest.raises(VariantError, match=r"players\.min: expected an integer from 2 to 12, got integer 1"):
        loads_variant(text)


@pytest.mark.parametrize(
    ("most", "fits"), [(3, True), (4, False)], ids=["three seats fit", "four seats do not"]
)
def test_a_deal_is_checked_for_the_most_players_the_variant_seats(most: int, fits: bool) -> None:
    """A band's deck must hold the deal of the most players a table of the
    variant seats, not of the band's range: contract's bands are for three
    to four and five to eight players, and a child for three alone may deal
    thirty cards each from 105 (an audit's variant was refused for four)."""
    text = (
        '[meta]\nid = "three_only"\nname = "Three only"\nextends = "contract"\n'
        f"[players]\nmax = {most}\n[match]\nrounds = 1\n"
        "[[contract.deals]]\nhand_size = 30\nsets = 6\nruns = 2\n"
    )
    if fits:
        assert loads_variant(text).players.max == 3
        return
    with pytest.raises(VariantError) as info:
        loads_variant(text)
    problems = {problem.path: problem.expected for problem in info.value.problems}
    assert problems == {"contract.deals[0].hand_size": "a deal that fits 105 cards for 4 players"}


@pytest.mark.parametrize(
    ("parent", "keys", "problem"),
    [
        # rami51's bands are for 2 to 4 and 5 to 6 players: five alone deal from the second
        ("rami51", "[players]\nmin = 5\nmax = 5\n[deal]\nhand_size = 26\n", None),
        ("rami51", "[players]\nmin = 2\nmax = 4\n[deal]\nhand_size = 27\n", "deal.hand_size"),
        # contract for five alone uses the band of five to eight, 158 cards
        (
            "contract",
            "[players]\nmin = 5\nmax = 5\n[match]\nrounds = 1\n"
            "[[contract.deals]]\nhand_size = 30\nsets = 6\nruns = 2\n",
            None,
        ),
        # a table that chooses no joker: 4 x 26 + 1 is more than 104
        (
            "contract",
            "[players]\nmax = 4\n[match]\nrounds = 1\n"
            "[[deck.by_players]]\nplayers = [3, 4]\ndecks = 2\njokers = 1\njoker_options = [0]\n"
            "[[contract.deals]]\nhand_size = 26\nsets = 2\n",
            "contract.deals[0].hand_size",
        ),
        # the first player's extra card counts in a contract deal too
        (
            "contract",
            "[players]\nmax = 4\n[match]\nrounds = 1\n[deal]\nfirst_player_extra = 1\n"
            "[[deck.by_players]]\nplayers = [3, 4]\ndecks = 2\njokers = 1\n"
            "[[contract.deals]]\nhand_size = 26\nsets = 2\n",
            "contract.deals[0].hand_size",
        ),
    ],
    ids=[
        "rami51 for five",
        "rami51 for four",
        "contract for five",
        "no joker chosen",
        "first player's extra",
    ],
)
def test_every_deck_a_table_may_use_holds_the_deal_and_no_other(
    parent: str, keys: str, problem: str | None
) -> None:
    """A band outside the variant's player range is not checked (a review
    found a band below players.min refused a variant for five); every joker
    count a table may choose and the first player's extra card are."""
    text = f'[meta]\nid = "fit"\nname = "Fit"\nextends = "{parent}"\n{keys}'
    if problem is None:
        loads_variant(text)
        return
    with pytest.raises(VariantError) as info:
        loads_variant(text)
    assert {found.path for found in info.value.problems} == {problem}


def test_a_one_deck_variant_without_stock_draws_loads() -> None:
    """A review's rummy child (one deck, no joker): the check for a deck of
    twins read an empty joker_options as no number at all and crashed."""
    text = (
        '[meta]\nid = "one_deck"\nname = "One deck"\nextends = "rummy"\n'
        "[deal]\nflip_first_discard = true\n[draw]\nfrom_stock = false\n"
    )
    assert not loads_variant(text).draw.from_stock


def test_a_duty_of_a_take_that_never_happens_is_idle() -> None:
    """kalooki's opening_use and rummy500's top_card_use bind a take of the
    top discard: where nobody takes it, an opening turn that must go out is
    no conflict (a review found both refused)."""
    for parent in ("kalooki", "rummy500"):
        text = (
            f'[meta]\nid = "no_takes"\nname = "No takes"\nextends = "{parent}"\n'
            "[draw]\nfrom_discard_top = false\ndiscard_deep = false\n"
            '[going_out]\nin_opening_turn = "required"\n'
        )
        assert loads_variant(text).going_out.in_opening_turn == "required"


@pytest.mark.parametrize(
    ("deal", "needed"),
    [
        ("first_player_extra = 1\nexchange_card = true\n", 54),  # rummy turns up a first discard too
        ('first_player_extra = 1\nindicator = { card = "cut_aside", wild = "rank" }\n', 54),
        ("first_player_extra = 0\n", 52),  # 25 and 25, the first discard, one card to draw: fits
    ],
)
def test_a_deal_fits_with_the_cards_set_aside(deal: str, needed: int) -> None:
    """The exchange card, an indicator set aside and the first discard count
    with the hands: such a deal had begun with an empty stock and no legal move."""
    text = (
        '[meta]\nid = "full"\nname = "Full"\nextends = "rummy"\n[players]\nmin = 2\nmax = 2\n'
        "[[deck.by_players]]\nplayers = [2, 2]\ndecks = 1\njokers = 0\nhand_size = 25\n"
        f'[seating]\ncutter = "left_of_dealer"\n[deal]\n{deal}'
    )
    if needed <= 52:
        state = deal_round(loads_variant(text), players=2, seed=0)
        assert len(state.stock) == 1 and state.legal_moves()
        return
    with pytest.raises(VariantError, match=rf"fits 52 cards for 2 players, got {needed} cards needed"):
        loads_variant(text)


def test_a_first_upcard_offer_needs_an_upcard() -> None:
    """Gin without its turned card offered nothing: pass, pass, draw."""
    text = '[meta]\nid = "bare"\nname = "Bare"\nextends = "gin"\n[deal]\nflip_first_discard = false\n'
    with pytest.raises(VariantError, match=r"deal\.first_upcard: expected \"none\" while deal\.flip_first"):
        loads_variant(text)


def test_a_joker_that_must_be_relaid_has_somewhere_to_go() -> None:
    """No place to lay a swapped joker again, and it must be: no swap could
    end its turn (an audit's random round did not end in 30,000 moves)."""
    text = '[meta]\nid = "stuck"\nname = "Stuck"\nextends = "handromi"\n[swap]\nrelay_targets = []\n'
    with pytest.raises(VariantError, match=r"swap\.relay_targets: expected at least one place while"):
        loads_variant(text)
    assert loads_variant(text + 'relay = "if_possible"\n').swap.relay_targets == ()  # it may stay in hand
