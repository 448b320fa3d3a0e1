"""A TMX file of three languages in the window: `--languages`, or the window asks.

`bleu-gui memory.tmx -i mt.tmx` without `--languages` opened an empty window, the
reader's line in its status bar only. Now the "Open test set" dialog opens with the
files filled in, the reader's line (the command line's, without its flag) and the
file's languages in two combo boxes; picked with the keyboard and opened, the
targets score as sacreBLEU scores the same strings, as `bleu-gui score
--languages` does. Events are ordered by the session's signals.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFileDialog
from pytestqt.qtbot import QtBot

from bleu_gui.app import _files, build_parser
from bleu_gui.core import BleuScore
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.models.session import FileSet
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.test_set_dialog import NO_LANGUAGES, OWN_ENCODING
from tests.gui.demo_sets import TIMEOUT, scored, window
from tests.gui.test_app import run as run_app

__all__ = ["window"]  # fixtures

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

TMX = Path(__file__).resolve().parents[1] / "io" / "data" / "formats"
MEMORY = TMX / "memory-en-de-fr.tmx"

# The German of the memory's four units as a translator reads it (tags dropped).
GERMAN = [
    "Öffnen Sie das Dialogfeld Einstellungen.",
    "Klicken Sie auf OK, um fortzufahren.",
    "Zeile eins Zeile zwei",
    "Die Datei wurde nicht gespeichert.",
]
MINE = "Klicken Sie OK, um weiterzumachen."


def memory_and_mt(folder: Path) -> tuple[Path, Path]:
    """The three-language memory and a system's copy with one German unit changed."""
    folder.mkdir(parents=True, exist_ok=True)
    memory = shutil.copy(MEMORY, folder / "memory.tmx")
    mt = folder / "mt.tmx"
    mt.write_text(MEMORY.read_text("utf-8").replace(GERMAN[1], MINE), "utf-8")
    return Path(memory), mt


def expected_score() -> float:
    return float(sacrebleu.corpus_bleu([GERMAN[0], MINE, *GERMAN[2:]], [GERMAN]).score)


def shown_score(window: MainWindow) -> float:
    """The shown system's corpus BLEU."""
    scores = window.session.scores
    assert scores is not None
    assert isinstance(scores.corpus, BleuScore), scores.corpus
    return scores.corpus.score


def command_line(*args: str) -> FileSet:
    """The files `bleu-gui ARGS` opens (the window's own parsing)."""
    parser = build_parser()
    files = _files(parser.parse_args(list(args)), parser)
    assert files is not None
    return files


def pick(qtbot: QtBot, combo: QComboBox, text: str) -> None:
    """Choose `text` in `combo` as a person does: focus it, type its start."""
    combo.setFocus()
    qtbot.keyClicks(combo, text)
    assert combo.currentText() == text


def test_the_window_takes_languages_as_score_does(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    memory, mt = memory_and_mt(tmp_path / "tm")
    files = command_line(str(memory), "-i", str(mt), "--languages", "en-US", "de-DE")
    assert files.options == FormatOptions(languages=("en-US", "de-DE"))
    with scored(qtbot, window):
        window.session.open_files(files)
    assert shown_score(window) == pytest.approx(expected_score(), abs=1e-9)
    assert window.file_actions.test_set_dialog is None


def test_a_wrong_language_is_the_line_score_gives(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    memory, mt = memory_and_mt(tmp_path / "tm")
    files = command_line(str(memory), "-i", str(mt), "--languages", "en-US", "it")
    with qtbot.waitSignal(window.session.error_occurred, timeout=TIMEOUT) as error:
        window.session.open_files(files)
    assert error.args == [
        f"{memory}: has no language 'it' (it has en-US, de-DE, fr-FR)"
    ]


def test_without_languages_the_window_asks_which_two(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    memory, mt = memory_and_mt(tmp_path / "tm")
    files = command_line(str(memory), "-i", str(mt))
    with qtbot.waitSignal(window.session.languages_needed, timeout=TIMEOUT):
        window.session.open_files(files)
    dialog = window.file_actions.test_set_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible, timeout=TIMEOUT)
    assert dialog.problem_text == (
        f"⚠ {memory}: has 3 languages (en-US, de-DE, fr-FR): choose the source and "
        "target languages"
    )
    assert dialog.reference_paths() == [memory]
    assert dialog.candidate.text() == str(mt)
    assert dialog.languages.isVisible()
    assert dialog.languages.offered == ("en-US", "de-DE", "fr-FR")
    # An XML file's encoding is its own: no chooser for it.
    reference = dialog.references.topLevelItem(0)
    assert reference is not None
    assert dialog.references.encoding_combo(reference) is None
    assert reference.text(1) == OWN_ENCODING
    assert not dialog.candidate_encoding.isVisible()
    # Open without choosing: the dialog says what is missing.
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.problem_text == f"⚠ {NO_LANGUAGES}"
    pick(qtbot, dialog.languages.source, "en-US")
    assert dialog.problem_text == ""
    pick(qtbot, dialog.languages.target, "de-DE")
    with scored(qtbot, window):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert shown_score(window) == pytest.approx(expected_score(), abs=1e-9)
    assert window.session.files is not None
    assert window.session.files.options.languages == ("en-US", "de-DE")
    qtbot.waitUntil(lambda: window.file_actions.test_set_dialog is None)


def test_file_open_asks_for_the_languages_too(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory, mt = memory_and_mt(tmp_path / "tm")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_args: (str(mt), ""))
    monkeypatch.setattr(
        QFileDialog, "getOpenFileNames", lambda *_args: ([str(memory)], "")
    )
    with qtbot.waitSignal(window.session.languages_needed, timeout=TIMEOUT):
        window.file_actions.open_action.trigger()
    dialog = window.file_actions.test_set_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible, timeout=TIMEOUT)
    assert dialog.languages.offered == ("en-US", "de-DE", "fr-FR")
    pick(qtbot, dialog.languages.source, "en-US")
    pick(qtbot, dialog.languages.target, "de-DE")
    with scored(qtbot, window):
        qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert shown_score(window) == pytest.approx(expected_score(), abs=1e-9)


def test_a_screenshot_run_says_how_to_give_the_languages_as_score_does(
    tmp_path: Path,
) -> None:
    """`--screenshot` asks nobody: its line is `bleu-gui score`'s, flag and all."""
    memory, mt = memory_and_mt(tmp_path / "tm")
    shot = tmp_path / "never.png"
    window_run = run_app(
        tmp_path, str(memory), "-i", str(mt), "--screenshot", str(shot)
    )
    score_run = run_app(tmp_path, "score", str(memory), "-i", str(mt))
    line = (
        f"bleu-gui: error: {memory}: has 3 languages (en-US, de-DE, fr-FR): choose "
        "the source and target languages with --languages SRC TGT\n"
    )
    assert score_run.stderr == line
    assert [
        text
        for text in window_run.stderr.splitlines(keepends=True)
        if "propagateSizeHints" not in text
    ] == [line]
    assert window_run.returncode == 1
    assert not shot.exists()
