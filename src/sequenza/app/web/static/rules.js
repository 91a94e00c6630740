// The rules of a game, one click away, in a dialog.

import { fill, h } from "./dom.js";

export function showDialog(title, ...content) {
  const dialog = document.getElementById("dialog");
  fill(dialog,
    h(
      "form.dialog-body",
      { method: "dialog" },
      h("div.dialog-head", {}, h("h2", {}, title), h("button.close", { value: "close", "aria-label": "Close" }, "×")),
      h("div.dialog-content", {}, ...content),
    ),
  );
  dialog.showModal();
  return dialog;
}

export function showRules(game, options = {}) {
  const changed = Object.entries(options);
  return showDialog(
    `${game.name}: rules`,
    changed.length
      ? h("p.rules-options", {}, "This table plays with: ", changed.map(([name, value]) => `${name} = ${value}`).join(", "))
      : null,
    h("pre.rules-text", {}, game.rules),
  );
}
