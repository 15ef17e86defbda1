"""Checks for notebook 06, Monte Carlo tree search: the UCB1 formula, and a rollout policy of your own."""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable
from typing import Any

from lessons_lib.agents.mcts import (
    Backpropagation, MCTSAgent, Node, backpropagate,
)
from lessons_lib.agents.rollouts import RolloutPolicy
from lessons_lib.exercises.answers import refusal, watched
from lessons_lib.exercises.feedback import (
    AnswerFailed, Cases, Feedback, as_number, as_whole_number, call_for_number, call_safely, case_seed,
    describe_failure, drawn_with, kind_of, passes_through, shown,
)
from lessons_lib.exercises.fresh_cases import chain_endgame, in_a_chain
from lessons_lib.kit.game import Outcome
from lessons_lib.experiments.measurements import rollout_outcomes
from lessons_lib.games.shologuti.rules import TRADITIONAL
from lessons_lib.games.shologuti.samples import EARLY_WINNER_TRAP, ONE_PLY_BLUNDER
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.tiny_tree import TRAP_TREE, TinyTree

LONG_CHAIN = "RR..RR.RRG.R...G...G.GG....G.G.GGGGG. r - 18"
"""Red to move with a chain of up to six captures (lesson 02's longest)."""


def ucb1_cases(seed: int) -> list[tuple[float, int, int, float]]:
    """(wins, visits, parent's visits, c), drawn with ``seed``: every child visited at least once, as in MCTS; a
    parent visited once, c = 0, c = √2 and others, wins in half points (draws); and on every seed a child that has
    won nothing yet (0 wins) with c = 0 and with another c, and one that has won every visit."""
    rng = random.Random(seed)
    cases = []
    for c in (math.sqrt(2), 0.0, round(rng.uniform(0.2, 3.0), 2), math.sqrt(2), round(rng.uniform(0.2, 3.0), 2),
              *(round(rng.uniform(0.0, 3.0), 2) for _ in range(5))):
        visits = rng.randint(1, 60)
        cases.append((rng.randint(0, 2 * visits) / 2, visits, visits + rng.randint(0, 500), c))
    cases.insert(1, (rng.choice((0.0, 0.5, 1.0)), 1, 1, math.sqrt(2)))  # a parent visited once: ln 1 = 0
    for c in (0.0, round(rng.uniform(0.2, 3.0), 2)):  # no win yet: the win rate is 0, whatever c
        visits = rng.randint(1, 40)
        cases.insert(rng.randrange(len(cases) + 1), (0.0, visits, visits + rng.randint(1, 300), c))
    visits = rng.randint(1, 40)
    cases.insert(rng.randrange(len(cases) + 1), (float(visits), visits, visits + rng.randint(1, 300),
                                                  round(rng.uniform(0.2, 3.0), 2)))  # won every visit
    return cases

WRONG_UCB1: dict[str, tuple[Callable[[float, int, int, float], float], str]] = {
    "no square root": (lambda w, n, p, c: w / n + c * math.log(p) / n,
                       "the exploration term has a square root: c · √(ln N / n)."),
    "log10": (lambda w, n, p, c: w / n + c * math.sqrt(math.log10(p) / n),
              "use the natural logarithm, math.log, not math.log10."),
    "upside down": (lambda w, n, p, c: w / n + c * math.sqrt(math.log(n) / p),
                    "inside the square root it is ln(parent's visits) divided by the child's visits."),
    "wins only": (lambda w, n, p, c: w + c * math.sqrt(math.log(p) / n),
                  "the first term is the win rate, wins / visits, not the wins."),
    "a made-up win rate with no win": (lambda w, n, p, c: (w / n if w else 0.5) + c * math.sqrt(math.log(p) / n),
                                       "a child that has won nothing has a win rate of 0, not a guess: wins / "
                                       "visits is 0 / visits, however few the visits (only visits of 0 would "
                                       "need a rule, and MCTS visits every child once before UCB1)."),
    "no exploration": (lambda w, n, p, c: w / n,
                       "add the exploration term c · √(ln N / n): without it MCTS never tries moves that started "
                       "badly."),
}


