// Sequence for people (and, through boardRules, Sequence Numbers): play cards to place chips
// on the board; make lines of five.

import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";
import { handCard, spaceLabel } from "./view.js";
import { captioned, figure, firstPlayer, optionsSection, para, points, section, steps } from "/static/rules/common.js";

const CLASSIC = { game: "sequence" };
const NUMBERS = { game: "sequence-numbers" };

// Its words are the games catalogue's, in the page's language: "sequence.guide_..." for what
// both games share, "sequence_numbers.guide_..." for what Sequence Numbers says its own way.
export function rules(ctx) {
  return boardRules(ctx, false);
}

// How many players sit in teams, and the team sizes, as the engine forms them.
function teamsText(players, teams) {
  if (!players) return null;
  if (players <= 3 && !teams) return t("sequence.guide_alone", { players });
  const count = teams || (players % 2 === 0 ? 2 : 3);
  if (count >= players) return t("sequence.guide_alone", { players });
  return t("sequence.guide_in_teams", { players, teams: count, size: players / count });
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
    ? players ? t("sequence.guide_hands", { count: players <= 3 ? 5 : 4 }) : t("sequence_numbers.guide_hands_any")
    : players ? t("sequence.guide_hands", { count: classicFacts(players).hand }) : t("sequence.guide_hands_any");
  const teamCount = players ? (o.teams || (players <= 3 ? players : players % 2 === 0 ? 2 : 3)) : null;
  const toWin = numbers
    ? players ? (players <= 3 ? 1 : 2) : null
    : players ? (teamCount === 2 ? 2 : 1) : null;
  const goalText = toWin
    ? t("sequence.guide_goal", { count: toWin })
    : numbers ? t("sequence_numbers.guide_goal_any") : t("sequence.guide_goal_any");
  return [
    para(goalText),
    section(
      t("sequence.guide_board_title"),
      para(
        numbers ? t("sequence_numbers.guide_board") : t("sequence.guide_board"),
        " ",
        t("sequence.guide_spaces"),
      ),
      figure(
        t("sequence.guide_sequence_figure"),
        h("div.mini-row", {}, strip.map((label, index) =>
          h("div.space", { class: `space${label === "XX" ? " gx" : ""}` }, spaceLabel(label, sample),
            label === "XX" ? null : h("span.chip.marked", { style: { background: teamColour } }, h("span.chip-label", {}, numbers ? label : `${label[0]}♠`)),
          ),
        )),
      ),
    ),
    section(
      t("sequence.guide_cards_title"),
      numbers ? para(t("sequence_numbers.guide_cards")) : para(t("sequence.guide_cards")),
      // The sums are drawn by the hand's own card drawing, with the page's language's signs.
      numbers
        ? figure(
          t("sequence_numbers.guide_cards_figure"),
          captioned(card("2+3", "a"), t("sequence_numbers.guide_covers_five")),
          captioned(card("48-43", "b"), t("sequence_numbers.guide_covers_five_too")),
          captioned(card("plus", "c"), t("sequence.note_anywhere")),
          captioned(card("minus", "d"), t("sequence.note_remove")),
        )
        : figure(
          t("sequence.guide_cards_figure"),
          captioned(card("7H", "a"), t("sequence.guide_seven_space")),
          captioned(card("JD", "b"), t("sequence.note_anywhere")),
          captioned(card("JS", "c"), t("sequence.note_remove")),
        ),
      para(handText),
    ),
    section(
      t("sequence.guide_turn_title"),
      steps(
        t("sequence.guide_dead"),
        t("sequence.guide_play"),
        t("sequence.guide_sequence", { count: o.shared_limit }),
        t("sequence.guide_draw"),
      ),
    ),
    section(
      t("sequence.guide_end_title"),
      points(
        t("sequence.guide_teams"),
        teamsText(players, o.teams),
        t("sequence.guide_reshuffle"),
        t("sequence.guide_idle", { count: o.idle_rounds }),
      ),
    ),
    optionsSection(ctx, [
      firstPlayer(o, ctx.names),
      o.teams ? t("sequence.guide_option_teams", { teams: o.teams }) : t("sequence.guide_option_teams_auto"),
      t("sequence.guide_option_shared", { count: o.shared_limit }),
      t("sequence.guide_option_idle", { count: o.idle_rounds }),
      numbers ? (o.deck ? t("sequence_numbers.guide_option_teacher_deck") : t("sequence_numbers.guide_option_deck")) : null,
      numbers ? t(o.minus_removes_all ? "sequence_numbers.guide_option_minus_all" : "sequence_numbers.guide_option_minus_one") : null,
    ]),
  ];
}
