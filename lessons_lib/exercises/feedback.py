"""The answer a check gives: passed or not, a message meant for a student, and the share of its cases right.

A check never trusts what a student's code hands it. Whatever an answer function returns or raises (a number of
a thousand digits, NaN, a list that holds itself, a list of a list of... built from one shared list, an object
whose ``__repr__`` or ``__eq__`` raises), the check ends with a :class:`Feedback` whose message names the mistake
in one line. The tools here make that so:

- :func:`shown` writes a value for a message, building no more of it than it shows;
- :func:`as_number` and :func:`as_whole_number` take a number of any kind (``int`` of any size, ``float``,
  ``Fraction``, ``Decimal``, numpy's) or say in words why they cannot;
- :func:`call_safely` calls a student's function and turns whatever it raises into words. A ``KeyboardInterrupt``
  still stops the kernel (the student pressed Stop), and so does an exception of this package's own that is no
  ``Exception`` (the grader's signals); anything else, ``SystemExit`` included, is the answer's failure;
- :class:`Cases` keeps the score of an answer tried on several cases (partial credit) and the first failure's
  message.

>>> shown([10 ** 400, "x" * 1000])
"[a whole number of 401 digits, 'xxxxxxxxx…' (a text of 1,000 characters)]"
>>> level = [1]
>>> for _ in range(40):
...     level = [level, level]
>>> shown(level, most=30)
'[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[…'
>>> as_number(10 ** 400)[1]
'that is a whole number of 401 digits, too large for a float (which holds at most 309 digits): give a number of a sensible size.'
"""

from __future__ import annotations

import decimal
import html
import itertools
import math
import numbers
import operator
import secrets
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from types import SimpleNamespace
from typing import Any, TypeVar


Case = TypeVar("Case")


@dataclass(frozen=True)
class Feedback:
    """The result of checking an exercise. Shown in a notebook as its message."""

    passed: bool
    message: str
    score: float | None = None
    """The share of the check's cases the answer got right, where the check can say (partial credit); None
    where it cannot."""

    def __repr__(self) -> str:
        return f"{'✔ Correct' if self.passed else '✘ Not yet'}: {self.message}"

    def _repr_html_(self) -> str:
        """The verdict as text that wraps between words at the notebook's width (plain text breaks mid-word)."""
        colour = "#1a7f37" if self.passed else "#9a4d00"
        return (f'<div style="white-space: pre-wrap; overflow-wrap: break-word; font-family: '
                f'var(--jp-content-font-family, sans-serif); border-left: 4px solid {colour}; padding-left: 0.6em">'
                f"{html.escape(repr(self), quote=False)}</div>")

    def __bool__(self) -> bool:
        return self.passed

    @staticmethod
    def correct(message: str) -> Feedback:
        return Feedback(True, message)

    @staticmethod
    def not_yet(message: str, score: float | None = None) -> Feedback:
        return Feedback(False, message, score)


class Cases:
    """An answer tried on a check's cases: how many it got right, and what was wrong with the first it missed.

    A check tries every case (a later case may be right though an earlier one is not: partial credit) and words
    only the first failure, the one its message reports; :attr:`wanted` says whether a failure's message is still
    wanted (work out a hint only then).
    """

    def __init__(self) -> None:
        self.right = 0
        self.tried = 0
        self.first: str | None = None
        self.stopped = False
        """Whether a failure ended the cases (see :meth:`failed_call`)."""

    def each(self, cases: Iterable[Case]) -> Iterator[Case]:
        """``cases`` one after another, until a failed call stops them."""
        for case in cases:
            if self.stopped:
                return
            yield case

    @property
    def wanted(self) -> bool:
        """Whether no case has failed yet (so the next failure's message is the one reported)."""
        return self.first is None

    def passed(self) -> None:
        self.tried += 1
        self.right += 1

    def failed(self, message: str) -> None:
        self.tried += 1
        if self.first is None:
            self.first = message

    def counted(self, right: bool) -> bool:
        """Count a case that needs no message: a right one, or a wrong one after an earlier failure (only the first
        is reported). False for a wrong case whose message is wanted: the check words it (:meth:`failed`)."""
        if right:
            self.passed()
            return True
        if not self.wanted:
            self.failed("")
            return True
        return False

    def failed_call(self, message: str, function: object, failure: str | None) -> None:
        """A case on which calling the answer ``function`` failed (``failure``, in words): counted, with ``message``;
        and the cases end when going on is no use (:func:`no_use_going_on`)."""
        self.failed(message)
        self.stopped = self.stopped or no_use_going_on(function, failure)

    def feedback(self, correct: str) -> Feedback:
        """Correct (with the message ``correct``) if every case was right, else the first failure with the share
        of the cases right."""
        if self.first is None:
            return Feedback.correct(correct)
        return Feedback.not_yet(self.first, self.right / self.tried if self.tried else 0.0)


