// Sequence Stacks for people: build shared colour piles from 1 to 5 and collect chips; five
// chips with at least two of each colour win.

import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";
import { card, faceText } from "./view.js";
import { captioned, figure, firstPlayer, optionsSection, para, points, section, steps } from "/static/rules/common.js";

// Its words are the games catalogue's ("sequence_stacks.guide_..."), in the page's language;
// the cards' captions are the names the table gives them.
export function rules(ctx) {
  const o = ctx.options;
  const two = ctx.players === 2;
  return [
    para(t("sequence_stacks.guide_goal")),
    section(
      t("sequence_stacks.guide_cards_title"),
      para(t("sequence_stacks.guide_cards")),
      figure(
        t("sequence_stacks.guide_cards_figure"),
        captioned(card("blue-3", { key: "rules:a" }), faceText("blue-3")),
        captioned(card("red-wild", { key: "rules:b" }), faceText("red-wild")),
        ...["skip", "reverse", "steal-card", "block", "steal-chip"].map((face) => card(face, { key: `rules:${face}` })),
      ),
      para(t(two ? "sequence_stacks.guide_two_players" : "sequence_stacks.guide_more_players")),
    ),
    section(
      t("sequence_stacks.guide_piles_title"),
      para(t("sequence_stacks.guide_piles")),
      figure(
        t("sequence_stacks.guide_piles_figure"),
        h("div.mini-row", {}, ["blue-1", "blue-2", "blue-wild"].map((face, index) => card(face, { key: `rules:pile${index}` }))),
        captioned(card("blue-4", { key: "rules:next" }), t("sequence_stacks.guide_fits_next")),
      ),
    ),
    section(
      t("sequence_stacks.guide_turn_title"),
      steps(
        t("sequence_stacks.guide_draw", { count: o.draw_up_to }),
        t("sequence_stacks.guide_play"),
        t("sequence_stacks.guide_complete"),
        t("sequence_stacks.guide_discard"),
      ),
      para(t("sequence_stacks.guide_block")),
    ),
    section(
      t("sequence_stacks.guide_end_title"),
      points(
        t("sequence_stacks.guide_win"),
        t("sequence_stacks.guide_reshuffle"),
        t("sequence_stacks.guide_stall", { count: o.stall_rounds }),
        t("sequence_stacks.guide_chipless", { count: o.chipless_round_limit }),
      ),
    ),
    optionsSection(ctx, [
      firstPlayer(o, ctx.names),
      t("sequence_stacks.guide_option_draw", { count: o.draw_up_to }),
      t("sequence_stacks.guide_option_stall", { count: o.stall_rounds }),
      t("sequence_stacks.guide_option_chipless", { count: o.chipless_round_limit }),
      t("sequence_stacks.guide_option_refills", { count: o.turn_refill_limit }),
    ]),
  ];
}
