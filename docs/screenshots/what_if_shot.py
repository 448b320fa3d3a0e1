"""Make docs/screenshots/what-if.png: an edit being typed in the demo's window.

The demo's Facebook-AI (A) and Online-W (B), sentence 265, B's hypothesis edited
in the edit bar (Edit › Edit hypothesis, then typed key by key), the window
grabbed while typing. Run under a real X server for the light picture
(`DISPLAY=:99 python docs/screenshots/what_if_shot.py
docs/screenshots/what-if.png`), or with `QT_QPA_PLATFORM=offscreen` and `--dark`
for the dark one.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from bleu_gui.app import set_process_policy
from bleu_gui.cli import demo_paths
from bleu_gui.models.session import FileSet, Session
from bleu_gui.views.main_window import MainWindow

TYPED = "The ship was damaged in the storm, the crew said."


def _dark() -> QPalette:
    palette = QPalette()
    roles = QPalette.ColorRole
    for role, colour in (
        (roles.Window, "#2b2b2b"),
        (roles.WindowText, "#e6e6e6"),
        (roles.Base, "#1e1e1e"),
        (roles.AlternateBase, "#262626"),
        (roles.Text, "#e6e6e6"),
        (roles.Button, "#353535"),
        (roles.ButtonText, "#e6e6e6"),
        (roles.Highlight, "#2f65ca"),
        (roles.HighlightedText, "#ffffff"),
        (roles.Mid, "#555555"),
        (roles.PlaceholderText, "#9a9a9a"),
    ):
        palette.setColor(role, QColor(colour))
    return palette


def main() -> None:
    """Open the demo, type the edit, grab the window to the file given."""
    target = Path(sys.argv[1])
    app = QApplication(sys.argv[:1])
    set_process_policy(app)
    if "--dark" in sys.argv:
        app.setPalette(_dark())
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat)
        session = Session(processes=1)
        window = MainWindow(session, settings)
        window.resize(1280, 720)
        window.show()
        _, refs, candidate, others = demo_paths()
        systems = {path.name: path for path in (candidate, *others)}
        baseline, online = systems["sys.Facebook-AI.txt"], systems["sys.Online-W.txt"]
        session.open_files(
            FileSet(online, tuple(refs), None, systems=(baseline, online))
        )
        while not (
            len(session.systems) == 2
            and session.pair is not None
            and not session.is_busy
        ):
            QTest.qWait(50)
        window.select_sentence(265)
        QTest.qWait(300)
        window.what_if.edit_action.trigger()  # F2 (no window manager to focus)
        line = window.edit_bar.line
        QTest.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClicks(line, TYPED, delay=5)
        QTest.qWait(500)
        window.grab().save(str(target))
        session.shutdown()


if __name__ == "__main__":
    main()
