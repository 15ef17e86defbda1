"""What crosses the sandbox's wall while a check asks a student's code: values in, values out, and calls.

When ``grade`` runs a student's notebook, the checks run in the grader, where no student code
runs, and the student's code runs in the sandbox (:mod:`lessons_lib.grading.runner`). A check
calls the student's function as it always does; here that function is a :class:`RemoteCallable`,
whose call is a message: the arguments go across as *values* (numbers, text, lists, positions and
moves of any game, tiny trees, graphs, random generators, MCTS nodes...), the student's function
runs on copies of them in the sandbox, and its answer comes back as a value. An argument the
function may change (a list, a random generator's state, an MCTS node's wins and visits) comes back
too, and the original is brought up to date. A callable the checker hands over (an evaluation)
goes across by name when it is one of the package's own functions, else as a handle, so that the
student's code calls it back across the wall.

Both sides speak the same JSON (one object a line):

- ``{"call": H, "id": N, "args": [...], "kwargs": {...}}``: call the callable lent as handle ``H``;
- ``{"result": ..., "id": N, "synced": {...}}`` or ``{"raised": NAME, "message": ..., "id": N, "synced": {...}}``:
  its answer, or the exception it raised (by name: a built-in exception, one of this package's, or one of
  the student's own, made anew on this side with that name).

While one side waits for an answer, it answers the other's calls (a callback). Nothing is ever
unpickled: the grader makes from the student's side only plain data and the types above, each
checked as it is made, and calls nothing of the sandbox's but through a handle.
"""

from __future__ import annotations

import builtins
import decimal
import fractions
import functools
import importlib
import math
import random
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

FILE_ARGUMENTS = {"check_agent_file": 0}
"""Checks whose argument (by position) names a file of the student's: the file's bytes go across, never its name,
which the grader would look up in its own folder."""
MAX_DEPTH = 200
"""How deeply values may nest (lists in lists, a node's parents): a hostile message cannot recurse for ever."""
MAX_ITEMS = 1_000_000
"""The most items a value may hold, a part that appears several times counted each time: a list of a list of...
built from one shared list, whose printing would never end, is refused as it arrives."""
MAX_MESSAGE_CHARACTERS = 60_000
"""The longest message the sandbox's side sends (the grader reads lines of at most 64 KB): a larger answer crosses
as a value the grader refuses in words."""
MAX_NUMBER_TEXT = 5000
"""The longest decimal number carried as text."""
BIG_INT = 2**63
"""Whole numbers this large or larger cross as hexadecimal text (JSON readers refuse very long numbers)."""


class WireError(ValueError):
    """A message that is not what the other side should send (broken or forged): one line."""


class StudentError(Exception):
    """An exception the student's code raised in the sandbox, made anew here under the name it had."""


_made_errors: dict[str, type[StudentError]] = {}


def error_named(name: str) -> type[BaseException]:
    """The exception class for ``name``: a built-in one, or a :class:`StudentError` of that name (made once)."""
    found = getattr(builtins, name, None)
    if isinstance(found, type) and issubclass(found, Exception):
        return found
    shown = "".join(char for char in name if char.isidentifier() or char.isdigit())[:60] or "Error"
    if shown not in _made_errors:
        _made_errors[shown] = type(shown, (StudentError,), {})
    return _made_errors[shown]


@dataclass
class Call:
    """The values one call made or was given: what each reference number stands for (to send it back), and how
    many items each holds, counted whole."""

    objects: dict[int, Any] = field(default_factory=dict)
    sizes: dict[int, int] = field(default_factory=dict)


