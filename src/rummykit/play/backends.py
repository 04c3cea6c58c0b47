"""Where a simulation's rounds are played: :class:`LocalBackend` plays them
in this process or a pool of worker processes on this machine;
:class:`RayBackend` spreads them over a Ray cluster (the ``ray`` extra), a
local one started for the run when no address is given (docs/scale.md).

A backend runs one task function over a list of task arguments and yields
the results in the order of the tasks, whatever order they finish in, so
that a simulation's results do not depend on where its rounds were played.

>>> with LocalBackend(workers=1) as backend:
...     list(backend.run(abs, [-2, 3, -4]))
[2, 3, 4]
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol, TypeVar

from rummykit.play.extras import install_hint

__all__ = [
    "BACKENDS",
    "MAX_WORKERS",
    "Backend",
    "BackendError",
    "LocalBackend",
    "RayBackend",
    "check_workers",
    "make_backend",
    "play_chunk",
    "ray_installed",
]

T = TypeVar("T")

BACKENDS = ("local", "ray")
"""The names ``--backend`` takes."""

RAY_RETRIES = 3
"""How many times Ray plays a task again whose worker died (``max_retries``)."""

LOCAL_ADDRESS = "127.0.0.1"
"""The one address a local Ray cluster started here listens on."""

MAX_WORKERS = 256
"""The most worker processes (or a local Ray cluster's CPUs) a backend starts:
a pool starts all its processes at once, so a mistyped count must not."""


def check_workers(workers: int, address: str | None = None) -> None:
    """ValueError unless ``workers`` lies from 1 to :data:`MAX_WORKERS`
    (from 1 up with the ``address`` of a Ray cluster: its CPUs are its own,
    and ``workers`` starts nothing)."""
    if workers < 1 or (address is None and workers > MAX_WORKERS):
        raise ValueError(f"workers must be from 1 to {MAX_WORKERS}, not {workers}")


class BackendError(RuntimeError):
    """A backend cannot be used: its extra is missing, or its cluster cannot be reached."""


class Backend(Protocol):
    """Runs tasks, here or elsewhere; used as a context manager around its runs."""

    name: str

    def __enter__(self) -> Backend: ...

    def __exit__(self, *exc: object) -> None: ...

    def run(self, task: Callable[[Any], T], tasks: Sequence[Any]) -> Iterator[T]:
        """``task`` applied to each of ``tasks``, yielded in the order of ``tasks``."""
        ...


def _chunk_size(tasks: int, workers: int) -> int:
    """Tasks sent together to one worker: few enough that every worker gets
    several batches, at most 16."""
    return max(1, min(16, tasks // (workers * 8) or 1))


class LocalBackend:
    """Plays the tasks in this process (one worker) or in a pool of
    ``workers`` processes on this machine."""

    name = "local"

    def __init__(self, workers: int = 1) -> None:
        check_workers(workers)
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._depth = 0

    def __enter__(self) -> LocalBackend:
        if self._depth == 0 and self.workers > 1:
            self._pool = ProcessPoolExecutor(max_workers=self.workers)
        self._depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth == 0 and self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def run(self, task: Callable[[Any], T], tasks: Sequence[Any]) -> Iterator[T]:
        if self._pool is None:
            return map(task, tasks)
        return self._pool.map(task, tasks, chunksize=_chunk_size(len(tasks), self.workers))


def play_chunk(task: Callable[[Any], T], chunk: Sequence[Any], number: int, hook: Any = None) -> list[T]:
    """What one Ray task does: ``task`` applied to each of ``chunk``, the
    ``number``-th batch. ``hook`` (tests only) is called with ``number``
    first, e.g. to make a worker die once and see its batch played again."""
    if hook is not None:
        hook(number)
    return [task(args) for args in chunk]


def ray_installed() -> bool:
    """Is the ``ray`` extra installed?"""
    return importlib.util.find_spec("ray") is not None


def _on_this_machine(address: str | None) -> bool:
    """Is ``address`` (None: a cluster to start) on this machine's loopback?"""
    if address is None:
        return True
    host = address.rpartition(":")[0] if ":" in address.strip("[]") else address
    return host.strip("[]") in ("localhost", "::1") or host.startswith("127.")


def _import_ray(local: bool) -> Any:
    """The ``ray`` module. For a cluster on this machine alone, Ray is told
    so before it is first imported: every process of a cluster it starts
    then listens on 127.0.0.1 only, and an address on 127.0.0.1 is not
    rewritten to the machine's network address. Usage statistics are off."""
    if not ray_installed():
        raise BackendError(f"the ray backend needs the ray extra: {install_hint('ray')}")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if local:
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    return importlib.import_module("ray")


class RayBackend:
    """Plays the tasks on a Ray cluster: the one at ``address`` (``ray start
    --head`` printed it), else a local cluster of ``workers`` CPUs started
    on entry and shut down on exit, listening on 127.0.0.1 only. A batch
    whose worker dies is played again (up to ``RAY_RETRIES`` times); results
    come back in the order of the tasks as soon as all before them are in."""

    name = "ray"

    def __init__(self, workers: int = 1, address: str | None = None, *, hook: Any = None) -> None:
        check_workers(workers, address)
        self.workers = workers
        self.address = address
        self.hook = hook  # tests only: see play_chunk
        self._ray: Any = None
        self._remote: Any = None
        self._depth = 0
        self._started = False

    def __enter__(self) -> RayBackend:
        if self._depth == 0:
            self._start()
        self._depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth == 0 and self._started:
            self._ray.shutdown()
            self._started = False

    def _start(self) -> None:
        ray = self._ray = _import_ray(_on_this_machine(self.address))
        if not ray.is_initialized():
            try:
                if self.address is None:  # "local": a Ray of its own, never a cluster `ray start` left
                    ray.init(
                        address="local", num_cpus=self.workers, include_dashboard=False,
                        _node_ip_address=LOCAL_ADDRESS, log_to_driver=False, logging_level="WARNING",
                    )  # fmt: skip
                else:
                    ray.init(address=self.address, log_to_driver=False, logging_level="WARNING")
            except (ConnectionError, RuntimeError, ValueError) as error:
                raise BackendError(f"cannot start or reach Ray: {error}") from None
            self._started = True
            if self.address is None and ray.util.get_node_ip_address() != LOCAL_ADDRESS:
                ray.shutdown()  # Ray was imported before it could be told to stay local
                self._started = False
                raise BackendError(
                    "the local Ray cluster would listen beyond 127.0.0.1 (Ray was imported before "
                    "rummykit could keep it local): set RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 first"
                )
        if self.address is not None:
            self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote = ray.remote(max_retries=RAY_RETRIES, retry_exceptions=False)(play_chunk)

    def run(self, task: Callable[[Any], T], tasks: Sequence[Any]) -> Iterator[T]:
        if self._remote is None:
            raise BackendError("a RayBackend runs tasks only inside its with block")
        size = _chunk_size(len(tasks), self.workers)
        chunks = [tasks[i : i + size] for i in range(0, len(tasks), size)]
        refs = [self._remote.remote(task, chunk, n, self.hook) for n, chunk in enumerate(chunks)]
        return self._in_order(refs)

    def _in_order(self, refs: list[Any]) -> Iterator[Any]:
        """The results of the batches ``refs``, in their order, each yielded
        as soon as it and every batch before it are done."""
        number = {ref: n for n, ref in enumerate(refs)}
        pending = list(refs)
        done: dict[int, list[Any]] = {}
        following = 0
        while pending:
            ready, pending = self._ray.wait(pending, num_returns=1)
            for ref in ready:
                done[number[ref]] = self._ray.get(ref)
            while following in done:
                yield from done.pop(following)
                following += 1


def make_backend(name: str, workers: int = 1, address: str | None = None) -> Backend:
    """The backend called ``name`` (one of ``BACKENDS``); ValueError for
    another name, or an address given to the local backend."""
    if name == "local":
        if address is not None:
            raise ValueError("--address is for the ray backend (--backend ray)")
        return LocalBackend(workers)
    if name == "ray":
        return RayBackend(workers, address)
    raise ValueError(f"unknown backend {name!r} (known: {', '.join(BACKENDS)})")
