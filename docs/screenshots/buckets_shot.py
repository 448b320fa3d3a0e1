"""Make docs/screenshots/buckets.png: the demo pair's Buckets tab, a bucket chosen.

The demo's Facebook-AI (A) and Online-W (B), the Buckets tab in front on the
reference-length view and its 20–29 bucket clicked (the table filtered to it). Run
`QT_QPA_PLATFORM=offscreen python docs/screenshots/buckets_shot.py FILE.png`,
with `--dark` for the dark palette, `--words` for the word-frequency view,
`--panel` for the whole tab, unscrolled, beside it.
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
from bleu_gui.models.bucket_views import BucketView
from bleu_gui.models.session import FileSet, Session
from bleu_gui.views.buckets_panel import BUCKETS_TAB
from bleu_gui.views.main_window import MainWindow

sys.path.insert(0, str(Path(__file__).resolve().parent))
from what_if_shot import _dark


def main() -> None:
    """Open the demo, show the Buckets tab, click a bucket, grab the window."""
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
        tabs = window.tabs
        for index in range(tabs.count()):
            if tabs.tabText(index) == BUCKETS_TAB:
                tabs.setCurrentIndex(index)
        panel = window.buckets
        if "--words" in sys.argv:
            panel.view_box.setCurrentIndex(list(BucketView).index(BucketView.WORDS))
        while (
            panel.content.table is None and panel.content.words is None
        ) or panel.busy:
            QTest.qWait(50)
        if "--words" not in sys.argv:
            panel.choose_bucket(2)
        QTest.qWait(300)
        window.grab().save(str(target))
        if "--panel" in sys.argv:  # the whole tab, unscrolled
            content = panel.findChild(QScrollArea).widget()
            content.grab().save(str(target.with_suffix(".panel.png")))
        window.close()
    app.quit()


if __name__ == "__main__":
    main()
