"""A seeded monkey for the real window: random user actions, every problem recorded.

`Monkey` drives a real `MainWindow` + `Session` the way a user does (menu actions,
key clicks, mouse clicks on the header and rows, combo boxes, typing into the search
field, chart bars, file dialogs answered with good and bad files, closing the window
mid-work and starting again), one random action at a time, and records each one so a
failure can be replayed: the same seed gives the same sequence of choices.
`Heartbeat` measures how long the event loop went without turning.

How much to run comes from the environment (`RunOptions.from_environment`):

    BLEU_GUI_RANDOM_SEED      the seed (default: a fixed one, for CI)
    BLEU_GUI_RANDOM_SECONDS   the time budget (default 30)
    BLEU_GUI_RANDOM_ACTIONS   the action budget (default 800)
    BLEU_GUI_RANDOM_MAX_GAP_MS  the longest event-loop gap that passes; asserted only
                              when given, or in a long local run (SECONDS given and
                              no CI variable: 500 ms). In CI the gap is printed only.
    BLEU_GUI_RANDOM_LARGE     also a corpus of this many lines (the demo repeated;
                              default none): 2,000 or more uses worker processes
    BLEU_GUI_RANDOM_PROCESSES the session's processes (default 1: no worker pool)
    BLEU_GUI_RANDOM_KEEP_GOING  1: do not stop at the first problem, collect them
                              all (to look past a known bug); the test still fails.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
import shutil
import signal
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFileDialog,
    QInputDialog,
    QMessageBox,
    QWidget,
)
from pytestqt.exceptions import TimeoutError as QtTimeoutError
from pytestqt.qtbot import QtBot

from bleu_gui.core.pair_ngrams import Side
from bleu_gui.models.session import BundleSet, FileSet, Session
from bleu_gui.views.main_window import MainWindow

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
CI_SEED = 20261123
CI_SECONDS = 30.0
CI_ACTIONS = 800
SIZES = (3, 12, 40, 120)
LOCAL_MAX_GAP_MS = 500.0
PATIENCE_MS = 30_000  # how long a user waits for work before pressing Cancel
IDLE_MS = 120_000  # work that has not ended this long after Cancel is a hang

# Text to type into the search box: words of the demo, regex pieces, and
# patterns a regex engine refuses or finds expensive.
SEARCH_PIECES = (
    "the",
    "The",
    "car",
    "Biker",
    "ä",
    "ß",
    "’",
    "2021",
    " ",
    ".",
    "^",
    "$",
    "\\b",
    "\\d+",
    "[a-z]+",
    "(",
    ")",
    "[",
    "*",
    "+?",
    "|",
    "(?i)",
    "\\",
    "{2,}",
    "(a+)+$",
    "x" * 30,
)
# The settings panel's controls, the more consequential ones more often.
SETTINGS = (
    "compat",
    "tokenizer",
    "tokenizer",
    "smoothing",
    "effective",
    "effective",
    "lowercase",
    "order",
    "order",
    "value",
    "weights",
)
# NLTK weights as typed: uniform, uneven, of other lengths, empty, not numbers.
WEIGHTS = (
    "",
    "0.5 0.5",
    "0.25 0.25 0.25 0.25",
    "1",
    "0.2 0.2 0.2 0.2 0.2",
    "x y",
    "0.1 0.2 0.3 0.2 0.1 0.1",
    "0 0 0 1",
)
KEYS = (
    Qt.Key.Key_Down,
    Qt.Key.Key_Up,
    Qt.Key.Key_PageDown,
    Qt.Key.Key_PageUp,
    Qt.Key.Key_Home,
    Qt.Key.Key_End,
)


@dataclass(frozen=True, slots=True)
class RunOptions:
    """How long to run and what counts as a freeze."""

    seed: int
    seconds: float
    actions: int
    max_gap_ms: float | None  # None: measure and print, never assert
    keep_going: bool = False
    large: int = 0
    processes: int = 1

    @classmethod
    def from_environment(cls) -> RunOptions:
        """The options from BLEU_GUI_RANDOM_* (see the module docstring)."""
        env = os.environ
        seconds = env.get("BLEU_GUI_RANDOM_SECONDS")
        gap = env.get("BLEU_GUI_RANDOM_MAX_GAP_MS")
        max_gap: float | None = None
        if gap is not None:
            max_gap = float(gap) or None
        elif seconds is not None and not env.get("CI"):
            max_gap = LOCAL_MAX_GAP_MS
        return cls(
            seed=int(env.get("BLEU_GUI_RANDOM_SEED", CI_SEED)),
            seconds=float(seconds) if seconds is not None else CI_SECONDS,
            actions=int(env.get("BLEU_GUI_RANDOM_ACTIONS", CI_ACTIONS)),
            max_gap_ms=max_gap,
            keep_going=env.get("BLEU_GUI_RANDOM_KEEP_GOING", "") not in ("", "0"),
            large=int(env.get("BLEU_GUI_RANDOM_LARGE", 0)),
            processes=int(env.get("BLEU_GUI_RANDOM_PROCESSES", 1)),
        )

    @property
    def sizes(self) -> tuple[int, ...]:
        """The corpora's sizes in lines."""
        return (*SIZES, self.large) if self.large else SIZES


