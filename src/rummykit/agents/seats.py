"""Who plays each seat of an episode, and what each is paid: the agents,
the bots playing the other seats, the round (or the rounds of a match)
and the rewards (docs/agents.md).

>>> import rummykit as rk
>>> from rummykit.agents.actions import ActionSpace
>>> seating = Seating(ActionSpace(rk.load_variant("gin"), 2), {1: "greedy"}, rewards="win", match=False)
>>> seating.start(seed=3)
{}
>>> seating.agent_seats, seating.acting_seat()
((0,), 0)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping

from rummykit.agents.actions import ActionSpace
from rummykit.agents.decisions import Decisions
from rummykit.agents.option_checks import is_integer
from rummykit.core.moves import Buy
from rummykit.core.round_values import RoundResult
from rummykit.play.bot_specs import bot_from_spec, check_bot_spec
from rummykit.play.bots import Bot
from rummykit.round.dealing import deal
from rummykit.round.match_play import Match
from rummykit.rules.rule_set import rules_of

__all__ = ["Seating"]

_REDEALS = 1000
"""The most deals in a row that may end before an agent decides."""


def _check_opponents(opponents: object, players: int) -> None:
    """A ValueError unless ``opponents`` maps seats (0 to ``players - 1``) to bots or bots' names."""
    if not isinstance(opponents, Mapping):
        raise ValueError(f"opponents map seats to bots, not {opponents!r}")
    for seat, bot in opponents.items():
        if not is_integer(seat) or not 0 <= operator.index(seat) < players:
            raise ValueError(f"opponents are keyed by seat, 0 to {players - 1}, not {seat!r}")
        if isinstance(bot, str):
            check_bot_spec(bot)  # a ValueError naming the accepted forms
        elif isinstance(bot, type):
            name = bot.__name__
            raise ValueError(f"an opponent is a bot, not the class {name} (make one: {name}(variant))")
        elif not all(callable(getattr(bot, method, None)) for method in ("choose", "wants_buy")):
            raise ValueError(f"an opponent is a bot (choose and wants_buy) or a bot's name, not {bot!r}")


