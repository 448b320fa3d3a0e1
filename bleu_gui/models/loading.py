"""Reading what the window opens: every input kind, up to one `Read` value.

The session's reading jobs (`workers.Job` generators, run by a `SliceWorker` on
the GUI thread in short steps): opening and reading bytes happens on a thread of
its own (`blocking_call`: a named pipe or a hung network mount may block for
ever), decoding and splitting in slices. A `FileSet` of text files, of XLIFF or
TMX files aligned by unit id, or a `BundleSet` (one file of several texts) all
end in a `Read`; an added system is read alone and aligned with the open test
set. Everything after the reading is one pipeline (`models.session`).
"""

from __future__ import annotations

import codecs
import gc
import importlib
import os
import stat
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from bleu_gui.core.steps import relabel
from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io import (
    Corpus,
    InputError,
    LineCountError,
    Segments,
    TestSet,
    iter_read_segments,
    read_raw,
)
from bleu_gui.io.bundle import Bundle, Format, Role, Roles, Selection, Units, select
from bleu_gui.io.errors import FormatError, LanguagesNotChosenError, display_name
from bleu_gui.io.file_format import ALIGNED_FORMATS
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.formats import detect_format, read_bundle
from bleu_gui.models.open_request import BundleSet, FileSet, NamedSource, OpenRequest
from bleu_gui.models.workspace import TestSetFiles
from bleu_gui.workers import Job, blocking_call

__all__ = [
    "Inspected",
    "LanguagesNeeded",
    "Read",
    "Reading",
    "Refused",
    "aligned_problem",
    "file_size",
    "file_stamp",
    "iter_decode",
    "read_aligned_job",
    "read_aligned_system_job",
    "read_bundle_job",
    "read_documents_job",
    "read_job",
    "read_system_job",
    "sniffed_encoding",
]

# How long a file may keep the reading waiting before the progress text names it.
_SLOW_READ_SECONDS = 2.0


@dataclass(frozen=True, slots=True, eq=False)
class Inspected:
    """A file of several texts read for its columns (`Session.inspect_bundle`).

    Attributes:
        asked: (file, format, encoding, options) as asked.
        stamp: the file's modification time and size before it was read: an
            open of the same request reuses `bundle` while they are unchanged.
        bundle: what was read.
    """

    asked: tuple[Path, Format | None, str, FormatOptions]
    stamp: tuple[int, int] | None
    bundle: Bundle


@dataclass(frozen=True, slots=True)
class Refused:
    """A job's end: the new candidate does not fit the loaded test set.

    Attributes:
        candidate: the candidate file that was refused.
        message: why, in one line (the line-count error).
    """

    candidate: Path
    message: str


@dataclass(frozen=True, slots=True)
class LanguagesNeeded:
    """A job's end: a TMX file holds more than two languages, and none were chosen.

    Attributes:
        files: the files asked for, to ask again with the languages.
        message: why, in one line (the reader's, as the command line says it).
        languages: the file's languages, to choose from.
    """

    files: FileSet
    message: str
    languages: tuple[str, ...]


@dataclass(frozen=True, slots=True, eq=False)
class Read:
    """A test set read: every system's texts aligned with it, or why not.

    Attributes:
        request: what was asked for.
        systems: each system in order: its corpus, or why it was refused (one
            line naming its file); the shown one is a corpus.
        shown: the index of the shown system in `systems`.
        labels: each system's label, for systems that are columns of a file
            (None: named by its file).
        documents: each segment's document id, if the test set has them.
        segment_ids: each segment's id, if the test set was aligned by id.
        notices: one-line notes of the reader (what was left out).
        reference_labels: each reference's label, for references that are
            columns of one file.
        units: each segment's unit, if the files have them (`Bundle.units`).
        languages: the source and target languages, if the files name them
            (TMX), for the QA checks' numbers.
    """

    request: OpenRequest
    systems: tuple[OrUnavailable[Corpus], ...]
    shown: int
    labels: tuple[str | None, ...]
    documents: tuple[str, ...] | None = None
    segment_ids: tuple[str, ...] | None = None
    notices: tuple[str, ...] = ()
    reference_labels: tuple[str, ...] | None = None
    units: Units | None = None
    languages: tuple[str, str] | None = None

    @property
    def corpus(self) -> Corpus:
        """The shown system's corpus."""
        shown = self.systems[self.shown]
        assert isinstance(shown, Corpus)
        return shown


