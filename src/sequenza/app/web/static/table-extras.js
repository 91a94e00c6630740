// What a table adds to its game: clocks, resigning, taking a move back, and their lines in the
// log. The server decides all of it; the page draws what it said and sends what a player asks.

import { fill, h } from "./dom.js";
import { formatClock, list, t } from "./i18n.js";
import { showDialog } from "./rules.js";

// Every seat's time left, counting down on this screen for the seat whose clock runs, from the
// moment the server said how much it had.
export class SeatClocks {
  constructor() {
    this.view = null;
    this.received = 0;
    this.timer = setInterval(() => this.tick(), 250);
  }

  update(clock) {
    this.view = clock || null;
    this.received = performance.now();
  }

  left(seat) {
    const view = this.view;
    if (!view || view.left[seat] === null || view.left[seat] === undefined) return null;
    const running = view.running === seat ? (performance.now() - this.received) / 1000 : 0;
    return Math.max(0, view.left[seat] - running);
  }

  element(seat) {
    const left = this.left(seat);
    if (left === null) return null;
    const running = this.view.running === seat;
    return h("span.player-clock", { class: `player-clock${running ? " running" : ""}${left < 10 ? " low" : ""}`, dataset: { seat }, title: running ? t("clock.left_move") : t("clock.left") }, formatClock(left));
  }

  tick() {
    if (!this.view || this.view.running === null) return;
    for (const element of document.querySelectorAll(".player-clock.running")) {
      const left = this.left(Number(element.dataset.seat));
      if (left === null) continue;
      element.textContent = formatClock(left);
      element.classList.toggle("low", left < 10);
    }
  }
}

// Tell the server what a player asked; offline, say so rather than drop it.
function ask(page, message) {
  if (!page.send(message)) page.showToast(t("table.not_connected"));
}

// The table's options in words, for the players panel.
export function clockSummary(clock) {
  if (!clock) return null;
  const then = clock.on_timeout === "bot" ? t("clock.then_bot") : t("clock.then_lose");
  const key = clock.kind === "move" ? "clock.summary_move" : clock.increment_seconds ? "clock.summary_increment" : "clock.summary_game";
  return t(key, { seconds: clock.kind === "move" ? clock.move_seconds : clock.increment_seconds, minutes: clock.game_minutes, then });
}

function sides(seats, teams, out) {
  return new Set(seats.filter((seat) => !out.includes(seat)).map((seat) => (teams ? teams[seat] : seat))).size;
}

// "Resign" for the seat this screen shows, behind a confirmation that says what it does.
export function resignButton(page, seat, observation) {
  const table = page.table;
  const out = table.out || [];
  if (seat === null || out.includes(seat)) return null;
  const teams = observation && Array.isArray(observation.teams) ? observation.teams : null;
  const seats = table.seats.map((entry) => entry.seat);
  const mates = teams ? seats.filter((other) => other !== seat && teams[other] === teams[seat]) : [];
  const left = sides(seats, teams, out);
  const names = page.names();
  const confirm = () => {
    const what = left <= 2
      ? t("resign.end")
      : t("resign.out");
    const team = mates.length ? ` ${t("resign.team", { names: mates.map((other) => names[other]).join(", ") })}` : "";
    const dialog = showDialog(
      t("resign.title", { name: names[seat] }),
      h("p", {}, what + team),
      h(
        "div.dialog-buttons",
        {},
        h("button.danger", { type: "button", id: "resign-confirm", onclick: () => { dialog.close(); ask(page, { type: "resign", seat }); } }, t("resign.button")),
        h("button", { type: "button", onclick: () => dialog.close() }, t("resign.keep")),
      ),
    );
  };
  return h("button.ghost", { type: "button", id: "resign", onclick: confirm }, t("resign.button"));
}

// Why a move cannot be taken back, by the code the server sends (UndoRefusal in the table's
// rules); a code this page does not know yet is shown as it is.
const UNDO_REASONS = {
  game_over: "undo.reason_game_over",
  out: "undo.reason_out",
  not_last: "undo.reason_not_last",
  player_left: "undo.reason_player_left",
  move_revealed: "undo.reason_move_revealed",
  bot_revealed: "undo.reason_bot_revealed",
};

function undoReason(code) {
  return UNDO_REASONS[code] ? t(UNDO_REASONS[code]) : code;
}

