"""The Documents dock in the window: documents of the demo, clicks filter the table.

The demo has no document ids of its own; the tests give it made-up ones through
`Session.set_documents` (what the File menu's "Document ids…" does with a file,
tested too). Scores are sacreBLEU's `corpus_score` of each document's lines; the
test's numbers are the core's `document_bootstrap` (itself sacreBLEU's paired
bootstrap with one segment per document, `tests/core/test_documents.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.cli import demo_paths
from bleu_gui.core import BleuConfig, Smoothing, corpus_stats
from bleu_gui.core.documents import Documents, document_bootstrap
from bleu_gui.core.pair_ngrams import Side
from bleu_gui.io.table_export import ExportFormat, format_of
from bleu_gui.models.documents_model import DOCUMENT_ROLE, SORT_ROLE
from bleu_gui.models.session import FileSet
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.documents_view import RUN_TEST
from bleu_gui.views.main_window import MainWindow
from tests.core.demo_systems import SYSTEM_NAMES, references, system
from tests.export_files import read_delimited
from tests.gui.test_test_seed import type_seed

# Docks are shown; the offscreen platform cannot pass size hints on.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

TIMEOUT = 60_000
CTRL = Qt.KeyboardModifier.ControlModifier
SEGMENTS = 500


def doc_ids() -> list[str]:
    """Made-up ids: 25 documents of 20 segments, "news-00" to "news-24"."""
    return [f"news-{i // 20:02d}" for i in range(SEGMENTS)]


def rows_of(document: str, ids: list[str] | None = None) -> list[int]:
    return [i for i, d in enumerate(ids or doc_ids()) if d == document]


def sacre(name: str, document: str) -> float:
    rows = rows_of(document)
    lines = system(name)
    return float(
        BLEU()
        .corpus_score(
            [lines[r] for r in rows], [[ref[r] for r in rows] for ref in references()]
        )
        .score
    )


def open_demo(qtbot: QtBot, window: MainWindow) -> None:
    """The demo's four systems (Facebook-AI the baseline, happypoet shown), scored."""
    source, refs, _, _ = demo_paths()
    folder = refs[0].parent
    systems = tuple(folder / f"sys.{name}.txt" for name in SYSTEM_NAMES)
    session = window.session
    session.open_files(FileSet(systems[-1], tuple(refs), source, systems=systems))

    def scored() -> bool:
        every = session.systems
        return (
            len(every) == len(SYSTEM_NAMES)
            and all(s.scores is not None for s in every)
            and session.pair is not None
            and not session.is_busy
        )

    qtbot.waitUntil(scored, timeout=TIMEOUT)


@pytest.fixture
def with_documents(qtbot: QtBot, window: MainWindow) -> MainWindow:
    """The demo with `doc_ids()`, every document scored in the dock."""
    open_demo(qtbot, window)
    with qtbot.waitSignal(
        window.session.workspace_changed, check_params_cb=moves(Moved.DOCUMENTS)
    ):
        window.session.set_documents(doc_ids())
    model = window.documents.model
    qtbot.waitUntil(lambda: not model.is_computing, timeout=TIMEOUT)
    return window


def table_rows(window: MainWindow) -> list[int]:
    return [int(row) for row in window.browser.model.rows]


def click_document(qtbot: QtBot, window: MainWindow, document: str) -> None:
    view = window.documents.view
    row = window.documents.model.row_of(document)
    assert row is not None
    view.table.scrollTo(window.documents.model.index(row, 0))
    rect = view.table.visualRect(window.documents.model.index(row, 0))
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        qtbot.mouseClick(
            view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center()
        )


def test_no_dock_without_document_ids(qtbot: QtBot, window: MainWindow) -> None:
    assert not window.documents.ids_action.isEnabled()
    open_demo(qtbot, window)
    assert window.documents.dock.isHidden()
    assert window.documents.ids_action.isEnabled()


def test_the_dock_shows_each_documents_bleu_and_the_pair(
    with_documents: MainWindow,
) -> None:
    window = with_documents
    documents = window.documents
    assert documents.dock.isVisible()
    assert documents.view.caption.text() == (
        "25 documents · 500 segments · Δ = B − A: happypoet − Facebook-AI"
    )
    model = documents.model
    headers = [
        model.headerData(c, Qt.Orientation.Horizontal)
        for c in range(model.columnCount())
    ]
    assert headers == ["Document", "Segments", "Δ B − A", *SYSTEM_NAMES]
    for row in (0, 7, 24):
        document = model.document_at(row)
        assert document == f"news-{row:02d}"
        for k, name in enumerate(SYSTEM_NAMES):
            assert model.index(row, 3 + k).data(SORT_ROLE) == sacre(name, document)
        delta = sacre("happypoet", document) - sacre("Facebook-AI", document)
        assert model.index(row, 2).data(SORT_ROLE) == delta