def ucb1(wins: float, visits: int, parent_visits: int, c: float) -> float:
    """The reference UCB1: win rate plus c · √(ln N / n)."""
    return wins / visits + c * math.sqrt(math.log(parent_visits) / visits)


def _ucb1_mistake(answer: float, wins: float, visits: int, parent: int, c: float) -> str | None:
    """What is wrong with ``answer``, a student's UCB1 of a child, or None. Worked out only once the student's
    function has returned, so that nothing it could read while it ran held the value it should give."""
    expected = ucb1(wins, visits, parent, c)
    if math.isclose(answer, expected, rel_tol=1e-9, abs_tol=1e-12):
        return None
    hint = next((hint for wrong, hint in WRONG_UCB1.values()
                 if math.isclose(answer, wrong(wins, visits, parent, c), rel_tol=1e-9)),
                "UCB1 = wins / visits + c · √(ln(parent_visits) / visits).")
    return f"gave {answer:.6g} but UCB1 is {expected:.6g}: {hint}"


@watched
def check_ucb1(student_ucb1: Callable[[float, int, int, float], Any], seed: int | None = None) -> Feedback:
    """Check a student's ``ucb1(wins, visits, parent_visits, c)`` on children of every kind, drawn with ``seed``
    (fresh ones when None)."""
    refused = refusal(student_ucb1, "check_ucb1", "UCB1")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for wins, visits, parent, c in cases.each(ucb1_cases(seed)):
        answer, failure = call_for_number(student_ucb1, wins, visits, parent, c)
        shown_c = "math.sqrt(2)" if c == math.sqrt(2) else f"{c:g}"
        call = f"ucb1(wins={wins:g}, visits={visits}, parent_visits={parent}, c={shown_c})"
        if failure:
            cases.failed_call(f"{call} {failure}{drawn_with(seed)}", student_ucb1, failure)
            continue
        mistake = _ucb1_mistake(answer, wins, visits, parent, c)
        if mistake is None:
            cases.passed()
        else:
            cases.failed(f"{call} {mistake}{drawn_with(seed)}")
    return cases.feedback("exactly the UCB1 the project's MCTS uses. Notice the parent with 1 visit: ln 1 = 0, "
                          "so exploration starts at nothing and grows as the parent is visited.")


MIN_DECIDED = 0.6
"""A rollout policy passes only if at least this share of its rollouts from the traditional start finish..."""
MAX_ONE_SIDE = 0.75
"""...neither side wins more than this share of the finished ones (the start is symmetric)..."""
MIN_GAP = 0.15
"""...and after a safe move the mover scores at least this much more than after a losing one (measured with 200
rollouts each: captures first gives a gap of 0.31, uniform or one-sided policies about 0; the noise on a gap is
about 0.05)."""
ROLLOUTS = 200


def rollout_gap(policy: Callable[[Any, random.Random, int], Any], before: Any, safe: str,
                losing: str) -> tuple[float, float]:
    """The score of the side to move in ``before`` over rollouts after its ``safe`` move and after its ``losing`` one."""
    safe_score, losing_score = (rollout_outcomes(before.play(move), policy, rollouts=ROLLOUTS, seed=7)
                                .score(before.to_move) for move in (safe, losing))
    return safe_score, losing_score


def reachable_in(position: Any, plies: int) -> set[str]:
    """Every position (as text) exactly ``plies`` plies from ``position``, and the finished ones sooner."""
    frontier, finished = {str(position): position}, set()
    for _ in range(plies):
        finished |= {text for text, state in frontier.items() if state.is_game_over()}
        frontier = {str(after): after for state in frontier.values() for after in map(state.play, state.legal_moves())}
    return set(frontier) | finished


def chain_starts(seed: int) -> list[Position]:
    """Positions (traditional rules) where the side to move can capture several times in a row, for checking how a
    rollout counts plies: lesson 02's longest chain, and a chain in progress drawn with ``seed``."""
    return [Position.from_string(LONG_CHAIN, TRADITIONAL), in_a_chain(random.Random(seed), TRADITIONAL)]


