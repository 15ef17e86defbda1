"""Whether an answer is the student's own code or calls the library's version of what the exercise asks for.

An exercise that asks a student to write minimax is not answered by ``MinimaxAgent``. A check finds
out in two ways, and says which library object it found ("write it yourself: this calls
MinimaxAgent"):

- **by reading**: the names the answer's code uses (in the function, the functions it defines
  inside, the student's own functions it calls, and the values it closes over), each looked up as
  Python would look it up (in the function's globals, then through modules and classes: so
  ``agents.minimax.MinimaxAgent`` is found, and a student's own function called ``minimax`` is not
  the library's);
- **by watching**: the library functions that run while the answer runs once (``sys.setprofile``),
  which finds a call made through ``getattr`` or ``importlib`` that no name shows.

In ``grade`` the answer runs in the sandbox: there it is read (:func:`library_objects_used`), and the
names travel with the function across the wall (:mod:`lessons_lib.grading.wire`).
"""

from __future__ import annotations

import dis
import functools
import sys
import types
from collections.abc import Callable, Iterable, Iterator
from typing import Any

MAX_FUNCTIONS = 200
"""The most functions one answer's reading follows (the student's own, one from another)."""


def qualified_name(value: object, tables: dict[int, str] | None = None) -> str | None:
    """``module.qualname`` of a function or class of this package, or ``module.NAME`` of one of its ``tables`` (see
    :func:`library_tables`), else None."""
    kind = type(value)
    if issubclass(kind, (int, float, str, bool, bytes)) or value is None:
        return None
    module, name = _attribute(value, "__module__"), _attribute(value, "__qualname__")
    if type(module) is str and type(name) is str and module.startswith("lessons_lib"):
        return f"{module}.{name}"
    if issubclass(kind, (tuple, list, dict, frozenset, set)):
        return (library_tables() if tables is None else tables).get(id(value))
    return None


def _attribute(value: object, name: str) -> object:
    """``value``'s attribute ``name``, or None where reading it fails (a student's object may make it raise)."""
    try:
        return getattr(value, name, None)
    except Exception:
        return None


def library_tables() -> dict[int, str]:
    """This package's tables, by identity: every constant in capitals of its loaded modules that holds several
    values (the board's ``JUMPS``, say), as ``module.NAME``."""
    tables: dict[int, str] = {}
    for module_name, module in list(sys.modules.items()):
        if module_name.startswith("lessons_lib") and module is not None:
            for name, value in list(vars(module).items()):
                if name.isupper() and isinstance(value, (tuple, list, dict, frozenset, set)):
                    tables.setdefault(id(value), f"{module_name}.{name}")
    return tables


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    """A code object and every code object defined inside it (nested functions, lambdas, comprehensions)."""
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _codes(constant)


def _looked_up(function: Any) -> Iterator[object]:
    """The objects ``function``'s code loads by name (a global, a value it closes over) and through attributes of
    modules and classes (``agents.minimax.MinimaxAgent``: the module, then the class), read from its bytecode."""
    code = getattr(function, "__code__", None)
    if not isinstance(code, types.CodeType):
        return
    namespace = getattr(function, "__globals__", None)
    namespace = namespace if isinstance(namespace, dict) else {}
    closure = dict(zip(code.co_freevars, getattr(function, "__closure__", None) or ()))
    for inner in _codes(code):
        current: object = _MISSING
        for instruction in dis.get_instructions(inner):
            name = instruction.argval
            if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME") and isinstance(name, str):
                current = namespace.get(name, _MISSING)
            elif instruction.opname == "LOAD_DEREF" and isinstance(name, str) and name in closure:
                try:
                    current = closure[name].cell_contents
                except ValueError:  # an empty cell
                    current = _MISSING
            elif instruction.opname in ("LOAD_ATTR", "LOAD_METHOD") and isinstance(name, str) \
                    and current is not _MISSING:
                current = (vars(current).get(name, _MISSING) if isinstance(current, types.ModuleType)
                           else _class_attribute(current, name) if isinstance(current, type) else _MISSING)
            else:
                current = _MISSING
                continue
            if current is not _MISSING:
                yield current


