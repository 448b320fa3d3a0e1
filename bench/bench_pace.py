"""Benchmark: a table's repaint while worker threads run Python, paced or not.

Every call from Qt into Python takes the GIL; a worker thread running Python makes
each of them wait. A 100,000-row table of 12 columns (a Python model) is repainted
every 50 ms for three seconds while `--workers` `Worker` threads run dictionary
work in steps of about 2 ms (like the session's token table); prints the median
and the longest repaint, without and with `bleu_gui.gui_pace`. Offscreen:
`QT_QPA_PLATFORM=offscreen python bench/bench_pace.py --workers 2`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import (
    QAbstractTableModel,
    QEventLoop,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
)
from PySide6.QtWidgets import QApplication, QTableView

from bleu_gui.gui_pace import install_pace
from bleu_gui.workers import Job, Worker

_Index = QModelIndex | QPersistentModelIndex


class _Table(QAbstractTableModel):
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 100_000

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 12

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{index.row()}:{index.column()}"
        return None


def run(workers: int, paced: bool, seconds: float) -> list[float]:
    """Repaint times (ms) of the table while `workers` threads run Python."""
    app = QApplication.instance() or QApplication([])
    sys.setswitchinterval(0.001)  # as `bleu_gui.app.set_process_policy` sets it
    if paced:
        install_pace(app)
    running = True
    keys = [f"line {i}" for i in range(20_000)]

    def job() -> Job:
        while running:
            dict.fromkeys(key for key in keys)
            yield 0, 1, "dictionary work"

    jobs = [Worker(job) for _ in range(workers)]
    for worker in jobs:
        worker.start()
    view = QTableView()
    view.setModel(_Table(view))
    view.resize(1280, 720)
    view.show()
    times: list[float] = []

    def repaint() -> None:
        start = time.perf_counter()
        view.viewport().repaint()
        times.append((time.perf_counter() - start) * 1000)

    timer = QTimer()
    timer.timeout.connect(repaint)
    timer.start(50)
    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()
    timer.stop()
    running = False
    for worker in jobs:
        worker.wait()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--paced", choices=["yes", "no"], help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.paced is not None:  # one measurement, in a process of its own
        times = run(options.workers, options.paced == "yes", options.seconds)
        print(f"{statistics.median(times):.1f} {max(times):.1f}")
        return
    for paced in ("no", "yes"):
        out = subprocess.run(
            [
                sys.executable,
                __file__,
                "--workers",
                str(options.workers),
                "--seconds",
                str(options.seconds),
                "--paced",
                paced,
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        print(
            f"{options.workers} workers, paced: {paced:3}  repaint median "
            f"{out[0]} ms, longest {out[1]} ms"
        )


if __name__ == "__main__":
    main()
