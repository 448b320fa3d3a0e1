"""Each QA check on one segment: what is wrong, in words a translator reads.

The checks of `core.qa_checks`, one function each, on one segment's hypothesis
(and source, tags, number conventions). Each returns its findings as `Finding`s,
at most `MOST_PER_CHECK` of a kind per segment (a 2 MB segment of numbers or
double spaces gives a few findings and a count of the rest, not a million).
Only the inconsistency check looks across segments; it is `core.qa`'s.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bleu_gui.core.inline_tags import InlineTag, SegmentTags
from bleu_gui.core.number_formats import (
    NumberConvention,
    number_key,
    number_keys,
    number_tokens,
)

__all__ = [
    "MOST_PER_CHECK",
    "Finding",
    "Span",
    "bounded",
    "empty",
    "end_punctuation",
    "numbers",
    "spaces",
    "tags",
    "untranslated",
]

MOST_PER_CHECK = 5
"""The most findings of one check in one segment; the last says how many more."""


@dataclass(frozen=True, slots=True)
class Span:
    """Where a finding is: characters `start` to `end` of the hypothesis.

    `in_source`: of the source instead, where the hypothesis has nothing to point
    at (a number or a tag it lacks). `start == end` is a place between
    characters (where a tag stood).
    """

    start: int
    end: int
    in_source: bool = False


@dataclass(frozen=True, slots=True)
class Finding:
    """What one check found in a segment: the message, and where."""

    message: str
    span: Span


# A letter of any script: a segment without one (numbers, punctuation) is the
# same in every language.
_LETTER = re.compile(r"[^\W\d_]")
_DOUBLE_SPACE = re.compile(r" {2,}")
# Closing quotes and brackets that may follow a sentence's last punctuation (German
# closes with “, French with », Japanese with 」).
_CLOSERS = "\"'\u201c\u201d\u2018\u2019\u00bb\u00ab\u203a)]}\u300d\u300f\u3011\uff09"
# Ending punctuation, written in any script, to the mark it is.
_ENDINGS = {
    ".": ".",
    "。": ".",
    "．": ".",
    "!": "!",
    "！": "!",
    "?": "?",
    "？": "?",
    "؟": "?",
    "\N{GREEK QUESTION MARK}": "?",
    ":": ":",
    "：": ":",
    ";": ";",
    "；": ";",
    "…": "…",
    ",": ",",
    "，": ",",
    "、": ",",
}


def bounded(findings: list[Finding]) -> list[Finding]:
    """At most `MOST_PER_CHECK` findings; the last kept says how many more."""
    if len(findings) <= MOST_PER_CHECK:
        return findings
    more = len(findings) - MOST_PER_CHECK
    last = findings[MOST_PER_CHECK - 1]
    tail = Finding(f"{last.message} (and {more} more like it)", last.span)
    return [*findings[: MOST_PER_CHECK - 1], tail]


def empty(hypothesis: str, source: str | None) -> list[Finding]:
    """An empty hypothesis (white space only), unless its source is empty too."""
    if hypothesis.strip() or (source is not None and not source.strip()):
        return []
    if source is None:
        return [Finding("the translation is empty", Span(0, 0))]
    return [Finding("the translation is empty", Span(0, len(source), in_source=True))]


def untranslated(hypothesis: str, source: str) -> list[Finding]:
    """The source copied unchanged, if it has a letter to translate."""
    text = hypothesis.strip()
    if not text or text != source.strip() or not _LETTER.search(text):
        return []
    return [
        Finding("the translation is the source, unchanged", Span(0, len(hypothesis)))
    ]


def numbers(
    hypothesis: str,
    source: str,
    source_convention: NumberConvention | None,
    target_convention: NumberConvention | None,
) -> list[Finding]:
    """Numbers of the source missing or changed, and numbers it lacks.

    Each side is read in its own convention; without both, by digits alone
    (`core.number_formats`). A source number missing where the hypothesis has
    one the source lacks is taken as changed into it, in order.
    """
    theirs, ours = number_tokens(source), number_tokens(hypothesis)
    if not theirs and not ours:
        return []
    if source_convention is None or target_convention is None:
        source_convention = target_convention = None
    if source_convention == target_convention and sorted(theirs) == sorted(ours):
        return []  # the same numbers, written alike, read alike
    keys_theirs = sorted(number_key(token, source_convention) for token in theirs)
    if keys_theirs == sorted(number_key(token, target_convention) for token in ours):
        return []
    wanted = list(number_keys(source, source_convention))
    found = list(number_keys(hypothesis, target_convention))
    left = Counter(key for key, _, _ in found)
    missing = []
    for key, start, end in wanted:
        if left[key] > 0:
            left[key] -= 1
        else:
            missing.append((start, end))
    needed = Counter(key for key, _, _ in wanted)
    extra = []
    for key, start, end in found:
        if needed[key] > 0:
            needed[key] -= 1
        else:
            extra.append((start, end))
    findings = []
    for (s_start, s_end), (h_start, h_end) in zip(missing, extra, strict=False):
        was, now = source[s_start:s_end], hypothesis[h_start:h_end]
        message = f"number {was} of the source is {now} here"
        if was == now:  # "1,500" is 1500 in English, 1.5 in German
            message += ", which the target language reads as another number"
        findings.append(Finding(message, Span(h_start, h_end)))
    paired = min(len(missing), len(extra))
    for start, end in missing[paired:]:
        findings.append(
            Finding(
                f"number {source[start:end]} of the source is missing",
                Span(start, end, in_source=True),
            )
        )
    for start, end in extra[paired:]:
        findings.append(
            Finding(
                f"number {hypothesis[start:end]} is not in the source", Span(start, end)
            )
        )
    return bounded(findings)


def tags(
    hypothesis: str, source_tags: SegmentTags, hypothesis_tags: SegmentTags
) -> list[Finding]:
    """Tags of the source missing, tags it lacks, or the same tags in another order."""
    if source_tags == hypothesis_tags:
        return []
    end = len(hypothesis)
    left = Counter(hypothesis_tags)
    findings = []
    for tag in source_tags:
        if left[tag] > 0:
            left[tag] -= 1
        else:
            findings.append(
                Finding(
                    f"tag {tag.label()} of the source is missing",
                    Span(tag.offset, tag.offset, in_source=True),
                )
            )
    needed = Counter(source_tags)
    for tag in hypothesis_tags:
        if needed[tag] > 0:
            needed[tag] -= 1
        else:
            at = min(tag.offset, end)
            findings.append(
                Finding(f"tag {tag.label()} is not in the source", Span(at, at))
            )
    if not findings:  # the same tags, in another order
        first = _first_moved(source_tags, hypothesis_tags)
        at = min(first.offset, end)
        findings.append(
            Finding(f"tag {first.label()} is out of the source's order", Span(at, at))
        )
    return bounded(findings)


def _first_moved(source_tags: SegmentTags, hypothesis_tags: SegmentTags) -> InlineTag:
    """The first tag of the hypothesis that is not where the source has it."""
    for ours, theirs in zip(hypothesis_tags, source_tags, strict=True):
        if ours != theirs:
            return ours
    raise ValueError("the tags are in the same order")


def end_punctuation(
    hypothesis: str, source: str, *, greek: bool = False
) -> list[Finding]:
    """The hypothesis ends with other punctuation (or none) than the source."""
    if not hypothesis.strip() or not source.strip():
        return []
    theirs, their_at = _ending(source, greek=False)
    ours, our_at = _ending(hypothesis, greek=greek)
    if ours == theirs:
        return []
    if ours is None:
        return [
            Finding(
                f"ends without the source's {theirs!r}",
                Span(their_at, their_at + 1, in_source=True),
            )
        ]
    span = Span(
        our_at, our_at + (3 if hypothesis.endswith("...", 0, our_at + 3) else 1)
    )
    if theirs is None:
        return [Finding(f"ends with {ours!r} where the source has none", span)]
    return [Finding(f"ends with {ours!r} where the source has {theirs!r}", span)]


def _ending(text: str, *, greek: bool) -> tuple[str | None, int]:
    """The mark a text ends with (past closing quotes), and where; None if none.

    `greek`: ";" is a question mark, as Greek writes it.
    """
    stripped = text.rstrip()
    end = len(stripped)
    while end and stripped[end - 1] in _CLOSERS:
        end -= 1
    if end >= 3 and stripped[end - 3 : end] == "...":
        return "…", end - 3
    if not end:
        return None, 0
    char = stripped[end - 1]
    if greek and char == ";":
        return "?", end - 1
    return _ENDINGS.get(char), end - 1


def spaces(hypothesis: str, tag_offsets: Sequence[int] = ()) -> list[Finding]:
    """Leading or trailing white space, and runs of two spaces or more.

    `tag_offsets`: where the hypothesis's inline tags stood. A code is taken out
    of the text with the spaces on its two sides kept ("page <ph/> for" reads
    "page  for", `io.inline_text`): two spaces around a tag are not two spaces.
    """
    if "  " not in hypothesis and not (
        hypothesis[:1].isspace() or hypothesis[-1:].isspace()
    ):
        return []
    findings = []
    lead = len(hypothesis) - len(hypothesis.lstrip())
    if hypothesis and lead == len(hypothesis):
        return [Finding("the translation is only white space", Span(0, lead))]
    if lead:
        findings.append(Finding("starts with a space", Span(0, lead)))
    for match in _DOUBLE_SPACE.finditer(hypothesis, lead, len(hypothesis.rstrip())):
        start, end = match.start(), match.end()
        if any(start < offset < end for offset in tag_offsets):
            continue
        findings.append(Finding("two spaces in a row", Span(start, end)))
    trail = len(hypothesis) - len(hypothesis.rstrip())
    if trail:
        end = len(hypothesis)
        findings.append(Finding("ends with a space", Span(end - trail, end)))
    return bounded(findings)
