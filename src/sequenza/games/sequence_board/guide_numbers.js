// Sequence Numbers for people: Sequence with sums on the cards and their results on the board.

import { boardRules } from "/games/sequence/guide.js";

export function rules(ctx) {
  return boardRules(ctx, true);
}
