"""The session: which files are open, how they are scored, and the latest results.

`Session` is the one place that holds state. Views read it and send it requests;
it never makes the GUI thread wait. Files are read on the GUI thread in short steps
(a `SliceWorker`); tokenizing, counting and scoring run in worker processes, driven
from a `Worker` thread. No long pure-Python loop runs on a thread of this process:
it would hold the GIL, and every paint would wait for it (see
`bleu_gui.core.parallel`). A request that fails (a bad file, an option the mode
refuses) leaves what was loaded before untouched and reports one line through
`error_occurred`.

Jobs run in a `JobRunner` under keys; a new job supersedes (cancels) only the
running job of its key. The keys' rule: a job's key names the result it will
replace. Opening a test set (reading its files, then tokenizing, counting and
scoring the shown system) runs under the test set's key: a new load supersedes a
running one, and once the new test set is in place every job of the old one's
systems is cancelled and its results dropped. Each system then has a key of its
own, for reading an added system, scoring it, and re-scoring it after a change of
options: adding system C never cancels or re-does A and B. The comparison of the
baseline with the shown system (`pair`) has a key of its own too. Cancel stops
every job.

The systems share one token table per tokenizer key (`core.token_table`): the
references are tokenized with the first system scored, and each further system
tokenizes only its own new lines. After a change of tokenizer the shown system is
tokenized first, the others after it.

Re-scoring follows the statistics' additivity: a change of smoothing, weights,
effective order or a lower maximum order re-scores the cached statistics; only a
change of tokenizer or case (or a higher order than counted) counts again, and it
re-tokenizes only when the tokenizer or case changed.
"""

from __future__ import annotations

import gc
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QObject, QTimer, Signal

from bleu_gui.core import (
    BleuConfig,
    BleuScore,
    CorpusStats,
    score_corpus,
    signature,
    tokenizer_for,
)
from bleu_gui.core.analysis import iter_perfect_gains
from bleu_gui.core.delta import iter_swap_effects
from bleu_gui.core.explain import (
    ExplainRequest,
    SentenceExplanation,
    explain_or_why_not,
)
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.score_delta import ScoreDelta, corpus_delta
from bleu_gui.core.scoring import (
    Progress,
    TokenizedCorpus,
    iter_count,
    iter_prepare,
    iter_score_sentences,
    required_order,
)
from bleu_gui.core.steps import relabel
from bleu_gui.core.token_table import TokenTable
from bleu_gui.io import (
    Corpus,
    InputError,
    LineCountError,
    TestSet,
    corpus_notices,
    iter_read_corpus,
    iter_read_segments,
    read_raw,
)
from bleu_gui.io.errors import display_name
from bleu_gui.io.roles_check import repeated_file
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.workspace import (
    PairScores,
    Scores,
    System,
    SystemId,
    TestSetFiles,
    Workspace,
)
from bleu_gui.workers import Job, SliceWorker, Worker, blocking_call

__all__ = ["FileSet", "PairScores", "Scores", "Session", "SystemId"]

logger = logging.getLogger(__name__)

# Orders counted up front, so that raising the maximum order up to here re-scores
# without counting again.
_COUNTED_ORDERS = 6

# From this many segments on, tokenizing, counting and scoring run in worker
# processes (see `bleu_gui.core.parallel`): the GIL-holding loops of a large corpus,
# run in a thread of this process, would make the GUI thread wait. Below it the work
# takes a fraction of a second and starting the processes would cost more.
_POOL_MIN_SEGMENTS = 2_000
# ... or this many characters in all, in however few segments: one long segment (a
# document on one line) is one long tokenizer call holding the GIL for seconds.
_POOL_MIN_CHARACTERS = 200_000
# A hypothesis file this large probably has that many segments: its load starts the
# worker processes before reading, while this process is still small (forking a large
# process holds the GIL for tens of milliseconds).
_POOL_MIN_BYTES = 100_000
# How long a file may keep the reading waiting before the progress text names it.
_SLOW_READ_SECONDS = 2.0
# How long after showing new texts scoring starts: time for the table to paint them.
_SCORE_AFTER_MS = 100
# How long after showing new scores the replaced tokens are freed: time to paint the
# new rows and explain the shown sentence first.
_RELEASE_AFTER_MS = 250


@dataclass(frozen=True, slots=True)
class FileSet:
    """Which files play which role.

    Attributes:
        hypothesis: the shown candidate (one system's output).
        references: one or more reference files.
        source: the optional source file.
        encoding: how to decode all of them.
        drop_bom: drop a byte-order mark at the start of a file (sacreBLEU keeps
            it, glued to the first word; the signature then says `bom:dropped`).
        systems: every system's output in the order given, `hypothesis` among
            them; the first is the baseline. Empty: `hypothesis` is the only one.

    Raises:
        ValueError: `systems` is given without `hypothesis` in it.
    """

    hypothesis: Path
    references: tuple[Path, ...]
    source: Path | None = None
    encoding: str = "utf-8"
    drop_bom: bool = False
    systems: tuple[Path, ...] = ()

    def __post_init__(self) -> None:
        """Refuse a shown candidate that is not one of the systems."""
        if self.systems and self.hypothesis not in self.systems:
            raise ValueError(f"{self.hypothesis} is not one of the systems")

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
class _Refused:
    """A job's end: the new candidate does not fit the loaded test set.

    Attributes:
        candidate: the candidate file that was refused.
        message: why, in one line (the line-count error).
    """

    candidate: Path
    message: str


