"""Issue 26: counting post-editing effort and QA for 100,000 segments × 2 systems.

Two measurements, both on the bundled WMT21 demo joined into distinct segments
(`bench_score.distinct_lines`, two references, the source joined the same way):

* **the core alone**: `core.effort.effort_of` and `core.qa.qa_of` per system, as
  the command line's `score --export` and `bleu-gui qa` run them;
* **the window**: the two systems opened as a pair; once both are scored, the
  window counts the pair's effort and QA issues in the background
  (`models/effort_counting.py`, `models/qa_counting.py`). Printed: the seconds
  from the end of scoring until both systems' effort and QA issues are in the
  window, and the event loop's longest block meanwhile (`bench_gui.BlockMeter`).

    python bench/bench_effort_qa.py [--segments N]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

from bleu_gui.app import set_process_policy
from bleu_gui.cli import demo_paths
from bleu_gui.core.effort import effort_of
from bleu_gui.core.qa import qa_of
from bleu_gui.models.session import FileSet, Session
from bleu_gui.views.main_window import MainWindow

sys.path.insert(0, str(Path(__file__).parent))
from bench_gui import BlockMeter, settle, wait_until
from bench_score import distinct_lines
from bench_systems import build_systems


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


def core_times(systems: list[Path], refs: list[Path], source: Path) -> None:
    """Effort and QA of each system, counted by the core at once."""
    references = [lines_of(ref) for ref in refs]
    sources = lines_of(source)
    for path in systems:
        hypotheses = lines_of(path)
        start = time.perf_counter()
        effort_of(hypotheses, references)
        effort = time.perf_counter() - start
        start = time.perf_counter()
        issues = qa_of(hypotheses, sources).total
        qa = time.perf_counter() - start
        print(
            f"core, {path.name}: effort {effort:5.2f} s, QA {qa:5.2f} s "
            f"({issues:,} issues)"
        )


def window_times(systems: list[Path], refs: list[Path], source: Path) -> None:
    """The window's background counts after scoring, and its longest block."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    set_process_policy(app)
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat)
        session = Session()
        window = MainWindow(session, settings)
        window.show()
        meter = BlockMeter(session)
        poll = QTimer()  # what `wait_until` checks at: effort and QA have two signals
        poll.setInterval(50)
        poll.start()
        session.open_files(
            FileSet(systems[1], tuple(refs), source, systems=tuple(systems))
        )
        wait_until(
            lambda: (
                len(session.systems) == 2
                and all(s.scores is not None for s in session.systems)
                and not session.is_busy
            ),
            poll.timeout,
        )
        meter.start()
        meter.doing = "effort and QA"
        enabled = session.qa.enabled

        def counted() -> bool:
            return all(
                s.current_effort is not None and s.current_qa(enabled) is not None
                for s in session.systems
            )

        seconds = wait_until(counted, poll.timeout)
        settle()
        print(
            f"window: effort and QA of both systems in {seconds:.2f} s after "
            f"scoring; longest event-loop block meanwhile {meter.report()}"
        )
        window.close()
        session.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=100_000)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        built, refs = build_systems("distinct", options.segments, Path(folder))
        systems = built[:2]
        source = Path(folder) / "source.txt"
        src_lines = lines_of(demo_paths()[0])
        joined = distinct_lines(src_lines, options.segments)
        source.write_text("\n".join(joined) + "\n", encoding="utf-8")
        print(f"{options.segments:,} segments × 2 systems, 2 references, a source")
        core_times(systems, refs, source)
        window_times(systems, refs, source)


if __name__ == "__main__":
    main()
