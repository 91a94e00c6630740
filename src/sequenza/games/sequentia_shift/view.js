// Sequentia · Shift: a 3x3 grid with a hole; slide cards until a row shows your target's code.

import { cards, ownLabel, parseSequentia, positionName, seatLines, sequentiaCard, slot, spokenSequentia, withSmallCards } from "/static/cards.js";
import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";

// Each row's words, top to bottom: its tag, and claiming it.
const ROW_KEYS = [
  { name: "common.top_row", claim: "sequentia_shift.claim_top_row" },
  { name: "common.middle_row", claim: "sequentia_shift.claim_middle_row" },
  { name: "common.bottom_row", claim: "sequentia_shift.claim_bottom_row" },
];

// What a screen reader says for the grid, in the page's language: "top left, digit 2, code 1-3-1".
const SPOKEN = {
  grid: () => t("sequentia_shift.grid"),
  position: (where, what) => `${where}, ${what}`,
  hole: () => t("common.empty"),
  claim: (row) => t(ROW_KEYS[row].claim),
};

const SLIDE_KEYS = { left: "sequentia_shift.slide_left", right: "sequentia_shift.slide_right", up: "sequentia_shift.slide_up", down: "sequentia_shift.slide_down", diagonal: "sequentia_shift.slide_diagonal" };

function direction(from, to) {
  // The option diagonal_slides: a card moves one row and one column at once.
  if (Math.floor(from / 3) !== Math.floor(to / 3) && from % 3 !== to % 3) return "diagonal";
  if (to === from - 1) return "left";
  if (to === from + 1) return "right";
  if (to === from - 3) return "up";
  return "down";
}

export function render(observation, ctx) {
  const grid = observation.grid;
  const target = parseSequentia(observation.target);
  // The rows that show the seat's target, as the rules read them (only in the seat's own view).
  const showing = new Set(observation.rows_showing_target || []);
  const claimable = new Set(ctx.legal.filter((action) => action.startsWith("claim ")).map((action) => Number(action.split(" ")[1])));
  const cells = [];
  for (let row = 0; row < 3; row += 1) {
    for (let column = 0; column < 3; column += 1) {
      const position = row * 3 + column;
      const text = grid[position];
      cells.push(
        h(
          "div.cell",
          { dataset: { part: `cell:${position}` }, "aria-label": SPOKEN.position(positionName(position), text ? spokenSequentia(text) : SPOKEN.hole()) },
          text ? sequentiaCard(text) : slot(observation.phase === "refill" ? t("common.empty") : ""),
        ),
      );
    }
    const shows = showing.has(row);
    // A tag is a button only while it claims something; otherwise a plain label.
    cells.push(
      claimable.has(row)
        ? h("button.row-tag.claim", { type: "button", class: "row-tag claim match", dataset: { part: `row:${row}` }, title: t("sequentia_shift.claim_title"), "aria-label": SPOKEN.claim(row) }, `◀ ${t(ROW_KEYS[row].claim)}`)
        : h("span.row-tag.inert", { class: `row-tag inert${shows ? " match" : ""}`, title: t("sequentia_shift.rows_read") }, shows ? `◀ ${t("sequentia_shift.your_code")}` : t(ROW_KEYS[row].name)),
    );
  }
  const status = observation.over
    ? t("common.game_over")
    : observation.phase === "refill"
      ? t("sequentia_shift.refill_status")
      : t("sequentia_shift.slides_status", { slides: observation.slides, limit: observation.slide_limit });
  return h(
    "div.board-layout.shift",
    {},
    h("div.stat-row", {}, h("span", {}, `${t("common.deck")} `, h("strong", {}, observation.deck_size)), h("span", {}, status),
      observation.deck_size === 0 ? h("span", {}, t("sequentia_shift.quiet_turns", { turns: observation.quiet_turns, limit: observation.quiet_turn_limit })) : null),
    h("div.grid3", { dataset: { nav: "grid" }, "aria-label": SPOKEN.grid() }, cells),
    h(
      "div.target-zone",
      {},
      ctx.seat === null
        ? h("span.muted", {}, t("sequentia_shift.targets_secret"))
        : observation.target
          ? h("div.zone", {}, h("span.zone-label", {}, ownLabel(ctx, "target")), sequentiaCard(observation.target, { className: "target", key: `target:${observation.target}`, title: t("sequentia_shift.target_title", { code: target.code.split("").join("-") }) }))
          : h("div.zone", {}, h("span.zone-label", {}, ownLabel(ctx, "target")), h("span.muted", {}, noTargetText(observation))),
      h(
        "div.zone",
        {},
        h("span.zone-label", {}, t("sequentia_shift.collected")),
        seatLines(ctx, (seat) => [
          cards(observation.score_piles[seat]),
          observation.holds_target[seat] && seat !== ctx.seat ? ` · ${t("sequentia_shift.holds_target")}` : "",
        ]),
      ),
    ),
    observation.out_of_play.length
      ? h("div.zone", {}, h("span.zone-label", {}, t("sequentia_shift.out_of_game")), h("div.out-of-play", {}, observation.out_of_play.map((text) => sequentiaCard(text, { key: `out:${text}` }))))
      : null,
  );
}

