// The server's JSON API. Errors become exceptions that carry the server's message, in the
// player's words where its code is known.

import { errorText } from "./i18n.js";

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
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
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
    const [games, bots] = await Promise.all([api("/api/games"), api("/api/bots")]);
    catalog = { games: new Map(games.map((game) => [game.id, game])), bots };
  }
  return catalog;
}
