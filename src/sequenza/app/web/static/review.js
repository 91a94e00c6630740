// A review after the game: a player of a finished table asks how their moves compare with the
// strongest bot's. The server works it out in its bot workers from what that seat could see
// (POST /api/tables/{id}/review) and answers with each move, the bot's choice where it
// differs, the win chance each cost and the three costliest marked. The end screen lists the
// moves; the replay steps to the marked ones, names the better move and marks it on the board.

import { api } from "./api.js";
import { h } from "./dom.js";
import { currentLanguage, formatNumber, t } from "./i18n.js";

// The seats this screen may ask a review of: its people's seats, each opened by its token.
function reviewable(page) {
  const tokens = (page.entry && page.entry.seats) || {};
  return page.heldSeats().filter((seat) => tokens[seat] && page.table.seats[seat] && page.table.seats[seat].kind !== "bot");
}

function percent(value) {
  return formatNumber(value, { style: "percent", maximumFractionDigits: 0 });
}

function reviews(page) {
  if (!page.reviews) page.reviews = {};
  return page.reviews;
}

// Drawn again where the player is: the replay's bar and board, or the end screen.
function redraw(page) {
  if (page.replay && page.replay.frame) {
    page.drawReplayBar();
    markReviewMove(page);
  } else {
    page.render();
  }
}

async function ask(page, seat) {
  const kept = reviews(page);
  if (kept[seat]) return;
  kept[seat] = { working: true };
  redraw(page);
  try {
    const path = `/api/tables/${page.id}/review?lang=${encodeURIComponent(currentLanguage())}`;
    kept[seat] = { data: await api(path, { method: "POST", body: { token: page.entry.seats[seat], seat } }) };
  } catch (error) {
    // Refused (the bots are busy, a moment later it works): the button comes back.
    delete kept[seat];
    page.showToast(error.message);
  }
  redraw(page);
}

// The replay at the position where a reviewed move was chosen, seen from its seat.
async function showInReplay(page, seat, move) {
  if (!page.replay) await page.toggleReplay();
  if (!page.replay) return;
  page.replay.seat = String(seat);
  await page.showFrame(move.turn);
}

function askButtons(page, seats, id) {
  const names = page.names();
  return seats.map((seat) =>
    h(
      "button.review-ask",
      { type: "button", id: seats.length > 1 ? `${id}-${seat}` : id, onclick: () => ask(page, seat) },
      seats.length > 1 ? t("review.ask_for", { name: names[seat] }) : t("review.ask"),
    ),
  );
}

// The end screen's part: the button, then "reviewing...", then the list of the player's moves.
export function reviewSection(page) {
  const seats = reviewable(page);
  if (!seats.length) return null;
  const kept = reviews(page);
  const waiting = seats.filter((seat) => !kept[seat]);
  return h(
    "div.review",
    {},
    waiting.length ? h("div.review-buttons", {}, askButtons(page, waiting, "end-review")) : null,
    seats.filter((seat) => kept[seat]).map((seat) =>
      kept[seat].working ? h("p.review-working", { role: "status" }, t("review.working")) : reviewList(page, seat, kept[seat].data),
    ),
  );
}

