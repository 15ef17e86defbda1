"""Every board can be read without telling colours apart, and by a screen reader: checked on the drawn SVG.

For each game, the test draws a few positions (the start, then positions after seeded random moves)
as the clickable board draws them, parses the SVG and finds each player's pieces: the elements
marked ``data-player`` (a piece, a stone, Hus's half of the board). It reads their fill as a browser
would (the picture's style sheet, else the ``fill`` attribute) and requires:

- **colours apart under colour blindness**: the two players' colours, as seen with deuteranopia,
  protanopia and tritanopia, differ by at least ``SMALLEST_DELTA_E`` (CIE 1976 ΔE*ab in CIELAB).
  The simulation is Machado, Oliveira and Fernandes (2009) at severity 1.0, in linear RGB
  (:mod:`lessons_lib.viz.colour_vision`);
- **a second cue**: a piece's cue is its shape and the marks beside it in its group (the elements
  of class ``cue``: a ring, a letter, a player's name). No cue of one player's pieces is also a
  cue of the other's, so a plain disc against a ringed one is enough;
- **names for a screen reader**: every element a click can hit (``data-click``, and Shologuti's
  ``data-point``) has a non-empty ``aria-label``, and every piece has one on itself or on a group
  around it that names its player.

The search trees keep MAX and MIN apart by shape (▲, ▼), and the MCTS tree's two players' outlines
by colour and by dashes.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from typing import Any

import pytest

from lessons_lib.agents import AlphaBetaAgent
from lessons_lib.agents.mcts import MCTSAgent
from lessons_lib.games import GAMES
from lessons_lib.games.common.drawing import PALETTE
from lessons_lib.games.tiny_tree import AIMA_FIGURE_5_2, TRAP_TREE, TinyTree, leaf_evaluation
from lessons_lib.viz.colour_vision import delta_e, lab, simulate, smallest_delta_e
from lessons_lib.viz.mcts_tree import WhoseWins, mcts_tree_svg, replay_mcts
from lessons_lib.viz.search_tree import replay, tree_svg, whole_tree_svg

SMALLEST_DELTA_E = 20.0
"""How far apart (ΔE*ab) two colours that carry different meanings must stay under each simulated deficiency.

