"""sacreBLEU's named test sets for the window: listed, and fetched in the background.

File › Open sacreBLEU test set… lists what sacreBLEU knows and what its cache holds,
and fetches the chosen set: sacreBLEU's own code downloads it if need be and writes
its fields as text files (`io.sacrebleu_sets`), which can take a while (a download,
an XML parse), so it runs on the thread pool as one job, with its progress and a
cancel. The files it names are then opened as any reference and source files are
(`Session.open_files`): the session's reading jobs read them.

A download is one blocking call of sacreBLEU's (`urllib` reads the archive whole):
a cancel drops the job's result at once, and the download, once finished, stays
in the cache for the next time.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.open_request import NamedSource
from bleu_gui.workers import Job, Worker

__all__ = ["NamedSetChoice", "NamedSetFetcher", "NamedSetFiles", "named_set_choices"]

_FETCH = "fetch named set"


@dataclass(frozen=True, slots=True)
class NamedSetChoice:
    """One test set sacreBLEU knows: its language pairs, and whether it is cached."""

    name: str
    langpairs: tuple[str, ...]
    cached: bool


@dataclass(frozen=True, slots=True)
class NamedSetFiles:
    """What a fetch gives: the set asked for, its references' and source's files.

    The files are the first set's (several sets are joined when read); the
    session reads the lines through `source` (`models.loading.read_named_job`).
    """

    asked: NamedSource
    references: tuple[Path, ...]
    source: Path


def named_set_choices() -> tuple[NamedSetChoice, ...]:
    """Every test set sacreBLEU knows, newest first, with its pairs and cache state.

    Imports sacreBLEU's dataset package (a fraction of a second): called when the
    dialog opens, not at start-up. Nothing is read but the cache folder's names.
    """
    from bleu_gui.io.sacrebleu_sets import is_cached, known_test_sets, language_pairs

    return tuple(
        NamedSetChoice(name, language_pairs(name), is_cached(name))
        for name in known_test_sets()
    )


def _fetch_steps(asked: NamedSource) -> Job:
    """Download (if need be) and write the sets' text files; their paths.

    The filters are applied once here too, so that one sacreBLEU cannot apply
    (or that keeps no line) is said in the dialog, before anything is opened.
    """
    from bleu_gui.io.sacrebleu_sets import is_cached, read_named_set

    for name in asked.names.split(","):
        if is_cached(name):
            yield (0, 1, f"Reading {name} {asked.langpair}")
        else:
            yield (0, 1, f"Downloading {name} into sacreBLEU's cache")
    named = read_named_set(
        asked.names, asked.langpair, origlang=asked.origlang, subset=asked.subset
    )
    return NamedSetFiles(asked, named.reference_files, named.source_file)


class NamedSetFetcher(QObject):
    """Fetches one named test set at a time; a new request supersedes the last.

    Signals:
        fetched: (`NamedSetFiles`) the set's files, in the cache.
        failed: one line: offline and not cached, or a cache that cannot be read.
        progress_changed: (done, total, what) of the fetch.
        busy_changed: True while a fetch runs.
    """

    fetched = Signal(object)
    failed = Signal(str)
    progress_changed = Signal(int, int, str)
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs = JobRunner(self)
        self._jobs.progress_changed.connect(self.progress_changed)
        self._jobs.busy_changed.connect(self.busy_changed)

    def fetch(self, asked: NamedSource) -> None:
        """Fetch the test sets `asked` names in the background."""
        worker = Worker(lambda: _fetch_steps(asked))
        self._jobs.start(_FETCH, worker, self.fetched.emit, on_failed=self.failed.emit)

    def cancel(self) -> None:
        """Stop waiting for the fetch: forgotten at once, its result never comes."""
        self._jobs.discard_all()

    def is_busy(self) -> bool:
        """Whether a fetch is running."""
        return self._jobs.is_busy

    def shutdown(self) -> None:
        """Wait for a running fetch's thread (a download ends on its own)."""
        self._jobs.shutdown()
