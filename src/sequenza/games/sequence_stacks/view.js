// Sequence Stacks: shared colour piles from 1 to 5, action cards, chips; five chips with at
// least two of each colour win.

import { COLOUR_SHAPES, cards, ownLabel, seatDot } from "/static/cards.js";
import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";

// A pile holds five cards, 1 to 5, once complete (the words "3 of 5" say it; whether a pile
// is complete, the observation says).
const PILE_SIZE = 5;

// What a screen reader says for the piles, chips and discards, in the page's language:
// "blue 1, 3 of 5, top card blue 3, needs 4".
const SPOKEN = {
  piles: () => t("sequence_stacks.piles"),
  pile: (name, top, count, needs, complete) =>
    t(complete ? "sequence_stacks.spoken_pile_complete" : "sequence_stacks.spoken_pile", { name, count, size: PILE_SIZE, top, needs }),
  newPile: (name) => t("sequence_stacks.spoken_new_pile", { name }),
  emptyPile: (name) => t("sequence_stacks.spoken_empty_pile", { name }),
  actionPile: (top) => t("sequence_stacks.spoken_action_pile", { top: top || t("common.none") }),
  seats: () => t("sequence_stacks.seats"),
  chips: (name, count, colour) => t(SPOKEN_CHIP_KEYS[colour], { name, count }),
  discards: (name, top) => t("sequence_stacks.spoken_discards", { name, top }),
  myDiscards: (top) => t("sequence_stacks.spoken_my_discards", { top }),
  discardHere: () => t("sequence_stacks.discard_here"),
};

const ACTION_KEYS = {
  skip: "sequence_stacks.skip",
  reverse: "sequence_stacks.reverse",
  "steal-card": "sequence_stacks.steal_card",
  block: "sequence_stacks.block",
  "steal-chip": "sequence_stacks.steal_chip",
};
// The deck's two colours: each one's name, its chips counted, read out, heading a column, stolen.
const COLOUR_KEYS = { blue: "sequence_stacks.blue", red: "sequence_stacks.red" };
const PILE_COLOUR_KEYS = { blue: "sequence_stacks.blue_pile", red: "sequence_stacks.red_pile" };
const CHIP_KEYS = { blue: "sequence_stacks.blue_chips", red: "sequence_stacks.red_chips" };
const SPOKEN_CHIP_KEYS = { blue: "sequence_stacks.spoken_blue_chips", red: "sequence_stacks.spoken_red_chips" };
const CHIP_COLUMN_KEYS = { blue: "sequence_stacks.blue_chips_column", red: "sequence_stacks.red_chips_column" };
const STEAL_CHIP_KEYS = { blue: "sequence_stacks.steal_blue_chip", red: "sequence_stacks.steal_red_chip" };

// An action card's name, or a colour's, in the page's language.
function actionName(face) {
  return t(ACTION_KEYS[face]);
}

// The longest run of letters a name cannot break within (between spaces and soft hyphens):
// a card's name with a longer one is set smaller to fit the card.
function longestPart(name) {
  return Math.max(...name.split(/[\s\u00ad]+/).map((part) => part.length));
}

function colourText(colour) {
  return COLOUR_KEYS[colour] ? t(COLOUR_KEYS[colour]) : colour;
}

// A pile's colour as its name says it ("rossa" in Italian: "la pila rossa").
function pileColour(colour) {
  return PILE_COLOUR_KEYS[colour] ? t(PILE_COLOUR_KEYS[colour]) : colour;
}

// "blue 1": a pile's name, its colour in the page's language.
function pileName(name) {
  const [colour, number] = name.split(" ");
  return `${pileColour(colour)} ${number}`;
}
const ACTION_ICONS = { skip: "»", reverse: "⇄", "steal-card": "⇠", block: "⊘", "steal-chip": "◉" };

function faceParts(face) {
  const [colour, value] = face.split("-");
  if (ACTION_KEYS[face]) return { action: face };
  return { colour, value };
}

// A pile's progress; a completed pile (waiting for the Block window) needs nothing more.
function pileState(pile) {
  if (!pile.cards.length) return t("sequence_stacks.empty");
  if (pile.complete) return t("sequence_stacks.complete");
  return t("sequence_stacks.pile_state", { count: pile.cards.length, size: PILE_SIZE, needs: pile.needs });
}

export function faceText(face) {
  const card = faceParts(face);
  if (card.action) return actionName(card.action);
  return card.value === "wild" ? t("sequence_stacks.wild_card", { colour: colourText(card.colour) }) : `${colourText(card.colour)} ${card.value}`;
}

