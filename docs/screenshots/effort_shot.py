"""Make docs/screenshots/effort.png: the Effort tab of the demo's pair, a band chosen.

The demo's Facebook-AI (A) and Online-W (B), both efforts counted, the Effort tab
in front and B's 95–99 % band clicked (the table filtered to it). Run
`QT_QPA_PLATFORM=offscreen python docs/screenshots/effort_shot.py FILE.png`,
with `--dark` for the dark palette, `--single` for Online-W alone.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QScrollArea

from bleu_gui.app import set_process_policy
from bleu_gui.cli import demo_paths
from bleu_gui.models.session import FileSet, Session
from bleu_gui.views.effort_panel import EFFORT_TAB
from bleu_gui.views.main_window import MainWindow

sys.path.insert(0, str(Path(__file__).resolve().parent))
from what_if_shot import _dark


def main() -> None:
    """Open the demo, show the Effort tab, click a band, grab the window."""
    target = Path(sys.argv[1])
    app = QApplication(sys.argv[:1])
    set_process_policy(app)
    if "--dark" in sys.argv:
        app.setPalette(_dark())
    single = "--single" in sys.argv
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat)
        session = Session(processes=1)
        window = MainWindow(session, settings)
        window.resize(1280, 720)
        window.show()
        _, refs, candidate, others = demo_paths()
        systems = {path.name: path for path in (candidate, *others)}
        baseline, online = systems["sys.Facebook-AI.txt"], systems["sys.Online-W.txt"]
        chosen = () if single else (baseline, online)
        session.open_files(FileSet(online, tuple(refs), None, systems=chosen))
        tabs = window.tabs
        for index in range(tabs.count()):
            if tabs.tabText(index) == EFFORT_TAB:
                tabs.setCurrentIndex(index)
        wanted = 1 if single else 2
        while len(window.effort.bands.systems) < wanted or window.effort.busy:
            QTest.qWait(50)
        window.effort.choose_band(wanted - 1, 1)
        QTest.qWait(300)
        window.grab().save(str(target))
        if "--panel" in sys.argv:  # the whole tab, unscrolled
            content = window.effort.findChild(QScrollArea).widget()
            content.grab().save(str(target.with_suffix(".panel.png")))
        window.close()
    app.quit()


if __name__ == "__main__":
    main()
