// The designer's workshop (a server started with --workshop): paste or upload a mode file,
// read its mistakes (line, column and fix), play it at once against a bot, and run a quick
// balance simulation in the server's bot workers. The file stays in this browser
// (localStorage), so that coming back from a trial table finds it as it was left.

import { api, ApiError } from "./api.js";
import { fill, h } from "./dom.js";
import { currentLanguage, errorText, formatNumber, t } from "./i18n.js";
import { saveEntry } from "./store.js";

const TEXT_KEY = "sequenza.workshop.text";
// The server reads at most this many bytes of a mode file.
const MAX_BYTES = 64 * 1024;
const MAX_GAMES = 200;

export async function showWorkshop(root) {
  document.title = `${t("workshop.title")} · Sequenza`;
  document.getElementById("title").textContent = t("workshop.title");
  fill(document.getElementById("nav"), h("a.nav-button", { href: "/" }, t("nav.tables")));
  // A server without the workshop answers 404 here (and the page at /workshop, as for any
  // unknown address): say there is nothing here rather than show a form that cannot work.
  let examples;
  try {
    examples = await api("/api/workshop/examples");
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    fill(root, h("p.notice", {}, `${t("page.nothing_here")} `, h("a", { href: "/" }, t("page.back_to_tables"))));
    return;
  }
  const page = new WorkshopPage(examples);
  fill(root, page.element);
  window.sequenzaWorkshop = page;
}

class WorkshopPage {
  constructor(examples) {
    this.mode = null;
    this.text = h("textarea.workshop-text", {
      id: "workshop-text",
      spellcheck: "false",
      rows: 24,
      "aria-label": t("workshop.file"),
      value: localStorage.getItem(TEXT_KEY) || "",
      oninput: () => {
        localStorage.setItem(TEXT_KEY, this.text.value);
        this.stale();
      },
    });
    this.upload = h("input", { type: "file", id: "workshop-upload", accept: ".toml,text/plain", onchange: () => this.readUpload() });
    this.examples = h("select", { id: "workshop-example", onchange: () => this.loadExample() },
      h("option", { value: "" }, t("workshop.example_pick")),
      examples.map((name) => h("option", { value: name }, name)));
    this.status = h("div.workshop-status", { role: "status", "aria-live": "polite" });
    this.result = h("div.workshop-result");
    this.element = h(
      "div.workshop",
      {},
      h(
        "section.panel.workshop-editor",
        {},
        h("h2", {}, t("workshop.file")),
        h("p.hint", {}, t("workshop.intro")),
        h("div.form-row", {},
          h("label", { for: "workshop-upload" }, t("workshop.upload")), this.upload,
          h("label", { for: "workshop-example" }, t("workshop.example")), this.examples),
        this.text,
        h("div.form-row", {}, h("button.primary", { type: "button", id: "workshop-check", onclick: () => this.check() }, t("workshop.check"))),
      ),
      h("section.panel.workshop-side", {}, this.status, this.result),
    );
  }

  async loadExample() {
    const name = this.examples.value;
    if (!name) return;
    const response = await fetch(`/api/workshop/examples/${encodeURIComponent(name)}`);
    if (!response.ok) return;
    this.setText(await response.text());
  }

  async readUpload() {
    const file = this.upload.files[0];
    if (!file) return;
    if (file.size > MAX_BYTES) {
      this.showRefusal(t("workshop.too_large", { limit: formatNumber(MAX_BYTES / 1024) }));
      return;
    }
    this.setText(await file.text());
  }

  setText(text) {
    this.text.value = text;
    localStorage.setItem(TEXT_KEY, text);
    this.stale();
  }

  // The file changed since it was checked: what was shown of it no longer holds.
  stale() {
    if (this.mode) {
      this.mode = null;
      fill(this.status, h("p.muted", {}, t("workshop.changed")));
      fill(this.result);
    }
  }

