"""Test sets for the GUI's file tests, written to a temporary folder.

The demo test set (WMT21 de-en, 500 lines: two references, the source and one
system) is copied from the bundled demo files; "another test set" of 1,002 lines
is made from demo lines too, so that every text is real but no line count fits the
demo's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import cycle, islice
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.cli import demo_paths
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.main_window import MainWindow

TIMEOUT = 30_000
OTHER_SIZE = 1_002


@dataclass(frozen=True)
class DemoSet:
    """The files of one test set and a candidate, with their lines."""

    refs: tuple[Path, ...]
    source: Path
    candidate: Path

    def file_set(self, *, source: bool = True) -> FileSet:
        return FileSet(self.candidate, self.refs, self.source if source else None)

    def sacrebleu(self) -> tuple[str, str]:
        """sacreBLEU's corpus score (as the summary shows it) and signature."""
        metric = BLEU()
        refs = [read_lines(ref) for ref in self.refs]
        score = metric.corpus_score(read_lines(self.candidate), refs).score
        return f"{score:.2f}", str(metric.get_signature())


def summary(window: MainWindow) -> tuple[str, str]:
    """The corpus score and signature the summary shows, as `DemoSet.sacrebleu`."""
    return window.summary.score.text(), window.summary.signature.text()


def read_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def write_lines(path: Path, lines: list[str]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def demo_set(folder: Path) -> DemoSet:
    """The demo test set (500 lines, two references) copied to `folder`."""
    source, refs, candidate, _ = demo_paths()
    copies = [write_lines(folder / p.name, read_lines(p)) for p in refs]
    return DemoSet(
        tuple(copies),
        write_lines(folder / source.name, read_lines(source)),
        write_lines(folder / candidate.name, read_lines(candidate)),
    )


def other_set(folder: Path, size: int = OTHER_SIZE) -> DemoSet:
    """Another test set: one reference, a source and a system, `size` lines each."""
    source, refs, _, systems = demo_paths()

    def lines(path: Path, offset: int) -> list[str]:
        return list(islice(cycle(read_lines(path)), offset, offset + size))

    return DemoSet(
        (write_lines(folder / "newstest.ref.txt", lines(refs[1], 7)),),
        write_lines(folder / "newstest.src.txt", lines(source, 7)),
        write_lines(folder / "newstest.sys.txt", lines(systems[0], 7)),
    )


def make_window(qtbot: QtBot, folder: Path) -> MainWindow:
    """A window on a single-process session, its settings in `folder`."""
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Session(processes=1), settings)
    qtbot.addWidget(window)
    return window


@pytest.fixture
def demo(tmp_path: Path) -> DemoSet:
    return demo_set(tmp_path / "wmt21")


@pytest.fixture
def other(tmp_path: Path) -> DemoSet:
    return other_set(tmp_path / "newstest")


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """A window as `make_window` makes it; its worker processes end with the test."""
    main = make_window(qtbot, tmp_path)
    yield main
    main.explainer.shutdown()
    main.session.shutdown()


@pytest.fixture
def loaded(qtbot: QtBot, window: MainWindow, demo: DemoSet) -> MainWindow:
    """The window with the demo set open and scored."""
    with scored(qtbot, window):
        window.session.open_files(demo.file_set())
    return window


@contextmanager
def scored(qtbot: QtBot, window: MainWindow) -> Iterator[None]:
    """Wait until what the block asked for is scored, the work has ended and the
    selected sentence is shown (it is explained at the next event-loop turn)."""
    session = window.session
    with qtbot.waitSignals(
        [session.workspace_changed, session.busy_changed],
        check_params_cbs=[moves(Moved.SHOWN_SCORES), lambda busy: not busy],
        timeout=TIMEOUT,
    ):
        yield
    qtbot.waitUntil(lambda: not window.sentence_pending, timeout=TIMEOUT)


@contextmanager
def refused(qtbot: QtBot, window: MainWindow) -> Iterator[list[str]]:
    """Collect the one-line error the block's request ends with (after the block)."""
    messages: list[str] = []
    with qtbot.waitSignal(window.session.error_occurred, timeout=TIMEOUT) as error:
        yield messages
    messages.append(str(error.args[0]))
