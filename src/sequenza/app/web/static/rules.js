// The rules of a game, one click away, in a dialog: prose for people with pictures of real
// cards, from the game's own rules page (``guide.js`` in its package, served at
// /games/<id>/guide.js).

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

export function showDialog(title, ...content) {
  const dialog = document.getElementById("dialog");
  fill(dialog,
    h(
      "form.dialog-body",
      { method: "dialog" },
      h("div.dialog-head", {}, h("h2", {}, title), h("button.close", { value: "close", "aria-label": t("dialog.close") }, "×")),
      h("div.dialog-content", {}, ...content),
    ),
  );
  dialog.showModal();
  return dialog;
}

// ``options``: the table's own choices (the defaults fill the rest); ``table``: its summary,
// for the player count and the names, when there is a table.
export async function showRules(game, options = {}, table = null) {
  const values = Object.fromEntries((game.options || []).map((spec) => [spec.name, spec.default]));
  Object.assign(values, options);
  const context = {
    options: values,
    players: table ? table.players : null,
    names: table ? table.seats.map((seat) => seat.name) : null,
    atTable: Boolean(table && table.id),
    // The rules for people as the server words them in the page's language (a mode file's
    // page draws them: its rules travel in the file).
    text: game.rules || "",
  };
  const page = (await import(`/games/${encodeURIComponent(game.id)}/guide.js`)).rules(context);
  return showDialog(t("rules.title", { game: game.name }), h("div.rules-page", {}, page));
}
