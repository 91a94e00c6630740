// Sequentia · Shift for people: slide cards until a row shows your target's code.

import { sequentiaCard, slot } from "/static/cards.js";
import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";
import { captioned, figure, firstPlayer, optionsSection, para, points, row, section, steps } from "/static/rules/common.js";

// Its words are the games catalogue's ("sequentia_shift.guide_..."), in the page's language.
export function rules(ctx) {
  const o = ctx.options;
  return [
    para(t("sequentia_shift.guide_goal")),
    section(
      t("sequentia_shift.guide_cards_title"),
      para(t("sequentia_shift.guide_cards")),
      figure(
        t("sequentia_shift.guide_cards_figure"),
        captioned(sequentiaCard("2:131", { key: "rules:a" }), t("sequentia_shift.guide_shows_two")),
        captioned(sequentiaCard("3:213+", { key: "rules:b" }), t("sequentia_shift.guide_bonus_card")),
      ),
    ),
    section(t("sequentia_shift.guide_setup_title"), para(t("sequentia_shift.guide_setup"))),
    section(
      t("sequentia_shift.guide_turn_title"),
      steps(
        t("sequentia_shift.guide_exchange"),
        o.diagonal_slides ? t("sequentia_shift.guide_slides_diagonal") : t("sequentia_shift.guide_slides", { count: o.slide_limit }),
        t("sequentia_shift.guide_claim"),
        t("sequentia_shift.guide_refill"),
        t("sequentia_shift.guide_end_turn"),
      ),
      figure(
        t("sequentia_shift.guide_claim_figure"),
        row(sequentiaCard("2:331", { key: "rules:c" }), sequentiaCard("1:123", { key: "rules:d" }), sequentiaCard("3:113+", { key: "rules:e" })),
        captioned(sequentiaCard("1:213", { key: "rules:t", className: "target" }), t("sequentia_shift.guide_your_target")),
      ),
      figure(
        t("sequentia_shift.guide_grid_figure"),
        grid(["3:312", "1:133", "1:323", "3:213+", null, "2:322", "1:331", "3:313+", "2:232"], [1, 3, 5, 7]),
      ),
    ),
    section(
      t("sequentia_shift.guide_end_title"),
      points(
        t("sequentia_shift.guide_end"),
        t("sequentia_shift.guide_stall", { count: o.stall_rounds }),
        // Off by default (0): the seed's game never ends while the deck holds cards.
        o.idle_rounds > 0 && t("sequentia_shift.guide_idle", { count: o.idle_rounds }),
        t("sequentia_shift.guide_repetitions", { count: o.repetitions }),
        t("sequentia_shift.guide_winner"),
      ),
    ),
    optionsSection(
      ctx,
      [
        firstPlayer(o, ctx.names),
        t("sequentia_shift.guide_option_slides", { count: o.slide_limit }),
        t(o.diagonal_slides ? "sequentia_shift.guide_option_diagonal" : "sequentia_shift.guide_option_orthogonal"),
        t("sequentia_shift.guide_option_stall", { count: o.stall_rounds }),
        o.idle_rounds > 0 && t("sequentia_shift.guide_option_idle", { count: o.idle_rounds }),
      ],
    ),
  ];
}

function grid(cards, movable) {
  return h(
    "div.rules-grid",
    {},
    cards.map((text, position) =>
      text ? sequentiaCard(text, { key: `rules:grid:${position}`, className: movable.includes(position) ? "playable" : "" }) : slot(t("sequentia_shift.guide_hole")),
    ),
  );
}
