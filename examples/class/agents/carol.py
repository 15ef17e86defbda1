class StaleAgent:
    """Chooses from the moves of the first position it saw: a bug."""

    def __init__(self):
        self.moves = None

    def choose_move(self, state):
        if self.moves is None:
            self.moves = state.legal_moves()
        return self.moves[0]


def make_agent():
    return StaleAgent()