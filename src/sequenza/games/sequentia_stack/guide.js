// Sequentia · Stack for people: build a row of four piles, claim three whose top digits
// spell the code of a card in your hand.

import { h } from "/static/dom.js";
import { sequentiaCard } from "/static/cards.js";
import { captioned, figure, firstPlayer, optionsSection, para, plural, points, section, steps } from "/static/rules/common.js";

export function rules(ctx) {
  const o = ctx.options;
  return [
    para("Collect the most cards. You collect them by showing, with the top cards of three neighbouring piles, the code of a card you hold."),
    section(
      "The cards",
      para("Every card has a big digit, 1, 2 or 3: what a pile shows while the card lies on top of it. Below it, three small squares give its code: what the card asks for when you claim with it. A gold + marks a bonus card: after placing it you play on (see your turn)."),
      figure(
        "Left: a card showing 1 that asks for 2-3-1. Right: a bonus card (+) showing 2.",
        captioned(sequentiaCard("1:231", { key: "rules:a" }), "shows 1, asks for 2-3-1"),
        captioned(sequentiaCard("2:312+", { key: "rules:b" }), "a bonus card (+)"),
      ),
    ),
    section(
      "Setting up",
      para(`Each player draws ${plural(o.hand_size, "card")}, which only they see. The table holds a row of at most four piles, numbered pile 1 to pile 4 from the left; it starts empty.`),
    ),
    section(
      "Your turn",
      steps(
        "Place one card from your hand face up. While the row has fewer than four piles, it starts a new pile at the left or the right end of the row. Once there are four, it goes on top of any pile.",
        "After a card without the + you either end your turn or claim. After a bonus card (+) you must, if you can, place another card (by the same rule) or claim; only when you can do neither does your turn end.",
        `To claim, three neighbouring piles (piles 1–3 or piles 2–4) must show, left to right, the code of a card in your hand. You reveal that card and collect it with every card of the three piles. Your turn ends.${o.claim_must_include_last_pile ? " At this table the three piles must include the pile you just played on." : " Any three neighbouring piles count, not only those with the pile you just played on."}`,
        `At the end of your turn you draw back up to ${plural(o.hand_size, "card")}, as far as the deck allows.`,
      ),
      figure(
        "Piles 1–3 show 2-3-1 and your hand holds the card that asks for 2-3-1: claim them to collect the three piles and that card.",
        h("div.mini-row", {}, ["2:111", "3:113+", "1:131", "2:221"].map((text, index) => captioned(sequentiaCard(text, { key: `rules:p${index}` }), `pile ${index + 1}`))),
        captioned(sequentiaCard("1:231", { key: "rules:hand" }), "in your hand"),
      ),
    ),
    section(
      "The end",
      points(
        "After a claim one pile is left; players build the row back to four piles at either end.",
        "A player with no card in hand passes.",
        "The game ends when the deck and every hand are empty. The most cards collected wins; equal counts share the win.",
      ),
    ),
    optionsSection(ctx, [
      firstPlayer(o, ctx.names),
      `Hands of ${plural(o.hand_size, "card")}.`,
      o.claim_must_include_last_pile ? "A claim's three piles must include the pile just played on." : "A claim may use any three neighbouring piles.",
    ]),
  ];
}
