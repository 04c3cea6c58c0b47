"""The oracle of the legal-move listing: ``apply`` itself. Over random
positions of every bundled variant and of the conformance cases' own
variants, ``legal_moves`` equals exactly the systematic candidates that
``apply`` accepts, in both directions (every listed move is accepted; every
accepted candidate gives the state of some listed move), and equal moves give
equal states."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement, permutations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.core.cards import JOKER, Card, code_order, format_cards
from rummykit.core.meld_model import Meld as MeldValue
from rummykit.core.moves import (
    Buy,
    Discard,
    Done,
    Draw,
    DrawExchange,
    Exchange,
    Knock,
    LayOff,
    Meld,
    Out,
    Pass,
    Shift,
    SwapJoker,
    Take,
    Undo,
)
from rummykit.core.round_values import Knocking, TableMeld
from rummykit.round.state import STATE_FIELDS
from rummykit.testing import random_playout

ROOT = Path(__file__).resolve().parents[2]


def _fields(state: rk.RoundState) -> dict[str, object]:
    return {name: getattr(state, name) for name in STATE_FIELDS}
VARIANTS = rk.bundled_variants()
ROOT = Path(__file__).resolve().parents[2]


# --------------------------------------------------------------------------- legal moves against apply


@st.composite
def playouts(draw: st.DrawFn, variant: rk.Variant) -> tuple[int, int, int, int]:
    """A random legal playout: the players (any size of table), the deal
    (any deal where deals have contracts), the seed and the moves played."""
    players = draw(st.integers(variant.players.min, variant.players.max))
    deals = len(variant.contract.deals)
    deal_number = draw(st.integers(1, deals)) if deals else 0
    return players, deal_number, draw(st.integers(0, 10_000)), draw(st.integers(0, 250))


def reachable_states(variant: rk.Variant, playout: tuple[int, int, int, int]) -> list[rk.RoundState]:
    """The last few states of ``playout`` (the round not over)."""
    players, deal_number, seed, steps = playout
    start = rk.deal(variant, players=players, seed=seed, deal_number=deal_number)
    last = deque(random_playout(start, random.Random(seed), max_moves=steps), maxlen=3)
    return [state for state in last if state.phase != "over"]


def _fitting(state: rk.RoundState, meld: MeldValue, faces: Sequence[Card]) -> list[Card]:
    """The faces that could go onto ``meld``: its rank (a set) or suit (a
    run), and the cards that may play wild."""
    rules = state.variant.meld_rules
    if meld.kind == "set":
        return [c for c in faces if rules.plays_wild(c) or c.rank == meld.rank]
    return [c for c in faces if rules.plays_wild(c) or c.suit == meld.suit]


def _wilds(meld: MeldValue) -> list[Card]:
    """Jokers declared for the places beside a run, or for each suit of a set."""
    if meld.kind == "set" and meld.rank is not None:
        return [Card.joker(Card.natural(meld.rank, suit)) for suit in range(4)]
    if meld.suit is None:
        return []
    places = (meld.low - 2, meld.low - 1, meld.high + 1, meld.high + 2)
    return [Card.joker(Card.natural(14 if p == 1 else p, meld.suit)) for p in places if 1 <= p <= 14]


def candidate_moves(state: rk.RoundState) -> Iterator[rk.Move]:
    """Moves the seat to move could write from its hand and the table, legal
    or not, whatever the phase: every draw and take; the discard, knock and
    exchange of each face held and of one not held; each meld of three hand
    cards, and the listed melds, lay-offs and swaps with their cards the other
    way round, undeclared, or with a card named twice; onto each table meld
    (and one past the last), the lay-offs of one or two cards that could fit,
    in both orders and the same card twice, jokers undeclared and declared for
    the places beside it, and of three such cards both ways round; swaps of
    any card, of two cards of the meld's kind both ways round or the same card
    twice, and of three in every order; shifts of a card of a run's suit to
    any place of the suit."""
    hand = state.hands[state.to_move]
    faces = sorted(set(hand), key=code_order)
    absent = next(card for card in rk.build_deck(1, 0) if card not in faces)
    yield from (Draw(), DrawExchange(), Pass(), Done(), Out(), Undo())
    yield from map(Take, range(1, len(state.discard) + 2))
    for card in (*faces, absent):
        yield from (Discard(card), Knock(card), Exchange(card))
    for move in state.legal_moves():
        if isinstance(move, (Meld, LayOff)):
            cards = move.cards
            for other in (cards[::-1], tuple(c.face for c in cards), (*cards, cards[0].face)):
                yield Meld(other) if isinstance(move, Meld) else LayOff(move.meld, other)
        elif isinstance(move, SwapJoker):
            for order in permutations(move.cards):
                yield SwapJoker(move.meld, order[0], order[1:])
            yield SwapJoker(move.meld, move.card, (*move.more, move.card))
    yield from map(Meld, combinations(hand, 3))
    if not state.table:
        return
    for number in range(1, len(state.table) + 2):
        meld = state.table[min(number, len(state.table)) - 1].meld
        fitting = [*_fitting(state, meld, faces), absent]
        naming = [*fitting, *(_wilds(meld) if JOKER in faces else ())]
        for a, b in combinations_with_replacement(naming, 2):
            yield from (LayOff(number, (a,)), LayOff(number, (a, b)), LayOff(number, (b, a)))
        for three in combinations_with_replacement(fitting, 3):
            yield from (LayOff(number, three), LayOff(number, three[::-1]))
        yield from (SwapJoker(number, card) for card in (*faces, absent))
        naturals = [c for c in fitting if not c.is_joker]
        for a, b in combinations_with_replacement(naturals, 2):
            yield from (SwapJoker(number, a, (b,)), SwapJoker(number, b, (a,)))
        for three in combinations(naturals, 3):
            yield from (SwapJoker(number, order[0], order[1:]) for order in permutations(three))
        if meld.kind == "run" and meld.suit is not None:
            for slot in meld.joker_slots():
                for card in (c for c in naturals if c.suit == meld.suit):
                    for rank in range(2, 15):
                        yield Shift(number, card, slot.card.standing_for(Card.natural(rank, meld.suit)))


def check_legal_moves_against_apply(state: rk.RoundState) -> None:
    """Every listed move is accepted and listed once; every candidate that
    ``apply`` accepts gives the state of a listed move; equal moves give the
    same state, or the same refusal; a refusal changes nothing."""
    before = _fields(state)
    where = f"hand {format_cards(state.hands[state.to_move])}, table {[str(t.meld) for t in state.table]}"
    listed = state.legal_moves()
    once = len(set(listed)) == len(listed)
    assert once, f"a move is listed twice: {[str(m) for m in listed]} ({where})"
    results = set()
    for move in listed:
        try:
            results.add(state.apply(move))
        except rk.IllegalMove as refusal:
            raise AssertionError(f"{move} is listed but refused, {refusal.code} ({where})") from None
    outcomes: dict[rk.Move, tuple[rk.Move, object]] = {}
    for move in candidate_moves(state):
        try:
            outcome: object = state.apply(move)
        except rk.IllegalMove as refusal:
            assert refusal.code and refusal.message
            outcome = refusal.code
        else:
            found = outcome in results
            assert found, f"{move} is accepted, and no listed move gives its state ({where})"
        first, seen = outcomes.setdefault(move, (move, outcome))
        same = seen == outcome
        assert same, f"{first} and {move} are equal moves with different outcomes ({where})"
    for seat in range(state.players):
        if seat != state.to_move:
            try:
                state.apply(Buy(), seat=seat)
            except rk.IllegalMove:
                assert state.legal_moves(seat) == []
            else:
                assert state.legal_moves(seat) == [Buy()]
    assert _fields(state) == before


TEST_VARIANTS = sorted(str(p) for p in (ROOT / "tests" / "conformance" / "variants").glob("*.toml"))
"""The conformance cases' own variants (wild deuces, three buys, elimination ...)."""


