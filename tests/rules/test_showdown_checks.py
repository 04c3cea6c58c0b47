"""The showdown after a knock (rummykit.rules.showdown_checks, the rule
set's ``showdown``): each move of the knocker's phase (``knock``: a meld,
``done``) and of the defender's (``defend``: a lay-off, a meld, ``done``) is
judged by one ordered list of named checks, asked by ``apply``; the listing
asks the same checks, those that read nothing of the move once per state.

A row: (what it shows, base variant, keys set, the position, the moves, the
verdict of each move: ``ok``, or the check that refuses it first and the
refusal code; ``phase`` where the phase takes no move of its kind). Every
move is also judged by the checks alone, and the listing must agree with
apply.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterator
from itertools import chain, combinations
from typing import Any

import pytest
from key_rows import variant_with

import rummykit as rk
from rummykit.core.cards import Card, format_cards
from rummykit.core.errors import Refusal
from rummykit.core.moves import Discard, Done, LayOff, Move, parse_seat_move
from rummykit.core.moves import Meld as MeldMove
from rummykit.play.bots import GreedyBot
from rummykit.round.state import RoundState
from rummykit.rules.rule_set import rules_of
from rummykit.rules.showdown_checks import ShowdownChecks, ShowdownPhase, showdown_kind
from rummykit.rules.table_checks import Forbidden
from rummykit.rules.table_move_stage import MoveChecks
from rummykit.variant.model import Variant

KNOCKER = "7c 7h 7s 8s 9s Ts 2d 3d Ah 4h"  # after the knock: 7c 7h 7s + 8s 9s Ts leave 10
KNOCKED = {"phase": "knock", "knocker": 0, "to_move": 0, "hands": [KNOCKER, "7d 6s Js Qs Ks 9c 9h 9d Kc 2c"]}
LAID = [{"owner": 0, "cards": "7c 7h 7d"}, {"owner": 0, "cards": "8s 9s Ts"}]
OTHER = "7s 6s Js Qs Ks 9c 9h 9d Kc 2c"
DEFENDING = {"phase": "defend", "knocker": 0, "to_move": 1, "hands": ["2d 3d Ah 4h", OTHER], "table": LAID}
GIN = {"phase": "defend", "knocker": 0, "to_move": 1, "hands": ["", OTHER], "table": LAID}
# Melds during play with gin's knock: scored by payments (none set, so nothing is paid), since the
# loader refuses them under deadwood_difference (a meld-out would score 0-0) and a knock under a
# method by points (the knocker would always win); the showdown's checks read no scoring.
DURING_PLAY = {"melds.during_play": True, "scoring.method": "payments"}

Row = tuple[str, str, dict[str, Any], dict[str, Any], list[str], tuple[str, ...]]
ROWS: list[Row] = [
    # the knocker's meld: cards_in_hand, meld_forms, deadwood_within_limit; done: unlaid_within_limit
    ("the knocker's meld: held, a meld, and leaving the knock's deadwood (R-GIN-09)", "gin", {}, KNOCKED,
     ["0: meld 7c 7h 9c", "0: meld 7c 8s 9s", "0: meld 7s 8s 9s", "0: meld 7c 7h 7s", "0: meld 8s 9s Ts"],
     ("cards_in_hand: card.not-in-hand", "meld_forms: meld.run-suits",
      "deadwood_within_limit: knock.deadwood", "ok", "ok")),
    ("the knocker's done counts the unlaid cards (unlaid_within_limit)", "gin", {}, KNOCKED,
     ["0: done", "0: meld 7c 7h 7s", "0: done", "0: meld 8s 9s Ts", "0: done"],
     ("unlaid_within_limit: knock.deadwood", "ok", "unlaid_within_limit: knock.deadwood", "ok", "ok")),
    ("the knocker neither lays off nor discards", "gin", {}, KNOCKED,
     ["0: layoff 1 Ah", "0: discard Ah"], ("phase: turn.wrong-phase", "phase: turn.wrong-phase")),
    # the defender's lay-off: not_onto_gin, before_own_melds, meld_on_table, knockers_meld,
    # cards_in_hand, meld_grows, chain_within_limit
    ("nobody lays off onto a gin, before the meld is looked at (not_onto_gin, R-GIN-10)", "gin", {}, GIN,
     ["1: layoff 3 7s", "1: layoff 1 7s", "1: meld 9c 9h 9d", "1: done"],
     ("not_onto_gin: knock.gin-no-layoff", "not_onto_gin: knock.gin-no-layoff", "ok", "ok")),
    ("onto a gin where knock.layoff_on_gin is true", "gin", {"knock.layoff_on_gin": True}, GIN,
     ["1: layoff 1 7s"], ("ok",)),
    ("a lay-off onto a meld on the table, with cards held, that grow it", "gin", {}, DEFENDING,
     ["1: layoff 3 7s", "1: layoff 1 7c", "1: layoff 1 9c", "1: layoff 1 7s"],
     ("meld_on_table: layoff.no-such-meld", "cards_in_hand: card.not-in-hand",
      "meld_grows: layoff.does-not-fit", "ok")),
    ("at most layoff_chain_per_end cards at each end of the run as laid (chain_within_limit, R-GIN-11)",
     "gin", {}, DEFENDING,
     ["1: layoff 2 Js Qs Ks", "1: layoff 2 Qs Js", "1: layoff 2 Ks", "1: layoff 2 6s 7s"],
     ("chain_within_limit: layoff.does-not-fit", "ok", "chain_within_limit: layoff.does-not-fit", "ok")),
    ("one card at each end where layoff_chain_per_end is 1", "gin", {"knock.layoff_chain_per_end": 1},
     DEFENDING, ["1: layoff 2 Js Qs", "1: layoff 2 Js", "1: layoff 2 7s", "1: layoff 2 6s"],
     ("chain_within_limit: layoff.does-not-fit", "ok", "ok", "chain_within_limit: layoff.does-not-fit")),
    ("lay-offs come before the defender's own melds (before_own_melds)", "gin", {}, DEFENDING,
     ["1: layoff 1 7s", "1: meld 9c 9h 9d", "1: layoff 2 Js", "1: layoff 3 Js"],
     ("ok", "ok", "before_own_melds: turn.wrong-phase", "before_own_melds: turn.wrong-phase")),
    ("lay-offs go only onto the knocker's melds (knockers_meld)", "gin", DURING_PLAY,
     {**DEFENDING, "table": [{"owner": 1, "cards": "Th Jh Qh"}, *LAID]},
     ["1: layoff 1 9h", "1: layoff 2 7s"], ("knockers_meld: layoff.does-not-fit", "ok")),
    # the defender's meld: cards_in_hand, meld_forms; done: showdown_ends
    ("the defender's meld, and done at any time (showdown_ends)", "gin", {}, DEFENDING,
     ["1: meld 9c 9h 9s", "1: meld 9c 9h Kc", "1: discard 2c", "1: meld 9c 9h 9d", "1: done"],
     ("cards_in_hand: card.not-in-hand", "meld_forms: meld.not-a-meld", "phase: turn.wrong-phase",
      "ok", "ok")),
]  # fmt: skip


def first_refusal(state: RoundState, move: Move) -> str:
    """The verdict of the showdown's checks alone: ``ok``, or the check
    that refuses first and its code."""
    rules = state.rules
    kind = showdown_kind(rules, state.phase, move)
    if isinstance(kind, Refusal):
        return f"phase: {kind.code}"
    for check in kind.checks:
        refusal = check.refusal(rules, state, move)
        if refusal is not None:
            return f"{check.name}: {refusal.code}"
    return "ok"


def play(variant: Variant, position: dict[str, Any], moves: list[str]) -> tuple[str, ...]:
    """Each move's verdict by the checks; apply refuses with the code of the
    first refusal, and the listing agrees with apply."""
    state = rk.position_from_dict({"players": 2, **position}, variant=variant)
    verdicts = []
    for text in moves:
        seat, move = parse_seat_move(text)
        listed = move in state.legal_moves(seat)
        verdict = first_refusal(state, move)
        try:
            after = state.apply(text)
        except rk.IllegalMove as refusal:
            assert verdict.endswith(f": {refusal.code}"), (text, verdict, refusal.code)
            assert not listed, f"{text} is listed but refused ({refusal.code})"
        else:
            assert verdict == "ok", (text, verdict)
            assert listed, f"{text} is accepted but not listed"
            state = after
        verdicts.append(verdict)
    return tuple(verdicts)


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_each_check_of_the_showdown(row: Row) -> None:
    _, base, keys, position, moves, expected = row
    variant = variant_with(base, keys) if keys else rk.load_variant(base)
    assert play(variant, position, moves) == expected


def test_the_refusal_messages_are_the_rules() -> None:
    state = rk.position_from_dict({"players": 2, **DEFENDING}, variant=rk.load_variant("gin"))
    messages = {}
    for text in ("1: layoff 2 Js Qs Ks", "1: discard 2c"):
        with pytest.raises(rk.IllegalMove) as raised:
            state.apply(text)
        messages[text] = raised.value.message
    assert messages == {
        "1: layoff 2 Js Qs Ks": "At most 2 cards may be laid off at each end of a knocker's run.",
        "1: discard 2c": "Lay off, lay your melds, then say done.",
    }


# --------------------------------------------------------------------------- the checks of each variant

HELD = "cards_in_hand"
LAYOFF = ["before_own_melds", "meld_on_table", "knockers_meld", HELD, "meld_grows", "chain_within_limit"]
CHECKS = [
    ({}, "knocker", "meld", [HELD, "meld_forms", "deadwood_within_limit"]),
    ({}, "knocker", "done", ["unlaid_within_limit"]),
    ({}, "defender", "layoff", ["not_onto_gin", *LAYOFF]),
    ({"knock.layoff_on_gin": True}, "defender", "layoff", LAYOFF),
    ({}, "defender", "meld", [HELD, "meld_forms"]),
    ({}, "defender", "done", ["showdown_ends"]),
]


@pytest.mark.parametrize(("keys", "phase", "kind", "expected"), CHECKS)
def test_the_checks_of_a_variant_and_their_order(
    keys: dict[str, Any], phase: str, kind: str, expected: list[str]
) -> None:
    showdown = rules_of(variant_with("gin", keys) if keys else rk.load_variant("gin")).showdown
    assert showdown is not None
    checks: MoveChecks = getattr(getattr(showdown, phase), kind)
    assert [check.name for check in checks.checks] == expected
    assert checks.judgement is checks.checks[-1] and checks.forbidden is None
    # The listing's groups are the checks by what they read, in order.
    assert [c.name for c in checks.state_checks] == [c.name for c in checks.checks if not c.reads]
    assert [c.name for c in checks.meld_checks] == [c.name for c in checks.checks if c.reads == ("meld",)]
    assert all(set(c.reads) <= {"number", "meld", "cards", "hand"} for c in checks.checks)


def test_no_lay_off_in_the_knockers_phase_and_no_showdown_without_a_knock() -> None:
    showdown = rules_of(rk.load_variant("gin")).showdown
    assert showdown is not None and showdown.knocker.layoff is None
    assert showdown.phase("knock") is showdown.knocker and showdown.phase("defend") is showdown.defender
    assert rules_of(rk.load_variant("rami51")).showdown is None
    # A round in a showdown phase under rules with no knock: every move is
    # refused as the variant's, and none is listed.
    state = rk.position_from_dict({"players": 2, **KNOCKED}, variant=rk.load_variant("gin"))
    state = state.evolve(rules=state.rules.evolve(knock=None, showdown=None))
    assert state.legal_moves() == []
    with pytest.raises(rk.IllegalMove) as raised:
        state.apply("0: done")
    assert (raised.value.code, raised.value.message) == ("turn.wrong-phase", "This variant has no knock.")


# --------------------------------------------------------------------------- the listing against the checks


def showdown_rounds(variant: Variant, seeds: range) -> Iterator[RoundState]:
    """The showdown states of rounds of two greedy bots (who knock when they
    can), the showdown's moves chosen at random half the time."""
    for seed in seeds:
        rng = random.Random(seed)
        bots = [GreedyBot(variant, seed=seed * 2 + s) for s in range(2)]
        state = rk.deal(variant, players=2, seed=seed)
        for _ in range(300):
            if state.phase == "over":
                break
            showdown = state.phase in ("knock", "defend")
            if showdown:
                yield state
            if showdown and rng.random() < 0.5:
                state = state.apply(rng.choice(state.legal_moves()))
            else:
                state = state.apply(bots[state.to_move].choose(state.view(state.to_move)))


