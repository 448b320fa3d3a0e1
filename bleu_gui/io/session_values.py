"""The values a session holds: the test set's files, the systems, filter and table.

Apart from the JSON because the window's side (`models.session_state`) builds and
takes these values without knowing how they are stored; the reader and the writer
are the only modules that know both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from pathlib import Path

from bleu_gui.core.buckets import BucketEdges, BucketKind
from bleu_gui.core.config import BleuConfig
from bleu_gui.core.margin import Margin, NoMargin, NoMarginReason
from bleu_gui.io.bundle import Format, Roles
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.named_source import NamedSource
from bleu_gui.io.seed import DEFAULT_SEED

__all__ = [
    "STORED_MARGIN_REASONS",
    "FileCheck",
    "FileState",
    "SavedBucketKind",
    "SavedBuckets",
    "SavedEdits",
    "SavedFile",
    "SavedFilter",
    "SavedMargin",
    "SavedRole",
    "SavedSystems",
    "SavedTable",
    "SessionData",
    "SetKind",
    "names_of_systems",
]


class SetKind(StrEnum):
    """How the test set was opened: files in roles, or one file of several texts."""

    FILES = "files"
    BUNDLE = "bundle"


class SavedRole(StrEnum):
    """The role of a file of the test set."""

    SYSTEM = "system"
    REFERENCE = "reference"
    SOURCE = "source"
    BUNDLE = "bundle"


@dataclass(frozen=True, slots=True)
class SavedFile:
    """One file of the test set.

    Attributes:
        role: what it is.
        path: where it is (absolute in memory; relative to the session file on
            disk when it can be).
        encoding: how it is decoded.
        sha256: its checksum when saved (hex), or None (not a regular file then).
    """

    role: SavedRole
    path: Path
    encoding: str = "utf-8"
    sha256: str | None = None


@dataclass(frozen=True, slots=True)
class SavedSystems:
    """The systems' choices: A and B, and the paired test's settings.

    Attributes:
        baseline: position of the baseline (A) among the systems, as listed.
        shown: position of the shown system (B).
        test: the paired test (`core.significance.PairedTest` value: "bs", "ar").
        samples: its resamples or trials.
        all_pairs: test every pair of systems.
        shown_only: test on the shown (filtered) sentences only.
        seed: the tests' seed (None: unseeded); a file from before seeds were
            saved ran its tests at sacreBLEU's default, so it reads as that.
    """

    baseline: int = 0
    shown: int = 0
    test: str = "bs"
    samples: int = 1000
    all_pairs: bool = False
    shown_only: bool = False
    seed: int | None = DEFAULT_SEED


@dataclass(frozen=True, slots=True)
class SavedFilter:
    """The filter's saved parts (`models.sentence_filter.SentenceFilter`'s fields).

    A salient n-gram clicked is not saved: its rows belong to the counts of the
    moment. The documents chosen in the Documents dock ("Only document 'd7'")
    are saved by their ids (`documents`, sorted; empty: all documents), and
    their rows are found again once the test set's document ids are read.
    """

    text: str = ""
    regex: bool = False
    case_sensitive: bool = False
    in_hypothesis: bool = True
    in_references: bool = True
    in_source: bool = True
    min_score: float = 0.0
    max_score: float = 100.0
    side: str = "ANY"
    delta: tuple[float, float, bool, bool] = (-100.0, 100.0, False, False)
    documents: tuple[str, ...] = ()


class SavedBucketKind(StrEnum):
    """A kind of bucket as a session names it: the Buckets tab's view, its edges.

    The values are the stored names, chosen here once (not the core's enum
    names or values, which may be renamed): a file keeps its meaning.
    """

    REF_LENGTH = "ref_length"
    LENGTH_DIFF = "length_diff"
    BASELINE_BLEU = "baseline_bleu"
    WORD_FREQUENCY = "word_frequency"

    @property
    def kind(self) -> BucketKind | None:
        """The core's kind of sentence bucket; None: word frequency."""
        return _KINDS[self]

    @staticmethod
    def of(kind: BucketKind | None) -> SavedBucketKind:
        """The stored name of a kind (None: word frequency)."""
        return next(saved for saved, known in _KINDS.items() if known is kind)


_KINDS: dict[SavedBucketKind, BucketKind | None] = {
    SavedBucketKind.REF_LENGTH: BucketKind.REF_LENGTH,
    SavedBucketKind.LENGTH_DIFF: BucketKind.LENGTH_DIFF,
    SavedBucketKind.BASELINE_BLEU: BucketKind.BASELINE_BLEU,
    SavedBucketKind.WORD_FREQUENCY: None,
}


@dataclass(frozen=True, slots=True)
class SavedBuckets:
    """The Buckets tab: the view shown, the edges, the bucket filtered to.

    Attributes:
        view: the view shown.
        edges: every kind's edges (the defaults in a file without them).
        chosen: the bucket the sentence table is filtered to, by its kind and
            its position under `edges` (None: no bucket filter). Its rows are
            found again once the buckets are made anew from the files.
    """

    view: SavedBucketKind = SavedBucketKind.REF_LENGTH
    edges: BucketEdges = field(default_factory=BucketEdges)
    chosen: tuple[SavedBucketKind, int] | None = None