def plies_problem(policy: Callable[[Any, random.Random, int], Any], starts: list[Any], seed: int) -> str | None:
    """What is wrong with how a rollout counts and limits its plies, or None: with max_plies of 1 to 3 from each of
    ``starts`` (of any game; capture chains among them), the last position must be exactly the plies it reports
    away, and never past max_plies."""
    for start in starts:
        for limit in (1, 2, 3):
            answer, failure = call_safely(policy, start, random.Random(seed + limit), limit)
            if failure:
                return f"policy({start}, rng, {limit}) {failure}"
            result = rollout_result(answer, start)
            if result is None:
                return (f"policy({start}, rng, {limit}) returned {shown(answer)}: return (the last position, the "
                        f"number of plies played)")
            last, plies = result
            if plies > limit:
                return (f"from {start} given max_plies={limit} your rollout reported {shown(plies)} plies: stop at "
                        f"max_plies.")
            if str(last) in reachable_in(start, plies):
                continue
            if any(str(last) in reachable_in(start, more) for more in range(limit + 1, limit + 8)):
                return (f"from {start} with max_plies={limit} your rollout reported {plies} plies but played more: "
                        f"each capture of a chain is a ply of its own (the same player moves again), so count "
                        f"every play, and stop at max_plies even in the middle of a chain.")
            return (f"from {start} with max_plies={limit} your rollout reported {plies} plies, but its last position "
                    f"is not that many plies away: count one ply for every play.")
    return None


@watched
def check_rollout_policy(policy: Callable[[Any, random.Random, int], Any], seed: int | None = None) -> Feedback:
    """Check a student's ``policy(state, rng, max_plies) -> (last_state, plies)`` under the traditional rules:
    rollouts that end, count every ply of a chain (from a chain drawn with ``seed``, fresh when None), favour
    neither side from the symmetric start, and tell a safe move from a losing one. It passes or not (no share of
    cases: its tests are counts over many rollouts)."""
    start = Position.start(TRADITIONAL)
    problem = rollout_policy_problem(policy, start)
    if problem:
        return Feedback.not_yet(problem, 0.0 if not callable(policy) else None)
    seed = case_seed(seed)
    problem = plies_problem(policy, chain_starts(seed), seed)
    if problem:
        return Feedback.not_yet(problem + drawn_with(seed))
    checked = checked_policy(policy, start)
    try:
        tally = rollout_outcomes(start, checked, rollouts=ROLLOUTS, seed=7)
    except AnswerFailed as failed:
        return Feedback.not_yet(f"in a rollout from the start, {failed}")
    summary = (f"of {ROLLOUTS} rollouts from the start (traditional rules, at most 200 plies) Green won "
               f"{tally.wins[0]}, Red {tally.wins[1]}, {tally.draws} were drawn and {tally.capped} reached the "
               f"200-ply cap")
    if tally.decided < MIN_DECIDED:
        hint = ("most were drawn by the quiet-move clock: your sides play so carefully that nobody captures. A "
                "rollout should be quick and decisive: take a capture when there is one, otherwise move at random."
                if tally.draws > tally.capped else "when a capture is possible, take one (move.is_capture).")
        return Feedback.not_yet(f"{summary}; at least {MIN_DECIDED:.0%} should end with a winner, or MCTS learns "
                                f"nothing from them. Hint: {hint}")
    winner = 0 if tally.wins[0] >= tally.wins[1] else 1
    if tally.wins[winner] > MAX_ONE_SIDE * sum(tally.wins):
        name = ("Green", "Red")[winner]
        return Feedback.not_yet(f"{summary}: {name} won {tally.wins[winner] / sum(tally.wins):.0%} of the finished "
                                f"rollouts from a start where neither side has an edge. Your policy plays the two "
                                f"sides differently: apply the same rule to both (state.to_move tells who moves).")
    try:
        safe, losing = rollout_gap(checked, Position.from_string(ONE_PLY_BLUNDER, TRADITIONAL), "16-21", "9-13")
    except AnswerFailed as failed:
        return Feedback.not_yet(f"in a rollout from the one-ply blunder position, {failed}")
    gap = (f"In the one-ply blunder position of notebooks 04 and 05, Red scored {safe:.0%} of its rollouts after the safe 16-21 and "
           f"{losing:.0%} after 9-13, which lets Green capture two pieces")
    if safe - losing < MIN_GAP:
        return Feedback.not_yet(f"{summary}. {gap}: your rollouts hardly tell the two moves apart, so MCTS cannot "
                                f"either. Let the side to move take a capture when there is one.")
    return Feedback.correct(f"{summary}. {gap}: your rollouts end, favour neither side, and tell a safe move from "
                            f"a losing one, which is what MCTS needs from them.")


