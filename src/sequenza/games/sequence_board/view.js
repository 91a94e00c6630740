// Sequence and Sequence Numbers: a 10x10 board of card (or number) spaces, chips of up to
// three team colours, a hand of cards; make lines of five.

import { COLOUR_SHAPES, cards, colourMark, ownLabel } from "/static/cards.js";
import { h } from "/static/dom.js";
import { currentLanguage, list, t } from "/static/i18n.js";

const LETTERS = "ABCDEFGHIJ";
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED_SUITS = new Set(["H", "D"]);

// What a screen reader says for the board and the hand, in the page's language:
// "D3, five of spades, blue chip".
const SPOKEN = {
  board: () => t("sequence.board"),
  space: (name, shows, chip) => [name, shows, chip].filter(Boolean).join(", "),
  chip: (colour) => t(CHIP_KEYS[colour] || "sequence.grey_chip"),
  inSequence: (chip) => t("sequence.in_sequence", { chip }),
  window: () => t("sequence.window"),
  last: () => t("sequence.last_move"),
  free: () => t("sequence.free_corner"),
  card: (rank, suit) => t(SUIT_KEYS[suit], { rank: t(RANK_KEYS[rank]) }),
  twoEyed: () => t("sequence.two_eyed"),
  oneEyed: () => t("sequence.one_eyed"),
  plusCard: () => t("sequence_numbers.plus_card"),
  minusCard: () => t("sequence_numbers.minus_card"),
  sum: (left, operator, right) => t(OPERATOR_KEYS[operator], { left, right }),
};

const RANK_KEYS = {
  A: "sequence.ace",
  2: "sequence.two",
  3: "sequence.three",
  4: "sequence.four",
  5: "sequence.five",
  6: "sequence.six",
  7: "sequence.seven",
  8: "sequence.eight",
  9: "sequence.nine",
  T: "sequence.ten",
  J: "sequence.jack",
  Q: "sequence.queen",
  K: "sequence.king",
};
const SUIT_KEYS = { S: "sequence.of_spades", H: "sequence.of_hearts", D: "sequence.of_diamonds", C: "sequence.of_clubs" };
const CHIP_KEYS = { blue: "sequence.blue_chip", green: "sequence.green_chip", red: "sequence.red_chip", grey: "sequence.grey_chip" };
const COLOUR_KEYS = { blue: "sequence.blue", green: "sequence.green", red: "sequence.red", grey: "sequence.grey" };
const OPERATOR_KEYS = { "+": "sequence_numbers.spoken_plus", "-": "sequence_numbers.spoken_minus", "*": "sequence_numbers.spoken_times", "/": "sequence_numbers.spoken_divided" };

// The signs each language's school arithmetic writes a teacher's sums with. Every language
// writes the minus sign U+2212, not a hyphen. English writes "×" and "÷"; Italian "×" and ":"
// (the primary-school "3 × 4", "12 : 3"); Finnish "·" and ":" (as its schoolbooks do); Esperanto,
// which has no school of its own, the continental "·" and ":" its textbooks follow.
const OPERATOR_SIGNS = {
  en: { "+": "+", "-": "−", "*": "×", "/": "÷" },
  it: { "+": "+", "-": "−", "*": "×", "/": ":" },
  fi: { "+": "+", "-": "−", "*": "·", "/": ":" },
  eo: { "+": "+", "-": "−", "*": "·", "/": ":" },
};

// A sum card's face split into its numbers and operator: "3+4" -> ["3", "+", "4"].
function sumParts(face) {
  const match = /^(\d+)([-+*/x])(\d+)$/.exec(face);
  if (!match) return null;
  return [match[1], match[2] === "x" ? "*" : match[2], match[3]];
}

// A space's number with a true minus sign: "−2".
function numberText(label) {
  return label.replace(/^-/, "−");
}

// "3−4", "6·2": a sum as the page's language writes it; spaced, "3 − 4", in a sentence.
function sumText(face, spaced = false) {
  const parts = sumParts(face);
  if (!parts) return face;
  const signs = OPERATOR_SIGNS[currentLanguage()] || OPERATOR_SIGNS.en;
  const gap = spaced ? " " : "";
  return `${parts[0]}${gap}${signs[parts[1]]}${gap}${parts[2]}`;
}