// "Take back" for this screen's last move, or why it cannot be taken back; the question to the
// others while they decide; the request to answer when another player asks.
export function renderUndo(page, box) {
  const message = page.message;
  const request = page.table.undo_request;
  const names = page.names();
  const held = message.seats;
  const parts = [];
  if (request && !message.over) {
    const mine = request.ask.filter((seat) => held.includes(seat) && !request.accepted.includes(seat));
    if (mine.length) {
      parts.push(
        h(
          "div.undo-ask",
          { role: "alert" },
          h("span", {}, t(request.moves > 1 ? "undo.asks_bots" : "undo.asks", { name: names[request.seat] })),
          h("button.primary", { type: "button", id: "undo-accept", onclick: () => ask(page, { type: "undo_answer", accept: true }) }, t("undo.accept")),
          h("button", { type: "button", id: "undo-refuse", onclick: () => ask(page, { type: "undo_answer", accept: false }) }, t("undo.refuse")),
        ),
      );
    } else if (held.includes(request.seat)) {
      const waiting = request.ask.filter((seat) => !request.accepted.includes(seat)).map((seat) => names[seat]);
      parts.push(h("p.undo-note", {}, t("undo.waiting", { names: list(waiting), count: waiting.length })));
    }
  } else if (message.undo && !message.over) {
    const undo = message.undo;
    const online = page.table.seats.some((seat) => seat.kind !== "bot" && !held.includes(seat.seat) && !(page.table.out || []).includes(seat.seat));
    const label = online ? t("undo.ask") : t("undo.take_back");
    const reason = undo.reason ? undoReason(undo.reason) : null;
    parts.push(h("button", { type: "button", id: "undo", disabled: reason !== null, title: reason || t("undo.title"), onclick: () => ask(page, { type: "undo" }) }, label));
    if (reason) parts.push(h("span.undo-note", {}, t("undo.cannot", { reason })));
  }
  fill(box, ...parts);
}

// A log line for the table's own events, or for a move a bot made for a seat; undefined for the
// game's events.
export function describeTableEvent(event, names) {
  const name = names[event.seat] ?? t("common.seat", { number: event.seat });
  switch (event.event) {
    case "resigned":
      return t(event.out.length > 1 ? "log.resigned_team" : "log.resigned", { name });
    case "time_out":
      return t(event.out.length > 1 ? "log.time_out_team" : "log.time_out", { name });
    case "undo_request":
      return t("log.undo_request", { name });
    case "undo_accepted":
      return t("log.undo_accepted", { name });
    case "undo_refused":
      return t("log.undo_refused", { name });
    case "undone":
      return t("log.undone", { name, count: event.moves });
    case "hints_on":
      return t("log.hints_on", { name });
    case "table_over": {
      const winners = event.winners.map((seat) => names[seat] ?? t("common.seat", { number: seat }));
      return winners.length ? t("log.game_over_won", { names: list(winners), count: winners.length }) : t("log.game_over");
    }
    default:
      return undefined;
  }
}

// Said after a move that a bot made for a seat.
export function standInNote(event) {
  if (!event.stand_in) return "";
  return ` ${t(event.stand_in === "time" ? "log.stand_in_time" : "log.stand_in_out")}`;
}

// Why a game ended when a player resigned or ran out of time.
export function tableEndReason(result, log, names) {
  if (!result || (result.termination !== "resigned" && result.termination !== "time")) return null;
  const last = [...log].reverse().find((event) => event.event === "resigned" || event.event === "time_out");
  if (!last) return null;
  const name = names[last.seat] ?? t("common.seat", { number: last.seat });
  return t(last.event === "resigned" ? "end.resigned" : "end.time_out", { name });
}

// A game stopped by a resignation or the clock has no score of its own: show the game's count.
export function shownScore(result, scores, seat) {
  if (result && (result.termination === "resigned" || result.termination === "time")) {
    return scores ? scores[seat] : null;
  }
  return result ? result.scores[seat] : scores ? scores[seat] : null;
}

// What a replayed entry was; ``label`` is its move in the game's words, if it is a move.
export function entryText(frame, names, label) {
  const name = names[frame.seat] ?? t("common.seat", { number: frame.seat });
  switch (frame.kind) {
    case "move": return `${name} — ${label}`;
    case "time_move": return `${name} — ${label}${standInNote({ stand_in: "time" })}`;
    case "stand_in": return `${name} — ${label}${standInNote({ stand_in: "out" })}`;
    case "resign": return t("log.resigned", { name });
    case "time_out": return t("log.time_out", { name });
    case "undo_request": return t("log.undo_request", { name });
    case "undo_accept": return t("log.undo_accepted", { name });
    case "undo_refuse": return t("log.undo_refused", { name });
    case "undo": return t("log.undone_entry", { name });
    case "hints_on": return t("log.hints_on", { name });
    default: return frame.kind;
  }
}
