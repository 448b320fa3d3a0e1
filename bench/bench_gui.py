"""Benchmark: open a 100,000-segment, 2-reference corpus in the real window.

Reports the time until the first rows are shown, the time until everything is scored,
the longest time the event loop was blocked (a 5 ms timer measures the gaps between
its ticks; target < 100 ms), the peak memory of the GUI process and of the tokenizer
worker processes, and the time of the interactive steps that follow: re-scoring after
a smoothing change, a tokenizer change, a text filter, a sort, and explaining a
sentence. Runs offscreen: `QT_QPA_PLATFORM=offscreen python bench/bench_gui.py`.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QElapsedTimer, QEventLoop, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication

from bleu_gui.app import set_process_policy
from bleu_gui.core import BleuConfig, Smoothing
from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.models.sentence_table import Column
from bleu_gui.models.session import FileSet, Session
from bleu_gui.views.main_window import MainWindow

sys.path.insert(0, str(Path(__file__).parent))
from bench_score import build_corpus


class BlockMeter:
    """Measures the longest gap between ticks of a fast timer: the longest block.

    Also notes when it ended (seconds after `start`) and what the session last said
    it was doing, to tell where to look.
    """

    def __init__(self, session: Session) -> None:
        self.clock = QElapsedTimer()
        self.since = QElapsedTimer()
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._tick)
        self.longest = 0
        self.where = ""
        self.doing = "starting"
        session.progress_changed.connect(self._on_progress)
        session.busy_changed.connect(
            lambda busy: self._on_progress(0, 0, "" if busy else "idle")
        )

    def start(self) -> None:
        self.longest = 0
        self.where = ""
        self.clock.start()
        self.since.start()
        self.timer.start()

    def report(self) -> str:
        return f"{self.longest:4d} ms ({self.where})"

    def _on_progress(self, _done: int, _total: int, what: str) -> None:
        if what:
            self.doing = what

    def _tick(self) -> None:
        gap = self.clock.restart()
        if gap > self.longest:
            self.longest = gap
            self.where = f"at {self.since.elapsed() / 1000:.2f} s, {self.doing}"


def settle(milliseconds: int = 500) -> None:
    """Run the event loop a little longer, as the application's own loop would.

    What a signal sets off (painting new rows, explaining the selected sentence)
    runs in later turns of the loop. A single `processEvents()` call runs all of it
    back to back, with no turn for the meter (or the user's input) in between, and
    reports one block the application never has.
    """
    loop = QEventLoop()
    QTimer.singleShot(milliseconds, loop.quit)
    loop.exec()


def wait_for(
    signal: object, action: Callable[[], None], timeout_ms: int = 600_000
) -> float:
    """Run `action`, spin the event loop until `signal` fires; return seconds taken.

    The signal may fire inside `action` already (a synchronous step): then the loop
    is not entered at all.
    """
    fired: list[bool] = []
    loop = QEventLoop()

    def on_signal(*_: object) -> None:
        fired.append(True)
        loop.quit()

    signal.connect(on_signal)  # type: ignore[attr-defined]
    QTimer.singleShot(timeout_ms, loop.quit)
    start = time.perf_counter()
    action()
    if not fired:
        loop.exec()
    seconds = time.perf_counter() - start
    signal.disconnect(on_signal)  # type: ignore[attr-defined]
    if not fired:
        raise SystemExit(f"timed out after {timeout_ms / 1000:.0f} s")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=100_000)
    parser.add_argument(
        "--corpus", choices=["repeated", "distinct"], default="distinct"
    )
    options = parser.parse_args()
    set_process_policy()  # as the application does
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        hyp, refs = build_corpus(options.corpus, options.segments, Path(folder))
        settings = QSettings(
            str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat
        )
        session = Session()
        window = MainWindow(session, settings)
        window.show()
        app.processEvents()
        meter = BlockMeter(session)
        meter.start()
        files = FileSet(hyp, tuple(refs))
        first_rows = wait_for(session.texts_loaded, lambda: session.open_files(files))
        shown = window.browser.model.rowCount()
        scored = first_rows + wait_for(session.scores_changed, lambda: None)
        settle()
        block_open = meter.report()
        print(f"corpus: {options.corpus}, {options.segments:,} segments, 2 references")
        print(f"first rows shown after   {first_rows:6.2f} s ({shown:,} rows)")
        print(f"fully scored after       {scored:6.2f} s")
        print(f"longest event-loop block while opening (target < 100): {block_open}")

        def step(name: str, signal: object, action: Callable[[], None]) -> None:
            meter.start()
            seconds = wait_for(signal, action)
            settle()
            print(f"{name:<30} {seconds:6.2f} s, longest block {meter.report()}")

        step(
            "re-score (smoothing floor):",
            session.scores_changed,
            lambda: session.set_config(BleuConfig(smoothing=Smoothing.FLOOR)),
        )
        step(
            "re-tokenize (lowercase):",
            session.scores_changed,
            lambda: session.set_config(BleuConfig(lowercase=True)),
        )
        browser = window.browser
        step(
            "filter 'the police':",
            browser.shown_changed,
            lambda: browser.set_filter(SentenceFilter(text="the police")),
        )
        step(
            "clear the filter:",
            browser.shown_changed,
            lambda: browser.set_filter(SentenceFilter()),
        )
        meter.start()
        start = time.perf_counter()
        browser.sort_by(int(Column.COST), Qt.SortOrder.DescendingOrder)
        app.processEvents()
        print(f"{'sort by cost:':<34} {time.perf_counter() - start:6.2f} s")
        start = time.perf_counter()
        window.select_sentence(4242)
        app.processEvents()
        seconds = time.perf_counter() - start
        print(f"{'select + explain sentence 4242:':<34} {seconds:6.3f} s")
        window.close()
        session.shutdown()  # stops the worker processes, so their peak is known
        own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
        print(f"peak memory: GUI process {own} MiB; largest worker {children} MiB")


if __name__ == "__main__":
    main()
