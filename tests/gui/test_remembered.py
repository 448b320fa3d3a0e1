"""What the window remembers between runs: recent test sets with their options,
bundles among them, and the table's columns.

Each "run" is a window on the same INI file (`QSettings`), as two starts of the
application are; numbers are sacreBLEU's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from bleu_gui.core.config import BleuConfig
from bleu_gui.io.bundle import Roles
from bleu_gui.models.recent import Remembered
from bleu_gui.models.sentence_table import ColumnKey, ColumnKind
from bleu_gui.models.session import BundleSet, FileSet, Session
from bleu_gui.views.main_window import MainWindow
from tests.gui.demo_sets import TIMEOUT, demo_set, read_lines, write_lines

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

HYP_ZH = ["猫坐在垫子上。", "今天天气很好。", "我们明天去北京。", "他喜欢读书和写字。"]
REF_ZH = ["猫坐在垫子上。", "今天的天气很好。", "我们明天要去北京。", "他喜欢看书。"]


@pytest.fixture
def ini(tmp_path: Path) -> Path:
    return tmp_path / "settings.ini"


@pytest.fixture
def windows() -> Iterator[list[MainWindow]]:
    made: list[MainWindow] = []
    yield made
    for window in made:
        window.explainer.shutdown()
        window.session.shutdown()
        window.recent.close()


def start(qtbot: QtBot, windows: list[MainWindow], ini: Path) -> MainWindow:
    """A new start of the application on the settings in `ini`."""
    settings = QSettings(str(ini), QSettings.Format.IniFormat)
    window = MainWindow(Session(processes=1), settings)
    qtbot.addWidget(window)
    windows.append(window)
    return window


def wait_idle(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: not window.session.is_busy, timeout=TIMEOUT)


def scored(qtbot: QtBot, window: MainWindow, request: object) -> None:
    """Run `request()` and wait until its work has ended."""
    with qtbot.waitSignal(
        window.session.busy_changed, check_params_cb=lambda b: not b, timeout=TIMEOUT
    ):
        assert callable(request)
        request()
    wait_idle(qtbot, window)


def recent_action(window: MainWindow, name: str) -> QAction:
    actions = [a for a in window.recent_menu.actions() if a.text().startswith(name)]
    assert len(actions) == 1, [a.text() for a in window.recent_menu.actions()]
    return actions[0]


def test_a_chinese_test_set_reopened_from_recent_comes_back_with_zh(
    qtbot: QtBot, tmp_path: Path, ini: Path, windows: list[MainWindow]
) -> None:
    folder = tmp_path / "zh"
    chinese = FileSet(
        write_lines(folder / "hyp.zh.txt", HYP_ZH),
        (write_lines(folder / "ref.zh.txt", REF_ZH),),
    )
    english = demo_set(tmp_path / "en").file_set()
    window = start(qtbot, windows, ini)
    scored(qtbot, window, lambda: window.session.open_files(chinese))
    scored(qtbot, window, lambda: window.session.set_config(BleuConfig(tokenizer="zh")))
    scored(qtbot, window, lambda: window.session.open_files(english))
    scored(qtbot, window, lambda: window.session.set_config(BleuConfig()))
    assert [a.text() for a in window.recent_menu.actions()] == [
        f"sys.happypoet.txt (+2 references) · 13a · {tmp_path / 'en'}",
        f"hyp.zh.txt (+1 reference) · zh · {folder}",
    ]
    # Reopened while another test set is open: that one keeps its own options,
    # and the menu rebuilt for the new order never pulls the action from under
    # its own trigger.
    action = recent_action(window, "hyp.zh.txt")

    def trigger() -> None:
        action.trigger()
        assert action.text().startswith("hyp.zh.txt")  # still there

    scored(qtbot, window, trigger)
    assert window.session.config.tokenizer_name == "zh"
    assert [a.text() for a in window.recent_menu.actions()] == [
        f"hyp.zh.txt (+1 reference) · zh · {folder}",
        f"sys.happypoet.txt (+2 references) · 13a · {tmp_path / 'en'}",
    ]
    window.recent.close()

    again = start(qtbot, windows, ini)  # the next start of the application
    assert again.session.config.tokenizer_name == "13a"
    action = recent_action(again, "hyp.zh.txt")
    assert action.toolTip() == (
        f"System: {chinese.hypothesis}\nReference: {chinese.references[0]}\n"
        "Reopens with: tokenizer zh, sacreBLEU 2.6.0, smoothing exp"
    )
    scored(qtbot, again, action.trigger)
    assert again.session.files == chinese
    assert again.session.config.tokenizer_name == "zh"
    assert again.settings_panel.current_config().tokenizer_name == "zh"
    expected = sacrebleu.corpus_bleu(HYP_ZH, [REF_ZH], tokenize="zh").score
    assert again.summary.score.text() == f"{expected:.2f}"
    assert expected != pytest.approx(sacrebleu.corpus_bleu(HYP_ZH, [REF_ZH]).score)


def test_a_test_set_of_one_file_is_a_recent_entry_and_reopens(
    qtbot: QtBot, tmp_path: Path, ini: Path, windows: list[MainWindow]
) -> None:
    demo = demo_set(tmp_path / "demo")
    # The rows without a quotation mark (TSV quotes like CSV).
    rows = [
        row
        for row in zip(
            read_lines(demo.source),
            read_lines(demo.refs[0]),
            read_lines(demo.candidate),
            strict=True,
        )
        if not any('"' in text for text in row)
    ]
    sheet = tmp_path / "sheet" / "test set.tsv"
    write_lines(sheet, ["src\tref\tmt", *("\t".join(row) for row in rows)])
    request = BundleSet(sheet, Roles(("ref",), ("mt",), "src"))
    window = start(qtbot, windows, ini)
    scored(qtbot, window, lambda: window.session.open_bundle(request))
    scored(qtbot, window, lambda: window.session.set_config(BleuConfig(lowercase=True)))
    assert window.recent.remembered() == [
        Remembered(request, BleuConfig(lowercase=True))
    ]
    assert [a.text() for a in window.recent_menu.actions()] == [
        f"test set.tsv (1 system, 1 reference) · 13a, lowercased · {sheet.parent}"
    ]
    window.recent.close()

    again = start(qtbot, windows, ini)
    scored(qtbot, again, recent_action(again, "test set.tsv").trigger)
    assert again.session.opened == request
    assert again.session.config == BleuConfig(lowercase=True)
    hypotheses, references = [row[2] for row in rows], [row[1] for row in rows]
    expected = sacrebleu.corpus_bleu(hypotheses, [references], lowercase=True).score
    assert again.summary.score.text() == f"{expected:.2f}"


def test_column_choices_and_widths_come_back_on_the_next_start(
    qtbot: QtBot, tmp_path: Path, ini: Path, windows: list[MainWindow]
) -> None:
    files = demo_set(tmp_path / "demo").file_set()
    cost, p2 = ColumnKey(ColumnKind.COST), ColumnKey(ColumnKind.PRECISION, 2)
    first = start(qtbot, windows, ini)
    first.show()
    scored(qtbot, first, lambda: first.session.open_files(files))
    first.table.set_column_shown(cost, False)
    first.table.set_column_shown(p2, False)
    first.table.setColumnWidth(1, 131)
    first.close()

    second = start(qtbot, windows, ini)
    second.show()
    scored(qtbot, second, lambda: second.session.open_files(files))
    assert not second.table.is_column_shown(cost)
    assert not second.table.is_column_shown(p2)
    assert second.table.is_column_shown(ColumnKey(ColumnKind.PRECISION, 1))
    assert second.table.columnWidth(1) == 131
    assert second.table.column_choices() == {cost: False, p2: False}
