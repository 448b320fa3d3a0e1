"""Files of the same job matched by unit id: one file's target scored against another's.

A translator's job comes back as two XLIFF files (or TMX exports) of the same units:
the machine pre-translation and the post-edited final. Scoring the first against the
second measures how much post-editing changed, but only if each unit meets its own
counterpart: CAT tools reorder units, split or merge them, drop untranslated ones.
`align_by_id` matches the units of any bundles that have `Bundle.segment_ids` (XLIFF,
TMX) by id and makes one bundle of them, which `bundle.select` turns into a test set
and systems like any other.

Units present in every file are kept, in the first reference file's order; a unit
missing from some file is left out, and the result's notices say, per file, how many
of the other files' units it lacks, naming the first few. A duplicated id in
a file is refused: which of the two would be the counterpart is anyone's guess.
Matched units must have the same source text: a file where more than half differ
from the first reference's is refused (another job's file, or ids shifted by a
split), one where fewer differ is scored with a warning naming them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bleu_gui.io.bundle import Bundle, Column, Role
from bleu_gui.io.errors import FormatError, display_name
from bleu_gui.io.readers import Segments

__all__ = ["align_by_id"]

SOURCE = "source"
"""The key of the aligned bundle's source column (the first reference's source)."""
_TARGET = "target"
# How many ids a notice names before it says "and N more".
_SHOWN = 3
# Files are refused when more than 1/_MOST of their matched units' sources differ.
_MOST = 2


def align_by_id(references: Sequence[Bundle], systems: Sequence[Bundle]) -> Bundle:
    """One bundle of the targets of `references` and `systems`, matched by unit id.

    Args:
        references: Files whose target is a reference (the post-edited final).
        systems: Files whose target is a system output (the MT pre-translation).

    Returns:
        A bundle with, for the units present in every file (in the first
        reference's order): the column "source" (the first reference file's source,
        `Role.SOURCE`), then each reference file's target (`Role.REFERENCE`), then
        each system file's target (`Role.SYSTEM`); each of these is keyed and
        labelled by its file's name, or by as much of its path as tells it apart
        from another file of the same name. Its `segment_ids` are the units' ids,
        its `units` the first reference's names of them.

    Raises:
        FormatError: No reference or no system is given; a file has no segment ids
            or no target column; an id is repeated in a file; no unit is in every
            file.
    """
    if not references:
        raise FormatError(_first_path(systems), "align by id: give a reference file")
    if not systems:
        raise FormatError(references[0].path, "align by id: give a system file")
    bundles = [*references, *systems]
    positions = [_positions(bundle) for bundle in bundles]
    first = references[0]
    common = [
        unit_id
        for unit_id in positions[0]
        if all(unit_id in others for others in positions[1:])
    ]
    if not common:
        others = ", ".join(display_name(bundle.path) for bundle in bundles[1:])
        raise FormatError(first.path, f"has no unit id in common with {others}")
    names = _names([bundle.path for bundle in bundles])
    source = _column(first, SOURCE, positions[0], common)
    columns = [Column(SOURCE, f"source ({names[0]})", Role.SOURCE, source)]
    roles = [Role.REFERENCE] * len(references) + [Role.SYSTEM] * len(systems)
    for bundle, index, name, role in zip(bundles, positions, names, roles, strict=True):
        target = _column(bundle, _target_key(bundle), index, common)
        columns.append(Column(name, name, role, target))
    notices = _notices(bundles, positions)
    notices += _sources_differ(bundles, positions, common)
    kept = [positions[0][unit_id] for unit_id in common]
    documents = None
    if first.documents is not None:
        documents = tuple(first.documents[index] for index in kept)
    return Bundle(
        first.path,
        first.format,
        tuple(columns),
        tuple(common),
        documents,
        tuple(notice for bundle in bundles for notice in bundle.notices) + notices,
        units=None if first.units is None else first.units.picked(kept),
    )


def _first_path(bundles: Sequence[Bundle]) -> Path:
    """The first bundle's file, for a message (the current folder if none)."""
    return bundles[0].path if bundles else Path()


def _positions(bundle: Bundle) -> dict[str, int]:
    """Each segment id of `bundle` and its index; a repeated id is refused."""
    if bundle.segment_ids is None:
        raise FormatError(
            bundle.path,
            f"its segments have no ids ({bundle.format} file): align it by position",
        )
    positions: dict[str, int] = {}
    for index, unit_id in enumerate(bundle.segment_ids):
        if unit_id in positions:
            raise FormatError(
                bundle.path,
                "appears twice in the file: units can be matched by id only if each "
                "id is unique",
                where=unit_id,
            )
        positions[unit_id] = index
    return positions


