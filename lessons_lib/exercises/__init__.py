"""Checks for the notebooks' exercises: each says what is right, what is wrong, and gives a hint."""

from lessons_lib.exercises.feedback import Feedback

__all__ = ["Feedback"]