// A card or a space's face read out: "five of spades", "3 plus 4", "free corner".
function spokenFace(face, observation) {
  if (face === "XX") return SPOKEN.free();
  if (!isClassic(observation)) {
    if (face === "plus") return SPOKEN.plusCard();
    if (face === "minus") return SPOKEN.minusCard();
    const parts = sumParts(face);
    return parts ? SPOKEN.sum(...parts) : face;
  }
  const suit = face.slice(-1);
  const rank = face.slice(0, -1);
  if (!SUIT_KEYS[suit] || !RANK_KEYS[rank]) return face;
  const card = SPOKEN.card(rank, suit);
  if (rank !== "J") return card;
  return `${card}, ${face === "JC" || face === "JD" ? SPOKEN.twoEyed() : SPOKEN.oneEyed()}`;
}

function spaceName(index) {
  return `${LETTERS[index % 10]}${Math.floor(index / 10)}`;
}

function spaceIndex(name) {
  return Number(name.slice(1)) * 10 + LETTERS.indexOf(name[0]);
}

// A team colour's name in the page's language: "blu".
function colourText(colour) {
  return COLOUR_KEYS[colour] ? t(COLOUR_KEYS[colour]) : colour;
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
    if (face === "plus") return t("sequence_numbers.plus");
    if (face === "minus") return t("sequence_numbers.minus");
    return sumText(face);
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
    const note = face === "plus" ? t("sequence.note_anywhere") : face === "minus" ? t("sequence.note_remove") : "";
    return h(
      `div.pcard.ncard${special ? `.${face}` : ""}`,
      { dataset: { part: `hand:${face}`, key }, title: faceText(face, observation), "aria-label": spokenFace(face, observation) },
      h("span.face", {}, special ? (face === "plus" ? "+" : "−") : sumText(face)),
      note ? h("span.note", {}, note) : null,
    );
  }
  const card = classicFace(face);
  const note = card.jack ? t(face === "JC" || face === "JD" ? "sequence.note_anywhere" : "sequence.note_remove") : "";
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
  if (!isClassic(observation)) return numberText(label);
  const card = classicFace(label);
  return `${card.rank}${card.suit}`;
}

export function spaceLabel(label, observation) {
  if (label === "XX") return h("span.free", {}, "★");
  if (!isClassic(observation)) return h("span.num", {}, numberText(label));
  const card = classicFace(label);
  return h(`span.${card.red ? "red" : "black"}`, {}, card.rank, h("span.suit", {}, card.suit));
}

export function render(observation, ctx) {
  const labels = observation.board.map((row) => row.trim().split(/\s+/));
  const chips = observation.chips.join("");
  const groups = observation.groups.join("");
  const marked = new Set(observation.marked.map(spaceIndex));
  // The spaces of the windows to choose a sequence from, as the rules list them.
  const choosing = new Set(observation.choose_sequence_spaces.map(spaceIndex));
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
      const notes = [chipName, choosing.has(index) ? SPOKEN.window() : null, index === lastIndex ? SPOKEN.last() : null].filter(Boolean).join(", ");
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
      h("span", {}, `${t("sequence.draw_pile")} `, h("strong", {}, observation.draw_pile)),
      teams.map((team) =>
        h(
          "span.team-score",
          {},
          colourMark(colourName(team), { name: colourText(colourName(team)) }),
          ` ${colourText(colourName(team))}: ${t("sequence.sequences_of", { made: observation.sequences[team].length, count: observation.sequences_to_win })}`,
        ),
      ),
    ),
    h("div.sboard", { dataset: { nav: "board" }, "aria-label": SPOKEN.board() }, cells),
    // A learner's hint words a picked card's places here (learnerPlaces), read out as it changes.
    ctx.table?.learner_hints && !ctx.replay && ctx.seat !== null ? h("p.learner-line", { role: "status" }) : null,
    ctx.seat === null
      ? null
      : h(
          "div.zone",
          {},
          h("span.zone-label", {}, observation.dead_exchanged ? t("sequence.hand_dead_exchanged", { hand: ownLabel(ctx, "hand") }) : ownLabel(ctx, "hand")),
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
          colourMark(colourName(observation.teams[seat]), { name: colourText(colourName(observation.teams[seat])) }),
          h("span.seat-line-name", {}, name),
          h("span.seat-line-info", {}, `${cards(observation.hand_sizes[seat])}${pile.length ? ` · ${t("sequence.last_played", { card: faceText(pile[pile.length - 1], observation) })}` : ""}`),
        );
      }),
    ),
  );
}

