// Sequence and Sequence Numbers: a 10x10 board of card (or number) spaces, chips of up to
// three team colours, a hand of cards; make lines of five.

import { COLOUR_SHAPES, colourMark, ownLabel, plural } from "/static/cards.js";
import { h } from "/static/dom.js";

const LETTERS = "ABCDEFGHIJ";
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED_SUITS = new Set(["H", "D"]);

// What a screen reader says for the board and the hand (one place, to translate):
// "D3, five of spades, blue chip".
const SPOKEN = {
  board: "Board",
  space: (name, shows, chip) => `${name}, ${shows}${chip ? `, ${chip}` : ""}`,
  chip: (colour) => `${colour} chip`,
  inSequence: (chip) => `${chip}, in a sequence`,
  window: "a line you may choose",
  last: "last move",
  free: "free corner",
  card: (rank, suit) => `${rank} of ${suit}`,
  ranks: { A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", T: "ten", J: "jack", Q: "queen", K: "king" },
  suits: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  twoEyed: "a chip anywhere",
  oneEyed: "removes a chip",
  plusCard: "plus card, a chip anywhere",
  minusCard: "minus card, removes a chip",
  sum: (text) => text.replace("+", " plus ").replace("-", " minus "),
};

// A card or a space's face read out: "five of spades", "3 plus 4", "free corner".
function spokenFace(face, observation) {
  if (face === "XX") return SPOKEN.free;
  if (!isClassic(observation)) {
    if (face === "plus") return SPOKEN.plusCard;
    if (face === "minus") return SPOKEN.minusCard;
    return SPOKEN.sum(face);
  }
  const suit = face.slice(-1);
  const rank = face.slice(0, -1);
  if (!SPOKEN.suits[suit]) return face;
  const card = SPOKEN.card(SPOKEN.ranks[rank] || rank, SPOKEN.suits[suit]);
  if (rank !== "J") return card;
  return `${card}, ${face === "JC" || face === "JD" ? SPOKEN.twoEyed : SPOKEN.oneEyed}`;
}

function spaceName(index) {
  return `${LETTERS[index % 10]}${Math.floor(index / 10)}`;
}

function spaceIndex(name) {
  return Number(name.slice(1)) * 10 + LETTERS.indexOf(name[0]);
}

// The spaces of a window written "A0-E0" (both ends included, in a straight line).
function windowSpaces(name) {
  const [first, last] = name.split("-").map(spaceIndex);
  const rows = Math.floor(last / 10) - Math.floor(first / 10);
  const columns = (last % 10) - (first % 10);
  const step = Math.sign(rows) * 10 + Math.sign(columns);
  return Array.from({ length: 5 }, (_, index) => first + index * step);
}

function isClassic(observation) {
  return observation.game === "sequence";
}

// "TS" -> {rank: "10", suit: "♠", red: false}; numbers and specials pass through.
function classicFace(face) {
  const suit = face.slice(-1);
  const rank = face.slice(0, -1);
  return { rank: rank === "T" ? "10" : rank, suit: SUITS[suit] || "", red: RED_SUITS.has(suit), jack: rank === "J" };
}

export function faceText(face, observation) {
  if (observation && !isClassic(observation)) {
    if (face === "plus") return "Plus";
    if (face === "minus") return "Minus";
    return face.replace("-", "−");
  }
  if (!SUITS[face.slice(-1)]) return face;
  const card = classicFace(face);
  return `${card.rank}${card.suit}`;
}

// A card as the hand shows it; the rules page draws its pictures with it too.
export function handCard(face, observation, key) {
  const numbers = !isClassic(observation);
  if (numbers) {
    const special = face === "plus" || face === "minus";
    const note = face === "plus" ? "anywhere" : face === "minus" ? "remove" : "";
    return h(
      `div.pcard.ncard${special ? `.${face}` : ""}`,
      { dataset: { part: `hand:${face}`, key }, title: face, "aria-label": spokenFace(face, observation) },
      h("span.face", {}, special ? (face === "plus" ? "+" : "−") : face.replace("-", "−")),
      note ? h("span.note", {}, note) : null,
    );
  }
  const card = classicFace(face);
  const note = card.jack ? (face === "JC" || face === "JD" ? "anywhere" : "remove") : "";
  return h(
    `div.pcard.${card.red ? "red" : "black"}`,
    { dataset: { part: `hand:${face}`, key }, title: face, "aria-label": spokenFace(face, observation) },
    h("span.face", {}, card.rank, h("span.suit", {}, card.suit)),
    note ? h("span.note", {}, note) : null,
  );
}

// What a space shows, as text: the chip on it repeats it so that it stays readable.
function labelText(label, observation) {
  if (label === "XX") return "★";
  if (!isClassic(observation)) return label;
  const card = classicFace(label);
  return `${card.rank}${card.suit}`;
}

export function spaceLabel(label, observation) {
  if (label === "XX") return h("span.free", {}, "★");
  if (!isClassic(observation)) return h("span.num", {}, label);
  const card = classicFace(label);
  return h(`span.${card.red ? "red" : "black"}`, {}, card.rank, h("span.suit", {}, card.suit));
}

export function render(observation, ctx) {
  const labels = observation.board.map((row) => row.trim().split(/\s+/));
  const chips = observation.chips.join("");
  const groups = observation.groups.join("");
  const marked = new Set(observation.marked.map(spaceIndex));
  const choosing = new Set(observation.choose_sequence.flatMap(windowSpaces));
  const last = observation.last_action ? observation.last_action.split(" ")[2] : null;
  const lastIndex = last && /^[A-J]\d$/.test(last) ? spaceIndex(last) : null;
  const colourName = (team) => observation.colours[observation.teams.indexOf(team)] || "grey";
  const teamColour = (team) => `var(--team-${colourName(team)})`;
  // The coordinates are in every space's name already.
  const cells = [h("span.coord", { "aria-hidden": "true" })];
  for (let column = 0; column < 10; column += 1) cells.push(h("span.coord", { "aria-hidden": "true" }, LETTERS[column]));
  for (let row = 0; row < 10; row += 1) {
    cells.push(h("span.coord", { "aria-hidden": "true" }, row));
    for (let column = 0; column < 10; column += 1) {
      const index = row * 10 + column;
      const chip = chips[index];
      const classes = [`space`, `g${groups[index]}`];
      if (choosing.has(index)) classes.push("window");
      if (index === lastIndex) classes.push("last");
      const hasChip = /[0-9]/.test(chip);
      const colour = hasChip ? colourName(Number(chip)) : null;
      const chipName = hasChip ? (marked.has(index) ? SPOKEN.inSequence(SPOKEN.chip(colour)) : SPOKEN.chip(colour)) : null;
      const notes = [chipName, choosing.has(index) ? SPOKEN.window : null, index === lastIndex ? SPOKEN.last : null].filter(Boolean).join(", ");
      cells.push(
        h(
          "div.space",
          {
            class: classes.join(" "),
            dataset: { part: `space:${spaceName(index)}` },
            title: spaceName(index),
            "aria-label": SPOKEN.space(spaceName(index), spokenFace(labels[row][column], observation), notes),
          },
          spaceLabel(labels[row][column], observation),
          hasChip
            ? h(
                "span.chip",
                { class: `chip team-${colour}${marked.has(index) ? " marked" : ""}`, style: { background: teamColour(Number(chip)) }, dataset: { key: `chip:${index}` } },
                h("span.chip-shape", {}, COLOUR_SHAPES[colour] || ""),
                h("span.chip-label", {}, labelText(labels[row][column], observation)),
              )
            : null,
        ),
      );
    }
  }
  const counts = {};
  const hand = observation.hand || [];
  const teams = [...new Set(observation.teams)];
  return h(
    "div",
    { class: `board-layout sequence${isClassic(observation) ? "" : " numbers"}` },
    h(
      "div.stat-row",
      {},
      h("span", {}, "Draw pile ", h("strong", {}, observation.draw_pile)),
      teams.map((team) =>
        h(
          "span.team-score",
          {},
          colourMark(colourName(team)),
          ` ${observation.colours[observation.teams.indexOf(team)]}: ${observation.sequences[team].length} / ${observation.sequences_to_win} ${observation.sequences_to_win === 1 ? "sequence" : "sequences"}`,
        ),
      ),
    ),
    h("div.sboard", { dataset: { nav: "board" }, "aria-label": SPOKEN.board }, cells),
    ctx.seat === null
      ? null
      : h(
          "div.zone",
          {},
          h("span.zone-label", {}, observation.dead_exchanged ? `${ownLabel(ctx, "hand")} (dead card exchanged this turn)` : ownLabel(ctx, "hand")),
          h(
            "div.hand",
            { dataset: { nav: "hand" }, "aria-label": ownLabel(ctx, "hand") },
            hand.map((face) => {
              counts[face] = (counts[face] || 0) + 1;
              return handCard(face, observation, `hand:${face}:${counts[face]}`);
            }),
          ),
        ),
    h(
      "div.seat-lines",
      {},
      ctx.names.map((name, seat) => {
        const pile = observation.discards[seat];
        return h(
          "div.seat-line",
          { class: `seat-line${seat === ctx.seat ? " me" : ""}` },
          colourMark(colourName(observation.teams[seat])),
          h("span.seat-line-name", {}, name),
          h("span.seat-line-info", {}, `${plural(observation.hand_sizes[seat], "card")}${pile.length ? ` · last played ${faceText(pile[pile.length - 1], observation)}` : ""}`),
        );
      }),
    ),
  );
}

// What to do now, in the game's words.
export function prompt(observation, legal) {
  const verbs = new Set(legal.map((action) => action.split(" ")[0]));
  if (verbs.has("mark")) return "Several lines of five qualify: choose the one that becomes your sequence";
  if (verbs.size === 1 && verbs.has("pass")) return "None of your cards can be played: pass";
  const where = isClassic(observation) ? "on a space that shows it" : "on the space that shows its result";
  const dead = verbs.has("dead") ? " (a dead card, both of its spaces taken, may be exchanged first)" : "";
  return `Play a card and put a chip ${where}${dead}`;
}

// The end screen's figures: each team's sequences, its chips on the board, chips removed.
export function figures(observation, log) {
  const chips = observation.chips.join("");
  const onBoard = (team) => [...chips].filter((chip) => chip === String(team)).length;
  const removed = (seat) => log.filter((event) => event.event === "action" && event.seat === seat && String(event.action).startsWith("remove ")).length;
  const played = (seat) => observation.discards[seat].length;
  return {
    score: "Sequences",
    columns: ["Colour", "Chips on the board", "Chips removed", "Cards played"],
    rows: observation.teams.map((team, seat) => [
      observation.colours[seat] || "",
      onBoard(team),
      removed(seat),
      played(seat),
    ]),
    notes: observation.teams.length > new Set(observation.teams).size ? ["Teammates share a colour, their chips and their sequences."] : [],
  };
}

export function parts(action) {
  const [verb, face, space] = action.split(" ");
  return verb === "play" || verb === "remove" ? [`hand:${face}`, `space:${space}`] : [];
}

export function label(action, observation) {
  const [verb, first, second] = action.split(" ");
  const face = first ? faceText(first, observation || { game: /[+-]|^plus$|^minus$/.test(first) ? "sequence-numbers" : "sequence" }) : "";
  switch (verb) {
    case "play":
      return `Play ${face} on ${second}`;
    case "remove":
      return `Remove the chip on ${second} with ${face}`;
    case "dead":
      return `Exchange the dead card ${face}`;
    case "mark":
      return `Make ${first}–${second} the sequence`;
    case "pass":
      return "Pass: no card can be played";
    default:
      return action;
  }
}

export function seatColour(observation, seat) {
  return `var(--team-${observation.colours[seat] || "grey"})`;
}

// The shape that goes with a seat's colour wherever its mark is drawn (players, end screen).
export function seatShape(observation, seat) {
  return COLOUR_SHAPES[observation.colours[seat] || "grey"];
}

export function scores(observation) {
  return observation.teams.map((team) => observation.sequences[team].length);
}

export function boardHint() {
  return "Tap a card in your hand, then a highlighted space.";
}
