"""What pytest collects: in compiled mode, not the compiled modules' sources (their doctests run from the source
in tests/test_compiled.py, since a compiled module is not its .py file)."""

from lessons_lib.tooling import compiled

collect_ignore = [str(compiled.source_of(module)) for module in compiled.COMPILED_MODULES] \
    if compiled.mode() == "compiled" else []
