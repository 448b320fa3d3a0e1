"""The window names each sentence's unit: the table's Unit column, the detail, exports.

`steps-final.xlf` and `steps-mt.xlf` (tests/io/data/formats) are one job of ten
trans-units, ids 1 to 10; the MT file's unit 5 has no target and is left out, so
the table's row 8 is unit 9. A spreadsheet's rows are named as its warnings name
them: a warning about row 9 and the table's Row column say the same 9. The files
are opened with the real readers, through File › Open test set, as a person does.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bleu_gui.cli import main
from bleu_gui.models.sentence_table import ColumnKey, ColumnKind
from bleu_gui.views.main_window import MainWindow
from tests.export_files import read_delimited
from tests.gui.demo_sets import TIMEOUT, demo, loaded, scored, window
from tests.gui.test_exports import export_to
from tests.gui.test_formats_end_to_end import (
    click_role,
    open_test_set,
    picker,
    roles_dialog,
    shown,
)

__all__ = ["demo", "loaded", "picker", "shown", "window"]  # fixtures

# The offscreen platform cannot raise a combo's popup or grab the keyboard for it.
pytestmark = pytest.mark.qt_log_ignore(
    "propagateSizeHints",
    "This plugin does not support raise",
    "This plugin does not support grabbing the keyboard",
)

DATA = Path(__file__).resolve().parents[1] / "io" / "data" / "formats"
UNIT = ColumnKey(ColumnKind.UNIT)
# Unit 9's targets: the table's row 8.
FINAL_9 = "Nehmen Sie die Tasse vorsichtig heraus."
MT_9 = "Entfernen Sie die Tasse vorsichtig."


def click_row(qtbot: QtBot, window: MainWindow, row: int) -> None:
    """Click table row `row` (its text cell) as a person does."""
    table, model = window.table, window.browser.model
    index = model.index(row, model.hypothesis_column())
    table.scrollTo(index)
    qtbot.mouseClick(
        table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=table.visualRect(index).center(),
    )


@pytest.fixture
def job(
    qtbot: QtBot, shown: MainWindow, picker: list[Path], tmp_path: Path
) -> MainWindow:
    """The job's final (reference) and MT (candidate) open and scored."""
    return open_job(
        qtbot, shown, picker, DATA / "steps-final.xlf", DATA / "steps-mt.xlf", tmp_path
    )


def open_job(
    qtbot: QtBot,
    shown: MainWindow,
    picker: list[Path],
    final: Path,
    mt: Path,
    folder: Path,
) -> MainWindow:
    """`final` (the reference) and `mt` (the candidate), copied to `folder`, opened
    through File > Open test set and scored."""
    dialog = open_test_set(shown)
    picker.extend(Path(shutil.copy(path, folder)) for path in (final, mt))
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.candidate_button, Qt.MouseButton.LeftButton)
    with scored(qtbot, shown):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    return shown


def test_the_table_shows_each_rows_unit_id(job: MainWindow) -> None:
    model, table = job.browser.model, job.table
    column = model.column_of(UNIT)
    assert column == 1  # after "#"
    assert not table.isColumnHidden(column)
    assert model.headerData(column, Qt.Orientation.Horizontal) == "Unit"
    assert model.index(7, 0).data() == "8"
    assert model.index(7, column).data() == "9"
    assert model.index(7, model.hypothesis_column()).data() == MT_9
    assert [model.index(row, column).data() for row in range(model.rowCount())] == [
        "1",
        "2",
        "3",
        "4",
        "6",
        "7",
        "8",
        "9",
        "10",
    ]


def test_the_detail_and_the_status_bar_name_the_unit(
    qtbot: QtBot, job: MainWindow
) -> None:
    click_row(qtbot, job, 7)
    qtbot.waitUntil(
        lambda: job.detail.heading() == "Sentence 8 (unit 9)", timeout=TIMEOUT
    )
    expected = sacrebleu.sentence_bleu(MT_9, [FINAL_9]).score
    assert job.status_text.text() == f"Sentence 8 (unit 9): BLEU {expected:.2f}"


def test_the_sentence_export_has_the_unit_column(
    qtbot: QtBot, job: MainWindow, tmp_path: Path
) -> None:
    target = tmp_path / "sentences.csv"
    export_to(qtbot, job, target, "File", "Export", "Sentences as shown…")
    exported = read_delimited(target)
    assert exported.header[:3] == ["#", "Unit", "BLEU"]
    assert exported.rows[7][:2] == ["8", "9"]
    assert exported.rows[7][-1] == MT_9


