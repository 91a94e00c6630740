// The page's words in the player's language, from the server's "page" catalogue: the same
// gettext .po files the server reads (src/sequenza/i18n/locale), sent as JSON by
// /api/messages. t("key", {name}) fills named placeholders; a "count" picks the plural form
// with Intl.PluralRules; numbers are written the language's way with Intl.NumberFormat.
// The language is the player's choice (the picker, kept in localStorage), else the first of
// the browser's Accept-Language that has a catalogue, else English.

import { h } from "./dom.js";

const KEY = "sequenza.language";
const SOURCE = "en";

let language = SOURCE;
let languages = [];
let messages = {};
let symbols = { decimal: ".", group: "," };
let plurals = new Intl.PluralRules(SOURCE);
let numbers = new Intl.NumberFormat(SOURCE);

function storedChoice() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

async function fetchMessages(path) {
  const response = await fetch(path);
  return response.ok ? response.json() : null;
}

// Called once before anything is drawn.
export async function loadMessages() {
  const choice = storedChoice();
  // A choice this server no longer knows falls back to the browser's languages.
  const data = (choice && await fetchMessages(`/api/messages/${encodeURIComponent(choice)}`)) || await fetchMessages("/api/messages");
  if (!data) throw new Error("The page's words could not be loaded: reload the page.");
  language = data.language;
  languages = data.languages;
  messages = data.messages;
  symbols = data.numbers;
  plurals = new Intl.PluralRules(language);
  numbers = numberFormat();
  document.documentElement.lang = language;
}

export function currentLanguage() {
  return language;
}

export function t(key, params = {}) {
  let text = messages[key];
  if (text === undefined) return key;
  if (typeof text === "object") text = text[plurals.select(params.count ?? 0)] ?? text.other;
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    const value = params[name];
    if (value === undefined || value === null) return whole;
    return typeof value === "number" ? numbers.format(value) : String(value);
  });
}

function numberFormat(options = {}) {
  if (Intl.NumberFormat.supportedLocalesOf([language]).length) return new Intl.NumberFormat(language, options);
  // A browser without the language's number data (Chromium has no Esperanto) writes the digits
  // as English does, with the language's own signs from the catalogue's CLDR data.
  const english = new Intl.NumberFormat(SOURCE, options);
  const sign = (part) => (part.type === "decimal" ? symbols.decimal : part.type === "group" ? symbols.group : part.value);
  return { format: (value) => english.formatToParts(value).map(sign).join("") };
}

// A number as the page's language writes it: "2,5" in Italian, "1 234" in Finnish.
export function formatNumber(value, options = {}) {
  return numberFormat(options).format(value);
}

// A moment (seconds since 1970, as the server sends them) as the page's language writes a date
// and a time: "3.5.2024 klo 14.07" in Finnish. A browser without the language's date data
// (Chromium has no Esperanto) writes CLDR's short form for Esperanto, ISO's "2024-05-03 14:07",
// which no reader takes for another order of day and month.
export function formatDate(seconds) {
  const date = new Date(seconds * 1000);
  if (Intl.DateTimeFormat.supportedLocalesOf([language]).length) {
    return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(date);
  }
  const two = (value) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

// Seconds left on a clock, "1:05", with the language's separator of minutes and seconds
// ("1.05" in Finnish).
export function formatClock(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const known = Intl.DateTimeFormat.supportedLocalesOf([language]).length ? language : SOURCE;
  const parts = new Intl.DateTimeFormat(known, { minute: "2-digit", second: "2-digit" }).formatToParts(new Date(2000, 0, 1, 0, 1, 5));
  const separator = parts.find((part) => part.type === "literal")?.value ?? ":";
  return `${numbers.format(Math.floor(whole / 60))}${separator}${String(whole % 60).padStart(2, "0")}`;
}

// "Ada, Bo and Cy" in the page's language.
export function list(items) {
  if (items.length < 2) return items.join("");
  return t("common.and", { first: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

// A refusal from the server in the player's words: its code says what it is. English keeps the
// server's own text, which names the details (an option, a seat).
export function errorText(code, message) {
  if (language === SOURCE || !code || messages[`error.${code}`] === undefined) return message;
  return t(`error.${code}`);
}

// The language picker of the top bar: the choice is remembered, and the page drawn again in it.
export function languagePicker() {
  const select = h(
    "select",
    {
      id: "language-picker",
      "aria-label": t("page.language"),
      onchange: () => {
        try {
          localStorage.setItem(KEY, select.value);
        } catch {
          // Private windows may refuse storage: such a page keeps the browser's language.
        }
        window.location.reload();
      },
    },
    languages.map((one) => h("option", { value: one.code, lang: one.code }, one.name)),
  );
  select.value = language;
  return select;
}
