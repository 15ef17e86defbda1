"""Notebook 06: the strength data loader (the checks are in the catalogues)."""

from __future__ import annotations

import pytest

from lessons_lib.experiments.data import load_table


def test_the_strength_tables_load_with_numbers() -> None:
    depth = load_table("depth")
    assert [row["level"] for row in depth] == [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
    assert isinstance(depth[0]["player"], str)
    with pytest.raises(FileNotFoundError, match="python -m lessons_lib experiment all"):
        load_table("nothing")
