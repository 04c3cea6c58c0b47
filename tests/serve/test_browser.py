"""The game page in a real browser: headless Chromium from the system packages,
driven by Playwright pointed at that binary (nothing is downloaded).

The tests start ``rummykit serve`` on 127.0.0.1 (a free port, stopped when the
module's tests end), create games through the page's form and play whole
rounds against bots by clicking: a simple policy reads the legal moves from
the page and plays one of them by selecting its cards in the hand and
clicking its button. Screenshots go to ``$RUMMYKIT_ARTIFACTS`` (default: the
test's tmp dir).

Skipped, with the reason, where Chromium, Playwright or the serve extra is
missing: ``apt-get install chromium`` and ``pip install -e ".[serve,browser]"``
(a failure instead when ``RUMMYKIT_REQUIRE_BROWSER`` is set, as in .ci/run).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("RUMMYKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 20_000
MAX_MOVES = 600


def _missing() -> str | None:
    if not Path(CHROMIUM).is_file():
        return f"no Chromium binary at {CHROMIUM} (apt-get install chromium, or set RUMMYKIT_CHROMIUM)"
    for module, extra in (("playwright", "browser"), ("starlette", "serve"), ("uvicorn", "serve")):
        if importlib.util.find_spec(module) is None:
            return f"the {module} package is not installed (pip install -e '.[{extra}]')"
    if importlib.util.find_spec("rummykit.serve.app") is None:
        return "this rummykit has no server (rummykit.serve.app)"
    return None


if _missing() is not None and os.environ.get("RUMMYKIT_REQUIRE_BROWSER"):
    # .ci/run sets this: there, a missing browser is a failure, not a skip.
    pytest.fail(f"RUMMYKIT_REQUIRE_BROWSER is set but {_missing()}", pytrace=False)
pytestmark = pytest.mark.skipif(_missing() is not None, reason=str(_missing()))


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    from serve_support import TEST_SECRET

    from rummykit.serve import GameRegistry, ServerLimits
    from rummykit.serve.app import create_app
    from rummykit.serve.server import running

    registry = GameRegistry(secret=lambda: TEST_SECRET)  # a seed deals the same in every run
    limits = ServerLimits(games_per_minute=1000, sockets_per_client=1000, open_games_per_client=1000)
    with running(create_app(registry, limits)) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, headless; Playwright gives every launch a fresh profile."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A fresh tab; the test fails if the page's script throws or the page
    asks anything of another server than ours."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    elsewhere: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("request", lambda request: request.url.startswith(server) or elsewhere.append(request.url))
    try:
        yield tab
    finally:
        context.close()
    assert errors == [], f"the page's script failed: {errors}"
    assert elsewhere == [], f"the page asked other servers: {elsewhere}"


@pytest.fixture
def artifacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("RUMMYKIT_ARTIFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# --------------------------------------------------------------------------- driving the page


def create_game(
    page: Any,
    server: str,
    variant: str,
    seats: list[str],
    seed: int,
    *,
    match: bool = False,
    lang: str = "en",
) -> None:
    """Fill in the page's form (seat 0 a person, the others the bots named) and
    wait until the game shows its first view."""
    page.goto(server + "/")
    page.select_option("#variant", variant)
    page.select_option("#lang", lang)
    page.fill("#players", str(len(seats)))
    page.dispatch_event("#players", "input")
    for seat, who in enumerate(seats):
        page.select_option(f'#seats select[data-seat="{seat}"]', who)
    page.evaluate("document.getElementById('advanced').open = true")  # the seed is under "Advanced"
    page.fill("#seed", str(seed))
    page.set_checked("#match", match)
    page.click("#create")
    page.wait_for_selector("body[data-state-id]", state="attached")


def state_id(page: Any) -> int:
    return int(page.get_attribute("body", "data-state-id"))


def legal_moves(page: Any) -> list[str]:
    """The legal moves as the page lists them."""
    moves: list[str] = page.eval_on_selector_all("#legal li", "items => items.map(i => i.dataset.move)")
    return moves


def wait_for_my_turn(page: Any, after: int) -> None:
    """Wait for a view newer than state ``after`` in which this seat is to move
    or the round is over (the bots move in between)."""
    page.wait_for_function(
        """after => Number(document.body.dataset.stateId) > after
             && (document.body.dataset.myTurn === "true" || document.body.dataset.phase === "over")""",
        arg=after,
    )


def play(page: Any, move: str) -> None:
    """Play ``move`` by clicking: its cards in the hand, then its button."""
    before = state_id(page)
    if page.is_visible("#clear-selection"):
        page.click("#clear-selection")
    words = move.split()
    cards = words[2:] if words[0] in ("layoff", "swap", "shift") else words[1:]
    if words[0] == "shift":  # shift M C JK=X: the joker is the table's
        cards = [card for card in cards if not card.startswith("JK")]
    if words[0] in ("draw", "take"):
        cards = []
    for card in cards:
        hand_card = "JK" if card.startswith("JK") else card
        page.click(f'#hand button.card[data-card="{hand_card}"][aria-pressed="false"] >> nth=0')
    area = "#card-moves" if cards else "#plain-moves"
    page.click(f'{area} button[data-move="{move}"]')
    try:
        wait_for_my_turn(page, before)
    except Exception as error:
        refusal = page.inner_text("#refusal") if page.is_visible("#refusal") else "no refusal shown"
        raise AssertionError(f"no new view after {move!r}: {refusal}") from error


def choose(moves: list[str], melds_failed: bool) -> str:
    """A simple policy: go out or knock when allowed, meld the longest meld,
    lay off, discard, draw; undo a meld that cannot stand (then discard)."""

    def of(kind: str) -> list[str]:
        return [m for m in moves if m.split()[0] == kind]

    if moves == ["undo"]:
        return "undo"
    for kind in ("out", "knock"):
        if of(kind):
            return of(kind)[0]
    if of("meld") and not melds_failed:
        return max(of("meld"), key=len)
    for kind in ("layoff", "discard", "draw", "pass", "done"):
        if of(kind):
            return of(kind)[0]
    return moves[0]


def play_round(page: Any) -> list[str]:
    """Play until the round is over; the moves played."""
    wait_for_my_turn(page, -1)
    played: list[str] = []
    melds_failed = False
    while page.get_attribute("body", "data-phase") != "over":
        assert len(played) < MAX_MOVES, f"the round did not end in {MAX_MOVES} moves: {played[-10:]}"
        move = choose(legal_moves(page), melds_failed)
        if move == "undo":
            melds_failed = True
        if move.split()[0] in ("draw", "take", "pass"):
            melds_failed = False
        play(page, move)
        played.append(move)
    return played


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize(("variant", "seed"), [("rami51", 4), ("gin", 2)])
def test_a_whole_round_is_played_by_clicking(
    page: Any, server: str, artifacts: Path, variant: str, seed: int
) -> None:
    create_game(page, server, variant, ["human", "greedy"], seed)
    assert page.is_visible("#hand-panel")
    played = play_round(page)
    assert played
    page.wait_for_selector("#result:not([hidden])")
    assert "Round over" in page.inner_text("#result-headline")
    assert page.eval_on_selector_all("#legal li", "items => items.length") == 0
    assert page.eval_on_selector_all("#log li", "items => items.length") > 0
    page.screenshot(path=str(artifacts / f"browser-{variant}-round-over.png"), full_page=True)


def test_a_tentative_meld_is_marked_with_the_opening_so_far(page: Any, server: str, artifacts: Path) -> None:
    create_game(page, server, "rami51", ["human", "greedy"], 4)
    wait_for_my_turn(page, -1)
    melds_failed = False
    for _ in range(MAX_MOVES):
        moves = legal_moves(page)
        move = choose(moves, melds_failed)
        if move == "undo":
            melds_failed = True
        if move.split()[0] in ("draw", "take"):
            melds_failed = False
        play(page, move)
        if page.query_selector("#table .meld.tentative"):
            break
        assert page.get_attribute("body", "data-phase") != "over", "the round ended before a meld was laid"
    tentative = page.query_selector_all("#table .meld.tentative")
    assert tentative and "tentative" in tentative[0].inner_text()
    so_far, minimum = page.inner_text("#opening-so-far").split(" / ")
    assert minimum == "51" and int(so_far) > 0
    page.screenshot(path=str(artifacts / "browser-rami51-tentative-meld.png"), full_page=True)


def test_a_double_click_plays_the_move_once_and_shows_no_refusal(page: Any, server: str) -> None:
    create_game(page, server, "rami51", ["human", "greedy"], 4)
    wait_for_my_turn(page, -1)
    assert page.get_attribute("body", "data-phase") == "draw"
    before = state_id(page)
    hand = page.eval_on_selector_all("#hand button.card", "cards => cards.length")
    # Two clicks in one task: the first sends the move and turns the buttons
    # off until the answer, so the second sends nothing (no stale-state refusal).
    draw = '#plain-moves button[data-move="draw"]'
    page.eval_on_selector(draw, "button => { button.click(); button.click(); }")
    page.wait_for_function("after => Number(document.body.dataset.stateId) > after", arg=before)
    page.wait_for_timeout(300)  # a second move, had it gone, would be answered by now
    assert page.is_hidden("#refusal")
    assert state_id(page) == before + 1
    assert page.eval_on_selector_all("#hand button.card", "cards => cards.length") == hand + 1


def test_a_bad_token_is_refused_and_a_spectator_sees_no_hand(page: Any, server: str) -> None:
    create_game(page, server, "gin", ["human", "greedy"], 2)
    game = page.evaluate("new URLSearchParams(location.search).get('game')")
    page.goto(f"{server}/?game={game}#token=not-a-token")
    page.wait_for_selector("#refusal:not([hidden])")
    assert page.inner_text("#refusal-code") == "game.bad-token"
    page.goto(f"{server}/?game={game}#watch")
    page.wait_for_selector("body[data-state-id]", state="attached")
    assert not page.is_visible("#hand-panel")
    people = page.inner_text("#players-table tbody")
    assert "Seat 0" in people and "Greedy bot" in people and "You" not in people


def test_the_seat_token_stays_out_of_the_address_and_the_history(page: Any, server: str) -> None:
    create_game(page, server, "gin", ["human", "greedy"], 2)
    game = page.evaluate("new URLSearchParams(location.search).get('game')")
    assert "token" not in page.url and page.url.endswith(f"/?game={game}")
    assert page.evaluate("history.length") >= 1
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.reload()  # the tab's session storage still has the token: the seat is played again
    page.wait_for_selector("body[data-state-id]", state="attached")
    assert page.is_visible("#hand-panel") and "token" not in page.url
    assert requests and not any("token" in url for url in requests)  # the socket's address too
    page.goto(f"{server}/?game={game}#watch")  # the watch link: no hand, though the token is stored
    page.wait_for_selector("body[data-state-id]", state="attached")
    assert not page.is_visible("#hand-panel")


def test_a_match_shows_the_scores_and_deals_the_next_round(page: Any, server: str) -> None:
    # Rami 51's match has a round per player: two here.
    create_game(page, server, "rami51", ["human", "greedy"], 4, match=True)
    assert "Match round 1" in page.inner_text("#extras")
    play_round(page)
    totals = "#players-table tbody tr td:last-child"
    scores = page.eval_on_selector_all(totals, "cells => cells.map(c => c.textContent)")
    assert len(scores) == 2 and all(score.lstrip("-").isdigit() for score in scores)
    assert scores != ["0", "0"]
    before = state_id(page)
    page.click("#next-round")
    page.wait_for_function("after => Number(document.body.dataset.stateId) > after", arg=before)
    page.wait_for_function("document.body.dataset.phase !== 'over'")
    assert "Match round 2" in page.inner_text("#extras")
    assert page.is_hidden("#result")


def test_the_end_of_a_match_is_shown(page: Any, server: str) -> None:
    # A gin match is one hand.
    create_game(page, server, "gin", ["human", "greedy"], 2, match=True)
    play_round(page)
    assert "The match is over" in page.inner_text("#result")
    assert not page.is_visible("#next-round")


def test_dragging_a_card_onto_the_discards_discards_it(page: Any, server: str) -> None:
    create_game(page, server, "rami51", ["human", "greedy"], 4)
    wait_for_my_turn(page, -1)
    play(page, "draw")
    discard = next(m for m in legal_moves(page) if m.startswith("discard "))
    card = discard.split()[1]
    before = state_id(page)
    page.drag_and_drop(f'#hand button.card[data-card="{card}"] >> nth=0', "#discards")
    wait_for_my_turn(page, before)
    assert f"0: {discard}" in log_entries(page)


def test_each_human_seat_gets_its_own_link(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.select_option("#variant", "rami51")
    page.fill("#players", "3")
    page.dispatch_event("#players", "input")
    page.select_option('#seats select[data-seat="1"]', "human")
    page.select_option('#seats select[data-seat="2"]', "random")
    page.fill('#seats input.person-name[data-seat="0"]', "Anna")  # the name typed, shown to the others
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    seats = page.eval_on_selector_all("#seat-links a[data-seat]", "links => links.map(a => a.dataset.seat)")
    assert seats == ["0", "1"]
    page.click('#seat-links a[data-seat="1"]')
    page.wait_for_selector("body[data-state-id]", state="attached")
    assert page.is_visible("#hand-panel")
    assert page.inner_text('#players-table tbody tr[data-seat="1"] td >> nth=0').startswith("You")
    assert page.inner_text('#players-table tbody tr[data-seat="0"] td >> nth=0').startswith("Anna")
    assert page.inner_text('#players-table tbody tr[data-seat="2"] td >> nth=0').startswith("Random bot")
    names = page.eval_on_selector_all("#opponents .seat-name", "names => names.map(n => n.textContent)")
    assert [name.rstrip("D") for name in names] == ["Anna", "Random bot"]


def test_play_again_with_two_people_shows_each_seat_s_link(page: Any, server: str) -> None:
    # The new game's tokens are given once: the page shows them, as after the form.
    page.goto(server + "/")
    page.select_option("#variant", "gin")
    page.select_option('#seats select[data-seat="1"]', "human")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    first = page.get_attribute('#seat-links a[data-seat="0"]', "href")
    page.click('#seat-links a[data-seat="0"]')
    page.wait_for_selector("body[data-state-id]", state="attached")
    page.evaluate("playAgain()")  # the result panel's button, without playing the round out
    page.wait_for_selector("#created:not([hidden])")
    links = page.eval_on_selector_all("#seat-links a[data-seat]", "links => links.map(a => a.href)")
    assert len(links) == 2 and first not in links and all("#token=" in link for link in links)
    assert page.is_hidden("#game") and page.is_hidden("#create-form")
    assert page.evaluate("location.search") == ""
    page.click('#seat-links a[data-seat="1"]')
    page.wait_for_selector("body[data-state-id]", state="attached")
    assert page.is_visible("#hand-panel")


def test_the_page_reconnects_after_a_drop_and_plays_on(page: Any, server: str) -> None:
    create_game(page, server, "gin", ["human", "greedy"], 2)
    wait_for_my_turn(page, -1)
    before = state_id(page)
    page.evaluate("page.socket.close()")
    page.wait_for_selector('#connection[data-state="closed"]')
    page.wait_for_selector('#connection[data-state="open"]')
    assert state_id(page) == before
    play(page, choose(legal_moves(page), melds_failed=False))
    assert state_id(page) > before


def test_a_dutch_game_shows_the_page_s_words_in_dutch(page: Any, server: str, artifacts: Path) -> None:
    create_game(page, server, "rami51", ["human", "greedy"], 4, lang="nl")
    wait_for_my_turn(page, -1)
    assert page.get_attribute("html", "lang") == "nl"
    assert page.inner_text("#turn").startswith("Jij bent aan de beurt")
    assert page.inner_text('[data-label="your_hand"]') == "Jouw hand"
    assert page.inner_text('[data-label="players"]') == "Spelers"
    title = page.inner_text("#game-title")
    assert title.startswith("Rami 51") and " · spel " in title
    assert page.inner_text('#players-table tbody tr[data-seat="0"] td >> nth=0').startswith("Jij")
    assert page.get_attribute("#rules-link", "href") == "/rules/rami51?lang=nl"
    buttons = page.eval_on_selector_all("#plain-moves button", "buttons => buttons.map(b => b.textContent)")
    assert "Trek van de pot" in buttons
    # why a typed move would be refused, in the game's language too (the code stays the same)
    page.click("#legal-details summary")
    page.fill("#typed-move", "discard " + hand_cards(page)[0])
    page.click("#typed-check")
    page.wait_for_selector("#typed-why:not([hidden])")
    assert page.inner_text("#typed-why-code") == "turn.wrong-phase"
    assert page.inner_text("#typed-why-message") == "Trek eerst een kaart."
    page.screenshot(path=str(artifacts / "browser-rami51-dutch.png"), full_page=True)


def test_an_english_game_keeps_the_english_words(page: Any, server: str) -> None:
    create_game(page, server, "gin", ["human", "greedy"], 2)
    wait_for_my_turn(page, -1)
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("#turn").startswith("Your turn")
    assert page.inner_text('[data-label="your_hand"]') == "Your hand"


def log_entries(page: Any) -> list[str]:
    """The log's moves in notation (each line tells them in words, the notation in small print)."""
    entries: list[str] = page.eval_on_selector_all("#log li", "items => items.map(i => i.dataset.entry)")
    return entries


