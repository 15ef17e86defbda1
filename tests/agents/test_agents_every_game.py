"""Every agent on every game: legal moves only, the game's own evaluation, games to the end."""

from __future__ import annotations

import pytest
from lessons_lib.agents import make_agent
from lessons_lib.agents.match import play_game
from lessons_lib.games import GAMES
from positions import random_line

NAMES = list(GAMES)


@pytest.mark.parametrize("name", NAMES)
def test_every_agent_plays_every_game_with_only_legal_moves(name: str) -> None:
    specs = ["random", "greedy", "alphabeta:2", "negamax:2", "mcts:20", "beginner", "easy"]
    for number, spec in enumerate(specs):
        agents = [make_agent(spec, seed=number), make_agent("random", seed=number + 1)]
        result = play_game(agents if number % 2 else agents[::-1], random_line(name, number, 6)[-1], max_plies=60)
        replay = random_line(name, number, 6)[-1]
        for move in result.moves:
            assert move in replay.legal_moves()
            replay = replay.play(move)


@pytest.mark.parametrize("name", NAMES)
def test_agents_made_without_an_evaluation_use_the_games_own(name: str) -> None:
    """No agent defaults to Shologuti's evaluation: each is built as a student would, with no arguments."""
    from lessons_lib.agents import (
        AlphaBetaAgent, ExpectimaxAgent, GreedyAgent, MinimaxAgent, NegamaxAgent, best_agent, hint,
    )

    game = GAMES[name]
    position = random_line(name, 3, 8)[-1]
    agents = [AlphaBetaAgent(depth=2), MinimaxAgent(depth=1), NegamaxAgent(depth=2), ExpectimaxAgent(depth=1),
              GreedyAgent(seed=1), best_agent(seconds=0.05)]
    for agent in agents:
        assert agent.choose_move(position) in position.legal_moves(), type(agent).__name__
    with_own = NegamaxAgent(depth=2, evaluate=game.evaluate).search(position)
    by_default = NegamaxAgent(depth=2).search(position)
    assert (by_default.move, by_default.value) == (with_own.move, with_own.value)
    assert hint(position, seconds=0.05).move in position.legal_moves()


@pytest.mark.parametrize("name", NAMES)
def test_games_between_agents_finish_by_the_rules(name: str) -> None:
    game = GAMES[name]
    for number, specs in enumerate([("greedy", "random"), ("mcts:8", "greedy")]):
        agents = [make_agent(spec, seed=number) for spec in specs]
        result = play_game(agents, game.start(), max_plies=20_000)
        assert result.outcome.reason != "ply limit", "the game's own rules must end every game"
        replay = game.start()
        for move in result.moves:
            replay = replay.play(move)
        assert replay.outcome() == result.outcome

