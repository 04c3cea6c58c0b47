"""The fixed words of the game page (headings, buttons, the status line ...)
in each language: English templates with named fields, marked for the
catalogues and translated with gettext like every other message.

The page asks ``GET /api/games/<id>/labels`` for the table in its game's
language and fills in the fields itself (``{seat}`` and the like):

>>> labels("nl")["your_turn"]
'Jij bent aan de beurt — {hint}'
>>> labels("fr")["your_turn"]  # not translated: English
'Your turn — {hint}'
"""

from __future__ import annotations

from rummykit.core.ending_words import ENDING_WORDS
from rummykit.core.translation import N_, language, translator

__all__ = ["LABELS", "labels"]

LABELS: dict[str, str] = {
    # the panels and their headings
    "game_title": N_("{variant} · game {game}"),
    "table": N_("Table"),
    "table_empty": N_("No melds on the table yet."),
    "discards": N_("Discards"),
    "your_hand": N_("Your hand"),
    "all_legal_moves": N_("All legal moves"),
    "players": N_("Players"),
    "seat_column": N_("Seat"),
    "cards_column": N_("Cards"),
    "opened_column": N_("Opened"),
    "score_column": N_("Score"),
    "last_moves": N_("Last moves"),
    "game": N_("Game"),
    "download_record": N_("Download the record"),
    "rules": N_("Rules"),
    "watch_link": N_("Watch link (no hand shown)"),
    # the connection
    "connecting": N_("connecting…"),
    "connected": N_("connected"),
    "watching": N_("watching"),
    "refused_by_server": N_("refused by the server"),
    "retrying": N_("disconnected; retrying in {seconds} s"),
    "not_connected": N_("Not connected to the server; reconnecting."),
    "server_refused": N_("The server refused this game or token."),
    "not_json": N_("The server sent something that is not JSON."),
    # the status line
    "seat": N_("Seat {seat}"),
    "seat_you": N_("Seat {seat} (you)"),
    "you": N_("You"),
    "bot_greedy": N_("Greedy bot"),
    "bot_random": N_("Random bot"),
    "dealer_badge": N_("dealer"),
    "deadwood_count": N_("Deadwood: {points}"),
    "round_over": N_("The round is over."),
    "your_turn": N_("Your turn — {hint}"),
    "to_move": N_("{seat} to move ({phase})."),
    "hint_draw": N_("draw a card or take from the discards."),
    "hint_play": N_("meld, lay off, then discard."),
    "hint_first_upcard": N_("take the upcard or pass."),
    "hint_knock": N_("lay down your melds, then done."),
    "hint_defend": N_("lay off on the knocker's melds, then done."),
    "match_round": N_("Match round {round}"),
    "deal_number": N_("deal {number}"),
    "dealer": N_("dealer: seat {seat}"),
    "turns_played": N_("turns played: {count}"),
    "exchange_card": N_("exchange card: {card}"),
    "indicator_card": N_("the deal's card: {card}"),
    "out_of_deal": N_("out of the deal ({points})"),
    "taken_this_turn": N_("taken this turn: {card}"),
    "chosen_this_turn": N_("chosen deep in the discards, to lay this turn: {card}"),
    "opening_minimum": N_("Opening minimum: {minimum} points."),
    "opened": N_("You have opened."),
    "opening": N_("Opening:"),
    "points": N_("points"),
    "not_enough": N_("not enough to open yet: meld more or undo"),
    # the end of a round
    "round_won": N_("Round over ({ending}): {winners} won."),
    "round_no_winner": N_("Round over ({ending}): no winner."),
    "round_score": N_("Round score"),
    # how it ended, after "Round over": ending_went_out, ending_knock ...
    **{f"ending_{ending}": words for ending, words in ENDING_WORDS.items()},
    "deadwood": N_("Deadwood"),
    "match_over": N_("The match is over."),
    "match_won": N_("The match is over: {seat} wins."),
    "next_round": N_("Next round"),
    "play_again": N_("Play again"),
    # the table, the discards and the hand
    "meld_info": N_("{kind} · {points} pts"),
    "tentative": N_("tentative"),
    "pile_info": N_("(stock {stock}, discard pile {pile}; newest on the right)"),
    "empty": N_("empty"),
    "hand_count": N_("({count} cards)"),
    "hand_count_one": N_("(1 card)"),
    "joker": N_("Joker"),
    "jokers": N_("Jokers"),
    "suit_s": N_("Spades"),
    "suit_h": N_("Hearts"),
    "suit_c": N_("Clubs"),
    "suit_d": N_("Diamonds"),
    "no_cards": N_("No cards in hand."),
    "stock": N_("Stock"),
    "sort_suit": N_("By suit"),
    "sort_rank": N_("By rank"),
    "yes": N_("yes"),
    "no": N_("no"),
    # choosing a move
    "wait_turn": N_("Wait for your turn."),
    "select_help": N_("Click cards to select them (or drag them onto a meld or the discards)."),
    "no_move_uses": N_("No legal move uses exactly {cards}."),
    "moves_with": N_("Moves with {cards}:"),
    "clear_selection": N_("Clear selection"),
    "no_move_there": N_("No legal move puts these cards there."),
    "type_move": N_("Type a move"),
    "check_move": N_("Check"),
    "play_move": N_("Play"),
    "move_allowed": N_("{move} can be played."),
    # a seat's moves, told in words after its name: "Greedy bot drew, discarded A♠"
    "told": N_("{seat} {steps}"),
    "did_draw": N_("drew"),
    "did_draw_exchange": N_("drew the exchange card"),
    "did_take": N_("took the top discard"),
    "did_take_depth": N_("took {depth} cards from the discards"),
    "did_meld": N_("laid {cards}"),
    "did_layoff": N_("laid off {cards} on meld {meld}"),
    "did_swap": N_("swapped {cards} for the joker of meld {meld}"),
    "did_shift": N_("shifted the joker of meld {meld}: {cards}"),
    "did_discard": N_("discarded {cards}"),
    "did_knock": N_("knocked"),
    "did_exchange": N_("exchanged {cards}"),
    "did_undo": N_("took a move back"),
    "did_out": N_("went out"),
    "did_pass": N_("passed"),
    "did_done": N_("said done"),
    "did_buy": N_("bought the upcard"),
    "did_drop": N_("dropped out"),
    "did_declare": N_("declared"),
    # the moves' buttons
    "move_draw": N_("Draw from the stock"),
    "move_draw_exchange": N_("Draw the exchange card"),
    "move_take": N_("Take the top discard"),
    "move_take_depth": N_("Take {depth} from the discards"),
    "move_meld": N_("Meld {cards}"),
    "move_layoff": N_("Lay off {cards} on meld {meld}"),
    "move_swap": N_("Swap {cards} for the joker in meld {meld}"),
    "move_shift": N_("Shift the joker of meld {meld}: {cards}"),
    "move_discard": N_("Discard {cards}"),
    "move_knock": N_("Knock, discarding {cards}"),
    "move_exchange": N_("Exchange {cards}"),
    "move_undo": N_("Undo"),
    "move_out": N_("Go out"),
    "move_pass": N_("Pass"),
    "move_done": N_("Done"),
    "move_buy": N_("Buy the upcard"),
    "move_drop": N_("Drop out before drawing"),
    "move_declare": N_("Declare, laying {cards} face down"),
}
"""The page's words by key, in English (the source's language and the fallback)."""


def labels(lang: str | None) -> dict[str, str]:
    """The page's words in ``lang`` (a word without a translation, or a
    language rummykit does not speak, gives English)."""
    translate = translator(language(lang))
    return {key: translate(text) for key, text in LABELS.items()}
