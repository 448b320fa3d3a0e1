"""Files that hold several texts at once, and the choice of which text plays which role.

A plain text file is one text: one system's output, or one reference. The files that
people bring hold more: a WMT XML test set holds the source, every reference and ten
systems, with document ids; a spreadsheet holds a column per text; an XLIFF file
holds each unit's source and target. Each format's reader turns its file into a
`Bundle`: named `Column`s of segments, all aligned (segment ``i`` of every column is
the same segment), with the document id and the id of each segment when the format
has them. Choosing roles (`Roles`) then picks which columns are the source, the
references and the systems, and `select` makes the `TestSet` and the systems'
segments the rest of the program already scores.

The readers live in a module each (`io.formats` dispatches by format); this module
holds only what they share, so that the command line and the window choose roles the
same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from bleu_gui.io.errors import FormatError
from bleu_gui.io.file_format import Format
from bleu_gui.io.readers import Segments
from bleu_gui.io.test_set import TestSet

__all__ = [
    "ROW",
    "UNIT",
    "Bundle",
    "Column",
    "Format",
    "Role",
    "Roles",
    "Selection",
    "Units",
    "select",
]


class Role(StrEnum):
    """What a column can be in a test set."""

    SOURCE = "source"
    REFERENCE = "reference"
    SYSTEM = "system"
    DOCUMENT = "document"
    UNIT = "unit"


@dataclass(frozen=True, slots=True)
class Units:
    """Each segment's name in its file, as the file's own tool shows it.

    The table's "#" counts the segments kept; a translator knows a segment by
    its unit id in the CAT tool (XLIFF trans-unit or unit id, TMX ``tuid``) and
    a spreadsheet's user by its row as Excel numbers it. After units are left
    out the two differ ("#8" is trans-unit 9), so every place that names a
    segment to such a user names its unit too: the window's table and detail,
    ``-sl`` output, every sentence export.

    Attributes:
        header: What a unit is called: "Unit" (XLIFF, TMX) or "Row" (a
            spreadsheet); the header of the column that shows them.
        names: Each segment's name: a unit's id ("u9"; "#5" for a unit without
            one, its position among the file's units), a row's number ("9").
    """

    header: str
    names: tuple[str, ...]

    @property
    def key(self) -> str:
        """What a unit is called in running text and JSON keys: "unit", "row"."""
        return self.header.lower()

    def place(self, index: int) -> str:
        """Segment `index`'s (0-based) unit in words: "unit u9", "row 9"."""
        return f"{self.key} {self.names[index]}"

    def picked(self, indices: Sequence[int]) -> Units:
        """The units of the segments at `indices`, in that order."""
        return Units(self.header, tuple(self.names[index] for index in indices))


UNIT = "Unit"
"""`Units.header` of a translators' file (XLIFF, TMX)."""
ROW = "Row"
"""`Units.header` of a spreadsheet."""


@dataclass(frozen=True, slots=True)
class Column:
    """One text of a bundle, segment-aligned with the bundle's other columns.

    Attributes:
        key: Unique in its bundle and stable across readings of the same file; what
            the command line takes to choose it ("A" for WMT reference A, a system's
            name, a spreadsheet header, "target").
        label: What users read in lists and messages ("reference A", "Facebook-AI",
            "column 'mt'").
        role: What the file says the column is (WMT XML knows; a spreadsheet header
            may suggest it), or None when only the user can say.
        segments: The text, one string per segment; `Segments.path` is the bundle's
            file, so every message about it names that file.
        notices: The bundle's notices that are about this column alone (a
            spreadsheet column's empty cells, a reference's gaps): said when the
            column is chosen, not when it is left out (`Selection.notices`).
    """

    key: str
    label: str
    role: Role | None
    segments: Segments
    notices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Bundle:
    """Everything one file holds, as aligned columns.

    Attributes:
        path: The file read.
        format: Its format.
        columns: The texts, in file order.
        segment_ids: Each segment's place in the format's own terms ("document
            'doc7', segment 3", "unit 'u17'"), for messages and for aligning two
            files by id; None when the line number says it.
        documents: Each segment's document id, or None when the format has none.
        units: Each segment's unit as its file's tool names it (XLIFF and TMX
            ids, spreadsheet rows), for people to find it there; None for formats
            whose segments people know by position (WMT XML and SGML).
        notices: One-line notes about what was read and what was left out (skipped
            test-suite documents, segments without a reference, units missing on
            one side), each naming the file; every column's own notices too.
        left_out: The ids of the units the reader left out and named in its
            notices (an XLIFF unit without a target): matching files by id, the
            other files' counterparts are left out without saying it again.
        sheets: An XLSX workbook's sheet names, in its order (the window lists
            them to choose from); empty for other formats.
        languages: A TMX file's languages as it writes them: the source and
            target read, then the others in the order first found (the window
            lists them to choose from); an XLIFF file's source and target
            languages as its header names them; empty for other formats.
    """

    path: Path
    format: Format
    columns: tuple[Column, ...]
    segment_ids: tuple[str, ...] | None = None
    documents: tuple[str, ...] | None = None
    notices: tuple[str, ...] = ()
    left_out: tuple[str, ...] = ()
    units: Units | None = None
    sheets: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()

    def column(self, key: str) -> Column:
        """The column named `key`.

        Raises:
            FormatError: No column has that key; the message lists the keys there are.
        """
        for column in self.columns:
            if column.key == key:
                return column
        keys = ", ".join(repr(column.key) for column in self.columns) or "none"
        raise FormatError(self.path, f"has no column {key!r} (it has {keys})")

    def of_role(self, role: Role) -> tuple[Column, ...]:
        """The columns the file itself says play `role`, in file order."""
        return tuple(column for column in self.columns if column.role is role)


@dataclass(frozen=True, slots=True)
class Roles:
    """Which columns of a bundle play which role (column keys).

    Attributes:
        references: One or more reference columns.
        systems: One or more system columns; the first is the baseline.
        source: The source column, if any.
        documents: The column of document ids, for formats that keep them in a
            column (a spreadsheet); formats with their own document ids ignore it.
        units: The column of unit ids (a spreadsheet's "id" column): each
            segment's name in the table, `-sl` and exports instead of its row.
    """

    references: tuple[str, ...]
    systems: tuple[str, ...]
    source: str | None = None
    documents: str | None = None
    units: str | None = None

    def to_json(self) -> dict[str, object]:
        """The roles as JSON values (sessions and the recent list store them).

        "units" only when chosen: files written before it existed read the same.
        """
        data: dict[str, object] = {
            "references": list(self.references),
            "systems": list(self.systems),
            "source": self.source,
            "documents": self.documents,
        }
        if self.units is not None:
            data["units"] = self.units
        return data


@dataclass(frozen=True, slots=True)
class Selection:
    """A bundle with its roles chosen: what the scorer needs.

    Attributes:
        test_set: The references and source.
        systems: Each system's name and segments, in the order chosen.
        documents: Each segment's document id, or None.
        notices: The bundle's notices, but those of the columns left out (no
            warning that the unused column 'notes' has empty cells).
        units: Each segment's unit (`Bundle.units`), or None.
    """

    test_set: TestSet
    systems: tuple[tuple[str, Segments], ...]
    documents: tuple[str, ...] | None = None
    notices: tuple[str, ...] = ()
    units: Units | None = None


def select(
    bundle: Bundle, roles: Roles, *, systems_elsewhere: bool = False
) -> Selection:
    """The test set and systems that `roles` picks out of `bundle`.

    A column may play one role only: the same column as a reference and a system,
    or twice as a reference, would count its n-grams twice (or score a reference
    against itself), so it is refused.

    `systems_elsewhere`: the systems to score come (also) from other files, as in
    ``bleu-gui score TESTSET.xml -i mine.txt``; then no system column need be
    chosen.

    Raises:
        FormatError: A key names no column, a column is given two roles, or no
            reference or no system is chosen.
    """
    if not roles.references:
        raise FormatError(bundle.path, "choose at least one reference")
    if not roles.systems and not systems_elsewhere:
        raise FormatError(bundle.path, "choose at least one system")
    given: list[tuple[str, str]] = [(key, "a reference") for key in roles.references]
    given += [(key, "a system") for key in roles.systems]
    if roles.source is not None:
        given.append((roles.source, "the source"))
    if roles.documents is not None:
        given.append((roles.documents, "the document ids"))
    if roles.units is not None:
        given.append((roles.units, "the unit ids"))
    _check_once(bundle, given)
    references = tuple(bundle.column(key).segments for key in roles.references)
    source = None if roles.source is None else bundle.column(roles.source).segments
    systems = tuple(
        (bundle.column(key).label, bundle.column(key).segments) for key in roles.systems
    )
    documents = bundle.documents
    if documents is None and roles.documents is not None:
        documents = bundle.column(roles.documents).segments.lines
    chosen = {key for key, _ in given}
    left_out = {
        notice
        for column in bundle.columns
        if column.key not in chosen
        for notice in column.notices
    }
    notices = tuple(notice for notice in bundle.notices if notice not in left_out)
    test_set = TestSet(references, source, bundle.path)
    units = bundle.units
    if roles.units is not None:
        units = Units(UNIT, bundle.column(roles.units).segments.lines)
    return Selection(test_set, systems, documents, notices, units)


def _check_once(bundle: Bundle, given: Sequence[tuple[str, str]]) -> None:
    """Refuse a column chosen for two roles (or twice for one)."""
    seen: dict[str, str] = {}
    for key, role in given:
        label = bundle.column(key).label
        if key in seen:
            raise FormatError(
                bundle.path,
                f"{label} is chosen as {seen[key]} and as {role}: "
                "a column can play one role only",
            )
        seen[key] = role