// A card as the table shows it; the rules page draws its pictures with it too.
export function card(face, { part, key, className = "", spoken } = {}) {
  const parts = faceParts(face);
  if (parts.action) {
    return h(
      `div.kcard.action${className}`,
      { dataset: { part, key }, title: actionName(face), "aria-label": spoken || actionName(face), role: part ? null : "img" },
      h("span.icon", {}, ACTION_ICONS[face]),
      h(`span.kname${longestPart(actionName(face)) > 6 ? ".tight" : ""}`, {}, actionName(face)),
    );
  }
  return h(
    `div.kcard.${parts.colour}${className}`,
    { dataset: { part, key }, title: faceText(face), "aria-label": spoken || faceText(face), role: part ? null : "img" },
    h("span.kshape", { "aria-hidden": "true" }, COLOUR_SHAPES[parts.colour] || ""),
    h("span.kvalue", {}, parts.value === "wild" ? "★" : parts.value),
    parts.value === "wild" ? h("span.kname", {}, t("sequence_stacks.wild")) : null,
  );
}

function chips(collection, seat, colours, name) {
  return colours.map((colour) =>
    h(
      "span.chip-stack",
      { dataset: { part: `chip:${seat}:${colour}` }, title: t(CHIP_KEYS[colour], { count: collection[colour] }), "aria-label": SPOKEN.chips(name, collection[colour], colour) },
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
      ? SPOKEN.pile(pileName(pile.name), faceText(pile.cards[pile.cards.length - 1]), pile.cards.length, pile.needs, pile.complete)
      : isNew ? SPOKEN.newPile(pileName(pile.name)) : SPOKEN.emptyPile(pileName(pile.name));
    return h(
      "div.kpile",
      { dataset: { part }, class: `kpile ${colour}`, "aria-label": spoken },
      h("span.pile-label", {}, pileName(pile.name)),
      pile.cards.length ? card(pile.cards[pile.cards.length - 1], { key: `pile:${pile.name}:${pile.cards.length}` }) : h("div.slot.kslot", {}, t("sequence_stacks.new_pile")),
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
      h("div.kseat-head", {}, seatDot(seat), h("strong", {}, name),
        h("span.muted", {}, ` ${cards(observation.hand_sizes[seat])}`),
        observation.skips[seat] ? h("span.badge", {}, t("sequence_stacks.skips_next")) : null),
      h("div.kseat-body", {},
        h("div.chips", {}, chips(observation.chips[seat], seat, colours, name)),
        h("div.kdiscard", {}, h("span.pile-label", {}, t(mine ? "sequence_stacks.your_discards" : "sequence_stacks.discards")),
          top ? card(top, { part: topPart, key: `discard:${seat}:${pile.length}`, spoken: discardName }) : h("div.slot.kslot", {}, t("common.none")),
          mine && me !== null ? h("div.slot.kslot.drop", { dataset: { part: "mydiscard" }, "aria-label": SPOKEN.discardHere() }, t("sequence_stacks.discard_to_end")) : null)),
    );
  });
  return h(
    "div.board-layout.stacks",
    {},
    h(
      "div.stat-row",
      {},
      h("span", {}, `${t("sequence_stacks.draw_pile")} `, h("strong", {}, observation.draw_pile)),
      h("span", {}, `${t("sequence_stacks.set_aside")} `, h("strong", {}, observation.set_aside.length)),
      h("span", {}, `${t("sequence_stacks.supply")} `, colours.map((colour) => t(CHIP_KEYS[colour], { count: observation.supply[colour] })).join(", ")),
      h("span", {}, t("sequence_stacks.direction", { arrow: observation.direction === 1 ? "↻" : "↺" })),
    ),
    block
      ? h("div.block-note", {}, t("sequence_stacks.block_note", { name: ctx.names[block.seat], pile: pileName(block.pile), waiting: block.waiting.map((seat) => ctx.names[seat]).join(", ") }))
      : null,
    h("div.kpiles", { dataset: { nav: "piles" }, "aria-label": SPOKEN.piles() }, piles),
    h(
      "div.kaction-pile",
      { dataset: { part: "actions" }, "aria-label": SPOKEN.actionPile(observation.action_discard.length ? faceText(observation.action_discard[observation.action_discard.length - 1]) : null) },
      h("span.pile-label", {}, t("sequence_stacks.actions_played")),
      observation.action_discard.length ? card(observation.action_discard[observation.action_discard.length - 1], { key: `actions:${observation.action_discard.length}` }) : h("div.slot.kslot", {}, t("common.none")),
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
              : h("span.muted", {}, t("common.empty")),
          ),
        ),
    h("div.kseats", { dataset: { nav: "seats" }, "aria-label": SPOKEN.seats() }, seats),
  );
}

