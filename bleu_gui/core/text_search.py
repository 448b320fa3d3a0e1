"""Which segments a text search finds: the search compiled, then matched line by line.

A search is compiled here, once for the whole application: the filter bar checks it
with this function, and the search process (`core.search_process`) runs what it
returns. Compiling can fail in more ways than `re.error` (`a{4294967296}` overflows,
2,000 nested groups exhaust the recursion limit); each becomes a `SearchError` with
one line for the user.

Segments are searched one line at a time, so that nothing a search finds spans two
segments. A search text with a line break could only ever do that, so it is refused
(a line pasted with its line break): the message says so instead of finding nothing.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = [
    "SearchError",
    "SearchTexts",
    "TextQuery",
    "compile_query",
    "rows_matching",
]

# How many lines are searched between two looks at `should_stop`.
_CHECK_EVERY = 256
_LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")  # str.splitlines'


class SearchError(ValueError):
    """A search that cannot run; the message is one line for the user."""


@dataclass(frozen=True, slots=True)
class TextQuery:
    """What to look for, and where (a sentence filter without its score range).

    Attributes:
        text: the search text; never empty when searched.
        regex: `text` is a regular expression (Python's `re` syntax).
        case_sensitive: match case exactly.
        in_hypothesis: search the hypotheses.
        in_references: search every reference.
        in_source: search the source (when the test set has one).
    """

    text: str
    regex: bool = False
    case_sensitive: bool = False
    in_hypothesis: bool = True
    in_references: bool = True
    in_source: bool = True


@dataclass(frozen=True, slots=True)
class SearchTexts:
    """The texts of one test set that searches look into, one line per segment."""

    hypotheses: Sequence[str]
    references: Sequence[Sequence[str]]
    source: Sequence[str] | None

    def fields(self, query: TextQuery) -> list[Sequence[str]]:
        """The streams `query` searches, each one line per segment."""
        fields: list[Sequence[str]] = []
        if query.in_hypothesis:
            fields.append(self.hypotheses)
        if query.in_references:
            fields.extend(self.references)
        if query.in_source and self.source is not None:
            fields.append(self.source)
        return fields


def compile_query(text: str, *, regex: bool, case_sensitive: bool) -> re.Pattern[str]:
    """The compiled search for `text` (a regular expression if `regex`).

    Raises:
        SearchError: for a line break in `text` or a pattern `re` cannot compile,
            with a one-line reason.
    """
    if any(char in _LINE_BREAKS for char in text):
        raise SearchError(
            "the search text has a line break, and no sentence has one: "
            "search for one line at a time"
        )
    flags = 0 if case_sensitive else re.IGNORECASE
    try:
        with warnings.catch_warnings():
            # "Possible nested set" and the like: advice about patterns a future
            # Python may read differently, not an error in what the user typed.
            warnings.simplefilter("ignore", FutureWarning)
            return re.compile(text if regex else re.escape(text), flags)
    except re.error as error:
        raise SearchError(f"invalid regular expression: {error}") from None
    except OverflowError as error:  # a{4294967296}
        raise SearchError(f"invalid regular expression: {error}") from None
    except RecursionError:  # thousands of nested groups
        raise SearchError(
            "invalid regular expression: its groups are nested too deeply"
        ) from None


def rows_matching(
    query: TextQuery,
    texts: SearchTexts,
    should_stop: Callable[[], bool] = lambda: False,
) -> list[int] | None:
    """The segments (ascending) of which some searched line has a match of `query`.

    `should_stop` is asked every few hundred lines; when it says so the search is
    abandoned and None returned (a newer search has come).

    Raises:
        SearchError: if `query` does not compile.
    """
    search = compile_query(
        query.text, regex=query.regex, case_sensitive=query.case_sensitive
    ).search
    found: set[int] = set()
    for field in texts.fields(query):
        for row, line in enumerate(field):
            if row % _CHECK_EVERY == 0 and should_stop():
                return None
            if row not in found and search(line) is not None:
                found.add(row)
    return sorted(found)
