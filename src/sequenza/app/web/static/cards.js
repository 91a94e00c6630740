// Drawings shared by the games: Sequentia cards, card backs, empty slots, playing cards.

import { h } from "./dom.js";
import { formatNumber, t } from "./i18n.js";

// What a screen reader says for the shared drawings, in the page's language ("games" catalogue).
const SPOKEN = {
  sequentia: (digit, code, bonus) => t(bonus ? "common.spoken_bonus_card" : "common.spoken_card", { digit: String(digit), code }),
  faceDown: () => t("common.face_down"),
};

// Each team or chip colour has a shape too, so that colour is never the only cue.
export const COLOUR_SHAPES = { blue: "●", green: "▲", red: "■", grey: "◆" };

// A team's colour as a mark: the colour with its shape in it, named for screen readers.
export function colourMark(colour, { name = colour, background = `var(--team-${colour})` } = {}) {
  return h("span.seat-dot.colour-mark", { role: "img", "aria-label": name, style: { background } }, COLOUR_SHAPES[colour] || "");
}

// "2:131+" read out: "digit 2, code 1-3-1, bonus card".
export function spokenSequentia(text) {
  const card = parseSequentia(text);
  if (!card) return SPOKEN.faceDown();
  return SPOKEN.sequentia(card.digit, card.code.split("").join("-"), card.bonus);
}

// "2:131+" -> {digit: 2, code: "131", bonus: true}
export function parseSequentia(text) {
  const match = /^([123]):([123]{3})(\+?)$/.exec(text || "");
  if (!match) return null;
  return { digit: Number(match[1]), code: match[2], bonus: match[3] === "+" };
}

export function sequentiaCard(text, { part, key, className = "", title } = {}) {
  const card = parseSequentia(text);
  if (!card) return h("div.scard.back", { dataset: { part, key }, role: "img", "aria-label": SPOKEN.faceDown() });
  return h(
    `div.scard.d${card.digit}${className ? `.${className.split(" ").join(".")}` : ""}`,
    {
      dataset: { part, key: key === undefined ? text : key, card: text },
      title: title || t(card.bonus ? "common.card_title_bonus" : "common.card_title", { card: text, digit: String(card.digit), code: card.code.split("").join("-") }),
      role: part ? null : "img",
      "aria-label": spokenSequentia(text),
    },
    h("span.big", {}, card.digit),
    h("span.code", {}, [...card.code].map((digit) => h(`span.c${digit}`, {}, digit))),
    card.bonus ? h("span.bonus", {}, "+") : null,
  );
}

// A sentence of the log with each Sequentia card it names ("2:131+") drawn as a small card,
// read out as the card it is: the rest of the sentence stays text.
export function withSmallCards(text) {
  const parts = [];
  let last = 0;
  for (const found of String(text).matchAll(/\b([123]):([123]{3})(\+?)/g)) {
    if (found.index > last) parts.push(text.slice(last, found.index));
    const [card, digit, code, bonus] = found;
    parts.push(
      h(
        `span.mini-card.d${digit}`,
        { role: "img", "aria-label": spokenSequentia(card), title: card },
        h("span.mini-digit", {}, digit),
        h("span.mini-code", {}, [...code].map((each) => h(`span.c${each}`, {}, each))),
        bonus ? h("span.mini-bonus", {}, "+") : null,
      ),
    );
    last = found.index + card.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function cardBack({ key, title, className = "" } = {}) {
  return h(`div.scard.back${className ? `.${className}` : ""}`, { dataset: { key }, title, role: "img", "aria-label": title || SPOKEN.faceDown() });
}

export function slot(label, { part } = {}) {
  return h("div.slot", { dataset: { part } }, label);
}

// A seat's mark: its colour with its number in it, the number the lobby gave the seat, so that
// colour is never the only cue. The name always stands next to it: screen readers skip it.
export function seatDot(seat) {
  return h("span.seat-dot.seat-mark", { "aria-hidden": "true", style: { background: `var(--seat-${seat})`, color: `var(--seat-ink-${seat})` } }, formatNumber(seat + 1));
}

// One line per seat: a dot, the name, and what the game says about that seat.
export function seatLines(ctx, describe) {
  return h(
    "div.seat-lines",
    {},
    ctx.names.map((name, seat) =>
      h("div.seat-line", { class: `seat-line${seat === ctx.seat ? " me" : ""}` }, seatDot(seat), h("span.seat-line-name", {}, name), h("span.seat-line-info", {}, describe(seat))),
    ),
  );
}

// "3 cards" in the page's language.
export function cards(count) {
  return t("common.cards", { count });
}

// The nine positions of a 3x3 grid, row by row, by their message keys.
const POSITION_KEYS = [
  "common.top_left",
  "common.top",
  "common.top_right",
  "common.left",
  "common.centre",
  "common.right",
  "common.bottom_left",
  "common.bottom",
  "common.bottom_right",
];

// "top left": a grid position's name in the page's language.
export function positionName(position) {
  return t(POSITION_KEYS[position]);
}

const OWN_KEYS = { hand: ["common.your_hand", "common.someones_hand"], target: ["common.your_target", "common.someones_target"] };

// "Your hand" at the table; "Ada's hand" when a replay shows another seat's view.
export function ownLabel(ctx, what) {
  const [yours, someones] = OWN_KEYS[what];
  return ctx.replay ? t(someones, { name: ctx.names[ctx.seat] }) : t(yours);
}
