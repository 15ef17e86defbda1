"""Drawing with matplotlib and SVG, for any game: plots of measurements, search trees and MCTS trees.

A game's own pictures (Shologuti's board as a networkx graph, say) live with the game, in
``lessons_lib.games.<name>``.
"""