def rollout_result(answer: Any, start: Any) -> tuple[Any, int] | None:
    """``answer`` as (a position of ``start``'s game, a whole number of plies), or None if it is not one (read
    without running anything of the answer's)."""
    kind = type(answer)
    if not issubclass(kind, (tuple, list)):
        return None
    parts = tuple.__getitem__(answer, slice(0, 3)) if issubclass(kind, tuple) else list.__getitem__(answer, slice(0, 3))
    if len(parts) != 2 or type(parts[0]) is not type(start):
        return None
    plies = parts[1]
    if type(plies) is bool or not issubclass(type(plies), numbers.Integral):
        return None
    number, problem = as_whole_number(plies, floats=False)
    return None if problem else (parts[0], number)


def checked_policy(policy: Callable[[Any, random.Random, int], Any], start: Any) -> RolloutPolicy:
    """``policy`` as the library's rollouts call it: each answer checked to be (a position of ``start``'s game, a
    whole number of plies); whatever it raises or returns wrong, a failure in words
    (:class:`~lessons_lib.exercises.feedback.AnswerFailed`)."""
    def rollout(state: Any, rng: random.Random, max_plies: int) -> tuple[Any, int]:
        answer, failure = call_safely(policy, state, rng, max_plies)
        if failure:
            raise AnswerFailed(f"policy({state}, rng, {max_plies}) {failure}")
        result = rollout_result(answer, start)
        if result is None:
            raise AnswerFailed(f"policy({state}, rng, {max_plies}) returned {shown(answer)}: return (the last "
                               f"position, the number of plies played)")
        return result
    return rollout


def rollout_policy_problem(policy: Callable[[Any, random.Random, int], Any], start: Any,
                           limit: int = 50) -> str | None:
    """What is wrong with a rollout policy as a policy (of any game), or None: the shape of its answer,
    the ply limit (tried with ``max_plies=limit``, which should be shorter than a game), and seeded randomness."""
    answer, failure = call_safely(policy, start, random.Random(1), limit)
    if failure:
        return f"policy(start, rng, {limit}) {failure}"
    result = rollout_result(answer, start)
    if result is None:
        return f"policy must return (the last position, the number of plies played), not {shown(answer)}"
    last, plies = result
    if plies > 0 and last == start:
        return (f"your rollout says it played {plies} plies but returned the position it started from: play returns "
                f"a new position and leaves the old one as it was, so keep what it returns, "
                f"state = state.play(move).")
    if plies > limit:
        return f"given max_plies={limit} your rollout played {shown(plies)} plies: stop at max_plies."
    if not last.is_game_over() and plies < limit:
        return (f"your rollout stopped after {shown(plies)} plies, though the game was not over and max_plies is "
                f"{limit}. Play on until the game ends or max_plies is reached.")
    if rollout_result(call_safely(policy, start, random.Random(1), limit)[0], start) != result:
        return ("two rollouts with the same seed ended differently: take every random choice from rng "
                "(rng.choice(moves)), never from the random module itself.")
    if all(rollout_result(call_safely(policy, start, random.Random(seed), limit)[0], start) == result
           for seed in (2, 3)):
        return ("rollouts with different seeds all ended the same way: a rollout should be random, choosing with rng, "
                "the generator you are given. Do you make a new random.Random(...) inside the loop? Then every "
                "rollout replays the same moves.")
    return None


