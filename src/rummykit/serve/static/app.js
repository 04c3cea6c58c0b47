// rummykit's reference game page: a client of the `rummykit serve` protocol
// (docs/serve.md). Plain JavaScript, no build step, nothing loaded from elsewhere.
//
// The page never decides what is legal: it offers exactly the moves in the
// view's "legal" list. Cards selected in the hand are matched against the
// legal moves that use exactly those cards (meld, lay off, swap, discard,
// knock ...); moves without cards (draw, take, undo, out ...) are buttons.
//
// The page's words come from the server in the game's language
// (GET /api/games/ID/labels): t("seat", {seat: 2}) is "Seat 2", "Plaats 2" ...
//
// When selected cards make no legal move, the page asks the server why
// ({"type": "check"}: the refusal the move would get, nothing changed) and
// shows the sentence with its code in small print. The other seats' moves
// since the last view are told step by step in words. Cards are dragged with
// pointer events, so a mouse and a finger drag alike.
"use strict";

const SUIT_SYMBOLS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const SUIT_ORDER = ["s", "h", "c", "d"]; // colours alternate in the hand
const RANK_ORDER = "23456789TJQKA";
// The bots a seat may be given (the server refuses any other name): a search bot
// at its easy level thinks for a moment a move (docs/bots.md).
const BOT_NAMES = ["greedy", "random", "search-easy"];
// Move kinds whose second word is a table meld number: "layoff 2 7h".
const MELD_NUMBER_KINDS = new Set(["layoff", "swap", "shift"]);
// Move kinds whose words after the kind are cards: "meld 7h 8h 9h".
const CARD_KINDS = new Set(["meld", "discard", "knock", "exchange", "layoff", "swap", "shift", "declare"]);

const page = {
  game: null,        // the game id from the address
  token: null,       // this seat's secret token, or null to watch
  socket: null,
  stateId: null,     // the state id of the last view; every move carries it
  view: null,        // the last view document
  match: null,       // the last match summary, or null outside a match
  selected: [],      // indexes into the sorted hand
  sortedHand: [],    // the hand as shown, sorted and grouped
  newCards: [],      // cards that came into the hand with the last view
  reconnectDelay: 500,
  closing: false,
  lang: "en",        // the game's language, and the page's words in it (key -> template)
  labels: {},
  seats: [],         // who sits where: {seat, bot} (bot null: a person)
  deadwood: null,    // the seat's deadwood, where the variant knocks
  pending: false,    // a move or next_round is on its way: buttons are off until the answer
  sortMode: "suit",  // "suit", "rank" or "custom" (dragged into an order of the player's own)
  handOrder: [],     // the hand in the player's own order ("custom")
  checking: null,    // the move whose refusal was last asked for (a selection's)
  narration: [],     // sentences still to be told, one step at a time
  narrating: null,   // the timer of the next step
  dragged: 0,        // when a drag ended (a click just after it is no click)
  drag: null,        // the drag under way: its source, where it started, its ghost
};

const $ = (id) => document.getElementById(id);

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "className") node.className = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// ---------------------------------------------------------------- words

// The page's word `key` with its fields filled in: t("seat", { seat: 2 }).
// A key the table lacks shows as itself.
function t(key, fields = {}) {
  const template = Object.hasOwn(page.labels, key) ? page.labels[key] : key;
  return template.replace(/\{(\w+)\}/g,
                          (whole, name) => (Object.hasOwn(fields, name) ? String(fields[name]) : whole));
}

// "(1 card)", "(5 cards)".
function handCount(count) {
  return count === 1 ? t("hand_count_one") : t("hand_count", { count });
}

// The words of the game's language, else English (GET /api/labels).
async function loadLabels() {
  const addresses = [`/api/games/${encodeURIComponent(page.game)}/labels`, "/api/labels"];
  for (const address of addresses) {
    try {
      const response = await fetch(address);
      if (!response.ok) continue;
      const answer = await response.json();
      page.lang = answer.lang;
      page.labels = answer.labels;
      return;
    } catch (error) {
      // the next address, or the keys themselves
    }
  }
}

// The fixed words of the game screen: every element with data-label="key".
function applyLabels() {
  document.documentElement.lang = page.lang;
  for (const node of document.querySelectorAll("[data-label]")) node.textContent = t(node.dataset.label);
  for (const node of document.querySelectorAll("[data-label-title]")) node.title = t(node.dataset.labelTitle);
}

// ---------------------------------------------------------------- cards

// "JK=8h" (a joker on the table standing for 8h) is the joker "JK" in hand.
function baseCard(token) {
  return token.startsWith("JK") ? "JK" : token;
}

function isJoker(card) {
  return card.startsWith("JK");
}

function rankIndex(card) {
  return RANK_ORDER.indexOf(card[0]);
}

function cardLabel(token) {
  if (isJoker(token)) {
    const standsFor = token.includes("=") ? token.split("=")[1] : null;
    return standsFor ? `${t("joker")} (${cardLabel(standsFor)})` : t("joker");
  }
  const rank = token[0] === "T" ? "10" : token[0];
  return rank + (SUIT_SYMBOLS[token[1]] || token[1]);
}

// One card as shown: rank and suit symbol, red or black; a joker as "JK"
// with what it stands for under it when it is on the table.
function cardFace(token, attributes = {}) {
  const classes = ["card"];
  let face;
  if (isJoker(token)) {
    classes.push("joker");
    const standsFor = token.includes("=") ? token.split("=")[1] : null;
    face = [element("span", { className: "rank" }, "JK"),
            element("span", { className: "suit" }, standsFor ? "=" + cardLabel(standsFor) : "\u2605")];
  } else {
    classes.push(token[1] === "h" || token[1] === "d" ? "red" : "black");
    face = [element("span", { className: "rank" }, token[0] === "T" ? "10" : token[0]),
            element("span", { className: "suit" }, SUIT_SYMBOLS[token[1]] || token[1])];
  }
  const extra = attributes.className ? " " + attributes.className : "";
  return element(attributes.tag || "span",
                 { title: cardLabel(token), ...attributes, tag: null, className: classes.join(" ") + extra,
                   "data-card": token },
                 face);
}

