"""One gin deal played in two engines at once: OpenSpiel's ``gin_rummy``
and rummykit's ``gin`` (or ``oklahoma_gin``), stepped move for move.

OpenSpiel numbers a card ``suit * 13 + rank`` (suits s c d h, ace first)
and gives its actions phase by phase (``FirstUpcard``, ``Draw``,
``Discard``, ``Knock``, ``Layoff``, ``Wall``); :class:`GinLockstep` turns an
OpenSpiel action into the rummykit moves it stands for and a rummykit move
into OpenSpiel's actions. The conformance test against OpenSpiel
(``tests/round/test_openspiel_gin.py``) and the strength benchmark
(``benchmarks/strength.py``) both play through it. It reads OpenSpiel's
states through their methods only, so it needs no OpenSpiel import.

>>> str(card_of(0)), str(card_of(51)), action_of(card_of(25))
('As', 'Kh', 25)
"""

from __future__ import annotations

from typing import Any

from rummykit.core.cards import Card, parse_cards
from rummykit.core.moves import Discard, Done, Draw, Knock, LayOff, Meld, Move, Pass, Take
from rummykit.io.positions import position_from_dict
from rummykit.round.state import RoundState

__all__ = [
    "DRAW_STOCK",
    "DRAW_UPCARD",
    "KNOCK",
    "MELD_BASE",
    "PASS",
    "GinLockstep",
    "action_of",
    "card_of",
    "meld_cards",
    "phase_of",
]

SUITS = "scdh"
RANKS = "A23456789TJQK"
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
"""OpenSpiel's actions beside the 52 cards (a meld is MELD_BASE and up)."""


