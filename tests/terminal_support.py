"""Driving the terminal game (``rummykit play``) from a test: scripted lines
on standard input, what it printed back."""

from __future__ import annotations

import io

import pytest

from rummykit.play.cli import main


def play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lines: str, *argv: str
) -> tuple[int, str, str]:
    """Run ``rummykit play ARGV`` with ``lines`` as standard input: the exit
    code, standard output and standard error."""
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    return code, out, err
