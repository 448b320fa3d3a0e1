"""File › Export and Edit › Copy in the window, driven through the real menu actions.

The demo's four systems are open (Facebook-AI the baseline A, happypoet shown as
B), the table filtered and sorted as a user would; every exported number is
checked against sacreBLEU's own sentence and corpus scores, and every exported
text against what the table's cells display.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from openpyxl import load_workbook
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMenu, QToolButton
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU
from tabulate import tabulate  # type: ignore[import-untyped]

from bleu_gui.io.table_export import ExportFormat
from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.models.session import FileSet
from bleu_gui.views.main_window import MainWindow
from tests.core.demo_systems import DEMO, SYSTEM_NAMES, references, system
from tests.export_files import read_delimited
from tests.gui.demo_sets import TIMEOUT, make_window

CTRL = Qt.KeyboardModifier.ControlModifier
BASELINE, SHOWN = "Facebook-AI", "happypoet"
# The columns a pair shows by default (the column chooser's), left to right.
PAIR_HEADERS = ["#", "A", "B", "Δ B − A", "Swap", "Hypothesis"]
# The same columns as every export heads them: named for the systems.
EXPORTED_HEADERS = [
    "#",
    f"BLEU: {BASELINE}",
    f"BLEU: {SHOWN}",
    f"Δ − {BASELINE}: {SHOWN}",
    f"Swap into {BASELINE}: {SHOWN}",
    f"Hypothesis: {SHOWN}",
]

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


@cache
def sentence_scores(name: str) -> tuple[float, ...]:
    """sacreBLEU's sentence BLEU of every demo segment of system `name`."""
    refs = references()
    metric = BLEU(effective_order=True)  # as sacrebleu.sentence_bleu
    return tuple(
        metric.sentence_score(hyp, [r[i] for r in refs]).score
        for i, hyp in enumerate(system(name))
    )


def corpus_score(name: str) -> float:
    refs = [list(r) for r in references()]
    return float(BLEU().corpus_score(list(system(name)), refs).score)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """The demo's four systems, scored and compared, the window shown."""
    main = make_window(qtbot, tmp_path)
    main.resize(1280, 720)
    paths = tuple(DEMO / f"sys.{name}.txt" for name in SYSTEM_NAMES)
    files = FileSet(
        DEMO / f"sys.{SHOWN}.txt",
        (DEMO / "ref.A.txt", DEMO / "ref.B.txt"),
        systems=paths,
    )
    with qtbot.waitSignal(
        main.session.busy_changed,
        timeout=TIMEOUT,
        check_params_cb=lambda busy: not busy,
    ):
        main.session.open_files(files)
    main.show()
    qtbot.waitExposed(main)
    qtbot.waitUntil(lambda: main.browser.model.pair is not None, timeout=TIMEOUT)
    yield main
    main.explainer.shutdown()
    main.session.shutdown()


def menu_action(window: MainWindow, *path: str) -> QAction:
    """The menu bar's action at `path` ("File", "Export", "Sentences as shown…")."""
    actions = window.menuBar().actions()
    found: QAction | None = None
    for name in path:
        found = next(a for a in actions if a.text().replace("&", "") == name)
        menu = found.menu()
        if isinstance(menu, QMenu):
            actions = menu.actions()
    assert found is not None
    return found


def export_to(qtbot: QtBot, window: MainWindow, target: Path, *path: str) -> None:
    """Trigger the menu action, answering its file dialog with `target`; wait
    until the export has ended (written or failed)."""
    chosen = next(f for f in ExportFormat if target.suffix in f.extensions)

    def answer(
        _title: str, formats: Sequence[ExportFormat]
    ) -> tuple[Path, ExportFormat]:
        assert chosen in formats
        return target, chosen

    window.exports.ask_path = answer
    ended: list[object] = []
    window.exports.export_finished.connect(ended.append)
    window.exports.failed.connect(ended.append)
    menu_action(window, *path).trigger()
    qtbot.waitUntil(lambda: bool(ended), timeout=TIMEOUT)
    window.exports.export_finished.disconnect(ended.append)
    window.exports.failed.disconnect(ended.append)


def filter_and_sort(qtbot: QtBot, window: MainWindow) -> None:
    """Keep the sentences scoring 20 to 60, sorted by Δ (a click on its header)."""
    browser = window.browser
    with qtbot.waitSignal(browser.shown_changed, timeout=TIMEOUT):
        browser.set_filter(SentenceFilter(min_score=20.0, max_score=60.0))
    model = browser.model
    delta = [model.column_title(c) for c in range(model.columnCount())].index("Δ B − A")
    header = window.table.horizontalHeader()
    with qtbot.waitSignal(model.layoutChanged, timeout=TIMEOUT):
        qtbot.mouseClick(
            header.viewport(),
            Qt.MouseButton.LeftButton,
            pos=header.rect()
            .center()
            .__class__(header.sectionViewportPosition(delta) + 5, 5),
        )