def card_of(action: int) -> Card:
    """OpenSpiel's card number (suit * 13 + rank, suits s c d h, ace first)."""
    return parse_cards(RANKS[action % 13] + SUITS[action // 13])[0]


def action_of(card: Card) -> int:
    """The OpenSpiel number of a card."""
    text = str(card.face)
    return SUITS.index(text[1]) * 13 + RANKS.index(text[0])


def cards_text(actions: list[int]) -> str:
    """OpenSpiel's cards in rummykit's notation."""
    return " ".join(str(card_of(a)) for a in actions)


def phase_of(os_state: Any) -> str:
    """The phase an OpenSpiel gin state prints."""
    return str(os_state).split("Phase: ", 1)[1].split("\n", 1)[0].strip()


def meld_cards(os_state: Any, action: int) -> frozenset[Card]:
    """The cards of OpenSpiel's meld action ``action``."""
    text = os_state.action_to_string(os_state.current_player(), action).split("Action: ", 1)[1]
    return frozenset(parse_cards(" ".join(text[i : i + 2] for i in range(0, len(text), 2))))


class GinLockstep:
    """One deal in both engines: OpenSpiel's state ``os``, rummykit's ``rk``,
    and what OpenSpiel's phases leave implicit (a knock awaiting its card,
    the defender's lay-offs still open)."""

    def __init__(self, game: Any, deck: list[int], variant: str = "gin") -> None:
        """Deal ``deck`` (OpenSpiel's card numbers, shuffled): ten cards each,
        the upcard, and the stock in order."""
        self.deck = deck
        self.os = game.new_initial_state()
        for action in deck[:21]:
            self.os.apply_action(action)
        self.next_stock = 21
        self.rk: RoundState = position_from_dict({
            "variant": variant, "players": 2, "dealer": 1, "to_move": 0, "phase": "first_upcard",
            "hands": [cards_text(deck[:10]), cards_text(deck[10:20])],
            "discard": cards_text(deck[20:21]), "stock": cards_text(deck[21:]),
        })  # fmt: skip
        self.knocking = False  # OpenSpiel's knock awaits its card
        self.layoffs_open = False  # the defender may still lay off

    def deal_stock_card(self) -> None:
        """OpenSpiel's chance node: the next card of the stock."""
        self.os.apply_action(self.deck[self.next_stock])
        self.next_stock += 1

    def play_action(self, action: int) -> None:
        """OpenSpiel's ``action``, applied to both engines (rummykit must accept it)."""
        for move in self.moves_for(phase_of(self.os), action):
            self.rk = self.rk.apply(move)
        self.os.apply_action(action)

    def play_move(self, move: Move) -> None:
        """rummykit's ``move``, applied to both engines."""
        actions = self.actions_for(phase_of(self.os), move)
        self.rk = self.rk.apply(move)
        for action in actions:
            self.os.apply_action(action)

    def moves_for(self, phase: str, action: int) -> list[Move]:
        """rummykit's moves for OpenSpiel's ``action`` in ``phase``."""
        if phase in ("FirstUpcard", "Draw"):
            drawn: dict[int, Move] = {DRAW_UPCARD: Take(), DRAW_STOCK: Draw(), PASS: Pass()}
            return [drawn[action]]
        if phase == "Wall":
            if action == PASS:
                return [Pass()]
            self.knocking = True
            return [Take()]
        if phase == "Discard":
            if action == KNOCK:
                self.knocking = True
                return []
            return [Discard(card_of(action))]
        if phase == "Knock":
            if self.knocking:
                self.knocking = False
                return [Knock(card_of(action))]
            if action == PASS:
                self.layoffs_open = True
                return [Done()]
            return [self.meld(action)]
        if phase != "Layoff":
            raise AssertionError(f"no rummykit move for OpenSpiel's phase {phase}")
        return self.defence(action)

    def defence(self, action: int) -> list[Move]:
        """OpenSpiel's defender: lay-offs (card by card) until a pass, then melds, then a pass."""
        if self.layoffs_open and self.rk.knocking.gin:
            self.layoffs_open = False
        if action == PASS:
            if self.layoffs_open:
                self.layoffs_open = False
                return []
            return [Done()]
        if self.layoffs_open:
            # OpenSpiel's lay-off is a card without a meld: a card that fits a
            # set and a run goes onto the run, where a next card may chain
            # (OpenSpiel lets it chain wherever it went; the set is full anyway).
            card = card_of(action)
            options = [m for m in self.rk.legal_moves() if isinstance(m, LayOff) and m.cards == (card,)]
            if not options:
                raise AssertionError(f"OpenSpiel lays off {card}, rummykit has no such lay-off")
            return [min(options, key=lambda m: self.rk.table[m.meld - 1].meld.kind != "run")]
        return [self.meld(action)]

    def meld(self, action: int) -> Meld:
        return Meld(tuple(sorted(meld_cards(self.os, action), key=lambda c: c.code)))

    def actions_for(self, phase: str, move: Move) -> list[int]:
        """OpenSpiel's actions for rummykit's ``move`` in OpenSpiel's ``phase``
        (a pass that ends the defender's lay-offs before a meld is applied here)."""
        if phase == "Layoff" and self.rk.knocking.gin:
            self.layoffs_open = False  # no lay-offs on a gin
        if isinstance(move, (Take, Draw, Pass)) and phase in ("FirstUpcard", "Draw"):
            return [{Take: DRAW_UPCARD, Draw: DRAW_STOCK, Pass: PASS}[type(move)]]
        if phase == "Wall":
            return [KNOCK] if isinstance(move, Take) else [PASS]
        if isinstance(move, Discard):
            return [action_of(move.card)]
        if isinstance(move, Knock):
            return [action_of(move.card)] if phase == "Knock" else [KNOCK, action_of(move.card)]
        if isinstance(move, Meld):
            if phase == "Layoff" and self.layoffs_open:
                self.os.apply_action(PASS)  # the lay-offs end before the first meld
                self.layoffs_open = False
            wanted = frozenset(move.cards)
            melds = [a for a in self.os.legal_actions() if a >= MELD_BASE]
            return [next(a for a in melds if meld_cards(self.os, a) == wanted)]
        if isinstance(move, LayOff):
            return [action_of(c) for c in move.cards]
        return self.done_actions(phase, move)

    def done_actions(self, phase: str, move: Move) -> list[int]:
        """OpenSpiel's passes for rummykit's ``done`` (the knocker's melds
        down, or the defender's turn over)."""
        if not isinstance(move, Done):
            raise AssertionError(f"no OpenSpiel action for {move} in phase {phase}")
        if phase == "Knock":
            self.layoffs_open = True  # the knocker's melds are down: the defender may lay off
            return [PASS]
        closing = [PASS] if phase == "Layoff" and self.layoffs_open else []
        self.layoffs_open = False
        return [*closing, PASS]