// After a claim the new target is drawn only once the grid is refilled.
function noTargetText(observation) {
  if (observation.phase === "refill" && observation.deck_size > 0) return t("sequentia_shift.target_after_refill");
  if (observation.deck_size === 0) return t("sequentia_shift.no_target_deck_empty");
  return t("sequentia_shift.no_target");
}

// What to do now, in the game's words.
export function prompt(observation, legal) {
  const verbs = new Set(legal.map((action) => action.split(" ")[0]));
  if (verbs.has("hole") || verbs.has("refill")) return t("sequentia_shift.prompt_refill");
  if (verbs.has("exchange")) return t("sequentia_shift.prompt_exchange");
  if (verbs.size === 1 && verbs.has("pass")) return t("sequentia_shift.prompt_pass");
  const slides = t("sequentia_shift.slides_left", { count: observation.slide_limit - observation.slides });
  if (verbs.has("claim") && verbs.has("slide")) return t("sequentia_shift.prompt_claim_or_slide", { slides });
  if (verbs.has("claim")) return t("sequentia_shift.prompt_claim");
  if (verbs.has("slide")) {
    return t(observation.slides === 0 ? "sequentia_shift.prompt_slide_first" : "sequentia_shift.prompt_slide_more", { slides });
  }
  return "";
}

// The end screen's figures: the score is the cards collected; rows claimed, targets exchanged.
export function figures(observation, log) {
  const count = (kind) => observation.score_piles.map((_, seat) => log.filter((event) => event.event === kind && event.seat === seat).length);
  const claims = count("claim");
  const exchanges = count("exchange");
  return {
    score: t("common.cards_collected"),
    columns: [t("sequentia_shift.rows_claimed"), t("sequentia_shift.targets_exchanged")],
    rows: observation.score_piles.map((_, seat) => [claims[seat], exchanges[seat]]),
    notes: [t("sequentia_shift.end_note", { deck: t("sequentia_shift.left_in_deck", { count: observation.deck_size }), out: t("sequentia_shift.out_of_play", { count: observation.out_of_play.length }) })],
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
      return t(SLIDE_KEYS[direction(position, Number(args[1]))], { card: card || t("sequentia_shift.card_at", { position: positionName(position) }) });
    }
    case "claim":
      return t(ROW_KEYS[position].claim);
    case "end":
      return t("common.end_turn");
    case "exchange":
      return t("sequentia_shift.exchange");
    case "pass":
      return t("common.pass");
    case "hole":
      return t("sequentia_shift.leave_empty", { position: positionName(position) });
    case "refill":
      return t("sequentia_shift.refill", { position: positionName(position) });
    default:
      return action;
  }
}

export function scores(observation) {
  return observation.score_piles;
}

export function boardHint(observation) {
  return t(observation.phase === "refill" ? "sequentia_shift.hint_refill" : "sequentia_shift.hint_slide");
}

// The log's sentences show the cards they name as small cards.
export const logParts = withSmallCards;
