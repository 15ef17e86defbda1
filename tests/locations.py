"""Where things are, for the tests in every folder below tests/."""

import importlib.util
from pathlib import Path
from types import ModuleType

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
"""The project's folder."""
STUDENT_AGENTS = TESTS / "student_agents"
"""Students' agent files the arena's tests play: crashes, hangs, garbage and honest ones."""


def benchmark_script(name: str) -> ModuleType:
    """``benchmarks/NAME.py`` loaded as a module (the benchmarks are scripts, not a package), for a test to use its
    parts."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