def shown_cells(window: MainWindow) -> list[list[str]]:
    """The shown columns' headers and cells as the table displays them."""
    model, table = window.browser.model, window.table
    columns = [c for c in range(model.columnCount()) if not table.isColumnHidden(c)]
    rows = [[str(model.headerData(c, Qt.Orientation.Horizontal)) for c in columns]]
    for row in range(model.rowCount()):
        rows.append([str(model.index(row, c).data()) for c in columns])
    return rows


def test_the_menus_have_the_exports_and_the_copies(window: MainWindow) -> None:
    file_menu = menu_action(window, "File").menu()
    assert isinstance(file_menu, QMenu)
    export = menu_action(window, "File", "Export").menu()
    assert isinstance(export, QMenu)
    assert [a.text() for a in export.actions()] == [
        "&Sentences as shown…",
        "S&ystems table…",
        "&Documents table…",
        "",
        "&HTML report…",
    ]
    # The demo has no document ids: nothing for the Documents table to hold.
    assert not menu_action(window, "File", "Export", "Documents table…").isEnabled()
    edit = menu_action(window, "Edit").menu()
    assert isinstance(edit, QMenu)
    assert [a.text() for a in edit.actions()] == [
        "&Copy rows",
        "Copy &explanation",
        "",
        "&Undo",
        "&Redo",
        "&Edit happypoet's hypothesis",
        "&Take happypoet's sentence into Facebook-AI",
        f"Re&vert sentence {window.row + 1}" if window.row is not None else "",
        "Revert &all edits",
    ]
    shortcuts = {a.text(): a.shortcut().toString() for a in edit.actions()}
    assert shortcuts["&Undo"] == "Ctrl+Z"
    assert shortcuts["&Redo"] == "Ctrl+Shift+Z"
    assert shortcuts["&Edit happypoet's hypothesis"] == "F2"
    assert menu_action(window, "Edit", "Copy rows").shortcut().toString() == "Ctrl+C"


@pytest.mark.parametrize(("extension", "delimiter"), [(".csv", ","), (".tsv", "\t")])
def test_the_csv_shows_what_the_cells_show(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, extension: str, delimiter: str
) -> None:
    filter_and_sort(qtbot, window)
    shown = window.browser.model.rowCount()
    assert 0 < shown < 500
    target = tmp_path / f"shown{extension}"
    export_to(qtbot, window, target, "File", "Export", "Sentences as shown…")
    # With a byte-order mark, for Excel; what the table is, then the table.
    exported = read_delimited(target, delimiter)
    assert exported.about == [
        f"Sentences of {SHOWN}: {shown} of 500 shown",
        "Sentence BLEU: nrefs:2|case:mixed|eff:yes|tok:13a|smooth:exp|version:2.6.0",
        f"A: {BASELINE} (baseline); B: {SHOWN}",
    ]
    cells = shown_cells(window)
    assert cells[0] == PAIR_HEADERS
    assert exported.header == EXPORTED_HEADERS
    assert len(exported.rows) == shown
    assert exported.rows == cells[1:]  # cell by cell, in the shown order
    assert window.statusBar().currentMessage() == (
        f"Exported {shown} sentences to shown{extension}"
    )


