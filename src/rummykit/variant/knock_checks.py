"""Checks across keys for a variant whose play ends with gin's knock: rules
that load key by key but could never play sensibly together.

- A knock (``knock.allowed``, instead of a discard) is scored knocker
  against defender by ``scoring.method = "deadwood_difference"``: under a
  method by points (``hand_penalty``, ``table_minus_hand``,
  ``winner_collects``) the knocker is the round's winner whatever deadwood
  he kept, so he always wins (0 against the others' hands).
- Under ``deadwood_difference`` a round ends with a knock: with
  ``melds.during_play = true`` a player could meld out instead, which that
  method scores 0 for everyone, no winner.

>>> from rummykit.core.errors import VariantError
>>> from rummykit.variant.loading import loads_variant
>>> try:
...     loads_variant('''
... [meta]
... id = "knock_penalty"
... name = "A knock scored as penalties"
... extends = "gin"
... [scoring]
... method = "hand_penalty"
... ''')
... except VariantError as error:
...     print(*(problem.path for problem in error.problems))
knock.allowed
"""

from __future__ import annotations

from typing import Any

__all__ = ["POINT_METHODS", "knock_problems"]

POINT_METHODS = ("hand_penalty", "table_minus_hand", "winner_collects")
"""The methods that score a round by points with the seat that went out
(or knocked) as its winner, whatever deadwood it kept."""


def knock_problems(sections: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The problems of the knock against the scoring and the melds of the
    variant's ``sections`` (read, each without problems of its own), as
    (key path, expected, got)."""
    knock, method = sections["knock"], sections["scoring"].method
    out = []
    if knock.allowed and knock.timing == "instead_of_discard" and method in POINT_METHODS:
        expected = (
            f'false while scoring.method is "{method}" (a knock is scored knocker against defender '
            'by "deadwood_difference"; under a method by points the knocker always wins)'
        )
        out.append(("knock.allowed", expected, "true"))
    if method == "deadwood_difference" and sections["melds"].during_play:
        expected = (
            'false while scoring.method is "deadwood_difference" (play ends with a knock; '
            "a player who melds out would score 0 against 0, with no winner)"
        )
        out.append(("melds.during_play", expected, "true"))
    return out