class RemoteCallable:
    """A callable that lives on the other side of the wall: calling it sends a message and waits for the answer."""

    def __init__(self, wire: Wire, handle: int, name: str, library_uses: tuple[str, ...] | None = None) -> None:
        self._wire = wire
        self._handle = handle
        self.__name__ = name
        self.library_uses = library_uses
        """What of this package the function uses by name, as the grader read it from the notebook (see
        :mod:`lessons_lib.exercises.answer_code`); None when it was not read."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._wire.call(self._handle, args, kwargs)

    def __repr__(self) -> str:
        return f"<{self.__name__}, across the wall>"


class Wire:
    """One side of the conversation. ``send`` writes a message to the other side; ``receive`` reads the next one
    (and raises :class:`WireError` if the other side is gone). ``trusting`` is True for the sandbox's side, which
    takes the package's functions by name from the grader; the grader takes none from the sandbox. A function
    lent is called within ``around_calls`` (the sandbox's side: the student's memory limit)."""

    def __init__(self, send: Callable[[dict[str, Any]], None], receive: Callable[[], dict[str, Any]],
                 trusting: bool, around_calls: Callable[[], AbstractContextManager[object]] = nullcontext) -> None:
        self.send = send
        self.receive = receive
        self.trusting = trusting
        self.around_calls = around_calls
        self.lent: dict[int, Callable[..., Any]] = {}
        self.calls = 0
        self.items = 0
        """Items decoded so far in the value being read (see :meth:`decode`)."""

    # -- calls ----------------------------------------------------------------------------------------

    def call(self, handle: int, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Call the other side's callable ``handle``; answer its calls meanwhile; its result or its exception."""
        self.calls += 1
        number = self.calls
        sent = Call()
        self.send({"call": handle, "id": number, "args": [self.encode(arg, sent) for arg in args],
                   "kwargs": {str(name): self.encode(value, sent) for name, value in kwargs.items()}})
        while True:
            message = self.receive()
            if "call" in message:
                self.answer(message)
                continue
            if message.get("id") != number or not ("result" in message or "raised" in message):
                raise WireError("a message out of turn while waiting for an answer")
            self.bring_up_to_date(sent, message.get("synced"))
            if "raised" in message:
                raise self.exception(message)
            return self.decode(message["result"], Call())

    def answer(self, message: dict[str, Any]) -> None:
        """Run a call the other side asked for, and send its result (or exception) and the changed arguments."""
        number = message.get("id")
        function = self.lent.get(message["call"]) if isinstance(message["call"], int) else None
        given = Call()
        try:
            if function is None or not isinstance(message.get("args"), list) \
                    or not isinstance(message.get("kwargs"), dict):
                raise WireError("a call of nothing that was lent")
            args = [self.decode(arg, given) for arg in message["args"]]
            kwargs = {str(name): self.decode(value, given) for name, value in message["kwargs"].items()}
            with self.around_calls():
                result = function(*args, **kwargs)
            reply: dict[str, Any] = {"result": self.encode(result, Call())}
        except BaseException as error:  # whatever the called code raised goes back, by name
            if isinstance(error, (KeyboardInterrupt, SystemExit)) and not self.trusting:
                raise
            kind = type(error)
            reply = {"raised": kind.__name__, "module": kind.__module__, "message": _text(error)}
            if all(argument is None or isinstance(argument, (str, int, float)) for argument in error.args):
                reply["args"] = [argument if not isinstance(argument, str) else argument[:300]
                                 for argument in error.args[:4]]
        reply["id"] = number
        reply["synced"] = {str(number_): self.encode_state(value) for number_, value in given.objects.items()}
        self.send(reply)

    def exception(self, message: dict[str, Any]) -> BaseException:
        """The exception an answer names: this package's own class where it names one (the checks catch those),
        else a built-in one, else one of the student's, by name."""
        name, module = str(message.get("raised")), str(message.get("module"))
        kind: type[BaseException] | None = None
        if module.startswith("lessons_lib.") and name.isidentifier():
            found = getattr(importlib.import_module(module), name, None) if _importable(module) else None
            if isinstance(found, type) and issubclass(found, Exception):
                kind = found
        arguments = message.get("args")
        if isinstance(arguments, list) and all(argument is None or isinstance(argument, (str, int, float))
                                               for argument in arguments):
            try:
                return (kind or error_named(name))(*arguments)  # KeyError('x') says 'x' as it did there
            except Exception:
                pass
        return (kind or error_named(name))(str(message.get("message", ""))[:300])

    # -- values ---------------------------------------------------------------------------------------

    def encode(self, value: Any, call: Call, depth: int = 0) -> Any:
        """``value`` as JSON-able data (see the module's description); :class:`WireError` if it is nested too
        deeply or holds more than :data:`MAX_ITEMS` items written out (a tuple of a tuple of... built from one
        shared tuple)."""
        if depth == 0:
            self.items = 0
        if depth > MAX_DEPTH:
            raise WireError("a value nested too deeply to send")
        self._count(1)
        deeper = depth + 1
        if value is None or isinstance(value, (bool, str)):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return int(value) if -BIG_INT < value < BIG_INT else {"$": "int", "hex": format(int(value), "x")}
        if isinstance(value, float):
            return value if math.isfinite(value) else {"$": "float", "text": repr(value)}
        if isinstance(value, fractions.Fraction):
            return {"$": "fraction", "numerator": self.encode(value.numerator, call, depth),
                    "denominator": self.encode(value.denominator, call, depth)}
        if isinstance(value, decimal.Decimal):
            text = str(value)
            if len(text) > MAX_NUMBER_TEXT:
                raise WireError(f"a decimal number of more than {MAX_NUMBER_TEXT:,} characters")
            return {"$": "decimal", "text": text}
        if id(value) in call.objects and call.objects[id(value)] is value:
            return {"$": "same", "ref": id(value)}
        if isinstance(value, list):
            call.objects[id(value)] = value
            return {"$": "list", "ref": id(value), "items": [self.encode(item, call, deeper) for item in value]}
        if isinstance(value, tuple) and not hasattr(value, "_fields"):
            return {"$": "tuple", "items": [self.encode(item, call, deeper) for item in value]}
        if isinstance(value, dict):
            call.objects[id(value)] = value
            return {"$": "dict", "ref": id(value),
                    "items": [[self.encode(key, call, deeper), self.encode(item, call, deeper)]
                              for key, item in value.items()]}
        if isinstance(value, (set, frozenset)):
            return {"$": "set", "items": [self.encode(item, call, deeper) for item in value]}
        for kind, encode in _ENCODERS:
            if isinstance(value, kind()):
                return encode(self, value, call, deeper)
        if type(value).__module__ == "numpy" and hasattr(value, "tolist"):  # an array, or a number of numpy's
            return self.encode(value.tolist(), call, depth)
        if hasattr(value, "__index__") and not callable(value):  # an integer of another kind
            try:
                return self.encode(int(value.__index__()), call, depth)
            except (TypeError, ValueError):
                pass
        if callable(value):
            return self.lend(value)
        return {"$": "opaque", "type": type(value).__name__[:60], "text": _text(value)[:200]}

    def lend(self, function: Callable[..., Any]) -> dict[str, Any]:
        """A callable for the other side: by name if it is one of this package's functions and the other side
        takes names (the sandbox's), else as a handle it calls back through."""
        module, name = getattr(function, "__module__", "") or "", getattr(function, "__qualname__", "") or ""
        if (not self.trusting and isinstance(module, str) and module.startswith("lessons_lib.") and name.isidentifier()
                and getattr(importlib.import_module(module), name, None) is function):
            return {"$": "function", "module": module, "name": name}
        handle = len(self.lent) + 1
        self.lent[handle] = function
        return {"$": "callable", "handle": handle, "name": str(getattr(function, "__name__", "function"))[:60]}

    def decode(self, data: Any, call: Call, depth: int = 0) -> Any:
        """The value ``data`` describes; :class:`WireError` if it describes nothing this side makes, or more than
        :data:`MAX_ITEMS` items (a part that appears several times counted each time)."""
        if depth == 0:
            self.items = 0
        if depth > MAX_DEPTH:
            raise WireError("a value nested too deeply")
        self._count(1)
        if data is None or isinstance(data, (bool, int, float, str)):
            return data
        if not isinstance(data, dict) or not isinstance(data.get("$"), str):
            raise WireError("a value of no known kind")
        kind = data["$"]
        deeper = depth + 1
        if kind == "same":
            reference = data.get("ref")
            if reference not in call.objects:
                raise WireError("a reference to nothing sent before")
            self._count(call.sizes.get(reference, 1))  # (a part that holds itself counts once)
            return call.objects[reference]
        if kind == "too large":
            raise WireError(f"an answer of {data.get('characters', 'many')!s:.20} characters, more than the grader "
                            f"takes ({MAX_MESSAGE_CHARACTERS:,})")
        if kind == "fraction":
            numerator, denominator = self.decode(data.get("numerator"), call, deeper), self.decode(
                data.get("denominator"), call, deeper)
            if type(numerator) is not int or type(denominator) is not int or denominator <= 0:
                raise WireError("a fraction that cannot be read")
            return fractions.Fraction(numerator, denominator)
        if kind == "decimal":
            text = data.get("text")
            try:
                if isinstance(text, str) and len(text) <= MAX_NUMBER_TEXT:
                    return decimal.Decimal(text)
            except decimal.InvalidOperation:
                pass
            raise WireError("a decimal number that cannot be read")
        if kind == "int":
            text = data.get("hex")
            if not isinstance(text, str) or len(text) > 100_000:
                raise WireError("a whole number that cannot be read")
            try:
                return int(text, 16)
            except ValueError:
                raise WireError("a whole number that cannot be read") from None
        before = self.items
        made = self._decode_kind(kind, data, call, deeper)
        reference = data.get("ref")
        if isinstance(reference, int) and reference in call.objects:
            call.sizes[reference] = self.items - before + 1
        return made

    def _count(self, items: int) -> None:
        self.items += items
        if self.items > MAX_ITEMS:
            raise WireError(f"a value of more than {MAX_ITEMS:,} items (a part that appears several times is "
                            f"counted each time)")

    def _decode_kind(self, kind: str, data: dict[str, Any], call: Call, deeper: int) -> Any:
        """A value of one of the kinds that hold others, or of the package's (see :meth:`decode`)."""
        if kind == "float":
            text = data.get("text")
            if text not in ("inf", "-inf", "nan"):
                raise WireError("not a number")
            return float(text)
        if kind in ("list", "tuple", "set"):
            items = _items(data)
            made: Any = [] if kind == "list" else None
            if kind == "list":
                call.objects[_reference(data)] = made
                made.extend(self.decode(item, call, deeper) for item in items)
                return made
            values = [self.decode(item, call, deeper) for item in items]
            return tuple(values) if kind == "tuple" else set(values)
        if kind == "dict":
            made = {}
            call.objects[_reference(data)] = made
            for pair in _items(data):
                if not isinstance(pair, list) or len(pair) != 2:
                    raise WireError("a dictionary's item that is not a pair")
                made[self.decode(pair[0], call, deeper)] = self.decode(pair[1], call, deeper)
            return made
        if kind == "callable":
            handle = data.get("handle")
            if not isinstance(handle, int):
                raise WireError("a callable without a handle")
            return RemoteCallable(self, handle, str(data.get("name", "function"))[:60])
        if kind == "function":
            if not self.trusting:
                raise WireError("a function by name, which the grader takes from nobody")
            return _package_function(str(data.get("module")), str(data.get("name")))
        if kind == "opaque":
            return _Opaque(str(data.get("type"))[:60], str(data.get("text"))[:200])
        decode = _DECODERS.get(kind)
        if decode is None:
            raise WireError(f"a value of an unknown kind ({kind[:30]})")
        try:
            return decode(self, data, call, deeper)
        except WireError:
            raise
        except Exception as error:  # whatever the data made the package's own constructors raise
            raise WireError(f"a {kind[:30]} that cannot be made ({type(error).__name__})") from None

    # -- the arguments a called function changed ------------------------------------------------------

    def encode_state(self, value: Any) -> Any:
        """What of ``value`` a call may have changed, to send back after it."""
        call = Call()
        for kind, state in _STATES:
            if isinstance(value, kind()):
                return state(self, value, call)
        return self.encode(value, call)

    def bring_up_to_date(self, sent: Call, synced: Any) -> None:
        """Give the values sent with a call what the called function made of them (a list's items, a random
        generator's state, a node's wins and visits)."""
        if not isinstance(synced, dict):
            return
        for reference, state in synced.items():
            original = sent.objects.get(int(reference)) if str(reference).lstrip("-").isdigit() else None
            if original is None:
                continue
            try:
                _update(self, original, state)
            except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as error:
                raise WireError(f"a changed value that cannot be taken ({type(error).__name__})") from None


