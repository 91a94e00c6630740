// A mode file's table on the page, drawn from the places its observation declares, as the
// built-in Sequentia views draw them: a grid of cards or of piles with its holes, a row of piles
// with a new-pile slot at each end, the seat's hand and target, every seat's collected cards and
// the cards out of play. A move is picked on the board (a hand card, then a place; a cell to
// slide; a line to claim). The words are the mode's: its catalogue ("games"), written by the
// kit from the file, holds the view's own words ("mode.view.*") and the file's action and place
// words under the mode's id ("mode-shift:action.slide").

import { cards, ownLabel, seatLines, sequentiaCard, slot, spokenSequentia, withSmallCards } from "/static/cards.js";
import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";

// Cards shown under a pile's top card, as Stack shows them.
const SHOWN_UNDER_TOP = 2;

function word(observation, key, params = {}) {
  return t(`${observation.mode}:${key}`, params);
}

function tableOf(observation) {
  return observation.places[0];
}

// The seat's own place of a kind (its hand, its target), or null.
function own(observation, kind, seat) {
  return observation.places.find((place) => place.kind === kind && place.seat === seat) || null;
}

function placeName(observation, place) {
  return word(observation, `place.${place.name}`);
}

const LINE_WORDS = { rows: "mode.view.row", columns: "mode.view.column", diagonals: "mode.view.diagonal", windows: "mode.view.window" };

// The line tags a claim clicks: "line:rows:0", "line:columns:2", "line:diagonals:1",
// "line:windows:1". A diagonal's arrow points the way it is read, from its top corner.
function lineTag(observation, family, index, shown) {
  const arrow = family === "columns" ? "▲" : family === "diagonals" ? (index === 0 ? "↘" : "↙") : "◀";
  // The second diagonal's tag sits under a card, in a column's narrow cell, as a column's does.
  const tag = family === "columns" || (family === "diagonals" && index === 1) ? "col-tag" : "row-tag";
  return h(
    `button.${tag}`,
    { type: "button", class: tag, dataset: { part: `line:${family}:${index}` } },
    `${arrow} ${t(LINE_WORDS[family], { line: shown })}`,
  );
}

function gridTable(observation, place, ctx) {
  const [rows, columns] = place.shape;
  const covered = new Set(observation.covered || []);
  const lines = new Set(observation.lines || []);
  const cells = [];
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const position = row * columns + column;
      const pile = place.cells[position];
      const top = pile.length ? pile[pile.length - 1] : null;
      cells.push(
        h(
          "div.cell",
          {
            dataset: { part: `cell:${position}` },
            "aria-label": `${position + 1}, ${top ? spokenSequentia(top) : t("common.empty")}${pile.length > 1 ? `, ${cards(pile.length)}` : ""}`,
          },
          top ? sequentiaCard(top) : slot(""),
          pile.length > 1 ? h("span.pile-size", { title: cards(pile.length) }, pile.length) : null,
          covered.has(position) ? h("span.covered-mark", { title: t("mode.view.covered") }, "✓") : null,
        ),
      );
    }
    cells.push(lines.has("rows") ? lineTag(observation, "rows", row, row + 1) : h("span"));
  }
  if (lines.has("columns")) {
    for (let column = 0; column < columns; column += 1) cells.push(lineTag(observation, "columns", column, column + 1));
  } else if (lines.has("diagonals")) {
    for (let column = 0; column < columns; column += 1) cells.push(h("span"));
  }
  if (lines.has("diagonals")) {
    // The first in the bottom right corner, where the diagonal from the top left ends; the
    // second under the bottom left corner, where the one from the top right ends.
    cells.push(lineTag(observation, "diagonals", 0, 1), lineTag(observation, "diagonals", 1, 2));
  }
  return h(
    "div.grid3",
    { dataset: { nav: "grid" }, "aria-label": placeName(observation, place), style: { gridTemplateColumns: `repeat(${columns}, var(--card-w)) auto` } },
    cells,
  );
}

