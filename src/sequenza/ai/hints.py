"""A hint: the move the strongest cheap level would play for a seat, and why, in the game's
terms as its heuristics see them.

A hint is decided from the seat's ``Decision``, as every bot decides: the bot and the reason
both see only a deal of the unseen cards made again from the seat's view (``sample_state``),
never the cards really held. With the same ``seed`` a hint is the same whatever the other
seats hold: a determiniser pools the unseen cards in the order the true deal keeps them,
so the hint first deals them again from a pool sorted into one order (``canonical``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from sequenza.ai.base import Decision, make_bot
from sequenza.ai.levels import ladder, rating
from sequenza.core.actions import Action
from sequenza.core.game import State
from sequenza.core.registry import game_kit

#: A share of the game's evaluation (0 to 1) that a move must move to count as a reason: below
#: it the change is the judge's noise, not something to tell a player.
NOTICEABLE = 0.02


@dataclass(frozen=True)
class Hint:
    """The move to play and its reason: a ``code`` the page words in its language (``wins``,
    ``claim``, ``gains``, ``best``, or a game's own: ``sequence``, ``blocks_four``,
    ``code_in``, ``stack_claim_next``, ``cross_line``, ``stacks_completes``...: the game's
    ``Play.reason`` lists them, and its view words those the shared page does not) and the
    ``data`` it names (``seat``: a seat the reason is about)."""

    action: Action
    code: str
    data: dict[str, Any] = field(default_factory=dict)
    level: str = "greedy"

    def to_json(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "level": self.level,
            "reason": {"code": self.code, "data": dict(self.data)},
        }


def hint_level(game_id: str) -> str:
    """The level a hint asks: the strongest the game's menu offers (a level that plays like a
    cheaper one is merged into it, so this is the cheapest of the strongest)."""
    # A game the ladder never measured (a mode, a test's toy): its heuristic, which is cheap.
    if rating("greedy", game_id) is None:
        return "greedy"
    return ladder(game_id)[-1][0]


class _SortedShuffle(random.Random):
    """A generator whose shuffles first sort what they shuffle: a deal of the unseen cards
    made with it depends on which cards are unseen and on its seed only, never on the order
    the true deal holds them in (``components.decks.redeal`` pools them in that order)."""

    def shuffle(self, x: Any) -> None:
        x.sort()
        super().shuffle(x)


def canonical(decision: Decision, seed: int) -> Decision:
    """``decision`` with its hidden cards dealt again from one sorted pool: the same for every
    deal the seat cannot tell from the true one, and as likely as any of them."""
    state: State[Any] = decision.sample_state(_SortedShuffle(seed))
    return Decision(
        decision.game_id,
        decision.seat,
        decision.observation,
        decision.legal_actions,
        state,
        decision.movers,
    )


def hint(decision: Decision, seed: int, level: str | None = None, **settings: Any) -> Hint:
    """The hint for ``decision``'s seat: ``level``'s move (by default ``hint_level``), with
    ``seed`` for the bot and for the deal its reason is judged on."""
    decision = canonical(decision, seed)
    chosen = level or hint_level(decision.game_id)
    bot = make_bot(chosen, seed=seed, **settings)
    action = bot.choose(decision)
    code, data = reason(decision, action, random.Random(seed))
    return Hint(action, code, data, chosen)


def reason(decision: Decision, action: Action, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """Why ``action`` is good, judged on one deal of what the seat cannot see: the game's own
    reason where its heuristics give one (``Play.reason``: a sequence made, a line of four
    blocked), else it claims, it wins, or it raises the seat's share of the game as the game's
    evaluation weighs it; else ``best`` (no one reason stands out)."""
    seat = decision.seat
    if action.verb == "claim":
        return "claim", {}
    try:
        before = decision.sample_state(rng)
        play = game_kit(decision.game_id).play
        if play.reason is not None:
            own = play.reason(before, action)
            if own is not None:
                return own
        judge = play.evaluation.judge
        shares_before = list(judge(before))
        after = before.clone()
        after.apply(action)
        result = after.result()
        if result is not None and seat in result.winners:
            return "wins", {}
        shares_after = list(judge(after)) if result is None else list(result.payoffs)
    except Exception:  # a game whose judge cannot read this position: no specific reason
        return "best", {}
    # Shares add up to one: what the seat gains its opponents lose, so a "block" is only told
    # where the game's own reason sees one.
    gained = shares_after[seat] - shares_before[seat]
    if gained >= NOTICEABLE:
        return "gains", {"share": round(100 * shares_after[seat])}
    return "best", {}
