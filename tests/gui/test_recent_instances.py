"""Two windows, or two running instances, keep one recent-files list.

Each `RecentFiles` here is one window's list; they share one INI file, as the windows
of one user share the platform's settings. Every step waits for the `synced` signal
(Qt wrote the change and the merged list came back), never for a time.
"""

from __future__ import annotations

import os
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QProcess, QProcessEnvironment, QSettings
from pytestqt.qtbot import QtBot

import bleu_gui
from bleu_gui.models.recent import RecentFiles
from bleu_gui.models.session import FileSet

# A second instance of the application, as far as the recent files go: it opens
# the file set named on its command line and exits once the change is synced.
_OTHER_INSTANCE = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    from PySide6.QtCore import QCoreApplication, QSettings

    from bleu_gui.models.recent import RecentFiles
    from bleu_gui.models.session import FileSet

    app = QCoreApplication([])
    recent = RecentFiles(QSettings(sys.argv[1], QSettings.Format.IniFormat))
    recent.synced.connect(app.quit)
    recent.add(FileSet(Path(sys.argv[2]), (Path(sys.argv[3]),)))
    app.exec()
    recent.close()
    print(" ".join(files.hypothesis.name for files in recent.entries()))
    """
)


def file_set(name: str) -> FileSet:
    return FileSet(Path(f"/data/{name}.hyp"), (Path(f"/data/{name}.ref"),))


def names(recent: RecentFiles) -> list[str]:
    return [files.hypothesis.stem for files in recent.entries()]


@pytest.fixture
def ini(tmp_path: Path) -> Path:
    return tmp_path / "bleu-gui.ini"


@pytest.fixture
def windows(ini: Path) -> Iterator[tuple[RecentFiles, RecentFiles]]:
    """Two windows' lists on one settings file."""
    first = RecentFiles(QSettings(str(ini), QSettings.Format.IniFormat))
    second = RecentFiles(QSettings(str(ini), QSettings.Format.IniFormat))
    yield first, second
    first.close()
    second.close()


def add(qtbot: QtBot, recent: RecentFiles, name: str) -> None:
    """Open `name` in the window of `recent`, and wait until Qt wrote it."""
    with qtbot.waitSignal(recent.synced, timeout=10_000):
        recent.add(file_set(name))


def on_restart(ini: Path) -> list[str]:
    """The list a window started now would show."""
    return names(RecentFiles(QSettings(str(ini), QSettings.Format.IniFormat)))


def test_two_windows_keep_each_others_files(
    qtbot: QtBot, ini: Path, windows: tuple[RecentFiles, RecentFiles]
) -> None:
    """The last writer used to win: a file opened in one window vanished from the
    list when the other window opened one."""
    first, second = windows
    add(qtbot, first, "news")
    add(qtbot, second, "patents")
    assert names(second) == ["patents", "news"]
    add(qtbot, first, "medical")
    assert names(first) == ["medical", "patents", "news"]
    assert on_restart(ini) == ["medical", "patents", "news"]


def test_merging_never_syncs_on_the_gui_thread(qtbot: QtBot, ini: Path) -> None:
    """A sync can take a second under disk load: the merge is left to the syncs Qt
    makes on the writer thread; the window's own settings sync only on close."""
    synced_here: list[str] = []

    def settings(name: str) -> QSettings:
        store = QSettings(str(ini), QSettings.Format.IniFormat)
        sync = store.sync

        def counted_sync() -> None:
            synced_here.append(name)
            sync()

        store.sync = counted_sync  # type: ignore[method-assign]
        return store

    first, second = RecentFiles(settings("first")), RecentFiles(settings("second"))
    add(qtbot, first, "news")
    add(qtbot, second, "patents")
    add(qtbot, first, "medical")
    assert names(first) == ["medical", "patents", "news"]
    assert synced_here == []
    first.close()
    second.close()
    assert synced_here == ["first", "second"]


def test_a_window_shows_what_another_opened_once_it_writes(
    qtbot: QtBot, windows: tuple[RecentFiles, RecentFiles]
) -> None:
    first, second = windows
    add(qtbot, first, "news")
    changes: list[list[str]] = []
    second.changed.connect(lambda: changes.append(names(second)))
    add(qtbot, second, "patents")
    # Its own change at once, then the merged list read back.
    assert changes == [["patents"], ["patents", "news"]]


def test_opening_a_file_set_again_moves_it_up_without_a_duplicate(
    qtbot: QtBot, ini: Path, windows: tuple[RecentFiles, RecentFiles]
) -> None:
    first, second = windows
    add(qtbot, first, "news")
    add(qtbot, second, "patents")
    add(qtbot, first, "news")
    assert names(first) == ["news", "patents"]
    assert on_restart(ini) == ["news", "patents"]