@dataclass(frozen=True, slots=True)
class SavedTable:
    """The sentence table: sort, selection, the columns chosen.

    Attributes:
        sort: (column kind name, n-gram order, descending), None: corpus order.
        selected: the selected sentence (0-based corpus row), if any.
        columns: (column kind name, order, shown) for each column the user chose
            to show or hide against its default.
    """

    sort: tuple[str, int, bool] | None = None
    selected: int | None = None
    columns: tuple[tuple[str, int, bool], ...] = ()


STORED_MARGIN_REASONS: Mapping[NoMarginReason, str] = {
    NoMarginReason.NOT_SACREBLEU: "not-sacrebleu",
    NoMarginReason.NOT_SIGNIFICANT: "not-significant",
    NoMarginReason.IDENTICAL: "identical",
    NoMarginReason.NEVER_LOST: "never-lost",
}
"""How a session file names why a pair has no margin: chosen here, not the
members' names or words, so that rewording a reason leaves saved files readable."""


@dataclass(frozen=True, slots=True)
class SavedMargin:
    """The Systems dock's margin of a significant difference (`core.margin`).

    Kept because it took a dozen paired tests to find; put back only for the
    pair and options it was found for (`models.session_state.margin_to_restore`).

    Attributes:
        baseline: position of the pair's baseline (A) among the systems.
        shown: position of the compared system (B).
        samples: the resamples of its tests.
        seed: their seed (None: unseeded).
        tested: the sentences its test was run on (0-based rows, ascending: the
            dock's "shown only"), or None for every sentence.
        found: the margin, or why there is none.
    """

    baseline: int
    shown: int
    samples: int
    seed: int | None
    tested: tuple[int, ...] | None
    found: Margin | NoMargin


@dataclass(frozen=True, slots=True)
class SavedEdits:
    """One system's what-if edits, as a session keeps them (texts only).

    The statistics of an edit are not saved: they are counted again from the text
    when the session opens (`core.edits.count_edits`), under the options then.

    Attributes:
        system: position of the system among the systems, as listed.
        lines: (0-based row, edited text), sorted by row, one per row.
    """

    system: int
    lines: tuple[tuple[int, str], ...]

    def texts(self) -> dict[int, str]:
        """Row -> edited text (what `core.edits.count_edits` takes)."""
        return dict(self.lines)


@dataclass(frozen=True, slots=True)
class SessionData:
    """Everything a session file holds, as one value (paths absolute).

    Attributes:
        kind: files in roles, or one file of several texts.
        files: the test set's files: systems in order, references in order, the
            source; for a bundle, the one file (role `BUNDLE`).
        encoding: the encoding of a file without one of its own.
        drop_bom: files are read with a leading byte-order mark dropped.
        roles: a bundle's roles (its column keys), else None.
        format: a bundle's format (None: told by its name).
        options: the format options (XLIFF/TMX/WMT/spreadsheets).
        documents: document ids given by a file, one per segment, or None.
        config: the scoring options.
        systems: baseline, shown system and the paired test's settings.
        filter: the filter.
        table: sort, selection and column choices.
        layout: the window's saved states (`QMainWindow.saveState` and the
            splitters' and header's), by name.
        edits: the what-if edits of the systems that have any, by system position.
        buckets: the Buckets tab's view, edges and bucket filter.
        margin: the margin the Systems dock found, if one was shown.
        named: the sacreBLEU test sets the references, source and document ids
            are read from (`kind` files; the files named are the cache's).
    """

    kind: SetKind
    files: tuple[SavedFile, ...]
    encoding: str = "utf-8"
    drop_bom: bool = False
    roles: Roles | None = None
    format: Format | None = None
    options: FormatOptions = field(default_factory=FormatOptions)
    documents: tuple[str, ...] | None = None
    config: BleuConfig = field(default_factory=BleuConfig)
    systems: SavedSystems = field(default_factory=SavedSystems)
    filter: SavedFilter = field(default_factory=SavedFilter)
    table: SavedTable = field(default_factory=SavedTable)
    layout: Mapping[str, bytes] = field(default_factory=dict)
    edits: tuple[SavedEdits, ...] = ()
    buckets: SavedBuckets = field(default_factory=SavedBuckets)
    margin: SavedMargin | None = None
    named: NamedSource | None = None

    def system_names(self) -> tuple[str, ...]:
        """How a message names each system: its file's name, or its bundle column."""
        return names_of_systems(self.kind, self.files, self.roles)

    def of_role(self, role: SavedRole) -> tuple[SavedFile, ...]:
        """The files of `role`, in order."""
        return tuple(file for file in self.files if file.role is role)


class FileState(Enum):
    """What a file named by a session is now."""

    SAME = "same"
    MISSING = "missing"
    CHANGED = "changed"


@dataclass(frozen=True, slots=True)
class FileCheck:
    """A file of a session and what became of it since it was saved."""

    file: SavedFile
    state: FileState


def names_of_systems(
    kind: SetKind, files: Sequence[SavedFile], roles: Roles | None
) -> tuple[str, ...]:
    """The systems' names in order: their files' names, or the bundle's columns."""
    if kind is SetKind.BUNDLE:
        return roles.systems if roles is not None else ()
    return tuple(file.path.name for file in files if file.role is SavedRole.SYSTEM)
