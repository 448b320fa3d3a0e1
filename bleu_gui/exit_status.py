"""How bleu-gui ends on Ctrl-C or SIGTERM: one line on stderr and the shell's status.

Every command ends the same way on the same signal, whenever it comes: while the
modules are imported (`bleu_gui.__main__`), while `bleu-gui score` works
(`bleu_gui.cli`) or while the window is open (`bleu_gui.app`). This module imports
nothing heavy: `__main__` needs it before the first heavy import, so that an
interrupt there is this line and not a traceback (`quit_at_once`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from types import FrameType

__all__ = [
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERRUPTED",
    "EXIT_ISSUES_FOUND",
    "EXIT_TERMINATED",
    "PROG",
    "ended_by",
    "quit_at_once",
    "say",
]

PROG = "bleu-gui"
"""The command's name, as its messages begin."""

# Exit statuses of a process ended by a signal, as shells report them (128 + number).
EXIT_INTERRUPTED = 128 + signal.SIGINT
EXIT_TERMINATED = 128 + signal.SIGTERM
EXIT_BROKEN_PIPE = 128 + signal.SIGPIPE

EXIT_ISSUES_FOUND = 3
"""`bleu-gui qa` found issues: the run worked, and a pipeline should stop.

Not 1, which every command returns for an error a user can cause (a bad file), nor
2, argparse's status for a command line it cannot parse: a script can tell "the
translation has problems" from "the check did not run"."""

_WORDS = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}


def say(line: str) -> None:
    """One line on stderr, if there is a stderr that takes it."""
    stream = sys.stderr
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):
        stream.write(f"{line}\n")
        stream.flush()


def ended_by(number: int) -> int:
    """Say that signal `number` (SIGINT or SIGTERM) ended the run; its exit status."""
    say(f"{PROG}: {_WORDS[signal.Signals(number)]}")
    return 128 + number


def quit_at_once(number: int, _frame: FrameType | None) -> None:
    """A signal handler for a command's start: the line, and the process ends now.

    Not KeyboardInterrupt: raised inside an import it can become another error
    (numpy's C extension turned it into an ImportError of many lines), and
    nothing has started yet that would need stopping.
    """
    os._exit(ended_by(number))
