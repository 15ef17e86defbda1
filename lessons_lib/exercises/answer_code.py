"""An answer's code read from a notebook's cells, never run: what of the library it uses, and any lookup it makes
that reading cannot follow.

A check asks whether an answer is the student's own code (:mod:`lessons_lib.exercises.own_code`).
In ``grade`` the answer runs in the sandbox, where the student could change anything, so the
grader reads the answer itself, from the notebook's text: the expression handed to the check
(``check_minimax(minimax)``), every definition in any cell of the names it uses (functions,
classes, assignments, imports, defaults, decorators, and any later change such as
``minimax.__code__ = ...``), and so on through the student's own code. Of what it finds it keeps:

- **library**: the package's objects reached by name, resolved as Python would (``import
  lessons_lib.kit.perft as p`` then ``p.perft``: ``lessons_lib.kit.perft.perft``), and the game
  interface's attributes that hold an answer (``attribute .key``, a position's Zobrist key);
- **lookups**: what reading cannot follow, in words: ``importlib``, ``__import__``, ``getattr`` with a
  name built at run time, ``sys.modules``, ``eval`` and ``exec``, a function's ``__code__`` or
  ``__globals__``, ``inspect``, ``pickle``, frames, profilers, another process, a name that no cell
  defines;
- **source**: the text of the student's code it read (what a similarity report compares).

>>> cells = [(1, "import importlib"), (2, "def count(p, d):\\n    return importlib.import_module('m').f(p, d)"),
...          (3, "check_count_leaves(count)")]
>>> found = read_answers(cells)[(3, "check_count_leaves")]
>>> found.lookups
['importlib (code cell 2, line 2)', '.import_module (code cell 2, line 2)']
"""

from __future__ import annotations

import ast
import builtins
import importlib
import sys
import types
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from lessons_lib.exercises.own_code import WATCHED_ATTRIBUTES

LIBRARY = "lessons_lib"
HIDING_MODULES = frozenset({
    "importlib", "imp", "builtins", "inspect", "pickle", "_pickle", "cPickle", "dill", "cloudpickle", "marshal",
    "copyreg", "gc", "ctypes", "runpy", "pkgutil", "types", "code", "codeop", "dis", "subprocess", "multiprocessing",
    "concurrent", "pty", "IPython", "trace", "cProfile", "profile", "threading", "_thread", "zipimport", "shelve",
})
"""Modules through which code can reach objects, code or other processes by a name built at run time."""
SYS_PLAIN = frozenset({"maxsize", "float_info", "int_info", "version_info", "setrecursionlimit",
                       "getrecursionlimit", "float_repr_style", "byteorder", "platform", "stdout", "stderr"})
"""What of ``sys`` an answer may use: everything else (``sys.modules``, ``sys._getframe``, ``sys.setprofile``...)
is a lookup."""
OS_HIDING = frozenset({"system", "popen", "fork", "forkpty", "posix_spawn", "posix_spawnp", "startfile"})
HIDING_BUILTINS = frozenset({"eval", "exec", "compile", "__import__", "globals", "locals", "vars", "breakpoint",
                             "get_ipython", "__builtins__", "help"})
NAMED_ATTRIBUTE_BUILTINS = frozenset({"getattr", "setattr", "delattr", "hasattr"})
"""Builtins that reach an attribute by a name given as text: a lookup unless the name is written out."""
PLAIN_DUNDERS = frozenset({"__init__", "__name__", "__qualname__", "__doc__", "__len__", "__iter__", "__next__",
                           "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__repr__",
                           "__str__", "__contains__", "__getitem__", "__setitem__", "__bool__", "__post_init__",
                           "__add__", "__sub__", "__mul__", "__truediv__", "__neg__", "__enter__", "__exit__"})
"""Special attributes that reach nothing new: every other ``__x__`` (``__code__``, ``__globals__``, ``__dict__``,
``__class__``...) is a lookup."""
FRAME_ATTRIBUTES = frozenset({"f_back", "f_globals", "f_locals", "f_code", "f_builtins", "gi_frame", "gi_code",
                              "cr_frame", "cr_code", "ag_frame", "tb_frame", "tb_next", "co_code", "co_consts"})
