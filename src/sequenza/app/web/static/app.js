// The page: the lobby at "/", a table at "/t/ID", the designer's workshop at "/workshop".
// No build step: plain modules.

import { fill, h } from "./dom.js";
import { languagePicker, loadMessages, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showMyGames } from "./mygames.js";
import { showTable } from "./table.js";
import { showWorkshop } from "./workshop.js";

const root = document.getElementById("app");
const match = window.location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);

try {
  await loadMessages();
  fill(document.getElementById("language"), languagePicker());
  if (window.location.pathname === "/") {
    await showLobby(root);
  } else if (window.location.pathname === "/me") {
    await showMyGames(root);
  } else if (window.location.pathname === "/workshop") {
    await showWorkshop(root);
  } else if (match) {
    await showTable(root, match[1]);
  } else {
    fill(root, h("p.notice", {}, `${t("page.nothing_here")} `, h("a", { href: "/" }, t("page.back_to_tables"))));
  }
} catch (error) {
  console.error(error);
  fill(root,
    h("div.notice.error", {}, h("p", {}, String(error.message || error)), h("a", { href: "/" }, t("page.back_to_tables"))),
  );
}
