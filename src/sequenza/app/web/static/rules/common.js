// Small builders shared by the rules pages: sections, numbered steps, pictures of real cards
// drawn by the page's own card drawing, and the table's options in words.

import { h } from "../dom.js";

export function section(title, ...content) {
  return h("section.rules-section", {}, h("h3", {}, title), ...content);
}

export function para(...content) {
  return h("p", {}, ...content);
}

export function steps(...items) {
  return h("ol", {}, items.map((item) => h("li", {}, item)));
}

export function points(...items) {
  return h("ul", {}, items.filter(Boolean).map((item) => h("li", {}, item)));
}

// A felt-coloured strip of cards with a caption, as they look at the table.
export function figure(caption, ...items) {
  return h("figure.rules-figure", {}, ...items, h("figcaption", {}, caption));
}

export function captioned(item, caption) {
  return h("div.with-caption", {}, item, h("span", {}, caption));
}

export function row(...items) {
  return h("div.mini-row", {}, ...items);
}

export function plural(count, word, many = `${word}s`) {
  return `${count} ${count === 1 ? word : many}`;
}

export function firstPlayer(options, names) {
  if (options.random_first_player) return "The first player is picked at random when the table is dealt.";
  return `${names && names.length ? names[0] : "The first seat"} starts; play goes round the table in seat order.`;
}

// The options in words: at a table, the ones it plays with; in the lobby, the defaults. A
// translated rules page gives its own title.
export function optionsSection(ctx, lines, title = ctx.atTable ? "This table's options" : "Options (the defaults; change them when you start a table)") {
  return section(
    title,
    h("ul.rules-options-list", {}, lines.filter(Boolean).map((line) => h("li", {}, line))),
  );
}