def read_job(files: FileSet, *, new_candidate: bool = False) -> Job:
    """Read the files (on the GUI thread, a piece of a file per step).

    With `new_candidate`, a line-count mismatch ends the job as `Refused`
    instead of failing: the candidate may belong to another test set. A
    system other than the shown one that cannot be read or does not fit is
    refused alone (why, as `Unavailable`, in `Read.systems`). XLIFF and TMX
    files are read by `read_aligned_job` instead.
    """
    if files.named is not None:
        return (yield from read_named_job(files, files.named))
    if _aligned_by_id(files):
        return (yield from read_aligned_job(files))
    # A system that is also a reference or the source (WMT's second reference
    # compared as a system) is read as that role, which may not fail.
    roles = {*files.references, *filter(None, [files.source])}
    others = [
        path
        for path in files.hypotheses
        if path != files.hypothesis and path not in roles
    ]
    required = [p for p in files.paths if p not in others]
    try:
        # Opening and reading bytes may block for ever (a named pipe, a hung
        # network mount): on a thread of its own. Decoding and splitting need
        # the GIL for long stretches: here, in slices.
        reading = Reading()
        raw, unreadable = yield from blocking_call(
            lambda: _read_all(reading, required, others, files),
            reading.label,
        )
        read_files = yield from relabel(
            iter_decode(required, raw, files.drop_bom),
            lambda step: (*step, "reading files"),
        )
        corpus = Corpus(
            read_files[files.hypothesis],
            tuple(read_files[path] for path in files.references),
            None if files.source is None else read_files[files.source],
        )
    except LineCountError as error:
        if not new_candidate:
            raise
        return Refused(files.hypothesis, str(error))
    texts = TestSet(corpus.references, corpus.source)
    read: list[OrUnavailable[Corpus]] = []
    for path in files.hypotheses:
        if path == files.hypothesis:
            read.append(corpus)
            continue
        if path in unreadable:
            read.append(Unavailable(unreadable[path]))
            continue
        if path in read_files:  # also a reference or the source
            read.append(texts.corpus(read_files[path]))
            continue
        try:
            decoded = yield from relabel(
                iter_decode([path], raw, files.drop_bom),
                lambda step: (*step, "reading files"),
            )
            read.append(texts.corpus(decoded[path]))
        except InputError as error:
            read.append(Unavailable(str(error)))
    # The ~20 ms collection as a step of its own, with the slice's time checked
    # before and after it: it does not share a slice with the last piece read
    # once that slice is spent, nor with handing the texts to the table after.
    yield 1, 1, "reading files"
    _meet_new_containers()
    yield 1, 1, "reading files"
    shown = files.hypotheses.index(files.hypothesis)
    return Read(files, tuple(read), shown, (None,) * len(read))


def read_named_job(files: FileSet, named: NamedSource) -> Job:
    """Read sacreBLEU's test sets by its own code, and the systems' files.

    The references, source and document ids are the lines sacreBLEU scores
    (`io.sacrebleu_sets`, several sets joined in order); each system file has a
    line for every segment of the whole set and is checked against it, then
    `--origlang`/`--subset` keep the same lines of every text, as sacreBLEU's
    command line does. sacreBLEU's package is imported here, on the reading
    thread, and only for such a set.
    """
    reading = Reading()

    def read() -> tuple[object, dict[Path, _Raw]]:
        from bleu_gui.io.sacrebleu_sets import read_named_set

        read_set = read_named_set(
            named.names,
            named.langpair,
            origlang=named.origlang,
            subset=named.subset,
            encoding=files.encoding,
        )
        raw, _ = _read_all(reading, list(files.hypotheses), [], files)
        return read_set, raw

    read_set, raw = yield from blocking_call(read, reading.label)
    from bleu_gui.io.sacrebleu_sets import NamedSet, kept_selection, named_test_set

    assert isinstance(read_set, NamedSet)
    decoded = yield from relabel(
        iter_decode(list(files.hypotheses), raw, files.drop_bom),
        lambda step: (*step, "reading files"),
    )
    whole = named_test_set(read_set, files.encoding)
    for path in files.hypotheses:
        whole.corpus(decoded[path])  # a line per segment of the whole set
    systems = tuple((str(path), decoded[path]) for path in files.hypotheses)
    selection = kept_selection(
        Selection(whole, systems, read_set.documents), read_set.kept
    )
    texts = selection.test_set
    corpora = tuple(texts.corpus(segments) for _, segments in selection.systems)
    yield 1, 1, "reading files"
    _meet_new_containers()
    shown = files.hypotheses.index(files.hypothesis)
    return Read(files, corpora, shown, (None,) * len(corpora), selection.documents)


