"""Three against two, solved on the user's machine into a cache folder: ``python -m lessons_lib endgames``.

Three against two and two against three have 30,512,790 numbers each: too many to ship, and quick to make. One
command solves them for a variant (:func:`build`, with :mod:`~lessons_lib.games.shologuti.endgame_solver`) and
writes them to the cache folder; from then on :func:`~lessons_lib.games.shologuti.endgame_table.solved`, and so
``solve`` and ``best``, reads them. Two against three is three against two with the colours swapped (the rules
treat both sides alike, so the board seen from the other side is the same game): it is made from it, not solved
again (:func:`swapped_colours`).

Each class's arrays are kept as plain ``.npy`` files, read in place (memory-mapped: every process that reads them
shares one copy). They are trusted only if their SHA-256 digest is the one this package records for the variant
(:data:`DIGESTS`), checked when they are built and again the first time a process reads them: a file cut short,
changed, or made by a solver that went wrong is a damaged table (one line naming the folder and the command), never
a wrong answer. A folder being written is written beside, then put in place whole.

The cache folder is ``SHOLOGUTI_LAB_CACHE`` if that is set; otherwise the platform's: ``$XDG_CACHE_HOME`` or
``~/.cache`` on Linux, ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows, each with ``shologuti-lab``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from lessons_lib.games.shologuti.endgame_arrays import numbers_of, parts_of
from lessons_lib.games.shologuti.endgame_index import class_size
from lessons_lib.games.shologuti.endgame_solver import KINDS, ClassTable, Material
from lessons_lib.kit.errors import DamagedData, quoted


CACHED_MATERIAL: tuple[Material, ...] = ((3, 2), (2, 3))
"""The classes the cache holds."""
BUILD = "python -m lessons_lib endgames"
"""The command that builds the cache (``--variant NAME`` for one variant)."""
CACHE_VARIABLE = "SHOLOGUTI_LAB_CACHE"
DIGESTS = {
    "forced": "bb27c3f598c4b158154ed71b1bf3cd1fab3091af74119f808a0dc155a13a4f14",
    "traditional": "39f71863ebc84e492ad07f48f255117caaa112eb402a105d990086f31360acc0",
    "continue": "e98d683e91f3bb51f5c70bd89ae69e94ceaf73328e1f7c8fbd3dc4c4d9566256",
}
"""The SHA-256 digest of each variant's cached arrays (:func:`digest_of`), as the solver made them when this
package was released; a build or a folder whose arrays give another is refused."""
CHUNK = 1 << 21


class DamagedCache(DamagedData):
    """A cache folder whose tables cannot be trusted: one line naming it and the command that builds it again."""


def cache_folder() -> Path:
    """Where the cache lives (see the module)."""
    chosen = os.environ.get(CACHE_VARIABLE)
    if chosen:
        return Path(chosen)
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "shologuti-lab" / "cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "shologuti-lab"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "shologuti-lab"


def variant_folder(variant: str, folder: Path | None = None) -> Path:
    """The folder holding ``variant``'s cached classes."""
    return (folder or cache_folder()) / f"endgames_{variant}_3v2"


def digest_of(tables: dict[Material, ClassTable], material: Iterable[Material] = CACHED_MATERIAL) -> str:
    """The SHA-256 of the classes' arrays, in the order of ``material`` and :data:`KINDS`, read a chunk at a time."""
    digest = hashlib.sha256()
    for found in material:
        for array in tables[found]:
            for start in range(0, len(array), CHUNK):
                digest.update(np.ascontiguousarray(array[start:start + CHUNK]).tobytes())
    return digest.hexdigest()


def swapped_colours(table: ClassTable, material: Material) -> ClassTable:
    """The class with the colours swapped (``material`` reversed), made from ``table`` (the class ``material``):
    each position's value is that of the same board with Green's pieces Red's and the other side to move."""
    greens, reds = material
    size = class_size((reds, greens))
    swapped = tuple(np.empty(size, dtype=array.dtype) for array in table)
    for start in range(0, size, CHUNK):
        numbers = np.arange(start, min(size, start + CHUNK), dtype=np.int64)
        green, red, side, pending = parts_of((reds, greens), numbers)
        mine = numbers_of(material, red, green, 1 - side, pending)
        for target, source in zip(swapped, table):
            target[start:start + len(numbers)] = source[mine]
    return swapped[0], swapped[1], swapped[2]


