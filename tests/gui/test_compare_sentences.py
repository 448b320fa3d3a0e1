"""Choosing the pair above the sentence table, its columns, its filters, its sort.

Driven as a user would: the A and B menus with the mouse and the keyboard, the swap
button clicked, a header clicked, the filter's menu and fields typed in, a bar of
the Δ histogram clicked. Every number is sacreBLEU's: each system's sentence BLEU
from `sacrebleu.sentence_bleu`, the Δ their difference, the counts of the filters
computed here from those; events are ordered by the session's signals.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
import sacrebleu
from PySide6.QtCharts import QChartView
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.models.sentence_filter import DeltaRange, DeltaSide, SentenceFilter
from bleu_gui.models.sentence_table import ROW_ROLE
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.short_names import short_names
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.compare_sentences import SAME_SYSTEM
from bleu_gui.views.delta_histogram import DeltaHistogram
from bleu_gui.views.main_window import MainWindow
from tests.core.demo_systems import DEMO, references, system
from tests.gui.demo_sets import TIMEOUT, make_window
from tests.oracles import signed_cell

FACEBOOK, ONLINE, UEDIN, HAPPYPOET = "Facebook-AI", "Online-W", "UEdin", "happypoet"
NAMES = (FACEBOOK, ONLINE, UEDIN, HAPPYPOET)
SIZE = 500
# Today's headers of the demo's table with one system (the Cost unit is the
# demo's), pinned: one system must leave the table exactly as it was.
ONE_SYSTEM_HEADERS = [
    "#",
    "BLEU",
    "Cost ×10⁻³",
    "Hyp len",
    "Ref len",
    "BP",
    "p1",
    "p2",
    "p3",
    "p4",
    "Word edits %",
    "Char edits %",
    "Band",
    "Closest ref",
    "QA",
    "QA issues",
    "Hypothesis",
]
Floats = npt.NDArray[np.float64]

# The window and the menus' lists are shown; the offscreen platform cannot pass size
# hints on, raise a window or grab the keyboard for a list.
pytestmark = pytest.mark.qt_log_ignore(
    "propagateSizeHints", "does not support raise", "grabbing the keyboard"
)


@cache
def sentence_scores(name: str, lowercase: bool = False) -> Floats:
    """sacreBLEU's sentence BLEU of every demo segment of system `name`."""
    refs = references()
    metric = BLEU(lowercase=lowercase, effective_order=True)  # as sentence_bleu
    return np.array(
        [
            metric.sentence_score(hyp, [r[i] for r in refs]).score
            for i, hyp in enumerate(system(name))
        ]
    )


def deltas(a: str, b: str, lowercase: bool = False) -> Floats:
    """Δ = B − A per segment, from sacreBLEU's sentence scores."""
    return sentence_scores(b, lowercase) - sentence_scores(a, lowercase)


def path(name: str) -> Path:
    return DEMO / f"sys.{name}.txt"


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    main = make_window(qtbot, tmp_path)
    main.resize(1280, 720)
    yield main
    main.explainer.shutdown()
    main.session.shutdown()


@contextmanager
def all_done(qtbot: QtBot, session: Session) -> Iterator[None]:
    """Wait until every job the block started (each system, the pair) has ended."""
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=lambda busy: not busy
    ):
        yield


def open_demo(qtbot: QtBot, window: MainWindow, *names: str) -> None:
    """Open the demo's references with the systems `names` (the first the
    baseline, the last shown), and wait until all are scored and compared."""
    systems = tuple(path(name) for name in names)
    files = FileSet(
        systems[-1],
        (DEMO / "ref.A.txt", DEMO / "ref.B.txt"),
        systems=systems if len(systems) > 1 else (),
    )
    with all_done(qtbot, window.session):
        window.session.open_files(files)


@pytest.fixture
def four(qtbot: QtBot, window: MainWindow) -> MainWindow:
    """The four demo systems: Facebook-AI the baseline, happypoet shown."""
    open_demo(qtbot, window, *NAMES)
    window.show()
    qtbot.waitExposed(window)
    assert window.session.pair is not None
    return window


def system_id(window: MainWindow, name: str) -> int:
    for candidate in window.session.systems:
        if candidate.name == f"sys.{name}.txt":
            return int(candidate.id)
    raise AssertionError(name)


def headers(window: MainWindow) -> list[str]:
    """The columns' names in full: the pair's A and B columns with the systems'.

    (Their headers are the letters; the column menu names them.)"""
    model = window.browser.model
    return [model.column_title(c) for c in range(model.columnCount())]


