// Sequentia · Shift: a 3x3 grid with a hole; slide cards until a row shows your target's code.

import { POSITION_NAMES, ownLabel, parseSequentia, plural, seatLines, sequentiaCard, slot, spokenSequentia } from "/static/cards.js";
import { h } from "/static/dom.js";

const ROW_NAMES = ["top", "middle", "bottom"];

// What a screen reader says for the grid (one place, to translate): "top left, digit 2, code 1-3-1".
const SPOKEN = {
  grid: "Grid",
  position: (where, what) => `${where}, ${what}`,
  hole: "empty",
  claim: (row) => `Claim the ${row} row`,
};

function rowDigits(grid, row) {
  return grid.slice(row * 3, row * 3 + 3).map((text) => (parseSequentia(text) || {}).digit || "").join("");
}

function direction(from, to) {
  if (to === from - 1) return "left";
  if (to === from + 1) return "right";
  if (to === from - 3) return "up";
  return "down";
}

export function render(observation, ctx) {
  const grid = observation.grid;
  const target = parseSequentia(observation.target);
  const claimable = new Set(ctx.legal.filter((action) => action.startsWith("claim ")).map((action) => Number(action.split(" ")[1])));
  const cells = [];
  for (let row = 0; row < 3; row += 1) {
    for (let column = 0; column < 3; column += 1) {
      const position = row * 3 + column;
      const text = grid[position];
      cells.push(
        h(
          "div.cell",
          { dataset: { part: `cell:${position}` }, "aria-label": SPOKEN.position(POSITION_NAMES[position], text ? spokenSequentia(text) : SPOKEN.hole) },
          text ? sequentiaCard(text) : slot(observation.phase === "refill" ? "empty" : ""),
        ),
      );
    }
    const shows = target && rowDigits(grid, row) === target.code;
    // A tag is a button only while it claims something; otherwise a plain label.
    cells.push(
      claimable.has(row)
        ? h("button.row-tag.claim", { type: "button", class: "row-tag claim match", dataset: { part: `row:${row}` }, title: "Collect this row and your target", "aria-label": SPOKEN.claim(ROW_NAMES[row]) }, `◀ claim ${ROW_NAMES[row]} row`)
        : h("span.row-tag.inert", { class: `row-tag inert${shows ? " match" : ""}`, title: "Rows count left to right" }, shows ? "◀ your code" : `${ROW_NAMES[row]} row`),
    );
  }
  const status = observation.over
    ? "Game over"
    : observation.phase === "refill"
      ? "Refill: choose where the deck's cards go"
      : `Slides this turn: ${observation.slides} of ${observation.slide_limit}`;
  return h(
    "div.board-layout.shift",
    {},
    h("div.stat-row", {}, h("span", {}, "Deck ", h("strong", {}, observation.deck_size)), h("span", {}, status),
      observation.deck_size === 0 ? h("span", {}, `Quiet turns ${observation.quiet_turns} / ${observation.quiet_turn_limit}`) : null),
    h("div.grid3", { dataset: { nav: "grid" }, "aria-label": SPOKEN.grid }, cells),
    h(
      "div.target-zone",
      {},
      ctx.seat === null
        ? h("span.muted", {}, "Each player's target is secret.")
        : observation.target
          ? h("div.zone", {}, h("span.zone-label", {}, ownLabel(ctx, "target")), sequentiaCard(observation.target, { className: "target", key: `target:${observation.target}`, title: `Make a row show ${target.code.split("").join("-")}` }))
          : h("div.zone", {}, h("span.zone-label", {}, ownLabel(ctx, "target")), h("span.muted", {}, noTargetText(observation))),
      h(
        "div.zone",
        {},
        h("span.zone-label", {}, "Collected"),
        seatLines(ctx, (seat) => [
          plural(observation.score_piles[seat], "card"),
          observation.holds_target[seat] && seat !== ctx.seat ? " · holds a target" : "",
        ]),
      ),
    ),
    observation.out_of_play.length
      ? h("div.zone", {}, h("span.zone-label", {}, "Out of the game"), h("div.out-of-play", {}, observation.out_of_play.map((text) => sequentiaCard(text, { key: `out:${text}` }))))
      : null,
  );
}

// After a claim the new target is drawn only once the grid is refilled.
function noTargetText(observation) {
  if (observation.phase === "refill" && observation.deck_size > 0) return "a new one is drawn after the refill";
  if (observation.deck_size === 0) return "none (the deck is empty)";
  return "none";
}

// What to do now, in the game's words.
export function prompt(observation, legal) {
  const verbs = new Set(legal.map((action) => action.split(" ")[0]));
  if (verbs.has("hole") || verbs.has("refill")) return "Choose the position that stays empty; the deck fills the others";
  if (verbs.has("exchange")) return "Your target cannot be made from the cards on the table: exchange it";
  if (verbs.size === 1 && verbs.has("pass")) return "You have no target: pass";
  const left = observation.slide_limit - observation.slides;
  const slides = `${plural(left, "slide")} left`;
  if (verbs.has("claim") && verbs.has("slide")) return `A row shows your code: claim it, or slide a card next to the hole (${slides})`;
  if (verbs.has("claim")) return "A row shows your code: claim it";
  if (verbs.has("slide")) {
    return observation.slides === 0 ? `Slide a card next to the hole, or claim a row when one shows your code (${slides})` : `Slide a card next to the hole, or end the turn (${slides})`;
  }
  return "";
}

// The end screen's figures: the score is the cards collected; rows claimed, targets exchanged.
export function figures(observation, log) {
  const count = (kind) => observation.score_piles.map((_, seat) => log.filter((event) => event.event === kind && event.seat === seat).length);
  const claims = count("claim");
  const exchanges = count("exchange");
  return {
    score: "Cards collected",
    columns: ["Rows claimed", "Targets exchanged"],
    rows: observation.score_piles.map((_, seat) => [claims[seat], exchanges[seat]]),
    notes: [`${plural(observation.deck_size, "card")} left in the deck; ${plural(observation.out_of_play.length, "card")} out of the game.`],
  };
}

export function parts(action, observation) {
  const [verb, ...args] = action.split(" ");
  if (verb === "slide") {
    const holes = observation ? observation.grid.filter((text) => text === null).length : 1;
    return holes > 1 ? [`cell:${args[0]}`, `cell:${args[1]}`] : [`cell:${args[0]}`];
  }
  if (verb === "hole" || verb === "refill") return [`cell:${args[0]}`];
  if (verb === "claim") return [`row:${args[0]}`];
  return [];
}

export function label(action, observation) {
  const [verb, ...args] = action.split(" ");
  const position = Number(args[0]);
  switch (verb) {
    case "slide": {
      const card = observation ? observation.grid[position] : null;
      return `Slide ${card || `the ${POSITION_NAMES[position]} card`} ${direction(position, Number(args[1]))}`;
    }
    case "claim":
      return `Claim the ${ROW_NAMES[position]} row`;
    case "end":
      return "End the turn";
    case "exchange":
      return "Exchange the impossible target";
    case "pass":
      return "Pass";
    case "hole":
      return `Leave the ${POSITION_NAMES[position]} empty`;
    case "refill":
      return `Refill the ${POSITION_NAMES[position]}`;
    default:
      return action;
  }
}

export function scores(observation) {
  return observation.score_piles;
}

export function boardHint(observation) {
  return observation.phase === "refill" ? "Tap the position to leave empty." : "Tap a card next to the hole to slide it.";
}
