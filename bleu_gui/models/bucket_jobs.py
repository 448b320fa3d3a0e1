"""The Buckets tab's two file jobs: a training corpus counted, the tables exported.

Both run as jobs of the project's one mechanism (`models.jobs.JobRunner`) in
`SliceWorker`s: reading and tokenizing a corpus of millions of lines, or testing
every bucket of every view, is Python work that a thread would hold the GIL for;
in slices the window paints and answers between steps, shows the progress, and
the user can cancel. A new request of a kind supersedes the running one.

The export makes every view's content with the tab's own generator
(`models.bucket_views.iter_bucket_content`, the same edges, seed and word
frequencies), so that the file holds the numbers the tab shows, and writes it
with `io.bucket_export` and the table writers, whole or not at all.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from bleu_gui.core.buckets import BucketEdges, BucketTable
from bleu_gui.core.config import BleuConfig
from bleu_gui.core.word_buckets import WordFrequency, WordTable
from bleu_gui.io.bucket_export import bucket_export_table
from bleu_gui.io.errors import InputError
from bleu_gui.io.frequency_corpus import iter_read_frequency
from bleu_gui.io.table_export import write_table
from bleu_gui.models.bucket_views import BucketView, iter_bucket_content
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.workspace import Workspace
from bleu_gui.workers import SliceWorker

__all__ = ["COUNT", "EXPORT", "BucketFileJobs", "iter_bucket_export"]

COUNT = "count-corpus"
EXPORT = "export-buckets"


def iter_bucket_export(
    path: Path,
    workspace: Workspace,
    edges: BucketEdges,
    seed: int | None,
    frequency: WordFrequency | None,
    *,
    signature: tuple[str, ...] = (),
    warnings: tuple[str, ...] = (),
) -> Generator[tuple[int, int, str], None, Path]:
    """Every view's buckets made as the tab makes them, then written to `path`.

    Raises:
        InputError: the buckets cannot be made yet (the tab's line why), or the
            file cannot be written.
    """
    tables: list[BucketTable] = []
    words: WordTable | None = None
    names: tuple[str, ...] = ()
    for view in BucketView:
        content = yield from iter_bucket_content(
            workspace, view, edges, seed, frequency
        )
        if content.waiting:
            raise InputError(f"nothing exported: {content.waiting}", path=path)
        names = content.names
        if content.table is not None:
            tables.append(content.table)
        words = content.words or words
    table = bucket_export_table(
        names,
        tables,
        words,
        title=f"Buckets of {', '.join(names)} (baseline {names[0]})",
        signature=signature,
        warnings=warnings,
    )
    yield 0, 1, "writing the buckets"
    write_table(path, table)
    return path


class BucketFileJobs(QObject):
    """Counts a training corpus, or exports the buckets; each in steps.

    Signals:
        counted: (`WordFrequency`) a corpus was counted.
        exported: (`Path`) the export was written.
        failed: (message) a job failed (one line naming the file).
        progressed: (done, total, what) of the running job.
        busy_changed: (bool) a job started or the last one ended (also when
            cancelled).
    """

    counted = Signal(object)
    exported = Signal(object)
    failed = Signal(str)
    progressed = Signal(int, int, str)
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs = JobRunner(self)
        self._jobs.progress_changed.connect(self.progressed)
        self._jobs.busy_changed.connect(self.busy_changed)

    def count(self, path: Path, config: BleuConfig) -> None:
        """Count the tokens of `path` with `config`'s tokenizer."""
        self._jobs.start(
            COUNT,
            SliceWorker(lambda: iter_read_frequency(path, config), self),
            self.counted.emit,
            on_failed=self.failed.emit,
        )

    def export(
        self,
        path: Path,
        workspace: Workspace,
        edges: BucketEdges,
        seed: int | None,
        frequency: WordFrequency | None,
        *,
        signature: tuple[str, ...] = (),
        warnings: tuple[str, ...] = (),
    ) -> None:
        """Make every view's buckets and write them to `path`."""
        self._jobs.start(
            EXPORT,
            SliceWorker(
                lambda: iter_bucket_export(
                    path,
                    workspace,
                    edges,
                    seed,
                    frequency,
                    signature=signature,
                    warnings=warnings,
                ),
                self,
            ),
            self.exported.emit,
            on_failed=self.failed.emit,
        )

    @property
    def busy(self) -> bool:
        """Whether a corpus is being counted or the buckets exported."""
        return self._jobs.is_busy

    def cancel(self) -> None:
        """Stop what runs: nothing counted is used, nothing half-written is left."""
        self._jobs.cancel_all()
