"""The command line takes every game."""

from __future__ import annotations

import json
import pytest
from lessons_lib.cli.main import main
from lessons_lib.games import GAMES

NAMES = list(GAMES)


@pytest.mark.parametrize("name", NAMES)
def test_the_command_line_takes_a_game(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    start = str(GAMES[name].start())
    assert main(["perft", start, "--depth", "1", "--game", name]) == 0
    assert capsys.readouterr().out.strip() == str(GAMES[name].engine.perft_from_start[0])
    assert main(["search", "start", "--agent", "alphabeta:1", "--game", name, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["game"] == name and record["move"] in {str(m) for m in GAMES[name].start().legal_moves()}
    assert main(["tournament", "random", "greedy", "--game", name, "--games-per-pair", "2", "--max-plies", "30",
                 "--workers", "1", "--quiet", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == name
    assert main(["perft", "nonsense", "--depth", "1", "--game", name]) == 2
    assert "perft:" in capsys.readouterr().err