def random_defences(variant: Variant, rng: random.Random, count: int) -> Iterator[RoundState]:
    """Positions of the defender's phase: one to three runs the knocker
    laid (and at times a set), the cards beside their ends in the
    defender's hand (lay-offs up to the chain's limit and past it), the
    knocker left with no card (a gin) or a few."""
    for _ in range(count):
        deck = list(rk.build_deck(1, 0))
        rng.shuffle(deck)
        table, near = [], []
        for suit in rng.sample(range(4), rng.randint(1, 3)):
            length, low = rng.randint(3, 5), rng.randint(2, 9)
            run = [Card.natural(rank, suit) for rank in range(low, low + length)]
            table.append({"owner": 0, "cards": format_cards(run)})
            near += [Card.natural(r, suit) for r in (*range(max(2, low - 3), low), *range(low + length, 14))]
        laid = {c for meld in table for c in rk.parse_cards(meld["cards"])}
        rest = [c for c in deck if c not in laid and c not in near]
        defender = (near + rest)[:10]
        knocker = rest[10 : 10 + rng.choice((0, 0, 2, 3))]
        yield rk.position_from_dict(
            {"players": 2, "phase": "defend", "knocker": 0, "to_move": 1, "table": table,
             "hands": [format_cards(knocker), format_cards(defender)]},
            variant=variant,
        )  # fmt: skip


