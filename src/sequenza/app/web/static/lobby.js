// The lobby: start a table (game, players, options, who sits where), find your tables again,
// watch or replay the others.

import { api, loadCatalog } from "./api.js";
import { fill, h, words } from "./dom.js";
import { currentLanguage, formatDate, list, t } from "./i18n.js";
import { addSeatToken, myTables, saveEntry } from "./store.js";
import { showRules } from "./rules.js";
import { askName, rememberedName } from "./social.js";
import { clockSummary } from "./table-extras.js";
import { hintsOption, learnerHintsOption } from "./hints.js";

const DEFAULT_BOT_ORDER = ["greedy", "random", "mcts"];
// How often the "Looking for players" list is asked for again while the lobby is open.
const OPEN_TABLES_POLL_MS = 5000;
// Tables shown in that list.
const OPEN_TABLES_SHOWN = 12;

export async function showLobby(root) {
  document.title = "Sequenza";
  document.getElementById("title").textContent = t("nav.tables");
  const [{ games, bots }, features] = await Promise.all([loadCatalog(), api("/api/features").catch(() => ({}))]);
  // A server started with --workshop says so, and its designers reach the workshop from here.
  fill(document.getElementById("nav"),
    features.workshop ? h("a.nav-button", { href: "/workshop", id: "workshop-link" }, t("workshop.title")) : null);
  const gameList = [...games.values()].sort((a, b) => a.name.localeCompare(b.name));
  const defaultBot = DEFAULT_BOT_ORDER.find((name) => bots.some((bot) => bot.name === name)) || bots[0]?.name;
  const form = new TableForm(gameList, bots, defaultBot);
  const yours = h("section.panel.tables-yours", {}, h("h2", {}, t("lobby.your_tables")), h("p.muted", {}, t("page.loading")));
  const recent = h("section.panel.tables-recent", {}, h("h2", {}, t("lobby.recent_tables")), h("p.muted", {}, t("page.loading")));
  const looking = h("section.panel.tables-open", {}, h("h2", {}, t("lobby.looking")), h("p.muted", {}, t("page.loading")));
  fill(root,
    h("div.lobby", {}, form.element, h("div.lobby-side", {}, looking, yours, recent)),
  );
  watchOpenTables(looking, games);
  const tables = await api("/api/tables").catch(() => []);
  fillRecent(recent, tables, games);
  // Your own tables are mostly private, so they are looked up one by one.
  const mine = await Promise.all(
    myTables().slice(0, 12).map((entry) => api(`/api/tables/${entry.id}`).then((view) => view.table).catch(() => null)),
  );
  fillYours(yours, mine.filter(Boolean), games);
}

class TableForm {
  constructor(games, bots, defaultBot) {
    this.games = games;
    this.bots = bots;
    this.defaultBot = defaultBot;
    const wanted = new URLSearchParams(window.location.search).get("game");
    this.game = games.find((game) => game.id === wanted) || games[0];
    this.players = this.game.player_counts[0];
    this.seatRows = [];
    this.gamePicker = h("div.game-picker", { role: "radiogroup", "aria-label": t("lobby.game") });
    this.playersSelect = h("select", { id: "players", name: "players", onchange: () => this.setPlayers(Number(this.playersSelect.value)) });
    this.seatsBox = h("div.seats");
    this.optionsBox = h("div.options");
    this.error = h("p.form-error", { role: "alert" });
    // Private unless its creator lets anyone watch: only then is it listed for everyone.
    this.listed = h("input", { type: "checkbox", id: "listed", name: "listed" });
    // Spectators always read the chat; they write in it only when the creator says so.
    this.spectatorChat = h("input", { type: "checkbox", id: "spectator-chat", name: "spectator_chat" });
    // Hints are chosen here, once: everyone who sits down sees that they are on.
    this.hints = hintsOption();
    // A teacher's: a picked card shows where it can go and why, in a game that words it.
    this.learnerHints = learnerHintsOption();
    this.element = h(
      "form.panel.new-table",
      { onsubmit: (event) => { event.preventDefault(); this.submit(); } },
      h("h2", {}, t("lobby.new_table")),
      this.gamePicker,
      h("div.form-row", {}, h("label", { for: "players" }, t("lobby.players")), this.playersSelect,
        h("button.link", { type: "button", onclick: () => showRules(this.game, {}, { players: this.players, seats: [] }) }, t("common.rules"))),
      h("h3", {}, t("lobby.seats")),
      h("p.hint", {}, t("lobby.hotseat_hint")),
      this.seatsBox,
      h("details.options-details", {}, h("summary", {}, t("lobby.rule_options")), this.optionsBox),
      this.clockRow(),
      h("div.form-row.listed-row", {}, this.listed,
        h("label", { for: "listed" }, t("lobby.listed"))),
      h("div.form-row.listed-row", {}, this.spectatorChat,
        h("label", { for: "spectator-chat" }, t("lobby.spectator_chat"))),
      this.hints.element,
      this.learnerHints.element,
      this.error,
      h("button.primary.big", { type: "submit", id: "create" }, t("lobby.start")),
    );
    this.drawGames();
    this.setGame(this.game);
  }

