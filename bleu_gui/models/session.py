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
replace. Every job of this session replaces the one candidate's corpus or scores
(reading the files, tokenizing, counting and scoring them, re-scoring them), so all
run under `_CANDIDATE`: a new load supersedes a running load or score of the same
test set, whose result would describe files or options no longer asked for, and a
new re-score supersedes a running one. When the session holds several systems,
each system's jobs get a key of their own (loading system B never cancels scoring
system A), and a new test set, which makes every system's statistics stale,
supersedes them all. Cancel stops every job.

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
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QObject, QTimer, Signal

from bleu_gui.core import (
    BleuConfig,
    BleuScore,
    CorpusStats,
    SentenceScores,
    score_corpus,
    signature,
    tokenizer_for,
)
from bleu_gui.core.analysis import iter_perfect_gains
from bleu_gui.core.explain import (
    ExplainRequest,
    SentenceExplanation,
    explain_or_why_not,
)
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.scoring import (
    Progress,
    TokenizedCorpus,
    iter_count,
    iter_prepare,
    iter_score_sentences,
    required_order,
)
from bleu_gui.core.steps import relabel
from bleu_gui.io import (
    Corpus,
    LineCountError,
    corpus_notices,
    iter_read_corpus,
    read_raw,
)
from bleu_gui.io.errors import display_name
from bleu_gui.models.jobs import JobRunner
from bleu_gui.workers import Job, SliceWorker, Worker, blocking_call