def hand_cards(page: Any) -> list[str]:
    script = "cards => cards.map(c => c.dataset.card)"
    cards: list[str] = page.eval_on_selector_all("#hand button.card", script)
    return cards


def gin_choice(moves: list[str], hand: list[str]) -> str:
    """A gin policy that knocks: pass the first upcard, draw from the stock,
    knock when allowed, else throw the card that leaves the least deadwood
    (the library's least_penalty); once knocked, lay the longest meld, then done."""
    import rummykit as rk

    kinds: dict[str, list[str]] = {}
    for move in moves:
        kinds.setdefault(move.split()[0], []).append(move)
    for kind in ("knock", "pass", "draw"):
        if kind in kinds:
            return kinds[kind][0]
    if "meld" in kinds:
        return max(kinds["meld"], key=len)
    if "discard" in kinds:
        best = f"discard {rk.least_penalty('gin', ' '.join(hand), discard=True).discard}"
        return best if best in moves else kinds["discard"][0]
    return kinds["done"][0] if "done" in kinds else moves[0]


def test_a_human_seat_knocks_in_gin_and_lays_its_melds_down(page: Any, server: str, artifacts: Path) -> None:
    # Seed 4 (and the tests' secret): with gin_choice seat 0 knocks on its seventh
    # turn (checked with the library).
    create_game(page, server, "gin", ["human", "greedy"], 4)
    wait_for_my_turn(page, -1)
    played: list[str] = []
    while not played or not played[-1].startswith("knock"):
        assert page.get_attribute("body", "data-phase") != "over", f"no knock in {played}"
        assert len(played) < MAX_MOVES
        move = gin_choice(legal_moves(page), hand_cards(page))
        play(page, move)
        played.append(move)
    # The knock: the discard is made and the knocker lays its melds down, then says done.
    assert page.get_attribute("body", "data-phase") == "knock"
    assert page.inner_text("#turn").startswith("Your turn — lay down your melds, then done.")
    assert {move.split()[0] for move in legal_moves(page)} <= {"meld", "done"}
    page.screenshot(path=str(artifacts / "browser-gin-knock.png"), full_page=True)
    laid = 0
    while page.get_attribute("body", "data-phase") == "knock":
        move = gin_choice(legal_moves(page), hand_cards(page))
        assert move.split()[0] in ("meld", "done"), move
        laid += move.startswith("meld")
        play(page, move)
        played.append(move)
    assert played[-1] == "done" and laid > 0
    # The greedy bot defends (lays off, done) at once: the round is over and scored as a knock.
    page.wait_for_selector("#result:not([hidden])")
    assert page.get_attribute("body", "data-phase") == "over"
    assert "(knock)" in page.inner_text("#result-headline")
    assert "Deadwood" in page.inner_text("#result table thead")
    log = log_entries(page)
    assert "0: knock" in log and "0: done" in log, log  # the knock card is face down: not in the log
    assert page.eval_on_selector_all("#table .meld", "melds => melds.length") >= laid
    page.screenshot(path=str(artifacts / "browser-gin-knock-over.png"), full_page=True)


