"""What pytest collects: in compiled mode, not the compiled modules' sources (their doctests run from the source
in tests/test_compiled.py, since a compiled module is not its .py file). And the endgame cache every run reads."""

import atexit
import os
import shutil
import tempfile

from lessons_lib.tooling import compiled

# The endgame cache (three against two) of the machine running the tests is never read: each run has its own,
# empty (the tests that build one give their own folder), whatever it runs: the tests, the package's doctests or
# the notebooks. Processes the run starts, the notebooks' kernels included, inherit it.
os.environ["SHOLOGUTI_LAB_CACHE"] = tempfile.mkdtemp(prefix="shologuti-lab-cache-")
atexit.register(shutil.rmtree, os.environ["SHOLOGUTI_LAB_CACHE"], True)

collect_ignore = [str(compiled.source_of(module)) for module in compiled.COMPILED_MODULES] \
    if compiled.mode() == "compiled" else []
