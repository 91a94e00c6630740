// Sequentia · Cross for people: cover a 3x3 grid of piles with your whole hand, then collect
// the rows or the columns that show your cards' codes.

import { h } from "/static/dom.js";
import { sequentiaCard } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { captioned, figure, firstPlayer, optionsSection, para, points, section, steps } from "/static/rules/common.js";

// The grid's positions as the table names them.
const TOP_ROW_KEYS = ["common.top_left", "common.top", "common.top_right"];

// Its words are the games catalogue's ("sequentia_cross.guide_..."), in the page's language.
export function rules(ctx) {
  const o = ctx.options;
  return [
    para(t("sequentia_cross.guide_goal")),
    section(
      t("sequentia_cross.guide_cards_title"),
      para(t("sequentia_cross.guide_cards")),
      figure(
        t("sequentia_cross.guide_cards_figure"),
        captioned(sequentiaCard("3:122", { key: "rules:a" }), t("sequentia_cross.guide_shows_asks")),
        captioned(sequentiaCard("1:211+", { key: "rules:b" }), t("sequentia_cross.guide_bonus_card")),
      ),
    ),
    section(t("sequentia_cross.guide_setup_title"), para(t("sequentia_cross.guide_setup"))),
    section(
      t("sequentia_cross.guide_turn_title"),
      steps(
        t("sequentia_cross.guide_place"),
        t("sequentia_cross.guide_lines"),
        t("sequentia_cross.guide_collect"),
        t("sequentia_cross.guide_draw"),
      ),
      figure(
        t("sequentia_cross.guide_claim_figure"),
        h("div.mini-row", {}, ["2:111", "1:213", "3:112"].map((text, index) => captioned(sequentiaCard(text, { key: `rules:r${index}`, className: index === 1 ? "selected" : "" }), t(TOP_ROW_KEYS[index])))),
      ),
    ),
    section(
      t("sequentia_cross.guide_end_title"),
      points(
        t("sequentia_cross.guide_end"),
        t("sequentia_cross.guide_stall", { count: o.stall_rounds }),
        t("sequentia_cross.guide_winner"),
      ),
    ),
    optionsSection(ctx, [firstPlayer(o, ctx.names), t("sequentia_cross.guide_option_stall", { count: o.stall_rounds })]),
  ];
}
