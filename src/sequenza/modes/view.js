// A mode file's table on the page, drawn from the places its observation declares (a grid or
// a row of piles, each seat's hand, target and score pile, the cards out of play), with each
// card as its text. The generic view that a mode's own words and card faces will replace.

import { h } from "/static/dom.js";

function cardText(card) {
  return card === null || card === undefined ? "·" : String(card);
}

function table(place) {
  const cells = place.cells.map((pile) =>
    h("td", {}, pile.length ? `${cardText(pile[pile.length - 1])} (${pile.length})` : "·"),
  );
  if (place.kind === "grid") {
    const [rows, columns] = place.shape;
    const lines = [];
    for (let row = 0; row < rows; row += 1) {
      lines.push(h("tr", {}, ...cells.slice(row * columns, (row + 1) * columns)));
    }
    return h("table.mode-grid", {}, ...lines);
  }
  return h("table.mode-row", {}, h("tr", {}, ...cells));
}

export function render(observation) {
  const places = observation.places;
  const seats = places
    .filter((place) => place.seat !== null)
    .map((place) =>
      h(
        "p",
        {},
        `${place.name} ${place.seat + 1}: ` +
          (place.cards === null ? `${place.size}` : place.cards.map(cardText).join(" ") || "-"),
      ),
    );
  const out = places.filter((place) => place.kind === "out").map((place) => h("p", {}, `${place.name}: ${place.size}`));
  return h(
    "div.mode-table",
    {},
    table(places[0]),
    h("p", {}, `deck: ${observation.deck_size}`),
    ...seats,
    ...out,
  );
}

export function parts() {
  return [];
}

export function label(action) {
  return String(action);
}