def read_aligned_job(files: FileSet) -> Job:
    """Read XLIFF or TMX files as bundles and align them by unit id.

    Units missing from a file are left out of every file, and the aligned
    bundle's notices say which; the source is the files' own source text.
    """
    reading = Reading()

    def read() -> Bundle:
        def one(path: Path, options: FormatOptions) -> Bundle:
            encoding = sniffed_encoding(path, files.encoding_of(path))
            return read_bundle(reading.now(path), encoding=encoding, options=options)

        references = [one(path, files.options) for path in files.references]
        systems = [one(path, files.options.for_systems()) for path in files.hypotheses]
        found.extend(references[0].languages[:2])  # the align drops them
        return _align_by_id()(references, systems)

    found: list[str] = []
    try:
        bundle = yield from blocking_call(read, reading.label)
    except LanguagesNotChosenError as error:
        return LanguagesNeeded(files, str(error), error.languages)
    selection = _select_aligned(bundle, len(files.references))
    yield 1, 1, "reading files"
    texts = selection.test_set
    corpora = tuple(texts.corpus(segments) for _, segments in selection.systems)
    _meet_new_containers()
    shown = files.hypotheses.index(files.hypothesis)
    return Read(
        files,
        corpora,
        shown,
        (None,) * len(corpora),
        bundle.documents,
        bundle.segment_ids or (),  # not None: aligned by id
        bundle.notices,
        units=selection.units,
        languages=(found[0], found[1]) if len(found) == 2 else None,
    )


def read_bundle_job(request: BundleSet, inspected: Inspected | None) -> Job:
    """Read a file of several texts and pick its roles' columns.

    `inspected`: what the roles dialog read of a file, reused when it is this
    request's file, unchanged since.
    """
    reading = Reading()
    asked = (request.path, request.format, request.encoding, request.options)

    def read() -> Bundle:
        if (
            inspected is not None
            and inspected.asked == asked
            and inspected.stamp == file_stamp(request.path)
        ):
            return inspected.bundle  # read for the roles dialog, unchanged since
        encoding = sniffed_encoding(request.path, request.encoding)
        return read_bundle(
            reading.now(request.path),
            request.format,
            encoding=encoding,
            options=request.options,
        )

    bundle = yield from blocking_call(read, reading.label)
    selection = select(bundle, request.roles)
    yield 1, 1, "reading files"
    texts = selection.test_set
    corpora = tuple(texts.corpus(segments) for _, segments in selection.systems)
    _meet_new_containers()
    labels = tuple(label for label, _ in selection.systems)
    return Read(
        request,
        corpora,
        len(corpora) - 1,
        labels,
        selection.documents,
        None,
        selection.notices,
        tuple(bundle.column(key).label for key in request.roles.references),
        selection.units,
    )


def read_system_job(texts: TestSet, path: Path, encoding: str, drop_bom: bool) -> Job:
    """Read one added system's output and align it with the test set."""
    reading = Reading()
    raw = yield from blocking_call(
        lambda: {path: _read_file(reading, path, encoding, drop_bom)},
        reading.label,
    )
    decoded = yield from relabel(
        iter_decode([path], raw, drop_bom),
        lambda step: (*step, f"reading {path.name}"),
    )
    corpus = texts.corpus(decoded[path])
    yield 1, 1, f"reading {path.name}"
    _meet_new_containers()
    return corpus