class _Opaque:
    """A value the other side had no way to send: shown by its kind and text, equal to nothing."""

    def __init__(self, kind: str, text: str) -> None:
        self.kind = kind
        self.text = text

    def __repr__(self) -> str:
        return f"<a {self.kind}: {self.text}>"


def _text(value: object) -> str:
    try:
        return " ".join(str(value).split())[:300]
    except BaseException:
        return "(cannot be shown)"


def _items(data: dict[str, Any]) -> list[Any]:
    items = data.get("items")
    if not isinstance(items, list):
        raise WireError("a collection without its items")
    return items


def _reference(data: dict[str, Any]) -> int:
    reference = data.get("ref")
    if not isinstance(reference, int):
        raise WireError("a value without its reference")
    return reference


def _importable(module: str) -> bool:
    """Whether ``module`` is one of this package's modules (imported only then)."""
    import importlib.util

    try:
        return module.startswith("lessons_lib.") and importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _package_function(module: str, name: str) -> Callable[..., Any]:
    if not _importable(module) or not name.isidentifier():
        raise WireError("not a function of this package")
    found = getattr(importlib.import_module(module), name, None)
    if not callable(found) or getattr(found, "__module__", None) != module:
        raise WireError("not a function of this package")
    return found  # type: ignore[no-any-return]


