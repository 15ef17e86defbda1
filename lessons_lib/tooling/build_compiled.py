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
import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path

from lessons_lib.tooling.compiled import (
    COMPILED_MODULES, MANIFEST, PACKAGE, build_tag, compiled_from_current_sources, fingerprint, source_of,
)

ROOT = PACKAGE.parent
BUILD_FOLDER = ROOT / "build" / "mypyc"
GROUP = "lessons_lib.compiled_group"
"""The compiled modules are built as one group: they call each other directly, not through Python."""
SLOWER = "about 2 to 3 times slower (Shobu about as fast)"
"""How much slower the Python source runs than the compiled modules, as benchmarks/bench_compiled.py measured it
(docs/guide.md, "Speed")."""


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
    print(f"Compiling the engines and searches ({len(COMPILED_MODULES)} modules) with mypyc: about a minute, "
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
    """mypyc's own build: C from the typed source, then the C compiler, the results put beside the source."""
    from mypyc.build import mypycify
    from setuptools import setup

    paths = [str(source_of(module).relative_to(ROOT)) for module in COMPILED_MODULES]
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        extensions = mypycify(paths, opt_level="3", group_name=GROUP, target_dir=str(BUILD_FOLDER))
        setup(name="lessons_lib_compiled", ext_modules=extensions, script_args=[
            "--quiet", "build_ext", "--inplace", "--build-temp", str(BUILD_FOLDER / "temp"),
            "--parallel", str(os.cpu_count() or 1)])
    finally:
        os.chdir(here)


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