def build(variant: str, folder: Path | None = None, material: tuple[Material, ...] | None = None,
          expected: str | None = None, said: Callable[[str], None] = print) -> Path:
    """Solve the first class of ``material`` (:data:`CACHED_MATERIAL` unless given) for ``variant``, make the second
    by :func:`swapped_colours`, check their digest against ``expected`` (the variant's :data:`DIGESTS` entry unless
    given) and write them to the cache; the variant's folder. :class:`DamagedCache` (nothing written) if the digest
    differs."""
    from lessons_lib.games.shologuti.endgame_solver import solve_tables
    from lessons_lib.games.shologuti.rules import Rules

    material = CACHED_MATERIAL if material is None else material
    solved_first, second = material
    tables = solve_tables([solved_first], Rules.named(variant), said=said)
    cached = {solved_first: tables[solved_first]}
    del tables
    cached[second] = swapped_colours(cached[solved_first], solved_first)
    said(f"{second[0]} against {second[1]}: made from {solved_first[0]} against {solved_first[1]}, colours swapped")
    wanted = DIGESTS[variant] if expected is None else expected
    found = digest_of(cached, material)
    if found != wanted:
        raise DamagedCache(f"the solved {variant} tables of {solved_first[0]} against {solved_first[1]} do not have "
                           f"the digest this package records ({found[:16]}..., not {wanted[:16] or 'none'}...): "
                           f"nothing was written; please report it")
    target = variant_folder(variant, folder)
    part = target.with_name(f".{target.name}.part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    for (greens, reds), arrays in cached.items():
        for kind, array in zip(KINDS, arrays):
            np.save(part / f"{kind}_{greens}_{reds}.npy", array, allow_pickle=False)
    (part / "digest").write_text(found + "\n", encoding="utf-8")
    shutil.rmtree(target, ignore_errors=True)
    os.replace(part, target)
    _READ.pop((variant, target), None)  # read again, as built, by whoever asks next in this process
    return target


class _Wrong(Exception):
    """What a cache folder holds that no cache does."""


_READ: dict[tuple[str, Path], dict[Material, ClassTable] | DamagedCache | None] = {}
"""Each variant's cache once read: its tables, what is wrong with it, or None where it is not built."""


def cached_table(variant: str, folder: Path | None = None, material: tuple[Material, ...] | None = None,
                 expected: str | None = None) -> dict[Material, ClassTable] | None:
    """The cached classes of ``variant``, read once and checked against their digest; None where the cache has not
    been built; :class:`DamagedCache` (one line) where it cannot be trusted."""
    target = variant_folder(variant, folder)
    key = (variant, target)
    if key not in _READ:
        _READ[key] = _read(variant, target, CACHED_MATERIAL if material is None else material,
                           DIGESTS[variant] if expected is None else expected)
    found = _READ[key]
    if isinstance(found, DamagedCache):
        raise DamagedCache(str(found))
    return found


def _read(variant: str, target: Path, material: tuple[Material, ...],
          expected: str) -> dict[Material, ClassTable] | DamagedCache | None:
    if not target.exists():
        return None
    try:
        tables: dict[Material, ClassTable] = {}
        for greens, reds in material:
            arrays = [np.load(target / f"{kind}_{greens}_{reds}.npy", mmap_mode="r", allow_pickle=False)
                      for kind in KINDS]
            size = class_size((greens, reds))
            if any(array.shape != (size,) for array in arrays):
                raise _Wrong("holds an array of the wrong size")
            tables[greens, reds] = (arrays[0], arrays[1], arrays[2])
        if digest_of(tables, material) != expected:
            raise _Wrong("holds arrays that are not the solved tables (their digest differs)")
    except Exception as error:  # whatever a damaged folder makes numpy or the file system raise
        if isinstance(error, _Wrong):
            words = str(error)
        elif isinstance(error, OSError):
            words = f"cannot be read ({error.strerror or type(error).__name__})"
        else:
            words = "holds a file that is not a table"
        return DamagedCache(f"the endgame cache {quoted(str(target), limit=200)} {words}: build it again with "
                            f"{BUILD} --variant {variant}")
    return tables