def test_a_human_seat_buys_the_upcard_out_of_turn_in_contract(
    page: Any, browser: Any, server: str, artifacts: Path
) -> None:
    # Seed 5: seat 0 moves first; once it draws from the stock, seat 1 may buy the upcard.
    page.goto(server + "/")
    page.select_option("#variant", "contract")
    page.fill("#players", "3")
    page.dispatch_event("#players", "input")
    for seat, who in enumerate(["human", "human", "greedy"]):
        page.select_option(f'#seats select[data-seat="{seat}"]', who)
    page.evaluate("document.getElementById('advanced').open = true")
    page.fill("#seed", "5")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    links = {seat: page.get_attribute(f'#seat-links a[data-seat="{seat}"]', "href") for seat in ("0", "1")}
    other = browser.new_context(viewport={"width": 1280, "height": 900})
    buyer = other.new_page()
    buyer.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    buyer.on("pageerror", lambda error: errors.append(str(error)))
    try:
        buyer.goto(server + links["1"])
        buyer.wait_for_selector("body[data-state-id]", state="attached")
        page.goto(server + links["0"])
        wait_for_my_turn(page, -1)
        assert buyer.eval_on_selector_all("#plain-moves button", "buttons => buttons.length") == 0
        upcard = page.eval_on_selector_all("#discards .card", "cards => cards.map(c => c.dataset.card)")[-1]
        before = len(hand_cards(buyer))
        play(page, "draw")
        buy = '#plain-moves button[data-move="buy"]'
        buyer.wait_for_selector(buy)
        assert buyer.inner_text(buy) == "Buy the upcard"
        assert buyer.get_attribute("body", "data-my-turn") == "false"
        seen = state_id(buyer)
        buyer.click(buy)
        buyer.wait_for_function("after => Number(document.body.dataset.stateId) > after", arg=seen)
        after = hand_cards(buyer)
        log = log_entries(buyer)
        buyer.screenshot(path=str(artifacts / "browser-contract-buy.png"), full_page=True)
    finally:
        other.close()
    assert errors == []
    assert "1: buy" in log
    assert upcard in after and len(after) == before + 2  # the upcard and a penalty card from the stock
    # the player in turn plays on: the buy window is closed, its discards are offered
    page.wait_for_function("document.querySelector('#log').textContent.includes('1: buy')")
    assert "buy" not in legal_moves(page) and any(m.startswith("discard ") for m in legal_moves(page))


