"""Benchmark: open a 100,000-segment, 2-reference corpus in the real window.

Reports the time until the first rows are shown, the time until everything is scored,
the longest time the event loop was blocked (a 5 ms timer measures the gaps between
its ticks; target < 100 ms), the peak memory of the GUI process and of the tokenizer
worker processes, and the time of the interactive steps that follow: re-scoring after
a smoothing change, a tokenizer change, a text filter, a sort, and explaining a
sentence. Runs offscreen: `QT_QPA_PLATFORM=offscreen python bench/bench_gui.py`.

`--systems N` (N ≥ 2) opens N systems of the same test set instead (the demo's four,
built by `bench_systems.build_systems`, and mixtures of them line by line beyond
four), and reports the time until the first rows, until every system is scored and
in the systems table, and until a paired bootstrap of them all has a result; the
longest event-loop block over all of it, and the peak memory of the whole process
tree (the tokenizer workers and the test's process included), sampled. With `--json`
it ends with those two figures as one JSON line (`speed_table.py` reads it).
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import importlib.util
import json
import os
import resource
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import (
    QElapsedTimer,
    QEventLoop,
    QObject,
    QSettings,
    Qt,
    QTimer,
    Signal,
    SignalInstance,
)
from PySide6.QtWidgets import QApplication

from bleu_gui.app import set_process_policy
from bleu_gui.core import BleuConfig, Smoothing
from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.models.sentence_table import Column
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, follow
from bleu_gui.views.main_window import MainWindow

sys.path.insert(0, str(Path(__file__).parent))
from bench_score import build_corpus, tree_rss
from bench_systems import build_systems
from block_threads import BlockThreads


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
        self.last_tick = time.perf_counter()
        # Told of every tick's gap and the step it ended in (`--threads`).
        self.observer: Callable[[int, str], None] | None = None
        session.progress_changed.connect(self._on_progress)
        session.busy_changed.connect(
            lambda busy: self._on_progress(0, 0, "" if busy else "idle")
        )

    def start(self) -> None:
        self.longest = 0
        self.where = ""
        self.last_tick = time.perf_counter()
        self.clock.start()
        self.since.start()
        self.timer.start()

    def report(self) -> str:
        return f"{self.longest:4d} ms ({self.where})"

    def _on_progress(self, _done: int, _total: int, what: str) -> None:
        if what:
            self.doing = what

    def _tick(self) -> None:
        self.last_tick = time.perf_counter()
        gap = self.clock.restart()
        if self.observer is not None:
            self.observer(gap, f"at {self.since.elapsed() / 1000:.2f} s, {self.doing}")
        if gap > self.longest:
            self.longest = gap
            self.where = f"at {self.since.elapsed() / 1000:.2f} s, {self.doing}"


class StackSampler:
    """Where the GUI thread is while the event loop is blocked: its Python stack.

    A thread looks every 5 ms at how long the meter's timer has not ticked; past
    `threshold` seconds it records the GUI thread's innermost frames. `report`
    prints the stacks seen most often during blocks (`--attribute`).
    """

    def __init__(self, meter: BlockMeter, threshold: float = 0.05) -> None:
        self.meter = meter
        self.threshold = threshold
        self.samples: Counter[str] = Counter()
        self.collections: list[str] = []
        self._collecting: tuple[float, int] | None = None
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        """Note every garbage collection of 20 ms or more, and its thread."""
        if phase == "start":
            self._collecting = (time.perf_counter(), info["generation"])
        elif self._collecting is not None:
            start, generation = self._collecting
            took = time.perf_counter() - start
            if took >= 0.02:
                where = threading.current_thread().name
                self.collections.append(
                    f"gc generation {generation}: {took * 1000:.0f} ms on {where}"
                )

    def _run(self) -> None:
        while self.running:
            time.sleep(0.005)
            if time.perf_counter() - self.meter.last_tick < self.threshold:
                continue
            frames = sys._current_frames()
            for thread in threading.enumerate():
                frame = frames.get(thread.ident or 0)
                if frame is None or thread is self.thread:
                    continue
                stack = traceback.extract_stack(frame)[-8:]
                text = "".join(traceback.format_list(stack))
                self.samples[f"[{thread.name}]\n{text}"] += 1

    def report(self, top: int = 6) -> None:
        """Print the most frequent stacks of blocked turns, and forget them."""
        for stack, count in self.samples.most_common(top):
            print(f"--- {count} samples (5 ms each) in a blocked turn: {stack}")
        for line in self.collections:
            print(line)
        self.samples.clear()
        self.collections.clear()


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


class TreeMemory:
    """The peak resident memory of this process and all its children, sampled.

    `ru_maxrss` gives one process's peak; the window's is spread over the GUI
    process, the tokenizer workers and the test's process, whose peaks need not
    coincide: their sum is sampled every 100 ms, on a thread of its own. Not on the
    GUI thread: reading `/proc/<pid>/status` waits for the memory map's lock while
    the process allocates, and the bench measured its own reads as blocks.
    """

    def __init__(self) -> None:
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            self.sample()

    def sample(self) -> None:
        self.peak = max(self.peak, tree_rss(os.getpid()))

    def stop(self) -> None:
        """Sample once more and end the thread."""
        self._stop.set()
        self._thread.join()
        self.sample()


class _Relay(QObject):
    """A signal of its own for one kind of change (`wait_for` waits for a signal)."""

    fired = Signal()


def on_change(session: Session, moved: Moved) -> SignalInstance:
    """A signal fired at each change of the session that moves any of `moved`."""
    relay = _Relay(session)
    follow(session.workspace_changed, moved, relay.fired.emit, relay)
    return relay.fired


def wait_until(condition: Callable[[], bool], signal: object) -> float:
    """Spin the event loop until `condition` holds, checked at each `signal`."""
    start = time.perf_counter()
    while not condition():
        wait_for(signal, lambda: None)
    return time.perf_counter() - start


def mixed_systems(
    count: int, kind: str, segments: int, folder: Path
) -> tuple[list[Path], list[Path]]:
    """`count` systems of one test set: the demo's four, then line-by-line mixtures.

    System k beyond the fourth (k = 4..9) takes its lines from two demo systems in
    turn, k - 2 lines in a row from each: every system differs from every other, as
    real ones do. (Before this rule, the sixth and the tenth had the same lines.)
    """
    built, refs = build_systems(kind, segments, folder)
    texts = [path.read_text(encoding="utf-8").split("\n")[:-1] for path in built]
    systems = list(built[:count])
    for k in range(len(systems), count):
        first, second = texts[k % 4], texts[(k + 1) % 4]
        run = k - 2  # lines in a row from each: 2 for the fifth system, 7 for the tenth
        lines = [(first if (i // run) % 2 == 0 else second)[i] for i in range(segments)]
        path = folder / f"mixed.{k}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        systems.append(path)
    return systems, refs


@dataclass(frozen=True)
class SystemsWindowResult:
    """What `bench_systems_window` measured, for `speed_table.py`'s row."""

    longest_block_ms: int
    """The longest event-loop block over opening, the bootstrap and "shown only"."""
    where: str
    """The step of that block and what the session was doing."""
    tree_peak_mib: float
    """The peak resident memory of the whole process tree, sampled."""


