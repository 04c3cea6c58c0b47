"""Where rounds are played: here, or on a local Ray cluster of two workers
(the ray extra; these tests skip without it). The same seed gives the same
results on every backend, a batch whose worker dies is played again, and a
local cluster listens on 127.0.0.1 only."""

from __future__ import annotations

import functools
import ipaddress
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummykit.play import backends
from rummykit.play.backends import MAX_WORKERS, BackendError, LocalBackend, RayBackend, make_backend
from rummykit.play.cli import main
from rummykit.play.compare import compare
from rummykit.play.simulate import simulate

needs_ray = pytest.mark.skipif(
    not backends.ray_installed(), reason="the Ray backend tests need the ray extra: pip install '.[ray]'"
)


def crash_once(marker: Path, number: int) -> None:
    """A test hook: the worker playing batch 0 dies the first time (no
    exception: the process ends, as a lost machine would)."""
    if number == 0 and not marker.exists():
        marker.write_text("crashed once", encoding="utf-8")
        os._exit(1)


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[RayBackend]:
    """A local Ray cluster of two workers for the module, shut down after."""
    with RayBackend(workers=2) as backend:
        yield backend


@pytest.mark.parametrize("backend", [LocalBackend, RayBackend])
@pytest.mark.parametrize("workers", [0, MAX_WORKERS + 1, 10**20])
def test_a_backend_refuses_a_count_of_workers_it_would_not_start(backend: type, workers: int) -> None:
    with pytest.raises(ValueError, match=f"workers must be from 1 to {MAX_WORKERS}, not {workers}"):
        backend(workers=workers)


def test_a_backend_takes_workers_up_to_the_most_and_any_count_for_a_cluster_already_started() -> None:
    assert LocalBackend(workers=MAX_WORKERS).workers == MAX_WORKERS  # made, not entered: nothing starts
    assert RayBackend(workers=MAX_WORKERS + 1, address="127.0.0.1:6379").workers == MAX_WORKERS + 1
    with pytest.raises(ValueError, match="workers must be from 1"):
        RayBackend(workers=0, address="127.0.0.1:6379")


def test_the_local_backend_keeps_the_order() -> None:
    with LocalBackend(workers=2) as backend:
        assert list(backend.run(abs, list(range(-40, 0)))) == list(range(40, 0, -1))
    with pytest.raises(ValueError, match="address"):
        make_backend("local", 1, "127.0.0.1:6379")
    with pytest.raises(ValueError, match="unknown backend"):
        make_backend("spark")


def test_without_ray_the_ray_backend_says_which_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(backends, "ray_installed", lambda: False)
    with pytest.raises(BackendError, match="ray extra"), RayBackend():
        pass
    code = main(["simulate", "-v", "rami51", "--rounds", "2", "--backend", "ray", "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "ray extra" in err and len(err.strip().splitlines()) == 1


@needs_ray
def test_ray_gives_the_local_results(ray_cluster: RayBackend) -> None:
    args = {"players": 2, "bots": ["greedy", "random"], "rounds": 12, "seed": 5}
    here = simulate("rami51", **args)  # type: ignore[arg-type]
    there = simulate("rami51", backend=ray_cluster, **args)  # type: ignore[arg-type]
    assert there.summaries == here.summaries
    assert "ray" in sys.modules and sys.modules["ray"].util.get_node_ip_address() == "127.0.0.1"
    gcs = sys.modules["ray"].get_runtime_context().gcs_address
    assert gcs.startswith("127.0.0.1:"), gcs
    listening = ray_listeners()
    assert listening and all(address in ("127.0.0.1", "::1") for address, _ in listening), listening


def ray_listeners() -> set[tuple[str, str]]:
    """The addresses every process of Ray on this machine listens on (TCP,
    read from /proc), with the process's name: what ``ss -ltnp`` shows."""
    owners: dict[str, str] = {}  # socket inode -> the process's name
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            command = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            if "ray" not in command:
                continue
            for fd in (proc / "fd").iterdir():
                target = os.readlink(fd)
                if target.startswith("socket:["):
                    owners[target[8:-1]] = command.split(" ")[0]
        except OSError:  # a process that ended meanwhile, or not ours to read
            continue
    found = set()
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in owners:  # LISTEN
                found.add((_address(fields[1].split(":")[0], width), owners[fields[9]]))
    return found


def _address(hex_address: str, width: int) -> str:
    raw = bytes.fromhex(hex_address)
    if width == 8:
        return str(ipaddress.IPv4Address(raw[::-1]))
    words = b"".join(raw[i : i + 4][::-1] for i in range(0, 16, 4))
    address = ipaddress.IPv6Address(words)
    return str(address.ipv4_mapped) if address.ipv4_mapped else str(address)


@needs_ray
def test_compare_on_ray_gives_the_local_report(ray_cluster: RayBackend) -> None:
    args = {"players": 2, "bots": ["greedy"], "rounds": 6, "seed": 8}
    here = compare("rami40", "rami51", **args).document()  # type: ignore[arg-type]
    there = compare("rami40", "rami51", backend=ray_cluster, **args).document()  # type: ignore[arg-type]
    del here["seconds"], there["seconds"]
    assert there == here


@needs_ray
def test_a_dead_workers_batch_is_played_again(ray_cluster: RayBackend, tmp_path: Path) -> None:
    marker = tmp_path / "crashed"
    sys.modules["ray"].cloudpickle.register_pickle_by_value(sys.modules[__name__])
    args = {"players": 2, "bots": ["random"], "rounds": 6, "seed": 2}
    with RayBackend(workers=2, hook=functools.partial(crash_once, marker)) as flaky:
        there = simulate("rami51", backend=flaky, **args)  # type: ignore[arg-type]
    assert marker.exists()  # a worker did die
    assert there.summaries == simulate("rami51", **args).summaries  # type: ignore[arg-type]


@needs_ray
def test_the_command_on_ray(ray_cluster: RayBackend, capsys: pytest.CaptureFixture[str]) -> None:
    words = ["simulate", "-v", "rami51", "--rounds", "6", "--seed", "4", "--quiet", "--json"]
    assert main([*words, "--backend", "ray", "--workers", "2"]) == 0
    there = json.loads(capsys.readouterr().out)
    assert main(words) == 0
    here = json.loads(capsys.readouterr().out)
    for data in (here, there):
        del data["seconds"], data["rounds_per_second"], data["workers"]
    assert there == here


@needs_ray
def test_another_process_reaches_the_cluster_by_its_address(ray_cluster: RayBackend) -> None:
    # `--address` as on an existing cluster: a second process connects to this one's
    # cluster (RAY_AUTH_MODE=token, set by Ray on this process, passes on with the token file).
    address = sys.modules["ray"].get_runtime_context().gcs_address
    words = ["simulate", "-v", "rami51", "--rounds", "4", "--seed", "6", "--quiet", "--json"]
    run = subprocess.run(
        [sys.executable, "-m", "rummykit.play.cli", *words, "--backend", "ray", "--address", address],
        capture_output=True, text=True, timeout=120, env=os.environ.copy(), check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:]
    there = json.loads(run.stdout)
    here = simulate("rami51", players=2, bots=["greedy", "random"], rounds=4, seed=6).document()
    for data in (here, there):
        del data["seconds"], data["rounds_per_second"], data["workers"]
    assert there == here
