"""The AI for one player of a game panel: a difficulty level, or an agent with its setting.

A choice is written as an agent name for :func:`lessons_lib.agents.make_agent`: a level
(``"medium"``), or an agent and its setting (``"alphabeta:3"``, ``"mcts:300"``, ``"negamax:0.5s"``).

>>> agent_spec("negamax", 0.5), agent_spec("alphabeta", 3), agent_spec("medium", None)
('negamax:0.5s', 'alphabeta:3', 'medium')
>>> parse_agent_spec("mcts"), parse_agent_spec("alphabeta:5")
(('mcts', 300), ('alphabeta', 5))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from lessons_lib.agents.base import Agent
from lessons_lib.agents.presets import DIFFICULTIES, make_agent

AGENT_SETTINGS: dict[str, tuple[str, tuple[Any, ...], Any]] = {
    # agent: (what its setting is, the choices offered, the default)
    "random": ("", (), None),
    "greedy": ("", (), None),
    "minimax": ("depth", (1, 2, 3, 4, 5), 3),
    "alphabeta": ("depth", (1, 2, 3, 4, 5, 6, 7), 3),
    "negamax": ("seconds", (0.1, 0.5, 1.0, 2.0), 0.5),
    "mcts": ("iterations", (50, 100, 200, 300, 1000, 3000), 300),
    "best": ("seconds", (0.5, 1.0, 2.0), 1.0),
}
"""The agents a panel offers besides the levels, each with the setting a person chooses."""


def agent_spec(kind: str, setting: Any) -> str:
    """The agent name for ``kind`` with ``setting`` (a depth, a number of iterations or seconds)."""
    meaning = AGENT_SETTINGS.get(kind, ("",))[0]
    if not meaning or setting is None:
        return kind
    return f"{kind}:{setting:g}s" if meaning == "seconds" else f"{kind}:{setting}"


def parse_agent_spec(spec: str) -> tuple[str, Any]:
    """``(kind, setting)`` for an agent name a panel offers; ValueError naming the choices for any other."""
    kind, _, text = spec.strip().partition(":")
    if kind in DIFFICULTIES and not text:
        return kind, None
    if kind not in AGENT_SETTINGS:
        raise ValueError(f"unknown AI level {spec!r}; choose one of: {', '.join([*DIFFICULTIES, *AGENT_SETTINGS])}"
                         f" (with a setting, like alphabeta:3)")
    meaning, _, default = AGENT_SETTINGS[kind]
    if not text:
        return kind, default
    try:
        value = float(text.removesuffix("s")) if meaning == "seconds" else int(text)
    except ValueError:
        raise ValueError(f"{spec!r}: {kind}'s setting is {meaning or 'none'}") from None
    if not meaning or value <= 0:
        raise ValueError(f"{spec!r}: {kind}'s setting is {meaning or 'none'}")
    return kind, value


class AgentChoice(w.HBox):  # type: ignore[misc]
    """Two dropdowns for one player's AI: the level or agent, and its setting."""

    def __init__(self, player_name: str, spec: str, on_change: Callable[[], None]) -> None:
        kind, setting = parse_agent_spec(spec)
        options = [(f"{name}: {level.description}", name) for name, level in DIFFICULTIES.items()]
        options += [(name, name) for name in AGENT_SETTINGS]
        self.kind = w.Dropdown(options=options, value=kind, description=f"AI {player_name}",
                               layout=w.Layout(width="300px"), style={"description_width": "90px"})
        self.setting = w.Dropdown(layout=w.Layout(width="140px"))
        self._fill_settings(setting)
        self.kind.observe(lambda change: self._fill_settings(None), names="value")
        self.kind.observe(lambda change: on_change(), names="value")
        self.setting.observe(lambda change: on_change(), names="value")
        super().__init__([self.kind, self.setting])

    @property
    def spec(self) -> str:
        """The agent chosen, by name (``"alphabeta:3"``)."""
        return agent_spec(self.kind.value, self.setting.value)

    def agent(self, seed: int) -> Agent:
        """A new agent as chosen, its random choices seeded with ``seed``."""
        return make_agent(self.spec, seed=seed)

    def set_disabled(self, disabled: bool) -> None:
        self.kind.disabled = disabled
        self.setting.disabled = disabled or not AGENT_SETTINGS.get(self.kind.value, ("",))[0]

    def _fill_settings(self, setting: Any) -> None:
        meaning, choices, default = AGENT_SETTINGS.get(self.kind.value, ("", (), None))
        if setting is not None and setting not in choices:
            choices = tuple(sorted((*choices, setting)))
        if not meaning:  # a level, random or greedy: nothing to set
            self.setting.options, self.setting.value = [("—", 0)], 0
        else:
            self.setting.options = [(f"{meaning} {value:g}", value) for value in choices]
            self.setting.value = setting if setting is not None else default
        self.setting.disabled = self.kind.disabled or not meaning
