"""Grows a list until memory runs out: forfeits for memory."""


class Hog:
    def choose_move(self, state):
        blocks = []
        while True:
            blocks.append(bytearray(100 * 2**20))


def make_agent():
    return Hog()
