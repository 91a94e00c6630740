// The people at a table: the name each gives themself (remembered by this browser), the
// table's chat, and the notice of an open seat nobody has taken. Every word from another
// person is put on the page as text (textContent through h()), never as markup.

import { fill, h } from "./dom.js";
import { currentLanguage, formatDate, t } from "./i18n.js";
import { showDialog } from "./rules.js";

const NAME_KEY = "sequenza.name";
const MUTED_KEY = "sequenza.muted";
// As the server counts them: a longer line is refused there.
export const MAX_CHAT = 200;
const MAX_NAME = 40;
// The quick phrases the server knows, each worded in the reader's language.
const PHRASE_WORDS = {
  good_game: "chat.phrase_good_game",
  your_turn: "chat.phrase_your_turn",
  well_played: "chat.phrase_well_played",
  good_luck: "chat.phrase_good_luck",
  thanks: "chat.phrase_thanks",
};
export const PHRASES = Object.keys(PHRASE_WORDS);
const EMOJI = ["👍", "😀", "😮", "😅", "🎉", "🤔"];
// Lines kept on the page: the server sends a joining screen its latest 50.
const LINES_KEPT = 200;

export function rememberedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch {
    return "";
  }
}

function rememberName(name) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // A browser that keeps nothing asks again next time.
  }
}

// Ask a person for their name, ``suggestion`` filled in: resolves to the name (remembered by
// this browser), or null when the dialog is closed without one.
export function askName(suggestion, { title = t("name.title"), button = t("name.save") } = {}) {
  return new Promise((resolve) => {
    const input = h("input.name-input", { type: "text", id: "name-input", maxlength: MAX_NAME, required: true, autocomplete: "nickname", value: suggestion || "" });
    let answered = null;
    // Enter saves the name (the form's first button is the dialog's close button).
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      document.getElementById("name-save").click();
    });
    const dialog = showDialog(
      title,
      h("p", {}, t("name.prompt")),
      h("label.name-row", { for: "name-input" }, t("name.label"), " ", input),
      h("div.dialog-actions", {},
        h("button.primary", { type: "submit", id: "name-save", onclick: (event) => {
          const name = input.value.trim();
          if (!name) {
            event.preventDefault();
            input.focus();
            return;
          }
          answered = name;
          rememberName(name);
        } }, button)),
    );
    input.focus();
    input.select();
    dialog.addEventListener("close", () => resolve(answered), { once: true });
  });
}

function mutedAt(tableId) {
  try {
    const all = JSON.parse(localStorage.getItem(MUTED_KEY) || "{}");
    return new Set(Array.isArray(all[tableId]) ? all[tableId] : []);
  } catch {
    return new Set();
  }
}

function saveMuted(tableId, muted) {
  try {
    const all = JSON.parse(localStorage.getItem(MUTED_KEY) || "{}");
    if (muted.size) all[tableId] = [...muted];
    else delete all[tableId];
    localStorage.setItem(MUTED_KEY, JSON.stringify(all));
  } catch {
    // Nothing kept: the mute lasts as long as the page.
  }
}

// Who said a line, as a mute names them: a seat, or the spectators together.
function speaker(line) {
  return line.seat === null || line.seat === undefined ? "spectators" : `seat:${line.seat}`;
}

// The chat of a table: its lines (a quick phrase worded in this reader's language), a box to
// write in, the quick phrases and a few emoji, and a mute for each other speaker.
export class ChatPanel {
  constructor(page) {
    this.page = page;
    this.lines = [];
    this.muted = mutedAt(page.id);
    this.list = h("ol.chat-lines", { tabindex: 0, "aria-live": "polite", "aria-label": t("chat.title") });
    this.input = h("input.chat-input", { type: "text", maxlength: MAX_CHAT, placeholder: t("chat.placeholder"), "aria-label": t("chat.placeholder") });
    this.error = h("p.chat-error", { role: "alert", hidden: true });
    this.form = h(
      "form.chat-form",
      { onsubmit: (event) => { event.preventDefault(); this.sendText(); } },
      this.input,
      h("button", { type: "submit", id: "chat-send" }, t("chat.send")),
    );
    this.quick = h(
      "div.chat-quick",
      { role: "group", "aria-label": t("chat.phrases") },
      PHRASES.map((phrase) => h("button.chat-chip", { type: "button", dataset: { phrase }, onclick: () => this.say({ phrase }) }, t(PHRASE_WORDS[phrase]))),
      h("span.chat-emoji", { role: "group", "aria-label": t("chat.emoji") },
        EMOJI.map((emoji) => h("button.chat-chip.emoji", { type: "button", onclick: () => this.addEmoji(emoji) }, emoji))),
    );
    this.readOnly = h("p.muted.chat-read-only", { hidden: true }, t("chat.read_only"));
    this.mutedBox = h("p.chat-muted", { hidden: true });
    this.element = h(
      "section.panel.chat-panel",
      { "aria-label": t("chat.title") },
      h("h2", {}, t("chat.title")),
      this.list,
      this.mutedBox,
      this.readOnly,
      this.form,
      this.quick,
      this.error,
    );
    this.draw();
  }

  // May this screen write? Its players always; spectators where the table lets them; nobody
  // in the replay of a finished game.
  get writable() {
    const page = this.page;
    if (page.replay) return false;
    return page.heldSeats().length > 0 || Boolean(page.table.spectator_chat);
  }

  sendText() {
    const text = this.input.value.trim();
    if (!text) return;
    if (this.say({ text })) this.input.value = "";
  }

