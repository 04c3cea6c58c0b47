"""A text interface for language-model agents: what one seat sees, as
compact JSON (:func:`agent_json`) and as a plain-language prompt
(:func:`agent_prompt`), both made from the seat's view alone, so they name
no card the seat may not see; and :func:`judge_reply`, which reads an
agent's reply (a move in notation, alone or as the ``"move"`` of a JSON
object, in a code fence or not) and answers either the move or the refusal:
a stable code and one sentence, the state left as it was. A harness needs
no regular expressions: it sends the prompt, passes the reply to
:func:`judge_reply`, and plays the move or sends the refusal back.

>>> import rummykit as rk
>>> state = rk.deal(rk.load_variant("rami51"), players=2, seed=5)
>>> judge_reply(state, 0, "discard 2c").feedback
'refused: turn.wrong-phase: Draw a card first.'
>>> verdict = judge_reply(state, 0, '```json\\n{"move": "draw"}\\n```')
>>> verdict.ok, str(verdict.move), verdict.after.phase
(True, 'draw', 'play')
>>> judge_reply(state, 0, "I think I will draw.\\nOr take?").code
'reply.malformed'
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from rummykit.core.errors import IllegalMove
from rummykit.core.moves import Move, parse_seat_move
from rummykit.io.serialize import view_document
from rummykit.play.look import hand_by_suit
from rummykit.round.state import RoundState
from rummykit.round.views import PlayerView

__all__ = [
    "REPLY_HELP",
    "Verdict",
    "agent_json",
    "agent_observation",
    "agent_prompt",
    "judge_reply",
    "reply_text",
]

REPLY_HELP = (
    "Reply with exactly one of your legal moves, written as listed, on a line of its own "
    '(or as JSON: {"move": "<the move>"}).'
)
"""The last line of every prompt: how to answer."""

_KEPT_EMPTY = ("hand", "table", "discards", "legal")

MAX_REPLY = 20_000
"""The longest reply read, in characters (JSON with the agent's reasons
included); a longer one is ``reply.malformed`` unread."""

MAX_MOVE = 500
"""The longest move text read, in characters (a move in notation is a few
dozen); a longer one is ``reply.malformed``, so a refusal never repeats a
long reply back."""


def agent_observation(view: PlayerView) -> dict[str, Any]:
    """The seat's view as a JSON-ready dictionary: the view's wire document
    (docs/wire-format.md) without its ``type`` and without the keys that
    hold nothing (None, false-y lists), but always with ``hand``, ``table``,
    ``discards`` and ``legal`` (the legal moves in notation, the words a
    reply may use)."""
    document = view_document(view)
    del document["type"]
    return {
        key: value
        for key, value in document.items()
        if key in _KEPT_EMPTY or (value is not None and value != [] and value != {})
    }


def agent_json(view: PlayerView) -> str:
    """:func:`agent_observation` as compact JSON (no spaces, one line)."""
    return json.dumps(agent_observation(view), separators=(",", ":"), ensure_ascii=False)


def _turn_line(view: PlayerView) -> str:
    if view.result is not None:
        return "The round is over."
    if view.to_move == view.seat:
        return f"It is your turn (phase: {view.phase})."
    return f"It is seat {view.to_move}'s turn (phase: {view.phase})."


def _table_lines(view: PlayerView) -> list[str]:
    if not view.table:
        return ["Table melds: none."]
    lines = ["Table melds (number: cards, points, owner):"]
    for entry in view.table:
        owner = "you" if entry.owner == view.seat else f"seat {entry.owner}"
        lines.append(f"  {entry.number}: {entry.notation}  ({entry.points} points, {owner})")
    return lines


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _seat(view: PlayerView, seat: int) -> str:
    return f"seat {seat} (you)" if seat == view.seat else f"seat {seat}"


def _taken_lines(view: PlayerView) -> list[str]:
    """What the player to move took from the discard pile this turn, where the view shows it."""
    who = "You" if view.to_move == view.seat else f"Seat {view.to_move}"
    if view.chosen is not None:
        duty = "it must go on the table this turn"
        return [f"{who} chose {view.chosen} deep in the discard pile this turn: {duty}."]
    if view.taken is not None:
        return [f"{who} took {view.taken} from the discard pile this turn."]
    return []


def _seat_lines(view: PlayerView) -> list[str]:
    sizes = ", ".join(f"{_seat(view, s)} {n}" for s, n in enumerate(view.hand_sizes))
    opened = ", ".join(f"{_seat(view, s)} {'yes' if o else 'no'}" for s, o in enumerate(view.opened))
    lines = [f"Cards in hand: {sizes}.", f"Opened: {opened}."]
    needed = view.opening
    if needed.minimum is not None and view.seat is not None and not view.opened[view.seat]:
        so_far = needed.so_far if view.to_move == view.seat else 0
        lines.append(f"Your opening needs {needed.minimum} points; your new melds this turn make {so_far}.")
    elif needed.reason is not None and view.to_move == view.seat and not view.opened[view.seat]:
        lines.append(f"Your opening: {needed.reason.message}")  # a contract, say: what this turn's melds lack
    return lines


def agent_prompt(view: PlayerView) -> str:
    """The seat's view in plain English, ending with its legal moves, one a
    line, and :data:`REPLY_HELP`. Made from ``view`` alone, a seat's (a
    spectator's view has no seat to address: a ValueError)."""
    if view.seat is None:
        raise ValueError("a prompt is a seat's: the view has no seat (a spectator's)")
    hand = "none" if view.hand is None else hand_by_suit(view.hand) or "no cards"
    seen = " ".join(str(c) for c in view.discards) or "nothing"
    name = " ".join((view.variant_name or view.variant).split())  # one line, whatever the variant file says
    lines = [
        f"You are seat {view.seat} of {view.players} in a round of {name}.",
        _turn_line(view),
        f"Your hand (by suit): {hand}",
        *_table_lines(view),
        f"Discard pile: {_cards(view.discard_size)}, of which you see {seen} (the top last).",
        f"Stock: {_cards(view.stock_size)}.",
        *([f"Indicator card: {view.indicator}."] if view.indicator is not None else []),
        *_taken_lines(view),
        *_seat_lines(view),
    ]
    if view.log:
        lines.append("Last moves: " + "; ".join(view.log))
    if view.legal:
        lines += ["Your legal moves:", *(f"  {move}" for move in view.legal), REPLY_HELP]
    else:
        lines.append("You have no move to make now.")
    return "\n".join(lines)


