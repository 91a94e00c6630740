// Toy cards on the page: the played cards of each seat and your hand, a button per card.

import { h } from "/static/dom.js";

export function render(observation) {
  return h(
    "div.toy-table",
    {},
    ...observation.played.map((cards, seat) => h("p", {}, `Seat ${seat + 1} played: ${cards.join(", ") || "nothing"}`)),
    h("p", {}, `${observation.draw_pile} cards to draw`),
  );
}

export function parts() {
  return [];
}

export function label(action) {
  return `Play the ${String(action).split(" ")[1]}`;
}
