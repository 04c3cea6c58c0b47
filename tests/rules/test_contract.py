"""Contract Rummy's mechanisms beyond the conformance cases (R-CON-*): the
deal number through deals, matches, JSON and records; a buy by the seat that
acts; views and legal moves per seat; the greedy bot's contracts; simulate."""

from __future__ import annotations

import json

import pytest

import rummykit as rk
from rummykit.core.moves import Buy, Meld, Shift
from rummykit.play.bots import GreedyBot
from rummykit.play.cli import main
from rummykit.play.simulate import simulate
from rummykit.round.match_play import Match
from rummykit.variant.model import variant_warnings

CONTRACT = rk.load_variant("contract")
BUYING = {
    "variant": "contract",
    "players": 3,
    "hands": ["2c 5d", "5c 9h", "4c 8d"],
    "discard": "Kd",
    "stock": "3c 3d 3s",
}


def test_a_match_deals_each_deal_with_its_own_hand_size() -> None:
    match = Match.start(CONTRACT, players=3)
    sizes = []
    while not match.is_over:
        state = match.deal_next(seed=len(match.results))
        assert state.deal_number == len(match.results) + 1
        sizes.append(len(state.hands[0]))
        match = match.record(rk.RoundResult("went_out", 0, (0,), (0, 5, 5)))
    assert sizes == [10, 10, 10, 10, 12, 12, 12]


def test_a_buy_is_made_for_the_seat_that_acts() -> None:
    state = rk.position_from_dict(BUYING).apply("draw", seat=0)
    with pytest.raises(rk.IllegalMove) as info:
        state.apply(Buy())  # no seat named
    assert info.value.code == "buy.not-available"
    with pytest.raises(rk.IllegalMove) as info:
        state.apply("1: buy", seat=2)
    assert info.value.code == "turn.not-your-turn"
    bought = state.apply(Buy(), seat=1)
    assert bought.buys == (0, 1, 0) and bought.to_move == 0 and not bought.buy_window
    assert state.apply("1: buy") == bought


def test_views_list_the_buy_for_the_seats_that_may_buy() -> None:
    state = rk.position_from_dict({**BUYING, "turns_played": 3})
    assert [state.view(s).legal for s in (1, 2)] == [(), ()]
    drawn = state.apply("draw")
    # Seat 2 discarded the upcard (turns were played): only seat 1 may buy.
    assert [drawn.view(s).legal for s in (1, 2)] == [(Buy(),), ()]
    assert drawn.view(None).legal == ()
    assert Buy() not in drawn.legal_moves()


def test_a_state_with_buys_and_an_open_window_round_trips_through_json() -> None:
    state = rk.position_from_dict({**BUYING, "deal_number": 6, "buys": [1, 0, 2]}).apply("draw")
    doc = json.loads(rk.to_json(state))
    assert (doc["deal_number"], doc["buys"], doc["buy_window"]) == (6, [1, 0, 2], True)
    again = rk.from_json(rk.to_json(state))
    assert again == state
    assert again.apply("1: buy").hands[1] == state.apply("1: buy").hands[1]


def test_other_variants_write_no_contract_keys() -> None:
    doc = json.loads(rk.to_json(rk.deal(rk.load_variant("rami51"), players=2, seed=1)))
    assert not {"deal_number", "buys", "buy_window"} & set(doc)


def test_a_record_keeps_the_deal_number_and_the_buyer() -> None:
    state = rk.deal(CONTRACT, players=3, seed=4, dealer=2, deal_number=5)
    record = rk.Record.start(state)
    record, state = record.advance("draw", state)
    record, state = record.advance("2: buy", state)
    assert record.moves[-1] == "2: buy"
    again = rk.from_json(rk.to_json(record))
    assert again.deal_number == 5 and again.replay() == state
    assert len(again.initial().hands[0]) == 12


def test_shift_moves_are_listed_and_round_trip_as_text() -> None:
    state = rk.position_from_dict(
        {
            "variant": "contract",
            "players": 3,
            "hands": ["6h 2c", "5s", "4s"],
            "phase": "play",
            "opened": [True, False, False],
            "table": [{"owner": 1, "cards": "5h JK=6h 7h 8h"}],
        }
    )
    shifts = [m for m in state.legal_moves() if isinstance(m, Shift)]
    assert [str(m) for m in shifts] == ["shift 1 6h JK=4h", "shift 1 6h JK=9h"]
    assert rk.parse_move(str(shifts[1])) == shifts[1]
    after = state.apply(shifts[1])
    assert after.table[0].credits == (1, 0, 1, 1, 1)


