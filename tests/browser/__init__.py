"""Browser tests (see conftest.py)."""