// The hand in the order the player chose: by suit (grouped, colours
// alternating), by rank, or the player's own order (cards dragged), with
// cards new to the hand at its end.
function sortHand(hand) {
  if (page.sortMode === "custom") {
    const left = [...hand];
    const ordered = [];
    for (const card of page.handOrder) {
      const at = left.indexOf(card);
      if (at >= 0) ordered.push(...left.splice(at, 1));
    }
    return [...ordered, ...left];
  }
  const byRank = page.sortMode === "rank";
  return [...hand].sort((a, b) => {
    if (isJoker(a) !== isJoker(b)) return isJoker(a) ? 1 : -1;
    if (isJoker(a)) return 0;
    const bySuit = SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]);
    const ranks = rankIndex(a) - rankIndex(b);
    if (byRank) return ranks !== 0 ? ranks : bySuit;
    return bySuit !== 0 ? bySuit : ranks;
  });
}

function setSort(mode) {
  page.sortMode = mode;
  page.selected = [];
  if (page.view && page.view.hand) page.sortedHand = sortHand(page.view.hand);
  renderHand();
  renderActions();
}

// The cards of `after` that are not in `before`, counting duplicates.
function cardsAdded(before, after) {
  const left = [...before];
  const added = [];
  for (const card of after) {
    const at = left.indexOf(card);
    if (at >= 0) left.splice(at, 1);
    else added.push(card);
  }
  return added;
}

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = a.map(baseCard).sort();
  const y = b.map(baseCard).sort();
  return x.every((card, i) => card === y[i]);
}

// ---------------------------------------------------------------- moves

// "layoff 2 7h 8h" -> {kind: "layoff", meld: 2, cards: ["7h", "8h"], hand: ["7h", "8h"]}; `hand`: the
// cards that come from the hand ("shift 1 9h JK=6h": 9h only, the joker is the table's).
function readMove(text) {
  const words = text.trim().split(/\s+/);
  const kind = words[0];
  if (!CARD_KINDS.has(kind)) return { kind, meld: null, cards: [], hand: [], text };
  const meld = MELD_NUMBER_KINDS.has(kind) ? Number(words[1]) : null;
  const cards = words.slice(meld === null ? 1 : 2);
  const hand = kind === "shift" ? cards.filter((card) => !isJoker(card)) : cards;
  return { kind, meld, cards, hand, text };
}

function describeMove(text) {
  const move = readMove(text);
  const cards = move.cards.map(cardLabel).join(" ");
  const words = text.trim().split(/\s+/);
  const fields = { cards, meld: move.meld };
  switch (move.kind) {
    case "draw": return t(words[1] === "exchange" ? "move_draw_exchange" : "move_draw");
    case "take": return words[1] ? t("move_take_depth", { depth: words[1] }) : t("move_take");
    case "meld": case "layoff": case "swap": case "shift": case "discard": case "knock": case "exchange":
    case "declare":
      return t(`move_${move.kind}`, fields);
    case "undo": case "out": case "pass": case "done": case "buy": case "drop":
      return t(`move_${move.kind}`);
    default: return text;
  }
}

function legalMoves() {
  return page.view ? page.view.legal : [];
}

function selectedCards() {
  return page.selected.map((i) => page.sortedHand[i]);
}

// The legal moves that use exactly the selected cards (any joker declaration).
function movesForSelection() {
  const chosen = selectedCards();
  if (chosen.length === 0) return [];
  return legalMoves().filter((text) => {
    const move = readMove(text);
    return move.hand.length > 0 && sameCards(move.hand, chosen);
  });
}

function plainMoves() {
  return legalMoves().filter((text) => readMove(text).cards.length === 0);
}

// ---------------------------------------------------------------- talking to the server

function send(message) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) {
    showRefusal("connection.closed", t("not_connected"));
    setPending(false);
    return;
  }
  page.socket.send(JSON.stringify(message));
}

// A move, once: while it is on its way the move buttons are off and a
// second click (a double click) sends nothing.
function sendMove(text) {
  if (page.pending) return;
  hideRefusal();
  setPending(true);
  send({ type: "move", state_id: page.stateId, move: text });
}

function setPending(pending) {
  page.pending = pending;
  document.body.dataset.pending = String(pending);
  for (const button of document.querySelectorAll("button.move, #next-round, #stock, #discards button")) {
    button.disabled = pending;
  }
}

// Asks the server what `text` would get now (the answer is a "checked" message).
function checkMove(text) {
  send({ type: "check", state_id: page.stateId, move: text });
}

// The seat's token goes in a header (a WebSocket subprotocol), not in the
// socket's address, which proxies may log. A token no server gives (one with
// characters a subprotocol cannot hold) goes in the address, to be refused.
const TOKEN_CHARACTERS = /^[A-Za-z0-9_-]+$/;

function socketAddress() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const odd = page.token && !TOKEN_CHARACTERS.test(page.token);
  const query = odd ? `?token=${encodeURIComponent(page.token)}` : "";
  return `${scheme}://${location.host}/ws/games/${encodeURIComponent(page.game)}${query}`;
}

function socketProtocols() {
  const usable = page.token && TOKEN_CHARACTERS.test(page.token);
  return usable ? ["rummykit", `rummykit.token.${page.token}`] : ["rummykit"];
}

