"""What each exercise asks a student to write, and the library's own versions of it, which an answer may not use.

A check refuses an answer that uses one of its exercise's references ("write it yourself: this calls
MinimaxAgent"); ``grade``'s similarity report compares answers with their source. Each reference is
named as the message shows it, with where it lives (``module:name``).

>>> sorted(references("check_elo_difference"))
['elo_difference']
>>> "def elo_difference" in reference_sources("check_elo_difference")["elo_difference"]
True
"""

from __future__ import annotations

import ast
import importlib
from dataclasses import dataclass
from pathlib import Path

from lessons_lib.exercises.answer_code import AnswerCode

PACKAGE_FOLDER = Path(__file__).resolve().parents[1]
"""The package's source (``lessons_lib/``), where a compiled module's source lies too."""
SEARCHES = {
    "MinimaxAgent": "lessons_lib.agents.minimax:MinimaxAgent", "AlphaBetaAgent": "lessons_lib.agents.alphabeta:AlphaBetaAgent",
    "ExpectimaxAgent": "lessons_lib.agents.expectimax:ExpectimaxAgent",
    "NegamaxAgent": "lessons_lib.agents.negamax:NegamaxAgent", "MCTSAgent": "lessons_lib.agents.mcts:MCTSAgent",
    "make_agent": "lessons_lib.agents.presets:make_agent", "the library's minimax": "lessons_lib.agents.minimax:minimax",
    "the library's alphabeta": "lessons_lib.agents.alphabeta:alphabeta",
    "the library's expectimax": "lessons_lib.agents.expectimax:expectimax",
    "the library's negamax": "lessons_lib.agents.negamax:negamax",
}
"""The library's game-tree searches, which the search exercises (minimax, alpha-beta, expectimax) ask a student to
write: none may be handed in."""
FITTING = {
    "predicted_scores": "lessons_lib.learning.fitting:predicted_scores",
    "the library's log_loss": "lessons_lib.learning.fitting:log_loss",
    "fit_logistic": "lessons_lib.learning.fitting:fit_logistic",
    "win_chance": "lessons_lib.exercises.learning_an_evaluation:win_chance",
    "log_loss": "lessons_lib.exercises.learning_an_evaluation:log_loss",
}
"""The library's logistic model and its loss (lesson 10), and the checks' own answers."""


@dataclass(frozen=True)
class Exercise:
    """What an exercise asks for (``what``, as a message says it: "the Wilson interval") and the library's own
    versions of it (``references``: shown name -> ``module:name``)."""

    what: str
    references: dict[str, str]


