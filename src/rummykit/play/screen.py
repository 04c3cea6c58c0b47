"""What the player of ``rummykit play`` reads: the message tables
(:data:`MESSAGES`, :data:`MOVE_HELP`, :data:`COMMANDS`) and :func:`say`, the help,
the table and hand shown each turn, a round's introduction and the score table
of a match. :mod:`rummykit.play.terminal` plays the game with them."""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.cards import Card, format_cards
from rummykit.core.ending_words import ending_words
from rummykit.core.errors import Text, render
from rummykit.core.translation import spoken, translator
from rummykit.play.look import hand_by_suit
from rummykit.play.rules_text import rules_text
from rummykit.play.rules_text.meld_sentences import stands_for_others
from rummykit.round.match_play import Match
from rummykit.round.state import RoundState
from rummykit.round.views import OpeningView, PlayerView
from rummykit.rules.contract import contract_of, describe_text, uses_contracts
from rummykit.rules.during_play import play_meld_refusal
from rummykit.rules.first_upcard import offers_first_upcard
from rummykit.rules.rule_set import rules_of
from rummykit.rules.wall import at_wall
from rummykit.rules.wild_shift import shift_refusal
from rummykit.variant.model import Variant

__all__ = [
    "COMMANDS",
    "MESSAGES",
    "MOVE_HELP",
    "TABLE_ROUNDS",
    "help_lines",
    "opened_line",
    "round_intro",
    "round_over_lines",
    "rules_lines",
    "say",
    "score_table",
    "seat_names",
    "show",
    "tentative_melds",
    "variant_moves",
]


MESSAGES: dict[str, str] = {
    # the start of a game, a round and a turn
    "welcome": "{variant}: you are seat {seat}. Type a move in notation (as in 'discard 5c'), "
    "'help' for the moves and commands.",
    "welcome_match": "A match of {variant}: {length}. You are seat {seat}.",
    "match_rounds": "{rounds} rounds",
    "match_open": "rounds until the match ends",
    "round_start": "== Round {number}, dealt by seat {dealer}",
    "round_seats": "   This round is played by seats {seats}; you are seat {seat} in it.",
    "round_watch": "   You are not in this round; the bots play it.",
    "turn": "-- {deal}turn {turn}: {name} to move ({phase})",
    "turn_you": "-- {deal}turn {turn}: your move ({moves})",
    "turn_deal": "deal {number}, ",
    # the table, the discards and the hand
    "table_meld": "   {number}: {meld}  ({points} points, seat {owner})",
    "table_meld_tentative": "  *{number}: {meld}  ({points} points, seat {owner})",
    "tentative_note": "   * tentative: it stands when your turn ends ('undo' takes back the last play)",
    "discards": "   discards: {cards}   stock: {stock}",
    "discards_numbered": "   discards: {cards}   stock: {stock}   ('take N' takes card [N])",
    "discard_depth": "[{depth}] {card}",
    "nothing": "-",
    "exchange": "   exchange card: {card}",
    "hand_sizes": "   cards in hand: {sizes}",
    "hand_size": "{name} {size}",
    "opened": "   {seats}.",
    "you_opened": "you have opened",
    "you_not_opened": "you have not opened",
    "seat_opened": "{name} has opened",
    "seat_not_opened": "{name} has not",
    "you": "you",
    "seat_bot": "seat {seat} ({bot})",
    "seat_plain": "seat {seat}",
    "hand": "   your hand: {cards}",
    "opening": "   opening: {minimum} points needed; your new melds so far: {so_far}",
    "contract": "   this deal's contract: {contract}",
    # moves
    "prompt": "your move> ",
    "legal": "   your moves ({count}):",
    "refused": "   refused: {code}: {message}",
    "seat_move": "seat {seat}: {move}",
    "drew": "   You drew {cards}.",
    "took": "   You took {cards}.",
    "bought": "   You bought {card} and drew {cards}.",
    "buy_prompt": "Buy {card} (the price: {price} more card(s) from the stock)? [y/N] ",
    # the end of a round, of a match, of the game
    "round_won_you": "You won the round ({ending}).",
    "round_won": "{names} won the round ({ending}).",
    "round_no_winner": "The round is over ({ending}) and nobody won it.",
    "round_scores": "   Scores of the round: {scores}.",
    "score": "{name} {score}",
    "round_hand": "   {name} held {cards}.",
    "round_hand_empty": "   {name} held no cards.",
    "round_hand_you": "   You held {cards}.",
    "round_hand_you_empty": "   You held no cards.",
    "table_title": "Scores after round {number}:",
    "table_round": "round",
    "table_total": "total",
    "table_seat": "seat {seat}",
    "table_you": "you ({seat})",
    "table_absent": "-",
    "table_earlier": "...",
    "lowest_wins": "The lowest total wins.",
    "highest_wins": "The highest total wins.",
    "match_over": "The match is over after {rounds} rounds: {names} won.",
    "decide_prompt": "You are out of the match: rebuy or retire? [rebuy/retire] ",
    "decide_unknown": "{answer} is no answer here: type rebuy, retire or quit.",
    "decision": "seat {seat}: {choice}",
    "quit_prompt": "Quit the game? [y/N] ",
    "yes": "y yes",
    "quit": "You left the game.",
    "eof": "End of input: the game ends.",
    "interrupted": "Interrupted: the game ends.",
    "record_saved": "Record saved to {path}.",
    # help
    "help_moves": "Moves in {variant} (cards as 7h Td Qs Ac JK; M is a table meld's number):",
    "help_move": "  {notation:<22} {text}",
    "help_deep_new_meld": "  A card taken from below the top must start a new meld in the same turn.",
    "help_deep_laid": "  A card taken from below the top must be melded or laid off in the same turn.",
    "help_commands": "Commands:",
    "help_seat": "You play seat {seat}; a move may also name it first, as in '{seat}: draw'.",
}
"""Every line of the game, by key; fields in braces are filled by :func:`say`."""

