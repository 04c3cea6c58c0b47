"""How :class:`~rummykit.play.bots.GreedyBot` plays a variant with a
declaration (``[declare]``) and the fold (``[drop]``), such as Indian Rummy:

- after the draw it declares when the hand less one card makes a valid
  show (the most valuable such card goes face down);
- otherwise it discards the card whose loss leaves the lowest losers'
  count (the count it would pay at someone else's show), the higher card
  on a tie;
- it takes the top discard when that lowers the count the hand would keep
  after its best discard;
- before its first draw of the deal it drops a hopeless hand: one without a
  wild card (a printed joker or a card of the deal's wild rank) and without
  two natural cards of one suit close enough to start a pure sequence (at
  most two ranks apart; the ace low or high). Any other hand is played: a
  drop costs a sure penalty, and an opponent may well lose first.

Every move it makes is one of the view's legal moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.cards import Card
from rummykit.core.moves import Declare, Discard, Draw, Drop, Move, Take
from rummykit.round.views import PlayerView
from rummykit.rules.rule_set import RuleSet

__all__ = ["has_sequence_start", "show_move"]


def show_move(rules: RuleSet, view: PlayerView, hand: Sequence[Card]) -> Move | None:
    """The bot's move in a variant with a declaration or the fold, or None
    where neither is in the variant (the bot plays as usual)."""
    leaving = rules.leaving
    if not leaving.first and not leaving.wrong_penalty:  # neither the fold nor a declaration
        return None
    legal = view.legal
    wild = rules.deal.indicator.wild_rank(view.indicator)
    if view.phase == "draw":
        return _draw_move(rules, view, hand, legal, wild)
    if view.phase != "play":
        return None
    penalties = rules.variant.hand_penalties
    judge = rules.show
    declares = sorted((m for m in legal if isinstance(m, Declare)), key=lambda m: -penalties[m.card.code])
    for move in declares:
        if judge.valid(_without(hand, move.card), wild):
            return move
    discards = [m for m in legal if isinstance(m, Discard)]
    if not discards:
        return None
    costs = {m: (judge.loser_count(_without(hand, m.card), wild), -penalties[m.card.code]) for m in discards}
    return min(discards, key=costs.__getitem__)


def _draw_move(
    rules: RuleSet, view: PlayerView, hand: Sequence[Card], legal: Sequence[Move], wild: int | None
) -> Move | None:
    """Drop a hopeless hand before the first draw; take the top discard when
    it lowers the count kept; else draw."""
    drop = next((m for m in legal if isinstance(m, Drop)), None)
    first_turn = view.turns_played < view.players
    if drop is not None and first_turn and _hopeless(rules, hand, wild):
        return drop
    take = next((m for m in legal if isinstance(m, Take) and m.depth == 1), None)
    if take is not None and view.discards:
        top = view.discards[-1]
        judge = rules.show
        now = judge.loser_count(hand, wild)
        after = min(judge.loser_count(_without([*hand, top], card), wild) for card in set(hand))
        if after < now:
            return take
    return next((m for m in legal if isinstance(m, Draw)), None)


def _hopeless(rules: RuleSet, hand: Sequence[Card], wild: int | None) -> bool:
    if any(rules.show.is_wild(card, wild) for card in hand):
        return False
    return not has_sequence_start(hand)


def has_sequence_start(hand: Sequence[Card]) -> bool:
    """Do two natural cards of ``hand`` of one suit lie at most two ranks
    apart (the ace low or high), so that one more card could make a pure
    sequence?

    >>> from rummykit.core.cards import parse_cards
    >>> has_sequence_start(parse_cards("Qh Ah 5c")), has_sequence_start(parse_cards("Kh 2h 5c"))
    (True, False)
    >>> has_sequence_start(parse_cards("Ah 3h")), has_sequence_start(parse_cards("4h 4h 7h"))
    (True, False)
    """
    held = {(int(c.rank), int(c.suit)) for c in hand if c.rank is not None and c.suit is not None}
    held |= {(1, suit) for rank, suit in held if rank == 14}  # the ace low too
    return any((rank + 1, suit) in held or (rank + 2, suit) in held for rank, suit in held)


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card.face)
    return rest
