"""Game-playing agents: random, greedy, minimax, expectimax, alpha-beta, negamax and MCTS.

They see a game only through :class:`lessons_lib.kit.game.GameState`, and evaluate a
position, unless told otherwise, by its own game's evaluation
(:func:`lessons_lib.agents.evaluation.game_evaluation`). How much they search is a
:class:`Budget`.
"""

from lessons_lib.agents.alphabeta import AlphaBetaAgent
from lessons_lib.agents.base import Agent, Budget, SearchResult
from lessons_lib.agents.expectimax import ExpectimaxAgent
from lessons_lib.agents.mcts import MCTSAgent
from lessons_lib.agents.minimax import MinimaxAgent
from lessons_lib.agents.negamax import NegamaxAgent
from lessons_lib.agents.presets import DIFFICULTIES, best_agent, hint, make_agent
from lessons_lib.agents.simple import GreedyAgent, RandomAgent

__all__ = [
    "DIFFICULTIES", "Agent", "AlphaBetaAgent", "Budget", "ExpectimaxAgent", "GreedyAgent", "MCTSAgent", "MinimaxAgent",
    "NegamaxAgent", "RandomAgent", "SearchResult", "best_agent", "hint", "make_agent",
]
