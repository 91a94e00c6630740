// "My games": the finished games this browser's player key played, with their results, the
// win rates against people and against each bot, a link to each replay, and the link that
// carries the key (and so the history) to another device.

import { api, loadCatalog } from "./api.js";
import { fill, h } from "./dom.js";
import { formatDate, formatNumber, t } from "./i18n.js";
import { playerKey, takePlayerLink } from "./player.js";

export async function showMyGames(root) {
  const moved = takePlayerLink();
  document.title = `${t("me.title")} · Sequenza`;
  document.getElementById("title").textContent = t("me.title");
  fill(document.getElementById("nav"), h("a.nav-button", { href: "/" }, t("nav.tables")));
  const key = playerKey();
  const { games } = await loadCatalog();
  const played = key ? await api("/api/players/games", { method: "POST", body: { key } }) : [];
  const link = `${window.location.origin}/me#player=${key}`;
  const input = h("input.invite-link.player-link", { type: "text", readonly: true, value: link, onfocus: (event) => event.target.select() });
  fill(root,
    h(
      "div.my-games",
      {},
      moved ? h("p.notice", { role: "status" }, t("me.moved")) : null,
      h("section.panel", {}, h("h2", {}, t("me.rates")), rates(played)),
      h("section.panel", {}, h("h2", {}, t("me.finished")), played.length ? gameList(played, games) : h("p.muted", {}, t("me.empty"))),
      h("section.panel", {}, h("h2", {}, t("me.key_title")), h("p.hint", {}, t("me.key_text")), input),
    ),
  );
}

// Won, lost or shared: the player's seat among the winners, alone or with everyone.
function outcome(game) {
  const winners = game.result ? game.result.winners : [];
  if (!game.mine.some((seat) => winners.includes(seat))) return "lost";
  return winners.length === game.players ? "shared" : "won";
}

function opponents(game) {
  return game.seats.filter((seat) => !game.mine.includes(seat.seat));
}

function rates(played) {
  // Against people: every other seat a person's; against a bot: the other seats that bot's.
  const groups = new Map();
  for (const game of played) {
    const others = opponents(game);
    const bots = new Set(others.filter((seat) => seat.kind === "bot").map((seat) => seat.bot));
    const key = bots.size === 0 ? "people" : bots.size === 1 && others.every((seat) => seat.kind === "bot") ? `bot:${[...bots][0]}` : "mixed";
    const group = groups.get(key) || { played: 0, won: 0 };
    group.played += 1;
    group.won += outcome(game) === "won" ? 1 : 0;
    groups.set(key, group);
  }
  if (!groups.size) return h("p.muted", {}, t("me.empty"));
  const label = (key) => (key === "people" ? t("me.vs_people") : key === "mixed" ? t("me.vs_mixed") : t("me.vs_bot", { bot: key.slice(4) }));
  return h("ul.rate-list", {},
    [...groups.entries()].map(([key, group]) =>
      h("li.rate", { dataset: { against: key } }, h("strong", {}, label(key)), " ",
        t("me.rate", { won: group.won, played: group.played, percent: formatNumber(Math.round((100 * group.won) / group.played)) }))),
  );
}

function gameList(played, games) {
  const words = { won: t("me.won"), lost: t("me.lost"), shared: t("me.shared") };
  return h("ul.table-list.my-game-list", {},
    played.map((game) => {
      const result = outcome(game);
      const names = opponents(game).map((seat) => seat.name).join(", ");
      return h(
        "li.table-line.my-game",
        { dataset: { table: game.id, result } },
        h("span.badge", {}, words[result]), " ",
        h("strong", {}, games.get(game.game)?.name || game.name || game.game), ` · ${names} · `,
        h("time.table-date", { datetime: new Date(game.created * 1000).toISOString() }, formatDate(game.created)), " ",
        h("a.replay-link", { href: `/t/${game.id}` }, t("me.replay")),
      );
    }),
  );
}
