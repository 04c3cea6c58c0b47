"""Messages in five languages: the catalogues are complete and up to date, and
refusals, command-line errors and the terminal game speak the language asked for."""

from __future__ import annotations

import ast
import gettext
import io
import pickle
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from tool_support import load_tool

import rummykit as rk
from rummykit.core.errors import N_, IllegalMove, Refusal, Text, joined
from rummykit.core.translation import (
    LANGUAGES,
    LOCALE_DIR,
    language,
    language_from_environment,
    speaking,
    spoken,
    translate,
    translator,
)
from rummykit.play.cli import main

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "rummykit"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


catalogues = load_tool("catalogues")


def po(lang: str) -> Catalog:
    with (SOURCE / "locale" / lang / "LC_MESSAGES" / "rummykit.po").open("rb") as source:
        return read_po(source, locale=lang)


def fields(template: str) -> list[str]:
    return sorted(name for _, name, _, _ in string.Formatter().parse(template) if name is not None)


# --------------------------------------------------------------------------- the catalogues


def test_the_template_holds_every_message_of_the_source() -> None:
    with (SOURCE / "locale" / "rummykit.pot").open("rb") as source:
        pot = {m.id for m in read_po(source) if m.id}
    assert pot == set(catalogues.templates(SOURCE)), "stale catalogue: python tools/catalogues.py"
    assert len(pot) > 150


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_exists_in_every_language(lang: str) -> None:
    catalog = po(lang)
    for template in catalogues.templates(SOURCE):
        message = catalog.get(template)
        assert message is not None, f"{lang}: {template!r} is missing: python tools/catalogues.py"
        assert message.string and not message.fuzzy, f"{lang}: {template!r} is not translated"
        assert isinstance(message.string, str)
        # The same named fields, and the same leading spaces (the terminal game aligns on them).
        assert fields(message.string) == fields(template), f"{lang}: {template!r}"
        assert (
            message.string[: len(template) - len(template.lstrip())]
            == template[: len(template) - len(template.lstrip())]
        )
        assert message.string.endswith("> ") == template.endswith("> "), f"{lang}: {template!r}"
    assert not catalog.obsolete


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_is_the_po_file(lang: str) -> None:
    # The .mo shipped in the package says what the .po says, message for message.
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "rummykit.mo").open("rb") as source:
        compiled = gettext.GNUTranslations(source)
    for message in po(lang):
        if message.id:
            assert compiled.gettext(str(message.id)) == message.string, (
                f"{lang}: stale .mo: python tools/catalogues.py"
            )


def test_the_installed_package_has_every_catalogue() -> None:
    for lang in TRANSLATED:
        assert (LOCALE_DIR / lang / "LC_MESSAGES" / "rummykit.mo").is_file(), lang


def _template_calls(tree: ast.AST) -> list[tuple[str, ast.expr]]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        spec = catalogues.KEYWORDS.get(name, ()) if name else ()
        index = (spec or (1,))[0] - 1 if name in catalogues.KEYWORDS else None
        if index is not None and len(node.args) > index:
            found.append((str(name), node.args[index]))
    return found


def test_no_message_is_formatted_before_it_is_translated() -> None:
    # An f-string template cannot be looked up in a catalogue: values go in named fields.
    calls = 0
    for path in sorted(SOURCE.rglob("*.py")):
        for name, arg in _template_calls(ast.parse(path.read_text(encoding="utf-8"))):
            assert not isinstance(arg, ast.JoinedStr), f"{path.name}: {name}(f'...') at line {arg.lineno}"
            calls += 1
    assert calls > 150


# --------------------------------------------------------------------------- refusals


def first_refusal() -> IllegalMove:
    state = rk.deal(rk.load_variant("rami51"), players=2, seed=1)
    with pytest.raises(IllegalMove) as caught:
        state.apply("discard 2c")
    return caught.value


