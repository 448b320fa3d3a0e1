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
this module starts them under their keys and puts their results in the workspace.

Re-scoring follows the statistics' additivity: a change of smoothing, weights,
effective order or a lower maximum order re-scores the cached statistics; only a
change of tokenizer or case (or a higher order than counted) counts again, and it
re-tokenizes only when the tokenizer or case changed.

A system's what-if edits (`set_edits`) are part of the workspace
(`System.with_edits`): the system's texts, tokens and statistics become the edited
ones and it is re-scored from them under its own key, like a change of smoothing.
Counted again (another tokenizer, more orders, its files read again), its edits
are counted again under the new tokens and given back.
"""

from __future__ import annotations

import logging
import os
import threading
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
    tokenizer_for,
)
from bleu_gui.core.edits import Edits, count_edits
from bleu_gui.core.explain import (
    ExplainRequest,
    SentenceExplanation,
    explain_or_why_not,
)
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.scoring import (
    required_order,
)
from bleu_gui.core.token_table import TokenTable
from bleu_gui.io import (
    Corpus,
    TestSet,
)
from bleu_gui.io.bundle import Format
from bleu_gui.io.errors import display_name
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.formats import detect_format, read_bundle
from bleu_gui.io.notices import TokenizerHint
from bleu_gui.io.roles_check import same_file
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.loading import (
    ALIGNED_FORMATS,
    Inspected,
    LanguagesNeeded,
    Read,
    Reading,
    Refused,
    aligned_problem,
    file_size,
    file_stamp,
    read_aligned_system_job,
    read_bundle_job,
    read_documents_job,
    read_job,
    read_system_job,
    sniffed_encoding,
)
from bleu_gui.models.open_request import (
    BundleSet,
    FileSet,
    OpenRequest,
    opens_with_roles,
)
from bleu_gui.models.system_jobs import (
    Computed,
    pair_job,
    prepare_job,
    recount_job,
    rescore_job,
)
from bleu_gui.models.workspace import (
    PairScores,
    Scores,
    System,
    SystemId,
    TestSetFiles,
    Workspace,
)
from bleu_gui.workers import Job, SliceWorker, Worker, blocking_call

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


class _JobKind(Enum):
    """What a job's result replaces (see the module docstring)."""

    TEST_SET = "test set"
    SYSTEM = "system"
    PAIR = "pair"
    DOCUMENTS = "documents"
    INSPECT = "inspect"


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
_INSPECT = _JobKey(_JobKind.INSPECT)


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
        edits_changed: (system id) that system's what-if edits changed; its new
            scores follow (`system_scored`).
        pair_changed: `pair` changed (new values, or None).
        busy_changed: work started (True) or ended (False).
        progress_changed: (done, total, what) of the running work.
        documents_changed: the test set's document ids were given (or taken
            away) by `set_documents`; a new test set says so by `files_changed`.
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

    texts_loaded = Signal(object)
    files_changed = Signal()
    candidate_refused = Signal(object, str)
    config_changed = Signal(object)
    scores_changed = Signal()
    systems_changed = Signal()
    system_scored = Signal(int)
    edits_changed = Signal(int)
    pair_changed = Signal()
    documents_changed = Signal()
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
        self._pair: PairScores | None = None
        # The systems' scores the pair was compared from (A's, B's).
        self._pair_of: tuple[Scores, Scores] | None = None
        # Edited texts to count again and give back once a system is counted
        # (after another tokenizer, or its files read again): row -> text.
        self._pending_edits: dict[SystemId, dict[int, str]] = {}
        # The references' and systems' tokens under the workspace's tokenizer key.
        self._table: TokenTable | None = None
        self._next_id = 0
        # Systems being read by `add_system`: (id, path).
        self._adding: dict[SystemId, Path] = {}
        # The warnings said about the open test set (each once), in order.
        self._announced: dict[str, None] = {}
        # The language hint under the tokenizer in use (not among `_announced`:
        # it goes once the tokenizer it names is chosen, and comes back).
        self._hint: TokenizerHint | None = None
        # The baseline's file to keep when the same files are opened again.
        # (file, label) of the baseline to keep when the same files are opened again.
        self._keep_baseline: tuple[Path, str | None] | None = None
        # The file of several texts the open test set came from, if it did.
        self._bundle: BundleSet | None = None
        # The format options the open test set was read with (XLIFF, TMX).
        self._format_options = FormatOptions()
        # The file last read for its columns (the roles dialog's), to open it.
        self._inspected: Inspected | None = None
        # What a new workspace replaced, released a moment later (see `_retire`).
        self._retired: list[object] = []
        self._release = QTimer(self)
        self._release.setSingleShot(True)
        self._release.setInterval(_RELEASE_AFTER_MS)
        self._release.timeout.connect(self._retired.clear)
        self._jobs = JobRunner(self)
        self._jobs.busy_changed.connect(self._on_busy_changed)
        self._jobs.progress_changed.connect(self.progress_changed)
        self._loading: OpenRequest | None = None  # what the running load opens
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

    def pair_is_stale(self) -> bool:
        """Whether `pair` is of earlier scores of A or B (an edit is being scored)."""
        pair, of, workspace = self._pair, self._pair_of, self._workspace
        if pair is None or of is None:
            return pair is not None
        if pair.a not in workspace or pair.b not in workspace:
            return True
        a, b = workspace.system(pair.a), workspace.system(pair.b)
        config = workspace.config
        return (
            a.scores is not of[0]
            or b.scores is not of[1]
            or not (a.scored_under(config) and b.scored_under(config))
        )

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
        read_as = [(s.path, s.hypothesis.encoding) for s in workspace.systems]
        return FileSet(
            shown.path,
            test_set.references,
            test_set.source,
            test_set.encoding,
            test_set.drop_bom,
            paths if len(paths) > 1 else (),
            encodings=(*test_set.encodings, *read_as),
            options=self._format_options,
        )

    @property
    def opened(self) -> OpenRequest | None:
        """What reopens the open test set: its files, or the file of several texts.

        For a test set read from one file of several texts (`open_bundle`), that
        file with its roles as opened; otherwise `files`.
        """
        if self._workspace.test_set is None:
            return None
        return self._bundle if self._bundle is not None else self.files

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
    def loading(self) -> OpenRequest | None:
        """What is being read or scored now for a new load, if any."""
        return self._loading

    @property
    def warnings(self) -> tuple[str, ...]:
        """Every warning about the open test set, in the order said.

        The language hint last, while it holds for the tokenizer in use.
        """
        hint = () if self._hint is None else (self._hint.line,)
        return (*self._announced, *hint)

    def notices(self, ids: Iterable[SystemId] | None = None) -> tuple[str, ...]:
        """The warnings that qualify the numbers of systems `ids` (None: all).

        Their files' (`Workspace.notices`), then the language hint while it
        holds for the tokenizer in use: what exports and the report carry.
        """
        hint = () if self._hint is None else (self._hint.line,)
        return (*self._workspace.notices(ids), *hint)

    @property
    def language_hint(self) -> TokenizerHint | None:
        """The tokenizer the test set's language needs, if another is in use."""
        return self._hint

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
        request = self._loading or self.opened
        if request is not None:
            self._open_again(request)

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
        self._open(files, config=config, drop_bom=drop_bom)

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
        self._open(request, config=config, drop_bom=drop_bom)

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

        self._jobs.start(
            _INSPECT,
            SliceWorker(job),
            self._on_inspected,
            on_failed=self._on_failed,
        )

    def _on_inspected(self, inspected: Inspected) -> None:
        self._inspected = inspected  # opened next, most likely: not read again
        self.bundle_inspected.emit(inspected.bundle)

    def cancel_inspection(self) -> None:
        """Stop reading a file for its columns (`inspect_bundle`); nothing else."""
        self._jobs.cancel(_INSPECT)

    def _open_again(
        self, request: OpenRequest, *, drop_bom: bool | None = None
    ) -> None:
        """`open_files` for what is open already: the baseline stays."""
        self._keep_baseline = self._baseline_key()
        self._open(request, drop_bom=drop_bom)

    def _baseline_key(self) -> tuple[Path, str | None] | None:
        baseline = self._workspace.baseline_system
        return None if baseline is None else (baseline.path, baseline.label)

    def _open(
        self,
        request: OpenRequest,
        *,
        new_candidate: bool = False,
        config: BleuConfig | None = None,
        drop_bom: bool | None = None,
    ) -> None:
        """`open_files`; with `new_candidate`, a misfit is `candidate_refused`."""
        job: Callable[[], Job]
        drop = self._drop_bom if drop_bom is None else drop_bom
        if isinstance(request, BundleSet):
            options = replace(request.options, drop_bom=drop)
            bundle = request = replace(request, options=options)
            job = lambda: read_bundle_job(bundle, self._inspected)  # noqa: E731
        else:
            files = request = replace(request, drop_bom=drop)
            problem = files.repeated_file() or aligned_problem(files)
            if problem is not None:
                self.error_occurred.emit(problem)
                return
            if self._processes > 1 and any(
                file_size(path) >= _POOL_MIN_BYTES for path in files.hypotheses
            ):
                self._pool_for(_POOL_MIN_SEGMENTS)  # started now, used after reading
            job = lambda: read_job(files, new_candidate=new_candidate)  # noqa: E731
        if config is None:
            config = self.config
        self._loading = request  # before "busy": its listeners see what opens
        self._jobs.start(
            _TEST_SET,
            SliceWorker(job),
            lambda result: self._on_finished(
                result, lambda read: self._on_read(read, config)
            ),
            on_failed=self._on_failed,
        )

    def set_hypothesis(self, path: Path) -> None:
        """Replace the shown candidate's file, keeping references and source.

        A candidate whose line count does not fit them is reported by
        `error_occurred`, then `candidate_refused`.
        """
        self._reopen(hypothesis=path)

    def add_system(self, path: Path, encoding: str | None = None) -> None:
        """Read one more system against the open test set, and score it.

        `encoding`: the file's own (None: the test set's). The other systems' jobs
        go on untouched. A file whose line count does not fit the references (or
        that is a system already) is refused in one line; the other systems stay.
        To a test set aligned by unit id (XLIFF, TMX) only a file of the same
        units can be added.
        """
        workspace = self._workspace
        test_set = workspace.test_set
        files = self.files
        if test_set is None or files is None:
            self.error_occurred.emit("open a test set before adding a system")
            return
        named = tuple(s.path for s in workspace.systems if s.label is None)
        asked = FileSet(path, (), systems=(*named, *self._adding.values(), path))
        repeated = asked.repeated_file()
        bundle = self._bundle
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
            self.error_occurred.emit(repeated)
            return
        system_id = self._new_id()
        self._adding[system_id] = path
        chosen = encoding or files.encoding
        drop_bom = files.drop_bom
        texts = test_set.texts
        job: Callable[[], Job]
        if test_set.segment_ids is not None:  # aligned by unit id: XLIFF, TMX
            options = self._format_options
            job = lambda: read_aligned_system_job(  # noqa: E731
                test_set, path, chosen, options
            )
        else:
            job = lambda: read_system_job(texts, path, chosen, drop_bom)  # noqa: E731
        self._jobs.start(
            _system_key(system_id),
            SliceWorker(job),
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
        bundle = self._bundle
        if bundle is not None:  # the same file, one reference column fewer
            keys = bundle.roles.references
            roles = replace(bundle.roles, references=keys[:index] + keys[index + 1 :])
            self._open_again(replace(bundle, roles=roles))
            return
        refs = files.references[:index] + files.references[index + 1 :]
        self._reopen(references=refs)

    def set_source(self, path: Path | None) -> None:
        """Open (or, with None, close) the source file."""
        self._reopen(source=path)

    def reload(self) -> None:
        """Read every open file again from disk (a file of several texts: as opened)."""
        request = self.opened
        if request is not None:
            self._open_again(request)

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
        self._bundle = None
        self._table = None
        self._adding.clear()
        self._announced.clear()
        self._hint = None
        self._pending_edits.clear()
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
            # The running load must use the new options; it keeps its reading
            # (a session's byte-order-mark choice comes with its test set).
            loading = self._loading
            drop = (
                loading.options.drop_bom
                if isinstance(loading, BundleSet)
                else loading.drop_bom
            )
            self._open_again(loading, drop_bom=drop)
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
        encoding = test_set.encoding
        self._jobs.start(
            _DOCUMENTS,
            SliceWorker(lambda: read_documents_job(path, encoding)),
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
        self, row: int, corpus: Corpus | None = None, hypothesis: str | None = None
    ) -> ExplainRequest | None:
        """What explaining `row` of `corpus` (or the loaded one) takes; None: no row.

        `hypothesis`: another text for the row (an edit being typed).
        """
        corpus = corpus if corpus is not None else self.corpus
        if corpus is None or not 0 <= row < corpus.num_segments:
            return None
        refs = tuple(ref.lines[row] for ref in corpus.references)
        text = corpus.hypothesis.lines[row] if hypothesis is None else hypothesis
        return ExplainRequest(text, refs, self.config)

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
        that used it follow; `edits_changed` says so at once.

        Raises:
            KeyError: no such system.
            ValueError: the system is not counted, or an edit does not fit it.
        """
        system = self._workspace.system(system_id)
        if edits == system.edits:
            return
        self._workspace = self._workspace.with_edits(system_id, edits)
        self.edits_changed.emit(system_id)
        self._score_system(self._workspace.system(system_id))

    def _give_back_edits(self, system_id: SystemId) -> bool:
        """Count a system's kept edited texts again under its new tokens; apply them.

        Returns whether edits were given back (its scores are then stale).
        """
        texts = self._pending_edits.pop(system_id, None)
        system = self._workspace.system(system_id)
        if not texts or system.tokenized is None or system.stats is None:
            return False
        size = len(system.stats)
        kept = {row: text for row, text in texts.items() if row < size}
        if len(kept) < len(texts):
            self.warning_occurred.emit(
                f"{system.name}: {len(texts) - len(kept)} edits beyond its "
                f"{size:,} segments were let go"
            )
        if not kept:
            return False
        edits = count_edits(
            kept, system.tokenized.references, self.config, system.stats.max_order
        )
        self._workspace = self._workspace.with_edits(system_id, edits)
        self.edits_changed.emit(system_id)
        return True

    def worker_pool(self, segments: int) -> WorkerPool | None:
        """The session's worker processes for a job over this many segments, if any.

        For work of the window's own (the salient n-grams of a pair) that should
        share the processes the session keeps rather than start more. None for a
        small corpus or a single-process session: run it on the calling thread.
        """
        return self._pool_for(segments)

    # --- jobs (run on a worker thread: no Qt calls, no state changes) -----------

    def _pool_for(
        self, segments: int, tokenized: Corpus | None = None
    ) -> WorkerPool | None:
        """The worker processes to use for a corpus this large, if any.

        Large means many segments, or (for tokenizing a corpus, `tokenized`) many
        characters, counted only when the segments are few: counting is a pass over
        every line, on a thread that holds the GIL the GUI thread waits for. Started
        on first need (by `open_files` already, for a large hypothesis file), and
        kept for the session's next requests.
        """
        large = segments >= _POOL_MIN_SEGMENTS or (
            tokenized is not None and _characters(tokenized) >= _POOL_MIN_CHARACTERS
        )
        if self._processes < 2 or not large:
            return None
        with self._pool_lock:
            if self._pool is not None and self._pool.broken:
                self._pool.close()  # a worker died: its pool runs nothing more
                self._pool = None
            if self._pool is None:
                self._pool = WorkerPool(self._processes)
            return self._pool

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
        bundle = self._bundle
        if bundle is not None and self._workspace.test_set is not None:
            if source is None and hypothesis is None and references is None:
                self._open_again(
                    replace(bundle, roles=replace(bundle.roles, source=None))
                )
            else:
                self.error_occurred.emit(
                    f"{display_name(bundle.path)} holds the whole test set: choose "
                    "its columns again with File › Open test set"
                )
            return
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
        self._keep_baseline = self._baseline_key()
        self._open(files, new_candidate=new_candidate)

    def _on_finished(self, result: Any, on_done: Callable[[Any], None]) -> None:
        if isinstance(result, Refused):  # a failure with a typed follow-up
            self._jobs.fail(_TEST_SET, result.message)
            self.candidate_refused.emit(result.candidate, result.message)
            return
        if isinstance(result, LanguagesNeeded):  # which two: the window asks
            self._jobs.fail(_TEST_SET, result.message)
            self.languages_needed.emit(result.files, result.message, result.languages)
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

    def _on_read(self, read: Read, config: BleuConfig) -> None:
        """The texts are read: show them, and score them in the background."""
        self.texts_loaded.emit(read.corpus)
        table = TokenTable.for_config(config)
        # Scoring starts once the texts are on screen: its first moments are the
        # busiest for the GIL (see `bleu_gui.core.parallel`), and would slow that paint.
        self._jobs.start(
            _TEST_SET,
            Worker(lambda: prepare_job(read.corpus, config, table, self._pool_for)),
            lambda computed: self._on_loaded(read, table, computed, config),
            on_failed=self._on_failed,
            after_ms=_SCORE_AFTER_MS,
        )

    def _on_loaded(
        self,
        read: Read,
        table: TokenTable,
        computed: Computed,
        config: BleuConfig,
    ) -> None:
        """A new test set is read and its shown system scored under `config`.

        It replaces all, the options included: options asked for with the open
        take effect now, not before (see `open_files`).
        """
        previous = self._workspace
        for system in previous.systems:  # their results would be of the old set
            self._jobs.cancel(_system_key(system.id))
        for system_id in list(self._adding):
            self._jobs.cancel(_system_key(system_id))
        self._adding.clear()
        self._retire(previous)  # freed in a turn of its own, see `_retire`
        # The edits of a system whose file is open again are counted again.
        carried = {(s.path, s.label): s.edits.texts() for s in previous.systems}
        carried.update(
            {
                (s.path, s.label): texts
                for s in previous.systems
                if (texts := self._pending_edits.get(s.id))
            }
        )
        self._pending_edits.clear()
        request = read.request
        shown = System(self._new_id(), "", read.corpus, label=read.labels[read.shown])
        systems: list[System] = []
        refused: list[str] = []
        for index, (other, label) in enumerate(
            zip(read.systems, read.labels, strict=True)
        ):
            if index == read.shown:
                systems.append(shown)
            elif isinstance(other, str):
                refused.append(other)
            else:
                systems.append(System(self._new_id(), "", other, label=label))
        keep = self._keep_baseline
        self._keep_baseline = None
        baseline = next(
            (s.id for s in systems if (s.path, s.label) == keep), systems[0].id
        )
        if isinstance(request, BundleSet):
            encoding, drop_bom = request.encoding, request.options.drop_bom
            self._bundle, self._format_options = request, request.options
        else:
            encoding, drop_bom = request.encoding, request.drop_bom
            self._bundle, self._format_options = None, request.options
        self._drop_bom = drop_bom  # as read: a choice asked with the open holds now
        file = request.path if isinstance(request, BundleSet) else None
        test_set = TestSetFiles(
            TestSet(read.corpus.references, read.corpus.source, file),
            encoding,
            drop_bom,
            documents=read.documents,
            segment_ids=read.segment_ids,
            reference_labels=read.reference_labels,
            units=read.units,
        )
        for system in systems:
            texts = carried.get((system.path, system.label))
            if texts:
                self._pending_edits[system.id] = texts
        config_moved = config != previous.config
        workspace = Workspace(config, generation=previous.generation)
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
        self._hint = None
        self._set_pair(None)
        self._announce((*read.notices, *(computed.notices or ())))
        self._set_hint(computed.hint)
        edited = self._give_back_edits(shown.id)
        if config_moved:
            self.config_changed.emit(config)
        self.files_changed.emit()
        if edited:  # its scores come once it is scored with its edits
            self._score_system(self._workspace.system(shown.id))
        else:
            self.scores_changed.emit()
        self.systems_changed.emit()
        if not edited:
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
        counts = system.stats is None or system.tokenizer_key != key
        if counts:
            table = self._table_for(config)
            corpus = system.read_corpus
            make_job = lambda: prepare_job(  # noqa: E731
                corpus, config, table, self._pool_for
            )
        elif required_order(config) > system.stats.max_order:  # type: ignore[union-attr]
            counts = True
            make_job = lambda: recount_job(system, config, self._pool_for)  # noqa: E731
        else:
            stats, dropped = system.stats, system.corpus.dropped_bom
            assert stats is not None
            edits = system.edits
            make_job = lambda: rescore_job(  # noqa: E731
                stats, config, dropped, edits, self._pool_for
            )
        if counts and system.edits:  # counted again: the edits too, after
            self._pending_edits[system.id] = system.edits.texts()
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
        self, system_id: SystemId, computed: Computed, then: Sequence[SystemId]
    ) -> None:
        workspace = self._workspace
        if system_id not in workspace or computed.config != workspace.config:
            return  # removed, or scored with options no longer asked for
        before = workspace.system(system_id)
        if computed.counted is None and computed.edits != before.edits:
            return  # scored with edits no longer there (a newer job follows)
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
        if computed.notices is not None:  # tokenized anew: perhaps by another
            self._set_hint(computed.hint)
        if computed.counted is not None and self._give_back_edits(system_id):
            # Its scores are of the files: score it again, with the edits.
            self._score_system(self._workspace.system(system_id), then=then)
            return
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
        current = self._pair
        same = (
            pair is not None
            and current is not None
            and (current.a, current.b, current.config)
            == (pair[0].id, pair[1].id, config)
        )
        if pair is None or not all(s.scored_under(config) for s in pair):
            if not (same and pair is not None and _only_edits_changed(pair, config)):
                self._set_pair(None)
            # else: the same pair, re-scored after an edit: kept until the new one
            self._jobs.cancel(_PAIR)
            return
        a, b = pair
        of = self._pair_of
        if same and of is not None and of[0] is a.scores and of[1] is b.scores:
            return
        if not same:
            self._set_pair(None)
        short = self._workspace.short_names()
        names = (short[a.id], short[b.id])
        self._jobs.start(
            _PAIR,
            Worker(lambda: pair_job(a, b, config, names, self._pool_for)),
            lambda result: self._on_pair(result, a, b),
            on_failed=self._on_failed,
        )

    def _on_pair(self, result: PairScores, a: System, b: System) -> None:
        pair = self._workspace.pair
        if pair is None:
            return
        now_a, now_b = pair
        if now_a.scores is a.scores and now_b.scores is b.scores:
            assert a.scores is not None
            assert b.scores is not None
            self._set_pair(result, (a.scores, b.scores))

    def _set_pair(
        self, pair: PairScores | None, of: tuple[Scores, Scores] | None = None
    ) -> None:
        if pair is None and self._pair is None:
            return
        self._pair, self._pair_of = pair, of
        self.pair_changed.emit()

    def _announce(self, notices: Iterable[str]) -> None:
        """Say each warning about the open test set once."""
        for warning in notices:
            if warning not in self._announced:
                self._announced[warning] = None
                self.warning_occurred.emit(warning)

    def _set_hint(self, hint: TokenizerHint | None) -> None:
        """Keep the language hint of the tokenizer just used; say if it changed.

        Said by `hint_changed`, not `warning_occurred`: a window shows it for
        as long as it holds, not as a message that passes.
        """
        if hint == self._hint:
            return
        self._hint = hint
        self.hint_changed.emit()

    def _retire(self, value: object) -> None:
        """Keep a replaced value alive until a turn of its own, then free it.

        Freeing the old tokens (300,000 strings for a 100,000-segment corpus with
        two references) takes some 30 ms: not in the turn that has the new scores
        to show, nor in the next ones, which paint them and explain the shown
        sentence, but in one of its own after them.
        """
        self._retired.append(value)
        self._release.start()


def _only_edits_changed(pair: tuple[System, System], config: BleuConfig) -> bool:
    """Whether both systems have scores of `config`, stale only by their edits."""
    return all(
        s.scores is not None and s.scores.config == config and s.stats is not None
        for s in pair
    )


def _characters(corpus: Corpus) -> int:
    """How many characters the hypothesis and references hold (what is tokenized)."""
    files = (corpus.hypothesis, *corpus.references)
    return sum(sum(map(len, file.lines)) for file in files)