  async check() {
    const button = this.element.querySelector("#workshop-check");
    button.disabled = true;
    fill(this.status, h("p.muted", {}, t("workshop.checking")));
    fill(this.result);
    try {
      const response = await fetch(`/api/workshop/modes?lang=${encodeURIComponent(currentLanguage())}`, {
        method: "POST",
        headers: { "Content-Type": "application/toml", "Accept-Language": currentLanguage() },
        body: this.text.value,
      });
      const data = await response.json().catch(() => null);
      if (response.ok) this.showMode(data);
      else if (data && Array.isArray(data.mistakes)) this.showMistakes(data);
      else this.showRefusal(errorText(data && data.code, (data && data.error) || `${response.status}`));
    } catch (error) {
      this.showRefusal(String(error.message || error));
    } finally {
      button.disabled = false;
    }
  }

  showRefusal(text) {
    fill(this.status, h("p.form-error.workshop-refused", { role: "alert" }, text));
  }

  showMistakes(data) {
    this.mode = null;
    fill(this.status, h("p.form-error", { role: "alert" }, data.error));
    fill(this.result,
      h("ol.workshop-mistakes", {},
        data.mistakes.map((mistake) =>
          h("li.workshop-mistake", { dataset: { line: mistake.line, column: mistake.column } },
            h("button.link", { type: "button", onclick: () => this.goTo(mistake.line, mistake.column) },
              t("workshop.where", { line: mistake.line, column: mistake.column })),
            " ", h("span.mistake-text", {}, mistake.message),
            mistake.fix ? h("p.hint.mistake-fix", {}, t("workshop.fix", { fix: mistake.fix })) : null),
        )),
    );
  }

  // Put the cursor on the mistake, so that the designer fixes it where it is.
  goTo(line, column) {
    const lines = this.text.value.split("\n");
    let offset = 0;
    for (let index = 0; index < Math.min(line - 1, lines.length); index += 1) offset += lines[index].length + 1;
    offset += Math.max(0, column - 1);
    // Chrome scrolls a textarea to its caret when it takes the focus: set the caret, then focus.
    this.text.blur();
    this.text.setSelectionRange(offset, offset);
    this.text.focus();
  }

  async showMode(mode) {
    this.mode = mode;
    fill(this.status, h("p.workshop-ok", {}, t("workshop.reads", { name: mode.name })));
    let bots = [];
    try {
      bots = await api(`/api/bots?game=${encodeURIComponent(mode.id)}&lang=${encodeURIComponent(currentLanguage())}`);
    } catch {
      bots = [{ name: "random", label: "random" }];
    }
    const counts = mode.player_counts;
    const playersSelect = (id) =>
      h("select", { id }, counts.map((count) => h("option", { value: count }, formatNumber(count))));
    this.playPlayers = playersSelect("workshop-play-players");
    this.bot = h("select", { id: "workshop-bot" }, bots.map((bot) => h("option", { value: bot.name, selected: bot.name === "greedy" }, bot.label || bot.name)));
    this.simPlayers = playersSelect("workshop-sim-players");
    this.games = h("input", { type: "number", id: "workshop-games", min: 1, max: MAX_GAMES, value: 100 });
    this.simBots = h("select", { id: "workshop-sim-bots" }, ["random", "greedy"].map((name) => h("option", { value: name }, name)));
    this.playError = h("p.form-error", { role: "alert" });
    this.report = h("div.workshop-report", { "aria-live": "polite" });
    fill(this.result,
      h("h2", {}, mode.name),
      h("p", {}, mode.summary),
      h("h3", {}, t("workshop.play")),
      h("div.form-row", {},
        h("label", { for: "workshop-play-players" }, t("workshop.players")), this.playPlayers,
        h("label", { for: "workshop-bot" }, t("workshop.against")), this.bot),
      h("div.form-row", {}, h("button.primary", { type: "button", id: "workshop-play", onclick: () => this.play() }, t("workshop.play_now"))),
      this.playError,
      h("h3", {}, t("workshop.simulate")),
      h("p.hint", {}, t("workshop.simulate_hint", { games: formatNumber(MAX_GAMES) })),
      h("div.form-row", {},
        h("label", { for: "workshop-games" }, t("workshop.games")), this.games,
        h("label", { for: "workshop-sim-players" }, t("workshop.players")), this.simPlayers,
        h("label", { for: "workshop-sim-bots" }, t("workshop.bots")), this.simBots),
      h("div.form-row", {}, h("button", { type: "button", id: "workshop-simulate", onclick: () => this.simulate() }, t("workshop.run"))),
      this.report,
    );
  }

