// Sequentia · Cross for people: cover a 3x3 grid of piles with your whole hand, then collect
// the rows or the columns that show your cards' codes.

import { h } from "/static/dom.js";
import { sequentiaCard } from "/static/cards.js";
import { captioned, figure, firstPlayer, optionsSection, para, plural, points, section, steps } from "/static/rules/common.js";

export function rules(ctx) {
  const o = ctx.options;
  return [
    para("Collect the most cards. You collect whole rows or columns of piles when they show the code of a card you have just placed."),
    section(
      "The cards",
      para("Every card has a big digit, 1, 2 or 3: what a pile shows while the card lies on top of it. Below it, three small squares give its code. A gold + marks a bonus card: in Cross it plays like any other card (the mark matters only in Stack)."),
      figure(
        "A card showing 3 that asks for 1-2-2, and a bonus card (+) that plays like any other here.",
        captioned(sequentiaCard("3:122", { key: "rules:a" }), "shows 3, asks for 1-2-2"),
        captioned(sequentiaCard("1:211+", { key: "rules:b" }), "a bonus card (+)"),
      ),
    ),
    section(
      "Setting up",
      para("Nine cards are dealt face up on a 3×3 grid: nine piles of one card. Each player draws 3 cards, which only they see."),
    ),
    section(
      "Your turn",
      steps(
        "Place every card of your hand, one at a time, on top of a pile. A card may not go on a pile that shows its own digit, nor on a pile you already covered this turn (the page marks those ✓). An empty position, possible once the deck runs dry, takes any card. A card with nowhere left to go leaves the game; the page does this by itself.",
        "For each card you placed this turn, the row through it (read left to right) or the column through it (read top to bottom) may show its code: that line is a sequence.",
        "You collect a set of rows or a set of columns, never both (a row and a column share a pile). You take every card of their piles, the cards underneath included. The page offers each choice and marks with ★ the one that collects the most. Each emptied position gets a card from the deck.",
        "You draw 3 new cards, as far as the deck allows. Your turn ends.",
      ),
      figure(
        "You placed the highlighted card, which asks for 2-1-3, in the middle of the top row; the row now shows 2-1-3 left to right: collect the top row, every card of its three piles.",
        h("div.mini-row", {}, ["2:111", "1:213", "3:112"].map((text, index) => captioned(sequentiaCard(text, { key: `rules:r${index}`, className: index === 1 ? "selected" : "" }), ["top left", "top", "top right"][index]))),
      ),
    ),
    section(
      "The end",
      points(
        "The game ends when the deck is empty and no player holds a card.",
        `With the deck empty it also ends after ${plural(o.stall_rounds, "full round")} without a claim.`,
        "The most cards collected wins; equal counts share the win.",
      ),
    ),
    optionsSection(ctx, [
      firstPlayer(o, ctx.names),
      `With an empty deck, the game ends after ${plural(o.stall_rounds, "full round")} without a claim.`,
    ]),
  ];
}
