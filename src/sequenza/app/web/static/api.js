// The server's JSON API. Every request asks for the page's language (Accept-Language), so the
// server's refusals come worded in it; errors become exceptions that carry that message, or
// the page's own words for its code where it has them.

import { currentLanguage, errorText, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(message, code, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export async function api(path, { method = "GET", body } = {}) {
  const response = await fetch(path, {
    method,
    headers: { "Accept-Language": currentLanguage(), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = (data && (data.error || data.detail)) || `${response.status} ${response.statusText}`;
    throw new ApiError(errorText(data && data.code, String(message)), data && data.code, response.status);
  }
  return data;
}

let catalog = null;

// Every game's facts (name, player counts, options, rules) and the bots, fetched once.
export async function loadCatalog() {
  if (!catalog) {
    // The summaries, options' help and bots' descriptions in the page's language.
    const lang = encodeURIComponent(currentLanguage());
    const [games, bots] = await Promise.all([api(`/api/games?lang=${lang}`), api(`/api/bots?lang=${lang}`)]);
    catalog = { games: new Map(games.map((game) => [game.id, named(game)])), bots };
  }
  return catalog;
}

// A game's facts with its name in the page's language: the server sends the English name, and
// a mode file's own name in each language is in the games' words under it ("Sequentia · Mano
// scorrevole"); a name the words do not hold stays as it is.
export function named(game) {
  return { ...game, name: t(game.name) };
}
