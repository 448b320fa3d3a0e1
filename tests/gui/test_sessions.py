"""Session files in the window: save, reopen elsewhere, title, close prompt.

A session is saved from one window and opened in a new one (its own settings
file), as a user would on another day or another machine; every saved field is
compared. Events are ordered by signals: the session's `busy_changed` and the
tracker's `path_changed` (emitted when an opened session is fully put back).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from bleu_gui.app import main
from bleu_gui.core.config import BleuConfig, Smoothing
from bleu_gui.io.bundle import Roles
from bleu_gui.models.sentence_table import ColumnKey, ColumnKind
from bleu_gui.models.session import BundleSet, FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.session_actions import CloseChoice
from tests.gui.demo_sets import TIMEOUT, demo_set, read_lines, write_lines
from tests.gui.test_app import REPORTING_APP, run
from tests.gui.test_documents_view import click_document
from tests.gui.test_test_seed import type_seed

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def new_window(qtbot: QtBot, settings: Path) -> MainWindow:
    window = MainWindow(
        Session(processes=1), QSettings(str(settings), QSettings.Format.IniFormat)
    )
    qtbot.addWidget(window)
    return window


@pytest.fixture
def windows(qtbot: QtBot, tmp_path: Path) -> Iterator[list[MainWindow]]:
    """Windows made by `make`; their work ends with the test."""
    made: list[MainWindow] = []
    yield made
    for window in made:
        window.explainer.shutdown()
        window.session.shutdown()


def make(qtbot: QtBot, windows: list[MainWindow], settings: Path) -> MainWindow:
    window = new_window(qtbot, settings)
    # pytest-qt closes the windows before fixtures end: never a modal question.
    window.session_actions.ask_close = lambda _name: CloseChoice.DISCARD
    windows.append(window)
    return window


def project(folder: Path) -> FileSet:
    """The demo test set and two systems in `folder` (UEdin the baseline)."""
    demo = demo_set(folder)
    uedin = write_lines(folder / "sys.UEdin.txt", read_lines(DEMO / "sys.UEdin.txt"))
    return FileSet(
        demo.candidate, demo.refs, demo.source, systems=(uedin, demo.candidate)
    )


def idle(qtbot: QtBot, window: MainWindow) -> None:
    """Wait until the session's work has ended."""
    if window.session.is_busy:
        with qtbot.waitSignal(
            window.session.busy_changed,
            check_params_cb=lambda busy: not busy,
            timeout=TIMEOUT,
        ):
            pass
    qtbot.waitUntil(lambda: not window.session.is_busy, timeout=TIMEOUT)


def open_files(qtbot: QtBot, window: MainWindow, files: FileSet) -> None:
    with qtbot.waitSignal(
        window.session.busy_changed, check_params_cb=lambda b: not b, timeout=TIMEOUT
    ):
        window.session.open_files(files)
    idle(qtbot, window)


def open_session(qtbot: QtBot, window: MainWindow, path: Path) -> None:
    tracker = window.session_actions.tracker
    with qtbot.waitSignal(tracker.path_changed, timeout=TIMEOUT):
        assert window.session_actions.open_session(path)
    idle(qtbot, window)