  addEmoji(emoji) {
    if (this.input.value.length + emoji.length > MAX_CHAT) return;
    this.input.value += emoji;
    this.input.focus();
  }

  say(line) {
    this.error.hidden = true;
    return this.page.send({ type: "chat", ...line });
  }

  // A line from the server (said now), or the latest lines on joining (replacing any shown).
  heard(line) {
    this.lines.push(line);
    if (this.lines.length > LINES_KEPT) this.lines.splice(0, this.lines.length - LINES_KEPT);
    this.draw();
  }

  replaceAll(lines) {
    this.lines = [...lines];
    this.draw();
  }

  refused(text) {
    this.error.textContent = text;
    this.error.hidden = false;
  }

  // The name a line is shown under: the seat's name now (a person may rename), else the one
  // it was said under; a spectator's line says so.
  nameOf(line) {
    if (line.seat === null || line.seat === undefined) return t("chat.spectator");
    return this.page.table.seats[line.seat]?.name || line.name || "";
  }

  mine(line) {
    return line.seat !== null && line.seat !== undefined && this.page.heldSeats().includes(line.seat);
  }

  toggleMute(who) {
    if (this.muted.has(who)) this.muted.delete(who);
    else this.muted.add(who);
    saveMuted(this.page.id, this.muted);
    this.draw();
  }

  // Drawn again only when what it shows changed: the table's every other update (a move)
  // would otherwise rebuild the lines and measure the list's scroll, which makes the browser
  // lay the whole page out again in the middle of drawing the move.
  draw() {
    const last = this.lines[this.lines.length - 1];
    const shows = JSON.stringify([
      currentLanguage(), this.lines.length, last?.number, [...this.muted],
      this.page.table.seats.map((seat) => seat.name), this.page.heldSeats(),
      this.writable, Boolean(this.page.replay),
    ]);
    if (shows === this.shows) return;
    this.shows = shows;
    const shown = this.lines.filter((line) => !this.muted.has(speaker(line)));
    const atEnd = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 24;
    fill(this.list,
      shown.length
        ? shown.map((line) => {
          const name = this.nameOf(line);
          const who = speaker(line);
          return h(
            "li.chat-line",
            { dataset: { seat: line.seat ?? "spectator", number: line.number } },
            h("time.chat-time", { datetime: new Date(line.at * 1000).toISOString(), title: formatDate(line.at) }, clockTime(line.at)),
            h("strong.chat-name", {}, name),
            " ",
            h("span.chat-text", {}, line.phrase && PHRASE_WORDS[line.phrase] ? t(PHRASE_WORDS[line.phrase]) : line.text),
            this.mine(line) ? null : h("button.link.chat-mute", { type: "button", title: t("chat.mute_title", { name }), "aria-label": t("chat.mute_title", { name }), onclick: () => this.toggleMute(who) }, t("chat.mute")),
          );
        })
        : h("li.muted.chat-empty", {}, t("chat.empty")),
    );
    if (atEnd) this.list.scrollTop = this.list.scrollHeight;
    const muted = [...this.muted];
    this.mutedBox.hidden = !muted.length;
    fill(this.mutedBox,
      muted.length ? t("chat.muted") : null,
      muted.map((who) => {
        const name = who === "spectators" ? t("chat.spectators") : this.page.table.seats[Number(who.slice(5))]?.name || who;
        return [" ", h("button.link.chat-unmute", { type: "button", onclick: () => this.toggleMute(who) }, t("chat.unmute", { name }))];
      }),
    );
    const writable = this.writable;
    this.form.hidden = !writable;
    this.quick.hidden = !writable;
    this.readOnly.hidden = writable || Boolean(this.page.replay);
  }
}

function clockTime(seconds) {
  const date = new Date(seconds * 1000);
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

// The notice of a table's open seats nobody took: waiting, then (once the table says they
// have waited long enough) an offer to put a bot in them. ``page.table.open_wait`` is the
// seconds left, as the server counted them when it sent the summary.
export class OpenSeatNotice {
  constructor(page) {
    this.page = page;
    this.element = h("div.panel.open-seats", { role: "status", hidden: true });
    this.timer = 0;
    this.staleAt = null;
  }

  update() {
    const page = this.page;
    const wait = page.table.open_wait;
    clearTimeout(this.timer);
    if (wait === null || wait === undefined || page.replay || !page.heldSeats().length) {
      this.element.hidden = true;
      return;
    }
    this.staleAt = Date.now() + wait * 1000;
    this.draw();
    if (wait > 0) this.timer = setTimeout(() => this.draw(), wait * 1000 + 50);
  }

  draw() {
    const stale = Date.now() >= this.staleAt;
    this.element.hidden = false;
    fill(this.element,
      h("p", {}, stale ? t("open.stale") : t("open.waiting")),
      stale
        ? h("button.primary", { type: "button", id: "fill-open", onclick: () => this.page.send({ type: "fill_open", bot: "greedy" }) }, t("open.fill"))
        : null,
    );
  }
}

// "Change name" for a person holding one seat at this screen.
export function renameButton(page) {
  const held = page.heldSeats();
  if (held.length !== 1 || page.replay) return null;
  const seat = held[0];
  return h("button.link", { type: "button", id: "change-name", onclick: async () => {
    const name = await askName(page.table.seats[seat].name, { title: t("name.change"), button: t("name.change_save") });
    if (name) page.send({ type: "rename", name, seat });
  } }, t("name.change"));
}