EXERCISES: dict[str, Exercise] = {
    "check_jumps_from": Exercise("jumps", {
        "jump_graph": "lessons_lib.games.shologuti.graph:jump_graph",
        "JUMPS": "lessons_lib.games.shologuti.board:JUMPS",
        "straight_jumps": "lessons_lib.exercises.board_graph:straight_jumps"}),
    "check_count_leaves": Exercise("count of the leaves (perft)", {"perft": "lessons_lib.kit.perft:perft"}),
    "check_minimax": Exercise("search", SEARCHES),
    "check_alphabeta": Exercise("search", SEARCHES),
    "check_expectimax": Exercise("search", SEARCHES),
    "check_material_mobility_evaluation": Exercise("material-and-mobility evaluation", {
        "material_mobility_evaluation": "lessons_lib.games.shologuti.evaluation:material_mobility_evaluation",
        "seed_evaluation": "lessons_lib.games.shologuti.evaluation:seed_evaluation"}),
    "check_zobrist_key": Exercise("Zobrist key", {"compute_key": "lessons_lib.games.shologuti.zobrist:compute_key"}),
    "check_ucb1": Exercise("UCB1", {
        "ucb1": "lessons_lib.exercises.mcts:ucb1", "ucb1_child": "lessons_lib.agents.mcts:ucb1_child",
        "child_scores": "lessons_lib.agents.mcts:child_scores"}),
    "check_backpropagation": Exercise("backpropagation", {
        "backpropagate": "lessons_lib.agents.mcts:backpropagate",
        "backpropagate_for": "lessons_lib.agents.mcts:backpropagate_for", "MCTSAgent": "lessons_lib.agents.mcts:MCTSAgent"}),
    "check_elo_difference": Exercise("Elo difference", {"elo_difference": "lessons_lib.exercises.strength:elo_difference"}),
    "check_wilson": Exercise("Wilson interval", {
        "wilson_interval": "lessons_lib.arena.score_intervals:wilson_interval",
        "score_interval": "lessons_lib.arena.score_intervals:score_interval"}),
    "check_game_measure": Exercise("measurement of random games", {
        "random_profile": "lessons_lib.experiments.game_comparison:random_profile",
        "replay": "lessons_lib.exercises.other_games:replay"}),
    "check_win_chance": Exercise("logistic model", FITTING),
    "check_log_loss": Exercise("log loss", FITTING),
    "check_puct_score": Exercise("the PUCT score", {
        "puct_score": "lessons_lib.exercises.alphazero_in_miniature:puct_score",
        "puct_scores": "lessons_lib.agents.mcts:puct_scores"}),
    "check_node_scores": Exercise("the scores of a node's moves", {
        "node_scores": "lessons_lib.exercises.alphazero_in_miniature:node_scores",
        "puct_score": "lessons_lib.exercises.alphazero_in_miniature:puct_score",
        "puct_scores": "lessons_lib.agents.mcts:puct_scores"}),
    "check_selection": Exercise("the selection", {
        "selection_path": "lessons_lib.exercises.alphazero_in_miniature:selection_path",
        "node_scores": "lessons_lib.exercises.alphazero_in_miniature:node_scores",
        "puct_score": "lessons_lib.exercises.alphazero_in_miniature:puct_score",
        "puct_scores": "lessons_lib.agents.mcts:puct_scores", "mcts_iteration": "lessons_lib.agents.mcts:mcts_iteration"}),
    "check_root_priors": Exercise("the priors at the root", {
        "root_priors": "lessons_lib.exercises.alphazero_in_miniature:root_priors",
        "library_priors": "lessons_lib.exercises.alphazero_in_miniature:library_priors",
        "noisy": "lessons_lib.agents.mcts:noisy", "softmax": "lessons_lib.learning.linear:softmax"}),
    "check_visit_target": Exercise("the policy's target", {
        "visit_target": "lessons_lib.exercises.alphazero_in_miniature:visit_target",
        "training_examples": "lessons_lib.learning.self_play:training_examples"}),
    "check_value_target": Exercise("the value's target", {
        "value_target": "lessons_lib.exercises.alphazero_in_miniature:value_target",
        "training_examples": "lessons_lib.learning.self_play:training_examples"}),
    "check_draw_target": Exercise("the value's target through draws", {
        "draw_target": "lessons_lib.exercises.alphazero_in_miniature_loop:draw_target",
        "SelfPlayGame": "lessons_lib.learning.self_play:SelfPlayGame",
        "training_examples": "lessons_lib.learning.self_play:training_examples"}),
    "check_self_play_move": Exercise("the move self-play plays", {
        "self_play_move": "lessons_lib.exercises.alphazero_in_miniature_loop:self_play_move",
        "move_by_visits": "lessons_lib.learning.self_play:move_by_visits",
        "most_visited": "lessons_lib.agents.mcts:most_visited"}),
    "check_gate": Exercise("the gate", {
        "gate": "lessons_lib.exercises.alphazero_in_miniature_loop:gate", "sprt": "lessons_lib.arena.sprt:sprt",
        "gate_verdict": "lessons_lib.learning.gating:gate_verdict", "gate_pairs": "lessons_lib.learning.gating:gate_pairs",
        "pentanomial": "lessons_lib.arena.sprt:pentanomial"}),
    "check_settle": Exercise("settling of a position", {
        "settle": "lessons_lib.exercises.solving_endgames:settle", "solve": "lessons_lib.kit.retrograde:solve",
        "solved_parts": "lessons_lib.games.shologuti.endgame_table:solved_parts",
        "perfect_move": "lessons_lib.agents.solved:perfect_move", "value_after": "lessons_lib.agents.solved:value_after",
        "children_of": "lessons_lib.exercises.solving_endgames:children_of"}),
    "check_clock_value": Exercise("value under the clock", {
        "clock_value": "lessons_lib.exercises.solving_endgames:clock_value",
        "solved": "lessons_lib.games.shologuti.endgame_table:solved",
        "zeroing_of": "lessons_lib.games.shologuti.endgame_table:zeroing_of",
        "solved_without_clock": "lessons_lib.games.shologuti.endgame_table:solved_without_clock"}),
}
"""The exercises whose answer the library could give, by check."""


def located(where: str) -> object:
    """The object at ``module:name``."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


def references(check: str) -> dict[str, object]:
    """The library's own versions of what ``check``'s exercise asks for, by the name a message shows (none for an
    exercise the library cannot answer)."""
    exercise = EXERCISES.get(check)
    return {} if exercise is None else {shown: located(where) for shown, where in exercise.references.items()}


def reference_sources(check: str) -> dict[str, str]:
    """The source code of ``check``'s references that are functions or classes, by shown name (read from the
    modules' files, so a compiled module's functions have theirs too)."""
    sources = {}
    exercise = EXERCISES.get(check)
    for shown, where in (exercise.references.items() if exercise is not None else ()):
        module, _, name = where.partition(":")
        found = _definition_source(module, name)
        if found is not None:
            sources[shown] = found
    return sources


def _definition_source(module: str, name: str) -> str | None:
    """The text of the top-level ``def`` or ``class`` called ``name`` in ``module``'s source file, if it has one."""
    path = PACKAGE_FOLDER.joinpath(*module.split(".")[1:]).with_suffix(".py")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    for node in ast.parse(text).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name:
            return ast.get_source_segment(text, node)
    return None