function connect() {
  setConnection("connecting", t("connecting"));
  const socket = new WebSocket(socketAddress(), socketProtocols());
  page.socket = socket;
  socket.addEventListener("open", () => {
    page.reconnectDelay = 500;
    setConnection("open", t(page.token ? "connected" : "watching"));
  });
  socket.addEventListener("message", (event) => receive(event.data));
  socket.addEventListener("close", (event) => {
    if (page.closing) return;
    if (event.code === 4403) forgetToken();  // a token the game does not know: not tried again
    if (event.code === 1008 || event.code === 4403 || event.code === 4404 || event.code === 4429) {
      setConnection("closed", t("refused_by_server"));
      // The server said why in an error message just before closing.
      if ($("refusal").hidden) showRefusal("connection.refused", t("server_refused"));
      return;
    }
    setConnection("closed", t("retrying", { seconds: Math.round(page.reconnectDelay / 1000) }));
    setTimeout(connect, page.reconnectDelay);
    page.reconnectDelay = Math.min(page.reconnectDelay * 2, 8000);
  });
}

function receive(data) {
  let message;
  try {
    message = JSON.parse(data);
  } catch (error) {
    showRefusal("message.invalid", t("not_json"));
    return;
  }
  if (message.type === "view") {
    showView(message);
  } else if (message.type === "checked") {
    showChecked(message);
  } else if (message.type === "refused" || message.type === "error") {
    setPending(false);
    showRefusal(message.code, message.message);
  }
}

function setConnection(state, text) {
  const node = $("connection");
  node.dataset.state = state;
  node.textContent = text;
}

function showRefusal(code, message) {
  $("refusal-code").textContent = code;
  $("refusal-message").textContent = message;
  $("refusal").hidden = false;
}

function hideRefusal() {
  $("refusal").hidden = true;
}

// ---------------------------------------------------------------- showing a view

function showView(message) {
  const view = message.view;
  const previous = page.view;
  const before = page.view && page.view.hand ? page.view.hand : null;
  const hand = view.hand || [];
  const keepSelection = before !== null && before.length === hand.length && sameCards(before, hand);
  page.newCards = before !== null && view.seat === page.view.seat ? cardsAdded(before, hand) : [];
  page.stateId = message.state_id;
  page.view = view;
  page.match = message.match;
  page.seats = message.seats || [];
  page.roundSeats = message.round_seats || null;
  page.deadwood = message.deadwood === undefined ? null : message.deadwood;
  if (page.sortMode === "custom") page.handOrder = sortHand(hand);
  page.sortedHand = sortHand(hand);
  if (!keepSelection) page.selected = [];
  page.checking = null;
  setPending(false);
  narrate(previous, view);
  document.body.dataset.stateId = String(message.state_id);
  document.body.dataset.phase = view.phase;
  document.body.dataset.myTurn = String(isMyTurn());
  render();
}

function isMyTurn() {
  const view = page.view;
  return view !== null && view.seat !== null && view.to_move === view.seat && view.phase !== "over";
}

// The game's seat of a seat of the round (the view numbers the round's seats:
// fewer than the game's once a match has eliminated players).
function gameSeat(roundSeat) {
  return page.roundSeats && roundSeat < page.roundSeats.length ? page.roundSeats[roundSeat] : roundSeat;
}

// A seat of the round as people call it: "You", "Greedy bot", or "Seat 2" for another person.
function seatName(roundSeat) {
  return gameSeatName(gameSeat(roundSeat));
}

// A seat of the game (as `seats`, the match's totals and its winner number them) as people call it.
function gameSeatName(seat) {
  const view = page.view;
  if (view && view.seat !== null && gameSeat(view.seat) === seat) return t("you");
  const named = page.seats[seat] ? page.seats[seat].name : null;
  if (named) return named;
  const bot = page.seats[seat] ? page.seats[seat].bot : null;
  if (bot) return Object.hasOwn(page.labels, `bot_${bot}`) ? t(`bot_${bot}`) : `${bot} bot`;
  return t("seat", { seat });
}

function render() {
  renderStatus();
  renderResult();
  renderOpponents();
  renderTable();
  renderDiscards();
  renderHand();
  renderActions();
  renderLegal();
  renderPlayers();
  renderLog();
  renderLinks();
}

function renderStatus() {
  const view = page.view;
  $("game-title").textContent = t("game_title", { variant: view.variant_name || view.variant, game: page.game });
  let turn;
  if (view.phase === "over") turn = t("round_over");
  else if (isMyTurn()) turn = t("your_turn", { hint: phaseHint(view.phase) });
  else turn = t("to_move", { seat: seatName(view.to_move), phase: view.phase });
  $("turn").textContent = turn;
  $("turn").className = isMyTurn() ? "my-turn" : "";
  $("hand-turn").textContent = turn;
  $("hand-turn").className = isMyTurn() ? "my-turn" : "";
  $("counter").textContent = page.deadwood === null ? "" : t("deadwood_count", { points: page.deadwood });
  $("opening").replaceChildren(...openingLine());
  const extras = [];
  if (page.match) extras.push(t("match_round", { round: page.match.round }));
  if (view.deal_number !== undefined && view.deal_number !== null) {
    extras.push(t("deal_number", { number: view.deal_number }));
  }
  extras.push(t("dealer", { seat: view.dealer }), t("turns_played", { count: view.turns_played }));
  if (view.exchange) extras.push(t("exchange_card", { card: cardLabel(view.exchange) }));
  if (view.indicator) extras.push(t("indicator_card", { card: cardLabel(view.indicator) }));
  if (view.chosen) extras.push(t("chosen_this_turn", { card: cardLabel(view.chosen) }));
  else if (view.taken) extras.push(t("taken_this_turn", { card: cardLabel(view.taken) }));
  $("extras").textContent = extras.join(" \u00b7 ");
}

