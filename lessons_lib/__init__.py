"""Shologuti Lab: four game engines (Shologuti and three more) and game-playing agents, for teaching."""

import os as _os
import sys as _sys

if _sys.argv[:1] == ["-m"]:
    # Started as ``python -m lessons_lib ...``: Python put the working folder first on the import path, so a
    # student's ``random.py`` or ``json.py`` there would be imported in place of the standard library's. The arena
    # never imports from the working folder: drop it (the package itself is found through its own folder).
    try:
        _here = _os.getcwd()
    except OSError:  # the working folder was deleted
        _here = ""
    _sys.path[:] = [entry for entry in _sys.path if entry not in ("", ".", _here)]

from lessons_lib.tooling import compiled as _compiled

_compiled.use_compiled_modules_if_current()  # the compiled engines and searches, unless a source was edited since