def test_an_indian_game_shows_the_deal_s_card_and_a_drop_leaves_the_deal(page: Any, server: str) -> None:
    # Indian Rummy: the cut card is public (the status line names it), and a
    # drop before the first draw leaves the deal: with two players the other
    # seat is the last one in and wins it (R-IND-10).
    create_game(page, server, "indian", ["human", "greedy"], 3)
    wait_for_my_turn(page, -1)
    assert "the deal's card:" in page.inner_text("#extras")
    assert "drop" in legal_moves(page)
    play(page, "drop")
    page.wait_for_selector("#result:not([hidden])")
    assert "Round over (the last seat in): Greedy bot won." in page.inner_text("#result-headline")


def test_an_indian_declare_is_offered_for_the_selected_card(page: Any, server: str) -> None:
    create_game(page, server, "indian", ["human", "greedy"], 3)
    wait_for_my_turn(page, -1)
    play(page, "draw")
    card = hand_cards(page)[0]
    assert f"declare {card}" in legal_moves(page)
    assert page.eval_on_selector_all("#plain-moves button", "bs => bs.map(b => b.dataset.move)") == []
    page.click(f'#hand button.card[data-card="{card}"] >> nth=0')
    offered = page.eval_on_selector_all("#card-moves button", "bs => bs.map(b => b.dataset.move)")
    assert f"declare {card}" in offered and f"discard {card}" in offered
    label = page.inner_text(f'#card-moves button[data-move="declare {card}"]')
    assert label.startswith("Declare, laying ") and label != "Declare, laying  face down"