def test_the_shared_list_keeps_the_eight_newest(
    qtbot: QtBot, ini: Path, windows: tuple[RecentFiles, RecentFiles]
) -> None:
    first, second = windows
    for number in range(6):
        add(qtbot, first, f"first{number}")
        add(qtbot, second, f"second{number}")
    newest = [
        "second5", "first5", "second4", "first4",
        "second3", "first3", "second2", "first2",
    ]  # fmt: skip
    assert names(first) == [*newest[1:], "second1"]  # it has not read second5 yet
    assert names(second) == newest
    assert on_restart(ini) == newest
    settings = QSettings(str(ini), QSettings.Format.IniFormat)
    settings.beginGroup("recent/sets")
    assert len(settings.childKeys()) == 8  # the older keys were removed


def test_a_clear_forgets_what_every_window_opened_before_it(
    qtbot: QtBot, ini: Path, windows: tuple[RecentFiles, RecentFiles]
) -> None:
    first, second = windows
    add(qtbot, first, "news")
    add(qtbot, second, "patents")
    with qtbot.waitSignal(first.synced, timeout=10_000):
        first.clear()
    assert names(first) == []
    add(qtbot, second, "medical")  # the other window hears of the clear
    assert names(second) == ["medical"]
    assert on_restart(ini) == ["medical"]
    assert "patents" not in ini.read_text(encoding="utf-8")


def test_a_late_read_back_never_undoes_a_newer_change(
    qtbot: QtBot, windows: tuple[RecentFiles, RecentFiles]
) -> None:
    """Two changes in a row: the list read back after the first one does not hold
    the second, and must not take it away."""
    first, _ = windows
    shown: list[list[str]] = []
    first.changed.connect(lambda: shown.append(names(first)))
    with qtbot.waitSignals([first.synced, first.synced], timeout=10_000):
        first.add(file_set("news"))
        first.add(file_set("patents"))
    assert shown == [["news"], ["patents", "news"]]


def test_the_list_of_an_older_version_is_kept_and_replaced(
    qtbot: QtBot, ini: Path
) -> None:
    """Before, the whole list was one value, `recent/filesets`: it is read, in its
    order and older than anything opened since, and the first write replaces it."""
    old = QSettings(str(ini), QSettings.Format.IniFormat)
    old.setValue(
        "recent/filesets",
        '[{"hypothesis": "/data/news.hyp", "references": ["/data/news.ref"],'
        ' "source": null, "encoding": "utf-8"},'
        ' {"hypothesis": "/data/patents.hyp", "references": ["/data/patents.ref"],'
        ' "source": null, "encoding": "utf-8"}]',
    )
    old.sync()
    recent = RecentFiles(QSettings(str(ini), QSettings.Format.IniFormat))
    assert names(recent) == ["news", "patents"]
    add(qtbot, recent, "medical")
    recent.close()
    assert on_restart(ini) == ["medical", "news", "patents"]
    assert "filesets" not in ini.read_text(encoding="utf-8")


def test_two_running_instances_keep_each_others_files(
    qtbot: QtBot, ini: Path, windows: tuple[RecentFiles, RecentFiles]
) -> None:
    """Another process writes the file between two writes of this one: each
    re-reads the file under Qt's lock before writing its own keys."""
    first, _ = windows
    add(qtbot, first, "news")
    other = QProcess()
    environment = QProcessEnvironment.systemEnvironment()
    environment.insert("PYTHONPATH", str(Path(bleu_gui.__file__).parents[1]))
    environment.insert("QT_QPA_PLATFORM", os.environ["QT_QPA_PLATFORM"])
    other.setProcessEnvironment(environment)
    with qtbot.waitSignal(other.finished, timeout=60_000):
        other.start(
            sys.executable,
            ["-c", _OTHER_INSTANCE, str(ini), "/data/patents.hyp", "/data/patents.ref"],
        )
    errors = bytes(other.readAllStandardError().data()).decode()
    assert (other.exitCode(), errors) == (0, "")  # no Qt warning either
    # It saw this process's entry when it wrote its own.
    assert bytes(other.readAllStandardOutput().data()).decode().split() == [
        "patents.hyp",
        "news.hyp",
    ]
    add(qtbot, first, "medical")
    assert names(first) == ["medical", "patents", "news"]
    assert on_restart(ini) == ["medical", "patents", "news"]
