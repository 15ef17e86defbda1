"""What the four engines share, written once: each game's own files import it from here.

Its modules, named after the roles they serve in every game's package:

- ``bits``: bitboards, and the points (or squares) in one;
- ``line_board``: the tables of a board of points joined by lines, with steps along a line and
  jumps over a neighbour (Shologuti's board and Bagh-Chal's);
- ``zobrist``: how a Zobrist key works, and the seeded 64-bit random tables keys are made of;
- ``position``: :class:`~lessons_lib.games.common.position.BasePosition`, the mechanical part of
  every position (equality, hashing, ``repr``, the picture, the kept moves);
- ``drawing``: the SVG pictures' palette, opening, status line and rings.

What makes each game itself (its rules: ``play``, move generation, ``outcome``; its notation,
evaluation and drawing) stays in its own package, where students read it.
"""
