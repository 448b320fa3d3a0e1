"""Which XLIFF units hold a finished translation, by the file's own workflow marks.

A CAT tool exports every unit of a job, finished or not: an empty target marked
``needs-translation``, a target that is still a copy of the source, a unit not to be
translated at all (``translate="no"``). Scored as references, such targets make the
numbers wrong without a word. By default (`XliffStates.FINAL`) only units whose
target the file calls a translation count:

* XLIFF 1.2: the `<target>`'s ``state`` is ``translated``, ``final`` or
  ``signed-off``, or absent (the other values of the specification, ``new``,
  ``needs-translation``, ``needs-adaptation``, ``needs-l10n`` and the
  ``needs-review-...`` ones, and tools' own ``x-...`` values, say the target is
  not finished);
* XLIFF 2: the `<segment>`'s ``state`` is ``translated``, ``reviewed`` or
  ``final``, or absent (``initial`` is not). The specification's default is
  ``initial``, but a file that writes no state at all says nothing of its
  workflow, and is read as translated;
* both: the unit is not marked ``translate="no"`` (on itself or, inherited, on
  its `<group>` or XLIFF 2 `<file>`);
* Trados's SDLXLIFF, per segment (`io.xliff_segments`): the segment's
  confirmation level, ``<sdl:seg id="MID" conf="...">`` in its unit's
  `<sdl:seg-defs>`, is ``Translated``, ``ApprovedTranslation`` or
  ``ApprovedSignOff``; ``Draft``, ``RejectedTranslation``, ``RejectedSignOff``
  (and any other) are not finished, and neither is a segment without a level
  whose target is empty (Trados's "Not Translated"). A segment without a level
  but with a target is read as translated, as a target without a state is.

`XliffStates.ALL` counts every unit with a target. The units left out are said in
one notice per file, by reason, with the choice that counts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any

from bleu_gui.io.errors import display_name

__all__ = [
    "COUNT_ALL_HINT",
    "XliffStates",
    "is_left_untranslated",
    "left_out_notice",
    "not_final",
    "segment_not_final",
]


class XliffStates(StrEnum):
    """Which XLIFF units count. The value is what users type (``--xliff-states``)."""

    FINAL = "final"
    ALL = "all"


COUNT_ALL_HINT = (
    '--xliff-states all (in the window: "Count unfinished XLIFF units") counts them'
)
"""How the user counts the units left out, on the command line and in the window."""

_FINAL_12 = frozenset({"translated", "final", "signed-off"})
_FINAL_2 = frozenset({"translated", "reviewed", "final"})
_FINAL_SDL = frozenset({"Translated", "ApprovedTranslation", "ApprovedSignOff"})
_SDL = "{http://sdl.com/FileTypes/SdlXliff/1.0}"
# Elements that may carry `translate`, nearest first (XLIFF 1.2 and 2).
_TRANSLATE_HOLDERS = frozenset({"trans-unit", "unit", "group", "file"})
# How many ids a notice names per reason before it says "and N more".
_SHOWN = 3


def not_final(element: Any, target: Any, *, version_2: bool) -> str | None:
    """Why a unit's target is not a finished translation, or None.

    `element` is the XLIFF 1.2 `<trans-unit>` or the XLIFF 2 `<segment>`, `target`
    its `<target>` (lxml elements).
    """
    if _translate_no(element):
        return 'translate="no"'
    holder = element if version_2 else target
    state = holder.get("state")
    if state is None:
        return None
    final = _FINAL_2 if version_2 else _FINAL_12
    return None if state in final else f'state="{state}"'


def segment_not_final(unit: Any, mid: str, target_text: str) -> str | None:
    """Why a segment of an SDLXLIFF `<trans-unit>` is not finished, or None.

    `unit` is the trans-unit (an lxml element), `mid` the segment's, `target_text`
    its target's text. A unit without `<sdl:seg-defs>` (plain XLIFF 1.2) has no
    segment levels: None.
    """
    definitions = next(unit.iterchildren(_SDL + "seg-defs"), None)
    if definitions is None:
        return None
    conf = None
    for definition in definitions.iterchildren(_SDL + "seg"):
        if definition.get("id") == mid:
            conf = definition.get("conf")
            break
    if conf is None:
        return None if target_text else "conf unset, target empty"
    return None if conf in _FINAL_SDL else f'conf="{conf}"'


def is_left_untranslated(element: Any, target: Any | None) -> bool:
    """Whether a unit is marked not for translation and has no target.

    Not a unit with its target missing: the file says none is wanted. Trados
    writes one such unit for every piece of layout between two paragraphs
    (`<trans-unit translate="no">` holding only tags), dozens in a real file; a
    warning for each would bury the warnings that matter.
    """
    return target is None and _translate_no(element)


def _translate_no(element: Any) -> bool:
    """Whether the nearest `translate` of the element or its ancestors is "no"."""
    node = element
    while node is not None:
        name = str(node.tag).rpartition("}")[2]
        if name in _TRANSLATE_HOLDERS and node.get("translate") is not None:
            return str(node.get("translate")) == "no"
        node = node.getparent()
    return False


def left_out_notice(path: Path, left_out: Sequence[tuple[str, str]]) -> str:
    """One notice for the units left out as unfinished: (id, reason) each."""
    by_reason: dict[str, list[str]] = {}
    for unit_id, reason in left_out:
        by_reason.setdefault(reason, []).append(unit_id)
    parts = []
    for reason, ids in by_reason.items():
        shown = ", ".join(ids[:_SHOWN])
        if len(ids) > _SHOWN:
            shown += f" and {len(ids) - _SHOWN} more"
        parts.append(f"{len(ids)} {reason} ({shown})")
    count = "1 unit" if len(left_out) == 1 else f"{len(left_out)} units"
    return (
        f"{display_name(path)}: {count} left out, not a finished translation: "
        f"{'; '.join(parts)}; {COUNT_ALL_HINT}"
    )
