// Small builders shared by the rules pages: sections, numbered steps, pictures of real cards
// drawn by the page's own card drawing, and the table's options in words.

import { h } from "../dom.js";
import { t } from "../i18n.js";

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

// Who starts, in the words of the games catalogue's "common.guide_..." messages.
export function firstPlayer(options, names) {
  if (options.random_first_player) return t("common.guide_first_random");
  return t("common.guide_first_seat", { name: names && names.length ? names[0] : t("common.guide_first_seat_name") });
}

// The options in words: at a table, the ones it plays with; in the lobby, the defaults.
export function optionsSection(ctx, lines) {
  return section(
    t(ctx.atTable ? "common.guide_options_table" : "common.guide_options_defaults"),
    h("ul.rules-options-list", {}, lines.filter(Boolean).map((line) => h("li", {}, line))),
  );
}
