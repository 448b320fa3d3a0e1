"""The segments of an XLIFF 1.2 trans-unit: its `<mrk mtype="seg">` marks.

A CAT tool splits a paragraph into sentences and writes each as a segment of the
same `<trans-unit>`: the `<seg-source>` holds the source segments, the `<target>`
the target segments, each a ``<mrk mtype="seg" mid="...">``, paired by their `mid`
(XLIFF 1.2's segmentation, as Trados Studio's SDLXLIFF and Okapi write it).
Translators work, confirm and review segment by segment (Trados numbers them by
`mid`), so each segment is a sentence of its own here, named after its unit
(`segment_name`).

What is decided here:

* a unit is segmented when its `<seg-source>` holds at least one segment mark;
  otherwise it is one sentence, its `<source>` and `<target>` (`split_unit`
  returns None);
* the marks are found at any depth (Trados wraps a paragraph's segments in the
  `<g>` of its formatting), but a mark inside another segment is not a segment;
* whatever lies outside the marks (the spaces between sentences, a tag around
  them) is in no segment;
* the target's marks must be the seg-source's, mid for mid, each once: a target
  whose marks name other mids, lack one, repeat one, or a mark without a mid,
  cannot be paired without guessing, and is a `Split.mismatch`;
* an empty `<target/>` (no mark, no text) is an empty target for each segment;
  a target with text but no mark is a mismatch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["SEGMENT_SEPARATOR", "Split", "segment_name", "split_unit"]

SEGMENT_SEPARATOR = "::"
"""Between a unit's name and its segment's, as translate-toolkit names XLIFF 2's."""


@dataclass(frozen=True)
class Split:
    """A segmented unit's segments, or why its target's cannot be paired.

    `segments`: each segment's mid, its source mark and its target mark (None:
    the target is empty), in the seg-source's order. `mismatch`: when not None,
    the mids of both sides as a message says them ("mid 1, 2 in <seg-source>,
    mid 1 in <target>"), and `segments` is empty.
    `mids`: the seg-source's mids, to name the unit's segments when left out.
    """

    segments: tuple[tuple[str, Any, Any | None], ...]
    mismatch: str | None
    mids: tuple[str, ...]


def segment_name(unit: str, mid: str, count: int) -> str:
    """A segment's name: its unit's, with its mid when the unit has several.

    The same rule as XLIFF 2's segments: a unit of one segment is the unit a
    translator knows ("tu7"), one of several is "tu7::3".
    """
    return unit if count == 1 else f"{unit}{SEGMENT_SEPARATOR}{mid}"


def split_unit(unit: Any, target: Any | None) -> Split | None:
    """The segments of the `<trans-unit>` element `unit`, None if it has none.

    `target` is the unit's `<target>` element (None when it has none: then
    every segment's target is None too, and the caller says the unit has no
    target).
    """
    seg_source = next(unit.iterchildren("{*}seg-source", "seg-source"), None)
    if seg_source is None:
        return None
    sources = _marks(seg_source)
    if not sources:
        return None
    source_mids = tuple(_mid(mark) for mark in sources)
    empty = target is None or (not _marks(target) and not _has_text(target))
    if empty:
        targets: list[Any | None] = [None] * len(sources)
        target_mids = source_mids
    else:
        found = _marks(target)
        targets = list(found)
        target_mids = tuple(_mid(mark) for mark in found)
    if not _pairable(source_mids, target_mids):
        shown = () if empty else target_mids
        return Split((), _mismatch(source_mids, shown), source_mids)
    by_mid = dict(zip(target_mids, targets, strict=True))
    return Split(
        tuple(
            (mid, mark, by_mid[mid])
            for mid, mark in zip(source_mids, sources, strict=True)
        ),
        None,
        source_mids,
    )


def _marks(element: Any) -> list[Any]:
    """The segment marks in `element`, at any depth, but not inside another."""
    found: list[Any] = []
    for mark in element.iter("{*}mrk", "mrk"):
        if mark.get("mtype") != "seg":
            continue
        if any(_is_segment(parent) for parent in mark.iterancestors()):
            continue
        found.append(mark)
    return found


def _is_segment(element: Any) -> bool:
    """Whether `element` is a segment mark."""
    name = str(element.tag).rpartition("}")[2]
    return name == "mrk" and element.get("mtype") == "seg"


def _mid(mark: Any) -> str:
    """A segment mark's mid ("" when it has none)."""
    return str(mark.get("mid") or "")


def _has_text(element: Any) -> bool:
    """Whether `element` holds any text or element (a target not empty)."""
    return bool((element.text or "").strip()) or len(element) > 0


def _pairable(source_mids: Sequence[str], target_mids: Sequence[str]) -> bool:
    """Whether each source mid meets one target mid: all named, none repeated."""
    return (
        "" not in source_mids
        and len(set(source_mids)) == len(source_mids)
        and sorted(source_mids) == sorted(target_mids)
    )


def _mismatch(source_mids: Sequence[str], target_mids: Sequence[str]) -> str:
    """The mids of both sides, as a message says them."""
    return f"{_listed(source_mids)} in <seg-source>, {_listed(target_mids)} in <target>"


def _listed(mids: Sequence[str]) -> str:
    """'mid 1, 2' ('?' for a mark without a mid), or 'no segment'."""
    if not mids:
        return "no segment"
    return "mid " + ", ".join(mid or "?" for mid in mids)
