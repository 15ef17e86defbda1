"""What a network reads of a board: bitboards as arrays of 0.0 and 1.0 (each game's ``inputs`` module uses it).

numpy is imported when a network first reads a board, not with the engine: the engines load the standard library
alone (a sandboxed agent's process pays for nothing else).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


def bit_array(mask: int, count: int) -> NDArray[np.float64]:
    """Bits 0 to ``count − 1`` of ``mask`` as an array of 0.0 and 1.0.

    >>> bit_array(0b1010, 5).tolist()
    [0.0, 1.0, 0.0, 1.0, 0.0]
    """
    import numpy as np

    raw = np.frombuffer(mask.to_bytes((count + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, count=count, bitorder="little").astype(np.float64)