def no_use_going_on(function: object, failure: str | None) -> bool:
    """Whether a failure of ``function`` on one case makes the check's other cases pointless: it is no function, or
    it recursed without end (a RecursionError), which it would do on every case, each taking long."""
    return not callable(function) or (failure or "").startswith("raised RecursionError")


def case_seed(seed: int | None) -> int:
    """The seed a check draws its cases with: ``seed`` if given, else a fresh one (so no table of the answers
    to an earlier run's cases passes)."""
    return secrets.randbelow(1_000_000) if seed is None else seed


def drawn_with(seed: int) -> str:
    """The end of a check's message about cases drawn with ``seed``: how to draw them again."""
    return f" (cases drawn with seed={seed}: pass seed={seed} to the check to draw them again)"


BASE_CASE_HINT = ("A RecursionError means the function calls itself without end: does every call go one step "
                  "closer to a base case (depth - 1), and does it stop there (depth == 0, or a finished game)?")

EMPTY_SEQUENCE_HINT = ("max() or min() of an empty list: a finished game has no legal moves. Test "
                       "state.is_game_over() before looking at the moves.")


# -- a student's value in a message -----------------------------------------------------------------------------

SHORT_NUMBER_BITS = 96
"""A whole number this many bits long or shorter (29 digits) is written out in a message; a longer one is
described by its number of digits, which is found without writing it out."""
EXACT_DIGITS_UP_TO = 100_000
"""Up to this many digits a whole number's count of digits is exact; beyond, it is "about" (an exact count would
take seconds)."""


def kind_of(value: object) -> str:
    """The name of ``value``'s type, read without running any of its code (a class may hide its ``__name__``)."""
    try:
        name = type.__dict__["__name__"].__get__(type(value))
    except Exception:  # a type with no name: nothing of the student's is trusted
        return "object"
    return name[:40] if isinstance(name, str) else "object"


def digit_count(number: int) -> tuple[int, bool]:
    """How many decimal digits ``number`` has (its sign aside), without writing it out; and whether the count is
    exact (it is up to :data:`EXACT_DIGITS_UP_TO` digits, else it may be one off)."""
    number = abs(number)
    if number.bit_length() <= 60:
        return len(str(number)), True
    estimate = math.log10(number)
    digits = math.floor(estimate) + 1
    boundary = round(estimate)
    if abs(estimate - boundary) <= max(1e-9, estimate * 1e-14):  # near a power of ten: count exactly
        if boundary > EXACT_DIGITS_UP_TO:
            return digits, False
        digits = boundary + 1 if number >= 10 ** boundary else boundary
    return digits, True


def whole_number_text(number: int) -> str:
    """``number`` written out if it is short, else ``a whole number of 401 digits`` (negative ones say so)."""
    if number.bit_length() <= SHORT_NUMBER_BITS:
        return int.__repr__(number)
    digits, exact = digit_count(number)
    return f"a {'negative ' if number < 0 else ''}whole number of {'' if exact else 'about '}{digits:,} digits"


def shown(value: object, most: int = 80) -> str:
    """``value`` for a message: its repr, at most about ``most`` characters and on one line, built no further than
    it shows (a list of a list of... built from one shared list is walked only as far as it is shown), never
    raising. Lists, tuples, sets and dictionaries are written item by item; a part that holds itself is shown as
    ``[...]``; a long whole number by its number of digits; a long text cut, with its length said; any other
    object by its own repr, cut (or by its type if its repr fails)."""
    writer = _Writer(max(most, 10))
    try:
        writer.show(value, 0)
    except BaseException as error:  # whatever the value did: what was written so far stands
        if passes_through(error):
            raise
        writer.cut = True
    return writer.text()


