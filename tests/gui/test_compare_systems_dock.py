"""The Systems dock in the window: the session's systems, tested as sacreBLEU does.

The demo's four systems are opened in the real window; the dock's cells are checked
against sacreBLEU's own `PairedTest`, run in the test on the same lines (a small
number of resamples keeps it quick). User intents go through the widgets (a click
on a row, the table's context menu, the Shown only box); events are ordered by
signals, never by sleeps.
"""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.cli import demo_paths
from bleu_gui.core import BleuConfig, CorpusStats, Smoothing, SummedStats
from bleu_gui.core.significance import PairedTest, PairedTestResult, SystemResult
from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.systems_model import SYSTEM_ROLE, SystemColumn, SystemsModel
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.compare_systems import DOCK_NAME, CompareSystems
from bleu_gui.views.main_window import MainWindow
from tests.core.demo_systems import references, system
from tests.gui.demo_sets import scored as scored_in
from tests.gui.systems_support import NAMES, sacrebleu_rows, sacrebleu_score

# The window is shown (to click its rows); the offscreen platform warns.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

_TIMEOUT_MS = 60_000
_SAMPLES = 200
_FILES = {name: f"sys.{name}.txt" for name in NAMES}
_SUBSET_NOTE = (
    "These sentences were chosen after looking at them, so this is not a fresh "
    "test: the p-value describes them, it is no evidence that the systems differ "
    "on new text."
)


def demo_files(count: int = 4) -> FileSet:
    """The demo test set with its first `count` systems (in `NAMES` order), the
    last one shown, as `bleu-gui --demo` opens all four."""
    source, refs, _, _ = demo_paths()
    folder = refs[0].parent
    systems = tuple(folder / _FILES[name] for name in NAMES[:count])
    return FileSet(systems[-1], tuple(refs), source, systems=systems)


def open_systems(qtbot: QtBot, window: MainWindow, count: int = 4) -> None:
    """Open the demo with `count` systems and wait until every one is scored."""
    session = window.session
    session.open_files(demo_files(count))

    def all_scored() -> bool:
        systems = session.systems
        return (
            len(systems) == count
            and all(s.scores is not None for s in systems)
            and not session.is_busy
        )

    qtbot.waitUntil(all_scored, timeout=_TIMEOUT_MS)


@pytest.fixture
def four(qtbot: QtBot, window: MainWindow) -> MainWindow:
    """The window with the demo's four systems scored (Facebook-AI the baseline,
    happypoet shown)."""
    open_systems(qtbot, window)
    return window


def cells(model: SystemsModel, key: SystemColumn) -> dict[str, str]:
    """Each system's text in column `key`, by its file name."""
    column = model.column_of(key)
    return {
        model.index(row, 0).data(): model.index(row, column).data()
        for row in range(model.rowCount())
    }


def p_text(row: SystemResult) -> str:
    assert row.p_value is not None
    return f"{row.p_value:.4f}" + ("*" if row.p_value <= 0.05 else "")


def run_test(qtbot: QtBot, compare: CompareSystems) -> PairedTestResult:
    """Press Run with `_SAMPLES` bootstrap resamples; the result announced."""
    compare.table.samples_box.setValue(_SAMPLES)
    with qtbot.waitSignal(compare.test_finished, timeout=_TIMEOUT_MS) as finished:
        compare.table.run_button.click()
    result = finished.args[0]
    assert isinstance(result, PairedTestResult)
    return result


def row_of(compare: CompareSystems, name: str) -> int:
    model = compare.model
    return next(r for r in range(model.rowCount()) if model.index(r, 0).data() == name)


def click_row(qtbot: QtBot, compare: CompareSystems, name: str) -> None:
    view = compare.table.table
    index = compare.model.index(row_of(compare, name), 0)
    view.scrollTo(index)
    center = view.visualRect(index).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=center)


