"""``python -m lessons_lib``: see :mod:`lessons_lib.cli`."""

from lessons_lib.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
