// Sequence for people (and, through boardRules, Sequence Numbers): play cards to place chips
// on the board; make lines of five.

import { h } from "/static/dom.js";
import { handCard, spaceLabel } from "./view.js";
import { captioned, figure, firstPlayer, optionsSection, para, plural, points, section, steps } from "/static/rules/common.js";

const CLASSIC = { game: "sequence" };
const NUMBERS = { game: "sequence-numbers" };

export function rules(ctx) {
  return boardRules(ctx, false);
}

// How many players sit in teams, and the team sizes, as the engine forms them.
function teamsText(players, teams) {
  if (!players) return null;
  if (players <= 3 && !teams) return `${players} players, each alone.`;
  const count = teams || (players % 2 === 0 ? 2 : 3);
  if (count >= players) return `${players} players, each alone.`;
  return `${players} players in ${count} teams of ${players / count}, seated alternately.`;
}

function classicFacts(players) {
  const hand = players === 2 ? 7 : players <= 4 ? 6 : players === 6 ? 5 : players <= 9 ? 4 : 3;
  return { hand };
}

export function boardRules(ctx, numbers) {
  const o = ctx.options;
  const sample = numbers ? NUMBERS : CLASSIC;
  const players = ctx.players;
  const card = (face, key) => handCard(face, sample, `rules:${key}`);
  const strip = numbers ? ["XX", "2", "3", "4", "5"] : ["XX", "2S", "3S", "4S", "5S"];
  const teamColour = "var(--team-blue)";
  const handText = numbers
    ? players ? `${plural(players <= 3 ? 5 : 4, "card")} each.` : "5 cards each with 2 or 3 players, 4 with 4 to 6."
    : players ? `${plural(classicFacts(players).hand, "card")} each.` : "7 cards each with 2 players, 6 with 3 or 4, 5 with 6, 4 with 8 or 9, 3 with 10 or 12.";
  const teamCount = players ? (o.teams || (players <= 3 ? players : players % 2 === 0 ? 2 : 3)) : null;
  const toWin = numbers
    ? players ? (players <= 3 ? 1 : 2) : null
    : players ? (teamCount === 2 ? 2 : 1) : null;
  const winText = numbers
    ? toWin ? `the first team (or player) to make ${plural(toWin, "sequence")} wins.` : "the first to make 1 sequence wins with 2 or 3 players, 2 sequences with 4 to 6."
    : toWin ? `the first team (or player) to make ${plural(toWin, "sequence")} wins.` : "the first to make 2 sequences wins with 2 players or 2 teams, 1 sequence with 3 players or 3 teams.";
  return [
    para(`Make lines of five chips on the board: ${winText}`),
    section(
      "The board",
      para(
        numbers
          ? "A 10×10 board of the numbers 1 to 48, each on two spaces, coloured in groups. The four corners (★) are free: they count as everyone's chip."
          : "A 10×10 board of playing cards: every card but the jacks appears on two spaces. The four corners (★) are free: they count as everyone's chip.",
        " Spaces are named by their column letter (A to J, left to right) and their row number (0 at the top to 9), as the board's edges show.",
      ),
      figure(
        "A sequence: five spaces in a straight line (a row, a column or a diagonal) that hold one team's chips, a free corner included. Its chips get a gold ring and can never be removed.",
        h("div.mini-row", {}, strip.map((label, index) =>
          h("div.space", { class: `space${label === "XX" ? " gx" : ""}` }, spaceLabel(label, sample),
            label === "XX" ? null : h("span.chip.marked", { style: { background: teamColour } }, h("span.chip-label", {}, numbers ? label : `${label[0]}♠`)),
          ),
        )),
      ),
    ),
    section(
      "The cards",
      numbers
        ? para("Each card is a sum or a difference: its result is the number you cover. Two Plus cards place a chip on any empty space (not a corner); two Minus cards remove an opponent's chip.")
        : para("Each card puts a chip on one of the two spaces that show it. The two-eyed jacks (diamonds and clubs) place a chip on any empty space; the one-eyed jacks (spades and hearts) remove an opponent's chip."),
      numbers
        ? figure(
          "Both cards cover a 5; Plus goes anywhere; Minus removes a chip.",
          captioned(card("2+3", "a"), "a 5"), captioned(card("48-43", "b"), "a 5 too"), captioned(card("plus", "c"), "anywhere"), captioned(card("minus", "d"), "remove"),
        )
        : figure(
          "The 7♥ covers one of the two 7♥ spaces; J♦ and J♣ go anywhere; J♠ and J♥ remove.",
          captioned(card("7H", "a"), "a 7♥ space"), captioned(card("JD", "b"), "anywhere"), captioned(card("JS", "c"), "remove"),
        ),
      para(`Hands: ${handText}`),
    ),
    section(
      "Your turn",
      steps(
        "A card whose two spaces both hold chips is dead. Once per turn you may exchange a dead card for a new one, then go on.",
        "Play one card onto your discard pile, which everyone sees, and place a chip on a free space it shows (or anywhere, or remove a chip, as above). A chip in a sequence cannot be removed, and a space just emptied cannot take a chip in the same turn.",
        `If your chip completes a line of five, it is a sequence: its chips are marked. Where several lines of five would count, you choose which one. A second sequence may share at most ${plural(o.shared_limit, "space")} with the first.`,
        "You draw a card; the page does it for you.",
      ),
    ),
    section(
      "Teams and the end",
      points(
        "Up to 3 players play alone; more players form 2 or 3 teams of equal size, seated alternately. Teammates share a colour, their chips and their sequences, and see only their own hands.",
        teamsText(players, o.teams),
        "When the draw pile is empty, every discard pile is shuffled into a new one. A player with no card that can be played passes.",
        `The game is drawn after ${plural(o.idle_rounds, "full round")} in which nobody places or removes a chip.`,
      ),
    ),
    optionsSection(ctx, [
      firstPlayer(o, ctx.names),
      o.teams ? `Players form ${o.teams} teams where the player count allows it.` : "Teams are formed by the player count: 2 teams when it is even, 3 when it is odd (up to 3 players play alone).",
      `A second sequence may share ${plural(o.shared_limit, "space")} with the first.`,
      `The game is drawn after ${plural(o.idle_rounds, "full round")} without a chip placed or removed.`,
      numbers ? (o.deck ? "A teacher's own deck and board, kept with this game." : "The shipped deck: an addition and a subtraction for each number 1 to 48, with 2 Plus and 2 Minus cards.") : null,
    ]),
  ];
}
