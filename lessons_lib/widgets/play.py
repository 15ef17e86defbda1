"""Play Shologuti against the AI, or two people at one screen: the Pygame game's main mode, as a game panel.

:class:`PlayPanel` is :class:`~lessons_lib.widgets.game_panel.GamePanel` on the suite's own game, with
the Pygame game's words for its options: the side you play, by its name (``green``, ``red``) or by its turn
(``first``, ``second``), or ``both``; and its levels (``"Pygame depth 5"``: alpha-beta, 5 plies).

>>> panel = PlayPanel(ai="beginner", think_in_background=False)
>>> panel.board.click(23); panel.board.click(18)   # Green (you) plays 23-18 ...
Move.parse('23-18')
>>> len(panel.record.moves)                        # ... and the AI has answered
2
"""

from __future__ import annotations

from lessons_lib.games import DEFAULT_GAME, Game, game_named
from lessons_lib.widgets.game_panel import GamePanel

PYGAME_DEPTHS = (1, 3, 5, 7)
"""The depths the Pygame Shologuti game offered for its alpha-beta AI."""


def play_seats(game: Game) -> dict[str, str]:
    """The words for the side a person plays, each with the game panel's seats: a player by turn or by the game's
    name for it (in lower case), or both.

    >>> play_seats(game_named("shologuti"))
    {'first': 'first', 'second': 'second', 'green': 'first', 'red': 'second', 'both': 'both'}
    """
    first, second = (name.lower() for name in game.player_names)
    return {"first": "first", "second": "second", first: "first", second: "second", "both": "both"}


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
        seats: the side you play, ``"first"`` or ``"second"`` (or by its name: ``"green"``, ``"red"``), or ``"both"``
            (two people, no AI).
        variant: the rule variant (None: the default, forced).
        think_in_background: let the AI think in a thread (set False in tests and scripts).
    """

    def __init__(self, ai: str = "medium", seats: str = "first", variant: str | None = None,
                 think_in_background: bool = True) -> None:
        choices = play_seats(game_named(DEFAULT_GAME))
        if seats not in choices:
            raise ValueError(f"unknown seats {seats!r}; choose one of: {', '.join(choices)}")
        super().__init__(DEFAULT_GAME, ai=pygame_level(ai), seats=choices[seats], variant=variant,
                         think_in_background=think_in_background)
