"""Large tuples of strings, taken out of the cyclic garbage collector's lists when made.

CPython tracks every new tuple. The first collection that examines one finds that
it holds only strings (and `None`), which cannot form a reference cycle, and stops
tracking it; but to find that out it reads every item's header. The strings of a
corpus lie all over the heap, so for 100,000 segments that is some 15 ms of cache
misses, paid by whichever thread runs the next collection. In the window that is
the GUI thread (`app.GuiThreadCollector`), and while ten systems of 100,000
segments were scored their tokens made collections of 60-120 ms there (measured:
docs/design.md, "Ten systems: the collector's walks").

`untracked` does at once, on the thread that made the tuple, what that first
collection would do: `PyObject_GC_UnTrack`, a call of Python's C API that takes
no time. It is correct only for tuples whose items are untracked objects, which
the type (`str | None` items) promises: such a tuple is never part of a cycle.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

__all__ = ["UNTRACK_FROM", "untracked"]

UNTRACK_FROM = 10_000
"""Tuples shorter than this are left as they are: the collector walks them in
well under a millisecond, and `bleu-gui score` of a small file need not import
`ctypes`."""

_Text = TypeVar("_Text", bound=str | None)


def untracked(items: tuple[_Text, ...]) -> tuple[_Text, ...]:
    """`items` itself, no longer tracked by the garbage collector if it is large.

    Where Python's C API cannot be called (an interpreter other than CPython), the
    tuple stays tracked: the collector then untracks it at its first walk, as
    without this call. Anything but a tuple (a list a caller passed where a tuple
    was typed) is left tracked: a list can still be given a container later.
    """
    if type(items) is tuple and len(items) >= UNTRACK_FROM:
        untrack = _untrack_function()
        if untrack is not None:
            untrack(items)
    return items


@functools.cache
def _untrack_function() -> Callable[[object], object] | None:
    try:
        import ctypes

        function = ctypes.pythonapi.PyObject_GC_UnTrack
    except (ImportError, AttributeError):  # not CPython
        return None
    function.argtypes = (ctypes.py_object,)
    function.restype = None
    return function