# -- backpropagation written by a student ----------------------------------------------------------------------

CHAIN_POSITION = "G.......R...............R.......R..G. g - 1"
"""Green to move, two pieces against three, with a capture that lets Green move again (a chain): games end
within a few plies, so the nodes after a chain get wins and losses, not only draws at the cap."""

BACKPROPAGATION_CASES: list[tuple[str, Any, int, int]] = [
    ("the trap tree", TinyTree(TRAP_TREE), 40, 200),
    ("a Shologuti endgame, rollouts capped at 6 plies", Position.from_string(EARLY_WINNER_TRAP), 150, 6),
    ("a Shologuti endgame where Green can capture twice in a row (a chain)",
     Position.from_string(CHAIN_POSITION), 100, 20),
]
"""(name, position, iterations, rollout cap): the trap tree has wins for each side and draws; in the endgame
many rollouts stop at their cap, and count ½; in the last, capture chains give one player two moves in a row."""


def _slip(kind: str, root_player: int) -> Backpropagation:
    """A backpropagation with one of the usual slips."""
    def backpropagate_with_slip(node: Node, outcome: Outcome | None) -> None:
        flipped = node.mover
        while node is not None:
            player = {"root's player": root_player, "player to move": node.state.to_move,
                      "opponent of the player to move": 1 - node.state.to_move,
                      "flipped at each level": flipped}.get(kind, node.mover)
            if kind != "no visits":
                node.visits += 1
            if outcome is None:
                node.wins += 0.0 if kind == "cap as a loss" else 0.5
            elif outcome.winner is None:
                node.wins += 0.0 if kind == "draw as a loss" else 0.5
            else:
                node.wins += outcome.score_for(player)
            if kind == "leaf only" or (kind == "root left out" and node.parent is not None
                                       and node.parent.parent is None):
                return
            node, flipped = node.parent, 1 - flipped  # type: ignore[assignment]
    return backpropagate_with_slip


BACKPROPAGATION_SLIPS = {
    "root's player": "every node counts wins for the root's player, as the Pygame project did: then the opponent's "
                     "nodes pick the moves that are best for the root's player. Count each node's wins for "
                     "node.mover, the player who moved into it.",
    "player to move": "you counted wins for the player to move at each node (node.state.to_move); count them for "
                      "node.mover, the player who made the move into it, whose choice UCB1 judges there.",
    "opponent of the player to move": "you took the player who moved into a node to be the opponent of the player "
                                      "to move there (1 - node.state.to_move). After a capture the same player may "
                                      "move again (a chain), and then the two are one player: count each node's "
                                      "wins for node.mover, the player who made the move into it.",
    "flipped at each level": "you switch players at every level on the way up. After a capture the same player may "
                             "move again (a chain), so two nodes in a row can belong to one player: count each "
                             "node's wins for node.mover, the player who made the move into it.",
    "leaf only": "only the new node was updated: walk up with node = node.parent until node is None, updating "
                 "every node on the way, the root included.",
    "root left out": "every node but the root was updated: the root's visits are N in the children's UCB1, so "
                     "it must count every iteration too.",
    "no visits": "add 1 to node.visits at every node: UCB1 divides by the visits.",
    "draw as a loss": "a draw counts ½ for each player, not 0 (outcome.score_for(player) gives it).",
    "cap as a loss": "a rollout that stopped at its cap (outcome is None) counts ½, as a draw: nobody won it.",
}


class _EndlessBackpropagation(Exception):
    """A student's backpropagation kept writing to nodes long after it should have stopped."""


class _BadStatistic(Exception):
    """A student's backpropagation gave a node's wins or visits something that is no number (its message says
    what)."""


def _statistic(name: str, value: Any) -> float | int:
    """A node's ``wins`` or ``visits`` as a student's code set it, as a plain number: :class:`_BadStatistic` if it is
    no number (or one too large for a float)."""
    if (type(value) is int and abs(value) < 2**53) or type(value) is float:
        return value
    number, problem = as_number(value)
    if problem:
        raise _BadStatistic(f"set node.{name} to {shown(value, 40)}: {problem}")
    return int(number) if name == "visits" and number.is_integer() else number


