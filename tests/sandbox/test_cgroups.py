"""Agents' control groups of arenas running at the same time on one machine: each its own, and an arena removes
only the groups of arenas that have ended (lessons_lib.sandbox.cgroups)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lessons_lib.sandbox import cgroups


def ended_process() -> int:
    """A process number no process has: above the largest the kernel gives."""
    return int(Path("/proc/sys/kernel/pid_max").read_text()) + 1


@pytest.fixture
def linux() -> None:
    if not Path("/proc/self/ns/pid").exists():
        pytest.skip("PID namespaces are Linux's")


def test_every_group_name_is_new_and_says_its_maker_and_its_namespace(linux: None) -> None:
    first, second = cgroups.group_name(), cgroups.group_name()
    assert first != second
    assert first.startswith(f"{cgroups.GROUP_PREFIX}{os.getpid()}-") and first.endswith(f"-ns{cgroups.pid_namespace()}")
    assert not cgroups.left_by_an_ended_arena(first)  # its maker runs


def test_only_the_groups_of_ended_arenas_of_this_namespace_are_leftovers(linux: None) -> None:
    ended, here = ended_process(), cgroups.pid_namespace()
    assert cgroups.left_by_an_ended_arena(f"{cgroups.GROUP_PREFIX}{ended}-3-ns{here}")
    assert not cgroups.left_by_an_ended_arena(f"{cgroups.GROUP_PREFIX}{ended}-3-ns{here}7")  # another namespace's
    assert not cgroups.left_by_an_ended_arena(f"{cgroups.GROUP_PREFIX}{os.getpid()}-3-ns{here}")  # running
    assert cgroups.left_by_an_ended_arena(f"{cgroups.GROUP_PREFIX}{ended}-3")  # named by an earlier version
    assert not cgroups.left_by_an_ended_arena(f"other-{ended}-3-ns{here}")
    assert not cgroups.left_by_an_ended_arena(f"{cgroups.GROUP_PREFIX}x{ended}-3-ns{here}")


def test_an_arena_leaves_another_namespaces_groups_alone_and_removes_its_own_leftovers(linux: None) -> None:
    """Two test runs, or two containers, in one control group but in different PID namespaces: the process numbers
    in the other's names mean nothing here, and its agents must go on running."""
    if not cgroups.available():
        pytest.skip("this process cannot make control groups here (not root, and no delegated group)")
    ended, here = ended_process(), cgroups.pid_namespace()
    folder = next(iter(cgroups._hierarchies().values()))
    elsewhere, leftover = (folder / f"{cgroups.GROUP_PREFIX}{ended}-0-ns{here}{n}" for n in ("1", ""))
    elsewhere.mkdir()
    leftover.mkdir()
    try:
        cgroups.remove_leftovers()
        assert elsewhere.exists() and not leftover.exists()
    finally:
        for group in (elsewhere, leftover):
            if group.exists():
                group.rmdir()