__all__ = ["FileSet", "Scores", "Session"]

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
        hypothesis: the candidate (one system's output).
        references: one or more reference files.
        source: the optional source file.
        encoding: how to decode all of them.
        drop_bom: drop a byte-order mark at the start of a file (sacreBLEU keeps
            it, glued to the first word; the signature then says `bom:dropped`).
    """

    hypothesis: Path
    references: tuple[Path, ...]
    source: Path | None = None
    encoding: str = "utf-8"
    drop_bom: bool = False

    @property
    def paths(self) -> tuple[Path, ...]:
        """Every file, in the order they are read: candidate, references, source."""
        source = () if self.source is None else (self.source,)
        return (self.hypothesis, *self.references, *source)

    def repeated_file(self) -> str | None:
        """Why a reference is a file already in the set (one line), or None.

        The same file given twice as a reference, or the source given as a
        reference, would be scored as one more reference and inflate `nrefs` in the
        signature. Paths are compared resolved (links, `..`, relative paths), which
        asks the file system for names only: no file is read.
        """
        seen: dict[Path, str] = {}
        if self.source is not None:
            seen[_resolved(self.source)] = "the source"
        for number, path in enumerate(self.references, start=1):
            key = _resolved(path)
            if key in seen:
                return (
                    f"{display_name(path)} is already {seen[key]}: "
                    f"a file can be only one reference"
                )
            seen[key] = f"reference {number}"
        return None


@dataclass(frozen=True, slots=True, eq=False)
class Scores:
    """Everything computed for one corpus under one config.

    Attributes:
        config: the options they were computed with.
        corpus: corpus BLEU, or the reason it cannot be computed in this mode.
        sentences: every sentence's BLEU, BP and precisions.
        gains: per sentence, how much corpus BLEU would rise if it were perfect.
        signature: the corpus score's signature.
        sentence_signature: the sentence scores' signature.
    """

    config: BleuConfig
    corpus: BleuScore | str
    sentences: SentenceScores
    gains: npt.NDArray[np.float64]
    signature: str
    sentence_signature: str


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
class _Counted:
    """A corpus, its tokens under one tokenizer, and their statistics."""

    corpus: Corpus
    files: FileSet
    tokenizer_key: tuple[str, bool, bool]
    tokenized: TokenizedCorpus
    stats: CorpusStats
    notices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class _SystemJobs:
    """The key of the jobs whose results replace one system's corpus or scores.

    See the module docstring for the rule; one system today, `_CANDIDATE`.

    Attributes:
        system: which system (0: the candidate).
    """

    system: int


_CANDIDATE = _SystemJobs(0)


class _Keep:
    """Marker: leave this file as it is."""


_KEEP = _Keep()


class Session(QObject):
    """The open files, the scoring options and the latest results.

    Signals:
        texts_loaded: a `Corpus` has been read and is being scored: its texts can be
            shown already. If scoring then fails, `busy_changed(False)` comes
            without `files_changed`, and the previous corpus is still the session's.
        files_changed: a new corpus was loaded (texts, file names, sizes), or the
            test set was closed (`files` is then None); not when the same corpus is
            tokenized or counted anew.
        candidate_refused: (path, message) after `error_occurred`, when a new
            candidate (`set_hypothesis`) does not fit the loaded references or
            source: it may belong to another test set.
        config_changed: the scoring options changed (the new `BleuConfig`).
        scores_changed: new scores are available.
        busy_changed: work started (True) or ended (False).
        progress_changed: (done, total, what) of the running work.
        error_occurred: a one-line message: the request failed, nothing changed.
        warning_occurred: a one-line message about input that was accepted.
    """

    texts_loaded = Signal(object)
    files_changed = Signal()
    candidate_refused = Signal(object, str)
    config_changed = Signal(object)
    scores_changed = Signal()
    busy_changed = Signal(bool)
    progress_changed = Signal(int, int, str)
    error_occurred = Signal(str)
    warning_occurred = Signal(str)

    def __init__(self, parent: QObject | None = None, *, processes: int | None = None):
        super().__init__(parent)
        self._config = BleuConfig()
        self._counted: _Counted | None = None
        self._scores: Scores | None = None
        # What `_on_loaded` replaced, released a moment later (see there).
        self._retired: list[_Counted] = []
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
    def config(self) -> BleuConfig:
        """The options the current (or pending) scores use."""
        return self._config

    @property
    def corpus(self) -> Corpus | None:
        """The loaded texts, if any."""
        return self._counted.corpus if self._counted else None

    @property
    def files(self) -> FileSet | None:
        """The loaded files, if any."""
        return self._counted.files if self._counted else None

    @property
    def stats(self) -> CorpusStats | None:
        """The loaded corpus's statistics, if any."""
        return self._counted.stats if self._counted else None

    @property
    def scores(self) -> Scores | None:
        """The latest scores, if any."""
        return self._scores

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
            self._open(files)

    @property
    def is_busy(self) -> bool:
        """Whether work is running."""
        return self._jobs.is_busy

    @property
    def _worker(self) -> Worker | SliceWorker | None:
        """The worker of the running job, if any (for tests that wait for it)."""
        return self._jobs.worker(_CANDIDATE)

    # --- requests ----------------------------------------------------------------

    def open_files(self, files: FileSet) -> None:
        """Load `files` and score them with the current options (in the background).

        Nothing loaded is replaced until every file has been read and the line
        counts agree; a reference that is a file already in the set is refused
        before anything is read.
        """
        self._open(files)

    def _open(self, files: FileSet, *, new_candidate: bool = False) -> None:
        """`open_files`; with `new_candidate`, a misfit is `candidate_refused`."""
        files = replace(files, drop_bom=self._drop_bom)
        repeated = files.repeated_file()
        if repeated is not None:
            self.error_occurred.emit(repeated)
            return
        if self._processes > 1 and _file_size(files.hypothesis) >= _POOL_MIN_BYTES:
            self._pool_for(_POOL_MIN_SEGMENTS)  # started now, used after reading
        config = self._config
        self._run(
            lambda: self._read_job(files, new_candidate=new_candidate),
            lambda corpus: self._on_read(files, config, corpus),
            on_gui_thread=True,
        )
        self._loading = files

    def set_hypothesis(self, path: Path) -> None:
        """Replace the candidate, keeping references and source.

        A candidate whose line count does not fit them is reported by
        `error_occurred`, then `candidate_refused`.
        """
        self._reopen(hypothesis=path)

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
            self.open_files(self.files)

    def close(self) -> None:
        """Close the test set: stop the running work, forget files and scores.

        Emits `files_changed` (with `files` None), then `busy_changed(False)` if work
        was running. The options stay.
        """
        self._loading = None
        if not self._jobs.is_busy and self._counted is None:
            return
        self._jobs.discard_all(then=self._forget_files)

    def _forget_files(self) -> None:
        """`close` with its jobs discarded: forget files and scores, say so."""
        previous, self._counted, self._scores = self._counted, None, None
        if previous is not None:  # freed in a turn of its own, as in `_on_loaded`
            self._retired.append(previous)
            self._release.start()
        self.files_changed.emit()

    def set_config(self, config: BleuConfig) -> None:
        """Score with `config`: re-score, or count again only if tokens changed."""
        if config == self._config:
            return
        self._config = config
        self.config_changed.emit(config)
        if self._loading is not None:
            self.open_files(self._loading)  # the running load must use the new options
            return
        counted = self._counted
        if counted is None:
            return
        key = tokenizer_for(config).key
        if key != counted.tokenizer_key:
            files, corpus = counted.files, counted.corpus
            self._run(lambda: self._prepare_job(files, config, corpus), self._on_loaded)
        elif required_order(config) > counted.stats.max_order:
            self._run(lambda: self._recount_job(counted, config), self._on_loaded)
        else:
            dropped = counted.corpus.dropped_bom
            self._run(
                lambda: self._score_job(counted.stats, config, dropped),
                self._on_scored,
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
        counted = self._counted
        index = np.asarray(rows)
        if counted is None or index.size == 0:
            return "no sentences"
        try:
            return score_corpus(counted.stats.subset(index), self._config)
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
        return ExplainRequest(corpus.hypothesis.lines[row], refs, self._config)

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
        instead of failing: the candidate may belong to another test set.
        """
        paths = files.paths
        try:
            # Opening and reading bytes may block for ever (a named pipe, a hung
            # network mount): on a thread of its own. Decoding and splitting need
            # the GIL for long stretches: here, in slices.
            reading = _Reading()
            raw = yield from blocking_call(
                lambda: {
                    path: read_raw(reading.now(path), files.encoding) for path in paths
                },
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
        # The ~20 ms collection as a step of its own, with the slice's time checked
        # before and after it: it does not share a slice with the last piece read
        # once that slice is spent, nor with handing the texts to the table after.
        yield 1, 1, "reading files"
        _meet_new_containers()
        yield 1, 1, "reading files"
        return corpus

    def _prepare_job(self, files: FileSet, config: BleuConfig, corpus: Corpus) -> Job:
        """Tokenize, count and score a corpus that has been read."""
        tokenized, stats = yield from relabel(
            iter_prepare(
                corpus.hypothesis.lines,
                [ref.lines for ref in corpus.references],
                config,
                max_order=max(required_order(config), _COUNTED_ORDERS),
                pool=self._pool_for(corpus.num_segments, _characters(corpus)),
            ),
            _progress_item,
        )
        _meet_new_containers()  # here, in the background, not on the GUI thread
        key = tokenizer_for(config).key
        notices = corpus_notices(
            corpus, config, stats, how_to_drop="File › Drop byte-order marks"
        )
        counted = _Counted(corpus, files, key, tokenized, stats, notices)
        scores = yield from self._score_job(stats, config, corpus.dropped_bom)
        return counted, scores

    def _recount_job(self, counted: _Counted, config: BleuConfig) -> Job:
        """Count more orders from the cached tokens (no re-tokenizing), and score."""
        order = required_order(config)
        pool = self._pool_for(len(counted.stats), _characters(counted.corpus))
        stats = yield from relabel(
            iter_count(counted.tokenized, order, pool), _progress_item
        )
        scores = yield from self._score_job(stats, config, counted.corpus.dropped_bom)
        return replace(counted, stats=stats), scores

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
        )

    # --- worker plumbing (GUI thread) ---------------------------------------------

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
        changes: dict[str, object] = {}
        if hypothesis is not None:
            changes["hypothesis"] = hypothesis
        if references is not None:
            changes["references"] = references
        if not isinstance(source, _Keep):
            changes["source"] = source
        new_candidate = self.files is not None and changes.keys() == {"hypothesis"}
        self._open(
            replace(files, **changes),  # type: ignore[arg-type]
            new_candidate=new_candidate,
        )

    def _run(
        self,
        make_job: Callable[[], Job],
        on_done: Callable[[Any], None],
        *,
        on_gui_thread: bool = False,
        after_ms: int | None = None,
    ) -> None:
        """Start a request's job under `_CANDIDATE`: it supersedes the running one."""
        self._jobs.start(
            _CANDIDATE,
            SliceWorker(make_job) if on_gui_thread else Worker(make_job),
            lambda result: self._on_finished(result, on_done),
            on_failed=self._on_failed,
            after_ms=after_ms,
        )

    def _on_finished(self, result: Any, on_done: Callable[[Any], None]) -> None:
        if isinstance(result, _Refused):  # a failure with a typed follow-up
            self._jobs.fail(_CANDIDATE, result.message)
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

    def _on_read(self, files: FileSet, config: BleuConfig, corpus: Corpus) -> None:
        """The texts are read: show them, and score them in the background."""
        self.texts_loaded.emit(corpus)
        # Scoring starts once the texts are on screen: its first moments are the
        # busiest for the GIL (see `bleu_gui.core.parallel`), and would slow that paint.
        self._run(
            lambda: self._prepare_job(files, config, corpus),
            self._on_loaded,
            after_ms=_SCORE_AFTER_MS,
        )

    def _on_loaded(self, result: tuple[_Counted, Scores]) -> None:
        counted, scores = result
        previous = self._counted
        if previous is not None:
            # Freeing the old tokens (300,000 strings for a 100,000-segment corpus
            # with two references) takes some 30 ms: not in this turn, which has
            # the new scores to show, nor in the next ones, which paint them and
            # explain the shown sentence, but in one of its own after them.
            self._retired.append(previous)
            self._release.start()
        self._counted = counted
        self._scores = scores
        if previous is None or counted.corpus is not previous.corpus:
            for warning in counted.notices:
                self.warning_occurred.emit(warning)
            self.files_changed.emit()
        self.scores_changed.emit()

    def _on_scored(self, scores: Scores) -> None:
        self._scores = scores
        self.scores_changed.emit()


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


def _resolved(path: Path) -> Path:
    """`path` made absolute, links and `..` resolved as far as they exist."""
    try:
        return path.expanduser().resolve()
    except (OSError, RuntimeError):  # a link loop: compare it as given
        return path.absolute()


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
    sentence, making that turn 110 ms). Collected here, it costs the same once, at
    a moment chosen for it; afterwards no collection walks those tuples again.
    """
    gc.collect(1)


def _progress_item(progress: Progress) -> tuple[int, int, str]:
    return progress.done, progress.total, progress.phase