@dataclass(frozen=True, slots=True, eq=False)
class _Read:
    """A test set read: the shown system's corpus, the other systems' texts.

    Attributes:
        files: what was asked for.
        corpus: the shown candidate with the references and source.
        others: each other system in `files.hypotheses` order: its corpus, or why
            it was refused (one line naming its file).
    """

    files: FileSet
    corpus: Corpus
    others: tuple[Corpus | str, ...]


@dataclass(frozen=True, slots=True, eq=False)
class _Computed:
    """A system job's end: its scores, and its tokens and statistics if counted.

    Attributes:
        config: the options of the scores.
        scores: the scores.
        counted: (tokenizer key, tokens, statistics) when counted anew.
        notices: warnings about its files, when counted anew.
    """

    config: BleuConfig
    scores: Scores
    counted: tuple[tuple[str, bool, bool], TokenizedCorpus, CorpusStats] | None = None
    notices: tuple[str, ...] | None = None


class _JobKind(Enum):
    """What a job's result replaces (see the module docstring)."""

    TEST_SET = "test set"
    SYSTEM = "system"
    PAIR = "pair"
    DOCUMENTS = "documents"


@dataclass(frozen=True, slots=True)
class _JobKey:
    """The key of the jobs whose results replace one thing.

    Attributes:
        kind: the test set (reading it and scoring its shown system), one system
            (reading an added one, re-scoring), or the pair's comparison.
        system: the system's id, for `_JobKind.SYSTEM`.
    """

    kind: _JobKind
    system: SystemId | None = None


_TEST_SET = _JobKey(_JobKind.TEST_SET)
_PAIR = _JobKey(_JobKind.PAIR)
_DOCUMENTS = _JobKey(_JobKind.DOCUMENTS)


def _system_key(system_id: SystemId) -> _JobKey:
    return _JobKey(_JobKind.SYSTEM, system_id)


class _Keep:
    """Marker: leave this file as it is."""


_KEEP = _Keep()