_MISSING = object()


def _class_attribute(kind: type, name: str) -> object:
    """A class's attribute found without running anything (no descriptors, no ``__getattr__``)."""
    for klass in getattr(kind, "__mro__", (kind,)):
        if name in vars(klass):
            return vars(klass)[name]
    return _MISSING


def reachable(answer: Any, tables: dict[int, str] | None = None) -> Iterator[object]:
    """Every object ``answer`` uses by name: ``answer`` itself, what its code names, and so on through the student's
    own functions and classes (never into this package's, whose insides are not the student's)."""
    pending: list[Any] = [answer]
    seen: set[int] = set()
    while pending and len(seen) < MAX_FUNCTIONS:
        item = pending.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        if qualified_name(item, tables) is not None:
            continue
        kind = type(item)
        if issubclass(kind, (types.MethodType, staticmethod, classmethod)):
            pending.append(item.__func__)
        elif issubclass(kind, type) and _attribute(item, "__module__") != "builtins":
            pending.extend(value for value in vars(item).values()
                           if issubclass(type(value), (types.FunctionType, staticmethod, classmethod)))
        elif kind is types.FunctionType:
            pending.extend(_looked_up(item))
        elif issubclass(kind, functools.partial):  # read through the C type's own fields, never a subclass's
            fields = functools.partial.__dict__
            pending.extend([fields["func"].__get__(item), *fields["args"].__get__(item),
                            *fields["keywords"].__get__(item).values()])
        elif _attribute(kind, "__module__") not in ("builtins", None) and callable(item):
            pending.append(kind)  # an object of the student's class called as a function: its methods


def value_label(value: object) -> str | None:
    """A label for a value the library made that an answer may read instead of working something out: a named
    networkx graph (``jump_graph()`` names its graph "Shologuti jumps")."""
    if type(value).__module__.startswith("networkx") and isinstance(getattr(value, "graph", None), dict):
        name = value.graph.get("name")  # type: ignore[attr-defined]
        return f"graph {name!r}" if isinstance(name, str) and name else None
    return None


WATCHED_ATTRIBUTES = frozenset({"key"})
"""Attributes of the game interface that hold an answer an exercise asks for (a position's Zobrist ``key``): reading
one is labelled ``attribute .key``."""


def attribute_labels(item: object) -> set[str]:
    """``attribute .NAME`` for each watched attribute a student's function reads (from its bytecode)."""
    code = getattr(item, "__code__", None)
    if not isinstance(item, types.FunctionType) or not isinstance(code, types.CodeType):
        return set()
    return {f"attribute .{instruction.argval}" for inner in _codes(code) for instruction in dis.get_instructions(inner)
            if instruction.opname in ("LOAD_ATTR", "LOAD_METHOD") and instruction.argval in WATCHED_ATTRIBUTES}


def library_objects_used(answer: Any) -> set[str]:
    """The qualified names of this package's functions and classes that ``answer`` (a function or a class) uses by
    name, following the student's own functions it calls, the labels of the library's values it reads
    (:func:`value_label`) and of the watched attributes it reads (:func:`attribute_labels`)."""
    used, tables = set(), library_tables()
    for item in reachable(answer, tables):
        name = qualified_name(item, tables) or value_label(item)
        if name is not None:
            used.add(name)
        else:
            used |= attribute_labels(item)
    return used


