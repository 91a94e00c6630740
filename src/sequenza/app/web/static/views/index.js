// Game views: one module per game (view.js in the game's package) draws its observations
// and maps actions to board parts.
//
// A view module exports:
//   render(observation, ctx) -> Element   ctx: {seat, names, players, legal, table, replay}
//   parts(action, observation) -> [part]  the board elements (data-part) a player clicks, in
//                                          order, to make the action; [] makes it a button
//   label(action, observation) -> text     the action in words
//   scores(observation) -> [number]        optional: each seat's score so far
//   prompt(observation, legal) -> text     optional: what to do now, for the banner
//   hintReason(reason, names) -> text      optional: a hint's reason in the game's own terms
//                                          (its codes from the game's play.reason), or null
//   learnerPlaces(board, selected, candidates, observation)
//                                          optional: at a table with learner_hints, the parts
//                                          picked so far and the actions they still lead to;
//                                          words why each next place is one (its kit says
//                                          learner_hints)
//
// The log's sentences come from the server, written by the text layer (sequenza.text): each
// event arrives with its "text".

import * as generic from "./generic.js";

// Every game's kit has a view module, served from its package at /games/<id>/view.js; the
// generic view fills in the optional functions a module leaves out.
export async function loadView(gameId) {
  return { ...generic, ...(await import(`/games/${encodeURIComponent(gameId)}/view.js`)) };
}
