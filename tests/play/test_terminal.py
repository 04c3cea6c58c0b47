"""Issue 11, item 8: the terminal game (``rummykit play``), driven through
standard input and output: scripted lines on ``sys.stdin``, or a player that
reads what the game printed (``capsys``) before answering each prompt."""

from __future__ import annotations

import json
import re
import string
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from terminal_support import play

import rummykit as rk
from rummykit.core.ending_words import ending_words
from rummykit.core.round_values import RoundResult
from rummykit.core.translation import speaking
from rummykit.play import screen, terminal
from rummykit.play.cli import main
from rummykit.play.terminal import MESSAGES, MOVE_HELP, help_lines, say, variant_moves
from rummykit.round.match_play import Match

ROOT = Path(__file__).resolve().parents[2]


Answer = Callable[[str, str], str]


class Player:
    """Stands in for ``input``: before each answer it reads what the game
    printed since the last prompt; the transcript keeps both, with the
    answers."""

    def __init__(self, capsys: pytest.CaptureFixture[str], answer: Answer, limit: int = 5000) -> None:
        self.capsys = capsys
        self.answer = answer
        self.limit = limit
        self.transcript: list[str] = []

    def __call__(self, prompt: str = "") -> str:
        printed = self.capsys.readouterr().out
        self.transcript += [printed, prompt]
        if len(self.transcript) > 2 * self.limit:
            raise EOFError
        reply = self.answer(printed, prompt)
        self.transcript.append(reply + "\n")
        return reply

    @property
    def text(self) -> str:
        return "".join(self.transcript) + self.capsys.readouterr().out


def run_player(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, answer: Answer, *argv: str
) -> tuple[int, str]:
    player = Player(capsys, answer)
    monkeypatch.setattr("builtins.input", player)
    code = main(["play", *argv])
    return code, player.text


def legal_moves(printed: str) -> list[str]:
    """The moves of the last ``your moves (N):`` list printed (in columns
    below it, read down each column first)."""
    found = re.findall(r"your moves \((\d+)\):\n((?:     .*\n?)*)", printed)
    if not found:
        return []
    count, block = found[-1]
    rows = [re.split(r" {2,}", line.strip()) for line in block.splitlines()]
    moves = [row[c] for c in range(max(map(len, rows))) for row in rows if c < len(row)]
    assert len(moves) == int(count), (count, block)
    return moves


def never_melds(printed: str, prompt: str) -> str:
    """A player who only draws and discards (asking for the moves first)."""
    if prompt.startswith("your move"):
        moves = legal_moves(printed)
        if not moves:
            return "moves"
        for first in ("draw", "take", "pass", "done"):
            if first in moves:
                return first
        return next((m for m in moves if m.startswith("discard")), moves[0])
    return "n"


# --------------------------------------------------------------------------- help


