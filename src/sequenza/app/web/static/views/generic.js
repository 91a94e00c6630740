// The generic view: any game's observation as labelled fields, every action a button.

import { h, words } from "../dom.js";
import { seatDot } from "../cards.js";
import { t } from "../i18n.js";

const HIDDEN_FIELDS = new Set(["game", "players", "seat", "to_act", "over", "result", "turn"]);

export function render(observation, ctx) {
  const rows = Object.entries(observation)
    .filter(([name]) => !HIDDEN_FIELDS.has(name))
    .map(([name, value]) => h("div.field", {}, h("dt", {}, words(name)), h("dd", {}, formatValue(name, value, ctx))));
  return h("dl.generic-view", {}, rows);
}

// Fields that hold one value per seat, by their name.
const PER_SEAT = /(sizes|scores?|collected|_piles|holds_|chips)$/;

function formatValue(name, value, ctx) {
  if (value === null || value === undefined) return h("span.muted", {}, "—");
  if (Array.isArray(value)) {
    if (PER_SEAT.test(name) && value.length === ctx.players && value.every((item) => typeof item !== "object" || item === null)) {
      return h("span.per-seat", {}, value.map((item, seat) => h("span.seat-value", {}, seatDot(seat), ` ${ctx.names[seat]}: ${item ?? "—"}`)));
    }
    if (value.every((item) => typeof item !== "object" || item === null)) {
      return value.length ? value.map((item) => h("span.chip-text", {}, String(item ?? "·"))) : h("span.muted", {}, t("common.none"));
    }
    return h("code.json", {}, JSON.stringify(value));
  }
  if (typeof value === "object") return h("code.json", {}, JSON.stringify(value));
  if (typeof value === "boolean") return t(value ? "common.yes" : "common.no");
  return String(value);
}

export function parts() {
  return [];
}

export function label(action) {
  return action;
}
