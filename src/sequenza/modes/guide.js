// The rules of a mode file for people: the file's rules text in the page's language (with the
// table's options), as the server gives it with the game's facts ("rules", the rulebook page
// the kit wrote from the file), drawn from its few marks: "# " and "## " headings, "- " points
// with `code` in them, and paragraphs whose lines the designer wrapped.

import { h } from "/static/dom.js";
import { para, points, section } from "/static/rules/common.js";

// A line's text with its `code` spans.
function inline(text) {
  return text.split(/(`[^`]*`)/).filter(Boolean).map((part) => (part.startsWith("`") && part.endsWith("`") && part.length > 1 ? h("code", {}, part.slice(1, -1)) : part));
}

export function rules({ text = "" } = {}) {
  const parts = [];
  let current = null;
  const into = (node) => (current ? current.append(node) : parts.push(node));
  for (const block of String(text).split(/\n\s*\n/)) {
    const lines = block.split("\n").map((line) => line.trim()).filter(Boolean);
    if (!lines.length) continue;
    // The page's title names the mode already; a "##" heading opens a section.
    if (lines[0].startsWith("# ")) continue;
    if (lines[0].startsWith("## ")) {
      current = section(lines[0].slice(3));
      parts.push(current);
      continue;
    }
    if (lines.every((line) => line.startsWith("- "))) {
      into(points(...lines.map((line) => inline(line.slice(2)))));
      continue;
    }
    into(para(...inline(lines.join(" "))));
  }
  return parts;
}
