// A table: the live game over a websocket, the hotseat "pass the device" screen, legal moves
// picked on the board, the log, the players, invitation links, the end screen and the replay
// of a finished game.

import { api, ApiError, loadCatalog, named } from "./api.js";
import { seatDot } from "./cards.js";
import { fill, h } from "./dom.js";
import { flip } from "./flip.js";
import { heardHint, hintsUsedLine, renderHint } from "./hints.js";
import { markReviewMove, reviewReplayControls, reviewSection } from "./review.js";
import { keepFocus, listenToKeys, prepareParts } from "./keyboard.js";
import { currentLanguage, errorText, formatNumber, list, t } from "./i18n.js";
import { alertsOn, alertTurn, playSound, primeAlerts, setAlerts, setSounds, soundsOn } from "./notify.js";
import { showDialog, showRules } from "./rules.js";
import { playerKey } from "./player.js";
import { ChatPanel, OpenSeatNotice, askName, rememberedName, renameButton } from "./social.js";
import { addSeatToken, dropSeatTokens, saveEntry, saveOutbox, tableEntry } from "./store.js";
import { SeatClocks, clockSummary, describeTableEvent, entryText, renderUndo, resignButton, shownScore, standInNote, tableEndReason } from "./table-extras.js";
import { loadView } from "./views/index.js";

const RECONNECT_DELAYS = [500, 1000, 2000, 4000, 8000];
// At one screen, the mover sees their move land this long before the next player's cover.
const LANDING_MS = 1400;
// How long a sent move waits for the server's answer before the page says so and connects
// again: a network gone quiet can leave the socket open for minutes without a word.
const ANSWER_WAIT_MS = 5000;
// How long a sent move may wait before the banner says it is being sent.
const SENDING_SHOWN_MS = 300;
// How many of the last announcements for screen readers stay in the page.
const ANNOUNCED_KEPT = 5;
// The log shows its latest lines only: a long game has thousands.
const LOG_LINES = 300;
// Up to this width the page is a phone's: one column that scrolls down (never sideways), the
// banner held under the top bar. Wider, the board is zoomed to the height left on the screen.
const PHONE_WIDTH = 820;
// The smallest a target a finger taps should be (WCAG 2.5.5), and the most places the phone's
// magnified strip shows in one group: a card with more (a jack) has them grouped by the
// board's rows in a strip that scrolls.
const TOUCH_PX = 44;
const ZOOM_MOST = 8;
// Below this zoom a 10×10 board's spaces would be too small to read or hit: the page scrolls.
const SMALLEST_ZOOM = 0.5;
// Room kept under the last button, so that the page's own margin does not make it scroll.
const FIT_MARGIN = 14;

