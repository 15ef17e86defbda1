"""The games the agents play, by name: Shologuti (the default), Bagh-Chal, Hus and Shobu.

Each game's engine is a package in this folder, with the same module names for the
same roles, and offers what the rest of the suite uses as one typed record,
``ENGINE`` (a :class:`lessons_lib.kit.game.Engine`: the position and move classes, the
evaluation, the drawing, the clicks of a move, the players' names, perft counts).
What the engines share is written once, next to them, in :mod:`lessons_lib.games.common`
(no game: bitboards, the point-and-line boards, Zobrist tables, the mechanical part of a
position, the SVG palette); each game's rules stay in its own package.
The agents know nothing of the games: they see only the game interface
(:mod:`lessons_lib.kit.game`). A :class:`Game` gathers what the command line, the arena
and the widgets need, and loads its engine only when first asked.

>>> GAMES["shologuti"].start().to_move, game_named(" Shologuti").name
(0, 'shologuti')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lessons_lib.kit.errors import VariantError
from lessons_lib.kit.game import Engine, Evaluation


DEFAULT_GAME = "shologuti"


@dataclass(frozen=True)
class Game:
    """A game the agents can play.

    Attributes:
        name: the name on the command line (``--game hus``).
        title: the name as people write it.
        load_engine: imports the engine's package and returns its ``ENGINE`` (naming a game loads no engine).
    """

    name: str
    title: str
    load_engine: Callable[[], Engine]

    @property
    def engine(self) -> Engine:
        """The game's engine, imported when first needed."""
        return self.load_engine()

    @property
    def variants(self) -> tuple[str, ...]:
        """The names of the game's rule variants, the default first; empty for a game with one set of rules."""
        return self.engine.variants

    def rules(self, variant: str | None) -> Any:
        """The game's rules for ``variant`` (its default if None); None for a game with one set of rules."""
        engine = self.engine
        if engine.rules_named is not None:
            return engine.rules_named(variant or engine.variants[0])
        if variant not in (None, "", "standard"):
            raise VariantError(f"{self.title} has one set of rules: there is no variant {variant!r}")
        return None

    def start(self, variant: str | None = None) -> Any:
        """The start position (under ``variant``, for a game with variants)."""
        rules = self.rules(variant)
        position_type = self.engine.position
        return position_type.start() if rules is None else position_type.start(rules)

    def position(self, text: str, variant: str | None = None) -> Any:
        """A position from its text (``start`` included); PositionError if it is not one."""
        rules = self.rules(variant)
        position_type = self.engine.position
        return position_type.from_string(text) if rules is None else position_type.from_string(text, rules)

    def variant_of(self, position: Any) -> str | None:
        """The variant ``position`` is played under, by name; None for a game with one set of rules."""
        if not self.variants:
            return None
        name: str = position.rules.name
        return name

    def parse_move(self, text: str) -> Any:
        """A move from its notation; MoveError if it is not one."""
        return self.engine.move.parse(text)

    @property
    def evaluate(self) -> Evaluation:
        """The evaluation the depth searches use for this game."""
        return self.engine.evaluate

    @property
    def player_names(self) -> tuple[str, str]:
        return self.engine.player_names


def _shologuti() -> Engine:
    from lessons_lib.games.shologuti import ENGINE

    return ENGINE


def _baghchal() -> Engine:
    from lessons_lib.games.baghchal import ENGINE

    return ENGINE


def _hus() -> Engine:
    from lessons_lib.games.hus import ENGINE

    return ENGINE


def _shobu() -> Engine:
    from lessons_lib.games.shobu import ENGINE

    return ENGINE


GAMES: dict[str, Game] = {
    game.name: game
    for game in (
        Game("shologuti", "Shologuti", _shologuti),
        Game("baghchal", "Bagh-Chal", _baghchal),
        Game("hus", "Hus", _hus),
        Game("shobu", "Shobu", _shobu),
    )
}


def game_named(name: str) -> Game:
    """The game called ``name`` (case, spaces and hyphens do not matter); ValueError if there is none."""
    key = name.strip().lower().replace("-", "").replace(" ", "") if isinstance(name, str) else name
    if key not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose one of: {', '.join(GAMES)}")
    return GAMES[key]


def game_of(state: Any) -> Game:
    """The game a position belongs to: every game's ``Position`` names it in ``game_name``."""
    name = getattr(state, "game_name", None)
    if name not in GAMES:
        raise ValueError(f"{type(state).__name__} is not a position of any game the project knows")
    return GAMES[name]
