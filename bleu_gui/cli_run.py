"""How every subcommand runs and ends, whatever its environment does to it.

`score` and `report` end the same way on an interrupt or SIGTERM (the run unwinds,
so that worker processes stop), show file names the terminal's encoding cannot, and
write to a standard output that may be closed, full, or left by its reader (`|
head`). This is about the process, not about BLEU: nothing here knows an option
or a score, so it is kept apart from the commands (`cli`, `cli_report`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import TextIO

from bleu_gui.exit_status import EXIT_BROKEN_PIPE, PROG, ended_by, say

__all__ = ["emit", "run_command"]


class _Terminated(BaseException):
    """Raised in the main thread by SIGTERM, so that `with` blocks stop the workers."""


def run_command(command: Callable[[list[str]], int], argv: Sequence[str] | None) -> int:
    """Run a subcommand on `argv` (the process's, after the subcommand, if None).

    An interrupt (Ctrl-C) or SIGTERM unwinds the run, which stops the worker
    processes on the way out, and returns 130 or 143 with one line on stderr.
    """
    args = list(sys.argv[2:] if argv is None else argv)
    _escape_unencodable_output()
    try:
        with _signals_raise():
            return command(args)
    except KeyboardInterrupt:
        return ended_by(signal.SIGINT)
    except _Terminated:
        return ended_by(signal.SIGTERM)


@contextlib.contextmanager
def _signals_raise() -> Iterator[None]:
    """While inside, SIGTERM raises `_Terminated`, SIGINT KeyboardInterrupt.

    In the main thread only. (`bleu_gui.__main__` ends the process at once on
    either while the modules are imported; a run unwinds instead, stopping
    its worker processes.)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, frame: FrameType | None) -> None:
        raise _Terminated

    previous = signal.signal(signal.SIGTERM, terminate)
    interrupt = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
        signal.signal(signal.SIGINT, interrupt)


def _escape_unencodable_output() -> None:
    r"""Print what the terminal's encoding cannot show as escapes, not a traceback.

    A file name with bytes that are not UTF-8 reaches Python as lone surrogates;
    printed on a strict UTF-8 stream it would raise UnicodeEncodeError. Escaped as
    ``\udcff`` it stays one readable line, and a valid JSON string escape.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def emit(text: str) -> int:
    """Write the scores to stdout; the exit status (0, or why they were not written).

    A reader that went away (`| head -1`) ends the run quietly, as SIGPIPE would;
    a closed or full stdout is an error. After a failed write, stdout is pointed at
    the null device, so that the interpreter's last flush does not fail again.
    """
    stream = sys.stdout
    if stream is None:  # started with stdout closed (`>&-`)
        say(f"{PROG}: error: cannot write the scores: standard output is closed")
        return 1
    try:
        for start in range(0, len(text), _WRITE_CHARS):
            stream.write(text[start : start + _WRITE_CHARS])
        stream.flush()
    except BrokenPipeError:
        _silence(stream)
        return EXIT_BROKEN_PIPE
    except OSError as error:
        _silence(stream)
        reason = (
            "standard output is closed"
            if error.errno == errno.EBADF
            else error.strerror or str(error)
        )
        say(f"{PROG}: error: cannot write the scores to standard output: {reason}")
        return 1
    return 0


# Characters per write. One write of many megabytes to a pipe whose reader has left
# can come back short and without an error (CPython 3.11 returned 65,536 of 60 MB
# written, silently): pieces that fit the buffer make the broken pipe an error.
_WRITE_CHARS = 2048


def _silence(stream: TextIO) -> None:
    """Send what is left in `stream`'s buffer, and all later output, to /dev/null."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
