"""The session format's rules: its version, what each version added, its bounds.

Kept apart from reading and writing because both sides obey the same rules: the
writer picks the version a file needs, the reader refuses what its version cannot
hold, and every number read is bounded by the one table here (`RANGES`), named by
its JSON place as `io.session_file`'s docstring lays the format out.

Version 2 added `edits`: the what-if edits (issue 15), per system the edited segments,
each by its 0-based row and the text as typed. A file without edits is still written
as version 1, so that an older bleu-gui opens it; a file with edits is version 2, so
that an older bleu-gui refuses it in one line rather than opening it without its
edits. Version 1 files read as sessions without edits. Whether an edit's row exists
is known only once the system's file is read: `models.session_state.restore_edits`
checks it.

The filter's `documents` (the documents chosen in the Documents dock, by id) and the
tests' `seed` (an integer, or "none": unseeded, as `SACREBLEU_SEED` says it) came
later without a new version: they are settings of the view, not work, and an older
bleu-gui reading such a file opens it whole, showing every document and testing at
its own seed; a version bump would make it refuse the file instead. A file without
them reads as no document filter and seed 12345 (the only seed the window had).

The Buckets tab's `buckets` (the view, every kind's edges and the bucket the
sentence table is filtered to, by stored names of `io.session_values.SavedBucketKind`)
came later the same way: a file without them reads as the defaults, no filter.
The Systems dock's `margin` (issue 27: the sentences to swap until a significant
difference is lost) came later too, without a new version: it is a result that
can be found again, so an older bleu-gui opening such a file without it loses no
work of the user's. A file without it opens without a margin. So did the test
set's `named` (sacreBLEU's test sets it is read from, issue 27): an older bleu-gui
reads the cache files it names instead, which are the same lines for one set
without a filter, and for others refuses the system files' line counts in one line.

Document ids are stored as runs (an id and how many segments in a row have it), so
that the ids given by a file are kept even if that file is gone, in little space.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from bleu_gui.core.config import MAX_ORDER_LIMIT
from bleu_gui.core.significance import MAX_SAMPLES
from bleu_gui.io.seed import MAX_SEED

__all__ = [
    "FIRST_EDITS_VERSION",
    "MAX_DIGITS",
    "MAX_SEGMENTS",
    "RANGES",
    "SESSION_KEY",
    "SESSION_SUFFIX",
    "SESSION_VERSION",
    "Range",
    "document_runs",
    "documents_of_runs",
    "range_at",
    "version_to_write",
]

SESSION_KEY = "bleu-gui-session"
"""The key whose value is the format's version: it says what the file is."""
SESSION_VERSION = 2
FIRST_EDITS_VERSION = 2  # the version that added "edits"
SESSION_SUFFIX = ".bleu-session"
"""The session file's extension (a name of its own: the desktop can open it with us)."""


def version_to_write(has_edits: bool) -> int:
    """The version a session is written as: the oldest that holds what it has."""
    return FIRST_EDITS_VERSION if has_edits else 1


def document_runs(ids: Sequence[str]) -> list[list[str | int]]:
    """Document ids as runs: `[id, count]` for each stretch of equal ids."""
    runs: list[list[str | int]] = []
    for doc in ids:
        if runs and runs[-1][0] == doc:
            runs[-1][1] = int(runs[-1][1]) + 1
        else:
            runs.append([doc, 1])
    return runs


def documents_of_runs(runs: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    """The inverse of `document_runs`."""
    return tuple(doc for doc, count in runs for _ in range(count))


MAX_SEGMENTS = 10_000_000
"""The most segments a session may name (a selected row, an edited row, document
runs): far beyond any test set read into a window, and small enough that a row
fits Qt's int and the document ids a session names fit in memory."""
MAX_DIGITS = 30
"""An integer of more digits in a session is out of every range: it is not
converted at all (Python refuses to convert more than 4,300 digits, with an
exception that names no place)."""


@dataclass(frozen=True, slots=True)
class Range:
    """The values a number of a session file may hold, `low` to `high`.

    `None` on a side: that side is checked by the scoring options themselves
    (`core.config.BleuConfig`, which names the option), so this table does not
    repeat their rules; the value must still be a finite number.
    """

    low: float | None
    high: float | None


_SCORE = Range(0.0, 100.0)  # a sentence BLEU, as the filter's score fields
_DELTA = Range(-100.0, 100.0)  # a difference of two scores
_ROW = Range(0, MAX_SEGMENTS - 1)
_CONFIG = Range(None, None)
_P = Range(0.0, 1.0)  # a p-value

RANGES: Mapping[str, Range] = MappingProxyType(
    {
        "test_set.documents[*][*]": Range(1, MAX_SEGMENTS),
        "settings.max_order": _CONFIG,
        "settings.smooth_value": _CONFIG,
        "settings.weights[*]": _CONFIG,
        "settings.nltk_alpha": _CONFIG,
        "settings.nltk_k": _CONFIG,
        "systems.baseline": _ROW,
        "systems.shown": _ROW,
        "systems.samples": Range(1, MAX_SAMPLES),
        "systems.seed": Range(0, MAX_SEED),
        "filter.min_score": _SCORE,
        "filter.max_score": _SCORE,
        "filter.delta[*]": _DELTA,
        "table.sort[*]": Range(0, MAX_ORDER_LIMIT),
        "table.selected": _ROW,
        "table.columns[*][*]": Range(0, MAX_ORDER_LIMIT),
        "edits[*].system": _ROW,
        "edits[*].segments[*].row": _ROW,
        **{
            f"buckets.edges.{name}[*]": Range(-1e9, 1e9)
            for name in ("ref_length", "length_diff", "baseline_bleu", "word_frequency")
        },
        "buckets.filter.bucket": Range(0, 10_000),
        "margin.baseline": _ROW,
        "margin.shown": _ROW,
        "margin.samples": Range(1, MAX_SAMPLES),
        "margin.seed": Range(0, MAX_SEED),
        "margin.tested[*]": _ROW,
        "margin.sentences[*]": _ROW,
        "margin.p_value": _P,
        "margin.p_value_one_fewer": _P,
        "margin.p_value_after": _P,
        "margin.tests": Range(1, MAX_SEGMENTS),
    }
)
"""Every number a session file holds, by its JSON place (`[*]`: any position in a list),
and the values it may take: the one place where a session's numbers are bounded.
A number outside is refused naming its place, before anything of the session
applies (a resample count the window cannot hold would fail half-way through
putting the session back). A place not here holds no number."""


def range_at(place: str) -> Range:
    """The range of the number at `place` (`edits[3].system`), as `RANGES` says it."""
    return RANGES[re.sub(r"\[\d+\]", "[*]", place)]
