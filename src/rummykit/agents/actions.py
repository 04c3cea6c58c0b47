"""A variant's fixed discrete action space: every move of the engine as one
action id or as a short sequence of them (docs/agents.md).

Moves with nothing or one card to name are one id each: ``draw``, ``take N``
(one id per depth the variant's draw stage allows), ``discard C``,
``knock C``, ``declare C`` and ``exchange C`` (one id per card face of the
deck). Moves that lay several cards (``meld``, ``layoff``, ``swap``,
``shift``) are a two-step choice: the verb, the table meld where the move
names one (``target M``), the cards one by one (``pick C``, each wild card
followed by ``as X``, what it stands for), then ``commit``. The cards are
picked in code order, so each move has exactly one sequence, and only
``commit`` ends one: no sequence is the start of another.

Which blocks a variant has comes from its rule set (a knock where
``rules.knock`` is set, a buy where ``rules.buy`` is, swaps where the table
stage does not forbid them ...), and the block sizes from its deck.

>>> import rummykit as rk
>>> space = ActionSpace(rk.load_variant("gin"), players=2)
>>> space.size, space.label(0), space.encode(rk.parse_move("discard 7h"))
(182, 'draw', (28,))
>>> [space.label(a) for a in space.encode(rk.parse_move("meld 7h 8h 9h"))]
['meld', 'pick 7h', 'pick 8h', 'pick 9h', 'commit']
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.cards import JOKER_CODE, NATURALS, Card, code_order
from rummykit.core.moves import (
    Buy,
    Declare,
    Discard,
    Done,
    Draw,
    DrawExchange,
    Drop,
    Exchange,
    Knock,
    LayOff,
    Meld,
    Move,
    Out,
    Pass,
    Shift,
    SwapJoker,
    Take,
    Undo,
)
from rummykit.rules.first_upcard import offers_first_upcard
from rummykit.rules.rule_set import RuleSet, rules_of
from rummykit.variant.model import Variant

__all__ = ["DECLINE", "ActionSpace", "Block", "card_key"]

KNOWN_LIMIT = 4096
"""The most moves an action space remembers the first id of (then it forgets them all)."""

DECLINE = "decline"
"""The word of the environment's own answer "I do not buy" (no engine move)."""

_WORD_MOVES: tuple[tuple[str, Move], ...] = (
    ("draw", Draw()),
    ("draw exchange", DrawExchange()),
    ("pass", Pass()),
    ("drop", Drop()),
    ("buy", Buy()),
    ("out", Out()),
    ("undo", Undo()),
    ("done", Done()),
)
_VERBS = ("meld", "layoff", "swap", "shift")


def card_key(card: Card) -> tuple[int, int]:
    """The order cards are picked in: by face, then by what a wild card stands for."""
    return code_order(card.face), -1 if card.declared is None else card.declared.code


class Block:
    """A run of consecutive action ids: ``name`` (``"discard"``), its first
    id and how many ids it holds."""

    __slots__ = ("name", "size", "start")

    def __init__(self, name: str, start: int, size: int) -> None:
        self.name, self.start, self.size = name, start, size

    def __repr__(self) -> str:
        return f"Block({self.name!r}, {self.start}, {self.size})"


