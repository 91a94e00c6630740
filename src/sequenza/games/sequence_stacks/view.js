// Sequence Stacks: shared colour piles from 1 to 5, action cards, chips; five chips with at
// least two of each colour win.

import { COLOUR_SHAPES, ownLabel, plural } from "/static/cards.js";
import { h } from "/static/dom.js";

// A pile is complete at five cards, 1 to 5.
const PILE_SIZE = 5;

// What a screen reader says for the piles, chips and discards (one place, to translate):
// "blue 1, 3 of 5, top card blue 3, needs 4".
const SPOKEN = {
  piles: "Colour piles",
  pile: (name, top, count, needs) => `${name}, ${count} of ${PILE_SIZE}, top card ${top}, ${count >= PILE_SIZE ? "complete" : `needs ${needs}`}`,
  newPile: (name) => `${name}, empty: a new pile starts here`,
  emptyPile: (name) => `${name}, empty`,
  actionPile: (top) => `action cards played, top card ${top || "none"}`,
  seats: "Players' chips and discards",
  chips: (name, count, colour) => `${name}: ${count} ${colour} ${count === 1 ? "chip" : "chips"}`,
  discards: (name, top) => `${name}'s discards, top card ${top}`,
  myDiscards: (top) => `your discards, top card ${top}`,
  discardHere: "discard here to end the turn",
};

const ACTION_NAMES = { skip: "Skip", reverse: "Reverse", "steal-card": "Steal a card", block: "Block", "steal-chip": "Steal a chip" };
const ACTION_ICONS = { skip: "»", reverse: "⇄", "steal-card": "⇠", block: "⊘", "steal-chip": "◉" };

function faceParts(face) {
  const [colour, value] = face.split("-");
  if (ACTION_NAMES[face]) return { action: face };
  return { colour, value };
}

// A pile's progress; a completed pile (waiting for the Block window) needs nothing more.
function pileState(pile) {
  if (!pile.cards.length) return "empty";
  if (pile.cards.length >= PILE_SIZE) return "complete";
  return `${pile.cards.length} of ${PILE_SIZE} · needs ${pile.needs}`;
}

export function faceText(face) {
  const card = faceParts(face);
  if (card.action) return ACTION_NAMES[card.action];
  return `${card.colour} ${card.value === "wild" ? "wild" : card.value}`;
}

// A card as the table shows it; the rules page draws its pictures with it too.
export function card(face, { part, key, className = "", spoken } = {}) {
  const parts = faceParts(face);
  if (parts.action) {
    return h(
      `div.kcard.action${className}`,
      { dataset: { part, key }, title: ACTION_NAMES[face], "aria-label": spoken || ACTION_NAMES[face], role: part ? null : "img" },
      h("span.icon", {}, ACTION_ICONS[face]),
      h("span.kname", {}, ACTION_NAMES[face]),
    );
  }
  return h(
    `div.kcard.${parts.colour}${className}`,
    { dataset: { part, key }, title: faceText(face), "aria-label": spoken || faceText(face), role: part ? null : "img" },
    h("span.kshape", { "aria-hidden": "true" }, COLOUR_SHAPES[parts.colour] || ""),
    h("span.kvalue", {}, parts.value === "wild" ? "★" : parts.value),
    parts.value === "wild" ? h("span.kname", {}, "wild") : null,
  );
}

function chips(collection, seat, colours, name) {
  return colours.map((colour) =>
    h(
      "span.chip-stack",
      { dataset: { part: `chip:${seat}:${colour}` }, title: `${collection[colour]} ${colour} chips`, "aria-label": SPOKEN.chips(name, collection[colour], colour) },
      h("span.token", { class: `token ${colour}` }, COLOUR_SHAPES[colour] || ""),
      `×${collection[colour]}`,
    ),
  );
}

