"""A recent-files list that changes after its window closed.

Work that ends after its window closed can still add to the list. It must reach the
disk, and deleting the window afterwards must not take the process down: Qt aborts
when a running `QThread` is destroyed, so the change may not start a writer thread
again. The list runs in a child process here, so an abort fails this test alone.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from PySide6.QtCore import QSettings

import bleu_gui
from bleu_gui.models.recent import RecentFiles

_CHANGED_AFTER_CLOSE = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    import shiboken6
    from PySide6.QtCore import QCoreApplication, QObject, QSettings

    from bleu_gui.models.recent import RecentFiles
    from bleu_gui.models.session import FileSet

    app = QCoreApplication([])
    window = QObject()
    settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
    recent = RecentFiles(settings, window)
    recent.add(FileSet(Path("/data/first.hyp"), (Path("/data/first.ref"),)))
    recent.close()
    recent.add(FileSet(Path("/data/late.hyp"), (Path("/data/late.ref"),)))
    shiboken6.delete(window)
    print("deleted")
    """
)


def test_a_change_after_close_is_written_and_the_window_can_be_deleted(
    tmp_path: Path,
) -> None:
    ini = tmp_path / "bleu-gui.ini"
    root = str(Path(bleu_gui.__file__).parent.parent)
    env = {**os.environ, "PYTHONPATH": root, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", _CHANGED_AFTER_CLOSE, str(ini)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout.strip()) == (0, "deleted"), done.stderr
    again = RecentFiles(QSettings(str(ini), QSettings.Format.IniFormat))
    assert [files.hypothesis.name for files in again.entries()] == [
        "late.hyp",
        "first.hyp",
    ]
