"""``GET /rules/<variant>``: the rules page the game page links to."""

from __future__ import annotations

import httpx
from serve_support import TIMEOUT, served


def test_the_rules_page_of_a_bundled_variant_in_a_language() -> None:
    with served() as (base, _):
        english = httpx.get(f"{base}/rules/gin", timeout=TIMEOUT)
        dutch = httpx.get(f"{base}/rules/rami51", params={"lang": "nl"}, timeout=TIMEOUT)
    assert english.status_code == 200 and english.headers["content-type"].startswith("text/html")
    assert "<h1>Rules of Gin Rummy</h1>" in english.text and "knock" in english.text
    assert dutch.status_code == 200 and '<html lang="nl">' in dutch.text
    assert "51" in dutch.text and "Rules of" not in dutch.text


def test_an_unknown_variant_or_a_path_is_a_404_with_one_sentence() -> None:
    with served() as (base, _):
        unknown = httpx.get(f"{base}/rules/nothing", timeout=TIMEOUT)
        path = httpx.get(f"{base}/rules/..%2Fvariants%2Fgin.toml", timeout=TIMEOUT)
        script = httpx.get(f"{base}/rules/<script>", params={"lang": "de"}, timeout=TIMEOUT)
    assert unknown.status_code == 404 and unknown.text == "There is no bundled variant 'nothing'."
    assert path.status_code == 404
    assert script.status_code == 404 and script.headers["content-type"].startswith("text/plain")
    assert len(script.text.splitlines()) == 1