// What to do now, in the game's words. The Block window is an answer to another player's
// completed pile, not a turn of one's own.
export function prompt(observation, legal, ctx) {
  const verbs = new Set(legal.map((action) => action.split(" ")[0]));
  const block = observation.block;
  if (block && (verbs.has("block") || verbs.has("allow"))) {
    const who = ctx ? ctx.names[block.seat] : t("sequence_stacks.a_player");
    return {
      text: t(verbs.has("block") ? "sequence_stacks.prompt_block" : "sequence_stacks.prompt_allow", { name: who, pile: pileName(block.pile) }),
      answer: true,
    };
  }
  if (verbs.has("play")) return t("sequence_stacks.prompt_play");
  if (verbs.has("discard")) return t("sequence_stacks.prompt_discard");
  if (verbs.has("end")) return t("common.end_turn");
  return "";
}

// The end screen's figures: chips by colour, piles completed, Blocks and steals.
export function figures(observation, log) {
  const mine = (seat, test) => log.filter((event) => event.seat === seat && test(event)).length;
  const played = (face) => (event) => event.event === "action" && String(event.action).startsWith(`play ${face} `);
  return {
    score: t("sequence_stacks.chips"),
    columns: [...observation.colours.map((colour) => t(CHIP_COLUMN_KEYS[colour])), t("sequence_stacks.piles_completed"), t("sequence_stacks.blocks_played"), t("sequence_stacks.steals")],
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
  const seatName = (seat) => (names ? names[Number(seat)] : t("sequence_stacks.seat", { number: Number(seat) + 1 }));
  const from = (text) => (source === "discard" ? t("sequence_stacks.from_discards", { action: text }) : text);
  switch (verb) {
    case "play":
      if (face === "skip" || face === "reverse") return from(t("sequence_stacks.play_action", { card: actionName(face) }));
      if (face === "steal-card") return from(t("sequence_stacks.steal_card_from", { name: seatName(target) }));
      if (face === "steal-chip") return from(t(STEAL_CHIP_KEYS[colour], { name: seatName(target) }));
      return from(
        target === "new"
          ? t("sequence_stacks.start_pile", { card: faceText(face), colour: pileColour(face.split("-")[0]) })
          : t("sequence_stacks.play_on", { card: faceText(face), pile: pileName(`${face.split("-")[0]} ${target}`) }),
      );
    case "discard":
      return t("sequence_stacks.discard", { card: faceText(face) });
    case "block":
      return t("sequence_stacks.block_pile");
    case "allow":
      return t("sequence_stacks.allow");
    case "end":
      return t("common.end_turn");
    default:
      return action;
  }
}

export function scores(observation) {
  return observation.chips.map((collection) => Object.values(collection).reduce((sum, count) => sum + count, 0));
}

export function boardHint() {
  return t("sequence_stacks.hint");
}

// A hint's reason in the game's words (the codes of play.stacks_reason), or null for the
// reasons every game shares.
export function hintReason(reason, names) {
  const data = reason.data || {};
  const name = names[data.seat] ?? "";
  const colour = pileColour(data.colour);
  switch (reason.code) {
    case "stacks_completes":
      return data.need ? t("sequence_stacks.hint_completes", { colour, count: data.need }) : t("sequence_stacks.hint_completes_win", { colour });
    case "stacks_completes_no_chip":
      return t("sequence_stacks.hint_completes_no_chip", { colour });
    case "stacks_prepares":
      return t("sequence_stacks.hint_prepares", { colour });
    case "stacks_new_pile":
      return t("sequence_stacks.hint_new_pile", { colour });
    case "stacks_builds":
      return t("sequence_stacks.hint_builds", { colour, needs: data.needs });
    case "stacks_steal_chip":
      return t("sequence_stacks.hint_steal_chip", { colour, name });
    case "stacks_skip":
      return t("sequence_stacks.hint_skip", { name });
    case "stacks_steal_card":
      return t("sequence_stacks.hint_steal_card", { card: faceText(data.card), name });
    case "stacks_reverse":
      return t("sequence_stacks.hint_reverse", { name });
    case "stacks_block":
      return t(data.wins ? "sequence_stacks.hint_block_win" : "sequence_stacks.hint_block", { name });
    case "stacks_allow":
      return t("sequence_stacks.hint_allow", { name });
    case "stacks_discard":
      return t("sequence_stacks.hint_discard", { card: faceText(data.card) });
    default:
      return null;
  }
}