function rowTable(observation, place, ctx) {
  const piles = place.cells;
  const building = piles.length < place.shape[0];
  const ends = (side) =>
    building ? h("div.new-pile", { dataset: { part: `end:${side}` } }, t(side === "left" ? "mode.view.new_left" : "mode.view.new_right")) : null;
  const drawn = piles.map((pile, index) =>
    h(
      "div.pile",
      {
        dataset: { part: `pile:${index + 1}` },
        class: `pile${observation.last_pile === index + 1 ? " last" : ""}`,
        "aria-label": `${t("mode.view.pile", { pile: index + 1, size: cards(pile.length) })}, ${spokenSequentia(pile[pile.length - 1])}`,
      },
      h("div.pile-stack", {}, pile.slice(-1 - SHOWN_UNDER_TOP).reverse().map((text) => sequentiaCard(text))),
      h("span.pile-label", {}, t("mode.view.pile", { pile: index + 1, size: cards(pile.length) })),
    ),
  );
  // A window's tag only where a claim names it now (the row's length changes its windows).
  const starts = new Set();
  for (const action of ctx.legal || []) {
    const claimed = claimParts(action, observation);
    for (const part of claimed) if (part.startsWith("line:windows:")) starts.add(Number(part.split(":")[2]));
  }
  return [
    h(
      "div.row-piles",
      { dataset: { nav: "row" }, "aria-label": placeName(observation, place) },
      ends("left"),
      drawn,
      piles.length === 0 ? h("span.muted", {}, t("mode.view.row_empty")) : null,
      ends("right"),
    ),
    starts.size ? h("div.claim-runs", {}, [...starts].sort((a, b) => a - b).map((start) => lineTag(observation, "windows", start, start))) : null,
  ];
}

function statRow(observation) {
  const counters = observation.counters || {};
  return h(
    "div.stat-row",
    {},
    h("span", {}, `${t("common.deck")} `, h("strong", {}, observation.deck_size)),
    observation.over ? h("span", {}, t("common.game_over")) : null,
    counters.slide_limit !== undefined ? h("span", {}, t("mode.view.slides", { slides: counters.slides, limit: counters.slide_limit })) : null,
    observation.deck_size === 0 && counters.quiet_turns !== undefined ? h("span", {}, t("mode.view.quiet", { turns: counters.quiet_turns })) : null,
  );
}

function seatInfo(observation, seat) {
  const facts = [t("mode.view.seat", { score: observation.scores[seat] })];
  const hand = own(observation, "hand", seat);
  if (hand) facts.push(t("mode.view.hand_size", { size: hand.size }));
  const target = own(observation, "target", seat);
  if (target && target.size && seat !== observation.seat) facts.push(t("mode.view.holds_target"));
  return facts.join(" · ");
}

export function render(observation, ctx) {
  const place = tableOf(observation);
  const seat = ctx.seat;
  const hand = seat === null ? null : own(observation, "hand", seat);
  const target = seat === null ? null : own(observation, "target", seat);
  const out = observation.places.find((each) => each.kind === "out");
  return h(
    `div.board-layout.mode.${place.kind === "grid" ? "shift" : "stack"}`,
    {},
    statRow(observation),
    place.kind === "grid" ? gridTable(observation, place, ctx) : rowTable(observation, place, ctx),
    target
      ? h(
          "div.zone",
          {},
          h("span.zone-label", {}, ownLabel(ctx, "target")),
          target.cards && target.cards.length ? sequentiaCard(target.cards[0], { className: "target", key: `target:${target.cards[0]}` }) : h("span.muted", {}, t("common.empty")),
        )
      : null,
    hand
      ? h(
          "div.zone",
          {},
          h("span.zone-label", {}, ownLabel(ctx, "hand")),
          h(
            "div.hand",
            { dataset: { nav: "hand" }, "aria-label": ownLabel(ctx, "hand") },
            hand.cards && hand.cards.length ? hand.cards.map((text) => sequentiaCard(text, { part: `hand:${text}` })) : h("span.muted", {}, t("common.empty")),
          ),
        )
      : null,
    h("div.zone", {}, h("span.zone-label", {}, t("common.players")), seatLines(ctx, (each) => seatInfo(observation, each))),
    out && out.size
      ? h("div.zone", {}, h("span.zone-label", {}, placeName(observation, out)), h("div.out-of-play", {}, (out.cards || []).map((text) => sequentiaCard(text, { key: `out:${text}` }))))
      : null,
  );
}

