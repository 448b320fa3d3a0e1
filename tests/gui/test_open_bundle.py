"""Opening a file of a whole test set in the window: drop, the dialog, the command line.

The files are test JSON read by test readers registered in `io.formats` (see
`tests.gui.bundle_support`), their texts the demo corpus's. Driven as a user
would: a drop event, the test-set dialog's Browse… button (the file picker
answered by a monkeypatched static function), keys on the role choosers, mouse
clicks on Open. Scores are sacreBLEU's on the same strings; events are ordered by
the session's signals.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QComboBox, QFileDialog, QLabel, QWidget
from pytestqt.qtbot import QtBot

from bleu_gui.app import _bundle, _files, build_parser
from bleu_gui.core import BleuScore
from bleu_gui.io.bundle import Bundle, Format
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.models.session import FileSet
from bleu_gui.models.workspace import System
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.file_actions import FileRole
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.roles_dialog import RolesDialog
from tests.gui.bundle_support import (
    DemoTexts,
    demo_texts,
    fake_align,
    register_readers,
    write_sheet,
    write_wmt,
    write_xliff,
)
from tests.gui.demo_sets import TIMEOUT, DemoSet, demo, loaded, scored, window

__all__ = ["demo", "loaded", "window"]  # fixtures

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

SYSTEMS = ["Facebook-AI", "Online-W", "UEdin", "happypoet"]


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> DemoTexts:
    register_readers(monkeypatch)
    return demo_texts()


def drop_files(window: MainWindow, paths: list[Path]) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    event = QDropEvent(
        QPoint(10, 10).toPointF(),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)


def roles_dialog(qtbot: QtBot, window: MainWindow) -> RolesDialog:
    """The roles dialog the window shows, once its file's columns are read."""
    qtbot.waitUntil(
        lambda: (
            window.file_actions.roles_dialog is not None
            and window.file_actions.roles_dialog.bundle is not None
        ),
        timeout=TIMEOUT,
    )
    dialog = window.file_actions.roles_dialog
    assert dialog is not None
    return dialog


def choose(qtbot: QtBot, combo: QComboBox, text: str) -> None:
    combo.setFocus()
    for _ in range(combo.count()):
        if combo.currentText() == text:
            return
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == text


def score_of(system: System) -> float:
    assert system.scores is not None
    score = system.scores.corpus
    assert isinstance(score, BleuScore)
    return score.score


def test_a_dropped_wmt_file_opens_with_every_system(
    qtbot: QtBot, window: MainWindow, texts: DemoTexts, tmp_path: Path
) -> None:
    path = write_wmt(tmp_path / "newstest2021.de-en.xml", texts)
    drop_files(window, [path])
    dialog = roles_dialog(qtbot, window)
    assert dialog.isVisible()
    with scored(qtbot, window):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.file_actions.roles_dialog is None, timeout=TIMEOUT)
    session = window.session
    qtbot.waitUntil(lambda: all(s.scores for s in session.systems), timeout=TIMEOUT)
    assert [s.name for s in session.systems] == SYSTEMS
    references = list(texts.references.values())
    for system in session.systems:
        expected = sacrebleu.corpus_bleu(texts.systems[system.name], references).score
        assert score_of(system) == pytest.approx(expected, abs=1e-9)
    assert window.file_actions.recent.entries() == []  # not a set of text files
    removable = [a.text() for a in window.file_actions.remove_menu.actions()]
    assert removable == ["1: reference A", "2: reference B"]
    qtbot.waitUntil(lambda: not window.sentence_pending, timeout=TIMEOUT)
    headers = [label.text() for label in window.detail.findChildren(QLabel)]
    assert any("Reference 1</b> (reference A)" in text for text in headers)
    assert any("Reference 2</b> (reference B)" in text for text in headers)


