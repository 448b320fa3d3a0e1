"""Session, worker, table model and filter: the state behind the window."""

from __future__ import annotations

import gc
import math
import multiprocessing
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import sacrebleu
from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QItemSelectionModel,
    QSettings,
    Qt,
    QTimer,
)
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig, Compat, Smoothing, corpus_bleu
from bleu_gui.core.scoring import iter_prepare
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.io import iter_read_segments
from bleu_gui.models import recent as recent_module
from bleu_gui.models import sentence_browser
from bleu_gui.models.recent import RecentFiles
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_filter import SentenceFilter, filter_rows
from bleu_gui.models.sentence_table import RAW_ROLE, ROW_ROLE, Column
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.workers import Job, SliceWorker, Worker

# WMT21 news task de-en (newstest2021): a few system outputs and both references.
HYPS = [
    "Biker reacts at lightning speed and prevents worse",
    "On the Friday evening, a traffic accident occurred on the road.",
    "Motorist overlooks biker",
    "A 44th car driver wanted to turn left.",
    "The police are investigating.",
    "",
]
REF_A = [
    "Motorcyclist reacts with lightning speed and prevents worse",
    "On Friday evening, a traffic accident occurred on the road.",
    "Car driver overlooks motorcyclist",
    "A 44-year-old car driver wanted to turn left.",
    "Police are investigating.",
    "Nothing was said.",
]
REF_B = [
    "Biker reacts lightning fast and prevents worse",
    "A road accident happened on Friday evening.",
    "Driver misses biker",
    "A 44-year-old motorist wanted to turn left.",
    "The police investigate.",
    "Nobody said anything.",
]
SOURCE = [f"Quelle {i}" for i in range(len(HYPS))]


@pytest.fixture
def files(tmp_path: Path) -> FileSet:
    paths = {}
    for name, lines in (
        ("hyp", HYPS),
        ("refA", REF_A),
        ("refB", REF_B),
        ("src", SOURCE),
    ):
        paths[name] = tmp_path / f"{name}.txt"
        paths[name].write_text("\n".join(lines) + "\n", encoding="utf-8")
    return FileSet(paths["hyp"], (paths["refA"], paths["refB"]), paths["src"])


@pytest.fixture
def session(qtbot: QtBot, files: FileSet) -> Iterator[Session]:
    session = Session(processes=1)
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.open_files(files)
    yield session
    session.shutdown()


def wait_scores(qtbot: QtBot, session: Session) -> None:
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        pass


def test_open_scores_like_sacrebleu(session: Session) -> None:
    scores = session.scores
    assert scores is not None
    expected = sacrebleu.corpus_bleu(HYPS, [REF_A, REF_B])
    assert not isinstance(scores.corpus, Unavailable)
    assert scores.corpus.score == expected.score
    assert (
        scores.signature == "nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
    )
    for i, hyp in enumerate(HYPS):
        assert (
            scores.sentences.score[i]
            == sacrebleu.sentence_bleu(hyp, [REF_A[i], REF_B[i]]).score
        )


def test_config_change_rescores_and_tokenizer_change_recounts(
    qtbot: QtBot,
    session: Session,
) -> None:
    stats_before = session.stats
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.set_config(BleuConfig(smoothing=Smoothing.FLOOR, smooth_value=0.2))
    assert session.stats is stats_before  # re-scored from the cached statistics
    assert session.scores is not None
    assert not isinstance(session.scores.corpus, Unavailable)
    assert (
        session.scores.corpus.score
        == sacrebleu.corpus_bleu(
            HYPS, [REF_A, REF_B], smooth_method="floor", smooth_value=0.2
        ).score
    )
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.set_config(BleuConfig(lowercase=True))
    assert session.stats is not stats_before
    assert (
        session.scores.corpus.score
        == sacrebleu.corpus_bleu(HYPS, [REF_A, REF_B], lowercase=True).score
    )


def test_bad_file_keeps_old_data(
    qtbot: QtBot, session: Session, tmp_path: Path
) -> None:
    old = session.scores
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"fine\n\xff\xfe broken\n")
    with qtbot.waitSignal(session.error_occurred, timeout=20_000) as error:
        session.add_reference(bad)
    assert "bad.txt" in error.args[0]
    assert "line 2" in error.args[0]
    assert session.scores is old
    assert session.files is not None
    assert len(session.files.references) == 2


