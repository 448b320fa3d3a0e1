"""Fresh or stale by the workspace's generation (and the keys that carry it), never
by which object a value is.

Each test holds a case where the two rules disagree: a value rebuilt equal (new
objects, same keys) is still current, and a newer generation is stale although
the objects it holds are the very ones a job started with. Real data: the
bundled WMT21 demo; events are ordered by signals and job states, never sleeps.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from pytestqt.qtbot import QtBot

from bleu_gui.core.scoring import TokenizedCorpus
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.pair_state import PairState
from bleu_gui.models.salient_job import SalientJob, SalientRequest
from bleu_gui.models.session import Session
from bleu_gui.models.what_if import WhatIfEditor
from bleu_gui.models.workspace import PairScores, System, Workspace
from bleu_gui.views.compare_panels import PairKey
from tests.gui.test_workspace import TIMEOUT, demo_files, open_and_wait

NAMES = ("Facebook-AI", "happypoet")


@pytest.fixture
def opened(qtbot: QtBot) -> Iterator[Workspace]:
    """Two demo systems read and scored: A the baseline, B shown; not compared.

    The session compared them already: the comparison is taken out, for the
    tests' own `PairState` to make.
    """
    session = Session(processes=1)
    open_and_wait(qtbot, session, demo_files(*NAMES, shown=NAMES[1]))
    assert session.workspace.pair is not None
    yield replace(session.workspace, compared=None)
    session.shutdown()


def _pair(workspace: Workspace) -> tuple[System, System]:
    pair = workspace.pair
    assert pair is not None
    return pair


def _rebuilt(workspace: Workspace) -> Workspace:
    """`workspace` with every system's scores and tokens copied: equal, not the same."""

    def copied(system: System) -> System:
        assert system.scores is not None
        assert system.tokenized is not None
        tokens = TokenizedCorpus(
            system.tokenized.hypotheses, system.tokenized.references
        )
        return replace(system, scores=replace(system.scores), tokenized=tokens)

    return replace(workspace, systems=tuple(copied(s) for s in workspace.systems))


class _Held:
    """A workspace a test replaces, as the session's would be."""

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace

    def __call__(self) -> Workspace:
        return self.workspace

    def put(self, workspace: Workspace) -> None:
        self.workspace = workspace

    @property
    def pair(self) -> PairScores | None:
        compared = self.workspace.compared
        return compared.scores if compared is not None else None


def _pair_state(held: _Held) -> tuple[PairState, JobRunner]:
    jobs = JobRunner()
    failures: list[str] = []
    state = PairState(
        held,
        held.put,
        jobs,
        lambda _size, _corpus: None,
        changed=lambda: None,
        failed=failures.append,
    )
    return state, jobs


def test_a_pair_computed_for_an_older_generation_of_the_scores_is_dropped(
    qtbot: QtBot, opened: Workspace
) -> None:
    """A's scores given again (the same object, a later generation): stale."""
    held = _Held(opened)
    state, jobs = _pair_state(held)
    state.update()
    assert jobs.is_busy
    a, _ = _pair(opened)
    assert a.scores is not None
    # Before the comparison ends, A is scored again: the very scores object,
    # but given at a later generation (what a re-scoring delivers).
    held.workspace = opened.with_computed(a.id, scores=a.scores)
    qtbot.waitUntil(lambda: not jobs.is_busy, timeout=TIMEOUT)
    assert held.pair is None


def test_a_pair_stays_current_when_its_workspace_is_rebuilt_equal(
    qtbot: QtBot, opened: Workspace
) -> None:
    """The same workspace again, or its values copied: no new comparison."""
    held = _Held(opened)
    state, jobs = _pair_state(held)
    state.update()
    held.workspace = _rebuilt(opened)  # arrives while the comparison runs
    qtbot.waitUntil(lambda: not jobs.is_busy, timeout=TIMEOUT)
    pair = held.pair
    assert pair is not None
    assert not held.workspace.pair_is_stale()
    state.update()  # the workspace said to have changed, with nothing new
    assert not jobs.is_busy
    assert held.pair is pair


def test_a_salient_count_is_not_restarted_for_tokens_rebuilt_equal(
    qtbot: QtBot, opened: Workspace
) -> None:
    job = SalientJob(lambda _size: None)
    first = SalientRequest.of(*_pair(opened), NAMES)
    assert first is not None
    assert job.request_count(first)
    again = SalientRequest.of(*_pair(_rebuilt(opened)), NAMES)
    assert again is not None
    assert again.tokens_b is not first.tokens_b
    assert not job.request_count(again)  # the same count: it goes on
    with qtbot.waitSignal(job.finished, timeout=TIMEOUT) as finished:
        pass
    assert finished.args is not None
    assert finished.args[1] == NAMES
    assert job.results is not None
    job.shutdown()


def test_a_salient_count_of_texts_edited_since_is_superseded(
    qtbot: QtBot, opened: Workspace
) -> None:
    """The same token objects at a later generation of B's texts: counted anew."""
    job = SalientJob(lambda _size: None)
    first = SalientRequest.of(*_pair(opened), NAMES)
    assert first is not None
    assert job.request_count(first)
    _, b = _pair(opened)
    later = replace(b, texts_at=opened.generation + 1)
    newer = SalientRequest.of(_pair(opened)[0], later, NAMES)
    assert newer is not None
    assert newer.tokens_b is first.tokens_b
    assert job.request_count(newer)
    assert job.request is newer
    job.shutdown()


def test_a_pair_explanation_key_is_the_texts_keys_not_the_corpora(
    opened: Workspace,
) -> None:
    a, b = _pair(opened)
    names = NAMES
    texts = (a.texts_key, b.texts_key)
    key = PairKey(3, a.corpus, b.corpus, opened.config, names, texts)
    copies = (replace(a.corpus), replace(b.corpus))
    assert copies[0] is not a.corpus
    assert key.same_as(PairKey(3, *copies, opened.config, names, texts))
    later = (a.texts_key, replace(b.texts_key, since=opened.generation + 1))
    assert not key.same_as(PairKey(3, a.corpus, b.corpus, opened.config, names, later))
    assert not key.same_as(PairKey(4, a.corpus, b.corpus, opened.config, names, texts))


def test_document_ids_given_keep_the_edits_undo_steps(qtbot: QtBot) -> None:
    """Document ids replace the test set's value, not its texts: the steps stay.

    Showing another system afterwards (the window's files change) used to clear
    the undo stack, the test set being another object since the ids.
    """
    session = Session(processes=1)
    open_and_wait(qtbot, session, demo_files(*NAMES, shown=NAMES[1]))
    editor = WhatIfEditor(session)
    a, b = _pair(session.workspace)
    session.set_shown(a.id)  # the editor sees the test set (the files change)
    session.set_shown(b.id)
    qtbot.waitUntil(lambda: not session.is_busy, timeout=TIMEOUT)
    assert editor.begin(b.id, 3)
    editor.type("A line typed instead.")
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=lambda busy: not busy
    ):
        editor.commit()
    assert editor.undo_stack.count() == 1
    opened_at = session.workspace.test_set_key
    documents = tuple(f"doc{row // 100}" for row in range(b.corpus.num_segments))
    session.set_documents(documents, name="ids.txt")
    assert session.workspace.test_set_key == opened_at
    session.set_shown(a.id)
    assert editor.undo_stack.count() == 1
    assert editor.undo_stack.undoText() == "edit of sentence 4"
    session.shutdown()