  async play() {
    const players = Number(this.playPlayers.value);
    const seats = [{ kind: "hotseat" }];
    for (let seat = 1; seat < players; seat += 1) seats.push({ kind: "bot", bot: this.bot.value });
    try {
      const created = await api(`/api/tables?lang=${encodeURIComponent(currentLanguage())}`, {
        method: "POST",
        body: { game: this.mode.id, players, seats },
      });
      saveEntry(created.id, { game: this.mode.id, created: Date.now(), seats: created.tokens, invites: created.invites || {} });
      window.location.assign(created.url);
    } catch (error) {
      this.playError.textContent = error instanceof ApiError ? error.message : String(error);
    }
  }

  async simulate() {
    const button = this.element.querySelector("#workshop-simulate");
    button.disabled = true;
    fill(this.report, h("p.muted", {}, t("workshop.running")));
    try {
      const summary = await api(`/api/workshop/modes/${encodeURIComponent(this.mode.id)}/simulate`, {
        method: "POST",
        body: { games: Number(this.games.value), players: Number(this.simPlayers.value), bots: this.simBots.value },
      });
      fill(this.report, report(summary));
    } catch (error) {
      fill(this.report, h("p.form-error", { role: "alert" }, String(error.message || error)));
    } finally {
      button.disabled = false;
    }
  }
}

const percent = (rate) => `${formatNumber(Math.round(100 * rate))}%`;

function report(summary) {
  if (!summary.conformance.passed) {
    return h("div.workshop-summary", {}, h("p.form-error", {}, t("workshop.conformance_failed")), h("pre.workshop-problem", {}, summary.conformance.problem));
  }
  // The server words each ending code as the simulator's report does, in the page's language.
  const words = summary.ending_words || {};
  const endings = Object.entries(summary.endings).map(([code, count]) =>
    h("li.workshop-ending", { dataset: { ending: code } }, `${words[code] || code.replaceAll("_", " ")}: ${formatNumber(count)}`));
  return h(
    "div.workshop-summary",
    {},
    h("p", {}, t("workshop.summary", { games: formatNumber(summary.games), players: formatNumber(summary.players), bots: summary.bots, seconds: formatNumber(summary.seconds) })),
    h("p.muted", {}, t("workshop.conformance", { games: formatNumber(summary.conformance.games), actions: formatNumber(summary.conformance.actions) })),
    h("table.workshop-seats", {},
      h("thead", {}, h("tr", {}, h("th", {}, t("workshop.seat")), h("th", {}, t("workshop.wins")), h("th", {}, t("workshop.interval")))),
      h("tbody", {},
        summary.seats.map((rate, seat) =>
          h("tr.workshop-seat", {}, h("td", {}, formatNumber(seat + 1)), h("td", {}, percent(rate.rate)), h("td", {}, `${percent(rate.low)} – ${percent(rate.high)}`))),
      )),
    h("p", {}, t("workshop.length", { turns: formatNumber(Math.round(summary.turns.mean * 10) / 10) })),
    h("p", {}, t("workshop.draws_stalls", { draws: percent(summary.draws.rate), stalls: percent(summary.stalls.rate) })),
    h("h4", {}, t("workshop.endings")),
    h("ul.workshop-endings", {}, endings),
  );
}
