"""The random draw every random playout makes, as :meth:`random.Random.choice` makes it, and faster compiled.

``rng.choice(moves)`` takes ``moves[i]`` for an ``i`` that the generator draws from its bits: ``k`` bits, for
``k`` the bit length of ``len(moves)``, again and again until they make a number below ``len(moves)``. That is
CPython's own way for :class:`random.Random` (its ``_randbelow``); :func:`random_index` draws the same way, so that a
playout makes the same choices either way, and in compiled code it is a third of the cost of a call to ``choice``.
A generator of another type (a subclass may draw otherwise) is asked to choose.

>>> import random
>>> draws = random.Random(5), random.Random(5)
>>> [random_index(draws[0], 7) for _ in range(6)] == [draws[1].choice(range(7)) for _ in range(6)]
True
"""

from __future__ import annotations

import random


def random_index(rng: random.Random, count: int) -> int:
    """The index ``rng.choice`` would take from a sequence of ``count`` items (``count`` at least 1)."""
    if type(rng) is not random.Random:
        return rng.choice(range(count))
    bits = count.bit_length()
    drawn: int = rng.getrandbits(bits)
    while drawn >= count:
        drawn = rng.getrandbits(bits)
    return drawn
