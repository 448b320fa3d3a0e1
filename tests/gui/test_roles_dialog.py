"""The roles dialog on its own: columns, roles prefilled or chosen, options, OK.

Driven at a human pace: the role choosers get keys (Down moves to the next role,
as a user does with a focused combo box), OK and the option boxes get mouse
clicks. The bundles are made by hand; the words checked are those users read.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from bleu_gui.io import Segments
from bleu_gui.io.bundle import Bundle, Column, Format, Role, Roles
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.models.session import BundleSet
from bleu_gui.views.roles_dialog import (
    NO_REFERENCE_COLUMN,
    NO_SYSTEM_COLUMN,
    NOT_USED,
    READING_TEXT,
    RolesDialog,
)

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

WMT = Path("newstest2021.de-en.xml")
SHEET = Path("post-edits.tsv")


def column(path: Path, key: str, label: str, role: Role | None, *lines: str) -> Column:
    return Column(key, label, role, Segments(path, lines))


def wmt_bundle() -> Bundle:
    lines = ("Der Hund bellt .", "Die Katze schläft .", "Ein Vogel singt .")
    return Bundle(
        WMT,
        Format.WMT_XML,
        (
            column(WMT, "source", "source", Role.SOURCE, *lines),
            column(
                WMT, "A", "reference A", Role.REFERENCE, "The dog barks .", "b", "c"
            ),
            column(WMT, "B", "reference B", Role.REFERENCE, "A dog barks .", "b", "c"),
            column(
                WMT, "Online-W", "Online-W", Role.SYSTEM, "The dog barks .", "b", "c"
            ),
            column(WMT, "UEdin", "UEdin", Role.SYSTEM, "Dog is barking .", "b", "c"),
        ),
        documents=("d1", "d1", "d2"),
    )


def sheet_bundle() -> Bundle:
    return Bundle(
        SHEET,
        Format.TSV,
        (
            column(SHEET, "doc", "column 'doc'", None, "d1", "d1", "d2"),
            column(SHEET, "de", "column 'de'", None, "Hund", "Katze", "Vogel"),
            column(SHEET, "mt", "column 'mt'", None, "hound", "cat", "bird"),
            column(SHEET, "final", "column 'final'", None, "dog", "cat", "bird"),
        ),
    )


def make_dialog(qtbot: QtBot, path: Path) -> RolesDialog:
    dialog = RolesDialog(None, path)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def choose(qtbot: QtBot, combo: QComboBox, text: str) -> None:
    """Press Down on the focused chooser until it shows `text` (as a user would)."""
    combo.setFocus()
    for _ in range(combo.count()):
        if combo.currentText() == text:
            return
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == text


def test_a_wmt_file_comes_with_its_roles_and_options(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot, WMT)
    assert dialog.windowTitle() == f"Open {WMT.name}"
    assert dialog.problem_text == READING_TEXT
    assert not dialog.ok_button.isEnabled()
    dialog.set_bundle(wmt_bundle())
    assert dialog.problem_text == ""
    assert dialog.summary.text() == (
        f"<b>{WMT.name}</b> · WMT XML · 3 segments · 2 documents"
    )
    roles = [dialog.role_combo(c.key).currentText() for c in wmt_bundle().columns]
    assert roles == ["Source", "Reference", "Reference", "System", "System"]
    # WMT XML keeps its own document ids: no column can be them.
    combo = dialog.role_combo("A")
    offered = [combo.itemText(k) for k in range(combo.count())]
    assert offered == [NOT_USED, "Reference", "System", "Source"]
    assert dialog.include_testsuites.isVisible()
    assert dialog.keep_unreferenced.isVisible()
    assert not dialog.sheet.isVisible()
    assert not dialog.languages.isVisible()
    preview = dialog.table.item(1, 2)
    assert preview is not None
    assert preview.text() == "The dog barks ."
    with qtbot.waitSignal(dialog.open_requested) as opened:
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert opened.args == [
        BundleSet(
            WMT,
            Roles(("A", "B"), ("Online-W", "UEdin"), "source"),
            Format.WMT_XML,
            "utf-8",
            FormatOptions(),
        )
    ]
    assert dialog.problem_text == "Checking the files…"
    assert not dialog.table.isEnabled()


def test_the_user_says_which_spreadsheet_column_is_which(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot, SHEET)
    dialog.set_bundle(sheet_bundle())
    assert [
        dialog.role_combo(k).currentText() for k in ("doc", "de", "mt", "final")
    ] == [NOT_USED] * 4
    assert not dialog.include_testsuites.isVisible()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.problem_text == f"⚠ {NO_REFERENCE_COLUMN}"
    choose(qtbot, dialog.role_combo("final"), "Reference")
    assert dialog.problem_text == ""  # a new choice clears the complaint
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.problem_text == f"⚠ {NO_SYSTEM_COLUMN}"
    choose(qtbot, dialog.role_combo("mt"), "System")
    choose(qtbot, dialog.role_combo("de"), "Source")
    choose(qtbot, dialog.role_combo("doc"), "Source")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.problem_text == (
        "⚠ column 'doc' and column 'de' are both source: choose one"
    )
    choose(qtbot, dialog.role_combo("doc"), "Document ids")
    with qtbot.waitSignal(dialog.open_requested) as opened:
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    request = opened.args[0]
    assert isinstance(request, BundleSet)
    assert request.roles == Roles(("final",), ("mt",), "de", "doc")


def test_a_new_encoding_or_option_reads_the_file_again_and_keeps_the_roles(
    qtbot: QtBot,
) -> None:
    dialog = make_dialog(qtbot, SHEET)
    dialog.set_bundle(sheet_bundle())
    choose(qtbot, dialog.role_combo("final"), "Reference")
    choose(qtbot, dialog.role_combo("mt"), "System")
    asked: list[tuple[object, ...]] = []
    dialog.reread_requested.connect(lambda *args: asked.append(args))
    choose(qtbot, dialog.encoding, "Latin-1")  # each key a choice: UTF-16, Latin-1
    assert asked[-1] == (SHEET, Format.TSV, "latin-1", FormatOptions())
    assert dialog.problem_text == READING_TEXT
    assert not dialog.ok_button.isEnabled()
    dialog.set_bundle(sheet_bundle())
    assert dialog.role_combo("final").currentText() == "Reference"
    assert dialog.role_combo("mt").currentText() == "System"
    request = dialog.request()
    assert isinstance(request, BundleSet)
    assert request.encoding == "latin-1"


def test_wmt_options_read_the_file_again(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot, WMT)
    dialog.set_bundle(wmt_bundle())
    with qtbot.waitSignal(dialog.reread_requested) as reread:
        qtbot.mouseClick(
            dialog.include_testsuites,
            Qt.MouseButton.LeftButton,
            pos=dialog.include_testsuites.rect().center(),
        )
    assert reread.args[3] == FormatOptions(include_testsuites=True)


def test_a_problem_unlocks_the_choices(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot, WMT)
    dialog.set_bundle(wmt_bundle())
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.problem_text == "Checking the files…"
    dialog.show_problem("newstest2021.de-en.xml, document 'd2', segment 1: bad")
    assert not dialog.checking
    assert dialog.table.isEnabled()
    assert dialog.ok_button.isEnabled()
    assert dialog.problem_text == (
        "⚠ newstest2021.de-en.xml, document 'd2', segment 1: bad"
    )