@dataclass(frozen=True, slots=True)
class Corpora:
    """Files in a temporary folder: good corpora of a few sizes, and bad files.

    Corpora of different sizes do not match each other's line counts, so mixing
    them is the mismatched-lines error; `bad` adds invalid UTF-8, binary, empty
    and missing files, a folder, and a good file without its final newline.
    """

    candidates: tuple[Path, ...]
    references: tuple[Path, ...]
    sources: tuple[Path, ...]
    bad: tuple[Path, ...]
    sets: tuple[FileSet, ...]

    @classmethod
    def build(cls, folder: Path, sizes: tuple[int, ...] = SIZES) -> Corpora:
        """Cut the demo corpus into `sizes` lines each, and write the bad files.

        A size beyond the demo's 500 lines repeats them.
        """
        candidates: list[Path] = []
        references: list[Path] = []
        sources: list[Path] = []
        sets: list[FileSet] = []
        for size in sizes:
            where = folder / f"lines{size}"
            where.mkdir(parents=True)
            for demo in sorted(DEMO.glob("*.txt")):
                lines = demo.read_text(encoding="utf-8").splitlines()
                lines = (lines * (size // len(lines) + 1))[:size]
                (where / demo.name).write_text("\n".join(lines) + "\n", "utf-8")
            systems = sorted(where.glob("sys.*.txt"))
            refs = sorted(where.glob("ref.*.txt"))
            candidates += systems
            references += refs
            sources.append(where / "src.txt")
            sets.append(FileSet(systems[0], tuple(refs), where / "src.txt"))
        # A set whose first segment is one long line (a document on one line): it
        # is explained in a process of its own and highlighted in part.
        long = folder / "long"
        long.mkdir()
        for demo in sorted(DEMO.glob("*.txt")):
            lines = demo.read_text(encoding="utf-8").splitlines()
            first = " ".join(lines[: len(lines) // 2] * 2)  # ~100 KB
            (long / demo.name).write_text(
                "\n".join([first, *lines[1:3]]) + "\n", "utf-8"
            )
        long_systems = sorted(long.glob("sys.*.txt"))
        long_refs = sorted(long.glob("ref.*.txt"))
        candidates += long_systems
        references += long_refs
        sets.append(FileSet(long_systems[0], tuple(long_refs), long / "src.txt"))
        bad = folder / "bad"
        bad.mkdir()
        good = candidates[1].read_bytes()
        (bad / "invalid-utf8.txt").write_bytes(good[:40] + b"\xff\xfe\xc3(" + good[40:])
        (bad / "binary.bin").write_bytes(bytes(range(256)) * 8)
        (bad / "empty.txt").write_bytes(b"")
        shutil.copy(candidates[1], bad / "no-final-newline.txt")
        with (bad / "no-final-newline.txt").open("rb+") as handle:
            handle.truncate(len(good) - 1)
        if hasattr(os, "mkfifo"):
            # No writer ever comes: its open() blocks (a thread is left waiting).
            os.mkfifo(bad / "pipe-without-writer.fifo")
        return cls(
            tuple(candidates),
            tuple(references),
            tuple(sources),
            (*sorted(bad.iterdir()), bad / "missing.txt", bad),
            tuple(sets),
        )


class Heartbeat(QObject):
    """A timer that ticks every 10 ms and keeps the longest gap between two ticks.

    A gap much longer than the interval is a turn of the event loop that did not
    end: the window was frozen for that long. Every gap over `LOCAL_MAX_GAP_MS` is
    kept with its action (`long_gaps`), not the longest alone: each is replayed
    alone to tell a freeze that recurs from a moment the machine was busy.
    """

    def __init__(self, label: Callable[[], str]) -> None:
        super().__init__()
        self._label = label
        self._last = time.monotonic()
        self.longest = 0.0
        self.longest_during = ""
        self.long_gaps: list[tuple[float, str]] = []  # (seconds, during)
        self._timer = QTimer(self)
        self._timer.setInterval(10)
        self._timer.timeout.connect(self._tick)

    def start(self) -> None:
        """Start measuring."""
        self._last = time.monotonic()
        self._timer.start()

    def stop(self) -> None:
        """Stop measuring."""
        self._timer.stop()

    def _tick(self) -> None:
        now = time.monotonic()
        gap = now - self._last
        self._last = now
        if gap * 1000 > LOCAL_MAX_GAP_MS:
            self.long_gaps.append((gap, self._label()))
        if gap > self.longest:
            self.longest = gap
            self.longest_during = self._label()


@dataclass
class _Answers:
    """What the next file dialog, file list dialog and number dialog answer."""

    file: str = ""
    files: list[str] = field(default_factory=list)
    number: int = 1
    accepted: bool = True
    another_set: bool = True  # "Another test set?" answered Yes


class Monkey:
    """Random user actions on a real window; `log` lists what was done, in order."""

    def __init__(
        self,
        qtbot: QtBot,
        corpora: Corpora,
        settings_path: Path,
        seed: int,
        processes: int = 1,
    ) -> None:
        self.qtbot = qtbot
        self.corpora = corpora
        self.rng = random.Random(seed)
        self.log: list[str] = []
        self.windows: list[MainWindow] = []
        self.internal_errors: list[str] = []
        self._settings_path = settings_path
        self._processes = processes
        self._answers = _Answers()
        self.window = self._new_window()
        weighted: list[tuple[int, Callable[[], str]]] = [
            (6, self.open_candidate),
            (3, self.open_new_set),
            (3, self.add_reference),
            (2, self.open_source),
            (2, self.remove_reference),
            (2, self.open_recent),
            (2, self.drop_files),
            (4, self.reload),
            (4, self.cancel),
            (12, self.change_setting),
            (8, self.type_search),
            (4, self.toggle_filter_option),
            (3, self.set_score_range),
            (2, self.clear_filter),
            (5, self.sort),
            (4, self.click_histogram),
            (3, self.click_precision_bar),
            (4, self.show_order),
            (8, self.navigate),
            (5, self.click_row),
            (2, self.jump),
            (1, self.copy),
            (8, self.wait),
            (2, self.wait_until_idle),
            (1, self.close_and_restart),
            (3, self.open_test_set),
            (2, self.use_test_set_dialog),
            (2, self.close_test_set),
            (1, self.toggle_drop_bom),
            (2, self.stop_search),
            (1, self.kill_a_child_process),
            (1, self.other_window),
            (3, self.add_system),
            (3, self.choose_pair),
            (1, self.swap_pair),
            (2, self.run_test),
            (2, self.click_salient),
            (5, self.edit_hypothesis),
            (3, self.undo_or_redo),
            (2, self.take_or_revert),
        ]
        self._actions = [action for weight, action in weighted for _ in range(weight)]

    # --- set-up ---------------------------------------------------------------------

    def patch_dialogs(self, setattr_: Callable[[object, str, object], None]) -> None:
        """Answer file and number dialogs with what the current action chose."""
        answers = self._answers
        setattr_(
            QFileDialog,
            "getOpenFileName",
            lambda *_a, **_k: (answers.file, ""),
        )
        setattr_(
            QFileDialog,
            "getOpenFileNames",
            lambda *_a, **_k: (list(answers.files), ""),
        )
        setattr_(
            QInputDialog,
            "getInt",
            lambda *_a, **_k: (answers.number, answers.accepted),
        )
        yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
        setattr_(
            QMessageBox,
            "question",
            lambda *_a, **_k: yes if answers.another_set else no,
        )

    def _new_window(self) -> MainWindow:
        settings = QSettings(str(self._settings_path), QSettings.Format.IniFormat)
        window = MainWindow(Session(processes=self._processes), settings)
        window.choose_role = lambda _path: self.rng.choice(
            ("candidate", "reference", "reference", "source", "")
        )
        window.session.error_occurred.connect(self._on_error)
        self.qtbot.addWidget(window)
        window.show()
        self.windows.append(window)
        return window

    def _on_error(self, message: str) -> None:
        if message.startswith("internal error"):
            self.internal_errors.append(message)

    # --- driving --------------------------------------------------------------------

    def step(self) -> None:
        """Do one random action, log it, and let the event loop run a little."""
        action = self.rng.choice(self._actions)
        self.log.append(action.__name__)  # what was started, even if it raises
        self.log[-1] = f"{action.__name__}: {action()}"
        self.qtbot.wait(self.rng.choice((0, 0, 1, 5, 20, 50)))

    def numbered_log(self) -> str:
        """The actions so far, one a line, numbered from 1."""
        return "\n".join(f"{k:4d}. {entry}" for k, entry in enumerate(self.log, 1))

    def _file(self, choices: tuple[Path, ...], bad_odds: float = 0.15) -> Path:
        if self.rng.random() < bad_odds:
            return self.rng.choice(self.corpora.bad)
        return self.rng.choice(choices)

    # --- files ----------------------------------------------------------------------

    def open_candidate(self) -> str:
        """File > Open candidate (with references chosen when none are open)."""
        path = self._file(self.corpora.candidates)
        self._answers.file = str(path)
        self._answers.another_set = self.rng.random() < 0.5
        refs = self.rng.sample(self.corpora.references, self.rng.randint(0, 2))
        self._answers.files = [str(ref) for ref in refs]
        self.window.open_action.trigger()
        return f"{_name(path)} refs={[_name(r) for r in refs]}"

    def open_new_set(self) -> str:
        """Drop a whole matching corpus (candidate and references) on the window."""
        files = self.rng.choice(self.corpora.sets)
        roles = iter(("candidate", *(["reference"] * len(files.references))))
        choose = self.window.choose_role
        self.window.choose_role = lambda _path: next(roles)
        try:
            self.window.open_dropped([files.hypothesis, *files.references])
        finally:
            self.window.choose_role = choose
        return _name(files.hypothesis)

    def add_reference(self) -> str:
        """File > Add reference."""
        path = self._file(self.corpora.references)
        self._answers.file = str(path)
        self.window.add_ref_action.trigger()
        return _name(path)

    def open_source(self) -> str:
        """File > Open source."""
        path = self._file(self.corpora.sources)
        self._answers.file = str(path)
        self.window.source_action.trigger()
        return _name(path)

    def remove_reference(self) -> str:
        """File > Remove reference > one of them."""
        actions = self.window.remove_menu.actions()
        if not actions or not self.window.remove_menu.isEnabled():
            return "(menu disabled)"
        action = self.rng.choice(actions)
        action.trigger()
        return action.text()

    def open_recent(self) -> str:
        """File > Recent files > one of them."""
        actions = self.window.recent_menu.actions()
        if not actions:
            return "(none)"
        action = self.rng.choice(actions)
        action.trigger()
        return action.text()

    def drop_files(self) -> str:
        """Drop one to three files; each is given a random role."""
        pool = (
            self.corpora.candidates
            + self.corpora.references
            + self.corpora.sources
            + self.corpora.bad
        )
        paths = self.rng.sample(pool, self.rng.randint(1, 3))
        self.window.open_dropped(list(paths))
        return str([_name(p) for p in paths])

    def open_test_set(self) -> str:
        """File > Open test set…, filled in and confirmed (or left open)."""
        self.window.open_test_set_action.trigger()
        return self.use_test_set_dialog()

    def use_test_set_dialog(self) -> str:
        """Fill the open test-set dialog with a set (or a bad file) and press OK,
        or cancel it."""
        dialog = self.window.file_actions.test_set_dialog
        if dialog is None or not dialog.isVisible():
            return "(no dialog)"
        if self.rng.random() < 0.2:
            dialog.reject()
            return "cancelled"
        files = self.rng.choice(self.corpora.sets)
        candidate = self._file((files.hypothesis,), bad_odds=0.2)
        if not dialog.checking:
            dialog.set_files(files.references, files.source, candidate)
        dialog.accept()
        return f"{_name(candidate)} refs={[_name(r) for r in files.references]}"

    def close_test_set(self) -> str:
        """File > Close."""
        self.window.file_actions.close_action.trigger()
        return ""

    def toggle_drop_bom(self) -> str:
        """File > Drop byte-order marks."""
        action = self.window.file_actions.drop_bom_action
        action.trigger()
        return f"-> {action.isChecked()}"

    def stop_search(self) -> str:
        """The filter bar's Stop button, when a search runs."""
        stop = self.window.filter_bar.stop
        if not stop.isVisible():
            return "(no search)"
        self.qtbot.mouseClick(stop, Qt.MouseButton.LeftButton)
        return ""

    def kill_a_child_process(self) -> str:
        """Kill a worker or search process, as the out-of-memory killer would."""
        children = multiprocessing.active_children()
        workers = [c for c in children if "resource_tracker" not in (c.name or "")]
        if not workers or not hasattr(signal, "SIGKILL"):
            return "(none)"
        child = self.rng.choice(workers)
        if child.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child.pid, signal.SIGKILL)
        return child.name or str(child.pid)

    def reload(self) -> str:
        """File > Reload (F5)."""
        self.window.reload_action.trigger()
        return ""

    def cancel(self) -> str:
        """The status bar's Cancel button, when it is shown."""
        button = self.window.cancel_button
        if not button.isVisible():
            return "(not busy)"
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        return ""

    def other_window(self) -> str:
        """Go to the other open window, or open a second one (same settings file:
        the recent files are shared)."""
        others = [w for w in self.windows if w.isVisible() and w is not self.window]
        if others:
            self.window = self.rng.choice(others)
            return "switched"
        self.window = self._new_window()
        return "opened a second window"

    def close_and_restart(self) -> str:
        """Close the window (mid-work, maybe) and open the app again."""
        busy = self.window.session.is_busy
        self.window.close()
        self.window = self._new_window()
        return f"busy={busy}"

    # --- settings -------------------------------------------------------------------

    def change_setting(self) -> str:
        """Change one scoring option in the settings panel."""
        panel = self.window.settings_panel
        combos: dict[str, QComboBox] = {
            "compat": panel.compat,
            "tokenizer": panel.tokenizer,
            "smoothing": panel.smoothing,
            "effective": panel.effective,
        }
        what = self.rng.choice(SETTINGS)
        if what in combos:
            combo = combos[what]
            if combo.count() == 0 or not combo.isEnabled():
                return f"{what} (disabled)"
            index = self.rng.randrange(combo.count())
            combo.setCurrentIndex(index)
            return f"{what} -> {combo.itemText(index)}"
        if what == "lowercase":
            self.qtbot.mouseClick(panel.lowercase, Qt.MouseButton.LeftButton)
            return f"lowercase -> {panel.lowercase.isChecked()}"
        if what == "order":
            if not panel.max_order.isEnabled():
                return "order (disabled)"
            value = self.rng.choice((1, 2, 3, 4, 4, 5, 6, 7, 9, 12))
            panel.max_order.setValue(value)
            return f"max order -> {value}"
        if what == "value":
            if not panel.smooth_value.isEnabled():
                return "smooth value (disabled)"
            smooth = self.rng.choice((0.0, 0.01, 0.1, 0.5, 1.0, 3.0))
            panel.smooth_value.setValue(smooth)
            return f"smooth value -> {smooth}"
        if not panel.weights.isEnabled():
            return "weights (disabled)"
        text = self.rng.choice(WEIGHTS)
        panel.weights.selectAll()
        self.qtbot.keyClick(panel.weights, Qt.Key.Key_Delete)
        type_text(self.qtbot, panel.weights, text)
        self.qtbot.keyClick(panel.weights, Qt.Key.Key_Return)
        return f"weights -> {text!r}"

    # --- filter and sort ------------------------------------------------------------

    def type_search(self) -> str:
        """Type (or replace, or extend) text in the search field."""
        search = self.window.filter_bar.search
        text = "".join(
            self.rng.choice(SEARCH_PIECES) for _ in range(self.rng.randint(1, 3))
        )
        if self.rng.random() < 0.5:
            search.selectAll()
            self.qtbot.keyClick(search, Qt.Key.Key_Delete)
        type_text(self.qtbot, search, text)
        return repr(search.text())

    def toggle_filter_option(self) -> str:
        """Click Regex, Aa, Hyp, Refs or Src."""
        bar = self.window.filter_bar
        box = self.rng.choice((bar.regex, bar.regex, bar.case, bar.in_hyp))
        box = self.rng.choice((box, bar.in_refs, bar.in_src))
        self.qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
        return f"{box.text()} -> {box.isChecked()}"

    def set_score_range(self) -> str:
        """Set the BLEU range of the filter in the spin boxes."""
        bar = self.window.filter_bar
        low, high = sorted(self.rng.uniform(0, 100) for _ in range(2))
        spin = self.rng.choice((bar.min_score, bar.max_score))
        value = round(low if spin is bar.min_score else high, 1)
        spin.setValue(value)
        return f"{'min' if spin is bar.min_score else 'max'} -> {value}"

    def clear_filter(self) -> str:
        """The filter bar's Clear button."""
        self.qtbot.mouseClick(self.window.filter_bar.clear, Qt.MouseButton.LeftButton)
        return ""

    def sort(self) -> str:
        """Click a column header (a second click reverses the order)."""
        header = self.window.table.horizontalHeader()
        visible = [c for c in range(header.count()) if not header.isSectionHidden(c)]
        if not visible:
            return "(no columns)"
        column = self.rng.choice(visible)
        x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
        if not 0 <= x < header.viewport().width():
            self.window.table.scrollTo(self.window.table.model().index(0, column))
            x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
        self.qtbot.mouseClick(
            header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5)
        )
        model = self.window.table.model()
        name = model.headerData(column, Qt.Orientation.Horizontal)
        return f"column {column} ({name}) {header.sortIndicatorOrder().name}"

    def click_histogram(self) -> str:
        """Click a bar of the sentence-score histogram (filters to its range)."""
        histogram = self.window.histogram
        bars = histogram.bar_set()
        if bars.count() == 0:
            return "(no bars)"
        index = self.rng.randrange(bars.count())
        bars.clicked.emit(index)
        return f"bar {index}"

    def click_precision_bar(self) -> str:
        """Click a bar of the precision chart (shows that order)."""
        sets = self.window.precision_chart.bar_sets()
        which = self.rng.randrange(len(sets))
        if sets[which].count() == 0:
            return "(no bars)"
        index = self.rng.randrange(sets[which].count())
        sets[which].clicked.emit(index)
        return f"set {which} bar {index}"

    # --- the shown sentence ---------------------------------------------------------

    def show_order(self) -> str:
        """An order button, a View menu shortcut, or Show tokens."""
        window = self.window
        choice = self.rng.randrange(3)
        if choice == 0:
            buttons = window.order_buttons.buttons()
            button = self.rng.choice(buttons)
            self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            return f"button {button.text()}"
        if choice == 1:
            order = self.rng.choice((1, 2, 3, 4, 5))
            self.qtbot.keyClick(window, Qt.Key(Qt.Key.Key_0 + order), _CTRL)
            return f"Ctrl+{order}"
        self.qtbot.keyClick(window, Qt.Key.Key_T, _CTRL)
        return "Ctrl+T"

    def navigate(self) -> str:
        """Keys in the table, or Go > Next / Previous by their shortcuts."""
        window = self.window
        if self.rng.random() < 0.3:
            key = self.rng.choice((Qt.Key.Key_Down, Qt.Key.Key_Up))
            self.qtbot.keyClick(window, key, _CTRL)
            return f"Ctrl+{key.name}"
        window.table.setFocus()
        key = self.rng.choice(KEYS)
        self.qtbot.keyClick(window.table, key)
        return key.name

    def click_row(self) -> str:
        """Click a visible row of the table."""
        table = self.window.table
        rows = table.model().rowCount()
        if rows == 0:
            return "(no rows)"
        row = self.rng.randrange(rows)
        table.scrollTo(table.model().index(row, 0))
        rect = table.visualRect(table.model().index(row, 0))
        self.qtbot.mouseClick(
            table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center()
        )
        return f"row {row}"

    def jump(self) -> str:
        """Go > Jump to sentence… (Ctrl+G) with a number."""
        corpus = self.window.session.corpus
        top = corpus.num_segments if corpus is not None else 1
        self._answers.number = self.rng.randint(1, top)
        self._answers.accepted = self.rng.random() < 0.9
        self.qtbot.keyClick(self.window, Qt.Key.Key_G, _CTRL)
        return f"{self._answers.number} accepted={self._answers.accepted}"

    def copy(self) -> str:
        """Go > Copy sentence with scores (Ctrl+Shift+C)."""
        self.qtbot.keyClick(self.window, Qt.Key.Key_C, _CTRL | _SHIFT)
        return ""

    # --- what if ----------------------------------------------------------------------

    def edit_hypothesis(self) -> str:
        """F2 (or a double-click on a hypothesis), type, then Enter, Esc or away."""
        window = self.window
        if self.rng.random() < 0.7:
            self.qtbot.keyClick(window, Qt.Key.Key_F2)
            how = "F2"
        else:
            window.detail.hypothesis_activated.emit()
            how = "double-click"
        line = window.edit_bar.line
        if not window.edit_bar.isVisible():
            return f"{how}: not editing ({window.status_text.text()!r})"
        if self.rng.random() < 0.5:
            line.selectAll()
            self.qtbot.keyClick(line, Qt.Key.Key_Delete)
        text = " ".join(
            self.rng.choice(SEARCH_PIECES) for _ in range(self.rng.randint(1, 4))
        )
        type_text(self.qtbot, line, text)
        end = self.rng.choice(("enter", "enter", "escape", "away"))
        if end == "enter":
            self.qtbot.keyClick(line, Qt.Key.Key_Return)
        elif end == "escape":
            self.qtbot.keyClick(line, Qt.Key.Key_Escape)
        else:  # another part of the window: the edit is kept
            window.table.setFocus(Qt.FocusReason.MouseFocusReason)
        return f"{how}: {text!r}, {end}"

    def undo_or_redo(self) -> str:
        """Ctrl+Z or Ctrl+Shift+Z on the table."""
        redo = self.rng.random() < 0.4
        modifiers = _CTRL | _SHIFT if redo else _CTRL
        self.qtbot.keyClick(self.window.table, Qt.Key.Key_Z, modifiers)
        return "redo" if redo else "undo"

    def take_or_revert(self) -> str:
        """Edit › Take B's sentence, Revert sentence or Revert all edits."""
        what_if = self.window.what_if
        action = self.rng.choice(
            (what_if.take_action, what_if.revert_action, what_if.revert_all_action)
        )
        if not action.isEnabled():
            return f"{action.text()} (disabled)"
        action.trigger()
        return action.text()

    # --- several systems ------------------------------------------------------------

    def add_system(self) -> str:
        """File > Add system… (refused in one line when it does not fit)."""
        path = self._file(self.corpora.candidates)
        self._answers.file = str(path)
        self.window.file_actions.add_system_action.trigger()
        return _name(path)

    def choose_pair(self) -> str:
        """Choose another A or B above the table, with the keyboard."""
        bar = self.window.pair_bar
        combo = self.rng.choice((bar.baseline, bar.shown))
        if not combo.isVisible() or combo.count() < 2:
            return "(one system)"
        combo.setFocus()
        key = self.rng.choice((Qt.Key.Key_Down, Qt.Key.Key_Up))
        self.qtbot.keyClick(combo, key)
        return f"{combo.currentText()}"

    def swap_pair(self) -> str:
        """Click ⇄ Swap."""
        button = self.window.pair_bar.swap
        if not (button.isVisible() and button.isEnabled()):
            return "(no pair)"
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        return ""

    def run_test(self) -> str:
        """In the Systems dock: maybe tick Shown only or All pairs, then Run."""
        table = self.window.compare_systems.table
        if not (table.isVisible() and table.run_button.isEnabled()):
            return "(no test to run)"
        for box in (table.subset_box, table.all_pairs_box):
            if box.isEnabled() and self.rng.random() < 0.3:
                self.qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
        self.qtbot.mouseClick(table.run_button, Qt.MouseButton.LeftButton)
        subset, every = table.subset_box.isChecked(), table.all_pairs_box.isChecked()
        return f"shown only={subset} all pairs={every}"

    def click_salient(self) -> str:
        """Show the Salient n-grams tab and click one of its n-grams."""
        tabs = self.window.tabs
        for tab in range(tabs.count()):
            if tabs.tabText(tab) == "Salient n-grams" and tabs.isTabVisible(tab):
                tabs.setCurrentIndex(tab)
                break
        else:
            return "(no pair)"
        lists = self.window.compare.salient_list
        table = lists.table(self.rng.choice(list(Side)))
        rows = table.model().rowCount()
        if not table.isVisible() or rows == 0:
            return "(no n-grams yet)"
        index = table.model().index(self.rng.randrange(rows), 0)
        table.scrollTo(index)
        self.qtbot.mouseClick(
            table.viewport(),
            Qt.MouseButton.LeftButton,
            pos=table.visualRect(index).center(),
        )
        return str(index.data())

    # --- time -----------------------------------------------------------------------

    def wait(self) -> str:
        """Let the work go on for a moment."""
        ms = self.rng.choice((10, 50, 100, 200, 400))
        self.qtbot.wait(ms)
        return f"{ms} ms"

    def wait_until_idle(self) -> str:
        """Wait until the running work has ended (a hang fails here).

        A load of a named pipe nobody writes to never ends by itself: a user who
        waits for it gives up with Cancel, at once when the load is the pipe's,
        else after `PATIENCE_MS` (the pipe may be a system being added while
        another load waits behind it: seen, a wait for ever). Work that has not
        ended `IDLE_MS` after Cancel is a hang.
        """
        session = self.window.session
        loading = session.loading
        paths = () if loading is None else _paths_of(loading)
        if any(map(_is_pipe, paths)):
            session.cancel()
            note = "cancelled the read of a pipe"
        else:
            try:
                self.qtbot.waitUntil(lambda: not session.is_busy, timeout=PATIENCE_MS)
                return ""
            except QtTimeoutError:
                session.cancel()
                note = f"still busy after {PATIENCE_MS} ms: cancelled"
        self.qtbot.waitUntil(lambda: not session.is_busy, timeout=IDLE_MS)
        return note


def _paths_of(request: FileSet | BundleSet) -> tuple[Path, ...]:
    return request.paths if isinstance(request, FileSet) else (request.path,)


def _is_pipe(path: Path) -> bool:
    try:
        return stat.S_ISFIFO(path.stat().st_mode)
    except OSError:
        return False


_CTRL = Qt.KeyboardModifier.ControlModifier
_SHIFT = Qt.KeyboardModifier.ShiftModifier


def _name(path: Path) -> str:
    """A file as the log shows it: its folder and name."""
    return f"{path.parent.name}/{path.name}"


def type_text(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Type `text` key by key; other than ASCII as an input method would send it.

    QTest's key clicks know ASCII only (and abort on anything else). The event
    loop runs between two keys, as it does while a person types: without it a
    long text was one turn of the loop, which the heartbeat took for a freeze.
    """
    for char in text:
        if char.isascii():
            qtbot.keyClick(widget, char)
        else:
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                event = QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, char)
                QApplication.sendEvent(widget, event)
        QApplication.processEvents()