def test_greedy_goes_down_when_its_hand_holds_the_contract() -> None:
    position = {
        "variant": "contract",
        "players": 3,
        "deal_number": 2,
        "hands": ["7h 7s 7d 5c 6c 7c 8c 2d Kd", "5s", "4s"],
        "phase": "play",
    }
    state = rk.position_from_dict(position)
    bot = GreedyBot(CONTRACT)
    played = []
    while state.to_move == 0 and state.phase == "play":
        move = bot.choose(state.view(0))
        played.append(move)
        state = state.apply(move)
    melds = sorted(str(m) for m in played if isinstance(m, Meld))
    assert melds == ["meld 5c 6c 7c 8c", "meld 7d 7h 7s"]
    assert state.opened[0]


def test_greedy_lays_no_meld_that_is_not_the_contract() -> None:
    position = {"variant": "contract", "players": 3, "hands": ["7h 7s 7d 2c 3c 4c 5c 9d", "5s", "4s"]}
    state = rk.position_from_dict({**position, "phase": "play"})
    move = GreedyBot(CONTRACT).choose(state.view(0))
    assert not isinstance(move, Meld)  # deal 1 wants two sets; one set and a run are not it


def test_simulate_plays_a_contract_match() -> None:
    report = simulate("contract", players=3, bots=["greedy", "random"], matches=1, seed=3, workers=1)
    assert report.rounds == 7
    assert [len(s.scores) for s in report.summaries] == [3] * 7
    assert sum(report.seat_wins()) == pytest.approx(7)


def test_the_simulate_command_plays_contract_with_its_fewest_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["simulate", "-v", "contract", "--bots", "greedy,random", "--matches", "1", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0 and "contract, 3 players" in out and "7 rounds" in out


def test_the_terminal_game_offers_the_upcard_out_of_turn(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The offer, declined here (a buy made: tests/play/test_terminal.py), and the deal's contract."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("n\nquit\ny\n"))
    code = main(["play", "-v", "contract", "--seat", "2", "--seed", "3", "--bots", "greedy"])
    out = capsys.readouterr().out
    assert code == 0
    assert "seat 1: draw\nBuy Ac (the price: 1 more card(s) from the stock)? [y/N]" in out
    assert "this deal's contract: 2 sets" in out and "Quit the game? [y/N]" in out


def test_buy_keys_and_the_shift_warn_where_they_cannot_act() -> None:
    child = rk.loads_variant('[meta]\nid = "quiet"\nname = "quiet"\nextends = "rami51"\n[buy]\nlimit = 3\n')
    assert [str(w) for w in variant_warnings(child)] == [
        "warning: buy.limit: does nothing while `buy.allowed` is false."
    ]
    assert variant_warnings(CONTRACT) == []


def test_greedy_buys_an_upcard_that_goes_into_its_melds_before_going_down() -> None:
    position = {
        "variant": "contract",
        "players": 3,
        "hands": ["2c 5d", "Kc Ks 9h 9d 4s", "4c 8d"],
        "discard": "Kd",
        "stock": "3c 3d 3s",
    }
    state = rk.position_from_dict(position).apply("draw")
    bot = GreedyBot(CONTRACT)
    assert bot.wants_buy(state.view(1))  # Kd makes three kings: 20 + 10 saved
    assert not bot.wants_buy(state.view(2))  # Kd fits nothing in 4c 8d
    gone_down = rk.position_from_dict({**position, "opened": [False, True, False]}).apply("draw")
    assert not bot.wants_buy(gone_down.view(1))  # no new meld after going down
    assert not bot.wants_buy(rk.position_from_dict(position).view(1))  # no window before the draw


def test_simulated_contract_rounds_record_their_buys_and_replay() -> None:
    from rummykit.play.simulate import play_round

    summary = play_round("contract", 4, ["greedy", "random"] * 2, seed=11, dealer=0, keep_record=True)
    assert summary.record is not None
    record = rk.from_json(summary.record)
    assert any(move.endswith(": buy") for move in record.moves)
    assert record.replay().result == record.result


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"deal_number": 8}, "$.deal_number"),
        ({"phase": "draw", "turn": {"source": "none", "start_jokers": 0, "new_melds": [], "laid_off": [],
                                    "swaps": 0, "steps": []}}, "$.buy_window"),
    ],
)  # fmt: skip
def test_a_document_with_impossible_contract_keys_is_refused(change: dict[str, object], path: str) -> None:
    state = rk.position_from_dict(BUYING).apply("draw")
    doc = json.loads(rk.to_json(state))
    doc.update(change)
    with pytest.raises(rk.JSONError) as info:
        rk.from_json(json.dumps(doc))
    assert info.value.path == path


def test_buys_in_a_variant_without_buying_are_refused() -> None:
    doc = json.loads(rk.to_json(rk.deal(rk.load_variant("rami51"), players=2, seed=1)))
    doc["buys"] = [1, 0]
    with pytest.raises(rk.JSONError) as info:
        rk.from_json(json.dumps(doc))
    assert info.value.path == "$.buys"