def test_a_spreadsheets_warning_and_table_agree_on_the_row(
    qtbot: QtBot, shown: MainWindow, picker: list[Path], tmp_path: Path
) -> None:
    window = shown
    sheet = tmp_path / "sheet.tsv"
    rows = [f"Satz {n} ist hier.\tSentence {n} is here." for n in range(2, 12)]
    rows[7] = "Satz 9 ist hier.\t"  # row 9: the header is row 1
    sheet.write_text("ref\thyp\n" + "\n".join(rows) + "\n", encoding="utf-8")
    warnings: list[str] = []
    window.session.warning_occurred.connect(warnings.append)
    dialog = open_test_set(window)
    picker.append(sheet)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    roles = roles_dialog(qtbot, window)
    click_role(qtbot, roles.role_combo("hyp"), "System")
    with scored(qtbot, window):
        qtbot.mouseClick(roles.ok_button, Qt.MouseButton.LeftButton)
    assert warnings == [
        f"{sheet}, column 'hyp': 1 empty cell (row 9), read as empty segments"
    ]
    model = window.browser.model
    column = model.column_of(UNIT)
    assert column is not None
    assert not window.table.isColumnHidden(column)
    assert model.headerData(column, Qt.Orientation.Horizontal) == "Row"
    assert model.index(7, column).data() == "9"
    assert model.index(7, model.hypothesis_column()).data() == ""
    click_row(qtbot, window, 7)
    qtbot.waitUntil(
        lambda: window.detail.heading() == "Sentence 8 (row 9)", timeout=TIMEOUT
    )


def test_plain_text_files_have_no_unit_column_nor_heading(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    model = loaded.browser.model
    assert model.column_of(UNIT) is None
    titles = [action.text() for action in loaded.table.fill_column_menu().actions()]
    assert "Unit" not in titles
    click_row(qtbot, loaded, 2)
    qtbot.waitUntil(
        lambda: loaded.status_text.text().startswith("Sentence 3: BLEU "),
        timeout=TIMEOUT,
    )
    assert loaded.detail.heading() == ""


def test_a_column_chosen_as_unit_ids_names_the_rows(
    qtbot: QtBot, shown: MainWindow, picker: list[Path], tmp_path: Path
) -> None:
    window = shown
    sheet = tmp_path / "sheet.tsv"
    sheet.write_text(
        "ref\thyp\tcode\nEs regnet.\tEs regnet.\tK-7\nGute Nacht!\tGute Nacht\tK-9\n",
        encoding="utf-8",
    )
    dialog = open_test_set(window)
    picker.append(sheet)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    roles = roles_dialog(qtbot, window)
    click_role(qtbot, roles.role_combo("hyp"), "System")
    click_role(qtbot, roles.role_combo("code"), "Unit ids")
    with scored(qtbot, window):
        qtbot.mouseClick(roles.ok_button, Qt.MouseButton.LeftButton)
    model = window.browser.model
    column = model.column_of(UNIT)
    assert column is not None
    assert model.headerData(column, Qt.Orientation.Horizontal) == "Unit"
    assert [model.index(row, column).data() for row in range(2)] == ["K-7", "K-9"]


def test_the_window_and_the_command_line_export_the_same_first_columns(
    qtbot: QtBot, shown: MainWindow, picker: list[Path], tmp_path: Path
) -> None:
    """A spreadsheet with document ids: "#", "Row", "Document", in both exports."""
    window = shown
    sheet = tmp_path / "sheet.tsv"
    sheet.write_text(
        "doc\tref\thyp\nd1\tEs regnet.\tEs regnet.\nd2\tGute Nacht!\tGute Nacht\n",
        encoding="utf-8",
    )
    dialog = open_test_set(window)
    picker.append(sheet)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    roles = roles_dialog(qtbot, window)
    with scored(qtbot, window):
        qtbot.mouseClick(roles.ok_button, Qt.MouseButton.LeftButton)
    ours = tmp_path / "window.csv"
    export_to(qtbot, window, ours, "File", "Export", "Sentences as shown…")
    theirs = tmp_path / "cli.csv"
    assert main([str(sheet), "--export", str(theirs), "-q"]) == 0
    for path in (ours, theirs):
        exported = read_delimited(path)
        assert exported.header[:4] == ["#", "Row", "Document", "BLEU"]
        assert [row[:3] for row in exported.rows] == [
            ["1", "2", "d1"],
            ["2", "3", "d2"],
        ]
