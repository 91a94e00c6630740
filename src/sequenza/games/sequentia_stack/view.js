// Sequentia · Stack: a row of up to four piles; claim three adjacent piles whose top digits
// spell the code of a card in your hand.

import { ownLabel, parseSequentia, plural, seatLines, sequentiaCard, spokenSequentia } from "/static/cards.js";
import { h } from "/static/dom.js";

// What a screen reader says for the row (one place, to translate): "pile 2, top digit 3, code
// 1-2-1, 4 cards".
const SPOKEN = {
  row: "Row of piles",
  pile: (pile, top, cards) => `pile ${pile}, top ${top}, ${plural(cards, "card")}`,
  newPile: (side) => `new pile at the ${side} end`,
  run: (start, code) => `claim piles ${start} to ${start + 2}, showing ${code}`,
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
      h("span.pile-label", {}, `pile ${pile.pile} · ${plural(pile.cards.length, "card")}`),
    ),
  );
  const ends = (side) => (building ? h("div.new-pile", { dataset: { part: `end:${side}` }, "aria-label": SPOKEN.newPile(side) }, `new pile ${side}`) : null);
  const codes = new Set(hand.map((text) => (parseSequentia(text) || {}).code));
  const runs = row.length === 4
    ? h(
        "div.claim-runs",
        {},
        [1, 2].map((start) =>
          h(
            "button.claim-run",
            {
              type: "button",
              class: `claim-run run-${start}${codes.has(runDigits(row, start)) ? " match" : ""}`,
              dataset: { part: `run:${start}` },
              "aria-label": SPOKEN.run(start, runDigits(row, start).split("").join("-")),
            },
            `piles ${start}–${start + 2} show ${runDigits(row, start).split("").join("-")}`,
          ),
        ),
      )
    : null;
  return h(
    "div.board-layout.stack",
    {},
    h("div.stat-row", {}, h("span", {}, "Deck ", h("strong", {}, observation.deck_size)), h("span", {}, phaseText(observation))),
    h("div.row-piles", { dataset: { nav: "row" }, "aria-label": SPOKEN.row }, ends("left"), piles, ends("right"), row.length === 0 ? h("span.muted", {}, "The row is empty") : null),
    runs,
    ctx.seat === null
      ? null
      : h(
          "div.zone",
          {},
          h("span.zone-label", {}, ownLabel(ctx, "hand")),
          h("div.hand", { dataset: { nav: "hand" }, "aria-label": ownLabel(ctx, "hand") }, hand.length ? hand.map((text) => sequentiaCard(text, { part: `hand:${text}` })) : h("span.muted", {}, "empty")),
        ),
    h("div.zone", {}, h("span.zone-label", {}, "Players"), seatLines(ctx, (seat) => `${plural(observation.collected[seat], "card")} collected · ${plural(observation.hand_sizes[seat], "card")} in hand`)),
  );
}

function phaseText(observation) {
  if (observation.over) return "Game over";
  if (observation.phase === "bonus_placed") return "Bonus card played: place another card or claim";
  if (observation.phase === "simple_placed") return "Claim a sequence or end the turn";
  return observation.row.length < 4 ? "Build the row: a new pile at either end" : "Place a card on any pile";
}

// What to do now, in the game's words.
export function prompt(observation, legal) {
  const verbs = new Set(legal.map((action) => action.split(" ")[0]));
  if (verbs.size === 1 && verbs.has("pass")) return "You have no card: pass";
  if (observation.phase === "bonus_placed") return verbs.has("claim") ? "Bonus card: place another card, or claim three piles that show a code in your hand" : "Bonus card: place another card";
  if (observation.phase === "simple_placed") return verbs.has("claim") ? "Claim three piles that show a code in your hand, or end the turn" : "End the turn (no three piles show a code in your hand)";
  return observation.row.length < 4 ? "Place a card as a new pile at either end of the row" : "Place a card on any pile";
}

// The end screen's figures: cards collected, claims and the biggest of them.
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
  const [verb, card, target] = action.split(" ");
  if (verb === "place") return [`hand:${card}`, target === "left" || target === "right" ? `end:${target}` : `pile:${target}`];
  if (verb === "claim") return [`hand:${card}`, `run:${target}`];
  return [];
}

export function label(action) {
  const [verb, card, target] = action.split(" ");
  if (verb === "place") {
    return target === "left" || target === "right" ? `Place ${card} as a new pile at the ${target}` : `Place ${card} on pile ${target}`;
  }
  if (verb === "claim") return `Claim piles ${target}–${Number(target) + 2} with ${card}`;
  if (verb === "end") return "End the turn";
  if (verb === "pass") return "Pass";
  return action;
}

export function scores(observation) {
  return observation.collected;
}

export function boardHint() {
  return "Tap a card in your hand, then where it goes.";
}