function phaseHint(phase) {
  const key = `hint_${phase}`;
  return Object.hasOwn(page.labels, key) ? t(key) : `${phase}.`;
}

function hasOpeningMinimum(view) {
  return Boolean(view.opening) && view.opening.minimum !== null && view.opening.minimum !== undefined;
}

function openingLine() {
  const view = page.view;
  const opening = view.opening;
  if (!hasOpeningMinimum(view) || view.phase === "over") return [];
  if (view.seat === null) return [t("opening_minimum", { minimum: opening.minimum })];
  if (view.opened[view.seat]) return [t("opened")];
  // The verdict is on the melds of the player to move: this seat's only in its turn.
  // "enough" only when they make an opening: the minimum and every other condition.
  const mine = isMyTurn();
  const soFar = mine ? opening.so_far : 0;
  const enough = mine && Boolean(opening.allowed);
  const bar = element("meter", { min: 0, max: opening.minimum, value: Math.min(soFar, opening.minimum) });
  const line = [`${t("opening")} `, element("strong", { id: "opening-so-far", className: enough ? "enough" : "short" },
                                              `${soFar} / ${opening.minimum}`), ` ${t("points")} `, bar];
  if (soFar > 0 && !enough && opening.reason) {
    line.push(" \u2014 ", element("span", { id: "opening-reason" }, opening.reason.message), " ",
              element("code", { className: "code" }, opening.reason.code));
  }
  return line;
}

function renderResult() {
  const view = page.view;
  const box = $("result");
  if (view.phase !== "over" || !view.result) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const result = view.result;
  const winners = result.winners || [];
  const ending = Object.hasOwn(page.labels, `ending_${result.ending}`)
    ? t(`ending_${result.ending}`) : result.ending.replaceAll("_", " ");
  const headline = winners.length
    ? t("round_won", { ending, winners: winners.map(seatName).join(", ") })
    : t("round_no_winner", { ending });
  const deadwood = result.deadwood || null;
  const totals = page.match ? page.match.scores : null;
  const rows = result.scores.map((score, seat) =>
    element("tr", { "data-seat": seat }, element("td", {}, seatName(seat)), element("td", {}, score),
            deadwood ? element("td", {}, deadwood[seat]) : null,
            totals ? element("td", {}, totals[gameSeat(seat)]) : null));
  const table = element("table", {},
    element("thead", {}, element("tr", {}, element("th", {}, t("seat_column")), element("th", {}, t("round_score")),
                                  deadwood ? element("th", {}, t("deadwood")) : null,
                                  totals ? element("th", {}, t("score_column")) : null)),
    element("tbody", {}, rows));
  const parts = [element("h2", { id: "result-headline" }, headline), table];
  const buttons = [];
  if (page.match && page.match.over) {
    parts.push(element("p", { className: "match-over" }, page.match.winner !== null
      ? t("match_won", { seat: gameSeatName(page.match.winner) }) : t("match_over")));
  }
  // A seat out of the match (view.seat null) still asks for the bots' next rounds; a spectator cannot.
  if (page.match && !page.match.over && page.token) {
    buttons.push(element("button", { id: "next-round", type: "button", className: "primary",
      onclick: () => {
        if (page.pending) return;
        hideRefusal();
        setPending(true);
        send({ type: "next_round", state_id: page.stateId });
      } }, t("next_round")));
  }
  if ((!page.match || page.match.over) && page.token) {
    buttons.push(element("button", { id: "play-again", type: "button", className: "primary",
                                     onclick: () => playAgain() }, t("play_again")));
  }
  if (buttons.length) parts.push(element("div", { className: "buttons" }, buttons));
  box.replaceChildren(...parts);
  box.hidden = false;
}

// A new game like this one (variant, players, bots, a match or not, language;
// a new random deal): straight into it with one person, else each seat's link.
async function playAgain() {
  const view = page.view;
  const bots = {};
  const names = {};
  for (const seat of page.seats) {
    if (seat.bot) bots[String(seat.seat)] = seat.bot;
    if (seat.name) names[String(seat.seat)] = seat.name;
  }
  const body = { variant: view.variant, players: page.seats.length || view.players, bots, names,
                 match: page.match !== null, lang: page.lang };
  const response = await fetch("/api/games", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    const error = answer.error || { code: "http." + response.status, message: response.statusText };
    showRefusal(error.code, error.message);
    return;
  }
  const seats = Object.entries(answer.seats);
  page.closing = true;
  if (page.socket) page.socket.close();
  if (seats.length === 1) {
    location.assign(gameAddress(answer.game, seats[0][1]));
    return;
  }
  // Several people: each seat's link, shown once as after the setup form (the tokens are given only now).
  history.replaceState(null, "", "/");
  $("game").hidden = true;
  $("create-form").hidden = true;
  $("join-form").hidden = true;
  $("setup").hidden = false;
  showSeatLinks(answer.game, seats);
}

// The other seats around the table: a name, card backs, the dealer's D.
function renderOpponents() {
  const view = page.view;
  const seats = view.hand_sizes.map((size, seat) => seat).filter((seat) => seat !== view.seat);
  $("opponents").replaceChildren(...seats.map((seat) => {
    const size = view.hand_sizes[seat];
    const out = view.dropped && view.dropped[seat];
    const backs = [];
    for (let i = 0; i < Math.min(size, 14); i += 1) backs.push(element("span", { className: "back mini" }));
    return element("div", { className: "seat-box" + (seat === view.to_move && view.phase !== "over" ? " to-move" : ""),
                            "data-seat": seat },
      element("div", { className: "seat-name" }, seatName(seat),
              seat === view.dealer ? element("span", { className: "badge", title: t("dealer_badge") }, "D") : null),
      element("div", { className: "backs", title: handCount(size) }, backs),
      element("div", { className: "seat-count" }, out ? t("out_of_deal", { points: out }) : handCount(size)));
  }));
}

