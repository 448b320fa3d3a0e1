"""`bleu-gui`: `score`, `qa`, `buckets`, `report` in the terminal; the rest, a window.

The dispatch is here so that `bleu-gui score` (or `report`) never imports Qt: the GUI
is imported only when it is asked for.

`score` also runs numpy's BLAS on one thread (unless the user chose a number in
`OPENBLAS_NUM_THREADS`): OpenBLAS starts a thread per core when numpy is imported,
which took ~45 ms of CPU of a 200 ms run on a 2-core machine, for a library the
scorer barely uses (only the significance tests multiply matrices, and thin ones,
which measured no slower on one thread). The setting must precede numpy's import,
so it is made here, before the command line is imported; worker processes inherit it.

An interrupt during those imports is said as an interrupt later is
(`bleu_gui.exit_status.quit_at_once`), not as a traceback.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence

from bleu_gui.exit_status import ended_by, quit_at_once

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `bleu-gui` console script; returns the exit status.

    Ctrl-C (or SIGTERM) while the modules are imported (half a second and more of
    a command's start: numpy, sacreBLEU, Qt) ends the run at once with one line
    and status 130 (143), as it does once the command runs, not with a traceback
    of whatever was importing. Each command then handles them its own way:
    `score` and `report` unwind (`cli_run.run_command`), the window closes
    (`views.signal_closer`).
    """
    if threading.current_thread() is threading.main_thread():
        for number in (signal.SIGINT, signal.SIGTERM):
            signal.signal(number, quit_at_once)  # each command sets its own
    try:
        return _dispatch(list(sys.argv[1:] if argv is None else argv))
    except KeyboardInterrupt:  # between a command's handlers and ours
        return ended_by(signal.SIGINT)


def _dispatch(args: list[str]) -> int:
    """Import and run the command `args` ask for."""
    if args[:1] == ["score"]:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        from bleu_gui.cli import main as score_main

        with _imports_frozen():
            return score_main(args[1:])
    if args[:1] == ["qa"]:
        from bleu_gui.cli_qa import qa_main

        with _imports_frozen():
            return qa_main(args[1:])
    if args[:1] == ["buckets"]:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        from bleu_gui.cli_buckets import buckets_main

        with _imports_frozen():
            return buckets_main(args[1:])
    if args[:1] == ["report"]:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        from bleu_gui.cli import report_main

        with _imports_frozen():
            return report_main(args[1:])
    from bleu_gui.app import main as app_main

    return app_main(args)


@contextlib.contextmanager
def _imports_frozen() -> Iterator[None]:
    """Run a command with the objects made so far left out of garbage collection.

    The modules a command imported live as long as the process; each full
    collection would walk them all again. A command creates many small objects
    (n-grams, tokens), which start collections: with the imports frozen,
    `bleu-gui score` of 500 segments ran 5% fewer instructions (docs/design.md).
    They are unfrozen after, for a caller that goes on (a test); objects a caller
    froze itself are left as they were (`gc.unfreeze` would thaw them too).
    """
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


if __name__ == "__main__":  # guarded: tokenizer worker processes re-import this module
    sys.exit(main())
