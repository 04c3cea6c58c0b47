"""How a round ended, in words a player reads: the short phrase the game
page and the terminal game put after "Round over" (``"went out"``,
``"undercut"``), one for each ending of :class:`~rummykit.core.round_values.RoundResult`,
marked for the catalogues and translated where it is shown.

>>> from rummykit.core.translation import translator
>>> ending_words("hand_rummy"), ending_words("hand_rummy", translator("de"))
('hand rummy', 'Handrommé')
"""

from __future__ import annotations

from rummykit.core.translation import N_, Translator

__all__ = ["ENDING_WORDS", "ending_words"]

ENDING_WORDS: dict[str, str] = {
    "went_out": N_("went out"),
    "hand_rummy": N_("hand rummy"),
    "blocked": N_("the stock ran out"),
    "turn_cap": N_("the turn limit"),
    "knock": N_("knock"),
    "gin": N_("gin"),
    "undercut": N_("undercut"),
    "wall": N_("the wall"),
    "repeat": N_("the same card taken again"),
    "take_limit": N_("the take limit"),
    "tonk_out": N_("out without a discard"),
    "drop": N_("dropped out"),
    "caught": N_("a knock caught"),
    "tonk_deal": N_("won at the deal"),
    "deal_void": N_("the deal void"),
    "declared": N_("declared"),
    "wrong_show": N_("a wrong show"),
    "last_in": N_("the last seat in"),
}
"""The words of each ending, in English (the catalogues' templates)."""


def ending_words(ending: str, translate: Translator | None = None) -> str:
    """The words of ``ending`` (one of :data:`ENDING_WORDS`' keys), put into
    a language by ``translate`` (None: English). An ending this table does
    not know is written out with spaces (``"new_end"``: ``"new end"``)."""
    words = ENDING_WORDS.get(ending)
    if words is None:
        return ending.replace("_", " ")
    return words if translate is None else translate(words)
