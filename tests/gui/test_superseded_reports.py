"""A superseded job's result never reaches its caller, wherever the job runs.

Each place that runs "the latest request wins" hands its jobs to a `JobRunner`
under one key (`models.jobs`): the browser's plain and regex searches, the
significance tests, the long explanations. Here the older request's report is made
to arrive after the newer request (a reply injected into its process's replies, or
its job's end signal emitted by hand), and the caller must see only the newer
one's. Events are ordered by signals, never by sleeps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from bleu_gui.core.search_process import Found, SearchFailed, SearchStarted
from bleu_gui.core.significance import PairedTest, PairedTestResult
from bleu_gui.core.significance_process import (
    SignificanceFailed,
    SignificanceFinished,
    SignificanceProcess,
    SignificanceProgress,
)
from bleu_gui.models.explainer import Explainer
from bleu_gui.models.jobs import JobHandle, JobRunner
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.significance_job import SignificanceJob
from bleu_gui.models.workspace_change import Moved, moves
from tests.gui.test_significance_job import request

TIMEOUT = 60_000
HYPS = ["the police closed the road", "the driver", "a car", "turn left", "nothing"]
REFS = ["police closed the road", "the car driver", "a car", "turn right", "nothing"]

_R = TypeVar("_R")


def _current_job(runner: JobRunner) -> JobHandle:
    """The one job running under `runner` (each place here has one key)."""
    jobs = list(runner._jobs.values())
    assert len(jobs) == 1
    return jobs[0].worker


def _late(replies: Callable[[], list[_R]], late: list[_R]) -> Callable[[], list[_R]]:
    """`replies`, with `late` delivered first, once."""

    def replies_with_late() -> list[_R]:
        early, late[:] = list(late), []
        return [*early, *replies()]

    return replies_with_late


@pytest.fixture
def browser(qtbot: QtBot, tmp_path: Path) -> Iterator[SentenceBrowser]:
    hyp, ref = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    hyp.write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    ref.write_text("\n".join(REFS) + "\n", encoding="utf-8")
    session = Session(processes=1)
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=TIMEOUT,
    ):
        session.open_files(FileSet(hyp, (ref,), None))
    browser = SentenceBrowser(session)
    browser._on_scores_changed()
    yield browser
    browser.cancel()
    session.shutdown()


def _shown(browser: SentenceBrowser) -> list[int]:
    return sorted(int(row) for row in browser.model.rows)


def test_a_superseded_plain_search_never_filters_the_table(
    qtbot: QtBot, browser: SentenceBrowser
) -> None:
    browser.sync_rows = 0  # every plain search runs in slices, as a large one
    applied: list[str] = []
    browser.filter_changed.connect(lambda spec: applied.append(spec.text))
    browser.set_filter(SentenceFilter(text="police"))
    older = _current_job(browser._search_jobs)
    with qtbot.waitSignal(browser.shown_changed, timeout=TIMEOUT):
        browser.set_filter(SentenceFilter(text="driver"))
        older.signals.finished.emit(np.array([0], dtype=np.int64))  # its late end
    assert _shown(browser) == [1]
    assert applied == ["driver"]
    assert not browser.searching


def test_a_superseded_regex_searchs_late_reply_never_filters_the_table(
    qtbot: QtBot, browser: SentenceBrowser, monkeypatch: pytest.MonkeyPatch
) -> None:
    applied: list[str] = []
    browser.filter_changed.connect(lambda spec: applied.append(spec.text))
    search = browser.regex_search
    browser.set_filter(SentenceFilter(text="pol.ce", regex=True))
    older = search._number
    process = search._process
    assert process is not None
    late: list[SearchStarted | Found | SearchFailed]
    late = [SearchStarted(older), Found(older, [0])]
    monkeypatch.setattr(process, "replies", _late(process.replies, late))
    with qtbot.waitSignal(browser.shown_changed, timeout=TIMEOUT):
        browser.set_filter(SentenceFilter(text="dr.ver", regex=True))
    assert not late  # the older search's replies were read
    assert _shown(browser) == [1]
    assert applied == ["dr.ver"]


def test_a_superseded_significance_tests_late_replies_are_never_reported(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    job = SignificanceJob()
    finished: list[object] = []
    results: list[object] = []
    failed: list[object] = []
    totals: list[int] = []
    job.finished.connect(lambda asked, _: finished.append(asked))
    job.finished.connect(lambda _, result: results.append(result))
    job.failed.connect(lambda asked, _: failed.append(asked))
    job.progress_changed.connect(lambda _, total: totals.append(total))
    try:
        older = request(PairedTest.RANDOMIZATION, 5_000_000)
        number = job.start(older)
        process = job._process
        assert isinstance(process, SignificanceProcess)
        stale = job.pending  # nothing of it may come out any more
        newer = request(PairedTest.BOOTSTRAP, 100)
        late: list[SignificanceProgress | SignificanceFinished | SignificanceFailed]
        late = [
            SignificanceProgress(number, 7, 777),
            SignificanceFinished(number, cast(PairedTestResult, "stale")),
            SignificanceFailed(number, "stale"),
        ]
        monkeypatch.setattr(process, "replies", _late(process.replies, late))
        with qtbot.waitSignal(job.finished, timeout=TIMEOUT) as blocker:
            job.start(newer)
        assert blocker.args is not None
        assert blocker.args[0] is newer
        assert not late
        assert stale is older
        assert finished == [newer]
        assert len(results) == 1
        assert isinstance(results[0], PairedTestResult)
        assert results[0].samples == 100  # the newer test's, not the stale reply
        assert failed == []
        assert 777 not in totals
    finally:
        job.shutdown()


def test_a_superseded_explanation_is_never_reported(qtbot: QtBot) -> None:
    explainer = Explainer(explain=str.lower)
    explained: list[tuple[Any, Any]] = []
    explainer.finished.connect(lambda key, result: explained.append((key, result)))
    try:
        explainer.start(1, "OLDER")
        older = _current_job(explainer._jobs)
        with qtbot.waitSignal(explainer.finished, timeout=TIMEOUT) as blocker:
            explainer.start(2, "NEWER")
            older.signals.finished.emit("older, late")  # its late end
        assert blocker.args == [2, "newer"]
        assert explained == [(2, "newer")]
        assert explainer.pending is None
    finally:
        explainer.shutdown()