def test_the_dock_shows_sacrebleus_paired_test_of_the_four_systems(
    qtbot: QtBot, four: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    compare = four.compare_systems
    assert not compare.dock.isHidden()
    assert compare.dock.objectName() == DOCK_NAME
    assert four.dockWidgetArea(compare.dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    model = compare.model
    assert cells(model, SystemColumn.BLEU) == {
        name: f"{sacrebleu_score(k):.2f}" for k, name in enumerate(NAMES)
    }
    result = run_test(qtbot, compare)
    theirs = sacrebleu_rows(monkeypatch, [0, 1, 2, 3], PairedTest.BOOTSTRAP, _SAMPLES)
    # The announced result is the core's, sacreBLEU's numbers.
    assert [r.p_value for r in result.systems] == [r.p_value for r in theirs[1:]]
    means = cells(model, SystemColumn.MEAN_CI)
    p_values = cells(model, SystemColumn.P_VALUE)
    deltas = cells(model, SystemColumn.DELTA)
    for k, (name, row) in enumerate(zip(NAMES, theirs, strict=True)):
        assert row.mean is not None
        assert row.ci is not None
        assert means[name] == f"{row.mean:.2f} ± {row.ci:.2f}"
        if k:
            assert p_values[name] == p_text(row)
            assert deltas[name] == (f"{sacrebleu_score(k) - sacrebleu_score(0):+.2f}")
    assert deltas["Facebook-AI"] == "baseline"
    assert set(cells(model, SystemColumn.SIGNATURE).values()) == {
        "nrefs:2|bs:200|seed:12345|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
    }


def test_a_baseline_chosen_in_the_table_becomes_the_sessions(
    qtbot: QtBot, four: MainWindow
) -> None:
    compare, session = four.compare_systems, four.session
    uedin = session.systems[2]
    view = compare.table.table
    at = view.visualRect(compare.model.index(row_of(compare, "UEdin"), 0))
    menu = compare.table.context_menu_at(at.center())
    assert menu is not None
    action = menu.actions()[0]
    assert action.text() == "Use UEdin as the baseline"
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SYSTEMS),
        timeout=_TIMEOUT_MS,
    ):
        action.trigger()
    menu.close()
    assert session.baseline == uedin.id
    deltas = cells(compare.model, SystemColumn.DELTA)
    assert deltas["UEdin"] == "baseline"
    assert deltas["Facebook-AI"] == (f"{sacrebleu_score(0) - sacrebleu_score(2):+.2f}")
    assert compare.table.baseline_box.currentText() == "UEdin"
    qtbot.waitUntil(lambda: not session.is_busy, timeout=_TIMEOUT_MS)


def refs() -> list[list[str]]:
    return [list(reference) for reference in references()]


def police_rows() -> npt.NDArray[np.int64]:
    """The happypoet lines that say "police", in any case."""
    lines = system("happypoet")
    return np.array(
        [k for k, line in enumerate(lines) if "police" in line.casefold()],
        dtype=np.int64,
    )


def test_shown_only_reruns_the_test_on_the_filtered_sentences_labelled(
    qtbot: QtBot, four: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    compare, browser = four.compare_systems, four.browser
    run_test(qtbot, compare)
    spec = SentenceFilter(text="police", in_references=False, in_source=False)
    with qtbot.waitSignal(browser.shown_changed, timeout=_TIMEOUT_MS):
        four.filter_bar.filter_requested.emit(spec)
    rows = police_rows()
    assert 0 < rows.size < 500
    box = compare.table.subset_box
    assert box.isEnabled()
    assert box.text() == f"Shown only ({rows.size} of 500)"
    with qtbot.waitSignal(compare.test_finished, timeout=_TIMEOUT_MS):
        box.click()  # the test runs again, on the shown sentences
    request = compare.model.current_request
    assert request is not None
    assert request.rows is not None
    assert request.rows.tolist() == rows.tolist()
    theirs = sacrebleu_rows(
        monkeypatch, [0, 1, 2, 3], PairedTest.BOOTSTRAP, _SAMPLES, rows=rows
    )
    delta = sacrebleu_score(3, rows) - sacrebleu_score(0, rows)
    # The shown system (happypoet) is the selected row: its label is said.
    assert compare.table.status_text() == (
        f"On the {rows.size} shown sentences: happypoet − "
        f"Facebook-AI = {delta:+.2f}, p = {p_text(theirs[3])}. "
        + _SUBSET_NOTE
        + " Test: bootstrap ×200, seed 12345. nrefs:2|bs:200|seed:12345|"
        "case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
    )
    assert cells(compare.model, SystemColumn.BLEU)["UEdin"] == (
        f"{sacrebleu_score(2, rows):.2f}"
    )


def test_a_clicked_row_is_shown_unless_it_is_the_baseline(
    qtbot: QtBot, four: MainWindow
) -> None:
    compare, session = four.compare_systems, four.session
    facebook, online, _uedin, happypoet = session.systems
    assert session.shown == happypoet.id
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SYSTEMS),
        timeout=_TIMEOUT_MS,
    ):
        click_row(qtbot, compare, "Online-W")
    assert session.shown == online.id
    assert four.windowTitle() == "bleu-gui — sys.Online-W.txt"
    click_row(qtbot, compare, "Facebook-AI")  # the baseline: nothing new
    assert session.shown == online.id
    assert session.baseline == facebook.id
    current = compare.table.table.currentIndex()
    assert current.data(SYSTEM_ROLE) == 1  # the shown system's row again
    qtbot.waitUntil(lambda: not session.is_busy, timeout=_TIMEOUT_MS)