def read_aligned_system_job(
    test_set: TestSetFiles, path: Path, encoding: str, options: FormatOptions
) -> Job:
    """Read one added XLIFF or TMX system and align it with the test set's units.

    It must hold the units of the test set: one that lacks some would leave
    them out of every system, which is opening another test set.
    """
    reading = Reading()

    def read() -> Bundle:
        references = [
            read_bundle(reading.now(ref.path), encoding=ref.encoding, options=options)
            for ref in test_set.texts.references
        ]
        read_as = sniffed_encoding(path, encoding)
        system = read_bundle(
            reading.now(path), encoding=read_as, options=options.for_systems()
        )
        return _align_by_id()(references, [system])

    bundle = yield from blocking_call(read, reading.label)
    if (bundle.segment_ids or ()) != test_set.segment_ids:
        raise FormatError(
            path,
            "lacks units of the open test set (or its references changed): "
            "open a new test set with it",
        )
    selection = _select_aligned(bundle, len(test_set.texts.references))
    yield 1, 1, f"reading {path.name}"
    return test_set.texts.corpus(selection.systems[-1][1])


def read_documents_job(path: Path, encoding: str) -> Job:
    """Read a document-id file: one id per line, in the test set's encoding.

    A byte-order mark is dropped whatever the test set does with its own: it is
    never part of an id, and kept it made the first line's id another
    document's ("\ufeffnews-00" beside "news-00"), splitting the first document
    in two. No score depends on it.
    """
    reading = Reading()
    raw = yield from blocking_call(
        lambda: read_raw(reading.now(path), encoding), reading.label
    )
    return (
        yield from relabel(
            iter_read_segments(path, encoding, drop_bom=True, raw=raw),
            lambda step: (*step, f"reading {path.name}"),
        )
    )


_Raw = tuple[bytes, str] | Segments
"""A file as its reading thread leaves it: a text file's bytes and encoding (decoded
in slices after), or the text of a file in another format (WMT SGML), read whole."""


def _read_file(reading: Reading, path: Path, encoding: str, drop_bom: bool) -> _Raw:
    """One file of one role: its bytes, or its format's text (on a reading thread)."""
    encoding = sniffed_encoding(path, encoding)
    if detect_format(path) is Format.TEXT:
        return read_raw(reading.now(path), encoding), encoding
    options = FormatOptions(drop_bom=drop_bom)
    bundle = read_bundle(reading.now(path), encoding=encoding, options=options)
    if len(bundle.columns) != 1:
        labels = ", ".join(column.label for column in bundle.columns)
        raise FormatError(
            path,
            f"holds several texts ({labels}): open it with File › Open test set "
            "to give each its role",
        )
    return bundle.columns[0].segments


def _read_all(
    reading: Reading, required: list[Path], optional: list[Path], files: FileSet
) -> tuple[dict[Path, _Raw], dict[Path, str]]:
    """Each file as read (`_Raw`); an optional file that cannot be read: why."""
    raw: dict[Path, _Raw] = {}
    unreadable: dict[Path, str] = {}
    for path in (*required, *optional):
        if path in raw:
            continue
        try:
            encoding = files.encoding_of(path)
            raw[path] = _read_file(reading, path, encoding, files.drop_bom)
        except InputError as error:
            if path not in optional:
                raise
            unreadable[path] = str(error)
    return raw, unreadable


def iter_decode(
    paths: Sequence[Path], raw: dict[Path, _Raw], drop_bom: bool
) -> Generator[tuple[int, int], None, dict[Path, Segments]]:
    """Decode and split each file's bytes, each in its own encoding.

    Yields (files done, files in all) in thousandths of a file, as
    `io.iter_read_corpus` does; a piece of one file per step. Each file's bytes
    leave `raw` as it is decoded: kept until every file was, a 200 MB hypothesis's
    bytes stayed beside its texts while the references were decoded. A file in two
    roles (a reference also scored as a system) is decoded once.
    """
    paths = list(dict.fromkeys(paths))
    total = 1000 * len(paths)
    read: dict[Path, Segments] = {}
    for number, path in enumerate(paths):
        given = raw.pop(path)
        if isinstance(given, Segments):  # read whole by its format's reader
            read[path] = given
            continue
        data, encoding = given
        del given
        steps = iter_read_segments(path, encoding, drop_bom=drop_bom, raw=data)
        del data
        while True:
            try:
                done, size = next(steps)
            except StopIteration as end:
                read[path] = end.value
                break
            yield 1000 * number + (1000 * done) // max(size, 1), total
    return read


