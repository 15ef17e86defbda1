"""Watch two agents play Shologuti (the Pygame game's AI vs AI mode), as a game panel.

>>> panel = WatchPanel(first="alphabeta", first_setting=1, second="random", think_in_background=False)
>>> panel.run_to_end()
>>> panel.record.position.is_game_over()
True
"""

from __future__ import annotations

from typing import Any

from lessons_lib.games import DEFAULT_GAME
from lessons_lib.widgets.agent_choice import agent_spec
from lessons_lib.widgets.game_panel import GamePanel


class WatchPanel(GamePanel):
    """Two agents playing, paused until Play or Step: :class:`~lessons_lib.widgets.game_panel.GamePanel` with
    ``seats="watch"`` on the suite's own game.

    Args:
        first, second: the agents of the player who moves first and of the other (``"minimax"``, ``"mcts"``, a
            level such as ``"medium"``, ...), with ``first_setting`` and ``second_setting`` (a depth, a number of
            iterations or seconds).
        variant: the rule variant (None: the default, forced).
        think_in_background: play in a thread (set False in tests and scripts).
    """

    def __init__(self, first: str = "minimax", second: str = "mcts", first_setting: Any = None,
                 second_setting: Any = None, variant: str | None = None, think_in_background: bool = True) -> None:
        super().__init__(DEFAULT_GAME, ai=agent_spec(first, first_setting),
                         ai_second=agent_spec(second, second_setting), seats="watch", variant=variant, paused=True,
                         think_in_background=think_in_background)
