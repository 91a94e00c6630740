"""Bots. They decide from a seat's observation, the legal actions and the determiniser only."""

from sequenza.ai.base import Bot, Decision, make_bot
from sequenza.ai.greedy import GreedyBot
from sequenza.ai.mcts import MctsBot
from sequenza.ai.random_bot import RandomBot

__all__ = ["Bot", "Decision", "GreedyBot", "MctsBot", "RandomBot", "make_bot"]
