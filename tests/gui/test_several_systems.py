"""Several systems in the window: the File menu, drops, the dialog, the command line.

Driven as a user would: menu actions triggered, a drop event with the role chosen,
the dialog's buttons clicked, the real command line run. sacreBLEU is the oracle of
every score; events are ordered by the session's signals.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import QMimeData, QPoint, QSettings, Qt, QUrl
from PySide6.QtGui import QAction, QDropEvent
from PySide6.QtWidgets import QFileDialog, QMenu, QWidget
from pytestqt.qtbot import QtBot

from bleu_gui.app import _files, build_parser
from bleu_gui.core import BleuScore
from bleu_gui.models.recent import RecentFiles
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace import PairScores, System
from bleu_gui.models.workspace_change import Change, Moved, moves
from bleu_gui.views.file_actions import FileRole
from bleu_gui.views.main_window import MainWindow
from tests.gui.demo_sets import TIMEOUT, DemoSet, demo, read_lines, window

__all__ = ["demo", "window"]  # fixtures

# The test-set dialog is shown; the offscreen platform cannot pass size hints on.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
NAMES = ("Facebook-AI", "Online-W", "UEdin", "happypoet")


def demo_system(name: str, folder: Path) -> Path:
    """A copy of one demo system's output in `folder`."""
    path = folder / f"sys.{name}.txt"
    path.write_text((DEMO / path.name).read_text(encoding="utf-8"), encoding="utf-8")
    return path


def sacrebleu_score(path: Path, refs: tuple[Path, ...]) -> float:
    references = [read_lines(ref) for ref in refs]
    return float(sacrebleu.corpus_bleu(read_lines(path), references).score)


def corpus_score(system: System) -> float:
    assert system.scores is not None
    score = system.scores.corpus
    assert isinstance(score, BleuScore)
    return score.score


def pair_of(session: Session) -> PairScores | None:
    """The session's pair now (a call: no narrowing carried over by the checker)."""
    return session.pair


@contextmanager
def all_done(qtbot: QtBot, session: Session) -> Iterator[None]:
    """Wait until every job the block started (each system, the pair) has ended."""
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=lambda busy: not busy
    ):
        yield


def file_menu(window: MainWindow) -> QMenu:
    menu = window.menuBar().actions()[0].menu()
    assert isinstance(menu, QMenu)
    return menu


def submenu(window: MainWindow, title: str) -> QMenu:
    for action in file_menu(window).actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and menu.title().replace("&", "") == title:
            return menu
    raise AssertionError(f"no {title} menu")


def texts(menu: QMenu) -> list[str]:
    return [action.text() for action in menu.actions()]


def menu_action(window: MainWindow, text: str) -> QAction:
    for action in file_menu(window).actions():
        if action.text().replace("&", "") == text:
            return action
    raise AssertionError(f"no {text} action")


