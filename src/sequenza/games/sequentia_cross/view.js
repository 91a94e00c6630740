// Sequentia · Cross: place every card of your hand on a 3x3 grid of piles, then collect a set
// of the rows, or of the columns, that show the code of a card you placed.

import { cards, ownLabel, positionName, seatLines, sequentiaCard, slot, spokenSequentia, withSmallCards } from "/static/cards.js";
import { h } from "/static/dom.js";
import { list, t } from "/static/i18n.js";

// The lines' tags beside the grid, and their names in a claim ("Collect the top row").
const ROW_TAG_KEYS = ["common.top_row", "common.middle_row", "common.bottom_row"];
const COLUMN_TAG_KEYS = ["sequentia_cross.tag_left", "sequentia_cross.tag_middle", "sequentia_cross.tag_right"];
const ROW_KEYS = ["sequentia_cross.top_row", "sequentia_cross.middle_row", "sequentia_cross.bottom_row"];
const COLUMN_KEYS = ["sequentia_cross.left_column", "sequentia_cross.middle_column", "sequentia_cross.right_column"];

// What a screen reader says for the piles, in the page's language:
// "top left pile, top digit 2, code 1-3-1, 3 cards, covered this turn".
const SPOKEN = {
  grid: () => t("sequentia_cross.grid"),
  pile: (where, top, size) =>
    [t("sequentia_cross.spoken_pile", { where }), top ? t("sequentia_cross.spoken_top", { top }) : t("common.empty"), size > 1 ? cards(size) : null].filter(Boolean).join(", "),
  covered: () => t("sequentia_cross.covered"),
  inLine: () => t("sequentia_cross.in_sequence"),
};

export function render(observation, ctx) {
  const claims = observation.claims || [];
  const lit = { rows: new Set(), columns: new Set() };
  for (const claim of claims) claim.indices.forEach((index) => lit[claim.lines].add(index));
  const covered = new Set(observation.covered);
  const cells = [];
  for (let row = 0; row < 3; row += 1) {
    for (let column = 0; column < 3; column += 1) {
      const position = row * 3 + column;
      const pile = observation.grid[position];
      const inLine = lit.rows.has(row) || lit.columns.has(column);
      cells.push(
        h(
          "div.cell",
          {
            dataset: { part: `cell:${position}` },
            class: `cell${inLine ? " line-claim" : ""}`,
            "aria-label": [
              SPOKEN.pile(positionName(position), pile.top ? spokenSequentia(pile.top) : null, pile.size),
              covered.has(position) ? SPOKEN.covered() : null,
              inLine ? SPOKEN.inLine() : null,
            ].filter(Boolean).join(", "),
          },
          pile.top ? sequentiaCard(pile.top) : slot(t("common.empty")),
          pile.size > 1 ? h("span.pile-size", { title: t("sequentia_cross.pile_size") }, pile.size) : null,
          covered.has(position) ? h("span.covered-mark", { title: SPOKEN.covered() }, "✓") : null,
        ),
      );
    }
    cells.push(h("span.row-tag", { class: `row-tag${lit.rows.has(row) ? " match" : ""}` }, lit.rows.has(row) ? `◀ ${t("sequentia_cross.sequence")}` : t(ROW_TAG_KEYS[row])));
  }
  for (let column = 0; column < 3; column += 1) {
    cells.push(h("span.col-tag", { class: `col-tag${lit.columns.has(column) ? " match" : ""}` }, lit.columns.has(column) ? `▲ ${t("sequentia_cross.sequence")}` : t(COLUMN_TAG_KEYS[column])));
  }
  const hand = observation.hand || [];
  return h(
    "div.board-layout.cross",
    {},
    h(
      "div.stat-row",
      {},
      h("span", {}, `${t("common.deck")} `, h("strong", {}, observation.deck_size)),
      h("span", {}, observation.over ? t("common.game_over") : t(observation.phase === "claim" ? "sequentia_cross.status_claim" : "sequentia_cross.status_place")),
      observation.deck_size === 0 ? h("span", {}, t("sequentia_cross.idle_turns", { turns: observation.idle_turns, limit: observation.stall_turns })) : null,
    ),
    h("div.grid3", { dataset: { nav: "grid" }, "aria-label": SPOKEN.grid() }, cells),
    ctx.seat === null
      ? null
      : h("div.zone", {}, h("span.zone-label", {}, ownLabel(ctx, "hand")), h("div.hand", { dataset: { nav: "hand" }, "aria-label": ownLabel(ctx, "hand") }, hand.length ? hand.map((text) => sequentiaCard(text, { part: `hand:${text}` })) : h("span.muted", {}, t("common.empty")))),
    h("div.zone", {}, h("span.zone-label", {}, t("common.players")), seatLines(ctx, (seat) => `${t("common.collected", { count: observation.collected[seat] })} · ${t("common.in_hand", { count: observation.hand_sizes[seat] })}`)),
    observation.out_of_play.length
      ? h("div.zone", {}, h("span.zone-label", {}, t("sequentia_cross.discarded")), h("div.out-of-play", {}, observation.out_of_play.map((text) => sequentiaCard(text, { key: `out:${text}` }))))
      : null,
  );
}

