"""Matches by elimination (R-KAL-14): ``match.rounds = "until_one_left"``,
``match.eliminate_above``, ``match.buy_back``; the Elimination match stage,
Match's ``active`` / ``pending`` / ``decide``, match cases with ``play``, and
simulated matches."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummykit.play.simulate
from rummykit.core.errors import IllegalMove, VariantError
from rummykit.core.round_values import RoundResult
from rummykit.play.cli import main
from rummykit.play.conformance import CaseFileError, run_case_file
from rummykit.play.simulate import play_match, simulate
from rummykit.round.match_play import Match
from rummykit.rules.match import Elimination, FixedRounds
from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import Variant, load_variant, loads_variant, variant_warnings

ROOT = Path(__file__).resolve().parents[2]
ELIMINATION = str(ROOT / "tests" / "conformance" / "variants" / "elimination.toml")
LIMIT = 150


def child(**match: Any) -> Variant:
    """Rami 51 with these [match] keys."""
    lines = ["[meta]", 'id = "elim_test"', 'name = "elimination test"', 'extends = "rami51"', "[match]"]
    for key, value in match.items():
        lines.append(f"{key} = {value!r}".replace("'", '"'))
    return loads_variant("\n".join(lines))


def variant(buy_back: bool = True, direction: str = "clockwise") -> Variant:
    text = f"""
