// Drawings shared by the games: Sequentia cards, card backs, empty slots, playing cards.

import { h } from "./dom.js";

// What a screen reader says for the shared drawings (one place, to translate).
const SPOKEN = {
  sequentia: (digit, code, bonus) => `digit ${digit}, code ${code}${bonus ? ", bonus card" : ""}`,
  faceDown: "a face-down card",
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
  if (!card) return SPOKEN.faceDown;
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
  if (!card) return h("div.scard.back", { dataset: { part, key }, role: "img", "aria-label": SPOKEN.faceDown });
  return h(
    `div.scard.d${card.digit}${className ? `.${className.split(" ").join(".")}` : ""}`,
    {
      dataset: { part, key: key === undefined ? text : key, card: text },
      title: title || `${text}: shows ${card.digit}, asks for ${card.code.split("").join("-")}${card.bonus ? ", bonus card" : ""}`,
      role: part ? null : "img",
      "aria-label": spokenSequentia(text),
    },
    h("span.big", {}, card.digit),
    h("span.code", {}, [...card.code].map((digit) => h(`span.c${digit}`, {}, digit))),
    card.bonus ? h("span.bonus", {}, "+") : null,
  );
}

export function cardBack({ key, title, className = "" } = {}) {
  return h(`div.scard.back${className ? `.${className}` : ""}`, { dataset: { key }, title, role: "img", "aria-label": title || SPOKEN.faceDown });
}

export function slot(label, { part } = {}) {
  return h("div.slot", { dataset: { part } }, label);
}

export function seatDot(seat) {
  return h("span.seat-dot", { style: { background: `var(--seat-${seat})` } });
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

export function plural(count, word, many = `${word}s`) {
  return `${count} ${count === 1 ? word : many}`;
}

export const POSITION_NAMES = ["top left", "top", "top right", "left", "centre", "right", "bottom left", "bottom", "bottom right"];

// "Your hand" at the table; "Ada's hand" when a replay shows another seat's view.
export function ownLabel(ctx, what) {
  return ctx.replay ? `${ctx.names[ctx.seat]}'s ${what}` : `Your ${what}`;
}
