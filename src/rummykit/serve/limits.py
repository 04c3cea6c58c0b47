"""What one client may cost a server: sockets per game and per client
address, new games per minute per address, what a socket may have
waiting to be sent, connections at once and the time a request may take
to arrive. Every table here is bounded.

>>> rate = CreationRate(per_minute=2, clock=lambda: 0.0)
>>> [rate.allow("10.0.0.1") for _ in range(3)], rate.allow("10.0.0.2")
([True, True, False], True)
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["CreationRate", "Outbox", "ServerLimits", "SocketCount"]


def _at_least_one(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{attribute.name}: expected an integer of at least 1, got {value!r}")


def _seconds(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if not number or not math.isfinite(value) or value <= 0:
        raise ValueError(f"{attribute.name}: expected a number of seconds above 0, got {value!r}")


@attrs.frozen(slots=True)
class ServerLimits:
    """The server's limits per client (``rummykit serve`` takes each as an option).

    - ``sockets_per_game``: sockets open on one game at once (seats and spectators);
    - ``sockets_per_client``: sockets one client address may have open at once;
    - ``games_per_minute``: games one client address may create a minute
      (a burst of that many, then one every ``60 / games_per_minute`` seconds);
    - ``pending_replies``: refusals and errors waiting for a socket that does
      not read; one more closes the socket (views never wait: only the
      latest one is kept);
    - ``open_games_per_client``: games one client address has made that are
      held and not finished (counted since the server started);
    - ``connections``: connections open at once, HTTP and WebSocket, from
      every address (one more is closed at once, a 503 written first; a
      client whose request was already sent may see a reset instead);
    - ``request_seconds``: how long a request may take to arrive whole, its
      header and its body, counted from its first byte (on a new
      connection, from the connection); then the connection is closed."""

    sockets_per_game: int = attrs.field(default=32, validator=_at_least_one)
    sockets_per_client: int = attrs.field(default=16, validator=_at_least_one)
    games_per_minute: int = attrs.field(default=20, validator=_at_least_one)
    pending_replies: int = attrs.field(default=32, validator=_at_least_one)
    open_games_per_client: int = attrs.field(default=50, validator=_at_least_one)
    connections: int = attrs.field(default=1000, validator=_at_least_one)
    request_seconds: float = attrs.field(default=10.0, validator=_seconds)


ADDRESSES = 4096
"""How many client addresses :class:`CreationRate` remembers; past that the
one idle the longest is forgotten (it had the most time to refill)."""


class CreationRate:
    """A token bucket per client address: ``per_minute`` tokens at most, one
    back every ``60 / per_minute`` seconds."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # address -> (tokens, when)

    def allow(self, address: str) -> bool:
        """Whether ``address`` may create a game now (and, if so, one token is spent)."""
        now = self.clock()
        tokens, when = self.buckets.pop(address, (float(self.per_minute), now))
        tokens = min(float(self.per_minute), tokens + (now - when) * self.per_minute / 60)
        allowed = tokens >= 1
        self.buckets[address] = (tokens - 1 if allowed else tokens, now)
        while len(self.buckets) > ADDRESSES:
            self.buckets.popitem(last=False)
        return allowed

    def give_back(self, address: str) -> None:
        """Return the token ``address`` spent on a game that was not made."""
        held = self.buckets.get(address)
        if held is not None:
            self.buckets[address] = (min(float(self.per_minute), held[0] + 1), held[1])

    def retry_after(self, address: str) -> int:
        """Whole seconds until ``address`` may create a game again."""
        tokens, _ = self.buckets.get(address, (1.0, 0.0))
        return max(1, round((1 - tokens) * 60 / self.per_minute + 0.5))


class SocketCount:
    """Open sockets by a key (a client address, a game id); a key with none is not kept."""

    def __init__(self) -> None:
        self.open: dict[str, int] = {}

    def add(self, key: str, limit: int) -> bool:
        """Count one more socket of ``key``, unless it has ``limit`` open; whether it was counted."""
        count = self.open.get(key, 0)
        if count >= limit:
            return False
        self.open[key] = count + 1
        return True

    def remove(self, key: str) -> None:
        count = self.open.pop(key, 0) - 1
        if count > 0:
            self.open[key] = count


class Outbox:
    """What waits to be sent on one socket, in order: at most ``limit``
    replies, and the view, once at most (a newer view takes the place of the
    one waiting, at the end). ``overflowed``: a reply came with ``limit``
    already waiting (the socket should be closed)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.waiting: deque[dict[str, Any] | None] = deque()  # None: the view, made as it is sent
        self.view_due = False
        self.overflowed = False

    def add_view(self) -> None:
        if self.view_due:
            self.waiting.remove(None)
        self.waiting.append(None)
        self.view_due = True

    def add_reply(self, message: dict[str, Any]) -> None:
        if len(self.waiting) - self.view_due >= self.limit:
            self.overflowed = True
            return
        self.waiting.append(message)

    def take(self, view: Callable[[], dict[str, Any]]) -> list[dict[str, Any]]:
        """Everything waiting, in order; the view is made now, by ``view``."""
        taken = [view() if message is None else message for message in self.waiting]
        self.waiting.clear()
        self.view_due = False
        return taken

    def __len__(self) -> int:
        return len(self.waiting)
