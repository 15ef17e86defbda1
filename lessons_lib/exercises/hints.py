"""The hints of every exercise, by its check's name: each one goes a step further than the one before.

``hint(check_minimax)`` shows them one at a time (:mod:`lessons_lib.exercises.help`); after the last,
``solution(check_minimax)`` shows the worked solution.
"""

from __future__ import annotations

HINTS: dict[str, tuple[str, ...]] = {
    "check_jumps_from": (
        "A jump goes from `point` over a neighbour `over` to a neighbour of `over`: two edges of G in a row.",
        "Two edges make a jump only if they go the same way: compare the step in (row, col) from `point` to `over` "
        "with the step from `over` to the target, reading `G.nodes[p]['row']` and `G.nodes[p]['col']`.",
        "Loop over `G[point]` (the neighbours), then over `G[over]`; skip a target equal to `point`; keep "
        "`(over, target)` when the two steps are equal, each jump once.",
    ),
    "check_cut_points": (
        "A cut point is a point whose removal leaves the board in two or more pieces.",
        "Try each point: `nx.is_connected(G.subgraph(set(G) - {point}))` is False exactly for the cut points.",
        "Loop over `G.nodes`, test each point that way, and keep the ones where the board falls apart: a list of "
        "point numbers.",
    ),
    "check_count_leaves": (
        "Count the lines of play of exactly `depth` plies. At depth 0 the position itself is the one line: 1.",
        "Otherwise add up, over `position.legal_moves()`, the count from `position.play(move)` at `depth - 1`.",
        "A finished game has no legal moves, so at any depth above 0 it adds nothing (the sum over no moves is 0), "
        "and at depth 0 it is the one leaf, like any position.",
    ),
    "check_most_captures": (
        "Only captures count (`move.is_capture`); a chain goes on while the player who captured is still to move.",
        "For each capture, play it: if `after.to_move` is still the same player, the chain can go on from `after`.",
        "The answer is the largest, over the captures, of 1 plus the most captures from `after` (0 if the turn "
        "passed); 0 if there is no capture.",
    ),
    "check_tree_value": (
        "Work from the leaves up. The bottom level is MAX's (three plies: MAX, MIN, MAX).",
        "Each bottom MAX node takes the larger of its two leaves; each MIN node the smallest of those values.",
        "The root (MAX) takes the largest MIN value; the move is the root branch that leads to it.",
    ),
    "check_minimax": (
        "Three cases, in this order: a finished game (its utility for the root's player, a draw too: 0), depth 0 "
        "(the evaluation for the root's player: no move looked at), and otherwise the values of the children, "
        "every one searched, even when there is only one.",
        "Whether a node takes the max or the min depends on who moves there: `state.to_move == root_player` means "
        "max. Not on the depth: in a capture chain one player moves twice.",
        "Pass `ply + 1` to each recursive call, so a finished game below is worth `utility(state, root_player, ply)`.",
    ),
    "check_pruned_leaves": (
        "Go left to right, writing alpha (MAX's best so far) and beta (MIN's best so far) beside each node.",
        "A node stops trying moves as soon as alpha >= beta: the leaves it would have tried next are pruned.",
        "Cutoffs happen at MIN nodes and at MAX nodes too, and an equal value is enough to cut.",
    ),
    "check_alphabeta": (
        "Start from your minimax: same three cases, same values. Alpha-beta only skips moves that cannot matter.",
        "At a MAX node raise alpha with each value; at a MIN node lower beta; pass the current alpha and beta down.",
        "Stop trying moves as soon as alpha >= beta, and return the best value found so far.",
    ),
    "check_material_mobility_evaluation": (
        "The evaluation is 10 × material + mobility + chain bonus: material and mobility are differences, "
        "`player`'s minus the opponent's.",
        "Material: `position.piece_count(player) - position.piece_count(opponent)`; mobility: "
        "`position.mobility(player) - position.mobility(opponent)`.",
        "The chain bonus is 1 when a chain is pending (`position.pending`) and `player` is the one to move, else 0.",
    ),
    "check_evaluation": (
        "Count material first and heavily: 10 × (your pieces − the opponent's).",
        "Then add a smaller term that rewards progress, pieces that have moved towards the other side: the row of "
        "a point is `COORDINATES[point][0]`, and `position.pieces(side)` gives a side's points. Write every term for "
        "`player` and against the opponent.",
        "A sketch that wins: 10 × material plus a quarter of the progress difference, and no mobility term "
        "(lesson 04's 'Shallow search against a random player' shows what mobility does under forced captures).",
    ),
    "check_zobrist_key": (
        "A Zobrist key XORs together one random number for each part of the position.",
        "XOR in `PIECE_KEYS[side][point]` for every piece of each side (0 Green, 1 Red).",
        "Then `RED_TO_MOVE_KEY` if Red is to move, and `PENDING_KEYS[position.pending]`.",
    ),
    "check_stored_bound": (
        "The window (alpha, beta) is what the node was asked: is the value at most alpha, at least beta, or between?",
        "At least beta: the search was cut off, so the node is worth at least the value (a lower bound).",
        "At most alpha: no move beat alpha, so the node is worth at most the value (an upper bound). Between: exact.",
    ),
    "check_move_ordering": (
        "Alpha-beta prunes most when the best move is searched first.",
        "A cheap guess at a move's worth: the evaluation of the position after it, for the player to move now.",
        "Sort the moves by `material_mobility_evaluation(state.play(move), state.to_move)`, highest first.",
    ),
    "check_ucb1": (
        "UCB1 is the child's win rate plus an exploration term.",
        "The win rate is `wins / visits` (0 for a child that has won nothing yet); the exploration term is "
        "`c * math.sqrt(math.log(parent_visits) / visits)`.",
        "Check the parts: `wins / visits` is a win rate (not the wins); the square root is taken of "
        "`math.log(parent_visits) / visits` (the parent's visits in the logarithm, the child's below the line); and "
        "the logarithm is `math.log`, not `math.log10`.",
    ),
    "check_rollout_policy": (
        "A rollout plays until the game ends or `max_plies` plies have been played, and returns "
        "(the last position, the plies played).",
        "Make every random choice with the `rng` you are given, and keep what `play` returns: "
        "`state = state.play(move)`. Every play is a ply, each capture of a chain too.",
        "To be decisive, take a capture when there is one (`move.is_capture`), for both sides; otherwise move at "
        "random.",
    ),
    "check_backpropagation": (
        "Walk from the new node up to the root: `node = node.parent` until it is None.",
        "Every node on the way gains one visit, and the result of the rollout for `node.mover`, the player who "
        "moved into it.",
        "`outcome.score_for(node.mover)` gives 1, ½ or 0; a rollout stopped at its cap (outcome None) counts ½.",
    ),
    "check_expectimax": (
        "Like minimax: a finished game first (its utility, a draw too: 0), then depth 0 (the evaluation, no move "
        "looked at), then the children.",
        "Where the root's player moves (`state.to_move == root_player`), take the max of the children.",
        "Where the opponent moves, take the mean of the children: a random mover plays each reply equally often.",
    ),
    "check_elo_difference": (
        "Elo's expected score for a difference d is 1 / (1 + 10 ** (−d / 400)).",
        "Solve it for d: the odds s / (1 − s) equal 10 ** (d / 400).",
        "So d = 400 · log10(s / (1 − s)), with `math.log10`.",
    ),
    "check_wilson": (
        "The Wilson interval is centred on (p + z²/2n) / (1 + z²/n), where p = successes / trials and z = 1.96.",
        "Its half-width is z · √(p(1 − p)/n + z²/4n²) / (1 + z²/n).",
        "Return (centre − half-width, centre + half-width), kept within 0 and 1; a draw counts as half a success.",
    ),
    "check_agent_file": (
        "Start from the example agent: a class with `choose_move(state)` and a `make_agent()` that returns one.",
        "Never leave a piece where it can be captured next move: play each move and look at the opponent's "
        "answers. A capture chain keeps the same side to move, so play your own chain out first.",
        "Score each move by its worst case: the material you keep after the opponent's best answer (minimax two "
        "turns deep, counted in material), and play the best. The library's searches (`make_agent`) may be used "
        "here too.",
    ),
    "check_game_measure": (
        "Create the generator once, `rng = random.Random(seed)`, and play each game from "
        "`GAMES[game_name].start()` with `rng.choice(moves)`.",
        "Count `len(moves)` in every position before the end (the finished one has none), and every ply played.",
        "Return (total legal moves / positions counted, total plies / games).",
    ),
    "check_goat_rollouts": (
        "Random goats lose almost always: they leave goats where a tiger can jump them.",
        "Let the goats prefer moves after which no tiger can capture: play the move and look at the tigers' replies.",
        "Let the tigers capture whenever they can, so the goats win only when they earn it.",
    ),
    "check_best_game_for_mcts": (
        "Read the alphabeta-mcts rows of the table: one per game.",
        "`first_score` is alpha-beta's score, so MCTS's is 1 − first_score.",
        "Give the game where MCTS's score is highest, by its name.",
    ),
    "check_win_chance": (
        "The model adds the features, each times its weight, and turns the sum into a chance with the logistic "
        "function.",
        "The sum is `sum(w * x for w, x in zip(weights, features))`.",
        "The chance is `1 / (1 + math.exp(-total))`, where total is that sum.",
    ),
    "check_log_loss": (
        "The log loss averages, over the positions, how surprised the model was by each result.",
        "A win surprises the model by −ln(p), a loss by −ln(1 − p), a draw by the mean of the two.",
        "Average those over every position (divide by how many there are).",
    ),
    "check_held_out": (
        "Hold out whole games, never part of a game: a position's result is its game's result.",
        "Choose the games at random with a seeded generator, each game as likely as any other (not by picking "
        "positions, which favours long games).",
        "Hold out `max(1, round(share * games))` games and return one True or False for each position.",
    ),
    "check_puct_score": (
        "PUCT adds two terms, as UCB1 does: how good the move looks, and how much the search should still try it.",
        "The first term is the win rate, wins / visits; a move not tried yet has none, and counts a draw's 0.5.",
        "The second is `c * prior * math.sqrt(parent_visits) / (1 + visits)`: no logarithm, and 1 + visits so that "
        "an untried move has a score too.",
    ),
    "check_node_scores": (
        "Every move of the node gets your PUCT score from exercise 1; what is new is N, which the node does not hand "
        "you.",
        "N is 1 + the visits of the node's children: sum `child[\"visits\"]` over `node[\"children\"].values()` and "
        "add 1. Not the node's own visits: at the root, which is never valued itself, they are one fewer.",
        "Then, in the order of `node[\"children\"]`, score each child: `puct(child[\"wins\"], child[\"visits\"], "
        "child[\"prior\"], N, c)`; a move not tried yet has 0 visits and counts a draw's 0.5.",
    ),
    "check_selection": (
        "Selection starts at the root and goes down one node at a time, choosing by PUCT at each, as in MCTS with "
        "UCB1.",
        "At each node score its moves as in exercise 2 (N = 1 + the children's visits) and take the highest; of "
        "equal scores the first, in the order of `node[\"children\"]` (`max` over the indices does that).",
        "Stop after a move not tried yet (its child has 0 visits: expansion adds it) or at a finished game (a child "
        "with no children of its own); return the moves chosen, from the root down.",
    ),
    "check_root_priors": (
        "The policy gives an output (a logit) for every move of the game; only the legal moves get a prior, and the "
        "priors add up to 1.",
        "Take the softmax of the legal moves' outputs alone: `exp(logits[move])` over the sum of the same for every "
        "legal move (subtract the largest first if they may be large), in the order of `legal`.",
        "Mix in the noise: `(1 - eps) * prior + eps * noise[i]` for the i-th legal move; with eps = 0 the priors are "
        "the policy's alone.",
    ),
    "check_visit_target": (
        "The target says how the search spread its visits at the root, one number for every legal move.",
        "A move the search never tried is not in `visits`: its share is 0 (`visits.get(move, 0)`).",
        "Divide each move's visits by the total of the visits, in the order of `moves`.",
    ),
    "check_value_target": (
        "The value learns to predict how the game ended, from the side of the player to move at the position.",
        "`winner` is None for a draw, which counts ½ for both players.",
        "Return 1 if `winner == player`, ½ if `winner` is None, and 0 otherwise.",
    ),
    "check_draw_target": (
        "`root_value` is the search's value of the position for the player to move: use it as it is.",
        "\"result\" is the game's result for `player` (1, ½, 0); \"mixed\" is the mean of that result and "
        "`root_value`.",
        "\"search in draws\" is `root_value` where `winner` is None, and the result where the game was won or lost.",
    ),
    "check_self_play_move": (
        "Two cases: `ply < sampled_plies` (drawn) and after (the most visited move).",
        "To draw with `u`: walk the moves adding up their visits, and take the first move whose running total is "
        "above `u * sum(visits)`.",
        "Above, not equal: a move with 0 visits adds nothing, so it is never taken, and at a boundary the next "
        "move's share starts.",
    ),
    "check_gate": (
        "Pair the games two by two: `points[0] + points[1]` is the first pair's total, from 0 to 2.",
        "Keep five counts, one for each total (0, ½, 1, 1½, 2): `counts[round(2 * total)] += 1`, then call "
        "`llr(counts)` after every pair.",
        "Stop at `llr >= high` (keep) or `llr <= low` (do not keep), and return the pairs read; read at most "
        "`most_pairs`, and a candidate still undecided is not kept.",
    ),
    "check_settle": (
        "First turn each child's value into the mover's: flip it (`-value`) where the opponent moves next "
        "(`same_player` False); where `same_player` is True keep it as it is, a -1 too (the mover lost there).",
        "A win if any child is a win for the mover, in 1 + the smallest distance among the winning children only "
        "(capture chains too), wherever they stand: the winner hurries.",
        "Else a draw if any child (the last too) is a draw; else a loss in 1 + the largest distance among all the "
        "children (capture chains too): the loser holds out. No children at all: `(-1, 0)`, lost at once.",
    ),
    "check_clock_value": (
        "A capture sets the clock back to 0, so what must fit in the plies the clock has left is not the whole "
        "line (`distance`) but the plies to the next capture (`zeroing`).",
        "A draw stays a draw; `zeroing` None means no line reaches a capture in time even from clock 0 (a cursed "
        "win, or the loss on the other side of one): drawn.",
        "Return `value` if `clock + zeroing <= limit` (a capture on the last ply counts), else 0; a loss the same "
        "way, since the loser only has to wait for the clock.",
    ),
}
