"""Always the first legal move: deterministic, and no better for it."""


class FirstMove:
    def choose_move(self, state):
        return state.legal_moves()[0]


def make_agent():
    return FirstMove()
