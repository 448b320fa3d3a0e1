"""Counting the shown system's post-editing effort in the background, per text.

Effort (`core.effort`: edit rates and bands against the closest reference) depends
on a system's texts only, never on the scoring options, so it is counted when the
shown system's scores arrive and its texts have none yet: after it is read, after
an edit changed its hypotheses, and when another system is shown. What it was
counted from is kept with it (`workspace.EffortOf`), so that an edit makes it
stale at once and an options change keeps it. One job per system, under the
system's own effort key: a newer text supersedes a count still running. The jobs
run on a `JobRunner` of their own, not the session's: the session is not busy
while it counts, so a load ends (and its options take effect) when its texts are
scored.
"""

from __future__ import annotations

from collections.abc import Callable

from bleu_gui.core.effort import iter_effort
from bleu_gui.models.job_keys import effort_key
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.workspace import EffortOf, SystemId, Workspace
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
        counted: Callable[[SystemId], None],
        failed: Callable[[str], None],
    ) -> None:
        self._workspace = workspace
        self._put = put
        self._jobs = jobs
        self._counted = counted
        self._failed = failed

    def ensure_shown(self) -> None:
        """Count the shown system's effort, once scored, unless it is counted.

        The shown system's only: it is what the table shows, and ten systems of
        100,000 segments counted while the others are scored would take the GIL
        from the window for seconds. Another system is counted when it is shown.
        """
        workspace = self._workspace()
        shown = workspace.shown_system
        if shown is not None and shown.scores is not None:
            self.ensure(shown.id)

    def ensure(self, system_id: SystemId) -> None:
        """Count the system's effort unless it is counted for its texts now."""
        workspace = self._workspace()
        if system_id not in workspace:
            return
        system = workspace.system(system_id)
        if system.effort is not None and system.effort.is_of(system.corpus):
            return
        corpus = system.corpus
        hypotheses = corpus.hypothesis.lines
        references = [reference.lines for reference in corpus.references]
        self._jobs.start(
            effort_key(system_id),
            Worker(lambda: iter_effort(hypotheses, references)),
            lambda effort: self._on_counted(system_id, EffortOf(corpus, effort)),
            on_failed=self._failed,
        )

    def _on_counted(self, system_id: SystemId, counted: EffortOf) -> None:
        workspace = self._workspace()
        if system_id not in workspace:
            return
        system = workspace.system(system_id)
        if not counted.is_of(system.corpus):
            return  # its texts changed meanwhile: their own count follows
        self._put(workspace.with_effort(system_id, counted))
        self._counted(system_id)
