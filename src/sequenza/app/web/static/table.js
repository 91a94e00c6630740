// A table: the live game over a websocket, the hotseat "pass the device" screen, legal moves
// picked on the board, the log, the players, invitation links, and the replay of a finished
// game.

import { api, ApiError, loadCatalog } from "./api.js";
import { fill, h } from "./dom.js";
import { flip } from "./flip.js";
import { showDialog, showRules } from "./rules.js";
import { addSeatToken, dropSeatTokens, tableEntry } from "./store.js";
import { describeEvent, loadView } from "./views/index.js";

const RECONNECT_DELAYS = [500, 1000, 2000, 4000, 8000];

export async function showTable(root, tableId) {
  takeInvitation(tableId);
  const { games } = await loadCatalog();
  let first;
  try {
    first = await api(`/api/tables/${tableId}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      fill(root,
        h("div.notice.error", {}, h("p", {}, `There is no table ${tableId}.`), h("a", { href: "/" }, "Start a new one")),
      );
      return;
    }
    throw error;
  }
  const game = games.get(first.table.game);
  const view = await loadView(first.table.game);
  const page = new TablePage(root, tableId, game, view, first.table);
  page.connect();
  window.sequenzaTable = page;
}

// An invitation link ends in #join=SEAT.TOKEN: keep the token, hide it from the address bar.
function takeInvitation(tableId) {
  const match = window.location.hash.match(/^#join=(\d+)\.([A-Za-z0-9_-]+)$/);
  if (match) {
    addSeatToken(tableId, match[1], match[2]);
    window.history.replaceState(null, "", window.location.pathname);
  }
}

class TablePage {
  constructor(root, id, game, view, summary) {
    this.root = root;
    this.id = id;
    this.game = game;
    this.view = view;
    this.table = summary;
    this.entry = tableEntry(id);
    this.message = null;
    this.log = [];
    this.selected = [];
    this.shownSeat = null;
    this.pending = false;
    this.sent = 0;
    this.socket = null;
    this.attempt = 0;
    this.replay = null;
    this.build();
  }

  // ------------------------------------------------------------------ layout
  build() {
    document.getElementById("title").textContent = this.game.name;
    document.title = `${this.game.name} · Sequenza`;
    this.rulesButton = h("button.nav-button", { type: "button", onclick: () => showRules(this.game, this.table.options) }, "Rules");
    this.replayButton = h("button.nav-button", { type: "button", hidden: true, onclick: () => this.toggleReplay() }, "Replay");
    fill(document.getElementById("nav"), this.replayButton, this.rulesButton, h("a.nav-button", { href: "/" }, "Tables"));
    this.banner = h("div.banner", { role: "status", "aria-live": "polite" });
    this.board = h("div.board", { onclick: (event) => this.onBoardClick(event), onmouseover: (event) => this.onBoardHover(event), onmouseleave: () => this.clearHints() });
    this.cover = h("div.cover", { hidden: true });
    this.toast = h("div.toast", { role: "alert", hidden: true });
    this.actionBar = h("div.actionbar");
    this.replayBar = h("div.replaybar", { hidden: true });
    this.players = h("div.players");
    this.invites = h("div.invites");
    this.moves = h("details.all-moves", {}, h("summary", {}, "All legal moves"), h("div.move-list"));
    this.logList = h("ol.log-list");
    fill(this.root,
      h(
        "div.table-page",
        { dataset: { game: this.game.id } },
        h(
          "section.play",
          {},
          this.banner,
          this.replayBar,
          h("div.board-frame", {}, this.board, this.cover, this.toast),
          this.actionBar,
        ),
        h(
          "aside.side",
          {},
          h("section.panel.players-panel", {}, h("h2", {}, "Players"), this.players),
          this.invites,
          h("section.panel.moves-panel", {}, this.moves),
          h("section.panel.log-panel", {}, h("h2", {}, "What happened"), this.logList),
        ),
      ),
    );
  }

  // ------------------------------------------------------------------ the connection
  connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${this.id}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.log = [];
      this.entry = tableEntry(this.id);
      socket.send(JSON.stringify({ type: "join", tokens: Object.values(this.entry.seats) }));
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return;
      if (event.code === 4404) {
        this.setBanner("This table no longer exists.", "error");
        return;
      }
      this.setBanner("Connection lost: reconnecting…", "error");
      const delay = RECONNECT_DELAYS[Math.min(this.attempt, RECONNECT_DELAYS.length - 1)];
      this.attempt += 1;
      setTimeout(() => this.connect(), delay);
    });
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  receive(message) {
    if (message.type === "state") {
      this.pending = false;
      if (message.log_start === 0) this.log = [];
      this.log.push(...message.events);
      const turnChanged = !this.message || this.message.turn !== message.turn;
      this.message = message;
      this.table = message.table;
      if (turnChanged) this.selected = [];
      this.render();
    } else if (message.type === "table") {
      this.table = message.table;
      this.renderPlayers();
      if (this.message) this.renderInvites();
    } else if (message.type === "error") {
      this.pending = false;
      if (message.code === "bad_token") {
        // A link that opens no seat of this table: watch instead.
        dropSeatTokens(this.id);
        this.showToast(`${message.message}. You are watching as a spectator.`);
        return;
      }
      this.showToast(message.message);
      this.render();
    }
  }

  act(action) {
    if (this.pending || !this.message) return;
    this.pending = true;
    this.sent += 1;
    this.selected = [];
    this.board.classList.add("pending");
    this.applySelection();
    this.drawActions([], this.current.observation);
    this.send({ type: "act", action, turn: this.message.turn });
  }

  // ------------------------------------------------------------------ who sees what
  names() {
    return this.table.seats.map((seat) => seat.name);
  }

  heldSeats() {
    return this.message ? this.message.seats : [];
  }

  // The seat whose view this screen shows (null: the public view), and whether the hotseat
  // "pass the device" screen hides it.
  viewpoint() {
    const held = this.heldSeats();
    const toAct = this.message.to_act;
    if (held.length === 0) return { seat: null, cover: false };
    if (held.length === 1) return { seat: held[0], cover: false };
    if (toAct !== null && held.includes(toAct)) {
      return { seat: toAct, cover: this.shownSeat !== toAct };
    }
    return { seat: this.shownSeat, cover: false };
  }

  // ------------------------------------------------------------------ drawing
  render() {
    if (this.replay) return;
    const message = this.message;
    const { seat, cover } = this.viewpoint();
    const observation = seat === null ? message.public || Object.values(message.views)[0] : message.views[String(seat)];
    const legal = !cover && seat !== null ? message.legal[String(seat)] || [] : [];
    this.current = { seat, observation, legal };
    this.board.classList.remove("pending");
    this.board.classList.toggle("hidden-by-cover", cover);
    if (cover) {
      this.drawCover(seat);
    } else {
      this.cover.hidden = true;
      this.cover.replaceChildren();
      if (seat !== null && this.heldSeats().length > 1) this.shownSeat = seat;
      this.drawBoard(observation, seat, legal);
    }
    this.drawActions(cover ? [] : legal, observation);
    this.renderBanner(seat, cover);
    this.renderPlayers();
    this.renderInvites();
    this.renderLog();
    this.replayButton.hidden = !message.over;
    const mine = legal.length > 0;
    document.title = `${mine ? "● Your turn · " : ""}${this.game.name} · Sequenza`;
  }

  context(seat, legal, extra = {}) {
    return {
      seat,
      names: this.names(),
      players: this.table.players,
      legal,
      table: this.table,
      ...extra,
    };
  }

  drawBoard(observation, seat, legal) {
    const drawn = this.view.render(observation, this.context(seat, legal));
    flip(this.board, () => fill(this.board, drawn));
    this.applySelection();
  }

  drawCover(seat) {
    const name = this.names()[seat];
    this.board.replaceChildren();
    this.cover.hidden = false;
    fill(this.cover,
      h(
        "div.cover-card",
        {},
        h("p.cover-title", {}, `Pass the device to ${name}`),
        h("p", {}, "The cards in hand stay hidden until the right player is looking."),
        h("button.primary.big", { type: "button", id: "reveal", onclick: () => { this.shownSeat = seat; this.render(); } }, `I am ${name}: show my cards`),
      ),
    );
  }

  renderBanner(seat, cover) {
    const message = this.message;
    const names = this.names();
    if (this.table.bot_error) {
      this.setBanner(this.table.bot_error, "error");
    } else if (message.over) {
      this.setBanner(resultText(message.result, names), "over");
    } else if (cover) {
      this.setBanner(`${names[message.to_act]}'s turn`, "turn");
    } else if (this.current.legal.length) {
      const who = this.heldSeats().length > 1 ? `${names[seat]}, your turn` : "Your turn";
      const hint = this.view.prompt ? this.view.prompt(this.current.observation, this.current.legal) : "";
      this.setBanner(hint ? `${who}: ${hint}` : who, "turn");
    } else {
      const seatInfo = this.table.seats[message.to_act];
      const waiting = seatInfo.kind === "bot" ? `${seatInfo.name} is thinking…` : `Waiting for ${seatInfo.name}${seatInfo.connected ? "" : " (not connected)"}`;
      this.setBanner(waiting, "wait");
    }
  }

  setBanner(text, kind) {
    this.banner.textContent = text;
    this.banner.className = `banner ${kind}`;
  }

  showToast(text) {
    this.toast.textContent = text;
    this.toast.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { this.toast.hidden = true; }, 6000);
  }

  renderPlayers() {
    if (!this.message && !this.replay) return;
    const observation = this.replay ? this.replay.observation : this.current?.observation;
    const scores = observation && this.view.scores ? this.view.scores(observation) : null;
    const result = this.replay ? this.replay.frame.public.result : this.message.result;
    const toAct = this.replay ? this.replay.frame.to_act : this.message.to_act;
    const held = this.replay ? [] : this.heldSeats();
    fill(this.players,
      h(
        "ul.player-list",
        {},
        this.table.seats.map((seat) => {
          const winner = result && result.winners.includes(seat.seat);
          const kind = seat.kind === "bot" ? `${seat.bot} bot` : held.includes(seat.seat) ? "this screen" : seat.connected ? "online" : "offline";
          const score = result ? result.scores[seat.seat] : scores ? scores[seat.seat] : null;
          return h(
            "li.player",
            { class: `player${seat.seat === toAct ? " to-act" : ""}${winner ? " winner" : ""}`, dataset: { seat: seat.seat } },
            h("span.seat-dot", { style: { background: observation && this.view.seatColour ? this.view.seatColour(observation, seat.seat) : `var(--seat-${seat.seat})` } }),
            h("span.player-name", {}, seat.name),
            h("span.player-kind", {}, kind),
            score !== null && score !== undefined ? h("span.player-score", { title: "score" }, formatScore(score)) : null,
            winner ? h("span.crown", { title: "winner" }, "★") : null,
          );
        }),
      ),
      this.table.spectators ? h("p.muted", {}, `${this.table.spectators} watching`) : null,
    );
  }

  renderInvites() {
    const invites = Object.entries(this.entry.invites || {});
    const open = invites.filter(([seat]) => !this.table.seats[Number(seat)].connected);
    this.invites.hidden = !invites.length || this.message.over;
    if (this.invites.hidden) return;
    fill(this.invites,
      h(
        "section.panel.invite-panel",
        {},
        h("h2", {}, "Invite friends"),
        h("p.hint", {}, open.length ? "Send each friend their own link: it opens their seat and nobody else's." : "Everyone invited is here."),
        invites.map(([seat, token]) => {
          const url = `${window.location.origin}/t/${this.id}#join=${seat}.${token}`;
          const input = h("input.invite-link", { type: "text", readonly: true, value: url, onfocus: (event) => event.target.select() });
          return h(
            "div.invite",
            {},
            h("span.invite-name", {}, this.table.seats[Number(seat)].name),
            input,
            h("button", { type: "button", onclick: () => copy(url, this) }, "Copy"),
          );
        }),
      ),
    );
  }

  renderLog(log = this.log) {
    const names = this.replay ? this.names() : this.names();
    const lines = [];
    for (const event of log) {
      const text = describeEvent(this.view, event, names);
      if (text) lines.push(h("li", { class: `log-${event.event}` }, text));
    }
    fill(this.logList, ...lines.slice(-300));
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  // ------------------------------------------------------------------ choosing an action
  // Each action is a path of board parts (a card in hand, then a pile...); actions with no
  // part are buttons. Clicking parts narrows the candidates until one action is complete.
  candidates() {
    const legal = this.current ? this.current.legal : [];
    return legal
      .map((action) => ({ action, parts: this.view.parts(action, this.current.observation) }))
      .filter((entry) => entry.parts.length >= this.selected.length && this.selected.every((part, index) => entry.parts[index] === part));
  }

  applySelection() {
    const candidates = this.candidates();
    const next = new Set(candidates.filter((entry) => entry.parts.length > this.selected.length).map((entry) => entry.parts[this.selected.length]));
    for (const element of this.board.querySelectorAll("[data-part]")) {
      const part = element.dataset.part;
      element.classList.toggle("playable", next.has(part));
      element.classList.toggle("selected", this.selected.includes(part));
    }
    this.board.classList.toggle("choosing", this.selected.length > 0);
  }

  onBoardClick(event) {
    const element = event.target.closest("[data-part]");
    if (this.pending || !this.current || !this.current.legal.length) return;
    if (!element) {
      if (this.selected.length) this.unselect(0);
      return;
    }
    const part = element.dataset.part;
    const index = this.selected.indexOf(part);
    if (index >= 0) {
      this.unselect(index);
      return;
    }
    if (!element.classList.contains("playable")) return;
    this.selected.push(part);
    const candidates = this.candidates();
    const complete = candidates.filter((entry) => entry.parts.length === this.selected.length);
    if (complete.length === 1 && candidates.length === 1) {
      this.act(complete[0].action);
      return;
    }
    this.applySelection();
    this.drawActions(this.current.legal, this.current.observation);
  }

  unselect(index) {
    this.selected = this.selected.slice(0, index);
    this.clearHints();
    this.applySelection();
    this.drawActions(this.current.legal, this.current.observation);
  }

  onBoardHover(event) {
    const element = event.target.closest("[data-part]");
    this.clearHints();
    if (!element || !element.classList.contains("playable")) return;
    const part = element.dataset.part;
    const depth = this.selected.length;
    const hinted = new Set();
    for (const entry of this.candidates()) {
      if (entry.parts[depth] === part) entry.parts.slice(depth + 1).forEach((other) => hinted.add(other));
    }
    for (const other of this.board.querySelectorAll("[data-part]")) {
      if (hinted.has(other.dataset.part)) other.classList.add("hinted");
    }
  }

  clearHints() {
    for (const element of this.board.querySelectorAll(".hinted")) element.classList.remove("hinted");
  }

  drawActions(legal, observation) {
    const view = this.view;
    const entries = legal.map((action) => ({ action, parts: view.parts(action, observation), label: view.label(action, observation, this.names()) }));
    const buttons = [];
    if (this.selected.length) {
      for (const entry of this.candidates()) {
        if (entry.parts.length === this.selected.length) {
          buttons.push(this.actionButton(entry, "choice"));
        }
      }
      buttons.push(h("button.ghost", { type: "button", onclick: () => this.unselect(0) }, "Cancel"));
    }
    for (const entry of entries) {
      if (entry.parts.length === 0) buttons.push(this.actionButton(entry, ""));
    }
    const onBoard = entries.some((entry) => entry.parts.length > 0);
    fill(this.actionBar,
      onBoard && !this.selected.length ? h("span.hint", {}, view.boardHint ? view.boardHint(observation) : "Pick a highlighted card or place.") : null,
      ...buttons,
    );
    this.actionBar.hidden = !legal.length;
    const list = this.moves.querySelector(".move-list");
    fill(list,
      ...entries.map((entry) =>
        h(
          "button.move",
          { type: "button", dataset: { action: entry.action, parts: JSON.stringify(entry.parts) }, onclick: () => this.act(entry.action) },
          entry.label,
        ),
      ),
    );
    this.moves.querySelector("summary").textContent = legal.length ? `All legal moves (${legal.length})` : "All legal moves";
  }

  actionButton(entry, kind) {
    return h(
      `button.action${kind ? `.${kind}` : ""}`,
      { type: "button", dataset: { action: entry.action }, onclick: () => this.act(entry.action) },
      entry.label,
    );
  }

  // ------------------------------------------------------------------ replay
  async toggleReplay() {
    if (this.replay) {
      this.replay = null;
      this.replayBar.hidden = true;
      this.replayButton.textContent = "Replay";
      this.render();
      return;
    }
    this.replayButton.textContent = "Back to the table";
    this.replay = { turn: 0, seat: "public", playing: null };
    await this.showFrame(0);
  }

  async showFrame(turn) {
    const replay = this.replay;
    if (!replay) return;
    let frame;
    try {
      frame = await api(`/api/tables/${this.id}/replay/${turn}`);
    } catch (error) {
      this.showToast(error.message);
      return;
    }
    if (this.replay !== replay) return;
    replay.turn = turn;
    replay.frame = frame;
    const seat = replay.seat === "public" ? null : Number(replay.seat);
    replay.observation = seat === null ? frame.public : frame.views[String(seat)];
    this.drawReplayBar();
    this.cover.hidden = true;
    this.current = null;
    const drawn = this.view.render(replay.observation, this.context(seat, [], { replay: true }));
    flip(this.board, () => fill(this.board, drawn));
    this.actionBar.hidden = true;
    const names = this.names();
    const last = frame.turn ? `Move ${frame.turn} of ${frame.turns}: ${names[frame.seat]} — ${this.view.label(frame.action, replay.observation, names)}` : `Start of the game (${frame.turns} moves)`;
    this.setBanner(last, "replay");
    this.renderPlayers();
    this.renderLog(frame.log);
  }

  drawReplayBar() {
    const replay = this.replay;
    const total = replay.frame.turns;
    const go = (turn) => this.showFrame(Math.max(0, Math.min(total, turn)));
    const viewpoint = h(
      "select.replay-seat",
      { "aria-label": "Seen by", onchange: (event) => { replay.seat = event.target.value; go(replay.turn); } },
      h("option", { value: "public" }, "Table (public)"),
      this.table.seats.map((seat) => h("option", { value: String(seat.seat) }, `${seat.name}'s hand`)),
    );
    viewpoint.value = replay.seat;
    const play = () => {
      if (replay.playing) {
        clearInterval(replay.playing);
        replay.playing = null;
        this.drawReplayBar();
        return;
      }
      replay.playing = setInterval(() => {
        if (this.replay !== replay || replay.turn >= total) {
          clearInterval(replay.playing);
          replay.playing = null;
          if (this.replay === replay) this.drawReplayBar();
          return;
        }
        go(replay.turn + 1);
      }, 900);
      this.drawReplayBar();
    };
    const slider = h("input.replay-slider", { type: "range", min: 0, max: total, value: replay.turn, "aria-label": "Move", onchange: (event) => go(Number(event.target.value)) });
    this.replayBar.hidden = false;
    fill(this.replayBar,
      h("button", { type: "button", title: "Start", onclick: () => go(0) }, "|◀"),
      h("button", { type: "button", id: "replay-back", title: "Back one move", onclick: () => go(replay.turn - 1) }, "◀"),
      h("button", { type: "button", title: replay.playing ? "Pause" : "Play", onclick: play }, replay.playing ? "Pause" : "Play"),
      h("button", { type: "button", id: "replay-next", title: "Next move", onclick: () => go(replay.turn + 1) }, "▶"),
      h("button", { type: "button", title: "End", onclick: () => go(total) }, "▶|"),
      h("span.replay-turn", {}, `${replay.turn} / ${total}`),
      slider,
      viewpoint,
    );
  }
}

function resultText(result, names) {
  if (!result) return "Game over";
  const winners = result.winners.map((seat) => names[seat]);
  const scores = result.scores.map(formatScore).join(" – ");
  if (!winners.length) return `Game over: a draw (${scores})`;
  if (winners.length === 1) return `Game over: ${winners[0]} wins (${scores})`;
  if (winners.length === names.length) return `Game over: a draw (${scores})`;
  return `Game over: ${winners.join(" and ")} share the win (${scores})`;
}

function formatScore(score) {
  return Number.isInteger(score) ? String(score) : String(Math.round(score * 100) / 100);
}

async function copy(text, page) {
  try {
    await navigator.clipboard.writeText(text);
    page.showToast("Link copied");
  } catch {
    showDialog("Invitation link", h("p", {}, "Copy this link:"), h("input.invite-link", { readonly: true, value: text }));
  }
}
