"""Run an agent's search in a background thread, so the notebook stays responsive while it thinks.

Each request carries a ticket; asking again, or :meth:`Thinker.cancel`, makes the
answer of an older request be dropped when it arrives (the player has undone the
move, or started a new game, in the meantime).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from lessons_lib.agents.base import Agent, SearchResult


class Thinker:
    """One background search at a time; answers arrive through a callback."""

    def __init__(self, run_in_background: bool = True) -> None:
        self.run_in_background = run_in_background
        self._ticket = 0
        self._threads: list[threading.Thread] = []
        self._lock = threading.RLock()  # re-entrant: an answer may ask for the next search

    @property
    def busy(self) -> bool:
        return any(thread.is_alive() for thread in self._threads)

    def think(self, agent: Agent, state: Any, answer: Callable[[SearchResult], None],
              failed: Callable[[Exception], None]) -> None:
        """Search ``state`` with ``agent``; call ``answer(result)`` (or ``failed(error)``) unless cancelled."""
        with self._lock:
            self._ticket += 1
            ticket = self._ticket

        def work() -> None:
            try:
                result = agent.search(state)
            except Exception as error:  # an agent's failure must reach the player as a message
                with self._lock:
                    if ticket == self._ticket:
                        failed(error)
                return
            with self._lock:  # held while the answer is applied, so a cancel cannot slip in between
                if ticket == self._ticket:
                    answer(result)

        if self.run_in_background:
            self._threads = [thread for thread in self._threads if thread.is_alive()]
            thread = threading.Thread(target=work, name="ai-search", daemon=True)
            self._threads.append(thread)
            thread.start()
        else:
            work()

    def cancel(self) -> None:
        """Drop the answer of the search under way, if any.

        (The search itself runs on to the end of its budget in the background: a
        Python thread cannot be stopped from outside.)
        """
        with self._lock:
            self._ticket += 1

    def wait(self, timeout: float | None = None) -> None:
        """Block until every search started (cancelled ones too) has finished."""
        for thread in list(self._threads):
            thread.join(timeout)