def test_line_count_mismatch_is_reported(
    qtbot: QtBot, session: Session, tmp_path: Path
) -> None:
    short = tmp_path / "short.txt"
    short.write_text("one line\n", encoding="utf-8")
    with qtbot.waitSignal(session.error_occurred, timeout=20_000) as error:
        session.set_hypothesis(short)
    assert "short.txt" in error.args[0]
    assert "6" in error.args[0]


def test_remove_reference_and_subset(qtbot: QtBot, session: Session) -> None:
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.remove_reference(1)
    assert session.scores is not None
    assert not isinstance(session.scores.corpus, Unavailable)
    assert session.scores.corpus.score == sacrebleu.corpus_bleu(HYPS, [REF_A]).score
    subset = session.subset_score([0, 2, 3])
    assert not isinstance(subset, Unavailable)
    assert (
        subset.score
        == corpus_bleu(
            [HYPS[i] for i in (0, 2, 3)], [[REF_A[i] for i in (0, 2, 3)]]
        ).score
    )


def test_last_reference_cannot_be_removed(qtbot: QtBot, session: Session) -> None:
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.remove_reference(0)
    with qtbot.waitSignal(session.error_occurred, timeout=5_000) as error:
        session.remove_reference(0)
    assert "at least one reference" in error.args[0]


def test_a_new_request_cancels_the_running_one(qtbot: QtBot, files: FileSet) -> None:
    session = Session(processes=1)
    session.open_files(files)
    session.set_config(BleuConfig(lowercase=True))  # while the first load runs
    with qtbot.waitSignal(
        session.busy_changed, timeout=20_000, check_params_cb=lambda b: not b
    ):
        pass
    qtbot.wait(50)
    assert session.scores is not None
    assert session.scores.config == BleuConfig(lowercase=True)
    session.shutdown()


def test_unscorable_mode_reports_instead_of_failing(
    qtbot: QtBot, session: Session
) -> None:
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.set_config(BleuConfig(compat=Compat.NLTK, smoothing=Smoothing.METHOD6))
    scores = session.scores
    assert scores is not None
    # No trigram matches: NLTK's method6 raises; the row is missing, not the table.
    assert math.isnan(scores.sentences.score[2])
    assert scores.sentences.score[5] == 0.0  # no unigram match: NLTK returns 0


def test_explain_matches_the_table(session: Session) -> None:
    explanation = session.explain(0)
    assert not isinstance(explanation, Unavailable)
    assert session.scores is not None
    assert explanation.score.score == session.scores.sentences.score[0]
    assert session.explain(99) == Unavailable("no such sentence")


# --- the table model -----------------------------------------------------------------


def test_table_model_passes_the_model_tester(
    qtmodeltester: Any, session: Session
) -> None:
    browser = SentenceBrowser(session)
    browser._on_scores_changed()
    qtmodeltester.check(browser.model)
    model = browser.model
    assert model.rowCount() == len(HYPS)
    # p1-p4, effort (rates, band, closest reference), QA (count, issues), text
    assert model.columnCount() == len(Column) + 4 + 4 + 2 + 1
    assert model.headerData(len(Column), Qt.Orientation.Horizontal) == "p1"
    index = model.index(2, Column.BLEU)
    assert model.data(index, RAW_ROLE) == session.scores.sentences.score[2]  # type: ignore[union-attr]
    assert model.data(index) == f"{session.scores.sentences.score[2]:.1f}"  # type: ignore[union-attr]
    assert model.data(model.index(5, model.hypothesis_column())) == ""
    assert model.data(model.index(3, Column.NUMBER)) == "4"


def test_sorting_and_filtering_with_live_subset_bleu(
    qtbot: QtBot, session: Session
) -> None:
    browser = SentenceBrowser(session)
    browser._on_scores_changed()
    scores = session.scores
    assert scores is not None
    browser.sort_by(int(Column.BLEU), Qt.SortOrder.DescendingOrder)
    shown = [browser.model.data(browser.model.index(r, 0), ROW_ROLE) for r in range(6)]
    expected = sorted(range(6), key=lambda i: (-scores.sentences.score[i], i))
    assert shown == expected
    with qtbot.waitSignal(browser.shown_changed) as report:
        browser.set_filter(SentenceFilter(text="driver"))
    rows = sorted(int(r) for r in browser.model.rows)
    assert rows == [2, 3]  # "Car driver" (ref A) and "car driver" (hyp, refs)
    shown_count, total, subset = report.args
    assert (shown_count, total) == (2, 6)
    assert (
        subset.score
        == corpus_bleu(
            [HYPS[i] for i in rows],
            [[REF_A[i] for i in rows], [REF_B[i] for i in rows]],
        ).score
    )
    with qtbot.waitSignal(browser.filter_failed) as failure:
        browser.set_filter(SentenceFilter(text="(", regex=True))
    assert "regular expression" in failure.args[0]