ALLOWED: dict[str, tuple[str, ...]] = {
    "check_cut_points": ("lessons_lib.games.shologuti.graph.board_graph", "lessons_lib.games.shologuti.graph.draw_board"),
    "check_count_leaves": ("lessons_lib.games.shologuti.position.",),
    "check_most_captures": ("lessons_lib.games.shologuti.position.",),
    "check_tree_value": ("lessons_lib.games.tiny_tree.", "lessons_lib.agents.evaluation.utility",
                         "lessons_lib.viz.search_tree.whole_tree_picture"),
    "check_pruned_leaves": ("lessons_lib.games.tiny_tree.", "lessons_lib.agents.evaluation.utility",
                            "lessons_lib.viz.search_tree.whole_tree_picture"),
    "check_minimax": ("lessons_lib.agents.evaluation.", "lessons_lib.games.shologuti.position.GREEN",
                      "lessons_lib.games.shologuti.position.RED", "lessons_lib.games.tiny_tree.TinyTree"),
    "check_material_mobility_evaluation": ("lessons_lib.games.shologuti.position.", "lessons_lib.games.shologuti.board."),
    "check_evaluation": ("lessons_lib.games.shologuti.position.", "lessons_lib.games.shologuti.board.",
                         "lessons_lib.games.shologuti.evaluation.", "lessons_lib.agents.evaluation."),
    "check_zobrist_key": ("lessons_lib.games.shologuti.zobrist.PIECE_KEYS", "lessons_lib.games.shologuti.zobrist.PENDING_KEYS",
                          "lessons_lib.games.shologuti.zobrist.RED_TO_MOVE_KEY", "lessons_lib.games.shologuti.position.",
                          "lessons_lib.games.shologuti.board."),
    "check_move_ordering": ("lessons_lib.games.shologuti.evaluation.", "lessons_lib.games.shologuti.position.",
                            "lessons_lib.games.shologuti.board."),
    "check_rollout_policy": ("lessons_lib.agents.evaluation.", "lessons_lib.games.shologuti.position.",
                             "lessons_lib.games.shologuti.board."),
    "check_elo_difference": ("lessons_lib.arena.ratings.expected_score",),
    "check_wilson": ("lessons_lib.arena.ratings.Z_95", "lessons_lib.arena.score_intervals.Z_95"),
    "check_game_measure": ("lessons_lib.games.GAMES", "lessons_lib.games.game_named"),
    "check_goat_rollouts": ("lessons_lib.games.baghchal.",),
    "check_best_game_for_mcts": ("lessons_lib.experiments.data.load_table", "lessons_lib.games.GAMES"),
    "check_puct_score": ("lessons_lib.agents.mcts.PUCT_C", "lessons_lib.agents.mcts.UNTRIED_VALUE"),
    "check_node_scores": ("lessons_lib.agents.mcts.PUCT_C", "lessons_lib.agents.mcts.UNTRIED_VALUE"),
    "check_selection": ("lessons_lib.agents.mcts.PUCT_C", "lessons_lib.agents.mcts.UNTRIED_VALUE"),
}
"""What of the library each exercise's answer may use besides its own code (a name, or a module's whole contents
with a final dot); an exercise not named here allows nothing. An answer that uses anything else of the library,
or one of its exercise's references, is not the student's own."""
ALLOWED["check_alphabeta"] = ALLOWED["check_expectimax"] = ALLOWED["check_minimax"]
ANY_OF_THE_LIBRARY = frozenset({"check_agent_file"})
"""Exercises whose answer may use the whole library: lesson 08's agent plays the class tournament."""


def allowed(check: str, name: str) -> bool:
    """Whether an answer to ``check`` may use the library's ``name`` (a qualified name, or a label such as
    ``attribute .key``)."""
    if check in ANY_OF_THE_LIBRARY or not name.startswith("lessons_lib"):
        return True
    return any(name == entry or (entry.endswith(".") and name.startswith(entry)) for entry in ALLOWED.get(check, ()))


def answer_problem(check: str, code: AnswerCode) -> str | None:
    """Why an answer to ``check`` whose code was read as ``code`` is not taken, before its check runs: a lookup
    that reading cannot follow, or something of the library its exercise does not allow. The exercise's own
    references are left to the check, which names them ("write it yourself")."""
    if code.lookups and check not in ANY_OF_THE_LIBRARY:
        more = f" (and {len(code.lookups) - 1} more)" if len(code.lookups) > 1 else ""
        return (f"your answer's code reaches something the grader cannot read: {code.lookups[0]}{more}. An "
                f"exercise's answer is read, not only run: write it plainly, calling functions by their names, "
                f"with every name defined in a cell of the notebook.")
    references_used = {_qualified(where) for where in (EXERCISES[check].references.values() if check in EXERCISES
                                                      else ())}
    outside = sorted(name for name in code.library if name not in references_used and not allowed(check, name))
    if not outside:
        return None
    may = ", ".join(entry.rstrip(".") + (" (all of it)" if entry.endswith(".") else "")
                    for entry in ALLOWED.get(check, ()))
    return (f"your answer uses {outside[0]}, which this exercise does not give its answers: of the library it "
            f"may use {may or 'nothing'}. The exercise asks for your own code.")


def _qualified(where: str) -> str:
    """``module.name`` of a reference given as ``module:name``, as an answer's reading names it."""
    module, _, name = where.partition(":")
    return f"{module}.{name}"
