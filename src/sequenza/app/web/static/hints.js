// Hints: at a table made with hints on, the player whose turn it is asks what the strongest
// bot would play here. The server decides it from that seat's view only and answers this
// socket alone; the page marks the move on the board and in the moves' list, and words the
// reason the server gave as codes. Where every person plays at this screen, or one person
// plays bots, a player may switch hints on during the game (the server says where:
// table.hints_switchable); online, with other people, they are chosen as the table is made.

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

// Each reason's sentence: the codes of sequenza.ai.hints.
function reasonText(reason, names) {
  const data = reason.data || {};
  switch (reason.code) {
    case "wins":
      return t("hint.wins");
    case "claim":
      return t("hint.claim");
    case "gains":
      return t("hint.gains", { share: data.share });
    case "sequence":
      return t("hint.sequence");
    case "four":
      return t("hint.four");
    case "blocks_four":
      return t("hint.blocks_four", { name: names[data.seat] ?? "" });
    case "blocks_three":
      return t("hint.blocks_three", { name: names[data.seat] ?? "" });
    case "breaks_four":
      return t("hint.breaks_four", { name: names[data.seat] ?? "" });
    case "code_in":
      return data.slides ? t("hint.code_in", { count: data.slides }) : t("hint.code_shows");
    case "end_turn":
      return t("hint.end_turn");
    case "dead_card":
      return t("hint.dead_card");
    case "mark_room":
      return t("hint.mark_room");
    default:
      return t("hint.best");
  }
}

// The hint's button and its last answer, under the board: only at a table with hints on, for
// the seat whose turn it is at this screen. Where hints may still be switched on, the button
// that does it (after a word on what it means), for a screen that holds a seat.
export function renderHint(page, box, seat, cover) {
  const table = page.table;
  const shown = Boolean(table.hints) && !cover && page.myTurn() && page.heldSeats().includes(seat);
  const switchable = !table.hints && Boolean(table.hints_switchable) && !cover && page.heldSeats().length > 0;
  box.hidden = !table.hints && !switchable;
  if (!table.hints) {
    if (switchable) fill(box, ...switchHints(page));
    else page.hintsAsking = false;
    return;
  }
  page.hintsAsking = false;
  const hint = page.hint && page.hint.turn === page.message.turn && page.hint.seat === seat ? page.hint : null;
  const switched = table.hints_from !== null && table.hints_from !== undefined;
  fill(box,
    h("span.hints-on", { title: t(switched ? "hint.on_title_switched" : "hint.on_title") }, t("hint.on")),
    shown
      ? h("button.ghost.hint-button", { type: "button", id: "hint-button", disabled: Boolean(hint) || page.pending, onclick: () => askHint(page) }, t("hint.ask"))
      : null,
    hint ? h("p.hint-reason", { role: "status" }, t("hint.text", { move: hint.label, reason: hint.reason })) : null,
  );
  if (hint) markHint(page, hint);
}

function askHint(page) {
  page.send({ type: "hint" });
}

// "Switch hints on", then what it means with a confirmation: they stay on to the end, and the
// record says so. The server's next position shows them on.
function switchHints(page) {
  const again = () => page.render();
  if (!page.hintsAsking) {
    return [
      h("button.ghost.hints-switch", { type: "button", id: "hints-switch", title: t("hint.switch_on_title"), onclick: () => { page.hintsAsking = true; again(); } }, t("hint.switch_on")),
    ];
  }
  return [
    h("p.hints-confirm", { role: "status" }, t("hint.switch_confirm")),
    h("button.hints-switch-yes", { type: "button", id: "hints-switch-yes", onclick: () => { page.send({ type: "hints_on" }); page.hintsAsking = false; again(); } }, t("hint.switch_yes")),
    h("button.ghost", { type: "button", id: "hints-switch-cancel", onclick: () => { page.hintsAsking = false; again(); } }, t("common.cancel")),
  ];
}

// A hint arrived: kept for its turn and drawn.
export function heardHint(page, message) {
  const observation = page.current ? page.current.observation : null;
  const label = observation ? page.view.label(message.action, observation, page.names()) : message.action;
  page.hint = {
    turn: message.turn,
    seat: message.seat,
    action: message.action,
    label,
    // A reason in a game's own terms is worded by its view; the shared ones here.
    reason: page.view.hintReason?.(message.reason || {}, page.names()) || reasonText(message.reason || {}, page.names()),
  };
  page.render();
}

// The move on the board (each of its parts) and its button in the moves' list and the bar.
function markHint(page, hint) {
  const observation = page.current ? page.current.observation : null;
  const parts = new Set(observation ? page.view.parts(hint.action, observation) : []);
  for (const element of page.board.querySelectorAll("[data-part]")) {
    element.classList.toggle("hint-move", parts.has(element.dataset.part));
  }
  for (const button of document.querySelectorAll("button[data-action]")) {
    button.classList.toggle("hint-move", button.dataset.action === hint.action);
  }
}

// The end screen's line on hints: how many each seat asked for.
export function hintsUsedLine(table) {
  if (!table.hints) return null;
  const counts = table.seats.filter((seat) => seat.kind !== "bot").map((seat) => t("hint.used_by", { name: seat.name, count: seat.hints_used || 0 }));
  const switched = table.hints_from !== null && table.hints_from !== undefined;
  return h("p.end-hints", {}, t(switched ? "hint.used_switched" : "hint.used", { counts: counts.join(", ") }));
}

// Whether a table may have hints, for the lobby's box: always at one screen and against bots;
// online, only as the table is made, which everyone joining sees.
export function hintsOption() {
  const input = h("input", { type: "checkbox", id: "hints", name: "hints" });
  const row = h("div.form-row.listed-row", {}, input, h("label", { for: "hints" }, t("lobby.hints")));
  const help = h("p.option-help", {}, t("lobby.hints_help"));
  return { input, element: h("div.hints-option", {}, row, help) };
}

// A learner's hints, for the lobby's box where the game words them (its listing's
// learner_hints): once a card is picked, every place it can go shows why (the game's view,
// learnerPlaces). They show nothing the legal moves do not tell, so any table may have them.
export function learnerHintsOption() {
  const input = h("input", { type: "checkbox", id: "learner-hints", name: "learner_hints" });
  const row = h("div.form-row.listed-row", {}, input, h("label", { for: "learner-hints" }, t("lobby.learner_hints")));
  const help = h("p.option-help", {}, t("lobby.learner_hints_help"));
  return { input, element: h("div.hints-option.learner-hints-option", {}, row, help) };
}