class _WatchedNode:
    """A node handed to a student's function: reads and writes reach the real node, and an endless loop stops."""

    def __init__(self, node: Node, writes_left: list[int]) -> None:
        object.__setattr__(self, "_node", node)
        object.__setattr__(self, "_writes_left", writes_left)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._node, name)
        if name == "parent" and value is not None:
            return _WatchedNode(value, self._writes_left)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        self._writes_left[0] -= 1
        if self._writes_left[0] < 0:
            raise _EndlessBackpropagation
        setattr(self._node, name, _statistic(name, value) if name in ("wins", "visits") else value)


def drawn_backpropagation_cases(seed: int) -> list[tuple[str, Any, int, int, int]]:
    """(name, position, iterations, rollout cap, MCTS seed) drawn with ``seed``: an endgame with a capture chain,
    and lesson 06's endgame searched with another seed."""
    rng = random.Random(seed)
    chain = chain_endgame(rng)
    return [(f"the endgame {chain}, where a capture lets the same player move again", chain, 100, 20,
             rng.randrange(1000)),
            ("the Shologuti endgame with rollouts capped at 6 plies, searched with another seed",
             Position.from_string(EARLY_WINNER_TRAP), 150, 6, rng.randrange(1000))]


def _tree_statistics(backpropagation: Backpropagation, position: Any, iterations: int,
                     cap: int, seed: int = 3) -> list[tuple[tuple[Any, ...], float, int]]:
    """(path, wins, visits) of every node of an MCTS tree grown with ``backpropagation`` and ``seed``."""
    root, _, _ = MCTSAgent(iterations, seed=seed, max_rollout_plies=cap, backpropagation=backpropagation)\
        .build_tree(position)
    statistics, stack = [], [root]
    while stack:
        node = stack.pop()
        statistics.append((node.path(), node.wins, node.visits))
        stack.extend(node.children)
    return sorted(statistics, key=lambda row: [str(move) for move in row[0]])


def _path_through_the_trap() -> list[Node]:
    """Fresh nodes root -> trap -> punish of the trap tree, no visits yet (player 1 wins at the end)."""
    tree = TinyTree(TRAP_TREE)
    root = Node(tree, None, None, 1 - tree.to_move)
    trap = Node(tree.play("trap"), root, "trap", tree.to_move)
    return [root, trap, Node(trap.state.play("punish"), trap, "punish", trap.state.to_move)]


def _after_one_rollout(backpropagation: Backpropagation, outcome: Outcome | None) -> list[tuple[float, int]]:
    """(wins, visits) of root, trap and punish after ``backpropagation`` is given ``outcome`` at punish."""
    path = _path_through_the_trap()
    backpropagation(path[-1], outcome)
    return [(node.wins, node.visits) for node in path]


PROBES = [("a rollout won by player 1 (who moved into punish)", Outcome(1, "won")),
          ("a drawn rollout", Outcome(None, "draw")), ("a rollout stopped at its cap (outcome None)", None)]


