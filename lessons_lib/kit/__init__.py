"""The engine kit: what every game's engine is written against, and nothing else.

- :mod:`~lessons_lib.kit.game`: the game interface (a position, its moves, its outcome) and the ``Engine`` record;
- :mod:`~lessons_lib.kit.errors`: the errors a bad position, move or variant raises;
- :mod:`~lessons_lib.kit.perft`: counting move sequences, the test that move generation is right.
"""