def test_a_view_of_a_contract_deal_round_trips_as_a_document() -> None:
    state = rk.deal(CONTRACT, players=3, seed=1, deal_number=6).apply("draw")
    seat = (state.to_move + 1) % 3
    view = rk.from_json(rk.to_json(state.view(seat)))
    assert view.deal_number == 6 and [str(m) for m in view.legal] == ["buy"]


@pytest.mark.parametrize("players", [3, 5])
def test_legal_moves_of_every_seat_are_exact_through_random_rounds(players: int) -> None:
    """In random rounds with random buys: a seat not to move lists ``buy``
    exactly when apply accepts it; the mover's listed moves are all accepted,
    and a shift of any run joker whose card the mover holds, to a few
    places, is accepted only when listed."""
    import random

    from rummykit.testing import check_invariants, random_playout

    rng = random.Random(players)
    start = rk.deal(CONTRACT, players=players, seed=players, deal_number=players)
    for state in random_playout(start, rng, max_moves=400):
        check_invariants(state)
        if state.phase == "over":
            break
        for seat in range(players):
            if seat == state.to_move:
                continue
            listed = state.legal_moves(seat) == [Buy()]
            try:
                state.apply(Buy(), seat=seat)
            except rk.IllegalMove:
                assert not listed
            else:
                assert listed
        legal = state.legal_moves()
        results = {state.apply(m) for m in legal}
        hand = state.hands[state.to_move]
        for index, entry in enumerate(state.table):
            for slot in entry.meld.joker_slots():
                target = slot.stands_for
                if target is None or target not in hand:
                    continue
                for end in ("4h", "9h", "As", "Kc"):
                    move = Shift(index + 1, target, rk.Card(f"JK={end}"))
                    try:
                        after = state.apply(move)
                    except rk.IllegalMove:
                        continue
                    assert after in results, f"{move} was accepted but not listed"


def _run_to_finish(hand: str) -> rk.RoundState:
    """Seat 0, gone down, to lay off onto a run of hearts from 2 to king
    (an ace may go at either end: R-CON-07)."""
    return rk.position_from_dict(
        {
            "variant": "contract",
            "players": 3,
            "hands": [hand, "5d 6d", "4s 8s"],
            "phase": "play",
            "opened": [True, True, False],
            "table": [{"owner": 1, "cards": "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"}],
            "deal_number": 2,
        }
    )


def test_one_ace_is_laid_off_at_one_end_of_a_run_and_listed_once() -> None:
    """Places 1 and 14 of a run are the same card: with one ace in hand,
    ``layoff 1 Ah Ah`` (both ends) is not listed (apply refuses it), and
    ``layoff 1 Ah`` is listed once; with two aces both ends are listed."""
    state = _run_to_finish("Ah 5c 9d")
    layoffs = [str(m) for m in state.legal_moves() if str(m).startswith("layoff")]
    assert layoffs == ["layoff 1 Ah"]
    with pytest.raises(rk.IllegalMove) as refused:
        state.apply("layoff 1 Ah Ah")
    assert refused.value.code == "card.not-in-hand"
    two = _run_to_finish("Ah Ah 5c 9d")
    layoffs = [str(m) for m in two.legal_moves() if str(m).startswith("layoff")]
    assert layoffs == ["layoff 1 Ah", "layoff 1 Ah Ah"]
    assert two.apply("layoff 1 Ah Ah").table[0].meld.notation() == "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah"


def test_two_copies_of_a_card_in_hand_list_each_lay_off_onto_a_set_once() -> None:
    state = rk.position_from_dict(
        {
            "variant": "contract",
            "players": 3,
            "hands": ["2h 2s 2s 9d", "5d 6d", "4s 8s"],
            "phase": "play",
            "opened": [True, True, False],
            "table": [{"owner": 1, "cards": "2c 2d 2d"}],
        }
    )
    layoffs = [str(m) for m in state.legal_moves() if str(m).startswith("layoff")]
    assert layoffs == ["layoff 1 2h", "layoff 1 2s", "layoff 1 2h 2s", "layoff 1 2s 2s", "layoff 1 2h 2s 2s"]


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ('[opening]\nkind = "contract"\n', "contract.deals"),
        ("[match]\nrounds = 8\n", "contract.deals"),
        ("[[contract.deals]]\nhand_size = 10\n", "contract.deals[0]"),
        ("[[contract.deals]]\nhand_size = 30\nsets = 1\n", "contract.deals[0].hand_size"),
    ],
)
def test_impossible_contracts_are_load_errors(text: str, path: str) -> None:
    base = "rami51" if "kind" in text else "contract"
    with pytest.raises(rk.VariantError) as info:
        rk.loads_variant(f'[meta]\nid = "bad"\nname = "bad"\nextends = "{base}"\n{text}')
    assert path in [problem.path for problem in info.value.problems]