def test_filter_rows_fields_and_ranges() -> None:
    scores = np.array([10.0, 50.0, np.nan, 100.0])
    hyps = ["alpha", "beta", "gamma", "Alpha beta"]
    refs = [["x", "y", "alpha", "z"]]
    assert filter_rows(
        SentenceFilter(text="alpha"), scores, hyps, refs, None
    ).tolist() == [0, 2, 3]
    assert filter_rows(
        SentenceFilter(text="alpha", case_sensitive=True, in_references=False),
        scores,
        hyps,
        refs,
        None,
    ).tolist() == [0]
    assert filter_rows(
        SentenceFilter(text="^b", regex=True), scores, hyps, refs, None
    ).tolist() == [1]
    ranged = SentenceFilter(min_score=40.0, max_score=100.0)
    assert filter_rows(ranged, scores, hyps, refs, None).tolist() == [1, 3]


def test_new_rows_keep_the_selection_on_its_corpus_row(session: Session) -> None:
    browser = SentenceBrowser(session)
    browser._on_scores_changed()
    model = browser.model
    selection = QItemSelectionModel(model)
    flags = QItemSelectionModel.SelectionFlag
    selection.setCurrentIndex(model.index(4, 2), flags.ClearAndSelect | flags.Rows)
    model.set_rows(np.array([5, 4, 3, 2, 1, 0]))  # re-sorted: corpus row 4 moves up
    assert [index.row() for index in selection.selectedRows()] == [1]
    assert selection.selectedRows()[0].data(ROW_ROLE) == 4
    assert (selection.currentIndex().row(), selection.currentIndex().column()) == (1, 2)
    model.set_rows(np.array([3, 1, 0]))  # filtered out: nothing stays selected
    assert selection.selectedRows() == []
    assert not selection.currentIndex().isValid()
    model.set_rows(np.array([0, 1, 2, 3, 4, 5]))
    assert selection.selectedRows() == []


def test_new_scores_come_in_one_model_reset_filtered_and_sorted(
    qtbot: QtBot,
    session: Session,
) -> None:
    browser = SentenceBrowser(session)
    browser._on_scores_changed()
    browser.sort_by(int(Column.BLEU), Qt.SortOrder.DescendingOrder)
    browser.set_filter(SentenceFilter(max_score=99.0))
    model = browser.model
    resets: list[list[int]] = []
    layouts: list[list[int]] = []
    model.modelReset.connect(lambda: resets.append(model.rows.tolist()))
    model.layoutChanged.connect(lambda: layouts.append(model.rows.tolist()))
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.set_config(BleuConfig(smoothing=Smoothing.FLOOR, smooth_value=0.3))
    scores = session.scores
    assert scores is not None
    score = scores.sentences.score
    kept = [i for i in range(len(HYPS)) if score[i] <= 99.0]
    assert resets == [sorted(kept, key=lambda i: (-score[i], i))]
    assert layouts == []


def test_the_bleu_of_every_row_is_the_corpus_bleu(
    qtbot: QtBot,
    session: Session,
) -> None:
    browser = SentenceBrowser(session)
    browser._on_scores_changed()
    browser.sort_by(int(Column.BLEU), Qt.SortOrder.AscendingOrder)
    every_row = np.arange(len(HYPS))
    assert session.scores is not None
    shown = browser.shown_score()
    assert shown is session.scores.corpus
    assert shown == session.subset_score(every_row)
    # Options changed, not yet scored: the shown rows under the new options.
    session.set_config(BleuConfig(max_order=2))
    pending = browser.shown_score()
    assert pending is not session.scores.corpus
    assert pending == session.subset_score(every_row)
    assert pending != session.scores.corpus
    wait_scores(qtbot, session)