// What to do now, in the game's words.
export function prompt(observation, legal) {
  const verbs = new Set(legal.map((action) => action.split(" ")[0]));
  if (verbs.has("mark")) return t("sequence.prompt_mark");
  if (verbs.size === 1 && verbs.has("pass")) return t("sequence.prompt_pass");
  const play = t(isClassic(observation) ? "sequence.prompt_play" : "sequence_numbers.prompt_play");
  return verbs.has("dead") ? t("sequence.prompt_with_dead", { play }) : play;
}

// The end screen's figures: each team's sequences, its chips on the board, chips removed.
export function figures(observation, log) {
  const chips = observation.chips.join("");
  const onBoard = (team) => [...chips].filter((chip) => chip === String(team)).length;
  const removed = (seat) => log.filter((event) => event.event === "action" && event.seat === seat && String(event.action).startsWith("remove ")).length;
  const played = (seat) => observation.discards[seat].length;
  return {
    score: t("sequence.sequences"),
    columns: [t("sequence.colour"), t("sequence.chips_on_board"), t("sequence.chips_removed"), t("sequence.cards_played")],
    rows: observation.teams.map((team, seat) => [
      observation.colours[seat] ? colourText(observation.colours[seat]) : "",
      onBoard(team),
      removed(seat),
      played(seat),
    ]),
    notes: observation.teams.length > new Set(observation.teams).size ? [t("sequence.teammates_share")] : [],
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
      return t("sequence.play", { card: face, space: second });
    case "remove":
      return t("sequence.remove", { card: face, space: second });
    case "dead":
      return t("sequence.dead", { card: face });
    case "mark":
      return t("sequence.mark", { line: `${first}–${second}` });
    case "pass":
      return t("sequence.pass");
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

// A learner's hint, at a table made with learner_hints (a teacher's choice): once a card is
// picked, every space it can go on says what puts it there. A sum card's spaces show its sum
// over their number ("8+5=" over 13) and tell a screen reader "8 plus 5 makes 13: here"; the
// line under the board says it whole, with the spaces of that number already taken. Everything
// comes from this seat's own observation (the card in its hand, the numbers on the board) and
// the legal moves: nothing another seat holds.
export function learnerPlaces(board, selected, candidates, observation) {
  for (const note of board.querySelectorAll(".learner-note")) note.remove();
  for (const space of board.querySelectorAll("[data-plain-label]")) {
    space.setAttribute("aria-label", space.dataset.plainLabel);
    space.removeAttribute("data-plain-label");
  }
  const line = board.querySelector(".learner-line");
  if (line) line.textContent = "";
  if (isClassic(observation) || selected.length !== 1 || !selected[0].startsWith("hand:")) return;
  const face = selected[0].slice("hand:".length);
  const places = candidates
    .filter((entry) => entry.parts.length === 2 && entry.parts[0] === selected[0] && entry.parts[1].startsWith("space:"))
    .map((entry) => entry.parts[1].slice("space:".length));
  if (face === "plus" || face === "minus") {
    if (line) line.textContent = t(face === "plus" ? "sequence_numbers.learner_plus" : "sequence_numbers.learner_minus");
    return;
  }
  const parts = sumParts(face);
  if (!parts || !places.length) return;
  const labels = observation.board.flatMap((row) => row.trim().split(/\s+/));
  const result = labels[spaceIndex(places[0])];
  const shown = numberText(result);
  for (const name of places) {
    const space = board.querySelector(`[data-part="space:${name}"]`);
    if (!space) continue;
    const plain = space.getAttribute("aria-label") || "";
    space.dataset.plainLabel = plain;
    space.setAttribute("aria-label", `${plain}, ${t("sequence_numbers.learner_spoken", { sum: SPOKEN.sum(...parts), result: shown })}`);
    space.append(h("span.learner-note", { "aria-hidden": "true" }, `${sumText(face)}=`));
  }
  if (!line) return;
  // The other spaces of that number, which a chip already holds: why the card goes on fewer.
  const taken = [];
  labels.forEach((label, index) => {
    if (label === result && !places.includes(spaceName(index))) taken.push(spaceName(index));
  });
  const words = [t("sequence_numbers.learner_places", { sum: sumText(face, true), result: shown, places: list(places) })];
  if (taken.length) words.push(t("sequence_numbers.learner_taken", { count: taken.length, places: list(taken) }));
  line.textContent = words.join(" ");
}

export function boardHint() {
  return t("sequence.hint");
}
