import random


class MyAgent:
    """Plays a random legal move."""

    def __init__(self):
        self.rng = random.Random(0)  # seeded: the same games every time

    def choose_move(self, state):
        return self.rng.choice(state.legal_moves())


def make_agent():
    return MyAgent()