MOVE_HELP: dict[str, tuple[str, str]] = {
    "draw": ("draw", "take the top card of the stock"),
    "take": ("take", "take the top discard"),
    "take_deep": ("take N", "take discard [N] of the row (N = 1 is the top)"),
    "take_deep_above": ("take N", "take discard [N] of the row and every card above it (N = 1 is the top)"),
    "draw_exchange": ("draw exchange", "take the exchange card as your draw (only to go out at once)"),
    "exchange": ("exchange C", "swap card C of your hand with the exchange card"),
    "meld": ("meld C C C ...", "lay a new meld from your hand"),
    "meld_wild": (
        "meld C C C ...",
        "lay a new meld from your hand (a joker may say what it stands for: JK=9h)",
    ),
    "layoff": ("layoff M C ...", "add cards of your hand to table meld M"),
    "swap": ("swap M C", "put C into meld M in place of its joker, which comes to your hand"),
    "shift": ("shift M C JK=X", "put C into run M in place of its joker, which moves to an end as X"),
    "undo": ("undo", "take back your last meld, lay-off or swap of this turn"),
    "discard": ("discard C", "discard C and end your turn"),
    "out": ("out", "go out with an empty hand and no discard"),
    "knock": ("knock C", "lay C face down and knock: play ends, melds are shown"),
    "done": ("done", "you have laid all the melds (and lay-offs) you want after a knock"),
    "pass": ("pass", "decline the first upcard, or at the wall end the round"),
    "buy": ("buy", "out of turn: buy the upcard (you are asked when you may)"),
    "drop": (
        "drop",
        "before drawing: leave the round (fold, or knock before the draw: every hand is counted)",
    ),
    "declare": ("declare C", "after drawing: lay C face down and show the rest (a wrong show costs points)"),
}
"""What each move of :func:`variant_moves` looks like, and what it does."""

COMMANDS: dict[str, str] = {
    "help": "this text",
    "moves": "list your legal moves now",
    "rules": "the rules of this variant",
    "quit": "leave the game (you are asked to confirm)",
}
"""The game's own commands (not moves), with what each does."""


def say(key: str, **fields: object) -> str:
    """The line ``key`` of :data:`MESSAGES` in the game's language (:func:`speaking`)
    with its fields filled in."""
    return render(MESSAGES[key], fields, translator(spoken()))


# --------------------------------------------------------------------------- help


