"""Game-playing agents: random, greedy, minimax, expectimax, alpha-beta, negamax and MCTS.

They see a game only through :class:`lessons_lib.game.GameState`; the Shologuti
evaluation functions are the one exception (:mod:`lessons_lib.agents.evaluation`).
"""

from lessons_lib.agents.alphabeta import AlphaBetaAgent
from lessons_lib.agents.base import Agent, SearchResult
from lessons_lib.agents.expectimax import ExpectimaxAgent
from lessons_lib.agents.mcts import MCTSAgent
from lessons_lib.agents.minimax import MinimaxAgent
from lessons_lib.agents.negamax import NegamaxAgent
from lessons_lib.agents.presets import DIFFICULTIES, best_agent, hint, make_agent
from lessons_lib.agents.simple import GreedyAgent, RandomAgent

__all__ = [
    "DIFFICULTIES", "Agent", "AlphaBetaAgent", "ExpectimaxAgent", "GreedyAgent", "MCTSAgent", "MinimaxAgent", "NegamaxAgent",
    "RandomAgent", "SearchResult", "best_agent", "hint", "make_agent",
]
