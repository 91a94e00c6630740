// Drawings shared by the games: Sequentia cards, card backs, empty slots, playing cards.

import { h } from "./dom.js";

// "2:131+" -> {digit: 2, code: "131", bonus: true}
export function parseSequentia(text) {
  const match = /^([123]):([123]{3})(\+?)$/.exec(text || "");
  if (!match) return null;
  return { digit: Number(match[1]), code: match[2], bonus: match[3] === "+" };
}

export function sequentiaCard(text, { part, key, className = "", title } = {}) {
  const card = parseSequentia(text);
  if (!card) return h("div.scard.back", { dataset: { part, key } });
  return h(
    `div.scard.d${card.digit}${className ? `.${className.split(" ").join(".")}` : ""}`,
    {
      dataset: { part, key: key === undefined ? text : key, card: text },
      title: title || `${text}: shows ${card.digit}, asks for ${card.code.split("").join("-")}${card.bonus ? ", bonus card" : ""}`,
    },
    h("span.big", {}, card.digit),
    h("span.code", {}, [...card.code].map((digit) => h(`span.c${digit}`, {}, digit))),
    card.bonus ? h("span.bonus", {}, "+") : null,
  );
}

export function cardBack({ key, title, className = "" } = {}) {
  return h(`div.scard.back${className ? `.${className}` : ""}`, { dataset: { key }, title });
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