def test_a_shift_is_offered_for_its_hand_card_only(page: Any, server: str) -> None:
    # The page's own reading of moves: a shift's JK=X is the table's joker, not a card of the hand.
    page.goto(server + "/")
    offered = page.evaluate(
        """() => {
             page.view = { legal: ["shift 1 9h JK=6h", "discard 9h", "swap 1 9h", "discard 3c"] };
             page.sortedHand = ["9h", "3c"];
             page.selected = [0];
             return movesForSelection();
           }"""
    )
    assert offered == ["shift 1 9h JK=6h", "discard 9h", "swap 1 9h"]


def test_the_round_s_seats_are_named_by_the_game_s_seats(page: Any, server: str) -> None:
    # A match that eliminated seats 1 and 2: the round's seat 1 is the game's seat 3.
    page.goto(server + "/")
    names = page.evaluate(
        """async () => {
             await loadLabels();  // (the setup page has no game's words)
             page.seats = [{ seat: 0, bot: null, name: "Anna" }, { seat: 1, bot: "random", name: null },
                           { seat: 2, bot: null, name: null }, { seat: 3, bot: "greedy", name: null }];
             page.roundSeats = [0, 3];
             page.view = { seat: 1 };
             return [seatName(0), seatName(1), gameSeatName(3), gameSeatName(2), gameSeatName(1)];
           }"""
    )
    assert names == ["Anna", "You", "You", "Seat 2", "Random bot"]