def variant_moves(variant: Variant) -> tuple[str, ...]:
    """The keys of :data:`MOVE_HELP` for the moves ``variant`` has, as its
    rule components say."""
    draw = rules_of(variant).draw
    knocks = rules_of(variant).knock is not None
    melds = play_meld_refusal(variant) is None
    deep = len(draw.take_depths(2)) > 1
    above = deep and len(draw.taken_cards((Card("2c"), Card("3c")), 2)[0]) == 2
    offered = (
        ("draw", draw.draws_from_stock()),
        ("take", draw.take_refusal(1, 1) is None or offers_first_upcard(variant)),
        ("take_deep_above" if above else "take_deep", deep),
        ("draw_exchange", draw.exchange_draw_allowed()),
        (
            "exchange",
            rules_of(variant).deal.exchange_card and draw.exchange_swap_allowed(1, variant.players.min),
        ),
        ("meld_wild" if stands_for_others(variant) else "meld", melds or knocks),
        ("layoff", melds or knocks),
        ("swap", melds and rules_of(variant).table.swap_allowed_refusal() is None),
        ("shift", melds and shift_refusal(variant) is None),
        ("undo", melds),
        ("discard", True),
        ("out", not rules_of(variant).going_out.final_discard_required()),
        ("knock", knocks),
        ("done", knocks),
        ("pass", offers_first_upcard(variant) or at_wall(variant, 0)),
        ("buy", rules_of(variant).buy is not None),
        ("drop", rules_of(variant).drop_checks.forbidden is None),
        ("declare", rules_of(variant).declare_checks.forbidden is None),
    )
    return tuple(key for key, has in offered if has)


def help_lines(variant: Variant, seat: int) -> list[str]:
    """The help text: the variant's moves in notation, then the commands."""
    lines = [say("help_moves", variant=variant.name)]
    for key in variant_moves(variant):
        notation, text = MOVE_HELP[key]
        lines.append(say("help_move", notation=notation, text=Text(text)))
    draw = rules_of(variant).draw
    if draw.chosen_card_must_start_meld():
        lines.append(say("help_deep_new_meld"))
    elif draw.chosen_card_must_be_laid():
        lines.append(say("help_deep_laid"))
    lines.append(say("help_commands"))
    lines += [say("help_move", notation=word, text=Text(text)) for word, text in COMMANDS.items()]
    lines.append(say("help_seat", seat=seat))
    return lines


# --------------------------------------------------------------------------- what the player sees


def tentative_melds(state: RoundState) -> frozenset[int]:
    """Table indices of the melds laid or changed in the turn in progress
    (they stand only once the turn ends; ``undo`` takes them back)."""
    steps = state.turn.steps
    if not steps:
        return frozenset()
    before = steps[0].table
    return frozenset(i for i, meld in enumerate(state.table) if i >= len(before) or meld != before[i])


def _discard_line(variant: Variant, view: PlayerView) -> str:
    row = view.discards
    deep = max(rules_of(variant).draw.take_depths(view.discard_size), default=1) > 1
    if not row:
        return say("discards", cards=say("nothing"), stock=view.stock_size)
    if not deep:
        return say("discards", cards=format_cards(row), stock=view.stock_size)
    numbered = "  ".join(
        say("discard_depth", depth=len(row) - index, card=card) for index, card in enumerate(row)
    )
    return say("discards_numbered", cards=numbered, stock=view.stock_size)


def seat_names(players: int, seat: int | None) -> tuple[str, ...]:
    """Plain names of the round's seats: "you" for ``seat``, "seat N" for the others."""
    return tuple(say("you") if s == seat else say("seat_plain", seat=s) for s in range(players))


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def show(state: RoundState, seat: int, names: Sequence[str] = (), seats: Sequence[int] = ()) -> list[str]:
    """What seat ``seat`` sees of the round, as lines; ``names`` names the
    round's seats (by default "you" and "seat N"), and ``seats`` numbers
    them (round seat ``j`` is seat ``seats[j]`` of a match that left some
    out; by default ``j``)."""
    view = state.view(seat)
    names = tuple(names) or seat_names(state.players, seat)
    deal_text = say("turn_deal", number=view.deal_number) if view.deal_number else ""
    turn = view.turns_played + 1
    if view.to_move == seat:
        words = ", ".join(dict.fromkeys(str(move).split()[0] for move in view.legal))
        lines = [say("turn_you", deal=deal_text, turn=turn, moves=words)]
    else:
        lines = [say("turn", deal=deal_text, turn=turn, name=names[view.to_move], phase=view.phase)]
    marked = tentative_melds(state) if state.to_move == seat else frozenset()
    owners = tuple(seats) or range(state.players)
    for index, entry in enumerate(view.table):
        key = "table_meld_tentative" if index in marked else "table_meld"
        owner = owners[entry.owner]
        lines.append(say(key, number=index + 1, meld=entry.notation, points=entry.meld.points, owner=owner))
    if marked:
        lines.append(say("tentative_note"))
    lines.append(_discard_line(state.variant, view))
    if view.exchange is not None:
        lines.append(say("exchange", card=view.exchange))
    sizes = ", ".join(say("hand_size", name=names[s], size=n) for s, n in enumerate(view.hand_sizes))
    lines.append(say("hand_sizes", sizes=sizes))
    if play_meld_refusal(state.variant) is None:
        lines.append(opened_line(view.opened, seat, names))
    lines += _opening_lines(state, view)
    if view.hand is not None:
        lines.append(say("hand", cards=hand_by_suit(view.hand)))
    return lines


