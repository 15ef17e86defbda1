"""How the sandbox's programs start: this package's own copy, in this Python, isolated from the working folder.

Both the sandbox's wall (:mod:`lessons_lib.sandbox.isolation`, which tries bubblewrap with a program) and its
runner (:mod:`lessons_lib.sandbox.running`) start programs this way.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

PACKAGE_FOLDER = str(Path(__file__).resolve().parents[1])
"""This package's folder: the sandbox's programs run the very package the arena runs, wherever it is."""
BOOT = ("import importlib.util, runpy, sys, types\n"
        "folder, module, whole = sys.argv[1:4]\n"
        "del sys.argv[1:4]\n"
        "if whole == 'whole':\n"
        "    spec = importlib.util.spec_from_file_location('lessons_lib', folder + '/__init__.py',"
        " submodule_search_locations=[folder])\n"
        "    package = importlib.util.module_from_spec(spec)\n"
        "    sys.modules['lessons_lib'] = package\n"
        "    spec.loader.exec_module(package)\n"
        "else:\n"
        "    package = types.ModuleType('lessons_lib')\n"
        "    package.__path__ = [folder]\n"
        "    sys.modules['lessons_lib'] = package\n"
        "runpy.run_module(module, run_name='__main__', alter_sys=True)\n")
"""How a program of the sandbox starts: this package loaded from its own folder (not from wherever an
installation or the working folder would find one: a checkout run without installing, or a folder of
submissions holding a ``lessons_lib.py``), whole (its compiled modules chosen) or
bare (for the referee, which needs none of that and starts sooner), then the module run as ``python -m``
would."""


def python_module(module: str, *arguments: str, whole: bool = True) -> list[str]:
    """The command that runs ``module`` of this package with ``arguments``, in this Python, isolated from the
    environment and the working folder (``python -I``), as a sandbox's program."""
    return [os.path.abspath(sys.executable), "-I", "-c", BOOT, PACKAGE_FOLDER, module, "whole" if whole else "bare",
            *arguments]  # (abspath: a Python started as ../.venv/bin/python has no ".." inside the sandbox)
