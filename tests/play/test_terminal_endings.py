"""The terminal game (``rummykit play``) at its edges: what another seat lays
face down, seats numbered by the match, and every way a game can end (Ctrl-C
while a bot thinks, a pipe closed, standard input or output closed), each
with its record saved; and record files that are no place for one."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from terminal_support import play

import rummykit as rk
from rummykit.core.round_values import RoundResult
from rummykit.core.translation import speaking
from rummykit.play import screen, terminal
from rummykit.play.bots import GreedyBot
from rummykit.play.cli import main
from rummykit.round.match_play import Match

# --------------------------------------------------------------------------- what another seat lays face down

GIN_UNTIL_THE_BOT_KNOCKS = "".join(
    f"{line}\n"
    for line in (
        "pass", "draw", "discard 3c", "take", "discard 5h", "take", "discard Ts", "take", "discard Qc",
        "take", "discard 8h", "draw", "discard 9c", "draw", "discard 5c", "draw", "discard 8c",
    )
)  # fmt: skip


def test_another_seat_s_knock_is_told_without_its_card(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = play(capsys, monkeypatch, GIN_UNTIL_THE_BOT_KNOCKS, "-v", "gin", "--seed", "1")
    assert code == 0
    assert "seat 1: knock\n" in out and not re.search(r"seat 1: knock \S", out)


def test_another_seat_s_declaration_is_told_without_its_card(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = play(capsys, monkeypatch, "moves\n", "-v", "indian", "--seed", "2", "--players", "3",
                        "--bots", "random")  # fmt: skip
    assert code == 0
    assert "seat 2: declare\n" in out and not re.search(r"seat \d: declare \S", out)


# --------------------------------------------------------------------------- seats of a match


def test_a_match_without_a_seat_numbers_the_others_as_the_match_does(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 1 left the match after its first round: seat 2 is the second
    seat of the rounds after, and is told as seat 2 (it was told as 1)."""
    start = Match.start

    def started(variant: rk.Variant, *, players: int, first_dealer: int = 0) -> Match:
        match = start(variant, players=players, first_dealer=first_dealer)
        return match.record(RoundResult("went_out", 0, (0,), (0, 200, 10))).decide(1, "retire")

    monkeypatch.setattr(Match, "start", started)
    argv = ("-v", "kalooki", "--players", "3", "--seed", "1", "--match")
    code, out, _ = play(capsys, monkeypatch, "draw\ndiscard Qd\n", *argv)
    assert code == 0 and "This round is played by seats [0, 2]" in out
    told = re.findall(r"^seat (\d): ", out, re.M)
    assert told and set(told) == {"2"}, told
    owners = re.findall(r"points, seat (\d)\)", out)
    assert set(owners) <= {"0", "2"}


def test_the_table_names_each_meld_s_owner_by_the_seats_given() -> None:
    state = rk.deal("rami51", players=2, seed=1)
    bots = [GreedyBot(state.variant, seed=seat) for seat in range(2)]
    while not any(entry.owner == 1 for entry in state.table):
        state = state.apply(bots[state.to_move].choose(state.view(state.to_move)))
    plain, numbered = terminal.show(state, 0), terminal.show(state, 0, seats=(0, 3))
    assert [line for line in plain if "points, seat 1)" in line]
    assert [line.replace("seat 1)", "seat 3)") for line in plain] == numbered


# --------------------------------------------------------------------------- ways out


