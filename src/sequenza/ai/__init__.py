"""Bots. They decide from a seat's observation, the legal actions and the determiniser only."""

from sequenza.ai.base import Bot, Decision, make_bot
from sequenza.ai.belief import BeliefMctsBot
from sequenza.ai.greedy import GreedyBot
from sequenza.ai.mcts import MctsBot
from sequenza.ai.novice import NoviceBot
from sequenza.ai.random_bot import RandomBot

__all__ = [
    "BeliefMctsBot",
    "Bot",
    "Decision",
    "GreedyBot",
    "MctsBot",
    "NoviceBot",
    "RandomBot",
    "make_bot",
]
