"""Compile the engines, the searches and the rollouts with mypyc: ``python -m lessons_lib.tooling.build_compiled``.

``python run.py build`` runs this (and ``python run.py lab`` and ``python run.py test`` run it first).
It compiles the modules :data:`lessons_lib.tooling.compiled.COMPILED_MODULES` lists into extension
modules beside their source, and records each source's fingerprint, so that an edited source
is noticed (:mod:`lessons_lib.tooling.compiled`). With nothing changed since the last build it does
nothing. Without a C compiler or Python's headers it says so in one line, and the Python
source runs as it is. ``--clean`` removes what a build made.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path
from typing import Any

from lessons_lib.tooling.compiled import (
    COMPILED_MODULES, MANIFEST, PACKAGE, build_tag, compiled_from_current_sources, fingerprint, source_of,
)

ROOT = PACKAGE.parent
BUILD_FOLDER = ROOT / "build" / "mypyc"
GROUP = "lessons_lib.compiled_group"
"""The compiled modules are built as one group: they call each other directly, not through Python."""
SLOWER = "about 3 to 6 times slower (Shobu's playouts 18 times)"
"""How much slower the Python source runs than the compiled modules, as benchmarks/bench_compiled.py measured it
(docs/guide.md, "Speed")."""


MYPYC_SECONDS = 3.0
"""The processor seconds mypyc takes to write the C of every compiled module, on the machine the suite is developed
on (a two-core x86-64 of 2026)."""
C_SECONDS = 27.0
"""The processor seconds the C compiler takes on that C there, all files added up."""
REFERENCE_LOOP_SECONDS = 0.026
"""How long :func:`loop_seconds` takes there: the yardstick of a machine's speed."""


def loop_seconds() -> float:
    """The shortest of three runs of a fixed loop of a million steps, in seconds of this process's processor time
    (which other work on the machine does not stretch): how fast this machine is."""
    best = math.inf
    for _ in range(3):
        began, total = time.process_time(), 0
        for step in range(1_000_000):
            total += step & 7
        best = min(best, time.process_time() - began)
    return best


def expected_seconds(slowness: float, cores: int, busy: float) -> float:
    """The seconds a build should take on a machine ``slowness`` times slower than the reference, with ``cores``
    cores and ``busy`` other processes wanting one (the load average): mypyc on one core, then the C compiler on
    every core, each getting its share of a machine busier than it has cores."""
    share = cores * min(1.0, cores / (cores + max(busy, 0.0)))
    return slowness * (MYPYC_SECONDS / min(1.0, share) + C_SECONDS / share)


def busy_cores(cores: int) -> float:
    """How many of the machine's cores other work keeps busy: their use over a fifth of a second (psutil), or where
    that cannot be read, the load average less this process."""
    try:
        import psutil
        return float(psutil.cpu_percent(interval=0.2)) / 100 * cores
    except (ImportError, OSError):
        return max(os.getloadavg()[0] - 1, 0.0) if hasattr(os, "getloadavg") else 0.0


def expectation() -> str:
    """What this machine should take to build, as the line before a build says it."""
    cores = workers()
    seconds = expected_seconds(loop_seconds() / REFERENCE_LOOP_SECONDS, cores, busy_cores(cores))
    shown = f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} minutes"
    return f"about {shown} on this machine's {cores} {'core' if cores == 1 else 'cores'}"


def up_to_date() -> bool:
    """Whether the compiled modules are there and were built from the sources as they are now."""
    return compiled_from_current_sources()[0]


def missing_tools() -> str | None:
    """Why nothing can be compiled here (no C compiler, no Python headers), or None if it may be tried."""
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.exists():
        return "Python's C headers are not installed"
    if os.name != "nt":
        compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
        if shutil.which(compiler) is None:
            return f"there is no C compiler ({compiler})"
    return None


