"""A tournament's players, parsed once, where they enter: a built-in agent or a student's file, perhaps labelled.

What is typed for a player (a *spec*) is read here and nowhere else: ``alphabeta:4`` is a
built-in agent, ``alice.py`` or ``class/alice.py`` a student's file, and ``LABEL=SPEC`` enters
either under a label of its own (``control=alphabeta:3``, to enter one agent twice). A file
that exists is a file, whatever its name holds: a hand-in called ``zed=carol.py`` (which
``tournament *.py`` passes on as it is) is that file, never the label ``zed`` for carol's.
A name that is both a file here and a built-in agent (a hand-in called ``random``) is refused:
write ``./random`` for the file. The rest of the arena carries the :class:`Player` made here.

>>> parse_player("control=alphabeta:3")
Player(name='control=alphabeta:3', agent='alphabeta:3', file=None, label='control')
>>> parse_player("class/alice.py").file
'class/alice.py'
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def split_label(spec: str) -> tuple[str | None, str]:
    """A spec may carry a label, ``LABEL=SPEC`` (``control=alphabeta:3``), to enter one agent twice; a label holds
    no folder separator (so ``./zed=carol.py`` is a file).

    >>> split_label("control=alphabeta:3"), split_label("mcts:300"), split_label("./zed=carol.py")
    (('control', 'alphabeta:3'), (None, 'mcts:300'), (None, './zed=carol.py'))
    """
    label, equals, rest = spec.partition("=")
    return (label, rest) if equals and label and "/" not in label and "\\" not in label else (None, spec)


def looks_like_a_file(spec: str) -> bool:
    """Whether a spec (without its label) names a file rather than a built-in agent: a ``.py`` name, or a path."""
    return spec.endswith(".py") or "/" in spec or "\\" in spec


def is_agent_file(spec: str) -> bool:
    """Whether a player's name, as the arena stores it, names a student's file rather than a built-in agent."""
    return looks_like_a_file(split_label(spec)[1])


def describe_spec(spec: str) -> str:
    """A short display name for a player's name as stored: its label, or a file's name without its folder."""
    label, agent = split_label(spec)
    return label if label else Path(agent).stem if looks_like_a_file(agent) else agent


@dataclass(frozen=True)
class Player:
    """A player as entered: ``name`` is how results and keys name it (what was typed, with ``./`` put before a
    file's name that holds ``=``, so that it is never read as a label later), and exactly one of ``agent`` (a
    built-in agent's spec) and ``file`` (a student's file) is set."""

    name: str
    agent: str | None = None
    file: str | None = None
    label: str | None = None

    @property
    def is_file(self) -> bool:
        return self.file is not None

    @property
    def shown(self) -> str:
        """Its short display name: the label, or the file's name without its folder, or the agent's spec."""
        return describe_spec(self.name)


def parse_player(text: str | Player) -> Player:
    """The player ``text`` names (a :class:`Player` is returned as it is)."""
    if isinstance(text, Player):
        return text
    if looks_like_a_file(text) and os.path.lexists(text):  # a hand-in that exists is a file, = or not
        name = text if split_label(text)[0] is None else os.path.join(os.curdir, text)
        return Player(name, file=text)
    label, rest = split_label(text)
    if looks_like_a_file(rest):
        return Player(text, file=rest, label=label)
    for name in (text, rest):
        if os.path.lexists(name):  # "random" as typed, with a hand-in of that name here: which is meant?
            raise ValueError(f"{name!r} is the name of a file here as well as a player: write ./{name} for the "
                             f"file, or run the command from another folder")
    return Player(text, agent=rest, label=label)


def labelled_apart(players: list[Player]) -> list[Player]:
    """``players``, with each unlabelled file that shares its shown name with another file labelled by the nearest
    folder, from the file up, whose name tells them apart (``alice/my_agents/my_agent.py`` and
    ``bob/my_agents/my_agent.py``: alice and bob, as ``collect`` lays out a class).

    >>> [player.shown for player in labelled_apart([Player("c/alice/my_agent.py", file="c/alice/my_agent.py"),
    ...                                             Player("c/bob/my_agent.py", file="c/bob/my_agent.py")])]
    ['alice', 'bob']
    """
    files = [player for player in players if player.file is not None and player.label is None]
    labels: dict[int, str] = {}
    for shown in {player.shown for player in files}:
        group = [player for player in files if player.shown == shown]
        if len(group) < 2:
            continue
        ups = [list(reversed(Path(os.path.abspath(str(player.file))).parent.parts)) for player in group]
        level = next((level for level in range(max(map(len, ups)))
                      if len({up[level] if level < len(up) else None for up in ups}) == len(group)), None)
        if level is None:
            continue  # no one folder tells them apart: refused as entered twice, as before
        for player, up in zip(group, ups):
            label = up[level] if level < len(up) else ""
            if label and "=" not in label and not label.startswith("."):
                labels[id(player)] = label
    return [Player(f"{labels[id(player)]}={player.file}", file=player.file, label=labels[id(player)])
            if id(player) in labels else player for player in players]