  // The table's clock: none, so many seconds a move, or minutes a game plus an increment per
  // move; when a player's time is up, a bot plays the move or the player loses.
  clockRow() {
    const number = (id, value, min, max) => h("input", { type: "number", id, value, min, max, step: 1 });
    this.clock = {
      kind: h("select", { id: "clock-kind", onchange: () => this.showClockFields() },
        h("option", { value: "none" }, t("clock.none")),
        h("option", { value: "move" }, t("clock.per_move")),
        h("option", { value: "game" }, t("clock.per_game"))),
      move_seconds: number("clock-move-seconds", 60, 2, 3600),
      game_minutes: number("clock-game-minutes", 10, 1, 180),
      increment_seconds: number("clock-increment", 5, 0, 600),
      on_timeout: h("select", { id: "clock-on-timeout" },
        h("option", { value: "bot" }, t("clock.timeout_bot")),
        h("option", { value: "lose" }, t("clock.timeout_lose"))),
    };
    const field = (label, input, kinds) => h("label.clock-field", { dataset: { kinds } }, `${label} `, input);
    this.clockFields = h(
      "div.clock-fields",
      { hidden: true },
      field(t("clock.move_seconds"), this.clock.move_seconds, "move"),
      field(t("clock.game_minutes"), this.clock.game_minutes, "game"),
      field(t("clock.increment"), this.clock.increment_seconds, "game"),
      field(t("clock.when_up"), this.clock.on_timeout, "move game"),
    );
    return h("div.clock-row", {},
      h("div.form-row", {}, h("label", { for: "clock-kind" }, t("clock.label")), this.clock.kind),
      this.clockFields);
  }

  showClockFields() {
    const kind = this.clock.kind.value;
    this.clockFields.hidden = kind === "none";
    for (const label of this.clockFields.querySelectorAll(".clock-field")) {
      label.hidden = !label.dataset.kinds.split(" ").includes(kind);
    }
  }

  clockRequest() {
    const clock = this.clock;
    const kind = clock.kind.value;
    if (kind === "none") return undefined;
    return {
      kind,
      move_seconds: Number(clock.move_seconds.value),
      game_minutes: Number(clock.game_minutes.value),
      increment_seconds: Number(clock.increment_seconds.value),
      on_timeout: clock.on_timeout.value,
    };
  }

  drawGames() {
    fill(this.gamePicker,
      ...this.games.map((game) =>
        h(
          "label.game-choice",
          { dataset: { game: game.id } },
          h("input", { type: "radio", name: "game", value: game.id, checked: game === this.game, onchange: () => this.setGame(game) }),
          h("span.game-name", {}, game.name),
          h("span.game-players", {}, t("lobby.game_players", { counts: playersText(game.player_counts), count: game.player_counts[game.player_counts.length - 1] })),
          h("span.game-summary", {}, game.summary),
        ),
      ),
    );
  }

  setGame(game) {
    this.game = game;
    fill(this.playersSelect,
      ...game.player_counts.map((count) => h("option", { value: count }, `${count}`)),
    );
    const players = game.player_counts.includes(2) ? 2 : game.player_counts[0];
    this.playersSelect.value = String(players);
    this.drawOptions();
    this.setPlayers(players);
    this.learnerHints.element.hidden = !game.learner_hints;
  }