def count_text_searches(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The search texts the browser looks for in the corpus texts, as it does it."""
    searched: list[str] = []
    original = filter_rows

    def counting(spec: SentenceFilter, *args: Any, **kwargs: Any) -> Any:
        if spec.text:
            searched.append(spec.text)
        return original(spec, *args, **kwargs)

    monkeypatch.setattr(sentence_browser, "filter_rows", counting)
    return searched


@pytest.mark.parametrize("sync_rows", [0, 5_000], ids=["in-steps", "at-once"])
def test_new_scores_reuse_the_text_search(
    qtbot: QtBot,
    session: Session,
    monkeypatch: pytest.MonkeyPatch,
    sync_rows: int,
) -> None:
    browser = SentenceBrowser(session)
    browser._on_scores_changed()
    browser.sync_rows = sync_rows
    with qtbot.waitSignal(browser.shown_changed, timeout=10_000):
        browser.set_filter(SentenceFilter(text="driver", max_score=99.0))
    assert sorted(browser.model.rows.tolist()) == [2, 3]
    searched = count_text_searches(monkeypatch)
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.set_config(BleuConfig(smoothing=Smoothing.FLOOR, smooth_value=0.3))
    assert searched == []  # the texts did not change: only the score range again
    assert sorted(browser.model.rows.tolist()) == [2, 3]
    with qtbot.waitSignal(browser.shown_changed, timeout=10_000):
        browser.set_filter(SentenceFilter(text="driver", max_score=5.0))
    assert searched == []
    assert session.scores is not None
    low = [r for r in (2, 3) if session.scores.sentences.score[r] <= 5.0]
    assert sorted(browser.model.rows.tolist()) == low
    browser.cancel()


def test_new_texts_are_searched_again_in_steps(
    qtbot: QtBot,
    session: Session,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    browser = SentenceBrowser(session)
    browser._on_scores_changed()
    browser.sync_rows = 0
    with qtbot.waitSignal(browser.shown_changed, timeout=10_000):
        browser.set_filter(SentenceFilter(text="driver"))
    searched = count_text_searches(monkeypatch)
    # What had been searched when the new scores were announced (this slot runs
    # after the browser's, connected first): the search must not run inside it.
    searched_at_scores: list[int] = []
    session.workspace_changed.connect(
        lambda _old, _new, change: (
            searched_at_scores.append(len(searched))
            if change.any(Moved.SHOWN_SCORES)
            else None
        )
    )
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.reload()
    assert searched_at_scores[0] == 0  # not on new scores: in steps, after them
    qtbot.waitUntil(lambda: sorted(browser.model.rows.tolist()) == [2, 3])
    assert searched
    assert browser.filter == SentenceFilter(text="driver")
    browser.cancel()


def test_new_scores_during_a_search_keep_the_newer_filter(
    qtbot: QtBot,
    session: Session,
) -> None:
    browser = SentenceBrowser(session)
    browser._on_scores_changed()
    browser.sync_rows = 0
    browser.set_filter(SentenceFilter(text="driver"))  # searched between events
    browser._on_scores_changed()  # new scores before the first step
    assert browser.model.rowCount() == len(HYPS)
    qtbot.waitUntil(lambda: sorted(browser.model.rows.tolist()) == [2, 3])
    assert browser.filter.text == "driver"
    browser.cancel()


# --- the worker ----------------------------------------------------------------------


def test_worker_reports_result_progress_and_cancel(qtbot: QtBot) -> None:
    def job() -> Job:
        for i in range(3):
            yield i, 3, "step"
        return "done"

    worker = Worker(job)
    with qtbot.waitSignal(worker.signals.finished, timeout=5_000) as result:
        worker.start()
    assert result.args == ["done"]

    def endless() -> Job:
        while True:
            yield 0, 0, "forever"

    worker = Worker(endless)
    with qtbot.waitSignal(worker.signals.cancelled, timeout=5_000):
        worker.start()
        worker.cancel()
    assert worker.wait(5)


def test_worker_turns_errors_into_one_line(qtbot: QtBot) -> None:
    def broken() -> Job:
        yield 0, 1, "x"
        raise ValueError("first line\nsecond line")

    worker = Worker(broken)
    with qtbot.waitSignal(worker.signals.failed, timeout=5_000) as failed:
        worker.start()
    assert failed.args == ["first line second line"]


def test_an_error_after_a_cancel_is_reported_as_the_cancel(qtbot: QtBot) -> None:
    """What breaks because the job was stopped (its processes gone) is no failure."""
    worker: Worker

    def stopped_midway() -> Job:
        yield 0, 1, "x"
        worker.cancel()  # as if the user cancelled while this step ran
        raise RuntimeError("the worker processes were stopped")

    worker = Worker(stopped_midway)
    failures: list[str] = []
    worker.signals.failed.connect(failures.append)
    with qtbot.waitSignal(worker.signals.cancelled, timeout=5_000):
        worker.start()
    assert worker.wait(5)
    assert failures == []


def test_slice_worker_runs_on_the_gui_thread_between_events(qtbot: QtBot) -> None:
    threads = []
    ticks = []

    def job() -> Job:
        for i in range(40):
            threads.append(threading.get_ident())
            time.sleep(0.002)
            yield i, 40, "step"
        return "done"

    timer = QTimer()
    timer.setInterval(0)
    timer.timeout.connect(lambda: ticks.append(len(threads)))
    timer.start()
    worker = SliceWorker(job, budget=0.005)
    with qtbot.waitSignal(worker.signals.finished, timeout=5_000) as result:
        worker.start()
    timer.stop()
    assert result.args == ["done"]
    assert worker.is_done
    assert set(threads) == {threading.get_ident()}
    # The event loop ran between slices: the timer saw the job part-way, many times.
    assert len({n for n in ticks if 0 < n < 40}) >= 5


def test_slice_worker_cancels_and_reports_errors(qtbot: QtBot) -> None:
    def endless() -> Job:
        while True:
            yield 0, 0, "forever"

    worker = SliceWorker(endless)
    with qtbot.waitSignal(worker.signals.cancelled, timeout=5_000):
        worker.start()
        QTimer.singleShot(50, worker.cancel)
    assert worker.is_done

    def broken() -> Job:
        yield 0, 1, "x"
        raise ValueError("first line\nsecond line")

    worker = SliceWorker(broken)
    with qtbot.waitSignal(worker.signals.failed, timeout=5_000) as failed:
        worker.start()
    assert failed.args == ["first line second line"]


def test_models_do_not_import_widgets() -> None:
    """Every module of `bleu_gui.models`, and the workers, load no widget or chart.

    A rule checked, not a convention: import-linter cannot forbid a part of an
    external package (PySide6.QtWidgets), so a fresh interpreter imports them all.
    """
    code = (
        "import importlib, pkgutil, sys, bleu_gui.models, bleu_gui.workers\n"
        "names = [m.name for m in pkgutil.walk_packages(bleu_gui.models.__path__, "
        "'bleu_gui.models.')]\n"
        "for name in names: importlib.import_module(name)\n"
        "loaded = sorted(m for m in sys.modules if m in "
        "('PySide6.QtWidgets', 'PySide6.QtCharts') or m.startswith('bleu_gui.views'))\n"
        "assert len(names) >= 20, names\n"
        "assert not loaded, f'the models imported {loaded}'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    assert QCoreApplication.instance() is not None


def test_large_corpus_is_searched_in_steps_between_events(
    qtbot: QtBot,
    session: Session,
) -> None:
    browser = SentenceBrowser(session)
    browser._on_scores_changed()
    browser.sync_rows = 0  # treat this corpus as large: search in steps
    browser.set_filter(SentenceFilter(text="xyz"))  # superseded before it ends
    with qtbot.waitSignal(browser.shown_changed, timeout=10_000) as report:
        browser.set_filter(SentenceFilter(text="driver"))
    assert sorted(int(r) for r in browser.model.rows) == [2, 3]
    assert report.args[0] == 2
    assert browser.filter.text == "driver"
    browser.cancel()


def test_worker_processes_score_like_one_process(
    qtbot: QtBot,
    files: FileSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A large corpus is tokenized, counted and scored in worker processes.

    The limits are lowered so that the test corpus takes that path, in many chunks.
    """
    from bleu_gui.core import analysis, scoring
    from bleu_gui.models import session as session_module

    monkeypatch.setattr(session_module, "_POOL_MIN_SEGMENTS", 1)
    monkeypatch.setattr(scoring, "CHUNK", 2)
    monkeypatch.setattr(scoring, "ROW_BLOCK", 2)
    monkeypatch.setattr(analysis, "ROW_BLOCK", 2)
    before = set(multiprocessing.active_children())
    session = Session(processes=2)
    here = Session(processes=1)
    try:
        for config in (
            BleuConfig(),
            BleuConfig(smoothing=Smoothing.FLOOR),  # re-score
            BleuConfig(smoothing=Smoothing.FLOOR, lowercase=True),  # re-tokenize
            BleuConfig(max_order=7, lowercase=True),  # count more orders
        ):
            for each in (session, here):
                with qtbot.waitSignal(
                    each.workspace_changed,
                    check_params_cb=moves(Moved.SHOWN_SCORES),
                    timeout=60_000,
                ):
                    if each.files is None:
                        each.set_config(config)
                        each.open_files(files)
                    else:
                        each.set_config(config)
            assert session.scores is not None
            assert here.scores is not None
            assert str(session.scores.corpus) == str(here.scores.corpus)
            np.testing.assert_array_equal(
                session.scores.sentences.score, here.scores.sentences.score
            )
            np.testing.assert_array_equal(session.scores.gains, here.scores.gains)
        expected = BLEU(lowercase=True, max_ngram_order=7)
        assert (
            session.scores.corpus.score  # type: ignore[union-attr]
            == expected.corpus_score(HYPS, [REF_A, REF_B]).score
        )
        assert len(set(multiprocessing.active_children()) - before) == 2
    finally:
        session.shutdown()
        here.shutdown()
    assert not set(multiprocessing.active_children()) - before


def test_files_are_read_on_the_gui_thread_and_scored_off_it(
    qtbot: QtBot,
    files: FileSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reading runs in steps between events; tokenizing and scoring in the background.

    (A pure-Python loop on a thread would hold the GIL that every paint needs.)
    """
    from bleu_gui.models import loading as loading_module
    from bleu_gui.models import system_jobs

    threads: dict[str, set[int]] = {"read": set(), "prepare": set()}

    def spy(name: str, function: Any) -> Any:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            steps = function(*args, **kwargs)
            while True:
                threads[name].add(threading.get_ident())
                try:
                    step = next(steps)
                except StopIteration as end:
                    return end.value
                yield step

        return wrapped

    monkeypatch.setattr(
        loading_module,
        "iter_read_segments",
        spy("read", iter_read_segments),
    )
    monkeypatch.setattr(system_jobs, "iter_prepare", spy("prepare", iter_prepare))
    session = Session(processes=1)
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.open_files(files)
    session.shutdown()
    assert threads["read"] == {threading.get_ident()}
    assert threads["prepare"]
    assert threading.get_ident() not in threads["prepare"]


def test_shutdown_during_a_load_in_workers_ends_the_job_quietly(
    qtbot: QtBot,
    files: FileSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Closing the window while worker processes score: the job thread ends at once.

    The job waits on a chunk the processes compute; stopping them must end that
    wait (a terminated pool never answers), and a stop the user asked for is no error.
    """
    from bleu_gui.core import scoring
    from bleu_gui.models import session as session_module

    monkeypatch.setattr(session_module, "_POOL_MIN_SEGMENTS", 1)
    monkeypatch.setattr(scoring, "CHUNK", 1)  # one segment a job: many waits
    session = Session(processes=2)
    errors: list[str] = []
    session.error_occurred.connect(errors.append)
    with qtbot.waitSignal(
        session.progress_changed,
        timeout=30_000,
        check_params_cb=lambda _done, _total, what: "counting" in what,
    ):
        session.open_files(files)
    worker = session._worker
    assert isinstance(worker, Worker)
    with qtbot.waitSignal(worker.signals.cancelled, timeout=10_000):
        session.shutdown(timeout=0)
    assert worker.wait(10)
    assert errors == []


def test_opening_other_files_lets_go_of_the_previous_corpus(
    qtbot: QtBot,
    files: FileSet,
    tmp_path: Path,
) -> None:
    """No finished job keeps a replaced corpus alive.

    A job's slots capture the job's worker and data, and are held by the worker's
    signals on the C++ side, out of the garbage collector's sight: unless the
    workers let go, every corpus opened stays in memory for the whole session.
    """
    session = Session(processes=1)
    browser = SentenceBrowser(session)
    browser.sync_rows = 0  # search in steps: a worker of the browser's too
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.open_files(files)
    with qtbot.waitSignal(browser.shown_changed, timeout=10_000):
        browser.set_filter(SentenceFilter(text="driver"))
    first = session.corpus
    assert first is not None
    other = tmp_path / "other"
    other.mkdir()
    for path in (files.hypothesis, *files.references):
        (other / path.name).write_text("Something else entirely.\n" * len(HYPS))
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.open_files(
            FileSet(
                other / files.hypothesis.name,
                tuple(other / path.name for path in files.references),
            )
        )
    with qtbot.waitSignal(browser.shown_changed, timeout=10_000):
        browser.set_filter(SentenceFilter(text="else"))
    assert session.corpus is not first

    def released() -> bool:  # the session frees replaced data a moment later
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        gc.collect()
        return sys.getrefcount(first) == 2  # `first` and this call's argument

    qtbot.waitUntil(released, timeout=30_000)  # a state, waited for on a busy machine
    session.shutdown()


def test_tokenizing_anew_frees_the_old_tokens_after_showing_the_new_scores(
    qtbot: QtBot,
    files: FileSet,
) -> None:
    """Freeing a big corpus's old tokens takes tens of milliseconds: not in the turn
    that shows the new scores, but soon after. The files have not changed."""
    session = Session(processes=1)
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.open_files(files)
    old = session.stats
    assert old is not None
    held_at_new_scores: list[int] = []
    session.workspace_changed.connect(
        lambda _old, _new, change: (
            held_at_new_scores.append(sys.getrefcount(old))
            if change.any(Moved.SHOWN_SCORES)
            else None
        )
    )
    files_changed: list[bool] = []
    session.workspace_changed.connect(
        lambda _old, _new, change: (
            files_changed.append(True) if change.any(Moved.ROWS) else None
        )
    )
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=20_000,
    ):
        session.set_config(BleuConfig(lowercase=True))
    assert session.stats is not old
    assert held_at_new_scores[0] > 2  # still held by the session, besides `old`
    qtbot.waitUntil(lambda: sys.getrefcount(old) == 2, timeout=1000)
    assert files_changed == []  # the same corpus, tokenized anew
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.ROWS), timeout=20_000
    ):
        session.reload()
    session.shutdown()


