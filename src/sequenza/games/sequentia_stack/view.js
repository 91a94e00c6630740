// Sequentia · Stack: a row of up to four piles; claim three adjacent piles whose top digits
// spell the code of a card in your hand.

import { cards, ownLabel, seatLines, sequentiaCard, spokenSequentia, withSmallCards } from "/static/cards.js";
import { h } from "/static/dom.js";
import { list, t } from "/static/i18n.js";

// What a screen reader says for the row, in the page's language: "pile 2, top digit 3, code
// 1-2-1, 4 cards".
const SPOKEN = {
  row: () => t("sequentia_stack.row"),
  pile: (pile, top, count) => t("sequentia_stack.spoken_pile", { pile, top, cards: cards(count) }),
  newPile: (side) => t(side === "left" ? "sequentia_stack.spoken_new_left" : "sequentia_stack.spoken_new_right"),
  run: (start, code) => t("sequentia_stack.spoken_run", { first: start, last: start + 2, code }),
};

const SHOWN_UNDER_TOP = 2;

function runDigits(row, start) {
  return row.slice(start - 1, start + 2).map((pile) => pile.digit).join("");
}

export function render(observation, ctx) {
  const row = observation.row;
  const hand = observation.hand || [];
  const building = row.length < 4;
  const piles = row.map((pile) =>
    h(
      "div.pile",
      {
        dataset: { part: `pile:${pile.pile}` },
        class: `pile${observation.last_pile === pile.pile ? " last" : ""}`,
        "aria-label": SPOKEN.pile(pile.pile, spokenSequentia(pile.cards[pile.cards.length - 1]), pile.cards.length),
      },
      h(
        "div.pile-stack",
        {},
        pile.cards.slice(-1 - SHOWN_UNDER_TOP).reverse().map((text) => sequentiaCard(text)),
      ),
      h("span.pile-label", {}, `${t("sequentia_stack.pile", { pile: pile.pile })} · ${cards(pile.cards.length)}`),
    ),
  );
  const ends = (side) => (building ? h("div.new-pile", { dataset: { part: `end:${side}` }, "aria-label": SPOKEN.newPile(side) }, t(side === "left" ? "sequentia_stack.new_left" : "sequentia_stack.new_right")) : null);
  // The runs a card of the hand reads, as the claim rule reads them (only in the seat's view).
  const matching = new Set(observation.runs_matching_hand || []);
  const runs = row.length === 4
    ? h(
        "div.claim-runs",
        {},
        [1, 2].map((start) =>
          h(
            "button.claim-run",
            {
              type: "button",
              class: `claim-run run-${start}${matching.has(start) ? " match" : ""}`,
              dataset: { part: `run:${start}` },
              "aria-label": SPOKEN.run(start, runDigits(row, start).split("").join("-")),
            },
            t("sequentia_stack.run", { first: start, last: start + 2, code: runDigits(row, start).split("").join("-") }),
          ),
        ),
      )
    : null;
  return h(
    "div.board-layout.stack",
    {},
    h("div.stat-row", {}, h("span", {}, `${t("common.deck")} `, h("strong", {}, observation.deck_size)), h("span", {}, phaseText(observation))),
    h("div.row-piles", { dataset: { nav: "row" }, "aria-label": SPOKEN.row() }, ends("left"), piles, row.length === 0 ? h("span.muted", {}, t("sequentia_stack.row_empty")) : null, ends("right")),
    runs,
    ctx.seat === null
      ? null
      : h(
          "div.zone",
          {},
          h("span.zone-label", {}, ownLabel(ctx, "hand")),
          h("div.hand", { dataset: { nav: "hand" }, "aria-label": ownLabel(ctx, "hand") }, hand.length ? hand.map((text) => sequentiaCard(text, { part: `hand:${text}` })) : h("span.muted", {}, t("common.empty"))),
        ),
    h("div.zone", {}, h("span.zone-label", {}, t("common.players")), seatLines(ctx, (seat) => `${t("common.collected", { count: observation.collected[seat] })} · ${t("common.in_hand", { count: observation.hand_sizes[seat] })}`)),
  );
}

function phaseText(observation) {
  if (observation.over) return t("common.game_over");
  if (observation.phase === "bonus_placed") return t("sequentia_stack.status_bonus");
  if (observation.phase === "simple_placed") return t("sequentia_stack.status_simple");
  return t(observation.row.length < 4 ? "sequentia_stack.status_build" : "sequentia_stack.status_place");
}

