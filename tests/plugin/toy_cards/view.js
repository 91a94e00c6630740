// Toy cards on the page: the played cards of each seat and your hand, a button per card, in the
// words of the game's own catalogue (locale/, sent with the page's words).

import { h } from "/static/dom.js";
import { list, t } from "/static/i18n.js";

export function render(observation) {
  return h(
    "div.toy-table",
    {},
    ...observation.played.map((cards, seat) =>
      h("p", {}, t("test_toy.played", { seat: seat + 1, cards: cards.length ? list(cards.map(String)) : t("test_toy.nothing") })),
    ),
    h("p", {}, t("test_toy.to_draw", { count: observation.draw_pile })),
  );
}

export function parts() {
  return [];
}

export function label(action) {
  return t("test_toy.play", { card: String(action).split(" ")[1] });
}
