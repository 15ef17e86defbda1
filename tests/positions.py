"""Positions for tests (see :mod:`lessons_lib.samples`)."""

from lessons_lib.samples import random_positions

__all__ = ["random_positions"]
