"""Every key of the deal, round-scoring and match stages acts: for each one,
two values give two different outcomes (issue 9, items 1 and 2).

A row names a key, two values, the variant it is written into, and what is
observed; the test builds both variants (a child of a bundled variant with the
key overridden) and checks that the observations differ. A last test checks
that the rows and SINGLE_VALUED together cover every key these stages own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import rummykit.round.match_play
from rummykit.core.cards import Card, parse_cards
from rummykit.core.errors import IllegalMove, VariantError
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.core.round_values import Ending, RoundResult, TableMeld
from rummykit.core.values import HandValues
from rummykit.play.simulate import simulate
from rummykit.round.dealing import deal
from rummykit.round.match_play import Match
from rummykit.round.round_scoring import round_result
from rummykit.rules.match import AllSeatsPlay, FixedRounds, MatchHistory
from rummykit.rules.rule_set import rules_of
from rummykit.rules.scoring import StandardScoring
from rummykit.variant.model import Deal, DeckBand, Players, Scoring, Seating, Variant, loads_variant
from rummykit.variant.model import Match as MatchSection

# Keys with one legal value: no second value can show a different outcome.
# The stages implement the one behaviour they name; they are left for the
# author tooling to deprecate (issue 9 item 2).
SINGLE_VALUED = (
    "seating.first_dealer",  # "random": the first dealer is drawn from the seed (R-ALL-11)
    "seating.dealer_rotation",  # "next_in_direction": the deal passes one seat in seating.direction
    "seating.first_player",  # "next_after_dealer": the seat after the dealer in seating.direction
    "scoring.table_credit",  # "placer": a card's table points go to who placed it (engine)
)


# --------------------------------------------------------------------------- building variants


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return repr(value).replace("'", '"') if isinstance(value, str) else str(value)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    return "[" + ", ".join(_toml(v) for v in value) + "]"


def child(parent: str, **keys: Any) -> Variant:
    """A variant extending ``parent`` with ``keys`` (dotted paths: ``"deal.hand_size"``)."""
    tables: dict[str, dict[str, Any]] = {}
    for path, value in keys.items():
        section, key = path.rsplit(".", 1)
        tables.setdefault(section, {})[key] = value
    lines = ["[meta]", 'id = "keys_test"', 'name = "keys test"', f'extends = "{parent}"']
    for section, table in tables.items():
        lines.append(f"[{section}]")
        lines += [f"{key} = {_toml(value)}" for key, value in table.items()]
    return loads_variant("\n".join(lines))


# --------------------------------------------------------------------------- observations


def jokers_at_bottom(variant: Variant, players: int, jokers: int) -> tuple[Card, ...]:
    """The variant's deck, unshuffled, with ``jokers`` jokers at the bottom (the
    cut turns them first) and the other jokers on top."""
    deck = variant.deck_for(players)
    all_jokers = [c for c in deck if c.is_joker]
    naturals = [c for c in deck if not c.is_joker]
    return (*all_jokers[jokers:], *naturals, *all_jokers[:jokers])


def dealt(
    players: int = 4, dealer: int = 0, jokers: int | None = None, cut: int = 0
) -> Callable[[Variant], Any]:
    """What a deal shows: hand sizes, jokers by seat, who starts, the piles."""

    def observe(variant: Variant) -> Any:
        try:
            deck = jokers_at_bottom(variant, players, cut) if cut else None
            state = deal(variant, players=players, seed=5, dealer=dealer, jokers=jokers, deck=deck)
        except ValueError as error:
            return f"refused: {error}"
        return (
            len(state.deck),
            tuple(len(h) for h in state.hands),
            tuple(sum(c.is_joker for c in h) for h in state.hands),
            state.to_move,
            len(state.discard),
            state.exchange is not None,
        )

    return observe


def scored(
    hands: tuple[str, ...],
    ending: Ending = "went_out",
    winner: int | None = 0,
    opened: tuple[bool, ...] = (True, True),
    table: tuple[tuple[int, str], ...] = (),
) -> Callable[[Variant], Any]:
    """The round result of a finished round."""

    def observe(variant: Variant) -> Any:
        melds = []
        for owner, cards in table:
            meld = judge_meld(variant.meld_rules, parse_cards(cards))
            assert isinstance(meld, Meld), meld
            melds.append(TableMeld(owner, meld, (owner,) * len(meld.slots)))
        result = round_result(variant, [parse_cards(h) for h in hands], melds, opened, ending, winner)
        return (result.winners, result.scores)

    return observe


def matched(players: int = 2, rounds: int | None = None, scores: tuple[tuple[int, ...], ...] = ()) -> Any:
    """A match: its length, dealers, winners (or the refusal of its length)."""

    def observe(variant: Variant) -> Any:
        try:
            match = Match.start(variant, players=players, first_dealer=0, rounds=rounds)
        except ValueError as error:
            return f"refused: {error}"
        for row in scores:
            match = match.record(RoundResult("went_out", None, (), row))
        return (match.rounds, [match.dealer_of(i) for i in range(match.rounds)], match.winners)

    return observe


def eliminated(players: int, play: tuple[tuple[int, ...] | str, ...]) -> Any:
    """A match after ``play`` (rounds of scores, one per seat in play, and
    decisions "SEAT: rebuy" / "SEAT: retire"): who is in, who must decide,
    the totals and winners, or the code of a refused decision."""

    def observe(variant: Variant) -> Any:
        match = Match.start(variant, players=players, first_dealer=0)
        for step in play:
            if isinstance(step, str):
                seat, _, choice = step.partition(": ")
                try:
                    match = match.decide(int(seat), choice)
                except IllegalMove as refusal:
                    return f"refused: {refusal.code}"
            else:
                match = match.record(RoundResult("went_out", None, (), step))
        return (match.active, match.pending, match.totals, match.is_over, match.winners)

    return observe


ELIMINATED = eliminated(3, ((120, 0, 0),))  # seat 0 over 100, under 150
HAND = ("7c", "2d")  # seat 1 (the loser) holds the card under test where a row says so


def loser_holds(card: str) -> Callable[[Variant], Any]:
    return scored(("", card), winner=0)


# (key, value A, value B, parent variant, extra keys, observation)
Row = tuple[str, Any, Any, str, dict[str, Any], Callable[[Variant], Any]]
ROWS: list[Row] = [
    # players.* (deal stage): a count outside the range is refused
    ("players.min", 2, 3, "rami51", {}, dealt(players=2)),
    ("players.max", 6, 4, "rami51", {}, dealt(players=5)),
    # deck.by_players[] (one band; the key varies inside it)
    ("deck.by_players[].players", [2, 6], [2, 4], "rami51", {}, dealt(players=5)),
    ("deck.by_players[].decks", 2, 3, "roemie", {}, dealt()),
    ("deck.by_players[].jokers", 4, 2, "roemie", {}, dealt()),
    ("deck.by_players[].joker_options", [], [0], "roemie", {}, dealt(jokers=0)),
    ("deck.by_players[].hand_size", 0, 7, "roemie", {}, dealt()),
    # seating.*
    ("seating.direction", "clockwise", "counterclockwise", "rami51", {}, dealt(dealer=1)),
    ("seating.cutter", "left_of_dealer", "right_of_dealer", "handromi", {}, dealt(cut=1)),
    ("seating.cutter", "left_of_dealer", "none", "handromi", {}, dealt()),  # no cut: no exchange card
    # deal.*
    ("deal.hand_size", 13, 10, "rami51", {}, dealt()),
    ("deal.first_player_extra", 0, 1, "rami51", {}, dealt()),
    ("deal.flip_first_discard", False, True, "rami51", {}, dealt()),
    ("deal.exchange_card", True, False, "handromi", {}, dealt()),
    ("deal.cut_joker_ceremony", True, False, "handromi", {}, dealt(cut=1)),
    ("deal.cut_joker_order", "none", "cutter_dealer_then_left_from_cutter", "handromi", {}, dealt(cut=2)),
    ("deal.cut_joker_reduces_deal", True, False, "handromi", {}, dealt(cut=1)),
    # values.hand.* (round scoring): the loser's hand penalty
    ("values.hand.number", "face", 5, "rami51", {}, loser_holds("7c")),
    ("values.hand.ten", 10, 5, "rami51", {}, loser_holds("Tc")),
    ("values.hand.jack", 10, 5, "rami51", {}, loser_holds("Jc")),
    ("values.hand.queen", 10, 5, "rami51", {}, loser_holds("Qc")),
    ("values.hand.king", 10, 5, "rami51", {}, loser_holds("Kc")),
    ("values.hand.ace", 11, 1, "rami51", {}, loser_holds("Ac")),
    ("values.hand.joker", 20, 50, "rami51", {}, loser_holds("JK")),
    ("values.hand.wild", "joker", 5, "contract", {"deck.wild_deuces": True}, loser_holds("2c")),
    # scoring.*
    (
        "scoring.method",
        "hand_penalty",
        "table_minus_hand",
        "rami51",
        {},
        scored(("", "7c"), table=((0, "8h 9h Th"),)),
    ),
    ("scoring.winner_score", 0, -10, "rami51", {}, scored(("", "7c"))),
    ("scoring.winner_score", 0, "computed", "roemie", {}, scored(("", "7c"), table=((0, "8h 9h Th"),))),
    ("scoring.hand_rummy_winner_score", 0, -20, "rami51", {}, scored(("", "7c"), ending="hand_rummy")),
    ("scoring.hand_rummy_multiplier", 1, 2, "rami51", {}, scored(("", "7c"), ending="hand_rummy")),
    (
        "scoring.hand_rummy_self_multiplier",
        1,
        2,
        "rami51",
        {"scoring.hand_rummy_winner_score": -20},
        scored(("", "7c"), ending="hand_rummy"),
    ),
    ("scoring.not_opened_flat", 0, 100, "rami51", {}, scored(("", "7c"), opened=(True, False))),
    # stock_exhausted.blocked_winner (round scoring)
    (
        "stock_exhausted.blocked_winner",
        "none",
        "best_round_score",
        "rami51",
        {},
        scored(HAND, "blocked", None),
    ),
    # match.*
    ("match.rounds", "per_player", 5, "rami51", {}, matched()),
    ("match.rounds_options", [], [10], "rami51", {}, matched(rounds=10)),
    ("match.winner", "lowest_total", "highest_total", "rami51", {}, matched(scores=((5, 20), (0, 0)))),
    ("match.end_when_total_exceeds", 0, 500, "rami51", {}, matched(scores=((510, 20),))),
    ("match.rounds", "per_player", "until_one_left", "rami51", {"match.eliminate_above": 100}, ELIMINATED),
    ("match.eliminate_above", 100, 150, "rami51", {"match.rounds": "until_one_left"}, ELIMINATED),
    # 0 (off) is refused when the match lasts until one seat is left
    ("match.eliminate_above", 0, 100, "rami51", {"match.rounds": "until_one_left"}, eliminated(2, ())),
    (
        "match.buy_back",
        "none",
        "once_at_highest_survivor",
        "rami51",
        {"match.rounds": "until_one_left", "match.eliminate_above": 100},
        eliminated(3, ((120, 0, 0), "0: rebuy")),
    ),
    # the match stage's "better" decides a blocked round too (scoring asks it)
    ("match.winner", "lowest_total", "highest_total", "rami51", {}, scored(HAND, "blocked", None)),
]


def outcome(
    path: str, value: Any, parent: str, extra: dict[str, Any], observe: Callable[[Variant], Any]
) -> Any:
    """What ``observe`` sees in ``parent`` with ``path`` set to ``value`` (and
    ``extra``), or the load error's key path."""
    try:
        if path.startswith("deck.by_players[]."):
            first = child(parent).deck.by_players[0]
            band = {"players": list(first.players), "decks": first.decks, "jokers": first.jokers}
            band[path.rsplit(".", 1)[1]] = value
            variant = child(parent, **{"deck.by_players": [band]}, **extra)
        else:
            variant = child(parent, **{path: value}, **extra)
    except VariantError as error:
        return f"refused: {error.problems[0].path}"
    return observe(variant)


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[0]}={r[1]!s}/{r[2]!s}" for r in ROWS])
def test_two_values_two_outcomes(row: Row) -> None:
    key, a, b, parent, extra, observe = row
    seen_a = outcome(key, a, parent, extra, observe)
    seen_b = outcome(key, b, parent, extra, observe)
    assert seen_a != seen_b, (key, seen_a)


