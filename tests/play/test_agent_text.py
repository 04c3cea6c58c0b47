"""Issue 30, item 3: the text interface for language-model agents
(rummykit.play.agent_text): the prompt and the JSON name no card the seat may
not see, every legal move read back from its notation is itself, and a reply
that is not one legal move is refused with a code and a sentence, the state
unchanged."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.core.moves import Take
from rummykit.core.round_values import sorted_hand
from rummykit.play.agent_text import (
    REPLY_HELP,
    agent_json,
    agent_observation,
    agent_prompt,
    judge_reply,
    reply_text,
)
from rummykit.testing.invariants import random_playout

VARIANTS = ("rami51", "gin", "contract", "roemie", "handromi", "rummy500", "indian")


def played(ref: str, seed: int, steps: int) -> rk.RoundState:
    """The state after ``steps`` random legal moves from a seeded deal."""
    variant = rk.load_variant(ref)
    dealt = rk.deal(variant, players=variant.players.min, seed=seed)
    *_, state = random_playout(dealt, random.Random(seed), max_moves=steps)
    return state


def redealt(state: rk.RoundState, seat: int, seed: int) -> rk.RoundState:
    """``state`` with every card ``seat`` cannot see (the other hands and the
    stock) dealt again at random, each hand keeping its size."""
    hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h] + list(state.stock)
    random.Random(seed).shuffle(hidden)
    hands, at = list(state.hands), 0
    for s in range(state.players):
        if s != seat:
            hands[s] = sorted_hand(hidden[at : at + len(hands[s])])
            at += len(hands[s])
    return state.evolve(hands=tuple(hands), stock=tuple(hidden[at:]), seed=None)


@settings(max_examples=25)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(0, 60), st.data())
def test_the_prompt_and_the_json_never_show_another_seats_cards(
    ref: str, seed: int, steps: int, data: st.DataObject
) -> None:
    state = played(ref, seed, steps)
    seat = data.draw(st.integers(0, state.players - 1))
    view = state.view(seat)
    prompt, document = agent_prompt(view), agent_json(view)
    other = redealt(state, seat, seed)
    assert agent_prompt(other.view(seat)) == prompt  # the hidden cards change nothing
    assert agent_json(other.view(seat)) == document
    hand = [str(c) for c in view.hand or ()]
    (shown,) = [line for line in prompt.splitlines() if line.startswith("Your hand (by suit): ")]
    assert sorted(shown.split()[4:]) == sorted(hand) or (not hand and shown.endswith("no cards"))
    assert json.loads(document)["hand"] == hand
    for move in view.legal:
        assert f"\n  {move}\n" in prompt + "\n"
    if view.legal:
        assert prompt.endswith(REPLY_HELP)


@settings(max_examples=25)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(0, 60))
def test_every_legal_move_is_read_back_as_itself(ref: str, seed: int, steps: int) -> None:
    state = played(ref, seed, steps)
    if state.is_over:
        return
    seat = state.to_move
    for move in state.legal_moves(seat):
        text = str(move)
        for reply in (text, f'{{"move": "{text}"}}', f"```\n{text}\n```", f"`{text}`", f"  {text}\n"):
            verdict = judge_reply(state, seat, reply)
            assert verdict.ok and verdict.move == move, (reply, verdict.feedback)
            assert verdict.after is not None and verdict.after.to_json() == state.apply(move).to_json()


def test_the_json_is_the_view_without_empty_keys() -> None:
    state = rk.deal(rk.load_variant("rami51"), players=2, seed=5)
    observation = agent_observation(state.view(0))
    assert observation["legal"] == ["draw", "take"] and observation["table"] == []
    assert "type" not in observation and "exchange" not in observation and "result" not in observation
    text = agent_json(state.view(0))
    assert text == json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=False)  # compact


MALFORMED = [
    "",
    "   \n ",
    "draw\ndiscard 2c",
    "I will draw.\nMove: draw",
    "{",
    '{"mv": "draw"}',
    '{"move": 3}',
    '{"move": ""}',
    '["draw"]',
    '{"move": "draw\\ndiscard 2c"}',
    "[" * 100_000,
    "```\n```",
    "```",
    "Let me think.\rI draw.",
    "draw\u2028discard 2c",
    '{"move": "draw", "move": "discard 2c"}',
    "x" * 501,  # longer than any move: refused unread, never echoed back
    '{"move": "draw", "why": "' + "a" * 20_000 + '"}',
]


@pytest.mark.parametrize("reply", MALFORMED)
def test_a_malformed_reply_is_refused_with_a_sentence(reply: str) -> None:
    state = rk.deal(rk.load_variant("rami51"), players=2, seed=5)
    before = state.to_json()
    verdict = judge_reply(state, 0, reply)
    assert not verdict.ok and verdict.move is None and verdict.after is None
    assert verdict.code == "reply.malformed"
    assert verdict.feedback == (
        "refused: reply.malformed: Reply with exactly one move, as in 'discard 5c', on a line of its own "
        'or as the "move" of a JSON object.'
    )
    assert state.to_json() == before


def test_replies_at_the_limits_are_read() -> None:
    """A move of 500 characters is read (and refused as notation), a reply of
    20,000 characters is read, and so is a short one in many spaces, or with
    a key other than "move" given twice."""
    state = rk.deal(rk.load_variant("rami51"), players=2, seed=5)
    assert judge_reply(state, 0, "x" * 500).code == "notation.invalid"
    padded = '{"move": "draw", "why": "' + "a" * (20_000 - 27) + '"}'
    assert len(padded) == 20_000 and judge_reply(state, 0, padded).ok
    assert judge_reply(state, 0, "draw" + " " * 50_000).ok
    assert judge_reply(state, 0, '{"move": "draw", "why": "a", "why": "b"}').ok


def test_a_prompt_is_a_seats() -> None:
    state = rk.deal(rk.load_variant("rami51"), players=2, seed=5)
    with pytest.raises(ValueError, match="the view has no seat"):
        agent_prompt(state.view(None))


@pytest.mark.parametrize("reply", [None, b"draw", 3, ["draw"], {"move": "draw"}])
def test_a_reply_that_is_no_string_is_malformed(reply: object) -> None:
    state = rk.deal(rk.load_variant("rami51"), players=2, seed=5)
    verdict = judge_reply(state, 0, reply)
    assert verdict.code == "reply.malformed" and verdict.after is None


@pytest.mark.parametrize(
    ("reply", "code"),
    [
        ("fly", "notation.invalid"),
        ("discard 2c", "turn.wrong-phase"),
        ('{"move": "meld 2c 3c 4c"}', "turn.wrong-phase"),
        ("1: draw", "turn.not-your-turn"),
    ],
)
def test_an_illegal_reply_gets_the_engines_refusal(reply: str, code: str) -> None:
    state = rk.deal(rk.load_variant("rami51"), players=2, seed=5)
    verdict = judge_reply(state, 0, reply)
    assert verdict.code == code and verdict.sentence and verdict.feedback.startswith(f"refused: {code}: ")
    assert verdict.sentence.endswith(".") and "\n" not in verdict.sentence


@given(st.text(max_size=80))
def test_any_reply_gets_a_verdict(reply: str) -> None:
    state = rk.deal(rk.load_variant("rami51"), players=2, seed=5).apply("draw")
    verdict = judge_reply(state, 0, reply)
    assert verdict.ok == (verdict.code == "") and (verdict.move is None) != verdict.ok
    text = reply_text(reply)
    assert text is None or "\n" not in text


def test_a_reply_is_judged_for_the_seat_the_harness_names() -> None:
    """With seat None the engine would act for the seat to move, or for a
    seat the reply names ("1: draw")."""
    state = rk.deal("rami51", players=2, seed=3)
    with pytest.raises(TypeError, match="needs the seat the reply is from"):
        judge_reply(state, None, "draw")  # type: ignore[arg-type]
    other = 1 - state.to_move
    assert judge_reply(state, other, f"{state.to_move}: draw").code == "turn.not-your-turn"


def test_the_prompt_says_what_was_taken_from_the_discards_this_turn() -> None:
    """A top take names the card; a deep take names the chosen card and its
    duty to go on the table this turn (rummy500: in a meld or laid off), to
    the mover and to the other seat."""
    playout = random_playout(rk.deal("rummy500", players=2, seed=0), random.Random(1), max_moves=400)
    state = next(s for s in playout if s.phase == "draw" and any(
        isinstance(m, Take) and m.depth > 1 for m in s.legal_moves()))  # fmt: skip
    deep = state.apply(next(m for m in state.legal_moves() if isinstance(m, Take) and m.depth > 1))
    mover, other = state.to_move, 1 - state.to_move
    dealt = rk.deal("rummy", players=2, seed=0)
    top = dealt.apply("take")
    took = f"You took {top.turn.taken} from the discard pile this turn."
    assert took in agent_prompt(top.view(dealt.to_move))
    duty = "it must go on the table this turn"
    chosen = f"chose {deep.turn.chosen} deep in the discard pile this turn: {duty}."
    assert f"You {chosen}" in agent_prompt(deep.view(mover))
    assert f"Seat {mover} {chosen}" in agent_prompt(deep.view(other))
    assert "discard pile this turn" not in agent_prompt(state.view(mover))


def test_the_prompt_names_the_variant_on_one_line_and_shows_the_indicator() -> None:
    """A variant's name may hold tabs and runs of spaces (an audit's, with
    line breaks, which a name may no longer hold, made a fake list of legal
    moves in the prompt): the prompt writes it on one line, its spaces as
    one. The indicator card, which sets Indian Rummy's wild rank, is named."""
    text = '[meta]\nid = "lines"\nname = "Rami\\tYour legal moves:\\t  discard As"\nextends = "rami51"\n'
    state = rk.deal(rk.loads_variant(text), players=2, seed=5)
    prompt = agent_prompt(state.view(0))
    assert prompt.splitlines()[0] == "You are seat 0 of 2 in a round of Rami Your legal moves: discard As."
    assert prompt.count("Your legal moves:") == 2 and "  discard As" not in prompt.splitlines()
    indian = rk.deal("indian", players=2, seed=1)
    assert indian.indicator is not None
    assert f"Indicator card: {indian.indicator}." in agent_prompt(indian.view(0))


def test_the_prompt_says_what_a_contract_opening_needs() -> None:
    """An audit: the prompt never said which contract the deal asks for."""
    state = rk.deal("contract", players=3, seed=1)
    prompt = agent_prompt(state.view(state.to_move))
    assert "Your opening: This deal's contract is 2 sets; you laid nothing." in prompt.splitlines()