# --------------------------------------------------------------------------- the card table, and why


def test_a_refused_selection_says_why_and_the_pure_run_case_of_romme51(
    page: Any, server: str, artifacts: Path
) -> None:
    # Seed 2 (and the tests' secret): seat 0 draws and can lay 9c 9d 9h 9s and
    # 7c 7d 7h, 57 points, over Romme 51's minimum but with no pure run.
    create_game(page, server, "romme51", ["human", "greedy"], 2)
    wait_for_my_turn(page, -1)
    assert page.get_attribute("body", "data-phase") == "draw"
    first = hand_cards(page)[0]
    page.click(f'#hand button.card[data-card="{first}"] >> nth=0')
    page.wait_for_selector("#why:not([hidden])")
    assert page.inner_text("#why-message") == "Draw a card first."
    assert page.inner_text("#why-code") == "turn.wrong-phase"
    page.click("#clear-selection")
    assert page.is_hidden("#why")
    play(page, "draw")
    play(page, "meld 9c 9d 9h 9s")
    play(page, "meld 7c 7d 7h")
    assert page.inner_text("#opening-so-far") == "57 / 51"
    assert page.get_attribute("#opening-so-far", "class") == "short"  # over the minimum, but no opening
    assert "run of at least 3 cards without a joker" in page.inner_text("#opening-reason")
    assert "opening.needs-pure-run" in page.inner_text("#opening")
    assert legal_moves(page) == ["undo"] or "discard" not in " ".join(legal_moves(page))
    left = hand_cards(page)[0]
    page.click(f'#hand button.card[data-card="{left}"] >> nth=0')
    page.wait_for_selector("#why:not([hidden])")
    assert page.inner_text("#why-code") == "opening.needs-pure-run"
    pure_run = "An opening must include a run of at least 3 cards without a joker."
    assert page.inner_text("#why-message") == pure_run
    page.screenshot(path=str(artifacts / "browser-romme51-pure-run.png"), full_page=True)


