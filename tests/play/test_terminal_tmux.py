"""Issue 31, item 4: the terminal game at a real terminal. ``rummykit play``
runs inside tmux; the test types keys (the Up arrow recalls a line, the Left
arrow moves into it to mend it), reads the screen with ``capture-pane`` and
checks what a player would see: line editing, the ``rules`` command, the moves
in columns and red hearts and diamonds (none with ``NO_COLOR``).

Skipped, with the reason, where tmux is missing (``apt-get install tmux``);
a failure instead when ``RUMMYKIT_REQUIRE_TMUX`` is set, as in .ci/run.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import rummykit

TMUX = shutil.which("tmux")
MISSING = None if TMUX else "tmux is not installed (apt-get install tmux)"
if MISSING and os.environ.get("RUMMYKIT_REQUIRE_TMUX"):
    pytest.fail(f"RUMMYKIT_REQUIRE_TMUX is set but {MISSING}", pytrace=False)
pytestmark = pytest.mark.skipif(MISSING is not None, reason=str(MISSING))

SOURCE = Path(rummykit.__file__).resolve().parents[1]  # where this rummykit is imported from
RED = "\x1b[31m"


class Terminal:
    """A tmux server of its own (its socket in a temporary folder) running
    one command in a 100×40 window."""

    def __init__(self, socket: Path) -> None:
        self.socket = socket

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            [str(TMUX), "-S", str(self.socket), *args], capture_output=True, text=True, timeout=10, check=True
        )
        return done.stdout

    def start(self, argv: list[str], env: dict[str, str]) -> None:
        command = shlex.join(["env", *(f"{k}={v}" for k, v in env.items()), *argv])
        # The pane outlives the game (the fixture kills the server), so a game
        # that stops early leaves its last lines and exit status on the screen.
        shell = f"{command}; echo \"[the game exited with status $?]\"; sleep 60"
        self.tmux("new-session", "-d", "-x", "100", "-y", "40", shell)

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", *keys)

    def screen(self, *, escapes: bool = False) -> str:
        """What the window shows, with its scrollback (and colours: ``escapes``)."""
        return self.tmux("capture-pane", "-p", "-J", "-S", "-1000", *(["-e"] if escapes else []))

    def wait(self, ready: Callable[[str], bool], *, escapes: bool = False, timeout: float = 15) -> str:
        """The screen once ``ready`` says so; a failure showing it after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.screen(escapes=escapes)
            if ready(text):
                return text
            if time.monotonic() > deadline:
                pytest.fail(f"the terminal never showed what was awaited:\n{text}")
            time.sleep(0.05)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    term = Terminal(tmp_path / "tmux.sock")
    yield term
    subprocess.run([str(TMUX), "-S", str(term.socket), "kill-server"], capture_output=True, check=False)


def play(terminal: Terminal, *, no_color: bool) -> None:
    env = {"PYTHONPATH": str(SOURCE), "TERM": "screen", "LANG": "C.UTF-8", "LANGUAGE": "en"}
    if no_color:
        env["NO_COLOR"] = "1"
    terminal.start([sys.executable, "-m", "rummykit.play.cli", "play", "-v", "rami51", "--seed", "5"], env)
    terminal.wait(lambda text: "your move>" in text)


def prompts(text: str) -> int:
    return text.count("your move>")


def test_line_editing_history_and_the_rules_at_a_terminal(terminal: Terminal) -> None:
    play(terminal, no_color=False)
    terminal.keys("moves", "Enter")
    text = terminal.wait(lambda text: prompts(text) == 2)
    assert "your moves (2):\n     draw    take\n" in text  # in columns
    terminal.keys("ruls", "Enter")  # a typo: refused
    terminal.wait(lambda text: prompts(text) == 3 and "refused: notation.invalid" in text)
    terminal.keys("Up")  # recalls "ruls"
    terminal.wait(lambda text: text.rstrip().endswith("your move> ruls"))
    terminal.keys("Left", "e", "Enter")  # the cursor moves before the "s": "rules"
    text = terminal.wait(lambda text: prompts(text) == 4)
    assert "your move> rules\nRULES OF RAMI 51 (REFERENTIEREGELS)\n" in text
    assert "at least 51 points" in text and "^[[" not in text
    terminal.keys("Up", "Up", "Up", "Enter")  # three lines back: "moves" again
    text = terminal.wait(lambda text: prompts(text) == 5)
    assert text.count("your moves (2):") == 2
    coloured = terminal.screen(escapes=True)
    assert f"{RED}7h" in coloured and f"{RED}Ad" in coloured and f"{RED}2s" not in coloured
    terminal.keys("quit", "Enter", "y", "Enter")
    terminal.wait(lambda text: "You left the game." in text)


def test_no_colour_with_no_color(terminal: Terminal) -> None:
    play(terminal, no_color=True)
    coloured = terminal.screen(escapes=True)
    assert "your hand: 2c 5c  2d Ad  7h Ah  2s 3s 6s 8s Ts Ks  JK" in coloured
    assert "\x1b[3" not in coloured