def test_a_refusal_in_every_language_keeps_its_code() -> None:
    error = first_refusal()
    texts = {lang: error.message_in(lang) for lang in LANGUAGES}
    assert texts["en"] == error.message == "Draw a card first."
    assert texts["nl"] == "Trek eerst een kaart."
    assert texts["de"] == "Zieh zuerst eine Karte."
    assert len(set(texts.values())) == len(LANGUAGES)
    assert str(error) == "turn.wrong-phase: Draw a card first." and error.code == "turn.wrong-phase"


def test_fields_are_filled_in_after_translation() -> None:
    error = IllegalMove("card.not-in-hand", "You do not hold {card}.", card=rk.parse_card("7h"))
    assert error.message == "You do not hold 7h." and str(error) == "card.not-in-hand: You do not hold 7h."
    assert translate(error, "sv") == "Du har inte 7h på handen."
    assert error.message_in("hu") == "Nincs a kezedben: 7h."
    assert error.fields == {"card": rk.parse_card("7h")} and error.template == "You do not hold {card}."


def test_words_and_reasons_inside_a_message_are_translated_with_it() -> None:
    refusal = rk.check_meld(rk.load_variant("rami51"), "7h 9h Th")
    assert isinstance(refusal, Refusal) and refusal.code == "meld.run-gap"
    assert refusal.message == "The cards of this hearts run are not consecutive."
    assert refusal.message_in("de") == "Die Karten dieser Folge in Herz sind nicht lückenlos."
    outer = Refusal("shift.no-room", "The run cannot take the joker there: {why}", why=refusal)
    assert outer.message_in("nl").endswith("De kaarten van deze reeks in harten sluiten niet op elkaar aan.")
    assert Text("{n} sets", n=2).text(translator("sv")) == "2 grupper"


def test_lists_inside_a_message_are_joined_in_its_language() -> None:
    ends = joined([rk.parse_card("6h"), rk.parse_card("Th")], N_("{a} or {b}"))
    refusal = Refusal(
        "shift.no-room",
        "The joker can go only to an open end of this run ({free}), not {named}.",
        free=ends,
        named="9h",
    )
    assert refusal.message == "The joker can go only to an open end of this run (6h or Th), not 9h."
    assert refusal.message_in("sv") == (
        "Jokern kan bara flyttas till en öppen ände av den här stegen (6h eller Th), inte till 9h."
    )
    assert str(joined(["8h", "8s", "8c"], N_("{a} and {b}"))) == "8h and 8s and 8c"
    assert joined([], N_("{a} and {b}")) == ""


def test_refusals_compare_by_code_and_english_message() -> None:
    a = Refusal("meld.too-short", "A run needs at least {least} cards.", least=3)
    assert a == Refusal("meld.too-short", "A run needs at least 3 cards.")
    assert hash(a) == hash(Refusal("meld.too-short", "A run needs at least 3 cards."))
    assert a != Refusal("meld.too-long", "A run needs at least 3 cards.")
    assert a.with_code("layoff.does-not-fit").message_in("de") == "Eine Folge braucht mindestens 3 Karten."


def test_an_unknown_language_is_english() -> None:
    error = first_refusal()
    for lang in ("fr", "", None, "xx_YY", "english"):
        assert error.message_in(lang) == error.message


def test_language_tags() -> None:
    assert language("nl_NL.UTF-8") == "nl" and language("de-AT") == "de" and language("SV") == "sv"
    assert language("hu_HU@euro") == "hu" and language("pt_BR") == "en" and language(None) == "en"


def test_the_language_of_the_environment() -> None:
    assert language_from_environment({}) == "en"
    assert language_from_environment({"LANG": "de_DE.UTF-8"}) == "de"
    assert language_from_environment({"LANGUAGE": "fr:sv", "LANG": "de_DE.UTF-8"}) == "sv"
    assert language_from_environment({"LANGUAGE": "fr", "LANG": "hu_HU.UTF-8"}) == "hu"
    assert language_from_environment({"LC_ALL": "C.UTF-8", "LANG": "nl_NL.UTF-8"}) == "en"
    assert language_from_environment({"LC_MESSAGES": "nl_BE", "LANG": "de_DE"}) == "nl"
    assert language_from_environment({"LANGUAGE": "en_GB:nl", "LANG": "nl_NL"}) == "en"