def test_the_bot_s_turn_is_told_step_by_step_and_the_table_shows_the_seats(
    page: Any, server: str, artifacts: Path
) -> None:
    create_game(page, server, "gin", ["human", "greedy"], 2)
    wait_for_my_turn(page, -1)
    assert page.inner_text("#opponents .seat-name").startswith("Greedy bot")
    assert page.eval_on_selector_all("#opponents .back", "backs => backs.length") == 10
    assert page.get_attribute("#rules-link", "href") == "/rules/gin"
    assert page.is_hidden("#record-link")  # no record while the round is played
    assert page.inner_text("#counter").startswith("Deadwood: ")
    while page.get_attribute("body", "data-phase") != "play":
        play(page, choose(legal_moves(page), melds_failed=False))
    if "draw" in legal_moves(page):
        page.click("#stock")  # the stock pile draws
    before = state_id(page)
    discard = next(m for m in legal_moves(page) if m.startswith("discard "))
    play(page, discard)
    assert state_id(page) > before
    # The bot's turn, told a step at a time: "Greedy bot drew…", then "Greedy bot drew, discarded 5♠."
    page.wait_for_function("document.querySelector('#narration').textContent.startsWith('Greedy bot ')")
    page.wait_for_function("document.querySelector('#narration').textContent.includes('discarded')")
    told = page.inner_text("#narration")
    assert told.startswith(("Greedy bot drew, discarded ", "Greedy bot took the top discard, "))
    assert told.endswith(".")
    lines = page.eval_on_selector_all("#log li", "items => items.map(i => i.textContent)")
    assert any(line.startswith("You discarded ") for line in lines), lines
    page.screenshot(path=str(artifacts / "browser-desktop-table.png"), full_page=False)


def test_the_hand_sorts_by_rank_or_suit_and_a_dragged_card_stays_put(page: Any, server: str) -> None:
    create_game(page, server, "rami51", ["human", "greedy"], 4)
    wait_for_my_turn(page, -1)
    ranks = "23456789TJQKA"

    def order(cards: list[str]) -> list[int]:
        return [ranks.index(card[0]) for card in cards if not card.startswith("JK")]

    page.click("#sort-rank")
    by_rank = hand_cards(page)
    assert order(by_rank) == sorted(order(by_rank))
    assert page.get_attribute("#sort-rank", "aria-pressed") == "true"
    page.click("#sort-suit")
    suits = [card[1] for card in hand_cards(page) if not card.startswith("JK")]
    assert suits == sorted(suits, key="shc d".index) and page.query_selector('#hand [data-group="s"]')
    # Drag the last card onto the first: it goes before it, and stays there after the next view.
    cards = hand_cards(page)
    page.drag_and_drop("#hand button.card >> nth=-1", "#hand button.card >> nth=0")
    moved = hand_cards(page)
    assert moved[0] == cards[-1] and sorted(moved) == sorted(cards)
    play(page, "draw")
    assert hand_cards(page)[0] == cards[-1]


def test_a_round_ends_in_a_panel_in_words_and_play_again_starts_a_new_game(
    page: Any, server: str, artifacts: Path
) -> None:
    create_game(page, server, "gin", ["human", "greedy"], 2)
    game = page.evaluate("new URLSearchParams(location.search).get('game')")
    play_round(page)
    page.wait_for_selector("#result:not([hidden])")
    headline = page.inner_text("#result-headline")
    assert headline.startswith("Round over (") and ("You won" in headline or "Greedy bot won" in headline)
    first_cells = "#result tbody tr td:first-child"
    rows = page.eval_on_selector_all(first_cells, "cells => cells.map(c => c.textContent)")
    assert rows == ["You", "Greedy bot"]
    assert page.is_visible("#record-link")
    assert page.is_hidden("#next-round")
    page.screenshot(path=str(artifacts / "browser-desktop-round-over.png"), full_page=True)
    page.click("#play-again")
    page.wait_for_function("game => new URLSearchParams(location.search).get('game') !== game", arg=game)
    page.wait_for_selector("body[data-state-id]", state="attached")
    wait_for_my_turn(page, -1)
    assert page.get_attribute("body", "data-phase") != "over"
    assert len(hand_cards(page)) >= 10 and page.is_hidden("#result")
    assert page.inner_text("#opponents .seat-name").startswith("Greedy bot")