NOTEBOOK_NAMES = frozenset({"display", "In", "Out", "_", "__", "___", "exit", "quit", "_ih", "_oh", "_dh"})
"""Names IPython gives every notebook."""
MAX_DEFINITIONS = 2000
"""The most definitions one answer's reading follows."""


@dataclass
class AnswerCode:
    """What an answer's code uses, as read (see the module's description)."""

    library: set[str] = field(default_factory=set)
    lookups: list[str] = field(default_factory=list)
    source: str = ""

    def as_json(self) -> dict[str, object]:
        return {"library": sorted(self.library), "lookups": self.lookups[:20], "source": self.source[:200_000]}


@dataclass(frozen=True)
class _Definition:
    cell: int
    node: ast.AST
    text: str


PYTHON_CELL_MAGICS = ("%%capture", "%%time", "%%timeit", "%%prun")
"""The cell magics that run the rest of their cell as Python in the notebook's own process."""


def python_tree(source: str) -> ast.Module | None:
    """A cell's Python syntax tree, with IPython's magics turned into Python first (the Python inside a
    ``%%capture`` or ``%%time`` cell included); None if it is not valid."""
    from IPython.core.inputtransformer2 import TransformerManager

    first_line, _, rest = source.lstrip().partition("\n")
    while first_line.split(" ")[0] in PYTHON_CELL_MAGICS:
        source = rest
        first_line, _, rest = source.lstrip().partition("\n")
    try:
        return ast.parse(TransformerManager().transform_cell(source))  # type: ignore[no-untyped-call]
    except Exception:  # not Python (a syntax error, a null byte, nesting too deep...): the student's to see
        return None


def read_answers(cells: Iterable[tuple[int, str]], checks: Iterable[str] | None = None,
                 trees: dict[int, ast.Module | None] | None = None,
                 run_in_order: bool = False) -> dict[tuple[int, str], AnswerCode]:
    """For each cell and each check it calls (``check_...``, or only ``checks``), what the answers handed to that
    check in that cell use: every call of it in the cell counts. A name bound in several cells may be any of
    them (a saved notebook's cells may be run in any order), or with ``run_in_order`` (the cells a kernel has run,
    in the order it ran them) only the last cell's."""
    sources = dict(cells)
    parsed = trees if trees is not None else {number: python_tree(source) for number, source in sources.items()}
    wanted = set(checks) if checks is not None else None
    notebook = _Notebook({number: tree for number, tree in parsed.items() if tree is not None}, sources, run_in_order)
    answers: dict[tuple[int, str], AnswerCode] = {}
    for number, tree in notebook.trees.items():
        for call in _check_calls(tree, wanted):
            name = call.func.id  # type: ignore[attr-defined]
            expressions = [*call.args, *(keyword.value for keyword in call.keywords if keyword.arg != "seed")]
            reader = answers.setdefault((number, name), AnswerCode())
            notebook.read(expressions, number, reader)
    return answers


def _check_calls(tree: ast.Module, wanted: set[str] | None) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id.startswith("check_") \
                and (wanted is None or node.func.id in wanted):
            yield node