About 2.3 is the smallest difference one notices with two large patches side by side; pieces are small and
spread over a board, seen apart, and drawn with edges and letters over them, which needs several times more.
20 leaves that margin, and is what red against green misses: the suite's old green and red pieces
(``#2e8b3a``, ``#c8362d``) are 13 apart to a deuteranope (see the last test).
"""
DEFICIENCIES = ("deuteranopia", "protanopia", "tritanopia")
SVG = "{http://www.w3.org/2000/svg}"
PLIES = (0, 9, 30, 70)
"""The positions drawn: after these many seeded random plies (fewer if the game ends sooner)."""


# -- reading a drawn SVG ----------------------------------------------------------------------------------------


def style_rules(root: ElementTree.Element) -> list[tuple[frozenset[str], dict[str, str]]]:
    """The rules of the picture's style sheet whose selectors are classes only (``.piece.green``), in order."""
    rules = []
    for style in root.iter(f"{SVG}style"):
        for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", style.text or ""):
            declarations = dict((name.strip(), value.strip()) for name, _, value in
                                (part.partition(":") for part in body.split(";") if ":" in part))
            for selector in selectors.split(","):
                classes = selector.strip().split(".")
                if selector.strip().startswith(".") and all(re.fullmatch(r"[\w-]+", name) for name in classes[1:]):
                    rules.append((frozenset(classes[1:]), declarations))
    return rules


def fill_of(element: ElementTree.Element, rules: list[tuple[frozenset[str], dict[str, str]]]) -> str | None:
    """The element's fill as a browser resolves it: the most specific matching rule (the last of equals), else the attribute."""
    classes = set(element.get("class", "").split())
    matching = [(len(selector), index, body["fill"]) for index, (selector, body) in enumerate(rules)
                if "fill" in body and selector <= classes]
    return max(matching)[2] if matching else element.get("fill")


def local_name(element: ElementTree.Element) -> str:
    return element.tag.removeprefix(SVG)


def cue_of(element: ElementTree.Element) -> str:
    """One mark, described without its colour or place: its shape and classes, or the text it writes."""
    if local_name(element) == "text":
        return f"text {''.join(element.itertext()).strip()}"
    return f"{local_name(element)} {element.get('class')} {element.get('stroke-dasharray', '')}".strip()


class Drawing:
    """A drawn SVG, parsed: its pieces with their player, fill, cues and accessible name."""

    def __init__(self, svg: str) -> None:
        self.root = ElementTree.fromstring(svg)
        self.parents = {child: parent for parent in self.root.iter() for child in parent}
        rules = style_rules(self.root)
        self.pieces = []
        for element in self.root.iter():
            if element.get("data-player") is None:
                continue
            parent = self.parents[element]
            cues = frozenset(cue_of(mark) for mark in parent if "cue" in mark.get("class", "").split())
            self.pieces.append({"player": int(element.get("data-player", "")), "fill": fill_of(element, rules),
                                "cue": (local_name(element), cues), "name": self.accessible_name(element)})

    def accessible_name(self, element: ElementTree.Element) -> str:
        """The aria-label on the element or the nearest group around it, short of the whole picture."""
        while element is not self.root:
            if element.get("aria-label"):
                return element.get("aria-label", "")
            element = self.parents[element]
        return ""

    def clickable(self) -> list[ElementTree.Element]:
        """The elements a click can hit: ``data-click`` (any game's board), ``data-point`` (Shologuti's picture)."""
        return [element for element in self.root.iter()
                if element.get("data-click") is not None or element.get("data-point") is not None]


def positions(name: str, seed: int = 1) -> Iterator[tuple[Any, Any]]:
    """(position, the move that led to it) at each of ``PLIES``, along one seeded random game."""
    rng = random.Random(seed)
    position, last = GAMES[name].start(), None
    for ply in range(max(PLIES) + 1):
        moves = position.legal_moves()
        if ply in PLIES or not moves:
            yield position, last
        if not moves:
            return
        last = rng.choice(moves)
        position = position.play(last)


def drawings(name: str) -> Iterator[str]:
    """Each position drawn three ways: as a picture, with the first clicks offered, and halfway through a move."""
    engine = GAMES[name].engine
    for position, last in positions(name):
        yield engine.picture(position)
        clicks = [engine.move_clicks(move) for move in position.legal_moves()]
        yield engine.board_svg(position, clickable=tuple({each[0] for each in clicks}), last_move=last)
        longer = [each for each in clicks if len(each) > 1]
        if longer:
            first = longer[0][0]
            yield engine.board_svg(position, selected=(first,), last_move=last,
                                   clickable=tuple({each[1] for each in longer if each[0] == first}))


@pytest.fixture(scope="module", params=list(GAMES))
def game(request: pytest.FixtureRequest) -> tuple[str, list[Drawing]]:
    return request.param, [Drawing(svg) for svg in drawings(request.param)]


# -- the boards -------------------------------------------------------------------------------------------------


def test_the_two_players_colours_stay_apart_under_colour_blindness(game: tuple[str, list[Drawing]]) -> None:
    name, drawn = game
    fills = [{piece["fill"] for each in drawn for piece in each.pieces if piece["player"] == player}
             for player in (0, 1)]
    assert all(fills) and None not in fills[0] | fills[1], f"{name}: every piece has a fill"
    for first in fills[0]:
        for second in fills[1]:
            for deficiency in (None, *DEFICIENCIES):
                difference = delta_e(first, second, deficiency)
                assert difference >= SMALLEST_DELTA_E, (
                    f"{name}: {first} and {second} are only ΔE {difference:.1f} apart ({deficiency or 'normal sight'})")


def test_every_piece_has_a_second_cue_the_other_players_never_have(game: tuple[str, list[Drawing]]) -> None:
    name, drawn = game
    cues = [{piece["cue"] for each in drawn for piece in each.pieces if piece["player"] == player} for player in (0, 1)]
    assert cues[0] and cues[1], f"{name}: both players' pieces are found"
    assert not cues[0] & cues[1], f"{name}: the players' pieces look alike without colour: {cues[0] & cues[1]}"
    assert any(marks for _, marks in cues[0] | cues[1]) or len({shape for shape, _ in cues[0] | cues[1]}) > 1


def test_every_clickable_element_and_every_piece_has_a_name(game: tuple[str, list[Drawing]]) -> None:
    name, drawn = game
    names = [player.removesuffix("s") for player in GAMES[name].player_names]  # Goats -> a Goat
    for each in drawn:
        assert each.clickable(), name
        for element in each.clickable():
            label = element.get("aria-label", "")
            assert label.strip() and not label.rstrip().endswith(":"), f"{name}: {ElementTree.tostring(element)!r}"
        for piece in each.pieces:
            said = piece["name"].rpartition(": ")[2]  # what is there, after the square's name
            assert names[piece["player"]] in said and names[1 - piece["player"]] not in said, (name, piece["name"])


def test_labels_name_the_point_and_what_is_on_it() -> None:
    shologuti = GAMES["shologuti"]
    svg = shologuti.engine.board_svg(shologuti.start(), clickable=("18",), selected=("23",))
    assert 'data-click="23" aria-label="point 23: Green piece, selected"' in svg
    assert 'data-click="18" aria-label="point 18: empty, a step lands here"' in svg
    assert 'aria-label="point 1: Red piece"' in svg
    hus = GAMES["hus"]
    assert 'aria-label="South&#x27;s pit 0: 2 seeds"' in hus.engine.board_svg(hus.start())


def test_the_colours_that_carry_a_meaning_stay_apart() -> None:
    meaningful = ("clickable", "selected", "captured", "last")
    for first in meaningful:
        for second in meaningful[meaningful.index(first) + 1:]:
            difference = smallest_delta_e(PALETTE[first], PALETTE[second])
            assert difference >= SMALLEST_DELTA_E, (first, second, round(difference, 1))


# -- the trees --------------------------------------------------------------------------------------------------


def vertices_above_centre(points: str) -> int:
    """How many corners of a triangle lie above its centre: 1 for ▲, 2 for ▼."""
    ys = [float(pair.split(",")[1]) for pair in points.split()]
    return sum(1 for y in ys if y < sum(ys) / len(ys))


def test_the_search_trees_tell_max_from_min_by_shape() -> None:
    events: list[Any] = []
    AlphaBetaAgent(2, leaf_evaluation).search(TinyTree(AIMA_FIGURE_5_2), observer=events.append)
    for svg in (whole_tree_svg(TinyTree(AIMA_FIGURE_5_2)), tree_svg(replay(events, len(events) // 2), replay(events))):
        root = ElementTree.fromstring(svg)
        shapes = {side: {vertices_above_centre(node.get("points", "")) for node in root.iter(f"{SVG}polygon")
                         if node.get("data-side") == side} for side in ("max", "min")}
        assert shapes == {"max": {1}, "min": {2}}


def test_the_mcts_tree_tells_the_players_outlines_apart_without_colour() -> None:
    state = TinyTree(TRAP_TREE)
    events: list[Any] = []
    MCTSAgent(30, seed=1).search(state, observer=events.append)
    tree = replay_mcts(events)
    root = ElementTree.fromstring(mcts_tree_svg(tree, WhoseWins.of(state, tree, "mover")))
    outlines: dict[str, set[tuple[str | None, str]]] = {"0": set(), "1": set()}
    for node in root.iter(f"{SVG}rect"):
        if node.get("data-player") is not None:
            outlines[node.get("data-player", "")].add((node.get("stroke"), node.get("stroke-dasharray", "solid")))
    (colour_0, dashes_0), = outlines["0"]
    (colour_1, dashes_1), = outlines["1"]
    assert dashes_0 != dashes_1
    assert colour_0 and colour_1 and smallest_delta_e(colour_0, colour_1) >= SMALLEST_DELTA_E


def test_the_colour_distance_and_the_simulation_give_known_answers() -> None:
    """Answers from outside this code: the CIELAB values (D65) of the sRGB primaries, as colour references print
    them; a grey seen with any deficiency is the same grey (each row of Machado's matrices adds up to 1, which a
    transposed matrix would break); and red and green, far apart to most eyes, fall together for a deuteranope,
    not for a tritanope."""
    for colour, known in (("#ff0000", (53.24, 80.09, 67.20)), ("#00ff00", (87.73, -86.18, 83.18)),
                          ("#0000ff", (32.30, 79.19, -107.86)), ("#ffffff", (100.0, 0.0, 0.0))):
        assert lab(colour) == pytest.approx(known, abs=0.01), colour
    for deficiency in DEFICIENCIES:
        assert simulate("#808080", deficiency) == pytest.approx(simulate("#808080", None), abs=1e-4), deficiency
    apart = delta_e("#2e8b3a", "#c8362d")  # the suite's old green and red pieces
    assert apart > 100
    assert delta_e("#2e8b3a", "#c8362d", "deuteranopia") < SMALLEST_DELTA_E < apart
    assert delta_e("#2e8b3a", "#c8362d", "tritanopia") > 3 * SMALLEST_DELTA_E


def test_the_networkx_board_picture_marks_reds_pieces_twice() -> None:
    """Lesson 01's matplotlib picture, saved as SVG: the pieces' fills stay apart, and a white ring sits on every
    Red piece and on no Green one."""
    import io
    import re

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from lessons_lib.games.shologuti.graph import GREEN_COLOUR, RED_COLOUR, draw_board
    from lessons_lib.games.shologuti.position import Position

    axes = draw_board(Position.start(), numbers=False)
    saved = io.StringIO()
    axes.figure.savefig(saved, format="svg")
    plt.close(axes.figure)
    svg = saved.getvalue().lower()
    fills = {colour: len(re.findall(rf"fill: {colour}", svg)) for colour in (GREEN_COLOUR, RED_COLOUR)}
    assert fills == {GREEN_COLOUR: 16, RED_COLOUR: 16}, fills
    rings = len(re.findall(r"fill: none; stroke: #ffffff", svg))
    assert rings == 16, f"{rings} white rings, one for each of Red's 16 pieces expected"
    for deficiency in (None, *DEFICIENCIES):
        assert delta_e(GREEN_COLOUR, RED_COLOUR, deficiency) >= SMALLEST_DELTA_E