[meta]
id = "elim_test"
name = "elimination test"
extends = "rami51"
[seating]
direction = "{direction}"
[match]
rounds = "until_one_left"
eliminate_above = {LIMIT}
buy_back = "{"once_at_highest_survivor" if buy_back else "none"}"
"""
    return loads_variant(text)


def start(players: int, first_dealer: int = 0, **keys: Any) -> Match:
    return Match.start(variant(**keys), players=players, first_dealer=first_dealer)


def play(match: Match, *scores: int) -> Match:
    """Record a round given one score per seat in play (round seat order)."""
    return match.record(RoundResult("went_out", None, (), scores))


# --------------------------------------------------------------------------- the keys


def test_the_keys_default_to_off_and_every_bundled_variant_keeps_its_match_stage() -> None:
    rami = load_variant("rami51")
    assert rami.match.eliminate_above == 0 and rami.match.buy_back == "none"
    assert isinstance(rules_of(rami).match, FixedRounds)
    assert isinstance(rules_of(variant()).match, Elimination)


def test_until_one_left_needs_a_limit() -> None:
    with pytest.raises(VariantError) as info:
        child(rounds="until_one_left")
    assert [p.path for p in info.value.problems] == ["match.eliminate_above"]
    assert "until_one_left" in info.value.problems[0].expected


def test_rounds_refuses_an_unknown_word() -> None:
    with pytest.raises(VariantError) as info:
        child(rounds="until_two_left")
    assert "until_one_left" in info.value.problems[0].expected


def test_elimination_keys_without_until_one_left_warn() -> None:
    warned = child(eliminate_above=100, buy_back="once_at_highest_survivor")
    found = {w.path: w.message for w in variant_warnings(warned)}
    assert set(found) == {"match.eliminate_above", "match.buy_back"}
    assert "until_one_left" in found["match.buy_back"]
    assert variant_warnings(variant()) == []


def test_elimination_keys_idle_under_a_target_warn() -> None:
    warned = child(target=500, rounds="until_one_left", eliminate_above=100)
    assert {w.path for w in variant_warnings(warned)} == {"match.rounds", "match.eliminate_above"}


def test_rounds_options_idle_under_until_one_left_warn() -> None:
    warned = child(rounds="until_one_left", eliminate_above=100, rounds_options=[5])
    assert [w.path for w in variant_warnings(warned)] == ["match.rounds_options"]


def test_check_variant_prints_the_warning(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "warned.toml"
    path.write_text('[meta]\nid = "warned"\nname = "w"\nextends = "rami51"\n[match]\neliminate_above = 100\n')
    assert main(["check-variant", str(path)]) == 0
    assert "warned.toml: match.eliminate_above: does nothing unless" in capsys.readouterr().err


# --------------------------------------------------------------------------- the stage


def test_a_match_by_elimination_has_no_fixed_length() -> None:
    match = start(3)
    assert match.rounds == 0 and match.active == (0, 1, 2) and match.pending == () and not match.is_over
    with pytest.raises(ValueError, match="0 rounds"):
        Match.start(variant(), players=3, rounds=5)


def test_a_seat_over_the_limit_is_asked_and_buys_back_at_the_highest_total_still_in() -> None:
    match = play(start(4), 160, 90, 151, 0)  # seat 2 over too: not a survivor
    assert match.pending == (0, 2) and match.active == (1, 3) and not match.is_over
    match = match.decide(2, "rebuy").decide(0, "rebuy")
    assert match.totals == (90, 90, 90, 0) and match.active == (0, 1, 2, 3) and match.pending == ()


def test_decisions_are_order_independent() -> None:
    after = play(start(5), 160, 170, 30, 80, 10)
    one = after.decide(0, "rebuy").decide(1, "retire")
    other = after.decide(1, "retire").decide(0, "rebuy")
    assert one.totals == other.totals == (80, 170, 30, 80, 10)
    assert one.active == other.active == (0, 2, 3, 4)


def test_without_buy_back_a_seat_over_the_limit_leaves_at_once() -> None:
    match = play(start(4, buy_back=False), 160, 0, 0, 0)
    assert match.pending == () and match.active == (1, 2, 3)
    with pytest.raises(IllegalMove) as info:
        match.decide(0, "rebuy")
    assert info.value.code == "match.no-rebuy" and "no buy-back" in info.value.message


def test_no_rebuy_codes_name_their_reason() -> None:
    too_few = play(start(3), 151, 160, 40)
    with pytest.raises(IllegalMove, match="two other seats") as info:
        too_few.decide(0, "rebuy")
    assert info.value.code == "match.no-rebuy"
    used = play(play(start(4), 151, 0, 0, 0).decide(0, "rebuy"), 200, 0, 0, 0)
    with pytest.raises(IllegalMove, match="once already"):
        used.decide(0, "rebuy")
    retired = play(start(4), 151, 0, 0, 0).decide(0, "retire")
    with pytest.raises(IllegalMove, match="decided already"):
        retired.decide(0, "rebuy")
    later = play(retired, 0, 0, 0)
    with pytest.raises(IllegalMove, match="right after the deal"):
        later.decide(0, "rebuy")


def test_a_seat_with_nothing_to_decide_is_refused_with_no_decision() -> None:
    match = play(start(4), 151, 0, 0, 0)
    for seat, choice in ((1, "rebuy"), (1, "retire")):
        with pytest.raises(IllegalMove) as info:
            match.decide(seat, choice)
        assert info.value.code == "match.no-decision"
    retired = match.decide(0, "retire")
    with pytest.raises(IllegalMove) as info:
        retired.decide(0, "retire")
    assert info.value.code == "match.no-decision"


def test_a_variant_without_elimination_has_no_decisions() -> None:
    match = Match.start(load_variant("rami51"), players=2)
    assert match.active == (0, 1) and match.pending == ()
    codes = []
    for choice in ("rebuy", "retire"):
        with pytest.raises(IllegalMove) as info:
            match.decide(0, choice)
        codes.append(info.value.code)
    assert codes == ["match.no-rebuy", "match.no-decision"]


def test_decide_refuses_bad_input() -> None:
    match = play(start(4), 151, 0, 0, 0)
    with pytest.raises(ValueError, match="rebuy, retire"):
        match.decide(0, "stay")
    with pytest.raises(ValueError, match="from 0 to 3"):
        match.decide(4, "rebuy")


def test_the_last_seat_in_wins() -> None:
    match = play(start(3), 0, 160, 20).decide(1, "retire")
    match = play(match, 151, 0)
    assert match.is_over and match.winners == (2,) and match.active == (2,)
    with pytest.raises(ValueError, match="over"):
        play(match, 0)


def test_all_over_in_one_deal_the_best_total_wins_ties_share() -> None:
    match = play(play(start(3), 100, 151, 100).decide(1, "retire"), 60, 60)
    assert match.is_over and match.active == () and match.winners == (0, 2)
    alone = play(play(start(3), 100, 151, 110).decide(1, "retire"), 60, 60)
    assert alone.winners == (0,)


def test_deal_next_and_record_refuse_while_a_seat_must_decide() -> None:
    match = play(start(4), 151, 0, 0, 0)
    with pytest.raises(ValueError, match=r"seat\(s\) 0 must decide"):
        match.deal_next(seed=1)
    with pytest.raises(ValueError, match="must decide"):
        play(match, 0, 0, 0)


def test_a_round_is_dealt_to_the_seats_in_play_and_mapped_back() -> None:
    match = play(start(4, first_dealer=0), 0, 160, 20, 30).decide(1, "retire")
    assert match.dealer_of(1) == 2  # seat 1 is skipped
    state = match.deal_next(seed=5)
    assert len(state.hands) == 3 and state.dealer == 1  # round seat 1 = match seat 2
    with pytest.raises(ValueError, match=r"one score per seat in play \(3\)"):
        play(match, 0, 0, 0, 0)
    after = match.record(RoundResult("went_out", 2, (2,), (10, 20, 0)))
    kept = after.results[-1]
    assert kept.scores == (10, 0, 20, 0) and kept.winner == 3 and kept.winners == (3,)
    assert after.played(1) == (0, 2, 3) and after.played(0) == (0, 1, 2, 3)


def test_the_deal_passes_against_the_clock_too() -> None:
    match = play(start(4, first_dealer=0, direction="counterclockwise"), 0, 0, 0, 160).decide(3, "retire")
    assert [match.dealer_of(i) for i in range(3)] == [0, 2, 1]


# --------------------------------------------------------------------------- the property


DECISION = st.tuples(st.integers(0, 4), st.sampled_from(["rebuy", "retire"]))
STEP = st.one_of(st.lists(st.integers(0, 200), min_size=5, max_size=5), DECISION)


@given(st.integers(2, 5), st.integers(0, 4), st.lists(STEP, max_size=30))
def test_random_matches_stay_consistent_and_always_end(players: int, dealer: int, steps: list[Any]) -> None:
    match = start(players, first_dealer=dealer % players)
    for step in steps:
        if match.is_over:
            break
        if isinstance(step, tuple):
            match = _decide_or_check_unchanged(match, step[0] % players, step[1])
        elif not match.pending:
            match = play(match, *step[: len(match.active)])
        _check_consistent(match)
    # From any position, every seat in play going over ends the match: a seat
    # buys back at most once, so this takes at most one deal per seat, plus one.
    for _ in range(players + 1):
        if match.is_over:
            break
        for seat in match.pending:
            match = match.decide(seat, "rebuy")
        match = play(match, *([LIMIT + 1] * len(match.active)))
        _check_consistent(match)
    assert match.is_over and match.winners


def _decide_or_check_unchanged(match: Match, seat: int, choice: str) -> Match:
    before = (match.totals, match.active, match.pending, match.decisions, match.is_over)
    try:
        return match.decide(seat, choice)
    except IllegalMove as refusal:
        assert refusal.code in ("match.no-rebuy", "match.no-decision")
        assert seat not in match.pending
        assert (match.totals, match.active, match.pending, match.decisions, match.is_over) == before
        return match


def _check_consistent(match: Match) -> None:
    totals = match.totals
    assert set(match.active).isdisjoint(match.pending)
    assert list(match.active) == sorted(match.active)
    for seat in match.active:
        assert totals[seat] <= LIMIT
    for seat in match.pending:
        assert totals[seat] > LIMIT
    bought = {d.seat for d in match.decisions if d.choice == "rebuy"}
    assert len(bought) == sum(1 for d in match.decisions if d.choice == "rebuy")  # once per seat
    for index, result in enumerate(match.results):
        for seat in range(match.players):
            assert seat in match.played(index) or result.scores[seat] == 0
    if match.is_over:
        assert len(match.active) <= 1 and not match.pending
        assert set(match.winners) <= set(match.active or match.played(len(match.results) - 1))


# --------------------------------------------------------------------------- match cases


def _case_file(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "cases.toml"
    path.write_text(f'variant = "{ELIMINATION}"\n[[match]]\nname = "t"\nplayers = 3\n{body}\n')
    return path


def test_the_elimination_case_file_passes() -> None:
    results = run_case_file(ROOT / "tests" / "conformance" / "scenarios_elimination.toml")
    assert results and all(r.passed for r in results)
    assert all(r.name.startswith("R-KAL-14: ") for r in results)


def test_a_seat_out_of_play_must_score_0(tmp_path: Path) -> None:
    path = _case_file(tmp_path, "play = [[151, 160, 40], [5, 0, 0]]\nexpect = { over = true }")
    with pytest.raises(CaseFileError, match="seat 0 is not in play and must score 0"):
        run_case_file(path)


@pytest.mark.parametrize(
    ("play", "message"),
    [
        ("[[1, 2]]", "one score per match seat"),
        ('["0 rebuy"]', "SEAT: rebuy"),
        ('["0: stay"]', "rebuy, retire"),
        ("[[1, 2, 3], true]", "play should mix"),
    ],
)
def test_bad_play_entries_are_case_file_errors(tmp_path: Path, play: str, message: str) -> None:
    with pytest.raises(CaseFileError, match=message):
        run_case_file(_case_file(tmp_path, f"play = {play}\nexpect = {{ over = false }}"))


@pytest.mark.parametrize(
    ("play", "expect", "got"),
    [
        # a refusal that is not expected fails the case
        ('[[151, 20, 30], "1: retire"]', "{ active = [1, 2] }", "refused (match.no-decision)"),
        # a refusal before the last decision fails the case
        ('[[151, 20, 30], "1: retire", "0: rebuy"]', '{ refused = "match.no-decision" }', "refused"),
        # an expected refusal that does not happen fails the case
        ('[[151, 20, 30], "0: rebuy"]', '{ refused = "match.no-rebuy" }', "refused None"),
        # the wrong code fails the case
        ('[[0, 0, 0], "0: rebuy"]', '{ refused = "match.no-rebuy" }', "match.no-decision"),
    ],
)
def test_refused_decisions_are_checked(tmp_path: Path, play: str, expect: str, got: str) -> None:
    (result,) = run_case_file(_case_file(tmp_path, f"play = {play}\nexpect = {expect}"))
    assert not result.passed and got in result.got


def test_scores_still_record_whole_rounds(tmp_path: Path) -> None:
    (result,) = run_case_file(_case_file(tmp_path, "scores = [[151, 160, 40]]\nexpect = { active = [2] }"))
    assert result.passed


# --------------------------------------------------------------------------- simulation


def test_a_simulated_match_plays_the_seats_in_play_and_reports_by_match_seat() -> None:
    summaries, winners = play_match(ELIMINATION, 4, ("greedy", "random") * 2, seed=1)
    assert winners and len(summaries) > 1
    assert summaries[0].seats == (0, 1, 2, 3)
    shrunk = [s for s in summaries if len(s.seats) < 4]
    assert shrunk  # somebody left before the end
    for summary in summaries:
        assert len(summary.scores) == 4 and summary.bots == ("greedy", "random", "greedy", "random")
        assert all(summary.scores[seat] == 0 for seat in range(4) if seat not in summary.seats)
        assert set(summary.winners) <= set(summary.seats) and summary.dealer in summary.seats


def test_simulated_players_buy_back_whenever_they_may(monkeypatch: pytest.MonkeyPatch) -> None:
    decided: list[str] = []
    original = Match.decide

    def spy(self: Match, seat: int, choice: str) -> Match:
        decided.append(choice)
        return original(self, seat, choice)

    monkeypatch.setattr(Match, "decide", spy)
    for seed in range(3):
        play_match(ELIMINATION, 4, ("greedy",) * 4, seed=seed)
    assert decided and set(decided) == {"rebuy"}


def test_bot_statistics_count_only_the_rounds_a_seat_played() -> None:
    report = simulate(ELIMINATION, players=3, bots=["greedy", "random", "random"], matches=1, seed=2)
    played = sum(len(s.seats) for s in report.summaries)
    assert sum(int(e["played"]) for e in report.bot_stats().values()) == played


def test_simulate_matches_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "-v", ELIMINATION, "--players", "3", "--matches", "2", "--bots", "greedy,random"]
    code = main(args)
    out = capsys.readouterr().out
    assert code == 0 and "matches won by seat" in out


def test_the_match_round_limit_still_guards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rummykit.play.simulate, "MAX_MATCH_ROUNDS", 1)
    with pytest.raises(RuntimeError, match="more than 1 rounds"):
        play_match(ELIMINATION, 4, ("greedy",) * 4, seed=1)


def test_existing_matches_report_every_seat() -> None:
    summaries, _ = play_match("rami40", 2, ("random", "random"), seed=3)
    assert all(s.seats == (0, 1) for s in summaries)
    plain = attrs.evolve(summaries[0], seats=())
    assert plain.played(0) and plain.played(1)