# -- the package's own kinds of value ------------------------------------------------------------------


@functools.cache
def _position_kinds() -> tuple[type, ...]:
    from lessons_lib.games import GAMES

    return tuple({type(game.start()) for game in GAMES.values()})


@functools.cache
def _move_kinds() -> tuple[type, ...]:
    from lessons_lib.games import GAMES

    return tuple({type(game.start().legal_moves()[0]) for game in GAMES.values()})


def _encode_position(wire: Wire, position: Any, call: Call, depth: int) -> dict[str, Any]:
    from lessons_lib.games import game_of

    game = game_of(position)
    return {"$": "position", "game": game.name, "text": str(position), "variant": game.variant_of(position)}


def _decode_position(wire: Wire, data: dict[str, Any], call: Call, depth: int) -> Any:
    from lessons_lib.games import GAMES

    game = GAMES[str(data["game"])]
    variant = data.get("variant")
    return game.position(str(data["text"]), variant if isinstance(variant, str) else None)


def _encode_move(wire: Wire, move: Any, call: Call, depth: int) -> dict[str, Any]:
    from lessons_lib.games import GAMES

    game = next(game for game in GAMES.values() if isinstance(move, type(game.start().legal_moves()[0])))
    return {"$": "move", "game": game.name, "text": str(move)}


