"""What the lessons say of their named positions (lessons_lib.games.shologuti.samples) is true."""

from __future__ import annotations

import math

from lessons_lib.agents import AlphaBetaAgent, MCTSAgent, NegamaxAgent
from lessons_lib.agents.evaluation import MATE_BOUND
from lessons_lib.agents.mcts import root_children
from lessons_lib.games.shologuti.samples import EARLY_WINNER_TRAP, HORIZON_EFFECT, ONE_PLY_BLUNDER
from lessons_lib.games.shologuti.position import GREEN, RED, Position


def value_for_mover(position: Position, move: str, depth: int) -> float:
    """The value of ``move`` for the player making it, by a negamax search ``depth`` plies deep after it."""
    child = position.play(move)
    value = NegamaxAgent(depth).search(child).value
    return value if child.to_move == position.to_move else -value


def test_depth_1_plays_into_a_two_piece_chain_and_quiescence_does_not() -> None:
    position = Position.from_string(ONE_PLY_BLUNDER)
    assert (position.piece_count(RED), position.piece_count(GREEN), position.to_move) == (14, 15, RED)
    assert str(AlphaBetaAgent(1).search(position).move) == "9-13"
    after = position.play("9-13")
    assert [str(move) for move in after.legal_moves()] == ["17x9"]
    chain = after.play("17x9")
    assert chain.to_move == after.to_move and [str(move) for move in chain.legal_moves()] == ["9x19"]
    assert chain.play("9x19").piece_count(RED) == 12
    # a real blunder: deep searches rate it far below the move quiescence finds
    assert value_for_mover(position, "9-13", 8) == -16 and value_for_mover(position, "16-21", 8) == 11
    assert value_for_mover(position, "16-21", 9) - value_for_mover(position, "9-13", 9) >= 25
    assert str(NegamaxAgent(1, quiescence=True).search(position).move) == "16-21"


def test_the_early_winner_of_a_greedy_mcts_is_a_losing_move() -> None:
    position = Position.from_string(EARLY_WINNER_TRAP)
    assert sorted(str(move) for move in position.legal_moves()) == ["32-29", "32-33", "32-35", "36-33", "36-35"]
    for losing in ("32-29", "32-35"):
        assert value_for_mover(position, losing, 8) <= -MATE_BOUND
    for safe in ("36-33", "36-35"):
        assert abs(value_for_mover(position, safe, 12)) < 10  # no piece lost within 12 plies

    def most_visited(c: float) -> str:
        root, _, _ = MCTSAgent(500, c=c, seed=1).build_tree(position)
        return str(max(root_children(root), key=lambda child: child["visits"])["move"])

    assert most_visited(0.2) == "32-29" and most_visited(math.sqrt(2)) == "36-35"


def test_at_the_start_depth_1_offers_an_exchange_that_depth_2_avoids_and_depth_3_plays() -> None:
    start = Position.start()
    assert str(AlphaBetaAgent(1).search(start).move) == "23-18"
    after = start.play("23-18")
    assert [str(move) for move in after.legal_moves()] == ["13x23"]
    assert "28x18" in [str(move) for move in after.play("13x23").legal_moves()]  # Green takes back at once
    depth_2 = AlphaBetaAgent(2).search(start).move
    assert not any(move.is_capture for move in start.play(depth_2).legal_moves())  # offers nothing
    depth_3 = AlphaBetaAgent(3).search(start)
    assert str(depth_3.move) == "23-19" and [str(move) for move in depth_3.pv] == ["23-19", "15x23", "28x18"]


def test_each_depth_pushes_the_unavoidable_loss_just_beyond_its_horizon() -> None:
    position = Position.from_string(HORIZON_EFFECT)
    assert position.piece_count(1) == 1 and position.piece_count(0) == 7 and position.to_move == 1
    plies_to_loss = {}
    for move in position.legal_moves():
        value = value_for_mover(position, str(move), 9)
        assert value <= -MATE_BOUND  # every move loses by force
        plies_to_loss[str(move)] = 1 + 1000 + int(value)  # one ply for the move itself
    assert plies_to_loss == {"17-12": 2, "17-13": 2, "17-18": 6, "17-22": 8, "17-23": 4}
    for depth, move in ((2, "17-23"), (4, "17-18"), (6, "17-22")):
        result = AlphaBetaAgent(depth).search(position)
        assert str(result.move) == move and result.value > -MATE_BOUND and plies_to_loss[move] == depth + 2
    assert AlphaBetaAgent(8).search(position).value <= -MATE_BOUND
    for depth in (2, 4):
        assert NegamaxAgent(depth, quiescence=True).search(position).value > -MATE_BOUND


def test_the_horizon_position_comes_from_a_game_between_two_alpha_beta_players() -> None:
    position = Position.start()
    for move in ("25-19", "13x25", "30x20", "15x25"):
        position = position.play(move)
    players = {RED: AlphaBetaAgent(2), GREEN: AlphaBetaAgent(4)}
    for _ in range(141):
        position = position.play(players[position.to_move].choose_move(position))
    assert str(position) == HORIZON_EFFECT


def test_mcts_settles_on_the_only_move_that_wins_by_force() -> None:
    from lessons_lib.games.shologuti.samples import MCTS_SETTLES

    position = Position.from_string(MCTS_SETTLES)
    assert len(position.legal_moves()) == 11 and not any(move.is_capture for move in position.legal_moves())
    proof = NegamaxAgent(7).search(position)
    assert (str(proof.move), proof.value) == ("29-25", 995)
    others = [-NegamaxAgent(6).search(position.play(move)).value for move in position.legal_moves()
              if str(move) != "29-25"]
    assert max(others) == 11


def test_the_convergence_plot_is_labelled_and_its_points_are_seeded() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from lessons_lib.experiments.measurements import mcts_convergence
    from lessons_lib.games.shologuti.samples import MCTS_SETTLES
    from lessons_lib.viz.plots import plot_mcts_convergence

    position = Position.from_string(MCTS_SETTLES)
    points = mcts_convergence(position, ["29-25"], iterations=(10, 40), seeds=range(3))
    assert points == mcts_convergence(position, ["29-25"], iterations=(10, 40), seeds=range(3))
    assert all(0 <= point.best_share <= 1 and 0 <= point.root_value <= 1 for point in points)
    for ax in plot_mcts_convergence(points, solved_value=1.0, best="29-25"):
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel() and ax.get_legend() is not None
    plt.close("all")