class _Writer:
    """Writes a value's repr into a budget of characters (see :func:`shown`)."""

    MAX_DEPTH = 60

    def __init__(self, most: int) -> None:
        self.most = most
        self.parts: list[str] = []
        self.written = 0
        self.cut = False
        self.open: set[int] = set()
        """The containers being written (a part that holds itself is written ``[...]``)."""

    @property
    def full(self) -> bool:
        return self.written >= self.most

    def write(self, text: str) -> None:
        room = self.most - self.written
        if len(text) > room:
            text, self.cut = text[:max(room, 0)], True
        self.parts.append(text)
        self.written += len(text)

    def text(self) -> str:
        written = "".join(self.parts)
        return written + "…" if self.cut else written

    def show(self, value: Any, depth: int) -> None:
        if self.full:
            self.cut = True
            return
        kind = type(value)
        if value is None or kind is bool:
            self.write(repr(value))
        elif issubclass(kind, int):
            self.write(whole_number_text(int.__index__(value)))
        elif issubclass(kind, float):
            self.write(float.__repr__(value))
        elif issubclass(kind, complex):
            self.write(complex.__repr__(value))
        elif issubclass(kind, str):
            self.show_text(str.__len__(value), str.__getitem__(value, slice(0, self.most)), "a text of {:,} characters")
        elif issubclass(kind, (bytes, bytearray)):
            head = bytes(memoryview(value)[:self.most])
            self.show_text(len(memoryview(value)), head, "{:,} bytes")
        elif issubclass(kind, Fraction):
            self.show_fraction(value)
        elif issubclass(kind, (list, tuple, set, frozenset, dict, deque)):
            self.show_container(value, kind, depth)
        elif issubclass(kind, BaseException):
            self.write(f"{kind_of(value)}(")
            self.show_items(BaseException.__getattribute__(value, "args"), depth)
            self.write(")")
        elif issubclass(kind, SimpleNamespace):
            self.write("namespace(")
            self.show_items(dict.items(object.__getattribute__(value, "__dict__")), depth, pairs="=")
            self.write(")")
        elif kind.__module__ == "numpy" and kind.__name__ == "ndarray":
            self.show_array(value)
        else:
            self.show_other(value)

    def show_text(self, length: int, head: str | bytes, whole: str) -> None:
        text = repr(head)
        if length <= len(head) and len(text) <= self.most - self.written:
            self.write(text)
            return
        said = f" ({whole.format(length)})"
        room = max(self.most - self.written - len(said) - 10, 4)  # room for the brackets that close around it
        self.write(text[:room] + "…" + text[0 if isinstance(head, str) else 1] + said)

    def show_fraction(self, value: Fraction) -> None:
        numerator, denominator = (int.__index__(part) for part in (value.numerator, value.denominator))
        self.write(f"Fraction({whole_number_text(numerator)}, {whole_number_text(denominator)})")

    def show_container(self, value: Any, kind: type, depth: int) -> None:
        items: Any
        if issubclass(kind, dict):
            opening, closing, items, pairs = "{", "}", dict.items(value), ": "
        elif issubclass(kind, list):
            opening, closing, items, pairs = "[", "]", list.__iter__(value), ""
        elif issubclass(kind, tuple):
            opening, closing, items, pairs = "(", ")", tuple.__iter__(value), ""
        elif issubclass(kind, deque):
            opening, closing, items, pairs = "deque([", "])", deque.__iter__(value), ""
        elif issubclass(kind, frozenset):
            opening, closing, items, pairs = "frozenset({", "})", frozenset.__iter__(value), ""
            if not frozenset.__len__(value):
                opening, closing = "frozenset(", ")"
        else:
            opening, closing, items, pairs = "{", "}", set.__iter__(value), ""
            if not set.__len__(value):
                opening, closing = "set(", ")"
        if id(value) in self.open or depth >= self.MAX_DEPTH:
            self.write(f"{opening}...{closing}")
            return
        self.open.add(id(value))
        self.write(opening)
        count = self.show_items(items, depth, pairs)
        if count == 1 and issubclass(kind, tuple):
            self.write(",")
        self.write(closing)
        self.open.discard(id(value))

    def show_items(self, items: Any, depth: int, pairs: str = "") -> int:
        """Write ``items`` (values, or key-value pairs when ``pairs`` is their separator) one after another while
        there is room; how many were written."""
        count = 0
        for item in items:
            if self.full:
                self.cut = True
                break
            if count:
                self.write(", ")
            if pairs:
                key, item = item
                if pairs == "=" and issubclass(type(key), str):
                    self.write(str.__getitem__(key, slice(0, 40)))
                else:
                    self.show(key, depth + 1)
                self.write(pairs)
            self.show(item, depth + 1)
            count += 1
        return count

    def show_array(self, value: Any) -> None:
        if value.dtype.kind in "biufc":
            self.show_other(value)
        else:
            self.write(f"a numpy array of shape {tuple(int(size) for size in value.shape)} holding {value.dtype}")

    def show_other(self, value: object) -> None:
        try:
            text = repr(value)
            text = str.__getitem__(text, slice(0, 2 * self.most + 10))
        except BaseException as error:  # a repr that raises, or returns something odd
            if passes_through(error):
                raise
            self.write(f"<a {kind_of(value)} that cannot be shown>")
            return
        self.write(" ".join(text.split()))


