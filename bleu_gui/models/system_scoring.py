"""Scoring each system under its own key, and putting its scores in the workspace.

Each system is scored by the job `models.scoring_plan` chooses (tokenize, count, or
only score again) under the system's own key (`models.job_keys`), so that scoring
one never cancels another's. When its result comes it replaces the system's in
the workspace, unless options or edits changed meanwhile; the edits a new count
made stale are given back (`models.edits_book`) and scored again; then the pair
follows (`models.pair_state`). Apart from `session` because this is the one
pipeline every request ends in (a load, an added system, new options, an edit),
and its order of signals is kept here, in one piece.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bleu_gui.core import BleuConfig, tokenizer_for
from bleu_gui.core.edits import Edits
from bleu_gui.models.edits_book import EditsBook
from bleu_gui.models.job_keys import system_key
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.pair_state import PairState
from bleu_gui.models.scoring_plan import ScoringPlan
from bleu_gui.models.session_events import SessionEvents
from bleu_gui.models.session_warnings import SessionWarnings
from bleu_gui.models.system_jobs import Computed
from bleu_gui.models.workspace import System, SystemId, Workspace
from bleu_gui.models.workspace_change import Change, Moved
from bleu_gui.workers import Worker

__all__ = ["SystemScoring"]


class SystemScoring:
    """Scores the session's systems and takes their results in.

    `put` replaces the session's workspace; `retire` keeps a replaced value alive
    until it can be freed (`models.retired`); `failed` says a job's failure.
    """

    def __init__(
        self,
        session: SessionEvents,
        put: Callable[[Workspace], None],
        jobs: JobRunner,
        parts: tuple[ScoringPlan, EditsBook, SessionWarnings, PairState],
        *,
        retire: Callable[[object], None],
        failed: Callable[[str], None],
    ) -> None:
        self._session = session
        self._put = put
        self._jobs = jobs
        self._plan, self._edits, self._warnings, self._pair = parts
        self._retire = retire
        self._failed = failed

    def score(self, system: System, *, then: Sequence[SystemId] = ()) -> None:
        """Score `system` under its own key with the current config; then `then`'s."""
        make_job, counts = self._plan.job_for(system, self._session.config)
        if counts:  # counted again: the edits too, after
            self._edits.keep(system)
        system_id = system.id
        self._jobs.start(
            system_key(system_id),
            Worker(make_job),
            lambda computed: self._on_computed(system_id, computed, then),
            on_failed=self._failed,
        )

    def rescore(self, previous: BleuConfig) -> None:
        """The options changed (from `previous`): score every system again.

        Each system under its own job. When the tokenizer changed, the shown
        system is tokenized first and the others after it, so that the references
        are tokenized once.
        """
        workspace = self._session.workspace
        shown = workspace.shown_system
        if shown is None:
            return
        others = [s.id for s in workspace.systems if s.id != shown.id]
        self._pair.set(None)
        if tokenizer_for(self._session.config).key != tokenizer_for(previous).key:
            self.score(shown, then=others)
        else:
            self.score(shown)
            for system_id in others:
                self.score(self._session.workspace.system(system_id))

    def set_edits(self, system_id: SystemId, edits: Edits) -> None:
        """See a system through `edits` and score it so (`Session.set_edits`)."""
        workspace = self._session.workspace
        system = workspace.system(system_id)
        if edits == system.edits:
            return
        with self._session.changing():
            self._put(workspace.with_edits(system_id, edits))
            self._session.announce(Change.edits(system_id))
            self.score(self._session.workspace.system(system_id))

    def give_back_edits(self, system_id: SystemId) -> bool:
        """Count a system's kept edited texts again under its new tokens; apply them.

        Returns whether edits were given back (its scores are then stale).
        """
        session = self._session
        edits = self._edits.counted_again(
            session.workspace.system(system_id), session.config
        )
        if edits is None:
            return False
        self._put(session.workspace.with_edits(system_id, edits))
        session.announce(Change.edits(system_id))
        return True

    def _on_computed(
        self, system_id: SystemId, computed: Computed, then: Sequence[SystemId]
    ) -> None:
        with self._session.changing():
            self._take(system_id, computed, then)

    def _take(
        self, system_id: SystemId, computed: Computed, then: Sequence[SystemId]
    ) -> None:
        """A system's new scores (and tokens) in place, said as one change."""
        session = self._session
        workspace = session.workspace
        if system_id not in workspace or computed.config != workspace.config:
            return  # removed, or scored with options no longer asked for
        before = workspace.system(system_id)
        if computed.counted is None and computed.edits != before.edits:
            return  # scored with edits no longer there (a newer job follows)
        if computed.counted is not None and before.tokenized is not None:
            self._retire(before)
        self._put(
            workspace.with_computed(
                system_id,
                scores=computed.scores,
                counted=computed.counted,
                notices=computed.notices if before.stats is None else None,
            )
        )
        if before.stats is None and computed.notices:
            self._warnings.announce(computed.notices)
        if computed.notices is not None:  # tokenized anew: perhaps by another
            self._warnings.set_hint(computed.hint)
        if computed.counted is not None and self.give_back_edits(system_id):
            # Its scores are of the files: score it again, with the edits.
            self.score(session.workspace.system(system_id), then=then)
            return
        change = Change.scoring(system_id)
        if system_id == session.workspace.shown:
            change = change | Change.of(Moved.SHOWN_SCORES)
        session.announce(change)
        for follower in then:
            if follower in session.workspace:
                self.score(session.workspace.system(follower))
        self._pair.update()
