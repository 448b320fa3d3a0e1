"""A value, or the one-line reason there is none.

Scoring an empty subset, explaining a row the emulated library cannot score, reading
a session file that does not parse: each gives either its value or a sentence the user
reads instead. A bare ``str`` for that sentence would be indistinguishable from a value
that is itself text, and nothing would stop a reason from being written into a report
or an export as if it were a number; one frozen type makes "no value, and why" a case
the type checker makes every caller handle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias, TypeVar

__all__ = ["OrUnavailable", "Unavailable"]


@dataclass(frozen=True, slots=True)
class Unavailable:
    """No value, for the reason given: what the user reads in its place.

    NLTK's method6 on a sentence without trigram matches, tensorflow/nmt on an empty
    hypothesis, a filter that selects no rows: a table of 100,000 sentence scores shows
    these as missing, with the reason, instead of failing as a whole.

    Attributes:
        reason: one line, shown to the user word for word.
    """

    reason: str

    def __str__(self) -> str:
        """The reason itself, so a status line or message box shows it unchanged."""
        return self.reason


T = TypeVar("T")

OrUnavailable: TypeAlias = T | Unavailable
"""A value of type T, or why there is none: ``OrUnavailable[BleuScore]``."""