def test_a_session_reopens_in_a_new_window_with_every_choice(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    files = project(tmp_path / "work")
    first = make(qtbot, windows, tmp_path / "a.ini")
    first.show()
    open_files(qtbot, first, files)
    session = first.session
    with qtbot.waitSignal(
        session.busy_changed, check_params_cb=lambda b: not b, timeout=TIMEOUT
    ):
        session.set_config(
            BleuConfig(
                tokenizer="intl",
                lowercase=True,
                smoothing=Smoothing.FLOOR,
                smooth_value=0.25,
            )
        )
    idle(qtbot, first)
    first.filter_bar.search.setText("the")
    first.filter_bar.set_score_range(10.0, 90.0)
    # Sorted by Δ, a column that shows with a pair (the table is never sorted by
    # a hidden one: BLEU, column 1, hides with a pair).
    delta = first.browser.model.column_of(ColumnKey(ColumnKind.DELTA))
    assert delta is not None
    first.table.horizontalHeader().setSortIndicator(delta, Qt.SortOrder.DescendingOrder)
    assert first.browser.sort == (delta, Qt.SortOrder.DescendingOrder)
    first.table.set_column_shown(ColumnKey(ColumnKind.COST), False)
    boxes = first.compare_systems.table
    boxes.test_box.setCurrentIndex(boxes.test_box.findData("ar"))
    boxes.samples_box.setValue(2000)
    row = int(first.browser.model.rows[3])
    first.select_sentence(row + 1)
    saved = tmp_path / "work" / "study.bleu-session"
    assert first.session_actions.save_to(saved)
    assert first.session_actions.save_action.shortcut().toString() == "Ctrl+S"
    assert first.session_actions.save_as_action.shortcut().toString() == (
        "Ctrl+Shift+S"
    )
    assert first.windowTitle() == "study.bleu-session[*] — sys.happypoet.txt — bleu-gui"
    assert not first.isWindowModified()

    stored = json.loads(saved.read_text(encoding="utf-8"))
    assert stored["bleu-gui-session"] == 1
    assert [f["path"] for f in stored["test_set"]["files"]] == [
        "sys.UEdin.txt",
        "sys.happypoet.txt",
        "ref.A.txt",
        "ref.B.txt",
        "src.txt",
    ]

    moved = tmp_path / "elsewhere" / "moved"
    moved.parent.mkdir()
    shutil.move(tmp_path / "work", moved)  # the folder moves with its session

    second = make(qtbot, windows, tmp_path / "b.ini")
    second.show()
    open_session(qtbot, second, moved / "study.bleu-session")
    assert second.session.config == BleuConfig(
        tokenizer="intl", lowercase=True, smoothing=Smoothing.FLOOR, smooth_value=0.25
    )
    assert second.settings_panel.current_config() == second.session.config
    opened = second.session.files
    assert opened is not None
    assert opened.hypotheses == (moved / "sys.UEdin.txt", moved / "sys.happypoet.txt")
    assert opened.references == (moved / "ref.A.txt", moved / "ref.B.txt")
    assert opened.source == moved / "src.txt"
    workspace = second.session.workspace
    assert workspace.baseline_system is not None
    assert workspace.shown_system is not None
    assert workspace.baseline_system.path == moved / "sys.UEdin.txt"
    assert workspace.shown_system.path == moved / "sys.happypoet.txt"
    spec = second.browser.filter
    assert (spec.text, spec.min_score, spec.max_score) == ("the", 10.0, 90.0)
    assert second.filter_bar.search.text() == "the"
    assert second.browser.sort == (delta, Qt.SortOrder.DescendingOrder)
    assert second.table.horizontalHeader().sortIndicatorSection() == delta
    assert not second.table.is_column_shown(ColumnKey(ColumnKind.COST))
    assert second.table.selected_corpus_row() == row
    boxes = second.compare_systems.table
    assert (boxes.test.value, boxes.samples_box.value()) == ("ar", 2000)
    assert list(second.browser.model.rows) == list(first.browser.model.rows)
    assert (
        second.windowTitle() == "study.bleu-session[*] — sys.happypoet.txt — bleu-gui"
    )
    assert not second.isWindowModified()


def saved_session(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> tuple[MainWindow, Path, FileSet]:
    """A window with the project open and saved as `work/study.bleu-session`."""
    files = project(tmp_path / "work")
    window = make(qtbot, windows, tmp_path / "a.ini")
    open_files(qtbot, window, files)
    path = tmp_path / "work" / "study.bleu-session"
    assert window.session_actions.save_to(path)
    return window, path, files


def test_a_changed_file_is_said_in_one_line_and_the_session_opens(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    _first, path, files = saved_session(qtbot, tmp_path, windows)
    lines = read_lines(files.references[1])
    write_lines(files.references[1], [lines[1], lines[0], *lines[2:]])
    second = make(qtbot, windows, tmp_path / "b.ini")
    open_session(qtbot, second, path)
    assert second.session.files is not None
    assert second.session.files.references == files.references
    assert second.banner.text() == (
        f"⚠ {path}: changed since saved (scored as they are now): ref.B.txt"
    )


def test_a_missing_system_and_reference_are_left_out_and_said(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    _first, path, files = saved_session(qtbot, tmp_path, windows)
    files.systems[0].unlink()  # UEdin, the baseline
    files.references[0].unlink()
    second = make(qtbot, windows, tmp_path / "b.ini")
    open_session(qtbot, second, path)
    opened = second.session.files
    assert opened is not None
    assert opened.hypotheses == (files.hypothesis,)
    assert opened.references == (files.references[1],)
    assert opened.source == files.source
    assert second.banner.text() == (
        f"⚠ {path}: left out (missing): sys.UEdin.txt, ref.A.txt"
    )


def test_a_session_without_any_reference_left_is_refused_and_the_workspace_stays(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    _first, path, files = saved_session(qtbot, tmp_path, windows)
    for reference in files.references:
        reference.unlink()
    other = project(tmp_path / "other")
    second = make(qtbot, windows, tmp_path / "b.ini")
    open_files(qtbot, second, other)
    assert not second.session_actions.open_session(path)
    assert second.banner.text() == (
        f"⚠ {path}: none of its references is there (missing: ref.A.txt, ref.B.txt)"
    )
    assert second.session.files == other
    assert not second.session.is_busy


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            "{not json",
            "not valid JSON (line 1, column 2: Expecting property name "
            "enclosed in double quotes)",
        ),
        ("[]", "expected an object, found a list"),
        ('{"x": 1}', "not a bleu-gui session file (no 'bleu-gui-session' key)"),
        (
            '{"bleu-gui-session": 3}',
            "saved by a newer bleu-gui (session format 3; this one reads up to 2): "
            "update bleu-gui to open it",
        ),
    ],
)
def test_a_broken_or_newer_session_file_is_refused_in_one_line(
    qtbot: QtBot,
    tmp_path: Path,
    windows: list[MainWindow],
    content: str,
    message: str,
) -> None:
    window = make(qtbot, windows, tmp_path / "a.ini")
    files = project(tmp_path / "work")
    open_files(qtbot, window, files)
    path = tmp_path / "broken.bleu-session"
    path.write_text(content, encoding="utf-8")
    assert not window.session_actions.open_session(path)
    assert window.banner.text() == f"⚠ {path}: {message}"
    assert window.session.files == files
    assert window.session_actions.tracker.path is None


def test_a_wrong_type_is_refused_naming_its_json_place(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    _first, path, _files = saved_session(qtbot, tmp_path, windows)
    value = json.loads(path.read_text(encoding="utf-8"))
    value["test_set"]["files"][2]["encoding"] = 8
    path.write_text(json.dumps(value), encoding="utf-8")
    second = make(qtbot, windows, tmp_path / "b.ini")
    assert not second.session_actions.open_session(path)
    assert second.banner.text() == (
        f"⚠ {path}: test_set.files[2].encoding: expected a string, found a number"
    )
    assert second.session.files is None


def test_the_title_marks_a_change_and_saving_clears_it(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    window, path, _files = saved_session(qtbot, tmp_path, windows)
    assert (
        window.windowTitle() == "study.bleu-session[*] — sys.happypoet.txt — bleu-gui"
    )
    assert not window.isWindowModified()
    window.select_sentence(7)  # moving through sentences is no change
    assert not window.isWindowModified()
    with qtbot.waitSignal(window.session_actions.tracker.modified_changed):
        window.filter_bar.search.setText("house")
    assert window.isWindowModified()
    with qtbot.waitSignal(window.session_actions.tracker.modified_changed):
        window.filter_bar.search.clear()  # back as saved: no change
    assert not window.isWindowModified()
    with qtbot.waitSignal(window.session_actions.tracker.modified_changed):
        window.session.set_config(BleuConfig(tokenizer="char"))
    assert window.isWindowModified()
    idle(qtbot, window)
    window.session_actions.save_action.trigger()
    assert not window.isWindowModified()
    assert (
        json.loads(path.read_text(encoding="utf-8"))["settings"]["tokenizer"] == "char"
    )


def test_closing_a_changed_session_asks_save_discard_or_cancel(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    window, path, _files = saved_session(qtbot, tmp_path, windows)
    window.show()
    asked: list[str] = []
    answers = [CloseChoice.CANCEL, CloseChoice.SAVE]

    def ask(name: str) -> CloseChoice:
        asked.append(name)
        return answers.pop(0)

    window.session_actions.ask_close = ask
    assert window.close()  # nothing changed: no question
    assert asked == []
    window.show()
    window.filter_bar.search.setText("house")
    assert window.isWindowModified()
    assert not window.close()  # Cancel: the window stays
    assert window.isVisible()
    assert asked == ["study.bleu-session"]
    assert window.close()  # Save
    assert json.loads(path.read_text(encoding="utf-8"))["filter"]["text"] == "house"
    assert asked == ["study.bleu-session", "study.bleu-session"]


def test_discard_closes_without_saving(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    window, path, _files = saved_session(qtbot, tmp_path, windows)
    window.show()
    before = path.read_bytes()
    window.session_actions.ask_close = lambda _name: CloseChoice.DISCARD
    window.filter_bar.search.setText("house")
    assert window.close()
    assert path.read_bytes() == before


def test_save_session_as_asks_for_a_file_and_adds_the_extension(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    window = make(qtbot, windows, tmp_path / "a.ini")
    assert not window.session_actions.save_as_action.isEnabled()  # no test set
    open_files(qtbot, window, project(tmp_path / "work"))
    window.session_actions.ask_path = lambda: tmp_path / "mine"
    window.session_actions.save_as_action.trigger()
    assert (tmp_path / "mine.bleu-session").is_file()
    assert window.session_actions.tracker.path == tmp_path / "mine.bleu-session"


def test_bleu_gui_opens_a_session_file_given_on_the_command_line(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    window, path, _files = saved_session(qtbot, tmp_path, windows)
    window.select_sentence(5)
    window.filter_bar.search.setText("the")
    assert window.session_actions.save_to(path)
    shot = tmp_path / "shot.png"
    result = run(tmp_path, str(path), "--screenshot", str(shot), code=REPORTING_APP)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "selected: 4" in lines
    assert "banner: " in lines
    assert shot.is_file()


def test_a_session_file_given_with_other_files_is_an_argument_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["s.bleu-session", "-i", "hyp.txt"])
    assert exit_info.value.code == 2
    assert "s.bleu-session is a session (its own files): give it alone" in (
        capsys.readouterr().err
    )


def test_a_test_set_of_one_file_and_its_systems_come_back(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    rows = [
        (f"Satz {k}", f"sentence number {k} here", f"the sentence {k}", f"a line {k}")
        for k in range(1, 31)
    ]
    sheet = tmp_path / "work" / "set.tsv"
    write_lines(sheet, ["src\tref\tmt1\tmt2", *("\t".join(row) for row in rows)])
    request = BundleSet(sheet, Roles(("ref",), ("mt1", "mt2"), "src"))
    first = make(qtbot, windows, tmp_path / "a.ini")
    with qtbot.waitSignal(
        first.session.busy_changed, check_params_cb=lambda b: not b, timeout=TIMEOUT
    ):
        first.session.open_bundle(request)
    idle(qtbot, first)
    systems = first.session.systems
    with qtbot.waitSignal(
        first.session.workspace_changed, check_params_cb=moves(Moved.SYSTEMS)
    ):
        first.session.set_baseline(systems[1].id)
    idle(qtbot, first)
    path = tmp_path / "work" / "set.bleu-session"
    assert first.session_actions.save_to(path)

    second = make(qtbot, windows, tmp_path / "b.ini")
    open_session(qtbot, second, path)
    assert second.session.opened == request
    labels = [system.label for system in second.session.systems]
    assert labels == ["column 'mt1'", "column 'mt2'"]
    workspace = second.session.workspace
    assert workspace.baseline_system is not None
    assert workspace.baseline_system.label == "column 'mt2'"


def test_document_ids_given_by_a_file_come_back_without_the_file(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    files = project(tmp_path / "work")
    first = make(qtbot, windows, tmp_path / "a.ini")
    open_files(qtbot, first, files)
    ids = [f"doc{k // 100}" for k in range(500)]
    with qtbot.waitSignal(
        first.session.workspace_changed, check_params_cb=moves(Moved.DOCUMENTS)
    ):
        first.session.set_documents(ids, name="ids.txt")
    path = tmp_path / "work" / "study.bleu-session"
    assert first.session_actions.save_to(path)
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["test_set"]["documents"] == [[f"doc{k}", 100] for k in range(5)]

    second = make(qtbot, windows, tmp_path / "b.ini")
    open_session(qtbot, second, path)
    test_set = second.session.workspace.test_set
    assert test_set is not None
    assert test_set.documents == tuple(ids)
    assert not second.isWindowModified()


def test_opening_a_session_over_a_changed_one_asks_first(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    window, path, _files = saved_session(qtbot, tmp_path, windows)
    other = tmp_path / "other" / "other.bleu-session"
    other.parent.mkdir()
    assert window.session_actions.save_to(other)
    window.filter_bar.search.setText("house")
    asked: list[str] = []

    def cancel(name: str) -> CloseChoice:
        asked.append(name)
        return CloseChoice.CANCEL

    window.session_actions.ask_close = cancel
    assert not window.session_actions.open_session(path)
    assert asked == ["other.bleu-session"]
    assert window.session_actions.tracker.path == other
    assert window.filter_bar.search.text() == "house"
    window.session_actions.ask_close = lambda _name: CloseChoice.DISCARD
    open_session(qtbot, window, path)
    assert window.session_actions.tracker.path == path
    assert window.filter_bar.search.text() == ""


def test_a_system_that_no_longer_fits_is_left_out_and_the_rest_comes_back(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    _first, path, files = saved_session(qtbot, tmp_path, windows)
    uedin = files.systems[0]
    write_lines(uedin, read_lines(uedin)[:-1])  # one line short
    second = make(qtbot, windows, tmp_path / "b.ini")
    open_session(qtbot, second, path)
    opened = second.session.files
    assert opened is not None
    assert opened.hypotheses == (files.hypothesis,)
    assert second.session_actions.tracker.path == path
    assert second.banner.text() == (
        f"⚠ {path}: changed since saved (scored as they are now): sys.UEdin.txt; "
        f"{files.references[0]} has 500 lines but {uedin} has 499 (a reference "
        "needs one line per hypothesis line)"
    )


def test_a_session_file_dropped_on_the_window_opens(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    _first, path, files = saved_session(qtbot, tmp_path, windows)
    second = make(qtbot, windows, tmp_path / "b.ini")
    second.choose_role = lambda _path: pytest.fail("a session needs no role")
    with qtbot.waitSignal(second.session_actions.tracker.path_changed, timeout=TIMEOUT):
        second.open_dropped([path])
    idle(qtbot, second)
    assert second.session.files is not None
    assert set(second.session.files.hypotheses) == set(files.hypotheses)
    second.open_dropped([path, files.hypothesis])
    assert second.banner.text() == (
        "⚠ study.bleu-session is a session (its own files): drop it alone"
    )


def test_saving_while_a_test_set_is_being_opened_is_refused_in_one_line(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    window, path, files = saved_session(qtbot, tmp_path, windows)
    before = path.read_bytes()
    with qtbot.waitSignal(
        window.session.busy_changed, check_params_cb=lambda b: not b, timeout=TIMEOUT
    ):
        window.session.open_files(FileSet(files.hypothesis, files.references))
        assert not window.session_actions.save()
    assert window.banner.text() == (
        "⚠ a test set is being opened: save the session once it is open"
    )
    assert path.read_bytes() == before


@pytest.mark.parametrize("drop_bom", [False, True])
def test_a_session_whose_test_set_fails_to_open_changes_nothing(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow], drop_bom: bool
) -> None:
    """Its options, its reading and its layout come only with its test set.

    Before, a session whose reference no longer fitted left the open test set
    there but lowercased it, without a word, and the title named the session.
    """
    first, path, files = saved_session(qtbot, tmp_path, windows)
    with qtbot.waitSignal(
        first.session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=TIMEOUT,
    ):
        first.session.set_config(BleuConfig(lowercase=True))
    if drop_bom:
        first.file_actions.drop_bom_action.trigger()
        idle(qtbot, first)
    assert first.session_actions.save_to(path)
    lines = read_lines(files.references[0])
    write_lines(files.references[0], lines[:-1])  # one line short: not readable
    second = make(qtbot, windows, tmp_path / "b.ini")
    other = project(tmp_path / "other")
    open_files(qtbot, second, other)
    scores = second.session.scores
    title = second.windowTitle()
    with qtbot.waitSignal(second.session.error_occurred, timeout=TIMEOUT) as failed:
        assert second.session_actions.open_session(path)
    idle(qtbot, second)
    assert failed.args is not None
    assert str(failed.args[0]).startswith(str(files.references[0]))
    assert second.session.files == other
    assert second.session.config == BleuConfig()
    assert second.session.drop_bom is False
    assert not second.file_actions.drop_bom_action.isChecked()
    assert not second.settings_panel.lowercase.isChecked()
    assert second.session.scores is scores  # not scored again, under any option
    assert second.windowTitle() == title
    assert not second.session_actions.opening


def test_a_session_that_drops_byte_order_marks_says_so_in_the_menu(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    first, path, _files = saved_session(qtbot, tmp_path, windows)
    first.file_actions.drop_bom_action.trigger()
    idle(qtbot, first)
    assert first.session.drop_bom
    assert first.session_actions.save_to(path)
    second = make(qtbot, windows, tmp_path / "b.ini")
    open_session(qtbot, second, path)
    assert second.session.drop_bom
    assert second.file_actions.drop_bom_action.isChecked()


def with_documents(qtbot: QtBot, window: MainWindow, files: FileSet) -> list[str]:
    """Give the test set made-up document ids (ten segments each); the ids."""
    count = len(read_lines(files.hypothesis))
    ids = [f"doc-{k // 10:02d}" for k in range(count)]
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.DOCUMENTS),
        timeout=TIMEOUT,
    ):
        window.session.set_documents(ids)
    idle(qtbot, window)
    return ids


def test_the_document_filter_and_the_seed_come_back_with_the_session(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    files = project(tmp_path / "work")
    first = make(qtbot, windows, tmp_path / "a.ini")
    first.resize(1280, 720)
    first.show()
    open_files(qtbot, first, files)
    ids = with_documents(qtbot, first, files)
    click_document(qtbot, first, "doc-03")
    assert first.filter_bar.documents_label.text() == "Only document 'doc-03'"
    type_seed(qtbot, first.compare_systems, "777")
    saved = tmp_path / "work" / "study.bleu-session"
    assert first.session_actions.save_to(saved)
    stored = json.loads(saved.read_text(encoding="utf-8"))
    assert stored["filter"]["documents"] == ["doc-03"]
    assert stored["systems"]["seed"] == 777

    second = make(qtbot, windows, tmp_path / "b.ini")
    second.resize(1280, 720)
    second.show()
    open_session(qtbot, second, saved)
    expected = [k for k, doc in enumerate(ids) if doc == "doc-03"]
    assert [int(row) for row in second.browser.model.rows] == expected
    assert second.filter_bar.documents_label.text() == "Only document 'doc-03'"
    assert second.filter_bar.documents_row.isVisible()
    selected = second.documents.view.table.selectionModel().selectedRows()
    assert [index.data() for index in selected] == ["doc-03"]
    assert second.compare_systems.table.seed_box.text() == "777"
    assert second.compare_systems.table.seed == 777
    assert not second.isWindowModified()
    assert second.banner.text() == ""


def test_an_unseeded_test_and_a_document_no_longer_there_are_said(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    files = project(tmp_path / "work")
    first = make(qtbot, windows, tmp_path / "a.ini")
    first.show()
    open_files(qtbot, first, files)
    with_documents(qtbot, first, files)
    click_document(qtbot, first, "doc-01")
    type_seed(qtbot, first.compare_systems, "none")
    saved = tmp_path / "work" / "study.bleu-session"
    assert first.session_actions.save_to(saved)
    value = json.loads(saved.read_text(encoding="utf-8"))
    assert value["systems"]["seed"] == "none"
    value["filter"]["documents"] = ["doc-01", "gone-9"]
    saved.write_text(json.dumps(value), encoding="utf-8")

    second = make(qtbot, windows, tmp_path / "b.ini")
    second.show()
    open_session(qtbot, second, saved)
    assert second.compare_systems.table.seed_box.text() == "none"
    assert second.compare_systems.table.seed is None
    assert second.filter_bar.documents_label.text() == "Only document 'doc-01'"
    assert second.banner.text() == (
        f"⚠ {saved}: filter: document 'gone-9' left out (not in the test set's "
        "document ids)"
    )
