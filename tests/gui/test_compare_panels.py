"""The window's panels with two systems: pair detail, Δ explanation, charts, n-grams.

Driven through the real window on the demo test set (two references, 500
segments): Facebook-AI the baseline (A), happypoet shown (B). sacreBLEU is the
oracle of every score; the statuses painted are checked on tokens whose fate a
reader can tell from the texts alone (13a tokens counted by hand). Events are
ordered by the session's and the panels' signals, never by sleeps.
"""

from __future__ import annotations

import threading
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import sacrebleu
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QToolButton
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

import bleu_gui.models.salient_job as salient_job_module
from bleu_gui.core import BleuConfig
from bleu_gui.core.config import Smoothing
from bleu_gui.core.pair_ngrams import PairStatus, Side
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.salient import SalientOrder, iter_salient_ngrams, salient_ngrams
from bleu_gui.core.scoring import TokenizedCorpus, iter_prepare
from bleu_gui.core.significance import PairedTest, paired_test
from bleu_gui.core.steps import drain
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.buckets_panel import BUCKETS_TAB
from bleu_gui.views.compare_panels import (
    ALONE_TEXT,
    COMPARED_TEXT,
    SALIENT_TAB,
    ComparePanels,
)
from bleu_gui.views.effort_panel import EFFORT_TAB
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.pair_detail import TextKey
from tests.gui.demo_sets import TIMEOUT, other_set, read_lines, write_lines

# The offscreen platform's note when a shown widget's size hints change.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
A_NAME, B_NAME = "Facebook-AI", "happypoet"
A_FILE, B_FILE = f"sys.{A_NAME}.txt", f"sys.{B_NAME}.txt"
HYP_B = TextKey.hypothesis(Side.B)
# Sentence 2 (row 1), counted by hand from the 13a tokens of the demo files:
# "where" is once in B, not in A, in a reference; "Friday" once in each and in a
# reference; "Powerolsheim" in B only, in no reference.
ROW = 1
ONLY_B, BOTH, UNMATCHED = "where", "Friday", "Powerolsheim"


def copy(folder: Path, name: str, times: int = 1) -> Path:
    """A demo file in `folder`, its lines repeated `times` times."""
    return write_lines(folder / name, read_lines(DEMO / name) * times)


def demo_files(folder: Path, systems: tuple[str, ...], times: int = 1) -> FileSet:
    """The demo test set in `folder` with `systems` (the first the baseline)."""
    refs = tuple(copy(folder, name, times) for name in ("ref.A.txt", "ref.B.txt"))
    paths = tuple(copy(folder, name, times) for name in systems)
    return FileSet(paths[-1], refs, copy(folder, "src.txt", times), systems=paths)


def make_window(qtbot: QtBot, folder: Path, processes: int = 1) -> MainWindow:
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Session(processes=processes), settings)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    return window


@contextmanager
def opened(qtbot: QtBot, window: MainWindow) -> Iterator[None]:
    """Wait until what the block opened is scored, compared and counted."""
    session = window.session
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=lambda busy: not busy
    ):
        yield
    compare = window.compare
    qtbot.waitUntil(lambda: not compare.salient_job.is_running, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: not window.sentence_pending, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: not compare.sentence_pending, timeout=TIMEOUT)


def close(window: MainWindow) -> None:
    window.compare.shutdown()
    window.explainer.shutdown()
    window.session.shutdown()


