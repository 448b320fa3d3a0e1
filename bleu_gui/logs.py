"""Internal errors are kept: logged with their traceback, to a file and to stderr.

A user sees one line for any failure (`Session.error_occurred`, the banner); a bug
found that way used to leave nothing else behind. So every internal error is also
logged with its traceback under the `bleu_gui` logger: a background job's error by
the worker that caught it (`bleu_gui.workers`), and any exception nobody caught (in
a Qt slot, in a thread) by the hooks installed here, which log it instead of letting
it kill the application. The log goes to stderr and to `bleu-gui.log` in the user's
cache folder (Qt's CacheLocation, e.g. `~/.cache/bleu-gui/bleu-gui/` on Linux, which
follows `XDG_CACHE_HOME`), rotated so that it never grows without bound.

Installed by the composition root (`bleu_gui.app`) only: the library itself never
configures logging, it only logs.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QStandardPaths

__all__ = ["LOG_FILE_NAME", "install_logging", "log_folder", "log_uncaught"]

LOG_FILE_NAME = "bleu-gui.log"
_LOGGER = "bleu_gui"
_MAX_BYTES = 1_000_000  # then rotated: the file and two older ones at most
_BACKUPS = 2
_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"

logger = logging.getLogger(_LOGGER)


def log_folder() -> Path:
    """The user's cache folder for this application (needs the application name set)."""
    location = QStandardPaths.StandardLocation.CacheLocation
    return Path(QStandardPaths.writableLocation(location))


def log_uncaught(
    kind: type[BaseException],
    error: BaseException,
    traceback: TracebackType | None,
) -> None:
    """`sys.excepthook`: log an exception nobody caught, and carry on.

    PySide calls the hook for an exception raised in a slot or an overridden Qt
    method and then returns to the event loop; the default hook would print the
    traceback to stderr only. Ctrl+C in a terminal keeps its usual meaning.
    """
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error, traceback)
        return
    logger.error(
        "unexpected error (the application continues)",
        exc_info=(kind, error, traceback),
    )


def _log_thread_exception(args: threading.ExceptHookArgs) -> None:
    """`threading.excepthook`: an exception that ended a Python thread."""
    if args.exc_value is None:
        return
    thread = args.thread.name if args.thread is not None else "a thread"
    logger.error(
        "unexpected error in %s",
        thread,
        exc_info=(args.exc_type, args.exc_value, args.exc_traceback),
    )


def install_logging(folder: Path | None = None) -> Callable[[], None]:
    """Log `bleu_gui` to `folder`/bleu-gui.log (INFO) and stderr (WARNING); hook errors.

    `folder` defaults to `log_folder()`; it is created if needed. When it cannot be
    written, the log goes to stderr only (and says so). Returns a function that
    undoes all of it (the handlers and both hooks), for a caller that is not the
    whole process (tests, an embedding application).
    """
    folder = log_folder() if folder is None else folder
    console = logging.StreamHandler(sys.stderr)
    console.setLevel(logging.WARNING)  # a terminal gets problems; the file, context
    handlers: list[logging.Handler] = [console]
    problem = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handlers.append(
            logging.handlers.RotatingFileHandler(
                folder / LOG_FILE_NAME,
                maxBytes=_MAX_BYTES,
                backupCount=_BACKUPS,
                encoding="utf-8",
            )
        )
    except OSError as error:
        problem = f"cannot write the log in {folder}: {error}"
    formatter = logging.Formatter(_FORMAT)
    for handler in handlers:
        handler.setFormatter(formatter)
        logger.addHandler(handler)
    previous_level = logger.level
    if logger.getEffectiveLevel() > logging.INFO:
        logger.setLevel(logging.INFO)
    previous_hooks = sys.excepthook, threading.excepthook
    sys.excepthook = log_uncaught
    threading.excepthook = _log_thread_exception
    if problem is not None:
        logger.warning(problem)

    def uninstall() -> None:
        sys.excepthook, threading.excepthook = previous_hooks
        for handler in handlers:
            logger.removeHandler(handler)
            handler.close()
        logger.setLevel(previous_level)

    return uninstall
