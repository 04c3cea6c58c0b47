"""Kalooki plays whole matches: greedy against random bots under
``rummykit simulate``, a match by elimination ending with one player left
(or the lowest total when everyone still in goes over together)."""

from __future__ import annotations

import rummykit as rk
from rummykit import load_variant
from rummykit.core.cards import Card
from rummykit.play.simulate import simulate
from rummykit.round.match_play import Match


def test_greedy_against_random_plays_kalooki_matches_to_the_end() -> None:
    report = simulate("kalooki", players=3, bots=["greedy", "random", "greedy"], matches=1, seed=1)
    assert len(report.matches) == 1 and report.summaries
    played = [s for s in report.summaries]
    # Every round is dealt to the seats still in, and scored by match seat.
    for summary in played:
        assert set(summary.seats) <= {0, 1, 2} and len(summary.scores) == 3
        assert all(summary.scores[seat] == 0 for seat in range(3) if seat not in summary.seats)
    assert len(played[-1].seats) >= 1
    # The greedy seats do better than the random one.
    greedy = sum(s.scores[0] + s.scores[2] for s in played) / 2
    assert greedy < sum(s.scores[1] for s in played)


def test_a_kalooki_match_has_no_fixed_length_and_every_seat_starts_in() -> None:
    match = Match.start(load_variant("kalooki"), players=5)
    assert match.rounds == 0 and match.active == (0, 1, 2, 3, 4) and not match.is_over


def test_a_set_joker_released_by_both_suits_in_either_order_is_one_move() -> None:
    """R-KAL-10: ``swap M C C`` lays every missing suit at once, so the order
    the cards are written in is no part of the move: both orders are equal
    moves, listed once, and give one state (the card of the lower code takes
    the joker's place and its placer's credit)."""
    state = rk.position_from_dict(
        {
            "variant": "kalooki",
            "players": 2,
            "hands": ["Kc Kd 5h 9s", "2s 3s"],
            "phase": "play",
            "opened": [True, True],
            "table": [{"owner": 1, "cards": "Kh Ks JK"}],
        }
    )
    written, listed = rk.parse_move("swap 1 Kd Kc"), rk.parse_move("swap 1 Kc Kd")
    assert written == listed and hash(written) == hash(listed)
    assert [move for move in state.legal_moves() if move == written] == [listed]
    after = state.apply(written)
    assert state.apply(listed) == after
    assert after.turn.laid_off == ((0, Card("Kc")), (0, Card("Kd")))
    entry = after.table[0]
    credits = {str(slot.card): credit for slot, credit in zip(entry.meld.slots, entry.credits, strict=True)}
    assert credits == {"Kc": 1, "Kd": 0, "Kh": 1, "Ks": 1}
