// The page: the lobby at "/", a table at "/t/ID". No build step: plain modules.

import { fill, h } from "./dom.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";

const root = document.getElementById("app");
const match = window.location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);

try {
  if (window.location.pathname === "/") {
    await showLobby(root);
  } else if (match) {
    await showTable(root, match[1]);
  } else {
    fill(root, h("p.notice", {}, "Nothing here. ", h("a", { href: "/" }, "Back to the tables")));
  }
} catch (error) {
  console.error(error);
  fill(root,
    h("div.notice.error", {}, h("p", {}, String(error.message || error)), h("a", { href: "/" }, "Back to the tables")),
  );
}
