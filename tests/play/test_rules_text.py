"""``rummykit rules`` and ``rummykit diff``: a variant's rules in words from
its keys, and the rules two variants hold differently
(rummykit.play.rules_text)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rummykit.core.translation import LANGUAGES
from rummykit.play.cli import main
from rummykit.play.rules_text import CHAPTERS, all_rules, key_value, rule_differences, rules_text
from rummykit.variant.model import bundled_variants, load_variant, loads_variant, schema_keys

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------- every key has its sentence


def test_every_key_of_the_schema_is_spoken_for_by_one_rule() -> None:
    spoken: dict[str, int] = {}
    for rule in all_rules():
        for key in rule.keys:
            spoken[key] = spoken.get(key, 0) + 1
    missing = [key for key in schema_keys() if key not in spoken]
    assert not missing, f"keys without a sentence in rummykit.play.rules_text: {missing}"
    assert [key for key, count in spoken.items() if count > 1] == []
    assert set(spoken) == set(schema_keys()), "a rule names a key the schema does not have"


def test_every_rule_says_something_for_every_bundled_variant() -> None:
    for ref in bundled_variants():
        variant = load_variant(ref)
        for rule in all_rules():
            sentences = rule.say(variant)
            assert sentences, f"{rule} says nothing for {ref}"
            assert all(str(sentence).strip() for sentence in sentences)


def test_a_key_value_reads_arrays_endings_and_shorthands() -> None:
    contract, tonk = load_variant("contract"), load_variant("tonk")
    assert key_value(contract, "contract.deals[].sets") == [2, 1, 0, 3, 2, 1, 0]
    assert key_value(tonk, "scoring.payments.ENDING.payer")["caught"] == "knocker"
    assert key_value(contract, "opening.shape.runs") is None
    assert key_value(load_variant("rami51"), "deck.by_players[].players") == [[2, 4], [5, 6]]


# --------------------------------------------------------------------------- each variant's own rules

DISTINCTIVE = {
    "gin": ["knock", "at most 10 points of deadwood", "gin", "undercut", "Nobody melds during play"],
    "oklahoma_gin": ["indicator", "knock limit", "spades", "reaches 150"],
    "rami51": ["at least 51 points", "swap"],
    "rami40": ["at least 40 points"],
    "rami51_house": ["at least 51 points"],
    "rami40_house": ["at least 40 points"],
    "indian": ["pure (without a joker", "declare", "drop out", "wild", "indicator", "wrong show"],
    "indian_pool": ["goes above 100 is out", "declare"],
    "indian_deals": ["declare", "pure"],
    "tonk": ["tonk", "drop", "49 or 50", "stakes", "dropper"],
    "contract": ["contract", "one set and one run", "Deal 7", "buy the upcard", "shift"],
    "liverpool": ["contract", "In deal 7 only", "at most 3 times a deal"],
    "handromi": ["exchange card", "hand rummy", "cuts the pack", "counterclockwise", "at least 50 points"],
    "kalooki": ["only to open with it", "every missing suit", "goes above 150 is out", "buy back"],
    "rummy500": ["deeper in the discard row", "reaches 500", "table value", "A joker on the table counts 15"],
    "roemie": ["deeper in the discard row", "table value", "fixed when it is laid"],
    "romme": ["Rommé"],
    "romme51": ["at least 51 points"],
    "rummy": ["Rummy"],
}


@pytest.mark.parametrize("ref", bundled_variants())
def test_the_text_of_each_bundled_variant_names_its_distinctive_rules(ref: str) -> None:
    text = rules_text(load_variant(ref), "en", "md")
    missing = [phrase for phrase in DISTINCTIVE[ref] if phrase.lower() not in text.lower()]
    assert not missing, f"{ref}: {missing}"


def test_the_chapters_come_in_the_order_a_table_needs_them() -> None:
    titles = [str(title) for title, _rules in CHAPTERS]
    assert titles == [
        "Players and cards",
        "The deal",
        "The turn",
        "Melds",
        "Opening",
        "Lay-offs and jokers",
        "Going out",
        "Scoring",
        "The match",
    ]
    text = rules_text(load_variant("rami51"), "en", "md")
    assert [line[3:] for line in text.splitlines() if line.startswith("## ")] == titles


def test_an_idle_rule_is_left_out_of_the_text_but_not_of_the_diff() -> None:
    rami = rules_text(load_variant("rami51"), "en", "md")
    assert "knock" not in rami.lower()  # nobody knocks: the knock's keys are idle
    found = rule_differences(load_variant("rami51"), load_variant("gin"))
    assert any(d.keys[0] == "knock.allowed" and d.text("a") == "Nobody knocks." for d in found)


# --------------------------------------------------------------------------- rummykit rules


@pytest.mark.parametrize("fmt", ["md", "text", "html"])
def test_rules_in_each_format(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    code, out, err = run(capsys, "rules", "gin", "--format", fmt)
    assert code == 0 and not err and "Gin Rummy" in out
    if fmt == "md":
        assert out.startswith("# Rules of Gin Rummy\n") and "\n## The deal\n" in out and "\n- " in out
    elif fmt == "text":
        assert out.startswith("RULES OF GIN RUMMY\n") and max(len(line) for line in out.splitlines()) <= 78
        assert "#" not in out and "<" not in out
    else:
        assert out.startswith("<!DOCTYPE html>") and "<li>" in out and out.rstrip().endswith("</html>")


def test_the_html_page_escapes_what_the_file_says(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "evil.toml"
    path.write_text('[meta]\nid = "evil"\nname = "<script>alert(1)</script> & co"\nextends = "rami51"\n')
    code, out, _ = run(capsys, "rules", str(path), "--format", "html")
    assert code == 0 and "<script>" not in out and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in out

    class Tags(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.seen: list[str] = []

        def handle_starttag(self, tag: str, attrs: object) -> None:
            self.seen.append(tag)

    parser = Tags()
    parser.feed(out)
    assert set(parser.seen) == {"html", "head", "meta", "title", "style", "body", "h1", "h2", "ul", "li"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_in_each_language(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    code, out, _ = run(capsys, "rules", "rami51", "--lang", lang)
    english = rules_text(load_variant("rami51"), "en", "md")
    assert code == 0 and "51" in out
    assert (out == english) == (lang == "en")
    if lang != "en":  # every line translated, but the names and numbers
        same = set(out.splitlines()) & set(english.splitlines())
        assert same <= {"", "- 2–6 players take part."} | {line for line in same if "rami51" in line}


def test_rules_from_a_file_that_extends_a_bundled_variant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[meta]\nid = "mine"\nname = "Mine"\nextends = "rami51"\n[opening]\nmin_points = 30\n')
    code, out, _ = run(capsys, "rules", str(path))
    assert code == 0 and "at least 30 points" in out and "written as changes to rami51" in out


@pytest.mark.parametrize(
    "args",
    [
        ("rules", "nothing"),
        ("rules", "/nonexistent/file.toml"),
        ("rules", "gin", "--format", "pdf"),
        ("rules", "gin", "--lang", "fr"),
        ("diff", "gin"),
        ("diff", "gin", "nothing"),
        ("diff", "nothing", "gin", "--json"),
    ],
)
def test_errors_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("rummykit: error: ") and "Traceback" not in err


def test_a_file_that_is_not_toml_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(b"\xff\xfe[meta\x00")
    for args in (("rules", str(path)), ("diff", "gin", str(path))):
        code, _out, err = run(capsys, *args)
        assert code == 2 and len(err.splitlines()) == 1


# --------------------------------------------------------------------------- rummykit diff


def test_diff_of_a_variant_with_itself_is_empty(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "diff", "rami51", "rami51") == (0, "", "")
    code, out, _ = run(capsys, "diff", "gin", "gin", "--json")
    assert code == 0 and json.loads(out)["differences"] == []


def test_diff_of_gin_and_oklahoma_gin_names_the_knock_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "diff", "gin", "oklahoma_gin")
    assert code == 1
    lines = out.splitlines()
    limit = [line for line in lines if "knock limit" in line]
    assert len(limit) == 1 and "deal.indicator.knock_limit" in limit[0]
    assert limit[0].startswith("- There is no indicator card. → The first upcard is the deal's indicator")
    assert any("reaches 150" in line for line in lines)


def test_diff_of_a_file_that_changes_one_key_is_that_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[meta]\nid = "mine"\nname = "Mine"\nextends = "rami51"\n[swap]\nrelay = "mandatory"\n')
    code, out, _ = run(capsys, "diff", "rami51", str(path))
    assert code == 1
    assert out.splitlines() == [
        "- A joker on the table may be taken into the hand by laying the natural card it stands for in its "
        "place. Only a player who has opened swaps jokers. A set gives up its joker only with at least 3 "
        "natural cards beside it. The swapped joker must be laid again in the same turn where that is "
        "possible. → A joker on the table may be taken into the hand by laying the natural card it stands "
        "for in its place. Only a player who has opened swaps jokers. A set gives up its joker only with at "
        "least 3 natural cards beside it. The swapped joker must be laid again in the same turn. (swap.relay)"
    ]


def test_diff_json_and_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "diff", "rami51", "rami40", "--json")
    assert code == 1
    data = json.loads(out)
    assert data["a"] == {"id": "rami51", "name": "Rami 51 (Referentieregels)"} and data["b"]["id"] == "rami40"
    assert data["differences"] == [
        {
            "keys": ["opening.min_points"],
            "a": {"opening.min_points": 51},
            "b": {"opening.min_points": 40},
            "a_text": "To open (go down), the new melds of one turn must count at least 51 points.",
            "b_text": "To open (go down), the new melds of one turn must count at least 40 points.",
        }
    ]
    code, out, _ = run(capsys, "diff", "rami51", "rami40", "--json", "--lang", "de")
    german = json.loads(out)["differences"][0]
    assert code == 1 and "51" in german["a_text"] and german["a_text"] != data["differences"][0]["a_text"]


def test_the_names_are_no_difference() -> None:
    found = rule_differences(load_variant("rami51"), load_variant("rami40"))
    assert [key for difference in found for key in difference.keys] == ["opening.min_points"]


def test_diff_sees_what_a_contract_deal_holds_in_place_of_the_variants_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mine.toml"
    text = (ROOT / "variants" / "liverpool.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('id = "liverpool"', 'id = "mine"').replace('"forbidden"', '"optional"'))
    assert 'final_discard = "optional"' in path.read_text()
    code, out, _ = run(capsys, "diff", str(ROOT / "variants" / "liverpool.toml"), str(path))
    assert code == 1
    assert out.splitlines() == [
        "- A player goes out by getting rid of all his cards, with or without a last discard. In deal 7 "
        "only: A player goes out by melding and laying off all his cards; the last card may not be "
        "discarded. → A player goes out by getting rid of all his cards, with or without a last discard. "
        "(contract.deals[].rules)"
    ]
    code, out, _ = run(capsys, "diff", str(path), "liverpool", "--json")
    found = json.loads(out)["differences"]
    assert [d["keys"] for d in found] == [["contract.deals[].rules"]]
    assert found[0]["b"]["contract.deals[].rules"][6] == {
        "going_out": {"final_discard": "forbidden", "in_opening_turn": "required"}
    }


def test_a_contract_of_fewer_deals_differs_in_the_deals_alone() -> None:
    """An audit's five-deal contract showed 57 differences against contract,
    55 of them the same text on both sides: the deals' own rules were
    compared as lists of different lengths."""
    deals = "".join(
        f"[[contract.deals]]\nhand_size = {size}\nsets = {sets}\nruns = {runs}\n"
        for size, sets, runs in ((10, 2, 0), (10, 1, 1), (10, 0, 2), (12, 3, 0), (12, 0, 3))
    )
    head = '[meta]\nid = "contract5"\nname = "Five deals"\nextends = "contract"\n'
    found = rule_differences(load_variant("contract"), loads_variant(f"{head}{deals}[match]\nrounds = 5\n"))
    keys = sorted(difference.keys[0] for difference in found)
    assert keys == ["contract.deals[].hand_size", "match.rounds"]