def column(window: MainWindow, header: str) -> int:
    return headers(window).index(header)


def shown_rows(window: MainWindow) -> list[int]:
    return [int(row) for row in window.browser.model.rows]


def cell(window: MainWindow, row: int, header: str) -> str:
    """The text the table shows for corpus row `row` under `header`."""
    model = window.browser.model
    table_row = model.table_row(row)
    assert table_row is not None
    return str(model.index(table_row, column(window, header)).data())


@contextmanager
def new_pair(qtbot: QtBot, window: MainWindow, a: str, b: str) -> Iterator[None]:
    """Wait until the table shows the pair A = `a`, B = `b` (its columns in place)."""
    yield
    session = window.session
    wanted = (system_id(window, a), system_id(window, b))

    def shown() -> bool:
        pair = window.browser.model.pair
        return pair is not None and (pair.a, pair.b) == wanted

    qtbot.waitUntil(shown, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: not session.is_busy, timeout=TIMEOUT)


def choose_with_mouse(qtbot: QtBot, combo: QComboBox, index: int) -> None:
    """Open `combo`'s list with a click, point at item `index`, take it.

    The offscreen platform does not pass a click's release on to the open list
    (the popup holds the mouse), so the pointed item is taken with Return.
    """
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    rect = view.visualRect(view.model().index(index, 0))
    qtbot.mouseMove(view.viewport(), rect.center())
    qtbot.waitUntil(lambda: view.currentIndex().row() == index)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not view.isVisible())


def choose_with_keys(qtbot: QtBot, combo: QComboBox, index: int) -> None:
    """Focus `combo` and move to item `index` with the arrow keys."""
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    key = Qt.Key.Key_Down if index > combo.currentIndex() else Qt.Key.Key_Up
    for _ in range(abs(index - combo.currentIndex())):
        qtbot.keyClick(combo, key)


def shown_note(window: MainWindow) -> str:
    return window.summary.shown.text()


# --- one system -----------------------------------------------------------------------


