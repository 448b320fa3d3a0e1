"""Reading a session's JSON by place: each value checked, each error one line.

Every reader of a session (the whole file, or its settings alone as the recent
settings keep them) checks values the same way and names a wrong one by its JSON
place (`systems.samples: 0 is less than 1`): that one way lives here, so that no
reader checks a type or a bound on its own. JSON numbers no computation can use
(NaN, a thousand-digit integer) are read as `Unusable` and refused by place too.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from bleu_gui.io.errors import InputError
from bleu_gui.io.session_format import MAX_DIGITS, range_at

__all__ = [
    "SessionFileError",
    "Unusable",
    "Where",
    "json_constant",
    "json_float",
    "json_integer",
    "kind_of",
    "number_text",
]

_T = TypeVar("_T")


class SessionFileError(InputError):
    """A session file that cannot be opened or written: one line, file and place."""

    def __init__(self, path: Path, why: str, *, place: str = "") -> None:
        """Create an error.

        Args:
            path: The session file.
            why: What is wrong.
            place: Where in the JSON (`test_set.files[2].path`), if somewhere.
        """
        self.place = place
        super().__init__(f"{place}: {why}" if place else why, path=path)


@dataclass(frozen=True, slots=True)
class Unusable:
    """A JSON number that is no value to compute with, kept to be refused by place.

    JSON allows neither NaN nor Infinity, but Python's reader does; an integer
    of thousands of digits makes it raise an exception that names no place.
    Read as this, such a number is refused where it is read, by its place.

    Attributes:
        words: how a message names it ("NaN", "a whole number of 5,000 digits").
        sign: 1 above every range, -1 below, 0 neither (NaN).
    """

    words: str
    sign: int


def json_constant(name: str) -> Unusable:
    """NaN, Infinity, -Infinity: not JSON, refused where read."""
    return Unusable(name, 0 if name == "NaN" else -1 if name.startswith("-") else 1)


def json_integer(text: str) -> int | Unusable:
    """An integer, or a long one (refused where read) left unconverted."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        sign = -1 if text.startswith("-") else 1
        return Unusable(f"a whole number of {digits:,} digits", sign)
    return int(text)


def json_float(text: str) -> float | Unusable:
    """A number, or one too large for a float ("1e999": refused where read)."""
    value = float(text)
    if math.isinf(value):
        return Unusable(
            text if len(text) <= MAX_DIGITS else "a huge number",
            1 if value > 0 else -1,
        )
    return value


def number_text(value: float) -> str:
    """A number as a message shows it: a bound with thousands separators."""
    if isinstance(value, int) or value.is_integer():
        return f"{int(value):,}"
    return f"{value:,g}"


@dataclass(frozen=True, slots=True)
class Where:
    """A place in the JSON being read, to name in an error."""

    path: Path
    place: str = ""

    def at(self, key: str | int) -> Where:
        """The place of `key` within this one (a list index or an object key)."""
        if isinstance(key, int):
            return Where(self.path, f"{self.place}[{key}]")
        return Where(self.path, f"{self.place}.{key}" if self.place else key)

    def error(self, why: str) -> SessionFileError:
        """The one-line error naming this place, to raise."""
        return SessionFileError(self.path, why, place=self.place)

    def mapping(self, value: object) -> dict[str, Any]:
        """`value` if it is a JSON object."""
        if not isinstance(value, dict):
            raise self.error(f"expected an object, found {kind_of(value)}")
        return value

    def items(self, value: object) -> list[Any]:
        """`value` if it is a JSON list."""
        if not isinstance(value, list):
            raise self.error(f"expected a list, found {kind_of(value)}")
        return value

    def text(self, value: object) -> str:
        """`value` if it is a string."""
        if not isinstance(value, str):
            raise self.error(f"expected a string, found {kind_of(value)}")
        return value

    def flag(self, value: object) -> bool:
        """`value` if it is true or false (not a number standing for one)."""
        if not isinstance(value, bool):
            raise self.error(f"expected true or false, found {kind_of(value)}")
        return value

    def whole(self, value: object) -> int:
        """An integer of any size (the format's version: not a bounded value)."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"expected a whole number, found {kind_of(value)}")
        return value

    def integer(self, value: object) -> int:
        """A whole number within its place's range (`RANGES`)."""
        if isinstance(value, bool) or not isinstance(value, int | Unusable):
            raise self.error(f"expected a whole number, found {kind_of(value)}")
        return int(self._bounded(value))

    def number(self, value: object) -> float:
        """A number within its place's range (`RANGES`)."""
        if isinstance(value, bool) or not isinstance(value, int | float | Unusable):
            raise self.error(f"expected a number, found {kind_of(value)}")
        return float(self._bounded(value))

    def _bounded(self, value: int | float | Unusable) -> int | float:
        """`value` if its place's range holds it; else one line naming the place."""
        bounds = range_at(self.place)
        low, high = bounds.low, bounds.high
        if isinstance(value, Unusable):
            if value.sign > 0 and high is not None:
                raise self.error(f"{value.words} is more than {number_text(high)}")
            if value.sign < 0 and low is not None:
                raise self.error(f"{value.words} is less than {number_text(low)}")
            if value.sign:
                too = "large" if value.sign > 0 else "small"
                raise self.error(f"{value.words} is too {too}")
            if low is not None and high is not None:
                span = f" (expected {number_text(low)} to {number_text(high)})"
            else:
                span = ""
            raise self.error(f"{value.words} is not a number{span}")
        shown = str(value) if isinstance(value, int) else f"{value:g}"
        if high is not None and value > high:
            raise self.error(f"{shown} is more than {number_text(high)}")
        if low is not None and value < low:
            raise self.error(f"{shown} is less than {number_text(low)}")
        return value

    def number_list(self, value: object) -> list[float]:
        """A list of numbers, each within its place's range."""
        return [self.at(k).number(v) for k, v in enumerate(self.items(value))]

    def optional(self, value: object, read: Callable[[Where, Any], _T]) -> _T | None:
        """None for null, else `value` as `read` reads it here."""
        return None if value is None else read(self, value)

    def choice(self, value: object, kind: type[StrEnum]) -> Any:
        """The member of `kind` that `value` names; an error lists every member."""
        text = self.text(value)
        try:
            return kind(text)
        except ValueError:
            allowed = ", ".join(repr(member.value) for member in kind)
            raise self.error(f"{text!r} is not one of {allowed}") from None


def kind_of(value: object) -> str:
    """What a JSON value is, in a message's words."""
    if value is None:
        return "null"
    if isinstance(value, Unusable):
        return value.words
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object"
