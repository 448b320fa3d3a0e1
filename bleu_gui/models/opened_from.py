"""How the open test set was read, and the requests that read it (or more) again.

The session reopens what is open for many reasons: another candidate, one more or
one fewer reference, the source, the byte-order-mark choice, a reload, new
options while a load runs; and it reads added systems against it. Each of these
asks what the test set was read from (its files, or the file of several texts it
came from, with the format options and byte-order-mark choice it was read with)
and which baseline to keep. That memory, and the requests and reading jobs built
from it, are here; the session starts the jobs under their keys and says what
they bring. Nothing here emits: a request that cannot be made is returned as the
one line the session says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io import TestSet
from bleu_gui.io.bundle import Format
from bleu_gui.io.errors import display_name
from bleu_gui.io.file_format import ALIGNED_FORMATS
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.formats import detect_format, read_bundle
from bleu_gui.io.named_source import NamedSource
from bleu_gui.io.roles_check import same_file
from bleu_gui.models.loading import (
    Inspected,
    Read,
    Reading,
    aligned_problem,
    file_stamp,
    read_aligned_system_job,
    read_bundle_job,
    read_job,
    read_system_job,
    sniffed_encoding,
)
from bleu_gui.models.open_request import BundleSet, FileSet, OpenRequest
from bleu_gui.models.workspace import System, SystemId, TestSetFiles, Workspace
from bleu_gui.workers import Job, blocking_call

__all__ = ["KEEP", "Keep", "OpenedFrom", "Reopened", "drop_bom_of", "inspect_job"]


class Keep:
    """Marker: leave this file as it is."""


KEEP = Keep()

Reopened = OrUnavailable[tuple[OpenRequest, bool]]
"""What reads the open test set again, and whether it is a new candidate (whose
misfit is `candidate_refused`); or the one line that says why it cannot be."""


class OpenedFrom:
    """What the open test set was read from and how, and the baseline to keep."""

    def __init__(self) -> None:
        # The file of several texts the open test set came from, if it did.
        self.bundle: BundleSet | None = None
        # The format options the open test set was read with (XLIFF, TMX).
        self.format_options = FormatOptions()
        # Whether files are read with a leading byte-order mark dropped.
        self.drop_bom = False
        # The sacreBLEU test sets the open test set was read from, if it was.
        self.named: NamedSource | None = None
        # The file last read for its columns (the roles dialog's), to open it.
        self.inspected: Inspected | None = None
        # (file, label) of the baseline to keep when the same files are opened again.
        self._keep_baseline: tuple[Path, str | None] | None = None

    def files(self, workspace: Workspace) -> FileSet | None:
        """The loaded files, if any (`hypothesis`: the shown system's)."""
        test_set, shown = workspace.test_set, workspace.shown_system
        if test_set is None or shown is None:
            return None
        paths = tuple(system.path for system in workspace.systems)
        read_as = [(s.path, s.hypothesis.encoding) for s in workspace.systems]
        return FileSet(
            shown.path,
            test_set.references,
            test_set.source,
            test_set.encoding,
            test_set.drop_bom,
            paths if len(paths) > 1 else (),
            encodings=(*test_set.encodings, *read_as),
            options=self.format_options,
            named=self.named,
        )

    def opened(self, workspace: Workspace) -> OpenRequest | None:
        """What reopens the open test set: its files, or the file of several texts."""
        if workspace.test_set is None:
            return None
        return self.bundle if self.bundle is not None else self.files(workspace)

    def keep_baseline(self, workspace: Workspace) -> None:
        """Keep `workspace`'s baseline when the test set read next has its file."""
        baseline = workspace.baseline_system
        self._keep_baseline = (
            None if baseline is None else (baseline.path, baseline.label)
        )

    def read_job(
        self, request: OpenRequest, drop_bom: bool | None, *, new_candidate: bool
    ) -> OrUnavailable[tuple[OpenRequest, Callable[[], Job]]]:
        """The request as read (`drop_bom` None: the current choice) and its job.

        A file set with a file twice, or that cannot be aligned, is refused
        before anything is read.
        """
        drop = self.drop_bom if drop_bom is None else drop_bom
        if isinstance(request, BundleSet):
            options = replace(request.options, drop_bom=drop)
            bundle = replace(request, options=options)
            return bundle, lambda: read_bundle_job(bundle, self.inspected)
        files = replace(request, drop_bom=drop)
        problem = files.repeated_file() or aligned_problem(files)
        if problem is not None:
            return Unavailable(problem)
        return files, lambda: read_job(files, new_candidate=new_candidate)

    def reopen(
        self,
        workspace: Workspace,
        *,
        hypothesis: Path | None = None,
        references: tuple[Path, ...] | None = None,
        source: Path | Keep | None = KEEP,
    ) -> Reopened:
        """The open files with these replaced (None: unchanged; `source` None: none)."""
        bundle = self.bundle
        if bundle is not None and workspace.test_set is not None:
            if source is None and hypothesis is None and references is None:
                return replace(bundle, roles=replace(bundle.roles, source=None)), False
            return Unavailable(
                f"{display_name(bundle.path)} holds the whole test set: choose "
                "its columns again with File › Open test set"
            )
        opened = files = self.files(workspace)
        if files is None:
            if hypothesis is None:
                return Unavailable("open a candidate file first")
            if not references:
                return Unavailable(
                    "add a reference file: BLEU compares the candidate with references"
                )
            files = FileSet(hypothesis, references)
        new_candidate = (
            opened is not None
            and hypothesis is not None
            and references is None
            and isinstance(source, Keep)
        )
        if hypothesis is not None:
            files = files.with_hypothesis(hypothesis)
        if references is not None:
            files = replace(files, references=references)
        if not isinstance(source, Keep):
            files = replace(files, source=source)
        return files, new_candidate

    def with_reference(self, workspace: Workspace, path: Path) -> Reopened:
        """The open files with one more reference, `path`."""
        files = self.files(workspace)
        if files is None:
            return Unavailable("open a candidate file before adding references")
        return self.reopen(workspace, references=(*files.references, path))

    def without_reference(self, workspace: Workspace, index: int) -> Reopened:
        """The open test set with reference `index` (0-based) taken out."""
        files = self.files(workspace)
        if files is None or not 0 <= index < len(files.references):
            return Unavailable(f"there is no reference {index + 1} to remove")
        if len(files.references) == 1:
            return Unavailable("BLEU needs at least one reference")
        bundle = self.bundle
        if bundle is not None:  # the same file, one reference column fewer
            keys = bundle.roles.references
            roles = replace(bundle.roles, references=keys[:index] + keys[index + 1 :])
            return replace(bundle, roles=roles), False
        refs = files.references[:index] + files.references[index + 1 :]
        return self.reopen(workspace, references=refs)

    def took(self, read: Read) -> TestSetFiles:
        """`read` is the open test set now: what it was read from, and its files.

        Its options and byte-order-mark choice are those it was read with: a
        choice asked with the open holds now.
        """
        request = read.request
        if isinstance(request, BundleSet):
            encoding, drop_bom = request.encoding, request.options.drop_bom
            self.bundle, self.format_options = request, request.options
            self.named = None
        else:
            encoding, drop_bom = request.encoding, request.drop_bom
            self.bundle, self.format_options = None, request.options
            self.named = request.named
        self.drop_bom = drop_bom
        file = request.path if isinstance(request, BundleSet) else None
        return TestSetFiles(
            TestSet(read.corpus.references, read.corpus.source, file),
            encoding,
            drop_bom,
            documents=read.documents,
            segment_ids=read.segment_ids,
            reference_labels=read.reference_labels,
            units=read.units,
            languages=read.languages,
        )

    def systems(
        self, read: Read, new_id: Callable[[], SystemId]
    ) -> tuple[list[System], System, SystemId, list[str]]:
        """The systems `read` brings: all, the shown one, the baseline, the refused.

        The shown one is given its id first. The baseline is the system of the
        kept baseline's file (`keep_baseline`), else the first; a system that did
        not fit the references is refused in one line.
        """
        shown = System(new_id(), "", read.corpus, label=read.labels[read.shown])
        systems: list[System] = []
        refused: list[str] = []
        for index, (other, label) in enumerate(
            zip(read.systems, read.labels, strict=True)
        ):
            if index == read.shown:
                systems.append(shown)
            elif isinstance(other, Unavailable):
                refused.append(other.reason)
            else:
                systems.append(System(new_id(), "", other, label=label))
        keep = self._keep_baseline
        self._keep_baseline = None
        baseline = next(
            (s.id for s in systems if (s.path, s.label) == keep), systems[0].id
        )
        return systems, shown, baseline, refused

    def added_job(
        self,
        workspace: Workspace,
        path: Path,
        encoding: str | None,
        adding: Iterable[Path],
    ) -> OrUnavailable[tuple[Callable[[], Job], TestSet]]:
        """The job that reads `path` as one more system (`adding`: being read).

        With the test set's texts it is read against; or why it cannot be added:
        no test set, a file already a system (or the test set's own file), or one
        aligned otherwise than the test set (by unit id, or by line).
        """
        test_set = workspace.test_set
        files = self.files(workspace)
        if test_set is None or files is None:
            return Unavailable("open a test set before adding a system")
        named = tuple(s.path for s in workspace.systems if s.label is None)
        asked = FileSet(path, (), systems=(*named, *adding, path))
        repeated = asked.repeated_file()
        bundle = self.bundle
        if bundle is not None and same_file(path, bundle.path):
            repeated = (
                f"{display_name(path)} is the open test set's file: choose its "
                "systems with File › Open test set"
            )
        aligned = test_set.segment_ids is not None
        if repeated is None and (detect_format(path) in ALIGNED_FORMATS) != aligned:
            repeated = (
                f"{display_name(path)}: files aligned by unit id (XLIFF, TMX) and "
                "files aligned by line cannot be mixed in one test set"
            )
        if repeated is not None:
            return Unavailable(repeated)
        chosen = encoding or files.encoding
        drop_bom = files.drop_bom
        texts = test_set.texts
        job: Callable[[], Job]
        if test_set.segment_ids is not None:  # aligned by unit id: XLIFF, TMX
            options = self.format_options
            job = lambda: read_aligned_system_job(  # noqa: E731
                test_set, path, chosen, options
            )
        else:
            job = lambda: read_system_job(texts, path, chosen, drop_bom)  # noqa: E731
        return job, texts


def inspect_job(
    path: Path, format_: Format | None, encoding: str, options: FormatOptions | None
) -> Callable[[], Job]:
    """The job that reads a file of several texts for its columns (`Inspected`)."""
    reading = Reading()
    asked = (path, format_, encoding, options or FormatOptions())

    def read() -> Inspected:
        stamp = file_stamp(path)
        bundle = read_bundle(
            reading.now(path),
            format_,
            encoding=sniffed_encoding(path, encoding),
            options=options,
        )
        return Inspected(asked, stamp, bundle)

    def job() -> Job:
        return (yield from blocking_call(read, reading.label))

    return job


def drop_bom_of(request: OpenRequest) -> bool:
    """The byte-order-mark choice `request` reads with."""
    return (
        request.options.drop_bom if isinstance(request, BundleSet) else request.drop_bom
    )