def candidates(state: RoundState, rng: random.Random) -> list[Move]:
    """Showdown moves to judge in ``state``: those listed (and their cards
    the other way round), melds of three hand cards, lay-offs of one to
    three hand cards of each table meld's suit or rank (or wild) onto it,
    of one or two random cards onto each meld and one past the last,
    ``done``, a discard."""
    hand = state.hands[state.to_move]
    listed = state.legal_moves()
    moves: list[Move] = [*listed, Done(), *([Discard(hand[0])] if hand else [])]
    moves += [type(m)(m.cards[::-1]) if isinstance(m, MeldMove) else m for m in listed]
    melds = list(combinations(hand, 3))
    moves += [MeldMove(cards) for cards in rng.sample(melds, min(len(melds), 12))]
    wild = state.variant.meld_rules.plays_wild
    for number, entry in enumerate(state.table, start=1):
        meld = entry.meld
        kin = [c for c in hand if (c.rank == meld.rank if meld.kind == "set" else c.suit == meld.suit)]
        fitting = [c for c in hand if wild(c) or c in kin]
        for size in (1, 2, 3):
            moves += [LayOff(number, cards) for cards in combinations(fitting, size)]
    for number in range(1, len(state.table) + 2):
        for size in (1, 2):
            if len(hand) >= size:
                moves += [LayOff(number, tuple(rng.sample(hand, size))) for _ in range(3)]
    return moves


