"""Hostile XML and spreadsheet files opened in the window: one line, nothing loaded.

Each file was an "internal error" (or worse) in the window before. Opened as a
user opens them, through File › Open test set, the file picker (answered by the
monkeypatched static function of `test_formats_end_to_end`) and the dialog's
buttons, each must end in the session's one-line `error_occurred`, shown in the
dialog, with the test set that was open still open.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bleu_gui.io.xml_files import ENTITIES_REFUSED
from bleu_gui.views.main_window import MainWindow
from tests.gui.demo_sets import TIMEOUT, DemoSet, demo, loaded, scored, window
from tests.gui.test_formats_end_to_end import (
    assert_sacrebleus,
    open_test_set,
    picker,
    roles_dialog,
)
from tests.io.hostile_workbooks import SHEET, one_huge_cell, rewrite, small_workbook
from tests.io.hostile_xml import BILLION_LAUGHS, write_xml

__all__ = ["demo", "loaded", "picker", "window"]  # fixtures

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

SECRET = "TOP-SECRET-7f3a"


def _refused_pair(
    qtbot: QtBot, window: MainWindow, picker: list[Path], final: Path, mt: Path
) -> str:
    """Open `final` as reference and `mt` as candidate: the one line refusing them."""
    window.show()
    qtbot.waitExposed(window)
    dialog = open_test_set(window)
    picker.extend([final, mt])
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.candidate_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(window.session.error_occurred, timeout=TIMEOUT) as error:
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    message = str(error.args[0])
    assert dialog.problem_text == f"⚠ {message}"
    assert dialog.isVisible()
    return message


@pytest.mark.parametrize("format_", ["XLIFF 1.2", "XLIFF 2.0", "TMX"])
def test_an_entity_naming_a_local_file_is_one_line_and_the_file_unread(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    picker: list[Path],
    tmp_path: Path,
    format_: str,
) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET, "utf-8")
    final = write_xml(tmp_path, format_, "", "world", stem="final")
    doctype = f'<!DOCTYPE x [<!ENTITY x SYSTEM "{secret.as_uri()}">]>'
    mt = write_xml(tmp_path, format_, doctype, "&x;", stem="mt")
    message = _refused_pair(qtbot, loaded, picker, final, mt)
    assert message == f"{mt}, line 2: {ENTITIES_REFUSED}"
    assert loaded.session.files == demo.file_set()


def test_billion_laughs_is_one_line(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    picker: list[Path],
    tmp_path: Path,
) -> None:
    final = write_xml(tmp_path, "XLIFF 1.2", BILLION_LAUGHS, "&lol9;", stem="final")
    mt = write_xml(tmp_path, "XLIFF 1.2", "", "world", stem="mt")
    message = _refused_pair(qtbot, loaded, picker, final, mt)
    assert message == f"{final}, line 2: {ENTITIES_REFUSED}"
    assert loaded.session.files == demo.file_set()


def _refused_test_set(
    qtbot: QtBot, window: MainWindow, picker: list[Path], path: Path
) -> str:
    """Open `path` as a test set: the one line the roles dialog shows for it."""
    window.show()
    qtbot.waitExposed(window)
    dialog = open_test_set(window)
    picker.append(path)
    with qtbot.waitSignal(window.session.error_occurred, timeout=TIMEOUT) as error:
        qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    message = str(error.args[0])
    roles = window.file_actions.roles_dialog
    assert roles is not None
    assert roles.problem_text == f"⚠ {message}"
    assert not roles.ok_button.isEnabled()
    return message


def test_a_workbook_whose_sheet_does_not_parse_is_one_line(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    picker: list[Path],
    tmp_path: Path,
) -> None:
    def cut(xml: bytes) -> bytes:
        return xml.replace(b"</sheetData>", b"<row></sheetData>")

    good = small_workbook(tmp_path / "good.xlsx")
    path = rewrite(good, tmp_path / "damaged.xlsx", SHEET, cut)
    message = _refused_test_set(qtbot, loaded, picker, path)
    assert message.startswith(
        f"{path}, sheet 'Sheet': is damaged: xl/worksheets/sheet1.xml cannot be "
        "read (mismatched tag: line 1, column "
    )
    assert loaded.session.files == demo.file_set()


def test_a_zip_bomb_is_one_line(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    picker: list[Path],
    tmp_path: Path,
) -> None:
    good = small_workbook(tmp_path / "good.xlsx")
    path = one_huge_cell(good, tmp_path / "bomb.xlsx", 200)
    message = _refused_test_set(qtbot, loaded, picker, path)
    assert message == (
        f"{path}, part 'xl/worksheets/sheet1.xml': expands 1,026 times when "
        "unzipped (200 KiB to 200 MiB), as a zip bomb does; bleu-gui reads no part "
        "over 4 MiB that expands more than 100 times"
    )
    assert loaded.session.files == demo.file_set()


def test_an_empty_xml_file_is_one_line(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    picker: list[Path],
    tmp_path: Path,
) -> None:
    path = tmp_path / "set.xml"
    path.write_bytes(b"")
    message = _refused_test_set(qtbot, loaded, picker, path)
    assert message == f"{path}: is empty: an XML file holds at least its root element"
    assert loaded.session.files == demo.file_set()


def test_an_xliff_pair_named_xml_with_a_long_comment_first_is_scored(
    qtbot: QtBot, window: MainWindow, picker: list[Path], tmp_path: Path
) -> None:
    comment = "<!-- " + "padding " * 10_000 + "-->"
    final, mt = (
        write_xml(tmp_path, "XLIFF 1.2", comment, text, stem=stem, source="a cat")
        for stem, text in (("final", "the cat sat on the mat"), ("mt", "the cat sat"))
    )
    final, mt = (
        final.rename(final.with_suffix(".xml")),
        mt.rename(mt.with_suffix(".xml")),
    )
    window.show()
    qtbot.waitExposed(window)
    dialog = open_test_set(window)
    picker.extend([final, mt])
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.candidate_button, Qt.MouseButton.LeftButton)
    with scored(qtbot, window):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    (system,) = window.session.systems
    assert_sacrebleus(system, ["Hallo the cat sat"], [["Hallo the cat sat on the mat"]])


def test_a_workbook_with_a_blank_column_and_an_uncached_formula(
    qtbot: QtBot, window: MainWindow, picker: list[Path], tmp_path: Path
) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["ref", None, "hyp"])
    sheet.append(["the cat sat", None, "=A2"])
    sheet.append(["a dog ran", None, "a dog runs"])
    path = tmp_path / "formulas.xlsx"
    book.save(path)
    warnings: list[str] = []
    window.session.warning_occurred.connect(warnings.append)
    window.show()
    qtbot.waitExposed(window)
    dialog = open_test_set(window)
    picker.append(path)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    roles = roles_dialog(qtbot, window)
    assert roles.problem_text == ""
    assert roles.notices.text() == (
        "• Column 'hyp': 1 formula without a cached value (cell C2), read as empty "
        "segments; save the file in Excel or LibreOffice first"
    )
    with scored(qtbot, window):
        qtbot.mouseClick(roles.ok_button, Qt.MouseButton.LeftButton)
    (system,) = window.session.systems
    assert_sacrebleus(system, ["", "a dog runs"], [["the cat sat", "a dog ran"]])
    assert warnings == [
        f"{path}, column 'hyp': 1 formula without a cached value (cell C2), read as "
        "empty segments; save the file in Excel or LibreOffice first"
    ]
