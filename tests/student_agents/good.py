"""A well-behaved student agent: a seeded random move. Its print() goes to standard error, harmlessly."""
import random


class RandomStudent:
    def __init__(self):
        self.rng = random.Random(0)

    def choose_move(self, state):
        print("thinking...")
        return self.rng.choice(state.legal_moves())


def make_agent():
    return RandomStudent()
