"""A round rebuilt from one seat's view and a guess at what it cannot see.

A searching bot sees only its :class:`~rummykit.round.views.PlayerView`; to
look ahead it deals the cards it cannot see (the other hands, the stock, the
discards buried under the visible ones, a face-down knock card) and plays on
from the round they make. :func:`state_from_view` builds that round: the
view's public facts (table, visible discards, phase, turn, knock) with the
guessed hidden cards, checked to be exactly the deck.

It rebuilds what the view shows and nothing more: facts no view carries
start afresh (no reshuffles of the stock so far, no buys made, nothing of
this turn to take back with ``undo``, no lay-offs or joker swaps of this
turn: the melds laid this turn are kept), and a view of a seat out of the
deal (Indian Rummy's fold) or of a finished round is refused. A round
rebuilt from the real hidden cards lists the same moves as the real round
(but ``undo``) at the start of a turn and after its draw, before anything
is laid (``tests/round/test_from_view.py``).

>>> import rummykit as rk
>>> state = rk.deal(rk.load_variant("gin"), players=2, seed=4)
>>> view = state.view(0)
>>> again = state_from_view(view, state.variant, hands=state.hands, stock=state.stock)
>>> again.legal_moves() == state.legal_moves()
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummykit.core.cards import JOKER_CODE, Card
from rummykit.core.round_values import Knocking, TableMeld, Turn, sorted_hand
from rummykit.round.state import RoundState
from rummykit.round.views import PlayerView
from rummykit.rules.rule_set import RuleSet, deal_rules_of
from rummykit.variant.model import Variant

__all__ = ["rebuildable", "state_from_view", "unseen_cards"]


def unseen_cards(view: PlayerView, variant: Variant) -> Counter[Card]:
    """The cards of the deck that ``view`` does not show, by face: the deck
    less the seat's hand, the table, the visible discards, the exchange card,
    an indicator card lying out of play and the seat's own knock card."""
    if view.hand is None:
        raise ValueError("a spectator's view: the unseen cards are those of a seat")
    unseen = Counter(variant.deck_for(view.players))
    unseen.subtract(view.hand)
    unseen.subtract(c.face for t in view.table for c in t.meld.cards)
    unseen.subtract(view.discards)
    rules = deal_rules_of(variant, view.deal_number)
    aside = view.indicator if rules.deal.indicator.out_of_play else None
    unseen.subtract(c for c in (view.exchange, view.knock.knock_card, aside) if c is not None)
    if any(n < 0 for n in unseen.values()):
        raise ValueError("the view shows more copies of a card than the deck holds")
    return +unseen


def rebuildable(view: PlayerView) -> bool:
    """Can :func:`state_from_view` rebuild the round ``view`` shows: a
    seat's view of a round in play with every seat in the deal?"""
    return view.hand is not None and not view.dropped and view.result is None and view.phase != "over"


def state_from_view(
    view: PlayerView,
    variant: Variant,
    *,
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    buried: Sequence[Card] = (),
    knock_card: Card | None = None,
) -> RoundState:
    """The round ``view`` shows, with the cards it hides as given: every
    seat's hand (the view's own seat's must be its hand), the stock (top
    first), the discards under the visible ones (bottom first) and the
    knocker's face-down card (where another seat knocked). ValueError if
    the view cannot be rebuilt or the cards are not exactly the deck."""
    if view.hand is None or view.seat is None:
        raise ValueError("a spectator's view cannot be rebuilt: it shows no hand")
    if not rebuildable(view):
        raise ValueError("a round over, or with a seat out of the deal, is not rebuilt from a view")
    if len(hands) != view.players or sorted_hand(hands[view.seat]) != sorted_hand(view.hand):
        raise ValueError("the hands must be one a seat, the view's seat holding its own")
    if len(buried) + len(view.discards) != view.discard_size:
        expected = view.discard_size - len(view.discards)
        raise ValueError(f"{expected} buried discards expected, got {len(buried)}")
    rules = deal_rules_of(variant, view.deal_number)
    given = Counter(c for hand in hands for c in hand)
    given.update(stock)
    given.update(buried)
    if knock_card is not None:
        given[knock_card] += 1
    if given != unseen_cards(view, variant) + Counter(view.hand):
        raise ValueError("the hidden cards given are not the cards the view does not show")
    return RoundState(
        variant=variant,
        players=view.players,
        dealer=view.dealer,
        hands=tuple(sorted_hand(h) for h in hands),
        stock=tuple(stock),
        discard=(*buried, *view.discards),
        table=tuple(TableMeld(t.owner, t.meld, (t.owner,) * len(t.meld)) for t in view.table),
        opened=view.opened,
        to_move=view.to_move,
        phase=view.phase,  # type: ignore[arg-type]  # a view's phase is a state's phase
        turns_played=view.turns_played,
        exchange=view.exchange,
        turn=_turn(view, rules, hands[view.to_move]),
        deal_number=view.deal_number,
        knocking=_knocking(view, knock_card),
        indicator=view.indicator,
        log=view.log,
        variant_digest=variant.digest(),
        rules=rules,
    )


def _turn(view: PlayerView, rules: RuleSet, mover_hand: Sequence[Card]) -> Turn:
    """The turn in progress as the view shows it: how the mover drew (a
    card taken from the discards, or chosen deep in the row, is public) and
    the melds laid this turn."""
    if view.phase != "play":
        return Turn(start_jokers=sum(1 for c in mover_hand if c.code == JOKER_CODE))
    new_melds = tuple(t.number - 1 for t in view.table if t.tentative)
    jokers = sum(1 for c in mover_hand if c.code == JOKER_CODE)
    jokers += sum(1 for t in view.table if t.tentative for c in t.meld.cards if c.code == JOKER_CODE)
    if view.chosen is not None:  # a deep take: the chosen card must go on the table this turn
        return Turn(
            source="deep", taken=view.taken, chosen=view.chosen, start_jokers=jokers, new_melds=new_melds
        )
    if view.taken is not None:  # the opened flags change only as a turn ends: these are the turn start's
        must_use = rules.draw.top_take_is_conditional(
            view.turns_played, view.players, opened=view.opened[view.to_move]
        )
        return Turn(source="discard", taken=view.taken, must_use_taken=must_use, start_jokers=jokers,
                    new_melds=new_melds)  # fmt: skip
    drawn = rules.draw.turn_starts_drawn(view.turns_played)
    return Turn(source="none" if drawn else "stock", start_jokers=jokers, new_melds=new_melds)


def _knocking(view: PlayerView, knock_card: Card | None) -> Knocking:
    """The knock facts the view shows, with the knock card given."""
    knock = view.knock
    own = knock.knock_card
    return Knocking(
        upcard_passes=knock.upcard_passes,
        knocker=knock.knocker,
        knock_card=own if own is not None else knock_card,
        gin=knock.gin,
        layoffs=knock.layoffs,
    )
