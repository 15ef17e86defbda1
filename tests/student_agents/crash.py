"""Raises in choose_move: forfeits with the exception named."""


class Crasher:
    def choose_move(self, state):
        raise RuntimeError("boom")


def make_agent():
    return Crasher()
