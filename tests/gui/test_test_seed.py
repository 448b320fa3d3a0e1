"""The paired tests' seed in the window: typed in the Systems dock, or from the
environment as sacreBLEU reads it (`SACREBLEU_SEED`).

The p-values expected are sacreBLEU's own `PairedTest`, run in the test with
`SACREBLEU_SEED` set to the same seed (`systems_support.sacrebleu_rows`). A seed is
typed as a person types it (select the field's text, type), Run is clicked.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from bleu_gui.core.significance import PairedTest, PairedTestResult
from bleu_gui.models.session import Session
from bleu_gui.models.systems_model import SystemColumn
from bleu_gui.views.compare_systems import CompareSystems
from bleu_gui.views.main_window import MainWindow
from tests.gui.systems_support import NAMES, sacrebleu_rows
from tests.gui.test_compare_systems_dock import cells, open_systems, p_text

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

TIMEOUT = 60_000
SAMPLES = 200


@pytest.fixture
def windows(qtbot: QtBot, tmp_path: Path) -> Iterator[list[MainWindow]]:
    """Windows made in the test (after it set the environment); they end with it."""
    made: list[MainWindow] = []
    yield made
    for window in made:
        window.documents.shutdown()
        window.compare_systems.shutdown()
        window.compare.shutdown()
        window.explainer.shutdown()
        window.session.shutdown()


def new_window(qtbot: QtBot, tmp_path: Path, made: list[MainWindow]) -> MainWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Session(processes=1), settings)
    qtbot.addWidget(window)
    made.append(window)
    window.resize(1280, 720)
    window.show()
    return window


def type_seed(qtbot: QtBot, compare: CompareSystems, text: str) -> None:
    """Select the Seed field's text and type `text` over it."""
    field = compare.table.seed_box
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    qtbot.keyClick(field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(field, text)


def run(qtbot: QtBot, compare: CompareSystems) -> PairedTestResult:
    compare.table.samples_box.setValue(SAMPLES)
    with qtbot.waitSignal(compare.test_finished, timeout=TIMEOUT) as finished:
        qtbot.mouseClick(compare.table.run_button, Qt.MouseButton.LeftButton)
    result = finished.args[0]
    assert isinstance(result, PairedTestResult)
    return result


def test_a_typed_seed_gives_sacrebleus_p_values_at_that_seed(
    qtbot: QtBot,
    tmp_path: Path,
    windows: list[MainWindow],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    window = new_window(qtbot, tmp_path, windows)
    open_systems(qtbot, window)
    compare = window.compare_systems
    assert compare.table.seed_box.text() == "12345"  # sacreBLEU's default
    type_seed(qtbot, compare, "777")
    assert compare.table.seed_box.text() == "777"
    result = run(qtbot, compare)
    theirs = sacrebleu_rows(
        monkeypatch, [0, 1, 2, 3], PairedTest.BOOTSTRAP, SAMPLES, 777
    )
    default = sacrebleu_rows(monkeypatch, [0, 1, 2, 3], PairedTest.BOOTSTRAP, SAMPLES)
    assert [r.p_value for r in theirs] != [r.p_value for r in default]  # it matters
    assert [r.p_value for r in result.systems] == [r.p_value for r in theirs[1:]]
    p_values = cells(compare.model, SystemColumn.P_VALUE)
    for name, row in zip(NAMES[1:], theirs[1:], strict=True):
        assert p_values[name] == p_text(row)
    assert set(cells(compare.model, SystemColumn.TEST).values()) == {
        "bootstrap ×200, seed 777"
    }
    # The Test column is hidden: the status line says the test in its words.
    assert "Test: bootstrap ×200, seed 777." in compare.table.status.text()


def test_letters_cannot_be_typed_but_none_can(qtbot: QtBot, window: MainWindow) -> None:
    compare = window.compare_systems
    type_seed(qtbot, compare, "12x3")
    assert compare.table.seed_box.text() == "123"
    type_seed(qtbot, compare, "None")
    assert compare.table.seed_box.text() == "None"
    assert compare.table.seed is None


def test_sacrebleu_seed_in_the_environment_is_the_windows_seed(
    qtbot: QtBot,
    tmp_path: Path,
    windows: list[MainWindow],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SACREBLEU_SEED", "4242")
    window = new_window(qtbot, tmp_path, windows)
    compare = window.compare_systems
    assert compare.table.seed_box.text() == "4242"
    open_systems(qtbot, window)
    result = run(qtbot, compare)
    assert result.seed == 4242
    theirs = sacrebleu_rows(
        monkeypatch, [0, 1, 2, 3], PairedTest.BOOTSTRAP, SAMPLES, 4242
    )
    assert [r.p_value for r in result.systems] == [r.p_value for r in theirs[1:]]
    assert set(cells(compare.model, SystemColumn.SIGNATURE).values()) == {
        "nrefs:2|bs:200|seed:4242|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
    }


def test_none_in_the_environment_runs_unseeded(
    qtbot: QtBot,
    tmp_path: Path,
    windows: list[MainWindow],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SACREBLEU_SEED", "None")
    window = new_window(qtbot, tmp_path, windows)
    open_systems(qtbot, window)
    compare = window.compare_systems
    assert compare.table.seed_box.text() == "None"
    result = run(qtbot, compare)
    assert result.seed is None
    assert set(cells(compare.model, SystemColumn.TEST).values()) == {
        "bootstrap ×200, seed none"
    }


def test_a_wrong_environment_seed_is_named_and_nothing_runs(
    qtbot: QtBot,
    tmp_path: Path,
    windows: list[MainWindow],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SACREBLEU_SEED", "abc")
    window = new_window(qtbot, tmp_path, windows)
    open_systems(qtbot, window)
    table = window.compare_systems.table
    assert table.seed_box.text() == "abc"
    assert not table.run_button.isEnabled()
    message = "SACREBLEU_SEED: 'abc' is neither an integer nor 'none'."
    assert table.run_button.toolTip() == message
    assert table.status.text() == message
    type_seed(qtbot, window.compare_systems, "5")
    assert table.run_button.isEnabled()
    assert table.status.text() == ""