// The rules of the variant, and the round's record once it can be had (the round is over).
function renderLinks() {
  const view = page.view;
  const query = page.lang && page.lang !== "en" ? `?lang=${encodeURIComponent(page.lang)}` : "";
  $("rules-link").href = `/rules/${encodeURIComponent(view.variant)}${query}`;
  $("rules-link").hidden = false;
  $("record-link").hidden = view.phase !== "over";
}

function renderTable() {
  const melds = page.view.table;
  $("table-empty").hidden = melds.length > 0;
  $("table-count").textContent = melds.length ? `(${melds.length})` : "";
  $("table").replaceChildren(...melds.map((meld) => {
    const owner = meld.owner === null || meld.owner === undefined ? "" : ` \u00b7 ${seatName(meld.owner)}`;
    const item = element("li",
      { className: "meld" + (meld.tentative ? " tentative" : ""), "data-meld": meld.number },
      element("span", { className: "meld-number" }, `#${meld.number}`),
      element("span", { className: "cards" }, meld.cards.map((card) => cardFace(card))),
      element("span", { className: "meld-info" },
        t("meld_info", { kind: meld.kind, points: meld.points }) + owner,
        meld.tentative ? element("span", { className: "badge" }, t("tentative")) : null));
    return item;
  }));
}

function renderDiscards() {
  const view = page.view;
  const row = view.discards;
  const legal = new Set(legalMoves());
  $("pile-info").textContent = t("pile_info", { stock: view.stock_size, pile: view.discard_size });
  const items = row.map((card, i) => {
    const depth = row.length - i;
    const move = depth === 1 ? "take" : `take ${depth}`;
    const canTake = legal.has(move);
    const item = element("li", { className: canTake ? "takeable" : "", "data-depth": depth },
      cardFace(card, canTake
        ? { tag: "button", type: "button", "data-move": move, onclick: () => sendMove(move),
            title: `${describeMove(move)} (${cardLabel(card)})` }
        : {}),
      element("span", { className: "depth" }, depth));
    return item;
  });
  if (row.length === 0) items.push(element("li", { className: "muted" }, t("empty")));
  $("discards").replaceChildren(...items);
  for (const button of $("discards").querySelectorAll("button.card")) {
    button.addEventListener("pointerdown", (event) => startDrag(event, { pile: button.dataset.move }));
  }
  // The stock: click (or drag it onto the hand) to draw.
  const draw = ["draw", "draw exchange"].find((move) => legal.has(move));
  const stock = $("stock");
  stock.dataset.move = draw || "";
  stock.classList.toggle("takeable", Boolean(draw));
  stock.disabled = page.pending || !draw;
  stock.title = draw ? describeMove(draw) : t("stock");
  $("stock-count").textContent = String(view.stock_size);
}

function renderHand() {
  const view = page.view;
  const spectator = view.hand === null || view.hand === undefined;
  $("hand-panel").hidden = spectator;
  if (spectator) return;
  $("hand-count").textContent = handCount(view.hand.length);
  const groups = new Map();
  page.sortedHand.forEach((card, index) => {
    // By suit, grouped; in any other order, one row.
    const key = page.sortMode !== "suit" ? "all" : isJoker(card) ? "jokers" : card[1];
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push([card, index]);
  });
  $("sort-suit").setAttribute("aria-pressed", String(page.sortMode === "suit"));
  $("sort-rank").setAttribute("aria-pressed", String(page.sortMode === "rank"));
  const fresh = [...page.newCards];
  const nodes = [];
  for (const [key, cards] of groups) {
    const title = key === "all" ? null : t(key === "jokers" ? "jokers" : `suit_${key}`);
    nodes.push(element("div", { className: "suit-group" + (title ? "" : " plain"), "data-group": key },
      title ? element("span", { className: "group-name" }, title) : null,
      cards.map(([card, index]) => {
        const isNew = fresh.includes(card);
        if (isNew) fresh.splice(fresh.indexOf(card), 1);
        const selected = page.selected.includes(index);
        return cardFace(card, {
          tag: "button", type: "button",
          className: (selected ? "selected" : "") + (isNew ? " new" : ""),
          "aria-pressed": String(selected), "data-index": index,
          onclick: () => toggleCard(index),
          onpointerdown: (event) => startDrag(event, { index }),
        });
      })));
  }
  if (view.hand.length === 0) nodes.push(element("p", { className: "muted" }, t("no_cards")));
  $("hand").replaceChildren(...nodes);
}

function toggleCard(index) {
  if (Date.now() - page.dragged < 300) return;  // the click that ends a drag
  const at = page.selected.indexOf(index);
  if (at >= 0) page.selected.splice(at, 1);
  else page.selected.push(index);
  markSelection();
  renderActions();
}

// Marks the selected cards in place: the hand's buttons are not rebuilt, so a
// drag that has just started keeps its card.
function markSelection() {
  for (const button of $("hand").querySelectorAll("button.card")) {
    const selected = page.selected.includes(Number(button.dataset.index));
    button.classList.toggle("selected", selected);
    button.setAttribute("aria-pressed", String(selected));
  }
}

function renderActions() {
  const chosen = selectedCards();
  const forSelection = movesForSelection();
  let help;
  const cards = chosen.map(cardLabel).join(" ");
  if (!isMyTurn()) help = page.view.phase === "over" ? "" : t("wait_turn");
  else if (chosen.length === 0) help = t("select_help");
  else if (forSelection.length === 0) help = t("no_move_uses", { cards });
  else help = t("moves_with", { cards });
  $("selection-help").textContent = help;
  askWhy(isMyTurn() && chosen.length > 0 && forSelection.length === 0 ? chosen : []);
  $("card-moves").replaceChildren(...forSelection.map(moveButton));
  const plain = plainMoves().map(moveButton);
  if (chosen.length > 0) {
    plain.push(element("button", { type: "button", className: "secondary", id: "clear-selection",
      onclick: () => { page.selected = []; markSelection(); renderActions(); } }, t("clear_selection")));
  }
  $("plain-moves").replaceChildren(...plain);
}

