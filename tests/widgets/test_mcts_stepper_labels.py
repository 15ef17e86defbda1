"""The MCTS stepper's words and pictures name the right players and say whose wins each node counts, in both modes."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from lessons_lib.agents.trace import SelectionStep
from lessons_lib.games import GAMES
from lessons_lib.games.tiny_tree import AIMA_FIGURE_5_2, TRAP_TREE, TinyTree
from lessons_lib.viz.mcts_tree import PLAYER_COLOURS, possessive
from lessons_lib.widgets import MCTSStepper

ALL_NAMES = {"Green", "Red", "player 0", "player 1", "Goats", "Tigers", "South", "North", "Black", "White"}
STATES: dict[str, tuple[Any, tuple[str, str]]] = {
    "shologuti": ("Top triangle: 3 Green (one far below) against 1 Red, six moves", ("Green", "Red")),
    "tiny tree": (TinyTree(TRAP_TREE), ("player 0", "player 1")),
    "bagh-chal": (GAMES["baghchal"].start(), ("Goats", "Tigers")),
}


def views_at_every_event(stepper: MCTSStepper) -> list[dict[str, str]]:
    """What the stepper shows after each number of events, as plain text (HTML entities undone)."""
    shown = []
    for index in range(len(stepper.events) + 1):
        stepper.go_to(index)
        shown.append({name: unescape(getattr(stepper, name).value)
                      for name in ("explanation", "selection_view", "bars", "tree_view")})
    return shown


def svg_words(svg: str) -> str:
    """The words of an SVG picture, one space apart."""
    return " ".join(re.sub(r"<[^>]+>", " ", svg).split())


def node_outlines(svg: str) -> list[str]:
    return re.findall(r'rx="5" fill="[^"]*" stroke="([^"]*)"', svg)


@pytest.mark.parametrize("perspective", ["mover", "root"])
@pytest.mark.parametrize("kind", list(STATES))
def test_every_label_names_the_right_players_and_counting_rule(kind: str, perspective: str) -> None:
    state, (root, other) = STATES[kind]
    roots, others = possessive(root), possessive(other)  # Green's, Tigers'
    stepper = MCTSStepper(state, iterations=20, perspective=perspective)
    views = views_at_every_event(stepper)
    everything = " ".join(text for view in views for text in view.values())
    used = {name for name in ALL_NAMES if re.search(rf"\b{name}\b", everything)}
    assert used == {root, other}, kind  # the same names in the text and the picture, and no other game's
    assert not re.search(r"\binf\b|∞|\bnan\b", everything)

    backups = {view["explanation"] for view in views if "backpropagation" in view["explanation"]}
    assert backups and not any("its mover" in text for text in backups)
    if perspective == "mover":
        assert all(f"if the player who moved into it won (the root, with {root} to move, counts {others} wins)"
                   in text for text in backups)
    else:
        assert all(f"if {root} won, whoever moved into it" in text for text in backups)

    final = views[-1]
    legend = svg_words(final["tree_view"])
    rule = ("W/N: wins/visits for the player who moved into the node" if perspective == "mover"
            else f"W/N: wins/visits for ■ {root}, the root's player, at every node, even at those reached by "
                 f"{others} moves (as the Pygame project counted).")
    assert rule in legend and f"{root} to move" in legend
    outlines = node_outlines(final["tree_view"])
    assert stepper.current_position().to_move == 0  # so the root's player is player 0 in each of these states
    root_colour, other_colour = PLAYER_COLOURS
    if perspective == "mover":
        assert outlines[:2] == [other_colour, root_colour]  # the root counts the opponent's wins, its first child not
        assert f"The root, with {root} to move, counts {others} wins; UCB1 never reads them." in legend
    else:
        assert set(outlines) == {root_colour}
    assert f"visits (bar) and {roots} win rate" in final["bars"]
    assert "with a win rate of" in final["explanation"] and f"% for {root}." in final["explanation"]
    assert ("too hopeful" in final["explanation"]) == (perspective == "root")


@pytest.mark.parametrize("perspective", ["mover", "root"])
def test_selection_says_who_chooses_and_whose_wins_w_counts_on_the_trap(perspective: str) -> None:
    stepper = MCTSStepper(TinyTree(TRAP_TREE), iterations=30, perspective=perspective)
    at_player_1 = [index + 1 for index, event in enumerate(stepper.events)
                   if isinstance(event, SelectionStep) and event.path == ("trap",)]
    assert at_player_1
    stepper.go_to(at_player_1[0])
    sentence, table = unescape(stepper.explanation.value), unescape(stepper.selection_view.value)
    assert "UCB1 picks player 1's move" in sentence
    if perspective == "mover":
        assert "W counts player 1's wins)" in sentence and "player 1 to move here; W: player 1's wins<" in table
    else:
        assert "W counts player 0's wins, not player 1's" in sentence
        assert "player 1 to move here; W: player 0's wins, not player 1's" in table
    stepper.go_to(len(stepper.events))
    svg = stepper.tree_view.value
    assert "player 1</text>" in svg and "won</text>" in svg  # the finished games say who won, not ±∞


def test_a_rollout_without_a_winner_is_not_called_a_ply_cap_before_the_cap() -> None:
    stepper = MCTSStepper(TinyTree(AIMA_FIGURE_5_2), iterations=6)
    texts = [text for view in views_at_every_event(stepper) for text in view.values()]
    rollouts = [text for text in texts if ", rollout:" in text]
    assert rollouts and all("no winner, which counts as a draw" in text for text in rollouts)
    assert not any("ply cap" in text or "1 plies" in text for text in texts)