class _Notebook:
    """A notebook's cells, with what each name is bound to at the top level of any cell."""

    def __init__(self, trees: dict[int, ast.Module], sources: dict[int, str], run_in_order: bool = False) -> None:
        self.trees = trees
        self.sources = sources
        self.run_in_order = run_in_order
        self.bindings: dict[str, list[_Definition]] = {}
        self.star_imports: list[str] = []
        for number, tree in trees.items():
            for statement in _top_level(tree.body):
                self._bind(number, statement)
        self.functions = {name for name, definitions in self.bindings.items()
                          if any(isinstance(definition.node, (ast.FunctionDef, ast.AsyncFunctionDef))
                                 and definition.node.name == name for definition in definitions)}
        """The notebook's own functions, by name (an attribute read from one is given to it as the notebook runs)."""

    # -- what names are bound to ----------------------------------------------------------------------------

    def _bind(self, cell: int, statement: ast.stmt) -> None:
        text = ast.get_source_segment(self.sources[cell], statement) or ""
        definition = _Definition(cell, statement, text)
        for name in _names_bound(statement):
            definitions = self.bindings.setdefault(name, [])
            if self.run_in_order and definitions and definitions[-1].cell != cell:
                definitions.clear()  # a later cell bound it again: the earlier binding is gone
            definitions.append(definition)
        if isinstance(statement, ast.ImportFrom) and any(alias.name == "*" for alias in statement.names):
            self.star_imports.append(statement.module or "")

    # -- reading an answer -------------------------------------------------------------------------------

    def read(self, expressions: list[ast.expr], cell: int, found: AnswerCode) -> None:
        """Add to ``found`` what ``expressions`` (in code cell ``cell``) use, following the notebook's names."""
        pending: list[tuple[int, ast.AST]] = [(cell, expression) for expression in expressions]
        seen: set[int] = set()
        texts = [ast.get_source_segment(self.sources[cell], expression) or "" for expression in expressions
                 if not isinstance(expression, ast.Name)]
        while pending and len(seen) < MAX_DEFINITIONS:
            where, node = pending.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            try:
                for name, chain, at in _free_uses(node):
                    self._use(name, chain, where, at, found, pending, texts)
            except RecursionError:  # code nested deeper than the reading goes
                found.lookups.append(f"code nested too deeply to read (code cell {where})")
            for problem, at in _lookups_inside(node, self.functions):
                found.lookups.append(f"{problem} (code cell {where}, line {at})")
            found.library |= {f"attribute .{name}" for name in _attributes_read(node) if name in WATCHED_ATTRIBUTES}
        found.source = "\n\n".join(dict.fromkeys(text for text in [found.source, *texts] if text))
        found.lookups = list(dict.fromkeys(found.lookups))

    def _use(self, name: str, chain: list[str], cell: int, line: int, found: AnswerCode,
             pending: list[tuple[int, ast.AST]], texts: list[str]) -> None:
        definitions = self.bindings.get(name)
        if not definitions:
            if name in HIDING_BUILTINS:
                found.lookups.append(f"{name} (code cell {cell}, line {line})")
                return
            if hasattr(builtins, name) or name in NOTEBOOK_NAMES:
                return
            stars = [star for star in self.star_imports if _may_define(star, name)]
            if not stars:
                found.lookups.append(f"{name}, which no cell defines (code cell {cell}, line {line})")
            for star in stars:
                qualified = find(".".join([star, name, *chain])) if star.startswith(LIBRARY) else None
                if qualified is not None:
                    found.library.add(qualified)
                elif problem := hiding_module(star, [name, *chain]):
                    found.lookups.append(f"{problem} (code cell {cell}, line {line})")
            return
        for definition in definitions:
            node = definition.node
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                imported = _imported(node, name)
                if imported is None:
                    continue
                if imported.split(".")[0] == LIBRARY:
                    found.library.add(resolved(".".join([imported, *chain])))
                elif problem := hiding_module(imported, chain):
                    found.lookups.append(f"{problem} (code cell {cell}, line {line})")
                elif not _installed(imported.split(".")[0]):
                    found.lookups.append(f"{imported.split('.')[0]}, a module that is not installed (one the notebook "
                                         f"writes itself?) (code cell {cell}, line {line})")
            else:
                pending.append((definition.cell, node))
                texts.append(definition.text)


NOT_IMPORTED = frozenset({"antigravity", "this", "turtle", "turtledemo", "tkinter", "idlelib", "pydoc", "webbrowser"})
"""Modules of the standard library the reading never imports to see what they hold (they act when imported)."""


def _installed(module: str) -> bool:
    """Whether the top-level module ``module`` is installed (found without running it)."""
    import importlib.util

    if module in sys.modules or module in sys.stdlib_module_names:
        return True
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _may_define(module: str, name: str) -> bool:
    """Whether ``from module import *`` may give the name ``name``: the package's modules and the standard
    library's are looked at; another installed module may; one that is not installed does not."""
    if module.startswith(LIBRARY):
        return find(f"{module}.{name}") is not None
    top = module.split(".")[0]
    if top in HIDING_MODULES or top in ("sys", "os"):
        return True  # (said as a lookup)
    if module in sys.modules or (top in sys.stdlib_module_names and top not in NOT_IMPORTED):
        try:
            found = importlib.import_module(module)
        except Exception:  # a module that fails to import gives nothing
            return False
        public = getattr(found, "__all__", None)
        return name in public if isinstance(public, (list, tuple)) else hasattr(found, name) and not name.startswith("_")
    return _installed(top)