def test_a_spreadsheet_picked_in_the_test_set_dialog_asks_for_roles(
    qtbot: QtBot,
    window: MainWindow,
    texts: DemoTexts,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sheet = write_sheet(tmp_path / "job.tsv", texts)
    picked: list[str] = []

    def answer(
        _parent: QWidget, _title: str, _folder: str = "", _filter: str = ""
    ) -> tuple[str, str]:
        picked.append(_filter)
        return str(sheet), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", answer)
    window.open_test_set_action.trigger()
    test_set_dialog = window.file_actions.test_set_dialog
    assert test_set_dialog is not None
    qtbot.mouseClick(test_set_dialog.candidate_button, Qt.MouseButton.LeftButton)
    dialog = roles_dialog(qtbot, window)
    assert window.file_actions.test_set_dialog is None  # handed over
    (filters,) = picked
    assert filters.split(";;")[0] == (
        "Texts and test sets (*.txt *.gz *.xml *.sgm *.sgml *.tsv *.csv *.xlsx "
        "*.xlf *.xliff *.sdlxliff *.tmx)"
    )
    choose(qtbot, dialog.role_combo("post-edit"), "Reference")
    choose(qtbot, dialog.role_combo("mt"), "System")
    choose(qtbot, dialog.role_combo("de"), "Source")
    choose(qtbot, dialog.role_combo("doc"), "Document ids")
    with scored(qtbot, window):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    (system,) = window.session.systems
    assert system.name == "column 'mt'"
    expected = sacrebleu.corpus_bleu(
        texts.systems["Facebook-AI"], [texts.references["A"]]
    ).score
    assert score_of(system) == pytest.approx(expected, abs=1e-9)
    assert window.session.workspace.test_set is not None
    assert window.session.workspace.test_set.documents is not None


def test_a_failed_open_shows_in_the_dialog_and_keeps_the_test_set(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    texts: DemoTexts,
    tmp_path: Path,
) -> None:
    path = write_wmt(tmp_path / "newstest.xml", texts)
    drop_files(loaded, [path])
    dialog = roles_dialog(qtbot, loaded)
    path.write_text("{broken", encoding="utf-8")  # changed since it was read
    with qtbot.waitSignal(loaded.session.error_occurred, timeout=TIMEOUT):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.problem_text.startswith(f"⚠ {path}, line 1: is not a test bundle")
    assert dialog.isVisible()
    assert not dialog.checking
    assert loaded.session.files == demo.file_set()


def test_a_bundle_dropped_with_other_files_is_refused_in_one_line(
    qtbot: QtBot, window: MainWindow, texts: DemoTexts, tmp_path: Path
) -> None:
    path = write_wmt(tmp_path / "newstest.xml", texts)
    with qtbot.waitSignal(window.file_actions.error_occurred) as error:
        drop_files(window, [path, tmp_path / "hyp.txt"])
    assert error.args == ["newstest.xml holds a whole test set: drop it alone"]


def test_the_command_line_opens_a_wmt_file_at_once(
    qtbot: QtBot, window: MainWindow, texts: DemoTexts, tmp_path: Path
) -> None:
    path = write_wmt(tmp_path / "newstest.xml", texts)
    parser = build_parser()
    assert _bundle(parser.parse_args([str(path)]), parser) == path
    visible: list[bool] = []
    with scored(qtbot, window):
        dialog = window.file_actions.open_bundle(path, direct=True)
        dialog.finished.connect(lambda _: visible.append(dialog.isVisible()))
        assert not dialog.isVisible()
    qtbot.waitUntil(lambda: window.file_actions.roles_dialog is None, timeout=TIMEOUT)
    assert visible == [False]  # never shown, closed once opened
    assert [s.name for s in window.session.systems] == SYSTEMS
    shown = window.session.workspace.shown_system
    assert shown is not None
    assert shown.name == "happypoet"


def test_the_command_line_asks_for_a_spreadsheet_s_roles(
    qtbot: QtBot, window: MainWindow, texts: DemoTexts, tmp_path: Path
) -> None:
    sheet = write_sheet(tmp_path / "job.tsv", texts)
    window.file_actions.open_bundle(sheet, direct=True)
    dialog = roles_dialog(qtbot, window)
    qtbot.waitUntil(dialog.isVisible, timeout=TIMEOUT)
    assert window.session.workspace.test_set is None


def test_the_command_line_refuses_a_bundle_beside_other_files(
    texts: DemoTexts, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = build_parser()
    options = parser.parse_args([str(tmp_path / "t.xml"), "-i", "hyp.txt"])
    with pytest.raises(SystemExit):
        _bundle(options, parser)
    assert (
        f"{tmp_path / 't.xml'} holds a whole test set (references and systems): "
        "give it alone" in capsys.readouterr().err
    )
    plain = parser.parse_args(["ref.txt", "-i", "hyp.txt"])
    assert _bundle(plain, parser) is None
    assert FileSet(Path("hyp.txt"), (Path("ref.txt"),)).references == (Path("ref.txt"),)


def test_dropped_xliff_files_take_roles_and_are_aligned_by_id(
    qtbot: QtBot,
    window: MainWindow,
    texts: DemoTexts,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The post-edited final as reference, the MT as candidate: as for text files."""
    fake_align(monkeypatch)
    ids = [f"tu{k}" for k in range(len(texts.source))]
    final = write_xliff(
        tmp_path / "job.final.xlf",
        dict(
            zip(ids, zip(texts.source, texts.references["A"], strict=True), strict=True)
        ),
    )
    mt_lines = texts.systems["UEdin"]
    mt = write_xliff(
        tmp_path / "job.mt.xlf",
        dict(zip(ids, zip(texts.source, mt_lines, strict=True), strict=True)),
    )
    roles = {final: FileRole.REFERENCE, mt: FileRole.CANDIDATE}
    window.file_actions.choose_role = roles.__getitem__
    with scored(qtbot, window):
        drop_files(window, [final, mt])
    assert window.file_actions.roles_dialog is None  # files of one role each
    (system,) = window.session.systems
    expected = sacrebleu.corpus_bleu(mt_lines, [texts.references["A"]]).score
    assert score_of(system) == pytest.approx(expected, abs=1e-9)
    # The window's command line says the same: `bleu-gui final.xlf -i mt.xlf`.
    parser = build_parser()
    options = parser.parse_args([str(final), "-i", str(mt)])
    assert _bundle(options, parser) is None
    assert _files(options, parser) == FileSet(mt, (final,))


def test_cancelling_the_roles_dialog_while_its_file_is_read_keeps_the_work_going(
    qtbot: QtBot,
    loaded: MainWindow,
    texts: DemoTexts,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only the reading of the dropped file stops: the open set's re-scoring goes on."""
    from bleu_gui.io import formats

    release = threading.Event()
    reader = formats._READERS[Format.WMT_XML]

    def slow(path: Path, encoding: str, options: FormatOptions) -> Bundle:
        release.wait(TIMEOUT / 1000)
        return reader(path, encoding, options)

    monkeypatch.setitem(formats._READERS, Format.WMT_XML, slow)
    path = write_wmt(tmp_path / "newstest.xml", texts)
    session = loaded.session
    try:
        with qtbot.waitSignal(
            session.workspace_changed,
            check_params_cb=moves(Moved.SHOWN_SCORES),
            timeout=TIMEOUT,
        ):
            session.set_config(replace(session.config, lowercase=True))
            drop_files(loaded, [path])
            dialog = loaded.file_actions.roles_dialog
            assert dialog is not None
            assert dialog.problem_text == "Reading the file…"
            qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    finally:
        release.set()
    assert loaded.file_actions.roles_dialog is None
    assert session.scores is not None
    assert session.scores.config.lowercase


def test_tmx_languages_are_asked_only_when_the_file_needs_them(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A TMX file of two languages needs no choice: the row shows once the files
    are found to hold more (`tests.gui.test_tmx_languages_window`), with their own."""
    monkeypatch.setattr(
        QFileDialog,
        "getOpenFileNames",
        lambda *_args: ([str(tmp_path / "memory.final.tmx")], ""),
    )
    window.open_test_set_action.trigger()
    dialog = window.file_actions.test_set_dialog
    assert dialog is not None
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dialog.candidate, str(tmp_path / "memory.mt.tmx"))
    assert not dialog.languages.isVisible()
    files = dialog.file_set()
    assert isinstance(files, FileSet)
    assert files.options == FormatOptions()
    dialog.offer_languages(["de-DE", "en-GB", "fr-FR"])
    assert dialog.languages.isVisible()
    dialog.references.setFocus()
    qtbot.keyClick(dialog.references, Qt.Key.Key_Delete)
    dialog.candidate.clear()
    assert not dialog.languages.isVisible()


def test_a_file_that_cannot_be_read_says_so_in_its_roles_dialog(
    qtbot: QtBot, loaded: MainWindow, demo: DemoSet, texts: DemoTexts, tmp_path: Path
) -> None:
    broken = tmp_path / "newstest.xml"
    broken.write_text("<refset", encoding="utf-8")
    with qtbot.waitSignal(loaded.session.error_occurred, timeout=TIMEOUT):
        drop_files(loaded, [broken])
    dialog = loaded.file_actions.roles_dialog
    assert dialog is not None
    assert dialog.isVisible()
    assert dialog.problem_text.startswith(f"⚠ {broken}, line 1: is not a test bundle")
    assert "\n" not in dialog.problem_text
    assert not dialog.ok_button.isEnabled()
    assert loaded.session.files == demo.file_set()
