// Seat tokens this browser holds, kept in localStorage: {tableId: {game, created, seats:
// {seat: token}, invites: {seat: code}, outbox}}. "seats" are played on this screen;
// "invites" are the invitation codes of the links the creator hands to friends (each opens
// its seat once, for a token of the friend's own); "outbox" is a move made and not yet
// answered by the server.

const KEY = "sequenza.tables";

function readAll() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

function writeAll(data) {
  localStorage.setItem(KEY, JSON.stringify(data));
}

export function tableEntry(tableId) {
  const entry = readAll()[tableId] || {};
  return { seats: {}, invites: {}, ...entry };
}

export function saveEntry(tableId, entry) {
  const data = readAll();
  data[tableId] = { ...tableEntry(tableId), ...entry, touched: Date.now() };
  writeAll(data);
}

export function addSeatToken(tableId, seat, token) {
  const entry = tableEntry(tableId);
  entry.seats[seat] = token;
  saveEntry(tableId, entry);
}

export function dropSeatTokens(tableId) {
  const entry = tableEntry(tableId);
  entry.seats = {};
  saveEntry(tableId, entry);
}

export function myTables() {
  return Object.entries(readAll())
    .filter(([, entry]) => entry.seats && Object.keys(entry.seats).length)
    .sort((a, b) => (b[1].touched || 0) - (a[1].touched || 0))
    .map(([id, entry]) => ({ id, ...entry }));
}

export function saveOutbox(tableId, outbox) {
  const data = readAll();
  const entry = { ...tableEntry(tableId), touched: Date.now() };
  if (outbox) entry.outbox = outbox;
  else delete entry.outbox;
  data[tableId] = entry;
  writeAll(data);
}