def _fields(cls: type[Any], prefix: str) -> set[str]:
    return {f"{prefix}.{f.name}" for f in attrs.fields(cls) if f.init}


def test_rows_cover_every_key_of_the_three_stages() -> None:
    owned = (
        _fields(Players, "players")
        | _fields(DeckBand, "deck.by_players[]")
        | _fields(Seating, "seating")
        | _fields(Deal, "deal")
        | _fields(HandValues, "values.hand")
        | _fields(Scoring, "scoring")
        | _fields(MatchSection, "match")
        | {"stock_exhausted.blocked_winner"}
    )
    tested = {row[0] for row in ROWS} | {"match.target"}  # its row: test_keys_rummy500_mechanisms.py
    tested |= {"deal.first_upcard"}  # its row: test_keys_gin.py
    tested |= {"deal.instant_win", "scoring.payments"}  # their rows: test_keys_tonk_mechanisms.py
    tested |= {"deal.indicator"}  # its rows: tests/rules/test_indicator.py and scenarios_keys.toml
    assert not tested & set(SINGLE_VALUED)
    assert tested | set(SINGLE_VALUED) == owned


# --------------------------------------------------------------------------- the stages themselves


def test_each_stage_is_built_once_per_variant() -> None:
    variant = child("rami51")
    assert rules_of(variant).deal is rules_of(variant).deal
    assert rules_of(variant).scoring is rules_of(variant).scoring
    scoring = rules_of(variant).scoring
    assert isinstance(scoring, StandardScoring) and scoring.match is rules_of(variant).match