def bench_systems_window(
    options: argparse.Namespace, folder: Path
) -> SystemsWindowResult:
    """Open, score and compare `options.systems` systems in the window."""
    count, segments = options.systems, options.segments
    systems, refs = mixed_systems(count, options.corpus, segments, folder)
    memory = TreeMemory()
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    session = Session()
    window = MainWindow(session, settings)
    window.show()
    QApplication.processEvents()
    compare = window.compare_systems
    meter = BlockMeter(session)
    meter.start()
    sampler = StackSampler(meter) if options.attribute else None
    threads = BlockThreads(folder / "threads.txt") if options.threads else None
    if threads is not None:
        meter.observer = threads.tick
    files = FileSet(systems[-1], tuple(refs), systems=tuple(systems))
    first_rows = wait_for(session.texts_loaded, lambda: session.open_files(files))
    shown = window.browser.model.rowCount()

    def all_scored() -> bool:
        return (
            len(session.systems) == count
            and all(system.scores is not None for system in session.systems)
            and compare.model.rowCount() == count
        )

    scored = first_rows + wait_until(all_scored, on_change(session, Moved.SCORED))
    settle()
    block_open = meter.report()
    blocks = [(meter.longest, f"opening, {meter.where}")]
    print(
        f"corpus: {options.corpus}, {count} systems x {segments:,} segments, "
        "2 references"
    )
    print(f"first rows shown after        {first_rows:6.2f} s ({shown:,} rows)")
    print(f"all systems scored, in table  {scored:6.2f} s")
    print(f"longest event-loop block while opening (target < 100): {block_open}")
    if sampler is not None:
        sampler.report()
    meter.start()
    meter.doing = "bootstrap"
    table = compare.table
    samples = table.samples_box.value()
    tested = wait_for(compare.test_finished, table.run_button.click)
    settle()
    blocks.append((meter.longest, f"bootstrap, {meter.where}"))
    print(
        f"paired bootstrap ({samples:,} resamples, {count} systems) "
        f"{tested:6.2f} s, longest block {meter.report()}"
    )
    if sampler is not None:
        sampler.report()
    meter.start()
    meter.doing = "filter + shown only"
    browser = window.browser
    wait_for(
        browser.shown_changed,
        lambda: browser.set_filter(SentenceFilter(text="the police")),
    )
    subset = wait_for(compare.test_finished, table.subset_box.click)
    settle()
    blocks.append((meter.longest, f"shown only, {meter.where}"))
    print(
        f"{'shown only (the police):':<30} {subset:6.2f} s, "
        f"longest block {meter.report()}"
    )
    if sampler is not None:
        sampler.report()
        sampler.running = False
    if threads is not None:
        threads.stop()
        threads.report()
    memory.stop()
    window.close()
    session.shutdown()
    print(f"peak memory of the process tree (sampled): {memory.peak // 1024} MiB")
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    print(f"peak memory: GUI process {own} MiB; largest child {children} MiB")
    longest, where = max(blocks, key=lambda block: block[0])
    return SystemsWindowResult(longest, where, memory.peak / 1024)


