"""The draw clock in the endgame tables: each position's distance to the capture that resets the clock.

The clock counts the plies since the last capture, and the game is drawn when it reaches the rules' limit
(``draw_plies``, 100 for the presets) unless the side to move has no move at all (that loss comes first). A capture
sets the clock to 0, and every capture takes a piece, so it leads to a smaller material class. Within one class,
then, the game under the clock is the game of its quiet plies (steps, and ``stop`` in a chain), each costing one
tick of the clock, with the captures as exits whose results are known from the smaller classes, at clock 0.

Solving each class that way, smallest first (:func:`zeroing_distances`), gives every position a value (won, drawn,
lost) and a **zeroing distance** ``z``: the plies until the move that resets the clock (a capture) or, for a
position with no move, until the end, when the winner heads for the quickest such move and the loser for the
slowest. Chess tables call it DTZ. A position so valued is won (or lost) at clock ``c`` exactly when ``c + z`` is at
most the limit; at a later clock the clock draws it, and a position won without the clock whose value here is a
draw, or whose ``z`` passes the limit, is a **cursed win**: the clock draws it at every clock.

>>> from lessons_lib.games.shologuti.endgames import endgame_graph
>>> graph, parts = endgame_graph([(1, 1)])
>>> zeroing = zeroing_distances(graph, parts, draw_plies=100)
>>> number = parts.index((1 << 23, 1 << 19, 0, 0))  # Green on 23, Red on 19 beside it: Green jumps it
>>> zeroing.values[number], zeroing.distances[number]
(1, 1)
"""

from __future__ import annotations

from lessons_lib.games.shologuti.endgame_index import Parts, material_of
from lessons_lib.kit.retrograde import DRAW, GameGraph, Solution, solve


def zeroing_distances(graph: GameGraph, parts: list[Parts], draw_plies: int) -> Solution:
    """Every position's value under the clock (``values``: as at clock 0) and zeroing distance (``distances``:
    -1 where neither side can force a result within the clock) for a graph of :func:`~lessons_lib.games.shologuti.
    endgames.endgame_graph` whose positions have the given parts (see the module)."""
    count = len(parts)
    values, distances = [DRAW] * count, [-1] * count
    classes: dict[tuple[int, int], list[int]] = {}
    for number, position in enumerate(parts):
        classes.setdefault(material_of(position), []).append(number)
    for material in sorted(classes, key=sum):
        members = classes[material]
        local = {number: place for place, number in enumerate(members)}
        movers = [graph.movers[number] for number in members]
        children: list[list[int]] = [[] for _ in members]
        finished = {local[number]: value for number, value in graph.finished.items() if number in local}
        for place, number in enumerate(members):
            for child in graph.children[number]:
                if child in local:  # a quiet ply: the clock ticks
                    children[place].append(local[child])
                    continue
                exit_place = len(movers)  # a capture: its result at clock 0, from a smaller class
                movers.append(graph.movers[child])
                children.append([])
                finished[exit_place] = values[child]
                children[place].append(exit_place)
        solution = solve(GameGraph(movers, children, finished))
        for place, number in enumerate(members):
            distance = solution.distances[place]
            if solution.values[place] != DRAW and distance <= draw_plies:
                values[number], distances[number] = solution.values[place], distance
    return Solution(values, distances)