function moveButton(text) {
  return element("button", { type: "button", className: "move", "data-move": text, title: text,
                             disabled: page.pending, onclick: () => sendMove(text) }, describeMove(text));
}

// ---------------------------------------------------------------- why

// The move the selected cards would most plainly make: one card is thrown
// (a discard), several are laid down (a meld). Its refusal says why they
// make no legal move: "An opening must include a pure run", "Draw a card first".
function selectionMove(cards) {
  return cards.length === 1 ? `discard ${cards[0]}` : `meld ${cards.join(" ")}`;
}

function askWhy(cards) {
  if (cards.length === 0) {
    page.checking = null;
    $("why").hidden = true;
    return;
  }
  const move = selectionMove(cards);
  if (page.checking === move) return;
  page.checking = move;
  $("why").hidden = true;
  checkMove(move);
}

// The server's answer to a check: for the selection's move, or for a typed one.
function showChecked(message) {
  if (message.state_id !== page.stateId) return;
  const fields = message.move === page.checking ? ["why", "why-message", "why-code"]
    : message.move === $("typed-move").value.trim() ? ["typed-why", "typed-why-message", "typed-why-code"] : null;
  if (fields === null) return;
  const [box, text, code] = fields.map($);
  text.textContent = message.allowed ? t("move_allowed", { move: message.move }) : message.message;
  code.textContent = message.allowed ? "" : message.code;
  box.classList.toggle("allowed", message.allowed);
  box.hidden = false;
}

function renderLegal() {
  const legal = legalMoves();
  $("legal-count").textContent = String(legal.length);
  $("legal").replaceChildren(...legal.map((text) => element("li", { "data-move": text }, text)));
}

function renderPlayers() {
  const view = page.view;
  const scores = page.match ? page.match.scores : null;
  // "Opened" only means something where the variant has an opening minimum.
  $("players-table").classList.toggle("no-opening", !hasOpeningMinimum(view));
  $("players-table").tBodies[0].replaceChildren(...view.hand_sizes.map((size, seat) =>
    element("tr", { className: seat === view.to_move && view.phase !== "over" ? "to-move" : "",
                    "data-seat": seat },
      element("td", {}, seatName(seat),
              seat === view.dealer ? element("span", { className: "badge", title: "dealer" }, "D") : null),
      element("td", {}, view.dropped && view.dropped[seat] ? t("out_of_deal", { points: view.dropped[seat] }) : size),
      element("td", { className: "opened" }, t(view.opened[seat] ? "yes" : "no")),
      element("td", {}, scores ? scores[gameSeat(seat)] : "\u2014"))));
}

// The round's last public moves in words, the notation in small print.
function renderLog() {
  const log = page.view.log || [];
  $("log").replaceChildren(...log.map((line) => {
    const [seat, move] = splitEntry(line);
    return element("li", { "data-entry": line },
                   seat === null ? line : t("told", { seat: seatName(seat), steps: stepWords(move) }), " ",
                   element("code", { className: "code" }, line));
  }));
}

// ---------------------------------------------------------------- telling the other seats' moves

// "1: discard 5c" -> [1, "discard 5c"]
function splitEntry(line) {
  const match = /^(\d+):\s*(.*)$/.exec(line);
  return match ? [Number(match[1]), match[2]] : [null, line];
}

// One step of a turn in words: "drew", "laid 3♠ 4♠ 5♠", "discarded A♠".
function stepWords(text) {
  const move = readMove(text);
  const words = text.trim().split(/\s+/);
  const cards = move.cards.map(cardLabel).join(" ");
  const key = move.kind === "draw" && words[1] === "exchange" ? "did_draw_exchange"
    : move.kind === "take" && words[1] ? "did_take_depth" : `did_${move.kind}`;
  return Object.hasOwn(page.labels, key) ? t(key, { cards, meld: move.meld, depth: words[1] }) : text;
}

// The moves of other seats between the last view and this one, as one
// sentence per turn ("Greedy bot drew, laid 3♠ 4♠ 5♠, discarded A♠"), told
// a step at a time.
function narrate(previous, view) {
  const before = previous ? previous.log || [] : [];
  const after = view.log || [];
  let overlap = Math.min(before.length, after.length);
  while (overlap > 0 && before.slice(before.length - overlap).join("\n") !== after.slice(0, overlap).join("\n")) {
    overlap -= 1;
  }
  const fresh = after.slice(overlap).map(splitEntry).filter(([seat]) => seat !== null && seat !== view.seat);
  const turns = [];
  for (const [seat, move] of fresh) {
    const last = turns[turns.length - 1];
    if (last && last.seat === seat) last.steps.push(stepWords(move));
    else turns.push({ seat, steps: [stepWords(move)] });
  }
  if (turns.length === 0) return;
  // The newest turns are told; what was still being told of older ones is dropped.
  clearTimeout(page.narrating);
  page.narrating = null;
  page.narration = [];
  for (const turn of turns) {
    turn.steps.forEach((step, i) => page.narration.push({ seat: turn.seat, upTo: i + 1, steps: turn.steps }));
  }
  tellNext();
}