def test_cut_jokers_without_an_order_all_go_to_the_cutter() -> None:
    # Before the deal stage, a second cut joker with cut_joker_order = "none"
    # looked up a recipient that did not exist (IndexError).
    variant = child("handromi", **{"deal.cut_joker_order": "none"})
    state = deal(variant, players=4, dealer=0, deck=jokers_at_bottom(variant, 4, 2))
    # Seat 1 cuts and gets both; the two jokers on top go to the first seats dealt (3, then 2).
    assert [sum(c.is_joker for c in h) for h in state.hands] == [0, 2, 1, 1]
    assert [len(h) for h in state.hands] == [14, 14, 14, 15]  # each cut joker replaces a dealt card


@pytest.mark.parametrize(("side", "cutter"), [("left_of_dealer", 3), ("right_of_dealer", 1)])
def test_the_cutter_is_left_or_right_of_the_dealer_whatever_the_direction(side: str, cutter: int) -> None:
    # Seat s + 1 is on the left of seat s; Handrömi plays to the right.
    variant = child("handromi", **{"seating.cutter": side})
    assert rules_of(variant).deal.cutter(4, 2) == cutter
    assert rules_of(variant).deal.next_seat(4, 2) == 1


def test_an_exchange_card_needs_a_cutter() -> None:
    with pytest.raises(VariantError, match=r"seating\.cutter"):
        child("handromi", **{"seating.cutter": "none"})


