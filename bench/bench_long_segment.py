"""Benchmark: one long segment (a document on one line) in the real window.

Writes a 2-segment corpus whose first segment is `--mb` megabytes of real
sentences (one reference, likewise), opens it in the window, and steps through
what froze it: open (the first sentence is explained and painted), All orders,
Tokens, Copy. For each step it reports the time until done and the longest time
the event loop was blocked (the largest gap between ticks of a 5 ms timer; target
< 100 ms), then the peak memory of the GUI process and of its child processes.
Runs offscreen: `QT_QPA_PLATFORM=offscreen python bench/bench_long_segment.py`.
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from collections.abc import Callable
from itertools import cycle
from multiprocessing import active_children
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QElapsedTimer, QEventLoop, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication

from bleu_gui.cli import demo_paths
from bleu_gui.models.session import FileSet, Session
from bleu_gui.views.main_window import MainWindow


class BlockMeter:
    """The longest gap between ticks of a 5 ms timer since `start`."""

    def __init__(self) -> None:
        self.clock = QElapsedTimer()
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._tick)
        self.longest = 0

    def start(self) -> None:
        self.longest = 0
        self.clock.start()
        self.timer.start()

    def _tick(self) -> None:
        self.longest = max(self.longest, self.clock.restart())

    def stop(self) -> int:
        self._tick()
        self.timer.stop()
        return self.longest


def _peak_mib(pid: int | None) -> float:
    """The peak resident memory of process `pid` (Linux), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def one_line(path: Path, size: int) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()
    parts, length = [], 0
    for line in cycle(lines):
        if length >= size:
            break
        parts.append(line)
        length += len(line) + 1
    return " ".join(parts)


def run_until(done: Callable[[], bool], timeout: float = 900.0) -> None:
    """Run the event loop until `done()` (checked every 10 ms)."""
    loop = QEventLoop()
    check = QTimer()
    check.setInterval(10)
    check.timeout.connect(lambda: loop.quit() if done() else None)
    check.start()
    limit = time.monotonic() + timeout
    while not done() and time.monotonic() < limit:
        loop.exec()
    check.stop()


def settle(ms: int = 500) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def step(
    name: str, meter: BlockMeter, act: Callable[[], None], done: Callable[[], bool]
) -> None:
    meter.start()
    began = time.monotonic()
    act()
    run_until(done)
    took = time.monotonic() - began
    settle()
    print(
        f"{name:<12} {took:7.2f} s   longest event-loop block {meter.stop():6d} ms",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--mb", type=float, default=2.0, help="size of the long segment"
    )
    args = parser.parse_args()
    app = QApplication([])
    _, refs, candidate, _ = demo_paths()
    size = int(args.mb * 1_000_000)
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        hyp, ref = tmp / "long.hyp.txt", tmp / "long.ref.txt"
        hyp.write_text(
            one_line(candidate, size) + "\nThe cat sat .\n", encoding="utf-8"
        )
        ref.write_text(
            one_line(refs[0], size) + "\nThe cat sat down .\n", encoding="utf-8"
        )
        settings = QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)
        session = Session()
        window = MainWindow(session, settings)
        window.show()
        settle()
        meter = BlockMeter()

        def explained() -> bool:
            return (
                not session.is_busy
                and session.scores is not None
                and not window.sentence_pending
                and window.detail.explanation() is not None
            )

        step("open", meter, lambda: session.open_files(FileSet(hyp, (ref,))), explained)
        step(
            "All orders",
            meter,
            lambda: window.order_buttons.button(0).click(),
            explained,
        )
        step("Tokens", meter, window.tokens_button.click, explained)
        step("Copy", meter, window.copy_sentence, explained)
        explanation = window.detail.explanation()
        assert explanation is not None
        print(f"sentence BLEU {explanation.score.score:.2f}")
        gui = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        children = max((_peak_mib(child.pid) for child in active_children()), default=0)
        window.close()
        print(
            f"peak memory: GUI process {gui:.0f} MiB, largest child {children:.0f} MiB"
        )
    app.quit()


if __name__ == "__main__":
    main()