@pytest.fixture
def two(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """The window with A = Facebook-AI, B = happypoet, scored and compared."""
    window = make_window(qtbot, tmp_path)
    with opened(qtbot, window):
        window.session.open_files(demo_files(tmp_path / "wmt21", (A_FILE, B_FILE)))
    yield window
    close(window)


@pytest.fixture
def one(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """The window with happypoet alone."""
    window = make_window(qtbot, tmp_path)
    with opened(qtbot, window):
        window.session.open_files(demo_files(tmp_path / "wmt21", (B_FILE,)))
    yield window
    close(window)


def lines(name: str) -> list[str]:
    return read_lines(DEMO / name)


def refs() -> list[list[str]]:
    return [lines("ref.A.txt"), lines("ref.B.txt")]


def toggles(window: MainWindow) -> dict[str, QToolButton]:
    """The Explain tab's "B alone" / "A vs B" buttons, by their text."""
    area = window.tabs.widget(0)
    assert area is not None
    return {button.text(): button for button in area.findChildren(QToolButton)}


def select(qtbot: QtBot, window: MainWindow, number: int) -> None:
    """Select sentence `number` (1-based) in the table and wait until it is shown."""
    assert window.select_sentence(number)
    qtbot.waitUntil(lambda: not window.compare.sentence_pending, timeout=TIMEOUT)


def painted_status(window: MainWindow, token: str) -> str:
    """The status painted on B's token `token` (shown as tokens), at order 1."""
    detail = window.compare.pair_detail
    text = detail.displayed_text(HYP_B)
    tokens = text.split(" ")
    assert tokens.count(token) == 1
    start = sum(len(t) + 1 for t in tokens[: tokens.index(token)])
    covering = [
        status
        for begin, end, status in detail.highlighted_spans(HYP_B)
        if begin <= start and start + len(token) <= end
    ]
    assert len(covering) == 1
    return covering[0]


def test_the_selected_sentence_shows_both_systems_painted(
    qtbot: QtBot, two: MainWindow
) -> None:
    compare = two.compare
    assert compare.comparing
    select(qtbot, two, ROW + 1)
    detail = compare.pair_detail
    assert detail.isVisible()
    assert not two.detail.isVisible()
    pair = detail.pair()
    assert pair is not None
    assert detail.names() == (A_NAME, B_NAME)  # the shared sys. and .txt dropped
    assert pair.a.hypothesis.text == lines(A_FILE)[ROW]
    assert pair.b.hypothesis.text == lines(B_FILE)[ROW]
    # The window's Tokens button and order bar drive the pair view too.
    two.tokens_button.setChecked(True)
    two.show_order(1)
    tokenizer = Tokenizer13a()
    assert detail.displayed_text(HYP_B) == tokenizer(lines(B_FILE)[ROW])
    assert painted_status(two, ONLY_B) == PairStatus.ONLY_B.value
    assert painted_status(two, BOTH) == PairStatus.BOTH.value
    assert painted_status(two, UNMATCHED) == PairStatus.UNMATCHED.value
    two.show_order(2)
    assert detail.order() == 2


def test_the_pair_view_follows_the_selection(qtbot: QtBot, two: MainWindow) -> None:
    detail = two.compare.pair_detail
    for number in (5, 17, 3):
        select(qtbot, two, number)
        pair = detail.pair()
        assert pair is not None
        assert pair.b.hypothesis.text == lines(B_FILE)[number - 1]
        assert pair.a.hypothesis.text == lines(A_FILE)[number - 1]


def test_the_delta_panel_gives_sacrebleus_sentence_scores_and_swap(
    qtbot: QtBot, two: MainWindow
) -> None:
    buttons = toggles(two)
    assert buttons[COMPARED_TEXT].isVisible()
    assert buttons[ALONE_TEXT].isVisible()
    panel = two.compare.delta_panel
    assert panel.isVisible()
    row = 14  # sentence 15: B gains 32 points there, and A's corpus 0.09
    select(qtbot, two, row + 1)
    references = [ref[row] for ref in refs()]
    a = sacrebleu.sentence_bleu(lines(A_FILE)[row], references).score
    b = sacrebleu.sentence_bleu(lines(B_FILE)[row], references).score
    assert a != b
    table = panel.table_rows()
    assert table[0] == ("", A_NAME, B_NAME, "Δ")
    assert table[1] == ("sentence BLEU", f"{a:.2f}", f"{b:.2f}", f"{b - a:+.2f}")
    # The swap effect: A's corpus with this sentence from B, minus A's corpus.
    hyp_a, hyp_b = lines(A_FILE), lines(B_FILE)
    swapped = [*hyp_a[:row], hyp_b[row], *hyp_a[row + 1 :]]
    effect = (
        sacrebleu.corpus_bleu(swapped, refs()).score
        - sacrebleu.corpus_bleu(hyp_a, refs()).score
    )
    assert (
        f"Taking {B_NAME}'s translation of this sentence into {A_NAME}'s output "
        f"changes {A_NAME}'s corpus BLEU by {effect:+.2f}."
    ) in panel.plain_text()
    corpus_a = sacrebleu.corpus_bleu(hyp_a, refs()).score
    corpus_b = sacrebleu.corpus_bleu(hyp_b, refs()).score
    assert panel.corpus_text().startswith(
        f"Corpus: {B_NAME} − {A_NAME} = {corpus_b - corpus_a:.2f} BLEU"
    )
    # B alone: today's explanation, of B's sentence.
    buttons[ALONE_TEXT].click()
    assert two.explain.isVisible()
    assert not panel.isVisible()
    explained = two.explain.explanation()
    assert explained is not None
    assert explained.score.score == pytest.approx(b, abs=0)


def test_the_charts_show_every_system_and_the_sentence_deltas(
    qtbot: QtBot, two: MainWindow
) -> None:
    compare = two.compare
    assert not compare.systems_chart.isHidden()
    assert not compare.delta_histogram.isHidden()
    bleu = BLEU()
    expected = []
    for name, file in ((A_NAME, A_FILE), (B_NAME, B_FILE)):
        score = bleu.corpus_score(lines(file), refs())
        expected.append((name, tuple(score.precisions), score.bp))
    shown = [(s.name, s.precisions, s.bp) for s in compare.systems_chart.systems()]
    assert shown == expected
    assert [s.baseline for s in compare.systems_chart.systems()] == [True, False]
    deltas = np.array(
        [
            sacrebleu.sentence_bleu(b, list(r)).score
            - sacrebleu.sentence_bleu(a, list(r)).score
            for a, b, *r in zip(lines(A_FILE), lines(B_FILE), *refs(), strict=True)
        ]
    )
    counts = compare.delta_histogram.counts()
    assert (counts.equal, counts.better, counts.worse, counts.unscored) == (
        int(np.count_nonzero(deltas == 0)),
        int(np.count_nonzero(deltas > 0)),
        int(np.count_nonzero(deltas < 0)),
        0,
    )
    # A click on a bar filters the table to that bar's sentences.
    compare.delta_histogram.range_clicked.emit(-5.0, 0.0)
    worse = np.flatnonzero((deltas >= -5.0) & (deltas < 0.0))
    qtbot.waitUntil(lambda: sorted(two.browser.model.rows.tolist()) == worse.tolist())


def test_a_test_result_shows_its_distribution(two: MainWindow) -> None:
    compare = two.compare
    chart = compare.distribution_chart
    assert chart.isHidden()  # no test run yet
    a, b = two.session.systems
    assert a.stats is not None
    assert b.stats is not None
    result = paired_test(
        a.stats, [b.stats], BleuConfig(), PairedTest.BOOTSTRAP, samples=100
    )
    compare.show_test_result(result, 0)
    assert not chart.isHidden()
    assert "seed 12345" in chart.caption_text()
    assert f"{result.systems[0].p_value:.4f}" in chart.caption_text()
    compare.show_test_result(None)
    assert chart.isHidden()


def demo_tokens(name: str) -> TokenizedCorpus:
    tokens, _ = drain(iter_prepare(lines(name), refs(), BleuConfig()))
    return tokens


def expected_salient() -> tuple[SalientOrder, ...]:
    return salient_ngrams(demo_tokens(A_FILE), demo_tokens(B_FILE))


def test_the_salient_ngrams_are_the_cores_and_a_click_chooses_one(
    qtbot: QtBot, two: MainWindow
) -> None:
    compare = two.compare
    index = two.tabs.indexOf(compare.salient_list)
    assert two.tabs.tabText(index) == SALIENT_TAB
    assert two.tabs.isTabVisible(index)
    expected = expected_salient()
    assert compare.salient_job.results == expected
    lists = compare.salient_list
    model = lists.model(Side.B)
    listed = tuple(model.item(row) for row in range(model.rowCount()))
    assert listed == expected[0].b_over_a
    two.tabs.setCurrentIndex(index)
    select(qtbot, two, 15)
    assert 14 not in expected[0].b_over_a[0].rows
    # Click B's first 1-gram (the table is sorted by gain, largest first).
    table = lists.table(Side.B)
    first = expected[0].b_over_a[0]
    cell = table.model().index(0, 0)
    qtbot.mouseClick(
        table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=table.visualRect(cell).center(),
    )
    qtbot.waitUntil(
        lambda: sorted(two.browser.model.rows.tolist()) == sorted(first.rows)
    )
    # The sentence shown (15) is not one of its rows: the first of them is
    # selected, and the n-gram emphasised in B's translation.
    assert two.table.selected_corpus_row() == first.rows[0]
    qtbot.waitUntil(lambda: not compare.sentence_pending, timeout=TIMEOUT)
    detail = compare.pair_detail
    pair = detail.pair()
    assert pair is not None
    assert pair.b.hypothesis.text == lines(B_FILE)[first.rows[0]]
    emphasised = detail.emphasised_spans(HYP_B)
    shown = detail.displayed_text(HYP_B)
    assert emphasised
    assert {shown[start:end] for start, end in emphasised} == {" ".join(first.gram)}


def test_the_salient_ngrams_are_counted_anew_when_the_case_changes(
    qtbot: QtBot, two: MainWindow
) -> None:
    compare = two.compare
    before = compare.salient_job.results
    with qtbot.waitSignal(compare.salient_job.finished, timeout=TIMEOUT) as done:
        two.session.set_config(BleuConfig(lowercase=True))
    config = BleuConfig(lowercase=True)
    tokens = [
        drain(iter_prepare(lines(name), refs(), config))[0] for name in (A_FILE, B_FILE)
    ]
    assert done.args == [salient_ngrams(*tokens), (A_NAME, B_NAME)]
    assert done.args[0] != before


def test_a_smoothing_change_keeps_the_salient_ngrams_and_updates_the_delta(
    qtbot: QtBot, two: MainWindow
) -> None:
    compare = two.compare
    select(qtbot, two, 22)  # no 4-gram matched: smoothing counts
    before = compare.salient_job.results
    session = two.session
    config = BleuConfig(smoothing=Smoothing.FLOOR, smooth_value=0.1)
    with qtbot.assertNotEmitted(compare.salient_job.started):
        with qtbot.waitSignal(
            session.workspace_changed,
            check_params_cb=moves(Moved.PAIR),
            timeout=TIMEOUT,
        ):
            session.set_config(config)
        qtbot.waitUntil(lambda: session.pair is not None, timeout=TIMEOUT)
        qtbot.waitUntil(lambda: not compare.sentence_pending, timeout=TIMEOUT)
    assert compare.salient_job.results is before
    references = [ref[21] for ref in refs()]
    metric = BLEU(smooth_method="floor", smooth_value=0.1, effective_order=True)
    a = metric.sentence_score(lines(A_FILE)[21], references).score
    b = metric.sentence_score(lines(B_FILE)[21], references).score
    exp = BLEU(effective_order=True).sentence_score(lines(A_FILE)[21], references)
    assert f"{exp.score:.2f}" != f"{a:.2f}"
    assert compare.delta_panel.table_rows()[1][1:3] == (f"{a:.2f}", f"{b:.2f}")


def test_with_one_system_the_window_is_as_before(one: MainWindow) -> None:
    compare = one.compare
    assert not compare.comparing
    assert one.detail.isVisible()
    assert not compare.pair_detail.isVisible()
    assert not one.tabs.isTabVisible(one.tabs.indexOf(compare.salient_list))
    assert [one.tabs.tabText(i) for i in range(one.tabs.count())] == [
        "Explain",
        "Charts",
        SALIENT_TAB,
        EFFORT_TAB,
        BUCKETS_TAB,
    ]
    assert one.explain.isVisible()
    buttons = toggles(one)
    assert set(buttons) == {ALONE_TEXT, COMPARED_TEXT}  # built, but hidden
    assert not any(button.isVisible() for button in buttons.values())
    for chart in (
        compare.systems_chart,
        compare.delta_histogram,
        compare.distribution_chart,
    ):
        assert chart.isHidden()
    assert compare.salient_job.request is None
    # The hidden pages take no room: the panels are laid out as they always were.
    detail_area = one.detail.parentWidget()
    assert detail_area is not None
    assert detail_area.sizeHint() == one.detail.sizeHint()
    explain_area = one.explain.parentWidget()
    assert explain_area is not None
    assert explain_area.sizeHint() == one.explain.sizeHint()
    explained = one.explain.explanation()
    assert explained is not None
    assert explained.hypothesis.text == lines(B_FILE)[0]


def test_choosing_a_as_b_shows_one_system_again(qtbot: QtBot, two: MainWindow) -> None:
    compare = two.compare
    session = two.session
    baseline = session.baseline
    assert baseline is not None
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.SYSTEMS), timeout=TIMEOUT
    ):
        session.set_shown(baseline)
    qtbot.waitUntil(lambda: not compare.comparing, timeout=TIMEOUT)
    assert two.detail.isVisible()
    assert not two.tabs.isTabVisible(two.tabs.indexOf(compare.salient_list))
    assert compare.delta_histogram.isHidden()
    assert compare.salient_job.request is None