class Session(QObject):
    """The open files, the scoring options and the latest results.

    The session holds a `Workspace` (a test set and its systems, see
    `models.workspace`). Its single-system API (`corpus`, `stats`, `scores`,
    `files`, `explain`, `subset_score`, `files_changed`, `scores_changed`) is that
    of the *shown* system.

    Signals:
        texts_loaded: a `Corpus` has been read and is being scored: its texts can be
            shown already. If scoring then fails, `busy_changed(False)` comes
            without `files_changed`, and the previous corpus is still the session's.
        files_changed: a new corpus was loaded (texts, file names, sizes), another
            system is shown, or the test set was closed (`files` is then None); not
            when the same corpus is tokenized or counted anew.
        candidate_refused: (path, message) after `error_occurred`, when a new
            candidate (`set_hypothesis`) does not fit the loaded references or
            source: it may belong to another test set.
        config_changed: the scoring options changed (the new `BleuConfig`).
        scores_changed: new scores of the shown system are available.
        systems_changed: a system was added or removed, names changed, or another
            system became the baseline or the shown one.
        system_scored: (system id) that system has new scores.
        pair_changed: `pair` changed (new values, or None).
        busy_changed: work started (True) or ended (False).
        progress_changed: (done, total, what) of the running work.
        documents_changed: the test set's document ids were given (or taken
            away) by `set_documents`; a new test set says so by `files_changed`.
        error_occurred: a one-line message: the request failed, nothing changed.
        warning_occurred: a one-line message about input that was accepted.
    """

    texts_loaded = Signal(object)
    files_changed = Signal()
    candidate_refused = Signal(object, str)
    config_changed = Signal(object)
    scores_changed = Signal()
    systems_changed = Signal()
    system_scored = Signal(int)
    pair_changed = Signal()
    documents_changed = Signal()
    busy_changed = Signal(bool)
    progress_changed = Signal(int, int, str)
    error_occurred = Signal(str)
    warning_occurred = Signal(str)

    def __init__(self, parent: QObject | None = None, *, processes: int | None = None):
        super().__init__(parent)
        self._workspace = Workspace()
        self._pair: PairScores | None = None
        # The references' and systems' tokens under the workspace's tokenizer key.
        self._table: TokenTable | None = None
        self._next_id = 0
        # Systems being read by `add_system`: (id, path).
        self._adding: dict[SystemId, Path] = {}
        # The warnings said about the open test set (each once).
        self._announced: set[str] = set()
        # The baseline's file to keep when the same files are opened again.
        self._keep_baseline: Path | None = None
        # What a new workspace replaced, released a moment later (see `_retire`).
        self._retired: list[object] = []
        self._release = QTimer(self)
        self._release.setSingleShot(True)
        self._release.setInterval(_RELEASE_AFTER_MS)
        self._release.timeout.connect(self._retired.clear)
        self._jobs = JobRunner(self)
        self._jobs.busy_changed.connect(self._on_busy_changed)
        self._jobs.progress_changed.connect(self.progress_changed)
        self._loading: FileSet | None = None  # files of the load now running
        self._processes = processes if processes is not None else os.cpu_count() or 1
        self._drop_bom = False
        self._pool: WorkerPool | None = None
        self._pool_lock = threading.Lock()

    # --- state -----------------------------------------------------------------

    @property
    def workspace(self) -> Workspace:
        """The test set, its systems, baseline, shown system and config, as a value."""
        return self._workspace

    @property
    def config(self) -> BleuConfig:
        """The options the current (or pending) scores use."""
        return self._workspace.config

    @property
    def systems(self) -> tuple[System, ...]:
        """The systems read against the test set, in order."""
        return self._workspace.systems

    @property
    def baseline(self) -> SystemId | None:
        """The baseline's id (A of the pair), if any."""
        return self._workspace.baseline

    @property
    def shown(self) -> SystemId | None:
        """The shown system's id (B of the pair), if any."""
        return self._workspace.shown

    @property
    def pair(self) -> PairScores | None:
        """Baseline against the shown system, when they differ and are scored."""
        return self._pair

    @property
    def corpus(self) -> Corpus | None:
        """The shown system's texts, if any."""
        shown = self._workspace.shown_system
        return shown.corpus if shown is not None else None

    @property
    def files(self) -> FileSet | None:
        """The loaded files, if any (`hypothesis`: the shown system's)."""
        workspace = self._workspace
        test_set, shown = workspace.test_set, workspace.shown_system
        if test_set is None or shown is None:
            return None
        paths = tuple(system.path for system in workspace.systems)
        return FileSet(
            shown.path,
            test_set.references,
            test_set.source,
            test_set.encoding,
            test_set.drop_bom,
            paths if len(paths) > 1 else (),
        )

    @property
    def stats(self) -> CorpusStats | None:
        """The shown system's statistics, if any."""
        shown = self._workspace.shown_system
        return shown.stats if shown is not None else None

    @property
    def scores(self) -> Scores | None:
        """The shown system's latest scores, if any."""
        shown = self._workspace.shown_system
        return shown.scores if shown is not None else None

    @property
    def loading(self) -> FileSet | None:
        """The files being read or scored now for a new load, if any."""
        return self._loading

    @property
    def drop_bom(self) -> bool:
        """Whether files are read with a leading byte-order mark dropped."""
        return self._drop_bom

    def set_drop_bom(self, drop: bool) -> None:
        """Read files with (True) or without dropping a leading byte-order mark.

        sacreBLEU keeps the mark, glued to the first word; dropping it changes the
        number, and the signature says so. The loaded files are read again.
        """
        if drop == self._drop_bom:
            return
        self._drop_bom = drop
        files = self._loading or self.files
        if files is not None:
            self._open_again(files)

    @property
    def is_busy(self) -> bool:
        """Whether work is running."""
        return self._jobs.is_busy

    @property
    def _worker(self) -> Worker | SliceWorker | None:
        """The worker of the test set's running job, else of the shown system's."""
        worker = self._jobs.worker(_TEST_SET)
        if worker is None and self.shown is not None:
            worker = self._jobs.worker(_system_key(self.shown))
        return worker

    # --- requests ----------------------------------------------------------------

    def open_files(self, files: FileSet) -> None:
        """Load `files` and score them with the current options (in the background).

        Nothing loaded is replaced until every file has been read and the line
        counts agree; a reference that is a file already in the set is refused
        before anything is read. The shown candidate is scored first; each other
        system then under a job of its own. A system other than the shown one
        whose file does not fit the references is refused (one line) and the
        others are opened.
        """
        self._open(files)

    def _open_again(self, files: FileSet) -> None:
        """`open_files` for the files already open: the baseline stays."""
        baseline = self._workspace.baseline_system
        self._keep_baseline = baseline.path if baseline is not None else None
        self._open(files)

    def _open(self, files: FileSet, *, new_candidate: bool = False) -> None:
        """`open_files`; with `new_candidate`, a misfit is `candidate_refused`."""
        files = replace(files, drop_bom=self._drop_bom)
        repeated = files.repeated_file()
        if repeated is not None:
            self.error_occurred.emit(repeated)
            return
        if self._processes > 1 and any(
            _file_size(path) >= _POOL_MIN_BYTES for path in files.hypotheses
        ):
            self._pool_for(_POOL_MIN_SEGMENTS)  # started now, used after reading
        config = self.config
        self._jobs.start(
            _TEST_SET,
            SliceWorker(lambda: self._read_job(files, new_candidate=new_candidate)),
            lambda result: self._on_finished(
                result, lambda read: self._on_read(read, config)
            ),
            on_failed=self._on_failed,
        )
        self._loading = files

    def set_hypothesis(self, path: Path) -> None:
        """Replace the shown candidate's file, keeping references and source.

        A candidate whose line count does not fit them is reported by
        `error_occurred`, then `candidate_refused`.
        """
        self._reopen(hypothesis=path)

    def add_system(self, path: Path) -> None:
        """Read one more system against the open test set, and score it.

        The other systems' jobs go on untouched. A file whose line count does not
        fit the references (or that is a system already) is refused in one line;
        the other systems stay.
        """
        workspace = self._workspace
        files = self.files
        if workspace.test_set is None or files is None:
            self.error_occurred.emit("open a test set before adding a system")
            return
        asked = replace(
            files, systems=(*files.hypotheses, *self._adding.values(), path)
        )
        repeated = asked.repeated_file()
        if repeated is not None:
            self.error_occurred.emit(repeated)
            return
        system_id = self._new_id()
        self._adding[system_id] = path
        texts, encoding = workspace.test_set.texts, files.encoding
        drop_bom = files.drop_bom
        self._jobs.start(
            _system_key(system_id),
            SliceWorker(lambda: self._read_system_job(texts, path, encoding, drop_bom)),
            lambda corpus: self._on_system_read(system_id, texts, corpus),
            on_failed=lambda message: self._on_add_failed(system_id, message),
            on_cancelled=lambda: self._forget_adding(system_id),
        )

    def remove_system(self, system_id: SystemId) -> None:
        """Remove a system (not the last one); its running job is cancelled."""
        workspace = self._workspace
        if system_id not in workspace:
            self.error_occurred.emit("there is no such system to remove")
            return
        if len(workspace.systems) == 1:
            self.error_occurred.emit(
                "the test set needs at least one system: add another before "
                "removing this one"
            )
            return
        self._jobs.cancel(_system_key(system_id))
        shown = workspace.shown == system_id
        self._retire(workspace.system(system_id))
        self._workspace = workspace.without_system(system_id)
        self.systems_changed.emit()
        if shown:
            self._shown_replaced()
        self._update_pair()

    def set_baseline(self, system_id: SystemId) -> None:
        """Make a system the baseline (A of the pair)."""
        if system_id not in self._workspace:
            self.error_occurred.emit("there is no such system")
            return
        if system_id == self._workspace.baseline:
            return
        self._workspace = self._workspace.with_baseline(system_id)
        self.systems_changed.emit()
        self._update_pair()

    def set_shown(self, system_id: SystemId) -> None:
        """Show a system in the single-system views (B of the pair)."""
        if system_id not in self._workspace:
            self.error_occurred.emit("there is no such system")
            return
        if system_id == self._workspace.shown:
            return
        self._workspace = self._workspace.with_shown(system_id)
        self.systems_changed.emit()
        self._shown_replaced()
        self._update_pair()

    def add_reference(self, path: Path) -> None:
        """Add one more reference file (not one already in the set)."""
        if self.files is None:
            self.error_occurred.emit("open a candidate file before adding references")
            return
        self._reopen(references=(*self.files.references, path))

    def remove_reference(self, index: int) -> None:
        """Remove reference `index` (0-based); the last one cannot be removed."""
        files = self.files
        if files is None or not 0 <= index < len(files.references):
            self.error_occurred.emit(f"there is no reference {index + 1} to remove")
            return
        if len(files.references) == 1:
            self.error_occurred.emit("BLEU needs at least one reference")
            return
        refs = files.references[:index] + files.references[index + 1 :]
        self._reopen(references=refs)

    def set_source(self, path: Path | None) -> None:
        """Open (or, with None, close) the source file."""
        self._reopen(source=path)

    def reload(self) -> None:
        """Read every open file again from disk."""
        if self.files is not None:
            self._open_again(self.files)

    def close(self) -> None:
        """Close the test set: stop the running work, forget files and scores.

        Emits `files_changed` (with `files` None), then `busy_changed(False)` if work
        was running. The options stay.
        """
        self._loading = None
        if not self._jobs.is_busy and self._workspace.test_set is None:
            return
        self._jobs.discard_all(then=self._forget_files)

    def _forget_files(self) -> None:
        """`close` with its jobs discarded: forget files and scores, say so."""
        had_systems = bool(self._workspace.systems)
        self._retire(self._workspace)
        self._workspace = self._workspace.closed()
        self._table = None
        self._adding.clear()
        self._announced.clear()
        self._set_pair(None)
        self.files_changed.emit()
        if had_systems:
            self.systems_changed.emit()

    def set_config(self, config: BleuConfig) -> None:
        """Score with `config`: re-score, or count again only if tokens changed.

        Every system is re-scored under its own job. When the tokenizer changed,
        the shown system is tokenized first and the others after it, so that the
        references are tokenized once.
        """
        if config == self.config:
            return
        previous_key = tokenizer_for(self.config).key
        self._workspace = self._workspace.with_config(config)
        self.config_changed.emit(config)
        if self._loading is not None:
            # The running load must use the new options.
            self._open_again(self._loading)
            return
        shown = self._workspace.shown_system
        if shown is None:
            return
        others = [s.id for s in self._workspace.systems if s.id != shown.id]
        self._set_pair(None)
        if tokenizer_for(config).key != previous_key:
            self._score_system(shown, then=others)
        else:
            self._score_system(shown)
            for system_id in others:
                self._score_system(self._workspace.system(system_id))

    def set_documents(self, ids: Sequence[str] | None, *, name: str = "") -> None:
        """Give each segment of the test set a document id (None: take them away).

        One id per segment, in order; `name` (a file's) names the ids in the one
        line `error_occurred` says when their number is not the test set's, or an
        id is empty. The scores stay: documents group them, they change none.
        """
        test_set = self._workspace.test_set
        if test_set is None:
            self.error_occurred.emit("open a test set before giving document ids")
            return
        given = None if ids is None else tuple(ids)
        if given is not None:
            what = name or "the document ids"
            segments = len(test_set.texts.references[0].lines)
            if len(given) != segments:
                self.error_occurred.emit(
                    f"{what} has {len(given):,} lines but the test set has "
                    f"{segments:,} segments (one document id per segment)"
                )
                return
            empty = next((k for k, doc in enumerate(given) if not doc), None)
            if empty is not None:
                self.error_occurred.emit(f"{what}, line {empty + 1}: no document id")
                return
        self._workspace = replace(
            self._workspace,
            test_set=replace(test_set, documents=given),
            generation=self._workspace.generation + 1,
        )
        self.documents_changed.emit()

    def open_documents(self, path: Path) -> None:
        """Read a document-id file (one id per line) and `set_documents` from it."""
        test_set = self._workspace.test_set
        if test_set is None:
            self.error_occurred.emit("open a test set before giving document ids")
            return
        encoding, drop_bom = test_set.encoding, test_set.drop_bom

        def read() -> Job:
            reading = _Reading()
            raw = yield from blocking_call(
                lambda: read_raw(reading.now(path), encoding), reading.label
            )
            return (
                yield from relabel(
                    iter_read_segments(path, encoding, drop_bom=drop_bom, raw=raw),
                    lambda step: (*step, f"reading {path.name}"),
                )
            )

        self._jobs.start(
            _DOCUMENTS,
            SliceWorker(read),
            lambda segments: self.set_documents(
                segments.lines, name=display_name(path)
            ),
            on_failed=self._on_failed,
        )

    def cancel(self) -> None:
        """Stop all running work; what was loaded before stays."""
        self._jobs.cancel_all()

    def shutdown(self, timeout: float = 5.0) -> None:
        """Cancel and wait for the running work, and stop the worker processes.

        On application exit. The session can still be used afterwards: the worker
        processes start again when a large corpus needs them.
        """
        self._jobs.shutdown(timeout)
        with self._pool_lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()

    # --- questions ---------------------------------------------------------------

    def subset_score(self, rows: npt.ArrayLike) -> BleuScore | str:
        """Corpus BLEU of the given rows, from the statistics; or why not."""
        stats = self.stats
        index = np.asarray(rows)
        if stats is None or index.size == 0:
            return "no sentences"
        try:
            return score_corpus(stats.subset(index), self.config)
        except ValueError as error:
            return str(error)

    def explain(
        self, row: int, corpus: Corpus | None = None
    ) -> SentenceExplanation | str:
        """Why sentence `row` (0-based) scored what it scored; or why it cannot.

        Of `corpus` if given (the texts of a corpus still being scored, which the
        table already shows), else of the loaded corpus; under the current options.
        Synchronous: for a long segment, see `models.explainer`.
        """
        request = self.explain_request(row, corpus)
        if request is None:
            return "no such sentence"
        return explain_or_why_not(request)

    def explain_request(
        self, row: int, corpus: Corpus | None = None
    ) -> ExplainRequest | None:
        """What explaining `row` of `corpus` (or the loaded one) takes; None: no row."""
        corpus = corpus if corpus is not None else self.corpus
        if corpus is None or not 0 <= row < corpus.num_segments:
            return None
        refs = tuple(ref.lines[row] for ref in corpus.references)
        return ExplainRequest(corpus.hypothesis.lines[row], refs, self.config)

    def worker_pool(self, segments: int) -> WorkerPool | None:
        """The session's worker processes for a job over this many segments, if any.

        For work of the window's own (the salient n-grams of a pair) that should
        share the processes the session keeps rather than start more. None for a
        small corpus or a single-process session: run it on the calling thread.
        """
        return self._pool_for(segments)

    # --- jobs (run on a worker thread: no Qt calls, no state changes) -----------

    def _pool_for(self, segments: int, characters: int = 0) -> WorkerPool | None:
        """The worker processes to use for a corpus this large, if any.

        Large means many segments, or (for tokenizing) many characters. Started on
        first need (by `open_files` already, for a large hypothesis file), and kept
        for the session's next requests.
        """
        large = segments >= _POOL_MIN_SEGMENTS or characters >= _POOL_MIN_CHARACTERS
        if self._processes < 2 or not large:
            return None
        with self._pool_lock:
            if self._pool is not None and self._pool.broken:
                self._pool.close()  # a worker died: its pool runs nothing more
                self._pool = None
            if self._pool is None:
                self._pool = WorkerPool(self._processes)
            return self._pool

    def _read_job(self, files: FileSet, *, new_candidate: bool = False) -> Job:
        """Read the files (on the GUI thread, a piece of a file per step).

        With `new_candidate`, a line-count mismatch ends the job as `_Refused`
        instead of failing: the candidate may belong to another test set. A
        system other than the shown one that cannot be read or does not fit is
        refused alone (its one-line reason in `_Read.others`).
        """
        others = [path for path in files.hypotheses if path != files.hypothesis]
        required = [p for p in files.paths if p not in others]
        try:
            # Opening and reading bytes may block for ever (a named pipe, a hung
            # network mount): on a thread of its own. Decoding and splitting need
            # the GIL for long stretches: here, in slices.
            reading = _Reading()
            raw, unreadable = yield from blocking_call(
                lambda: _read_all(reading, required, others, files.encoding),
                reading.label,
            )
            corpus = yield from relabel(
                iter_read_corpus(
                    files.hypothesis,
                    files.references,
                    files.source,
                    encoding=files.encoding,
                    drop_bom=files.drop_bom,
                    raw=raw,
                ),
                lambda step: (*step, "reading files"),
            )
        except LineCountError as error:
            if not new_candidate:
                raise
            return _Refused(files.hypothesis, str(error))
        texts = TestSet(corpus.references, corpus.source)
        read: list[Corpus | str] = []
        for path in others:
            if path in unreadable:
                read.append(unreadable[path])
                continue
            try:
                segments = yield from relabel(
                    iter_read_segments(
                        path,
                        files.encoding,
                        drop_bom=files.drop_bom,
                        raw=raw[path],
                    ),
                    lambda step: (*step, "reading files"),
                )
                read.append(texts.corpus(segments))
            except InputError as error:
                read.append(str(error))
        # The ~20 ms collection as a step of its own, with the slice's time checked
        # before and after it: it does not share a slice with the last piece read
        # once that slice is spent, nor with handing the texts to the table after.
        yield 1, 1, "reading files"
        _meet_new_containers()
        yield 1, 1, "reading files"
        return _Read(files, corpus, tuple(read))

    def _read_system_job(
        self, texts: TestSet, path: Path, encoding: str, drop_bom: bool
    ) -> Job:
        """Read one added system's output and align it with the test set."""
        reading = _Reading()
        raw = yield from blocking_call(
            lambda: read_raw(reading.now(path), encoding), reading.label
        )
        segments = yield from relabel(
            iter_read_segments(path, encoding, drop_bom=drop_bom, raw=raw),
            lambda step: (*step, f"reading {path.name}"),
        )
        corpus = texts.corpus(segments)
        yield 1, 1, f"reading {path.name}"
        _meet_new_containers()
        return corpus

    def _prepare_job(
        self, corpus: Corpus, config: BleuConfig, table: TokenTable
    ) -> Job:
        """Tokenize (what `table` lacks), count and score a corpus that was read."""
        tokenized, stats = yield from relabel(
            iter_prepare(
                corpus.hypothesis.lines,
                [ref.lines for ref in corpus.references],
                config,
                max_order=max(required_order(config), _COUNTED_ORDERS),
                pool=self._pool_for(corpus.num_segments, _characters(corpus)),
                table=table,
            ),
            _progress_item,
        )
        notices = corpus_notices(
            corpus,
            config,
            stats,
            how_to_drop="File › Drop byte-order marks",
            how_to_tokenize="choose Tokenizer {} in the settings",
        )
        scores = yield from self._score_job(stats, config, corpus.dropped_bom)
        return _Computed(config, scores, (table.key, tokenized, stats), notices)

    def _recount_job(self, system: System, config: BleuConfig) -> Job:
        """Count more orders from the cached tokens (no re-tokenizing), and score."""
        tokenized, stats, key = system.tokenized, system.stats, system.tokenizer_key
        assert tokenized is not None
        assert stats is not None
        assert key is not None
        order = required_order(config)
        pool = self._pool_for(len(stats), _characters(system.corpus))
        counted = yield from relabel(iter_count(tokenized, order, pool), _progress_item)
        scores = yield from self._score_job(counted, config, system.corpus.dropped_bom)
        return _Computed(config, scores, (key, tokenized, counted))

    def _rescore_job(
        self, stats: CorpusStats, config: BleuConfig, dropped_bom: bool
    ) -> Job:
        """Score the cached statistics again."""
        scores = yield from self._score_job(stats, config, dropped_bom)
        return _Computed(config, scores)

    def _score_job(
        self, stats: CorpusStats, config: BleuConfig, dropped_bom: bool
    ) -> Job:
        """Score the corpus and every sentence, and rank sentences by cost.

        `dropped_bom`: a byte-order mark was dropped from a scored file (the
        signatures say so).
        """
        yield 0, 1, "scoring sentences"
        try:
            corpus_score: BleuScore | str = score_corpus(stats, config)
        except ValueError as error:
            corpus_score = str(error)
        size = len(stats)
        pool = self._pool_for(size)
        sentences = yield from relabel(
            iter_score_sentences(stats, config, pool),
            lambda done: (done, size, "scoring sentences"),
        )
        gains = yield from relabel(
            iter_perfect_gains(stats, config, pool),
            lambda done: (done, size, "ranking sentences by cost"),
        )
        num_refs = int(stats.ref_lens.shape[1])
        tokenizer = tokenizer_for(config)
        summed = stats.summed() if size else None  # for the systems table
        return Scores(
            config=config,
            corpus=corpus_score,
            sentences=sentences,
            gains=gains,
            signature=signature(
                config, num_refs, tokenizer.signature, dropped_bom=dropped_bom
            ),
            sentence_signature=signature(
                config,
                num_refs,
                tokenizer.signature,
                sentence=True,
                dropped_bom=dropped_bom,
            ),
            summed=summed,
        )

    def _pair_job(
        self, a: System, b: System, config: BleuConfig, names: tuple[str, str]
    ) -> Job:
        """Compare baseline A with B: sentence Δ, swap effects, the corpus Δ.

        `names` are A's and B's names as the corpus Δ's words give them.

        The sentence Δ is B's sentence BLEU minus A's, both already computed under
        `config` (what `core.delta.sentence_deltas` computes, without scoring
        every sentence twice more); the swap effects run in the worker processes
        for a large corpus, like the cost column.
        """
        assert a.stats is not None
        assert b.stats is not None
        assert a.scores is not None
        assert b.scores is not None
        yield 0, 1, "comparing systems"
        deltas = b.scores.sentences.score - a.scores.sentences.score
        size = len(a.stats)
        swaps = yield from relabel(
            iter_swap_effects(a.stats, b.stats, config, self._pool_for(size)),
            lambda done: (done, size, "comparing systems"),
        )
        try:
            corpus: ScoreDelta | str = corpus_delta(
                a.stats, b.stats, config, names=names
            )
        except ValueError as error:
            corpus = str(error)
        return PairScores(a.id, b.id, config, deltas, swaps, corpus)

    # --- worker plumbing (GUI thread) ---------------------------------------------

    def _new_id(self) -> SystemId:
        self._next_id += 1
        return SystemId(self._next_id)

    def _reopen(
        self,
        *,
        hypothesis: Path | None = None,
        references: tuple[Path, ...] | None = None,
        source: Path | _Keep | None = _KEEP,
    ) -> None:
        files = self.files
        if files is None:
            if hypothesis is None:
                self.error_occurred.emit("open a candidate file first")
                return
            if not references:
                self.error_occurred.emit(
                    "add a reference file: BLEU compares the candidate with references"
                )
                return
            files = FileSet(hypothesis, references)
        new_candidate = (
            self.files is not None
            and hypothesis is not None
            and references is None
            and isinstance(source, _Keep)
        )
        if hypothesis is not None:
            files = files.with_hypothesis(hypothesis)
        if references is not None:
            files = replace(files, references=references)
        if not isinstance(source, _Keep):
            files = replace(files, source=source)
        baseline = self._workspace.baseline_system
        self._keep_baseline = baseline.path if baseline is not None else None
        self._open(files, new_candidate=new_candidate)

    def _on_finished(self, result: Any, on_done: Callable[[Any], None]) -> None:
        if isinstance(result, _Refused):  # a failure with a typed follow-up
            self._jobs.fail(_TEST_SET, result.message)
            self.candidate_refused.emit(result.candidate, result.message)
            return
        on_done(result)  # the new state first, then "no longer busy"

    def _on_failed(self, message: str) -> None:
        """A request failed: say so in one line (a bug's traceback is in the log)."""
        logger.info("request failed: %s", message)
        self.error_occurred.emit(message)

    def _on_busy_changed(self, busy: bool) -> None:
        if not busy:  # the running load, if any, has ended
            self._loading = None
        self.busy_changed.emit(busy)

    def _on_read(self, read: _Read, config: BleuConfig) -> None:
        """The texts are read: show them, and score them in the background."""
        self.texts_loaded.emit(read.corpus)
        table = TokenTable.for_config(config)
        # Scoring starts once the texts are on screen: its first moments are the
        # busiest for the GIL (see `bleu_gui.core.parallel`), and would slow that paint.
        self._jobs.start(
            _TEST_SET,
            Worker(lambda: self._prepare_job(read.corpus, config, table)),
            lambda computed: self._on_loaded(read, table, computed),
            on_failed=self._on_failed,
            after_ms=_SCORE_AFTER_MS,
        )

    def _on_loaded(self, read: _Read, table: TokenTable, computed: _Computed) -> None:
        """A new test set is read and its shown system scored: it replaces all."""
        previous = self._workspace
        for system in previous.systems:  # their results would be of the old set
            self._jobs.cancel(_system_key(system.id))
        for system_id in list(self._adding):
            self._jobs.cancel(_system_key(system_id))
        self._adding.clear()
        self._retire(previous)  # freed in a turn of its own, see `_retire`
        files = read.files
        shown = System(self._new_id(), "", read.corpus)
        systems: list[System] = []
        refused: list[str] = []
        others = iter(read.others)
        for path in files.hypotheses:
            if path == files.hypothesis:
                systems.append(shown)
                continue
            other = next(others)
            if isinstance(other, str):
                refused.append(other)
            else:
                systems.append(System(self._new_id(), "", other))
        keep = self._keep_baseline
        self._keep_baseline = None
        baseline = next((s.id for s in systems if s.path == keep), systems[0].id)
        test_set = TestSetFiles(
            TestSet(read.corpus.references, read.corpus.source),
            files.encoding,
            files.drop_bom,
        )
        workspace = Workspace(self.config, generation=previous.generation)
        workspace = workspace.opened(
            test_set, systems, baseline=baseline, shown=shown.id
        )
        self._workspace = workspace.with_computed(
            shown.id,
            scores=computed.scores,
            counted=computed.counted,
            notices=computed.notices,
        )
        self._table = table
        self._announced.clear()
        self._set_pair(None)
        self._announce(computed.notices or ())
        self.files_changed.emit()
        self.scores_changed.emit()
        self.systems_changed.emit()
        self.system_scored.emit(shown.id)
        for message in refused:
            self.error_occurred.emit(message)
        for system in self._workspace.systems:
            if system.id != shown.id:
                self._score_system(system)

    def _on_system_read(
        self, system_id: SystemId, texts: TestSet, corpus: Corpus
    ) -> None:
        """An added system is read: it joins the systems, and is scored."""
        self._adding.pop(system_id, None)
        test_set = self._workspace.test_set
        if test_set is None or test_set.texts is not texts:
            return  # read against a test set no longer open
        system = System(system_id, "", corpus)
        self._workspace = self._workspace.with_system(system)
        self.systems_changed.emit()
        self._score_system(self._workspace.system(system_id))

    def _on_add_failed(self, system_id: SystemId, message: str) -> None:
        self._forget_adding(system_id)
        self._on_failed(message)

    def _forget_adding(self, system_id: SystemId) -> None:
        self._adding.pop(system_id, None)

    def _score_system(self, system: System, *, then: Sequence[SystemId] = ()) -> None:
        """Score `system` under its own key with the current config; then `then`'s.

        Tokenizes only if its tokens are of another tokenizer (through the shared
        table), counts only if more orders are needed, else re-scores.
        """
        config = self.config
        key = tokenizer_for(config).key
        make_job: Callable[[], Job]
        if system.stats is None or system.tokenizer_key != key:
            table = self._table_for(config)
            corpus = system.corpus
            make_job = lambda: self._prepare_job(corpus, config, table)  # noqa: E731
        elif required_order(config) > system.stats.max_order:
            make_job = lambda: self._recount_job(system, config)  # noqa: E731
        else:
            stats, dropped = system.stats, system.corpus.dropped_bom
            make_job = lambda: self._rescore_job(stats, config, dropped)  # noqa: E731
        system_id = system.id
        self._jobs.start(
            _system_key(system_id),
            Worker(make_job),
            lambda computed: self._on_system_computed(system_id, computed, then),
            on_failed=self._on_failed,
        )

    def _table_for(self, config: BleuConfig) -> TokenTable:
        """The shared token table of `config`'s tokenizer (a new one for a new key)."""
        table = self._table
        if table is None or table.key != tokenizer_for(config).key:
            if table is not None:
                self._retire(table)
            table = self._table = TokenTable.for_config(config)
        return table

    def _on_system_computed(
        self, system_id: SystemId, computed: _Computed, then: Sequence[SystemId]
    ) -> None:
        workspace = self._workspace
        if system_id not in workspace or computed.config != workspace.config:
            return  # removed, or scored with options no longer asked for
        before = workspace.system(system_id)
        if computed.counted is not None and before.tokenized is not None:
            self._retire(before)
        self._workspace = workspace.with_computed(
            system_id,
            scores=computed.scores,
            counted=computed.counted,
            notices=computed.notices if before.stats is None else None,
        )
        if before.stats is None and computed.notices:
            self._announce(computed.notices)
        if system_id == self._workspace.shown:
            self.scores_changed.emit()
        self.system_scored.emit(system_id)
        for follower in then:
            if follower in self._workspace:
                self._score_system(self._workspace.system(follower))
        self._update_pair()

    def _shown_replaced(self) -> None:
        """Another system is shown: the single-system views see another corpus.

        One still being scored is shown as a load is: its texts first
        (`texts_loaded`), its scores when they come (`scores_changed`).
        """
        shown = self._workspace.shown_system
        if shown is not None and shown.scores is None:
            self.texts_loaded.emit(shown.corpus)
        self.files_changed.emit()
        if self.scores is not None:
            self.scores_changed.emit()

    def _update_pair(self) -> None:
        """Compare baseline and shown system when both are scored; else no pair."""
        workspace = self._workspace
        pair = workspace.pair
        config = workspace.config
        if pair is None or not all(s.scored_under(config) for s in pair):
            self._set_pair(None)
            self._jobs.cancel(_PAIR)
            return
        a, b = pair
        current = self._pair
        if current is not None and (current.a, current.b, current.config) == (
            a.id,
            b.id,
            config,
        ):
            return
        self._set_pair(None)
        short = self._workspace.short_names()
        names = (short[a.id], short[b.id])
        self._jobs.start(
            _PAIR,
            Worker(lambda: self._pair_job(a, b, config, names)),
            lambda result: self._on_pair(result, a, b),
            on_failed=self._on_failed,
        )

    def _on_pair(self, result: PairScores, a: System, b: System) -> None:
        pair = self._workspace.pair
        if pair is None:
            return
        now_a, now_b = pair
        if now_a.scores is a.scores and now_b.scores is b.scores:
            self._set_pair(result)

    def _set_pair(self, pair: PairScores | None) -> None:
        if pair is None and self._pair is None:
            return
        self._pair = pair
        self.pair_changed.emit()

    def _announce(self, notices: Iterable[str]) -> None:
        """Say each warning about the open test set once."""
        for warning in notices:
            if warning not in self._announced:
                self._announced.add(warning)
                self.warning_occurred.emit(warning)

    def _retire(self, value: object) -> None:
        """Keep a replaced value alive until a turn of its own, then free it.

        Freeing the old tokens (300,000 strings for a 100,000-segment corpus with
        two references) takes some 30 ms: not in the turn that has the new scores
        to show, nor in the next ones, which paint them and explain the shown
        sentence, but in one of its own after them.
        """
        self._retired.append(value)
        self._release.start()


