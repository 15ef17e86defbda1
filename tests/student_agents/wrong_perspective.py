"""The careful agent with a perspective bug: it scores material for the player who is NOT to move."""
import random


def material(position, player):
    return position.piece_count(player) - position.piece_count(1 - player)


class WrongPerspective:
    def __init__(self):
        self.rng = random.Random(0)

    def after_answer(self, position, player):
        if position.is_game_over() or position.to_move == player:
            return material(position, 1 - player)  # the bug: the opponent's material
        return min(self.after_answer(position.play(move), player) for move in position.legal_moves())

    def choose_move(self, state):
        scored = [(self.after_answer(state.play(move), state.to_move), move) for move in state.legal_moves()]
        best = max(score for score, _ in scored)
        return self.rng.choice([move for score, move in scored if score == best])


def make_agent():
    return WrongPerspective()