def answer_file_dialog(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    def answer(
        _parent: QWidget, _title: str, _folder: str = "", _filter: str = ""
    ) -> tuple[str, str]:
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", answer)


def answer_file_dialogs(monkeypatch: pytest.MonkeyPatch, *paths: Path) -> None:
    def answer(
        _parent: QWidget, _title: str, _folder: str = "", _filter: str = ""
    ) -> tuple[list[str], str]:
        return [str(path) for path in paths], ""

    monkeypatch.setattr(QFileDialog, "getOpenFileNames", answer)


@pytest.fixture
def two(qtbot: QtBot, window: MainWindow, demo: DemoSet, tmp_path: Path) -> MainWindow:
    """The window with the demo set and two systems (UEdin the baseline)."""
    uedin = demo_system("UEdin", tmp_path / "wmt21")
    files = FileSet(
        demo.candidate, demo.refs, demo.source, systems=(uedin, demo.candidate)
    )
    with all_done(qtbot, window.session):
        window.session.open_files(files)
    return window


def test_the_file_menu_adds_a_system(
    qtbot: QtBot,
    window: MainWindow,
    demo: DemoSet,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = window.session
    add = menu_action(window, "Add system…")
    assert not add.isEnabled()  # nothing to add a system to
    with all_done(qtbot, session):
        session.open_files(demo.file_set())
    assert add.isEnabled()
    assert not submenu(window, "Remove system").isEnabled()  # the only one
    online = demo_system("Online-W", tmp_path / "wmt21")
    answer_file_dialog(monkeypatch, online)
    with all_done(qtbot, session):
        add.trigger()
    assert [s.name for s in session.systems] == [
        "sys.happypoet.txt",
        "sys.Online-W.txt",
    ]
    added = session.systems[1]
    assert corpus_score(added) == sacrebleu_score(online, demo.refs)
    assert texts(submenu(window, "Remove system")) == [
        "1: sys.happypoet.txt",
        "2: sys.Online-W.txt",
    ]
    # The window still shows the candidate (the baseline).
    assert window.windowTitle() == "bleu-gui — sys.happypoet.txt"


def test_the_baseline_menu_chooses_the_baseline(qtbot: QtBot, two: MainWindow) -> None:
    session = two.session
    _uedin, happypoet = session.systems
    menu = submenu(two, "Baseline")
    assert menu.isEnabled()
    assert texts(menu) == ["1: sys.UEdin.txt", "2: sys.happypoet.txt"]
    assert [action.isChecked() for action in menu.actions()] == [True, False]
    assert pair_of(session) is not None
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.SYSTEMS), timeout=TIMEOUT
    ):
        menu.actions()[1].trigger()
    assert session.baseline == happypoet.id
    assert pair_of(session) is None  # baseline and shown system are one now
    menu = submenu(two, "Baseline")
    assert [action.isChecked() for action in menu.actions()] == [False, True]
    qtbot.waitUntil(lambda: not session.is_busy, timeout=TIMEOUT)


def test_the_menus_are_not_rebuilt_when_nothing_in_them_changed(
    two: MainWindow,
) -> None:
    # One load refreshed the menus three times in its turn (files, systems,
    # recent), each time making every action again.
    session = two.session
    menus = [submenu(two, title) for title in ("Baseline", "Remove system")]
    recent = two.file_actions.recent_menu
    before = [menu.actions() for menu in [*menus, recent]]
    assert all(before)
    now = session.workspace
    session.workspace_changed.emit(now, now, Change.of(Moved.SYSTEMS))
    session.workspace_changed.emit(now, now, Change.of(Moved.ROWS))
    two.file_actions.recent.changed.emit()
    assert [menu.actions() for menu in [*menus, recent]] == before
    baseline = menus[0].actions()
    baseline[1].setChecked(True)  # a choice the session did not take
    session.workspace_changed.emit(now, now, Change.of(Moved.SYSTEMS))
    assert [action.isChecked() for action in baseline] == [True, False]
    assert texts(menus[1]) == ["1: sys.UEdin.txt", "2: sys.happypoet.txt"]


def test_the_remove_system_menu_removes_one(qtbot: QtBot, two: MainWindow) -> None:
    session = two.session
    _uedin, happypoet = session.systems
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.SYSTEMS), timeout=TIMEOUT
    ):
        submenu(two, "Remove system").actions()[0].trigger()
    assert [s.id for s in session.systems] == [happypoet.id]
    assert session.baseline == session.shown == happypoet.id
    assert texts(submenu(two, "Remove system")) == ["1: sys.happypoet.txt"]
    assert not submenu(two, "Remove system").isEnabled()
    assert not submenu(two, "Baseline").isEnabled()


def drop_files(window: MainWindow, paths: list[Path]) -> None:
    """A drop event carrying `paths`, delivered to the window."""
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


def test_a_file_dropped_as_a_system_is_added(
    qtbot: QtBot, window: MainWindow, demo: DemoSet, tmp_path: Path
) -> None:
    session = window.session
    with all_done(qtbot, session):
        session.open_files(demo.file_set())
    online = demo_system("Online-W", tmp_path / "wmt21")
    asked: list[Path] = []

    def choose(path: Path) -> str:
        asked.append(path)
        return "system"

    window.choose_role = choose
    with all_done(qtbot, session):
        drop_files(window, [online])
    assert asked == [online]
    assert [s.path for s in session.systems] == [demo.candidate, online]
    assert corpus_score(session.systems[1]) == sacrebleu_score(online, demo.refs)
    # The candidate, the references and the source are what they were.
    assert session.files == FileSet(
        demo.candidate,
        demo.refs,
        demo.source,
        systems=(demo.candidate, online),
    )