// A claim's parts: the hand card it names (a claim by a hand card's code), then each line.
function claimParts(action, observation) {
  const [verb, ...args] = action.split(" ");
  if (verb !== "claim") return [];
  const parts = [];
  if (args.length && args[0].includes(":")) parts.push(`hand:${args.shift()}`);
  let family = (observation && observation.lines && observation.lines[0]) || "rows";
  if (args.length && !/^\d+$/.test(args[0])) family = args.shift();
  return [...parts, ...args.map((index) => `line:${family}:${index}`)];
}

export function parts(action, observation) {
  const [verb, ...args] = action.split(" ");
  if (verb === "slide") {
    const cells = observation ? tableOf(observation).cells : [];
    const holes = cells.filter((pile) => pile.length === 0).length;
    return holes > 1 ? [`cell:${args[0]}`, `cell:${args[1]}`] : [`cell:${args[0]}`];
  }
  if (verb === "hole" || verb === "refill") return [`cell:${args[0]}`];
  if (verb === "place") {
    const [card, where] = args;
    if (where === "left" || where === "right") return [`hand:${card}`, `end:${where}`];
    const kind = observation ? tableOf(observation).kind : "grid";
    return [`hand:${card}`, kind === "row" ? `pile:${where}` : `cell:${where}`];
  }
  if (verb === "claim") return claimParts(action, observation);
  return [];
}

// An action's arguments as people read them: on a grid, positions and the rows and columns
// a claim names count from 1, as the built-in games show them (a row's piles and windows
// count from 1 already); the log's sentences (the kit's shown_args) read the same.
function shownArgs(args, observation) {
  if (tableOf(observation).kind !== "grid") return args;
  return args.map((arg) => (/^\d+$/.test(arg) ? String(Number(arg) + 1) : arg));
}

export function label(action, observation) {
  const [verb, ...args] = action.split(" ");
  if (!observation) return action;
  const text = word(observation, `action.${verb}`, { args: shownArgs(args, observation).join(" ") });
  return text === `${observation.mode}:action.${verb}` ? action : text;
}

export function scores(observation) {
  return observation.scores;
}

// What to do now, in the view's words, from the verbs the seat may play: the banner says it
// after "Your turn".
export function prompt(observation, legal) {
  const verbs = new Set(legal.map((action) => action.split(" ")[0]));
  const only = (verb) => verbs.size === 1 && verbs.has(verb);
  if (only("pass")) return t("mode.view.prompt_pass");
  if (verbs.has("exchange") && verbs.size === 1) return t("mode.view.prompt_exchange");
  if (verbs.has("hole") || verbs.has("refill")) return t("mode.view.prompt_refill");
  if (only("end")) return t("mode.view.prompt_end");
  const counters = observation.counters || {};
  const left = counters.slide_limit !== undefined ? counters.slide_limit - counters.slides : null;
  if (verbs.has("claim")) return t(verbs.size > 1 ? "mode.view.prompt_claim_or_play" : "mode.view.prompt_claim");
  if (verbs.has("place")) return t("mode.view.prompt_place");
  if (verbs.has("slide")) return left !== null ? t("mode.view.prompt_slide_left", { slides: left, count: left }) : t("mode.view.prompt_slide");
  return "";
}

// The end screen's figures: the score is the cards collected; each seat's claims, its biggest
// claim and the targets it exchanged; a note of the cards left in the deck and out of play.
export function figures(observation, log) {
  const own = (kind, seat) => log.filter((event) => event.event === kind && event.seat === seat);
  const size = (event) => (typeof event.cards === "number" ? event.cards : 0);
  const exchanged = log.some((event) => event.event === "exchange");
  const out = observation.places.find((place) => place.kind === "out");
  return {
    score: t("common.cards_collected"),
    columns: [t("common.claims"), t("common.biggest_claim"), exchanged ? t("mode.view.exchanges") : null].filter(Boolean),
    rows: observation.scores.map((_, seat) => {
      const claims = own("claim", seat);
      const row = [claims.length, claims.length ? cards(Math.max(...claims.map(size))) : "—"];
      return exchanged ? [...row, own("exchange", seat).length] : row;
    }),
    notes: [t("mode.view.end_note", { deck: observation.deck_size, out: out ? out.size : 0 })],
  };
}

export function boardHint() {
  return t("mode.view.hint");
}

// The log's sentences show the cards they name as small cards.
export const logParts = withSmallCards;
