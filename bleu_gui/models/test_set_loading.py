"""Reading a test set (or one more system) and putting it in the session's place.

A load runs under the test set's key (`models.job_keys`): its files are read
(`models.opened_from` builds the request and its job), then the session shows the
texts and scores the shown system, then the new test set replaces the old one in
one step here (every job of the old systems cancelled, their edits carried over,
the warnings and the pair forgotten) and its other systems are scored each under
its own key (`models.system_scoring`). An added system is read under its own key
and joins the open test set if that is still the one it was read against. Apart
from `session` because this pipeline, and its order of signals, is one piece; the
session starts it and owns the state it replaces.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bleu_gui.core import BleuConfig
from bleu_gui.core.token_table import TokenTable
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.io import Corpus
from bleu_gui.io.bundle import Format
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.models.edits_book import EditsBook
from bleu_gui.models.job_keys import INSPECT, TEST_SET, system_key
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.loading import Inspected, LanguagesNeeded, Read, Refused
from bleu_gui.models.open_request import FileSet, OpenRequest
from bleu_gui.models.opened_from import (
    OpenedFrom,
    Reopened,
    drop_bom_of,
    inspect_job,
)
from bleu_gui.models.pair_state import PairState
from bleu_gui.models.scoring_plan import ScoringPlan
from bleu_gui.models.session_events import SessionEvents
from bleu_gui.models.session_pool import SessionPool
from bleu_gui.models.session_warnings import SessionWarnings
from bleu_gui.models.system_jobs import Computed
from bleu_gui.models.system_scoring import SystemScoring
from bleu_gui.models.workspace import System, SystemId, Workspace
from bleu_gui.models.workspace_change import Change, Moved
from bleu_gui.workers import SliceWorker

__all__ = ["TestSetLoading"]


class TestSetLoading:
    """Opens test sets and adds systems for the session, and closes them.

    `put` replaces the session's workspace; `on_read` shows a test set's texts
    and scores its shown system (then `loaded`); `retire` keeps a replaced
    value alive until it can be freed; `failed` says a job's failure.
    """

    __test__ = False  # for pytest: not a class of tests

    def __init__(
        self,
        session: SessionEvents,
        put: Callable[[Workspace], None],
        jobs: JobRunner,
        pool: SessionPool,
        parts: tuple[
            OpenedFrom,
            ScoringPlan,
            EditsBook,
            SessionWarnings,
            PairState,
            SystemScoring,
        ],
        *,
        on_read: Callable[[Read, BleuConfig], None],
        retire: Callable[[object], None],
        failed: Callable[[str], None],
    ) -> None:
        self._session = session
        self._put = put
        self._jobs = jobs
        self._pool = pool
        (
            self._from,
            self._plan,
            self._edits,
            self._warnings,
            self._pair,
            self._scoring,
        ) = parts
        self._on_read = on_read
        self._retire = retire
        self._failed = failed
        # What the running load opens, if any.
        self.loading: OpenRequest | None = None
        self._next_id = 0
        # Systems being read by `add_system`: (id, path).
        self._adding: dict[SystemId, Path] = {}

    def open(
        self,
        request: OpenRequest,
        *,
        new_candidate: bool = False,
        config: BleuConfig | None = None,
        drop_bom: bool | None = None,
    ) -> None:
        """`Session.open_files`; `new_candidate`: a misfit is `candidate_refused`."""
        prepared = self._from.read_job(request, drop_bom, new_candidate=new_candidate)
        if isinstance(prepared, Unavailable):
            self._session.error_occurred.emit(prepared.reason)
            return
        request, job = prepared
        if isinstance(request, FileSet):
            self._pool.start_for_files(request.hypotheses)
        if config is None:
            config = self._session.config
        self.loading = request  # before "busy": its listeners see what opens
        self._jobs.start(
            TEST_SET,
            SliceWorker(job),
            lambda result: self._on_finished(result, config),
            on_failed=self._failed,
        )

    def open_again(
        self,
        request: OpenRequest,
        *,
        new_candidate: bool = False,
        drop_bom: bool | None = None,
    ) -> None:
        """`open` for what is open already: the baseline stays."""
        self._from.keep_baseline(self._session.workspace)
        self.open(request, new_candidate=new_candidate, drop_bom=drop_bom)

    def reopen(self, reopened: Reopened) -> None:
        """Open the test set again as `reopened` asks, or say why it cannot be."""
        if isinstance(reopened, Unavailable):
            self._session.error_occurred.emit(reopened.reason)
            return
        request, new_candidate = reopened
        self.open_again(request, new_candidate=new_candidate)

    def set_drop_bom(self, drop: bool) -> None:
        """`Session.set_drop_bom`: the files open (or opening) are read again."""
        if drop == self._from.drop_bom:
            return
        self._from.drop_bom = drop
        request = self.loading or self._from.opened(self._session.workspace)
        if request is not None:
            self.open_again(request)

    def reload(self) -> None:
        """`Session.reload`: read every open file again, as opened."""
        request = self._from.opened(self._session.workspace)
        if request is not None:
            self.open_again(request)

    def take_options(self) -> bool:
        """New options while a load runs: it reads again, to use them; if one runs.

        It keeps its reading (a session's byte-order-mark choice comes with its
        test set).
        """
        loading = self.loading
        if loading is None:
            return False
        self.open_again(loading, drop_bom=drop_bom_of(loading))
        return True

    def close(self) -> None:
        """`Session.close`: discard every job, then `forget`; not if nothing is open."""
        self.loading = None
        if not self._jobs.is_busy and self._session.workspace.test_set is None:
            return
        self._jobs.discard_all(then=self.forget)

    def inspect(
        self,
        path: Path,
        format_: Format | None,
        encoding: str,
        options: FormatOptions | None,
    ) -> None:
        """`Session.inspect_bundle`: read a file of several texts for its columns."""
        self._jobs.start(
            INSPECT,
            SliceWorker(inspect_job(path, format_, encoding, options)),
            self._on_inspected,
            on_failed=self._failed,
        )

    def add_system(self, path: Path, encoding: str | None) -> None:
        """`Session.add_system`: read one more system, then score it."""
        session = self._session
        added = self._from.added_job(
            session.workspace, path, encoding, self._adding.values()
        )
        if isinstance(added, Unavailable):
            session.error_occurred.emit(added.reason)
            return
        job, _ = added
        opened_at = session.workspace.test_set_key  # the test set read against
        system_id = self._new_id()
        self._adding[system_id] = path
        self._jobs.start(
            system_key(system_id),
            SliceWorker(job),
            lambda corpus: self._on_system_read(system_id, opened_at, corpus),
            on_failed=lambda message: self._on_add_failed(system_id, message),
            on_cancelled=lambda: self._forget_adding(system_id),
        )

    def forget(self) -> None:
        """`Session.close` with its jobs discarded: forget files and scores, say so."""
        session = self._session
        had_systems = bool(session.workspace.systems)
        with session.changing():
            self._pair.set(None)  # said; the closed workspace has none
            self._retire(session.workspace)
            self._put(session.workspace.closed())
            self._from.bundle = None
            self._plan.table = None
            self._adding.clear()
            self._warnings.forget()
            self._edits.forget()
            moved = Moved.ROWS | (Moved.SYSTEMS if had_systems else Moved.NOTHING)
            session.announce(Change.of(moved))

    def loaded(
        self,
        read: Read,
        table: TokenTable,
        computed: Computed,
        config: BleuConfig,
    ) -> None:
        """A new test set is read and its shown system scored under `config`.

        It replaces all, the options included: options asked for with the open
        take effect now, not before (see `Session.open_files`).
        """
        session = self._session
        with session.changing():
            shown, refused = self._take(read, table, computed, config)
        for message in refused:
            session.error_occurred.emit(message)
        for system in session.workspace.systems:
            if system.id != shown:
                self._scoring.score(system)

    def _take(
        self,
        read: Read,
        table: TokenTable,
        computed: Computed,
        config: BleuConfig,
    ) -> tuple[SystemId, tuple[str, ...]]:
        """`loaded`'s new state, announced as one change: the shown id, refusals."""
        session = self._session
        self._pair.set(None)  # said; the new workspace has none
        previous = session.workspace
        for system in previous.systems:  # their results would be of the old set
            self._jobs.cancel(system_key(system.id))
        for system_id in list(self._adding):
            self._jobs.cancel(system_key(system_id))
        self._adding.clear()
        self._retire(previous)  # freed in a turn of its own
        systems, shown, baseline, refused = self._from.systems(read, self._new_id)
        # The edits of a system whose file is open again are counted again.
        self._edits.carry_over(previous.systems, systems)
        test_set = self._from.took(read)
        config_moved = config != previous.config
        workspace = Workspace(config, generation=previous.generation)
        workspace = workspace.opened(
            test_set, systems, baseline=baseline, shown=shown.id
        )
        self._put(
            workspace.with_computed(
                shown.id,
                scores=computed.scores,
                counted=computed.counted,
                notices=computed.notices,
            )
        )
        self._plan.table = table
        self._warnings.forget()
        self._warnings.announce((*read.notices, *(computed.notices or ())))
        self._warnings.set_hint(computed.hint)
        edited = self._scoring.give_back_edits(shown.id)
        moved = Moved.ROWS | Moved.SYSTEMS
        if config_moved:
            moved |= Moved.CONFIG
        if edited:  # its scores come once it is scored with its edits
            self._scoring.score(session.workspace.system(shown.id))
            session.announce(Change.of(moved))
        else:
            session.announce(Change.of(moved | Moved.SHOWN_SCORES))
            session.announce(Change.scoring(shown.id))
        return shown.id, tuple(refused)

    def _new_id(self) -> SystemId:
        self._next_id += 1
        return SystemId(self._next_id)

    def _on_finished(self, result: Any, config: BleuConfig) -> None:
        session = self._session
        if isinstance(result, Refused):  # a failure with a typed follow-up
            self._jobs.fail(TEST_SET, result.message)
            session.candidate_refused.emit(result.candidate, result.message)
            return
        if isinstance(result, LanguagesNeeded):  # which two: the window asks
            self._jobs.fail(TEST_SET, result.message)
            session.languages_needed.emit(
                result.files, result.message, result.languages
            )
            return
        self._on_read(result, config)  # the new state first, then "no longer busy"

    def _on_inspected(self, inspected: Inspected) -> None:
        self._from.inspected = inspected  # opened next, most likely: not read again
        self._session.bundle_inspected.emit(inspected.bundle)

    def _on_system_read(
        self, system_id: SystemId, opened_at: int, corpus: Corpus
    ) -> None:
        """An added system is read: it joins the systems, and is scored."""
        self._adding.pop(system_id, None)
        workspace = self._session.workspace
        if workspace.test_set is None or workspace.test_set_key != opened_at:
            return  # read against a test set no longer open
        with self._session.changing():
            self._put(workspace.with_system(System(system_id, "", corpus)))
            self._session.announce(Change.of(Moved.SYSTEMS))
            self._scoring.score(self._session.workspace.system(system_id))

    def _on_add_failed(self, system_id: SystemId, message: str) -> None:
        self._forget_adding(system_id)
        self._failed(message)

    def _forget_adding(self, system_id: SystemId) -> None:
        self._adding.pop(system_id, None)
