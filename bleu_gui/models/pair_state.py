"""The compared pair's scores (baseline against the shown system) and their update.

Apart from `session` because the pair has a life of its own: it is compared under
its own job key once both systems are scored, kept through a re-scoring after an
edit (stale, until the new comparison comes), and dropped when either system or
the options change. The comparison is the workspace's (`Workspace.compared`):
this puts it there and says each change through the callback the session gives
(a change of `Moved.PAIR`).
"""

from __future__ import annotations

from collections.abc import Callable

from bleu_gui.core import BleuConfig
from bleu_gui.models.job_keys import PAIR
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.system_jobs import PoolFor, pair_job
from bleu_gui.models.workspace import (
    Compared,
    PairScores,
    ScoresKey,
    System,
    Workspace,
)
from bleu_gui.workers import Worker

__all__ = ["PairState"]


class PairState:
    """Baseline against the shown system: compared when both are scored.

    The result lives in the workspace (`Workspace.compared`); this keeps only
    the job that computes it.
    """

    def __init__(
        self,
        workspace: Callable[[], Workspace],
        put: Callable[[Workspace], None],
        jobs: JobRunner,
        pool_for: PoolFor,
        *,
        changed: Callable[[], None],
        failed: Callable[[str], None],
    ) -> None:
        self._workspace = workspace
        self._put = put
        self._jobs = jobs
        self._pool_for = pool_for
        self._changed = changed
        self._failed = failed

    def update(self) -> None:
        """Compare baseline and shown system when both are scored; else no pair."""
        workspace = self._workspace()
        pair = workspace.pair
        config = workspace.config
        compared = workspace.compared
        current = compared.scores if compared is not None else None
        same = (
            pair is not None
            and current is not None
            and (current.a, current.b, current.config)
            == (pair[0].id, pair[1].id, config)
        )
        if pair is None or not all(s.scored_under(config) for s in pair):
            if not (same and pair is not None and _only_edits_changed(pair, config)):
                self.set(None)
            # else: the same pair, re-scored after an edit: kept until the new one
            self._jobs.cancel(PAIR)
            return
        a, b = pair
        of = compared.of if compared is not None else None
        if same and of == (a.scores_key, b.scores_key):
            return
        if not same:
            self.set(None)
        short = self._workspace().short_names()
        names = (short[a.id], short[b.id])
        pool_for = self._pool_for
        self._jobs.start(
            PAIR,
            Worker(lambda: pair_job(a, b, config, names, pool_for)),
            lambda result: self._on_pair(result, (a.scores_key, b.scores_key)),
            on_failed=self._failed,
        )

    def set(self, compared: Compared | None) -> None:
        """Put `compared` in the workspace; say so unless nothing changed."""
        workspace = self._workspace()
        if compared is None and workspace.compared is None:
            return
        self._put(workspace.with_compared(compared))
        self._changed()

    def _on_pair(self, result: PairScores, of: tuple[ScoresKey, ScoresKey]) -> None:
        """Hold `result` if A's and B's scores are still those it was computed from."""
        pair = self._workspace().pair
        if pair is not None and (pair[0].scores_key, pair[1].scores_key) == of:
            self.set(Compared(result, of))


def _only_edits_changed(pair: tuple[System, System], config: BleuConfig) -> bool:
    """Whether both systems have scores of `config`, stale only by their edits."""
    return all(
        s.scores is not None and s.scores.config == config and s.stats is not None
        for s in pair
    )