class ActionSpace:
    """The action ids of one variant at one player count (see the module's
    docstring): ``size`` ids, ``blocks`` in id order, ``faces`` the card
    faces of the deck in code order (the order of every card block)."""

    def __init__(self, variant: Variant, players: int) -> None:
        variant.check_players(players)
        rules = rules_of(variant)
        deck = variant.deck_for(players)
        self.variant, self.players = variant, players
        self.faces: tuple[Card, ...] = tuple(sorted({c.face for c in deck}, key=code_order))
        self._face_index = {face.code: i for i, face in enumerate(self.faces)}
        meld_rules = variant.meld_rules
        self.max_melds = len(deck) // max(1, min(meld_rules.set_min, meld_rules.run_min))
        self.max_depth = max(rules.draw.take_depths(len(deck)), default=1)
        sizes = _block_sizes(rules, self, wild=_has_wild_cards(rules, deck))
        self.blocks: tuple[Block, ...] = _layout(sizes)
        self._starts = {block.name: block.start for block in self.blocks}
        self.size: int = sum(block.size for block in self.blocks)
        self.decline: int | None = self._starts.get(DECLINE)
        self.commit: int | None = self._starts.get("commit")
        self._card_blocks: dict[type[Move], int] = {
            kind: self._starts[kind.__name__.lower()]
            for kind in (Discard, Knock, Declare, Exchange)
            if kind.__name__.lower() in self._starts
        }
        table_moves = {Meld: "meld", LayOff: "layoff", SwapJoker: "swap", Shift: "shift"}
        self._verb_ids: dict[type[Move], int] = {
            kind: self._starts[verb] for kind, verb in table_moves.items() if verb in self._starts
        }
        self.known_moves: dict[int, tuple[Move, int, bool]] = {}
        """What :meth:`known` remembers, by the id of the move object."""

    def has(self, name: str) -> bool:
        """Does the space hold block ``name``?"""
        return name in self._starts

    def word(self, name: str) -> int:
        """The id of a one-id block (``"draw"``, ``"commit"``, ``"meld"`` ...)."""
        return self._starts[name]

    def card_id(self, block: str, card: Card) -> int:
        """The id of ``card``'s face in card block ``block`` (``"discard"``, ``"pick"``)."""
        return self._starts[block] + self._face_index[card.face.code]

    def encode(self, move: Move) -> tuple[int, ...]:
        """The ids that make ``move`` (a KeyError for a move the space cannot hold)."""
        start = self._card_blocks.get(type(move))
        if start is not None and isinstance(move, (Discard, Knock, Declare, Exchange)):
            return (start + self._face_index[move.card.face.code],)
        if isinstance(move, (Discard, Knock, Declare, Exchange)):  # a block the variant lacks
            return (self.card_id(type(move).__name__.lower(), move.card),)
        if isinstance(move, Take):
            if move.depth > self.max_depth:
                raise KeyError(f"take {move.depth}")
            return (self._starts["take"] + move.depth - 1,)
        if isinstance(move, (Meld, LayOff, SwapJoker, Shift)):
            return self._table_move(move)
        return (self._starts[str(move)],)

    def first(self, move: Move) -> int:
        """The first id of ``move``'s sequence (its only id, for a one-id
        move) without the rest: the verb of a table move."""
        kind = type(move)
        start = self._card_blocks.get(kind)
        if start is not None and isinstance(move, (Discard, Knock, Declare, Exchange)):
            return start + self._face_index[move.card.face.code]
        verb = self._verb_ids.get(kind)
        if verb is None:
            return self.encode(move)[0]
        if isinstance(move, (LayOff, SwapJoker, Shift)) and move.meld > self.max_melds:
            raise KeyError(f"target {move.meld}")
        return verb

    def known(self, move: Move) -> tuple[Move, int, bool]:
        """``move``, its first id and whether that id alone makes it (it is
        not the start of a longer choice), remembered by the move object:
        the legal-move lists hand out the same move objects again and again,
        so the ids of a list are mostly found, not worked out (at most
        ``KNOWN_LIMIT`` moves, then forgotten all at once; each entry holds
        its move, so its id stays its own while it is remembered)."""
        hit = self.known_moves.get(id(move))
        if hit is not None and hit[0] is move:
            return hit
        if len(self.known_moves) >= KNOWN_LIMIT:
            self.known_moves.clear()
        ids = self.encode(move)
        hit = (move, ids[0], len(ids) == 1)
        self.known_moves[id(move)] = hit
        return hit

    def _table_move(self, move: Meld | LayOff | SwapJoker | Shift) -> tuple[int, ...]:
        if isinstance(move, Meld):
            picks = self._picks(sorted(move.cards, key=card_key))
            return (self._starts["meld"], *picks, self._starts["commit"])
        if move.meld > self.max_melds:
            raise KeyError(f"target {move.meld}")
        target = self._starts["target"] + move.meld - 1
        if isinstance(move, Shift):
            cards: Sequence[Card] = (move.card, move.wild)  # the natural, then the joker and its new place
            verb = "shift"
        else:
            cards = sorted(move.cards, key=card_key)
            verb = "layoff" if isinstance(move, LayOff) else "swap"
        return (self._starts[verb], target, *self._picks(cards), self._starts["commit"])

    def _picks(self, cards: Sequence[Card]) -> list[int]:
        out: list[int] = []
        for card in cards:
            out.append(self.card_id("pick", card))
            if card.declared is not None:
                out.append(self._starts["as"] + card.declared.code)
        return out

    def label(self, action: int) -> str:
        """What id ``action`` means, in move notation (``"discard 7h"``, ``"pick JK"``)."""
        for block in self.blocks:
            if block.start <= action < block.start + block.size:
                return _label(self, block, action - block.start)
        raise ValueError(f"action {action} is not in 0..{self.size - 1}")


def _label(space: ActionSpace, block: Block, offset: int) -> str:
    if block.size == 1 and block.name != "take":
        return block.name
    if block.name == "take":
        return "take" if offset == 0 else f"take {offset + 1}"
    if block.name == "target":
        return f"target {offset + 1}"
    if block.name == "as":
        return f"as {NATURALS[offset]}"
    return f"{block.name} {space.faces[offset]}"


def _has_wild_cards(rules: RuleSet, deck: Sequence[Card]) -> bool:
    """Can a card of this variant stand for another (a joker, a wild deuce, an indicator's wild rank)?"""
    meld_rules = rules.variant.meld_rules
    jokers = any(card.code == JOKER_CODE for card in deck)
    return jokers or meld_rules.wild_deuces or bool(rules.deal.indicator.wild_ranks)


def _block_sizes(rules: RuleSet, space: ActionSpace, *, wild: bool) -> list[tuple[str, int]]:
    """Each block the rules call for, with its size, in id order."""
    variant = rules.variant
    present = {
        "draw exchange": rules.draw_exchange_checks.forbidden is None,
        "pass": rules.knock is not None or offers_first_upcard(variant),
        "drop": rules.drop_checks.forbidden is None,
        "buy": rules.buy is not None,
        "done": rules.showdown is not None,
    }
    sizes = [(name, 1) for name, _ in _WORD_MOVES if present.get(name, True)]
    if rules.buy is not None:
        sizes.append((DECLINE, 1))
    faces = len(space.faces)
    sizes += [("take", space.max_depth), ("discard", faces)]
    card_moves = {
        "knock": rules.knock is not None and rules.knock_checks.forbidden is None,
        "declare": rules.declare_checks.forbidden is None,
        "exchange": rules.exchange_checks.forbidden is None,
    }
    sizes += [(name, faces) for name, there in card_moves.items() if there]
    verbs = {"meld": True, "layoff": True, "swap": rules.table_moves.swap.forbidden is None}
    verbs["shift"] = rules.table_moves.shift.forbidden is None
    sizes += [(verb, 1) for verb in _VERBS if verbs[verb]]
    sizes += [("target", space.max_melds), ("pick", faces)]
    if wild:
        sizes.append(("as", len(NATURALS)))
    sizes.append(("commit", 1))
    return sizes


def _layout(sizes: Sequence[tuple[str, int]]) -> tuple[Block, ...]:
    blocks: list[Block] = []
    start = 0
    for name, size in sizes:
        blocks.append(Block(name, start, size))
        start += size
    return tuple(blocks)
