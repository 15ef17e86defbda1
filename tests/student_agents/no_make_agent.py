"""Forgets make_agent(): forfeits when it is loaded."""
ANSWER = 42
