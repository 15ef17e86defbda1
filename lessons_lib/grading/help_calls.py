"""Where a notebook asks for help: its calls of ``solution`` and ``hint``, read from its cells, however they are
made, and the ways of reaching them that reading cannot follow.

``grade`` says, for each exercise, whether the notebook showed its worked solution before the
check ran, and how many hints it asked for; a notebook that hides its calls is reported.

>>> import ast
>>> found = help_calls({1: ast.parse("show = solution"), 2: ast.parse("show(check=check_wilson)")})
>>> found.cells["solution"], found.unclear
({'check_wilson': [2]}, [])
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field


HELP = ("solution", "hint")
"""The lessons' helpers whose calls ``grade`` reports: ``solution(check_minimax)`` and ``hint(check_minimax)``."""
CHECK_KEYWORDS = ("check", "check_name")


@dataclass
class HelpCalls:
    """Where a notebook asks for help: the cells that call ``solution`` and ``hint`` for each check (a cell once for
    each call), and, in words, the ways of reaching them the grader cannot follow."""

    cells: dict[str, dict[str, list[int]]] = field(default_factory=lambda: {helper: {} for helper in HELP})
    unclear: list[str] = field(default_factory=list)
    names: set[str] = field(default_factory=set)
    """The names that call a helper: ``solution``, ``hint``, and the names given to them or to functions that pass
    their argument on to them."""