  setPlayers(players) {
    const kept = this.seatRows.map((row) => ({ kind: row.kind.value, name: row.name.value }));
    // A level no measured step above another in this game is offered once, as that one.
    const everyBot = this.game.bots || this.bots;
    const bots = everyBot.filter((bot) => !bot.merged_into);
    const offered = (value) => {
      const bot = everyBot.find((entry) => `bot:${entry.name}` === value);
      return bot && bot.merged_into ? `bot:${bot.merged_into}` : value;
    };
    this.players = players;
    this.seatRows = [];
    for (let seat = 0; seat < players; seat += 1) {
      const previous = kept[seat];
      const kind = h(
        "select",
        { name: `seat-${seat}`, "aria-label": t("lobby.seat_label", { number: seat + 1 }) },
        h("option", { value: "hotseat" }, seat === 0 ? t("lobby.seat_me") : t("lobby.seat_hotseat")),
        h("option", { value: "invite" }, t("lobby.seat_invite")),
        h("option", { value: "open" }, t("lobby.seat_open")),
        ...bots.map((bot) => h("option", { value: `bot:${bot.name}`, title: bot.description }, t("lobby.seat_bot", { name: bot.name, level: bot.label || bot.description.split(":")[0] }))),
      );
      kind.value = offered(previous ? previous.kind : seat === 0 ? "hotseat" : `bot:${this.defaultBot}`);
      const name = h("input", { type: "text", name: `name-${seat}`, maxlength: 40, placeholder: t("lobby.name_placeholder"), value: previous ? previous.name : "" });
      // What the chosen bot plays like in this game, measured on its rating ladder.
      const note = h("p.seat-help");
      const merged = h("p.seat-help.seat-merged");
      const describe = () => {
        const bot = bots.find((entry) => `bot:${entry.name}` === kind.value);
        note.textContent = bot ? bot.description : "";
        // Why a level is missing from the menu: it plays like this one here.
        const same = bot ? (bot.merged || []).map((name) => everyBot.find((entry) => entry.name === name)?.label || name) : [];
        merged.textContent = same.length ? t("lobby.bot_merged", { count: same.length, merged: list(same), level: bot.label || bot.name }) : "";
        merged.hidden = !same.length;
      };
      kind.addEventListener("change", describe);
      describe();
      this.seatRows.push({ kind, name, note, merged });
    }
    fill(this.seatsBox,
      ...this.seatRows.map((row, seat) =>
        [h("div.seat-row", {}, h("span.seat-number", { style: { background: `var(--seat-${seat})`, color: `var(--seat-ink-${seat})` } }, seat + 1), row.kind, row.name), row.note, row.merged],
      ),
    );
  }

  drawOptions() {
    this.optionInputs = new Map();
    const rows = this.game.options.map((spec) => {
      let input;
      const id = `option-${spec.name}`;
      if (spec.type === "bool") {
        input = h("input", { type: "checkbox", id, checked: spec.default });
      } else if (spec.choices) {
        input = h("select", { id }, ...spec.choices.map((choice) => h("option", { value: choice, selected: choice === spec.default }, words(choice))));
      } else if (spec.type === "int") {
        input = h("input", { type: "number", id, value: spec.default, min: spec.minimum ?? undefined, max: spec.maximum ?? undefined, step: 1 });
      } else if (spec.file === "contents") {
        // The file is read here and its text sent with the table: the server never opens a path.
        input = h("input", { type: "file", id, accept: ".json,application/json" });
      } else {
        input = h("input", { type: "text", id, value: spec.default });
      }
      this.optionInputs.set(spec.name, { spec, input });
      return h(
        "div.option-row",
        {},
        h("label", { for: id }, spec.label || words(spec.name), spec.decision ? h("span.badge", { title: t("lobby.house_rule_title") }, t("lobby.house_rule")) : null),
        input,
        h("p.option-help", {}, spec.description),
      );
    });
    fill(this.optionsBox, ...(rows.length ? rows : [h("p.muted", {}, t("lobby.no_options"))]));
  }

  async request() {
    const options = {};
    for (const [name, { spec, input }] of this.optionInputs) {
      let value;
      if (spec.type === "bool") value = input.checked;
      else if (spec.type === "int") value = Number(input.value);
      else if (spec.file === "contents") value = input.files.length ? await input.files[0].text() : spec.default;
      else value = input.value;
      if (value !== spec.default) options[name] = value;
    }
    const seats = this.seatRows.map((row) => {
      const kind = row.kind.value;
      const name = row.name.value.trim() || undefined;
      if (kind.startsWith("bot:")) return { kind: "bot", bot: kind.slice(4), name };
      return { kind, name };
    });
    return { game: this.game.id, players: this.players, options, seats, listed: this.listed.checked, spectator_chat: this.spectatorChat.checked, hints: this.hints.input.checked, ...(this.game.learner_hints && this.learnerHints.input.checked ? { learner_hints: true } : {}), clock: this.clockRequest() };
  }

  async submit() {
    this.error.textContent = "";
    const button = this.element.querySelector("#create");
    button.disabled = true;
    try {
      const request = await this.request();
      // Seats left unnamed are named in the creator's language.
      const created = await api(`/api/tables?lang=${encodeURIComponent(currentLanguage())}`, { method: "POST", body: request });
      // The tokens of the seats at this screen, and the invitation codes handed to friends
      // (each claims its seat once; the friend's token never comes here).
      saveEntry(created.id, { game: request.game, created: Date.now(), seats: created.tokens, invites: created.invites || {} });
      window.location.assign(created.url);
    } catch (error) {
      this.error.textContent = error.message;
      button.disabled = false;
    }
  }
}

export function playersText(counts) {
  const first = counts[0];
  const last = counts[counts.length - 1];
  return counts.length > 1 && last - first === counts.length - 1 ? `${first}–${last}` : counts.join(", ");
}

