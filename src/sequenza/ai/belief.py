"""Belief-weighted determinisation: reading an opponent's hand from the plays it has made.

The plain search deals the cards it cannot see at random, so it imagines opponents holding
cards they would have played long ago. This one deals many hands and weighs each by how
likely it makes the opponent's recent choices, under a model of the opponent: a softmax over
the game's own rating of its moves (``action_ranker``), mixed with a little uniform choice
so that no deal is ever ruled out by a model that is only a model. The search then draws its
deals in proportion to those weights (importance resampling).

It needs two things per game, in its kit (``play.hand_model`` and ``play.ranker``): how to read
and rewrite a seat's hand in an imagined state, and what each action does to the hand. It
never touches the true state: it remembers its own earlier ``Decision`` deals, replays the
public actions since (every action of these games is seen by every seat) and puts each
hypothesised hand into those remembered positions to rate the opponent's choices there.

Which cards of a hand came in after each remembered choice is unknown too: each deal draws
that order at random, undoing the opponent's draws from the newest back, so the weight of a
deal is the likelihood of the plays given both. Only 2-player tables are read (with more,
the positions between two of our turns depend on several hidden hands at once); elsewhere,
and in games without a hand model, the bot searches exactly as ``mcts`` does.

The weighing stays in Python; the iterations run in the compiled core where ``mcts``'s do,
the core drawing each iteration's deal from the weighted pool and redealing its draw pile as
``_deal`` does, draw for draw (``fast.search``'s ``deals``), so that both choose alike.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from sequenza import fast
from sequenza.ai.base import Decision, register_bot
from sequenza.ai.greedy import action_ranker_for
from sequenza.ai.mcts import MctsBot
from sequenza.core.actions import Action
from sequenza.core.errors import OptionError
from sequenza.core.game import State
from sequenza.core.kit import Flow, HandModel, Ranker
from sequenza.core.registry import game_kit


def hand_model_for(game_id: str) -> HandModel | None:
    return game_kit(game_id).play.hand_model


@dataclass
class _Choice:
    """A rated choice of the opponent: where it stands in the history, the position before
    it, the action taken and the rating of every option any hand could give there."""

    index: int
    position: State[Any]
    action: Action
    worths: dict[Action, float]
    #: The card each option plays, by face.
    faces: dict[Action, str | None]


@dataclass
class _Seen:
    """One remembered decision of ours: a deal of it, where the history stood, and once the
    opponent has answered, its rated choice that followed (``None`` if none). The deal is let
    go once the choice is read: only the newest decision's deal is needed after that."""

    deal: State[Any] | None
    turn: int
    read: bool = False
    choice: _Choice | None = None


