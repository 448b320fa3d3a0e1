"""Long computations as generators: progress out, result returned, stoppable between.

The core knows nothing of threads. A long computation is a generator that yields
progress between steps and returns its result; a GUI worker drives it and may simply
stop asking for the next step, while scripts and tests call `drain` on it.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TypeVar

__all__ = ["drain", "relabel"]

_Y = TypeVar("_Y")
_Z = TypeVar("_Z")
_T = TypeVar("_T")


def drain(steps: Generator[object, None, _T]) -> _T:
    """Run a step generator to its end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: _T = done.value
            return result


def relabel(
    steps: Generator[_Y, None, _T], label: Callable[[_Y], _Z]
) -> Generator[_Z, None, _T]:
    """The same steps with each progress item passed through `label`."""
    while True:
        try:
            item = next(steps)
        except StopIteration as done:
            result: _T = done.value
            return result
        yield label(item)