def same_state(state: RoundState, move: Move, listed: list[Move]) -> bool:
    """Does some listed move give the state ``move`` gives (another
    declaration of its jokers)?"""
    after = state.apply(move)
    return any(state.apply(other) == after for other in listed)


GIN_LIKE = [
    ("gin", {}),
    ("gin", {"knock.layoff_on_gin": True, "knock.layoff_chain_per_end": 1, **DURING_PLAY}),
    # jokers, melds during play (scored by payments, as DURING_PLAY)
    ("rami51", {"knock.allowed": True, "players.max": 2, "scoring.method": "payments"}),
]


@pytest.mark.parametrize(("base", "keys"), GIN_LIKE, ids=["gin", "gin-keys", "rami51-knock"])
def test_the_listed_showdown_moves_are_those_the_checks_accept(base: str, keys: dict[str, Any]) -> None:
    """In every showdown state of random rounds: a move is listed exactly
    when the checks of its kind accept it (or it is accepted and equals a
    listed move up to its jokers' declarations); apply refuses with the
    first refusal of the checks; a check that reads nothing of the move
    gives one verdict for every move, and one that reads the table meld one
    for every move onto it, as the listing asks them."""
    variant = variant_with(base, keys) if keys else rk.load_variant(base)
    rng = random.Random(base)
    judged = accepted_count = 0
    states = chain(showdown_rounds(variant, range(20)), random_defences(variant, rng, 40))
    for state in states:
        rules = state.rules
        listed = state.legal_moves()
        for move in candidates(state, rng):
            kind = showdown_kind(rules, state.phase, move)
            verdict = first_refusal(state, move)
            try:
                state.apply(move)
            except rk.IllegalMove as refusal:
                assert verdict.endswith(f": {refusal.code}"), (str(move), verdict)
            else:
                assert verdict == "ok", (str(move), verdict)
            if isinstance(kind, Refusal):
                assert move not in listed
                continue
            for check in kind.state_checks:
                assert check.refusal(rules, state, move) == check.refusal(rules, state, None)
            number = getattr(move, "meld", 0)
            if 1 <= number <= len(state.table):
                standing = kind.melds_standing(rules, state)[number - 1]
                assert standing is all(c.refusal(rules, state, move) is None for c in kind.meld_checks)
            accepted = kind.refusal(rules, state, move) is None
            if move in listed:
                assert accepted, str(move)
            elif accepted:
                assert same_state(state, move, listed), str(move)
            judged += 1
            accepted_count += accepted
    assert judged > 200 and accepted_count > 50


