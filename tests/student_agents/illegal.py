"""Answers a move that is not legal: forfeits with the move named."""


class Cheater:
    def choose_move(self, state):
        return "1-2"


def make_agent():
    return Cheater()