class Seating:
    """The seats of one episode: ``agent_seats`` are chosen by action ids,
    the seats of ``opponents`` by their bots (a name or specification, such
    as ``greedy`` or ``search-easy``, is made into a bot at each start,
    seeded from the start's seed). ``rewards``: ``"score"`` or
    ``"win"``; ``match``: an episode is a whole match rather than a round."""

    def __init__(
        self, space: ActionSpace, opponents: Mapping[int, Bot | str], *, rewards: str, match: bool
    ) -> None:
        players = space.players
        _check_opponents(opponents, players)
        self.agent_seats = tuple(seat for seat in range(players) if seat not in opponents)
        if not self.agent_seats:
            raise ValueError("every seat is a bot: leave at least one seat to the agents")
        self.space, self.rewards, self.is_match = space, rewards, match
        self._opponents = {operator.index(seat): bot for seat, bot in opponents.items()}
        self._bots: dict[int, Bot] = {}
        self._sign = 1 if rules_of(space.variant).match.better(1, 0) else -1
        self.match: Match | None = None
        self._active: tuple[int, ...] = tuple(range(players))
        self._rng = random.Random(0)
        self.decisions = Decisions(space, deal(space.variant, players=players, seed=0))

    def start(self, seed: int) -> dict[int, float]:
        """A new round (or match) from ``seed``, played until an agent is to
        act; the rewards of a match's rounds already over (by episode seat).
        A round over before any agent decides (Tonk's win at the deal, or
        bots that end it first) is not an episode of its own: it is dealt
        again from the next seed (in a match, it counts and the next is
        dealt; a whole match over before any agent decides is played again
        from the next seed)."""
        variant = self.space.variant
        self._rng = random.Random(seed)
        self._bots = {
            seat: bot_from_spec(bot, variant, seed=seed + seat) if isinstance(bot, str) else bot
            for seat, bot in self._opponents.items()
        }
        for _ in range(_REDEALS):
            earned = self._begin_match() if self.is_match else self._begin_round()
            if not self.over:
                return earned
        dealt = "matches" if self.is_match else "deals"
        raise RuntimeError(f"{_REDEALS} {dealt} in a row ended before an agent decided")

    def _begin_match(self) -> dict[int, float]:
        """A match dealt from the next seed, its bots played; the rewards of its rounds over."""
        players = self.space.players
        first = self._rng.randrange(players)
        self._deal_next(Match.start(self.space.variant, players=players, first_dealer=first))
        return self.play_bots()

    def _begin_round(self) -> dict[int, float]:
        """A round dealt from the next seed, its bots played (no rewards: a round over is dealt again)."""
        players = self.space.players
        self._active = tuple(range(players))
        state = deal(self.space.variant, players=players, seed=self._rng.getrandbits(62))
        self.decisions = Decisions(self.space, state)
        self.play_bots()
        return {}

    def _deal_next(self, match: Match) -> None:
        for seat in match.pending:  # a seat that may buy back in does
            match = match.decide(seat, "rebuy")
        self.match, self._active = match, match.active
        state = match.deal_next(seed=self._rng.getrandbits(62))
        self.decisions = Decisions(self.space, state)

    @property
    def over(self) -> bool:
        """Is the episode over (the round, or the match)?"""
        if self.match is not None and self.is_match:
            return self.match.is_over
        return self.decisions.over

    def round_seat(self, seat: int) -> int | None:
        """The round seat of episode seat ``seat`` (None: out of this round)."""
        return self._active.index(seat) if seat in self._active else None

    def acting_seat(self) -> int | None:
        """The episode seat whose decision it is (None once the episode is over)."""
        actor = self.decisions.actor()
        return None if actor is None else self._active[actor]

    def act(self, action: int) -> None:
        """The acting seat takes id ``action`` (a ValueError when it is not legal)."""
        self.decisions.step(action)

    def play_bots(self) -> dict[int, float]:
        """Play the bots' decisions and finish rounds until an agent is to act
        or the episode is over; the rewards earned meanwhile, by episode seat."""
        earned: dict[int, float] = {}
        while True:
            result = self.decisions.state.result  # set exactly when the round is over
            if result is not None:
                self._pay(result, earned)
                if self.match is None or not self.is_match or self.over:
                    return earned
                self._deal_next(self.match)
                continue
            seat = self.acting_seat()
            if seat is None or seat not in self._bots:
                return earned
            self._bot_acts(self._bots[seat])

    def _bot_acts(self, bot: Bot) -> None:
        decisions = self.decisions
        actor = decisions.acting()
        view = decisions.state.view(actor)
        if actor != decisions.state.to_move:  # asked about the buy
            wants = bot.wants_buy(view)
            decline = self.space.decline
            decisions.step(self.space.encode(Buy())[0] if wants or decline is None else decline)
            return
        move = bot.choose(view)
        if move not in view.legal:  # a bot's bug: not even a move, or one not legal now
            seat = self._active[actor]
            raise ValueError(f"the bot of seat {seat} chose {move!r}, which is not a legal move now")
        for action in self.space.encode(move):
            decisions.step(action)

    def _pay(self, result: RoundResult, earned: dict[int, float]) -> None:
        match = self.match if self.is_match else None
        if match is not None:
            self.match = match = match.record(result)
        if self.rewards == "win" and match is not None:  # paid once, when the match is over
            if match.is_over:
                for seat in range(self.space.players):
                    earned[seat] = earned.get(seat, 0.0) + (1.0 if seat in match.winners else -1.0)
            return
        for round_seat, seat in enumerate(self._active):
            if self.rewards == "score":
                reward = float(self._sign * result.scores[round_seat])
            else:
                reward = 1.0 if round_seat in result.winners else -1.0
            earned[seat] = earned.get(seat, 0.0) + reward

    def text(self) -> str:
        """The acting seat's view in a few lines (the ``ansi`` render), its
        seats named as the agents are (``player_N``'s seat N: the match
        seat, where an elimination left fewer seats in the round)."""
        decisions = self.decisions
        state = decisions.state
        seat = self._active.__getitem__  # a round seat's match seat
        if state.result is not None:
            result = state.result
            winners = tuple(map(seat, result.winners))
            scores = ", ".join(f"seat {seat(s)} {score}" for s, score in enumerate(result.scores))
            return f"{state.variant.id}: over ({result.ending}), winners {winners}, scores {scores}"
        actor = decisions.acting()
        view = state.view(actor)
        top = view.discards[-1] if view.discards else "-"
        lines = [
            f"{view.variant_name}: seat {seat(actor)} to act, phase {view.phase},"
            f" stock {view.stock_size}, top {top}",
            "hand: " + " ".join(str(card) for card in view.hand or ()),
        ]
        lines += [f"table {t.number} (seat {seat(t.owner)}): {t.notation}" for t in view.table]
        if decisions.pending:
            lines.append("chosen: " + ", ".join(self.space.label(a) for a in decisions.pending))
        lines.append("legal: " + ", ".join(self.space.label(a) for a in decisions.legal_actions()))
        return "\n".join(lines)
