import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import JOKER, Card, NotationError, Rank, Suit, build_deck, format_cards, parse_cards
from rummykit.variant.model import bundled_variants, load_variant

naturals = st.builds(Card.natural, st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))
cards = st.one_of(naturals, st.just(JOKER), naturals.map(Card.joker))


@given(st.lists(cards, max_size=20))
def test_notation_round_trip(hand: list[Card]) -> None:
    text = format_cards(hand)
    assert parse_cards(text) == tuple(hand)
    assert format_cards(parse_cards(text)) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10h", "Th"), ("th", "Th"), ("T♥", "Th"), ("QS", "Qs"), ("a♣", "Ac"),
        ("jk", "JK"), ("JK=10d", "JK=Td"), ("Joker", "JK"), ("7♠", "7s"),
    ],
)  # fmt: skip
def test_lenient_input_canonical_output(text: str, canonical: str) -> None:
    assert str(Card(text)) == canonical


@pytest.mark.parametrize("bad", ["1h", "7x", "h", "", "JK=JK", "7h=JK", "7h=8", "JK=8", "11s", "7hh"])
def test_bad_notation_quotes_the_token(bad: str) -> None:
    with pytest.raises(NotationError) as info:
        Card(bad)
    assert info.value.token == bad
    assert info.value.code == "notation.invalid"
    assert isinstance(info.value, ValueError)


def test_cards_are_interned_and_immutable() -> None:
    card = Card("7h")
    assert card is Card("7h") is Card.natural(7, Suit.HEARTS)
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]


def test_equal_faces_from_two_decks() -> None:
    assert parse_cards("7h 7h") == (Card("7h"), Card("7h"))
    assert Card("JK=8h").face is JOKER
    assert Card("JK=8h").declared == Card("8h")


def test_sorting_is_canonical() -> None:
    cards = parse_cards("JK As 2c 2s JK=3c Kd")
    assert format_cards(sorted(cards, key=Card.sort_key)) == "2c 2s Kd As JK JK=3c"


def test_cards_have_no_order_and_compare_by_identity() -> None:
    # No comparison written in Python: == and in stay identity checks made in C.
    with pytest.raises(TypeError):
        Card("2c") < Card("3c")  # noqa: B015
    assert Card("JK=8h") != Card("2h=8h") and Card("JK=8h") == Card("jk=8H")
    assert all(name not in vars(Card) for name in ("__eq__", "__lt__", "__le__", "__gt__", "__ge__"))


# Every deck of the variant pages (docs/variants/*.md): (variant, players, jokers option, total cards).
DECKS = [
    ("roemie", 2, None, 108), ("roemie", 4, None, 108),
    ("rami51", 2, None, 108), ("rami51", 4, None, 108), ("rami51", 5, None, 160), ("rami51", 6, None, 160),
    ("rami40", 3, None, 108), ("rami40", 6, None, 160),
    ("rami51_house", 2, None, 106), ("rami51_house", 4, None, 106),
    ("rami51_house", 5, None, 159), ("rami51_house", 6, None, 159),
    ("rami40_house", 3, None, 106), ("rami40_house", 5, None, 159),
    ("handromi", 2, None, 108), ("handromi", 4, 6, 110), ("handromi", 3, 0, 104),
    ("handromi", 5, None, 165), ("handromi", 6, 0, 156),
    ("romme51", 2, None, 108), ("romme51", 4, None, 108),
]  # fmt: skip


@pytest.mark.parametrize(("variant", "players", "jokers", "size"), DECKS)
def test_deck_of_every_variant(variant: str, players: int, jokers: int | None, size: int) -> None:
    deck = load_variant(variant).deck_for(players, jokers)
    assert len(deck) == size
    assert deck == tuple(sorted(deck, key=Card.sort_key))
    band = load_variant(variant).deck_band(players)
    assert deck.count(Card("7h")) == band.decks


def test_deck_refuses_bad_player_counts_and_joker_options() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        load_variant("romme51").deck_for(5)
    with pytest.raises(ValueError, match="jokers"):
        load_variant("rami51").deck_for(4, jokers=6)


def test_every_bundled_variant_builds_every_deck() -> None:
    for ref in bundled_variants():
        v = load_variant(ref)
        for players in range(v.players.min, v.players.max + 1):
            assert len(v.deck_for(players)) >= v.deal.hand_size * players


def test_build_deck() -> None:
    assert len(build_deck(3, 9)) == 165
    with pytest.raises(ValueError):
        build_deck(-1, 0)