def _read_all(
    reading: _Reading, required: list[Path], optional: list[Path], encoding: str
) -> tuple[dict[Path, bytes], dict[Path, str]]:
    """The bytes of each file; an optional file that cannot be read: why (one line)."""
    raw = {path: read_raw(reading.now(path), encoding) for path in required}
    unreadable: dict[Path, str] = {}
    for path in optional:
        try:
            raw[path] = read_raw(reading.now(path), encoding)
        except InputError as error:
            unreadable[path] = str(error)
    return raw, unreadable


class _Reading:
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


def _characters(corpus: Corpus) -> int:
    """How many characters the hypothesis and references hold (what is tokenized)."""
    files = (corpus.hypothesis, *corpus.references)
    return sum(sum(map(len, file.lines)) for file in files)


def _file_size(path: Path) -> int:
    """The size of `path` in bytes, or 0 if it cannot be read (reading says why)."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _meet_new_containers() -> None:
    """Have the garbage collector meet the corpus's new 100,000-item tuples now.

    A tuple of strings leaves the collector's lists the first time a collection
    examines it, and that first collection walks all its items: some 20 ms for a
    tokenized 100,000-segment corpus. Left to chance, it ran inside whichever turn of
    the GUI thread allocated next (measured: inside the explanation of the first
    sentence, making that turn 110 ms); here it is a step of a reading job of its
    own. Only on the GUI thread: a collection elsewhere may delete a Qt object off
    that thread and deadlock (`app.GuiThreadCollector`).
    """
    gc.collect(1)


def _progress_item(progress: Progress) -> tuple[int, int, str]:
    return progress.done, progress.total, progress.phase
