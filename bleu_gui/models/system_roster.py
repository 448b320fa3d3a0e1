"""Which systems the open test set has, which is the baseline and which is shown.

Removing a system, or choosing another baseline or shown system, changes no score:
it replaces the workspace (`Workspace.without_system`, `with_baseline`,
`with_shown`), tells the single-system views when they see another corpus, and
lets the pair follow (`models.pair_state`). Apart from `session` because these
three requests share that order of signals and nothing else of the session's.
"""

from __future__ import annotations

from collections.abc import Callable

from bleu_gui.models.job_keys import system_key
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.pair_state import PairState
from bleu_gui.models.session_events import SessionEvents
from bleu_gui.models.workspace import SystemId, Workspace
from bleu_gui.models.workspace_change import Change, Moved

__all__ = ["SystemRoster"]


class SystemRoster:
    """Removes systems and chooses the baseline and the shown one, for the session.

    `put` replaces the session's workspace; `retire` keeps a removed system alive
    until it can be freed (`models.retired`).
    """

    def __init__(
        self,
        session: SessionEvents,
        put: Callable[[Workspace], None],
        jobs: JobRunner,
        pair: PairState,
        retire: Callable[[object], None],
    ) -> None:
        self._session = session
        self._put = put
        self._jobs = jobs
        self._pair = pair
        self._retire = retire

    def remove(self, system_id: SystemId) -> None:
        """`Session.remove_system`: not the last one; its running job is cancelled."""
        session = self._session
        workspace = session.workspace
        if system_id not in workspace:
            session.error_occurred.emit("there is no such system to remove")
            return
        if len(workspace.systems) == 1:
            session.error_occurred.emit(
                "the test set needs at least one system: add another before "
                "removing this one"
            )
            return
        self._jobs.cancel(system_key(system_id))
        shown = workspace.shown == system_id
        self._retire(workspace.system(system_id))
        with session.changing():
            self._put(workspace.without_system(system_id))
            session.announce(Change.of(Moved.SYSTEMS))
            if shown:
                self._shown_replaced()
            self._pair.update()

    def set_baseline(self, system_id: SystemId) -> None:
        """`Session.set_baseline`: make a system the baseline (A of the pair)."""
        session = self._session
        if system_id not in session.workspace:
            session.error_occurred.emit("there is no such system")
            return
        if system_id == session.workspace.baseline:
            return
        with session.changing():
            self._put(session.workspace.with_baseline(system_id))
            session.announce(Change.of(Moved.SYSTEMS))
            self._pair.update()

    def set_shown(self, system_id: SystemId) -> None:
        """`Session.set_shown`: show a system in the single-system views."""
        session = self._session
        if system_id not in session.workspace:
            session.error_occurred.emit("there is no such system")
            return
        if system_id == session.workspace.shown:
            return
        with session.changing():
            self._put(session.workspace.with_shown(system_id))
            session.announce(Change.of(Moved.SYSTEMS))
            self._shown_replaced()
            self._pair.update()

    def _shown_replaced(self) -> None:
        """Another system is shown: the single-system views see another corpus.

        One still being scored is shown as a load is: its texts first
        (`texts_loaded`), its scores when they come (`Moved.SHOWN_SCORES`).
        """
        session = self._session
        shown = session.workspace.shown_system
        if shown is not None and shown.scores is None:
            session.texts_loaded.emit(shown.corpus)
        moved = Moved.ROWS
        shown = session.workspace.shown_system
        if shown is not None and shown.scores is not None:
            moved |= Moved.SHOWN_SCORES
        session.announce(Change.of(moved))
