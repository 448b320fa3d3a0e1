"""Running the QA checks on the shown system (and the baseline) in the background.

The checks (`core.qa`) depend on a system's texts, its source, their inline tags,
the languages and the checks switched on, never on the scoring options. They run
once the session is idle, on its shown system and, when a pair is compared, on the
baseline too: never while systems are still being read or scored, which would take
the GIL from the window (ten systems of 100,000 segments are scored in the
background, and the window must answer meanwhile). What they were found with is
kept with the issues (`workspace.QaOf`), so that an edit or another set of checks
makes them stale at once. One job per system under its QA key, on a `JobRunner`
of its own: the session is not busy while it checks.

The languages: the test set's (a TMX file's or an XLIFF header's, `TestSetFiles.
languages`); unknown otherwise, and then the result's notice says numbers are
compared by their digits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QObject, Signal, SignalInstance

from bleu_gui.core.qa import iter_qa
from bleu_gui.core.qa_checks import ALL_CHECKS, CheckKind
from bleu_gui.models.job_keys import qa_key
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.workspace import QaOf, SystemId, TextsKey, Workspace
from bleu_gui.models.workspace_change import Change, Moved
from bleu_gui.workers import Worker


class _Session(Protocol):
    """What the checks need of the `Session` (named so: no import circle)."""

    workspace_changed: SignalInstance
    busy_changed: SignalInstance
    error_occurred: SignalInstance

    @property
    def workspace(self) -> Workspace: ...

    @property
    def is_busy(self) -> bool: ...


__all__ = ["QaCounting"]


@dataclass(frozen=True, slots=True)
class _Running:
    """What a running job checks: a system's texts (by key), with these checks."""

    texts: TextsKey
    enabled: frozenset[CheckKind]


class QaCounting(QObject):
    """Starts and takes in the QA checks of the shown system and the baseline.

    The session's `qa`. Its jobs share the effort's runner (under keys of their
    own): neither is the session's busy work.

    Signals:
        counted: (system id) that system's issues were found for its texts as
            they are and the checks switched on (`System.current_qa`).
        enabled_changed: checks were switched on or off (`enabled`).
    """

    counted = Signal(int)
    enabled_changed = Signal()

    def __init__(
        self,
        session: _Session,
        put: Callable[[Workspace], None],
        jobs: JobRunner,
    ) -> None:
        super().__init__(session if isinstance(session, QObject) else None)
        self._workspace: Callable[[], Workspace] = lambda: session.workspace
        self._put = put
        self._jobs = jobs
        self._busy: Callable[[], bool] = lambda: session.is_busy
        self._failed: Callable[[str], None] = session.error_occurred.emit
        self._enabled: frozenset[CheckKind] = ALL_CHECKS
        self._running: dict[SystemId, _Running] = {}  # the jobs under way
        session.workspace_changed.connect(self._on_changed)
        session.busy_changed.connect(self.ensure_shown)

    @property
    def enabled(self) -> frozenset[CheckKind]:
        """The checks switched on (every one until the user switches one off)."""
        return self._enabled

    def set_enabled(self, enabled: frozenset[CheckKind]) -> None:
        """Switch checks on and off; the shown systems are checked again."""
        if enabled == self._enabled:
            return
        self._enabled = enabled
        self.enabled_changed.emit()
        self.ensure_shown()

    def _on_changed(self, _old: Workspace, _new: Workspace, change: Change) -> None:
        if change.any(Moved.SCORED | Moved.SYSTEMS | Moved.PAIR):
            self.ensure_shown()

    def ensure_shown(self) -> None:
        """Check the shown system and the pair's baseline, once all is scored.

        Nothing while the session is busy (reading, scoring, comparing): its
        `busy_changed(False)` calls this again.
        """
        if self._busy():
            return
        workspace = self._workspace()
        wanted = [workspace.shown_system]
        if workspace.pair is not None:
            wanted.append(workspace.baseline_system)
        for system in wanted:
            if system is not None and system.scores is not None:
                self.ensure(system.id)

    def ensure(self, system_id: SystemId) -> None:
        """Check the system unless it is checked for its texts and checks now."""
        workspace = self._workspace()
        if system_id not in workspace:
            return
        system = workspace.system(system_id)
        enabled = self._enabled
        texts = system.texts_key
        if system.qa is not None and system.qa.is_of(texts, enabled):
            return
        corpus = system.corpus
        checking = _Running(texts, enabled)
        if self._running.get(system_id) == checking:
            return  # being checked already: a signal more is no reason to restart
        source = corpus.source
        test_set = workspace.test_set
        languages = None if test_set is None else test_set.languages
        source_language, target_language = languages or (None, None)
        self._jobs.start(
            qa_key(system_id),
            Worker(
                lambda: iter_qa(
                    corpus.hypothesis.lines,
                    None if source is None else source.lines,
                    source_tags=None if source is None else source.tags,
                    hypothesis_tags=corpus.hypothesis.tags,
                    source_language=source_language,
                    target_language=target_language,
                    enabled=enabled,
                )
            ),
            lambda result: self._on_counted(
                system_id, QaOf(corpus, enabled, result, texts)
            ),
            on_failed=lambda message: self._on_failed(system_id, message),
            on_cancelled=lambda: self._forget(system_id),
        )
        self._running[system_id] = checking

    def _forget(self, system_id: SystemId) -> None:
        self._running.pop(system_id, None)

    def _on_failed(self, system_id: SystemId, message: str) -> None:
        self._forget(system_id)
        self._failed(message)

    def _on_counted(self, system_id: SystemId, counted: QaOf) -> None:
        self._running.pop(system_id, None)
        workspace = self._workspace()
        if system_id not in workspace:
            return
        system = workspace.system(system_id)
        if not counted.is_of(system.texts_key, self._enabled):
            return  # its texts or the checks changed meanwhile: their own follows
        self._put(workspace.with_qa(system_id, counted))
        self.counted.emit(system_id)
