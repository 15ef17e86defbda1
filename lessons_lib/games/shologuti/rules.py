"""The rule variants of Shologuti: two switches, three named presets and the draw clock.

>>> FORCED.must_capture, TRADITIONAL.must_continue
(True, False)
>>> Rules.named("continue") == CONTINUE
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from lessons_lib.kit.errors import VariantError

DEFAULT_DRAW_PLIES = 100
MAX_DRAW_PLIES = 1_000_000


@dataclass(frozen=True, slots=True)
class Rules:
    """Which rules a game is played under.

    Attributes:
        must_capture: if any capture is available, only captures are legal.
        must_continue: a capture chain must go on while the piece can capture;
            when off, the player may also play ``stop`` to end the turn.
        draw_plies: the game is drawn after this many consecutive plies
            without a capture.
    """

    must_capture: bool = True
    must_continue: bool = True
    draw_plies: int = DEFAULT_DRAW_PLIES

    def __post_init__(self) -> None:
        for switch in ("must_capture", "must_continue"):
            if not isinstance(getattr(self, switch), bool):
                raise VariantError(f"{switch} must be True or False, not {getattr(self, switch)!r}")
        if type(self.draw_plies) is not int or not 1 <= self.draw_plies <= MAX_DRAW_PLIES:
            raise VariantError(f"draw_plies must be a whole number from 1 to {MAX_DRAW_PLIES}, not {self.draw_plies!r}")

    @property
    def name(self) -> str:
        """The name of the preset with these two switches (the draw clock aside), or ``custom``."""
        for name, preset in VARIANTS.items():
            if (preset.must_capture, preset.must_continue) == (self.must_capture, self.must_continue):
                return name
        return "custom"

    @staticmethod
    def named(name: object, draw_plies: int = DEFAULT_DRAW_PLIES) -> Rules:
        """The preset called ``name``, optionally with another draw clock limit."""
        key = name.strip().lower() if isinstance(name, str) else name
        if key not in VARIANTS:
            raise VariantError(f"unknown variant {name!r}; choose one of: {', '.join(VARIANTS)}")
        preset = VARIANTS[key]
        return Rules(preset.must_capture, preset.must_continue, draw_plies)


FORCED = Rules(must_capture=True, must_continue=True)
"""Both switches on: how the Pygame game's AI plays. The default."""

TRADITIONAL = Rules(must_capture=False, must_continue=False)
"""Both off: the written rules (captures optional, a chain may stop at any time)."""

CONTINUE = Rules(must_capture=False, must_continue=True)
"""Captures optional, but a chain once begun must go on."""

VARIANTS: dict[str, Rules] = {"forced": FORCED, "traditional": TRADITIONAL, "continue": CONTINUE}


def published_counts() -> dict[str, list[int]]:
    """The perft counts from the start that docs/rules/shologuti.md publishes, by variant; item ``d`` is depth ``d``.

    >>> published_counts()["forced"][:4]
    [1, 9, 21, 65]
    """
    table_file = resources.files("lessons_lib").joinpath("games/shologuti/data/perft.json")
    tables = json.loads(table_file.read_text(encoding="utf-8"))
    return {variant: counts for variant, counts in tables.items() if variant != "source"}