def test_with_one_system_there_is_no_dock(qtbot: QtBot, window: MainWindow) -> None:
    open_systems(qtbot, window, count=1)
    compare = window.compare_systems
    assert compare.dock.isHidden()
    assert compare.model.rowCount() == 1
    online = demo_files(2).systems[1]
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.SCORED),
        timeout=_TIMEOUT_MS,
    ):
        window.session.add_system(online)
    assert not compare.dock.isHidden()
    assert compare.model.rowCount() == 2
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.SYSTEMS),
        timeout=_TIMEOUT_MS,
    ):
        window.session.remove_system(window.session.systems[1].id)
    assert compare.dock.isHidden()
    qtbot.waitUntil(lambda: not window.session.is_busy, timeout=_TIMEOUT_MS)


def test_closing_the_window_ends_the_tests_process(
    qtbot: QtBot, four: MainWindow
) -> None:
    compare = four.compare_systems
    compare.table.samples_box.setValue(1_000_000)  # still running at the close
    with qtbot.waitSignal(compare.model.job.busy_changed, timeout=_TIMEOUT_MS):
        compare.table.run_button.click()
    process = compare.model.job._process
    assert process is not None
    pid = process._process.pid
    assert pid is not None
    assert Path(f"/proc/{pid}").exists()
    four.close()
    QApplication.processEvents()
    assert not Path(f"/proc/{pid}").exists()
    assert not any(
        child.name == "bleu-gui significance"
        for child in multiprocessing.active_children()
    )


def test_the_table_scores_from_the_sums_the_session_made(
    four: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ten large systems would take 20 ms each to sum on the GUI thread: the session
    sums them in the background, and the table sums nothing of every sentence."""
    entries = four.compare_systems.model.entries
    for entry, scored in zip(entries, four.session.systems, strict=True):
        assert scored.scores is not None
        assert scored.scores.summed is not None
        assert entry.summed is scored.scores.summed
        assert entry.summed == entry.stats.summed()

    def refuse(_stats: CorpusStats) -> SummedStats:
        raise AssertionError("summed on the GUI thread")

    monkeypatch.setattr(CorpusStats, "summed", refuse)
    model = SystemsModel()
    model.set_systems(entries, BleuConfig(max_order=2), "…")
    theirs = BLEU(max_ngram_order=2).corpus_score(list(system("UEdin")), refs())
    assert cells(model, SystemColumn.BLEU)["UEdin"] == f"{theirs.score:.2f}"


def test_new_options_rescore_the_table_as_sacrebleu_with_their_signature(
    qtbot: QtBot, four: MainWindow
) -> None:
    """Lowercase re-tokenizes: each system leaves the table until it is counted
    again, then its BLEU is sacreBLEU's lowercased one, under `case:lc`."""
    compare, session = four.compare_systems, four.session
    run_test(qtbot, compare)
    session.set_config(BleuConfig(lowercase=True))

    def rescored() -> bool:
        return (
            all(s.scored_under(session.config) for s in session.systems)
            and not session.is_busy
        )

    qtbot.waitUntil(rescored, timeout=_TIMEOUT_MS)
    model = compare.model
    lowercase = BLEU(lowercase=True)
    assert cells(model, SystemColumn.BLEU) == {
        name: f"{lowercase.corpus_score(list(system(name)), refs()).score:.2f}"
        for name in NAMES
    }
    assert set(cells(model, SystemColumn.SIGNATURE).values()) == {
        "nrefs:2|case:lc|eff:no|tok:13a|smooth:exp|version:2.6.0"
    }
    assert model.result is None  # of statistics counted before: dropped


def test_a_new_smoothing_keeps_the_result_marked_stale(
    qtbot: QtBot, four: MainWindow
) -> None:
    """The same statistics re-scored: the test's numbers stay, said to be stale."""
    compare, session = four.compare_systems, four.session
    run_test(qtbot, compare)
    before = cells(compare.model, SystemColumn.P_VALUE)
    session.set_config(BleuConfig(smoothing=Smoothing.FLOOR))
    qtbot.waitUntil(lambda: not session.is_busy, timeout=_TIMEOUT_MS)
    assert cells(compare.model, SystemColumn.P_VALUE) == before
    assert compare.model.stale_reason() == (
        "The scoring options changed since the test ran: run it again."
    )
    assert "The scoring options changed" in compare.table.status_text()


def test_the_docks_place_is_remembered_with_the_layout(
    qtbot: QtBot, four: MainWindow, tmp_path: Path
) -> None:
    compare = four.compare_systems
    four.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, compare.dock)
    four.close()  # saves the layout in the settings file
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again = MainWindow(Session(processes=1), settings)
    qtbot.addWidget(again)
    try:
        assert again.compare_systems.dock.isHidden()  # no systems yet
        open_systems(qtbot, again)
        assert not again.compare_systems.dock.isHidden()
        area = again.dockWidgetArea(again.compare_systems.dock)
        assert area == Qt.DockWidgetArea.RightDockWidgetArea
    finally:
        again.compare_systems.shutdown()
        again.compare.shutdown()
        again.explainer.shutdown()
        again.session.shutdown()