# -- numbers -----------------------------------------------------------------------------------------------------


def as_number(answer: Any) -> tuple[float, str | None]:
    """``answer`` as a float and None, if it is a real number of any kind (``int`` of any size, ``float``,
    ``Fraction``, ``Decimal``, numpy's integers and floats); else 0.0 and what is wrong with it, in words
    (``that is text: give a number.``). NaN and the infinities are floats: a check compares them. A bool, a complex
    number, text, None or a container is no number."""
    try:
        return _as_number(answer)
    except BaseException as error:  # an object whose type checks or conversion raise
        if passes_through(error):
            raise
        return 0.0, f"that is a {kind_of(answer)} the check cannot read as a number ({error_text(error, 80)})."


def _as_number(answer: Any) -> tuple[float, str | None]:
    kind = type(answer)
    if kind is float:
        return answer, None
    if kind is int and -2**1000 < answer < 2**1000:
        return float(answer), None
    problem = _not_a_real_number(answer, kind)
    if problem:
        return 0.0, problem
    if issubclass(kind, float):
        return float.__float__(answer), None
    if issubclass(kind, int) or _is_integral(kind):
        whole = int.__index__(answer) if issubclass(kind, int) else operator.index(answer)
        try:
            return int.__float__(whole), None
        except OverflowError:
            return 0.0, _too_large(whole_number_text(whole))
    if issubclass(kind, Fraction):
        numerator, denominator = (int.__index__(part) for part in (answer.numerator, answer.denominator))
        try:
            return numerator / denominator, None
        except OverflowError:
            return 0.0, _too_large(f"Fraction({whole_number_text(numerator)}, {whole_number_text(denominator)})")
    try:
        value = float(answer)
    except OverflowError:
        return 0.0, _too_large(shown(answer, 40))
    except (ValueError, TypeError) as error:
        return 0.0, f"that is a {kind_of(answer)} the check cannot turn into a float ({error_text(error, 80)})."
    value = float.__float__(value)
    if math.isinf(value) and issubclass(kind, decimal.Decimal) and answer.is_finite():
        return 0.0, _too_large(shown(answer, 40))
    return value, None


def _is_integral(kind: type) -> bool:
    return issubclass(kind, numbers.Integral)


def _too_large(what: str) -> str:
    return (f"that is {what}, too large for a float (which holds at most 309 digits): give a number of a sensible "
            f"size.")


