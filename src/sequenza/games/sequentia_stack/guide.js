// Sequentia · Stack for people: build a row of four piles, claim three whose top digits
// spell the code of a card in your hand.

import { h } from "/static/dom.js";
import { sequentiaCard } from "/static/cards.js";
import { t } from "/static/i18n.js";
import { captioned, figure, firstPlayer, optionsSection, para, points, section, steps } from "/static/rules/common.js";

// Its words are the games catalogue's ("sequentia_stack.guide_..."), in the page's language;
// the piles' captions are the table's own names for them.
export function rules(ctx) {
  const o = ctx.options;
  return [
    para(t("sequentia_stack.guide_goal")),
    section(
      t("sequentia_stack.guide_cards_title"),
      para(t("sequentia_stack.guide_cards")),
      figure(
        t("sequentia_stack.guide_cards_figure"),
        captioned(sequentiaCard("1:231", { key: "rules:a" }), t("sequentia_stack.guide_shows_asks")),
        captioned(sequentiaCard("2:312+", { key: "rules:b" }), t("sequentia_stack.guide_bonus_card")),
      ),
    ),
    section(t("sequentia_stack.guide_setup_title"), para(t("sequentia_stack.guide_setup", { count: o.hand_size }))),
    section(
      t("sequentia_stack.guide_turn_title"),
      steps(
        t("sequentia_stack.guide_place"),
        t("sequentia_stack.guide_after"),
        `${t("sequentia_stack.guide_claim")} ${t(o.claim_must_include_last_pile ? "sequentia_stack.guide_claim_last_pile" : "sequentia_stack.guide_claim_any_piles")}`,
        t("sequentia_stack.guide_refill", { count: o.hand_size }),
      ),
      figure(
        t("sequentia_stack.guide_claim_figure"),
        h("div.mini-row", {}, ["2:111", "3:113+", "1:131", "2:221"].map((text, index) => captioned(sequentiaCard(text, { key: `rules:p${index}` }), t("sequentia_stack.pile", { pile: index + 1 })))),
        captioned(sequentiaCard("1:231", { key: "rules:hand" }), t("sequentia_stack.guide_in_hand")),
      ),
    ),
    section(
      t("sequentia_stack.guide_end_title"),
      points(t("sequentia_stack.guide_rebuild"), t("sequentia_stack.guide_pass"), t("sequentia_stack.guide_end")),
    ),
    optionsSection(ctx, [
      firstPlayer(o, ctx.names),
      t("sequentia_stack.guide_option_hand", { count: o.hand_size }),
      t(o.claim_must_include_last_pile ? "sequentia_stack.guide_option_last_pile" : "sequentia_stack.guide_option_any_piles"),
      t(o.collect_revealed === false ? "sequentia_stack.guide_option_revealed_out" : "sequentia_stack.guide_option_collect_revealed"),
    ]),
  ];
}