def library_calls_while(call: Callable[[], Any], forbidden: Iterable[object]) -> tuple[Any, str | None]:
    """Run ``call()`` once, watching which functions run: its result (or None if it raised) and the name of the
    first ``forbidden`` function or class that ran during it (its method, for a class), or None."""
    wanted = list(forbidden)
    codes = {id(getattr(item, "__code__", None)): item for item in wanted if hasattr(item, "__code__")}
    kinds = tuple(item for item in wanted if isinstance(item, type))
    for kind in kinds:
        for value in vars(kind).values():
            if hasattr(value, "__code__"):
                codes[id(value.__code__)] = kind
    callables = {id(item): item for item in wanted}
    seen: list[object] = []

    def watch(frame: types.FrameType, event: str, argument: Any) -> None:
        if seen:
            return
        if event == "call" and id(frame.f_code) in codes:
            seen.append(codes[id(frame.f_code)])
        elif event == "c_call":
            owner = getattr(argument, "__self__", None)
            if id(argument) in callables:
                seen.append(callables[id(argument)])
            elif kinds and isinstance(owner, kinds):
                seen.append(type(owner))

    previous = sys.getprofile()
    sys.setprofile(watch)
    try:
        result = call()
    except Exception:  # the student's code: the check reports it when it calls the answer itself
        result = None
    finally:
        sys.setprofile(previous)
    return result, (_short_name(seen[0]) if seen else None)


def _short_name(value: object) -> str:
    return str(getattr(value, "__qualname__", None) or getattr(value, "__name__", None) or value)


def library_use(answer: Any, forbidden: dict[str, object], trial: Callable[[], Any] | None = None,
                looks_like: Callable[[object], str | None] | None = None,
                labels: dict[str, str] | None = None) -> str | None:
    """The name (a key of ``forbidden``) of the library object that ``answer`` is or uses, read from its code or
    seen running during ``trial()`` (one call of it); or what ``looks_like`` recognises among the values it uses, or
    ``labels`` names among their :func:`value_label` (a graph of the jumps, say); None if it is the student's own
    code. A function from the sandbox is judged by what it uses by name (``library_uses``), read there."""
    by_name: dict[str, str] = dict(labels or {})
    for shown, item in forbidden.items():  # the first name given for an object (another may be an alias of it)
        name = qualified_name(item)
        if name is not None:
            by_name.setdefault(name, shown)
    uses = getattr(answer, "library_uses", None)  # a function in the sandbox: what it uses came with it
    if isinstance(uses, (list, tuple)):
        return next((by_name[name] for name in sorted(map(str, uses)) if name in by_name), None)
    tables = library_tables()
    for item in reachable(answer, tables):
        name = qualified_name(item, tables) or value_label(item)
        if name in by_name:
            return by_name[name]
        found = next((shown for shown, value in forbidden.items() if value is item), None)
        found = found or (looks_like(item) if looks_like is not None else None)
        found = found or next((by_name[label] for label in sorted(attribute_labels(item)) if label in by_name), None)
        if found:
            return found
    if trial is not None:
        ran = library_calls_while(trial, list(forbidden.values()))[1]
        return next((shown for shown, value in forbidden.items() if _short_name(value) == ran), ran)
    return None


def write_it_yourself(name: str, what: str) -> str:
    """The message for an answer that uses the library's ``name`` where the exercise asks for ``what``."""
    return (f"write it yourself: this calls {name}, the library's own {what}. The exercise asks for your code; "
            f"the library's is there to compare with, not to hand in.")


def library_searches() -> dict[str, object]:
    """The library's game-tree searches, which the search exercises (minimax, alpha-beta, expectimax) ask a
    student to write: none may be handed in."""
    from lessons_lib.agents import alphabeta, expectimax, minimax, negamax
    from lessons_lib.agents.mcts import MCTSAgent
    from lessons_lib.agents.presets import make_agent

    return {"MinimaxAgent": minimax.MinimaxAgent, "AlphaBetaAgent": alphabeta.AlphaBetaAgent,
            "ExpectimaxAgent": expectimax.ExpectimaxAgent, "NegamaxAgent": negamax.NegamaxAgent,
            "MCTSAgent": MCTSAgent, "make_agent": make_agent, "the library's minimax": minimax.minimax,
            "the library's alphabeta": alphabeta.alphabeta, "the library's expectimax": expectimax.expectimax,
            "the library's negamax": negamax.negamax}
