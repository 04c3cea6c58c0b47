"""How to install an optional extra, as the error messages of the commands
that need one say it: from the root of the rummykit clone, with the Python
that runs rummykit (``pip install "rummykit[ray]"`` would look for rummykit
in the package index instead).

>>> install_command("ray").endswith("-m pip install '.[ray]'")
True
"""

from __future__ import annotations

import shlex
import sys

__all__ = ["install_command", "install_hint"]


def install_command(extra: str) -> str:
    """The command that installs ``extra`` into the running Python."""
    return shlex.join([sys.executable, "-m", "pip", "install", f".[{extra}]"])


def install_hint(extra: str) -> str:
    """The words that tell a user how to install ``extra``."""
    return f"in the root folder of the rummykit clone run: {install_command(extra)}"
