"""Computes for ever: forfeits once it has used its processor time."""


class Spinner:
    def choose_move(self, state):
        while True:
            pass


def make_agent():
    return Spinner()
