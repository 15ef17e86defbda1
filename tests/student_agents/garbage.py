"""Writes straight to the answer channel (file descriptor 1), around print(): forfeits for garbage output."""
import os


class Chatterbox:
    def choose_move(self, state):
        os.write(1, b"hello world\n")
        return state.legal_moves()[0]


def make_agent():
    return Chatterbox()
