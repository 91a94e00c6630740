// The rules of Toy cards for people, in the words of the game's own catalogue.

import { t } from "/static/i18n.js";
import { para } from "/static/rules/common.js";

export function rules() {
  return [para(t("test_toy.rules"))];
}
