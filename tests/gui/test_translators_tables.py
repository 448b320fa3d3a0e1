"""Translators' files in the roles dialog: their headers, sheets and languages.

Real files on disk, opened as the window opens them (`FileActions.open_bundle`,
the session reading them in the background): a CAT tool's table comes with its
roles ("Source (en-US)", "MT", "Post-edit", "Segment ID"), a workbook's sheets are
listed to pick from, a TMX file's languages are listed, and no encoding is offered
where the file declares its own. Choices are made with the keyboard on the real
combo boxes; events are ordered by the session's signals. Scores are sacreBLEU's on
the same strings.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sacrebleu
from openpyxl import Workbook
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from bleu_gui.core import BleuScore
from bleu_gui.io.bundle import Format
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.formats import read_bundle
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.roles_dialog import READING_TEXT, RolesDialog
from tests.gui.demo_sets import TIMEOUT, scored, window
from tests.unicode_text import write_unicode_text

__all__ = ["window"]  # fixtures

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

FORMATS = Path(__file__).resolve().parents[1] / "io" / "data" / "formats"

MT = ["Öffne die Datei.", "Klicken Sie OK.", "Die Datei ist nicht gespeichert."]
POST_EDIT = [
    "Öffnen Sie die Datei.",
    "Klicken Sie auf OK.",
    "Die Datei wurde nicht gespeichert.",
]
SOURCE = ["Open the file.", "Click OK.", "The file was not saved."]


def rows() -> list[list[str]]:
    """A CAT tool's export: id, source, MT, post-edit and a notes column."""
    header = ["Segment ID", "Source (en-US)", "MT", "Post-edit (de-DE)", "Notes"]
    body = [
        [str(k + 1), SOURCE[k], MT[k], POST_EDIT[k], ""] for k in range(len(SOURCE))
    ]
    return [header, *body]


def open_roles(qtbot: QtBot, window: MainWindow, path: Path) -> RolesDialog:
    """Open `path` as a person's drop or pick does; wait for its columns."""
    with qtbot.waitSignal(window.session.bundle_inspected, timeout=TIMEOUT):
        dialog = window.file_actions.open_bundle(path)
    qtbot.waitUntil(dialog.isVisible, timeout=TIMEOUT)
    return dialog


def accept_and_check_score(
    qtbot: QtBot, window: MainWindow, dialog: RolesDialog
) -> None:
    """Click OK; the window's BLEU must be sacreBLEU's of the MT against the PE."""
    with scored(qtbot, window):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    scores = window.session.scores
    assert scores is not None
    assert isinstance(scores.corpus, BleuScore)
    expected = sacrebleu.corpus_bleu(MT, [POST_EDIT])
    assert scores.corpus.score == expected.score


def roles_shown(dialog: RolesDialog) -> dict[str, str]:
    bundle = dialog.bundle
    assert bundle is not None
    return {c.key: dialog.role_combo(c.key).currentText() for c in bundle.columns}


def pick(qtbot: QtBot, combo: QComboBox, text: str) -> None:
    """Choose `text` in `combo` with the keyboard: Down until it shows."""
    combo.setFocus()
    for _ in range(combo.count()):
        if combo.currentText() == text:
            return
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == text


def test_a_cat_tools_table_comes_with_its_roles(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    sheet = tmp_path / "job.tsv"
    sheet.write_text("".join("\t".join(row) + "\n" for row in rows()), encoding="utf-8")
    dialog = open_roles(qtbot, window, sheet)
    assert roles_shown(dialog) == {
        "Segment ID": "Unit ids",
        "Source (en-US)": "Source",
        "MT": "System",
        "Post-edit (de-DE)": "Reference",
        "Notes": "Not used",
    }
    assert dialog.encoding.isVisible()  # a TSV file: its encoding is chosen
    accept_and_check_score(qtbot, window, dialog)


def test_a_workbooks_sheets_are_listed_to_pick_from(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    book = Workbook()
    cover = book.active
    assert cover is not None
    cover.title = "Cover"
    cover.append(["Project"])
    cover.append(["Manual, release 3"])
    segments = book.create_sheet("Segments")
    for row in rows():
        segments.append(row)
    path = tmp_path / "job.xlsx"
    book.save(path)
    dialog = open_roles(qtbot, window, path)
    assert dialog.sheet.isVisible()
    assert [dialog.sheet.itemText(k) for k in range(dialog.sheet.count())] == [
        "Cover",
        "Segments",
    ]
    assert dialog.sheet.currentText() == "Cover"
    assert roles_shown(dialog) == {"Project": "Not used"}
    assert not dialog.encoding.isVisible()  # a workbook says its own
    with qtbot.waitSignal(window.session.bundle_inspected, timeout=TIMEOUT):
        pick(qtbot, dialog.sheet, "Segments")
    assert dialog.options() == FormatOptions(sheet="Segments")
    assert dialog.sheet.currentText() == "Segments"
    assert roles_shown(dialog)["MT"] == "System"
    accept_and_check_score(qtbot, window, dialog)


def test_a_tmx_files_languages_are_listed_to_pick_from(qtbot: QtBot) -> None:
    path = FORMATS / "memory-two-languages.tmx"
    dialog = RolesDialog(None, path)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.format is Format.TMX
    dialog.set_bundle(read_bundle(path))
    assert dialog.languages.isVisible()
    # The pair read first (the header's srclang is the source), chosen.
    assert dialog.languages.offered == ("de", "en")
    assert dialog.languages.languages() == ("de", "en")
    assert dialog.languages.source.isEditable() is False  # chosen, not typed
    with qtbot.waitSignal(dialog.reread_requested, timeout=TIMEOUT) as asked:
        dialog.languages.source.setFocus()
        qtbot.keyClicks(dialog.languages.source, "en")
    assert asked.args[3].languages == ("en", "en")
    assert dialog.problem_text == READING_TEXT
    dialog.show_problem(
        "memory-two-languages.tmx: the source and target languages must differ"
    )
    with qtbot.waitSignal(dialog.reread_requested, timeout=TIMEOUT) as asked:
        dialog.languages.target.setFocus()
        qtbot.keyClicks(dialog.languages.target, "de")
    assert asked.args[3].languages == ("en", "de")


@pytest.mark.parametrize("name", ["job-final.xlf", "memory-two-languages.tmx"])
def test_no_encoding_is_offered_for_xliff_or_tmx(qtbot: QtBot, name: str) -> None:
    dialog = RolesDialog(None, FORMATS / name)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.set_bundle(read_bundle(FORMATS / name))
    assert not dialog.encoding.isVisible()
    assert not dialog.encoding_label.isVisible()


def test_excels_unicode_text_opens_as_a_table(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = write_unicode_text(tmp_path / "job.txt", rows())
    with qtbot.waitSignal(window.session.bundle_inspected, timeout=TIMEOUT):
        window.file_actions.open_dropped([path])  # a drop, as from a file manager
    dialog = window.file_actions.roles_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible, timeout=TIMEOUT)
    assert dialog.summary.text() == "<b>job.txt</b> · TSV spreadsheet · 3 segments"
    assert roles_shown(dialog)["MT"] == "System"
    assert roles_shown(dialog)["Post-edit (de-DE)"] == "Reference"
    accept_and_check_score(qtbot, window, dialog)