def _not_a_real_number(answer: Any, kind: type) -> str | None:
    """What to say of an answer that is no real number (text, a bool, None, a complex number...), or None."""
    if kind is bool or (kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")):
        return f"that is a {kind_of(answer)}: give a number."
    if issubclass(kind, str):
        text = str.strip(answer)
        try:
            float(text)
        except (ValueError, OverflowError):
            return "that is text: give a number."
        short = str.__getitem__(text, slice(0, 40)) + ("…" if str.__len__(text) > 40 else "")
        return f"that is text: give a number, {short} without the quotes."
    if answer is None:
        return "give a number (did you forget return?)."
    if issubclass(kind, (int, float, decimal.Decimal)) or issubclass(kind, numbers.Real):
        return None
    if issubclass(kind, numbers.Complex):
        return f"that is a complex number ({shown(answer, 40)}): give a real number."
    return f"that is a {kind_of(answer)}: give a number."


def is_a_number(value: Any) -> bool:
    """Whether ``value`` is a number of any kind (a bool is none), read from its type alone."""
    try:
        return type(value) is not bool and issubclass(type(value), numbers.Number)
    except Exception:  # a type whose checks raise
        return False


def not_a_number(answer: Any) -> str | None:
    """What to say of an answer that should be a number and is not (text, a bool, None, a number too large for a
    float...), or None if it is one."""
    return as_number(answer)[1]


def as_whole_number(answer: Any, floats: bool = True) -> tuple[int, str | None]:
    """``answer`` as an exact ``int`` and None, if it is a whole number of any kind (``int`` of any size, numpy's
    integers, a ``Fraction`` over 1, and with ``floats`` a float or Decimal with nothing after the point); else 0
    and what is wrong with it, in words. Nothing is converted through a float: a count of any size stays exact."""
    try:
        kind = type(answer)
        if kind is not bool and (issubclass(kind, int) or _is_integral(kind)) and not _not_a_real_number(answer, kind):
            return (int.__index__(answer) if issubclass(kind, int) else operator.index(answer)), None
        if issubclass(kind, Fraction):
            numerator, denominator = (int.__index__(part) for part in (answer.numerator, answer.denominator))
            if denominator == 1:
                return numerator, None
            return 0, f"that is {shown(answer, 60)}, not a whole number."
        if floats and issubclass(kind, decimal.Decimal) and answer.is_finite() and answer == answer.to_integral_value():
            if answer.adjusted() > 4000:
                return 0, _too_large(f"a {kind_of(answer)} of {answer.adjusted() + 1:,} digits").replace(
                    "too large for a float (which holds at most 309 digits)", "too large to count with")
            return int(answer), None
        value, problem = as_number(answer)
        if problem:
            return 0, problem
        if floats and value.is_integer():
            return int(value), None
        if not floats and value.is_integer():
            return 0, f"that is a {kind_of(answer)} ({shown(answer, 40)}): give a whole number, an int."
        return 0, f"that is {shown(answer, 40)}, not a whole number."
    except BaseException as error:  # an object whose type checks or conversion raise
        if passes_through(error):
            raise
        return 0, f"that is a {kind_of(answer)} the check cannot read as a whole number ({error_text(error, 80)})."


def items_of(value: Any, most: int) -> list[Any] | None:
    """The items of ``value`` (a list, a tuple, a set, an array or any other iterable; text is none), at most
    ``most + 1`` of them (an endless generator is read no further); None if it is no collection or reading it
    fails."""
    try:
        if issubclass(type(value), (str, bytes, bytearray)):
            return None
        return list(itertools.islice(iter(value), most + 1))
    except BaseException as error:  # no collection, or one whose reading fails
        if passes_through(error):
            raise
        return None


def numbers_in(answer: Any, count: int) -> tuple[list[float] | None, str]:
    """The ``count`` numbers ``answer`` holds (a list, a tuple, an array or any other iterable of numbers of any
    kind), as floats, and ""; else None and what is wrong beyond its shape ("" when it is only the wrong shape: no
    sequence, or not ``count`` items). Text is no sequence of numbers; no more than ``count + 1`` items are read."""
    items = items_of(answer, count)
    if items is None or len(items) != count:
        return None, ""
    values = []
    for number, item in enumerate(items, 1):
        value, problem = as_number(item)
        if problem:
            return None, f"Item {number}: {problem}"
        values.append(value)
    return values, ""


# -- calling a student's code ------------------------------------------------------------------------------------


def passes_through(error: BaseException) -> bool:
    """Whether an exception raised by a student's code (or object) must stop the check rather than become the
    answer's failure: a ``KeyboardInterrupt`` (the kernel's Stop button), or a ``BaseException`` of this package's
    own (the grader's signals)."""
    kind = type(error)
    if issubclass(kind, KeyboardInterrupt):
        return True
    module = getattr(kind, "__module__", None)
    return not issubclass(kind, Exception) and isinstance(module, str) and module.startswith("lessons_lib.")


def call_safely(function: Callable[..., Any], *args: Any) -> tuple[Any, str | None]:
    """Call a student's function; return its answer and None, or None and what went wrong, in words.

    A student's code may fail in any way; a check reports it and never crashes. Two failures
    get a hint at once: endless recursion, and max() or min() of no moves. A ``KeyboardInterrupt`` is passed on
    (the kernel's Stop button must work), and so is this package's own ``BaseException`` (the grader's); any other
    exception, ``SystemExit`` included, is the answer's failure.
    """
    if not callable(function):
        return None, f"is not a function but {kind_of(function)}: define it with def"
    try:
        return function(*args), None
    except BaseException as error:  # the student's code: report, never raise
        if passes_through(error):
            raise
        return None, describe_failure(error)


def describe_failure(error: BaseException) -> str:
    """``raised <error>: <message>``, with a hint for endless recursion and for max() or min() of no moves; the
    message on one line, cut, and never raising (an exception's ``__str__`` may fail)."""
    if issubclass(type(error), RecursionError):
        return f"raised RecursionError. {BASE_CASE_HINT}"
    text = error_text(error)
    failure = f"raised {kind_of(error)}: {text}" if text else f"raised {kind_of(error)}"
    if issubclass(type(error), ValueError) and "empty" in text and ("max()" in text or "min()" in text):
        failure += f". {EMPTY_SEQUENCE_HINT}"
    return failure


PLAIN_ARGUMENTS = (str, float, bool, bytes, type(None))


def error_text(error: BaseException, most: int = 200) -> str:
    """What ``str(error)`` says, on one line and at most about ``most`` characters, found without trusting the
    exception: a built-in exception's arguments are written with :func:`shown` unless they are plain, and an
    exception whose own ``__str__`` fails is said to."""
    kind = type(error)
    try:
        arguments = BaseException.__getattribute__(error, "args")
        own_str = getattr(kind.__str__, "__objclass__", None) is None
        names = [OSError.filename.__get__(error), OSError.filename2.__get__(error)] if issubclass(kind, OSError) else []
        parts = list(arguments) + names
        plain = isinstance(arguments, tuple) and all(type(part) in PLAIN_ARGUMENTS or (
            type(part) is int and part.bit_length() <= SHORT_NUMBER_BITS) for part in parts)
        if own_str or plain:
            text = str(error)
            text = str.__getitem__(text, slice(0, 4 * most))
        elif len(arguments) == 1 and issubclass(kind, KeyError):
            text = shown(arguments[0], most)
        elif len(arguments) == 1:
            text = shown(arguments[0], most) if type(arguments[0]) is not str else arguments[0]
        else:
            text = shown(arguments, most)
    except BaseException as failure:  # an exception whose message cannot be made
        if passes_through(failure):
            raise
        return "(its message cannot be shown)"
    text = " ".join(str.split(text))
    return text if len(text) <= most else text[:most] + "…"


def call_for_number(function: Callable[..., Any], *args: Any) -> tuple[float, str | None]:
    """Call a student's function that should return a number; return it as a float and None, or 0 and what went
    wrong (``raised ...`` or ``returned ...: give a number``). A number of any kind is taken (see
    :func:`as_number`)."""
    answer, failure = call_safely(function, *args)
    if failure:
        return 0.0, failure
    value, problem = as_number(answer)
    if problem:
        return 0.0, returned(answer, problem)
    return value, None


def returned(answer: Any, problem: str) -> str:
    """``returned <answer>: <problem>``, or ``returned <answer>, too large...`` where the problem already shows the
    answer (``that is <answer>, ...``)."""
    text = shown(answer, 60)
    if problem.startswith(f"that is {text}, "):
        return f"returned {problem[len('that is '):]}"
    return f"returned {text}: {problem}"


def call_for_whole_number(function: Callable[..., Any], *args: Any, floats: bool = True) -> tuple[int | None, str | None]:
    """Call a student's function that should return a whole number (a count); return it as an exact int and None,
    or None and what went wrong (see :func:`as_whole_number`)."""
    answer, failure = call_safely(function, *args)
    if failure:
        return None, failure
    value, problem = as_whole_number(answer, floats)
    if problem:
        return None, returned(answer, problem)
    return value, None


class AnswerFailed(Exception):
    """A student's function failed inside the library's own code (a search, a match, a rollout): the failure in
    words, which the library passes on or reports."""


class Guarded:
    """A student's function as the library's own code calls it (an evaluation in a match, an ordering in a search):
    whatever it raises becomes :class:`AnswerFailed` (an ``Exception`` the library handles), its first failure is
    kept in words (:attr:`failure`), and with ``number`` its answer is a float or a failure. It keeps the
    function's ``__name__``, which a report may show."""

    def __init__(self, function: Callable[..., Any], number: bool = False, name: str = "your function") -> None:
        self.function = function
        self.number = number
        self.failure: str | None = None
        self.arguments: tuple[Any, ...] = ()
        """What the function was given when it first failed."""
        try:
            found = getattr(function, "__name__", name)
        except BaseException as error:  # a function that hides its name
            if passes_through(error):
                raise
            found = name
        self.__name__ = str.__getitem__(found, slice(0, 60)) if issubclass(type(found), str) else name

    def __call__(self, *args: Any) -> Any:
        value, failure = (call_for_number if self.number else call_safely)(self.function, *args)
        if failure:
            if self.failure is None:
                self.failure, self.arguments = failure, args
            raise AnswerFailed(failure)
        return value
