"""The composition root: parse the command line, build the session and the window.

`bleu-gui [REF ...] [-i HYP [HYP ...]] [--src SRC] [options]` opens those files (the
options are `bleu-gui score`'s). Several systems after `-i` are all opened: the first
is the baseline, as in `bleu-gui score`'s paired tests, and the last is the one shown.
`bleu-gui --demo` opens the bundled WMT21 demo corpus: its four systems in file-name
order (Facebook-AI, the baseline, then Online-W, UEdin and happypoet, shown: the
weakest, with the most to explain).
`bleu-gui TESTSET.xml` opens a file that holds a whole test set: a WMT XML file
says every column's role, and opens at once with every reference and every system
(file order: the first is the baseline, the last is shown), as `bleu-gui score`
reads it; a spreadsheet opens the roles dialog, since only the user knows which
column is which. XLIFF and TMX files take roles like text files
(`bleu-gui final.xlf -i mt.xlf`) and are aligned by unit id; `--languages SRC TGT`
and `--xliff-states` read them as `bleu-gui score` does (a TMX file of more than two
languages without `--languages`: the "Open test set" dialog asks which two).
`--select N` selects sentence N when the files are first scored (once: a later
re-score keeps the user's selection); `--screenshot FILE.png` renders the window to
a PNG once loading and scoring are done, then exits (it works offscreen). Where Qt
cannot open a window (no display, missing X11 libraries) it says so in one line and
exits with status 1, instead of letting Qt abort.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QObject,
    QSettings,
    QTimer,
    SignalInstance,
)
from PySide6.QtWidgets import QApplication

from bleu_gui import __version__
from bleu_gui.cli import add_scoring_options, config_from_options, demo_paths
from bleu_gui.cli_inputs import (
    CHOOSE_LANGUAGES,
    add_bilingual_options,
    bilingual_options,
)
from bleu_gui.cli_named_sets import add_named_set_options
from bleu_gui.core import ConfigError
from bleu_gui.exit_status import ended_by
from bleu_gui.gui_pace import install_pace
from bleu_gui.io.session_file import SESSION_SUFFIX
from bleu_gui.logs import install_logging
from bleu_gui.memory_policy import return_large_blocks
from bleu_gui.models.open_request import NamedSource
from bleu_gui.models.session import FileSet, Session, opens_with_roles
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.qt_platform import platform_problem
from bleu_gui.strict_parser import StrictParser
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.signal_closer import SignalCloser

__all__ = ["build_parser", "main", "once"]


def build_parser() -> argparse.ArgumentParser:
    """The GUI's command line (the scoring options are those of `bleu-gui score`)."""
    parser = StrictParser(
        prog="bleu-gui",
        description="Explain BLEU sentence by sentence. 'bleu-gui score …' scores "
        "in the terminal instead.",
    )
    parser.add_argument(
        "refs",
        nargs="*",
        metavar="REF",
        help="reference files; or one file that holds a whole test set (WMT XML, "
        "a spreadsheet); or a saved session (FILE.bleu-session)",
    )
    parser.add_argument(
        "-i",
        "--input",
        nargs="+",
        metavar="HYP",
        help="the candidate file; several: systems to compare (the first is the "
        "baseline, the last is shown)",
    )
    parser.add_argument("--src", metavar="SRC", help="the source file (optional)")
    parser.add_argument("--demo", action="store_true", help="open the demo corpus")
    parser.add_argument("--select", type=int, metavar="N", help="select sentence N")
    parser.add_argument(
        "--screenshot",
        metavar="FILE",
        help="save the window as a PNG when scored, exit",
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__}"
    )
    add_named_set_options(parser, echo=False)
    add_scoring_options(parser)
    add_bilingual_options(parser)  # `--languages`, `--xliff-states`: as `score`'s
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the application; returns its exit status."""
    parser = build_parser()
    options = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    named = _named_set(options, parser)
    try:
        config = config_from_options(options)
    except ConfigError as error:
        parser.error(str(error))
    saved = _session_file(options, parser)
    bundle = None if saved is not None else _bundle(options, parser)
    files = (
        None
        if saved is not None or bundle is not None or named is not None
        else _files(options, parser)
    )
    plugins = QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)
    problem = platform_problem(os.environ, Path(plugins))
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    app = QApplication.instance() or QApplication(sys.argv[:1])
    # Ctrl-C and SIGTERM close the window as a close does (`views.signal_closer`); from
    # here on, not a KeyboardInterrupt in whichever slot runs next.
    signals = SignalCloser(app, lambda _number: _close_on_signal(window))
    set_process_policy(app)
    app.setApplicationName("bleu-gui")
    app.setOrganizationName("bleu-gui")
    stop_logging = install_logging()  # internal errors keep their traceback
    session = Session()
    window = MainWindow(session, QSettings())
    session.set_config(config)
    window.settings_panel.set_config(config)
    status = _Exit()
    if options.select is not None or options.screenshot:
        after = partial(
            _after_scoring, window, options.select, options.screenshot, status
        )
        if saved is None:  # after the shown system's first scores
            once(session.workspace_changed, after, moves(Moved.SHOWN_SCORES))
        else:  # a session is shown once all of it is back (filter, selection, …)
            once(window.session_actions.tracker.path_changed, after)
        if options.screenshot:
            _fail_on_errors(session, status, window.file_actions.error_occurred)
    window.show()
    if files is not None:
        session.open_files(files)
    if bundle is not None:
        window.file_actions.open_bundle(bundle, options.encoding, direct=True)
    if named is not None:
        window.file_actions.open_named_set(direct=named)
    if saved is not None:
        # A file that cannot be opened is one line in the window (which stays).
        opened = window.session_actions.open_session(saved)
        if not opened and options.screenshot:
            message = window.status_text.text()
            QTimer.singleShot(0, lambda: _fail(message, status))
    code = app.exec()
    session.shutdown()
    window.recent.close()  # on disk, and its writer thread stopped
    stop_logging()
    signals.restore()
    if signals.received is not None:
        return ended_by(signals.received)
    return status.code or code


# How often the GUI thread checks whether a garbage collection is due; how often
# while more than `_MANY_YOUNG_OBJECTS` were made between two checks.
_COLLECT_EVERY_MS = 100
_COLLECT_BUSY_MS = 10
_MANY_YOUNG_OBJECTS = 20_000

# While a worker thread runs Python, each call from Qt into Python on the GUI thread
# waits up to this long for the GIL (Python's default is 5 ms; a paint makes hundreds
# of such calls).
_GIL_SWITCH_INTERVAL = 0.0002


def set_process_policy(app: QCoreApplication) -> None:
    """Settings of the whole process that keep the window responsive and alive.

    A shorter GIL switch interval hands the GIL back to the GUI thread sooner when
    a thread that drives the worker processes runs Python (see docs/design.md).
    Worker threads give way while the GUI thread is in a long turn (`gui_pace`).
    The cyclic garbage collector runs on the GUI thread only (`GuiThreadCollector`).
    Freed large blocks are returned to the system at once (`memory_policy`).
    Modules that numpy would import in the middle of a turn are imported now.
    """
    return_large_blocks()
    # `np.unique` imports `numpy.ma` at its first call (40 ms): the window's
    # first search stalled on it. Imported here, before the event loop runs.
    importlib.import_module("numpy.ma")
    sys.setswitchinterval(min(sys.getswitchinterval(), _GIL_SWITCH_INTERVAL))
    install_pace(app)
    if app.findChild(GuiThreadCollector) is None:
        GuiThreadCollector(app)


class GuiThreadCollector(QObject):
    """Python's cyclic garbage collector, run on the GUI thread only.

    A collection deletes the Qt objects it finds in garbage cycles on whichever
    thread triggered it. On a worker thread, `~QObject` takes a Qt lock and then
    waits for the GIL, while the GUI thread, holding the GIL, may wait for that
    same lock (connecting a signal): both wait for ever. Seen: a salient n-gram
    count's allocation started a collection on its worker thread while a chart on
    the GUI thread connected a signal. So automatic collection is off, and this
    timer runs the collections Python would have run, by its own thresholds, on
    the GUI thread between event-loop turns. Worker processes are not concerned:
    they hold no Qt objects and keep automatic collection.
    """

    def __init__(self, parent: QObject, interval_ms: int = _COLLECT_EVERY_MS) -> None:
        super().__init__(parent)
        gc.disable()
        self._interval_ms = interval_ms
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._on_timeout)
        self._timer.start()

    @property
    def interval_ms(self) -> int:
        """The time to the next check."""
        return self._timer.interval()

    def _on_timeout(self) -> None:
        """Collect what is due; check again sooner while objects come in fast.

        A collection walks every object made since the last: worker threads that
        make half a million in 100 ms made a generation-0 collection of 20-30 ms
        on the GUI thread. Checked every 10 ms while they do, each walks a tenth.
        """
        young = gc.get_count()[0]
        self.collect_due()
        busy = young > _MANY_YOUNG_OBJECTS
        self._timer.setInterval(
            min(self._interval_ms, _COLLECT_BUSY_MS) if busy else self._interval_ms
        )

    # CPython's rule against quadratic full collections, which `gc.collect` called
    # by hand skips: the oldest generation is collected only once the objects
    # that reached it since its last collection are a quarter of those it kept.
    _long_lived_total = 0
    _long_lived_pending = 0
    # The survivors of generation-0 collections since the last of generation 1:
    # what generation 1 holds, without listing it.
    _middle_aged = 0

    @classmethod
    def collect_due(cls) -> int:
        """Collect the oldest generation due by Python's own rules, if any.

        Generation 0 and 1 by their thresholds; generation 2 by its threshold and,
        as CPython decides, only when the survivors moved into it since its last
        collection are at least a quarter of what it then kept. Without that rule
        ten systems of 100,000 segments (millions of objects) were walked whole
        every 70,000 allocations: blocks of hundreds of milliseconds.

        The survivors are counted as CPython counts them, from the objects a
        collection looked at (generation 0's count: allocations less
        deallocations) less those it freed. Listing the young objects to count
        them (`gc.get_objects`) cost more than collecting them: between two
        checks a worker thread can allocate a million objects, and the list of
        them took 50 ms of the GUI thread.

        Returns the generation collected, -1 for none.
        """
        counts, thresholds = gc.get_count(), gc.get_threshold()
        if counts[0] <= thresholds[0]:
            return -1
        generation = 0
        if counts[1] > thresholds[1]:
            generation = 1
            if (
                counts[2] > thresholds[2]
                and cls._long_lived_pending >= cls._long_lived_total / 4
            ):
                generation = 2
        freed = gc.collect(generation)
        if generation == 0:
            cls._middle_aged += max(0, counts[0] - freed)
        elif generation == 1:  # its survivors (and generation 0's) move on
            cls._long_lived_pending += max(0, counts[0] + cls._middle_aged - freed)
            cls._middle_aged = 0
        else:
            cls._long_lived_total = len(gc.get_objects(generation=2))
            cls._long_lived_pending = cls._middle_aged = 0
        return generation


def once(
    signal: SignalInstance,
    slot: Callable[[], object],
    when: Callable[..., bool] = lambda *_args: True,
) -> None:
    """Call `slot` at the next emission of `signal` whose arguments pass `when`.

    `--select N` is a starting point, not a rule: after the first scores, the
    user's own selection must survive every re-score (lowercase, smoothing, a new
    candidate).
    """

    def call_once(*args: object) -> None:
        if not when(*args):
            return
        signal.disconnect(call_once)
        slot()

    signal.connect(call_once)


class _Exit:
    """The exit status decided by a callback (a failed screenshot run is non-zero)."""

    code = 0


def _session_file(
    options: argparse.Namespace, parser: argparse.ArgumentParser
) -> Path | None:
    """The session file to open (`bleu-gui FILE.bleu-session`), if one is given.

    Given alone: the session names its own files and options (its options win
    over the command line's).
    """
    given = [*options.refs, *(options.input or ()), *filter(None, [options.src])]
    saved = [Path(name) for name in given if name.endswith(SESSION_SUFFIX)]
    if not saved:
        return None
    if len(given) > 1 or options.demo:
        parser.error(f"{saved[0]} is a session (its own files): give it alone")
    return saved[0]


def _bundle(
    options: argparse.Namespace, parser: argparse.ArgumentParser
) -> Path | None:
    """The file of a whole test set to open, if the command line gives one.

    It is given alone (`bleu-gui TESTSET.xml`): its columns are the references
    and systems, so more files beside it would have no role.
    """
    given = [*options.refs, *(options.input or ()), *filter(None, [options.src])]
    bundles = [Path(name) for name in given if opens_with_roles(Path(name))]
    if not bundles:
        return None
    if len(given) > 1 or options.demo:
        parser.error(
            f"{bundles[0]} holds a whole test set (references and systems): give "
            "it alone"
        )
    return bundles[0]


def _named_set(
    options: argparse.Namespace, parser: argparse.ArgumentParser
) -> tuple[NamedSource, tuple[Path, ...]] | None:
    """The sacreBLEU test sets `-t NAMES -l PAIR` ask for, with the `-i` systems.

    Checked here (a name or pair sacreBLEU does not know, a filter without
    `-t`, is a command-line error); fetched once the window shows
    (`FileActions.open_named_set`), in the background. Several sets joined by
    commas are read one after the other, as sacreBLEU does; `--origlang` and
    `--subset` keep its lines. `-l`'s target language chooses sacreBLEU's
    tokenizer.
    """
    from bleu_gui.cli_named_sets import check_named_set_options

    if options.test_set is not None and (options.refs or options.src):
        parser.error(
            f"-t {options.test_set} gives the references and source: "
            "leave out REF and --src"
        )
    try:
        check_named_set_options(options)
    except ConfigError as error:
        parser.error(str(error))
    if options.test_set is None:
        return None
    if not options.input:
        parser.error(f"-t {options.test_set}: give the system's output with -i HYP")
    from bleu_gui.cli_named_sets import language_default_tokenizer
    from bleu_gui.io.sacrebleu_sets import NamedSetError, check_names

    try:
        check_names(options.test_set, options.langpair)
    except NamedSetError as error:
        parser.error(str(error))
    language_default_tokenizer(options)  # sacreBLEU's for -l's target language
    asked = NamedSource(
        options.test_set, options.langpair, options.origlang, options.subset
    )
    return asked, tuple(map(Path, options.input))


def _files(
    options: argparse.Namespace, parser: argparse.ArgumentParser
) -> FileSet | None:
    encoding = options.encoding
    if options.demo:
        demo_source, refs, hypothesis, others = demo_paths()
        systems = (*others, hypothesis)
        return FileSet(hypothesis, tuple(refs), demo_source, encoding, systems=systems)
    if options.input is None and not options.refs:
        if options.screenshot:
            parser.error("--screenshot needs files to show (or --demo)")
        return None
    if options.input is None or not options.refs:
        parser.error("give the candidate with -i HYP and at least one reference")
    source: Path | None = Path(options.src) if options.src else None
    systems = tuple(map(Path, options.input))
    return FileSet(
        systems[-1],
        tuple(map(Path, options.refs)),
        source,
        encoding,
        systems=systems if len(systems) > 1 else (),
        options=bilingual_options(options),
    )


def _after_scoring(
    window: MainWindow, select: int | None, screenshot: str | None, status: _Exit
) -> None:
    if select is not None and not window.select_sentence(select):
        window.show_error(f"there is no sentence {select}")
    if screenshot:
        # Every system scored, then time for the window to lay out and paint the
        # new content before grabbing it.
        _when_idle(
            window.session,
            lambda: QTimer.singleShot(200, lambda: _save(window, screenshot, status)),
        )


def _when_idle(session: Session, then: Callable[[], None]) -> None:
    """Call `then` now if the session is idle, else when its work has ended."""
    if not session.is_busy:
        then()
        return

    def ended(busy: bool) -> None:
        if not busy:
            session.busy_changed.disconnect(ended)
            then()

    session.busy_changed.connect(ended)


def _save(window: MainWindow, path: str, status: _Exit) -> None:
    if not window.grab().save(path):
        print(f"bleu-gui: error: could not write {path}", file=sys.stderr)
        status.code = 1
    QApplication.quit()


def _close_on_signal(window: MainWindow) -> None:
    """Close the window (its work stopped, its workers reaped), then quit.

    Quit too: a dialog's own event loop (a question open) would keep running.
    """
    window.close_unasked()
    QApplication.quit()


def _fail_on_errors(session: Session, status: _Exit, *others: SignalInstance) -> None:
    """A screenshot run ends at the session's first error, in `score`'s words.

    `others`: more one-line errors of the window's (a test set that could not
    be fetched).

    Nobody is there to choose a TMX file's languages: the line says how to give
    them (`languages_needed` follows the error in the same turn, so the line is
    written at the next one).
    """
    failure: list[str] = []

    def fail() -> None:
        _fail(failure[0], status)

    def on_error(message: str) -> None:
        if not failure:
            failure.append(message)
            QTimer.singleShot(0, fail)

    def on_languages_needed(_files: object, message: str, _languages: object) -> None:
        if failure and failure[0] == message:
            failure[0] = f"{message} {CHOOSE_LANGUAGES}"

    session.error_occurred.connect(on_error)
    for signal in others:
        signal.connect(on_error)
    session.languages_needed.connect(on_languages_needed)


def _fail(message: str, status: _Exit) -> None:
    print(f"bleu-gui: error: {message}", file=sys.stderr)
    status.code = 1
    QApplication.quit()