def _attributes_read(node: ast.AST) -> Iterator[str]:
    """The attributes ``node``'s code reads, by ``.name`` or ``getattr(x, "name")``."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Attribute):
            yield inner.attr
        elif isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id in (
                "getattr", "hasattr") and len(inner.args) >= 2 and isinstance(inner.args[1], ast.Constant):
            yield str(inner.args[1].value)


def _top_level(statements: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements that run at a cell's top level, inside ``if``, ``for``, ``while``, ``try`` and ``with`` too."""
    for statement in statements:
        yield statement
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for name in ("body", "orelse", "finalbody"):
            inner = getattr(statement, name, None)
            if isinstance(inner, list):
                yield from _top_level([item for item in inner if isinstance(item, ast.stmt)])
        for handler in getattr(statement, "handlers", []) or []:
            yield from _top_level(handler.body)
        for case in getattr(statement, "cases", []) or []:
            yield from _top_level(case.body)


def _names_bound(statement: ast.stmt) -> set[str]:
    """The names a top-level statement binds or changes: defined, assigned, imported, looped over, or changed in
    place (``x.attr = ...``, ``x[0] = ...``, ``x.append(...)``, ``setattr(x, ...)``), or made global by a
    function that assigns them."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        declared = {name for node in ast.walk(statement) if isinstance(node, ast.Global) for name in node.names}
        return {statement.name} | declared
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return {(alias.asname or alias.name).split(".")[0] for alias in statement.names if alias.name != "*"}
    if isinstance(statement, ast.Match):
        return _changed_in(statement.subject) | {name for case in statement.cases for inner in ast.walk(case.pattern)
                                                 for name in _captured(inner)}
    if isinstance(statement, (ast.If, ast.While, ast.Try)) or _is_try_star(statement):
        test = getattr(statement, "test", None)
        return _changed_in(test) if test is not None else set()
    if isinstance(statement, (ast.For, ast.AsyncFor)):
        return _stored(statement.target) | _changed_in(statement.iter)
    if isinstance(statement, (ast.With, ast.AsyncWith)):
        return {name for item in statement.items if item.optional_vars is not None
                for name in _stored(item.optional_vars)} | {name for item in statement.items
                                                              for name in _changed_in(item.context_expr)}
    names: set[str] = set()
    for node in ast.walk(statement):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names |= _base_names(node)
    return names | _changed_in(statement)


def _captured(pattern: ast.AST) -> set[str]:
    """The name a ``case`` pattern's part captures, if it captures one."""
    if isinstance(pattern, (ast.MatchAs, ast.MatchStar)) and pattern.name:
        return {pattern.name}
    if isinstance(pattern, ast.MatchMapping) and pattern.rest:
        return {pattern.rest}
    return set()


def _is_try_star(statement: ast.stmt) -> bool:
    return type(statement).__name__ == "TryStar"


def _stored(target: ast.expr) -> set[str]:
    return {node.id for node in ast.walk(target) if isinstance(node, ast.Name)} | (
        _base_names(target) if isinstance(target, (ast.Attribute, ast.Subscript)) else set())


def _base_names(node: ast.expr) -> set[str]:
    """The name at the bottom of ``a.b[c].d``: ``a``."""
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return {node.id} if isinstance(node, ast.Name) else set()


def _changed_in(node: ast.AST | None) -> set[str]:
    """Names whose object a call in ``node`` may change: the object a method is called on (``x.append(v)``) and the
    first argument of ``setattr``, ``delattr`` and ``vars``; and names assigned with ``:=``."""
    names: set[str] = set()
    for inner in ast.walk(node) if node is not None else ():
        if isinstance(inner, ast.Call):
            if isinstance(inner.func, ast.Attribute):
                names |= _base_names(inner.func.value)
            elif isinstance(inner.func, ast.Name) and inner.func.id in ("setattr", "delattr", "vars") and inner.args:
                names |= _base_names(inner.args[0])
        elif isinstance(inner, ast.NamedExpr):
            names.add(inner.target.id)
    return names


