"""Ctrl-C and SIGTERM: one line and the shell's status, whenever they come.

Real processes, signalled at states read from /proc, never after a fixed time:
right after the process exists, once numpy's or Qt's library is mapped into it
(its modules are being imported), once the window's worker processes exist. A run
ends with status 130 ("bleu-gui: interrupted") or 143 ("bleu-gui: terminated") and
that one line; a signal that comes before Python can handle it ends the process
by the signal itself, without a word (status -2 here). Never a traceback, never a
multiprocessing warning, and no worker process is left behind.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.gui.test_app import TIMEOUT

# Printed by Qt's offscreen platform when a window is shown: not ours.
_QT_NOTE = "This plugin does not support propagateSizeHints()"
INTERRUPTED = "bleu-gui: interrupted"
TERMINATED = "bleu-gui: terminated"


def start(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    """`python -m bleu_gui ARGS` offscreen; stdin a pipe left open (never written)."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "bleu_gui", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=tmp_path,
    )


def finish(process: subprocess.Popen[str]) -> tuple[int, list[str]]:
    """Wait for the process (bounded); its exit status and its stderr's own lines."""
    try:
        _out, err = process.communicate(timeout=TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return process.returncode, [line for line in err.splitlines() if line != _QT_NOTE]


def until(condition: Callable[[], bool], process: subprocess.Popen[str]) -> None:
    """Poll `condition` until it holds; fail if the process ends first.

    Bounded by the process itself: a process that never reaches the state ends
    (or is killed by `finish`'s timeout in the test that follows). A process that
    waits for ever without reaching it (a `score` that no longer maps the library
    looked for, waiting on its standard input) fails after `TIMEOUT`: a safety
    net, not an order of events.
    """
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        if process.poll() is not None:
            pytest.fail(f"the process ended first: {finish(process)}")
        if time.monotonic() > deadline:
            pytest.fail(f"the process never got there: {finish(process)}")


def mapped(process: subprocess.Popen[str], library: str) -> bool:
    """Whether `library` is mapped into the process (its import has begun)."""
    try:
        return library in Path(f"/proc/{process.pid}/maps").read_text()
    except OSError:
        return False


def workers(pid: int) -> list[int]:
    """The process's children that are spawned multiprocessing workers."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if parent == pid and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


def gone(pid: int) -> bool:
    """Whether `pid` no longer exists, or not as a zombie (a `<defunct>` entry)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state != "Z"


# How CPython ends when a SIGINT lands while it initialises, before any module of
# the application is imported.
_CPYTHON_INIT = "Fatal Python error: init_"

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/maps").exists(), reason="reads process states in /proc"
)


@pytest.fixture
def reference(tmp_path: Path) -> Path:
    path = tmp_path / "ref.txt"
    path.write_text("the cat sat on the mat\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("attempt", range(5))
def test_ctrl_c_as_soon_as_the_command_starts_is_never_a_traceback(
    tmp_path: Path, reference: Path, attempt: int
) -> None:
    """Wherever the start it lands: before Python handles it, or one line.

    Or inside CPython's own start-up, before any code of ours exists: a busy
    machine delivered it while the interpreter set up its standard streams, and
    CPython ended with its own fatal-error message (status 1). Nothing of
    bleu-gui's can run there; no frame of ours is in what is printed.
    """
    process = start(tmp_path, "score", str(reference))
    process.send_signal(signal.SIGINT)
    status, lines = finish(process)
    if status == 1 and lines and lines[0].startswith(_CPYTHON_INIT):
        assert lines[-1] == "KeyboardInterrupt"
        assert not any("bleu_gui" in line for line in lines)
        return
    assert (status, lines) in [(-signal.SIGINT, []), (130, [INTERRUPTED])]


@pytest.mark.parametrize(
    ("command", "library"),
    # `score` of a small file imports no numpy (`core.row_counts`): its own
    # modules import json's C part.
    [(("score",), "_json"), ((), "libQt6Core")],
    ids=["score-modules", "window-qt"],
)
def test_ctrl_c_while_the_modules_import_is_one_line(
    tmp_path: Path, reference: Path, command: tuple[str, ...], library: str
) -> None:
    """The command's modules (score) or Qt (the window) being imported.

    `score` then waits for the candidate on stdin (left open), the window for
    its test set: a signal that comes after the imports is said the same way.
    """
    args = (*command, str(reference)) if command else (str(reference), "-i", "-")
    process = start(tmp_path, *args)
    until(lambda: mapped(process, library), process)
    process.send_signal(signal.SIGINT)
    assert finish(process) == (130, [INTERRUPTED])


@pytest.fixture
def large(tmp_path: Path) -> tuple[Path, Path]:
    """A test set large enough for the window to start its worker processes."""
    words = [
        "the",
        "a",
        "cat",
        "dog",
        "sat",
        "on",
        "mat",
        "house",
        "red",
        "blue",
        "green",
        "runs",
        "big",
        "small",
    ]
    refs = [
        " ".join(words[(n + k) % len(words)] for k in range(12)) for n in range(3000)
    ]
    hyps = [" ".join(reversed(line.split())) for line in refs]
    ref, hyp = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    ref.write_text("\n".join(refs) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(hyps) + "\n", encoding="utf-8")
    return ref, hyp


@pytest.mark.parametrize(
    ("number", "status", "line"),
    [(signal.SIGINT, 130, INTERRUPTED), (signal.SIGTERM, 143, TERMINATED)],
    ids=["SIGINT", "SIGTERM"],
)
def test_a_signal_closes_the_window_and_its_workers_go_with_it(
    tmp_path: Path,
    large: tuple[Path, Path],
    number: signal.Signals,
    status: int,
    line: str,
) -> None:
    """Before: SIGINT printed a KeyboardInterrupt traceback and the window stayed;
    SIGTERM killed it, and multiprocessing warned of leaked semaphores."""
    ref, hyp = large
    process = start(tmp_path, str(ref), "-i", str(hyp))
    until(lambda: bool(workers(process.pid)), process)
    started = workers(process.pid)
    process.send_signal(number)
    assert finish(process) == (status, [line])
    assert all(gone(pid) for pid in started)