function tableLine(table, games, extra) {
  const game = games.get(table.game);
  const names = table.seats.map((seat) => seat.name).join(", ");
  const status = table.finished ? t("lobby.finished") : t("lobby.turn", { turn: table.turn });
  return h(
    "li.table-line",
    {},
    h("a", { href: `/t/${table.id}` }, h("strong", {}, game ? game.name : table.game), " · ", names),
    h("span.muted", {}, ` ${status} · `, h("time.table-date", { datetime: new Date(table.created * 1000).toISOString() }, formatDate(table.created))),
    extra,
  );
}

function fillYours(section, tables, games) {
  const known = new Map(tables.map((table) => [table.id, table]));
  const mine = myTables().slice(0, 12);
  const lines = mine.map((entry) => {
    const table = known.get(entry.id);
    if (table) return tableLine(table, games, table.finished ? null : h("span.badge.go", {}, t("lobby.resume")));
    const game = games.get(entry.game);
    return h("li.table-line", {}, h("a", { href: `/t/${entry.id}` }, h("strong", {}, game ? game.name : entry.game || t("lobby.table")), ` · ${entry.id}`));
  });
  fill(section,
    h("h2", {}, t("lobby.your_tables")),
    lines.length ? h("ul.table-list", {}, lines) : h("p.muted", {}, t("lobby.yours_empty")),
    h("p", {}, h("a.my-games-link", { href: "/me", id: "my-games" }, t("me.link"))),
  );
}

function fillRecent(section, tables, games) {
  const lines = tables.slice(0, 15).map((table) =>
    tableLine(table, games, h("span.badge", {}, table.finished ? t("lobby.replay") : t("lobby.watch"))),
  );
  fill(section,
    h("h2", {}, t("lobby.recent_tables")),
    lines.length ? h("ul.table-list", {}, lines) : h("p.muted", {}, t("lobby.no_games")),
  );
}

// "Looking for players": the tables with an open seat nobody took, newest first, asked for
// again every few seconds while the lobby is shown. Taking a seat asks for a name first.
function watchOpenTables(section, games) {
  let shown = "";
  const refresh = async () => {
    if (!section.isConnected) return;
    const tables = await api("/api/open-tables").catch(() => null);
    if (tables) {
      const key = JSON.stringify(tables.map((table) => [table.id, table.seats]));
      if (key !== shown && !section.contains(document.activeElement)) {
        shown = key;
        fillOpen(section, tables.slice(0, OPEN_TABLES_SHOWN), games);
      }
    }
    setTimeout(refresh, OPEN_TABLES_POLL_MS);
  };
  refresh();
}

function fillOpen(section, tables, games) {
  const lines = tables.map((table) => {
    const game = games.get(table.game);
    const names = table.seats.map((seat) => (seat.kind === "open" && !seat.claimed ? t("lobby.open_seat") : seat.name)).join(", ");
    const options = Object.entries(table.options || {}).map(([name, value]) => {
      const spec = game?.options.find((option) => option.name === name);
      const label = spec?.label || words(name);
      return typeof value === "boolean" ? (value ? label : null) : `${label}: ${typeof value === "string" && value.length > 24 ? "…" : value}`;
    }).filter(Boolean);
    const error = h("span.form-error", { role: "alert" });
    const take = h("button.primary.take-seat", { type: "button", dataset: { table: table.id }, onclick: () => takeSeat(table, take, error) }, t("lobby.take_seat"));
    return h(
      "li.table-line.open-line",
      { dataset: { table: table.id } },
      h("strong", {}, game ? game.name : table.game), " · ", names,
      h("span.muted", {}, ` · ${[...options, clockSummary(table.clock) || t("lobby.no_clock")].join(" · ")} · `,
        h("time.table-date", { datetime: new Date(table.created * 1000).toISOString() }, formatDate(table.created))),
      " ", take, " ", error,
    );
  });
  fill(section,
    h("h2", {}, t("lobby.looking")),
    lines.length ? h("ul.table-list.open-list", {}, lines) : h("p.muted", {}, t("lobby.looking_empty")),
  );
}

async function takeSeat(table, button, error) {
  const open = table.seats.find((seat) => seat.kind === "open" && !seat.claimed);
  const name = await askName(rememberedName() || (open ? open.name : ""));
  if (!name) return;
  button.disabled = true;
  error.textContent = "";
  try {
    const taken = await api(`/api/tables/${table.id}/take`, { method: "POST", body: { name } });
    saveEntry(table.id, { game: table.game, created: Date.now() });
    addSeatToken(table.id, String(taken.seat), taken.token);
    window.location.assign(`/t/${table.id}`);
  } catch (failure) {
    error.textContent = failure.message;
    button.disabled = false;
  }
}