def _imported(node: ast.Import | ast.ImportFrom, name: str) -> str | None:
    """The module (or ``module.name``) that an import binds to ``name``; None for a relative import."""
    for alias in node.names:
        bound = alias.asname or alias.name.split(".")[0]
        if bound != name:
            continue
        if isinstance(node, ast.Import):
            return alias.name if alias.asname else alias.name.split(".")[0]
        if node.level or not node.module:
            return None
        return f"{node.module}.{alias.name}"
    return None


def hiding_module(module: str, chain: list[str]) -> str | None:
    """Why using ``module.chain...`` is a lookup reading cannot follow, or None."""
    parts = [*module.split("."), *chain]
    top = parts[0]
    if top in HIDING_MODULES:
        return ".".join(parts[:2]) if len(parts) > 1 and top not in ("importlib", "inspect", "gc") else top
    if top == "sys" and (len(parts) < 2 or parts[1] not in SYS_PLAIN):
        return ".".join(parts[:2])
    if top == "os" and len(parts) > 1 and (parts[1] in OS_HIDING or parts[1].startswith(("exec", "spawn"))):
        return ".".join(parts[:2])
    return None


def resolved(dotted: str) -> str:
    """The qualified name (``module.qualname``) of the package's object at ``dotted``, as Python would find it; the
    dotted name itself when there is nothing there.

    >>> resolved("lessons_lib.kit.perft.perft"), resolved("lessons_lib.nothing.here")
    ('lessons_lib.kit.perft.perft', 'lessons_lib.nothing.here')
    """
    return find(dotted) or dotted


def find(dotted: str) -> str | None:
    """The qualified name of the package's object (or module) at ``dotted``, or None if there is none."""
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        module_name = ".".join(parts[:split])
        if not _is_module(module_name):
            continue
        try:
            found: object = importlib.import_module(module_name)
        except Exception:  # the package's own modules only: one that fails to import is not there
            return None
        for attribute in parts[split:]:
            found = getattr(found, attribute, _MISSING)
            if found is _MISSING:
                return None
        if isinstance(found, types.ModuleType):
            return found.__name__
        module, name = getattr(found, "__module__", None), getattr(found, "__qualname__", None)
        if isinstance(module, str) and isinstance(name, str) and module.startswith(LIBRARY) \
                and not isinstance(found, (int, float, str, bytes, tuple, list, dict, set, frozenset)):
            return f"{module}.{name}"
        return dotted
    return None


_MISSING = object()


def _is_module(name: str) -> bool:
    """Whether ``name`` is one of the package's modules (found without running a student's code)."""
    import importlib.util

    if name != LIBRARY and not name.startswith(LIBRARY + "."):
        return False
    if name in sys.modules:
        return True
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


# -- names and lookups inside a piece of code --------------------------------------------------------------------

def _free_uses(node: ast.AST) -> Iterator[tuple[str, list[str], int]]:
    """Each name ``node`` uses that it does not bind itself (a global, as the code runs), with the attributes read
    from it (``p.perft``: ``("p", ["perft"])``; ``getattr(p, "perft")`` counts as ``p.perft``) and its line."""
    yield from _ScopeReader().uses(node)


class _ScopeReader:
    """Finds the free names of a piece of code, scope by scope (functions, lambdas, comprehensions, classes: a
    class's own names are not seen by the functions defined in it)."""

    def uses(self, node: ast.AST) -> Iterator[tuple[str, list[str], int]]:
        if isinstance(node, _SCOPES):
            yield from self._scope(node, [])
        else:
            yield from self._walk(node, [])

    def _scope(self, node: ast.AST, scopes: list[tuple[set[str], bool]]) -> Iterator[tuple[str, list[str], int]]:
        for part in _evaluated_outside(node):  # defaults, decorators, bases, a comprehension's first iterable
            yield from self._walk(part, scopes)
        seen_from_inside = scopes[:-1] if scopes and scopes[-1][1] else scopes  # a class's names stay in the class
        inner = [*seen_from_inside, (_locals_of(node), isinstance(node, ast.ClassDef))]
        for child in _scope_body(node):
            yield from self._walk(child, inner)

    def _walk(self, node: ast.AST, scopes: list[tuple[set[str], bool]]) -> Iterator[tuple[str, list[str], int]]:
        if isinstance(node, _SCOPES):
            yield from self._scope(node, scopes)
            return
        if isinstance(node, (ast.Attribute, ast.Call)):
            base, chain = _chain(node)
            if isinstance(base, ast.Name) and isinstance(base.ctx, ast.Load):
                if not any(base.id in names for names, _ in scopes):
                    yield base.id, chain, base.lineno
                for child in _chain_leftovers(node):
                    yield from self._walk(child, scopes)
                return
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if not any(node.id in names for names, _ in scopes):
                yield node.id, [], node.lineno
            return
        for child in ast.iter_child_nodes(node):
            yield from self._walk(child, scopes)


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp, ast.DictComp,
           ast.GeneratorExp)


