"""QA checks of a system's translations, as Xbench and CAT tools run them.

`iter_qa` runs the checks of `core.qa_checks` on every segment of one system's
hypotheses against their source (`core.qa_rules`, one segment at a time; the
inconsistency check across the system), in chunks, yielding its progress as every
background step of the window does; `qa_of` runs it to its end. The result,
`QaResult`, holds each segment's issues (its row, the check, the message, the span)
and the counts per check.

What cannot run says why instead of finding nothing: without a source only the
checks that need none run (`CheckSpec.needs_source`), without inline tags (a text
file, a spreadsheet) the tag check does not (`QaResult.not_run`). Numbers are
read in each side's language when both are known (`core.number_formats`); when one
is not, they are compared by their digits and `QaResult.notices` says so.

Bounded for huge segments: the numbers and spaces checks read a segment's first
`LONGEST` characters (and a notice counts the segments cut), and no check reports
more than `qa_rules.MOST_PER_CHECK` findings in one segment. 100,000 segments are
checked in about a second (`tests/core/test_qa.py` measures a bound).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from bleu_gui.core.inline_tags import SegmentTags
from bleu_gui.core.number_formats import convention_of
from bleu_gui.core.qa_checks import ALL_CHECKS, CHECKS, CheckKind
from bleu_gui.core.qa_rules import (
    Finding,
    Span,
    empty,
    end_punctuation,
    numbers,
    spaces,
    tags,
    untranslated,
)
from bleu_gui.core.steps import drain

__all__ = [
    "LONGEST",
    "NO_SOURCE",
    "NO_TAGS",
    "QaIssue",
    "QaResult",
    "Span",
    "iter_qa",
    "qa_of",
]

LONGEST = 100_000
"""The characters of a segment the numbers and spaces checks read."""

# Segments per step: ~8 ms; a worker thread gives way to the GUI only between steps.
_CHUNK = 500
_ORDER = {spec.kind: index for index, spec in enumerate(CHECKS)}
NO_SOURCE = "needs the source, and none was given"
"""Why a check that compares with the source did not run (`QaResult.not_run`)."""
NO_TAGS = "needs inline tags, which only XLIFF and TMX files keep"
"""Why the tag check did not run on a format without tags."""


@dataclass(frozen=True, slots=True)
class QaIssue:
    """One problem found: the segment (0-based row), the check, what, where."""

    row: int
    kind: CheckKind
    message: str
    span: Span


@dataclass(frozen=True, slots=True)
class QaResult:
    """One system's QA issues.

    Attributes:
        rows: How many segments were checked.
        enabled: The checks switched on.
        by_row: Each segment with issues (row, 0-based) to its issues, in the
            order of `CHECKS`; rows in order; segments without issues absent.
        counts: Each check that ran to its number of issues (0 included).
        not_run: Each check switched on that could not run, and why.
        notices: What a user should know about how the checks read the text.
    """

    rows: int
    enabled: frozenset[CheckKind]
    by_row: Mapping[int, tuple[QaIssue, ...]]
    counts: Mapping[CheckKind, int]
    not_run: Mapping[CheckKind, str]
    notices: tuple[str, ...]

    @property
    def total(self) -> int:
        """How many issues, of every check."""
        return sum(self.counts.values())

    def issues(self) -> tuple[QaIssue, ...]:
        """Every issue, by row, then in the order of `CHECKS`."""
        return tuple(issue for found in self.by_row.values() for issue in found)

    def row_issues(self, row: int) -> tuple[QaIssue, ...]:
        """The issues of segment `row` (none: empty)."""
        return self.by_row.get(row, ())

    def flagged(self, kind: CheckKind | None = None) -> npt.NDArray[np.bool_]:
        """Per segment, whether it has an issue (of `kind`, or of any check)."""
        mask = np.zeros(self.rows, dtype=bool)
        rows = [
            row
            for row, found in self.by_row.items()
            if kind is None or any(issue.kind is kind for issue in found)
        ]
        mask[rows] = True
        return mask


def qa_of(
    hypotheses: Sequence[str],
    sources: Sequence[str] | None = None,
    *,
    source_tags: Sequence[SegmentTags] | None = None,
    hypothesis_tags: Sequence[SegmentTags] | None = None,
    source_language: str | None = None,
    target_language: str | None = None,
    enabled: frozenset[CheckKind] = ALL_CHECKS,
) -> QaResult:
    """`iter_qa` run to its end."""
    return drain(
        iter_qa(
            hypotheses,
            sources,
            source_tags=source_tags,
            hypothesis_tags=hypothesis_tags,
            source_language=source_language,
            target_language=target_language,
            enabled=enabled,
        )
    )


def iter_qa(
    hypotheses: Sequence[str],
    sources: Sequence[str] | None = None,
    *,
    source_tags: Sequence[SegmentTags] | None = None,
    hypothesis_tags: Sequence[SegmentTags] | None = None,
    source_language: str | None = None,
    target_language: str | None = None,
    enabled: frozenset[CheckKind] = ALL_CHECKS,
) -> Generator[tuple[int, int, str], None, QaResult]:
    """Check every segment in chunks; yields (done, total, what), returns the result.

    Args:
        hypotheses: One system's segments.
        sources: The source of each segment, or None without one.
        source_tags: Each source segment's inline tags, or None when the format
            keeps none.
        hypothesis_tags: The same of the hypotheses.
        source_language: The source's language tag ("en", "de-CH"), or None
            when not known: for reading numbers.
        target_language: The hypotheses' language tag, or None.
        enabled: The checks to run.

    Raises:
        ValueError: `sources` or a tags sequence has another length than
            `hypotheses`.
    """
    total = len(hypotheses)
    for name, given in (
        ("sources", sources),
        ("source tags", source_tags),
        ("hypothesis tags", hypothesis_tags),
    ):
        if given is not None and len(given) != total:
            raise ValueError(f"{len(given)} {name} for {total} hypotheses")
    not_run = _not_run(enabled, sources, source_tags, hypothesis_tags)
    running = frozenset(kind for kind in enabled if kind not in not_run)
    plan = _Plan(running, source_language, target_language)
    found: dict[int, list[QaIssue]] = {}
    cut = 0
    for start in range(0, total, _CHUNK):
        stop = min(start + _CHUNK, total)
        for row in range(start, stop):
            hypothesis = hypotheses[row]
            source = None if sources is None else sources[row]
            cut += len(hypothesis) > LONGEST or len(source or "") > LONGEST
            pairs = (
                None
                if source_tags is None or hypothesis_tags is None
                else (source_tags[row], hypothesis_tags[row])
            )
            issues = [
                QaIssue(row, kind, finding.message, finding.span)
                for kind, finding in plan.check(hypothesis, source, pairs)
            ]
            if issues:
                found[row] = issues
        yield stop, total, "checking segments"
    if CheckKind.INCONSISTENT in running and sources is not None:
        for issue in _inconsistent(hypotheses, sources):
            found.setdefault(issue.row, []).append(issue)
        yield total, total, "comparing translations of the same source"
    by_row = {
        row: tuple(sorted(found[row], key=lambda issue: _ORDER[issue.kind]))
        for row in sorted(found)
    }
    counts = dict.fromkeys((spec.kind for spec in CHECKS if spec.kind in running), 0)
    for row_issues in by_row.values():
        for issue in row_issues:
            counts[issue.kind] += 1
    notices = plan.notices()
    if cut and running & {CheckKind.NUMBERS, CheckKind.SPACES}:
        segments = "1 segment is" if cut == 1 else f"{cut:,} segments are"
        notices += (
            f"{segments} longer than {LONGEST:,} characters: numbers and spaces "
            f"were checked in the first {LONGEST:,} only",
        )
    return QaResult(
        total,
        enabled,
        MappingProxyType(by_row),
        MappingProxyType(counts),
        MappingProxyType(not_run),
        notices,
    )


def _not_run(
    enabled: frozenset[CheckKind],
    sources: Sequence[str] | None,
    source_tags: Sequence[SegmentTags] | None,
    hypothesis_tags: Sequence[SegmentTags] | None,
) -> dict[CheckKind, str]:
    """The checks switched on that cannot run on these inputs, and why."""
    reasons = {}
    for spec in CHECKS:
        if spec.kind not in enabled:
            continue
        if spec.needs_source and sources is None:
            reasons[spec.kind] = NO_SOURCE
        elif spec.needs_tags and (source_tags is None or hypothesis_tags is None):
            reasons[spec.kind] = NO_TAGS
    return reasons


class _Plan:
    """The checks to run on each segment, with the languages' number conventions."""

    def __init__(
        self,
        running: frozenset[CheckKind],
        source_language: str | None,
        target_language: str | None,
    ) -> None:
        self._running = running
        self._languages = (source_language, target_language)
        self._source = convention_of(source_language)
        self._target = convention_of(target_language)
        primary = (target_language or "").lower().replace("_", "-").split("-")[0]
        self._greek = primary == "el"

    def check(
        self,
        hypothesis: str,
        source: str | None,
        pairs: tuple[SegmentTags, SegmentTags] | None,
    ) -> list[tuple[CheckKind, Finding]]:
        """Every finding of the checks run on one segment, check by check."""
        running = self._running
        out: list[tuple[CheckKind, Finding]] = []
        if CheckKind.EMPTY in running:
            out += [(CheckKind.EMPTY, found) for found in empty(hypothesis, source)]
        if CheckKind.SPACES in running:
            offsets = () if pairs is None else [tag.offset for tag in pairs[1]]
            found_spaces = spaces(hypothesis[:LONGEST], offsets)
            out += [(CheckKind.SPACES, found) for found in found_spaces]
        if source is None:
            return out
        if CheckKind.UNTRANSLATED in running:
            out += [
                (CheckKind.UNTRANSLATED, found)
                for found in untranslated(hypothesis, source)
            ]
        if CheckKind.NUMBERS in running:
            out += [
                (CheckKind.NUMBERS, found)
                for found in numbers(
                    hypothesis[:LONGEST], source[:LONGEST], self._source, self._target
                )
            ]
        if CheckKind.TAGS in running and pairs is not None:
            out += [(CheckKind.TAGS, found) for found in tags(hypothesis, *pairs)]
        if CheckKind.PUNCTUATION in running:
            out += [
                (CheckKind.PUNCTUATION, found)
                for found in end_punctuation(hypothesis, source, greek=self._greek)
            ]
        return out

    def notices(self) -> tuple[str, ...]:
        """Why numbers are compared by their digits only, if they are."""
        if CheckKind.NUMBERS not in self._running:
            return ()
        if self._source is not None and self._target is not None:
            return ()
        named = [
            f"the number format of the {side} language {language!r} is not known"
            for side, language, convention in (
                ("source", self._languages[0], self._source),
                ("target", self._languages[1], self._target),
            )
            if convention is None and language
        ]
        unnamed = [
            side
            for side, language in zip(
                ("source", "target"), self._languages, strict=True
            )
            if not language
        ]
        if unnamed:
            sides = " and ".join(unnamed)
            verb = "is" if len(unnamed) == 1 else "are"
            plural = "" if len(unnamed) == 1 else "s"
            named.insert(0, f"the {sides} language{plural} {verb} not known")
        return (
            "numbers are compared by their digits alone (1,5 and 1.5 count as the "
            f"same): {'; '.join(named)}",
        )