def clean() -> None:
    """Remove the compiled modules, the record of the build and its working folder."""
    MANIFEST.unlink(missing_ok=True)
    for module in (*COMPILED_MODULES, GROUP + "__mypyc"):
        source = source_of(module)
        for extension in source.parent.glob(source.stem + ".*"):
            if extension.suffix in (".so", ".pyd"):
                extension.unlink()
    shutil.rmtree(BUILD_FOLDER, ignore_errors=True)


def build(quiet: bool = False) -> bool:
    """Compile the modules (if they are not already up to date); True if the compiled modules can run."""
    if up_to_date():
        if not quiet:
            print("The compiled engines and searches are up to date.", flush=True)
        return True
    problem = missing_tools()
    if problem is not None:
        clean()
        print(f"Not compiling the engines and searches: {problem}. They run as Python source, {SLOWER}: "
              f"install a C compiler and Python's headers, then `python run.py build`.", flush=True)
        return False
    fingerprints = {module: fingerprint(source_of(module)) for module in COMPILED_MODULES}
    MANIFEST.unlink(missing_ok=True)  # while building, nothing compiled is used
    started = time.perf_counter()
    print(f"Compiling the engines and searches ({len(COMPILED_MODULES)} modules) with mypyc: {expectation()}, "
          f"once ...", flush=True)
    log = io.StringIO()
    try:
        with contextlib.redirect_stdout(log), contextlib.redirect_stderr(log):
            _compile()
    except (Exception, SystemExit) as error:  # a compiler error: say so, and run the source
        clean()
        last = [line for line in log.getvalue().splitlines() if line.strip()][-1:] or [str(error)]
        print(f"Could not compile the engines and searches ({last[0][:200]}); they run as Python source, "
              f"{SLOWER}.", flush=True)
        return False
    MANIFEST.write_text(json.dumps({"tag": build_tag(), "modules": fingerprints}, indent=1) + "\n",
                        encoding="utf-8")
    print(f"Compiled in {time.perf_counter() - started:.0f} s.", flush=True)
    return True


def _compile() -> None:
    """mypyc's own build: C from the typed source, one file a module, then the C compiler on every core, the results
    put beside the source."""
    from mypyc.build import mypycify
    from setuptools import setup

    paths = [str(source_of(module).relative_to(ROOT)) for module in COMPILED_MODULES]
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        extensions = mypycify(paths, opt_level="3", group_name=GROUP, target_dir=str(BUILD_FOLDER), multi_file=True)
        for extension in extensions:  # the group's header goes in a folder named after its package
            extension.include_dirs.append(str(BUILD_FOLDER / GROUP.rpartition(".")[0]))
        setup(name="lessons_lib_compiled", ext_modules=extensions, cmdclass={"build_ext": _side_by_side()},
              script_args=["--quiet", "build_ext", "--inplace", "--build-temp", str(BUILD_FOLDER / "temp"),
                           "--parallel", str(workers())])
    finally:
        os.chdir(here)


def workers() -> int:
    """How many C files are compiled at once: one a core."""
    return os.cpu_count() or 1


def _side_by_side() -> type:
    """setuptools' ``build_ext``, compiling the C files of one extension side by side (it compiles them one after
    the other, and the group is one extension of one C file a module)."""
    from concurrent.futures import ThreadPoolExecutor

    from setuptools.command.build_ext import build_ext

    class SideBySide(build_ext):  # type: ignore[misc]  # setuptools has no types
        def build_extension(self, ext: Any) -> None:
            one_at_a_time = self.compiler.compile

            def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
                with ThreadPoolExecutor(workers()) as pool:
                    objects = list(pool.map(lambda source: one_at_a_time([source], *args, **kwargs), sources))
                return [found for made in objects for found in made]

            self.compiler.compile = compile_all
            try:
                super().build_extension(ext)
            finally:
                self.compiler.compile = one_at_a_time

    return SideBySide


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lessons_lib.tooling.build_compiled", description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules instead")
    parser.add_argument("--quiet", action="store_true", help="say nothing when the compiled modules are up to date")
    args = parser.parse_args(argv)
    if args.clean:
        clean()
        return 0
    build(args.quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
