import random


def material(position, player):
    """Pieces of player minus pieces of the opponent."""
    return position.piece_count(player) - position.piece_count(1 - player)


class CarefulAgent:
    """Chooses the move whose worst answer leaves it the most material."""

    def __init__(self):
        self.rng = random.Random(0)

    def after_answer(self, position, player):
        """The material for player once the opponent has answered (every ply of its chain)."""
        if position.is_game_over() or position.to_move == player:
            return material(position, player)
        return min(self.after_answer(position.play(move), player) for move in position.legal_moves())

    def score(self, state, move):
        after = state.play(move)
        if after.to_move == state.to_move:  # our chain goes on: look at our best continuation
            return max(self.score(after, next_move) for next_move in after.legal_moves())
        return self.after_answer(after, state.to_move)

    def choose_move(self, state):
        scored = [(self.score(state, move), move) for move in state.legal_moves()]
        best = max(score for score, _ in scored)
        return self.rng.choice([move for score, move in scored if score == best])


def make_agent():
    return CarefulAgent()