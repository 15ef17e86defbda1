"""Ends its own process: forfeits with the exit status."""
import os


class Quitter:
    def choose_move(self, state):
        os._exit(3)


def make_agent():
    return Quitter()
