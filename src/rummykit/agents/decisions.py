"""A round played one action id at a time: whose decision it is, which ids
are legal, and what an id does (docs/agents.md). The PettingZoo environment
and the OpenSpiel game both drive a round through this.

The legal ids are read from the engine's legal moves: each move is encoded
as its id sequence (:class:`~rummykit.agents.actions.ActionSpace`), and the
ids legal now are the next ids of the sequences that start with what the
seat has chosen so far (``pending``). A sequence completed is its move,
applied; so an id is legal exactly when it leads to a move ``apply``
accepts.

The buy (``[buy]``): while the upcard may be bought, every seat open to it,
nearest to the player in turn first, is asked in turn before the player to
move goes on: ``buy``, or ``decline`` (the environment's own id; no engine
move). A seat that declined is not asked again in the same turn.

>>> import rummykit as rk
>>> from rummykit.agents.actions import ActionSpace
>>> space = ActionSpace(rk.load_variant("gin"), players=2)
>>> game = Decisions(space, rk.deal("gin", players=2, seed=1))
>>> game.actor(), [space.label(a) for a in game.legal_actions()]
(0, ['pass', 'take'])
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from rummykit.agents.actions import ActionSpace
from rummykit.core.moves import Buy, Move
from rummykit.round.dealing import next_seat
from rummykit.round.state import RoundState

__all__ = ["Decisions"]


class Decisions:
    """One round of ``space``'s variant, played by action ids. ``state`` is
    the engine's state; ``pending`` the ids chosen so far of a move not yet
    complete (empty between moves); ``taken`` counts the ids taken (each
    changes the decision: what an observation of it may be remembered by)."""

    def __init__(self, space: ActionSpace, state: RoundState) -> None:
        self.space = space
        self.state = state
        self.pending: tuple[int, ...] = ()
        self.moves = 0  # engine moves applied
        self.taken = 0
        self._choices: list[tuple[tuple[int, ...], Move]] | None = None
        self._wholes: dict[int, Move] | None = None  # the legal moves made by one id, by it (None: not yet)
        self._starts: dict[int, list[Move]] = {}  # with _wholes: the other legal moves, by their first id
        self._declined: set[int] = set()
        self._window = -1  # turns_played of the buy window the declines belong to
        self._buyer: int | None = None
        self._actor: int | None = None  # actor(), found once per change
        self._moved()

    def copy(self) -> Decisions:
        """An independent copy (the state is a frozen value, shared; so is the space)."""
        twin = Decisions.__new__(Decisions)
        twin.space, twin.state, twin.pending, twin.moves = self.space, self.state, self.pending, self.moves
        twin.taken = self.taken
        twin._choices = self._choices  # a list never changed in place: replaced on each move
        twin._wholes, twin._starts = self._wholes, self._starts  # the same
        twin._declined = set(self._declined)
        twin._window, twin._buyer, twin._actor = self._window, self._buyer, self._actor
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> Decisions:
        return self.copy()

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    def actor(self) -> int | None:
        """The seat whose decision it is (None once the round is over)."""
        return self._actor

    def acting(self) -> int:
        """The seat whose decision it is (a RuntimeError once the round is over)."""
        actor = self.actor()
        if actor is None:
            raise RuntimeError("the round is over: no seat acts")
        return actor

    def choices(self) -> list[tuple[tuple[int, ...], Move]]:
        """Every legal move of the decision now, with its id sequence."""
        if self._choices is None:
            encode = self.space.encode
            self._choices = [(encode(move), move) for move in self._legal_moves()]
        return self._choices

    def _legal_moves(self) -> list[Move]:
        if self._buyer is not None:
            return [Buy()]
        return self.state.legal_moves()

    def _by_first(self) -> tuple[dict[int, Move], dict[int, list[Move]]]:
        """The legal moves now by the first id of their sequences: those
        that one id makes (no other move starts with it: no sequence starts
        another), and the others (melds, lay-offs ...), several to an id."""
        if self._wholes is None:
            space = self.space
            seen = space.known_moves  # looked up here, worked out by space.known where missing
            wholes: dict[int, Move] = {}
            starts: dict[int, list[Move]] = {}
            for move in self._legal_moves():
                hit = seen.get(id(move))
                if hit is None or hit[0] is not move:
                    hit = space.known(move)
                if hit[2]:
                    wholes[hit[1]] = move
                elif hit[1] in starts:
                    starts[hit[1]].append(move)
                else:
                    starts[hit[1]] = [move]
            self._wholes, self._starts = wholes, starts
            return wholes, starts
        return self._wholes, self._starts

    def legal_actions(self) -> list[int]:
        """The ids legal now, in increasing order."""
        return sorted(self.legal_ids())

    def legal_ids(self) -> Collection[int]:
        """The ids legal now, in no order (what a mask needs)."""
        if self.over:
            return ()
        depth, pending = len(self.pending), self.pending
        if depth:
            found = {seq[depth] for seq, _ in self.choices() if seq[:depth] == pending}
        else:  # a move's first id: no sequence needed
            wholes, starts = self._by_first()
            if not starts and self._buyer is None:
                return wholes.keys()
            found = {*wholes, *starts}
        if self._buyer is not None and self.space.decline is not None:
            found.add(self.space.decline)
        return found

    def step(self, action: int) -> Move | None:
        """Take id ``action``: the move it completes (applied), or None while
        a move is still being chosen (and for ``decline``). A ValueError for
        an id not legal now (the round is unchanged)."""
        if self._buyer is not None and action == self.space.decline:
            self._declined.add(self._buyer)
            self.taken += 1
            self._moved()
            return None
        chosen: tuple[int, ...]
        if not self.pending:  # only the moves that start with this id are encoded
            wholes, starts = self._by_first()
            whole = wholes.get(action)
            if whole is not None:  # this id is the move
                self.taken += 1
                self._apply(whole)
                return whole
            encode = self.space.encode
            matches = [(encode(move), move) for move in starts.get(action, ())]
            chosen, depth = (action,), 1
        else:
            chosen = (*self.pending, action)
            depth = len(chosen)
            matches = [(seq, move) for seq, move in self.choices() if seq[:depth] == chosen]
        if not matches:
            raise ValueError(f"action {action} ({self._label(action)}) is not legal now")
        self.taken += 1
        for seq, move in matches:
            if len(seq) == depth:
                self._apply(move)
                return move
        self.pending = chosen
        return None

    def _label(self, action: int) -> str:
        try:
            return self.space.label(action)
        except ValueError:
            return "no action"

    def _apply(self, move: Move) -> None:
        seat, state = self._actor, self.state
        # The seat to move is the engine's own default: named only for a buy from another seat.
        self.state = state.apply(move, seat=None if seat == state.to_move else seat)
        self.moves += 1
        self._moved()

    def _moved(self) -> None:
        self.pending = ()
        self._choices = self._wholes = None
        self._find_buyer()
        state = self.state
        if state.phase == "over":
            self._actor = None
        else:
            self._actor = state.to_move if self._buyer is None else self._buyer

    def _find_buyer(self) -> None:
        """The seat to ask about the buy now, if any: the nearest open to it
        that has not declined this turn."""
        state = self.state
        self._buyer = None
        if not state.buy_window or state.phase == "over":
            return
        if self._window != state.turns_played:
            self._window, self._declined = state.turns_played, set()
        for step in range(1, state.players):
            seat = next_seat(state.variant, state.players, state.to_move, step)
            if seat not in self._declined and state.legal_moves(seat):
                self._buyer = seat
                return

    def picked(self) -> Sequence[int]:
        """The ``pick`` ids among the pending ones (the cards chosen so far)."""
        if not self.space.has("pick"):
            return ()
        start = self.space.word("pick")
        return [a for a in self.pending if start <= a < start + len(self.space.faces)]