function tellNext() {
  const next = page.narration.shift();
  if (!next) {
    page.narrating = null;
    document.body.dataset.narrating = "false";
    return;
  }
  document.body.dataset.narrating = "true";
  const sentence = t("told", { seat: seatName(next.seat), steps: next.steps.slice(0, next.upTo).join(", ") });
  $("narration").textContent = next.upTo === next.steps.length ? `${sentence}.` : `${sentence}\u2026`;
  $("narration").hidden = false;
  page.narrating = setTimeout(tellNext, next.upTo === next.steps.length ? 700 : 450);
}

// ---------------------------------------------------------------- dragging

// Dragging uses pointer events, so a mouse and a finger drag alike: a hand
// card (or the selection it belongs to) onto a table meld lays it off or
// swaps it in, onto the table's free space melds, onto the discards
// discards or knocks, onto another hand card puts it there (the player's
// own order); the stock or a takeable discard onto the hand draws or takes.
// When several legal moves fit, the cards stay selected and the buttons
// offer them.
const DRAG_DISTANCE = 8;  // pixels moved before a press becomes a drag

function startDrag(event, source) {
  if (event.pointerType === "mouse" && event.button !== 0) return;
  page.drag = { source, x: event.clientX, y: event.clientY, ghost: null, over: null };
}

function dragMoved(event) {
  const drag = page.drag;
  if (!drag) return;
  if (drag.ghost === null) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_DISTANCE) return;
    if (drag.source.index !== undefined && !page.selected.includes(drag.source.index)) {
      page.selected = [drag.source.index];
      markSelection();
      renderActions();
    }
    const cards = drag.source.index !== undefined ? selectedCards() : [];
    drag.ghost = element("div", { className: "drag-ghost" },
                         cards.length ? cards.map((card) => cardFace(card)) : element("span", { className: "card back" }));
    document.body.append(drag.ghost);
  }
  event.preventDefault();
  drag.ghost.style.left = `${event.clientX + 6}px`;
  drag.ghost.style.top = `${event.clientY + 6}px`;
  const target = dropTarget(event, drag.source);
  if (drag.over !== target) {
    if (drag.over) drag.over.classList.remove("drop-here");
    if (target) target.classList.add("drop-here");
    drag.over = target;
  }
}

function dropTarget(event, source) {
  const under = document.elementFromPoint(event.clientX, event.clientY);
  if (!under) return null;
  if (source.index === undefined) return under.closest("#hand-panel");
  return under.closest("#hand button.card, [data-meld], #discard-panel, #table-panel, #hand");
}

function dragEnded(event) {
  const drag = page.drag;
  page.drag = null;
  if (!drag || drag.ghost === null) return;
  drag.ghost.remove();
  if (drag.over) drag.over.classList.remove("drop-here");
  page.dragged = Date.now();
  const target = event.type === "pointerup" ? dropTarget(event, drag.source) : null;
  if (target) dropOn(target, drag.source);
}

function dropOn(target, source) {
  if (source.index === undefined) {  // the stock or a discard, onto the hand
    const move = source.pile || $("stock").dataset.move;
    if (move && legalMoves().includes(move)) sendMove(move);
    return;
  }
  if (target.matches("#hand button.card, #hand")) {
    rearrange(source.index, target.matches("#hand") ? null : Number(target.dataset.index));
    return;
  }
  const meld = target.dataset.meld ? Number(target.dataset.meld) : null;
  const kinds = meld !== null ? ["layoff", "swap", "shift"]
    : target.id === "discard-panel" ? ["discard", "knock", "declare"] : ["meld"];
  const moves = movesForSelection().filter((text) => {
    const move = readMove(text);
    return kinds.includes(move.kind) && (meld === null || move.meld === meld);
  });
  if (moves.length === 1) sendMove(moves[0]);
  else if (moves.length === 0) showRefusal("page.no-move", t("no_move_there"));
}

// The dragged card put before the card `before` (null: at the end): the hand is then in the player's own order.
function rearrange(index, before) {
  if (before === index) return;
  const order = [...page.sortedHand];
  const [card] = order.splice(index, 1);
  const at = before === null ? order.length : order.indexOf(page.sortedHand[before]);
  order.splice(at, 0, card);
  page.sortMode = "custom";
  page.handOrder = order;
  page.sortedHand = order;
  page.selected = [];
  renderHand();
  renderActions();
}

// ---------------------------------------------------------------- setting up a game

async function loadVariants() {
  const response = await fetch("/api/variants");
  if (!response.ok) throw new Error(`GET /api/variants answered ${response.status}`);
  const variants = await response.json();
  const select = $("variant");
  select.replaceChildren(...variants.map((variant) =>
    element("option", { value: variant.id, "data-min": variant.players.min, "data-max": variant.players.max,
                        "data-line": variant.line || "" },
            variant.name)));
  // A popular two-player game to start with.
  const first = ["gin", "rummy"].find((id) => variants.some((variant) => variant.id === id));
  if (first) select.value = first;
  select.addEventListener("change", variantChanged);
  $("players").addEventListener("input", renderSeats);
  variantChanged();
}

function variantChanged() {
  const option = $("variant").selectedOptions[0];
  if (!option) return;
  const players = $("players");
  players.min = option.dataset.min;
  players.max = option.dataset.max;
  const count = Number(players.value);
  if (!(count >= Number(players.min))) players.value = players.min;
  if (count > Number(players.max)) players.value = players.max;
  $("variant-line").replaceChildren(option.dataset.line, " ",
    element("a", { href: `/rules/${encodeURIComponent(option.value)}`, id: "setup-rules-link", target: "_blank" },
            "Rules"));
  renderSeats();
}