def test_one_system_leaves_the_table_as_it_was(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_demo(qtbot, window, HAPPYPOET)
    window.show()
    qtbot.waitExposed(window)
    assert headers(window) == ONE_SYSTEM_HEADERS
    assert not window.pair_bar.isVisible()
    assert not window.filter_bar.pair_controls.isVisible()
    assert not window.summary.system.isVisible()
    assert window.windowTitle() == "bleu-gui — sys.happypoet.txt"
    assert cell(window, 264, "BLEU") == f"{sentence_scores(HAPPYPOET)[264]:.1f}"
    # A pair part left in the filter (from an earlier pair) hides nothing.
    window.browser.set_filter(SentenceFilter(side=DeltaSide.BETTER))
    assert shown_rows(window) == list(range(SIZE))
    assert shown_note(window) == f"All {SIZE} sentences shown."


# --- choosing the pair ----------------------------------------------------------------


def test_the_bar_names_the_pair_and_the_headers_name_the_systems(
    four: MainWindow,
) -> None:
    bar = four.pair_bar
    assert bar.isVisible()
    # The short names every panel says; the file names in the items' tooltips.
    items = [bar.baseline.itemText(i) for i in range(bar.baseline.count())]
    assert items == ["Facebook-AI", "Online-W", "UEdin", "happypoet"]
    tips = [
        bar.shown.itemData(i, Qt.ItemDataRole.ToolTipRole)
        for i in range(bar.shown.count())
    ]
    assert tips == [
        "sys.Facebook-AI.txt",
        "sys.Online-W.txt",
        "sys.UEdin.txt",
        "sys.happypoet.txt",
    ]
    assert bar.baseline.currentText() == "Facebook-AI"
    assert bar.shown.currentText() == "happypoet"
    assert headers(four)[-5:] == [
        "A: Facebook-AI",
        "B: happypoet",
        "Δ B − A",
        "Swap",
        "Hypothesis",
    ]
    model = four.browser.model
    assert [
        model.headerData(c, Qt.Orientation.Horizontal)
        for c in range(model.columnCount() - 5, model.columnCount())
    ] == ["A", "B", "Δ B − A", "Swap", "Hypothesis"]
    assert four.windowTitle() == "bleu-gui — sys.happypoet.txt"
    assert four.summary.system.text() == (
        "Shown: happypoet (B), compared with Facebook-AI (A)"
    )
    tips = [
        model.headerData(
            column(four, h), Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
        )
        for h in ("Δ B − A", "Swap")
    ]
    assert tips == [
        "Δ: happypoet's sentence BLEU minus Facebook-AI's, in BLEU points. "
        "Positive: happypoet (B) scores this sentence higher; negative: "
        "Facebook-AI (A) does; 0: the same",
        "Swap effect: how much Facebook-AI's corpus BLEU would change if this one "
        "sentence were happypoet's translation instead, in BLEU points. Positive: "
        "happypoet's sentence would raise Facebook-AI's corpus score; the sentences "
        "with the largest effects are where B's gain over A comes from",
    ]


def test_the_columns_show_sacrebleus_sentence_scores(four: MainWindow) -> None:
    a, b = sentence_scores(FACEBOOK), sentence_scores(HAPPYPOET)
    for row in range(SIZE):
        assert cell(four, row, "A: Facebook-AI") == f"{a[row]:.1f}"
        assert cell(four, row, "B: happypoet") == f"{b[row]:.1f}"
        delta = b[row] - a[row]
        assert cell(four, row, "Δ B − A") == signed_cell(delta, 1)
    # The swap effect against sacreBLEU's corpus BLEU with one sentence swapped.
    refs = [list(ref) for ref in references()]
    base = list(system(FACEBOOK))
    corpus = sacrebleu.corpus_bleu(base, refs).score
    for row in (0, 264, 499):
        swapped = base.copy()
        swapped[row] = system(HAPPYPOET)[row]
        effect = sacrebleu.corpus_bleu(swapped, refs).score - corpus
        assert cell(four, row, "Swap") == signed_cell(effect, 3)


def test_b_is_chosen_with_the_mouse(qtbot: QtBot, four: MainWindow) -> None:
    with new_pair(qtbot, four, FACEBOOK, UEDIN):
        choose_with_mouse(qtbot, four.pair_bar.shown, 2)
    assert four.session.shown == system_id(four, UEDIN)
    assert four.windowTitle() == "bleu-gui — sys.UEdin.txt"
    assert four.summary.system.text() == (
        "Shown: UEdin (B), compared with Facebook-AI (A)"
    )
    assert headers(four)[-5:-3] == ["A: Facebook-AI", "B: UEdin"]
    expected = sentence_scores(UEDIN) - sentence_scores(FACEBOOK)
    for row in (0, 17, 264):
        assert cell(four, row, "B: UEdin") == f"{sentence_scores(UEDIN)[row]:.1f}"
        text = signed_cell(expected[row], 1)
        assert cell(four, row, "Δ B − A") == text


def test_a_is_chosen_with_the_keyboard(qtbot: QtBot, four: MainWindow) -> None:
    with new_pair(qtbot, four, ONLINE, HAPPYPOET):
        choose_with_keys(qtbot, four.pair_bar.baseline, 1)
    assert four.session.baseline == system_id(four, ONLINE)
    assert four.pair_bar.baseline.currentText() == "Online-W"
    assert headers(four)[-5:-3] == ["A: Online-W", "B: happypoet"]
    row = 264
    expected = sentence_scores(HAPPYPOET)[row] - sentence_scores(ONLINE)[row]
    assert cell(four, row, "Δ B − A") == ("0" if expected == 0 else f"{expected:+.1f}")


def test_the_labels_take_the_keyboard_to_the_menus(
    qtbot: QtBot, four: MainWindow
) -> None:
    four.activateWindow()
    qtbot.waitUntil(lambda: four.isActiveWindow())
    qtbot.keyClick(four, Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(four.pair_bar.shown.hasFocus)
    qtbot.keyClick(four, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(four.pair_bar.baseline.hasFocus)


def test_tab_goes_through_the_pair_row_as_it_reads(
    qtbot: QtBot, four: MainWindow
) -> None:
    bar, filters = four.pair_bar, four.filter_bar
    expected = [
        bar.swap,
        bar.shown,
        filters.side,
        filters.min_delta,
        filters.max_delta,
        filters.search,
    ]
    bar.baseline.setFocus()
    qtbot.waitUntil(bar.baseline.hasFocus)
    reached = []
    for _ in expected:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        reached.append(QApplication.focusWidget())
    assert reached == expected


def test_swap_exchanges_a_and_b(qtbot: QtBot, four: MainWindow) -> None:
    with new_pair(qtbot, four, HAPPYPOET, FACEBOOK):
        qtbot.mouseClick(four.pair_bar.swap, Qt.MouseButton.LeftButton)
    assert four.pair_bar.baseline.currentText() == "happypoet"
    assert four.pair_bar.shown.currentText() == "Facebook-AI"
    assert headers(four)[-5:-3] == ["A: happypoet", "B: Facebook-AI"]
    row = 264
    expected = sentence_scores(FACEBOOK)[row] - sentence_scores(HAPPYPOET)[row]
    assert cell(four, row, "Δ B − A") == f"{expected:+.1f}"


def test_the_same_system_as_a_and_b_says_so(qtbot: QtBot, four: MainWindow) -> None:
    with qtbot.waitSignal(
        four.session.workspace_changed,
        check_params_cb=moves(Moved.PAIR),
        timeout=TIMEOUT,
    ):
        choose_with_mouse(qtbot, four.pair_bar.shown, 0)
    assert four.pair_bar.note.text() == SAME_SYSTEM
    assert four.pair_bar.note.isVisible()
    assert "Δ B − A" not in headers(four)
    assert not four.pair_bar.swap.isEnabled()
    assert not four.filter_bar.pair_controls.isEnabled()
    assert four.summary.system.text() == "Shown: Facebook-AI (A and B)"


# --- filters --------------------------------------------------------------------------


def expected_note(window: MainWindow, rows: list[int]) -> str:
    """The summary's note for `rows` of B (happypoet), scored by sacreBLEU."""
    refs = [[ref[i] for i in rows] for ref in references()]
    hyps = [system(HAPPYPOET)[i] for i in rows]
    score = sacrebleu.corpus_bleu(hyps, refs)
    bp = score.bp
    noun = "sentence" if len(rows) == 1 else "sentences"
    return (
        f"BLEU of the {len(rows):,} shown {noun}: <b>{score.score:.2f}</b> "
        f"(BP {bp:.3f}, of {SIZE})"
    )


@pytest.mark.parametrize(
    ("index", "side"),
    [(1, DeltaSide.BETTER), (2, DeltaSide.WORSE), (3, DeltaSide.SAME)],
)
def test_each_side_shows_its_sentences(
    qtbot: QtBot, four: MainWindow, index: int, side: DeltaSide
) -> None:
    delta = deltas(FACEBOOK, HAPPYPOET)
    wanted = {
        DeltaSide.BETTER: delta > 0,
        DeltaSide.WORSE: delta < 0,
        DeltaSide.SAME: delta == 0,
    }[side]
    combo = four.filter_bar.side
    words = {
        DeltaSide.BETTER: "happypoet better",
        DeltaSide.WORSE: "happypoet worse",
        DeltaSide.SAME: "same score",
    }
    assert combo.itemText(index) == words[side]
    with qtbot.waitSignal(four.browser.shown_changed, timeout=TIMEOUT):
        choose_with_mouse(qtbot, combo, index)
    expected = [int(row) for row in np.flatnonzero(wanted)]
    assert shown_rows(four) == expected
    assert shown_note(four) == expected_note(four, expected)


def test_the_side_combines_with_the_text_and_score_filters(
    qtbot: QtBot, four: MainWindow
) -> None:
    bar = four.filter_bar
    with qtbot.waitSignal(four.browser.shown_changed, timeout=TIMEOUT):
        choose_with_keys(qtbot, bar.side, 1)  # B better
    bar.min_score.setFocus()
    bar.min_score.lineEdit().selectAll()
    with qtbot.waitSignal(four.browser.shown_changed, timeout=TIMEOUT):
        qtbot.keyClicks(bar.min_score.lineEdit(), "20")
        qtbot.keyClick(bar.min_score.lineEdit(), Qt.Key.Key_Return)
    with qtbot.waitSignal(four.browser.shown_changed, timeout=TIMEOUT):
        qtbot.keyClicks(bar.search, "the")
    scores = sentence_scores(HAPPYPOET)
    delta = deltas(FACEBOOK, HAPPYPOET)
    texts = zip(system(HAPPYPOET), *references(), strict=True)
    has_text = np.array([any("the" in t.lower() for t in row) for row in texts])
    wanted = (delta > 0) & (scores >= 20) & has_text
    assert shown_rows(four) == [int(row) for row in np.flatnonzero(wanted)]
    # Clear clears the pair part too.
    with qtbot.waitSignal(four.browser.shown_changed, timeout=TIMEOUT):
        qtbot.mouseClick(bar.clear, Qt.MouseButton.LeftButton)
    assert shown_rows(four) == list(range(SIZE))
    assert bar.side.currentIndex() == 0
    assert four.browser.filter == SentenceFilter()
    assert shown_note(four) == f"All {SIZE} sentences shown."


def test_a_typed_delta_range_keeps_its_bounds(qtbot: QtBot, four: MainWindow) -> None:
    bar = four.filter_bar
    for spin, text in ((bar.min_delta, "-10"), (bar.max_delta, "0")):
        spin.setFocus()
        spin.lineEdit().selectAll()
        with qtbot.waitSignal(four.browser.shown_changed, timeout=TIMEOUT):
            qtbot.keyClicks(spin.lineEdit(), text)
            qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Return)
    delta = deltas(FACEBOOK, HAPPYPOET)
    wanted = (delta >= -10) & (delta <= 0)  # typed bounds are inclusive
    assert np.count_nonzero(delta == 0) > 0  # Δ = 0 is there to be kept
    assert shown_rows(four) == [int(row) for row in np.flatnonzero(wanted)]
    assert four.browser.filter.delta == DeltaRange(-10.0, 0.0)
    assert not bar.delta_rule.isVisible()


def test_a_delta_bound_typed_slowly_commits_each_pause_and_keeps_every_key(
    qtbot: QtBot, four: MainWindow
) -> None:
    """Each pause in typing filters by what is typed so far; no key is lost."""
    bar = four.filter_bar
    spin = bar.min_delta
    spin.setFocus()
    spin.lineEdit().selectAll()
    committed: list[DeltaRange] = []
    # "-" alone is no number, and "-12." filters as "-12" did: typed with a digit.
    for keys in ("-1", "2", ".5"):
        with qtbot.waitSignal(bar.filter_requested, timeout=TIMEOUT) as request:
            qtbot.keyClicks(spin.lineEdit(), keys)
        committed.append(request.args[0].delta)
        assert spin.hasFocus()
    assert [bound.low for bound in committed] == [-1.0, -12.0, -12.5]
    qtbot.waitUntil(lambda: four.browser.filter.delta == DeltaRange(-12.5, 100.0))
    delta = deltas(FACEBOOK, HAPPYPOET)
    wanted = np.flatnonzero(delta >= -12.5)
    assert shown_rows(four) == [int(row) for row in wanted]


def delta_histogram(qtbot: QtBot, window: MainWindow) -> DeltaHistogram:
    """A Δ histogram of the window's pair, wired to the table as the window will."""
    pair = window.session.pair
    assert pair is not None
    histogram = DeltaHistogram()
    qtbot.addWidget(histogram)
    histogram.resize(400, 300)
    names = window.browser.model.pair_names
    assert names is not None
    histogram.set_deltas(pair.deltas, names)
    window.compare_sentences.connect_histogram(histogram)
    histogram.show()
    qtbot.waitExposed(histogram)
    chart = histogram.chart()
    qtbot.waitUntil(lambda: chart.plotArea().width() > 0)
    return histogram


def click_bar(qtbot: QtBot, histogram: DeltaHistogram, index: int) -> None:
    """A real mouse click on bar `index`, just above the axis."""
    chart = histogram.chart()
    point = chart.mapToScene(
        chart.mapToPosition(QPointF(float(index), 0.5), chart.series()[0])
    )
    view = histogram.findChild(QChartView)
    assert view is not None
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(point)
    )


def test_a_histogram_bar_filters_to_its_sentences(
    qtbot: QtBot, four: MainWindow
) -> None:
    histogram = delta_histogram(qtbot, four)
    delta = deltas(FACEBOOK, HAPPYPOET)
    span = 10.0 * np.ceil(np.abs(delta).max() / 10.0)  # the axis' multiple of 10
    assert span == 90.0
    counts = histogram.bin_counts()
    middle = len(counts) // 2  # the bar [0, 5)
    cases = [
        (middle, (delta > 0) & (delta < 5), "0 < Δ < 5"),
        (middle - 1, (delta >= -5) & (delta < 0), "−5 ≤ Δ < 0"),
        (middle + 2, (delta >= 10) & (delta < 15), "10 ≤ Δ < 15"),
    ]
    for index, wanted, words in cases:
        with qtbot.waitSignal(four.browser.shown_changed, timeout=TIMEOUT):
            click_bar(qtbot, histogram, index)
        expected = [int(row) for row in np.flatnonzero(wanted)]
        assert shown_rows(four) == expected
        assert counts[index] == len(expected)
        assert four.filter_bar.delta_rule.text() == words
        assert shown_note(four) == expected_note(four, expected)


def test_the_last_bar_is_closed(qtbot: QtBot, four: MainWindow) -> None:
    """A bar ending at the span keeps a Δ equal to it (the bins' last is closed)."""
    with new_pair(qtbot, four, HAPPYPOET, FACEBOOK):
        qtbot.mouseClick(four.pair_bar.swap, Qt.MouseButton.LeftButton)
    histogram = delta_histogram(qtbot, four)
    delta = deltas(HAPPYPOET, FACEBOOK)
    counts = histogram.bin_counts()
    span = 10.0 * np.ceil(np.abs(delta).max() / 10.0)  # the axis' multiple of 10
    assert span == 90.0
    last = len(counts) - 1
    with qtbot.waitSignal(four.browser.shown_changed, timeout=TIMEOUT):
        click_bar(qtbot, histogram, last)  # the highest bar: [span − 5, span]
    wanted = (delta >= span - 5) & (delta <= span)
    assert shown_rows(four) == [int(row) for row in np.flatnonzero(wanted)]
    assert counts[last] == int(np.count_nonzero(wanted)) == 1
    assert four.filter_bar.delta_rule.text() == "85 ≤ Δ ≤ 90"


# --- sorting and filters across a change of pair --------------------------------------


def click_header(qtbot: QtBot, window: MainWindow, header: str) -> None:
    view = window.table.horizontalHeader()
    index = column(window, header)
    window.table.scrollTo(window.browser.model.index(0, index))
    x = view.sectionViewportPosition(index) + view.sectionSize(index) // 2
    qtbot.mouseClick(
        view.viewport(),
        Qt.MouseButton.LeftButton,
        pos=QPoint(x, view.height() // 2),
    )


def by_delta(delta: Floats, rows: npt.NDArray[np.int64]) -> list[int]:
    """`rows` by `delta` ascending, ties in corpus order (the table's rule)."""
    order = np.argsort(delta[rows], kind="stable")
    return [int(row) for row in rows[order]]


@cache
def swap_effects(a: str, b: str) -> Floats:
    """sacreBLEU's corpus BLEU of `a` with each sentence taken from `b`, minus `a`'s.

    From sacreBLEU's own per-sentence statistics, summed as its corpus score sums
    them.
    """
    metric = BLEU()
    refs = [list(ref) for ref in references()]
    stats_a = np.array(metric._extract_corpus_statistics(list(system(a)), refs))
    stats_b = np.array(metric._extract_corpus_statistics(list(system(b)), refs))
    total = stats_a.sum(axis=0)
    base = metric._compute_score_from_stats(total.tolist()).score
    return np.array(
        [
            metric._compute_score_from_stats(
                (total - stats_a[row] + stats_b[row]).tolist()
            ).score
            - base
            for row in range(SIZE)
        ]
    )


@pytest.mark.parametrize("header", ["A: Facebook-AI", "B: happypoet", "Δ B − A"])
def test_a_pair_header_sorts_by_its_values(
    qtbot: QtBot, four: MainWindow, header: str
) -> None:
    values = {
        "A: Facebook-AI": sentence_scores(FACEBOOK),
        "B: happypoet": sentence_scores(HAPPYPOET),
        "Δ B − A": deltas(FACEBOOK, HAPPYPOET),
    }[header]
    everything = np.arange(SIZE, dtype=np.int64)
    with qtbot.waitSignal(four.browser.model.layoutChanged, timeout=TIMEOUT):
        click_header(qtbot, four, header)
    assert shown_rows(four) == by_delta(values, everything)  # ascending
    with qtbot.waitSignal(four.browser.model.layoutChanged, timeout=TIMEOUT):
        click_header(qtbot, four, header)
    assert shown_rows(four) == by_delta(-values, everything)  # descending


def test_the_swap_header_sorts_by_the_swap_effect(
    qtbot: QtBot, four: MainWindow
) -> None:
    effects = swap_effects(FACEBOOK, HAPPYPOET)
    with qtbot.waitSignal(four.browser.model.layoutChanged, timeout=TIMEOUT):
        click_header(qtbot, four, "Swap")
    in_order = effects[shown_rows(four)]
    assert sorted(shown_rows(four)) == list(range(SIZE))
    # sacreBLEU's effects, read in the table's order, never fall (but by float noise).
    assert np.all(np.diff(in_order) >= -1e-9)
    best = int(np.argmax(effects))
    with qtbot.waitSignal(four.browser.model.layoutChanged, timeout=TIMEOUT):
        click_header(qtbot, four, "Swap")
    assert shown_rows(four)[0] == best
    assert cell(four, best, "Swap") == f"{effects[best]:+.3f}"


def test_sort_and_filter_survive_another_b_and_another_config(
    qtbot: QtBot, four: MainWindow
) -> None:
    with qtbot.waitSignal(four.browser.model.layoutChanged, timeout=TIMEOUT):
        click_header(qtbot, four, "Δ B − A")
    delta = deltas(FACEBOOK, HAPPYPOET)
    everything = np.arange(SIZE, dtype=np.int64)
    assert shown_rows(four) == by_delta(delta, everything)
    with qtbot.waitSignal(four.browser.shown_changed, timeout=TIMEOUT):
        choose_with_keys(qtbot, four.filter_bar.side, 2)  # B worse
    assert shown_rows(four) == by_delta(delta, np.flatnonzero(delta < 0))

    # Another B: the new pair's Δs sort and filter the table.
    with new_pair(qtbot, four, FACEBOOK, UEDIN):
        choose_with_mouse(qtbot, four.pair_bar.shown, 2)
    delta = deltas(FACEBOOK, UEDIN)
    assert shown_rows(four) == by_delta(delta, np.flatnonzero(delta < 0))
    header = four.table.horizontalHeader()
    assert header.sortIndicatorSection() == column(four, "Δ B − A")
    assert four.filter_bar.side.currentText() == "UEdin worse"

    # Another config (lowercased): every system re-scored, the pair compared again.
    session = four.session
    with all_done(qtbot, session):
        session.set_config(replace(session.config, lowercase=True))
    qtbot.waitUntil(lambda: four.browser.model.pair is not None, timeout=TIMEOUT)
    delta = deltas(FACEBOOK, UEDIN, lowercase=True)
    assert shown_rows(four) == by_delta(delta, np.flatnonzero(delta < 0))
    assert header.sortIndicatorSection() == column(four, "Δ B − A")
    selected = four.table.selectionModel().selectedRows()
    assert all(index.data(ROW_ROLE) in shown_rows(four) for index in selected)


def test_the_model_stays_sound_through_changes_of_pair(
    qtbot: QtBot, qtmodeltester: ModelTester, four: MainWindow
) -> None:
    """Qt's model tester watches the table while B, A and the filter change."""
    qtmodeltester.check(four.browser.model)
    with new_pair(qtbot, four, FACEBOOK, ONLINE):
        choose_with_keys(qtbot, four.pair_bar.shown, 1)
    with qtbot.waitSignal(four.browser.shown_changed, timeout=TIMEOUT):
        choose_with_keys(qtbot, four.filter_bar.side, 3)  # same score
    with new_pair(qtbot, four, ONLINE, FACEBOOK):
        qtbot.mouseClick(four.pair_bar.swap, Qt.MouseButton.LeftButton)
    delta = deltas(ONLINE, FACEBOOK)
    assert shown_rows(four) == [int(row) for row in np.flatnonzero(delta == 0)]


# --- the pieces on their own ----------------------------------------------------------


def test_short_names_drop_what_every_name_shares() -> None:
    assert short_names(["sys.Facebook-AI.txt", "sys.happypoet.txt"]) == (
        "Facebook-AI",
        "happypoet",
    )
    assert short_names(["run1/out.txt", "run2/out.txt"]) == ("run1", "run2")
    assert short_names(["model-v2.txt", "base-v2.txt"]) == ("model", "base")
    assert short_names(["only.txt"]) == ("only.txt",)
    assert short_names(["abc", "abd"]) == ("abc", "abd")  # never inside a word


def test_a_bar_range_is_half_open_and_zero_is_in_no_bar() -> None:
    values = np.array([-5.0, -0.1, 0.0, 0.1, 4.9, 5.0, 70.0, np.nan])
    keeps = DeltaRange.of_bar(0.0, 5.0, last=False).keeps(values)
    assert values[keeps].tolist() == [0.1, 4.9]
    keeps = DeltaRange.of_bar(-5.0, 0.0, last=False).keeps(values)
    assert values[keeps].tolist() == [-5.0, -0.1]
    keeps = DeltaRange.of_bar(65.0, 70.0, last=True).keeps(values)
    assert values[keeps].tolist() == [70.0]
    keeps = DeltaRange(-5.0, 5.0).keeps(values)
    assert values[keeps].tolist() == [-5.0, -0.1, 0.0, 0.1, 4.9, 5.0]
    assert DeltaRange().keeps(values).all()  # NaN too: the whole range hides none


# --- copying a sentence ------------------------------------------------------------


def _terms(score: sacrebleu.metrics.bleu.BLEUScore) -> str:
    """sacreBLEU's own counts, in the copy's words."""
    orders = " ".join(
        f"p{n}={score.counts[n - 1]}/{score.totals[n - 1]}" for n in range(1, 5)
    )
    return f"{orders} BP={score.bp:.4f} c={score.sys_len} r={score.ref_len}"


def test_ctrl_shift_c_copies_both_systems_with_their_scores_and_delta(
    qtbot: QtBot, four: MainWindow
) -> None:
    """A and B's hypotheses, sentence BLEU, terms and Δ, named as the panels name
    them; every number is sacreBLEU's."""
    row = 14  # sentence 15
    table, model = four.table, four.browser.model
    index = model.index(model.table_row(row) or 0, model.hypothesis_column())
    assert int(index.data(ROW_ROLE)) == row
    table.scrollTo(index)
    qtbot.mouseClick(
        table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=table.visualRect(index).center(),
    )
    qtbot.waitUntil(lambda: four.row == row and not four.sentence_pending)
    QApplication.clipboard().clear()
    qtbot.keyClick(
        table,
        Qt.Key.Key_C,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    refs = [stream[row] for stream in references()]
    metric = BLEU(effective_order=True)
    hyp_a, hyp_b = system(FACEBOOK)[row], system(HAPPYPOET)[row]
    a, b = metric.sentence_score(hyp_a, refs), metric.sentence_score(hyp_b, refs)
    assert QApplication.clipboard().text().splitlines() == [
        f"Sentence 15: A {FACEBOOK} BLEU {a.score:.2f}, B {HAPPYPOET} BLEU "
        f"{b.score:.2f}, Δ (B − A) {b.score - a.score:+.2f}",
        f"A {FACEBOOK}\t{hyp_a}",
        f"B {HAPPYPOET}\t{hyp_b}",
        f"REF1\t{refs[0]}",
        f"REF2\t{refs[1]}",
        f"A {FACEBOOK}: {_terms(a)}",
        f"B {HAPPYPOET}: {_terms(b)}",
        str(metric.get_signature()),
    ]
    assert four.statusBar().currentMessage() == "Copied sentence 15 with its scores"


def test_the_pair_bar_shows_as_several_systems_start_to_open(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Shown with the first scores, the bar, the filter's pair part and the
    # summary's pair line were laid out in the busiest turn of the opening, and
    # moved the table down under the user's hand.
    window.show()
    qtbot.waitExposed(window)
    session, bar = window.session, window.pair_bar
    assert not bar.isVisible()
    systems = tuple(path(name) for name in (FACEBOOK, ONLINE, HAPPYPOET))
    files = FileSet(
        systems[-1], (DEMO / "ref.A.txt", DEMO / "ref.B.txt"), systems=systems
    )
    with qtbot.waitSignal(session.busy_changed) as started:
        session.open_files(files)
    assert started.args == [True]
    assert list(session.systems) == []  # nothing read yet
    assert bar.isVisible()
    assert window.filter_bar.pair_controls.isVisible()
    for combo in (bar.baseline, bar.shown):
        assert combo.count() == 0
        assert combo.placeholderText() == "being scored…"
    assert not bar.swap.isEnabled()
    assert window.summary.system.text() == "Scoring 3 systems…"
    assert window.summary.system.isVisible()
    qtbot.waitUntil(
        lambda: len(session.systems) == 3 and not session.is_busy, timeout=TIMEOUT
    )
    assert [bar.shown.itemText(i) for i in range(bar.shown.count())] == [
        FACEBOOK,
        ONLINE,
        HAPPYPOET,
    ]
    assert bar.shown.currentText() == HAPPYPOET
    assert bar.swap.isEnabled()
    assert window.summary.system.text() == (
        f"Shown: {HAPPYPOET} (B), compared with {FACEBOOK} (A)"
    )

    # A load that ends with one system hides them again.
    with all_done(qtbot, session):
        session.open_files(FileSet(path(UEDIN), (DEMO / "ref.A.txt",)))
    assert not bar.isVisible()
    assert not window.filter_bar.pair_controls.isVisible()
    assert not window.summary.system.isVisible()
