// Sequentia · Cross: place every card of your hand on a 3x3 grid of piles, then collect a set
// of the rows, or of the columns, that show the code of a card you placed.

import { POSITION_NAMES, ownLabel, plural, seatLines, sequentiaCard, slot, spokenSequentia } from "/static/cards.js";
import { h } from "/static/dom.js";

const ROW_NAMES = ["top", "middle", "bottom"];
const COLUMN_NAMES = ["left", "middle", "right"];

// What a screen reader says for the piles (one place, to translate):
// "top left pile, top digit 2, code 1-3-1, 3 cards, covered this turn".
const SPOKEN = {
  grid: "Grid of piles",
  pile: (where, top, size) => `${where} pile, ${top ? `top ${top}` : "empty"}${size > 1 ? `, ${size} cards` : ""}`,
  covered: "covered this turn",
  inLine: "in a sequence",
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
              SPOKEN.pile(POSITION_NAMES[position], pile.top ? spokenSequentia(pile.top) : null, pile.size),
              covered.has(position) ? SPOKEN.covered : null,
              inLine ? SPOKEN.inLine : null,
            ].filter(Boolean).join(", "),
          },
          pile.top ? sequentiaCard(pile.top) : slot("empty"),
          pile.size > 1 ? h("span.pile-size", { title: "cards in this pile" }, pile.size) : null,
          covered.has(position) ? h("span.covered-mark", { title: "covered this turn" }, "✓") : null,
        ),
      );
    }
    cells.push(h("span.row-tag", { class: `row-tag${lit.rows.has(row) ? " match" : ""}` }, lit.rows.has(row) ? "◀ sequence" : `${ROW_NAMES[row]} row`));
  }
  for (let column = 0; column < 3; column += 1) {
    cells.push(h("span.col-tag", { class: `col-tag${lit.columns.has(column) ? " match" : ""}` }, lit.columns.has(column) ? "▲ sequence" : `${COLUMN_NAMES[column]}`));
  }
  const hand = observation.hand || [];
  return h(
    "div.board-layout.cross",
    {},
    h(
      "div.stat-row",
      {},
      h("span", {}, "Deck ", h("strong", {}, observation.deck_size)),
      h("span", {}, observation.over ? "Game over" : observation.phase === "claim" ? "Choose the sequences to collect" : "Place every card of the hand"),
      observation.deck_size === 0 ? h("span", {}, `Turns without a claim ${observation.idle_turns} / ${observation.stall_turns}`) : null,
    ),
    h("div.grid3", { dataset: { nav: "grid" }, "aria-label": SPOKEN.grid }, cells),
    ctx.seat === null
      ? null
      : h("div.zone", {}, h("span.zone-label", {}, ownLabel(ctx, "hand")), h("div.hand", { dataset: { nav: "hand" }, "aria-label": ownLabel(ctx, "hand") }, hand.length ? hand.map((text) => sequentiaCard(text, { part: `hand:${text}` })) : h("span.muted", {}, "empty"))),
    h("div.zone", {}, h("span.zone-label", {}, "Players"), seatLines(ctx, (seat) => `${plural(observation.collected[seat], "card")} collected · ${plural(observation.hand_sizes[seat], "card")} in hand`)),
    observation.out_of_play.length
      ? h("div.zone", {}, h("span.zone-label", {}, "Discarded from the game"), h("div.out-of-play", {}, observation.out_of_play.map((text) => sequentiaCard(text, { key: `out:${text}` }))))
      : null,
  );
}

// What to do now, in the game's words.
export function prompt(observation, legal) {
  if (observation.phase === "claim") return "Choose the rows or the columns to collect";
  const left = (observation.hand || []).length;
  return `Place every card of your hand on a pile (${plural(left, "card")} to place)`;
}

// The end screen's figures: cards collected, claims (a set of rows or columns) and the biggest of them.
export function figures(observation, log) {
  const claims = (seat) => log.filter((event) => event.event === "claim" && event.seat === seat);
  const size = (event) => (typeof event.cards === "number" ? event.cards : 0);
  return {
    score: "Cards collected",
    columns: ["Claims", "Biggest claim"],
    rows: observation.collected.map((_, seat) => {
      const own = claims(seat);
      return [own.length, own.length ? `${Math.max(...own.map(size))} cards` : "—"];
    }),
  };
}

export function parts(action) {
  const [verb, card, position] = action.split(" ");
  return verb === "place" ? [`hand:${card}`, `cell:${position}`] : [];
}

// "the top and bottom rows", "the left column": the lines a claim names.
function lineNames(lines, indices) {
  const names = lines === "rows" ? ROW_NAMES : COLUMN_NAMES;
  const noun = indices.length > 1 ? lines : lines.slice(0, -1);
  return `the ${indices.map((index) => names[index]).join(" and ")} ${noun}`;
}

export function label(action, observation) {
  const [verb, first, ...rest] = action.split(" ");
  if (verb === "place") return `Place ${first} on the ${POSITION_NAMES[Number(rest[0])]} pile`;
  if (verb === "claim") {
    // An action reads "claim rows 0 2": the direction, then the lines' numbers.
    const text = `Collect ${lineNames(first, rest.map(Number))}`;
    const claim = observation && (observation.claims || []).find((choice) => choice.action === action);
    if (!claim) return text;
    return `${text} (${plural(claim.cards, "card")})${claim.suggested ? " ★" : ""}`;
  }
  return action;
}

export function scores(observation) {
  return observation.collected;
}

export function boardHint() {
  return "Tap a card in your hand, then a pile for it.";
}