def test_the_json_holds_sacrebleus_numbers_unrounded(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    filter_and_sort(qtbot, window)
    target = tmp_path / "shown.json"
    export_to(qtbot, window, target, "File", "Export", "Sentences as shown…")
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["format"] == "bleu-gui table"
    names = [column["name"] for column in document["columns"]]
    assert names == EXPORTED_HEADERS
    a, b = sentence_scores(BASELINE), sentence_scores(SHOWN)
    rows = document["rows"]
    order = [int(r) for r in window.browser.model.rows]
    assert [row[0] - 1 for row in rows] == order
    for number, a_score, b_score, delta, _swap, text in rows:
        assert a_score == a[number - 1]
        assert b_score == b[number - 1]
        assert delta == b[number - 1] - a[number - 1]
        assert text == system(SHOWN)[number - 1]
    assert document["signature"][0].startswith("Sentence BLEU: nrefs:2|case:mixed")


def test_the_workbook_reads_back_as_numbers_shown_like_the_window(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    target = tmp_path / "all.xlsx"
    export_to(qtbot, window, target, "File", "Export", "Sentences as shown…")
    assert window.statusBar().currentMessage() == "Exported 500 sentences to all.xlsx"
    book = load_workbook(target)
    sheet = book["Table"]
    rows = list(sheet.iter_rows(values_only=True))
    # A workbook also shows B's track changes into its closest reference.
    changes = f"Changes into the closest reference: {SHOWN}"
    assert list(rows[0]) == [*EXPORTED_HEADERS, changes]
    a, b = sentence_scores(BASELINE), sentence_scores(SHOWN)
    assert [row[0] for row in rows[1:]] == list(range(1, 501))
    # Excel keeps a number to 15 significant digits; openpyxl writes 16 or 17.
    assert [row[1] for row in rows[1:]] == [pytest.approx(x, rel=1e-15) for x in a]
    assert [row[2] for row in rows[1:]] == [pytest.approx(x, rel=1e-15) for x in b]
    assert [row[5] for row in rows[1:]] == list(system(SHOWN))
    assert sheet["B2"].number_format == "0.0"
    assert sheet["D2"].number_format == "+0.0;-0.0;0"
    assert book["Signature"]["A2"].value.startswith("Sentence BLEU: nrefs:2|")


def test_a_failed_write_leaves_nothing_and_says_one_line(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file", encoding="utf-8")
    export_to(
        qtbot, window, blocker / "shown.csv", "File", "Export", "Sentences as shown…"
    )
    message = window.status_text.text()
    assert window.banner.text() == f"⚠ {message}"
    assert "\n" not in message
    assert message.startswith(str(blocker / "shown.csv"))
    assert "cannot write the file: not a directory" in message
    assert blocker.read_text(encoding="utf-8") == "a file"
    assert not [p for p in tmp_path.iterdir() if ".unfinished-" in p.name]


def test_the_systems_table_exports_sacrebleus_corpus_scores(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    target = tmp_path / "systems.csv"
    export_to(qtbot, window, target, "File", "Export", "Systems table…")
    exported = read_delimited(target)
    assert exported.about == [
        "Systems against the baseline",
        "BLEU: nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0",
    ]
    assert exported.header == ["System", "BLEU", "Δ", "Why Δ"]
    scores = {name: corpus_score(name) for name in SYSTEM_NAMES}
    assert {row[0]: row[1] for row in exported.rows} == {
        name: f"{score:.2f}" for name, score in scores.items()
    }
    base = scores[BASELINE]
    for name, _bleu, delta, _why in exported.rows:
        expected = "baseline" if name == BASELINE else (f"{scores[name] - base:+.2f}")
        assert delta == expected
    assert window.statusBar().currentMessage() == "Exported 4 systems to systems.csv"


def test_the_systems_table_is_offered_in_every_format_with_why(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """The dialog lists the formats `--export-systems` writes; each has "Why Δ"."""
    offered: list[Sequence[ExportFormat]] = []
    target = tmp_path / "systems.xlsx"

    def answer(
        _title: str, formats: Sequence[ExportFormat]
    ) -> tuple[Path, ExportFormat]:
        offered.append(formats)
        return target, ExportFormat.XLSX

    window.exports.ask_path = answer
    with qtbot.waitSignal(window.exports.export_finished, timeout=TIMEOUT):
        menu_action(window, "File", "Export", "Systems table…").trigger()
    assert [f.label for f in offered[0]] == [
        "CSV",
        "TSV",
        "JSON",
        "Excel workbook",
        "Markdown",
        "LaTeX",
    ]
    assert menu_action(window, "File", "Export", "Systems table…").toolTip() == (
        "The systems table (BLEU, Δ to the baseline and why, the test) as CSV, "
        "TSV, JSON, Excel workbook, Markdown or LaTeX"
    )
    cells = list(load_workbook(target)["Table"].iter_rows(values_only=True))
    assert list(cells[0]) == ["System", "BLEU", "Δ", "Why Δ"]
    scores = {name: corpus_score(name) for name in SYSTEM_NAMES}
    assert {row[0]: row[1] for row in cells[1:]} == {
        name: pytest.approx(score, abs=1e-12) for name, score in scores.items()
    }
    why = {row[0]: row[3] for row in cells[1:]}
    assert why.pop(BASELINE) is None
    assert all(text.startswith(f"{name} ") for name, text in why.items())


def test_the_systems_table_in_latex_is_sacrebleus_layout(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    target = tmp_path / "systems.tex"
    export_to(qtbot, window, target, "File", "Export", "Systems table…")
    text = target.read_text(encoding="utf-8")
    shown = [
        [
            str(window.compare_systems.model.index(row, column).data())
            for column in (0, 1, 2, 5)  # System, BLEU, Δ, Why Δ
        ]
        for row in range(4)
    ]
    # sacreBLEU prints its -f latex tables with tabulate's latex_booktabs.
    expected = tabulate(
        shown,
        headers=["System", "BLEU", "Δ", "Why Δ"],
        tablefmt="latex_booktabs",
        colalign=("right", "center", "center", "center"),
        disable_numparse=True,
    )
    table, notes = text.split("\\end{tabular}\n")
    assert table + "\\end{tabular}" == expected
    assert notes.splitlines()[-1].startswith(
        "% BLEU: nrefs:2|case:mixed|eff:no|tok:13a"
    )


def test_a_change_of_the_table_stops_the_export_and_says_so(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    target = tmp_path / "all.xlsx"
    window.exports.ask_path = lambda _title, _formats: (target, ExportFormat.XLSX)
    with qtbot.waitSignal(window.exports.failed, timeout=TIMEOUT) as failed:
        menu_action(window, "File", "Export", "Sentences as shown…").trigger()
        window.browser.set_filter(SentenceFilter(min_score=50.0))
    assert failed.args == [
        "The sentence table changed while it was exported: all.xlsx was not "
        "written; export it again"
    ]
    qtbot.waitUntil(lambda: not window.exports.busy, timeout=TIMEOUT)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.ini"]


def test_a_second_export_asked_for_supersedes_the_first(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    first, second = tmp_path / "first.xlsx", tmp_path / "second.csv"
    finished: list[object] = []
    window.exports.export_finished.connect(finished.append)
    window.exports.export_sentences(first)  # in slices: still collecting rows
    assert window.exports.busy
    with qtbot.waitSignal(window.exports.export_finished, timeout=TIMEOUT):
        window.exports.export_sentences(second)
    qtbot.waitUntil(lambda: not window.exports.busy, timeout=TIMEOUT)
    assert finished == [second]
    assert not first.exists()
    assert second.exists()


def test_copy_rows_puts_the_selected_rows_on_the_clipboard(
    qtbot: QtBot, window: MainWindow
) -> None:
    table = window.table
    model = window.browser.model
    selection = table.selectionModel()
    table.setFocus()
    for row, keys in ((2, Qt.KeyboardModifier.NoModifier), (4, CTRL), (7, CTRL)):
        qtbot.mouseClick(
            table.viewport(),
            Qt.MouseButton.LeftButton,
            keys,
            table.visualRect(model.index(row, 0)).center(),
        )
    assert sorted({i.row() for i in selection.selectedRows()}) == [2, 4, 7]
    qtbot.keyClick(table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    lines = QGuiApplication.clipboard().text().splitlines()
    cells = shown_cells(window)
    assert lines == ["\t".join(EXPORTED_HEADERS)] + [
        "\t".join(cells[k]) for k in (3, 5, 8)
    ]
    assert window.statusBar().currentMessage() == "Copied 3 rows"


def test_copy_explanation_copies_the_page_shown(
    qtbot: QtBot, window: MainWindow
) -> None:
    """ "A vs B" (the default with a pair): the Δ's words; "B alone": B's BLEU."""
    qtbot.waitUntil(lambda: not window.compare.sentence_pending, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: window.explain.explanation() is not None, timeout=TIMEOUT)
    copy = menu_action(window, "Edit", "Copy explanation")
    copy.trigger()
    delta = window.compare.delta_panel
    compared = QGuiApplication.clipboard().text()
    assert compared == f"{delta.corpus_text()}\n\n{delta.plain_text()}"
    assert compared.startswith("Corpus: happypoet − Facebook-AI = ")
    assert window.statusBar().currentMessage() == "Copied the explanation"
    area = window.tabs.widget(0)
    assert area is not None
    alone = next(b for b in area.findChildren(QToolButton) if b.text() == "B alone")
    qtbot.mouseClick(alone, Qt.MouseButton.LeftButton)
    copy.trigger()
    assert QGuiApplication.clipboard().text() == window.explain.plain_text()
    assert QGuiApplication.clipboard().text() != compared


def test_numbers_match_sacrebleus_on_every_row(window: MainWindow) -> None:
    """The oracle itself: the table's A and B cells are sacreBLEU's, rounded."""
    a = np.array(sentence_scores(BASELINE))
    cells = shown_cells(window)
    assert [c[1] for c in cells[1:]] == [
        f"{a[int(r)]:.1f}" for r in window.browser.model.rows
    ]