def test_a_large_corpus_counts_its_ngrams_off_the_gui_thread(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """5 × the demo (2,500 segments): counted in the session's worker processes,
    driven by a thread of the pool; the lists say so until the result comes."""
    seen: list[tuple[threading.Thread, WorkerPool | None]] = []
    count = iter_salient_ngrams

    def spy(
        *args: Any, pool: WorkerPool | None = None, **kwargs: Any
    ) -> Generator[int, None, tuple[SalientOrder, ...]]:
        seen.append((threading.current_thread(), pool))
        return (yield from count(*args, pool=pool, **kwargs))

    monkeypatch.setattr(salient_job_module, "iter_salient_ngrams", spy)
    window = make_window(qtbot, tmp_path, processes=2)
    compare: ComparePanels = window.compare
    try:
        files = demo_files(tmp_path / "wmt21", (A_FILE, B_FILE), times=5)
        with qtbot.waitSignal(compare.salient_job.started, timeout=TIMEOUT):
            window.session.open_files(files)
        # Started, not done: the GUI thread went on and the lists say why.
        assert compare.salient_job.results is None
        assert compare.salient_list.message()
        with qtbot.waitSignal(compare.salient_job.finished, timeout=TIMEOUT) as done:
            pass
        thread, pool = seen[-1]
        assert thread is not threading.main_thread()
        assert pool is not None
        assert done.args[1] == (A_NAME, B_NAME)
        assert isinstance(done.args[0], tuple)
        orders: tuple[SalientOrder, ...] = done.args[0]
        assert compare.salient_list.message() == ""
        expected = expected_salient()
        # Every count five times the demo's: the same n-grams lead both lists.
        assert [o.matches_b for o in orders] == [5 * o.matches_b for o in expected]
        assert orders[0].b_over_a[0].gram == expected[0].b_over_a[0].gram
    finally:
        close(window)


def long_line(name: str) -> str:
    """60 demo sentences of file `name` on one line (8,000 characters or so)."""
    return " ".join(lines(name)[:60])


def test_a_long_sentence_pair_is_compared_in_the_worker_process(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "long"
    texts = {
        name: [long_line(name), lines(name)[0]]
        for name in ("ref.A.txt", "ref.B.txt", A_FILE, B_FILE)
    }
    paths = {name: write_lines(folder / name, text) for name, text in texts.items()}
    files = FileSet(
        paths[B_FILE],
        (paths["ref.A.txt"], paths["ref.B.txt"]),
        None,
        systems=(paths[A_FILE], paths[B_FILE]),
    )
    window = make_window(qtbot, tmp_path)
    compare = window.compare
    try:
        with opened(qtbot, window):
            window.session.open_files(files)
        select(qtbot, window, 2)  # the short one, explained at once
        detail = compare.pair_detail
        messages: list[str] = []
        show_message = detail.show_message

        def record(message: str) -> None:
            messages.append(message)
            show_message(message)

        monkeypatch.setattr(detail, "show_message", record)
        with qtbot.waitSignal(compare.explainer.finished, timeout=TIMEOUT) as done:
            assert window.select_sentence(1)
        size = sum(len(texts[name][0]) for name in texts)
        assert messages == [
            f"Sentence 1 is long ({size:,} characters): "
            "comparing the two systems in the background…"
        ]
        key, explanation = done.args
        assert key.row == 0
        pair = detail.pair()
        assert pair is explanation
        assert pair.a.hypothesis.text == texts[A_FILE][0]
        assert pair.b.hypothesis.text == texts[B_FILE][0]
        references = [texts["ref.A.txt"][0], texts["ref.B.txt"][0]]
        expected = sacrebleu.sentence_bleu(texts[B_FILE][0], references).score
        assert pair.b.score.score == expected
    finally:
        close(window)


def test_another_test_set_of_one_system_ends_the_comparison(
    qtbot: QtBot, two: MainWindow, tmp_path: Path
) -> None:
    compare = two.compare
    other = other_set(tmp_path / "newstest")
    with opened(qtbot, two):
        two.session.open_files(other.file_set())
    qtbot.waitUntil(lambda: not compare.comparing, timeout=TIMEOUT)
    assert two.detail.isVisible()
    assert compare.pair_detail.pair() is None
    assert compare.salient_job.request is None
    assert not two.tabs.isTabVisible(two.tabs.indexOf(compare.salient_list))
    explained = two.explain.explanation()
    assert explained is not None
    assert explained.hypothesis.text == read_lines(other.candidate)[0]