class BeliefMctsBot(MctsBot):
    """``mcts`` whose deals are weighted by the opponent's recent plays (see the module).

    ``deals``: hands dealt and weighed per decision; ``memory``: the opponent's choices read
    (the most recent ones); ``temperature``: how sharply the model expects the best-rated
    move (in the game's rating units); ``slip``: the model's share of uniform choice. Other
    settings are the MCTS bot's. ``last_spread`` tells how many deals effectively carried
    the last decision (the effective sample size of the weights; 0 when none were read).
    """

    name = "expert"

    def __init__(
        self,
        seed: int | None = None,
        *,
        deals: int = 48,
        memory: int = 8,
        temperature: float = 5.0,
        slip: float = 0.1,
        **settings: Any,
    ) -> None:
        for name, value in (("deals", deals), ("memory", memory)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise OptionError(
                    f"expert setting {name} must be a whole number above 0, not {value!r}"
                )
        if not isinstance(temperature, int | float) or temperature <= 0:
            raise OptionError(f"expert setting temperature must be above 0, not {temperature!r}")
        if not isinstance(slip, int | float) or not 0 < slip <= 1:
            raise OptionError(f"expert setting slip must be above 0 and at most 1, not {slip!r}")
        super().__init__(seed, **settings)
        self.deals = deals
        self.memory = memory
        self.temperature = float(temperature)
        self.slip = float(slip)
        self.last_spread = 0.0
        self._seen: list[_Seen] = []
        self._model: HandModel | None = None
        self._pool: list[State[Any]] = []
        self._weights: list[float] = []

    def __getstate__(self) -> dict[str, Any]:
        # Between decisions (a web worker keeps its bot pickled) the last decision's pool of
        # deals is dead weight: each decision deals its own.
        kept = dict(self.__dict__)
        kept.update(_pool=[], _weights=[], _model=None)
        return kept

    @property
    def beliefs(self) -> list[tuple[State[Any], float]]:
        """The deals of the last decision with their weights (empty where none were read)."""
        return list(zip(self._pool, self._weights, strict=True))

    def choose(self, decision: Decision) -> Action:
        self._pool, self._weights, self.last_spread = [], [], 0.0
        self._model = hand_model_for(decision.game_id)
        if self._model is not None and decision.observation["players"] == 2:
            deal = decision.sample_state(self.rng)
            self._remember(deal)
            if len(decision.legal_actions) > 1:
                self._weigh(decision, self._model, deal)
        return super().choose(decision)

    def _remember(self, deal: State[Any]) -> None:
        """Keep this decision's deal; forget a game that is not this one's past."""
        turn = len(deal.history)
        if self._seen:
            last = self._seen[-1]
            assert last.deal is not None, "the newest decision keeps its deal"
            if last.turn > turn or deal.history[: last.turn] != last.deal.history:
                self._seen = []
        self._seen.append(_Seen(deal, turn))

    def _choices(
        self, seat: int, model: HandModel, ranker: Ranker, history: list[str]
    ) -> list[_Choice]:
        """The opponent's rated choices after our remembered decisions, newest first."""
        found: list[_Choice] = []
        pairs = zip(reversed(self._seen[:-1]), reversed(self._seen[1:]), strict=True)
        for place, (seen, following) in enumerate(pairs):
            if not seen.read:
                seen.choice = self._read(seen, following.turn, seat, model, ranker, history)
                seen.read = True
                seen.deal = None
            if seen.choice is not None:
                found.append(seen.choice)
                if len(found) >= self.memory:
                    # Older decisions are never read again: the memory is full without them.
                    del self._seen[: len(self._seen) - 2 - place]
                    break
        return found

    @staticmethod
    def _read(
        seen: _Seen, until: int, seat: int, model: HandModel, ranker: Ranker, history: list[str]
    ) -> _Choice | None:
        """The opponent's rated choice between a remembered decision and the next, with the
        position it faced: our deal of the time, replayed up to it. The opponent's other
        actions are not replayed (our deal does not hold its cards): the model takes them to
        leave the position it rates as it was. Every option is rated once, the opponent
        holding every card of the game: a rating reads the position and the action's card,
        not the rest of the hand."""
        assert seen.deal is not None, "a decision is read once, while it keeps its deal"
        position = seen.deal.clone()
        for index in range(seen.turn, until):
            action = Action.parse(history[index])
            mover = position.current_seat
            if mover is None:
                return None
            if mover == seat:
                if action not in position.legal_actions():
                    return None  # our deal of the time cannot follow the game
                position.apply_unchecked(action)
            elif model.flow(action).rated:
                model.set_hand(
                    position, mover, [c for z in position.card_zones().values() for c in z]
                )
                options = [a for a in position.legal_actions() if model.flow(a).rated]
                faces = {option: model.flow(option).card for option in options}
                return _Choice(index, position, action, ranker(position, options), faces)
        return None

    def _weigh(self, decision: Decision, model: HandModel, current: State[Any]) -> None:
        """Deal hands and weigh each by the likelihood of the opponent's choices."""
        history = current.history
        ranker = action_ranker_for(decision.game_id)
        assert ranker is not None, "a hand model needs the game's action ranker"
        choices = self._choices(decision.seat, model, ranker, history)
        if not choices:
            return
        opponent = 1 - decision.seat
        movers = decision.movers
        # The opponent's actions since the oldest choice read, newest first.
        flows = [
            (index, model.flow(Action.parse(history[index])))
            for index in range(len(history) - 1, choices[-1].index - 1, -1)
            if movers[index] == opponent
        ]
        pool = [current] + [decision.sample_state(self.rng) for _ in range(self.deals - 1)]
        logs = [self._log_likelihood(deal, model, choices, flows, opponent) for deal in pool]
        top = max(logs)
        weights = [math.exp(value - top) for value in logs]
        self._pool, self._weights = pool, weights
        self.last_spread = sum(weights) ** 2 / sum(weight * weight for weight in weights)

    def _log_likelihood(
        self,
        deal: State[Any],
        model: HandModel,
        choices: list[_Choice],
        flows: list[tuple[int, Flow]],
        opponent: int,
    ) -> float:
        """Walk the opponent's hand back from this deal's, undoing its draws (a random card
        of the hand each: which cards came last is unknown) and taking back the cards it
        played, and rate each remembered choice with the hand it then held."""
        hand = list(model.hand(deal, opponent))
        pending = {choice.index: choice for choice in choices}
        total = 0.0
        for index, flow in flows:
            for _ in range(min(flow.draws, len(hand))):
                hand.pop(self.rng.randrange(len(hand)))
            if flow.card is not None:
                hand.append(model.card_of(deal, flow.card))
            choice = pending.get(index)
            if choice is not None:
                total += math.log(self._probability(choice, hand, model))
        return total

    def _probability(self, choice: _Choice, hand: list[Any], model: HandModel) -> float:
        """The model's chance of the action taken, holding ``hand``: a softmax of the ratings
        of the rated options, mixed with a uniform choice."""
        # This hand's options: the rated options of the faces it holds.
        faces = {model.face_of(choice.position, card) for card in hand}
        worths = choice.worths
        options = [action for action, face in choice.faces.items() if face in faces]
        top = max(worths[action] for action in options)
        mass = sum(math.exp((worths[action] - top) / self.temperature) for action in options)
        modelled = math.exp((worths[choice.action] - top) / self.temperature) / mass
        return self.slip / len(options) + (1.0 - self.slip) * modelled

    def _deals_in_core(self, game_id: str) -> bool:
        # The core draws from the pool by weight and redeals the draw pile as ``_deal`` does
        # in the games whose hand model it knows; with no pool this deals as ``mcts`` does.
        if type(self)._deal is not BeliefMctsBot._deal:
            return False
        return not self._pool or game_id in fast.DEAL_GAMES

    def _core_deals(self) -> tuple[list[State[Any]], list[float]] | None:
        return (self._pool, self._weights) if self._pool else None

    def _deal(self, decision: Decision) -> State[Any]:
        if not self._pool:
            return super()._deal(decision)
        (chosen,) = self.rng.choices(self._pool, weights=self._weights)
        deal = chosen.clone()
        model = self._model
        assert model is not None
        # The hands are what the weights are about; the draw pile and future shuffles are
        # dealt afresh for every iteration, as the plain search does.
        model.shuffle_rest(deal, self.rng)
        deal.rng = random.Random(self.rng.getrandbits(64))
        return deal


register_bot("expert", BeliefMctsBot)
