"""Post-editing effort in the sentence table: edit rates and bands, as typed.

The demo's happypoet output is opened in the real window; every effort cell read
off the table is compared with the textbook Levenshtein recurrence run here on the
same texts (`tests.oracles.levenshtein`), against the reference with the fewest
character edits per character. A post-edit typed into the What if bar moves the
columns. Events are ordered by signals and by what the window shows.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.cell.rich_text import CellRichText, TextBlock
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bleu_gui.core.changes import TextChanges
from bleu_gui.models.export_rows import sentence_table_steps
from bleu_gui.models.sentence_table import ColumnKey, ColumnKind
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.main_window import MainWindow
from tests.core.demo_systems import references, system
from tests.gui.test_what_if_window import ROW, kept, open_demo, type_edit
from tests.oracles import levenshtein

TIMEOUT = 60_000
NAME = "happypoet"

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def expected(hypothesis: str, row: int) -> tuple[str, str, str]:
    """The word and character edit rates and the band, as the cells show them."""
    refs = [stream[row] for stream in references()]
    per_char = [levenshtein(hypothesis, ref) / len(ref) for ref in refs]
    closest = refs[per_char.index(min(per_char))]
    words = levenshtein(hypothesis.split(), closest.split()) / len(closest.split())
    match = 100 - 100 * min(per_char)
    band = next(
        label
        for low, label in (
            (100, "100 %"),
            (95, "95–99 %"),
            (85, "85–94 %"),
            (75, "75–84 %"),
            (50, "50–74 %"),
            (0, "< 50 %"),
        )
        if match >= low
    )
    return f"{100 * words:.1f}", f"{100 * min(per_char):.1f}", band


def shown(window: MainWindow, row: int) -> tuple[str, str, str]:
    model = window.browser.model
    table_row = model.table_row(row)
    assert table_row is not None
    cells = []
    for kind in (ColumnKind.WORD_EDITS, ColumnKind.CHAR_EDITS, ColumnKind.BAND):
        column = model.column_of(ColumnKey(kind))
        assert column is not None
        cells.append(str(model.index(table_row, column).data()))
    return cells[0], cells[1], cells[2]


def counted(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: window.browser.model.effort is not None, timeout=TIMEOUT)


def test_the_effort_columns_are_the_recurrences_against_the_closest_reference(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_demo(qtbot, window, NAME)
    counted(qtbot, window)
    texts = system(NAME)
    for row in (0, 9, 14, 100, ROW, 499):
        assert shown(window, row) == expected(texts[row], row), row
    # The band shows; the rates it sums up are in the Columns menu.
    view, model = window.table, window.browser.model
    band = model.column_of(ColumnKey(ColumnKind.BAND))
    word = model.column_of(ColumnKey(ColumnKind.WORD_EDITS))
    assert band is not None
    assert word is not None
    assert not view.isColumnHidden(band)
    assert view.isColumnHidden(word)
    tip = model.headerData(band, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert "100 % (nothing to change), 95–99, 85–94, 75–84, 50–74, < 50" in str(tip)


def test_a_post_edit_typed_in_what_if_moves_the_effort(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_demo(qtbot, window, NAME)
    counted(qtbot, window)
    before = shown(window, ROW)
    assert before == expected(system(NAME)[ROW], ROW)
    assert before[2] != "100 %"
    final = references()[1][ROW]  # the post-editor's text: reference B's
    qtbot.keyClick(window, Qt.Key.Key_F2)
    type_edit(qtbot, window, final)
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.EFFORT),
        timeout=TIMEOUT,
    ):
        kept(qtbot, window)
    qtbot.waitUntil(lambda: shown(window, ROW)[2] == "100 %", timeout=TIMEOUT)
    assert shown(window, ROW) == ("0.0", "0.0", "100 %")
    # One word short of it: one word edit, and the band it falls in.
    shorter = final.replace("recovered ", "")
    qtbot.keyClick(window, Qt.Key.Key_F2)
    type_edit(qtbot, window, shorter)
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.EFFORT),
        timeout=TIMEOUT,
    ):
        kept(qtbot, window)
    qtbot.waitUntil(lambda: shown(window, ROW)[2] != "100 %", timeout=TIMEOUT)
    assert shown(window, ROW) == expected(shorter, ROW)


def test_the_pairs_effort_is_counted_and_another_once_shown(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Ten systems counted while the others are scored would take the GIL from
    # the window for seconds: only the pair's two are counted, B's first.
    session = window.session
    order: list[int] = []
    session.workspace_changed.connect(
        lambda _old, _new, change: order.extend(sorted(change.counted))
    )
    open_demo(qtbot, window, "UEdin", "Online-W", NAME)
    uedin, online, happypoet = session.systems
    qtbot.waitUntil(
        lambda: session.workspace.system(uedin.id).current_effort is not None,
        timeout=TIMEOUT,
    )
    workspace = session.workspace
    assert workspace.system(happypoet.id).current_effort is not None
    assert workspace.system(online.id).current_effort is None
    assert order == [happypoet.id, uedin.id]
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.EFFORT), timeout=TIMEOUT
    ) as counted_now:
        session.set_shown(online.id)
    assert counted_now.args is not None
    assert counted_now.args[2].counted == {online.id}
    qtbot.waitUntil(
        lambda: shown(window, ROW) == expected(system("Online-W")[ROW], ROW),
        timeout=TIMEOUT,
    )


def test_the_workbook_shows_each_sentences_changes_into_its_closest_reference(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """A post-edit typed in What if: its row's changes are the ones typed."""
    open_demo(qtbot, window, NAME)
    counted(qtbot, window)
    final = references()[1][ROW]
    shorter = final.replace("recovered ", "")  # reference B, one word left out
    qtbot.keyClick(window, Qt.Key.Key_F2)
    type_edit(qtbot, window, shorter)
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.EFFORT),
        timeout=TIMEOUT,
    ):
        kept(qtbot, window)
    qtbot.waitUntil(lambda: shown(window, ROW)[2] != "100 %", timeout=TIMEOUT)
    target = tmp_path / "sentences.xlsx"
    with qtbot.waitSignal(window.exports.export_finished, timeout=TIMEOUT):
        window.exports.export_sentences(target)
    sheet = load_workbook(target, rich_text=True)["Table"]
    rows = list(sheet.iter_rows())
    header = [cell.value for cell in rows[0]]
    assert header[-1] == "Changes into the closest reference"
    number = header.index("#")
    row = next(r for r in rows[1:] if r[number].value == ROW + 1)
    value = row[-1].value
    assert isinstance(value, CellRichText)
    styled = [
        (part.text, part.font.u, bool(part.font.strike))
        for part in value
        if isinstance(part, TextBlock)
    ]
    assert styled == [("recovered", "single", False)]  # the one word to type
    assert "".join(str(part) for part in value) == final
    # The other formats keep the table's columns only.
    csv_target = tmp_path / "sentences.csv"
    with qtbot.waitSignal(window.exports.export_finished, timeout=TIMEOUT):
        window.exports.export_sentences(csv_target)
    assert "Changes" not in csv_target.read_text(encoding="utf-8-sig")


def test_collecting_track_changes_steps_in_small_slices(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A row's changes cost ~0.35 ms: 200 rows a slice held the window 70 ms."""
    open_demo(qtbot, window, NAME)
    model, shown = window.browser.model, window.table.shown_columns()

    def slices(changes: Callable[[int], TextChanges | None] | None) -> int:
        steps = sentence_table_steps(model, shown, title="t", changes=changes)
        count = 0
        while True:
            try:
                next(steps)
            except StopIteration:
                return count
            count += 1

    assert slices(None) == 3  # 500 rows, 200 a slice
    assert slices(lambda _row: None) == 25  # 20 a slice