def opened_line(opened: Sequence[bool], seat: int | None, names: Sequence[str]) -> str:
    """Who has opened, in words: "You have opened; seat 1 (greedy) has not."."""
    clauses = []
    for s, has in enumerate(opened):
        if s == seat:
            clauses.append(say("you_opened" if has else "you_not_opened"))
        else:
            clauses.append(say("seat_opened" if has else "seat_not_opened", name=names[s]))
    return say("opened", seats=_first_upper("; ".join(clauses)))


def round_over_lines(state: RoundState, seat: int | None, names: Sequence[str]) -> list[str]:
    """The end of the round told to the player: who won and how, each
    seat's score, and the cards each seat was left holding."""
    result = state.result
    if result is None:
        return []
    ending = ending_words(result.ending, translator(spoken()))
    if seat is not None and result.winners == (seat,):
        lines = [say("round_won_you", ending=ending)]
    elif result.winners:
        winners = ", ".join(names[w] for w in result.winners)
        lines = [say("round_won", names=_first_upper(winners), ending=ending)]
    else:
        lines = [say("round_no_winner", ending=ending)]
    scores = ", ".join(say("score", name=names[s], score=v) for s, v in enumerate(result.scores))
    lines.append(say("round_scores", scores=scores))
    for s, hand in enumerate(state.hands):
        name = _first_upper(names[s])
        mine = s == seat  # "You held": a verb of its own in German
        if hand:
            lines.append(say("round_hand_you" if mine else "round_hand", name=name, cards=hand_by_suit(hand)))
        else:
            lines.append(say("round_hand_you_empty" if mine else "round_hand_empty", name=name))
    return lines


def rules_lines(variant: Variant) -> list[str]:
    """The variant's rules for the game's ``rules`` command: the rules text
    that ``rummykit rules VARIANT --format text`` prints (written from the
    variant's keys, :mod:`rummykit.play.rules_text`), in the game's language."""
    return rules_text(variant, spoken(), "text").rstrip("\n").splitlines()


def _opening_lines(state: RoundState, view: PlayerView) -> list[str]:
    variant = state.variant
    if uses_contracts(variant):
        contract = contract_of(variant, state.deal_number)
        return [] if contract is None else [say("contract", contract=describe_text(contract))]
    needed: OpeningView = view.opening  # what the view says of the opening
    if needed.minimum is None or view.seat is None or view.opened[view.seat]:
        return []
    so_far = needed.so_far if view.to_move == view.seat else 0
    return [say("opening", minimum=needed.minimum, so_far=so_far)]


def round_intro(match: Match, you: int) -> list[str]:
    """The lines that open the match's next round: its number and dealer,
    and where seats are out, who plays it and the player's seat in it."""
    index = len(match.results)
    active = match.active
    lines = [say("round_start", number=index + 1, dealer=match.dealer_of(index))]
    if you not in active:
        lines.append(say("round_watch"))
    elif active != tuple(range(match.players)):
        lines.append(say("round_seats", seats=list(active), seat=active.index(you)))
    return lines


TABLE_ROUNDS = 12
"""The most rounds the score table shows (the last ones), besides the totals."""


def score_table(match: Match, you: int) -> list[str]:
    """The match's scores so far: a row per round (the last
    :data:`TABLE_ROUNDS`), then the totals."""
    seats = range(match.players)
    head = [say("table_round")]
    head += [say("table_you" if s == you else "table_seat", seat=s) for s in seats]
    rows = [head]
    shown = max(0, len(match.results) - TABLE_ROUNDS)
    if shown:
        rows.append([say("table_earlier"), *("" for _ in seats)])
    for index, result in enumerate(match.results[shown:], start=shown):
        played = match.played(index)
        cells = [str(result.scores[s]) if s in played else say("table_absent") for s in seats]
        rows.append([str(index + 1), *cells])
    rows.append([say("table_total"), *(str(total) for total in match.totals)])
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = [say("table_title", number=len(match.results))]
    lines += [
        ("   " + "  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True))).rstrip() for row in rows
    ]
    lines.append(say("lowest_wins" if match.rule.better(0, 1) else "highest_wins"))
    return lines