def _decode_move(wire: Wire, data: dict[str, Any], call: Call, depth: int) -> Any:
    from lessons_lib.games import GAMES

    return GAMES[str(data["game"])].parse_move(str(data["text"]))


@functools.cache
def _tiny_tree_kinds() -> tuple[type, ...]:
    from lessons_lib.games.tiny_tree import TinyTree

    return (TinyTree,)


def _encode_tiny_tree(wire: Wire, state: Any, call: Call, depth: int) -> dict[str, Any]:
    return {"$": "tiny tree", "tree": wire.encode(state.tree, Call(), depth), "player": state.to_move,
            "path": list(state.path)}


def _decode_tiny_tree(wire: Wire, data: dict[str, Any], call: Call, depth: int) -> Any:
    from lessons_lib.games.tiny_tree import TinyTree

    path = data["path"]
    if not isinstance(path, list) or not all(isinstance(step, str) for step in path) or data["player"] not in (0, 1):
        raise WireError("a tiny tree with an odd path or player")
    return TinyTree(wire.decode(data["tree"], Call(), depth), data["player"], tuple(path))


@functools.cache
def _outcome_kinds() -> tuple[type, ...]:
    from lessons_lib.kit.game import Outcome

    return (Outcome,)


def _encode_outcome(wire: Wire, outcome: Any, call: Call, depth: int) -> dict[str, Any]:
    return {"$": "outcome", "winner": outcome.winner, "reason": str(outcome.reason)}


def _decode_outcome(wire: Wire, data: dict[str, Any], call: Call, depth: int) -> Any:
    from lessons_lib.kit.game import Outcome

    if data["winner"] not in (0, 1, None):
        raise WireError("an outcome with an odd winner")
    return Outcome(data["winner"], str(data["reason"])[:100])


@functools.cache
def _graph_kinds() -> tuple[type, ...]:
    import networkx as nx

    return (nx.Graph,)


def _encode_graph(wire: Wire, graph: Any, call: Call, depth: int) -> dict[str, Any]:
    return {"$": "graph", "nodes": [[wire.encode(node, Call(), depth), wire.encode(dict(data), Call(), depth)]
                                    for node, data in graph.nodes(data=True)],
            "edges": [[wire.encode(u, Call(), depth), wire.encode(v, Call(), depth),
                       wire.encode(dict(data), Call(), depth)] for u, v, data in graph.edges(data=True)],
            "attributes": wire.encode(dict(graph.graph), Call(), depth)}


