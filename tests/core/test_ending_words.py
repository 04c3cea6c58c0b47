"""The words of each way a round ends, and their translations."""

from __future__ import annotations

from typing import get_args

import pytest

from rummykit.core.ending_words import ENDING_WORDS, ending_words
from rummykit.core.round_values import Ending
from rummykit.core.translation import LANGUAGES, translator


def test_every_ending_has_words() -> None:
    assert set(ENDING_WORDS) == set(get_args(Ending))


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_each_language_has_its_own_words_for_each_ending(lang: str) -> None:
    translate = translator(lang)
    same = [ending for ending in ENDING_WORDS if ending_words(ending, translate) == ENDING_WORDS[ending]]
    assert set(same) <= {"gin"}  # a name, the same word in some languages


def test_words_in_english_and_in_another_language() -> None:
    assert ending_words("went_out") == "went out"
    assert ending_words("undercut", translator("nl")) == "onderboden"
    assert ending_words("blocked", translator("hu")) == "elfogyott a talon"


def test_an_ending_the_table_does_not_know_is_written_out() -> None:
    assert ending_words("some_new_end") == "some new end"
    assert ending_words("some_new_end", translator("de")) == "some new end"