def children_start_as_the_applications() -> None:
    """Worker processes started from here import what the application's import.

    A process started by `spawn` first runs its parent's main module: here this
    file, which imports Qt and the whole window, some 50 MiB in each of the
    three (two tokenizer workers, the significance process), counted in the tree's
    memory. The application's main module is the `bleu-gui` script, which imports
    `bleu_gui.__main__` only; named as the main module's spec, that is what the
    children run instead.
    """
    main_module = sys.modules["__main__"]
    main_module.__spec__ = importlib.util.find_spec("bleu_gui.__main__")


def main() -> None:
    children_start_as_the_applications()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=100_000)
    parser.add_argument(
        "--corpus", choices=["repeated", "distinct"], default="distinct"
    )
    parser.add_argument(
        "--systems",
        type=int,
        default=1,
        help="open this many systems of one test set and compare them",
    )
    parser.add_argument(
        "--attribute",
        action="store_true",
        help="with --systems: print the GUI thread's stacks during blocks",
    )
    parser.add_argument(
        "--threads",
        action="store_true",
        help="with --systems: per block of 50 ms or more, the GUI thread's CPU, "
        "waits and preemptions, and which threads of the tree ran meanwhile",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="with --systems: end with the longest block and the tree's peak "
        "memory as one JSON line (read by speed_table.py)",
    )
    options = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    set_process_policy(app)  # as the application does
    if options.systems > 1:
        with tempfile.TemporaryDirectory() as folder:
            result = bench_systems_window(options, Path(folder))
        if options.json:
            print(json.dumps(dataclasses.asdict(result)))
        return
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
        shown_scores = on_change(session, Moved.SHOWN_SCORES)
        first_rows = wait_for(session.texts_loaded, lambda: session.open_files(files))
        shown = window.browser.model.rowCount()
        scored = first_rows + wait_for(shown_scores, lambda: None)
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
            shown_scores,
            lambda: session.set_config(BleuConfig(smoothing=Smoothing.FLOOR)),
        )
        step(
            "re-tokenize (lowercase):",
            shown_scores,
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
