"""The File menu's actions and drops: which files end up open, and what is refused.

Built on the issue's reports: with the demo loaded, another test set's 1,002-line
system was refused with no way out, dropping a set twice scored it with four
references, and a reference given twice was accepted silently (`nrefs` inflated).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from bleu_gui.core.unavailable import Unavailable
from bleu_gui.models.session import FileSet
from bleu_gui.views.file_actions import (
    MISFIT_TITLE,
    FileRole,
    dropped_file_set,
    last_loaded_directory,
)
from bleu_gui.views.main_window import MainWindow
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
)

__all__ = ["demo", "loaded", "other", "window"]  # fixtures

# The test-set dialog is shown; the offscreen platform cannot pass size hints on.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

MessageBoxAnswer = QMessageBox.StandardButton


def answer_file_dialog(monkeypatch: pytest.MonkeyPatch, *paths: Path) -> list[str]:
    """QFileDialog.getOpenFileName answers `paths` in turn; returns the folders."""
    answers = iter(paths)
    folders: list[str] = []

    def answer(_parent: QWidget, _title: str, folder: str = "") -> tuple[str, str]:
        folders.append(folder)
        return str(next(answers)), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", answer)
    return folders


def answer_question(
    monkeypatch: pytest.MonkeyPatch, answer: QMessageBox.StandardButton
) -> list[tuple[str, str]]:
    """QMessageBox.question answers `answer`; returns the (title, text) asked."""
    asked: list[tuple[str, str]] = []

    def question(
        _parent: QWidget, title: str, text: str, *_args: object
    ) -> QMessageBox.StandardButton:
        asked.append((title, text))
        return answer

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def roles_of(files: DemoSet) -> dict[Path, str]:
    roles = {files.candidate: "candidate", files.source: "source"}
    return roles | dict.fromkeys(files.refs, "reference")


def drop(qtbot: QtBot, window: MainWindow, files: DemoSet) -> None:
    roles = roles_of(files)
    window.choose_role = lambda path: roles[path]
    with scored(qtbot, window):
        window.open_dropped([*files.refs, files.source, files.candidate])


# --- which files a drop opens ---------------------------------------------------------


def test_dropped_references_replace_the_loaded_ones_and_their_source() -> None:
    loaded = FileSet(Path("sys.txt"), (Path("a.txt"), Path("b.txt")), Path("src.txt"))
    roles = {Path("new.ref.txt"): FileRole.REFERENCE}
    assert dropped_file_set(roles, loaded) == FileSet(
        Path("sys.txt"), (Path("new.ref.txt"),)
    )
    roles[Path("new.src.txt")] = FileRole.SOURCE
    assert dropped_file_set(roles, loaded) == FileSet(
        Path("sys.txt"), (Path("new.ref.txt"),), Path("new.src.txt")
    )


def test_a_dropped_candidate_keeps_the_loaded_test_set() -> None:
    loaded = FileSet(Path("sys.txt"), (Path("a.txt"),), Path("src.txt"), "latin-1")
    roles = {Path("other.txt"): FileRole.CANDIDATE, Path("x.txt"): FileRole.SKIP}
    assert dropped_file_set(roles, loaded) == FileSet(
        Path("other.txt"), (Path("a.txt"),), Path("src.txt"), "latin-1"
    )


def test_a_drop_needs_a_candidate_and_a_reference() -> None:
    expected = Unavailable("drop a candidate and at least one reference")
    assert dropped_file_set({Path("sys.txt"): FileRole.CANDIDATE}, None) == expected
    assert dropped_file_set({Path("r.txt"): FileRole.REFERENCE}, None) == expected


def test_the_same_set_dropped_twice_keeps_two_references(
    qtbot: QtBot, window: MainWindow, demo: DemoSet
) -> None:
    drop(qtbot, window, demo)
    drop(qtbot, window, demo)
    assert window.session.files == demo.file_set()
    expected = demo.sacrebleu()
    assert expected[1].startswith("nrefs:2|")
    assert summary(window) == expected


def test_another_set_dropped_on_the_demo_replaces_it(
    qtbot: QtBot, loaded: MainWindow, other: DemoSet
) -> None:
    drop(qtbot, loaded, other)
    assert loaded.session.files == other.file_set()
    assert loaded.browser.model.rowCount() == OTHER_SIZE
    assert summary(loaded) == other.sacrebleu()


# --- a file given twice -------------------------------------------------------------


def test_a_loaded_reference_added_again_is_refused(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    link = tmp_path / "link-to-ref.txt"
    link.symlink_to(demo.refs[1])
    signature = loaded.summary.signature.text()
    answer_file_dialog(monkeypatch, link)
    with refused(qtbot, loaded) as message:
        loaded.add_ref_action.trigger()
    expected = f"{link} is already reference 2: a file can be only one reference"
    assert message == [expected]
    assert loaded.banner.text() == f"⚠ {expected}"
    assert not loaded.session.is_busy
    assert loaded.session.files == demo.file_set()
    assert loaded.summary.signature.text() == signature


def test_the_source_added_as_a_reference_is_refused(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spelled = demo.source.parent / "." / demo.source.name
    answer_file_dialog(monkeypatch, spelled)
    with refused(qtbot, loaded) as message:
        loaded.add_ref_action.trigger()
    assert message == [
        f"{spelled} is given both as the source and as reference 3: "
        "a file cannot be both"
    ]
    assert loaded.session.files == demo.file_set()


def test_a_relative_path_is_the_same_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    files = FileSet(Path("sys.txt"), (Path("ref.txt"), tmp_path / "ref.txt"))
    assert files.repeated_file() == (
        f"{tmp_path / 'ref.txt'} is already reference 1: "
        "a file can be only one reference"
    )
    assert FileSet(Path("sys.txt"), (Path("ref.txt"),)).repeated_file() is None


# --- a candidate from another test set -----------------------------------------------


def misfit_message(demo: DemoSet, other: DemoSet) -> str:
    return (
        f"{demo.refs[0]} has 500 lines but {other.candidate} has {OTHER_SIZE} "
        "(a reference needs one line per hypothesis line)"
    )


def test_a_candidate_that_does_not_fit_offers_a_new_test_set(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    other: DemoSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = answer_question(monkeypatch, MessageBoxAnswer.Yes)
    answer_file_dialog(monkeypatch, other.candidate)
    with qtbot.waitSignal(loaded.session.candidate_refused, timeout=TIMEOUT):
        loaded.open_action.trigger()
    assert asked == [
        (
            MISFIT_TITLE,
            f"{misfit_message(demo, other)}.\n\nnewstest.sys.txt may belong to "
            "another test set. Open a new test set with it as the candidate?",
        )
    ]
    assert loaded.banner.text() == f"⚠ {misfit_message(demo, other)}"
    assert loaded.session.files == demo.file_set()  # nothing replaced yet
    dialog = loaded.file_actions.test_set_dialog
    assert dialog is not None
    assert dialog.candidate.text() == str(other.candidate)
    assert dialog.reference_paths() == []
    assert dialog.directory == other.candidate.parent
    dialog.add_references(list(other.refs))
    with scored(qtbot, loaded):
        dialog.ok_button.click()
    assert loaded.session.files == other.file_set(source=False)
    assert summary(loaded) == other.sacrebleu()


def test_declining_the_new_test_set_keeps_the_loaded_one(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    other: DemoSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = answer_question(monkeypatch, MessageBoxAnswer.No)
    with qtbot.waitSignal(loaded.session.candidate_refused, timeout=TIMEOUT):
        loaded.session.set_hypothesis(other.candidate)
    assert len(asked) == 1
    assert loaded.file_actions.test_set_dialog is None
    assert loaded.banner.text() == f"⚠ {misfit_message(demo, other)}"
    assert loaded.session.files == demo.file_set()
    assert loaded.browser.model.rowCount() == 500


def test_a_reference_that_does_not_fit_is_only_reported(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    other: DemoSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = answer_question(monkeypatch, MessageBoxAnswer.Yes)
    answer_file_dialog(monkeypatch, other.refs[0])
    with refused(qtbot, loaded) as message:
        loaded.add_ref_action.trigger()
    assert message == [
        f"{other.refs[0]} has {OTHER_SIZE} lines but {demo.candidate} has 500 "
        "(a reference needs one line per hypothesis line)"
    ]
    assert asked == []
    assert loaded.session.files == demo.file_set()


# --- the menu and where its dialogs open ---------------------------------------------


def test_the_file_menu(window: MainWindow) -> None:
    menu = window.menuBar().actions()[0].menu()
    assert isinstance(menu, QMenu)
    assert menu.title() == "&File"
    texts = [action.text().replace("&", "") for action in menu.actions()]
    assert texts == [
        "Open test set…",
        "Open sacreBLEU test set…",
        "Open candidate…",
        "Add reference…",
        "Open source…",
        "Remove reference",
        "Add system…",
        "Remove system",
        "Baseline",
        "Document ids…",
        "Reload",
        "Close",
        "",
        "Open session…",
        "Save session",
        "Save session as…",
        "Save hypothesis as…",
        "Export",
        "",
        "Drop byte-order marks",
        "",
        "Recent files",
        "",
        "Quit",
    ]
    assert window.open_test_set_action.shortcut().toString() == "Ctrl+Shift+N"
    assert window.open_test_set_action.isEnabled()
    assert not window.close_action.isEnabled()
    assert not any(action.isEnabled() for action in window.sentence_actions)


def test_file_dialogs_open_where_the_last_loaded_file_is(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    other: DemoSet,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    third = tmp_path / "third" / "ref.C.txt"
    third.parent.mkdir()
    third.write_bytes(demo.refs[0].read_bytes().replace(b"the", b"a"))
    folders = answer_file_dialog(monkeypatch, third, demo.source)
    with scored(qtbot, loaded):
        loaded.add_ref_action.trigger()
    with scored(qtbot, loaded):
        loaded.source_action.trigger()
    assert folders == [str(demo.candidate.parent), str(third.parent)]
    assert loaded.session.files == FileSet(
        demo.candidate, (*demo.refs, third), demo.source
    )


def test_the_last_loaded_file_is_the_new_one() -> None:
    old = FileSet(Path("a/sys.txt"), (Path("a/ref.txt"),))
    assert last_loaded_directory(None, old) == Path("a")
    more = FileSet(Path("a/sys.txt"), (Path("a/ref.txt"), Path("b/ref.txt")))
    assert last_loaded_directory(old, more) == Path("b")
    assert last_loaded_directory(more, more) == Path("a")  # reloaded: the candidate
    new = FileSet(Path("c/sys.txt"), (Path("d/ref.txt"),))
    assert last_loaded_directory(more, new) == Path("c")


def test_a_new_window_opens_its_dialogs_where_the_last_set_was(
    qtbot: QtBot,
    loaded: MainWindow,
    demo: DemoSet,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loaded.file_actions.close()  # the recent files reach the disk
    again = make_window(qtbot, tmp_path)
    folders = answer_file_dialog(monkeypatch, demo.candidate)
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *_: ([], ""))
    again.open_action.trigger()
    assert folders == [str(demo.candidate.parent)]