def test_the_setup_form_opens_on_a_two_player_game_and_explains_each_variant(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.wait_for_selector("#variant option", state="attached")
    assert page.input_value("#variant") == "gin" and page.input_value("#players") == "2"
    assert page.inner_text("#variant-line").startswith("2 players, 1 deck, 10 cards each: knock")
    assert page.get_attribute("#setup-rules-link", "href") == "/rules/gin"
    assert not page.is_visible("#seed")  # under "Advanced"
    page.select_option("#variant", "romme51")
    assert "a pure run" in page.inner_text("#variant-line")
    page.click("#advanced summary")
    assert page.is_visible("#seed")


def touch_drag(page: Any, source: str, target: str) -> None:
    """Drag with a finger: touch events through the DevTools protocol (the page
    sees pointer events of type touch, as on a phone)."""
    start = page.locator(source).bounding_box()
    end = page.locator(target).bounding_box()
    assert start is not None and end is not None
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    session = page.context.new_cdp_session(page)
    touch = {"x": x0, "y": y0, "id": 7}
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [touch]})
    for step in range(1, 6):
        touch = {"x": x0 + (x1 - x0) * step / 5, "y": y0 + (y1 - y0) * step / 5, "id": 7}
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [touch]})
        page.wait_for_timeout(30)
    # A finger that rests before it lifts: no fling (a tap during a fling only stops it, with no click).
    page.wait_for_timeout(200)
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()


def test_a_whole_round_on_a_phone_by_touch(browser: Any, server: str, artifacts: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    phone = context.new_page()
    phone.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    try:
        create_game(phone, server, "gin", ["human", "greedy"], 2)
        wait_for_my_turn(phone, -1)
        header = phone.locator("header.bar").bounding_box()
        assert header is not None and header["height"] < 50, header  # one line
        width = phone.eval_on_selector("#hand button.card", "card => card.getBoundingClientRect().width")
        assert width >= 44
        for what in ("#hand-turn", "#hand", "#actions"):
            box = phone.locator(what).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 40) <= 844, (what, box)
        phone.screenshot(path=str(artifacts / "browser-phone-start.png"))
        while phone.get_attribute("body", "data-phase") != "play":
            tap_move(phone, choose(legal_moves(phone), melds_failed=False))
        # A card dragged by finger onto the discards is discarded.
        discard = next(m for m in legal_moves(phone) if m.startswith("discard "))
        before = state_id(phone)
        touch_drag(phone, f'#hand button.card[data-card="{discard.split()[1]}"] >> nth=0', "#discards")
        wait_for_my_turn(phone, before)
        assert f"0: {discard}" in log_entries(phone)
        phone.screenshot(path=str(artifacts / "browser-phone-play.png"))
        moves = 0
        while phone.get_attribute("body", "data-phase") != "over":
            assert moves < MAX_MOVES
            tap_move(phone, choose(legal_moves(phone), melds_failed=False))
            moves += 1
        phone.wait_for_selector("#result:not([hidden])")
        assert phone.is_visible("#play-again")
        phone.screenshot(path=str(artifacts / "browser-phone-round-over.png"), full_page=True)
    finally:
        context.close()
    assert errors == []


def tap_move(page: Any, move: str) -> None:
    """Play ``move`` with taps: its cards, then its button (scrolled into view first)."""
    before = state_id(page)
    if page.is_visible("#clear-selection"):
        page.tap("#clear-selection")
    words = move.split()
    cards = words[2:] if words[0] in ("layoff", "swap", "shift") else words[1:]
    if words[0] in ("draw", "take"):
        cards = []
    for card in cards:
        # A tap is tried again should it land while the page still scrolls the card into view.
        for _ in range(3):
            chosen = page.eval_on_selector_all(
                f'#hand button.card[data-card="{card}"][aria-pressed="true"]', "cards => cards.length"
            )
            if chosen >= cards.count(card):
                break
            page.tap(f'#hand button.card[data-card="{card}"][aria-pressed="false"] >> nth=0')
    page.tap(f'{"#card-moves" if cards else "#plain-moves"} button[data-move="{move}"]')
    try:
        wait_for_my_turn(page, before)
    except Exception as error:
        refusal = page.inner_text("#refusal") if page.is_visible("#refusal") else "no refusal shown"
        raise AssertionError(f"no new view after {move!r}: {refusal}") from error