// What to do now, in the game's words.
export function prompt(observation, legal) {
  if (observation.phase === "claim") return t("sequentia_cross.prompt_claim");
  return t("sequentia_cross.prompt_place", { count: (observation.hand || []).length });
}

// The end screen's figures: cards collected, claims (a set of rows or columns) and the biggest of them.
export function figures(observation, log) {
  const claims = (seat) => log.filter((event) => event.event === "claim" && event.seat === seat);
  const size = (event) => (typeof event.cards === "number" ? event.cards : 0);
  return {
    score: t("common.cards_collected"),
    columns: [t("common.claims"), t("common.biggest_claim")],
    rows: observation.collected.map((_, seat) => {
      const own = claims(seat);
      return [own.length, own.length ? cards(Math.max(...own.map(size))) : "—"];
    }),
  };
}

export function parts(action) {
  const [verb, card, position] = action.split(" ");
  return verb === "place" ? [`hand:${card}`, `cell:${position}`] : [];
}

// "the top row and the bottom row", "the left column": the lines a claim names.
function lineNames(lines, indices) {
  const keys = lines === "rows" ? ROW_KEYS : COLUMN_KEYS;
  return list(indices.map((index) => t(keys[index])));
}

export function label(action, observation) {
  const [verb, first, ...rest] = action.split(" ");
  if (verb === "place") return t("sequentia_cross.place", { card: first, where: positionName(Number(rest[0])) });
  if (verb === "claim") {
    // An action reads "claim rows 0 2": the direction, then the lines' numbers.
    const text = t("sequentia_cross.collect", { lines: lineNames(first, rest.map(Number)) });
    const claim = observation && (observation.claims || []).find((choice) => choice.action === action);
    if (!claim) return text;
    return `${text} (${cards(claim.cards)})${claim.suggested ? " ★" : ""}`;
  }
  return action;
}

export function scores(observation) {
  return observation.collected;
}

export function boardHint() {
  return t("sequentia_cross.hint");
}

// The log's sentences show the cards they name as small cards.
export const logParts = withSmallCards;

// A hint's reason in the game's words (the codes of play.cross_reason), or null for the
// reasons every game shares.
export function hintReason(reason) {
  const data = reason.data || {};
  switch (reason.code) {
    case "cross_line":
      return t("sequentia_cross.hint_line", { line: t((data.lines === "rows" ? ROW_KEYS : COLUMN_KEYS)[data.index] ?? ROW_KEYS[0]), card: data.card, cards: cards(data.cards) });
    case "cross_prepares":
      return t("sequentia_cross.hint_prepares", { card: data.card });
    default:
      return null;
  }
}