_UTF16_MARKS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def sniffed_encoding(path: Path, encoding: str) -> str:
    """`encoding`, or UTF-16 for a file asked as UTF-8 that starts with its mark.

    UTF-8 is the default, and a UTF-16 file (Windows tools write them) read as
    UTF-8 fails on its first byte; its byte-order mark says what it is. Only a
    regular file is looked at (a named pipe would block, and its first bytes
    would be lost to the reading after); on a worker thread, never the GUI's.
    """
    try:
        if codecs.lookup(encoding).name != "utf-8":
            return encoding
        if not stat.S_ISREG(os.stat(path).st_mode) or path.suffix == ".gz":
            return encoding
        with open(path, "rb") as handle:
            start = handle.read(2)
    except (LookupError, OSError):
        return encoding  # reading the file says what is wrong, in its words
    return "utf-16" if start in _UTF16_MARKS else encoding


def _aligned_by_id(files: FileSet) -> bool:
    """Whether the set's files are XLIFF or TMX: aligned by unit id, not by line."""
    return all(
        detect_format(path) in ALIGNED_FORMATS
        for path in (*files.references, *files.hypotheses)
    )


def aligned_problem(files: FileSet) -> str | None:
    """Why these files cannot be opened together (one line), or None.

    XLIFF and TMX files are aligned by unit id, text files by line: the two do
    not mix, and the XLIFF or TMX files bring their own source.
    """
    paths = (*files.references, *files.hypotheses)
    aligned = [path for path in paths if detect_format(path) in ALIGNED_FORMATS]
    if not aligned:
        return None
    if len(aligned) < len(paths):
        other = next(path for path in paths if path not in aligned)
        return (
            f"{display_name(other)} is not an XLIFF or TMX file like "
            f"{display_name(aligned[0].name)}: files aligned by unit id cannot be "
            "mixed with files aligned by line"
        )
    if files.source is not None:
        return (
            f"{display_name(files.source)}: XLIFF and TMX files hold their own "
            "source; leave the source empty"
        )
    return None


class _AlignById(Protocol):
    def __call__(
        self, references: Sequence[Bundle], systems: Sequence[Bundle]
    ) -> Bundle: ...


def _align_by_id() -> _AlignById:
    """`io.align.align_by_id`: the references' and systems' units aligned by id."""
    module = importlib.import_module("bleu_gui.io.align")
    align: _AlignById = module.align_by_id
    return align


def _select_aligned(bundle: Bundle, references: int) -> Selection:
    """The aligned bundle's roles: its source, then references, then systems."""
    source = next(
        (c.key for c in bundle.columns if c.key == "source" or c.role is Role.SOURCE),
        None,
    )
    texts = [c.key for c in bundle.columns if c.key != source]
    roles = Roles(tuple(texts[:references]), tuple(texts[references:]), source)
    return select(bundle, roles)


class Reading:
    """Which file the reading thread is on, and since when: the progress text.

    A file whose bytes do not come (a named pipe nobody writes to, a hung network
    drive) is named after a moment, so the user knows what the window waits for.
    """

    def __init__(self) -> None:
        self._path: Path | None = None
        self._since = time.monotonic()

    def now(self, path: Path) -> Path:
        """Note that `path` is being read from now on; returns it."""
        self._path, self._since = path, time.monotonic()
        return path

    def label(self) -> str:
        """The progress text: what the reading waits for, once it waits long."""
        path = self._path
        if path is None or time.monotonic() - self._since < _SLOW_READ_SECONDS:
            return "reading files"
        return (
            f"waiting for {display_name(path)} (a named pipe nobody writes to, or a "
            "slow drive?); Cancel stops"
        )


def file_stamp(path: Path) -> tuple[int, int] | None:
    """A file's modification time (ns) and size; None if it cannot be asked."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def file_size(path: Path) -> int:
    """The size of `path` in bytes, or 0 if it cannot be read (reading says why)."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _meet_new_containers() -> None:
    """Have the garbage collector meet what reading the files made, now.

    The corpus's lines leave the collector's lists as they are made
    (`core.untracked`); what else reading made (an XLIFF or TMX file's parsed
    units, a spreadsheet's rows) is met by a collection, and left to chance that
    collection ran inside whichever turn of the GUI thread allocated next
    (measured before the lines were untracked: inside the explanation of the first
    sentence, making that turn 110 ms); here it is a step of a reading job of its
    own. Only on the GUI thread: a collection elsewhere may delete a Qt object off
    that thread and deadlock (`app.GuiThreadCollector`).
    """
    gc.collect(1)