def test_help_shows_the_moves_of_the_variant_and_the_commands(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = play(capsys, monkeypatch, "help\nquit\ny\n", "-v", "roemie", "--seed", "1")
    assert code == 0
    for line in help_lines(rk.load_variant("roemie"), 0):
        assert line in out
    assert "take N" in out and "must start a new meld" in out
    assert re.search(r"^  quit +leave the game", out, re.M) and re.search(r"^  moves +list", out, re.M)
    _, out, _ = play(capsys, monkeypatch, "help\nquit\ny\n", "-v", "romme51", "--seed", "1")
    assert "take N" not in out and "knock" not in out and "swap M C" in out


def test_the_moves_in_the_help_follow_the_variant() -> None:
    gin = variant_moves(rk.load_variant("gin"))
    assert {"knock", "done", "pass"} <= set(gin) and "undo" not in gin and "swap" not in gin
    handromi = variant_moves(rk.load_variant("handromi"))
    assert {"exchange", "draw_exchange", "swap"} <= set(handromi) and "out" not in handromi
    assert "buy" in variant_moves(rk.load_variant("contract"))
    assert "take_deep_above" in variant_moves(rk.load_variant("rummy500"))
    indian = variant_moves(rk.load_variant("indian"))  # the fold and the declaration
    assert {"drop", "declare"} <= set(indian) and "meld" not in indian and "declare" not in gin
    for ref in rk.bundled_variants():
        moves = variant_moves(rk.load_variant(ref))
        assert "discard" in moves and set(moves) <= set(MOVE_HELP)


# --------------------------------------------------------------------------- the drawn card, the row


def _hands(out: str) -> list[list[str]]:
    return [line.split() for line in re.findall(r"your hand: (.*)", out)]


def test_the_drawn_card_is_named(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = play(capsys, monkeypatch, "draw\nquit\ny\n", "-v", "rami51", "--seed", "5")
    assert code == 0
    drawn = re.findall(r"You drew (\S+)\.", out)
    before, after = _hands(out)[:2]
    assert len(drawn) == 1 and drawn[0] in after
    assert sorted(after) == sorted([*before, drawn[0]])


def test_the_discard_row_is_numbered_where_deep_takes_are_allowed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = "draw\ndiscard Ks\ntake 2\nquit\ny\n"
    _, out, _ = play(capsys, monkeypatch, lines, "-v", "roemie", "--seed", "5")
    rows = re.findall(r"discards: (.*?)   stock", out)
    assert rows[:3] == ["7d", "7d", "[3] 7d  [2] Ks  [1] Jc"]
    assert "'take N' takes card [N]" in out
    assert "You took Jc Ks." in out  # the chosen card and every card above it
    _, out, _ = play(capsys, monkeypatch, "quit\ny\n", "-v", "romme51", "--seed", "3")
    assert "[1]" not in out and "take N" not in out
    assert re.search(r"discards: \S+   stock", out)


# --------------------------------------------------------------------------- tentative melds, the opening


def melds_then_undoes(script: list[str]) -> Answer:
    """Draw, lay the first meld offered, look, undo it, look, and leave."""

    def answer(printed: str, prompt: str) -> str:
        if not prompt.startswith("your move"):
            return "y"  # only the quit question is asked here
        moves = legal_moves(printed)
        if not script:
            return "moves"
        if script[0] == "meld" and not moves:
            return "moves"
        step = script.pop(0)
        if step == "meld":
            return next(m for m in moves if m.startswith("meld"))
        return step

    return answer


def test_tentative_melds_are_marked_and_the_opening_counted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = melds_then_undoes(["draw", "meld", "undo", "quit"])
    code, text = run_player(capsys, monkeypatch, script, "-v", "rami51", "--seed", "5")
    assert code == 0
    assert "opening: 51 points needed; your new melds so far: 0" in text
    laid, _, undone = text.partition("your move> undo\n")
    marked = re.findall(r"^  \*1: (.*)  \((\d+) points, seat 0\)$", laid, re.M)
    assert marked, laid
    points = int(marked[-1][1])
    assert f"your new melds so far: {points}" in laid
    assert "tentative: it stands when your turn ends" in laid
    assert "*1:" not in undone and "your new melds so far: 0" in undone


def test_a_committed_meld_is_no_longer_marked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """rummy500 has no opening minimum: a meld stands once the turn ends."""
    laid: list[str] = []

    def answer(printed: str, prompt: str) -> str:
        if not prompt.startswith("your move"):
            return "y"
        if laid and "your hand:" in printed and "*1:" not in printed:
            return "quit"  # the next turn: the meld stands
        moves = legal_moves(printed)
        if not moves:
            return "moves"
        if "draw" in moves:
            return "draw"
        melds = [m for m in moves if m.startswith("meld")]
        if melds and not laid:
            laid.append(melds[0])
            return melds[0]
        return next(m for m in moves if m.startswith("discard"))

    _, text = run_player(capsys, monkeypatch, answer, "-v", "rummy500", "--seed", "11", "--bots", "random")
    assert re.search(r"^  \*1: .*seat 0\)$", text, re.M)
    assert re.search(r"^   1: .*seat 0\)$", text, re.M)
    assert "opening:" not in text  # no minimum to show


# --------------------------------------------------------------------------- quit, end of input


def test_quit_asks_first(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = play(capsys, monkeypatch, "quit\nn\nmoves\nquit\nyes\n", "-v", "rami51", "--seed", "5")
    assert code == 0
    assert out.count("Quit the game? [y/N]") == 2
    assert legal_moves(out.split("Quit the game?")[1]) == ["draw", "take"]
    assert out.rstrip().endswith("You left the game.") and out.count("You left the game.") == 1


@pytest.mark.parametrize("lines", ["", "draw\n", "quit\n"])
def test_end_of_input_ends_the_game_with_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lines: str
) -> None:
    code, out, err = play(capsys, monkeypatch, lines, "-v", "rami51", "--seed", "5")
    assert code == 0 and err == ""
    assert out.rstrip().splitlines()[-1] == "End of input: the game ends."
    assert "Traceback" not in out


def test_ctrl_c_ends_the_game_with_one_line_and_keeps_the_record(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def answer(printed: str, prompt: str) -> str:
        if "You drew" in printed:
            raise KeyboardInterrupt
        return "draw"

    path = tmp_path / "stopped.json"
    code, text = run_player(capsys, monkeypatch, answer, "-v", "rami51", "--seed", "5", "--record", str(path))
    assert code == 0
    assert text.rstrip().splitlines()[-2:] == ["Interrupted: the game ends.", f"Record saved to {path}."]
    assert rk.from_json(path.read_text()).moves[-1] == "0: draw"


# --------------------------------------------------------------------------- buying out of turn


def test_the_player_may_buy_the_upcard(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def answer(printed: str, prompt: str) -> str:
        if prompt.startswith("Buy "):
            asked.append(prompt)
            return "y"
        if asked:
            return "quit" if prompt.startswith("your move") else "y"
        return never_melds(printed, prompt)

    code, text = run_player(capsys, monkeypatch, answer, "-v", "contract", "--players", "3", "--seed", "5")
    assert code == 0 and asked
    upcard = re.match(r"Buy (\S+) \(the price: 1 more card\(s\) from the stock\)\? \[y/N\] ", asked[0])
    assert upcard, asked[0]
    bought = re.search(r"You bought (\S+) and drew (\S+)\.", text)
    assert bought and bought.group(1) == upcard.group(1)


# --------------------------------------------------------------------------- records


def test_the_record_of_a_round_replays(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "round.json"
    code, text = run_player(
        capsys, monkeypatch, never_melds, "-v", "rami51", "--seed", "2", "--record", str(path)
    )
    assert code == 0 and f"Record saved to {path}." in text
    scores = r"Scores of the round: you (-?\d+), seat 1 \(greedy\) (-?\d+)\."
    over = re.search(r"won the round \(([\w ]+)\)\.\n   " + scores, text)
    assert over, text[-500:]
    code = main(["replay", "--json", str(path)])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["ok"] and data["phase"] == "over"
    assert data["result"]["ending"] == over.group(1).replace(" ", "_")
    assert data["result"]["scores"] == [int(over.group(2)), int(over.group(3))]


def test_a_record_is_saved_when_the_player_leaves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "left.json"
    code, out, _ = play(capsys, monkeypatch, "draw\ndiscard JK\nquit\ny\n", "-v", "rami51", "--seed", "5",
                        "--record", str(path))  # fmt: skip
    assert code == 0 and out.rstrip().endswith(f"Record saved to {path}.")
    assert main(["replay", str(path)]) == 0
    assert "the round goes on" in capsys.readouterr().out


@pytest.mark.parametrize("match", [[], ["--match"]])
@pytest.mark.parametrize("where", ["missing/dir/game.json", ".", "r" * 300 + ".json"])  # a name too long
def test_an_unwritable_record_file_stops_before_the_game(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    where: str,
    match: list[str],
) -> None:
    argv = ["-v", "rami51", *match, "--record", str(tmp_path / where)]
    code, out, err = play(capsys, monkeypatch, "draw\n", *argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("rummykit: error: play: --record: ")


def test_game_settings_are_checked() -> None:
    variant = rk.load_variant("rami51")
    for players, seat, bots in ((2, 2, ("greedy",)), (2, 0, ()), (2, 0, ("clever",)), (9, 0, ("greedy",))):
        with pytest.raises(ValueError, match=r"seat|bots|players"):
            terminal.GameSettings(variant, players, seat, bots)
    assert terminal.GameSettings(variant, 3, 1, ("greedy", "random")).bot_name(2) == "random"


def test_a_record_file_name_with_a_nul_byte_is_a_record_file_error() -> None:
    with pytest.raises(terminal.RecordFileError, match="embedded null byte"):
        terminal.check_record_file(Path("x\x00y"))


def test_checking_the_record_file_leaves_no_file(tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    terminal.check_record_file(path)
    assert not path.exists()
    path.write_text("old")
    terminal.check_record_file(path)
    assert path.read_text() == "old"


# --------------------------------------------------------------------------- whole matches


def test_a_whole_match_against_a_bot_with_its_records(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "match.json"
    code, text = run_player(capsys, monkeypatch, never_melds, "-v", "rami51", "--seed", "4", "--match",
                            "--record", str(path))  # fmt: skip
    assert code == 0
    assert "A match of Rami 51 (Referentieregels): 2 rounds. You are seat 0." in text
    first, second = text.index("Scores after round 1:"), text.index("Scores after round 2:")
    assert first < text.index("== Round 2") < second
    table = text.split("Scores after round 2:")[1]
    rows = re.findall(r"^ +(\w+) +(-?\d+) +(-?\d+)$", table, re.M)
    assert [r[0] for r in rows] == ["1", "2", "total"]
    for column in (1, 2):
        assert int(rows[0][column]) + int(rows[1][column]) == int(rows[2][column])
    totals = [int(rows[2][1]), int(rows[2][2])]
    best = min(totals)
    names = ", ".join(["you", "seat 1 (greedy)"][seat] for seat, total in enumerate(totals) if total == best)
    assert f"The match is over after 2 rounds: {names} won." in text
    endings = [e.replace(" ", "_") for e in re.findall(r"won the round \(([\w ]+)\)", text)]
    assert len(endings) == 2
    for number, ending in enumerate(endings, 1):
        saved = tmp_path / f"match-round{number}.json"
        assert f"Record saved to {saved}." in text
        assert main(["replay", str(saved)]) == 0
        assert f"; {ending}, winners" in capsys.readouterr().out
    assert not path.exists()


def test_a_player_out_of_the_match_decides(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """kalooki eliminates: the player is asked to rebuy or retire (anything
    else is asked again), and plays on after buying back."""
    decided: list[str] = []

    def answer(printed: str, prompt: str) -> str:
        if prompt.startswith("You are out of the match"):
            decided.append(prompt)
            return "maybe" if len(decided) == 1 else "rebuy"
        if len(decided) > 1:
            return "quit" if prompt.startswith("your move") else "y"
        return never_melds(printed, prompt)

    code, text = run_player(capsys, monkeypatch, answer, "-v", "kalooki", "--players", "3", "--seed", "1",
                            "--match")  # fmt: skip
    assert code == 0 and len(decided) == 2
    after = text.split("[rebuy/retire] rebuy\n", 1)[1]
    assert re.search(r"== Round \d+, dealt by seat \d", after) and "your hand:" in after


def test_a_player_who_retires_watches_the_bots_finish_the_match(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def answer(printed: str, prompt: str) -> str:
        if prompt.startswith("You are out of the match"):
            return "retire"
        return never_melds(printed, prompt)

    code, text = run_player(capsys, monkeypatch, answer, "-v", "kalooki", "--players", "3", "--seed", "1",
                            "--match")  # fmt: skip
    assert code == 0
    after = text.split("[rebuy/retire] retire\n", 1)[1]
    assert "You are not in this round; the bots play it." in after and "your hand:" not in after
    assert re.search(r"Seat [12] \(greedy\) won the round \([\w ]+\)\.\n   Scores of the round: "
                     r"seat 1 \(greedy\) \d+, seat 2 \(greedy\) \d+\.", after)  # fmt: skip
    assert re.search(r"The match is over after \d+ rounds: seat [12] \(greedy\) won\.", after)
    assert re.search(r"^ +\d+ +- +\d+ +\d+$", after, re.M)  # no score in a round not played


def test_a_round_without_every_seat_says_who_plays_it() -> None:
    match = Match.start(rk.load_variant("kalooki"), players=3, first_dealer=2)
    assert terminal.round_intro(match, 1) == ["== Round 1, dealt by seat 2"]
    match = match.record(RoundResult("went_out", 1, (1,), (200, 0, 10))).decide(0, "retire")
    assert terminal.round_intro(match, 1)[1:] == [
        "   This round is played by seats [1, 2]; you are seat 0 in it."
    ]
    assert terminal.round_intro(match, 0)[1:] == ["   You are not in this round; the bots play it."]


def test_the_score_table_shows_the_last_rounds() -> None:
    match = Match.start(rk.load_variant("rummy500"), players=2)
    lines = terminal.score_table(match, 1)
    assert lines[1].split() == ["round", "seat", "0", "you", "(1)"]
    assert lines[-2].split() == ["total", "0", "0"] and lines[-1] == "The highest total wins."
    for _ in range(terminal.TABLE_ROUNDS + 3):
        match = match.record(RoundResult("went_out", 0, (0,), (10, 0)))
    lines = terminal.score_table(match, 1)
    assert lines[2].split() == ["..."] and lines[3].split() == ["4", "10", "0"]
    assert len(lines) == terminal.TABLE_ROUNDS + 5
    assert lines[-2].split() == ["total", str(10 * (terminal.TABLE_ROUNDS + 3)), "0"]


# --------------------------------------------------------------------------- the messages


def test_every_message_is_used_and_its_fields_are_named() -> None:
    play = ROOT / "src" / "rummykit" / "play"
    source = (play / "screen.py").read_text()
    code = source.split('"""Every line of the game', 1)[1]  # after the table of messages
    code += (play / "terminal.py").read_text()  # the game itself, which the screen serves
    for key, template in MESSAGES.items():
        assert f'"{key}"' in code, key
        fields = [name for _, name, _, _ in string.Formatter().parse(template) if name]
        assert all(name.isidentifier() for name in fields), (key, fields)
    assert say("drew", cards="7h") == "   You drew 7h."


# --------------------------------------------------------------------------- a real process


def test_the_command_plays_from_a_pipe(tmp_path: Path) -> None:
    path = tmp_path / "piped.json"
    done = subprocess.run(
        [sys.executable, "-m", "rummykit.play.cli", "play", "-v", "romme51", "--seed", "3",
         "--record", str(path)],
        input="help\ndraw\nquit\ny\n", capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0 and done.stderr == ""
    assert "You drew" in done.stdout and "Quit the game? [y/N]" in done.stdout
    assert main(["replay", str(path)]) == 0


# --------------------------------------------------------------------------- words, not lists


def test_the_state_is_told_in_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = play(capsys, monkeypatch, "quit\ny\n", "-v", "rami51", "--seed", "5")
    assert "-- turn 1: your move (draw, take)" in out
    assert "   cards in hand: you 13, seat 1 (greedy) 13\n" in out
    assert "   You have not opened; seat 1 (greedy) has not.\n" in out
    assert "   your hand: 2c 5c  2d Ad  7h Ah  2s 3s 6s 8s Ts Ks  JK\n" in out  # by suit: runs show
    assert "[" not in out.split("your hand")[0]  # no Python lists
    _, out, _ = play(capsys, monkeypatch, "quit\ny\n", "-v", "gin", "--seed", "5", "--seat", "1")
    assert "-- turn 1: your move (take, pass)" in out and "opened" not in out  # gin melds only to knock
    state = rk.deal(rk.load_variant("gin"), players=2, seed=5)
    assert screen.show(state, 1)[0] == "-- turn 1: seat 0 to move (first_upcard)"


def test_who_has_opened_is_a_sentence() -> None:
    names = ("you", "seat 1 (greedy)", "seat 2 (random)")
    line = screen.opened_line((True, False, True), 0, names)
    assert line == "   You have opened; seat 1 (greedy) has not; seat 2 (random) has opened."
    assert screen.opened_line((False, True), None, ("seat 0", "seat 1")) == (
        "   Seat 0 has not; seat 1 has opened."
    )


def finished_round(ref: str, seed: int) -> rk.RoundState:
    from rummykit.play.bots import GreedyBot

    variant = rk.load_variant(ref)
    state = rk.deal(variant, players=2, seed=seed)
    bots = [GreedyBot(variant, seed=seed), GreedyBot(variant, seed=seed + 1)]
    while not state.is_over:
        state = state.apply(bots[state.to_move].choose(state.view(state.to_move)))
    return state


def test_the_end_of_the_round_is_told_to_the_player() -> None:
    state = finished_round("rami51", 3)
    result = state.result
    assert result is not None and len(result.winners) == 1
    winner = result.winners[0]
    names = ("you", "seat 1 (greedy)")
    for seat in (winner, 1 - winner):
        lines = screen.round_over_lines(state, seat, names)
        if seat == winner:
            assert lines[0] == f"You won the round ({ending_words(result.ending)})."
        else:
            assert lines[0] == f"{names[winner][0].upper()}{names[winner][1:]} won the round (went out)."
        scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(result.scores))
        assert lines[1] == f"   Scores of the round: {scores}."
        assert len(lines) == 4 and lines[2 + winner].endswith("held no cards.")
        loser = lines[3 - winner]
        assert all(str(card) in loser for card in state.hands[1 - winner])


@pytest.mark.parametrize(("ref", "line"), [("rami51", "at least 51 points"), ("gin", "Gin")])
def test_the_rules_command_prints_the_variants_rules(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, ref: str, line: str
) -> None:
    """``rules`` prints what ``rummykit rules VARIANT --format text`` prints."""
    _, out, _ = play(capsys, monkeypatch, "rules\nquit\ny\n", "-v", ref, "--seed", "1")
    variant = rk.load_variant(ref)
    lines = screen.rules_lines(variant)
    assert "\n".join(lines) in out and line in out
    assert main(["rules", ref, "--format", "text"]) == 0
    assert capsys.readouterr().out.rstrip("\n").splitlines() == lines
    assert lines[0] == f"RULES OF {variant.name.upper()}"
    assert "rules" in terminal.COMMANDS


def test_the_rules_command_speaks_the_games_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = play(capsys, monkeypatch, "rules\nquit\nj\n", "-v", "rami51", "--seed", "1", "--lang", "nl")
    with speaking("nl"):
        lines = screen.rules_lines(rk.load_variant("rami51"))
    assert "\n".join(lines) in out and lines != screen.rules_lines(rk.load_variant("rami51"))