def test_recent_files_reach_the_disk_from_a_thread_of_their_own(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A settings sync locks, writes and fdatasyncs (up to a second under disk load):
    Qt does it on the writer thread; the GUI thread syncs only on close."""
    path = tmp_path / "settings.ini"
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    syncs: list[None] = []
    sync = settings.sync

    def counted_sync() -> None:
        syncs.append(None)
        sync()

    settings.sync = counted_sync  # type: ignore[method-assign]
    stored_on: list[int] = []  # the thread of each store

    class Writer(recent_module._Writer):
        def store(self, data: str) -> None:
            stored_on.append(threading.get_ident())
            super().store(data)

    monkeypatch.setattr(recent_module, "_Writer", Writer)
    recent = RecentFiles(settings)
    sets = [
        FileSet(tmp_path / f"hyp{i}.txt", (tmp_path / f"ref{i}.txt",))
        for i in range(12)
    ]
    for files in sets:
        recent.add(files)
    assert recent.entries() == sets[::-1][:8]  # at once, in memory

    def on_disk() -> str:
        return path.read_text(encoding="utf-8") if path.exists() else ""

    qtbot.waitUntil(lambda: "hyp11.txt" in on_disk(), timeout=5_000)
    assert "hyp4.txt" in on_disk()
    assert "hyp3.txt" not in on_disk()  # past the limit of eight
    assert syncs == []
    assert stored_on
    assert threading.get_ident() not in stored_on
    recent.clear()
    recent.close()  # on exit: what may still be queued is written here
    assert len(syncs) == 1
    assert "hyp" not in on_disk()
    assert RecentFiles(QSettings(str(path), QSettings.Format.IniFormat)).entries() == []
    recent.close()  # nothing changed since: nothing written
    assert len(syncs) == 1
    recent.add(sets[0])  # after a close, changes are still written
    qtbot.waitUntil(lambda: "hyp0.txt" in on_disk(), timeout=5_000)
    recent.close()


def test_shutdown_before_scoring_starts_returns_at_once(
    qtbot: QtBot,
    files: FileSet,
) -> None:
    """Scoring starts a moment after the texts are shown; closing the window in
    that moment must not wait for a job that never ran."""
    session = Session(processes=1)
    ended = []
    session.busy_changed.connect(lambda busy: ended.append(not busy))
    with qtbot.waitSignal(session.texts_loaded, timeout=20_000):
        session.open_files(files)
    start = time.monotonic()
    session.shutdown(timeout=30)
    assert time.monotonic() - start < 5
    qtbot.waitUntil(lambda: any(ended), timeout=5_000)  # it reports its cancel
    assert session.scores is None