def test_hand_sizes_by_player_count() -> None:
    bands = [
        {"players": [2, 2], "decks": 1, "jokers": 2, "hand_size": 13},
        {"players": [3, 4], "decks": 1, "jokers": 2},
    ]
    variant = child("rami51", **{"players.max": 4, "deck.by_players": bands, "deal.hand_size": 7})
    assert [len(h) for h in deal(variant, players=2, seed=1, dealer=0).hands] == [13, 13]
    assert [len(h) for h in deal(variant, players=3, seed=1, dealer=0).hands] == [7, 7, 7]
    too_many = [{**bands[0], "hand_size": 27}, bands[1]]
    with pytest.raises(VariantError, match=r"deck.by_players\[0\].hand_size"):
        child("rami51", **{"players.max": 4, "deck.by_players": too_many})


def test_round_scoring_asks_the_match_stage_which_score_is_better() -> None:
    variant = child("rami51")  # lowest total wins
    hands = [parse_cards("7c"), parse_cards("2d")]
    scoring = rules_of(variant).scoring
    assert isinstance(scoring, StandardScoring) and isinstance(scoring.match, FixedRounds)
    assert scoring.score(hands, [], [True, True], "blocked", None).winners == (1,)
    highest = attrs.evolve(scoring.match, highest_wins=True)
    other = attrs.evolve(scoring, match=highest)
    assert other.score(hands, [], [True, True], "blocked", None).winners == (0,)


@attrs.frozen
class OneRound(AllSeatsPlay):
    """A stand-in match stage that ends after one round, whatever the length:
    as a match to a target score or by elimination would."""

    def lengths(self, players: int) -> tuple[int, ...]:
        return (players,)

    def better(self, score: int, other: int) -> bool:
        return score < other

    def leaders(self, scores: Any) -> tuple[int, ...]:
        return tuple(seat for seat, s in enumerate(scores) if s == min(scores))

    def dealer_of(self, history: MatchHistory, index: int) -> int:
        return history.first_dealer

    def is_over(self, history: MatchHistory) -> bool:
        return len(history.results) >= 1

    def winners(self, history: MatchHistory) -> tuple[int, ...]:
        return self.leaders(history.totals)


def test_simulate_asks_the_match_stage_when_a_match_is_over(monkeypatch: pytest.MonkeyPatch) -> None:
    fixed = simulate("rami40", players=2, bots=["random"], matches=2, seed=3)
    assert fixed.rounds == 4 and len(fixed.matches) == 2
    one_round = lambda variant: rules_of(variant).evolve(match=OneRound())  # noqa: E731
    monkeypatch.setattr(rummykit.round.match_play, "rules_of", one_round)
    short = simulate("rami40", players=2, bots=["random"], matches=2, seed=3)
    assert short.rounds == 2 and len(short.matches) == 2
    for summary, winners in zip(short.summaries, short.matches, strict=True):
        assert winners == OneRound().leaders(summary.scores)


def test_simulated_match_winners_are_the_match_stages() -> None:
    report = simulate("roemie", players=2, bots=["greedy", "random"], matches=2, seed=1)
    rule = rules_of(child("roemie")).match
    for m, winners in enumerate(report.matches):
        rounds = report.summaries[2 * m : 2 * m + 2]
        totals = [sum(s.scores[seat] for s in rounds) for seat in range(2)]
        assert winners == rule.leaders(totals)
        assert [s.dealer for s in rounds] == [rounds[0].dealer, (rounds[0].dealer + 1) % 2]
