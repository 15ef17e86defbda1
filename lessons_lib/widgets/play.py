"""Play Shologuti against the AI, or two people at one screen: the Pygame game's main mode, as a game panel.

:class:`PlayPanel` is :class:`~lessons_lib.widgets.game_panel.GamePanel` on the suite's own game, with
the Pygame game's words for its options: the side you play (``green``, ``red``, ``both``) and its
levels (``"Pygame depth 5"``: alpha-beta, 5 plies).

>>> panel = PlayPanel(ai="beginner", think_in_background=False)
>>> panel.board.click(23); panel.board.click(18)   # Green (you) plays 23-18 ...
Move.parse('23-18')
>>> len(panel.record.moves)                        # ... and the AI has answered
2
"""

from __future__ import annotations

from lessons_lib.games import DEFAULT_GAME
from lessons_lib.widgets.game_panel import GamePanel

PYGAME_DEPTHS = (1, 3, 5, 7)
"""The depths the Pygame Shologuti game offered for its alpha-beta AI."""
PLAY_SEATS = {"green": "first", "red": "second", "both": "both"}


def pygame_level(name: str) -> str:
    """The agent name for a level of the Pygame game (``"Pygame depth 5"`` is ``"alphabeta:5"``); other names,
    and a dropdown label such as ``"medium: alpha-beta, 3 plies"``, as they are."""
    for prefix in ("Pygame depth ", "seed depth "):  # "seed depth" is its old name
        if name.startswith(prefix):
            return f"alphabeta:{name.removeprefix(prefix).split(':')[0].strip()}"
    return name.split(":")[0] if ": " in name else name


class PlayPanel(GamePanel):
    """Human against AI (or human against human) on one board.

    Args:
        ai: the AI's level: a difficulty (``beginner`` … ``expert``), ``Pygame depth N`` (1, 3, 5 or 7), or any
            agent a game panel offers (``"mcts:300"``).
        seats: ``"green"``, ``"red"`` (the side you play) or ``"both"`` (two people, no AI).
        variant: the rule variant.
        think_in_background: let the AI think in a thread (set False in tests and scripts).
    """

    def __init__(self, ai: str = "medium", seats: str = "green", variant: str = "forced",
                 think_in_background: bool = True) -> None:
        if seats not in PLAY_SEATS:
            raise ValueError(f"unknown seats {seats!r}; choose one of: {', '.join(PLAY_SEATS)}")
        super().__init__(DEFAULT_GAME, ai=pygame_level(ai), seats=PLAY_SEATS[seats], variant=variant,
                         think_in_background=think_in_background)
