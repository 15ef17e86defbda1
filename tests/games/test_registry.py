"""The registry of games: found by any spelling, variants only where they exist, perft published."""

from __future__ import annotations

import re
import pytest
from locations import ROOT
from lessons_lib.games import GAMES, game_named
from lessons_lib.games.shologuti.rules import published_counts

NAMES = list(GAMES)


def test_games_are_found_by_any_spelling_and_variants_only_where_they_exist() -> None:
    assert game_named("Bagh-Chal") is GAMES["baghchal"] and game_named(" HUS ") is GAMES["hus"]
    with pytest.raises(ValueError, match="unknown game"):
        game_named("chess")
    with pytest.raises(ValueError, match="one set of rules"):
        GAMES["hus"].start("traditional")
    assert GAMES["shologuti"].start("traditional").rules.name == "traditional"


@pytest.mark.parametrize("name", NAMES)
def test_the_rules_page_publishes_perft_from_the_start(name: str) -> None:
    text = (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8")
    table = text[text.index("## Perft"):]
    rows = dict(re.findall(r"^\| (\w+) ((?:\|[ \d]*)+)\|$", table, re.MULTILINE))  # a blank cell: not published
    assert "depth" in rows, f"docs/rules/{name}.md needs a row '| depth | 1 | ...'"
    depths = [int(cell) for cell in rows.pop("depth").split("|")[1:]]
    assert depths == list(range(1, len(depths) + 1))
    published = ({variant: tuple(counts[1:]) for variant, counts in published_counts().items()} if name == "shologuti"
                 else {"start": GAMES[name].engine.perft_from_start})
    assert {label: tuple(int(cell) for cell in cells.split("|")[1:] if cell.strip())
            for label, cells in rows.items()} == published

