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
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bleu_gui.io.xml_files import ENTITIES_REFUSED
from bleu_gui.views.main_window import MainWindow
from tests.gui.demo_sets import TIMEOUT, DemoSet, demo, loaded, window
from tests.gui.test_formats_end_to_end import open_test_set, picker
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
