"""``python -m lessons_lib``: see :mod:`lessons_lib.cli.main`."""

from lessons_lib.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