function renderSeats() {
  const count = Math.max(0, Math.min(Number($("players").value) || 0, Number($("players").max)));
  const old = [...$("seats").querySelectorAll("select")].map((select) => select.value);
  const oldNames = [...$("seats").querySelectorAll("input.person-name")].map((input) => input.value);
  const rows = [];
  for (let seat = 0; seat < count; seat += 1) {
    const chosen = old[seat] || (seat === 0 ? "human" : BOT_NAMES[0]);
    const select = element("select", { name: `seat-${seat}`, "data-seat": seat },
      ["human", ...BOT_NAMES].map((name) =>
        element("option", { value: name, selected: name === chosen },
                name === "human" ? "a person" : `${name[0].toUpperCase()}${name.slice(1)} bot`)));
    // A person's name, shown to the other players (optional).
    const named = element("input", { className: "person-name", "data-seat": seat, maxlength: 24,
                                     placeholder: "name (optional)", value: oldNames[seat] || "",
                                     hidden: chosen !== "human", "aria-label": `Name of seat ${seat}` });
    select.addEventListener("change", () => { named.hidden = select.value !== "human"; });
    rows.push(element("div", { className: "seat" },
                      element("label", {}, seat === 0 ? "You: " : `Seat ${seat}: `, select), " ", named));
  }
  $("seats").replaceChildren(...rows);
}

async function createGame(event) {
  event.preventDefault();
  $("setup-error").hidden = true;
  const bots = {};
  for (const select of $("seats").querySelectorAll("select")) {
    if (select.value !== "human") bots[select.dataset.seat] = select.value;
  }
  const names = {};
  for (const input of $("seats").querySelectorAll("input.person-name")) {
    const name = input.value.trim();
    if (name && !input.hidden) names[input.dataset.seat] = name;
  }
  const seedText = $("seed").value.trim();
  const body = {
    variant: $("variant").value,
    players: Number($("players").value),
    bots,
    match: $("match").checked,
    seed: seedText === "" ? null : Number(seedText),
    lang: $("lang").value,
    names,
  };
  const response = await fetch("/api/games", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    const error = answer.error || { code: "http." + response.status, message: response.statusText };
    $("setup-error").textContent = `${error.code}: ${error.message}`;
    $("setup-error").hidden = false;
    return;
  }
  const seats = Object.entries(answer.seats);
  if (seats.length === 1) {
    location.assign(gameAddress(answer.game, seats[0][1]));
    return;
  }
  showSeatLinks(answer.game, seats);
}

// A seat's token travels in the address's fragment (#token=...), which the
// browser never sends to a server or a proxy; the page then keeps it in the
// tab's session storage and takes it out of the address bar and its history.
function gameAddress(game, token) {
  const query = new URLSearchParams({ game });
  const fragment = token ? `#${new URLSearchParams({ token })}` : "#watch";
  return `/?${query}${fragment}`;
}

function tokenKey() {
  return `rummykit-token:${page.game}`;
}

function forgetToken() {
  try { sessionStorage.removeItem(tokenKey()); } catch (error) { /* storage off: nothing kept */ }
}

function seatToken(query) {
  if (location.hash === "#watch") return null;
  const key = tokenKey();
  const given = new URLSearchParams(location.hash.slice(1)).get("token") || query.get("token");
  if (given) {
    try { sessionStorage.setItem(key, given); } catch (error) { /* storage off: the token lives in the page */ }
    query.delete("token");
    history.replaceState(null, "", `${location.pathname}?${query}`);
    return given;
  }
  try { return sessionStorage.getItem(key); } catch (error) { return null; }
}

function showSeatLinks(game, seats) {
  const links = seats.map(([seat, token]) =>
    element("li", {},
            element("a", { href: gameAddress(game, token), "data-seat": seat }, `Play seat ${seat}`)));
  links.push(element("li", {}, element("a", { href: gameAddress(game, null) }, "Watch (no hand shown)")));
  $("seat-links").replaceChildren(...links);
  $("created").hidden = false;
}

function joinGame(event) {
  event.preventDefault();
  location.assign(gameAddress($("join-game").value.trim(), $("join-token").value.trim() || null));
}

// ---------------------------------------------------------------- start

function start() {
  const query = new URLSearchParams(location.search);
  page.game = query.get("game");
  page.token = page.game ? seatToken(query) : null;
  if (page.game) {
    $("game").hidden = false;
    $("record-link").href = `/api/games/${encodeURIComponent(page.game)}/record`;
    $("watch-link").href = gameAddress(page.game, null);
    window.addEventListener("beforeunload", () => { page.closing = true; });
    // Another seat's (or the watch) link for this game changes the fragment only: start again.
    window.addEventListener("hashchange", () => location.reload());
    $("sort-suit").addEventListener("click", () => setSort("suit"));
    $("sort-rank").addEventListener("click", () => setSort("rank"));
    $("stock").addEventListener("click", () => {
      if (Date.now() - page.dragged > 300 && $("stock").dataset.move) sendMove($("stock").dataset.move);
    });
    $("stock").addEventListener("pointerdown", (event) => startDrag(event, { pile: null }));
    document.addEventListener("pointermove", dragMoved);
    document.addEventListener("pointerup", dragEnded);
    document.addEventListener("pointercancel", dragEnded);
    $("typed-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const move = $("typed-move").value.trim();
      if (move) checkMove(move);
    });
    $("typed-play").addEventListener("click", () => {
      const move = $("typed-move").value.trim();
      if (move) sendMove(move);
    });
    loadLabels().then(() => {
      applyLabels();
      connect();
    });
    return;
  }
  $("setup").hidden = false;
  $("create-form").addEventListener("submit", (event) => {
    createGame(event).catch((error) => {
      $("setup-error").textContent = String(error);
      $("setup-error").hidden = false;
    });
  });
  $("join-form").addEventListener("submit", joinGame);
  loadVariants().catch((error) => {
    $("setup-error").textContent = String(error);
    $("setup-error").hidden = false;
  });
}

document.addEventListener("DOMContentLoaded", start);