// What to do now, in the game's words.
export function prompt(observation, legal) {
  const verbs = new Set(legal.map((action) => action.split(" ")[0]));
  if (verbs.size === 1 && verbs.has("pass")) return t("sequentia_stack.prompt_pass");
  if (observation.phase === "bonus_placed") return t(verbs.has("claim") ? "sequentia_stack.prompt_bonus_claim" : "sequentia_stack.prompt_bonus");
  if (observation.phase === "simple_placed") return t(verbs.has("claim") ? "sequentia_stack.prompt_claim_or_end" : "sequentia_stack.prompt_end");
  return t(observation.row.length < 4 ? "sequentia_stack.prompt_build" : "sequentia_stack.status_place");
}

// The end screen's figures: cards collected, claims and the biggest of them.
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
  const [verb, card, target] = action.split(" ");
  if (verb === "place") return [`hand:${card}`, target === "left" || target === "right" ? `end:${target}` : `pile:${target}`];
  if (verb === "claim") return [`hand:${card}`, `run:${target}`];
  return [];
}

export function label(action) {
  const [verb, card, target] = action.split(" ");
  if (verb === "place") {
    if (target === "left" || target === "right") return t(target === "left" ? "sequentia_stack.place_new_left" : "sequentia_stack.place_new_right", { card });
    return t("sequentia_stack.place_on", { card, pile: target });
  }
  if (verb === "claim") return t("sequentia_stack.claim", { card, first: target, last: String(Number(target) + 2) });
  if (verb === "end") return t("common.end_turn");
  if (verb === "pass") return t("common.pass");
  return action;
}

export function scores(observation) {
  return observation.collected;
}

export function boardHint() {
  return t("sequentia_stack.hint");
}

// The log's sentences show the cards they name as small cards.
export const logParts = withSmallCards;

// A code as the hints write it: "1-2-3".
function spacedCode(code) {
  return String(code).split("").join("-");
}

// A hint's reason in the game's words (the codes of play.stack_reason), or null for the
// reasons every game shares.
export function hintReason(reason) {
  const data = reason.data || {};
  switch (reason.code) {
    case "stack_claim_next":
      return t("sequentia_stack.hint_claim_next", { first: data.first, last: data.last, card: data.card, cards: cards(data.cards) });
    case "stack_run_ready":
      return t("sequentia_stack.hint_run_ready", { card: data.card });
    case "stack_run_start":
      return t(data.side === "left" ? "sequentia_stack.hint_run_start_left" : "sequentia_stack.hint_run_start_right", { card: data.card, digit: data.digit });
    case "stack_bonus":
      return t("sequentia_stack.hint_bonus");
    case "stack_blocks":
      return t("sequentia_stack.hint_blocks", { code: spacedCode(data.code) });
    case "stack_safe":
      return t("sequentia_stack.hint_safe");
    case "stack_end_ready":
      return t("sequentia_stack.hint_end_ready", { card: data.card });
    case "stack_end_start":
      return t(data.side === "left" ? "sequentia_stack.hint_end_start_left" : "sequentia_stack.hint_end_start_right", { card: data.card, digit: data.digit });
    case "stack_end_draw":
      return data.count ? t("sequentia_stack.hint_end_draw", { count: data.count }) : t("sequentia_stack.hint_end_nothing");
    case "stack_pass":
      return t("sequentia_stack.hint_pass");
    case "stack_row_end": {
      const left = data.side === "left";
      const key = data.first
        ? left ? "sequentia_stack.hint_row_first_left" : "sequentia_stack.hint_row_first_right"
        : left ? "sequentia_stack.hint_row_end_left" : "sequentia_stack.hint_row_end_right";
      return t(key, { card: data.card, digit: data.digit });
    }
    case "stack_row_safe":
      return t("sequentia_stack.hint_row_safe", { code: spacedCode(data.code) });
    case "stack_row_rare":
      return t("sequentia_stack.hint_row_rare", { codes: list((data.codes || []).map(spacedCode)) });
    case "stack_spare":
      return t("sequentia_stack.hint_spare", { digit: data.digit });
    case "stack_spare_least":
      return t("sequentia_stack.hint_spare_least", { digit: data.digit });
    case "stack_fewest_open":
      return t("sequentia_stack.hint_fewest_open", { count: data.count });
    default:
      return null;
  }
}
