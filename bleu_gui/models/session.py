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

What is opened is a `FileSet` (files, each in one role and its own encoding; XLIFF
and TMX files aligned by unit id, a WMT SGML file read by its format's reader) or a
`BundleSet` (one file of several texts with the roles of its columns). Both end in
the same `Read` value (`models.loading` reads every kind), so everything after
the reading is one pipeline; see docs/design.md, "The window opens what people
bring". `inspect_bundle` reads a file of several texts for its columns only (the
roles dialog), under a key of its own. The scoring jobs are `models.system_jobs`'s;
`models.system_scoring` starts them under their keys and puts their results in the
workspace.

Re-scoring follows the statistics' additivity: a change of smoothing, weights,
effective order or a lower maximum order re-scores the cached statistics; only a
change of tokenizer or case (or a higher order than counted) counts again, and it
re-tokenizes only when the tokenizer or case changed.

A system's what-if edits (`set_edits`) are part of the workspace
(`System.with_edits`): the system's texts, tokens and statistics become the edited
ones and it is re-scored from them under its own key, like a change of smoothing.
Counted again (another tokenizer, more orders, its files read again), its edits
are counted again under the new tokens and given back.

The session is the Qt-facing façade: it holds the workspace, starts the jobs of
the shown system's scoring after a read, and delegates each operation to the
collaborator that keeps its order of signals in one piece (they emit the
session's signals through `models.session_events`, and never import this module):
reading test sets and added systems (`models.test_set_loading`), with what the
open test set was read from and the requests that read it again
(`models.opened_from`); scoring each system (`models.system_scoring`), with the
choice of its job and the shared token table (`models.scoring_plan`) and the edits
waiting to be given back (`models.edits_book`); removing systems and choosing the
baseline and the shown one (`models.system_roster`); the compared pair
(`models.pair_state`); document ids (`models.document_ids`); the warnings and the
language hint (`models.session_warnings`); the job keys (`models.job_keys`); the
worker processes (`models.session_pool`); replaced values freed later
(`models.retired`); and the answers of the shown system's statistics
(`models.questions`).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from pathlib import Path

import numpy.typing as npt
from PySide6.QtCore import QObject, Signal

from bleu_gui.core import BleuConfig, BleuScore, CorpusStats
from bleu_gui.core.edits import Edits
from bleu_gui.core.explain import (
    ExplainRequest,
    SentenceExplanation,
    explain_or_why_not,
)
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.token_table import TokenTable
from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io import Corpus
from bleu_gui.io.bundle import Format
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.notices import TokenizerHint
from bleu_gui.models import questions
from bleu_gui.models.document_ids import DocumentIds
from bleu_gui.models.edits_book import EditsBook
from bleu_gui.models.effort_counting import EffortCounting
from bleu_gui.models.job_keys import INSPECT, TEST_SET, system_key
from bleu_gui.models.jobs import JobHandle, JobRunner
from bleu_gui.models.loading import Read
from bleu_gui.models.open_request import (
    BundleSet,
    FileSet,
    OpenRequest,
    opens_with_roles,
)
from bleu_gui.models.opened_from import OpenedFrom
from bleu_gui.models.pair_state import PairState
from bleu_gui.models.qa_counting import QaCounting
from bleu_gui.models.retired import Retired
from bleu_gui.models.scoring_plan import ScoringPlan
from bleu_gui.models.session_pool import SessionPool
from bleu_gui.models.session_warnings import SessionWarnings
from bleu_gui.models.system_jobs import prepare_job
from bleu_gui.models.system_roster import SystemRoster
from bleu_gui.models.system_scoring import SystemScoring
from bleu_gui.models.test_set_loading import TestSetLoading
from bleu_gui.models.workspace import PairScores, Scores, System, SystemId, Workspace
from bleu_gui.models.workspace_change import Announcer, Change, Moved
from bleu_gui.workers import Worker

__all__ = [
    "BundleSet",
    "FileSet",
    "OpenRequest",
    "PairScores",
    "Scores",
    "Session",
    "SystemId",
    "opens_with_roles",
]

logger = logging.getLogger(__name__)

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
# How long after showing new texts scoring starts: time for the table to paint them.
_SCORE_AFTER_MS = 100
# How long after showing new scores the replaced tokens are freed: time to paint the
# new rows and explain the shown sentence first.
_RELEASE_AFTER_MS = 250

# The job keys under the names the session's tests know them by.
_TEST_SET = TEST_SET
_system_key = system_key


class Session(QObject):
    """The open files, the scoring options and the latest results.

    The session holds a `Workspace` (a test set and its systems, see
    `models.workspace`). Its single-system API (`corpus`, `stats`, `scores`,
    `files`, `explain`, `subset_score`) is that of the *shown* system.

    Signals:
        workspace_changed: (old, new, `Change`) the workspace changed: `old` as
            listeners saw it last, `new` now, and what moved between them
            (`models.workspace_change`). Every change of the session's state is
            said here, once per operation: a test set opened or closed, options,
            systems, scores, effort, edits, the pair, document ids.
        texts_loaded: a `Corpus` has been read and is being scored: its texts can be
            shown already. If scoring then fails, `busy_changed(False)` comes
            without a change, and the previous corpus is still the session's.
        candidate_refused: (path, message) after `error_occurred`, when a new
            candidate (`set_hypothesis`) does not fit the loaded references or
            source: it may belong to another test set.
        busy_changed: work started (True) or ended (False).
        progress_changed: (done, total, what) of the running work.
        error_occurred: a one-line message: the request failed, nothing changed.
        warning_occurred: a one-line message about input that was accepted.
        hint_changed: the language hint (`language_hint`) came, went or changed;
            `warnings` changed with it.
        bundle_inspected: (`io.bundle.Bundle`) a file of several texts read for
            its columns (`inspect_bundle`), so that the user can give them roles.
        languages_needed: (`FileSet`, message, languages) after `error_occurred`
            (with the same message), when a
            TMX file of the set holds more than two languages and the set's
            options chose none: the languages the file has, to ask which two.
    """

    workspace_changed = Signal(object, object, object)
    texts_loaded = Signal(object)
    candidate_refused = Signal(object, str)
    busy_changed = Signal(bool)
    progress_changed = Signal(int, int, str)
    error_occurred = Signal(str)
    warning_occurred = Signal(str)
    hint_changed = Signal()
    bundle_inspected = Signal(object)
    languages_needed = Signal(object, str, object)

    def __init__(self, parent: QObject | None = None, *, processes: int | None = None):
        super().__init__(parent)
        self._workspace = Workspace()
        self._announcer = Announcer(
            lambda: self._workspace, self.workspace_changed.emit
        )
        self._from = OpenedFrom()
        retired = Retired(self, _RELEASE_AFTER_MS)
        self._retire = retired.retire
        self._pool = SessionPool(
            processes if processes is not None else os.cpu_count() or 1,
            min_segments=_POOL_MIN_SEGMENTS,
            min_characters=_POOL_MIN_CHARACTERS,
            min_bytes=_POOL_MIN_BYTES,
        )
        plan = ScoringPlan(self._pool.for_corpus, self._retire)
        edits = EditsBook(self.warning_occurred.emit)
        self._warnings = SessionWarnings(
            self.warning_occurred.emit, self.hint_changed.emit
        )
        self._jobs = JobRunner(self)
        self._jobs.busy_changed.connect(self._on_busy_changed)
        self._jobs.progress_changed.connect(self.progress_changed)
        self._pair = PairState(
            lambda: self._workspace,
            self._put,
            self._jobs,
            self._pool.for_corpus,
            changed=lambda: self.announce(Change.of(Moved.PAIR)),
            failed=self._on_failed,
        )
        self._scoring = SystemScoring(
            self,
            self._put,
            self._jobs,
            (plan, edits, self._warnings, self._pair),
            retire=self._retire,
            failed=self._on_failed,
        )
        # Its own runner: counting effort is not the session's busy work (a load
        # ends when its texts are scored; Cancel is for reading and scoring).
        self._effort_jobs = JobRunner(self)
        self._effort = EffortCounting(
            lambda: self._workspace,
            self._put,
            self._effort_jobs,
            scoring=lambda: self._jobs.is_busy,
            counted=lambda system_id: self.announce(Change.effort(system_id)),
            failed=self._on_failed,
        )
        self._effort.follow(self.workspace_changed, self._jobs.busy_changed)
        self.qa = QaCounting(self, self._put, self._effort_jobs)  # once idle
        self._roster = SystemRoster(
            self, self._put, self._jobs, self._pair, self._retire
        )
        self._documents = DocumentIds(self, self._put, self._jobs, self._on_failed)
        self._loader = TestSetLoading(
            self,
            self._put,
            self._jobs,
            self._pool,
            (self._from, plan, edits, self._warnings, self._pair, self._scoring),
            on_read=self._on_read,
            retire=self._retire,
            failed=self._on_failed,
        )

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
        compared = self._workspace.compared
        return compared.scores if compared is not None else None

    def pair_is_stale(self) -> bool:
        """Whether `pair` is of earlier scores of A or B (an edit is being scored)."""
        return self._workspace.pair_is_stale()

    @property
    def corpus(self) -> Corpus | None:
        """The shown system's texts, if any (`Workspace.shown_corpus`)."""
        return self._workspace.shown_corpus

    @property
    def files(self) -> FileSet | None:
        """The loaded files, if any (`hypothesis`: the shown system's)."""
        return self._from.files(self._workspace)

    @property
    def opened(self) -> OpenRequest | None:
        """What reopens the open test set: its files, or the file of several texts.

        For a test set read from one file of several texts (`open_bundle`), that
        file with its roles as opened; otherwise `files`.
        """
        return self._from.opened(self._workspace)

    @property
    def stats(self) -> CorpusStats | None:
        """The shown system's statistics, if any (`Workspace.shown_stats`)."""
        return self._workspace.shown_stats

    @property
    def scores(self) -> Scores | None:
        """The shown system's latest scores, if any (`Workspace.shown_scores`)."""
        return self._workspace.shown_scores

    @property
    def loading(self) -> OpenRequest | None:
        """What is being read or scored now for a new load, if any."""
        return self._loader.loading

    @property
    def warnings(self) -> tuple[str, ...]:
        """Every warning about the open test set, in the order said.

        The language hint last, while it holds for the tokenizer in use.
        """
        return self._warnings.said

    def notices(self, ids: Iterable[SystemId] | None = None) -> tuple[str, ...]:
        """The warnings that qualify the numbers of systems `ids` (None: all).

        Their files' (`Workspace.notices`), then the language hint while it
        holds for the tokenizer in use: what exports and the report carry.
        """
        return (*self._workspace.notices(ids), *self._warnings.hint_lines)

    @property
    def language_hint(self) -> TokenizerHint | None:
        """The tokenizer the test set's language needs, if another is in use."""
        return self._warnings.hint

    @property
    def drop_bom(self) -> bool:
        """Whether files are read with a leading byte-order mark dropped."""
        return self._from.drop_bom

    def set_drop_bom(self, drop: bool) -> None:
        """Read files with (True) or without dropping a leading byte-order mark.

        sacreBLEU keeps the mark, glued to the first word; dropping it changes the
        number, and the signature says so. The loaded files are read again.
        """
        self._loader.set_drop_bom(drop)

    def _put(self, workspace: Workspace) -> None:
        """Replace the workspace (the collaborators' transitions go through here)."""
        self._workspace = workspace

    def announce(self, change: Change) -> None:
        """Say `change` by `workspace_changed` (once, at the end of a `changing`)."""
        self._announcer.announce(change)

    def changing(self) -> AbstractContextManager[None]:
        """One operation: what it announces is said in one `workspace_changed`."""
        return self._announcer.batch()

    @property
    def is_busy(self) -> bool:
        """Whether work is running."""
        return self._jobs.is_busy

    @property
    def _worker(self) -> JobHandle | None:
        """The worker of the test set's running job, else of the shown system's."""
        worker = self._jobs.worker(TEST_SET)
        if worker is None and self.shown is not None:
            worker = self._jobs.worker(system_key(self.shown))
        return worker

    # --- requests ----------------------------------------------------------------

    def open_files(
        self,
        files: FileSet,
        config: BleuConfig | None = None,
        *,
        drop_bom: bool | None = None,
    ) -> None:
        """Load `files` and score them with `config` (in the background).

        `config` None: the current options; `drop_bom` None: the current choice
        (`set_drop_bom`). Others take effect with the test set, once it is read
        and scored: a test set that cannot be opened leaves the open one as it
        was, read and scored as before (a recent entry's or a session's options).

        Nothing loaded is replaced until every file has been read and the line
        counts agree; a reference that is a file already in the set is refused
        before anything is read. The shown candidate is scored first; each other
        system then under a job of its own. A system other than the shown one
        whose file does not fit the references is refused (one line) and the
        others are opened.
        """
        self._loader.open(files, config=config, drop_bom=drop_bom)

    def open_bundle(
        self,
        request: BundleSet,
        config: BleuConfig | None = None,
        *,
        drop_bom: bool | None = None,
    ) -> None:
        """Open a test set held by one file (WMT XML, a spreadsheet), in the background.

        The file is read (`io.formats.read_bundle`) and its roles chosen
        (`io.bundle.select`) in the reading job; from there on it is a test set
        like any other. A file that cannot be read, or roles that do not fit it,
        leave what was loaded untouched and say why in one line. `config` and
        `drop_bom` as for `open_files`.
        """
        self._loader.open(request, config=config, drop_bom=drop_bom)

    def inspect_bundle(
        self,
        path: Path,
        format_: Format | None = None,
        *,
        encoding: str = "utf-8",
        options: FormatOptions | None = None,
    ) -> None:
        """Read a file of several texts for its columns, in the background.

        `bundle_inspected` brings the bundle; a file that cannot be read is
        `error_occurred` (one line). Nothing open changes. A new request
        supersedes a running one (another encoding or option chosen meanwhile).
        """
        self._loader.inspect(path, format_, encoding, options)

    def cancel_inspection(self) -> None:
        """Stop reading a file for its columns (`inspect_bundle`); nothing else."""
        self._jobs.cancel(INSPECT)

    def set_hypothesis(self, path: Path) -> None:
        """Replace the shown candidate's file, keeping references and source.

        A candidate whose line count does not fit them is reported by
        `error_occurred`, then `candidate_refused`.
        """
        self._loader.reopen(self._from.reopen(self._workspace, hypothesis=path))

    def add_system(self, path: Path, encoding: str | None = None) -> None:
        """Read one more system against the open test set, and score it.

        `encoding`: the file's own (None: the test set's). The other systems' jobs
        go on untouched. A file whose line count does not fit the references (or
        that is a system already) is refused in one line; the other systems stay.
        To a test set aligned by unit id (XLIFF, TMX) only a file of the same
        units can be added.
        """
        self._loader.add_system(path, encoding)

    def remove_system(self, system_id: SystemId) -> None:
        """Remove a system (not the last one); its running job is cancelled."""
        self._roster.remove(system_id)

    def set_baseline(self, system_id: SystemId) -> None:
        """Make a system the baseline (A of the pair)."""
        self._roster.set_baseline(system_id)

    def set_shown(self, system_id: SystemId) -> None:
        """Show a system in the single-system views (B of the pair)."""
        self._roster.set_shown(system_id)

    def add_reference(self, path: Path) -> None:
        """Add one more reference file (not one already in the set)."""
        self._loader.reopen(self._from.with_reference(self._workspace, path))

    def remove_reference(self, index: int) -> None:
        """Remove reference `index` (0-based); the last one cannot be removed."""
        self._loader.reopen(self._from.without_reference(self._workspace, index))

    def set_source(self, path: Path | None) -> None:
        """Open (or, with None, close) the source file."""
        self._loader.reopen(self._from.reopen(self._workspace, source=path))

    def reload(self) -> None:
        """Read every open file again from disk (a file of several texts: as opened)."""
        self._loader.reload()

    def close(self) -> None:
        """Close the test set: stop the running work, forget files and scores.

        Says a change of rows (`files` then None), then `busy_changed(False)` if
        work was running. The options stay.
        """
        self._loader.close()

    def set_config(self, config: BleuConfig) -> None:
        """Score with `config`: re-score, or count again only if tokens changed.

        Every system is re-scored under its own job. When the tokenizer changed,
        the shown system is tokenized first and the others after it, so that the
        references are tokenized once.
        """
        if config == self.config:
            return
        previous = self.config
        with self.changing():
            self._workspace = self._workspace.with_config(config)
            self.announce(Change.of(Moved.CONFIG))
            if not self._loader.take_options():
                self._scoring.rescore(previous)

    def set_documents(self, ids: Sequence[str] | None, *, name: str = "") -> None:
        """Give each segment of the test set a document id (None: take them away).

        One id per segment, in order; `name` (a file's) names the ids in the one
        line `error_occurred` says when their number is not the test set's, or an
        id is empty. The scores stay: documents group them, they change none.
        """
        self._documents.set(ids, name)

    def open_documents(self, path: Path) -> None:
        """Read a document-id file (one id per line) and `set_documents` from it."""
        self._documents.open(path)

    def cancel(self) -> None:
        """Stop all running work; what was loaded before stays."""
        self._jobs.cancel_all()

    def shutdown(self, timeout: float = 5.0) -> None:
        """Cancel and wait for the running work, and stop the worker processes.

        On application exit. The session can still be used afterwards: the worker
        processes start again when a large corpus needs them.
        """
        self._jobs.shutdown(timeout)
        self._effort_jobs.shutdown(timeout)
        self._pool.close()

    # --- questions ---------------------------------------------------------------

    def subset_score(self, rows: npt.ArrayLike) -> OrUnavailable[BleuScore]:
        """Corpus BLEU of the given rows, from the statistics; or why not."""
        return questions.subset_score(self.stats, rows, self.config)

    def explain(
        self, row: int, corpus: Corpus | None = None
    ) -> OrUnavailable[SentenceExplanation]:
        """Why sentence `row` (0-based) scored what it scored; or why it cannot.

        Of `corpus` if given (the texts of a corpus still being scored, which the
        table already shows), else of the loaded corpus; under the current options.
        Synchronous: for a long segment, see `models.explainer`.
        """
        request = self.explain_request(row, corpus)
        if request is None:
            return Unavailable("no such sentence")
        return explain_or_why_not(request)

    def explain_request(
        self, row: int, corpus: Corpus | None = None, hypothesis: str | None = None
    ) -> ExplainRequest | None:
        """What explaining `row` of `corpus` (or the loaded one) takes; None: no row.

        `hypothesis`: another text for the row (an edit being typed).
        """
        return questions.explain_request(
            corpus if corpus is not None else self.corpus, row, self.config, hypothesis
        )

    # --- what-if edits -------------------------------------------------------------

    def edits(self, system_id: SystemId) -> Edits:
        """A system's what-if edits (empty: none, or no such system)."""
        if system_id not in self._workspace:
            return Edits()
        return self._workspace.system(system_id).edits

    def set_edits(self, system_id: SystemId, edits: Edits) -> None:
        """See a system through `edits` (empty: as read), and score it so.

        The edits must be counted under the options in force (`core.edits`);
        the system must be counted. Its scores, the pair and every test result
        that used it follow; a change of edits says so at once.

        Raises:
            KeyError: no such system.
            ValueError: the system is not counted, or an edit does not fit it.
        """
        self._scoring.set_edits(system_id, edits)

    def worker_pool(self, segments: int) -> WorkerPool | None:
        """The session's worker processes for a job over this many segments, if any.

        For work of the window's own (the salient n-grams of a pair) that should
        share the processes the session keeps rather than start more. None for a
        small corpus or a single-process session: run it on the calling thread.
        """
        return self._pool.for_corpus(segments)

    # --- worker plumbing (GUI thread) ---------------------------------------------

    def _on_failed(self, message: str) -> None:
        """A request failed: say so in one line (a bug's traceback is in the log)."""
        logger.info("request failed: %s", message)
        self.error_occurred.emit(message)

    def _on_busy_changed(self, busy: bool) -> None:
        if not busy:  # the running load, if any, has ended
            self._loader.loading = None
        self.busy_changed.emit(busy)

    def _on_read(self, read: Read, config: BleuConfig) -> None:
        """The texts are read: show them, and score them in the background."""
        self.texts_loaded.emit(read.corpus)
        table = TokenTable.for_config(config)
        pool_for = self._pool.for_corpus
        # Scoring starts once the texts are on screen: its first moments are the
        # busiest for the GIL (see `bleu_gui.core.parallel`), and would slow that paint.
        self._jobs.start(
            TEST_SET,
            Worker(lambda: prepare_job(read.corpus, config, table, pool_for)),
            lambda computed: self._loader.loaded(read, table, computed, config),
            on_failed=self._on_failed,
            after_ms=_SCORE_AFTER_MS,
        )
