"""Watch two agents play Shologuti (the Pygame game's AI vs AI mode), as a game panel.

>>> panel = WatchPanel(green="alphabeta", green_setting=1, red="random", think_in_background=False)
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
        green, red: the agents (``"minimax"``, ``"mcts"``, a level such as ``"medium"``, ...), with
            ``green_setting`` and ``red_setting`` (a depth, a number of iterations or seconds).
        variant: the rule variant.
        think_in_background: play in a thread (set False in tests and scripts).
    """

    def __init__(self, green: str = "minimax", red: str = "mcts", green_setting: Any = None,
                 red_setting: Any = None, variant: str = "forced", think_in_background: bool = True) -> None:
        super().__init__(DEFAULT_GAME, ai=agent_spec(green, green_setting), ai_second=agent_spec(red, red_setting),
                         seats="watch", variant=variant, paused=True, think_in_background=think_in_background)