function reviewList(page, seat, data) {
  const names = page.names();
  const several = reviewable(page).length > 1;
  const title = several ? t("review.title_for", { name: names[seat], level: data.level_label }) : t("review.title", { level: data.level_label });
  if (!data.moves.length) {
    return h("section.review-list", { "aria-label": title }, h("h3.review-title", {}, title), h("p.review-how", {}, t("review.none")));
  }
  const same = data.moves.filter((move) => move.played === move.better).length;
  const marked = data.moves.filter((move) => move.marked);
  return h(
    "section.review-list",
    { "aria-label": title },
    h("h3.review-title", {}, title),
    h("p.review-how", {}, t("review.how", { count: data.games_per_move }), " ", t("review.margin", { share: percent(data.noticeable) })),
    h("p.review-summary", {}, t("review.same", { count: data.moves.length, same })),
    data.moves.length < data.decisions ? h("p.review-how", {}, t("review.partial", { count: data.moves.length, total: data.decisions })) : null,
    h("p.review-summary", {}, marked.length ? t("review.marked_note") : t("review.no_mistakes")),
    h(
      "div.review-moves",
      { tabindex: 0, role: "region", "aria-label": title },
      h(
        "table.review-table",
        {},
        h("thead", {}, h("tr", {}, h("th", {}, t("review.col_move")), h("th", {}, t("review.col_played")), h("th", {}, t("review.col_better")), h("th", {}, t("review.col_cost")), h("th", {}, t("nav.replay")))),
        h(
          "tbody",
          {},
          data.moves.map((move) => {
            const agreed = move.played === move.better;
            return h(
              "tr",
              { class: move.marked ? "review-costly" : "", dataset: { turn: move.turn } },
              h("td.num", {}, move.marked ? h("span.review-star", { title: t("review.marked") }, "★ ") : null, formatNumber(move.turn + 1)),
              h("td", {}, move.played_text),
              h("td", {}, agreed ? h("span.review-same", {}, t("review.same_move")) : move.better_text),
              h(
                "td.num",
                { class: agreed || move.noticeable ? "num" : "num review-noise" },
                // The column says "lost": the share itself, with no minus sign to read twice.
                agreed ? "—" : percent(Math.max(move.cost, 0)),
              ),
              h("td", {}, move.marked ? h("button.ghost.review-show", { type: "button", onclick: () => showInReplay(page, seat, move) }, t("review.show")) : null),
            );
          }),
        ),
      ),
    ),
  );
}

// The marked moves of the reviews at this screen, the costliest first, with their seat.
function markedMoves(page) {
  const found = [];
  for (const [seat, kept] of Object.entries(reviews(page))) {
    if (!kept.data) continue;
    const byIndex = new Map(kept.data.moves.map((move) => [move.index, move]));
    for (const index of kept.data.costliest) {
      if (byIndex.has(index)) found.push({ seat: Number(seat), move: byIndex.get(index) });
    }
  }
  return found;
}

// The replay bar's part: the button to ask, or a button for each marked move and, at one,
// what was played there and the better move.
export function reviewReplayControls(page) {
  const seats = reviewable(page);
  if (!seats.length) return null;
  const kept = reviews(page);
  const waiting = seats.filter((seat) => !kept[seat]);
  const working = seats.some((seat) => kept[seat] && kept[seat].working);
  const marked = markedMoves(page);
  const here = marked.find(({ move }) => move.turn === page.replay.turn);
  return h(
    "div.review-replay",
    {},
    waiting.length ? askButtons(page, waiting, "replay-review") : null,
    working ? h("span.review-working", { role: "status" }, t("review.working")) : null,
    marked.map(({ seat, move }, number) =>
      h(
        "button.review-jump",
        {
          type: "button",
          class: here && here.move === move ? "review-jump current" : "review-jump",
          title: t("review.costly", { number: number + 1, turn: move.turn + 1 }),
          "aria-label": t("review.costly", { number: number + 1, turn: move.turn + 1 }),
          onclick: () => showInReplay(page, seat, move),
        },
        `★ ${formatNumber(number + 1)}`,
      ),
    ),
    here
      ? h(
          "p.review-note",
          { role: "status" },
          t("review.here", {
            played: here.move.played_text,
            played_chance: percent(here.move.played_chance),
            better: here.move.better_text,
            better_chance: percent(here.move.better_chance),
          }),
        )
      : null,
  );
}

// On the replay's board, at a marked move's position: the better move's parts, as a hint's.
export function markReviewMove(page) {
  const replay = page.replay;
  if (!replay || !replay.observation) return;
  const here = markedMoves(page).find(({ move }) => move.turn === replay.turn);
  const parts = new Set(here ? page.view.parts(here.move.better, replay.observation) : []);
  for (const element of page.board.querySelectorAll("[data-part]")) {
    element.classList.toggle("review-better", parts.has(element.dataset.part));
  }
}