def test_ctrl_c_while_a_bot_thinks_ends_the_game_and_keeps_the_record(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def thinks(self: GreedyBot, view: rk.PlayerView) -> rk.Move:
        raise KeyboardInterrupt

    monkeypatch.setattr(GreedyBot, "choose", thinks)
    path = tmp_path / "stopped.json"
    code, out, err = play(capsys, monkeypatch, "draw\ndiscard 3c\n", "-v", "rami51", "--seed", "1",
                          "--record", str(path))  # fmt: skip
    assert code == 0 and err == ""
    assert out.rstrip().splitlines()[-2:] == ["Interrupted: the game ends.", f"Record saved to {path}."]
    assert rk.from_json(path.read_text()).moves == ("0: draw", "0: discard 3c")


def test_a_closed_pipe_still_saves_the_record(tmp_path: Path) -> None:
    lines = ["draw", "discard 3c"]

    def write(line: str) -> None:
        if not lines:  # the reader went away after the player's last line
            raise BrokenPipeError

    def read(prompt: str) -> str:
        if not lines:
            raise EOFError
        return lines.pop(0)

    rami51, path = rk.load_variant("rami51"), tmp_path / "r.json"
    settings = terminal.GameSettings(rami51, 2, 0, ("greedy",), 1, record=path)
    with pytest.raises(BrokenPipeError):
        terminal.play_game(settings, terminal.Console(read=read, write=write))
    assert rk.from_json(path.read_text()).moves[:2] == ("0: draw", "0: discard 3c")


def test_a_closed_standard_input_is_the_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", None)
    assert main(["play", "-v", "rami51", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.rstrip().splitlines()[-1] == "End of input: the game ends."


def test_a_closed_standard_output_plays_on_unseen(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "unseen.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("draw\ndiscard 3c\n"))
    monkeypatch.setattr("sys.stdout", None)
    assert main(["play", "-v", "rami51", "--seed", "1", "--record", str(path)]) == 0
    assert capsys.readouterr().err == ""
    assert rk.from_json(path.read_text()).moves[:2] == ("0: draw", "0: discard 3c")


def test_the_decision_prompt_says_what_it_takes_and_quit_leaves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    start = Match.start

    def started(variant: rk.Variant, *, players: int, first_dealer: int = 0) -> Match:
        match = start(variant, players=players, first_dealer=first_dealer)
        return match.record(RoundResult("went_out", 1, (1,), (200, 0, 10)))  # seat 0 is out: it decides

    monkeypatch.setattr(Match, "start", started)
    code, out, _ = play(capsys, monkeypatch, "maybe\n\nquit\ny\n", "-v", "kalooki", "--players", "3",
                        "--match")  # fmt: skip
    assert code == 0
    assert out.count("'maybe' is no answer here: type rebuy, retire or quit.") == 1
    assert out.count("rebuy or retire?") == 3 and out.rstrip().endswith("You left the game.")


# --------------------------------------------------------------------------- record files


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_named_pipe_is_no_record_file(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(terminal.RecordFileError, match=r"^.*pipe is not a regular file$"):
        terminal.check_record_file(pipe)  # (opening it would wait for a reader)


def test_a_link_to_nothing_is_no_record_file_and_is_left_alone(tmp_path: Path) -> None:
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "target.json")
    with pytest.raises(terminal.RecordFileError, match=r"link\.json is a link to nothing$"):
        terminal.check_record_file(link)
    assert link.is_symlink() and not (tmp_path / "target.json").exists()


def test_a_file_where_the_folder_should_be_is_named(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("")
    with pytest.raises(terminal.RecordFileError, match=r"plain is not a folder$"):
        terminal.check_record_file(tmp_path / "plain" / "x.json")
    with pytest.raises(terminal.RecordFileError) as info:
        terminal.check_record_file(tmp_path)
    assert str(info.value) == f"{tmp_path} is a folder, not a file"  # said once, not wrapped again


# --------------------------------------------------------------------------- words


def test_the_help_speaks_of_jokers_only_where_cards_stand_for_others() -> None:
    def meld_line(ref: str) -> str:
        return next(line for line in terminal.help_lines(rk.load_variant(ref), 0) if "meld C C C" in line)

    assert "JK=9h" not in meld_line("gin")
    assert "JK=9h" in meld_line("rami51") and "JK=9h" in meld_line("kalooki")


def test_the_player_s_own_hand_at_the_end_has_its_own_words() -> None:
    state = rk.deal("gin", players=2, seed=1)
    bots = [GreedyBot(state.variant, seed=seat) for seat in range(2)]
    while state.phase != "over":
        state = state.apply(bots[state.to_move].choose(state.view(state.to_move)))
    with speaking("de"):
        lines = screen.round_over_lines(state, 0, ("du", "Platz 1 (greedy)"))
    assert lines[-2].startswith("   Du hattest ") and lines[-1].startswith("   Platz 1 (greedy) hatte ")


def test_replay_refuses_an_empty_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", ""]) == 2
    error = capsys.readouterr().err
    assert error == "rummykit: error: replay: FILE names no file or folder (an empty path)\n"
