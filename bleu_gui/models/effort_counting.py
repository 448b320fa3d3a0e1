"""Counting the pair's post-editing effort in the background, per text.

Effort (`core.effort`: edit rates and bands against the closest reference) depends
on a system's texts only, never on the scoring options, so it is counted when the
shown system's scores arrive and its texts have none yet: after it is read, after
an edit changed its hypotheses, and when another system is shown. With a pair
compared, the baseline's (A's) is counted next, once the shown one's is there and
nothing is being scored: the pair's effort side by side ("where B needs less
work") needs both, and counting while ten systems are scored would take the GIL
from the window. Never more than the pair's two, one at a time. What it was
counted from is kept with it (`workspace.EffortOf`), so that an edit makes it
stale at once and an options change keeps it. One job per system, under the
system's own effort key: a newer text supersedes a count still running. The jobs
run on a `JobRunner` of their own, not the session's: the session is not busy
while it counts, so a load ends (and its options take effect) when its texts are
scored.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import SignalInstance

from bleu_gui.core.effort import iter_effort
from bleu_gui.models.job_keys import effort_key
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.workspace import (
    EffortOf,
    System,
    SystemId,
    TextsKey,
    Workspace,
)
from bleu_gui.models.workspace_change import Change, Moved
from bleu_gui.workers import Worker

__all__ = ["EffortCounting"]


class EffortCounting:
    """Starts and takes in the effort counts of the session's systems."""

    def __init__(
        self,
        workspace: Callable[[], Workspace],
        put: Callable[[Workspace], None],
        jobs: JobRunner,
        *,
        scoring: Callable[[], bool],
        counted: Callable[[SystemId], None],
        failed: Callable[[str], None],
    ) -> None:
        """`scoring`: whether the session is reading or scoring (the baseline waits)."""
        self._workspace = workspace
        self._put = put
        self._jobs = jobs
        self._scoring = scoring
        self._counted = counted
        self._failed = failed
        # The texts of each running count.
        self._counting: dict[SystemId, TextsKey] = {}

    def follow(self, changed: SignalInstance, busy: SignalInstance) -> None:
        """Count what is wanted as systems are scored and change, and as scoring ends.

        `changed`: the session's `workspace_changed`; `busy` False: the scoring
        jobs ended, which the baseline waited for.
        """
        changed.connect(self._on_changed)
        busy.connect(lambda running: None if running else self.ensure_wanted())

    def _on_changed(self, _old: Workspace, _new: Workspace, change: Change) -> None:
        if change.any(Moved.SCORED | Moved.SYSTEMS):
            self.ensure_wanted()

    def ensure_wanted(self) -> None:
        """Count the shown system's effort once scored, then the baseline's.

        The shown system's first: it is what the table shows. The baseline's
        only with a pair, once the shown one's is counted and nothing is being
        scored (`scoring`); call again when scoring ends. Another system is
        counted when it is shown or made the baseline.
        """
        workspace = self._workspace()
        shown, pair = workspace.shown_system, workspace.pair
        wanted = {system.id for system in pair or (shown,) if system is not None}
        for other in [key for key in self._counting if key not in wanted]:
            self._jobs.cancel(effort_key(other))  # no longer A or B: not needed
            del self._counting[other]
        if shown is None or shown.scores is None:
            return
        if _needs(shown):
            self.ensure(shown.id)
            return
        if pair is None or self._scoring():
            return
        baseline = pair[0]
        if baseline.scores is not None and _needs(baseline):
            self.ensure(baseline.id)

    def ensure(self, system_id: SystemId) -> None:
        """Count the system's effort unless counted (or counting) for its texts."""
        workspace = self._workspace()
        if system_id not in workspace:
            return
        system = workspace.system(system_id)
        corpus, texts = system.corpus, system.texts_key
        if not _needs(system):
            return
        key = effort_key(system_id)
        if self._jobs.is_running(key) and self._counting.get(system_id) == texts:
            return  # a count of these very texts is under way: let it end
        self._counting[system_id] = texts
        hypotheses = corpus.hypothesis.lines
        references = [reference.lines for reference in corpus.references]
        self._jobs.start(
            key,
            Worker(lambda: iter_effort(hypotheses, references)),
            lambda effort: self._on_counted(system_id, EffortOf(corpus, effort, texts)),
            on_failed=self._failed,
        )

    def _on_counted(self, system_id: SystemId, counted: EffortOf) -> None:
        self._counting.pop(system_id, None)
        workspace = self._workspace()
        if system_id not in workspace:
            return
        system = workspace.system(system_id)
        if not counted.is_of(system.texts_key):
            return  # its texts changed meanwhile: their own count follows
        self._put(workspace.with_effort(system_id, counted))
        self._counted(system_id)
        self.ensure_wanted()  # the baseline's, after the shown one's


def _needs(system: System) -> bool:
    """Whether `system` has no effort counted for its texts as they are."""
    return system.effort is None or not system.effort.is_of(system.texts_key)