export function render(observation, ctx) {
  const colours = observation.colours;
  const firstFree = {};
  for (const colour of colours) {
    const free = observation.piles.find((pile) => pile.colour === colour && !pile.cards.length);
    firstFree[colour] = free ? free.name : null;
  }
  const piles = observation.piles.map((pile) => {
    const [colour, number] = pile.name.split(" ");
    // Every pile is a place on the board; only the first empty one of a colour takes a card.
    const isNew = !pile.cards.length && firstFree[colour] === pile.name;
    const part = isNew ? `new:${colour}` : `pile:${colour}:${number}`;
    const spoken = pile.cards.length
      ? SPOKEN.pile(pile.name, faceText(pile.cards[pile.cards.length - 1]), pile.cards.length, pile.needs)
      : isNew ? SPOKEN.newPile(pile.name) : SPOKEN.emptyPile(pile.name);
    return h(
      "div.kpile",
      { dataset: { part }, class: `kpile ${colour}`, "aria-label": spoken },
      h("span.pile-label", {}, pile.name),
      pile.cards.length ? card(pile.cards[pile.cards.length - 1], { key: `pile:${pile.name}:${pile.cards.length}` }) : h("div.slot.kslot", {}, "new pile"),
      h("span.pile-label", {}, pileState(pile)),
    );
  });
  const hand = observation.hand || [];
  const counts = {};
  const me = ctx.seat;
  const block = observation.block;
  const seats = ctx.names.map((name, seat) => {
    const pile = observation.discards[seat];
    const top = pile.length ? pile[pile.length - 1] : null;
    const mine = seat === me;
    let topPart;
    if (top && mine) topPart = `discard:${top}`;
    else if (top) topPart = `steal:${seat}`;
    const discardName = top ? (mine ? SPOKEN.myDiscards(faceText(top)) : SPOKEN.discards(name, faceText(top))) : null;
    return h(
      "div.kseat",
      { class: `kseat${mine ? " me" : ""}${seat === observation.turn_seat ? " turn" : ""}` },
      h("div.kseat-head", {}, h("span.seat-dot", { style: { background: `var(--seat-${seat})` } }), h("strong", {}, name),
        h("span.muted", {}, ` ${plural(observation.hand_sizes[seat], "card")}`),
        observation.skips[seat] ? h("span.badge", {}, "skips next turn") : null),
      h("div.kseat-body", {},
        h("div.chips", {}, chips(observation.chips[seat], seat, colours, name)),
        h("div.kdiscard", {}, h("span.pile-label", {}, mine ? "your discards" : "discards"),
          top ? card(top, { part: topPart, key: `discard:${seat}:${pile.length}`, spoken: discardName }) : h("div.slot.kslot", {}, "none"),
          mine && me !== null ? h("div.slot.kslot.drop", { dataset: { part: "mydiscard" }, "aria-label": SPOKEN.discardHere }, "discard to end turn") : null)),
    );
  });
  return h(
    "div.board-layout.stacks",
    {},
    h(
      "div.stat-row",
      {},
      h("span", {}, "Draw pile ", h("strong", {}, observation.draw_pile)),
      h("span", {}, "Set aside ", h("strong", {}, observation.set_aside.length)),
      h("span", {}, "Supply ", colours.map((colour) => `${observation.supply[colour]} ${colour}`).join(", ")),
      h("span", {}, observation.direction === 1 ? "Play goes ↻" : "Play goes ↺"),
    ),
    block
      ? h("div.block-note", {}, `${ctx.names[block.seat]} completed ${block.pile}: ${block.waiting.map((seat) => ctx.names[seat]).join(", ")} may still block it`)
      : null,
    h("div.kpiles", { dataset: { nav: "piles" }, "aria-label": SPOKEN.piles }, piles),
    h(
      "div.kaction-pile",
      { dataset: { part: "actions" }, "aria-label": SPOKEN.actionPile(observation.action_discard.length ? faceText(observation.action_discard[observation.action_discard.length - 1]) : null) },
      h("span.pile-label", {}, "action cards played"),
      observation.action_discard.length ? card(observation.action_discard[observation.action_discard.length - 1], { key: `actions:${observation.action_discard.length}` }) : h("div.slot.kslot", {}, "none"),
    ),
    me === null
      ? null
      : h(
          "div.zone",
          {},
          h("span.zone-label", {}, ownLabel(ctx, "hand")),
          h(
            "div.hand",
            { dataset: { nav: "hand" }, "aria-label": ownLabel(ctx, "hand") },
            hand.length
              ? hand.map((face) => {
                  counts[face] = (counts[face] || 0) + 1;
                  return card(face, { part: `hand:${face}`, key: `hand:${face}:${counts[face]}` });
                })
              : h("span.muted", {}, "empty"),
          ),
        ),
    h("div.kseats", { dataset: { nav: "seats" }, "aria-label": SPOKEN.seats }, seats),
  );
}

