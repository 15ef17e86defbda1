"""An agent file that uses the library's own player, as lesson 08 allows."""
from lessons_lib.agents.presets import make_agent as library_agent


def make_agent():
    return library_agent("negamax-q:2")