def systems_of(session: Session) -> list[str]:
    return [system.name for system in session.systems]


def test_the_dock_shows_as_several_systems_start_to_open(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    # Shown when the first scores arrived, the dock moved the window's layout
    # under the user's hand, in the busiest turn of the opening.
    session, dock = window.session, window.compare_systems.dock
    assert dock.isHidden()
    with qtbot.waitSignal(session.busy_changed) as started:
        session.open_files(demo_files(3))
    assert started.args == [True]
    assert systems_of(session) == []  # nothing read yet
    assert not dock.isHidden()
    assert window.compare_systems.table.status_text() == (
        "The systems appear here as they are scored."
    )
    qtbot.waitUntil(
        lambda: len(session.systems) == 3 and not session.is_busy,
        timeout=_TIMEOUT_MS,
    )
    assert not dock.isHidden()
    assert window.compare_systems.model.rowCount() == 3
    assert "appear here" not in window.compare_systems.table.status_text()

    # A test set of several systems that cannot be opened leaves one system:
    # the dock goes again.
    session.open_files(demo_files(1))
    qtbot.waitUntil(
        lambda: len(session.systems) == 1 and not session.is_busy,
        timeout=_TIMEOUT_MS,
    )
    assert dock.isHidden()
    short = tmp_path / "short.txt"
    short.write_text("one line\n", encoding="utf-8")
    files = demo_files(2)
    refused = FileSet(
        short, files.references, files.source, systems=(files.hypothesis, short)
    )
    with qtbot.waitSignal(session.error_occurred, timeout=_TIMEOUT_MS):
        session.open_files(refused)
    qtbot.waitUntil(lambda: not session.is_busy, timeout=_TIMEOUT_MS)
    assert systems_of(session) == ["sys.Facebook-AI.txt"]
    assert dock.isHidden()


def test_a_mark_dropped_from_one_system_labels_the_tables_signature(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """The table's signature is its systems' own: once the second system's
    byte-order mark is dropped, every row says `bom:dropped`, as sacreBLEU's
    signature with that key before its version."""
    source, ref_paths, _, _ = demo_paths()
    folder = ref_paths[0].parent
    first = folder / _FILES[NAMES[0]]
    marked = tmp_path / _FILES[NAMES[1]]
    text = (folder / _FILES[NAMES[1]]).read_text(encoding="utf-8")
    marked.write_text("\ufeff" + text, encoding="utf-8")
    session = window.session
    with scored_in(qtbot, window):
        session.open_files(
            FileSet(marked, tuple(ref_paths), source, systems=(first, marked))
        )
    qtbot.waitUntil(
        lambda: all(s.scores is not None for s in session.systems), timeout=_TIMEOUT_MS
    )
    metric = BLEU()
    metric.corpus_score(list(system(NAMES[0])), refs())
    plain = str(metric.get_signature())
    model = window.compare_systems.model
    assert set(cells(model, SystemColumn.SIGNATURE).values()) == {plain}

    with scored_in(qtbot, window):
        window.file_actions.drop_bom_action.trigger()
    qtbot.waitUntil(
        lambda: all(s.scores is not None for s in session.systems), timeout=_TIMEOUT_MS
    )
    dropped = plain.replace("|version:", "|bom:dropped|version:")
    assert set(cells(model, SystemColumn.SIGNATURE).values()) == {dropped}


def test_new_options_label_the_tables_scores_with_their_signature_at_once(
    four: MainWindow,
) -> None:
    """The table scores the summed statistics under new options at once: its
    signature is sacreBLEU's for those options from that moment, before the
    systems' own re-scoring ends (a paired test run meanwhile carries it)."""
    four.session.set_config(BleuConfig(smoothing=Smoothing.FLOOR))
    metric = BLEU(smooth_method="floor")
    metric.corpus_score(list(system(NAMES[0])), refs())
    model = four.compare_systems.model
    assert set(cells(model, SystemColumn.SIGNATURE).values()) == {
        str(metric.get_signature())
    }