// What to do now, in the game's words. The Block window is an answer to another player's
// completed pile, not a turn of one's own.
export function prompt(observation, legal, ctx) {
  const verbs = new Set(legal.map((action) => action.split(" ")[0]));
  const block = observation.block;
  if (block && (verbs.has("block") || verbs.has("allow"))) {
    const who = ctx ? ctx.names[block.seat] : "A player";
    return {
      text: verbs.has("block") ? `${who} completed ${block.pile}: block it or let the pile score` : `${who} completed ${block.pile}: you hold no Block, let the pile score`,
      answer: true,
    };
  }
  if (verbs.has("play")) return "Play cards onto the piles or action cards, then discard one to end your turn";
  if (verbs.has("discard")) return "Discard a card to end your turn";
  if (verbs.has("end")) return "End the turn";
  return "";
}

// The end screen's figures: chips by colour, piles completed, Blocks and steals.
export function figures(observation, log) {
  const mine = (seat, test) => log.filter((event) => event.seat === seat && test(event)).length;
  const played = (face) => (event) => event.event === "action" && String(event.action).startsWith(`play ${face} `);
  return {
    score: "Chips",
    columns: [...observation.colours.map((colour) => `${colour[0].toUpperCase()}${colour.slice(1)} chips`), "Piles completed", "Blocks played", "Steals"],
    rows: observation.chips.map((collection, seat) => [
      ...observation.colours.map((colour) => collection[colour]),
      mine(seat, (event) => event.event === "completed"),
      mine(seat, (event) => event.event === "action" && event.action === "block"),
      mine(seat, played("steal-card")) + mine(seat, played("steal-chip")),
    ]),
  };
}

export function parts(action) {
  const words = action.split(" ");
  const [verb, face, source, target, colour] = words;
  if (verb === "discard") return [`hand:${face}`, "mydiscard"];
  if (verb !== "play") return [];
  const from = `${source === "hand" ? "hand" : "discard"}:${face}`;
  if (face === "skip" || face === "reverse") return [from, "actions"];
  if (face === "steal-card") return [from, `steal:${target}`];
  if (face === "steal-chip") return [from, `chip:${target}:${colour}`];
  const pileColour = face.split("-")[0];
  return [from, target === "new" ? `new:${pileColour}` : `pile:${pileColour}:${target}`];
}

export function label(action, observation, names) {
  const [verb, face, source, target, colour] = action.split(" ");
  const seatName = (seat) => (names ? names[Number(seat)] : `seat ${Number(seat) + 1}`);
  const from = source === "discard" ? " from the discard pile" : "";
  switch (verb) {
    case "play":
      if (face === "skip") return `Play Skip${from}`;
      if (face === "reverse") return `Play Reverse${from}`;
      if (face === "steal-card") return `Steal the top discard of ${seatName(target)}${from ? " (card from your discards)" : ""}`;
      if (face === "steal-chip") return `Steal a ${colour} chip from ${seatName(target)}${from ? " (card from your discards)" : ""}`;
      return target === "new" ? `Start a ${face.split("-")[0]} pile with ${faceText(face)}${from}` : `Play ${faceText(face)} on ${face.split("-")[0]} ${target}${from}`;
    case "discard":
      return `Discard ${faceText(face)} and end the turn`;
    case "block":
      return "Block the completed pile";
    case "allow":
      return "Let the pile score";
    case "end":
      return "End the turn";
    default:
      return action;
  }
}

export function scores(observation) {
  return observation.chips.map((collection) => Object.values(collection).reduce((sum, count) => sum + count, 0));
}

export function boardHint() {
  return "Tap a card (hand or your discard pile), then where it goes.";
}
