// The rules of Toy cards for people.

import { para } from "/static/rules/common.js";

export function rules() {
  return [para("Play a card from your hand and draw one. When every card is played, the highest total wins.")];
}