def _evaluated_outside(node: ast.AST) -> list[ast.AST]:
    parts: list[ast.AST] = []
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        parts += [*node.args.defaults, *(item for item in node.args.kw_defaults if item is not None)]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        parts += node.decorator_list
        parts += [item for item in [node.returns] if item is not None]
    if isinstance(node, ast.ClassDef):
        parts += [*node.decorator_list, *node.bases, *(keyword.value for keyword in node.keywords)]
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
        parts.append(node.generators[0].iter)
    return parts


def _scope_body(node: ast.AST) -> list[ast.AST]:
    """The parts of a scope that run inside it."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return list(node.body)
    if isinstance(node, ast.Lambda):
        return [node.body]
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
        first, *rest = node.generators
        return [node.elt, first.target, *first.ifs, *(part for generator in rest
                                                       for part in (generator.target, generator.iter, *generator.ifs))]
    if isinstance(node, ast.DictComp):
        first, *rest = node.generators
        return [node.key, node.value, first.target, *first.ifs,
                *(part for generator in rest for part in (generator.target, generator.iter, *generator.ifs))]
    return list(ast.iter_child_nodes(node))


def _locals_of(node: ast.AST) -> set[str]:
    """The names a scope binds itself (its parameters and what its own body assigns, imports or defines), less
    those it declares ``global``."""
    local: set[str] = set()
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        arguments = node.args
        local |= {argument.arg for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                                                *([arguments.vararg] if arguments.vararg else []),
                                                *([arguments.kwarg] if arguments.kwarg else [])]}
    declared: set[str] = set()
    for part in _scope_body(node):
        for inner in _same_scope(part):
            if isinstance(inner, ast.Name) and isinstance(inner.ctx, (ast.Store, ast.Del)):
                local.add(inner.id)
            elif isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                local.add(inner.name)
            elif isinstance(inner, (ast.Import, ast.ImportFrom)):
                local |= {(alias.asname or alias.name).split(".")[0] for alias in inner.names}
            elif isinstance(inner, ast.ExceptHandler) and inner.name:
                local.add(inner.name)
            elif isinstance(inner, (ast.MatchAs, ast.MatchStar)) and inner.name:
                local.add(inner.name)
            elif isinstance(inner, ast.MatchMapping) and inner.rest:
                local.add(inner.rest)
            elif isinstance(inner, (ast.Global, ast.Nonlocal)):
                declared |= set(inner.names) if isinstance(inner, ast.Global) else set()
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
        local -= _walrus_targets(node)  # := in a comprehension binds in the scope around it
    else:
        for part in _scope_body(node):
            local |= {name for inner in _same_scope(part)
                      if isinstance(inner, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp))
                      for name in _walrus_targets(inner)}
    return local - declared


def _walrus_targets(comprehension: ast.AST) -> set[str]:
    """The names ``:=`` assigns inside a comprehension (and the comprehensions in it), which Python binds in the
    scope around them."""
    return {inner.target.id for inner in ast.walk(comprehension) if isinstance(inner, ast.NamedExpr)}


def _same_scope(node: ast.AST) -> Iterator[ast.AST]:
    """``node`` and what it holds, not looking into the scopes defined inside it (but naming them)."""
    yield node
    if isinstance(node, _SCOPES):
        return
    for child in ast.iter_child_nodes(node):
        yield from _same_scope(child)


def _chain(node: ast.expr) -> tuple[ast.expr, list[str]]:
    """The base of an attribute chain and the attributes read from it: ``a.b.c`` is ``(a, [b, c])``;
    ``getattr(a, "b")`` is ``(a, [b])``."""
    chain: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            chain.insert(0, node.attr)
            node = node.value
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
              and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
            chain.insert(0, node.args[1].value)
            node = node.args[0]
        else:
            return node, chain


def _chain_leftovers(node: ast.expr) -> list[ast.AST]:
    """What an attribute chain holds besides its base and names: the defaults of the ``getattr`` calls along it."""
    leftovers: list[ast.AST] = []
    while isinstance(node, (ast.Attribute, ast.Call)):
        if isinstance(node, ast.Call):
            leftovers += node.args[2:]
            node = node.args[0]
        else:
            node = node.value
    return leftovers


def _lookups_inside(node: ast.AST, functions: set[str]) -> Iterator[tuple[str, int]]:
    """What in ``node``'s own code reaches something by a name built at run time, through the interpreter's
    insides, or through a value the notebook may change anywhere (an attribute given to one of its ``functions``,
    a function taken out of a container), with its line."""
    called = {id(inner.func) for inner in ast.walk(node) if isinstance(inner, ast.Call)}
    docstrings = {id(inner.body[0].value) for inner in ast.walk(node)
                  if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module))
                  and inner.body and isinstance(inner.body[0], ast.Expr) and isinstance(inner.body[0].value, ast.Constant)}
    for inner in ast.walk(node):
        line = getattr(inner, "lineno", 0)
        if isinstance(inner, ast.Attribute):
            problem = _attribute_problem(inner, functions)
            if problem:
                yield problem, line
        elif isinstance(inner, ast.Call):
            problem = _call_problem(inner)
            if problem:
                yield problem, line
        elif isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Load) and id(inner) not in called \
                and inner.id in NAMED_ATTRIBUTE_BUILTINS | HIDING_BUILTINS:
            yield f"{inner.id} handed on as a value", line
        elif isinstance(inner, ast.Constant) and isinstance(inner.value, str) and LIBRARY in inner.value \
                and id(inner) not in docstrings:
            yield f"the text {inner.value[:40]!r}", line


INSIDES = frozenset({"modules", "_getframe", "import_module", "setprofile", "settrace", "getprofile", "gettrace",
                     "currentframe", "getattr_static"})
"""Attributes that reach modules, frames or the interpreter's watch, whatever they are read from."""


