"""The significance job: sacreBLEU's numbers, from a process, never blocking the window.

Expected numbers come from sacreBLEU's `PairedTest` (and, for the all-pairs matrix
and subsets, from the core's own functions, themselves tested against sacreBLEU in
tests/core). Events are ordered by signals, never by sleeps.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from bleu_gui.core import BleuConfig, Compat
from bleu_gui.core.significance import (
    AllPairsResult,
    Identity,
    PairedTest,
    PairedTestResult,
    all_pairs,
    paired_test,
)
from bleu_gui.models.significance_job import (
    DIED_MESSAGE,
    SignificanceJob,
    SignificanceRequest,
    text_groups,
)
from tests.gui.systems_support import demo_stats, demo_texts, sacrebleu_rows

# A test long enough to be running when the next event comes (randomization of
# three pairs, 5 million trials: minutes), short in blocks (a cancel or a newer
# request is seen within one block of 1,024 trials).
_LONG = 5_000_000
_TIMEOUT_MS = 60_000


@pytest.fixture
def job(qtbot: QtBot) -> Iterator[SignificanceJob]:
    job = SignificanceJob()
    yield job
    job.shutdown()


def request(
    test: PairedTest = PairedTest.BOOTSTRAP,
    samples: int = 1000,
    *,
    baseline: int | None = 0,
    rows: np.ndarray | None = None,
    config: BleuConfig | None = None,
    groups: bool = True,
) -> SignificanceRequest:
    return SignificanceRequest(
        demo_stats(),
        config or BleuConfig(),
        test,
        samples,
        12345,
        baseline,
        rows,
        text_groups(demo_texts()) if groups else None,
    )


def run(qtbot: QtBot, job: SignificanceJob, what: SignificanceRequest) -> object:
    with qtbot.waitSignal(job.finished, timeout=_TIMEOUT_MS) as blocker:
        job.start(what)
    assert blocker.args is not None
    asked, result = blocker.args
    assert asked is what
    return result


@pytest.mark.parametrize(
    ("test", "samples"),
    [(PairedTest.BOOTSTRAP, 1000), (PairedTest.RANDOMIZATION, 2000)],
)
def test_the_paired_result_is_sacrebleus_and_the_cores(
    qtbot: QtBot,
    job: SignificanceJob,
    monkeypatch: pytest.MonkeyPatch,
    test: PairedTest,
    samples: int,
) -> None:
    """Baseline UEdin (position 2): the others follow in their order."""
    result = run(qtbot, job, request(test, samples, baseline=2))
    assert isinstance(result, PairedTestResult)
    stats = demo_stats()
    core = paired_test(
        stats[2],
        [stats[0], stats[1], stats[3]],
        BleuConfig(),
        test,
        samples=samples,
        seed=12345,
    )
    assert result.baseline == core.baseline
    assert result.systems == core.systems
    assert result.distributions == core.distributions
    theirs = sacrebleu_rows(monkeypatch, [2, 0, 1, 3], test, samples)
    assert [result.baseline, *result.systems] == theirs
    assert (result.test, result.samples, result.seed) == (test, samples, 12345)
    assert result.identical == (None, None, None)


def test_all_pairs_are_the_cores(qtbot: QtBot, job: SignificanceJob) -> None:
    result = run(qtbot, job, request(PairedTest.BOOTSTRAP, 500, baseline=None))
    assert isinstance(result, AllPairsResult)
    assert result == all_pairs(
        demo_stats(), BleuConfig(), PairedTest.BOOTSTRAP, samples=500, seed=12345
    )


def test_a_subset_is_tested_on_its_rows_only(
    qtbot: QtBot, job: SignificanceJob, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = np.arange(0, 500, 3, dtype=np.int64)  # 167 sentences
    result = run(qtbot, job, request(PairedTest.BOOTSTRAP, 300, rows=rows))
    assert isinstance(result, PairedTestResult)
    theirs = sacrebleu_rows(
        monkeypatch, [0, 1, 2, 3], PairedTest.BOOTSTRAP, 300, rows=rows
    )
    assert [result.baseline, *result.systems] == theirs


def test_a_copy_of_the_baseline_is_identical_output(
    qtbot: QtBot, job: SignificanceJob
) -> None:
    stats = demo_stats()
    texts = demo_texts()
    copy = SignificanceRequest(
        (stats[0], stats[1], stats[0]),
        BleuConfig(),
        PairedTest.RANDOMIZATION,
        99,
        12345,
        0,
        None,
        text_groups((texts[0], texts[1], list(texts[0]))),
    )
    result = run(qtbot, job, copy)
    assert isinstance(result, PairedTestResult)
    assert result.identical == (None, Identity.TEXT)
    assert result.systems[1].p_value == 1 / 100


def test_text_groups_name_the_first_system_with_the_same_lines() -> None:
    a, b = ["x", "y"], ["x", "z"]
    assert text_groups([a, b, ("x", "y"), b, ["x"]]) == (0, 1, 0, 1, 4)


def test_a_failure_is_one_line(qtbot: QtBot, job: SignificanceJob) -> None:
    nltk = request(config=BleuConfig(compat=Compat.NLTK))
    with qtbot.waitSignal(job.failed, timeout=_TIMEOUT_MS) as blocker:
        job.start(nltk)
    assert blocker.args == [
        nltk,
        "significance tests follow sacreBLEU: choose the sacreBLEU mode",
    ]
    assert not job.is_running


def test_an_empty_subset_says_there_is_nothing_to_test(
    qtbot: QtBot, job: SignificanceJob
) -> None:
    empty = request(rows=np.zeros(0, dtype=np.int64))
    with qtbot.waitSignal(job.failed, timeout=_TIMEOUT_MS) as blocker:
        job.start(empty)
    assert blocker.args == [empty, "no sentences are shown: there is nothing to test"]


def test_the_window_keeps_turning_while_a_test_runs(
    qtbot: QtBot, job: SignificanceJob
) -> None:
    """`start` returns at once; progress reaches the event loop before any result."""
    events: list[str] = []
    job.busy_changed.connect(lambda busy: events.append(f"busy {busy}"))
    job.progress_changed.connect(lambda done, total: events.append("progress"))
    job.finished.connect(lambda *_: events.append("finished"))
    job.cancelled.connect(lambda _: events.append("cancelled"))
    long = request(PairedTest.RANDOMIZATION, _LONG)
    with qtbot.waitSignal(job.progress_changed, timeout=_TIMEOUT_MS) as blocker:
        job.start(long)
        assert job.is_running
        assert job.pending is long
        assert events == ["busy True"]
    assert blocker.args is not None
    done, total = blocker.args
    assert 0 < done < total == _LONG
    job.cancel()
    assert events[-2:] == ["cancelled", "busy False"]
    assert "finished" not in events


def test_cancel_reports_at_once_and_nothing_of_it_comes_later(
    qtbot: QtBot, job: SignificanceJob
) -> None:
    seen: list[object] = []
    job.finished.connect(lambda asked, _: seen.append(asked))
    job.progress_changed.connect(lambda *_: seen.append("progress"))
    long = request(PairedTest.RANDOMIZATION, _LONG)
    with qtbot.waitSignal(job.progress_changed, timeout=_TIMEOUT_MS):
        job.start(long)
    with qtbot.waitSignal(job.cancelled) as blocker:
        job.cancel()
    assert blocker.args == [long]
    assert not job.is_running
    seen.clear()
    # The process takes the next request only once it has dropped the cancelled
    # one: its result proves the cancelled test's replies are all in.
    short = request(PairedTest.BOOTSTRAP, 100)
    run(qtbot, job, short)
    assert [s for s in seen if s != "progress"] == [short]


def test_a_newer_request_supersedes_the_running_one(
    qtbot: QtBot, job: SignificanceJob
) -> None:
    finished: list[object] = []
    busy: list[bool] = []
    job.finished.connect(lambda asked, _: finished.append(asked))
    job.busy_changed.connect(busy.append)
    long = request(PairedTest.RANDOMIZATION, _LONG)
    with qtbot.waitSignal(job.progress_changed, timeout=_TIMEOUT_MS):
        job.start(long)
    newer = request(PairedTest.BOOTSTRAP, 200)
    result = run(qtbot, job, newer)
    assert isinstance(result, PairedTestResult)
    assert result.samples == 200
    last = request(PairedTest.BOOTSTRAP, 100)
    run(qtbot, job, last)
    assert finished == [newer, last]
    assert busy == [True, False, True, False]


def test_a_dead_process_fails_the_test_in_one_line_and_is_replaced(
    qtbot: QtBot, job: SignificanceJob
) -> None:
    long = request(PairedTest.RANDOMIZATION, _LONG)
    with qtbot.waitSignal(job.progress_changed, timeout=_TIMEOUT_MS):
        job.start(long)
    process = job._process
    assert process is not None
    with qtbot.waitSignal(job.failed, timeout=_TIMEOUT_MS) as blocker:
        process._process.kill()
    assert blocker.args == [long, DIED_MESSAGE]
    result = run(qtbot, job, request(PairedTest.BOOTSTRAP, 100))
    assert isinstance(result, PairedTestResult)


def test_the_new_models_load_no_widgets_and_the_process_no_qt() -> None:
    code = (
        "import sys, bleu_gui.models.systems_model, bleu_gui.models.all_pairs_model, "
        "bleu_gui.models.significance_job; "
        "assert 'PySide6.QtWidgets' not in sys.modules, 'models imported QtWidgets'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    code = (
        "import sys, bleu_gui.core.significance_process; "
        "assert 'PySide6' not in sys.modules, 'the process module imported Qt'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
