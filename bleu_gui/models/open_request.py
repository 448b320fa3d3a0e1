"""What the window opens: files in roles (`FileSet`) or one file of several texts.

A `FileSet` names each file's role and encoding; a `BundleSet` is one file that
holds a whole test set (WMT XML, a spreadsheet) with the roles of its columns.
The session opens either (`Session.open_files`, `Session.open_bundle`), the
reading jobs read them (`models.loading`), and session files and the recent-files
list keep them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from bleu_gui.io.bundle import Format, Roles
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.formats import TEST_SET_FORMATS, detect_format
from bleu_gui.io.named_source import NamedSource
from bleu_gui.io.roles_check import repeated_file

__all__ = [
    "BundleSet",
    "FileSet",
    "NamedSource",
    "OpenRequest",
    "opens_with_roles",
    "systems_asked",
]


@dataclass(frozen=True, slots=True)
class FileSet:
    """Which files play which role.

    Each file is read in its own encoding (`encoding_of`): a latin-1 output
    scored against UTF-8 references is common, and re-decoding the references as
    latin-1 would silently change the score. XLIFF and TMX files (`io.formats`
    tells them by name) are files in roles too: each is read as a bundle and they
    are aligned by unit id (`io.align.align_by_id`), their source text the source.

    Attributes:
        hypothesis: the shown candidate (one system's output).
        references: one or more reference files.
        source: the optional source file.
        encoding: how to decode a file without an encoding of its own.
        drop_bom: drop a byte-order mark at the start of a file (sacreBLEU keeps
            it, glued to the first word; the signature then says `bom:dropped`).
        systems: every system's output in the order given, `hypothesis` among
            them; the first is the baseline. Empty: `hypothesis` is the only one.
        encodings: (file, encoding) of the files read otherwise than `encoding`;
            kept sorted and without entries equal to `encoding`, so that equal
            choices make equal file sets (the recent-files list compares them).
        options: the format options of XLIFF and TMX files (TMX languages).
        named: the sacreBLEU test sets the references, source and document ids
            are read from, by sacreBLEU's code (`references` and `source` then
            name the first set's cache files); None: read from the files.

    Raises:
        ValueError: `systems` is given without `hypothesis` in it.
    """

    hypothesis: Path
    references: tuple[Path, ...]
    source: Path | None = None
    encoding: str = "utf-8"
    drop_bom: bool = False
    systems: tuple[Path, ...] = ()
    encodings: tuple[tuple[Path, str], ...] = ()
    options: FormatOptions = field(default_factory=FormatOptions)
    named: NamedSource | None = None

    def __post_init__(self) -> None:
        """Refuse a shown candidate that is not one of the systems."""
        if self.systems and self.hypothesis not in self.systems:
            raise ValueError(f"{self.hypothesis} is not one of the systems")
        own = {path: name for path, name in self.encodings if name != self.encoding}
        object.__setattr__(self, "encodings", tuple(sorted(own.items())))

    def encoding_of(self, path: Path) -> str:
        """How `path` is decoded: its own encoding, else the set's."""
        return dict(self.encodings).get(path, self.encoding)

    def with_encodings(self, encodings: Iterable[tuple[Path, str]]) -> FileSet:
        """The set with these files' encodings (the others' stay)."""
        return replace(self, encodings=(*self.encodings, *encodings))

    @property
    def hypotheses(self) -> tuple[Path, ...]:
        """Every system's output, in order (the first is the baseline)."""
        return self.systems or (self.hypothesis,)

    @property
    def paths(self) -> tuple[Path, ...]:
        """Every file, as read: candidate, other systems, references, source."""
        source = () if self.source is None else (self.source,)
        others = tuple(path for path in self.hypotheses if path != self.hypothesis)
        return (self.hypothesis, *others, *self.references, *source)

    def with_hypothesis(self, path: Path) -> FileSet:
        """The shown candidate's file replaced by `path` (in `systems` too)."""
        systems = tuple(path if p == self.hypothesis else p for p in self.systems)
        return replace(self, hypothesis=path, systems=systems)

    def repeated_file(self) -> str | None:
        """Why a file is given twice in a role that counts it twice (one line), or None.

        The same file given twice as a reference, or the source given as a
        reference, would be scored as one more reference and inflate `nrefs` in the
        signature; the same output given twice as a system would be two rows of
        one system. The rule and its words are `io.roles_check`'s, which the
        command line uses too; no file is read.
        """
        return repeated_file(self.hypotheses, self.references, self.source)


@dataclass(frozen=True, slots=True)
class BundleSet:
    """A file that holds a whole test set (WMT XML, a spreadsheet), with its roles.

    The other way to open a test set, beside `FileSet`: the same reading job,
    workspace and systems follow (see `Session.open_bundle`); only the reading
    differs (`io.formats.read_bundle`, then `io.bundle.select`). Systems are named
    by their column's label ("Facebook-AI", "column 'mt'").

    Attributes:
        path: the file.
        roles: which of its columns are the references, systems, source and
            document ids (column keys); the first system is the baseline, the
            last one is shown.
        format: its format, or None to tell it by its name.
        encoding: how to decode it (XML formats decode as the XML says).
        options: the format's options (test suites, segments without a
            reference, the worksheet, TMX languages).
    """

    path: Path
    roles: Roles
    format: Format | None = None
    encoding: str = "utf-8"
    options: FormatOptions = field(default_factory=FormatOptions)


OpenRequest = FileSet | BundleSet
"""What `Session` opens: files in roles, or a file of several texts in roles."""


def systems_asked(request: OpenRequest) -> int:
    """How many systems `request` opens, if every one can be read."""
    if isinstance(request, BundleSet):
        return len(request.roles.systems)
    return max(1, len(request.systems))


def opens_with_roles(path: Path) -> bool:
    """Whether `path` holds a whole test set whose columns need roles (`BundleSet`).

    WMT XML and spreadsheets hold the references and systems in one file; a text,
    XLIFF, TMX or WMT SGML file is one text of one role (`FileSet`). Told by the
    file's name (`io.formats.detect_format`): nothing is read.
    """
    return detect_format(path) in TEST_SET_FORMATS