def test_a_click_filters_the_sentence_table_to_the_document(
    qtbot: QtBot, with_documents: MainWindow
) -> None:
    window = with_documents
    click_document(qtbot, window, "news-03")
    assert table_rows(window) == rows_of("news-03")
    bar = window.filter_bar
    assert bar.documents_row.isVisible()
    assert bar.documents_label.text() == "Only document 'news-03'"
    # The chip's × shows every sentence again, and no document is selected.
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        qtbot.mouseClick(bar.documents_remove, Qt.MouseButton.LeftButton)
    assert table_rows(window) == list(range(SEGMENTS))
    assert not bar.documents_row.isVisible()
    assert not window.documents.view.table.selectionModel().hasSelection()


def test_enter_on_a_document_filters_too(
    qtbot: QtBot, with_documents: MainWindow
) -> None:
    window = with_documents
    table = window.documents.view.table
    table.setFocus()
    table.setCurrentIndex(window.documents.model.index(11, 0))
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        qtbot.keyClick(table, Qt.Key.Key_Return)
    assert table_rows(window) == rows_of("news-11")


def test_the_document_filter_combines_with_a_search(
    qtbot: QtBot, with_documents: MainWindow
) -> None:
    window = with_documents
    click_document(qtbot, window, "news-00")
    word = "the"
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        window.filter_bar.in_refs.setChecked(False)
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        window.filter_bar.search.setText(word)
    hyps = system("happypoet")
    sources = Path(demo_paths()[0]).read_text(encoding="utf-8").splitlines()
    expected = [
        r
        for r in rows_of("news-00")
        if word in hyps[r].lower() or word in sources[r].lower()
    ]
    assert 0 < len(expected) < 20
    assert table_rows(window) == expected
    assert window.filter_bar.current_filter().documents is not None


def test_the_header_sorts_the_documents_by_number(
    qtbot: QtBot, with_documents: MainWindow
) -> None:
    window = with_documents
    view = window.documents.view
    header = view.table.horizontalHeader()
    column = 3 + SYSTEM_NAMES.index("UEdin")
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(
        header.viewport(),
        Qt.MouseButton.LeftButton,
        pos=QPoint(x, header.height() // 2),
    )
    model = window.documents.model
    values = [model.index(r, column).data(SORT_ROLE) for r in range(model.rowCount())]
    ascending = header.sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
    assert values == sorted(values, reverse=not ascending)
    expected = sorted(
        (f"news-{d:02d}" for d in range(25)),
        key=lambda doc: sacre("UEdin", doc),
        reverse=not ascending,
    )
    shown = [model.index(r, 0).data(DOCUMENT_ROLE) for r in range(model.rowCount())]
    assert shown == expected


def test_the_document_test_is_labelled_as_not_sacrebleus(
    qtbot: QtBot, with_documents: MainWindow
) -> None:
    window = with_documents
    view = window.documents.view
    assert view.test_button.text() == RUN_TEST
    assert RUN_TEST == "Test B against A: document bootstrap (not sacreBLEU's test)"
    window.documents.test.samples = 300
    with qtbot.waitSignal(window.documents.test.finished, timeout=TIMEOUT):
        qtbot.mouseClick(view.test_button, Qt.MouseButton.LeftButton)
    config = BleuConfig()
    a = corpus_stats(system("Facebook-AI"), references(), config)
    b = corpus_stats(system("happypoet"), references(), config)
    expected = document_bootstrap(a, b, Documents.of(doc_ids()), config, samples=300)
    delta = f"{expected.delta:+.2f}".replace("-", "−")
    assert view.result.text() == (
        "document bootstrap (not sacreBLEU's test), 25 documents, 300 resamples, "
        "seed 12345: "
        f"Δ happypoet − Facebook-AI = {delta}, p = {expected.p_value:.4f}"
    )


def test_the_document_test_takes_the_seed_typed_in_the_systems_dock(
    qtbot: QtBot, with_documents: MainWindow
) -> None:
    window = with_documents
    type_seed(qtbot, window.compare_systems, "777")
    view = window.documents.view
    window.documents.test.samples = 300
    with qtbot.waitSignal(window.documents.test.finished, timeout=TIMEOUT) as done:
        qtbot.mouseClick(view.test_button, Qt.MouseButton.LeftButton)
    config = BleuConfig()
    a = corpus_stats(system("Facebook-AI"), references(), config)
    b = corpus_stats(system("happypoet"), references(), config)
    documents = Documents.of(doc_ids())
    expected = document_bootstrap(a, b, documents, config, samples=300, seed=777)
    default = document_bootstrap(a, b, documents, config, samples=300)
    # The p-value is the least possible at either seed; the resamples differ.
    means = [r.result.systems[0].mean for r in (done.args[0], expected, default)]
    assert means[0] == means[1] != means[2]
    delta = f"{expected.delta:+.2f}".replace("-", "−")
    assert view.result.text().endswith(
        f"300 resamples, seed 777: Δ happypoet − Facebook-AI = {delta}, "
        f"p = {expected.p_value:.4f}"
    )
    # A seed that is none is said where the result would be; nothing runs.
    type_seed(qtbot, window.compare_systems, "n")
    qtbot.mouseClick(view.test_button, Qt.MouseButton.LeftButton)
    assert view.result.text() == "Seed: 'n' is neither an integer nor 'none'."
    assert not window.documents.test.is_running


def test_the_test_waits_for_a_pair(qtbot: QtBot, with_documents: MainWindow) -> None:
    window = with_documents
    session = window.session
    baseline = session.baseline
    assert baseline is not None
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.SYSTEMS), timeout=TIMEOUT
    ):
        session.set_shown(baseline)
    qtbot.waitUntil(lambda: window.documents.model.input is not None)
    view = window.documents.view
    assert not view.test_button.isEnabled()
    assert (
        view.test_button.toolTip() == "Not now: choose two systems (A and B) to test."
    )
    assert view.caption.text() == (
        "25 documents · 500 segments · Δ: choose two systems"
    )