def _decode_graph(wire: Wire, data: dict[str, Any], call: Call, depth: int) -> Any:
    import networkx as nx

    graph = nx.Graph()
    graph.graph.update(wire.decode(data["attributes"], Call(), depth))
    for node, attributes in data["nodes"]:
        graph.add_node(wire.decode(node, Call(), depth), **wire.decode(attributes, Call(), depth))
    for u, v, attributes in data["edges"]:
        graph.add_edge(wire.decode(u, Call(), depth), wire.decode(v, Call(), depth),
                       **wire.decode(attributes, Call(), depth))
    return graph


@functools.cache
def _random_kinds() -> tuple[type, ...]:
    return (random.Random,)


def _encode_random(wire: Wire, generator: random.Random, call: Call, depth: int) -> dict[str, Any]:
    call.objects[id(generator)] = generator
    return {"$": "random", "ref": id(generator), "state": _random_state(generator)}


def _random_state(generator: random.Random) -> list[Any]:
    version, internal, gauss = generator.getstate()
    return [version, list(internal), gauss]


def _decode_random(wire: Wire, data: dict[str, Any], call: Call, depth: int) -> Any:
    generator = random.Random()
    _set_random(generator, data["state"])
    call.objects[_reference(data)] = generator
    return generator


def _set_random(generator: random.Random, state: Any) -> None:
    if not (isinstance(state, list) and len(state) == 3 and isinstance(state[1], list) and len(state[1]) == 625
            and all(type(word) is int and 0 <= word < 2**32 for word in state[1][:624])
            and (state[2] is None or isinstance(state[2], float))):
        raise WireError("not a random generator's state")
    generator.setstate((state[0], tuple(state[1]), state[2]))


@functools.cache
def _node_kinds() -> tuple[type, ...]:
    from lessons_lib.agents.mcts import Node

    return (Node,)


def _encode_node(wire: Wire, node: Any, call: Call, depth: int) -> dict[str, Any]:
    call.objects[id(node)] = node
    return {"$": "node", "ref": id(node), "state": wire.encode(node.state, call, depth),
            "move": wire.encode(node.move, call, depth), "mover": node.mover, "wins": float(node.wins),
            "visits": int(node.visits), "parent": wire.encode(node.parent, call, depth)}


def _decode_node(wire: Wire, data: dict[str, Any], call: Call, depth: int) -> Any:
    from lessons_lib.agents.mcts import Node

    parent = wire.decode(data["parent"], call, depth)
    if parent is not None and not isinstance(parent, Node):
        raise WireError("a node whose parent is not a node")
    if data["mover"] not in (0, 1):
        raise WireError("a node with an odd mover")
    node = Node(wire.decode(data["state"], call, depth), parent, wire.decode(data["move"], call, depth),
                data["mover"])
    node.wins, node.visits = _statistics(data)
    call.objects[_reference(data)] = node
    return node


def _statistics(data: dict[str, Any]) -> tuple[float, int]:
    wins, visits = data["wins"], data["visits"]
    if not (isinstance(wins, (int, float)) and math.isfinite(wins) and type(visits) is int):
        raise WireError("a node's statistics that are not numbers")
    return float(wins), visits


@functools.cache
def _watched_kinds() -> tuple[type, ...]:
    from lessons_lib.exercises.mcts import _WatchedNode

    return (_WatchedNode,)


def _encode_watched(wire: Wire, watched: Any, call: Call, depth: int) -> dict[str, Any]:
    node, writes = object.__getattribute__(watched, "_node"), object.__getattribute__(watched, "_writes_left")
    return {"$": "watched node", "node": wire.encode(node, call, depth), "writes": wire.encode(writes, call, depth)}


def _decode_watched(wire: Wire, data: dict[str, Any], call: Call, depth: int) -> Any:
    from lessons_lib.agents.mcts import Node
    from lessons_lib.exercises.mcts import _WatchedNode

    node, writes = wire.decode(data["node"], call, depth), wire.decode(data["writes"], call, depth)
    if not isinstance(node, Node) or not (isinstance(writes, list) and len(writes) == 1 and type(writes[0]) is int):
        raise WireError("a watched node of odd parts")
    return _WatchedNode(node, writes)


@functools.cache
def _counted_kinds() -> tuple[type, ...]:
    from lessons_lib.exercises.minimax_alphabeta import _Counted

    return (_Counted,)


def _encode_counted(wire: Wire, counted: Any, call: Call, depth: int) -> dict[str, Any]:
    return {"$": "counted", "state": wire.encode(counted._state, call, depth),
            "seen": wire.encode(counted._seen, call, depth)}


