// Sequence Stacks for people: build shared colour piles from 1 to 5 and collect chips; five
// chips with at least two of each colour win.

import { h } from "/static/dom.js";
import { card } from "./view.js";
import { captioned, figure, firstPlayer, optionsSection, para, plural, points, section, steps } from "/static/rules/common.js";

export function rules(ctx) {
  const o = ctx.options;
  const two = ctx.players === 2;
  return [
    para("Be the first to hold 5 chips with at least 2 red and 2 blue: you win at once."),
    section(
      "The cards",
      para("Blue and red number cards from 1 to 5, wild cards of each colour, and colourless action cards: Skip, Reverse, Steal a card, Block and Steal a chip."),
      figure(
        "A blue 3, a red wild (it counts as the number its pile needs next), and the five action cards.",
        captioned(card("blue-3", { key: "rules:a" }), "blue 3"),
        captioned(card("red-wild", { key: "rules:b" }), "red wild"),
        ...["skip", "reverse", "steal-card", "block", "steal-chip"].map((face) => card(face, { key: `rules:${face}` })),
      ),
      para(two ? "With 2 players some action cards are left out: every Reverse, and one each of Block, Steal a card and Skip, and two Steal a chip." : "With 2 players some action cards are left out (every Reverse among them)."),
    ),
    section(
      "The piles",
      para("The piles in the middle are shared: at most two of each colour at a time. A pile starts with a 1 or a wild of its colour and goes up by one, in its colour, to 5."),
      figure(
        "A blue pile at 3 (1, 2, then a wild standing for 3): a blue 4 or a blue wild goes on it next.",
        h("div.mini-row", {}, ["blue-1", "blue-2", "blue-wild"].map((face, index) => card(face, { key: `rules:pile${index}` }))),
        captioned(card("blue-4", { key: "rules:next" }), "fits next"),
      ),
    ),
    section(
      "Your turn",
      steps(
        `Draw until you hold ${plural(o.draw_up_to, "card")} (the page does it).`,
        "Play as many cards as you like, in any order, each from your hand or from the top of your own discard pile: a number or a wild onto a pile of its colour where it fits, or as a new pile (a 1 or a wild) while its colour has fewer than two piles. Skip: the next player loses their next turn. Reverse: play changes direction. Steal a card: take the top card of another player's discard pile into your hand. Steal a chip: take one chip from another player, but not one that would make you win. If your hand empties you draw 5 more and go on.",
        "Placing a 5 (or a wild standing for 5) completes the pile. Every other player, in turn, may answer with a Block from their hand: the pile is thrown away and nobody gets a chip. Otherwise you take a chip of the pile's colour, if any are left. Either way the pile's cards are set aside.",
        "End your turn by discarding one card from your hand onto your own discard pile, which everyone sees.",
      ),
      para("When another player completes a pile and you hold a Block, the page asks you to block it or let the pile score: that is an answer, not your turn."),
    ),
    section(
      "The end",
      points(
        "The first player with 5 chips, at least 2 of each colour, wins at once.",
        "When the draw pile is empty, the set-aside cards are shuffled into a new one.",
        `When the draw pile and the set-aside cards are both gone, the game ends after ${plural(o.stall_rounds, "full round")} with no chip taken: the most chips win, equal counts share.`,
        `Once a colour's chips have all been taken, nobody may be able to win any more: then the game ends after ${plural(o.chipless_round_limit, "full round")} with no chip taken, the most chips winning.`,
      ),
    ),
    optionsSection(ctx, [
      firstPlayer(o, ctx.names),
      `At the start of a turn, draw up to ${plural(o.draw_up_to, "card")} (with an empty hand, always 5).`,
      `With no cards left to draw, the game ends after ${plural(o.stall_rounds, "full round")} without a chip.`,
      `Once a colour's chips are gone, the game ends after ${plural(o.chipless_round_limit, "full round")} without a chip.`,
    ]),
  ];
}