def _attribute_problem(node: ast.Attribute, functions: set[str]) -> str | None:
    name, base = node.attr, node.value
    if name.startswith("__") and name.endswith("__"):
        return None if name in PLAIN_DUNDERS else f".{name}"
    if name in FRAME_ATTRIBUTES:
        return f".{name} (a frame's or code's insides)"
    if name in INSIDES:
        return f".{name}"
    if name.startswith("_") and not (isinstance(base, ast.Name) and base.id in ("self", "cls")):
        return f".{name} (a private part of another object)"
    if isinstance(base, ast.Name) and base.id in functions:
        return f"{base.id}.{name} (an attribute given to a function as the notebook runs)"
    return None


def _call_problem(node: ast.Call) -> str | None:
    """Why a call is one reading cannot follow: ``getattr`` and its kin with a name built at run time (or a special
    or private one), ``operator.attrgetter`` with one, a function taken out of a container (``table[key](...)``)."""
    function = node.func
    if isinstance(function, ast.Subscript):
        return "a function taken out of a container and called"
    named = function.id if isinstance(function, ast.Name) else function.attr if isinstance(
        function, ast.Attribute) else None
    if named in NAMED_ATTRIBUTE_BUILTINS:
        text = node.args[1] if len(node.args) >= 2 else None
        if not (isinstance(text, ast.Constant) and isinstance(text.value, str)):
            return f"{named} with a name built at run time"
        if text.value.startswith("_") and text.value not in PLAIN_DUNDERS:
            return f"{named} of {text.value!r}"
    if named in ("attrgetter", "methodcaller") and not all(
            isinstance(argument, ast.Constant) and isinstance(argument.value, str)
            and not argument.value.startswith("_") for argument in node.args[:1 if named == "methodcaller" else None]):
        return f"{named} with a name built at run time"
    return None