def _decode_counted(wire: Wire, data: dict[str, Any], call: Call, depth: int) -> Any:
    from lessons_lib.exercises.minimax_alphabeta import _Counted

    seen = wire.decode(data["seen"], call, depth)
    if not (isinstance(seen, list) and len(seen) == 1 and type(seen[0]) is int):
        raise WireError("a count that is not one number")
    return _Counted(wire.decode(data["state"], call, depth), seen)


@functools.cache
def _counted_evaluation_kinds() -> tuple[type, ...]:
    from lessons_lib.exercises.minimax_alphabeta import CountedEvaluation

    return (CountedEvaluation,)


def _encode_counted_evaluation(wire: Wire, counted: Any, call: Call, depth: int) -> dict[str, Any]:
    return {"$": "counted evaluation", "evaluate": wire.encode(counted.evaluate, call, depth)}


def _decode_counted_evaluation(wire: Wire, data: dict[str, Any], call: Call, depth: int) -> Any:
    from lessons_lib.exercises.minimax_alphabeta import CountedEvaluation

    evaluate = wire.decode(data["evaluate"], call, depth)
    if not callable(evaluate):
        raise WireError("an evaluation that is not callable")
    return CountedEvaluation(evaluate)


@functools.cache
def _file_kinds() -> tuple[type, ...]:
    return (HandedFile,)


@dataclass(frozen=True)
class HandedFile:
    """A student's file a check reads (lesson 08's agent file), sent across by its name and bytes."""

    name: str
    data: bytes


def _encode_file(wire: Wire, handed: HandedFile, call: Call, depth: int) -> dict[str, Any]:
    import base64

    return {"$": "file", "name": handed.name, "data": base64.b64encode(handed.data).decode()}


def _decode_file(wire: Wire, data: dict[str, Any], call: Call, depth: int) -> Any:
    import base64
    import binascii

    try:
        contents = base64.b64decode(str(data["data"]), validate=True)
    except binascii.Error:
        raise WireError("a file whose bytes cannot be read") from None
    return HandedFile(str(data["name"])[:200], contents)


_ENCODERS: list[tuple[Callable[[], tuple[type, ...]], Callable[[Wire, Any, Call, int], Any]]] = [
    (_outcome_kinds, _encode_outcome), (_position_kinds, _encode_position), (_move_kinds, _encode_move),
    (_tiny_tree_kinds, _encode_tiny_tree), (_graph_kinds, _encode_graph), (_random_kinds, _encode_random),
    (_node_kinds, _encode_node), (_watched_kinds, _encode_watched), (_counted_kinds, _encode_counted),
    (_counted_evaluation_kinds, _encode_counted_evaluation), (_file_kinds, _encode_file),
]
"""How each of the package's kinds of value is sent (tried in this order, after the plain ones)."""
_DECODERS: dict[str, Callable[[Wire, dict[str, Any], Call, int], Any]] = {
    "outcome": _decode_outcome, "position": _decode_position, "move": _decode_move, "tiny tree": _decode_tiny_tree,
    "graph": _decode_graph, "random": _decode_random, "node": _decode_node, "watched node": _decode_watched,
    "counted": _decode_counted, "counted evaluation": _decode_counted_evaluation, "file": _decode_file,
}


def _state_of_node(wire: Wire, node: Any, call: Call) -> Any:
    return {"wins": float(node.wins), "visits": int(node.visits)}


def _state_of_random(wire: Wire, generator: random.Random, call: Call) -> Any:
    return _random_state(generator)


_STATES: list[tuple[Callable[[], tuple[type, ...]], Callable[[Wire, Any, Call], Any]]] = [
    (_node_kinds, _state_of_node), (_random_kinds, _state_of_random),
]
"""What a call may change of the package's mutable kinds of value, to send back after it."""


def _update(wire: Wire, original: Any, state: Any) -> None:
    """Bring ``original`` up to date with ``state``, what the other side made of it."""
    if isinstance(original, list):
        original[:] = wire.decode(state, Call()) if isinstance(state, dict) else []
    elif isinstance(original, dict):
        new = wire.decode(state, Call())
        original.clear()
        original.update(new)
    elif isinstance(original, random.Random):
        _set_random(original, state)
    elif isinstance(original, _node_kinds()):
        node: Any = original
        node.wins, node.visits = _statistics(state)