@watched
def check_backpropagation(student: Callable[[Any, Any], Any], seed: int | None = None) -> Feedback:
    """Check a student's ``backpropagate(node, outcome)``: first on one path (root, trap, punish of the trap tree)
    with a win, a draw and a capped rollout, then by growing seeded MCTS trees with it, fixed ones and ones drawn
    with ``seed`` (fresh when None)."""
    if not callable(student):
        return Feedback.not_yet(f"backpropagate is not a function but {kind_of(student)}: define it with def", 0.0)
    refused = refusal(student, "check_backpropagation", "backpropagation",
                      trial=(_WatchedNode(_path_through_the_trap()[-1], [10_000]), Outcome(1, "won")))
    if refused:
        return Feedback.not_yet(refused, 0.0)

    def watched(node: Node, outcome: Outcome | None) -> None:
        try:
            student(_WatchedNode(node, [10_000]), outcome)
        except (_EndlessBackpropagation, _BadStatistic):
            raise
        except BaseException as error:  # the student's code: in words
            if passes_through(error):
                raise
            raise AnswerFailed(describe_failure(error)) from None

    cases = Cases()
    for probe, outcome in cases.each(PROBES):
        mistake, failure = _probe_mistake(watched, probe, outcome, cases.wanted)
        if mistake is None:
            cases.passed()
        else:
            cases.failed_call(mistake, student, failure)
    seed = case_seed(seed)
    trees = [(*case, 3) for case in BACKPROPAGATION_CASES]
    for number, (name, position, iterations, cap, search_seed) in cases.each(enumerate(
            trees + drawn_backpropagation_cases(seed))):
        seen = drawn_with(seed) if number >= len(trees) else ""
        try:
            grown = _tree_statistics(watched, position, iterations, cap, search_seed)
        except _EndlessBackpropagation:
            cases.failed(f"on {name}, backpropagate never stopped: move up with node = node.parent in the loop, and "
                         f"stop when node is None (above the root).{seen}")
            continue
        except (AnswerFailed, _BadStatistic) as failed:
            cases.failed_call(f"on {name}, a search with your backpropagate {failed}{seen}", student, str(failed))
            continue
        except Exception as error:  # what the student's numbers made the search do (a division by 0 visits)
            cases.failed(f"on {name}, a search with your backpropagate {describe_failure(error)}{seen}")
            continue
        if grown == _tree_statistics(backpropagate, position, iterations, cap, search_seed):
            cases.passed()
            continue
        hint = next((hint for slip, hint in BACKPROPAGATION_SLIPS.items()
                     if grown == _tree_statistics(_slip(slip, position.to_move), position, iterations, cap,
                                                  search_seed)),
                    "does it depend on anything but the node and the outcome?") if cases.wanted else ""
        cases.failed(f"right on one path, but on {name} the tree grown with your backpropagate differs from "
                     f"MCTS's: {hint}{seen}")
    count = len(BACKPROPAGATION_CASES) + len(drawn_backpropagation_cases(0))
    return cases.feedback(f"right on one path with a win, a draw and a capped rollout, and every node of {count} "
                          "seeded trees, two with capture chains, has exactly the wins and visits MCTS gives it: "
                          "each node counts the results of the player who moved into it.")


def _probe_mistake(watched: Backpropagation, probe: str, outcome: Outcome | None,
                   hint_wanted: bool) -> tuple[str | None, str | None]:
    """What is wrong with a student's backpropagation (``watched``) given ``outcome`` at the end of the path root,
    trap, punish of the trap tree, or None, with a hint of the slip it is if ``hint_wanted``; and what the student's
    code raised, in words, if it did."""
    try:
        given = _after_one_rollout(watched, outcome)
    except _EndlessBackpropagation:
        return ("backpropagate never stopped: move up with node = node.parent in the loop, and stop when node is "
                "None (above the root)."), None
    except (AnswerFailed, _BadStatistic) as failed:
        return f"given {probe} at the trap tree's punish node, backpropagate {failed}", str(failed)
    expected = _after_one_rollout(backpropagate, outcome)  # only now: the student's code could have read it
    if given == expected:
        return None, None
    hint = next((hint for slip, hint in BACKPROPAGATION_SLIPS.items()
                 if given == _after_one_rollout(_slip(slip, 0), outcome)),
                "each node from the new one up to the root gains one visit, and the result for node.mover.") \
        if hint_wanted else ""
    shown_nodes = ", ".join(f"{name} {wins:g}/{visits:g}" for name, (wins, visits)
                            in zip(("root", "trap", "punish"), given))
    right = ", ".join(f"{name} {wins:g}/{visits}" for name, (wins, visits) in zip(("root", "trap", "punish"), expected))
    return (f"given {probe} at punish, the end of the path root → trap → punish of the trap tree, your nodes show "
            f"(wins/visits) {shown_nodes}, where MCTS has {right}: {hint}"), None