def help_calls(trees: dict[int, ast.Module]) -> HelpCalls:
    """The calls of ``solution`` and ``hint`` in a notebook's cells (``trees``, by cell number), however they are
    made: by name, through a name given to them (``show = solution``), with the check by keyword
    (``solution(check=check_wilson)``) or as text, or through a function of the notebook's that passes its
    argument on (``show = lambda check: solution(check)``). Anything else that reaches them (passed on as a value,
    called with an argument built at run time, looked up by a name as text) is reported as unclear."""
    aliases: dict[str, tuple[str, int | None]] = {helper: (helper, None) for helper in HELP}
    changed = True
    while changed:  # names given to a helper, and the notebook's functions that call one with their argument
        changed = False
        for tree in trees.values():
            for name, found in _help_bindings(tree, aliases):
                if name not in aliases:
                    aliases[name] = found
                    changed = True
    calls = HelpCalls(names=set(aliases))
    for number, tree in sorted(trees.items()):
        passed_on: set[int] = set()
        in_classes = {id(inner) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
                      for inner in ast.walk(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in aliases:
                passed_on.add(id(node.func))
                helper, position = aliases[node.func.id]
                check = _check_argument(node, position or 0)
                if check is not None:
                    calls.cells[helper].setdefault(check, []).append(number)
                elif not _inside_a_wrapper(node, trees, aliases):
                    calls.unclear.append(f"code cell {number} calls {node.func.id} with a check the grader cannot "
                                         f"read")
            elif isinstance(node, ast.Assign) and _gives_a_name(node, aliases) and id(node) not in in_classes:
                passed_on.add(id(node.value))  # (a name given to a helper: its calls are read as the helper's)
            elif isinstance(node, ast.Constant) and node.value in HELP:
                calls.unclear.append(f"code cell {number} names {node.value} as text")
            elif (built := built_lookup(node)) is not None:
                calls.unclear.append(f"code cell {number} looks a name up with {built} and a name built as it runs")
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in aliases \
                    and id(node) not in passed_on:
                calls.unclear.append(f"code cell {number} passes {node.id} on as a value")
            elif isinstance(node, ast.Attribute) and node.attr in HELP:
                calls.unclear.append(f"code cell {number} reaches {node.attr} as an attribute")
    calls.unclear = list(dict.fromkeys(calls.unclear))
    return calls


NAME_LOOKUPS = ("eval", "exec", "compile", "__import__")
NAMESPACES = ("globals", "vars", "locals")


def built_lookup(node: ast.AST) -> str | None:
    """What ``node`` looks a name up with, if it does so by text built as the code runs in a namespace that could
    hold ``solution`` (``globals()[name]``, ``eval(text)``, ``getattr(sys.modules[m], name)``), else None."""
    def plain(argument: ast.expr | None) -> bool:
        return isinstance(argument, ast.Constant) and isinstance(argument.value, str) \
            and not any(helper in argument.value for helper in HELP)

    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in NAME_LOOKUPS:
        return None if node.args and plain(node.args[0]) else node.func.id
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
            and len(node.args) > 1 and not plain(node.args[1]) and _a_namespace(node.args[0]):
        return "getattr"
    if isinstance(node, ast.Subscript) and _a_namespace(node.value) and not plain(node.slice):
        return "a namespace's name"
    return None


def _a_namespace(node: ast.expr) -> bool:
    """Whether ``node`` is a namespace a name could be looked up in: ``globals()``, ``vars(...)``, ``sys.modules``
    (and what it holds), ``__import__(...)``, ``builtins``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in (*NAMESPACES, "__import__")
    if isinstance(node, ast.Subscript):
        return _a_namespace(node.value)
    if isinstance(node, ast.Attribute):
        return node.attr in ("modules", "__dict__", "__builtins__")
    return isinstance(node, ast.Name) and node.id in ("builtins", "__builtins__")


def _gives_a_name(node: ast.AST, aliases: dict[str, tuple[str, int | None]]) -> bool:
    """Whether ``node`` gives a helper one more plain name (``show = solution``): never an attribute, an item or a
    class's attribute, whose calls are not read."""
    return isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id in aliases \
        and all(isinstance(target, ast.Name) for target in node.targets)


def _help_bindings(tree: ast.Module, aliases: dict[str, tuple[str, int | None]]) -> list[tuple[str, tuple[str, int | None]]]:
    """Names a cell gives to a helper (``show = solution``) and its functions that call one with their own argument
    (``def show(check): return solution(check)``), with the argument's position."""
    found = []
    in_classes = {id(inner) for node in ast.walk(tree) if isinstance(node, ast.ClassDef) for inner in ast.walk(node)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and _gives_a_name(node, aliases) \
                and id(node) not in in_classes:
            found += [(target.id, aliases[node.value.id]) for target in node.targets if isinstance(target, ast.Name)]
        function = _function_bound(node)
        if function is not None:
            name, arguments, body = function
            for call in (item for part in body for item in ast.walk(part)):
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in aliases:
                    argument = _argument_expression(call, aliases[call.func.id][1] or 0)
                    if isinstance(argument, ast.Name) and argument.id in arguments:
                        found.append((name, (aliases[call.func.id][0], arguments.index(argument.id))))
    return found


def _function_bound(node: ast.AST) -> tuple[str, list[str], list[ast.AST]] | None:
    """``(name, parameters, body)`` of a ``def`` or of a lambda assigned to a name."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return node.name, [argument.arg for argument in node.args.args], list(node.body)
    if isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda) and len(node.targets) == 1 \
            and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id, [argument.arg for argument in node.value.args.args], [node.value.body]
    return None


def _inside_a_wrapper(call: ast.Call, trees: dict[int, ast.Module], aliases: dict[str, tuple[str, int | None]]) -> bool:
    """Whether ``call`` is the call inside one of the notebook's functions that passes the function's argument on
    (a wrapper's own call is not a call of its own)."""
    for node in (node for tree in trees.values() for node in ast.walk(tree)):
        function = _function_bound(node)
        if function is not None and function[0] in aliases and aliases[function[0]][1] is not None \
                and any(inner is call for part in function[2] for inner in ast.walk(part)):
            return True
    return False


def _argument_expression(call: ast.Call, position: int) -> ast.expr | None:
    if len(call.args) > position:
        return call.args[position]
    return next((keyword.value for keyword in call.keywords if keyword.arg in CHECK_KEYWORDS), None)


def _check_argument(call: ast.Call, position: int) -> str | None:
    """The check a help call names: a check's name, or its name as text."""
    argument = _argument_expression(call, position)
    name = argument.id if isinstance(argument, ast.Name) else argument.value if isinstance(
        argument, ast.Constant) and isinstance(argument.value, str) else None
    return name if name is not None and name.startswith("check_") else None
