"""Switching test sets: the "Open test set" dialog, and Close.

The dialog is driven as a user drives it: paths typed into its fields or chosen
with its Add… button (the file dialog answered by a monkeypatched static
function), OK clicked. Scores are checked against sacreBLEU; messages are the
exact words users read.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QLabel, QWidget
from pytestqt.qtbot import QtBot

from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.test_set_dialog import (
    CHECKING_TEXT,
    NO_CANDIDATE,
    NO_REFERENCE,
    OpenTestSetDialog,
)
from tests.gui.demo_sets import (
    OTHER_SIZE,
    TIMEOUT,
    DemoSet,
    demo,
    loaded,
    make_window,
    other,
    refused,
    scored,
    summary,
    window,
    write_lines,
)

__all__ = ["demo", "loaded", "other", "window"]  # fixtures

# The dialog is shown; the offscreen platform says it cannot pass size hints on.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def open_dialog(window: MainWindow) -> OpenTestSetDialog:
    window.open_test_set_action.trigger()
    dialog = window.file_actions.test_set_dialog
    assert dialog is not None
    assert dialog.isVisible()
    return dialog


def answer_file_dialogs(monkeypatch: pytest.MonkeyPatch, *paths: Path) -> list[str]:
    """Make QFileDialog.getOpenFileNames answer `paths`; returns the folders asked."""
    folders: list[str] = []

    def answer(
        _parent: QWidget, _title: str, folder: str = "", _filter: str = ""
    ) -> tuple[list[str], str]:
        folders.append(folder)
        return [str(path) for path in paths], ""

    monkeypatch.setattr(QFileDialog, "getOpenFileNames", answer)
    return folders


def fill_in(
    qtbot: QtBot,
    dialog: OpenTestSetDialog,
    monkeypatch: pytest.MonkeyPatch,
    files: DemoSet,
    *,
    source: bool = True,
) -> None:
    """Choose the references with Add…, type the source and candidate paths."""
    answer_file_dialogs(monkeypatch, *files.refs)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    if source:
        qtbot.keyClicks(dialog.source, str(files.source))
    qtbot.keyClicks(dialog.candidate, str(files.candidate))


def filled_in(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, files: DemoSet
) -> OpenTestSetDialog:
    """The dialog opened on `window` and filled in with `files` by `fill_in`."""
    dialog = open_dialog(window)
    fill_in(qtbot, dialog, monkeypatch, files)
    return dialog


def click_open(qtbot: QtBot, dialog: OpenTestSetDialog) -> None:
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)


# --- opening another test set -------------------------------------------------------


def test_the_dialog_opens_another_test_set(
    qtbot: QtBot,
    loaded: MainWindow,
    other: DemoSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dialog = open_dialog(loaded)
    assert dialog.windowTitle() == "Open test set"
    assert dialog.reference_paths() == []  # a new set starts empty
    fill_in(qtbot, dialog, monkeypatch, other)
    assert dialog.reference_paths() == list(other.refs)
    with scored(qtbot, loaded):
        click_open(qtbot, dialog)
        assert dialog.problem_text == CHECKING_TEXT
        assert not dialog.ok_button.isEnabled()
    assert loaded.session.files == other.file_set()
    assert loaded.file_actions.test_set_dialog is None  # closed
    assert loaded.browser.model.rowCount() == OTHER_SIZE
    expected = other.sacrebleu()
    assert "nrefs:1|" in expected[1]
    assert summary(loaded) == expected
    assert loaded.windowTitle() == "bleu-gui — newstest.sys.txt"
    assert loaded.select_sentence(OTHER_SIZE)


def test_a_test_set_that_does_not_fit_leaves_the_loaded_one(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    other: DemoSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    score = loaded.summary.score.text()
    scores = loaded.session.scores
    dialog = open_dialog(loaded)
    mixed = DemoSet(other.refs, other.source, demo.candidate)
    fill_in(qtbot, dialog, monkeypatch, mixed, source=False)
    with refused(qtbot, loaded) as message:
        click_open(qtbot, dialog)
    expected = (
        f"{other.refs[0]} has {OTHER_SIZE} lines but {demo.candidate} has 500 "
        "(a reference needs one line per hypothesis line)"
    )
    assert message == [expected]
    assert dialog.isVisible()  # the user can fix the set and try again
    assert dialog.problem_text == f"⚠ {expected}"
    assert dialog.ok_button.isEnabled()
    assert dialog.candidate.isEnabled()
    assert loaded.session.files == demo.file_set()
    assert loaded.session.scores is scores
    assert loaded.summary.score.text() == score
    assert loaded.browser.model.rowCount() == 500

    # Fixed: the candidate of the other set.
    dialog.candidate.clear()
    qtbot.keyClicks(dialog.candidate, str(other.candidate))
    with scored(qtbot, loaded):
        click_open(qtbot, dialog)
    assert loaded.session.files == other.file_set(source=False)
    assert loaded.file_actions.test_set_dialog is None


def test_a_bad_file_in_a_new_test_set_is_named_with_its_line(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    other: DemoSet,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bad = tmp_path / "bad.src.txt"
    bad.write_bytes(b"fine\n\xff\xfe broken\n")
    dialog = filled_in(
        qtbot, loaded, monkeypatch, DemoSet(other.refs, bad, other.candidate)
    )
    with refused(qtbot, loaded) as message:
        click_open(qtbot, dialog)
    assert message[0].startswith(f"{bad}, line 2: ")
    assert dialog.problem_text == f"⚠ {message[0]}"
    assert loaded.session.files == demo.file_set()
    assert loaded.browser.model.rowCount() == 500


@pytest.mark.parametrize(
    ("refs", "candidate", "problem"),
    [((), "sys.txt", NO_REFERENCE), (("ref.txt",), "", NO_CANDIDATE)],
)
def test_the_dialog_says_what_is_missing(
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    refs: tuple[str, ...],
    candidate: str,
    problem: str,
) -> None:
    dialog = open_dialog(window)
    dialog.add_references([tmp_path / ref for ref in refs])
    if candidate:
        qtbot.keyClicks(dialog.candidate, str(tmp_path / candidate))
    click_open(qtbot, dialog)
    assert dialog.problem_text == f"⚠ {problem}"
    assert not window.session.is_busy
    assert dialog.isVisible()


def test_a_reference_twice_in_the_dialog_is_refused(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dialog = open_dialog(loaded)
    ref = demo.refs[0]
    again = ref.parent / ".." / ref.parent.name / ref.name  # the same file
    fill_in(
        qtbot, dialog, monkeypatch, DemoSet((ref, again), demo.source, demo.candidate)
    )
    with refused(qtbot, loaded) as message:
        click_open(qtbot, dialog)
    assert message == [
        f"{again} is already reference 1: a file can be only one reference"
    ]
    assert dialog.problem_text == f"⚠ {message[0]}"
    assert not loaded.session.is_busy
    assert loaded.session.files == demo.file_set()


def test_the_source_given_as_a_reference_in_the_dialog_is_named_as_both(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The source also picked as reference 2: the line says it is given as both."""
    dialog = open_dialog(loaded)
    refs = (demo.refs[0], demo.source)
    fill_in(qtbot, dialog, monkeypatch, DemoSet(refs, demo.source, demo.candidate))
    with refused(qtbot, loaded) as message:
        click_open(qtbot, dialog)
    assert message == [
        f"{demo.source} is given both as the source and as reference 2: "
        "a file cannot be both"
    ]
    assert dialog.problem_text == f"⚠ {message[0]}"
    assert loaded.session.files == demo.file_set()