def _target_key(bundle: Bundle) -> str:
    """The key of a bundle's target: "target", or its only column but the source."""
    keys = [column.key for column in bundle.columns]
    if _TARGET in keys:
        return _TARGET
    others = [column.key for column in bundle.columns if column.role is not Role.SOURCE]
    if len(others) == 1:
        return others[0]
    raise FormatError(bundle.path, "has no target column to align by id")


def _column(
    bundle: Bundle, key: str, positions: dict[str, int], common: Sequence[str]
) -> Segments:
    """The column `key` of `bundle`, its segments in the order of `common`."""
    segments = bundle.column(key).segments
    kept = [positions[unit_id] for unit_id in common]
    lines = tuple(segments.lines[index] for index in kept)
    tags = None if segments.tags is None else tuple(segments.tags[i] for i in kept)
    return Segments(
        segments.path, lines, segments.encoding, segments.warnings, segments.bom, tags
    )


def _names(paths: Sequence[Path]) -> list[str]:
    """Each file's name, or as many trailing path parts as make it unique."""
    names = []
    for path in paths:
        same = [other for other in paths if other.name == path.name and other != path]
        depth = 1
        while same and depth < len(path.parts):
            depth += 1
            tail = path.parts[-depth:]
            same = [other for other in same if other.parts[-depth:] == tail]
        names.append(str(Path(*path.parts[-depth:])) if depth > 1 else path.name)
    return names


def _notices(
    bundles: Sequence[Bundle], positions: Sequence[dict[str, int]]
) -> tuple[str, ...]:
    """Per file, the units of the other files that it lacks (left out of all)."""
    every: dict[str, None] = {}
    for index in positions:
        every.update(dict.fromkeys(index))
    notices = []
    for bundle, index in zip(bundles, positions, strict=True):
        said = set(bundle.left_out)  # the file's own notices named them
        missing = [
            unit_id for unit_id in every if unit_id not in index and unit_id not in said
        ]
        if missing:
            notices.append(
                f"{display_name(bundle.path)}: lacks {_units(missing)} of the other "
                "files; left out of the scores"
            )
    return tuple(notices)


def _sources_differ(
    bundles: Sequence[Bundle], positions: Sequence[dict[str, int]], common: list[str]
) -> tuple[str, ...]:
    """A warning per file whose matched units' sources differ from the first file's.

    Ids say which units are counterparts only if both files come from the same
    job: a file of another job reuses the same ids, a CAT tool's split shifts every
    later id. Both files carry the source, so it is compared: a file where more
    than half of the matched units have another source (`_MOST`) is refused, as
    not of the same job; fewer are scored, with a warning naming them.

    Raises:
        FormatError: More than half of the matched units' sources differ.
    """
    first, first_index = bundles[0], positions[0]
    mine = _source_lines(first)
    if mine is None:
        return ()
    notices = []
    for bundle, index in zip(bundles[1:], positions[1:], strict=True):
        theirs = _source_lines(bundle)
        if theirs is None:
            continue
        differ = [
            unit_id
            for unit_id in common
            if mine[first_index[unit_id]] != theirs[index[unit_id]]
        ]
        if not differ:
            continue
        what = (
            f"the source of {_units(differ)} matched by id differs from "
            f"{display_name(first.path)}'s"
            if len(differ) == 1
            else f"the sources of {_units(differ)} of {len(common)} matched by id "
            f"differ from {display_name(first.path)}'s"
        )
        if len(differ) * _MOST > len(common):
            raise FormatError(
                bundle.path,
                f"{what}: not the same job's units (more than half differ), or "
                "its ids were shifted; nothing scored",
            )
        notices.append(f"{display_name(bundle.path)}: {what}; scored as matched")
    return tuple(notices)


def _source_lines(bundle: Bundle) -> tuple[str, ...] | None:
    """A bundle's source text per segment, or None when it has none."""
    sources = bundle.of_role(Role.SOURCE)
    return sources[0].segments.lines if sources else None


def _units(ids: Sequence[str]) -> str:
    """'1 unit (unit 'u7')', '5 units (unit 'a', unit 'b', unit 'c' and 2 more)'."""
    shown = ", ".join(ids[:_SHOWN])
    if len(ids) > _SHOWN:
        shown += f" and {len(ids) - _SHOWN} more"
    return f"1 unit ({shown})" if len(ids) == 1 else f"{len(ids)} units ({shown})"