def file_menu(window: MainWindow) -> QMenu:
    menu = window.menuBar().actions()[0].menu()
    assert isinstance(menu, QMenu)
    return menu


def test_document_ids_from_a_file_in_the_file_menu(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_demo(qtbot, window)
    ids = [f"doc{i // 100}" for i in range(SEGMENTS)]
    path = tmp_path / "docids.txt"
    path.write_text("\n".join(ids) + "\n", encoding="utf-8")
    window.documents.choose_file = lambda: path
    action = window.documents.ids_action
    assert action in file_menu(window).actions()
    assert action.text() == "Document &ids…"
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.DOCUMENTS),
        timeout=TIMEOUT,
    ):
        action.trigger()
    assert window.documents.dock.isVisible()
    documents = window.documents.documents
    assert documents is not None
    assert documents.ids == ("doc0", "doc1", "doc2", "doc3", "doc4")
    click_document(qtbot, window, "doc2")
    assert table_rows(window) == rows_of("doc2", ids)


def test_a_file_of_another_length_is_refused_in_one_line(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_demo(qtbot, window)
    path = tmp_path / "docids.txt"
    path.write_text("a\nb\nc\n", encoding="utf-8")
    window.documents.choose_file = lambda: path
    with qtbot.waitSignal(window.session.error_occurred, timeout=TIMEOUT) as error:
        window.documents.ids_action.trigger()
    assert error.args == [
        f"{path} has 3 lines but the test set has 500 segments "
        "(one document id per segment)"
    ]
    assert window.documents.dock.isHidden()
    assert window.session.workspace.test_set is not None
    assert window.session.workspace.test_set.documents is None


def test_an_empty_id_is_refused_with_its_line(qtbot: QtBot, window: MainWindow) -> None:
    open_demo(qtbot, window)
    ids = doc_ids()
    ids[41] = ""
    with qtbot.waitSignal(window.session.error_occurred) as error:
        window.session.set_documents(ids, name="ids.txt")
    assert error.args == ["ids.txt, line 42: no document id"]


def test_other_documents_drop_the_filter_and_say_so(
    qtbot: QtBot, with_documents: MainWindow
) -> None:
    window = with_documents
    click_document(qtbot, window, "news-05")
    with qtbot.waitSignal(window.documents.dropped) as dropped:
        window.session.set_documents([f"x{i // 50}" for i in range(SEGMENTS)])
    assert dropped.args == [
        "The filter to document 'news-05' was removed: the test set's documents "
        "changed."
    ]
    assert window.filter_bar.documents is None
    qtbot.waitUntil(lambda: table_rows(window) == list(range(SEGMENTS)))


def test_clear_removes_the_document_filter(
    qtbot: QtBot, with_documents: MainWindow
) -> None:
    window = with_documents
    click_document(qtbot, window, "news-20")
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        qtbot.mouseClick(window.filter_bar.clear, Qt.MouseButton.LeftButton)
    assert table_rows(window) == list(range(SEGMENTS))
    assert window.filter_bar.documents is None


def test_document_ids_keep_a_salient_ngram_filter(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Ids given to the open test set do not make its n-gram rows another pair's.

    A new smoothing (same tokens, same pair) then checks the n-gram filter: it
    stays, its sentences are still the pair's.
    """
    open_demo(qtbot, window)
    compare = window.compare
    qtbot.waitUntil(lambda: compare.salient_job.results is not None, timeout=TIMEOUT)
    model = compare.salient_list.model(Side.B)
    assert model.rowCount() > 0
    item = model.item(0)
    compare.salient_list.ngram_chosen.emit(model.order(), item.gram, item.rows)
    assert window.filter_bar.ngram is not None
    window.session.set_documents(doc_ids())
    session = window.session
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.CONFIG), timeout=TIMEOUT
    ):
        session.set_config(replace(session.config, smoothing=Smoothing.FLOOR))
    assert window.filter_bar.ngram is not None
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=lambda busy: not busy
    ):
        pass  # the systems re-scored


def test_document_ids_need_a_test_set(qtbot: QtBot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.session.error_occurred) as error:
        window.session.set_documents(doc_ids())
    assert error.args == ["open a test set before giving document ids"]
    assert window.documents.dock.isHidden()


# --- exports and copies of the documents -------------------------------------------

EXPORTED_HEADERS = [
    "Document",
    "Segments",
    "Δ − Facebook-AI: happypoet",
    *(f"BLEU: {name}" for name in SYSTEM_NAMES),
]


def expected_cells(document: str) -> list[str]:
    """A document's row as every export writes it: sacreBLEU's numbers, 2 decimals."""
    scores = [sacre(name, document) for name in SYSTEM_NAMES]
    delta = sacre("happypoet", document) - sacre("Facebook-AI", document)
    return [
        document,
        str(len(rows_of(document))),
        f"{delta:+.2f}".replace("-", "\N{MINUS SIGN}"),
        *(f"{score:.2f}" for score in scores),
    ]


def answer_with(window: MainWindow, target: Path) -> list[Sequence[ExportFormat]]:
    """Answer the export's file dialog with `target`; the formats it offered."""
    offered: list[Sequence[ExportFormat]] = []

    def answer(
        _title: str, formats: Sequence[ExportFormat]
    ) -> tuple[Path, ExportFormat]:
        offered.append(formats)
        return target, format_of(target, formats)

    window.exports.ask_path = answer
    return offered


def menu_action(window: MainWindow, *path: str) -> QAction:
    """The menu bar's action at `path`."""
    actions = window.menuBar().actions()
    found: QAction | None = None
    for name in path:
        found = next(a for a in actions if a.text().replace("&", "") == name)
        menu = found.menu()
        if isinstance(menu, QMenu):
            actions = menu.actions()
    assert found is not None
    return found


def test_file_export_documents_table_writes_the_dock_in_its_order(
    qtbot: QtBot, with_documents: MainWindow, tmp_path: Path
) -> None:
    window = with_documents
    target = tmp_path / "documents.csv"
    offered = answer_with(window, target)
    with qtbot.waitSignal(window.exports.export_finished, timeout=TIMEOUT):
        menu_action(window, "File", "Export", "Documents table…").trigger()
    assert [f.label for f in offered[0]] == [
        "CSV", "TSV", "JSON", "Excel workbook", "Markdown", "LaTeX"
    ]  # fmt: skip
    read = read_delimited(target)
    assert read.about == [
        "Documents: 25 of 25",
        "BLEU: nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0",
        "A: Facebook-AI (baseline); B: happypoet",
    ]
    assert read.header == EXPORTED_HEADERS
    assert read.rows == [expected_cells(f"news-{k:02d}") for k in range(25)]
    assert window.statusBar().currentMessage() == (
        "Exported 25 documents to documents.csv"
    )


def test_ctrl_c_in_the_dock_copies_the_selected_rows_whole(
    qtbot: QtBot, with_documents: MainWindow
) -> None:
    window = with_documents
    table = window.documents.view.table
    model = window.documents.model
    table.setFocus()
    for row, keys in ((3, Qt.KeyboardModifier.NoModifier), (9, CTRL)):
        rect = table.visualRect(model.index(row, 0))
        with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
            qtbot.mouseClick(
                table.viewport(), Qt.MouseButton.LeftButton, keys, rect.center()
            )
    assert sorted({i.row() for i in table.selectionModel().selectedRows()}) == [3, 9]
    QGuiApplication.clipboard().clear()
    qtbot.keyClick(table, Qt.Key.Key_C, CTRL)
    lines = QGuiApplication.clipboard().text().splitlines()
    assert lines == [
        "\t".join(EXPORTED_HEADERS),
        "\t".join(expected_cells("news-03")),
        "\t".join(expected_cells("news-09")),
    ]
    assert window.statusBar().currentMessage() == "Copied 2 documents"


def test_the_sentence_export_has_each_sentences_document(
    qtbot: QtBot, with_documents: MainWindow, tmp_path: Path
) -> None:
    window = with_documents
    target = tmp_path / "sentences.tsv"
    answer_with(window, target)
    with qtbot.waitSignal(window.exports.export_finished, timeout=TIMEOUT):
        menu_action(window, "File", "Export", "Sentences as shown…").trigger()
    read = read_delimited(target, "\t")
    assert read.header[:3] == ["#", "Document", "BLEU: Facebook-AI"]
    ids = doc_ids()
    assert [row[1] for row in read.rows] == [ids[int(row[0]) - 1] for row in read.rows]
    assert len(read.rows) == SEGMENTS


def test_a_long_system_name_ends_in_an_ellipsis_in_its_header(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """A name wider than its number column is elided, never cut at both ends.

    Centred and cut, "JDExploreAcademy" showed as "xploreAcade"; elided, it reads
    "JDExploreA…", and its tooltip names it whole.
    """
    source, refs, candidate, others = demo_paths()
    names = ("JDExploreAcademy", "Lan-Bridge")
    systems = []
    for name, copied in zip(names, (candidate, others[0]), strict=True):
        path = tmp_path / f"sys.{name}.txt"
        path.write_bytes(copied.read_bytes())
        systems.append(path)
    session = window.session
    session.open_files(
        FileSet(systems[-1], tuple(refs), source, systems=tuple(systems))
    )
    qtbot.waitUntil(
        lambda: (
            session.pair is not None
            and all(s.scores is not None for s in session.systems)
            and not session.is_busy
        ),
        timeout=TIMEOUT,
    )
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.DOCUMENTS)
    ):
        session.set_documents(doc_ids())
    model = window.documents.model
    qtbot.waitUntil(lambda: not model.is_computing, timeout=TIMEOUT)
    header = window.documents.view.table.horizontalHeader()
    column = next(
        c
        for c in range(model.columnCount())
        if model.headerData(c, Qt.Orientation.Horizontal) == names[0]
    )
    width = header.sectionSize(column)
    assert header.fontMetrics().horizontalAdvance(names[0]) > width  # too wide
    # Qt elides a section's label by the header's mode; without one it centred
    # the label and cut it at both ends.
    assert header.textElideMode() is Qt.TextElideMode.ElideRight
    tip = model.headerData(
        column, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert tip.startswith(f"Corpus BLEU of {names[0]} on the document's segments")


def test_document_ids_are_read_from_a_file_of_one_id_per_line(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_demo(qtbot, window)
    ids = tmp_path / "docids.txt"
    ids.write_text("\ufeff" + "\n".join(doc_ids()) + "\n", encoding="utf-8")
    window.documents.choose_file = lambda: ids
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.DOCUMENTS),
        timeout=TIMEOUT,
    ):
        window.documents.ids_action.trigger()
    qtbot.waitUntil(window.documents.dock.isVisible, timeout=TIMEOUT)
    # The file's byte-order mark is no part of the first id: 25 documents, not 26.
    caption = window.documents.view.caption
    qtbot.waitUntil(lambda: not caption.text().endswith("scoring…"), timeout=TIMEOUT)
    assert caption.text() == (
        "25 documents · 500 segments · Δ = B − A: happypoet − Facebook-AI"
    )
    assert window.documents.model.rowCount() == 25