def _inconsistent(hypotheses: Sequence[str], sources: Sequence[str]) -> list[QaIssue]:
    """The segments whose source is translated differently elsewhere.

    Segments with an empty source or an empty translation take no part (the
    empty check names the latter).
    """
    rows_of: dict[str, list[int]] = {}
    for row, (source, hypothesis) in enumerate(zip(sources, hypotheses, strict=True)):
        if source.strip() and hypothesis.strip():
            rows_of.setdefault(source, []).append(row)
    issues = []
    for rows in rows_of.values():
        if len(rows) < 2:
            continue
        counts = Counter(hypotheses[row] for row in rows)
        if len(counts) < 2:
            continue
        # Each translation's first segment: the first other one, for any row, is
        # the first of the first two (linear, however often a source repeats).
        first: dict[str, int] = {}
        for row in rows:
            first.setdefault(hypotheses[row], row)
        firsts = sorted(first.values())
        for row in rows:
            own = hypotheses[row]
            other = firsts[1] if firsts[0] == first[own] else firsts[0]
            others = len(rows) - counts[own]
            more = f" and {others - 1:,} more" if others > 1 else ""
            issues.append(
                QaIssue(
                    row,
                    CheckKind.INCONSISTENT,
                    "the same source is translated differently in segment "
                    f"{other + 1}{more}",
                    Span(0, len(own)),
                )
            )
    return issues
