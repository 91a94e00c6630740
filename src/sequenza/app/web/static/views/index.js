// Game views: one module per game draws its observations and maps actions to board parts.
// A game without its own module is shown by the generic view.
//
// A view module exports:
//   render(observation, ctx) -> Element   ctx: {seat, names, players, legal, table, replay}
//   parts(action, observation) -> [part]  the board elements (data-part) a player clicks, in
//                                          order, to make the action; [] makes it a button
//   label(action, observation) -> text     the action in words
//   scores(observation) -> [number]        optional: each seat's score so far
//   describeEvent(event, names) -> text    optional: a log line (undefined: the generic one)
//   prompt(observation, legal) -> text     optional: what to do now, for the banner

import * as generic from "./generic.js";

const MODULES = {
  "sequentia-shift": "./sequentia-shift.js",
  "sequentia-stack": "./sequentia-stack.js",
  "sequentia-cross": "./sequentia-cross.js",
  "sequence": "./sequence.js",
  "sequence-numbers": "./sequence.js",
  "sequence-stacks": "./sequence-stacks.js",
};

export async function loadView(gameId) {
  const path = MODULES[gameId];
  if (!path) return generic;
  try {
    return { ...generic, ...(await import(path)) };
  } catch (error) {
    console.error(`the view of ${gameId} failed to load`, error);
    return generic;
  }
}

export function describeEvent(view, event, names) {
  if (view.describeEvent !== generic.describeEvent) {
    const special = view.describeEvent(event, names);
    if (special !== undefined) return special;
  }
  return generic.describeEvent(event, names, view);
}
