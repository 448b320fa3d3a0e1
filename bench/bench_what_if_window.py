"""Benchmark: typing a what-if edit in the real window, two 100,000-segment systems.

Opens two systems of `--segments` lines against 2 references (the demo's, built
by `bench_systems.build_systems`), waits until both are scored and compared (and
their salient n-grams counted),
selects a sentence near the end, opens the edit bar (F2) and types `--keys`
characters into it one key press at a time, as a user does. Each key press is
timed from the press to the end of everything it sets off on the GUI thread: its
own handling (the line scored, the table's row, the detail, the Explain tab, the
Corpus panel and the Systems table updated) and the paint that follows
(`processEvents`). Target: under 50 ms per keystroke.

Then Enter (the edit kept: the system re-scored from its edited statistics in the
background) and Ctrl+Z (undone), each timed until the window shows the session's
numbers again, with the longest event-loop block meanwhile; and the peak memory of
the whole process tree.

Run: `QT_QPA_PLATFORM=offscreen python bench/bench_what_if_window.py
[--segments N] [--keys N] [--profile]`.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from bleu_gui.app import set_process_policy
from bleu_gui.models.session import FileSet, Session
from bleu_gui.views.main_window import MainWindow

sys.path.insert(0, str(Path(__file__).parent))
from bench_gui import BlockMeter, TreeMemory, settle, wait_until
from bench_systems import build_systems

_TYPED = "the storm damaged the ship and the crew said so "


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=100_000)
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument(
        "--profile", action="store_true", help="print where the key presses went"
    )
    options = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    set_process_policy(app)
    with tempfile.TemporaryDirectory() as folder:
        systems, refs = build_systems("distinct", options.segments, Path(folder))
        memory = TreeMemory()
        settings = QSettings(
            str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat
        )
        session = Session()
        window = MainWindow(session, settings)
        window.resize(1280, 720)
        window.show()
        files = FileSet(systems[1], tuple(refs), systems=(systems[0], systems[1]))
        session.open_files(files)
        wait_until(
            lambda: (
                len(session.systems) == 2
                and all(s.scores is not None for s in session.systems)
                and session.pair is not None
                and not session.is_busy
            ),
            session.busy_changed,
        )
        while window.compare.salient_job.is_running:  # as a user reads a while
            settle(200)
        settle()
        row = options.segments - 7
        window.select_sentence(row + 1)
        settle()
        print(
            f"two systems x {options.segments:,} segments, 2 references; "
            f"editing sentence {row + 1:,}"
        )
        QTest.keyClick(window, Qt.Key.Key_F2)
        settle(200)
        line = window.edit_bar.line
        QTest.keyClick(line, Qt.Key.Key_End)
        handled: list[float] = []
        painted: list[float] = []
        profile = cProfile.Profile() if options.profile else None
        for k in range(options.keys):
            char = _TYPED[k % len(_TYPED)]
            if profile is not None:
                profile.enable()
            start = time.perf_counter()
            QTest.keyClicks(line, char)
            handled.append(time.perf_counter() - start)
            app.processEvents()
            painted.append(time.perf_counter() - start)
            if profile is not None:
                profile.disable()
            settle(60)  # a fast typist's pace: ~16 keys a second
        draft = window.what_if.editor.draft
        assert draft is not None
        assert draft.text.endswith(_TYPED[: options.keys][-5:])

        def ms(values: list[float]) -> str:
            return (
                f"median {statistics.median(values) * 1000:5.1f} ms, "
                f"max {max(values) * 1000:5.1f} ms"
            )

        print(f"{options.keys} key presses (target < 50 ms each):")
        print(f"  handled (every number and view updated): {ms(handled)}")
        print(f"  handled and painted:                     {ms(painted)}")
        if profile is not None:
            pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
        meter = BlockMeter(session)
        editor = window.what_if.editor

        def keep() -> None:
            QTest.keyClick(line, Qt.Key.Key_Return)

        def undo() -> None:
            QTest.keyClick(
                window.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
            )

        presses: list[tuple[str, Callable[[], None]]] = [
            ("Enter (kept, re-scored)", keep),
            ("Ctrl+Z (undone)", undo),
        ]
        for name, press in presses:
            meter.start()
            start = time.perf_counter()
            press()
            wait_until(
                lambda: editor.draft is None and not session.is_busy,
                session.busy_changed,
            )
            seconds = time.perf_counter() - start
            settle()
            print(f"{name:<26} {seconds:6.2f} s, longest block {meter.report()}")
        memory.stop()
        window.close()
        session.shutdown()
        print(f"peak memory of the process tree (sampled): {memory.peak // 1024} MiB")


if __name__ == "__main__":
    main()