export async function showTable(root, tableId) {
  const { refused, claimed } = await takeInvitation(tableId);
  const { games } = await loadCatalog();
  let first;
  try {
    first = await api(`/api/tables/${tableId}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      fill(root,
        h("div.notice.error", {}, h("p", {}, t("table.no_table", { id: tableId })), h("a", { href: "/" }, t("table.start_new"))),
      );
      return;
    }
    throw error;
  }
  // A workshop mode is no game of the lobby's list: its facts are asked for by its id.
  const game = games.get(first.table.game)
    || named(await api(`/api/games/${encodeURIComponent(first.table.game)}?lang=${encodeURIComponent(currentLanguage())}`));
  const view = await loadView(first.table.game);
  const page = new TablePage(root, tableId, game, view, first.table);
  if (refused) page.showClaimRefusal(refused);
  // A friend who opened an invitation names themself: the name this browser remembers, else
  // the one the creator gave the seat. The join carries it to every screen.
  if (claimed !== null) page.pendingName = await askName(rememberedName() || first.table.seats[claimed]?.name || "");
  page.connect();
  window.sequenzaTable = page;
}

// A link to a seat ends in #join=SEAT.TOKEN (a player moving their own seat to another
// device): keep the token. An invitation ends in #invite=CODE: claim the seat with it, once,
// and keep the fresh token the server answers, which nobody else holds. Either way the secret
// leaves the address bar at once. Returns the sentence to show when the claim was refused,
// and the seat claimed now (null if none).
async function takeInvitation(tableId) {
  const hash = window.location.hash;
  const seat = hash.match(/^#join=(\d+)\.([A-Za-z0-9_-]+)$/);
  const invite = hash.match(/^#invite=([A-Za-z0-9_-]+)$/);
  if (seat || invite) window.history.replaceState(null, "", window.location.pathname);
  if (seat) addSeatToken(tableId, seat[1], seat[2]);
  if (!invite) return { refused: null, claimed: null };
  try {
    const claimed = await api(`/api/tables/${tableId}/claim`, { method: "POST", body: { invite: invite[1] } });
    addSeatToken(tableId, String(claimed.seat), claimed.token);
    return { refused: null, claimed: claimed.seat };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    let refused = error.status === 404 ? null : error.message;
    if (error.code === "invite_claimed") {
      // Opened here before: this screen holds the seat already, nothing to explain.
      refused = Object.keys(tableEntry(tableId).seats).length ? null : t("table.invite_claimed");
    }
    return { refused, claimed: null };
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
    // The part last focused in each group of the board (data-nav), kept across redraws.
    this.remembered = new Map();
    // The move made and not yet answered: {action, turn, seat, label, socket}. It is kept
    // through a lost connection, and in this browser's storage through a reload or a closed
    // tab, and sent again or refused aloud once the table answers.
    this.outbox = this.entry.outbox ? { ...this.entry.outbox, socket: null } : null;
    this.landingUntil = 0;
    this.sent = 0;
    this.answerWait = ANSWER_WAIT_MS;
    this.answerTimer = 0;
    this.sendingTimer = 0;
    this.socket = null;
    this.attempt = 0;
    this.replay = null;
    this.clocks = new SeatClocks();
    // The name this screen's person chose, sent with the next join.
    this.pendingName = null;
    this.chat = new ChatPanel(this);
    this.openSeats = new OpenSeatNotice(this);
    this.build();
    // The board is fitted again when the window changes size (a laptop's window, a phone
    // turned), once per frame at most.
    let fitting = 0;
    window.addEventListener("resize", () => {
      cancelAnimationFrame(fitting);
      fitting = requestAnimationFrame(() => this.fit());
    });
  }

  get pending() {
    return this.outbox !== null;
  }

  get online() {
    return Boolean(this.socket && this.socket.readyState === WebSocket.OPEN && this.joined);
  }

  // ------------------------------------------------------------------ layout
  build() {
    document.getElementById("title").textContent = this.game.name;
    document.title = `${this.game.name} · Sequenza`;
    this.rulesButton = h("button.nav-button", { type: "button", onclick: () => showRules(this.game, this.table.options, this.table) }, t("common.rules"));
    this.replayButton = h("button.nav-button", { type: "button", hidden: true, onclick: () => this.toggleReplay() }, t("nav.replay"));
    this.alertsButton = h("button.nav-button.alerts", { type: "button", title: t("nav.alerts_title"), onclick: () => this.toggleAlerts() });
    this.soundsButton = h("button.nav-button.sounds", { type: "button", id: "sounds", title: t("nav.sounds_title"), onclick: () => this.toggleSounds() });
    this.drawAlertsButton();
    primeAlerts();
    fill(document.getElementById("nav"), this.replayButton, this.soundsButton, this.alertsButton, this.rulesButton, h("a.nav-button", { href: "/" }, t("nav.tables")));
    this.banner = h("div.banner", { role: "status", "aria-live": "polite" });
    this.watching = h("div.watching", { hidden: true });
    this.refusal = h("div.refusal", { role: "alert", hidden: true });
    this.claimNotice = h("p.notice.claim-notice", { role: "status", hidden: true });
    this.endScreen = h("section.end-screen", { hidden: true, "aria-label": t("table.end_label") });
    this.board = h("div.board", { tabindex: -1, onclick: (event) => this.onBoardClick(event), onmouseover: (event) => this.onBoardHover(event), onmouseleave: () => this.clearHints() });
    listenToKeys(this.board, { remembered: this.remembered, cancel: () => { if (this.selected.length) this.unselect(0); } });
    // Read out, not shown: what the others did since this screen last heard from the table.
    this.announcer = h("div.announcer", { "aria-live": "polite" });
    this.cover = h("div.cover", { hidden: true });
    this.toast = h("div.toast", { role: "alert", hidden: true });
    this.actionBar = h("div.actionbar");
    // A table made with hints: the button for the player to act, and the hint it got.
    this.hintBox = h("div.hint-box", { hidden: true });
    // Taking back, resigning: what a table adds to its game (table-extras.js).
    this.undoBox = h("div.undo-box");
    this.tools = h("div.table-tools", {}, this.undoBox, h("span.tools-resign"));
    this.replayBar = h("div.replaybar", { hidden: true, role: "group", "aria-label": t("nav.replay") });
    document.addEventListener("keydown", (event) => this.onReplayKey(event));
    this.players = h("div.players");
    this.invites = h("div.invites");
    this.moves = h("details.all-moves", {}, h("summary", {}, t("table.all_moves")), h("div.move-list"));
    // It scrolls: a keyboard reaches it to scroll it.
    this.logList = h("ol.log-list", { tabindex: 0, "aria-label": t("table.log") });
    fill(this.root,
      h(
        "div.table-page",
        { dataset: { game: this.game.id } },
        h(
          "section.play",
          {},
          this.banner,
          this.claimNotice,
          this.watching,
          this.refusal,
          this.endScreen,
          this.replayBar,
          this.boardFrame = h("div.board-frame", {}, this.board, this.cover, this.toast),
          this.zoomStrip = h("div.zoom-strip", { hidden: true, role: "group", "aria-label": t("table.zoom_places") }),
          this.actionBar,
          this.hintBox,
          this.tools,
          this.announcer,
        ),
        h(
          "aside.side",
          {},
          h("section.panel.players-panel", {}, h("h2", {}, t("table.players")), this.players),
          this.openSeats.element,
          this.invites,
          this.movesPanel = h("section.panel.moves-panel", {}, this.moves),
          h("section.panel.log-panel", {}, h("h2", {}, t("table.log")), this.logList),
          this.chat.element,
        ),
      ),
    );
  }

  // ------------------------------------------------------------------ the connection
  connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${this.id}`);
    this.socket = socket;
    this.joined = false;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.log = [];
      this.entry = tableEntry(this.id);
      // The server words this screen's log in the page's language.
      const name = this.pendingName ? { name: this.pendingName } : {};
      // This browser's player key: the seats it holds join its "My games".
      const tokens = Object.values(this.entry.seats);
      const player = tokens.length && playerKey() ? { player: playerKey() } : {};
      socket.send(JSON.stringify({ type: "join", tokens, lang: currentLanguage(), ...name, ...player }));
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return;
      if (event.code === 4404) {
        this.setBanner(t("table.gone"), "error");
        return;
      }
      this.joined = false;
      this.setBanner(this.outbox ? t("table.lost_kept", { move: this.outbox.label }) : t("table.lost"), "error");
      const delay = RECONNECT_DELAYS[Math.min(this.attempt, RECONNECT_DELAYS.length - 1)];
      this.attempt += 1;
      setTimeout(() => this.connect(), delay);
    });
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  receive(message) {
    if (message.type === "state") {
      this.joined = true;
      this.pendingName = null;
      // From a fresh join or a reconnection the whole log comes again: nothing new to tell.
      const heard = this.message && message.log_start !== 0 ? message.events : [];
      if (message.log_start === 0) this.log = [];
      this.log.push(...message.events);
      const turnChanged = !this.message || this.message.turn !== message.turn;
      const wasMine = this.myTurn();
      this.message = message;
      this.table = withOptions(message.table, this.table);
      this.clocks.update(message.clock);
      if (turnChanged) this.selected = [];
      if (this.outbox) this.settleOutbox(message);
      this.render();
      this.announce(heard);
      if (!wasMine && this.myTurn() && !this.outbox) alertTurn(t("table.alert_title", { game: this.game.name }), this.banner.textContent);
      const held = this.heldSeats();
      playSound({
        events: heard,
        othersMoved: heard.some((event) => event.event === "action" && !held.includes(event.seat)),
        myTurnNow: !wasMine && this.myTurn(),
      });
    } else if (message.type === "table") {
      this.table = withOptions(message.table, this.table);
      this.renderPlayers();
      if (this.message) this.renderInvites();
      this.renderSocial();
      // A rematch offered or answered is shown as it happens.
      if (this.message && this.message.over && this.current && !this.replay) this.renderEnd(this.current.observation);
      this.followAcceptedRematch();
    } else if (message.type === "hint") {
      heardHint(this, message);
    } else if (message.type === "chat") {
      this.chat.heard(message);
    } else if (message.type === "chat_log") {
      if (!this.replay) this.chat.replaceAll(message.lines);
    } else if (message.type === "error" && String(message.code).startsWith("chat_")) {
      // A refused chat line is the chat's to say: never a refusal of a move in flight.
      this.chat.refused(errorText(message.code, message.message));
    } else if (message.type === "error") {
      if (message.code === "bad_token") {
        // A link that opens no seat of this table: watch instead.
        dropSeatTokens(this.id);
        this.showToast(t("table.bad_token", { error: errorText(message.code, message.message) }));
        return;
      }
      if (this.outbox && this.outbox.socket === this.socket) {
        // The server answers an act only with a new state or this refusal; a "stale" one is
        // followed by the position as it is now.
        this.refuse(this.outbox, errorText(message.code, message.message));
      } else {
        this.showToast(errorText(message.code, message.message));
      }
      if (this.message) this.render();
    }
  }

  // Whether a seat of this screen has a move to make now.
  myTurn() {
    const message = this.message;
    return Boolean(message && !message.over && Object.values(message.legal || {}).some((legal) => legal.length));
  }

  act(action) {
    if (this.pending || !this.message || !this.current) return;
    const seat = this.current.seat;
    this.keep({ action, turn: this.message.turn, seat, label: this.view.label(action, this.current.observation, this.names()), socket: null });
    this.sent += 1;
    this.selected = [];
    this.refusal.hidden = true;
    this.board.classList.add("pending");
    this.applySelection();
    this.drawActions([], this.current.observation);
    this.transmit();
  }

  // Send the waiting move on the socket that is open now; offline it waits for the next one.
  transmit() {
    const outbox = this.outbox;
    if (this.online && this.send({ type: "act", action: outbox.action, turn: outbox.turn })) {
      outbox.socket = this.socket;
      // Said once an answer is late, until it comes: the move is on its way, not played yet
      // (an answer in time leaves the banner still, rather than flickering at every move).
      clearTimeout(this.sendingTimer);
      this.sendingTimer = setTimeout(() => {
        if (this.outbox === outbox && outbox.socket) this.setBanner(t("table.sending", { move: outbox.label }), "wait");
      }, SENDING_SHOWN_MS);
      clearTimeout(this.answerTimer);
      this.answerTimer = setTimeout(() => this.noAnswer(outbox), this.answerWait);
    } else {
      outbox.socket = null;
      this.setBanner(offlineText(outbox), "error");
    }
  }

  // A state arrived while a move waits for its answer: was it played, is it still to send,
  // or can it no longer be played? Every way out says so; none drops the move silently.
  settleOutbox(message) {
    const outbox = this.outbox;
    if (message.turn > outbox.turn) {
      // The first move since: a request to take back made meanwhile does not turn it away.
      const played = this.log.find((event) => event.event === "action" && event.turn >= outbox.turn);
      this.keep(null);
      if (played && played.action === outbox.action && played.seat === outbox.seat) {
        // From the moment it lands, whatever the network's delay.
        if (this.heldSeats().length > 1) this.landingUntil = Date.now() + LANDING_MS;
        if (outbox.resent) this.showToast(t("table.sent_after", { move: outbox.label }));
        return;
      }
      // A game that ended meanwhile (a resignation, a clock) is why, not another move.
      if (message.over && !played) {
        this.refuse(outbox, t("table.reason_over"));
        return;
      }
      const names = this.names();
      const instead = played ? t("table.played_first", { name: names[played.seat], move: this.view.label(played.action, null, names) }) : t("table.someone_first");
      this.refuse(outbox, t("table.moved_on", { instead }));
      return;
    }
    if (message.over) {
      this.keep(null);
      this.refuse(outbox, t("table.reason_over"));
      return;
    }
    if (outbox.socket === this.socket) return;  // sent on this connection: its answer will come
    const legal = message.legal[String(outbox.seat)] || [];
    if (message.turn === outbox.turn && legal.includes(outbox.action)) {
      outbox.resent = true;
      this.transmit();
      return;
    }
    this.keep(null);
    this.refuse(outbox, t("table.reason_illegal"));
  }

  // No answer to a sent move in a while: say so, and connect again. The new connection's first
  // state settles the move as any reconnection does: played, sent again, or refused aloud.
  noAnswer(outbox) {
    if (this.outbox !== outbox || !outbox.socket || outbox.socket !== this.socket) return;
    this.setBanner(t("table.no_answer", { move: outbox.label }), "error");
    const quiet = this.socket;
    outbox.socket = null;
    this.connect();
    quiet.close();
  }

  keep(outbox) {
    if (outbox !== this.outbox) clearTimeout(this.answerTimer);
    this.outbox = outbox;
    const { socket, ...kept } = outbox || {};
    saveOutbox(this.id, outbox ? kept : null);
  }

  refuse(outbox, reason) {
    if (this.outbox === outbox) this.keep(null);
    fill(this.refusal,
      h("span", {}, t("table.refused", { move: outbox.label, reason })),
      h("button.ghost", { type: "button", onclick: () => { this.refusal.hidden = true; } }, t("common.ok")),
    );
    this.refusal.hidden = false;
  }

  toggleAlerts() {
    setAlerts(!alertsOn());
    this.drawAlertsButton();
  }

  toggleSounds() {
    setSounds(!soundsOn());
    this.drawAlertsButton();
  }

  drawAlertsButton() {
    const on = alertsOn();
    this.alertsButton.textContent = on ? t("table.alerts_on") : t("table.alerts_off");
    this.alertsButton.setAttribute("aria-pressed", on ? "true" : "false");
    const sounds = soundsOn();
    this.soundsButton.textContent = sounds ? t("table.sounds_on") : t("table.sounds_off");
    this.soundsButton.setAttribute("aria-pressed", sounds ? "true" : "false");
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
    // A seat that is out is played by a bot: nobody needs the device passed to it.
    if (toAct !== null && held.includes(toAct) && !(this.table.out || []).includes(toAct)) {
      // The player who just moved watches it land before the device is passed on.
      if (this.shownSeat !== toAct && this.shownSeat !== null && Date.now() < this.landingUntil) {
        return { seat: this.shownSeat, cover: false, landing: true };
      }
      return { seat: toAct, cover: this.shownSeat !== toAct };
    }
    return { seat: this.shownSeat, cover: false };
  }

  // ------------------------------------------------------------------ drawing
  render() {
    if (this.replay) return;
    const message = this.message;
    const { seat, cover, landing } = this.viewpoint();
    const observation = seat === null ? message.public || Object.values(message.views)[0] : message.views[String(seat)];
    const legal = !cover && !landing && !this.outbox && seat !== null ? message.legal[String(seat)] || [] : [];
    if (landing) {
      clearTimeout(this.landingTimer);
      this.landingTimer = setTimeout(() => this.render(), Math.max(0, this.landingUntil - Date.now()));
    }
    this.current = { seat, observation, legal };
    this.board.classList.toggle("pending", Boolean(this.outbox));
    this.board.classList.toggle("hidden-by-cover", cover);
    keepFocus(this.boardFrame, () => {
      if (cover) {
        this.drawCover(seat);
      } else {
        this.cover.hidden = true;
        this.cover.replaceChildren();
        if (seat !== null && this.heldSeats().length > 1) this.shownSeat = seat;
        this.drawBoard(observation, seat, legal);
      }
    }, () => this.boardStop());
    this.drawActions(cover ? [] : legal, observation);
    this.renderBanner(seat, cover, landing);
    this.renderWatching();
    this.renderPlayers();
    this.renderInvites();
    this.renderSocial();
    this.renderLog();
    this.renderEnd(observation);
    this.renderTools(seat, cover, observation);
    renderHint(this, this.hintBox, seat, cover || landing || message.over);
    this.replayButton.hidden = !message.over;
    const mine = legal.length > 0;
    document.title = mine ? t("table.title_mine", { game: this.game.name }) : `${this.game.name} · Sequenza`;
    this.fit();
  }

  // One screen at a time: on a screen wider than a phone's, the banner, the whole board (the
  // hand included) and the buttons under it are in view without scrolling. The board's drawing
  // is zoomed down to the height left between the banner and the buttons; the page scrolls
  // only where that would shrink it below SMALLEST_ZOOM. The banner stays under the top bar.
  // Every change of the page's layout is made before anything is measured, so that the
  // browser lays the page out once here, not once for each measure that follows a change.
  fit() {
    const board = this.board;
    board.style.zoom = "";
    const topbar = document.querySelector(".topbar");
    const topbarHeight = topbar ? `${topbar.offsetHeight}px` : this.topbarHeight;
    if (topbarHeight !== this.topbarHeight) {
      this.topbarHeight = topbarHeight;
      document.documentElement.style.setProperty("--topbar-h", topbarHeight);
    }
    if (window.innerWidth <= PHONE_WIDTH || this.boardFrame.offsetParent === null) return;
    const gap = parseFloat(getComputedStyle(this.boardFrame.parentElement).rowGap) || 0;
    let below = 0;
    for (let next = this.boardFrame.nextElementSibling; next; next = next.nextElementSibling) {
      if (next.offsetHeight) below += next.offsetHeight + gap;
    }
    const top = this.boardFrame.getBoundingClientRect().top + window.scrollY;
    const room = window.innerHeight - top - below - FIT_MARGIN;
    const natural = board.offsetHeight;
    if (natural <= room || natural <= 0) return;
    board.style.zoom = String(Math.max(SMALLEST_ZOOM, room / natural).toFixed(3));
  }

  // Take back and resign, for the seat this screen shows (none while the cover is up).
  renderTools(seat, cover, observation) {
    const message = this.message;
    this.tools.hidden = message.over || Boolean(this.replay) || !this.heldSeats().length;
    if (this.tools.hidden) return;
    renderUndo(this, this.undoBox);
    fill(this.tools.querySelector(".tools-resign"), cover ? null : resignButton(this, seat, observation));
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
        h("p.cover-title", {}, t("table.pass_device", { name })),
        h("p", {}, t("table.cover_hint")),
        h("button.primary.big", { type: "button", id: "reveal", onclick: () => { this.shownSeat = seat; this.render(); } }, t("table.reveal", { name })),
      ),
    );
  }

  renderBanner(seat, cover, landing) {
    const message = this.message;
    const names = this.names();
    if (this.table.bot_error) {
      this.setBanner(botProblemText(this.table.bot_error), "error");
    } else if (message.over) {
      this.setBanner(t("table.game_over", { result: winnerText(message.result, names, this.heldSeats(), this.current.observation) }), "over");
    } else if (this.outbox) {
      if (this.outbox.socket) this.setBanner(t("table.sending", { move: this.outbox.label }), "wait");
      else this.setBanner(offlineText(this.outbox), "error");
    } else if (cover || landing) {
      this.setBanner(t(landing ? "table.pass_device" : "table.turn_of", { name: names[message.to_act] }), "turn");
    } else if (this.current.legal.length) {
      // What to do now, in the game's words; an answer (a Block window) is not "your turn".
      const prompt = this.view.prompt ? this.view.prompt(this.current.observation, this.current.legal, this.context(seat, this.current.legal)) : null;
      const { text, answer } = typeof prompt === "string" ? { text: prompt, answer: false } : prompt || {};
      const several = this.heldSeats().length > 1;
      if (answer) this.setBanner(several ? `${names[seat]}: ${text}` : text, "turn answer");
      else {
        const who = several ? t("table.your_turn_named", { name: names[seat] }) : t("table.your_turn");
        this.setBanner(text ? `${who}: ${text}` : who, "turn");
      }
    } else {
      const seatInfo = this.table.seats[message.to_act];
      const out = (this.table.out || []).includes(message.to_act);
      const waiting = t(seatInfo.kind === "bot" ? "table.bot_thinking" : out ? "table.bot_for_out" : seatInfo.connected ? "table.waiting" : "table.waiting_offline", { name: seatInfo.name });
      this.setBanner(waiting, "wait");
    }
  }

  renderWatching() {
    const watching = this.heldSeats().length === 0 && !this.message.over;
    this.watching.hidden = !watching;
    if (watching) {
      fill(this.watching,
        h("strong", {}, t("table.watching_title")),
        ` ${t("table.watching_text")}`,
      );
    }
  }

  // The end of the game from this screen's view: who won, the scores, the game's own figures,
  // its length, and the ways to look at it again.
  renderEnd(observation) {
    const message = this.message;
    this.endScreen.hidden = !message.over || Boolean(this.replay);
    if (this.endScreen.hidden) return;
    const names = this.names();
    const result = message.result || { winners: [], scores: [] };
    const figures = this.view.figures ? this.view.figures(observation, this.log, names) : { columns: [], rows: names.map(() => []) };
    const reason = tableEndReason(result, this.log, names) || endReason(this.log);
    const { turns, moves } = gameLength(this.log);
    const held = this.heldSeats();
    fill(this.endScreen,
      h("h2.end-title", {}, winnerText(result, names, held, observation)),
      reason ? h("p.end-reason", {}, reason) : null,
      h(
        "div.end-figures",
        { tabindex: 0, role: "region", "aria-label": t("end.figures") },
        h(
        "table.end-table",
        {},
        h("thead", {}, h("tr", {}, h("th", {}, t("end.player")), h("th", {}, figures.score || t("end.score")), figures.columns.map((column) => h("th", {}, column)))),
        h(
          "tbody",
          {},
          this.table.seats.map((seat) =>
            h(
              "tr",
              { class: `${result.winners.includes(seat.seat) ? "winner" : ""}${held.includes(seat.seat) ? " me" : ""}`, dataset: { seat: seat.seat } },
              h("td", {}, this.seatDot(observation, seat.seat), ` ${seat.name}`, result.winners.includes(seat.seat) ? h("span.crown", { title: t("common.winner") }, " ★") : null),
              h("td.num", {}, endScore(result, observation, this.view, seat.seat)),
              (figures.rows[seat.seat] || []).map((value) => h("td.num", {}, typeof value === "number" ? formatNumber(value) : value)),
            ),
          ),
        ),
        ),
      ),
      h("p.end-length", {}, t("end.length", { turns: t("end.turns", { count: turns }), moves: t("end.moves", { count: moves }) })),
      (figures.notes || []).map((note) => h("p.end-note", {}, note)),
      hintsUsedLine(this.table),
      h(
        "div.end-buttons",
        {},
        h("button.primary", { type: "button", id: "end-replay", onclick: () => this.toggleReplay() }, t("end.replay")),
        h("a.button", { id: "end-download", href: `/api/tables/${this.id}/record`, download: `${this.game.id}-${this.id}.json` }, t("end.download")),
        this.rematchButton(),
      ),
      reviewSection(this),
    );
  }

  // Play again: the same people and options, a new deal, the seats turned by one so that the
  // first player rotates. Whoever asks first offers it: every other screen at the table shows
  // "Ada offers a rematch" with Accept and Decline, and the offerer's screen waits for the
  // answers (a decline is said there), then follows the first to accept.
  rematchButton() {
    const tokens = Object.values(this.entry.seats || {});
    const table = this.table;
    if (!table.rematch) {
      if (!tokens.length) return null;
      return h("button.primary", { type: "button", id: "end-rematch", onclick: () => this.askRematch(tokens[0]) }, t("end.play_again"));
    }
    const held = this.heldSeats();
    const names = this.names();
    const by = table.rematch_by ?? null;
    const declined = (table.rematch_declined || []).filter((seat) => !held.includes(seat));
    const go = (label) => h("button.primary", { type: "button", id: "end-rematch", onclick: () => this.goToRematch(table.rematch) }, label);
    const said = (text, ...buttons) => h("div.rematch-offer", { role: "status" }, h("p.rematch-text", {}, text), ...buttons);
    if (!tokens.length) {
      return said(by === null ? t("end.rematch_offered_someone") : t("end.rematch_offered", { name: names[by] }), go(t("end.watch_rematch")));
    }
    if (by !== null && held.includes(by)) {
      const waiting = this.otherPeople().filter((seat) => !declined.includes(seat) && !(table.rematch_accepted || []).includes(seat));
      return h(
        "div.rematch-offer",
        { role: "status" },
        declined.map((seat) => h("p.rematch-declined", {}, t("end.rematch_declined", { name: names[seat] }))),
        waiting.length ? h("p.rematch-text", {}, t("end.rematch_waiting", { names: list(waiting.map((seat) => names[seat])) })) : null,
        go(t("end.join_rematch")),
      );
    }
    if (held.some((seat) => (table.rematch_declined || []).includes(seat))) {
      return said(t("end.rematch_you_declined"), go(t("end.join_rematch")));
    }
    return said(
      by === null ? t("end.rematch_offered_someone") : t("end.rematch_offered", { name: names[by] }),
      h("button.primary", { type: "button", id: "rematch-accept", onclick: () => this.answerRematch(tokens[0], "accept") }, t("end.rematch_accept")),
      h("button", { type: "button", id: "rematch-decline", onclick: () => this.answerRematch(tokens[0], "decline") }, t("end.rematch_decline")),
    );
  }

  // The seats of other people at the table, whose answer to a rematch is worth waiting for: not
  // a bot, not this screen's, not an invitation or open seat nobody took.
  otherPeople() {
    const held = this.heldSeats();
    return this.table.seats
      .filter((seat) => seat.kind !== "bot" && !held.includes(seat.seat) && seat.claimed !== false)
      .map((seat) => seat.seat);
  }

  async askRematch(token) {
    try {
      const made = await api(`/api/tables/${this.id}/rematch`, { method: "POST", body: { token } });
      // Alone with bots there is nobody to ask; a player who asked at the same moment as
      // another accepted theirs: straight to the new table.
      if (!this.otherPeople().length || !made.offered) {
        this.goToRematch(made.id);
        return;
      }
      this.table = { ...this.table, rematch: made.id, rematch_by: this.table.rematch_by ?? this.heldSeats()[0] };
      this.renderEnd(this.current.observation);
      this.followAcceptedRematch();
    } catch (error) {
      this.showToast(error.message);
    }
  }

  async answerRematch(token, answer) {
    try {
      const made = await api(`/api/tables/${this.id}/rematch`, { method: "POST", body: { token, answer } });
      if (answer === "accept") this.goToRematch(made.id);
    } catch (error) {
      this.showToast(error.message);
    }
  }

  // The offerer's screen follows the first person to accept to the new table.
  followAcceptedRematch() {
    const table = this.table;
    const held = this.heldSeats();
    if (table.rematch && table.rematch_by != null && held.includes(table.rematch_by) && (table.rematch_accepted || []).some((seat) => !held.includes(seat))) {
      this.goToRematch(table.rematch);
    }
  }

  goToRematch(id) {
    // Every token of this table opens the same person's seat at the rematch, one seat on. An
    // invitation a friend claimed is spent (the friend's own token carries over); one still
    // open invites to the same seat of the rematch.
    const count = this.table.players;
    const turned = (tokens) => Object.fromEntries(
      Object.entries(tokens || {}).map(([seat, token]) => [String((Number(seat) - 1 + count) % count), token]),
    );
    const open = Object.fromEntries(Object.entries(this.entry.invites || {}).filter(([seat]) => !this.table.seats[Number(seat)]?.claimed));
    saveEntry(id, { game: this.game.id, created: Date.now(), seats: turned(this.entry.seats), invites: turned(open) });
    window.location.assign(`/t/${id}`);
  }

  setBanner(text, kind) {
    // Rewritten only when it changes, so that a screen reader says it once.
    if (this.banner.textContent !== text) this.banner.textContent = text;
    this.banner.className = `banner ${kind}`;
  }

  // The invitation this screen opened was used already (or is no invitation of this table):
  // said for as long as the page is open, since it explains why the seat does not answer.
  showClaimRefusal(text) {
    this.claimNotice.textContent = text;
    this.claimNotice.hidden = false;
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
    const result = this.replay ? this.replay.frame.result : this.message.result;
    const toAct = this.replay ? this.replay.frame.to_act : this.message.to_act;
    const held = this.replay ? [] : this.heldSeats();
    fill(this.players,
      h(
        "ul.player-list",
        {},
        this.table.seats.map((seat) => {
          const winner = result && result.winners.includes(seat.seat);
          const waiting = seat.kind === "open" && !seat.claimed;
          const presence = held.includes(seat.seat) ? t("players.this_screen") : waiting ? t("lobby.open_seat") : seat.connected ? t("players.online") : t("players.offline");
          const kind = seat.kind === "bot" ? t("players.bot", { name: seat.bot }) : this.replay ? "" : presence;
          const score = shownScore(result, scores, seat.seat);
          const out = (this.replay ? this.replay.frame.out : this.table.out || []).includes(seat.seat);
          return h(
            "li.player",
            { class: `player${seat.seat === toAct ? " to-act" : ""}${winner ? " winner" : ""}`, dataset: { seat: seat.seat } },
            this.seatDot(observation, seat.seat),
            h("span.player-name", {}, seat.name),
            kind || out ? h("span.player-kind", {}, out ? t("players.out", { kind }) : kind) : null,
            this.replay ? null : this.clocks.element(seat.seat),
            score !== null && score !== undefined ? h("span.player-score", { title: t("players.score") }, formatScore(score)) : null,
            winner ? h("span.crown", { title: t("common.winner") }, "★") : null,
          );
        }),
      ),
      this.table.spectators ? h("p.muted", {}, t("players.watching", { count: this.table.spectators })) : null,
      this.table.clock ? h("p.muted.clock-summary", {}, clockSummary(this.table.clock)) : null,
      // The clocks stand still until the first move is made: say so, rather than show a
      // first mover's clock that does not run.
      this.table.clock && !this.replay && this.message.turn === 0 && !this.message.over
        ? h("p.muted.clock-first", {}, t("clock.starts_after_first"))
        : null,
      held.length && !this.message.over
        ? h("button.link", { type: "button", id: "continue-elsewhere", onclick: () => this.showSeatLinks() }, t("players.continue"))
        : null,
      renameButton(this),
    );
  }

  // The chat's names and who may write in it, and the notice of open seats nobody took.
  renderSocial() {
    if (!this.replay) this.chat.draw();
    this.openSeats.update();
  }

  // A seat follows its player: the private link of each seat this screen holds opens it on
  // another device (it is the seat's invitation link, token included).
  showSeatLinks() {
    const seats = Object.entries(this.entry.seats || {});
    showDialog(
      t("players.continue"),
      h("p", {}, t("links.text")),
      seats.map(([seat, token]) => {
        const url = `${window.location.origin}/t/${this.id}#join=${seat}.${token}`;
        return h(
          "div.invite",
          {},
          h("span.invite-name", {}, this.table.seats[Number(seat)].name),
          h("input.invite-link.seat-link", { type: "text", readonly: true, value: url, onfocus: (event) => event.target.select() }),
          h("button", { type: "button", onclick: () => copy(url, this) }, t("common.copy")),
        );
      }),
    );
  }

  // The creator's invitation links: each opens its seat once, so a seat a friend claimed shows
  // as taken instead of its spent link.
  renderInvites() {
    const invites = Object.entries(this.entry.invites || {});
    const claimed = (seat) => Boolean(this.table.seats[Number(seat)].claimed);
    const open = invites.filter(([seat]) => !claimed(seat) && !this.table.seats[Number(seat)].connected);
    this.invites.hidden = !invites.length || this.message.over;
    if (this.invites.hidden) return;
    fill(this.invites,
      h(
        "section.panel.invite-panel",
        {},
        h("h2", {}, t("invites.title")),
        h("p.hint", {}, open.length ? t("invites.open") : t("invites.all_here")),
        invites.some(([seat]) => claimed(seat)) ? h("p.hint.claimed-hint", {}, t("invites.claimed_hint")) : null,
        invites.map(([seat, code]) => {
          const name = h("span.invite-name", {}, this.table.seats[Number(seat)].name);
          if (claimed(seat)) return h("div.invite.claimed", {}, name, h("span.invite-claimed", {}, t("invites.claimed")));
          const url = `${window.location.origin}/t/${this.id}#invite=${code}`;
          const input = h("input.invite-link", { type: "text", readonly: true, value: url, onfocus: (event) => event.target.select() });
          return h(
            "div.invite",
            {},
            name,
            input,
            h("button", { type: "button", onclick: () => copy(url, this) }, t("common.copy")),
          );
        }),
      ),
    );
  }

  // The log grows by the events of each move: only their lines are added to those shown (it
  // is drawn whole again when the names or the language changed, or for another log, as a
  // replay's frame). Rebuilding 300 lines a move was a third of the page's work per move.
  renderLog(log = this.log) {
    const names = this.names();
    const words = JSON.stringify([currentLanguage(), names]);
    const shown = this.logShown;
    const growing = shown && shown.log === log && shown.words === words && shown.count <= log.length;
    const lines = [];
    for (const event of growing ? log.slice(shown.count) : log) {
      // Table events (resign, undo, clocks) are the table's; game events come worded.
      const table = describeTableEvent(event, names);
      const text = table ?? (event.text ? event.text + standInNote(event) : null);
      // A game may draw the cards its sentences name (Sequentia: small cards, not codes).
      if (text) lines.push(h("li", { class: `log-${event.event}` }, this.view.logParts && !table ? this.view.logParts(text) : text));
    }
    this.logShown = { log, words, count: log.length };
    if (growing && !lines.length) return;
    if (growing) this.logList.append(...lines.slice(-LOG_LINES));
    else fill(this.logList, ...lines.slice(-LOG_LINES));
    while (this.logList.childElementCount > LOG_LINES) this.logList.firstElementChild.remove();
    // Scrolled to the newest line when the page is next drawn: measured now, the list's
    // height would make the browser lay the page out in the middle of drawing the move.
    cancelAnimationFrame(this.logScroll);
    this.logScroll = requestAnimationFrame(() => { this.logList.scrollTop = this.logList.scrollHeight; });
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
    // A table with learner's hints: the view words why each place of the picked card is one.
    if (this.table.learner_hints && this.current) this.view.learnerPlaces?.(this.board, this.selected, candidates, this.current.observation);
    prepareParts(this.board, this.remembered);
    this.drawZoomStrip();
  }

  // On a phone a 10x10 board's spaces are smaller than a finger: once a card is chosen, its
  // places are shown again under the board, magnified, each a button that plays there. A card
  // with places all over the board (a jack) has them in rows as the board has, in a strip of
  // bounded height that scrolls, so that it never pushes the page's buttons far down.
  drawZoomStrip() {
    const places = this.selected.length && window.innerWidth <= PHONE_WIDTH
      ? [...this.board.querySelectorAll("[data-part].playable")]
      : [];
    const small = [];
    for (const element of places) {
      const box = element.getBoundingClientRect();
      if (box.width < TOUCH_PX || box.height < TOUCH_PX) small.push({ element, top: box.top });
    }
    const many = small.length > ZOOM_MOST;
    this.zoomStrip.hidden = small.length === 0;
    this.zoomStrip.classList.toggle("many", many);
    if (!small.length) {
      this.zoomStrip.replaceChildren();
      return;
    }
    if (!many) {
      fill(this.zoomStrip, small.map(({ element }) => this.zoomPlace(element)));
      return;
    }
    // The board lists its spaces row by row: a new row starts where a place lies lower.
    const rows = [];
    for (const { element, top } of small) {
      const row = rows[rows.length - 1];
      if (row && Math.abs(top - row.top) < 1) row.places.push(element);
      else rows.push({ top, places: [element] });
    }
    fill(this.zoomStrip, rows.map((row) => h("div.zoom-row", {}, row.places.map((element) => this.zoomPlace(element)))));
  }

  // One magnified place: the board's space drawn again, a button that taps the space.
  zoomPlace(element) {
    const face = element.cloneNode(true);
    face.removeAttribute("data-part");
    face.removeAttribute("tabindex");
    face.removeAttribute("id");
    face.classList.remove("playable", "selected", "hinted");
    face.setAttribute("aria-hidden", "true");
    return h(
      "button.zoom-place",
      { type: "button", "aria-label": element.getAttribute("aria-label") || element.title, onclick: () => element.click() },
      face,
      element.title ? h("span.zoom-name", {}, element.title) : null,
    );
  }

  // Where the keyboard goes when the control it was on is gone: the board's first tab stop.
  boardStop() {
    return this.board.querySelector("[data-part][tabindex='0'].playable") || this.board.querySelector("[data-part][tabindex='0']") || this.board;
  }

  // A seat's mark: its team's colour and shape where the game has teams, else its own colour
  // and number.
  seatDot(observation, seat) {
    const view = this.view;
    if (!observation || !view.seatColour) return seatDot(seat);
    const shape = view.seatShape ? view.seatShape(observation, seat) : null;
    return h(`span.seat-dot${shape ? ".colour-mark" : ""}`, { style: { background: view.seatColour(observation, seat) }, "aria-hidden": "true" }, shape);
  }

  // The others' moves and what followed them, for a screen reader; this screen's own moves
  // it has heard already.
  announce(events) {
    const names = this.names();
    const held = this.heldSeats();
    const lines = events
      .filter((event) => !(event.event === "action" && held.includes(event.seat)))
      .map((event) => describeTableEvent(event, names) ?? event.text)
      .filter(Boolean);
    if (!lines.length) return;
    // Added, not replaced, so that a quick run of moves is read out whole; the last few kept.
    this.announcer.append(h("p", {}, lines.join(". ")));
    while (this.announcer.childElementCount > ANNOUNCED_KEPT) this.announcer.firstElementChild.remove();
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
      buttons.push(h("button.ghost", { type: "button", onclick: () => this.unselect(0) }, t("common.cancel")));
    }
    for (const entry of entries) {
      if (entry.parts.length === 0) buttons.push(this.actionButton(entry, ""));
    }
    const onBoard = entries.some((entry) => entry.parts.length > 0);
    keepFocus(this.actionBar, () => fill(this.actionBar,
      onBoard && !this.selected.length ? h("span.hint", {}, view.boardHint ? view.boardHint(observation) : t("table.pick_hint")) : null,
      ...buttons,
    ), () => this.boardStop());
    this.actionBar.hidden = !legal.length;
    const list = this.moves.querySelector(".move-list");
    keepFocus(list, () => fill(list,
      ...entries.map((entry) =>
        h(
          "button.move",
          { type: "button", dataset: { action: entry.action, parts: JSON.stringify(entry.parts) }, onclick: () => this.act(entry.action) },
          entry.label,
        ),
      ),
    ), () => this.boardStop());
    this.moves.querySelector("summary").textContent = legal.length ? t("table.all_moves_count", { count: legal.length }) : t("table.all_moves");
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
      this.chat.replaceAll(this.liveChat || []);
      this.replayBar.hidden = true;
      this.movesPanel.hidden = false;
      this.replayButton.textContent = t("nav.replay");
      this.render();
      return;
    }
    this.replayButton.textContent = t("replay.back_to_table");
    this.replay = { turn: 0, seat: "public", playing: null };
    // The replay shows the lines said up to each step; the live ones come back after it.
    this.liveChat = this.chat.lines;
    // A replay is not the live table: no moves to make, nobody online or offline.
    this.movesPanel.hidden = true;
    this.endScreen.hidden = true;
    this.watching.hidden = true;
    await this.showFrame(0);
    // The button that opened the replay may be gone with the end screen.
    if (document.activeElement === document.body) this.replayBar.querySelector("#replay-next")?.focus();
  }

  async showFrame(turn) {
    const replay = this.replay;
    if (!replay) return;
    let frame;
    try {
      frame = await api(`/api/tables/${this.id}/replay/${turn}?lang=${encodeURIComponent(currentLanguage())}`);
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
    keepFocus(this.board, () => {
      flip(this.board, () => fill(this.board, drawn));
      prepareParts(this.board, this.remembered);
    }, () => this.replayBar.querySelector("#replay-next"));
    markReviewMove(this);
    this.actionBar.hidden = true;
    const names = this.names();
    const label = frame.action !== null ? this.view.label(frame.action, replay.observation, names) : null;
    const last = frame.turn ? t("replay.frame", { turn: frame.turn, total: frame.turns, entry: entryText(frame, names, label) }) : t("replay.start", { count: frame.turns });
    this.setBanner(last, "replay");
    this.renderPlayers();
    this.renderLog(frame.log);
    // "Hints on" only from where the players could ask for them (switched on mid-game: from
    // that entry); leaving the replay draws the table's own box again.
    this.hintBox.hidden = !frame.hints;
    this.chat.replaceAll(frame.chat || []);
    this.fit();
  }

  drawReplayBar() {
    const replay = this.replay;
    const total = replay.frame.turns;
    const go = (turn) => this.showFrame(Math.max(0, Math.min(total, turn)));
    const viewpoint = h(
      "select.replay-seat",
      { "aria-label": t("replay.seen_by"), onchange: (event) => { replay.seat = event.target.value; go(replay.turn); } },
      h("option", { value: "public" }, t("replay.public")),
      this.table.seats.map((seat) => h("option", { value: String(seat.seat) }, t("replay.hand", { name: seat.name }))),
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
    const slider = h("input.replay-slider", { type: "range", min: 0, max: total, value: replay.turn, "aria-label": t("replay.move"), onchange: (event) => go(Number(event.target.value)) });
    this.replayBar.hidden = false;
    keepFocus(this.replayBar, () => fill(this.replayBar,
      h("button", { type: "button", id: "replay-start", title: t("replay.first"), "aria-label": t("replay.first"), onclick: () => go(0) }, "|◀"),
      h("button", { type: "button", id: "replay-back", title: t("replay.back"), "aria-label": t("replay.back"), onclick: () => go(replay.turn - 1) }, "◀"),
      h("button", { type: "button", id: "replay-play", title: replay.playing ? t("replay.pause") : t("replay.play"), "aria-label": replay.playing ? t("replay.pause") : t("replay.play"), onclick: play }, replay.playing ? t("replay.pause") : t("replay.play")),
      h("button", { type: "button", id: "replay-next", title: t("replay.next"), "aria-label": t("replay.next"), onclick: () => go(replay.turn + 1) }, "▶"),
      h("button", { type: "button", id: "replay-end", title: t("replay.last"), "aria-label": t("replay.last"), onclick: () => go(total) }, "▶|"),
      h("span.replay-turn", {}, `${formatNumber(replay.turn)} / ${formatNumber(total)}`),
      slider,
      viewpoint,
      reviewReplayControls(this),
    ));
  }

  // In a replay, the arrow keys step through the moves and Home and End go to either end,
  // wherever the focus is, except on the controls that use those keys themselves (the board's
  // parts, the slider, the seat menu).
  onReplayKey(event) {
    const replay = this.replay;
    if (!replay || !replay.frame || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea, dialog, [data-part]")) return;
    const total = replay.frame.turns;
    const turn = { ArrowLeft: replay.turn - 1, ArrowRight: replay.turn + 1, Home: 0, End: total }[event.key];
    if (turn === undefined) return;
    event.preventDefault();
    this.showFrame(Math.max(0, Math.min(total, turn)));
  }
}

// A bot's trouble, which the table sends as a code and fields.
const BOT_PROBLEMS = {
  move_refused: "bot_problem.move_refused",
  not_saved: "bot_problem.not_saved",
  failed: "bot_problem.failed",
  stalled: "bot_problem.stalled",
  endless: "bot_problem.endless",
};

// The server sends a table's rule options once, with the first position: later summaries
// keep the ones already known.
function withOptions(summary, known) {
  return "options" in summary ? summary : { ...summary, options: known?.options ?? {} };
}

function botProblemText(problem) {
  const key = BOT_PROBLEMS[problem.code];
  return key ? t(key, { bot: problem.bot, seconds: problem.seconds ?? 0, moves: formatNumber(problem.moves ?? 0) }) : `${problem.bot}: ${problem.code}`;
}

function offlineText(outbox) {
  return t("table.offline", { move: outbox.label });
}

// "You won", "Greedy bot 2 won", "A draw": from the view of the one seat this screen holds
// (at one screen with several seats, or watching, by name). Teammates win together.
export function winnerText(result, names, held, observation) {
  if (!result) return t("win.over");
  const winners = result.winners;
  if (!winners.length || winners.length === names.length) return t("win.draw");
  const teams = observation && Array.isArray(observation.teams) ? observation.teams : null;
  const oneTeam = teams ? new Set(winners.map((seat) => teams[seat])).size === 1 : winners.length === 1;
  const nameList = (seats) => list(seats.map((seat) => names[seat]));
  if (held.length === 1) {
    const me = held[0];
    if (winners.includes(me)) {
      const others = winners.filter((seat) => seat !== me);
      if (!others.length) return t("win.you");
      return t(oneTeam ? "win.team" : "win.share_with", { names: nameList(others) });
    }
  }
  return t(oneTeam ? "win.won" : "win.share", { names: nameList(winners), count: winners.length });
}

// Why the game ended, as the server wrote it for this screen.
function endReason(log) {
  const end = log.find((event) => event.event === "game_over");
  return end ? end.ending : "";
}

// Moves are every action; a turn is a run of one seat's moves, where answers such as a Block
// window's do not break the run of the player they answer.
function gameLength(log) {
  // The moves in force: those taken back do not count.
  const actions = [];
  for (const event of log) {
    if (event.event === "action") actions.push(event);
    else if (event.event === "undone") actions.splice(actions.length - event.moves, event.moves);
  }
  let turns = 0;
  let last = null;
  for (const event of actions) {
    const verb = String(event.action).split(" ")[0];
    if (verb === "allow" || verb === "block") continue;
    if (event.seat !== last) turns += 1;
    last = event.seat;
  }
  return { turns, moves: actions.length };
}

function endScore(result, observation, view, seat) {
  const score = shownScore(result, observation && view.scores ? view.scores(observation) : null, seat);
  return score === null || score === undefined ? "—" : formatScore(score);
}

function formatScore(score) {
  return formatNumber(score, { maximumFractionDigits: 2 });
}

async function copy(text, page) {
  try {
    await navigator.clipboard.writeText(text);
    page.showToast(t("common.link_copied"));
  } catch {
    showDialog(t("common.invitation_link"), h("p", {}, t("common.copy_this")), h("input.invite-link", { readonly: true, value: text }));
  }
}
