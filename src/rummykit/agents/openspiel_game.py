"""Every bundled variant as an OpenSpiel Python game (the ``bench`` extra
brings ``open_spiel``); docs/agents.md describes the encoding.

``register_games()`` registers ``python_rummykit_<id>`` for each bundled
variant (parameters ``players`` and ``max_moves``) and ``python_rummykit``
(parameters ``variant``, ``players``, 0 for the variant's usual count, and
``max_moves``); importing this
module registers them. The game's actions are the variant's action ids
(:class:`~rummykit.agents.actions.ActionSpace`). Chance deals the whole
deck, one card at a time from the top (an outcome is a card face's index,
with the probability of that face among the cards left); then the round is
dealt from that deck order. A stock that must be refilled from the
discards is shuffled by the engine, seeded from the whole deck order, which
no seat knows. Returns are the round's scores, signed so that more is
better; a game cut at ``max_moves`` actions returns 0 to every seat.

>>> import pyspiel
>>> game = pyspiel.load_game("python_rummykit_gin")
>>> game.num_distinct_actions(), game.num_players(), game.max_chance_outcomes()
(182, 2, 52)
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pyspiel

from rummykit.agents.actions import ActionSpace
from rummykit.agents.decisions import Decisions
from rummykit.agents.observation import ObservationLayout
from rummykit.core.values import hand_penalty
from rummykit.round.dealing import deal
from rummykit.round.views import PlayerView, view_of
from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import Variant, bundled_variants, load_variant

__all__ = ["GAME_PREFIX", "RummykitGame", "RummykitState", "load_registered", "register_games"]

GAME_PREFIX = "python_rummykit"
MAX_MOVES = 5000
"""The actions after which a game is cut (a random policy may lay and take back melds for long)."""
_ANY_PLAYERS = (2, 8)
"""The fewest and most players of ``python_rummykit`` (any bundled variant; each checks its own)."""


def _game_type(short_name: str, variant: Variant, *, with_variant: bool) -> Any:
    spec: dict[str, Any] = {"players": variant.usual_players(), "max_moves": MAX_MOVES}
    if with_variant:  # players 0: two, or the variant's fewest where two cannot play
        spec.update(variant=variant.id, players=0)
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"rummykit {variant.name}" if not with_variant else "rummykit (any bundled variant)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_ANY_PLAYERS[1] if with_variant else variant.players.max,
        min_num_players=_ANY_PLAYERS[0] if with_variant else variant.players.min,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


class _Shared:
    """What every state of one game shares (never copied with a state)."""

    def __init__(self, space: ActionSpace, max_moves: int) -> None:
        self.space = space
        self.layout = ObservationLayout(space)
        self.max_moves = max_moves
        deck = space.variant.deck_for(space.players)
        self.counts = [sum(1 for card in deck if card.face == face) for face in space.faces]
        self.deck_size = len(deck)
        self.bound = float(space.players * hand_penalty(space.variant, deck) + 1000)
        self.sign = 1 if rules_of(space.variant).match.better(1, 0) else -1

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class RummykitGame(pyspiel.Game):  # type: ignore[misc]  # open_spiel ships no type information
    """One round of a variant, for OpenSpiel (see the module's docstring)."""

    variant_id: str | None = None
    """The bundled variant of a game class made by :func:`register_games` (None: ``python_rummykit``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        variant = type(self).variant_id
        name = str(params.get("variant", variant or "gin"))
        chosen = load_variant(name)
        players = int(params.get("players", 0)) or chosen.usual_players()
        max_moves = int(params.get("max_moves", MAX_MOVES))
        if max_moves < 1:
            raise ValueError(f"max_moves must be 1 or more, not {max_moves}")
        self.shared = _Shared(ActionSpace(chosen, players), max_moves)
        short = GAME_PREFIX if variant is None else f"{GAME_PREFIX}_{chosen.id}"
        info = pyspiel.GameInfo(
            num_distinct_actions=self.shared.space.size,
            max_chance_outcomes=len(self.shared.space.faces),
            num_players=players,
            min_utility=-self.shared.bound,
            max_utility=self.shared.bound,
            utility_sum=None,
            max_game_length=max_moves + self.shared.deck_size,
        )
        game_type = _game_type(short, chosen, with_variant=variant is None)
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> RummykitState:
        return RummykitState(self)

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        """Pickled as the registered name and the parameters (a variant's game
        class is made by :func:`register_games`, not found in the module by
        name), loaded by :func:`load_registered`, whose module registers the
        games in a process that has not imported it yet."""
        return load_registered, (self.get_type().short_name, self.get_parameters())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RummykitObserver:
        if params:
            raise ValueError(f"rummykit's observer takes no parameters, not {params}")
        public, private = _observed_parts(iig_obs_type)
        return RummykitObserver(self.shared, public=public, private=private)


class RummykitState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the deck chosen so far by chance, then the round."""

    def __init__(self, game: RummykitGame) -> None:
        super().__init__(game)
        self.shared = game.shared
        self.deck = b""  # the face index of each card dealt by chance, top first (bytes: copied at once)
        self.decisions: Decisions | None = None
        self.cut = False

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.decisions is None:
            return int(pyspiel.PlayerId.CHANCE)
        return self.decisions.acting()

    def is_terminal(self) -> bool:
        return self.cut or (self.decisions is not None and self.decisions.over)

    def _legal_actions(self, player: int) -> list[int]:
        decisions = self.decisions
        return decisions.legal_actions() if decisions is not None and player == decisions.actor() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = list(self.shared.counts)
        for face in self.deck:
            left[face] -= 1
        total = sum(left)
        return [(face, count / total) for face, count in enumerate(left) if count]

    def _apply_action(self, action: int) -> None:
        if self.decisions is None:
            self._check_outcome(action)
            self.deck += bytes((action,))
            if len(self.deck) == self.shared.deck_size:
                self._deal()
            return
        if self.cut:
            raise ValueError(f"the game was cut at {self.shared.max_moves} actions: no action is legal")
        self.decisions.step(action)  # a ValueError for an id not legal now, the state unchanged
        if self.decisions.taken >= self.shared.max_moves:  # every id taken counts: a meld's several
            self.cut = not self.decisions.over

    def _check_outcome(self, action: int) -> None:
        """ValueError, the state unchanged, unless ``action`` is a card face with a card left to deal."""
        _check_face_index(self.shared, action)
        if self.deck.count(action) >= self.shared.counts[action]:
            face = self.shared.space.faces[action]
            raise ValueError(f"chance outcome {action} ({face}): no card of that face is left to deal")

    def _deal(self) -> None:
        space = self.shared.space
        order = [space.faces[face] for face in self.deck]
        seed = int.from_bytes(hashlib.sha256(self.deck).digest()[:8], "big")
        state = deal(space.variant, players=space.players, seed=seed, dealer=0, deck=order)
        self.decisions = Decisions(space, state)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            _check_face_index(self.shared, action)
            return f"deal {self.shared.space.faces[action]}"
        return self.shared.space.label(action)

    def returns(self) -> list[float]:
        players = self.shared.space.players
        if self.decisions is None or self.decisions.state.result is None:
            return [0.0] * players
        return [float(self.shared.sign * score) for score in self.decisions.state.result.scores]

    def __str__(self) -> str:
        if self.decisions is None:
            return f"dealing: {len(self.deck)} of {self.shared.deck_size} cards"
        state = self.decisions.state
        hands = " | ".join(" ".join(str(card) for card in hand) for hand in state.hands)
        table = " | ".join(entry.meld.notation() for entry in state.table)
        pending = " ".join(self.shared.space.label(a) for a in self.decisions.pending)
        top = state.discard[-1] if state.discard else "-"
        return f"{state.phase} {state.to_move}; hands {hands}; table {table}; top {top}; chosen {pending}"


_PRIVATE_PLANES = ("hand", "knock_card", "picked", "declared", "pending_verb")
"""The planes that only the observing seat may see, where the layout has
them (the rest is public, but the pending choice's target meld in the
``numbers`` plane, its last)."""


def _observed_parts(iig_obs_type: Any) -> tuple[bool, bool]:
    """Whether an observer of ``iig_obs_type`` (None: OpenSpiel's default
    observation) shows the public part of a seat's view and its private
    part; a ValueError for what rummykit's observer cannot show (every
    seat's private cards, or nothing at all)."""
    if iig_obs_type is None:
        return True, True
    private = iig_obs_type.private_info
    if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
        raise ValueError("rummykit's observer shows one seat's private cards at most, never every seat's")
    public, single = bool(iig_obs_type.public_info), private == pyspiel.PrivateInfoType.SINGLE_PLAYER
    if not public and not single:
        raise ValueError("an observation with neither public nor private information shows nothing")
    return public, single


def _check_face_index(shared: _Shared, action: int) -> None:
    """A ValueError unless ``action`` is a card face's index: a chance outcome."""
    if not 0 <= action < len(shared.counts):
        last = len(shared.counts) - 1
        raise ValueError(f"chance outcome {action} is not a card face's index (0 to {last})")


class RummykitObserver:
    """A seat's observation tensor and string, from what its view shows (the
    same for the information state: the view is what a seat knows).
    ``public``: the public part of the view; ``private``: the seat's
    private part (its hand, its face-down knock card, its choice so far);
    both by default. The public part alone is the same for every seat (its
    seats are seat 0's, not relative to the observer). The string is a
    summary of the tensor's view, not all of it."""

    def __init__(self, shared: _Shared, *, public: bool = True, private: bool = True) -> None:
        self.shared = shared
        self.public, self.private = public, private
        self.tensor = np.zeros(shared.layout.size, np.float32)
        self.dict = {"observation": self.tensor}
        planes = {name: (start, start + length) for name, start, length in shared.layout.planes}
        numbers_end = planes["numbers"][1]
        spans = [planes[name] for name in _PRIVATE_PLANES if name in planes]
        spans.append((numbers_end - 1, numbers_end))
        self._private = np.zeros(shared.layout.size, bool)  # the private entries of the tensor
        for start, end in spans:
            self._private[start:end] = True

    def set_from(self, state: RummykitState, player: int) -> None:
        self.tensor.fill(0)
        decisions = state.decisions
        if decisions is None:
            return
        if not self.private:  # seat 0's frame, its private planes left out: the same for every seat
            self.tensor[:] = self.shared.layout.encode_state(decisions.state, 0)
            self.tensor[self._private] = 0
            return
        pending = decisions.pending if decisions.actor() == player else ()
        self.tensor[:] = self.shared.layout.encode_state(decisions.state, player, pending)
        if not self.public:
            self.tensor[~self._private] = 0

    def string_from(self, state: RummykitState, player: int) -> str:
        decisions = state.decisions
        if decisions is None:
            return f"seat {player}: dealing" if self.private else "dealing"
        view = view_of(decisions.state, player if self.private else None, with_legal=False)
        parts = [self._private_text(view, decisions)] if self.private else []
        return " ".join([*parts, _public_text(view)] if self.public else parts)

    def _private_text(self, view: PlayerView, decisions: Decisions) -> str:
        """The seat's hand, its face-down knock card and its choice so far."""
        hand = " ".join(str(card) for card in view.hand or ())
        knock = f" knock {view.knock.knock_card}" if view.knock.knock_card is not None else ""
        pending = decisions.pending if decisions.actor() == view.seat else ()
        chosen = " ".join(self.shared.space.label(a) for a in pending)
        return f"seat {view.seat} hand {hand}{knock} chosen {chosen}"


def _public_text(view: PlayerView) -> str:
    """What every seat sees of the round, in a line."""
    top = view.discards[-1] if view.discards else "-"
    table = " | ".join(entry.notation for entry in view.table)
    return (
        f"phase {view.phase} to move {view.to_move} top {top} sizes {view.hand_sizes}"
        f" stock {view.stock_size} table {table} log {'; '.join(view.log)}"
    )


def load_registered(name: str, params: dict[str, Any]) -> Any:
    """OpenSpiel's game ``name`` with ``params``, the games of this module
    registered (by importing it): what a pickled game is loaded by."""
    return pyspiel.load_game(name, params)


def register_games() -> tuple[str, ...]:
    """Register every bundled variant's game (and ``python_rummykit``);
    their short names. Registering again changes nothing."""
    known = set(pyspiel.registered_names())
    names: list[str] = []
    for variant_id in bundled_variants():
        variant = load_variant(variant_id)
        short = f"{GAME_PREFIX}_{variant.id}"
        names.append(short)
        if short not in known:
            # A class per variant: OpenSpiel makes a game by calling what was
            # registered with the parameters alone (a closure or a partial
            # registered instead crashes the interpreter at exit).
            game_class = type(f"RummykitGame_{variant.id}", (RummykitGame,), {"variant_id": variant.id})
            pyspiel.register_game(_game_type(short, variant, with_variant=False), game_class)
    if GAME_PREFIX not in known:
        pyspiel.register_game(_game_type(GAME_PREFIX, load_variant("gin"), with_variant=True), RummykitGame)
    return (GAME_PREFIX, *names)


register_games()
