"""What the compiled and the interpreted code must agree on, printed as JSON: ``python tests/mode_results.py``.

For a few positions of every game: perft, evaluations, seeded random playouts, and the
searches' values, principal variations and node counts (minimax, alpha-beta, negamax with
its table and killers, expectimax), seeded MCTS moves and visit counts, and seeded PUCT with a learned policy and
value (the guide, and the priors and value one call at a time) to every visit and score; and the searches with the solved
tables inside them (``probes``) in a Shologuti endgame.
(tests/test_compiled.py runs it once in each mode and compares.)
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from lessons_lib.tooling import compiled
from lessons_lib.agents import AlphaBetaAgent, MCTSAgent, MinimaxAgent, NegamaxAgent
from lessons_lib.agents.expectimax import ExpectimaxAgent
from lessons_lib.games import GAMES
from lessons_lib.kit.perft import interface_leaves, perft
from lessons_lib.learning.policy_value import Model

GAME_DEPTHS = {"shologuti": 3, "baghchal": 3, "hus": 2, "shobu": 1}
"""How deep each game is searched here (Shobu's branching is in the hundreds)."""


def positions(name: str) -> list[Any]:
    """The start and three positions of a seeded random game, some plies in."""
    game = GAMES[name]
    position, rng, found = game.start(), random.Random(7), [game.start()]
    for ply in range(1, 31):
        moves = position.legal_moves()
        if not moves:
            break
        position = position.play(rng.choice(moves))
        if ply in (6, 14, 30) and not position.is_game_over():
            found.append(position)
    return found


def search_record(agent: Any, position: Any) -> dict[str, Any]:
    result = agent.search(position)
    return {"move": str(result.move), "value": result.value, "pv": [str(move) for move in result.pv],
            "nodes": result.nodes}


def tree_record(agent: Any, position: Any) -> list[Any]:
    """Every node of the agent's tree, depth first: its moves from the root, visits and wins."""
    root, _, _ = agent.build_tree(position)
    found, stack = [], [root]
    while stack:
        node = stack.pop()
        found.append([[str(move) for move in node.path()], node.visits, node.wins])
        stack.extend(node.children)
    return found


def guiding_model(name: str, clock_inputs: bool) -> Model:
    """A policy and a value with weights of both signs on every feature (and on the clock's, if asked for)."""
    size = len(GAMES[name].engine.feature_names)
    weights = tuple((-1) ** index * (0.1 + 0.05 * index) for index in range(size))
    return Model(name, weights * 2 if clock_inputs else weights, weights[::-1], clock_inputs)


def results() -> dict[str, Any]:
    record: dict[str, Any] = {}
    for name, game in GAMES.items():
        depth = GAME_DEPTHS[name]
        for index, position in enumerate(positions(name)):
            rng = random.Random(index)
            last, plies = position.random_playout(rng)
            record[f"{name} {index}"] = {
                "position": str(position),
                "perft": [perft(position, d) for d in range(max(depth, 2) + 1)],
                "perft through the interface": [interface_leaves(position, d) for d in range(max(depth, 2) + 1)],
                "evaluation": [game.evaluate(position, player) for player in (0, 1)],
                "playout": [str(last), plies],
                "minimax": search_record(MinimaxAgent(depth - 1 or 1, game.evaluate), position),
                "alphabeta": search_record(AlphaBetaAgent(depth, game.evaluate), position),
                "negamax": search_record(NegamaxAgent(depth + 1, evaluate=game.evaluate), position),
                "expectimax": search_record(ExpectimaxAgent(depth - 1 or 1, game.evaluate), position),
                "mcts": search_record(MCTSAgent(60, seed=index), position),
            }
            clock = game.engine.clock_share is not None
            model = guiding_model(name, clock)
            record[f"{name} {index}"]["puct"] = [
                tree_record(MCTSAgent(60, guide=model.guide, seed=index, root_noise=(0.3, 0.25)), position),
                tree_record(MCTSAgent(60, priors=model.priors, value=model.value, seed=index), position)]
    endgame = GAMES["shologuti"].engine.position.from_string("GG.........R.....G......R............ g -")
    record["shologuti endgame, the tables inside the searches"] = {
        "alphabeta": search_record(AlphaBetaAgent(3, probes=True), endgame),
        "negamax": search_record(NegamaxAgent(4, probes=True), endgame),
        "mcts": search_record(MCTSAgent(200, seed=3, probes=True), endgame),
    }
    return record


if __name__ == "__main__":
    json.dump({"mode": compiled.mode(), "results": results()}, sys.stdout, indent=1, sort_keys=True)