def test_a_game_speaks_its_language_only_inside_it() -> None:
    from rummykit.play.terminal import say

    assert spoken() == "en"
    with speaking("nl_NL.UTF-8"):
        assert spoken() == "nl" and say("hand", cards="7h") == "   je hand: 7h"
        with speaking("hu"):
            assert say("quit") == "Kiléptél a játékból."
        assert say("quit") == "Je hebt het spel verlaten."
    assert spoken() == "en" and say("quit") == "You left the game."


def test_an_illegal_move_survives_pickling_with_its_fields() -> None:
    error = IllegalMove("card.not-in-hand", "You do not hold {card}.", card="7h")
    back = pickle.loads(pickle.dumps(error))
    assert isinstance(back, IllegalMove) and str(back) == str(error)
    assert back.message_in("nl") == "Je hebt 7h niet in je hand."


# --------------------------------------------------------------------------- the command line


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def test_the_cli_refuses_in_the_language_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "meld", "-v", "rami51", "--lang", "nl", "7h", "8s", "9h")
    assert (
        code == 1
        and out == "geweigerd: meld.run-suits: Alle kaarten van een reeks moeten dezelfde kleur hebben.\n"
    )
    code, out, _ = run(capsys, "meld", "-v", "rami51", "--lang=de", "--json", "7h", "8s", "9h")
    assert code == 1 and '"Alle Karten einer Folge müssen dieselbe Farbe haben."' in out
    code, out, _ = run(capsys, "meld", "-v", "rami51", "7h", "8s", "9h")
    assert out == "refused: meld.run-suits: All cards of a run must have the same suit.\n"


def test_cli_errors_follow_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    code, _, err = run(capsys, "simulate", "-v", "rami51", "--rounds", "1", "--workers", "0")
    assert code == 2 and err == "rummykit: error: simulate: --workers måste vara från 1 till 256, inte 0\n"
    code, _, err = run(capsys, "simulate", "-v", "rami51", "--rounds", "1", "--workers", "0", "--lang", "hu")
    assert code == 2
    assert err == "rummykit: error: simulate: a --workers értéke 1 és 256 között legyen, nem 0\n"
    code, _, err = run(capsys, "nonsense")
    assert code == 2 and err.endswith("(se --help)\n")


def test_an_unknown_lang_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "meld", "-v", "rami51", "--lang", "fr", "7h")
    assert code == 2 and "--lang" in err and "fr" in err


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("nl", ("jij bent plaats 0", "je hand:", "geweigerd: notation.invalid: Kan 'fly' niet lezen",
                "de bovenste kaart van de pot trekken", "Het spel verlaten? [j/N]")),
        ("hu", ("te a(z) 0. hely vagy", "a kezed:", "nem szabályos: notation.invalid: Nem értelmezhető",
                "a talon legfelső lapjának felhúzása", "Kilépsz a játékból? [i/N]")),
        ("sv", ("du är plats 0", "din hand:", "inte tillåtet: notation.invalid: Kan inte läsa 'fly'",
                "dra översta kortet från talongen", "Lämna spelet? [j/N]")),
        ("de", ("du bist Platz 0", "deine Hand:", "abgelehnt: notation.invalid: 'fly' ist nicht lesbar",
                "die oberste Karte vom Talon ziehen", "Das Spiel verlassen? [j/N]")),
    ],
)  # fmt: skip
def test_the_terminal_game_in_each_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, words: tuple[str, ...]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nmoves\nmeld 2c 3c 4c\nfly\nquit\nj\n"))
    code, out, _ = run(capsys, "play", "-v", "romme51", "--seed", "3", "--bots", "random", "--lang", lang)
    assert code == 0
    for word in words:
        assert word in out, (word, out)
    assert "your hand" not in out and "refused" not in out and "Quit the game" not in out