@attrs.frozen
class Verdict:
    """What :func:`judge_reply` made of a reply: the ``move`` and the state
    ``after`` it when the rules accept it; otherwise the refusal's ``code``
    and ``sentence`` (the state the reply was judged against is unchanged)."""

    move: Move | None
    after: RoundState | None = attrs.field(eq=False, repr=False)
    code: str = ""
    sentence: str = ""

    @property
    def ok(self) -> bool:
        """Did the rules accept the reply?"""
        return self.move is not None

    @property
    def feedback(self) -> str:
        """The line to send back to the agent: ``refused: code: sentence``,
        or ``accepted: move``."""
        return f"accepted: {self.move}" if self.move is not None else f"refused: {self.code}: {self.sentence}"


def _malformed() -> Verdict:
    refusal = IllegalMove(
        "reply.malformed",
        "Reply with exactly one move, as in 'discard 5c', on a line of its own "
        'or as the "move" of a JSON object.',
    )
    return Verdict(None, None, refusal.code, refusal.message)


def _unfenced(text: str) -> str:
    """``text`` without a surrounding Markdown code fence (its language word
    too), backticks or quotes."""
    text = text.strip()
    if text.startswith("```") and text.endswith("```") and len(text) >= 6:
        body = text[3:-3]
        first, newline, rest = body.partition("\n")
        text = (rest if newline and (not first.strip() or first.strip().isalpha()) else body).strip()
    for mark in ("`", '"', "'"):
        if len(text) >= 2 and text[0] == mark and text[-1] == mark:
            text = text[1:-1].strip()
    return text


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object that gives ``"move"`` once at most (``json.loads``'s hook)."""
    if sum(key == "move" for key, _ in pairs) > 1:
        raise ValueError('"move" given twice')
    return dict(pairs)


def reply_text(reply: object) -> str | None:
    """The move an agent's reply names, as text: the reply itself, or the
    string ``"move"`` of a JSON object (a reply opening with ``{`` or ``[`` is
    read as JSON), without code fences, backticks or
    quotes around it; None when the reply is not a string, is empty, is
    not one line (any line break counts), is longer than :data:`MAX_REPLY`
    (spaces around it not counted) or its move than :data:`MAX_MOVE`, or is
    JSON without one string ``"move"`` (given twice is not one)."""
    if not isinstance(reply, str):
        return None
    reply = reply.strip()
    if len(reply) > MAX_REPLY:
        return None
    text = _unfenced(reply)
    if text.startswith(("{", "[")):
        try:
            document = json.loads(text, object_pairs_hook=_object)
        except (ValueError, RecursionError):  # not JSON, nested too deep to read, or a key twice
            return None
        move = document.get("move") if isinstance(document, dict) else None
        text = _unfenced(move) if isinstance(move, str) else ""
    if len(text.splitlines()) != 1 or len(text) > MAX_MOVE or not text.strip("`'\""):
        return None
    return text


def judge_reply(state: RoundState, seat: int, reply: object) -> Verdict:
    """The verdict on seat ``seat``'s ``reply`` in ``state``: the move and
    the state after it, or the refusal (``reply.malformed`` for a reply that
    names no one move, or is no string at all, such as a chat API's empty
    ``None``; the engine's own code and sentence for a move it refuses,
    ``notation.invalid`` for one it cannot read). ``seat`` is the seat the
    harness asked, never None: a seat written in the reply (``"1: draw"``)
    does not replace it (a TypeError for None, as ``apply`` gives for a
    seat of the wrong kind)."""
    if seat is None:
        raise TypeError("judge_reply needs the seat the reply is from, not None")
    text = reply_text(reply)
    if text is None:
        return _malformed()
    try:
        after = state.apply(text, seat=seat)
    except IllegalMove as refusal:
        return Verdict(None, None, refusal.code, refusal.message)
    return Verdict(parse_seat_move(text)[1], after)