@pytest.mark.parametrize("ref", [*VARIANTS, *TEST_VARIANTS], ids=lambda ref: Path(ref).stem)
@settings(max_examples=10)  # each example plays a round part-way and tries a few thousand moves
@given(data=st.data())
def test_legal_moves_are_exactly_the_moves_apply_accepts(ref: str, data: st.DataObject) -> None:
    variant = rk.load_variant(ref)
    for state in reachable_states(variant, data.draw(playouts(variant), label="playout")):
        check_legal_moves_against_apply(state)


def test_the_order_a_lay_off_names_its_cards_in_changes_nothing() -> None:
    """``layoff 1 Tc Jc`` and ``layoff 1 Jc Tc`` are one move: they give one
    state, the turn recording the cards laid in code order (in the play
    phase, and in gin's lay-offs onto the knocker's melds)."""
    state = rk.position_from_dict(
        {
            "variant": "rami51",
            "players": 2,
            "hands": ["Tc Jc 4d 5h", "2s 3s"],
            "phase": "play",
            "opened": [True, True],
            "table": [{"owner": 1, "cards": "7c 8c 9c"}],
        }
    )
    one, other = rk.parse_move("layoff 1 Tc Jc"), rk.parse_move("layoff 1 Jc Tc")
    assert one == other and hash(one) == hash(other)
    after = state.apply(one)
    assert state.apply(other) == after
    assert after.turn.laid_off == ((0, Card("Tc")), (0, Card("Jc")))
    assert any(move == other for move in state.legal_moves())
    run = rk.check_meld("gin", "7c 8c 9c")
    assert isinstance(run, MeldValue)
    gin = rk.RoundState(
        rk.load_variant("gin"),
        players=2,
        dealer=0,
        hands=(rk.parse_cards("Tc Jc 2d 4h"), rk.parse_cards("Ah")),
        stock=rk.parse_cards("5c 5h 5s"),
        discard=rk.parse_cards("6d"),
        table=(TableMeld(1, run, (1, 1, 1)),),
        opened=(True, True),
        phase="defend",
        to_move=0,
        knocking=Knocking(knocker=1),
    )
    after = gin.apply(one)
    assert gin.apply(other) == after and after.knocking.layoffs == (Card("Tc"), Card("Jc"))