def test_cancel_while_the_files_are_read_keeps_the_loaded_set(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    other: DemoSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dialog = filled_in(qtbot, loaded, monkeypatch, other)
    with qtbot.waitSignal(
        loaded.session.busy_changed, check_params_cb=lambda busy: not busy
    ):
        click_open(qtbot, dialog)  # reading starts at the next event-loop turn
        assert loaded.session.is_busy
        qtbot.mouseClick(
            dialog.button_box.button(dialog.button_box.StandardButton.Cancel),
            Qt.MouseButton.LeftButton,
        )
    assert loaded.file_actions.test_set_dialog is None
    assert loaded.session.files == demo.file_set()
    assert loaded.browser.model.rowCount() == 500


# --- the dialog at the keyboard -----------------------------------------------------


def test_the_dialog_works_from_the_keyboard(
    qtbot: QtBot, window: MainWindow, other: DemoSet
) -> None:
    dialog = open_dialog(window)
    labels = {label.text(): label.buddy() for label in dialog.findChildren(QLabel)}
    assert labels["&References:"] is dialog.references
    assert labels["&Source:"] is dialog.source
    assert labels["&Candidate:"] is dialog.candidate
    assert dialog.ok_button.isDefault()
    dialog.add_references([*other.refs, other.source])
    assert dialog.remove_button.isEnabled()  # the last one added is selected
    dialog.references.setFocus()
    qtbot.keyClick(dialog.references, Qt.Key.Key_Delete)
    assert dialog.reference_paths() == list(other.refs)
    qtbot.keyClicks(dialog.candidate, str(other.candidate))
    with qtbot.waitSignal(dialog.open_requested, timeout=TIMEOUT) as request:
        qtbot.keyClick(dialog.candidate, Qt.Key.Key_Return)
    assert request.args == [other.file_set(source=False)]
    with qtbot.waitSignal(
        window.session.busy_changed, check_params_cb=lambda busy: not busy
    ):
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # cancels the reading too
    assert window.session.files is None


def test_the_dialog_opens_where_the_loaded_files_are(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    other: DemoSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dialog = open_dialog(loaded)
    folders = answer_file_dialogs(monkeypatch, *other.refs)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    # First where the loaded candidate is, then where the last pick came from.
    assert folders == [str(demo.candidate.parent), str(other.refs[0].parent)]


def test_a_new_set_from_the_dialog_remembers_its_folder(
    qtbot: QtBot,
    loaded: MainWindow,
    other: DemoSet,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dialog = filled_in(qtbot, loaded, monkeypatch, other)
    with scored(qtbot, loaded):
        click_open(qtbot, dialog)
    loaded.file_actions.close()  # the recent files reach the disk
    again = make_window(qtbot, tmp_path)
    folders = answer_file_dialogs(monkeypatch)
    qtbot.mouseClick(open_dialog(again).add_button, Qt.MouseButton.LeftButton)
    assert folders == [str(other.candidate.parent)]


# --- Close ------------------------------------------------------------------------


def test_close_empties_the_window(
    qtbot: QtBot, loaded: MainWindow, demo: DemoSet
) -> None:
    assert loaded.select_sentence(3)
    with qtbot.waitSignal(
        loaded.session.workspace_changed, check_params_cb=moves(Moved.ROWS)
    ):
        loaded.close_action.trigger()
    session = loaded.session
    assert (session.files, session.corpus, session.scores) == (None, None, None)
    assert loaded.windowTitle() == "bleu-gui"
    assert loaded.browser.model.rowCount() == 0
    assert loaded.summary.score.text() == "—"
    assert loaded.summary.signature.text() == ""
    assert loaded.summary.caption.text() == (
        "No test set: File › Open test set… opens one."
    )
    assert loaded.status_text.text() == "No test set"
    assert loaded.detail.explanation() is None
    assert loaded.explain.plain_text() == "No test set"
    assert loaded.detail.message() == "No test set"
    for chart in (loaded.precision_chart, loaded.histogram):
        assert chart.chart().title() == "No test set"
    assert loaded.precision_chart.categories() == []
    assert sum(loaded.histogram.bin_counts()) == 0
    for action in (
        loaded.add_ref_action,
        loaded.source_action,
        loaded.reload_action,
        loaded.close_action,
        *loaded.sentence_actions,
    ):
        assert not action.isEnabled(), action.text()
    assert not loaded.remove_menu.isEnabled()
    assert loaded.open_test_set_action.isEnabled()
    assert loaded.open_action.isEnabled()
    assert loaded.recent_menu.isEnabled()

    # The recent files bring it back, charts and all.
    with scored(qtbot, loaded):
        loaded.recent_menu.actions()[0].trigger()
    assert session.files == demo.file_set()
    assert loaded.precision_chart.chart().title() == ""
    assert all(action.isEnabled() for action in loaded.sentence_actions)
    assert loaded.summary.score.text() == demo.sacrebleu()[0]


def test_close_while_loading_stops_the_load(
    qtbot: QtBot, window: MainWindow, demo: DemoSet, other: DemoSet
) -> None:
    session = window.session
    loaded: list[int] = []
    session.texts_loaded.connect(lambda corpus: loaded.append(corpus.num_segments))
    session.open_files(demo.file_set())
    assert session.is_busy
    with qtbot.waitSignals(
        [session.workspace_changed, session.busy_changed],
        check_params_cbs=[moves(Moved.ROWS), lambda _busy: True],
    ):
        session.close()
    assert (session.is_busy, session.files) == (False, None)
    assert window.browser.model.rowCount() == 0
    with scored(qtbot, window):  # the closed load never reports anything
        session.open_files(other.file_set())
    assert loaded == [OTHER_SIZE]
    assert session.files == other.file_set()


def test_close_signals_the_new_state_before_the_end_of_work(
    qtbot: QtBot, loaded: MainWindow, tmp_path: Path
) -> None:
    session = loaded.session
    seen: list[str] = []
    session.workspace_changed.connect(
        lambda _old, _new, change: (
            seen.append(f"files {session.files}") if change.any(Moved.ROWS) else None
        )
    )
    session.busy_changed.connect(lambda busy: seen.append(f"busy {busy}"))
    session.set_hypothesis(write_lines(tmp_path / "new.txt", ["a"] * 500))
    session.close()
    assert seen == ["busy True", "files None", "busy False"]
    session.close()  # nothing open, nothing running: nothing to say
    assert seen == ["busy True", "files None", "busy False"]
