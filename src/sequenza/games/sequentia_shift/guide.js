// Sequentia · Shift for people: slide cards until a row shows your target's code.

import { sequentiaCard, slot } from "/static/cards.js";
import { h } from "/static/dom.js";
import { captioned, figure, firstPlayer, optionsSection, para, plural, points, row, section, steps } from "/static/rules/common.js";

export function rules(ctx) {
  const o = ctx.options;
  return [
    para("Collect the most cards. You collect them by making a row of the grid show the code of your secret target card."),
    section(
      "The cards",
      para("Every card has a big digit, 1, 2 or 3: that is what the card shows while it lies on the grid. Below it, three small squares give its code: what the card asks for when it is your target."),
      figure(
        "On the grid this card counts as a 2. As your target it asks for a row showing 1-3-1. The gold + marks a bonus card: in Shift it plays like any other card (the mark matters only in Stack).",
        captioned(sequentiaCard("2:131", { key: "rules:a" }), "shows 2"),
        captioned(sequentiaCard("3:213+", { key: "rules:b" }), "a bonus card (+)"),
      ),
    ),
    section(
      "Setting up",
      para("Eight cards lie face up on a 3×3 grid; the centre stays empty: the hole. Each player draws one target card, which only they see (\"Your target\" on the page)."),
    ),
    section(
      "Your turn",
      steps(
        "If the eight cards on the grid do not hold your target's digits (a code of 3-3-3 needs three 3s), you must exchange it: it leaves the game, you draw a new target, and your turn ends. With the deck empty you pass instead.",
        `Slide up to ${plural(o.slide_limit, "card")}: tap a card next to the hole (left, right, above or below it, never diagonally) and it slides into the hole.`,
        "Whenever a row, read left to right, shows your target's code, you may claim it, even before your first slide. Only rows count, never columns. Its tag beside the grid turns into a \"claim\" button. You collect the row's three cards and your target: four cards.",
        "After a claim you choose which position of the grid stays empty; the deck fills the others. You draw a new target and your turn ends.",
        "You may end your turn at any time without a claim; after your last slide it ends by itself. The grid stays as you left it, and you keep your target.",
      ),
      figure(
        "This row shows 2-1-3, and your target (its code large, its own digit small in the corner, as the page shows it) asks for 2-1-3: claim the row to collect these four cards.",
        row(sequentiaCard("2:331", { key: "rules:c" }), sequentiaCard("1:123", { key: "rules:d" }), sequentiaCard("3:113+", { key: "rules:e" })),
        captioned(sequentiaCard("1:213", { key: "rules:t", className: "target" }), "your target"),
      ),
      figure(
        "The grid at the start: the hole in the centre. Only the four cards beside it (highlighted, as the page highlights what you may tap) can slide.",
        grid(["3:312", "1:133", "1:323", "3:213+", null, "2:322", "1:331", "3:313+", "2:232"], [1, 3, 5, 7]),
      ),
    ),
    section(
      "The end",
      points(
        "The game ends when the deck is empty and nobody can claim any more: every target left cannot be made, or nobody holds one.",
        `With the deck empty it also ends after ${plural(o.stall_rounds, "full round")} without a claim.`,
        // Off by default (0): the seed's game never ends while the deck holds cards.
        o.idle_rounds > 0 && `While the deck still holds cards, it ends after ${plural(o.idle_rounds, "full round")} with neither a claim nor an exchange.`,
        `Two players who keep undoing each other's slides would never finish: when the same position comes back for the ${ordinal(o.repetitions)} time, the player to act must exchange their target (or pass, with the deck empty).`,
        "The most cards collected wins; equal counts share the win.",
      ),
    ),
    optionsSection(ctx, [
      firstPlayer(o, ctx.names),
      `Up to ${plural(o.slide_limit, "slide")} a turn.`,
      `With an empty deck, the game ends after ${plural(o.stall_rounds, "full round")} without a claim.`,
      o.idle_rounds > 0 && `With cards in the deck, the game ends after ${plural(o.idle_rounds, "full round")} without a claim or an exchange.`,
    ]),
  ];
}

function ordinal(count) {
  return ["first", "second", "third", "fourth", "fifth"][count - 1] || `${count}th`;
}

function grid(cards, movable) {
  return h(
    "div.rules-grid",
    {},
    cards.map((text, position) =>
      text ? sequentiaCard(text, { key: `rules:grid:${position}`, className: movable.includes(position) ? "playable" : "" }) : slot("hole"),
    ),
  );
}