# --------------------------------------------------------------------------- one check, seen by both


def test_a_check_added_to_the_stage_is_asked_by_apply_and_the_listing() -> None:
    """A house rule "the defender lays no melds of his own" as one named
    check: apply refuses with its code and the listing lists no meld."""
    state = rk.position_from_dict({"players": 2, **DEFENDING}, variant=rk.load_variant("gin"))
    assert MeldMove(tuple(rk.parse_cards("9c 9h 9d"))) in state.legal_moves()
    rules = state.rules
    showdown = rules.showdown
    assert showdown is not None
    defender = showdown.defender
    refused = Refusal("meld.house", "No melds for the defender in this house.")
    house_rule = Forbidden("no_defender_melds", refused)
    meld = MoveChecks((house_rule, *defender.meld.before), defender.meld.judgement)
    phase = ShowdownPhase(meld, defender.done, defender.layoff, defender.other)
    house = ShowdownChecks(showdown.knocker, phase)
    changed = state.evolve(rules=rules.evolve(showdown=house))
    listed = changed.legal_moves()
    assert not [m for m in listed if isinstance(m, MeldMove)] and LayOff(1, (Card("7s"),)) in listed
    with pytest.raises(rk.IllegalMove) as raised:
        changed.apply("1: meld 9c 9h 9d")
    assert raised.value.code == "meld.house"


def test_the_stage_pickles_and_copies() -> None:
    for base, keys in GIN_LIKE:
        showdown = rules_of(variant_with(base, keys) if keys else rk.load_variant(base)).showdown
        assert showdown is not None
        assert pickle.loads(pickle.dumps(showdown)) == showdown
        assert copy.deepcopy(showdown) == showdown
        assert hash(pickle.loads(pickle.dumps(showdown))) == hash(showdown)
    with pytest.raises(AttributeError):
        del showdown.knocker  # type: ignore[misc]
    with pytest.raises(AttributeError):
        showdown.defender.other = showdown.knocker.other  # type: ignore[misc]
