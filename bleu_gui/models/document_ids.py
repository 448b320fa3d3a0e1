"""The test set's document ids: given from a list or a file, checked, or taken away.

Documents group the segments (the documents view, per-document scores); they
change no score, so giving them replaces only the test set's `documents` and says
so (`Moved.DOCUMENTS`). Apart from `session` because what makes a list of ids fit a
test set (one non-empty id per segment) and reading them from a file under their
own job key are a request of their own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from bleu_gui.io.errors import display_name
from bleu_gui.models.job_keys import DOCUMENTS
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.loading import read_documents_job
from bleu_gui.models.session_events import SessionEvents
from bleu_gui.models.workspace import TestSetFiles, Workspace
from bleu_gui.models.workspace_change import Change, Moved
from bleu_gui.workers import SliceWorker

__all__ = ["DocumentIds"]


class DocumentIds:
    """Gives the session's test set document ids (`Session.set_documents`).

    `put` replaces the session's workspace; `failed` says a reading job's failure.
    """

    def __init__(
        self,
        session: SessionEvents,
        put: Callable[[Workspace], None],
        jobs: JobRunner,
        failed: Callable[[str], None],
    ) -> None:
        self._session = session
        self._put = put
        self._jobs = jobs
        self._failed = failed

    def set(self, ids: Sequence[str] | None, name: str) -> None:
        """`Session.set_documents`: one id per segment, or None: none."""
        session = self._session
        test_set = session.workspace.test_set
        if test_set is None:
            session.error_occurred.emit("open a test set before giving document ids")
            return
        given = None if ids is None else tuple(ids)
        problem = None if given is None else _misfit(given, test_set, name)
        if problem is not None:
            session.error_occurred.emit(problem)
            return
        self._put(session.workspace.with_documents(given))
        session.announce(Change.of(Moved.DOCUMENTS))

    def open(self, path: Path) -> None:
        """`Session.open_documents`: read a document-id file, then `set` from it."""
        test_set = self._session.workspace.test_set
        if test_set is None:
            self._session.error_occurred.emit(
                "open a test set before giving document ids"
            )
            return
        encoding = test_set.encoding
        self._jobs.start(
            DOCUMENTS,
            SliceWorker(lambda: read_documents_job(path, encoding)),
            lambda segments: self.set(segments.lines, name=display_name(path)),
            on_failed=self._failed,
        )


def _misfit(given: tuple[str, ...], test_set: TestSetFiles, name: str) -> str | None:
    """Why `given` cannot be the test set's document ids, in one line; None: it can.

    `name` (a file's) names the ids in that line.
    """
    what = name or "the document ids"
    segments = len(test_set.texts.references[0].lines)
    if len(given) != segments:
        return (
            f"{what} has {len(given):,} lines but the test set has "
            f"{segments:,} segments (one document id per segment)"
        )
    empty = next((k for k, doc in enumerate(given) if not doc), None)
    if empty is not None:
        return f"{what}, line {empty + 1}: no document id"
    return None