def test_systems_dropped_with_references_open_a_new_test_set(
    qtbot: QtBot, window: MainWindow, demo: DemoSet, tmp_path: Path
) -> None:
    session = window.session
    online = demo_system("Online-W", tmp_path / "wmt21")
    roles = {
        demo.refs[0]: FileRole.REFERENCE,
        demo.refs[1]: FileRole.REFERENCE,
        online: FileRole.SYSTEM,
        demo.candidate: FileRole.CANDIDATE,
    }
    window.choose_role = lambda path: roles[path]
    with all_done(qtbot, session):
        drop_files(window, list(roles))
    assert [s.path for s in session.systems] == [online, demo.candidate]
    assert session.baseline == session.systems[0].id
    assert session.shown == session.systems[1].id  # the candidate
    for system in session.systems:
        assert corpus_score(system) == sacrebleu_score(system.path, demo.refs)


def test_the_role_question_offers_system(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real question box lists the roles; its System button answers 'system'."""
    from PySide6.QtWidgets import QMessageBox

    offered: list[str] = []

    def exec_box(box: QMessageBox) -> int:
        buttons = box.buttons()
        offered.extend(button.text() for button in buttons)
        system = next(button for button in buttons if button.text() == "System")
        system.click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", exec_box)
    role = window.file_actions.choose_role(Path("out.txt"))
    assert FileRole(role) is FileRole.SYSTEM
    assert {"Candidate", "System", "Reference", "Source"} <= set(offered)


def test_the_open_test_set_dialog_takes_several_systems(
    qtbot: QtBot,
    window: MainWindow,
    demo: DemoSet,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = window.session
    online = demo_system("Online-W", tmp_path / "wmt21")
    uedin = demo_system("UEdin", tmp_path / "wmt21")
    window.open_test_set_action.trigger()
    dialog = window.file_actions.test_set_dialog
    assert dialog is not None
    answer_file_dialogs(monkeypatch, *demo.refs)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dialog.candidate, str(demo.candidate))
    answer_file_dialogs(monkeypatch, online, uedin)
    qtbot.mouseClick(dialog.add_system_button, Qt.MouseButton.LeftButton)
    assert dialog.system_paths() == [online, uedin]
    with all_done(qtbot, session):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert [s.path for s in session.systems] == [online, uedin, demo.candidate]
    assert session.baseline == session.systems[0].id
    assert session.shown == session.systems[2].id
    for system in session.systems:
        assert corpus_score(system) == sacrebleu_score(system.path, demo.refs)
    assert window.file_actions.test_set_dialog is None  # closed


def parsed(*argv: str) -> FileSet | None:
    parser = build_parser()
    options: argparse.Namespace = parser.parse_args(list(argv))
    return _files(options, parser)


def test_the_command_line_takes_several_systems() -> None:
    files = parsed("ref.A.txt", "ref.B.txt", "-i", "a.txt", "b.txt", "c.txt")
    assert files == FileSet(
        Path("c.txt"),
        (Path("ref.A.txt"), Path("ref.B.txt")),
        systems=(Path("a.txt"), Path("b.txt"), Path("c.txt")),
    )
    assert parsed("ref.txt", "-i", "a.txt") == FileSet(
        Path("a.txt"), (Path("ref.txt"),)
    )


def test_demo_opens_four_systems_happypoet_shown() -> None:
    files = parsed("--demo")
    assert files is not None
    assert [path.name for path in files.hypotheses] == [
        f"sys.{name}.txt" for name in NAMES
    ]
    assert files.hypothesis.name == "sys.happypoet.txt"


# Runs the app, and before the screenshot is saved prints what the session holds.
REPORTING_APP = """
import sys
import bleu_gui.app as app

save = app._save

def report(window, path, status):
    session = window.session
    for system in session.systems:
        print("system:", system.name, system.scores.corpus.score)
    print("baseline:", session.workspace.baseline_system.name)
    print("shown:", session.workspace.shown_system.name)
    print("busy:", session.is_busy)
    save(window, path, status)

app._save = report
sys.exit(app.main(sys.argv[1:]))
"""


def test_the_demo_window_opens_all_four_systems(tmp_path: Path) -> None:
    shot = tmp_path / "demo.png"
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    result = subprocess.run(
        [sys.executable, "-c", REPORTING_APP, "--demo", "--screenshot", str(shot)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    refs = [read_lines(DEMO / "ref.A.txt"), read_lines(DEMO / "ref.B.txt")]
    expected = [
        f"system: sys.{name}.txt "
        f"{sacrebleu.corpus_bleu(read_lines(DEMO / f'sys.{name}.txt'), refs).score}"
        for name in NAMES
    ]
    lines = result.stdout.splitlines()
    assert [line for line in lines if line.startswith("system:")] == expected
    assert "baseline: sys.Facebook-AI.txt" in lines
    assert "shown: sys.happypoet.txt" in lines
    assert "busy: False" in lines
    assert shot.is_file()


def test_a_system_shown_while_it_scores_shows_its_texts_then_its_scores(
    qtbot: QtBot, window: MainWindow, demo: DemoSet, tmp_path: Path
) -> None:
    session = window.session
    online = demo_system("Online-W", tmp_path / "wmt21")
    files = FileSet(
        demo.candidate, demo.refs, demo.source, systems=(demo.candidate, online)
    )
    # Listed once the candidate is scored; Online-W has just started scoring.
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.SYSTEMS), timeout=TIMEOUT
    ):
        session.open_files(files)
    pending = session.systems[1]
    assert pending.scores is None
    with all_done(qtbot, session):
        with qtbot.waitSignal(session.texts_loaded, timeout=TIMEOUT) as texts_shown:
            session.set_shown(pending.id)
        assert texts_shown.args == [pending.corpus]
        assert window.browser.model.hypotheses == tuple(read_lines(online))
    scores = session.scores
    assert scores is not None
    assert isinstance(scores.corpus, BleuScore)
    expected = sacrebleu_score(online, demo.refs)
    assert scores.corpus.score == expected
    qtbot.waitUntil(lambda: not window.sentence_pending, timeout=TIMEOUT)
    assert window.summary.score.text() == f"{expected:.2f}"
    assert window.windowTitle() == "bleu-gui — sys.Online-W.txt"


def test_recent_files_remember_every_system(
    qtbot: QtBot, two: MainWindow, tmp_path: Path
) -> None:
    """Reopened from the Recent menu, a set comes back with all its systems."""
    files = two.session.files
    assert files is not None
    assert len(files.hypotheses) == 2
    two.file_actions.close()  # on disk
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again = RecentFiles(settings)
    try:
        assert again.entries() == [files]
    finally:
        again.close()
    recent = submenu(two, "Recent files")
    assert texts(recent) == [
        "sys.happypoet.txt and 1 other system (+2 references) · 13a · "
        f"{files.hypothesis.parent}"
    ]
    two.session.close()
    with all_done(qtbot, two.session):
        recent.actions()[0].trigger()
    assert two.session.files == files
    assert [s.path for s in two.session.systems] == list(files.hypotheses)


def test_showing_or_removing_a_system_adds_no_recent_file_set(
    qtbot: QtBot, two: MainWindow
) -> None:
    session = two.session
    opened = session.files
    recent = two.file_actions.recent
    assert recent.entries() == [opened]
    uedin, happypoet = session.systems
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.ROWS), timeout=TIMEOUT
    ):
        session.set_shown(uedin.id)
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.ROWS), timeout=TIMEOUT
    ):
        session.set_shown(happypoet.id)
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.ROWS), timeout=TIMEOUT
    ):
        session.remove_system(happypoet.id)  # the shown one: UEdin is shown
    assert recent.entries() == [opened]
    qtbot.waitUntil(lambda: not session.is_busy, timeout=TIMEOUT)
